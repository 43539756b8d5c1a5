"""The state heatmap: colours, numbers, blend marks, tooltips, following the cursor."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.number_text import MINUS, cell_text
from linviz.views.panels.heatmap import HeatmapPanel, index_ticks, tick_step
from tests.views.conftest import data_to_viewport, hover, settle

# The offscreen platform says this whenever a window's size hints change; harmless.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

#: S after step 5 of crowding-the-plane.
S5 = np.array([[3.0, -3.0], [-2.0, 1.0]])


#: The heatmap panel is tall: room for the matrix, its axes and the legend.
HEATMAP_SIZE = (640, 520)


@pytest.fixture
def panel(show, lesson_session):
    heatmap = HeatmapPanel(lesson_session)
    show(heatmap, *HEATMAP_SIZE)
    lesson_session.set_cursor(5)
    settle()
    return heatmap


def pixel(panel: HeatmapPanel, x: float, y: float) -> QtGui.QColor:
    """The colour on screen at data point (x, y) of the heatmap."""
    image = panel.plot_widget.grab().toImage()
    point = data_to_viewport(panel.plot_widget, x, y)
    return image.pixelColor(point)


def rgb(color: QtGui.QColor) -> np.ndarray:
    return np.array([color.red(), color.green(), color.blue()], dtype=float)


def map_color(share: float) -> np.ndarray:
    """The theme colour map at ``share`` (0 = most negative, 1 = most positive)."""
    colormap = pg.colormap.get("CET-D1A")
    return np.array(colormap.map(np.array([share]), mode="byte")[0][:3], dtype=float)


def distance(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.linalg.norm(a - b))


def many_steps(d: int, count: int, seed: int = 3) -> Session:
    rng = np.random.default_rng(seed)
    steps = []
    for i in range(count):
        if i % 5 == 4:
            steps.append(read(rng.normal(size=d), f"r{i}"))
        else:
            steps.append(write(rng.normal(size=d) / np.sqrt(d), rng.normal(size=d), f"w{i}"))
    return Session(Scenario(d, d, steps, title=f"random d={d}"))


# -- colours -----------------------------------------------------------------------------
def test_positive_and_negative_cells_take_the_two_ends_of_the_map(panel):
    # Sample away from the centre (the number) and the top-right corner (the mark).
    positive = rgb(pixel(panel, 0.25, 0.8))  # S[0,0] = +3 = +max|S|
    negative = rgb(pixel(panel, 1.25, 0.8))  # S[0,1] = -3 = -max|S|
    red_end, blue_end = map_color(1.0), map_color(0.0)
    assert distance(positive, red_end) < 12
    assert distance(negative, blue_end) < 12
    assert distance(positive, blue_end) > 100


def test_colours_are_centred_on_zero(panel):
    # S[1,0] = -2 sits a third of the way from the centre to the blue end.
    middle = rgb(pixel(panel, 0.25, 1.8))
    assert distance(middle, map_color((-2 / 3 + 1) / 2)) < 12
    assert panel.image_item.levels is not None
    assert tuple(panel.image_item.getLevels()) == (-3.0, 3.0)


def test_colour_bar_shows_the_value_range(panel):
    low, high = panel.color_range()
    assert (low, high) == (-3.0, 3.0)
    labels = [text for level in panel.color_bar.axis._tickLevels for _, text in level]
    assert "3" in labels and f"{MINUS}3" in labels and "0" in labels


def test_row_zero_is_at_the_top(panel):
    top = data_to_viewport(panel.plot_widget, 0.5, 0.5)
    bottom = data_to_viewport(panel.plot_widget, 0.5, 1.5)
    assert top.y() < bottom.y()


def test_axes_are_named(panel):
    plot = panel.plot_widget.getPlotItem()
    assert "key component i" in plot.getAxis("left").labelText
    assert "value component j" in plot.getAxis("top").labelText


def test_rows_and_components_are_counted_from_1(panel):
    """As the course counts them (k₁, "row 1"); the JSON file keeps its own lists."""
    plot = panel.plot_widget.getPlotItem()
    for side in ("left", "top"):
        ticks = plot.getAxis(side)._tickLevels[0]
        assert [text for _, text in ticks] == ["1", "2"], side
        # Tick 1 names the first cell: row 0 of S, at the top.
        assert ticks[0][0] == 0.5
    assert panel.cell_tooltip(0, 1).startswith("<b>S[1, 2] = ")


# -- numbers -----------------------------------------------------------------------------
def test_every_cell_shows_its_number(panel):
    assert panel.matrix_item.labels.texts() == [["3", f"{MINUS}3"], [f"{MINUS}2", "1"]]
    # ... and they are painted: white text on the saturated +3 cell.
    image = panel.plot_widget.grab().toImage()
    centre = data_to_viewport(panel.plot_widget, 0.5, 0.5)
    whites = sum(
        1
        for dx in range(-12, 13)
        for dy in range(-12, 13)
        if min(rgb(image.pixelColor(centre.x() + dx, centre.y() + dy))) > 200
    )
    assert whites > 5


def test_numbers_hide_when_cells_are_small(show):
    session = many_steps(64, 20)
    heatmap = HeatmapPanel(session)
    show(heatmap, 500, 480)
    settle()
    cell = heatmap.cell_pixels()
    assert cell < 14
    assert heatmap.matrix_item.labels.fitted_font_px(cell, cell) is None
    # Rows too thin to outline: the legend names the bar that marks them instead.
    session.set_cursor(19)  # a write
    assert heatmap.matrix_item.marks.lit_rows() == list(range(64))
    assert "Bar on the left" in heatmap.legend.text()


def test_cell_text_is_short_and_exact():
    assert cell_text(1.2000000000000002, 3.0) == "1.2"
    assert cell_text(-1.8, 3.0) == f"{MINUS}1.8"
    assert cell_text(1e-17, 3.0) == "0"
    assert cell_text(-0.004, 3.0) == "0"
    assert cell_text(0.3333333, 1.0) == "0.33"
    assert cell_text(1234.4, 2000.0) == "1234"


# -- blends ------------------------------------------------------------------------------
def test_cells_written_by_several_writes_are_marked(panel, lesson_session):
    lesson_session.set_cursor(7)  # a read: no outlined rows in the way
    settle()
    counts = lesson_session.snapshot().writer_counts
    expected = counts >= 2
    assert expected.tolist() == [[False, True], [False, True]]
    assert panel.matrix_item.marks.marked().tolist() == expected.tolist()
    image = panel.plot_widget.grab().toImage()
    ink = rgb(QtGui.QColor(panel.theme.foreground))
    for r in range(2):
        for c in range(2):
            corner = data_to_viewport(panel.plot_widget, c + 1, r)
            color = rgb(image.pixelColor(corner.x() - 4, corner.y() + 4))
            assert (distance(color, ink) < 40) == expected[r, c], (r, c, color)
    assert "\u25e5" in panel.legend.text()


def test_tooltip_lists_contributions_and_total(panel):
    text = panel.cell_tooltip(0, 1)
    assert "S[1, 2]" in text  # row 1, column 2: counted from 1
    assert "k1: +1" in text
    assert f"k3: {MINUS}4" in text
    assert f"total: {MINUS}3" in text
    assert "k2" not in text  # k2 = (0,1) never reaches row 0
    single = panel.cell_tooltip(0, 0)
    assert "k1: +3" in single and "k3" not in single


def test_a_cell_of_tiny_writes_says_its_numbers(show):
    # Writes near 1e-300: the tooltip said "S[1, 1] = 0", "k1: +0", "total: 0".
    session = Session(
        Scenario(
            2,
            2,
            [
                write([1.0, 0.0], [1e-300, 0.0], "k1"),
                write([1.0, 0.0], [-3e-300, 0.0], "k2"),
                write([1.0, 0.0], [1.0, 0.0], "big"),
                write([1.0, 0.0], [-1.0, 0.0], "back"),
            ],
        )
    )
    heatmap = HeatmapPanel(session)
    show(heatmap, *HEATMAP_SIZE)
    session.set_cursor(2)
    settle()
    text = heatmap.cell_tooltip(0, 0)
    assert "S[1, 1] = " + MINUS + "2e" + MINUS + "300" in text
    assert "k1: +1e" + MINUS + "300" in text and "k2: " + MINUS + "3e" + MINUS + "300" in text
    assert "total: " + MINUS + "2e" + MINUS + "300" in text
    # Once writes of size 1 came and went, the cell's sum is residue beside them.
    session.set_cursor(4)
    settle()
    assert "total: 0" in heatmap.cell_tooltip(0, 0)


@pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)  # the tooltip window
def test_hovering_a_cell_shows_its_tooltip(panel, qtbot):
    viewport = panel.plot_widget.viewport()
    where = data_to_viewport(panel.plot_widget, 1.5, 0.5)
    hover(viewport, where)
    qtbot.waitUntil(lambda: panel.matrix_item.toolTip() != "")
    assert panel.matrix_item.toolTip() == panel.cell_tooltip(0, 1)
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, where, viewport.mapToGlobal(where))
    QtWidgets.QApplication.sendEvent(viewport, event)
    qtbot.waitUntil(QtWidgets.QToolTip.isVisible)
    assert f"k3: {MINUS}4" in QtWidgets.QToolTip.text()
    QtWidgets.QToolTip.hideText()


def test_a_write_outlines_the_rows_its_stamp_touched(panel, lesson_session):
    assert panel.matrix_item.marks.lit_rows() == [0, 1]  # k3 = (0.8, 0.6)
    lesson_session.set_cursor(1)  # k1 = (1, 0)
    assert panel.matrix_item.marks.lit_rows() == [0]
    lesson_session.set_cursor(3)  # a read
    assert panel.matrix_item.marks.lit_rows() == []


# -- following the session -----------------------------------------------------------------
def test_refresh_follows_the_cursor(panel, lesson_session):
    lesson_session.set_cursor(2)
    np.testing.assert_array_equal(panel.shown_matrix(), [[3, 1], [-2, 4]])
    np.testing.assert_array_equal(panel.shown_matrix(), lesson_session.trace.state(2))
    assert "step 2" in panel.title_label.text()
    lesson_session.set_cursor(5)
    np.testing.assert_array_equal(panel.shown_matrix(), S5)


def test_a_drag_preview_redraws_the_state(panel, lesson_session):
    lesson_session.begin_drag(5, "vector")
    lesson_session.drag_to(np.array([1.0, 0.0]))  # k3 onto k1's direction
    np.testing.assert_allclose(panel.shown_matrix(), [[3, -4], [-2, 4]])
    lesson_session.cancel_drag()
    np.testing.assert_allclose(panel.shown_matrix(), S5)


def test_refresh_updates_items_in_place(show):
    session = many_steps(64, 40)
    heatmap = HeatmapPanel(session)
    show(heatmap, *HEATMAP_SIZE)
    scene = heatmap.plot_widget.scene()
    items_before = set(scene.items())
    image = heatmap.image_item
    session.set_cursor(10)
    first = heatmap.shown_matrix()
    session.set_cursor(30)
    assert heatmap.image_item is image
    assert set(scene.items()) == items_before
    assert not np.array_equal(first, heatmap.shown_matrix())
    np.testing.assert_array_equal(heatmap.shown_matrix(), session.trace.state(30))


def test_large_states_still_show(show):
    session = many_steps(512, 6)
    heatmap = HeatmapPanel(session)
    show(heatmap, *HEATMAP_SIZE)
    session.set_cursor(3)
    settle()
    assert heatmap.shown_matrix().shape == (512, 512)
    assert heatmap.image_item.image.shape == (512, 512)
    assert "too small" in heatmap.legend.text()


def test_empty_memory(show):
    heatmap = HeatmapPanel(Session())
    show(heatmap, *HEATMAP_SIZE)
    np.testing.assert_array_equal(heatmap.shown_matrix(), np.zeros((2, 2)))
    assert heatmap.color_range() == (-1.0, 1.0)  # all zero: a range of 1
    assert "empty" in heatmap.title_label.text()


def test_show_matrix_displays_any_matrix_until_the_next_refresh(panel, lesson_session):
    difference = S5 - lesson_session.trace.state(2)
    panel.show_matrix(difference, "S \u2212 S_baseline")
    np.testing.assert_array_equal(panel.shown_matrix(), difference)
    assert panel.title_label.text() == "S \u2212 S_baseline"
    assert panel.matrix_item.marks.marked().sum() == 0
    assert panel.color_range() == (-4.0, 4.0)
    lesson_session.set_cursor(6)
    np.testing.assert_array_equal(panel.shown_matrix(), S5)


def test_a_resized_state_changes_the_axes(panel, lesson_session):
    from linviz.controller.commands import Resize

    lesson_session.execute(Resize(3, 2))
    assert panel.shown_matrix().shape == (3, 2)
    ticks = panel.plot_widget.getPlotItem().getAxis("left")._tickLevels[0]
    assert [text for _, text in ticks] == ["1", "2", "3"]


def test_projector_theme_enlarges_text(panel, lesson_session):
    small = panel.title_label.font().pointSizeF()
    lesson_session.set_options(projector=True)
    settle()
    assert panel.title_label.font().pointSizeF() > small
    cell = panel.cell_pixels()
    assert panel.matrix_item.labels.fitted_font_px(cell, cell) >= 26


def test_ticks_thin_out_to_fit():
    assert tick_step(2, 200.0, 10.0) == 1
    assert tick_step(64, 8.0, 20.0) == 4
    assert [text for _, text in index_ticks(10, 4)] == ["1", "4", "8"]
    assert [pos for pos, _ in index_ticks(10, 4)] == [0.5, 3.5, 7.5]
    assert [text for _, text in index_ticks(3, 1)] == ["1", "2", "3"]


# -- the lean colouring path and round colour ranges -------------------------------
@pytest.mark.parametrize(
    "largest, limit",
    [
        (3.0, 3.0),
        (2.6, 3.0),
        (0.31, 0.4),
        (7.2, 8.0),
        (9.5, 10.0),
        (1e-3, 1e-3),
        (1234.0, 1500.0),
        (0.0, 1.0),
        (float("nan"), 1.0),
    ],
)
def test_colour_ranges_round_up_to_round_values(largest, limit):
    from linviz.model.drawable import nice_limit

    assert nice_limit(largest) == pytest.approx(limit)


def test_colour_range_holds_still_while_a_value_grows_a_little():
    from linviz.model.drawable import color_limit

    limits = {color_limit(np.array([[2.51 + 0.01 * i]])) for i in range(40)}
    assert limits == {3.0}


def test_lean_colouring_matches_pyqtgraph(qapp):
    """CellImage's one-lookup path paints the colours pyqtgraph's own path paints."""
    from linviz.views.drawing.cell_image import CellImage

    matrix = np.array([[-3.0, -1.0, 0.0], [0.5, 2.0, 3.0]])
    colormap = pg.colormap.get("CET-D1A")
    images = []
    for item in (CellImage(axisOrder="row-major"), pg.ImageItem(axisOrder="row-major")):
        item.setColorMap(colormap)
        item.setImage(matrix, autoLevels=False, levels=(-3.0, 3.0))
        item.render()
        images.append(item.qimage)
    lean, reference = images
    assert lean.format() == QtGui.QImage.Format.Format_RGB32  # the fast path was taken
    for row in range(2):
        for column in range(3):
            ours, theirs = lean.pixelColor(column, row), reference.pixelColor(column, row)
            assert ours.rgb() == theirs.rgb(), (row, column)


def test_a_colour_range_met_again_is_labelled_as_the_first_time(panel):
    # Scrubbing a long scenario comes back to the same few ranges; the bar's
    # labels drawn for a range must be those of that range, not the last one.
    def bar_image() -> QtGui.QImage:
        settle()
        return panel.plot_widget.grab().toImage()

    panel.show_matrix(np.full((2, 2), 2.5), "a")
    first, levels = bar_image(), panel.color_range()
    panel.show_matrix(np.full((2, 2), 70.0), "b")
    other = bar_image()
    panel.show_matrix(np.full((2, 2), 2.5), "a")
    assert panel.color_range() == levels
    assert other != first
    assert bar_image() == first


class _ShortDesk(QtWidgets.QWidget):
    """A desk with no height to spare: it gives ``panel`` its smallest height, always."""

    def __init__(self, panel: HeatmapPanel, width: int) -> None:
        super().__init__()
        self.panel, self.panel_width = panel, width
        panel.setParent(self)
        self.resize(width, 600)

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.LayoutRequest:  # a smallest size changed
            self.panel.setGeometry(0, 0, self.panel_width, self.panel.minimumSizeHint().height())
        return super().event(event)


@pytest.mark.parametrize("width", [300, 312, 324, 360])
def test_a_legend_at_the_smallest_height_settles_beside_or_under(show, width):
    """At its smallest height the legend went beside (the row had room), the row shrank
    to the legend's height, it went back under, the row grew, and so on: a layout of
    the desk on every turn of the event loop (a 1,270×700 window, a 3×2 S; widths
    300-324 px here, measured before the fix)."""
    keys = ([1.8, 0, 0], [0.2, -0.2, -2], [1.2, 0, 0], [0.5, 1, -0.4], [-0.9, 0, 0])
    steps = [write(k, [1.0, -1.0], f"m{983159 + n}") for n, k in enumerate(keys)]
    session = Session(Scenario(3, 2, [*steps, read([1, 0, 0], "r1")], title="3×2"))
    heatmap = HeatmapPanel(session)
    desk = _ShortDesk(heatmap, width)
    show(desk, width, 600)
    places = []
    for number in (1, 3, 5):
        session.set_cursor(number)
        for _ in range(12):
            QtWidgets.QApplication.processEvents()
            places.append((number, heatmap.legend_beside(), heatmap.height()))
    changes = [b for a, b in zip(places, places[1:]) if a != b]
    assert len(changes) <= 6, changes  # each step settles in a change or two, not 4 a round


@pytest.mark.parametrize("largest", [1.0, 1.5e17, -7.77e-5])
def test_the_colour_bar_s_title_clears_its_widest_label(show, largest):
    """S of a diverging head (±1.5e17): "−7.5e+16" ran under "value of S[i, j]"."""
    steps = [write([1.0, 0.0], [largest, -largest / 3], "w1"), write([0.0, 1.0], [1e-3, 0.0], "w2")]
    session = Session(Scenario(2, 2, steps))
    heatmap = HeatmapPanel(session)
    show(heatmap, 480, 360)
    session.set_cursor(2)
    settle()
    axis = heatmap.color_bar.axis
    assert axis.label.isVisible()
    image = QtGui.QImage(8, 8, QtGui.QImage.Format.Format_ARGB32)
    painter = QtGui.QPainter(image)
    try:
        _line, _ticks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    title = axis.label.mapRectToParent(axis.label.boundingRect())
    # Its words start inside the text item's margin (rotated: its left edge here).
    words_left = title.left() + axis.label.document().documentMargin()
    assert len(texts) == 5
    for rect, _flags, text in texts:
        drawn = QtCore.QRectF(rect)
        drawn.setWidth(QtGui.QFontMetricsF(axis.style["tickFont"]).horizontalAdvance(text))
        assert drawn.right() < words_left, (text, drawn, title)


@pytest.mark.parametrize("projector", [False, True])
def test_the_colour_bar_title_stands_beside_its_numbers(show, projector):
    """The bar keeps room for labels as wide as "−0.000"; its title stood past that
    room, on a projector nearer the key plane's axis title than its own numbers."""
    session = Session()
    session.open("session-trace")
    session.set_options(projector=projector)
    heatmap = HeatmapPanel(session)
    show(heatmap, *HEATMAP_SIZE)
    session.set_cursor(1)  # S spans ±3: labels "−1.5", narrower than the room
    settle()
    axis = heatmap.color_bar.axis
    metrics = QtGui.QFontMetrics(axis.style["tickFont"])
    shown = ["3", "1.5", "0", f"{MINUS}1.5", f"{MINUS}3"]
    assert sorted(text for _, text in axis._tickLevels[0]) == sorted(shown)
    widest = max(metrics.horizontalAdvance(text) for text in shown)
    title = axis.label.mapRectToParent(axis.label.boundingRect())
    gap = title.left() - widest  # from the labels' right end (they start at the bar)
    room = axis.width() - widest
    assert room > 30  # the room kept is wider than these labels
    assert 4 <= gap <= 20, (gap, room)  # clear of the labels, and beside them (was 21, 29)
    assert title.right() <= axis.width() + 6  # never past the axis
