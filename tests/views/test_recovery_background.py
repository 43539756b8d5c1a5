"""A big scenario's recovery file is written on a worker thread, and never holds a
half-edited scenario.

On the window's thread the write froze the window for 0.15-0.4 s at 100,000
steps (d = 64) and 1,000,000 (d = 8), a second after each edit. The worker
writes a draft; it is put in place only if nothing edited the scenario
meanwhile. (``BACKGROUND_FROM_NUMBERS`` is lowered here, so that the lesson
counts as big.)
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from linviz.controller import recovery
from linviz.controller.commands import ReplaceStep
from linviz.model.safe_files import TEMPORARY_SUFFIX
from linviz.views import recovery_writer

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


@pytest.fixture(autouse=True)
def every_scenario_is_big(monkeypatch):
    monkeypatch.setattr(recovery_writer, "BACKGROUND_FROM_NUMBERS", 0)


def edit_value(session, value) -> None:
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(value=value), text="edit value"))


def stored_value(writer) -> list[float]:
    return recovery.restore(writer.path).scenario.step(1).value.tolist()


def leftovers(writer) -> list[str]:
    return [p.name for p in writer.path.parent.iterdir() if p.name.endswith(TEMPORARY_SUFFIX)]


class HeldPieces:
    """``archive_pieces`` that waits at a chosen piece until released (on the worker)."""

    def __init__(self, monkeypatch, hold_after: int | None) -> None:
        self.hold_after = hold_after  # pieces before the wait; None: after the last one
        self.waiting = threading.Event()
        self.release = threading.Event()
        original = recovery.archive_pieces

        def pieces(scenario):
            for count, piece in enumerate(original(scenario)):
                if count == self.hold_after:
                    self._hold()
                yield piece
            if self.hold_after is None:
                self._hold()

        monkeypatch.setattr(recovery, "archive_pieces", pieces)

    def _hold(self) -> None:
        self.waiting.set()
        assert self.release.wait(10)


def test_the_file_is_written_off_the_window_thread(window, qtbot):
    writer, session = window.recovery, window.session
    edit_value(session, [4.0, 4.0])
    with qtbot.waitSignal(writer.written, timeout=5_000):
        assert not writer.write_now()  # started, not written yet
        assert writer.drafting
    assert not writer.drafting
    assert stored_value(writer) == [4.0, 4.0]
    assert leftovers(writer) == []


@pytest.mark.parametrize("hold_after", [1, None], ids=["mid-write", "after-the-last-piece"])
def test_an_edit_during_the_write_is_never_half_written(window, qtbot, monkeypatch, hold_after):
    # Edited while the worker reads the scenario: its draft is thrown away (stopped at
    # the next piece, or finished and then discarded), and the edit's own write follows.
    writer, session = window.recovery, window.session
    held = HeldPieces(monkeypatch, hold_after)
    edit_value(session, [4.0, 4.0])
    writer.write_now()
    assert held.waiting.wait(10)
    edit_value(session, [9.0, 9.0])
    held.hold_after = -1  # the next write goes through
    held.release.set()
    with qtbot.waitSignal(writer.written, timeout=10_000):
        pass
    assert stored_value(writer) == [9.0, 9.0]
    qtbot.waitUntil(lambda: not writer.drafting)
    assert leftovers(writer) == []


def test_closing_during_the_write_leaves_nothing(window, qtbot, monkeypatch):
    writer, session = window.recovery, window.session
    held = HeldPieces(monkeypatch, None)
    edit_value(session, [4.0, 4.0])
    writer.write_now()
    assert held.waiting.wait(10)
    threading.Timer(0.05, held.release.set).start()  # the close waits for the worker
    window.close()
    assert not writer.drafting
    assert not writer.path.exists()
    assert leftovers(writer) == []
    assert np.array_equal(session.scenario.step(1).value, [4.0, 4.0])
