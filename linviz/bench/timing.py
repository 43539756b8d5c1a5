"""Small helpers to time things, summarise the timings and hand them to the parent."""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from linviz.bench.memory import resident_mb as resident_mb  # where the bench imports it from


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


def summary(values: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of values kept in their own unit (MB …)."""
    figures = summary_ms([value / 1e3 for value in values])
    return {**figures, "median": round(figures["median"], 1), "p95": round(figures["p95"], 1)}


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


def print_figures(figures: Callable[[], object]) -> int:
    """Work out ``figures()`` and print them as ONE JSON object on standard output.

    What anything prints meanwhile (Qt, matplotlib, a progress line) goes to
    standard error, so the parent process (``linviz bench``) reads only the
    figures. Returns the exit status, 0.
    """
    out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):
        result = figures()
    out.write(json.dumps(result) + "\n")
    out.flush()
    return 0
