"""What the planes say is true: k or φ(k), counted from 1, framed and labelled legibly."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.session import Session
from linviz.views.panels.key_plane import KeyPlanePanel
from tests.views.conftest import data_to_viewport, drag

pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)

LEFT, NO_MOD = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


@pytest.fixture(autouse=True)
def no_swallowed_errors(monkeypatch):
    """pyqtgraph prints exceptions raised in mouse handlers and goes on: fail instead."""
    printed = []
    monkeypatch.setattr(pg.debug, "printExc", lambda *a, **k: printed.append(a))
    yield
    assert not printed, f"an exception was raised inside a mouse handler: {printed}"


def shown(qtbot, panel, width=600, height=600):
    qtbot.addWidget(panel)
    panel.resize(width, height)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def point(panel, x, y):
    return data_to_viewport(panel.plot_widget, x, y)


def axis_titles(panel):
    plot = panel.plot_widget.getPlotItem()
    return plot.getAxis("bottom").labelText, plot.getAxis("left").labelText


# -- the key plane: k or φ(k) -----------------------------------------------------------------
@pytest.fixture
def feature_map_session():
    session = Session()
    session.open("feature-map")  # φ = elu+1: a = (1, 0) is stored as (2, 1), b = (0, 1) as (1, 2)
    session.set_cursor(3)  # read r1, query (1, 0)
    return session


def test_under_elu_plus_one_the_key_plane_shows_what_s_stores(qtbot, feature_map_session):
    panel = shown(qtbot, KeyPlanePanel(feature_map_session))
    assert panel.tip_position(1) == pytest.approx((2.0, 1.0))  # φ(a), not a = (1, 0)
    assert panel.tip_position(2) == pytest.approx((1.0, 2.0))  # φ(b): not orthogonal to φ(a)
    assert panel.tip_position(3) == pytest.approx((2.0, 1.0))  # the query as φ(q)
    assert axis_titles(panel) == ("φ(k) component 1", "φ(k) component 2")
    assert panel.space_buttons["phi"].isChecked() and not panel.space_buttons["k"].isChecked()
    assert "φ(k)" in panel.legend.text() and "to drag, switch to k" in panel.legend.text()
    tooltip = panel.arrow("key", 2).tooltip_provider()
    assert "what S stores: φ(k) = [1, 2]" in tooltip
    assert "cosine of φ(k) with every other stored φ(k):" in tooltip and "a: 0.8" in tooltip
    assert "switch the key plane to k to drag" in tooltip


def test_a_phi_tip_cannot_be_dragged_and_says_why(qtbot, feature_map_session):
    session = feature_map_session
    panel = shown(qtbot, KeyPlanePanel(session))
    before = session.scenario.copy()
    view_range = panel.plot_widget.getPlotItem().getViewBox().viewRange()
    messages = []
    panel.message.connect(messages.append)
    drag(panel.plot_widget, point(panel, 1.0, 2.0), point(panel, -1.0, 0.5))
    assert session.scenario == before and not session.undo_stack.can_undo()
    assert panel.tip_position(2) == pytest.approx((1.0, 2.0))
    assert messages == [
        "φ(k) is shown, and φ cannot be undone: switch the key plane to k to drag keys."
    ]
    # The press was on a handle: the view did not pan either.
    assert panel.plot_widget.getPlotItem().getViewBox().viewRange() == view_range


def test_the_switch_shows_the_keys_as_written_and_they_drag_again(qtbot, feature_map_session):
    session = feature_map_session
    panel = shown(qtbot, KeyPlanePanel(session))
    button = panel.space_buttons["k"]
    QTest.mouseClick(button, LEFT, NO_MOD, button.rect().center())
    assert session.options.key_space == "k"
    assert panel.tip_position(1) == (1.0, 0.0) and panel.tip_position(2) == (0.0, 1.0)
    assert axis_titles(panel) == ("key component 1", "key component 2")
    assert panel.space_buttons["k"].isChecked() and not panel.space_buttons["phi"].isChecked()
    assert "switch" not in panel.legend.text()
    drag(panel.plot_widget, point(panel, 0.0, 1.0), point(panel, -0.5, 1.0))
    assert np.array_equal(session.scenario.step(2).vector, [-0.5, 1.0])
    assert session.undo_stack.undo_text() == "move key b"


def test_the_identity_map_shows_k_and_the_view_menu_switches(qtbot, window):
    session = window.session  # crowding-the-plane: φ is the identity
    panel = window.key_plane
    assert session.key_space() == "k" and window.key_space_actions["auto"].isChecked()
    assert axis_titles(panel) == ("key component 1", "key component 2")
    window.key_space_actions["phi"].trigger()
    assert session.options.key_space == "phi" and window.key_space_actions["phi"].isChecked()
    assert axis_titles(panel) == ("φ(k) component 1", "φ(k) component 2")
    assert panel.space_buttons["phi"].isChecked()
    # φ(k) = k here: nothing moved, and a tip still drags (φ is undone trivially).
    assert panel.tip_position(5) == (0.8, 0.6)
    session.set_cursor(5)
    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 0.3, 0.9))
    assert np.array_equal(session.scenario.step(5).vector, [0.3, 0.9])
    # Opening a lesson with elu+1 while "auto" is chosen follows the feature map.
    window.key_space_actions["auto"].trigger()
    session.open("feature-map")
    assert axis_titles(panel) == ("φ(k) component 1", "φ(k) component 2")
    assert panel.tip_position(1) == pytest.approx((2.0, 1.0))


def test_query_tooltips_name_the_target_or_the_tie_but_not_a_hidden_answer(qtbot):
    session = Session()
    session.open("session-trace")
    session.set_cursor(5)  # r3 = (1, 1): w1 and w2 weigh the same
    panel = shown(qtbot, KeyPlanePanel(session))
    tie = panel.arrow("query", 5).tooltip_provider()
    assert "no single target: w1, w2 weigh the same" in tie and "meant to" not in tie
    session.set_cursor(3)
    assert "meant to retrieve w1" in panel.arrow("query", 3).tooltip_provider()
    session.set_hide_outputs(True)
    assert "w1" not in panel.arrow("query", 3).tooltip_provider().split("\n", 1)[1]


# -- undo with the mouse button down (issue 14) -----------------------------------------------
@pytest.mark.parametrize("moved_first", [False, True], ids=["pressed", "dragging"])
def test_ctrl_z_with_the_button_down_drops_the_drag(qtbot, window, moved_first):
    from linviz.controller.commands import InsertStep
    from linviz.model.scenario import write

    session = window.session
    before = session.scenario.copy()  # crowding-the-plane: 7 steps
    session.execute(InsertStep(8, write([0.5, -0.5], [1, 1], "k4")))
    panel = window.key_plane
    qtbot.waitUntil(lambda: panel.tip_position(8) == (0.5, -0.5))
    viewport = panel.plot_widget.viewport()
    start = point(panel, 0.5, -0.5)
    QTest.mouseMove(viewport, start)
    QTest.mousePress(viewport, LEFT, NO_MOD, start)
    if moved_first:
        for i in (1, 2):
            QTest.mouseMove(viewport, start + QtCore.QPoint(12 * i, 12 * i))
        assert session.dragged_step == 8
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(session.scenario) == 7 and not session.dragging
    for i in range(3, 7):
        QTest.mouseMove(viewport, start + QtCore.QPoint(12 * i, 12 * i))
    QTest.mouseRelease(viewport, LEFT, NO_MOD, start + QtCore.QPoint(72, 72))
    assert session.scenario == before  # the undone scenario, nothing dragged into it
    assert not session.dragging and session.undo_stack.undo_text() != "move key k4"
    session.redo()
    assert np.array_equal(session.scenario.step(8).vector, [0.5, -0.5])


# -- the value plane at 1280×720: framed on the step, labels apart ----------------------------
def window_at(qtbot, session, width=1280, height=720):
    """The main window on ``session`` with a ``width``×``height`` drawing area, as
    ``linviz export --size 1280x720`` sizes it (menu and status bar get room of their own).
    """
    from linviz.views.export.images import content_rect, settle
    from linviz.views.main_window import MainWindow

    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(width, height)
    with qtbot.waitExposed(window):
        window.show()
    settle()
    window.resize(width, height + window.height() - content_rect(window).height())
    settle()
    assert content_rect(window).size() == QtCore.QSize(width, height)
    return window


def to_pixels(panel, x, y):
    """Where data point (x, y) is painted in the plot's viewport, to a fraction of a pixel."""
    scene = panel.plot_widget.getPlotItem().getViewBox().mapViewToScene(QtCore.QPointF(x, y))
    mapped = panel.plot_widget.viewportTransform().map(scene)
    return mapped.x(), mapped.y()


def painted_labels(panel):
    """``(text, (left, top, right, bottom))`` of every label the plane paints, in
    viewport pixels, placed as the painting code places it."""
    from linviz.views.items.arrow_item import label_rect

    zero = to_pixels(panel, 0.0, 0.0)
    boxes = []
    for item in panel.arrows():
        if item.isVisible() and item.label:
            left, top, width, height = label_rect(
                to_pixels(panel, *item.origin), to_pixels(panel, *item.tip), item.look, zero
            )
            boxes.append((item.label, (left, top, left + width, top + height)))
    return boxes


def shafts(panel):
    return [
        (item.label or item.role, to_pixels(panel, *item.origin), to_pixels(panel, *item.tip))
        for item in panel.arrows()
        if item.isVisible()
    ]


def crosses(box, start, end, samples=400):
    """Whether the segment start → end passes through the inside of ``box`` (sampled)."""
    left, top, right, bottom = box
    for i in range(samples + 1):
        t = i / samples
        x, y = start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1])
        if left + 0.5 < x < right - 0.5 and top + 0.5 < y < bottom - 0.5:
            return True
    return False


def test_a_read_in_crowding_the_plane_is_framed_so_y_is_long_enough_to_see(qtbot):
    session = Session()
    session.open("crowding-the-plane")
    window = window_at(qtbot, session)
    session.set_cursor(7)  # y = (1.2, -1.8), target v(k3) = (0, -5)
    panel = window.value_plane
    output = panel.arrow("output")
    (x0, y0), (x1, y1) = to_pixels(panel, *output.origin), to_pixels(panel, *output.tip)
    # Framed with every value the read collects (issue 28: v(k1), v(k2) reach 4 and 5
    # units where y is 2.2 long), y stays long enough to see: three heads' lengths.
    assert np.hypot(x1 - x0, y1 - y0) >= 30
    # Framed on the read: y, the target, the gap and the values it collects are in sight.
    plot = panel.plot_widget.viewport().rect()
    for x, y in ((0, 0), (1.2, -1.8), (0, -5), (3, 1), (-2, 4)):
        assert plot.contains(QtCore.QPoint(*map(round, to_pixels(panel, x, y))))


@pytest.mark.parametrize(
    "lesson",
    ["session-trace", "crowding-the-plane", "feature-map", "delta-repair", "gated-forgetting"],
)
def test_value_plane_labels_never_overlap_each_other_or_an_arrow(qtbot, lesson):
    session = Session()
    session.open(lesson)
    window = window_at(qtbot, session)
    panel = window.value_plane
    plot = panel.plot_widget.viewport().rect()
    checked = 0
    for number in range(1, len(session.scenario) + 1):
        session.set_cursor(number)
        boxes = painted_labels(panel)
        where = f"{lesson} step {number}"
        if not session.scenario.is_write(number):
            assert panel.arrow("output").label == "y", where  # the read's own label stays
            checked += 1
        for i, (text, box) in enumerate(boxes):
            assert plot.left() <= box[0] and box[2] <= plot.right() + 1, (where, text)
            assert plot.top() <= box[1] and box[3] <= plot.bottom() + 1, (where, text)
            for other, other_box in boxes[i + 1 :]:
                apart = (
                    box[2] <= other_box[0]
                    or other_box[2] <= box[0]
                    or box[3] <= other_box[1]
                    or other_box[3] <= box[1]
                )
                assert apart, f"{where}: {text!r} overlaps {other!r}"
            for name, start, end in shafts(panel):
                assert not crosses(box, start, end), f"{where}: {text!r} lies on arrow {name!r}"
    assert checked  # every lesson has reads


def test_hidden_outputs_leave_no_target_on_the_value_plane(qtbot):
    session = Session()
    session.open("session-trace")
    window = window_at(qtbot, session)
    session.set_hide_outputs(True)
    session.set_cursor(4)  # r2 reads w2
    panel = window.value_plane
    assert {item.role for item in panel.arrows()} == {"value"}
    assert not any("target" in text for text, _ in painted_labels(panel))
    session.reveal()
    assert "target = v(w2)" in [text for text, _ in painted_labels(panel)]


def test_a_tie_shows_y_alone_and_says_there_is_no_single_target(qtbot):
    session = Session()
    session.open("session-trace")
    window = window_at(qtbot, session)
    session.set_cursor(5)  # r3 = (1, 1) weighs w1 and w2 the same
    panel = window.value_plane
    assert {item.role for item in panel.arrows()} == {"value", "output"}
    assert panel.legend.text() == "thick: y · no single target: w1, w2 weigh the same"
    session.set_cursor(4)
    assert panel.legend.text() == "thick y · dashed target · dotted y − target"


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_the_planes_settle_at_every_step(qtbot, size):
    # A plot fitted to its size got other tick labels, an axis of another width,
    # another size … and never stopped re-laying out (delta-repair at 1024×768).
    from linviz.views.export.images import settle

    session = Session()
    session.open("delta-repair")
    window = window_at(qtbot, session, *size)
    resized = []
    for panel in (window.key_plane, window.value_plane):
        panel._view_box.sigResized.connect(lambda *_, name=panel.panel_name: resized.append(name))
    for number in range(len(session.scenario) + 1):
        session.set_cursor(number)
        settle()
        resized.clear()
        settle()
        assert not resized, f"still re-laying out at step {number}: {resized[:6]}"


def test_an_axis_title_shortens_then_goes_where_it_would_be_cut(qtbot, lesson_session):
    """A title longer than its axis says the component only; a plane too low for even
    that (60 px on a 960×540 slide) showed "composante" cut at its edge: none there."""
    from linviz.views.panels.value_plane import ValuePlanePanel

    lesson_session.set_cursor(6)  # a read: the value plane shows y
    panel = shown(qtbot, ValuePlanePanel(lesson_session), 600, 600)
    assert axis_titles(panel) == ("value component 1", "value component 2")
    seen = []
    for height in (260, 200, 170, 150, 110):  # at 110 the plot is under 50 px high
        panel.resize(600, height)
        qtbot.waitUntil(lambda h=height: panel.height() == h)
        panel.refresh()
        left = panel.plot_widget.getPlotItem().getAxis("left")
        title = left.labelText
        seen.append(title)
        if title.strip():  # a title shown is never longer than its axis
            text = left.label.boundingRect().width() - 2 * left.label.document().documentMargin()
            assert text <= left.height() + 1, (height, title, text, left.height())
    assert "component 2" in seen and seen[-1] == " ", seen
    assert panel._view_box.height() < 50  # too low for a title, not "not laid out yet"
