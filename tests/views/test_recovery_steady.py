"""Steady editing cannot starve recovery: a kill loses no edit older than 2 s.

Issue 27: the recovery write was a debounce restarted by every change, so a
user editing once a second for 20 s had no recovery file at all, and a
SIGKILL lost all 20 edits. Here a child process runs the real session and
the real :class:`RecoveryWriter` in a Qt event loop, makes an edit every
0.5 s for 10 s, and is killed; every edit made more than 2 s before the
kill must come back.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from linviz.controller import recovery
from linviz.controller.session import Session

#: The child: edit step 1's value to [n, 0] every 0.5 s, print "n time" after each edit.
_EDITING = """
import sys, time
from pathlib import Path
from PySide6 import QtCore
from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.recovery_writer import RecoveryWriter

app = QtCore.QCoreApplication([])
session = Session(Scenario(2, 2, [write([1, 0], [0, 0], "a"), read([1, 0], "r")], title="steady"))
writer = RecoveryWriter(session, Path(sys.argv[1]))
count = 0

def edit():
    global count
    count += 1
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(value=[float(count), 0.0]), text="edit"))
    print(count, time.monotonic(), flush=True)

timer = QtCore.QTimer()
timer.setTimerType(QtCore.Qt.TimerType.PreciseTimer)
timer.timeout.connect(edit)
timer.start(500)
app.exec()
"""

EDITS = 20  # 10 s of an edit every 0.5 s


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_kill_after_10_s_of_steady_editing_loses_no_edit_older_than_2_s(tmp_path):
    folder = tmp_path / "recovery"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.Popen(
        [sys.executable, "-c", _EDITING, str(folder)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    made: list[tuple[int, float]] = []
    try:
        while len(made) < EDITS:  # waits on the child's lines: no sleep
            line = child.stdout.readline()
            assert line, "the child ended before its edits were made"
            number, when = line.split()
            made.append((int(number), float(when)))
        killed_at = time.monotonic()  # the same clock as the child's (CLOCK_MONOTONIC)
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
    assert made[-1][1] - made[0][1] >= 9.0  # really 10 s of steady editing
    old_enough = [number for number, when in made if when < killed_at - 2.0]
    assert len(old_enough) >= EDITS - 5
    (entry,) = recovery.list_recoverable(folder)
    session = Session()
    recovery.restore_into(session, entry)
    kept = int(session.scenario.step(1).value[0])  # edit n set the value to [n, 0]
    assert kept >= max(old_enough), f"edits {kept + 1}..{max(old_enough)} were lost"
    np.testing.assert_array_equal(session.scenario.step(1).value, [kept, 0.0])
    recovery.discard(entry)
