"""A lab worked out for a long scenario says so: the wait cursor and a word in the status bar.

The rules lab opened on the last of a million steps replays four rules (13 s);
the window gave no sign of life meanwhile.
"""

from __future__ import annotations

from PySide6 import QtWidgets
from PySide6.QtCore import Qt

from linviz.views.labs import lab_page
from linviz.views.labs.spectrum_page import SpectrumPage
from tests.views.conftest import settle


def test_a_lab_shown_for_a_long_scenario_waits_visibly(qtbot, window, monkeypatch):
    seen = []
    real = SpectrumPage.refresh

    def watched(page):
        cursor = QtWidgets.QApplication.overrideCursor()
        shape = None if cursor is None else cursor.shape()
        seen.append((shape, window.statusBar().currentMessage()))
        real(page)

    monkeypatch.setattr(SpectrumPage, "refresh", watched)
    monkeypatch.setattr(lab_page, "BUSY_FROM_STEPS", len(window.session.scenario))
    window.labs.show_tab("spectrum")
    settle()
    assert seen[0] == (Qt.CursorShape.WaitCursor, "Working out the lab “Filling up”…")
    assert QtWidgets.QApplication.overrideCursor() is None
    assert window.statusBar().currentMessage() != "Working out the lab “Filling up”…"


def test_a_lab_for_a_short_scenario_just_draws(qtbot, window, monkeypatch):
    seen = []
    real = SpectrumPage.refresh
    monkeypatch.setattr(
        SpectrumPage,
        "refresh",
        lambda page: seen.append(QtWidgets.QApplication.overrideCursor()) or real(page),
    )
    window.labs.show_tab("spectrum")
    settle()
    assert seen and seen[0] is None
