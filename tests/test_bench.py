"""``linviz bench``: a smoke test of both halves (figures present, not their values).

The bench runs with ``--smoke``: every figure of ``--quick``, under the same
names, measured the fewest times that still give a median and p95.
"""

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
def smoke_figures() -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "linviz", "bench", "--smoke", "--json"],
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
        "drag_ms.lesson_repaint_only",
        "open_ms.100000_steps_d8",
        "open_ms.100000_steps_d8_npz",
        "commit_ms.d64_100000_steps",
        "scrub_ms.100_steps",
        "scrub_ms.100000_steps",
        "scrub_ms.lesson_compact",
        "startup_ms.linviz",
        "startup_ms.bare_qt",
        "projector_toggle_ms.enter",
        "projector_toggle_ms.leave",
        "trace_100000_d64.state_at_random_step_ms",
        "trace_100000_d64.edit_step_then_state_ms",
        "capacity_ms.d64_n256_100_trials",
        "capacity_ms.d64_n16_to_256_100_trials",
        "recovery_write_ms.100000_steps_d64",
        "peer_ms.drag_lesson",
        "peer_ms.drag_d64_1000_steps",
        "peer_ms.scrub_100000_steps",
    ],
)
def test_every_timing_has_a_median_and_p95_in_ms(smoke_figures, path):
    timing = figure(smoke_figures, path)
    assert numeric(timing["median"]) and numeric(timing["p95"])
    assert 0 < timing["median"] <= timing["p95"]
    assert timing["n"] >= 2


def test_memory_figures_are_megabytes(smoke_figures):
    for name in ("100000_steps_d8", "100000_steps_d8_npz"):
        peak = smoke_figures["open_peak_rss_mb"][name]
        assert numeric(peak["median"]) and peak["median"] > 10 and peak["n"] >= 2
    assert numeric(smoke_figures["rss_mb_100000_steps"])
    assert smoke_figures["rss_mb_100000_steps"] > 10
    assert numeric(smoke_figures["trace_100000_d64"]["rss_mb"])


def test_each_target_of_the_issue_is_checked(smoke_figures):
    targets = smoke_figures["targets"]
    assert set(targets) == {
        "drag_ms.lesson",
        "vs_peer.drag_ms.lesson",
        "vs_peer.drag_ms.d64_1000_steps",
        "drag_ms.lesson_4_queued",
        "scrub_ms.100000_steps",
        "vs_peer.scrub_ms.100000_steps",
        "commit_ms.d64_100000_steps",
        "startup_ms.linviz",
        "rss_mb_100000_steps",
        "open_ms",
        "open_peak_rss_mb",
        "open_ms_npz",
        "open_peak_rss_mb_npz",
    }
    # The test extra installs matplotlib: every target, the peer's too, is checked.
    assert all(isinstance(check["ok"], bool) and check["target"] for check in targets.values())
    assert "x faster" in targets["vs_peer.drag_ms.lesson"]["measured"]


def test_a_drag_repaints_the_views_it_changes(smoke_figures):
    # The drag really moved the key: the plane, S and its equation repainted.
    for name in ("lesson", "d64_1000_steps"):
        repainted = smoke_figures["drag_ms"][name]["viewports_repainted"]
        assert {"keys", "heatmap", "equation"} <= set(repainted)


def test_the_repaint_alone_repaints_what_a_drag_frame_repainted(smoke_figures):
    # The same viewports as a drag move, with no refresh behind them.
    drag, alone = (
        smoke_figures["drag_ms"]["lesson"],
        smoke_figures["drag_ms"]["lesson_repaint_only"],
    )
    assert set(drag["viewports_repainted"]) <= set(alone["viewports_repainted"])
    assert alone["widgets_repainted"] >= len(drag["viewports_repainted"])
    assert "samples_missing_a_repaint" not in alone


def test_a_committed_edit_of_step_1_repaints_what_the_last_step_shows(smoke_figures):
    # Step 1's new key changes S and the read's y at the last step: both repaint.
    commit = smoke_figures["commit_ms"]["d64_100000_steps"]
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


# -- the peer and the targets, without a run of the whole bench -----------------------------
def made_up_figures(lesson_ms: float, peer_lesson_ms: float) -> dict:
    timing = {"median": 5.0, "p95": 6.0, "n": 10}
    return {
        "drag_ms": {
            "lesson": {"median": lesson_ms, "p95": 9.0, "n": 10},
            "lesson_4_queued": {"median": lesson_ms * 1.1, "p95": 9.0, "n": 3},
            "d64_1000_steps": timing,
        },
        "scrub_ms": {"100_steps": timing, "100000_steps": {"median": 6.0, "p95": 8.0, "n": 10}},
        "commit_ms": {"d64_100000_steps": {"median": 12.0, "p95": 14.0, "n": 10}},
        "startup_ms": {"linviz": {"median": 400.0}, "bare_qt": {"median": 320.0}},
        "rss_mb_100000_steps": 250.0,
        "open_ms": {
            "1000000_steps_d8": {"median": 2000.0, "file_mb": 325.0},
            "1000000_steps_d8_npz": {"median": 1000.0, "file_mb": 126.0},
        },
        "open_peak_rss_mb": {
            "1000000_steps_d8": {"median": 450.0},
            "1000000_steps_d8_npz": {"median": 520.0},
        },
        "peer_ms": {
            "drag_lesson": {"median": peer_lesson_ms},
            "drag_d64_1000_steps": {"median": 50.0},
            "scrub_100000_steps": {"median": 90.0},
        },
    }


def test_a_target_against_the_peer_is_met_at_its_ratio_and_missed_below_it():
    from linviz.bench.view_bench import check_targets

    met = check_targets(made_up_figures(lesson_ms=5.0, peer_lesson_ms=150.0))
    assert met["vs_peer.drag_ms.lesson"]["ok"] is True  # 30x
    assert "30.0x faster" in met["vs_peer.drag_ms.lesson"]["measured"]
    assert met["vs_peer.drag_ms.d64_1000_steps"]["ok"] is False  # 10x against 15x
    assert met["vs_peer.scrub_ms.100000_steps"]["ok"] is True  # 15x against 10x
    missed = check_targets(made_up_figures(lesson_ms=10.0, peer_lesson_ms=150.0))
    assert missed["vs_peer.drag_ms.lesson"]["ok"] is False  # 15x against 20x
    assert "15.0x faster" in missed["vs_peer.drag_ms.lesson"]["measured"]
    # The ratios between linviz's own figures, checked in the same pass.
    assert (
        met["startup_ms.linviz"]["ok"] is True
        and "ratio 1.25" in (met["startup_ms.linviz"]["measured"])
    )
    assert met["commit_ms.d64_100000_steps"]["ok"] is True  # 2.4x against 3x
    assert met["rss_mb_100000_steps"]["ok"] is True


def test_the_lesson_drag_target_says_what_its_repaint_alone_allows():
    from linviz.bench.view_bench import check_targets

    figures = made_up_figures(lesson_ms=10.0, peer_lesson_ms=150.0)
    figures["drag_ms"]["lesson_repaint_only"] = {"median": 6.0, "p95": 7.0, "n": 10}
    measured = check_targets(figures)["vs_peer.drag_ms.lesson"]["measured"]
    assert measured.endswith("15.0x faster; its repaint alone 6.0 ms: 25.0x at most")
    other = check_targets(figures)["vs_peer.drag_ms.d64_1000_steps"]["measured"]
    assert "repaint alone" not in other


def test_each_file_format_is_checked_against_the_open_targets_on_its_own():
    from linviz.bench.view_bench import check_targets

    met = check_targets(made_up_figures(lesson_ms=5.0, peer_lesson_ms=150.0))
    # 2000 ms is 6.25x the bare window's 320 ms, the archive's 1000 ms 3.1x.
    assert met["open_ms"]["ok"] is False and "ratio 6.25" in met["open_ms"]["measured"]
    assert "1000000_steps_d8 (columns JSON, 325.0 MB)" in met["open_ms"]["measured"]
    assert met["open_ms_npz"]["ok"] is True and "ratio 3.12" in met["open_ms_npz"]["measured"]
    assert "1000000_steps_d8_npz (scenario archive" in met["open_ms_npz"]["measured"]
    assert met["open_peak_rss_mb"]["ok"] is True and met["open_peak_rss_mb_npz"]["ok"] is False
    # A run without the archive's figures does not check its targets (it does not pass them).
    figures = made_up_figures(lesson_ms=5.0, peer_lesson_ms=150.0)
    for kind in ("open_ms", "open_peak_rss_mb"):
        del figures[kind]["1000000_steps_d8_npz"]
    unmeasured = check_targets(figures)
    assert unmeasured["open_ms_npz"]["ok"] is None and unmeasured["open_ms"]["ok"] is False
    assert unmeasured["open_peak_rss_mb_npz"]["measured"].startswith("not measured")


def test_without_matplotlib_the_peer_is_missing_and_its_targets_not_checked(monkeypatch, capsys):
    import importlib.util

    from linviz.bench import warn_missing_peer
    from linviz.bench.view_bench import check_targets, peer_figures

    real_find_spec = importlib.util.find_spec

    def no_matplotlib(name, *args):
        return None if name == "matplotlib" else real_find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", no_matplotlib)
    figures = made_up_figures(lesson_ms=5.0, peer_lesson_ms=150.0)
    figures.update(peer_figures("quick"))
    assert set(figures["peer_ms"]) == {"missing"}
    targets = check_targets(figures)
    for name in (
        "vs_peer.drag_ms.lesson",
        "vs_peer.drag_ms.d64_1000_steps",
        "vs_peer.scrub_ms.100000_steps",
    ):
        assert targets[name]["ok"] is None
        assert targets[name]["measured"].startswith("not checked")
    assert targets["drag_ms.lesson"]["ok"] is True  # the others are still checked
    warn_missing_peer(figures)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and 'pip install -e ".[bench]"' in lines[0]


def test_the_peer_figure_draws_the_lessons_last_read_and_follows_a_drag_of_a_key():
    pytest.importorskip("matplotlib")
    import numpy as np

    from linviz.bench.peer_bench import PeerFigure, drag_peer
    from linviz.controller.session import Session
    from linviz.model.lessons import bundled_lessons

    session = Session()
    session.open(bundled_lessons()[0].name)
    session.set_cursor(len(session.scenario))
    figure = PeerFigure(session)
    figure.redraw()
    read = session.snapshot().read
    # S's numbers printed in its cells, y among the readout's bars, keys on the key plane.
    state = session.snapshot().state
    assert [t.get_text() for t in figure.cell_texts] == [
        f"{v:g}".replace("-", "\u2212") for v in state.ravel()
    ]
    widths = [bar.get_width() for bar in figure.bars if bar.get_visible()]
    assert all(any(np.isclose(w, y) for w in widths) for y in read.output)
    keys = session.scenario.vectors()[session.scenario.write_mask()]
    assert np.allclose(
        np.c_[figure.keys.wide.U[: len(keys)], figure.keys.wide.V[: len(keys)]], keys[:, :2]
    )
    # A drag of step 1's key: the next redraw shows the key moved and the new read.
    session.begin_drag(1, "vector")
    session.drag_to(np.array([0.6, 0.8]))
    figure.redraw()
    assert (figure.keys.wide.U[0], figure.keys.wide.V[0]) == (0.6, 0.8)
    moved = session.snapshot().read.output
    assert not np.allclose(moved, read.output)
    widths = [bar.get_width() for bar in figure.bars if bar.get_visible()]
    assert all(any(np.isclose(w, y) for w in widths) for y in moved)
    session.cancel_drag()
    before = session.scenario.step(1).vector.copy()
    timing = drag_peer(session, moves=1)
    assert timing["n"] == 1 and timing["median"] > 0
    assert np.array_equal(session.scenario.step(1).vector, before)  # the drag was cancelled


def test_smoke_measures_each_figure_the_fewest_times(smoke_figures):
    # Two samples give a median and a p95; --quick's thirty moves would not be a smoke run.
    for path in (
        "drag_ms.lesson",
        "scrub_ms.100000_steps",
        "startup_ms.linviz",
        "peer_ms.drag_lesson",
    ):
        assert figure(smoke_figures, path)["n"] == 2
    assert smoke_figures["view_bench_setup"]["level"] == "smoke"


def test_the_levels_and_their_options(capsys):
    from linviz.bench.levels import chosen_level, level_arguments, repeats
    from linviz.cli import _command_parser, main

    assert [repeats(level, 200, 30, 2) for level in ("full", "quick", "smoke")] == [200, 30, 2]
    with pytest.raises(ValueError, match="unknown bench level 'fast'"):
        repeats("fast", 200, 30, 2)
    parser = _command_parser("bench")
    assert chosen_level(parser.parse_args(["bench"])) == "full"
    assert chosen_level(parser.parse_args(["bench", "--smoke"])) == "smoke"
    assert level_arguments("quick") == ["--quick"] and level_arguments("full") == []
    with pytest.raises(SystemExit) as caught:
        main(["bench", "--quick", "--smoke"])  # one level or the other
    assert caught.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


@pytest.mark.parametrize("steps, d", [(1000, 64), (95, 8)])
def test_smoke_builds_the_same_scenario_as_columns(steps, d):
    from linviz.bench.workloads import bench_scenario, random_columns_scenario, random_scenario

    assert random_columns_scenario(steps, d) == random_scenario(steps, d)
    assert bench_scenario(steps, d, "smoke") == bench_scenario(steps, d, "quick")
