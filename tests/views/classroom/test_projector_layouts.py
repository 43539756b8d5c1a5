"""Projector mode at the resolutions classroom projectors run: what the step needs, legible.

Each layout is measured on the window as the room sees it: the heatmap's
cells mapped to pixels, the pixel size of every visible text, every visible
widget inside its parent and clear of its siblings, the step chips whole.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.lessons import bundled_lessons
from linviz.views.main_window import MainWindow
from linviz.views.panels.step_table_model import COLUMNS
from tests.views.classroom.screen_texts import axis_titles_cut, screen_problems
from tests.views.conftest import data_to_viewport, opened_window, settle_until_still

SIZES = ((1024, 768), (1280, 720), (1280, 800), (1920, 1080))
#: Every bundled lesson: each has steps whose numbers or captions no other has.
LESSONS = tuple(lesson.name for lesson in bundled_lessons())
SMALLEST_TEXT_PX = 18
SMALLEST_CELL_PX = 96


def _settled(qtbot, window: MainWindow) -> None:
    """Let the layouts and the plots settle (plots fit their aspect after a resize)."""
    settle_until_still()


@pytest.fixture
def projector(qtbot):
    """A function: a window on ``lesson`` in projector mode at ``width × height``."""

    def make(lesson: str, width: int, height: int) -> MainWindow:
        session = Session()
        session.open(lesson)
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.set_projector_mode(True, full_screen=False)
        window.resize(width, height)
        window.show()
        qtbot.waitExposed(window)
        qtbot.waitUntil(lambda: window.size() == QtCore.QSize(width, height))
        _settled(qtbot, window)
        return window

    return make


def _in_window(widget: QtWidgets.QWidget, window: QtWidgets.QWidget) -> QtCore.QRect:
    return QtCore.QRect(widget.mapTo(window, QtCore.QPoint(0, 0)), widget.size())


def cell_px(panel) -> float:
    """The side of a heatmap cell on screen: cell corners mapped to the viewport's pixels."""
    a = data_to_viewport(panel.plot_widget, 0.0, 0.0)
    b = data_to_viewport(panel.plot_widget, 1.0, 1.0)
    return min(abs(b.x() - a.x()), abs(b.y() - a.y()))


def _font_px(font: QtGui.QFont) -> float:
    if font.pixelSize() > 0:
        return float(font.pixelSize())
    dpi = QtGui.QGuiApplication.primaryScreen().logicalDotsPerInchY()
    return font.pointSizeF() * dpi / 72.0


def _plot_texts(view: QtWidgets.QGraphicsView) -> list[tuple[str, float]]:
    """(what, pixel size) of every visible text a plot paints: items, tick numbers, titles."""
    found = []
    for item in view.scene().items():
        if not item.isVisible() or not item.isVisibleTo(None):
            continue
        if isinstance(item, pg.TextItem) and item.toPlainText().strip():
            found.append((f"text {item.toPlainText()!r}", _font_px(item.textItem.font())))
        elif isinstance(item, pg.AxisItem) and item.style.get("showValues", True):
            font = item.style.get("tickFont") or item.font()
            if item.width() > 0 and item.height() > 0:
                found.append((f"ticks of {item.orientation} axis", _font_px(font)))
            if item.label.isVisible() and item.labelText:
                size = item.labelStyle.get("font-size", "")
                if size.endswith("pt"):
                    px = float(size[:-2]) * _font_px(QtGui.QFont("", 72)) / 72.0
                    found.append((f"title {item.labelText!r}", px))
    return found


def visible_texts(root: QtWidgets.QWidget) -> list[tuple[str, float]]:
    """(what, pixel size) of every text shown under ``root``: labels, buttons, plots, chips."""
    found = []
    widgets = [root, *root.findChildren(QtWidgets.QWidget)]
    for widget in widgets:
        if not widget.isVisibleTo(root.window()) or not widget.isVisible():
            continue
        if isinstance(widget, QtWidgets.QLabel) and widget.text().strip():
            found.append(
                (f"label {widget.text()[:40]!r}", QtGui.QFontInfo(widget.font()).pixelSize())
            )
        elif isinstance(widget, QtWidgets.QAbstractButton) and widget.text().strip():
            found.append((f"button {widget.text()!r}", QtGui.QFontInfo(widget.font()).pixelSize()))
        elif isinstance(widget, QtWidgets.QGraphicsView) and widget.scene() is not None:
            found += _plot_texts(widget)
        elif hasattr(widget, "_font") and callable(widget._font):  # painted text
            found.append(
                (f"{_name(widget)} text", QtGui.QFontInfo(widget._font(False)).pixelSize())
            )
        elif getattr(widget, "_style", None) is not None and hasattr(widget._style, "value_font"):
            style = widget._style  # the readout's bars
            for which in ("label_font", "note_font", "value_font", "legend_font"):
                found.append((f"bars {which}", QtGui.QFontInfo(getattr(style, which)).pixelSize()))
    for strip in root.findChildren(QtWidgets.QWidget):
        if type(strip).__name__ == "ChipStrip" and strip.isVisible():
            found.append(("chip labels", QtGui.QFontInfo(strip._chip_font()).pixelSize()))
            found.append(("chip numbers", QtGui.QFontInfo(strip._number_font()).pixelSize()))
    return found


def layout_faults(root: QtWidgets.QWidget) -> list[str]:
    """Visible widgets under ``root`` cut by their parent or overlapping a visible sibling."""
    window = root.window()
    faults = []
    for parent in [root, *root.findChildren(QtWidgets.QWidget)]:
        if not parent.isVisible() or isinstance(parent, QtWidgets.QAbstractScrollArea):
            continue  # a scroll area's viewport and bars are Qt's business
        children = [
            child
            for child in parent.findChildren(
                QtWidgets.QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if child.isVisible() and not child.isWindow()
        ]
        bounds = _in_window(parent, window)
        rects = {child: _in_window(child, window) for child in children}
        for child, rect in rects.items():
            if not bounds.contains(rect):
                faults.append(
                    f"{_name(child)} {rect.getRect()} cut by {_name(parent)} {bounds.getRect()}"
                )
            # Text that wraps to more lines than its widget has room for is cut.
            painted_text = hasattr(child, "_font") and child.hasHeightForWidth()
            if painted_text or (
                isinstance(child, QtWidgets.QLabel) and child.wordWrap() and child.text()
            ):
                needed = child.heightForWidth(child.width())
                if needed > child.height() + 1:
                    faults.append(f"{_name(child)} needs {needed} px, has {child.height()}")
        for i, a in enumerate(children):
            for b in children[i + 1 :]:
                if rects[a].intersects(rects[b]):
                    faults.append(
                        f"{_name(a)} {rects[a].getRect()} overlaps {_name(b)} {rects[b].getRect()}"
                    )
    return faults


def _name(widget: QtWidgets.QWidget) -> str:
    return f"{type(widget).__name__}#{widget.objectName()}"


def chips_cut(window: MainWindow) -> list[int]:
    """The steps whose chip is not wholly inside the strip (and the strip inside the window)."""
    strip = window.timeline.strip
    cut = []
    inside = _in_window(strip, window)
    if not window.rect().contains(inside):
        return [-1]
    for number in range(len(window.session.scenario) + 1):
        if not strip.rect().contains(strip.chip_rect(number)):
            cut.append(number)
    return cut


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("lesson", LESSONS)
def test_projector_layouts_fit_each_resolution(
    projector, qtbot, monkeypatch, lesson, width, height
):
    """Every step of the lesson, a write's layout or a read's: every text whole and apart."""
    every_step_fits(projector(lesson, width, height), qtbot, monkeypatch, width, height)


@pytest.mark.parametrize("lesson", LESSONS)
def test_projector_layouts_fit_1024_by_768_in_french(projector, qtbot, monkeypatch, lesson):
    """French sentences run longer than English ones: they must fit the smallest projector too."""
    from linviz.views.language import set_language

    set_language("fr")
    try:
        window = projector(lesson, 1024, 768)
        every_step_fits(window, qtbot, monkeypatch, 1024, 768, bars_from_768=False)
    finally:
        set_language("en")


def assert_weights_told(readout, bars_required: bool) -> None:
    """Every write's weight is said: in the line of weights, or (the line given way
    to the bars) in each write's row of bars. ``bars_required``: the bars show."""
    bars = readout.bars
    assert bars.isVisible() or not bars_required, "the bars gave way"
    if readout.weights.isVisible():
        assert not readout.weights_spared()
        return
    assert readout.weights_spared()
    bars.repaint()
    for index, group in enumerate(bars.groups):
        said = [text for number, text in bars.drawn_words if number == index]
        assert any(text.endswith(group.note) for text in said), (group.label, group.note, said)


def stale_heights(grid: QtWidgets.QLayout) -> list[tuple[str, int, int]]:
    """Widgets whose height for their width, as ``grid`` counts it, is not theirs now.

    A layout item caches its widget's heights; an item of the stage's last
    layout left alive kept the new one's stale (S counted 512 px, over its cap
    of 471, and the caption under it was cut after a read's layout).
    """
    stale = []
    for index in range(grid.count()):
        item = grid.itemAt(index)
        widget = item.widget()
        if widget is None or not widget.isVisible() or not widget.hasHeightForWidth():
            continue
        width = widget.width()
        own = min(max(widget.heightForWidth(width), widget.minimumHeight()), widget.maximumHeight())
        if item.heightForWidth(width) != own:
            stale.append((widget.objectName(), item.heightForWidth(width), own))
    return stale


def every_step_fits(
    window: MainWindow, qtbot, monkeypatch, width: int, height: int, bars_from_768: bool = True
) -> None:
    """Step through every step of ``window``'s scenario: each layout fits and reads.

    ``bars_from_768``: every read shows its bars on a screen 768 px high or more
    (English; a longer French text may leave them too few rows).
    """
    stage = window.stage.widget
    scenario = window.session.scenario
    text_faults = []  # every step's, to see them all at once
    for number in range(len(scenario) + 1):
        kind = "empty" if number == 0 else "write" if scenario.is_write(number) else "read"
        window.session.set_cursor(number)
        _settled(qtbot, window)
        assert window.size() == QtCore.QSize(width, height)  # nothing pushed it larger
        assert window.stage.kind == kind
        heatmap_shown = window.heatmap.isVisible()
        # A write shows S, the stamp and the key plane; a read the equation, readout, values.
        assert heatmap_shown == (kind != "read")
        assert window.equation.isVisible() == (number != 0)  # step 0: nothing to equate
        assert window.key_plane.isVisible() == (kind != "read")
        assert window.value_plane.isVisible() == (kind == "read")
        assert window.readout.isVisible() == (kind == "read")
        if kind == "read":
            assert_weights_told(window.readout, bars_required=bars_from_768 and height >= 768)
        if heatmap_shown and (width, height) == (1024, 768):
            assert cell_px(window.heatmap) >= SMALLEST_CELL_PX
        if (width, height) == (1024, 768):
            small = [(what, px) for what, px in visible_texts(stage) if px < SMALLEST_TEXT_PX]
            assert not small, small
        faults = layout_faults(stage)
        assert not faults, faults
        stale = stale_heights(window.stage.body.layout())
        assert not stale, (number, stale)
        assert not axis_titles_cut(stage), axis_titles_cut(stage)
        if chips_cut(window):
            text_faults.append(f"step {number}: chips cut {chips_cut(window)}")
        smallest = SMALLEST_TEXT_PX if (width, height) == (1024, 768) else None
        text_faults += [
            f"step {number}: {fault}" for fault in screen_problems(stage, monkeypatch, smallest)
        ]
    assert not text_faults, "\n".join(text_faults)


def test_a_jump_from_a_read_to_a_write_lays_the_write_out_afresh(projector, qtbot):
    """Straight from step 0 to a read, then to the write after it: the write's layout
    counted the heights of the read's (S 512 px over its cap, the caption 240 for 212)."""
    window = projector("crowding-the-plane", 1024, 768)
    for number in (4, 5):
        window.session.set_cursor(number)
        _settled(qtbot, window)
        stale = stale_heights(window.stage.body.layout())
        assert not stale, (number, stale)
    body = window.stage.body
    assert body.layout().minimumHeightForWidth(body.width()) <= body.height()
    caption = window.caption
    assert body.rect().contains(QtCore.QRect(caption.mapTo(body, QtCore.QPoint()), caption.size()))


def test_a_long_caption_beside_a_key_plane_that_wraps_fits_the_screen(projector, qtbot):
    """The key plane of d = 3 wraps its axis chooser, so it asks a height for its width
    (571 px at 1024×768) and the grid took that as its least: with a caption of six lines
    under S the rows ran 8 px past the screen and cut the caption."""
    window = projector("transfer-challenge", 1024, 768)
    session = window.session
    step = session.scenario.step(5)
    long = (
        "Write k3 = [0.7, 0.7, 0] with the value [4, 0]: k1·k3 = 0.7 and k2·k3 = 0.7, so "
        "the reads with k1 and with k2 receive as much of it as they give. S = [[4.8, 3], "
        "[7.8, 1], [0, 0]] from now on, whatever is read after."
    )
    session.execute(ReplaceStep(5, step.with_changes(caption=long)))
    session.set_cursor(5)
    _settled(qtbot, window)
    body, caption = window.stage.body, window.caption
    assert window.key_plane.isVisible() and window.key_plane.hasHeightForWidth()
    assert caption.height() >= 5 * caption.fontMetrics().lineSpacing()  # a long caption
    assert body.rect().contains(QtCore.QRect(caption.mapTo(body, QtCore.QPoint()), caption.size()))
    assert not layout_faults(window.stage.widget), layout_faults(window.stage.widget)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(
    ("lesson", "numbers"),
    [
        # a write (S over the caption) and a read (the plane over it)
        ("crowding-the-plane", (5, 6)),
        # step 0: no equation; in the write's grid its empty row kept a share of the
        # height and pushed the caption's last two lines under the step chips
        ("transfer-challenge", (0,)),
    ],
)
def test_a_half_hd_slide_keeps_the_whole_caption(projector, qtbot, language, lesson, numbers):
    """At 960×540 (a GIF or a slide of half 1080p) the caption beside S had at most 45 %
    of the height and lost its last line, "S = [[3, −3], [−2, 1]].". Past that share it
    takes what the panels over it leave: S is smaller, every word of the caption shows."""
    from linviz.views.language import set_language

    set_language(language)
    try:
        window = projector(lesson, 960, 540)
        for number in numbers:
            window.session.set_cursor(number)
            _settled(qtbot, window)
            body, caption = window.stage.body, window.caption
            label = caption.caption  # the caption's own text, under its heading
            assert label.heightForWidth(label.width()) <= label.height() + 1, number
            inside = QtCore.QRect(caption.mapTo(body, QtCore.QPoint()), caption.size())
            assert body.rect().contains(inside), number
            assert not axis_titles_cut(window.stage.widget), axis_titles_cut(window.stage.widget)
    finally:
        set_language("en")


def test_a_lab_tab_shows_the_lab_alone(projector, qtbot):
    window = projector("crowding-the-plane", 1024, 768)
    window.labs.show_tab("spotlight")
    _settled(qtbot, window)
    assert window.labs.page("spotlight").isVisible()
    assert not window.heatmap.isVisible()


def test_leaving_projector_mode_puts_every_panel_back(projector, qtbot):
    window = opened_window(qtbot, "crowding-the-plane", (1280, 800))
    session = window.session
    _settled(qtbot, window)
    sizes = [splitter.sizes() for splitter in window.desk.splitters]
    window.set_projector_mode(True, full_screen=False)
    session.set_cursor(4)  # a read's layout, then back
    _settled(qtbot, window)
    window.set_projector_mode(False)
    _settled(qtbot, window)
    assert [splitter.sizes() for splitter in window.desk.splitters] == sizes
    for name in ("heatmap", "equation", "keys", "values", "readout"):
        frame = window.panel_frame(name)
        assert frame.isVisible(), name
        assert window.desk.area.isAncestorOf(frame), name
    assert window.desk.area.isAncestorOf(window.timeline)
    assert window.desk.area.isAncestorOf(window.caption)


# -- the causal lab on the projector ------------------------------------------------------------
@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1920, 1080)])
def test_a_pinned_baseline_shows_before_and_after(projector, qtbot, width, height):
    window = projector("crowding-the-plane", width, height)
    session = window.session
    session.set_cursor(6)
    QTest.keyClick(window, Qt.Key.Key_B)  # Class ▸ Pin baseline
    qtbot.waitUntil(lambda: session.baseline is not None)
    k3 = session.scenario.step(5)
    session.execute(ReplaceStep(5, k3.with_changes(vector=np.array([0.6, 0.8]))))
    session.set_cursor(6)
    _settled(qtbot, window)
    before_after = window.stage.before_after
    assert before_after is not None and before_after.isVisible()
    assert not window.baseline_dock.isVisible()
    smallest = 60 if width == 1024 else 120
    for panel in (before_after.baseline_map, window.heatmap, before_after.difference):
        assert panel.isVisible()
        assert cell_px(panel) >= smallest, panel.panel_name
    np.testing.assert_allclose(before_after.baseline_map.shown_matrix(), session.baseline_state())
    np.testing.assert_allclose(
        before_after.difference.shown_matrix(), session.baseline_difference()
    )
    assert "Read r3: baseline y = [3, −3]" in before_after.read_line.text()
    assert "step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]" in before_after.edits_label.text()
    assert not before_after.warning_label.isVisible()
    # A second variable: the room is warned, on the projector too.
    k1 = session.scenario.step(1)
    session.execute(ReplaceStep(1, k1.with_changes(value=np.array([2.0, 1.0]))))
    session.set_cursor(6)  # the edit took the cursor to step 1
    _settled(qtbot, window)
    assert before_after.warning_label.isVisible()
    assert "2 variables changed" in before_after.warning_label.text()
    assert not layout_faults(window.stage.widget), layout_faults(window.stage.widget)
    # Clearing the baseline brings the step's own layout back.
    session.clear_baseline()
    _settled(qtbot, window)
    assert not before_after.isVisible()
    assert window.readout.isVisible()


# -- the shape check in front of the room -------------------------------------------------------
def test_a_wrong_shaped_key_is_refused_in_a_banner(projector, qtbot):
    window = projector("crowding-the-plane", 1024, 768)
    session = window.session
    session.set_cursor(1)  # the write of k1, where the course asks for [1, 0, 2]
    before = session.scenario.step(1)
    model = window.step_table.model
    model.setData(model.index(0, COLUMNS.index("vector")), "[1, 0, 2]")
    banner = window.stage.banner
    qtbot.waitUntil(banner.isVisible)
    heading, why = banner.text().split("\n", 1)
    assert heading == "Refused (step 1, field 'key')"
    assert why.startswith("key has 3 components but S has d_k = 2 rows")
    assert "3×2, S is 2×2" in why
    assert session.scenario.step(1) == before  # nothing changed
    assert QtGui.QFontInfo(banner.font()).pixelSize() >= SMALLEST_TEXT_PX
    _settled(qtbot, window)
    small = [(w, px) for w, px in visible_texts(window.stage.widget) if px < SMALLEST_TEXT_PX]
    assert not small, small
    assert not layout_faults(window.stage.widget)
    # Esc takes the banner away and leaves projector mode on.
    QTest.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not banner.isVisible())
    assert session.options.projector
    # The next edit takes it away too.
    model.setData(model.index(0, COLUMNS.index("vector")), "[1, 0, 2]")
    qtbot.waitUntil(banner.isVisible)
    model.setData(model.index(0, COLUMNS.index("vector")), "[0, 1]")
    qtbot.waitUntil(lambda: not banner.isVisible())


# -- small windows ---------------------------------------------------------------------------------
def test_the_window_fits_800_by_600_with_s_visible(qtbot, lesson_session):
    window = MainWindow(lesson_session)
    qtbot.addWidget(window)
    assert window.minimumSizeHint().width() <= 800
    assert window.minimumSizeHint().height() <= 600
    window.resize(800, 600)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(800, 600))
    _settled(qtbot, window)
    heatmap = window.heatmap
    assert heatmap.isVisible()
    assert window.rect().contains(_in_window(heatmap.plot_widget, window))
    assert cell_px(heatmap) >= 20  # a 2×2 S with its numbers (not the 4 px it had)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_step_of_every_lesson_fits_800_by_600(qtbot, monkeypatch, lesson):
    """The window at 800×600 (the compact desk): no text is cut, lost or overlapping."""
    window = opened_window(qtbot, lesson, (800, 600))
    session = window.session
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(800, 600))
    scenario_view = window.centralWidget()
    text_faults = []
    for number in range(len(session.scenario) + 1):
        session.set_cursor(number)
        _settled(qtbot, window)
        assert window.size() == QtCore.QSize(800, 600)
        found = screen_problems(scenario_view, monkeypatch, scrolls=True)
        text_faults += [f"step {number}: {fault}" for fault in found]
        text_faults += [f"step {number}: {cut}" for cut in axis_titles_cut(scenario_view)]
    assert not text_faults, "\n".join(text_faults)


def test_leaving_projector_mode_restores_the_geometry(qtbot, lesson_session):
    window = MainWindow(lesson_session)
    qtbot.addWidget(window)
    window.resize(1024, 700)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 700))
    before = window.geometry()
    window.set_projector_mode(True)
    qtbot.waitUntil(window.isFullScreen)
    window.set_projector_mode(False)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    _settled(qtbot, window)
    assert window.geometry() == before
