"""A long replay under a delta rule shows the wait cursor and says so until the views have drawn.

The first move to the end of a million-step delta scenario replays a million
writes one by one (about 5 s) before any view draws; the window gave no sign.
"""

from __future__ import annotations

from PySide6 import QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.views.panels.heatmap import HeatmapPanel
from linviz.views.shell import long_replay
from tests.views.conftest import opened_window, settle


def watch_heatmap(monkeypatch, window) -> list:
    """What the heatmap's refresh sees: the override cursor and the status bar's text."""
    seen = []
    real = HeatmapPanel.refresh

    def watched(panel, *args):
        cursor = QtWidgets.QApplication.overrideCursor()
        shape = None if cursor is None else cursor.shape()
        seen.append((shape, window.statusBar().currentMessage()))
        return real(panel, *args)

    monkeypatch.setattr(HeatmapPanel, "refresh", watched)
    return seen


def test_a_long_delta_replay_waits_visibly_and_a_short_one_does_not(qtbot, monkeypatch):
    session = Session()
    session.open("delta-repair")  # the delta rule, 8 steps
    window = opened_window(qtbot, session, (1280, 800))
    session.set_cursor(0)
    settle()
    seen = watch_heatmap(monkeypatch, window)
    monkeypatch.setattr(long_replay, "LONG_REPLAY_STEPS", 5)
    session.set_cursor(8)  # 8 writes and reads to work out, none kept yet past step 0
    assert seen[-1] == (
        Qt.CursorShape.WaitCursor,
        "Working out the memory through 8 more writes…",
    )
    qtbot.waitUntil(lambda: QtWidgets.QApplication.overrideCursor() is None)
    settle()
    assert window.statusBar().currentMessage() != seen[-1][1]
    session.set_cursor(3)  # 3 steps to work out: no sign
    assert seen[-1][0] is None


def test_the_additive_rule_replays_a_stretch_at_once_and_shows_nothing(qtbot, monkeypatch):
    session = Session()
    session.open("session-trace")  # additive
    window = opened_window(qtbot, session, (1280, 800))
    session.set_cursor(0)
    settle()
    seen = watch_heatmap(monkeypatch, window)
    monkeypatch.setattr(long_replay, "LONG_REPLAY_STEPS", 1)
    session.set_cursor(7)
    assert seen and seen[-1][0] is None
