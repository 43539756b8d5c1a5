"""Entering and leaving projector mode: the projector's looks on the way in, the desk's back.

Projector mode restyles the window (fonts, colours, the panels' chrome) and
moves the panels to its stage; leaving puts back exactly what was there: every
widget's font, style sheet and colours, every splitter's sizes. A read's
layout puts the readout on the stage: its large text must not keep the desk's
readout column wider once it is back (it did at 1024×768: 315 px for 299).
"""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.main_window import MainWindow
from linviz.views.theme import LIGHT, PROJECTOR
from tests.views.conftest import opened_window, settle_until_still

Role = QtGui.QPalette.ColorRole


def _looks(window: MainWindow) -> dict[QtWidgets.QWidget, tuple[str, str, str, str]]:
    """Every widget's font, own style sheet, background and text colour."""
    return {
        widget: (
            widget.font().toString(),
            widget.styleSheet(),
            widget.palette().color(Role.Window).name(),
            widget.palette().color(Role.WindowText).name(),
        )
        for widget in window.findChildren(QtWidgets.QWidget)
    }


def _desk_sizes(window: MainWindow) -> list[list[int]]:
    return [splitter.sizes() for splitter in window.desk.splitters]


def _planes(window: MainWindow) -> list[tuple[int, int, list[list[float]]]]:
    """Each plane's left axis width, plot width and range (what its arrows are drawn in)."""
    found = []
    for plane in (window.key_plane, window.value_plane):
        plot = plane.plot_widget.getPlotItem()
        found.append(
            (
                round(plot.getAxis("left").width()),
                plane.plot_widget.width(),
                plot.getViewBox().viewRange(),
            )
        )
    return found


def _changed(before: dict, after: dict) -> set[str]:
    """What a widget seen in both looks like in ``before`` and in ``after``, where it differs."""
    return {
        f"{type(widget).__name__} {widget.objectName()!r}: {was} -> {after[widget]}"
        for widget, was in before.items()
        if widget in after and after[widget] != was
    }


@pytest.fixture
def desk_window(qtbot):
    """A window on crowding-the-plane at 1024×768, the cursor on step 7 (a read)."""
    window = opened_window(qtbot, "crowding-the-plane", (1024, 768))
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 768))
    window.session.set_cursor(7)
    settle_until_still()
    return window


@pytest.mark.parametrize("toggles", [1, 3])
def test_leaving_projector_mode_gives_every_widget_its_looks_back(desk_window, toggles):
    window = desk_window
    before, sizes, planes = _looks(window), _desk_sizes(window), _planes(window)
    for _ in range(toggles):
        window.set_projector_mode(True, full_screen=False)
        settle_until_still()
        window.set_projector_mode(False)
        settle_until_still()
    after = _looks(window)
    assert not _changed(before, after)
    assert window.palette().color(Role.Window).name() == LIGHT.background
    assert window.palette().color(Role.WindowText).name() == LIGHT.foreground
    # The readout column as wide as before the read's layout showed it large.
    assert _desk_sizes(window) == sizes
    # The planes' axes keep no room for the projector's larger tick labels: each
    # plot as wide as before, its range as before.
    assert _planes(window) == planes


def test_projector_mode_looks_the_same_every_time_it_is_entered(desk_window):
    window = desk_window
    window.set_projector_mode(True, full_screen=False)
    settle_until_still()
    first, first_sizes = _looks(window), window.desk.readout.size()
    # The projector's colours and text sizes, over the whole window.
    assert window.palette().color(Role.Window).name() == PROJECTOR.background
    assert window.palette().color(Role.WindowText).name() == PROJECTOR.foreground
    assert f"font-size: {PROJECTOR.font_pt}pt" in window.styleSheet()
    shown = [
        widget
        for kind in (QtWidgets.QLabel, QtWidgets.QAbstractButton)
        for widget in window.findChildren(kind)
        if widget.isVisible() and widget.text()
    ]
    assert shown
    small = [w.text() for w in shown if w.font().pointSizeF() < PROJECTOR.min_text_pt]
    assert not small
    window.set_projector_mode(False)
    settle_until_still()
    window.set_projector_mode(True, full_screen=False)
    settle_until_still()
    again = _looks(window)
    assert not _changed(first, again)
    assert window.desk.readout.size() == first_sizes


def test_the_desk_comes_back_at_its_size_in_its_first_frame(desk_window):
    """No jump after the first frame: the status bar's height at projector sizes
    (its text 18 pt) made the desk 11 px short, then its size a frame later."""
    window = desk_window
    area = window.desk.area
    before = area.size()
    window.set_projector_mode(True, full_screen=False)
    settle_until_still()
    window.set_projector_mode(False)
    QtWidgets.QApplication.processEvents()  # the first frame: posted layouts, then paint
    first = area.size()
    settle_until_still()
    assert first == area.size() == before
    assert window.statusBar().height() == window.statusBar().sizeHint().height()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 768)])
def test_the_docks_come_back_at_their_sizes(qtbot, size):
    """Shown again, the docks shared the width anew: the settings dock lost a quarter
    of its width at every toggle (376 → 289 → 235 px at 1280×800)."""
    window = opened_window(qtbot, "session-trace", size)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(*size))
    settle_until_still()
    docks = [window.desk.steps_dock, window.desk.settings_dock]
    before = [dock.size() for dock in docks]
    for _ in range(3):
        window.set_projector_mode(True, full_screen=False)
        settle_until_still()
        assert not any(dock.isVisible() for dock in docks)
        window.set_projector_mode(False)
        settle_until_still()
        assert [dock.size() for dock in docks] == before


def test_a_read_reached_from_step_0_gives_the_equation_its_whole_share(qtbot):
    # Step 0's layout hides the equation. Had it waited to be shown to redraw, it
    # would have been fitted to its stale size: 170 px of the 206 the stage gives.
    window = opened_window(qtbot, "crowding-the-plane", (1024, 768))
    window.set_projector_mode(True, full_screen=False)
    settle_until_still()
    session, equation = window.session, window.panel_frame("equation")
    session.set_cursor(0)
    settle_until_still()
    assert not equation.isVisible()
    session.set_cursor(7)  # read r4
    settle_until_still()
    assert equation.isVisible() and equation.height() == equation.maximumHeight()
    window.set_projector_mode(False)


def test_the_readout_the_stage_hides_waits_until_a_layout_measures_it(qtbot):
    # At writes the stage leaves the readout out: it is not drawn for them (at
    # 100,000 steps a scrub took 32 ms a step drawing it, 22 without); measured for
    # the room it needs, it is drawn first (hidden still), for this step.
    window = opened_window(qtbot, "crowding-the-plane", (1280, 800))
    window.set_projector_mode(True, full_screen=False)
    settle_until_still()
    readout, session = window.readout, window.session
    for number in (1, 2, 5):  # the three writes
        session.set_cursor(number)
        settle_until_still()
        assert not readout.isVisible()
        assert "Nothing written yet" in readout.heading.text()  # still step 0's
    readout.fit_height(500)
    assert "Write k3" in readout.heading.text() and not readout.isVisible()
    window.set_projector_mode(False)
