"""Figures for the model: state lookup, edit-then-lookup, memory, trace wall time, recall test,
and the recovery file written a moment after each edit.

``recovery_write_ms.100000_steps_d64``: :meth:`RecoveryFile.write_session`
(:mod:`linviz.controller.recovery`) of a session on ``random_scenario(100_000,
64)``, into a temporary folder: the time a second after an edit that keeps
that edit safe from a crash (``file_mb``: the file). The window writes a
scenario this big on a worker thread (:mod:`linviz.views.recovery_writer`):
this is how long the file takes, not a pause of the window.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from linviz.bench.levels import repeats
from linviz.bench.timing import resident_mb, summary_ms, time_calls, with_cached_bytecode
from linviz.bench.workloads import bench_scenario, random_scenario
from linviz.model.replay import Trace

STEPS, DIM = 100_000, 64


def _memory_probe(level: str = "full") -> dict[str, float]:
    """Resident memory of a fresh process holding the 100,000-step d=64 trace.

    ``rss_mb`` is what the process holds once the trace is built and every
    checkpoint filled; ``peak_rss_mb`` includes the transient arrays used to
    generate the scenario (``level``: see :func:`bench_scenario`).
    """
    code = (
        "import json\n"
        "from linviz.bench.timing import resident_mb\n"
        "from linviz.bench.workloads import bench_scenario\n"
        "from linviz.model.replay import Trace\n"
        f"s = bench_scenario({STEPS}, {DIM}, {level!r}); t = Trace(s); t.state({STEPS})\n"
        "t.state(1); t.state(50_000)\n"
        "print(json.dumps(resident_mb()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    now, peak = json.loads(out.stdout)
    return {"rss_mb": round(now, 1), "peak_rss_mb": round(peak, 1)}


def _trace_wall(lesson: str, repeat: int, warm_up: bool = True) -> list[float]:
    """Wall times of ``linviz trace LESSON --json`` in a child process, as a user
    runs it: from cached bytecode (filled by one untimed run, ``warm_up``).
    """
    samples = []
    with tempfile.TemporaryDirectory(prefix="linviz-bench-") as folder:
        env = with_cached_bytecode(dict(os.environ), Path(folder) / "pycache")
        for run in range(repeat + warm_up):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "linviz", "trace", lesson, "--json"],
                capture_output=True,
                check=True,
                env=env,
            )
            if run or not warm_up:  # the first run fills the bytecode cache
                samples.append(time.perf_counter() - start)
    return samples


def _delta_figures(repeat: int, level: str = "full") -> dict[str, object]:
    """The same lookup under the delta rule, which must replay in order (a block at a time)."""
    from linviz.model.rules import Rule

    scenario = bench_scenario(STEPS, DIM, level)
    scenario.configure(rule=Rule("delta", beta=0.5))
    trace = Trace(scenario)
    trace.state(STEPS)
    rng = np.random.default_rng(2)
    return {
        "state_at_random_step_ms": summary_ms(
            time_calls(lambda: trace.state(int(rng.integers(0, STEPS + 1))), repeat)
        )
    }


def _capacity_figures(repeat: int) -> dict[str, object]:
    """The recall test (issue 12's target: d = 64, N up to 256, 100 trials in under 1 s).

    ``d64_n256_100_trials``: N = 256 pairs stored and read back in 100 trials
    at d = 64, under the additive and the delta rule (one run of both).
    ``d64_n16_to_256_100_trials``: the same for the 16 sizes N = 16, 32 … 256,
    as a curve against N is computed (one pass over the writes serves all).
    """
    from linviz.model.capacity import RecallSweep, run_sweep

    rules = ("additive", "delta")
    point = RecallSweep((64,), (256,), rules=rules, trials=100)
    curve = RecallSweep((64,), tuple(range(16, 257, 16)), rules=rules, trials=100)
    return {
        "d64_n256_100_trials": summary_ms(time_calls(lambda: run_sweep(point), repeat)),
        "d64_n16_to_256_100_trials": summary_ms(time_calls(lambda: run_sweep(curve), repeat)),
    }


def _recovery_figures(scenario, repeat: int) -> dict[str, object]:
    """Time writing ``scenario``'s recovery file ``repeat`` times (each replacing the last)."""
    from linviz.controller.recovery import RecoveryFile
    from linviz.controller.session import Session

    session = Session(scenario)
    with tempfile.TemporaryDirectory(prefix="linviz-bench-") as folder:
        file = RecoveryFile("bench", Path(folder))
        try:
            samples = time_calls(lambda: file.write_session(session), repeat)
            size = file.path.stat().st_size
        finally:
            file.remove()
    return {**summary_ms(samples), "file_mb": round(size / 2**20, 1)}


def model_figures(level: str = "full") -> dict[str, object]:
    """Run the model benchmark at ``level`` (:mod:`linviz.bench.levels`); return its figures."""
    repeat = repeats(level, full=200, quick=20, smoke=8)  # a quarter of it: 2 edits in smoke
    rng = np.random.default_rng(1)
    start = time.perf_counter()
    scenario = random_scenario(STEPS, DIM)
    build_s = time.perf_counter() - start
    trace = Trace(scenario)
    start = time.perf_counter()
    trace.state(STEPS)
    first_full_s = time.perf_counter() - start

    def random_state() -> None:
        trace.state(int(rng.integers(0, STEPS + 1)))

    def edit_then_state_samples(count: int) -> list[float]:
        """One edit of a fully replayed trace, then the state at the edited step.

        The trace is brought up to date (untimed) before each sample, as it
        is when a user edits one step of a trace they have been viewing.
        """
        samples = []
        for _ in range(count):
            trace.state(STEPS)
            number = int(rng.integers(1, STEPS + 1))
            step = scenario.step(number)
            start = time.perf_counter()
            scenario.replace_step(number, step.with_changes(vector=step.vector[::-1]))
            trace.state(number)
            samples.append(time.perf_counter() - start)
        return samples

    recovery_writes = repeats(level, full=10, quick=3, smoke=2)
    figures = {
        "trace_100000_d64": {
            "build_scenario_s": round(build_s, 2),
            "first_replay_to_last_step_ms": round(first_full_s * 1e3, 1),
            "state_at_random_step_ms": summary_ms(time_calls(random_state, repeat)),
            "edit_step_then_state_ms": summary_ms(edit_then_state_samples(repeat // 4)),
            "checkpoint_every": trace.checkpoint_every,
            **_memory_probe(level),
        },
        "trace_100000_d64_delta_rule": _delta_figures(repeat // 4, level),
        "trace_json_lesson_wall_ms": summary_ms(
            _trace_wall(
                "crowding-the-plane",
                repeats(level, full=10, quick=3, smoke=2),
                warm_up=level != "smoke",
            )
        ),
        "capacity_ms": _capacity_figures(repeats(level, full=15, quick=3, smoke=2)),
        "recovery_write_ms": {"100000_steps_d64": _recovery_figures(scenario, recovery_writes)},
    }
    return figures


if __name__ == "__main__":
    print(json.dumps(model_figures(), indent=2))
    print(resident_mb()[1], file=sys.stderr)
