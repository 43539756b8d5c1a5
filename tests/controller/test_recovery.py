"""Crash recovery, controller side: write, list, restore, remove; survive SIGKILL."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from linviz.controller import recovery
from linviz.controller.commands import ReplaceStep
from linviz.controller.recovery import (
    RecoveryFile,
    discard,
    list_recoverable,
    restore,
    restore_into,
)
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario, read, write

ROOT = Path(__file__).resolve().parents[2]


def scenario(title="unsaved work"):
    return Scenario(
        2,
        2,
        [write([1, 0], [2, 3], "a"), write([0, 1], [5, 1], "b"), read([1, 1], "r")],
        title=title,
    )


def test_the_data_folder_follows_xdg(monkeypatch, tmp_path):
    if sys.platform in ("win32", "darwin"):
        pytest.skip("XDG is the Linux convention")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert recovery.recovery_folder() == tmp_path / "data" / "linviz" / "recovery"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert recovery.recovery_folder() == tmp_path / "home/.local/share/linviz/recovery"


def test_write_then_restore_gives_the_same_scenario_path_and_cursor(tmp_path):
    file = RecoveryFile("main", tmp_path)
    assert not file.path.exists()  # nothing until the first write
    file.write(scenario(), path=tmp_path / "mine.json", cursor=2)
    restored = restore(file.path)
    assert restored.scenario == scenario()
    assert restored.path == tmp_path / "mine.json" and restored.cursor == 2
    assert oct(file.path.stat().st_mode & 0o777) == oct(0o600)
    file.remove()
    assert not file.path.exists() and list(tmp_path.iterdir()) == []


def test_a_window_still_open_is_not_listed(tmp_path):
    file = RecoveryFile(1, tmp_path)
    file.write(scenario())
    assert list_recoverable(tmp_path) == []
    file.remove()


def test_two_windows_and_two_files_never_share_a_name(tmp_path):
    first, second, third = (
        RecoveryFile(1, tmp_path),
        RecoveryFile(2, tmp_path),
        RecoveryFile(1, tmp_path),
    )
    for number, file in enumerate((first, second, third)):
        file.write(scenario(f"window {number}"))
    assert len({first.path, second.path, third.path}) == 3
    assert [restore(f.path).scenario.title for f in (first, second, third)] == [
        "window 0",
        "window 1",
        "window 2",
    ]
    assert all(str(os.getpid()) in f.path.name for f in (first, second, third))
    for file in (first, second, third):
        file.remove()


def test_rewriting_replaces_atomically_and_leaves_no_temporary(tmp_path):
    file = RecoveryFile(1, tmp_path)
    for title in ("one", "two", "three"):
        file.write(scenario(title))
    assert restore(file.path).scenario.title == "three"
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".linviz-recovery", ".lock"]
    file.remove()


def test_a_session_restored_is_marked_unsaved(tmp_path):
    session = Session(scenario())
    session.execute(ReplaceStep(1, write([3, 0], [2, 3], "a")))
    file = RecoveryFile(1, tmp_path)
    file.write_session(session)
    fresh = Session()
    restore_into(fresh, file.path)
    assert fresh.scenario == session.scenario
    assert fresh.cursor == session.cursor and fresh.is_modified
    file.remove()


def test_a_broken_recovery_file_is_refused_with_its_name(tmp_path):
    path = tmp_path / f"123-1-abcdefgh{recovery.SUFFIX}"
    path.write_bytes(b'{"format": "linviz-recovery"}\n{"format": "nope"}')
    with pytest.raises(ScenarioError) as caught:
        restore(path)
    assert caught.value.file == str(path)
    path.write_bytes(b"garbage")
    with pytest.raises(ScenarioError, match="not a linviz recovery file"):
        restore(path)


def test_an_unwritable_folder_is_a_message(tmp_path):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    with pytest.raises(ScenarioError, match="recovery file could not be written"):
        RecoveryFile(1, blocker / "recovery").write(scenario())


CHILD = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from linviz.controller.commands import ReplaceStep
from linviz.controller.recovery import RecoveryFile
from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write

session = Session(Scenario(2, 2, [write([1, 0], [2, 3], "a"), read([1, 0], "r")], title="edited"))
session.execute(ReplaceStep(1, write([4, 0], [2, 3], "a")))
session.set_cursor(1)
file = RecoveryFile("main", Path({folder!r}))
file.write_session(session)
print(file.path, flush=True)
sys.stdin.read()  # wait here until killed
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_process_killed_after_an_edit_leaves_a_file_the_next_start_restores(tmp_path):
    folder = tmp_path / "recovery"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), folder=str(folder))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        written = Path(child.stdout.readline().strip())  # the condition: the file is written
        deadline = time.monotonic() + 60
        while not written.exists():  # printed after the write: normally already true
            assert time.monotonic() < deadline, "the child never wrote its recovery file"
        assert list_recoverable(folder) == []  # still running: not offered
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdin.close()
        child.stdout.close()
    found = list_recoverable(folder)
    assert [(entry.pid, entry.window, entry.title) for entry in found] == [
        (child.pid, "main", "edited")
    ]
    session = Session()
    restored = restore_into(session, found[0])
    assert np.array_equal(session.scenario.step(1).vector, [4, 0])  # the edit is back
    assert restored.cursor == 1 and session.cursor == 1 and session.is_modified
    discard(found[0])
    assert list_recoverable(folder) == [] and list(folder.iterdir()) == []


def test_a_file_whose_lock_file_is_gone_is_judged_by_its_process_id(tmp_path):
    file = RecoveryFile(1, tmp_path)
    file.write(scenario())
    dead = tmp_path / file.path.name.replace(str(os.getpid()), "999999999", 1)
    dead.write_bytes(file.path.read_bytes())  # no lock file, and no such process
    assert [entry.path for entry in list_recoverable(tmp_path)] == [dead]
    file.remove()
