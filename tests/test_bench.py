"""``linviz bench``: a smoke test of both halves (figures present, not their values)."""

import json
import math
import os
import subprocess
import sys

import pytest


def numeric(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def figure(document: dict, path: str) -> object:
    for name in path.split("."):
        document = document[name]
    return document


@pytest.fixture(scope="module")
def quick_figures() -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "linviz", "bench", "--quick", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    "path",
    [
        "drag_ms.lesson",
        "drag_ms.d64_1000_steps",
        "drag_ms.lesson_4_queued",
        "open_ms.100000_steps_d8",
        "commit_ms.d64_100000_steps",
        "scrub_ms.100_steps",
        "scrub_ms.100000_steps",
        "startup_ms.linviz",
        "startup_ms.bare_qt",
        "trace_100000_d64.state_at_random_step_ms",
        "trace_100000_d64.edit_step_then_state_ms",
        "capacity_ms.d64_n256_100_trials",
        "capacity_ms.d64_n16_to_256_100_trials",
    ],
)
def test_every_timing_has_a_median_and_p95_in_ms(quick_figures, path):
    timing = figure(quick_figures, path)
    assert numeric(timing["median"]) and numeric(timing["p95"])
    assert 0 < timing["median"] <= timing["p95"]
    assert timing["n"] >= 2


def test_memory_figures_are_megabytes(quick_figures):
    peak = quick_figures["open_peak_rss_mb"]["100000_steps_d8"]
    assert numeric(peak["median"]) and peak["median"] > 10 and peak["n"] >= 2
    assert numeric(quick_figures["rss_mb_100000_steps"])
    assert quick_figures["rss_mb_100000_steps"] > 10
    assert numeric(quick_figures["trace_100000_d64"]["rss_mb"])


def test_each_target_of_the_issue_is_checked(quick_figures):
    targets = quick_figures["targets"]
    assert set(targets) == {
        "drag_ms.lesson",
        "drag_ms.d64_1000_steps",
        "commit_ms.d64_100000_steps",
        "scrub_ms.100000_steps",
        "startup_ms.linviz",
        "rss_mb_100000_steps",
        "drag_ms.lesson_4_queued",
        "open_ms",
        "open_peak_rss_mb",
    }
    assert all(isinstance(check["ok"], bool) and check["target"] for check in targets.values())


def test_a_drag_repaints_the_views_it_changes(quick_figures):
    # The drag really moved the key: the plane, S and its equation repainted.
    for name in ("lesson", "d64_1000_steps"):
        repainted = quick_figures["drag_ms"][name]["viewports_repainted"]
        assert {"keys", "heatmap", "equation"} <= set(repainted)


def test_a_committed_edit_of_step_1_repaints_what_the_last_step_shows(quick_figures):
    # Step 1's new key changes S and the read's y at the last step: both repaint.
    commit = quick_figures["commit_ms"]["d64_100000_steps"]
    assert {"heatmap", "values"} <= set(commit["viewports_repainted"])
    assert commit["steps"] == 100_000 and commit["d"] == 64 and commit["edited_step"] == 1


def test_children_timed_from_source_cache_their_bytecode(tmp_path, monkeypatch):
    # As an installed linviz does, even where the machine says not to write any:
    # compiling every module at each start would time the source's length.
    from linviz.bench.timing import with_cached_bytecode

    (tmp_path / "timed_module.py").write_text("VALUE = 1\n")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    env = with_cached_bytecode(dict(os.environ), tmp_path / "cache")
    subprocess.run([sys.executable, "-c", "import timed_module"], env=env, check=True)
    assert list((tmp_path / "cache").rglob("timed_module*.pyc"))
    assert not list(tmp_path.glob("__pycache__"))  # not beside the source


def test_a_childs_peak_memory_is_its_own_not_its_parents():
    # The bench's probes run in children of a process holding 100,000-step
    # scenarios: their peak must not include the parent's memory.
    code = (
        "import subprocess, sys\n"
        "ballast = bytearray(300 * 2**20)\n"  # a 300 MB parent, every page touched
        "ballast[::4096] = b'x' * len(ballast[::4096])\n"
        "child = 'from linviz.bench.timing import resident_mb; print(resident_mb()[1])'\n"
        "print(subprocess.run([sys.executable, '-c', child], capture_output=True,"
        " text=True, check=True).stdout)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert 1 < float(done.stdout) < 150  # the child: an interpreter and numpy, not 300 MB
