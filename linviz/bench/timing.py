"""Small helpers to time things and summarise the timings."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path


def summary_ms(samples_s: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of timings, in milliseconds."""
    ordered = sorted(samples_s)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median": round(statistics.median(ordered) * 1e3, 3),
        "p95": round(p95 * 1e3, 3),
        "max": round(ordered[-1] * 1e3, 3),
        "n": len(ordered),
    }


def time_calls(function: Callable[[], object], repeat: int) -> list[float]:
    """Seconds taken by each of ``repeat`` calls of ``function``."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return samples


def with_cached_bytecode(env: dict[str, str], folder: Path) -> dict[str, str]:
    """``env`` for a child Python that caches its bytecode in ``folder``.

    An installed linviz runs from cached bytecode; a source tree on a machine
    that sets ``PYTHONDONTWRITEBYTECODE`` would compile every module at each
    start instead, and a child's wall time would then grow with the lines of
    source rather than with the work done. The cache goes to ``folder``, not
    the source tree; the caller's first (untimed) run fills it.
    """
    env = dict(env)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env
