"""The linviz command without a window: lessons, trace, errors, version."""

import json
import os
import subprocess
import sys

import pytest

from linviz.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "linviz", *args], capture_output=True, text=True)


def test_lessons_lists_names_and_titles(capsys):
    assert main(["lessons"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[0] == "session-trace"
    assert any("Crowding the plane" in line for line in lines)
    assert len(lines) == 6


def test_trace_table_reads_like_the_worked_case(capsys):
    assert main(["trace", "session-trace"]) == 0
    out = capsys.readouterr().out
    assert "q = [1, 1]  -> [7, 4]  no single target: w1, w2 weigh the same (a blend)" in out
    assert "q = [1, 1]  -> [7, 4]" in out
    assert "S = [[11, 12], [5, 1]]" in out
    assert "q = [1, 0]  -> [11, 12]" in out


def test_trace_json_has_the_documented_shape(capsys):
    assert main(["trace", "crowding-the-plane", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["d_k"], document["d_v"]) == (2, 2)
    steps = document["steps"]
    assert [s["index"] for s in steps] == list(range(1, 8))
    write = steps[4]
    assert set(write) == {"index", "op", "label", "key", "value", "stamp", "state"}
    assert [row for rows in write["stamp"] for row in rows] == pytest.approx([0, -4, 0, -3])
    read = steps[6]
    assert set(read) == {
        "index",
        "op",
        "label",
        "query",
        "output",
        "target",
        "tied",
        "expected",
        "interference",
        "error_parts",
        "contributions",
        "state",
    }
    assert read["output"] == pytest.approx([1.2, -1.8])
    # Reading k3 picks up k1's and k2's values: all of the error is crosstalk.
    assert list(read["error_parts"]) == ["crosstalk"]
    assert read["error_parts"]["crosstalk"] == pytest.approx([1.2, 3.2])
    assert read["target"] == "k3" and read["expected"] == [0, -5]
    assert [c["label"] for c in read["contributions"]] == ["k1", "k2", "k3"]
    assert read["contributions"][2]["term"] == pytest.approx([0, -5])


def test_trace_of_a_file_path(tmp_path, capsys):
    from linviz.model.lessons import resolve_scenario_path

    path = tmp_path / "mine.json"
    path.write_bytes(resolve_scenario_path("delta-repair").read_bytes())
    assert main(["trace", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    # The file's own scenario: the delta rule, whose reused key stamps only the difference.
    assert out[1].endswith("rule delta (default β = 1)")
    assert "k = [1, 0]  v = [9, 9]  β = 1  stamp [[7, 6], [0, 0]]  S = [[9, 9], [5, 1]]" in out[8]
    # Each write says the β it uses: w4 overrides the default with 0.5.
    assert "k = [1, 0]  v = [1, 1]  β = 0.5  stamp [[-4, -4], [0, 0]]" in out[11]


def test_bad_file_gives_status_1_and_one_line_no_traceback(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, '
        '"steps": [{"op": "write", "key": [1, 0, 2], "value": [1, 1]}]}'
    )
    result = run("trace", str(path))
    assert result.returncode == 1
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert str(path) in lines[0] and "step 1" in lines[0] and "3 components" in lines[0]


def test_unknown_scenario_name_is_status_1():
    result = run("trace", "no-such-lesson")
    assert result.returncode == 1 and "no such file" in result.stderr


def test_usage_error_is_status_2():
    assert run("trace").returncode == 2
    assert run("trace", "x", "--bogus").returncode == 2


def test_version():
    from linviz import __version__

    result = run("--version")
    assert result.returncode == 0 and __version__ in result.stdout


def test_the_app_without_a_display_says_what_works_instead():
    import os

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    result = subprocess.run(
        [sys.executable, "-m", "linviz"], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 1
    assert "no display" in result.stderr and "linviz export" in result.stderr


def test_a_bad_name_without_a_display_says_there_is_no_such_lesson():
    import os

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    result = subprocess.run(
        [sys.executable, "-m", "linviz", "nope"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 1  # as `linviz trace nope`
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "no lesson of that name" in lines[0] and "nope" in lines[0]
    assert "display" not in result.stderr


def test_trace_loads_only_what_a_trace_needs():
    # `linviz trace` starts in a quarter of a second, most of it numpy: the
    # recall test, the memory calculator and the secure-name generator of
    # saving (which loads OpenSSL) are not loaded to read a lesson.
    code = (
        "import sys, io, contextlib\n"
        "from linviz.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    status = main(['trace', 'crowding-the-plane', '--json'])\n"
        "loaded = [m for m in ('linviz.model.capacity', 'linviz.model.costs', 'secrets',"
        " 'PySide6') if m in sys.modules]\n"
        "print(status, loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "0 []", done.stderr


def test_the_command_asks_numpy_for_no_huge_pages_unless_the_user_chose():
    # Set before numpy is first imported, so every array of the command is filled
    # without the kernel compacting memory for it (see cli.no_huge_pages_for_numpy).
    probe = (
        "import os, sys\nfrom linviz.cli import main\nmain(['lessons'])\n"
        "from numpy._core.multiarray import _get_madvise_hugepage as huge\n"
        "print(os.environ.get('NUMPY_MADVISE_HUGEPAGE'), huge())"
    )
    env = {k: v for k, v in os.environ.items() if k != "NUMPY_MADVISE_HUGEPAGE"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert done.stdout.split()[-2:] == ["0", "False"]
    env["NUMPY_MADVISE_HUGEPAGE"] = "1"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    assert done.stdout.split()[-2:] == ["1", "True"]
