"""Every ``linviz …`` command in the README's code blocks runs, exactly as printed.

Each command line of a fenced code block (``linviz …``, or ``$ linviz …`` in
a block that shows its output) is run through the command line's entry point
(what ``python -m linviz …`` calls), each in a fresh temporary folder, in a
child process without a display (Qt's offscreen platform). The commands
share that one child (:func:`readme_results`): a process each cost an
interpreter and Qt's start-up fifteen times over. A block that
shows the output after ``$ linviz …`` must match it: each printed line (but
a ``...`` that stands for lines left out) is a line of the real output, in
the same order.

Not run: a command that opens the window (``linviz`` alone, or
``linviz FILE_OR_LESSON``), since a test cannot look at a window it does
not own; the install line (``.venv/bin/linviz`` is the first of those, after
a pip install of the package). Both are listed by
:func:`test_the_commands_left_out_are_the_ones_that_open_the_window`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from linviz import cli

README = Path(__file__).resolve().parent.parent / "README.md"
ROOT = README.parent
#: The sub-commands that do not open the window (the CLI's own list, so none is left out).
COMMANDS = (*cli.COMMANDS, "--version", "--help")


def code_blocks(text: str) -> list[list[str]]:
    """The lines of each fenced code block of ``text``."""
    return [block.splitlines() for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.M | re.S)]


def examples() -> list[tuple[str, list[str] | None]]:
    """``(command, printed output or None)`` for every ``linviz`` line of the README."""
    found = []
    for lines in code_blocks(README.read_text(encoding="utf-8")):
        for index, line in enumerate(lines):
            command = line.strip()
            shown = command.startswith("$ ")
            command = command.removeprefix("$ ")
            if not command.startswith("linviz ") and command != "linviz":
                continue
            output = None
            if shown:  # the lines up to the next prompt are what it prints
                output = []
                for after in lines[index + 1 :]:
                    if after.startswith("$ "):
                        break
                    output.append(after)
            found.append((command, output))
    return found


def opens_the_window(command: str) -> bool:
    words = shlex.split(command)
    return len(words) == 1 or words[1] not in COMMANDS


RUN = [(command, output) for command, output in examples() if not opens_the_window(command)]

#: Runs each ``[words, folder]`` read from stdin as ``python -m linviz WORDS`` would, in
#: ``folder``; prints one JSON list of ``{"status", "stdout", "stderr"}``.
RUNNER = """
import contextlib, io, json, os, sys, traceback
from linviz.cli import main

results = []
for words, folder in json.load(sys.stdin):
    os.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(words)
        except SystemExit as exit:  # as the process would end: sys.exit(main())
            code = exit.code
            status = code if isinstance(code, int) else (0 if code is None else 1)
            if isinstance(code, str):
                print(code, file=sys.stderr)
        except Exception:
            traceback.print_exc()  # an uncaught exception: status 1 and its traceback
            status = 1
    results.append({"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()})
sys.__stdout__.write(json.dumps(results))
"""


@pytest.fixture(scope="module")
def readme_results(tmp_path_factory) -> dict[str, tuple[Path, dict[str, object]]]:
    """Every command of :data:`RUN`, run once: its folder and what it ended with, by command."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    # The package of this tree, whatever the venv's editable install points at.
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    folders = [tmp_path_factory.mktemp("readme") for _ in RUN]
    jobs = [[shlex.split(command)[1:], str(folder)] for (command, _), folder in zip(RUN, folders)]
    done = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(jobs),
        cwd=folders[0],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    return {
        command: (folder, result) for (command, _), folder, result in zip(RUN, folders, results)
    }


def test_the_readme_has_examples_to_run():
    assert len(RUN) >= 10
    assert any(command.startswith("linviz export") for command, _ in RUN)


def test_the_commands_left_out_are_the_ones_that_open_the_window():
    left_out = [command for command, _ in examples() if opens_the_window(command)]
    assert all(opens_the_window(command) for command in left_out)
    assert len(left_out) + len(RUN) == len(examples())


@pytest.mark.parametrize("command, output", RUN, ids=[command for command, _ in RUN])
def test_a_readme_command_runs_as_printed(command, output, readme_results):
    tmp_path, result = readme_results[command]
    words = shlex.split(command)
    assert result["status"] == 0, f"{command}\n{result['stderr']}"
    if output is not None:
        printed = [line.rstrip() for line in result["stdout"].splitlines()]
        at = 0
        for line in output:
            if line.strip() in ("...", "…") or not line.strip():
                continue
            assert line.rstrip() in printed[at:], (
                f"{command}: the README shows {line!r}, not printed (in this order):\n"
                + result["stdout"]
            )
            at = printed.index(line.rstrip(), at) + 1
    # What --out names was written, where the README says.
    if "--out" in words and "list" not in words:
        out = Path(words[words.index("--out") + 1])
        if "all" in words:
            assert list((tmp_path / out.parent).glob(f"{out.stem}-*{out.suffix}"))
        else:
            assert (tmp_path / out).is_file()
