"""The key and value planes: real mouse drags edit the model, one undo each."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.session import Session
from linviz.model.drawable import MAX_ARROWS, snap_step
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario, read, write
from linviz.views.panels.key_plane import KeyPlanePanel
from linviz.views.panels.plane_base import snap_tip
from linviz.views.panels.value_plane import ValuePlanePanel
from linviz.views.theme import theme_named
from tests.views.conftest import data_to_viewport, drag

# The offscreen platform warns when a window is shown or a tooltip raised; harmless.
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


def shown(qtbot, panel):
    """Show a panel at 600×600 and wait until it is on screen."""
    qtbot.addWidget(panel)
    panel.resize(600, 600)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def point(panel, x, y):
    return data_to_viewport(panel.plot_widget, x, y)


def vector(session, number):
    return session.scenario.step(number).vector


def colour_near(image: QtGui.QImage, at: QtCore.QPoint, colour: str, radius: int = 4) -> bool:
    """Whether some pixel within ``radius`` of ``at`` has (about) ``colour``."""
    wanted = QtGui.QColor(colour)
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            got = image.pixelColor(at.x() + dx, at.y() + dy)
            if (
                abs(got.red() - wanted.red())
                + abs(got.green() - wanted.green())
                + abs(got.blue() - wanted.blue())
            ) < 60:
                return True
    return False


# -- pure helpers ---------------------------------------------------------------------------
def test_snap_tip_rounds_to_the_grid_or_to_unit_length():
    assert snap_tip(0.26, 0.94, grid=True, unit=False) == (0.3, 0.9)
    assert snap_tip(-0.04, 1.26, grid=True, unit=False) == (0.0, 1.3)
    assert snap_tip(3.0, 4.0, grid=False, unit=True) == pytest.approx((0.6, 0.8))
    # Both on: unit length wins (then no grid rounding).
    assert snap_tip(3.0, 4.0, grid=True, unit=True) == pytest.approx((0.6, 0.8))
    assert snap_tip(0.123, 0.456, grid=False, unit=False) == (0.123, 0.456)
    assert snap_tip(-0.7, 0.4, grid=True, unit=True, one_dimensional=True) == (-1.0, 0.0)


# -- the key plane -----------------------------------------------------------------------
def test_key_plane_draws_every_key_and_query_in_its_colour(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(lesson_session))
    theme = theme_named("light")
    keys = [a for a in panel.arrows() if a.role == "key"]
    queries = [a for a in panel.arrows() if a.role == "query"]
    assert [a.label for a in keys] == ["k1", "k2", "k3"]
    assert [a.look.color for a in keys] == [theme.key_color(i) for i in range(3)]
    assert [a.label for a in queries] == ["r1", "r2", "r3", "r4"]
    assert {a.look.color for a in queries} == {theme.read}
    assert {a.look.dash for a in queries} == {"dash"} and keys[0].look.dash == "solid"
    assert panel.tip_position(5) == (0.8, 0.6) and panel.tip_position(2) == (0.0, 1.0)
    # The cursor's step stands out; later steps are faded.
    current, later = panel.arrow("key", 5).look, panel.arrow("query", 7).look
    assert current.width > keys[0].look.width and current.label_bold
    assert later.alpha < keys[0].look.alpha
    # The view shows every vector and the unit circle (at least ±1.2), square.
    (x0, x1), (y0, y1) = panel.plot_widget.getPlotItem().getViewBox().viewRange()
    assert x0 <= -1.2 and x1 >= 1.2 and y0 <= -1.2 and y1 >= 1.2
    assert not panel.axis_chooser.isVisible()


@pytest.mark.parametrize("cursor", [5, 6])  # k3 at the cursor, then one step past it
def test_the_arrows_are_really_painted_in_their_colours(qtbot, lesson_session, cursor):
    lesson_session.set_cursor(cursor)
    panel = shown(qtbot, KeyPlanePanel(lesson_session))
    theme = theme_named("light")
    image = panel.plot_widget.grab().toImage()
    assert colour_near(image, point(panel, 0.4, 0.3), theme.key_color(2), radius=2)  # k3
    # k2, under the dashed query r2: seen between the dashes somewhere along it.
    assert any(
        colour_near(image, point(panel, 0.0, y), theme.key_color(1), radius=2)
        for y in (0.3, 0.4, 0.5, 0.6, 0.7)
    )
    assert not colour_near(image, point(panel, -0.4, -0.3), theme.key_color(2))


def test_projector_theme_enlarges_arrows_labels_and_handles(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(lesson_session))
    light = panel.arrow("key", 1).look
    lesson_session.set_options(projector=True)
    big = panel.arrow("key", 1).look
    assert big.width > light.width and big.font_pt > light.font_pt
    assert big.hit_radius > light.hit_radius >= 8


def test_dragging_a_key_tip_edits_the_model_live_and_one_undo_restores_it(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(session))
    state_before = session.trace.state(7).copy()
    output_before = session.snapshot(7).read.output.copy()
    seen = []
    session.changed.connect(
        lambda aspects: seen.append(
            (
                session.dragging,
                vector(session, 5).copy(),
                session.undo_stack.can_undo(),
                panel.tip_position(5),
            )
        )
    )

    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 0.3, 0.9))

    # The key landed on the drop point, snapped to the 0.1 grid …
    assert np.array_equal(vector(session, 5), [0.3, 0.9])
    assert panel.tip_position(5) == pytest.approx((0.3, 0.9))
    # … and S and the reads after it follow: k3 v3ᵀ now lands 0.3/0.9 on the rows.
    np.testing.assert_allclose(session.trace.state(7), [[3, -0.5], [-2, -0.5]])
    np.testing.assert_allclose(session.snapshot(7).read.output, [1.2, -0.7])
    # The preview followed the mouse, pushing nothing until the release.
    during = [entry for entry in seen if entry[0]]
    assert len({tuple(v) for _, v, _, _ in during}) >= 3
    assert not any(can_undo for _, _, can_undo, _ in during)
    assert all(tip == pytest.approx(tuple(v)) for _, v, _, tip in during)
    assert session.undo_stack.undo_text() == "move key k3"
    assert session.cursor == 5

    session.undo()  # ONE undo entry for the whole drag
    assert not session.undo_stack.can_undo()
    assert np.array_equal(vector(session, 5), [0.8, 0.6])
    assert np.array_equal(session.trace.state(7), state_before)
    assert np.array_equal(session.snapshot(7).read.output, output_before)
    assert panel.tip_position(5) == (0.8, 0.6)


def test_snap_to_unit_gives_a_unit_length_key(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    lesson_session.set_options(snap_unit=True)
    panel = shown(qtbot, KeyPlanePanel(lesson_session))
    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 1.1, 1.1))
    moved = vector(lesson_session, 5)
    assert np.linalg.norm(moved) == pytest.approx(1.0)
    assert moved == pytest.approx([2**-0.5, 2**-0.5], abs=0.02)


def test_without_snapping_the_key_lands_where_dropped(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    lesson_session.set_options(snap_grid=False)
    panel = shown(qtbot, KeyPlanePanel(lesson_session))
    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 0.33, 0.87))
    assert vector(lesson_session, 5) == pytest.approx([0.33, 0.87], abs=0.01)
    assert not np.array_equal(vector(lesson_session, 5) * 10 % 1, [0, 0])


def test_dragging_a_query_changes_the_read_output(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(7)  # r4 (query (0.8, 0.6)) lies on k3: at its read, r4 is grabbed
    panel = shown(qtbot, KeyPlanePanel(session))
    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 0.0, 1.0))
    assert np.array_equal(vector(session, 7), [0.0, 1.0])
    assert np.array_equal(vector(session, 5), [0.8, 0.6])  # the key stayed
    np.testing.assert_allclose(session.snapshot(7).read.output, [-2, 1])
    assert session.undo_stack.undo_text() == "move query r4"


def test_a_key_under_queries_is_the_one_grabbed(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(4)  # r1 and r3 lie on k1 = (1, 0); the cursor is not on them
    panel = shown(qtbot, KeyPlanePanel(session))
    drag(panel.plot_widget, point(panel, 1.0, 0.0), point(panel, 0.5, -0.5))
    assert np.array_equal(vector(session, 1), [0.5, -0.5])
    assert np.array_equal(vector(session, 3), [1.0, 0.0])
    assert np.array_equal(vector(session, 6), [1.0, 0.0])


def test_dragging_the_background_pans_and_changes_nothing(qtbot, lesson_session):
    session = lesson_session
    panel = shown(qtbot, KeyPlanePanel(session))
    view_box = panel.plot_widget.getPlotItem().getViewBox()
    before, range_before = session.scenario.copy(), view_box.viewRange()
    drag(panel.plot_widget, point(panel, -0.6, -0.6), point(panel, -0.1, -1.0))
    assert session.scenario == before
    assert not session.undo_stack.can_undo() and not session.dragging
    assert view_box.viewRange() != range_before  # the view panned instead


def test_escape_during_a_drag_puts_the_key_back(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(session))
    messages = []
    panel.message.connect(messages.append)
    viewport = panel.plot_widget.viewport()
    start = point(panel, 0.8, 0.6)
    QTest.mouseMove(viewport, start)
    QTest.mousePress(viewport, LEFT, NO_MOD, start)
    for x, y in ((0.6, 0.8), (0.4, 0.9)):
        QTest.mouseMove(viewport, point(panel, x, y))
    assert session.dragging and np.array_equal(vector(session, 5), [0.4, 0.9])
    range_before = panel.plot_widget.getPlotItem().getViewBox().viewRange()

    QTest.keyClick(viewport, Qt.Key.Key_Escape)
    assert not session.dragging and np.array_equal(vector(session, 5), [0.8, 0.6])
    assert panel.tip_position(5) == (0.8, 0.6)
    QTest.mouseMove(viewport, point(panel, 0.1, 1.0))  # the mouse is still down
    QTest.mouseRelease(viewport, LEFT, NO_MOD, point(panel, 0.1, 1.0))

    assert np.array_equal(vector(session, 5), [0.8, 0.6])
    assert not session.undo_stack.can_undo()
    assert panel.plot_widget.getPlotItem().getViewBox().viewRange() == range_before
    assert any("cancel" in m for m in messages)


def test_the_view_range_holds_still_during_a_drag_and_grows_after(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(session))
    view_box = panel.plot_widget.getPlotItem().getViewBox()
    ranges = []
    session.changed.connect(lambda aspects: ranges.append((session.dragging, view_box.viewRange())))
    before = view_box.viewRange()
    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 1.1, 1.1))
    assert np.array_equal(vector(session, 5), [1.1, 1.1])
    assert all(r == before for dragging, r in ranges if dragging)
    (x0, x1), (y0, y1) = view_box.viewRange()
    assert y1 > before[1][1] and y1 >= 1.1 * 1.1  # grown once the drag ended
    assert y0 < before[1][0]  # still centred on the origin


def test_a_refused_move_is_reported_not_raised(qtbot, lesson_session, monkeypatch):
    session = lesson_session
    session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(session))

    def refuse():
        session.cancel_drag()
        raise ScenarioError("S would overflow", step=5, field="key")

    monkeypatch.setattr(session, "end_drag", refuse)
    with qtbot.waitSignal(panel.message, timeout=2000) as blocker:
        drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, 0.3, 0.9))
    assert "S would overflow" in blocker.args[0]
    assert np.array_equal(vector(session, 5), [0.8, 0.6])


def test_hovering_a_key_tells_its_cosine_with_every_other_key(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(lesson_session))
    viewport = panel.plot_widget.viewport()
    tip = point(panel, 0.8, 0.6)
    QTest.mouseMove(viewport, point(panel, 0.3, -0.6))
    QTest.mouseMove(viewport, tip)
    QtWidgets.QApplication.sendEvent(
        viewport, QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, tip, viewport.mapToGlobal(tip))
    )
    qtbot.waitUntil(lambda: "k3" in QtWidgets.QToolTip.text())
    text = QtWidgets.QToolTip.text()
    assert "k1: 0.8" in text and "k2: 0.6" in text
    QtWidgets.QToolTip.hideText()


def test_many_steps_draw_only_the_arrows_near_the_cursor(qtbot):
    rng = np.random.default_rng(3)
    steps = [write(rng.normal(size=2), rng.normal(size=2), f"w{i}") for i in range(1, 1501)]
    session = Session(Scenario(2, 2, steps))
    panel = shown(qtbot, KeyPlanePanel(session))
    numbers = {a.step_number for a in panel.arrows()}
    assert len(numbers) <= MAX_ARROWS and 1500 in numbers and 1 not in numbers
    session.begin_drag(1, "vector")  # a drag of step 1 (from elsewhere) is drawn too
    session.drag_to(np.array([0.5, 0.5]))
    assert panel.tip_position(1) == (0.5, 0.5)
    session.end_drag()


def test_a_drag_survives_the_cursor_moving_far_away(qtbot):
    # Keys pressed (or playback) during a drag move the cursor: the grabbed
    # arrow must stay the dragged step's, though other steps are now drawn.
    steps = [write([np.cos(i), np.sin(i)], [1, 0], f"w{i}") for i in range(1, 1001)]
    session = Session(Scenario(2, 2, steps))
    session.set_options(snap_grid=False)
    session.set_cursor(1)
    panel = shown(qtbot, KeyPlanePanel(session))
    viewport = panel.plot_widget.viewport()
    start = point(panel, *panel.tip_position(1))
    QTest.mouseMove(viewport, start)
    QTest.mousePress(viewport, LEFT, NO_MOD, start)
    QTest.mouseMove(viewport, start + QtCore.QPoint(20, 0))
    assert session.dragged_step == 1
    session.set_cursor(1000)
    end = point(panel, 0.3, 0.9)
    for i in range(1, 5):
        QTest.mouseMove(viewport, start + (end - start) * (i / 4))
    assert session.dragged_step == 1
    assert vector(session, 1) == pytest.approx([0.3, 0.9], abs=0.02)
    assert panel.tip_position(1) == pytest.approx((0.3, 0.9), abs=0.02)
    QTest.mouseRelease(viewport, LEFT, NO_MOD, end)
    assert session.undo_stack.undo_text() == "move key w1"


# -- component choice ---------------------------------------------------------------------
def three_component_session():
    scenario = Scenario(
        3,
        2,
        [write([1, 0, 0], [1, 0], "a"), write([0, 1, 0.5], [0, 1], "b"), read([0, 1, 0.5], "q")],
    )
    session = Session(scenario)
    session.set_cursor(2)
    return session


def test_the_component_chooser_speaks_the_language_chosen_after_it_was_filled(qtbot):
    from linviz.views.language import set_language

    session = three_component_session()
    panel = shown(qtbot, KeyPlanePanel(session))
    panel.y_combo.setCurrentIndex(2)
    try:
        set_language("fr")
        panel.retranslate()  # as the window does for View ▸ Language
        assert [panel.x_combo.itemText(i) for i in range(3)] == [
            f"composante {n}" for n in (1, 2, 3)
        ]
        assert panel.y_combo.currentIndex() == 2 and session.options.key_axes == (0, 2)
    finally:
        set_language("en")
        panel.retranslate()
    assert panel.x_combo.currentText() == "component 1"


def test_component_chooser_appears_for_three_components_and_drags_edit_those(qtbot):
    session = three_component_session()
    panel = shown(qtbot, KeyPlanePanel(session))
    values = shown(qtbot, ValuePlanePanel(session))
    assert panel.axis_chooser.isVisible() and not values.axis_chooser.isVisible()
    assert panel.tip_position(2) == (0.0, 1.0)

    panel.y_combo.setCurrentIndex(2)
    assert session.options.key_axes == (0, 2)
    assert panel.tip_position(2) == (0.0, 0.5)
    # Counted from 1, as the course counts: the third component is "component 3".
    assert panel.y_combo.currentText() == "component 3"
    assert [panel.x_combo.itemText(i) for i in range(3)] == [f"component {n}" for n in (1, 2, 3)]
    assert panel.plot_widget.getPlotItem().getAxis("left").labelText == "key component 3"
    assert panel.plot_widget.getPlotItem().getAxis("bottom").labelText == "key component 1"

    drag(panel.plot_widget, point(panel, 0.0, 0.5), point(panel, 0.5, 1.0))
    assert np.array_equal(vector(session, 2), [0.5, 1.0, 1.0])  # component 2 untouched


def test_the_component_chooser_sits_above_the_legend_which_keeps_the_panel_width(qtbot):
    session = three_component_session()
    for panel in (KeyPlanePanel(session), ValuePlanePanel(Session(three_by_three()))):
        panel = shown(qtbot, panel)
        panel.resize(330, 600)  # a plane's width in the window at 1600×1000
        qtbot.waitUntil(lambda p=panel: p.legend.width() > 0.8 * p.plot_widget.width())
        chooser, legend = panel.axis_chooser, panel.legend
        assert chooser.isVisible()
        below = chooser.mapTo(panel, QtCore.QPoint(0, chooser.height())).y()
        assert legend.mapTo(panel, QtCore.QPoint(0, 0)).y() >= below
        # Beside the chooser the legend had a column one word wide, eight lines high.
        assert legend.height() <= 3 * legend.fontMetrics().lineSpacing() + 8


def three_by_three() -> Scenario:
    return Scenario(3, 3, [write([1, 0, 0], [1, 0, 2], "a"), read([1, 0, 0], "q")])


def test_one_component_puts_the_arrows_on_a_line(qtbot):
    session = Session(Scenario(1, 1, [write([0.5], [2], "a"), read([1], "q")]))
    session.set_cursor(1)
    keys, values = shown(qtbot, KeyPlanePanel(session)), shown(qtbot, ValuePlanePanel(session))
    assert keys.tip_position(1) == (0.5, 0.0) and values.tip_position(1) == (2.0, 0.0)
    assert not keys.axis_chooser.isVisible()
    drag(keys.plot_widget, point(keys, 0.5, 0.0), point(keys, -0.7, 0.4))
    assert np.array_equal(vector(session, 1), [-0.7])


# -- the value plane --------------------------------------------------------------------------
def test_value_plane_at_a_read_shows_output_target_and_interference(qtbot, lesson_session):
    lesson_session.set_cursor(7)  # read k3: y = (1.2, -1.8), wanted (0, -5)
    panel = shown(qtbot, ValuePlanePanel(lesson_session))
    theme = theme_named("light")
    assert [panel.tip_position(n) for n in (1, 2, 5)] == [(3.0, 1.0), (-2.0, 4.0), (0.0, -5.0)]
    assert panel.arrow("value", 5).look.color == theme.key_color(2)
    output, target = panel.arrow("output"), panel.arrow("target")
    assert panel.tip_position(7) == output.tip == pytest.approx((1.2, -1.8))
    assert target.tip == (0.0, -5.0) and target.look.dash == "dash"
    assert target.look.color == theme.target and output.look.color == theme.read
    gap = panel.arrow("interference")
    assert gap.origin == (0.0, -5.0) and gap.tip == pytest.approx((1.2, -1.8))
    assert gap.label == "error" and gap.look.dash == "dot"
    assert panel._read_tooltip("interference") == (
        "error y − v_target = [1.2, 3.2]\n= crosstalk [1.2, 3.2]\nrelative error 68.4\u202f%"
    )
    # … and it is really painted in the warning colour, half-way along.
    image = panel.plot_widget.grab().toImage()
    assert colour_near(image, point(panel, 0.6, -3.4), theme.warning)
    assert not colour_near(image, point(panel, -0.6, -3.4), theme.warning)


def test_value_plane_at_a_write_shows_no_read(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    panel = shown(qtbot, ValuePlanePanel(lesson_session))
    # The stored values, and what S held at k3 before writing: no y, target or gap.
    assert {a.role for a in panel.arrows()} == {"value", "held"}
    assert panel.arrow("value", 5).look.label_bold  # the write at the cursor


def test_hidden_outputs_stay_hidden_until_revealed(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(7)
    session.hide_outputs = True
    panel = shown(qtbot, ValuePlanePanel(session))
    roles = {a.role for a in panel.arrows()}
    # No hint of the answer: not y, not the gap, not which value is the target.
    assert roles == {"value"}
    assert not any("target" in a.label for a in panel.arrows())
    session.revealed.add("r4")
    panel.refresh()
    assert panel.tip_position(7) == pytest.approx((1.2, -1.8))
    assert {"output", "target", "interference"} <= {a.role for a in panel.arrows()}


def test_dragging_a_stored_value_changes_the_read(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(7)
    panel = shown(qtbot, ValuePlanePanel(session))
    # v(k3) = (0, -5), under the dashed target arrow (which does not drag).
    drag(panel.plot_widget, point(panel, 0.0, -5.0), point(panel, 1.0, -4.0))
    assert np.array_equal(session.scenario.step(5).value, [1.0, -4.0])
    # y = 0.8 v1 + 0.6 v2 + 1.0 v3 with v3 = (1, -4)
    np.testing.assert_allclose(session.snapshot(7).read.output, [2.2, -0.8])
    assert session.cursor == 7  # still watching the read, not sent to step 5
    assert panel.tip_position(7) == pytest.approx((2.2, -0.8))
    session.undo()
    np.testing.assert_allclose(session.snapshot(7).read.output, [1.2, -1.8])


def test_cursor_moves_and_drag_frames_restyle_few_items_yet_any_key_can_be_grabbed(
    qtbot, monkeypatch
):
    # 200 arrows are drawn; moving the cursor (keys, timeline, playback) must not
    # reposition 200 grab handles, yet the mouse finds every arrow afterwards.
    from linviz.views.items.arrow_item import ArrowItem

    steps = [write([np.cos(i / 50), np.sin(i / 50)], [1, 0], f"w{i}") for i in range(1, 1001)]
    steps[479] = write([1.5, 1.5], [1, 0], "w480")  # alone, outside the unit circle
    session = Session(Scenario(2, 2, steps))
    session.set_options(snap_grid=False)
    panel = shown(qtbot, KeyPlanePanel(session))
    placed = []
    original = ArrowItem.set_arrow
    monkeypatch.setattr(
        ArrowItem, "set_arrow", lambda item, *args: (placed.append(item), original(item, *args))[1]
    )
    session.set_cursor(500)
    assert 0 < len(placed) <= 4  # the arrows that paint themselves: old and new cursor
    # A key the layer paints, away from the cursor, is grabbed where it is drawn …
    viewport = panel.plot_widget.viewport()
    start, end = point(panel, 1.5, 1.5), point(panel, 0.2, -0.9)
    QTest.mouseMove(viewport, start)
    QTest.mousePress(viewport, LEFT, NO_MOD, start)
    QTest.mouseMove(viewport, start + QtCore.QPoint(15, 15))
    assert session.dragged_step == 480
    # … and each frame of the drag moves its arrow, not every handle.
    for i in range(1, 5):
        placed.clear()
        QTest.mouseMove(viewport, start + (end - start) * (i / 4))
        assert 0 < len(placed) <= 4
    QTest.mouseRelease(viewport, LEFT, NO_MOD, end)
    assert vector(session, 480) == pytest.approx([0.2, -0.9], abs=0.02)
    assert session.undo_stack.undo_text() == "move key w480"


def small_scenario() -> Scenario:
    """Keys and values near 0.01, as a trained model's may be."""
    return Scenario(
        2,
        2,
        [
            write([0.01, 0.0], [0.012, 0.004], "a"),
            write([0.006, 0.008], [-0.003, 0.015], "b"),
            read([0.01, 0.0], "r1", target="a"),
        ],
    )


def test_keys_and_values_near_a_hundredth_fill_their_planes_and_drag_on_a_fine_grid(qtbot):
    session = Session(small_scenario())
    session.set_cursor(3)
    keys = shown(qtbot, KeyPlanePanel(session))
    values = shown(qtbot, ValuePlanePanel(session))
    # Framed at their own size, not as dots on a plane of ±1 (a 0.1 grid's worth).
    (x0, x1), (y0, y1) = values.plot_widget.getPlotItem().getViewBox().viewRange()
    assert x0 <= -0.003 and x1 >= 0.012 and y0 <= 0.0 and y1 >= 0.015
    assert max(x1 - x0, y1 - y0) < 0.1
    (kx0, kx1), _ = keys.plot_widget.getPlotItem().getViewBox().viewRange()
    assert 0.01 <= kx1 < 0.05 and -0.05 < kx0
    tip = point(keys, 0.01, 0.0)
    assert (tip - point(keys, 0.0, 0.0)).manhattanLength() > 60  # an arrow one can grab
    # A drag with grid snapping on lands on the plane's fine grid, not on 0 or 0.1.
    assert session.options.snap_grid
    (kx0, kx1), (ky0, ky1) = keys.plot_widget.getPlotItem().getViewBox().viewRange()
    step = snap_step(min(kx1 - kx0, ky1 - ky0))
    assert 0.001 <= step <= 0.005  # about a tenth of a plane some 0.03 wide
    drag(keys.plot_widget, point(keys, 0.006, 0.008), point(keys, 0.0037, 0.0118))
    moved = vector(session, 2)
    assert moved.tolist() == pytest.approx([0.0037, 0.0118], abs=step / 2 + 0.0003)
    assert moved.tolist() != [0.0, 0.0]
    assert all(abs(c / step - round(c / step)) < 1e-9 for c in moved)
    assert session.undo_stack.undo_text() == "move key b"
