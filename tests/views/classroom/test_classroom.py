"""The classroom features as a class meets them: predict, reveal, baseline, captions."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.report import fmt_vector
from linviz.model.scenario import Scenario
from linviz.model.scenario_file import load_scenario
from linviz.views.number_text import localised
from linviz.views.panels.caption import CaptionBar

#: r4's output as its caption quotes it (a live field, {y}).
R4_CAPTION_NUMBERS = "[1.2, −1.8]"


def activate(qtbot, window) -> None:
    """Give the window the keyboard again (after the prediction box had it)."""
    window.activateWindow()
    window.setFocus()
    qtbot.waitUntil(window.isActiveWindow)


def steps_caption(window, number: int) -> str:
    model = window.panels["steps"].model
    return model.data(model.index(number - 1, 7))


def answer_visible(window) -> dict[str, bool]:
    """Where the output of r4, y = [1.2, −1.8], can be seen now."""
    p = window.panels
    try:
        p["values"].arrow("output")
        arrow = True
    except KeyError:
        arrow = False
    y = p["equation"].shown_parts()[2][1]
    return {
        "readout": "output y: [1.2, −1.8]" in p["readout"].text(),
        "bars": p["readout"].bars.isVisibleTo(p["readout"]),
        "arrow": arrow,
        "equation": np.allclose(y, [[1.2, -1.8]]) and p["equation"].parts[2].labels._enabled,
        "caption": R4_CAPTION_NUMBERS in p["caption"].text(),
        "table": R4_CAPTION_NUMBERS in steps_caption(window, 7),
    }


# -- predict, then reveal ---------------------------------------------------------------------
def test_hide_outputs_hides_every_answer_until_r_reveals_it(qtbot, window):
    session = window.session
    session.set_cursor(7)
    assert all(answer_visible(window).values())
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert session.hide_outputs and window.classroom.hide_action.isChecked()
    assert not any(answer_visible(window).values()), answer_visible(window)
    readout, caption = window.panels["readout"], window.panels["caption"]
    # What stands in for the answer says what to do.
    assert readout.hidden_notice.isVisibleTo(readout)
    assert "press R" in readout.text()
    assert "Read r4: query [0.8, 0.6]" in readout.text()  # the question stays
    assert "Predict the output, then reveal (R)" in caption.text()
    assert "Step 7 of 7 · read r4" in caption.text()
    assert window.panels["equation"].output_hidden()
    assert "hidden" in steps_caption(window, 7)
    # S stays: the class needs it to predict qᵀS.
    np.testing.assert_allclose(window.panels["heatmap"].shown_matrix(), [[3, -3], [-2, 1]])

    qtbot.keyClick(window, Qt.Key.Key_R)
    assert all(answer_visible(window).values()), answer_visible(window)
    assert not readout.hidden_notice.isVisibleTo(readout)
    # Only r4 was revealed: r3 is still hidden, a write has nothing to hide.
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert session.cursor == 6 and session.is_hidden()
    assert "[3, −3]" not in caption.text() and "output y" not in readout.text()
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert "Write k3" in caption.text()
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert session.revealed == {"r4"}
    # Turning hiding off shows everything again.
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    session.set_cursor(6)
    assert "output y: [3, −3]" in readout.text()


def test_a_click_on_each_hidden_area_reveals_it(qtbot, window):
    session = window.session
    session.set_hide_outputs(True)
    session.set_cursor(7)
    readout = window.panels["readout"]
    qtbot.mouseClick(readout.hidden_notice, Qt.MouseButton.LeftButton)
    assert not session.is_hidden() and "output y: [1.2, −1.8]" in readout.text()

    session.set_cursor(6)
    caption = window.panels["caption"]
    assert session.is_hidden()
    qtbot.mouseClick(caption.caption, Qt.MouseButton.LeftButton)
    assert not session.is_hidden() and "[3, −3]" in caption.text()

    session.set_cursor(4)
    equation = window.panels["equation"]
    assert equation.output_hidden()
    spot = equation.graphics.mapFromScene(equation.parts[2].sceneBoundingRect().center())
    qtbot.mouseClick(equation.graphics.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert not session.is_hidden() and not equation.output_hidden()
    np.testing.assert_allclose(equation.shown_parts()[2][1], [[-2, 4]])


def test_a_click_beside_the_hidden_output_reveals_nothing(qtbot, window):
    session = window.session
    session.set_hide_outputs(True)
    session.set_cursor(7)
    equation = window.panels["equation"]
    spot = equation.graphics.mapFromScene(equation.parts[1].sceneBoundingRect().center())
    qtbot.mouseClick(equation.graphics.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    assert session.is_hidden()


def test_a_typed_prediction_shows_with_its_difference_after_the_reveal(qtbot, window):
    session = window.session
    session.set_hide_outputs(True)
    session.set_cursor(7)
    qtbot.keyClick(window, Qt.Key.Key_P)
    box = window.classroom.prediction_box
    qtbot.waitUntil(box.isVisible)
    assert not box.isModal()
    assert "r4" in box.prompt.text() and "2 numbers" in box.prompt.text()
    qtbot.keyClicks(box.edit, "0, -5")
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert not box.isVisible()
    np.testing.assert_array_equal(session.predictions["r4"], [0, -5])
    readout = window.panels["readout"]
    # Still hidden: the prediction shows, the answer does not.
    assert "Prediction entered: [0, −5]" in readout.text()
    assert "1.2" not in readout.text()
    assert "Prediction entered: [0, −5]" in window.panels["caption"].text()

    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert "prediction [0, −5] · true [1.2, −1.8] · off by [1.2, 3.2]" in readout.text()
    assert readout.prediction.isVisibleTo(readout)
    assert "output y: [1.2, −1.8]" in readout.text()


def test_a_bad_prediction_is_refused_with_the_reason_and_stores_nothing(qtbot, window):
    session = window.session
    session.set_hide_outputs(True)
    session.set_cursor(7)
    window.classroom.predict_action.trigger()
    box = window.classroom.prediction_box
    qtbot.waitUntil(box.isVisible)
    qtbot.keyClicks(box.edit, "1, 2, 3")
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert box.isVisible() and box.error.isVisibleTo(box)
    assert "y has 2 components (d_v = 2), but 3 numbers were typed" in box.error.text()
    assert session.predictions == {}
    assert "Prediction" not in window.panels["readout"].text()
    box.edit.clear()
    qtbot.keyClicks(box.edit, "1, x")
    box.set_button.click()
    assert "must be a number" in box.error.text() and session.predictions == {}
    box.edit.clear()
    qtbot.keyClicks(box.edit, "[1.2 -1.8]")
    box.set_button.click()
    assert not box.isVisible()
    np.testing.assert_array_equal(session.predictions["r4"], [1.2, -1.8])


def test_predictions_are_only_for_reads(qtbot, window):
    window.session.set_cursor(5)
    assert not window.classroom.predict_action.isEnabled()
    window.session.set_cursor(6)
    assert window.classroom.predict_action.isEnabled()


# -- change one thing, see the delta -----------------------------------------------------------
def test_the_baseline_panel_is_built_when_first_shown(qtbot, window):
    """Start-up does not pay for a panel most sessions never open; it comes complete."""
    assert "baseline" not in window.panels and window.baseline_dock.widget() is None
    window.baseline_dock.show()  # its tab, from the View menu
    window.baseline_dock.raise_()  # ... brought to the front
    qtbot.waitUntil(lambda: "baseline" in window.panels)
    panel = window.panels["baseline"]
    assert window.baseline_dock.widget() is panel
    assert panel.property("export_menu_for") == "baseline"  # its right-click export menu
    assert "baseline" in window.exporter.view_names()


def test_a_baseline_pinned_in_a_window_opened_dark_lists_light_words_on_dark(qtbot):
    """Its panel is built when first pinned: in a window opened dark it was a white
    list of light words (the application's palette, fixed before it had a parent)."""
    from PySide6 import QtCore, QtGui

    from linviz.views.main_window import MainWindow
    from linviz.views.theme import theme_named

    QtCore.QSettings().setValue("theme", "dark")
    session = Session()
    session.open("crowding-the-plane")
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    with qtbot.waitExposed(window):
        window.show()
    session.set_cursor(7)
    session.pin_baseline()
    qtbot.waitUntil(lambda: "baseline" in window.panels)
    table = window.panels["baseline"].reads
    qtbot.waitUntil(table.isVisible)
    dark, palette = theme_named("dark"), table.palette()
    assert palette.color(QtGui.QPalette.ColorRole.Base) == window.palette().color(
        QtGui.QPalette.ColorRole.Base
    )
    assert palette.color(QtGui.QPalette.ColorRole.Text).name() == dark.foreground


def test_the_baseline_shows_what_moving_k3_changed(qtbot, window):
    session = window.session
    assert not window.baseline_dock.isVisible()
    session.set_cursor(7)
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert session.baseline is not None
    assert window.baseline_dock.isVisible()
    panel = window.panels["baseline"]
    np.testing.assert_array_equal(panel.shown_difference(), np.zeros((2, 2)))
    assert all(change == "unchanged" for *_, change in panel.rows())

    k3 = session.scenario.step(5)
    session.execute(ReplaceStep(5, k3.with_changes(vector=[0.6, 0.8]), follow=False))
    original = Trace(load_scenario_named("crowding-the-plane"))
    expected = session.trace.state(7) - original.state(7)
    np.testing.assert_allclose(expected, [[0, 1], [0, -1]])  # the stamp moved rows
    np.testing.assert_allclose(panel.shown_difference(), expected)
    np.testing.assert_allclose(
        panel.shown_difference(), session.trace.state(7) - session.baseline_trace.state(7)
    )
    assert "S − S_baseline after step 7" in panel.map.shown_title()

    rows = {label: (old, now, change) for label, old, now, change in panel.rows()}
    assert list(rows) == ["r1", "r2", "r3", "r4"]
    assert rows["r1"][2] == rows["r2"][2] == "unchanged"
    for label, number in (("r3", 6), ("r4", 7)):
        old = read_result(original, number).output
        new = read_result(session.trace, number).output
        shown = (fmt_vector(old), fmt_vector(new), fmt_vector(new - old))
        assert rows[label] == tuple(localised(text) for text in shown)
    assert rows["r3"] == ("[3, −3]", "[3, −2]", "[0, 1]")
    assert rows["r4"][2] == "[0, 0.2]"

    # The difference follows the cursor: before k3 nothing differs.
    session.set_cursor(4)
    np.testing.assert_array_equal(panel.shown_difference(), np.zeros((2, 2)))

    window.classroom.clear_action.trigger()
    assert session.baseline is None and not window.baseline_dock.isVisible()


def test_the_panel_button_clears_the_baseline_and_undo_brings_back_no_difference(qtbot, window):
    session = window.session
    window.classroom.pin_action.trigger()
    k3 = session.scenario.step(5)
    session.execute(ReplaceStep(5, k3.with_changes(value=[1, 1])))
    panel = window.panels["baseline"]
    assert np.abs(panel.shown_difference()).max() > 0
    session.undo()
    np.testing.assert_array_equal(panel.shown_difference(), np.zeros((2, 2)))
    qtbot.mouseClick(panel.clear_button, Qt.MouseButton.LeftButton)
    assert not window.baseline_dock.isVisible()


def test_while_a_tip_is_dragged_the_difference_follows_and_the_list_after(qtbot, window):
    session = window.session
    session.set_cursor(7)
    window.classroom.pin_action.trigger()
    panel = window.panels["baseline"]
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.6, 0.8]))
    # Shown at the next frame (a drag refreshes the views once a frame).
    qtbot.waitUntil(lambda: np.allclose(panel.shown_difference(), [[0, 1], [0, -1]]))
    session.end_drag()
    assert session.undo_stack.can_undo()
    assert dict((label, change) for label, *_, change in panel.rows())["r3"] == "[0, 1]"


def load_scenario_named(name: str) -> Scenario:
    session = Session()
    session.open(name)
    return session.scenario


# -- captions -------------------------------------------------------------------------------------
def test_editing_a_caption_is_undoable_and_saved(qtbot, window, tmp_path):
    session = window.session
    session.set_cursor(3)
    caption = window.panels["caption"]
    qtbot.mouseDClick(caption.caption, Qt.MouseButton.LeftButton)
    assert caption.editing and caption.editor.isVisible()
    assert caption.editor.text() == session.text(session.scenario.step(3).caption)
    caption.editor.selectAll()
    # Letters and space that are shortcuts elsewhere (B, P, R, Space) are just text here.
    qtbot.keyClicks(caption.editor, "Read k1 back: probe r1")
    qtbot.keyClick(caption.editor, Qt.Key.Key_Return)
    assert not caption.editing and caption.caption.isVisible()
    assert str(session.scenario.step(3).caption) == "Read k1 back: probe r1"
    assert "Read k1 back: probe r1" in caption.text()
    assert session.baseline is None and not window.panels["timeline"].playing

    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    # The lesson's caption is back, its live fields filled in.
    assert session.scenario.step(3).caption.startswith("Read with k1: {y}, {verdict}.")
    assert "Read with k1: [3, 1], exact." in caption.text()
    session.redo()
    path = tmp_path / "captioned.json"
    window.save_to(path)
    assert str(load_scenario(path).step(3).caption) == "Read k1 back: probe r1"


def test_esc_cancels_a_caption_edit_even_in_projector_mode(qtbot, window):
    session = window.session
    window.set_projector_mode(True)
    session.set_cursor(2)
    caption = window.panels["caption"]
    before = session.scenario.step(2).caption
    caption.start_editing()
    qtbot.keyClicks(caption.editor, "scrap this")
    qtbot.keyClick(caption.editor, Qt.Key.Key_Escape)
    assert not caption.editing
    assert session.options.projector  # Esc went to the editor, not to the window
    assert session.scenario.step(2).caption == before
    assert not session.undo_stack.can_undo()
    window.set_projector_mode(False)


def test_moving_on_while_typing_keeps_the_text_on_its_step(qtbot, window):
    session = window.session
    session.set_cursor(2)
    caption = window.panels["caption"]
    caption.start_editing()
    caption.editor.setText("k2 points up")
    qtbot.keyClick(caption.editor, Qt.Key.Key_PageDown)  # next step, still typing
    assert session.cursor == 3 and not caption.editing
    assert session.text(session.scenario.step(2).caption) == "k2 points up"
    assert "Read with k1" in caption.text()


def test_editing_a_hidden_reads_caption_reveals_it_first(qtbot, window):
    session = window.session
    session.set_hide_outputs(True)
    session.set_cursor(7)
    caption = window.panels["caption"]
    caption.edit_button.click()
    assert not session.is_hidden()
    # The text box holds the caption's template, live fields and all.
    assert caption.editor.text() == session.text(session.scenario.step(7).caption)
    assert caption.editor.text().startswith("Read k3: {y}, wanted {expected}.")
    caption.cancel_edit()


def test_with_no_steps_the_scenario_caption_is_edited(qtbot):
    session = Session(Scenario(2, 2, title="Blank", caption="Start here"))
    bar = CaptionBar(session)
    qtbot.addWidget(bar)
    with qtbot.waitExposed(bar):
        bar.show()
    assert session.cursor == 0 and "Start here" in bar.text()
    qtbot.mouseDClick(bar.caption, Qt.MouseButton.LeftButton)
    bar.editor.selectAll()
    qtbot.keyClicks(bar.editor, "An empty memory")
    qtbot.keyClick(bar.editor, Qt.Key.Key_Enter)
    assert session.scenario.caption == "An empty memory"
    assert "An empty memory" in bar.text()
    session.undo()
    assert session.scenario.caption == "Start here" and "Start here" in bar.text()


def test_a_refused_caption_is_reported_and_nothing_changes(qtbot, window):
    session = window.session
    session.set_cursor(1)
    caption = window.panels["caption"]
    caption.start_editing()
    caption.editor.setText("x" * 100_000)
    with qtbot.waitSignal(caption.message, timeout=1000) as blocker:
        caption.commit_edit()
    assert "caption" in blocker.args[0]
    assert session.scenario.step(1).caption.startswith("Write k1")
    assert not session.undo_stack.can_undo()


def test_a_caption_follows_a_real_drag_and_a_stale_one_is_marked_until_undo(qtbot, window):
    """The issue's case: drag k3 onto k2 in crowding-the-plane; r4 then reads [1.2, 0.2]."""
    from tests.views.conftest import data_to_viewport, drag

    session = window.session
    caption, keys = window.panels["caption"], window.panels["keys"]
    session.set_cursor(5)  # write k3 = (0.8, 0.6): the key plane grabs k3
    assert "Write k3 = [0.8, 0.6] with value [0, −5]" in caption.text()
    assert "Read k3: [1.2, −1.8], wanted [0, −5]. It weighs k1 by 0.8 and k2 by 0.6" in (
        steps_caption(window, 7)
    )

    def drag_k3_onto_k2() -> None:
        plot = keys.plot_widget
        drag(plot, data_to_viewport(plot, 0.8, 0.6), data_to_viewport(plot, 0.0, 1.0))
        np.testing.assert_array_equal(session.scenario.step(5).vector, [0, 1])

    # Live fields follow the drag: the caption bar, the table and the chips' tooltips.
    drag_k3_onto_k2()
    assert "Write k3 = [0, 1] with value [0, −5]" in caption.text()
    assert "Read k3: [1.2, 0.2], wanted [0, −5]. It weighs k1 by 0 and k2 by 1" in (
        steps_caption(window, 7)
    )
    assert "Read k3: [1.2, 0.2]" in window.panels["timeline"].strip._tooltip(7)
    assert not caption.stale_shown()
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "Write k3 = [0.8, 0.6]" in caption.text()

    # A caption that states numbers in its own words cannot follow: it is marked.
    qtbot.mouseDClick(caption.caption, Qt.MouseButton.LeftButton)
    caption.editor.selectAll()
    qtbot.keyClicks(caption.editor, "k3 = (0.8, 0.6) spills into both rows")
    qtbot.keyClick(caption.editor, Qt.Key.Key_Return)
    assert str(session.scenario.step(5).caption) == "k3 = (0.8, 0.6) spills into both rows"
    assert not caption.stale_shown()
    drag_k3_onto_k2()
    assert caption.stale_shown()
    assert "written for an earlier version of this scenario" in caption.text()
    assert steps_caption(window, 5).startswith("\u26a0 k3 = (0.8, 0.6)")
    # The drag is undone: the caption is true again, the mark goes.
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    np.testing.assert_array_equal(session.scenario.step(5).vector, [0.8, 0.6])
    assert not caption.stale_shown()
    assert "written for an earlier version" not in caption.text()
    assert steps_caption(window, 5) == "k3 = (0.8, 0.6) spills into both rows"


def test_a_caption_with_a_bad_field_is_refused_and_the_text_kept(qtbot, window):
    session = window.session
    session.set_cursor(5)
    caption = window.panels["caption"]
    before = session.scenario.step(5).caption
    caption.start_editing()
    assert "{y@r1}" in caption.hint.text()  # the live fields are named while typing
    caption.editor.selectAll()
    qtbot.keyClicks(caption.editor, "k3 gives {y} here")  # {y} is a read's, k3 is a write
    with qtbot.waitSignal(caption.message) as heard:
        qtbot.keyClick(caption.editor, Qt.Key.Key_Return)
    assert "step 5" in heard.args[0] and "{y}" in heard.args[0]
    assert "\n" not in heard.args[0]
    assert caption.editing and caption.editor.text() == "k3 gives {y} here"
    assert caption.hint.text() == heard.args[0]
    assert session.scenario.step(5).caption == before and not session.undo_stack.can_undo()
    caption.cancel_edit()


def test_one_number_is_one_number_not_1_numbers(qtbot):
    from linviz.model.scenario import read, write
    from linviz.views.classroom.prediction_box import PredictionBox

    session = Session(Scenario(2, 1, [write([1, 0], [4], "k1"), read([1, 0], "r1")]))
    session.set_cursor(2)
    box = PredictionBox(session)
    qtbot.addWidget(box)
    box.open_for_cursor()
    assert "Type y's 1 number, e.g. 1.2." in box.prompt.text()
    qtbot.keyClicks(box.edit, "1, 2")
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    assert "y has 1 component (d_v = 1), but 2 numbers were typed." in box.error.text()
    box.close()
