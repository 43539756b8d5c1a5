"""A small window (800×600): one panel at a time under tabs, the full desk back when it grows."""

from __future__ import annotations

import subprocess
import sys

import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.session import Session
from linviz.views.compact_desk import TABS
from linviz.views.language import set_language
from linviz.views.main_window import MainWindow
from linviz.views.panels.step_table_model import COLUMNS
from tests.views.classroom.screen_texts import axis_titles_cut, screen_problems
from tests.views.classroom.test_projector_layouts import _settled

PANELS = ("heatmap", "equation", "keys", "values", "readout")


def _window(qtbot, lesson: str, width: int, height: int) -> MainWindow:
    session = Session()
    session.open(lesson)
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(width, height))
    _settled(qtbot, window)
    return window


def _resize(qtbot, window: MainWindow, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(width, height))
    _settled(qtbot, window)


def _shown_panels(window: MainWindow) -> set[str]:
    return {name for name in PANELS if window.panels[name].isVisible()}


def _desk(window: MainWindow) -> dict:
    """What a user sees of the full desk: docks, their places, splitters, panels, titles."""
    return {
        "docks": {
            dock.objectName(): (dock.isVisible(), dock.geometry().getRect())
            for dock in (window.steps_dock, window.settings_dock, window.baseline_dock)
        },
        "splitters": [splitter.sizes() for splitter in window.desk.splitters],
        "panels": {
            name: (
                window.panel_frame(name).isVisible(),
                window.desk.area.isAncestorOf(window.panel_frame(name)),
                window.panel_frame(name).geometry().getRect(),
            )
            for name in PANELS
        },
        "titles": [title.isVisible() for title in window.desk.titles.values()],
        "timeline": window.desk.area.isAncestorOf(window.timeline),
    }


@pytest.fixture
def french(qapp):
    set_language("fr")
    yield
    set_language("en")


def test_every_step_fits_800_by_600_in_french(qtbot, monkeypatch, french):
    window = _window(qtbot, "feature-map", 800, 600)
    assert window.compact.tab_bar.tabText(TABS.index("equation")) == "Équation"
    scenario_view = window.centralWidget()
    faults = []
    for number in range(len(window.session.scenario) + 1):
        window.session.set_cursor(number)
        _settled(qtbot, window)
        assert window.size() == QtCore.QSize(800, 600)
        faults += [
            f"step {number}: {f}" for f in screen_problems(scenario_view, monkeypatch, scrolls=True)
        ]
        faults += [f"step {number}: {cut}" for cut in axis_titles_cut(scenario_view)]
    assert not faults, "\n".join(faults)


def test_every_tab_title_is_whole(qtbot, french):
    window = _window(qtbot, "crowding-the-plane", 800, 600)
    window.session.pin_baseline()  # six tabs: the baseline's too
    _settled(qtbot, window)
    bar = window.compact.tab_bar
    assert bar.count() == len(TABS) + 1 and bar.tabText(len(TABS)) == "Référence"
    metrics = QtGui.QFontMetrics(bar.font())
    for index in range(bar.count()):
        rect = bar.tabRect(index)
        assert metrics.horizontalAdvance(bar.tabText(index)) <= rect.width(), bar.tabText(index)
        assert bar.rect().contains(rect), bar.tabText(index)


def test_the_tab_shown_follows_the_step(qtbot):
    window = _window(qtbot, "crowding-the-plane", 800, 600)
    session = window.session
    assert window.compact.active
    assert window.compact.tab_bar.isVisible()
    assert not window.steps_dock.isVisible() and not window.settings_dock.isVisible()
    assert _shown_panels(window) == {"heatmap"}  # step 0: the empty S
    session.set_cursor(1)  # write k1
    _settled(qtbot, window)
    assert _shown_panels(window) == {"equation"}
    assert window.compact.tab_bar.tabText(window.compact.tab_bar.currentIndex()) == "Equation"
    session.set_cursor(4)  # read r2
    _settled(qtbot, window)
    assert _shown_panels(window) == {"readout"}
    assert "output y" in window.readout.text()
    # The caption and the step chips stay, whatever the tab.
    assert window.caption.isVisible() and window.timeline.isVisible()


def test_the_tabs_switch_by_keyboard_and_the_choice_is_kept(qtbot):
    window = _window(qtbot, "crowding-the-plane", 800, 600)
    session = window.session
    session.set_cursor(1)  # a write: the equation
    _settled(qtbot, window)
    bar = window.compact.tab_bar
    # F6 from the labs' tab bar reaches the views' tabs.
    window.labs.tabs.tabBar().setFocus()
    qtbot.waitUntil(lambda: window.labs.tabs.tabBar().hasFocus())
    QTest.keyClick(QtWidgets.QApplication.focusWidget(), Qt.Key.Key_F6)
    qtbot.waitUntil(bar.hasFocus)
    # Right on the focused tabs: the next view, not the next step.
    QTest.keyClick(bar, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: _shown_panels(window) == {"keys"})
    assert session.cursor == 1
    assert TABS[bar.currentIndex()] == "keys"
    # Kept for every write (and only writes) while the window is small.
    bar.clearFocus()
    session.set_cursor(2)  # write k2
    _settled(qtbot, window)
    assert _shown_panels(window) == {"keys"}
    session.set_cursor(3)  # a read keeps its own: the readout
    _settled(qtbot, window)
    assert _shown_panels(window) == {"readout"}
    QTest.keyClick(window, Qt.Key.Key_Left)  # away from the tabs, Left is the previous step
    qtbot.waitUntil(lambda: session.cursor == 2)
    qtbot.waitUntil(lambda: _shown_panels(window) == {"keys"})
    # Home / End on the focused tabs: the first and last view.
    bar.setFocus()
    qtbot.waitUntil(bar.hasFocus)
    QTest.keyClick(bar, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: _shown_panels(window) == {"readout"})
    QTest.keyClick(bar, Qt.Key.Key_Home)
    qtbot.waitUntil(lambda: _shown_panels(window) == {"heatmap"})
    assert session.cursor == 2
    # Remembered as the window's other layout settings are: a new window keeps it.
    assert window.settings.value("compact_tab/write") == "heatmap"
    other = _window(qtbot, "crowding-the-plane", 800, 600)
    other.session.set_cursor(1)
    _settled(qtbot, other)
    assert _shown_panels(other) == {"heatmap"}


def test_growing_the_window_restores_the_full_desk(qtbot):
    window = _window(qtbot, "crowding-the-plane", 1600, 1000)
    window.session.set_cursor(4)
    _settled(qtbot, window)
    assert not window.compact.active
    before = _desk(window)
    assert all(visible for visible, _, _ in before["panels"].values())
    assert before["docks"]["steps_dock"][0] and before["docks"]["settings_dock"][0]
    _resize(qtbot, window, 800, 600)
    assert window.compact.active
    assert _shown_panels(window) == {"readout"}
    assert not window.steps_dock.isVisible()
    _resize(qtbot, window, 1600, 1000)
    assert not window.compact.active
    assert not window.compact.tab_bar.isVisible()
    assert _desk(window) == before


@pytest.mark.parametrize("lesson", ["session-trace", "transfer-challenge"])
def test_a_window_opened_small_then_grown_splits_the_desk_as_one_opened_large(qtbot, lesson):
    """Opened at 798×720 (a remembered size), then made 1280×720.

    The desk's splits were those of a desk never laid out: the value plane
    got 115 px, its axis title cut, the key plane 371.
    """
    large = _window(qtbot, lesson, 1280, 720)
    grown = _window(qtbot, lesson, 798, 720)
    assert grown.compact.active
    _resize(qtbot, grown, 1280, 720)
    assert not grown.compact.active
    keys, values = (grown.panel_frame(name).width() for name in ("keys", "values"))
    assert values >= 0.6 * keys, (keys, values)
    for big, small in zip(large.desk.splitters, grown.desk.splitters):
        for a, b in zip(big.sizes(), small.sizes()):
            assert abs(a - b) <= 0.1 * max(a, b) + 4, (
                [s.sizes() for s in large.desk.splitters],
                [s.sizes() for s in grown.desk.splitters],
            )
    assert not axis_titles_cut(grown.value_plane)


def test_a_dock_shown_while_small_and_projector_mode_leave_the_desk_whole(qtbot):
    window = _window(qtbot, "crowding-the-plane", 1600, 1000)
    before = _desk(window)
    _resize(qtbot, window, 800, 600)
    window.steps_dock.toggleViewAction().trigger()  # View ▸ Steps while small
    qtbot.waitUntil(window.steps_dock.isVisible)
    # Projector mode takes the panels from the full desk, and gives them back.
    window.set_projector_mode(True, full_screen=False)
    _settled(qtbot, window)
    assert not window.compact.active
    assert window.heatmap.isVisible()
    window.set_projector_mode(False)
    _settled(qtbot, window)
    assert window.compact.active  # still 800×600
    assert window.size() == QtCore.QSize(800, 600)
    _resize(qtbot, window, 1600, 1000)
    assert _desk(window) == before


def test_a_panel_exports_at_800_by_600_whatever_the_step_shows(tmp_path):
    """``linviz export --view heatmap --size 800x600`` at a read (whose tab is the readout)."""
    out = tmp_path / "s.png"
    result = subprocess.run(
        [sys.executable, "-m", "linviz", "export", "crowding-the-plane", "--view", "heatmap"]
        + ["--step", "4", "--size", "800x600", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    image = QtGui.QImage(str(out))
    assert image.width() > 400 and image.height() > 250


def test_a_pinned_baseline_is_a_tab_of_the_small_window_not_a_dock(qtbot, monkeypatch):
    """Pinning at 800×600: the before/after panel fills the view, S keeps its room."""
    window = _window(qtbot, "crowding-the-plane", 800, 600)
    session, compact, bar = window.session, window.compact, window.compact.tab_bar
    session.set_cursor(4)  # read r2
    _settled(qtbot, window)
    session.pin_baseline()
    session.set_cursor(1)
    _settled(qtbot, window)
    baseline = window.panels["baseline"]
    assert not window.baseline_dock.isVisible()
    assert bar.count() == len(TABS) + 1 and bar.tabText(bar.currentIndex()) == "Baseline"
    assert baseline.isVisible() and compact.stack.isAncestorOf(baseline)
    assert baseline.height() >= compact.stack.height() - 4  # the whole view, not a sliver
    assert window.size() == QtCore.QSize(800, 600)
    problems = screen_problems(window.centralWidget(), monkeypatch, scrolls=True)
    assert not problems, problems
    # An edit shows there: a new value for k1 changes what the reads return.
    model = window.step_table.model
    assert model.setData(model.index(0, COLUMNS.index("value")), "[5, 5]")
    _settled(qtbot, window)
    changes = [change for *_, change in baseline.rows()]
    assert changes and any(change != "unchanged" for change in changes), changes
    # Stepping keeps what changed in view; another tab, picked, follows the steps again.
    session.set_cursor(3)
    _settled(qtbot, window)
    assert baseline.isVisible()
    compact.pick("heatmap")  # at a read: kept for reads
    session.set_cursor(4)
    _settled(qtbot, window)
    assert _shown_panels(window) == {"heatmap"} and not baseline.isVisible()
    session.set_cursor(1)  # a write: its own tab
    _settled(qtbot, window)
    assert _shown_panels(window) == {"equation"}
    # Growing the window puts the panel back in its dock, shown.
    _resize(qtbot, window, 1600, 1000)
    assert window.baseline_dock.isVisible() and window.baseline_dock.widget() is baseline
    # Cleared there, the dock goes; small again, five tabs.
    session.clear_baseline()
    _settled(qtbot, window)
    assert not window.baseline_dock.isVisible()
    _resize(qtbot, window, 800, 600)
    assert compact.active and bar.count() == len(TABS)
    # Pinned again while small: the tab comes back and shows; cleared, it goes.
    session.pin_baseline()
    _settled(qtbot, window)
    assert bar.count() == len(TABS) + 1 and baseline.isVisible()
    assert not window.baseline_dock.isVisible()
    session.clear_baseline()
    _settled(qtbot, window)
    assert bar.count() == len(TABS)
    assert window.baseline_dock.widget() is baseline and not window.baseline_dock.isVisible()
    assert _shown_panels(window) == {"equation"}  # step 1, a write


def test_a_panel_behind_another_tab_catches_up_when_it_shows(qtbot, monkeypatch):
    window = _window(qtbot, "crowding-the-plane", 800, 600)
    session, heatmap = window.session, window.heatmap
    session.set_cursor(1)  # write k1: the equation's tab, S behind it
    _settled(qtbot, window)
    assert _shown_panels(window) == {"equation"}
    drawn: list[int] = []
    real_refresh = heatmap.refresh
    monkeypatch.setattr(heatmap, "refresh", lambda: (drawn.append(session.cursor), real_refresh()))
    session.set_cursor(2)  # write k2: S changes, out of sight
    session.set_cursor(6)  # write k3
    _settled(qtbot, window)
    assert drawn == []  # nobody sees S: it is not drawn
    window.compact.tab_bar.setCurrentIndex(TABS.index("heatmap"))
    qtbot.waitUntil(lambda: _shown_panels(window) == {"heatmap"})
    assert drawn == [6]  # drawn once, for the step shown
    assert heatmap.shown_matrix().tolist() == session.snapshot().state.tolist()
    assert "step 6" in heatmap.shown_title()


def test_a_readout_behind_a_tab_since_the_start_shows_its_bars_when_it_has_room(qtbot):
    # Measured while hidden, its bars had never been laid out (100 px wide, their
    # rows wrapped tall): the readout thought they did not fit and left them out.
    window = _window(qtbot, "crowding-the-plane", 900, 650)
    session = window.session
    session.set_cursor(1)  # a write: the equation's tab
    _settled(qtbot, window)
    session.set_cursor(4)  # read r2: the readout's tab, first shown now
    _settled(qtbot, window)
    assert _shown_panels(window) == {"readout"}
    assert window.readout.bars.isVisible()
    assert window.readout.height() >= window.readout.minimumSizeHint().height()


def test_a_readout_behind_a_tab_is_drawn_for_the_step_when_the_desk_measures_it(qtbot):
    # A stack is as tall as its tallest page, shown or not: the compact desk fits
    # the readout to the room at every step, so it must hold this step's read.
    window = _window(qtbot, "crowding-the-plane", 900, 650)
    session, readout = window.session, window.readout
    session.set_cursor(7)  # read r4: the readout's tab
    _settled(qtbot, window)
    window.compact.tab_bar.setCurrentIndex(TABS.index("heatmap"))  # reads show S now
    qtbot.waitUntil(lambda: _shown_panels(window) == {"heatmap"})
    session.set_cursor(4)  # read r2, the readout behind its tab
    _settled(qtbot, window)
    assert not readout.isVisible()
    assert "Read r2" in readout.heading.text()


def _value_frame(window: MainWindow) -> list[list[float]]:
    view = window.value_plane.plot_widget.getPlotItem().getViewBox()
    return [[round(v, 6) for v in axis] for axis in view.viewRange()]


def test_a_plane_behind_a_tab_is_framed_afresh_when_it_shows(qtbot):
    # Hidden while steps (here a whole file) went by, it kept the frame it last
    # showed, and held it: delta-repair's read r1 came framed for the lesson before.
    window = _window(qtbot, "crowding-the-plane", 900, 650)
    session = window.session
    session.set_cursor(4)  # a read: its tab, then the value plane's for reads
    _settled(qtbot, window)
    window.compact.tab_bar.setCurrentIndex(TABS.index("values"))
    qtbot.waitUntil(lambda: _shown_panels(window) == {"values"})
    session.set_cursor(2)  # a write: the value plane behind the equation
    _settled(qtbot, window)
    session.open("delta-repair")
    _settled(qtbot, window)
    session.set_cursor(3)  # read r1: the value plane again
    _settled(qtbot, window)
    assert _shown_panels(window) == {"values"}
    fresh = _window(qtbot, "delta-repair", 900, 650)
    fresh.session.set_cursor(3)
    fresh.compact.tab_bar.setCurrentIndex(TABS.index("values"))
    qtbot.waitUntil(lambda: _shown_panels(fresh) == {"values"})
    _settled(qtbot, fresh)
    assert _value_frame(window) == _value_frame(fresh)
