"""Undo, redo and any edit during a drag end or cancel the drag first.

The reported failures, each reproduced through the session as the window
drives it (Ctrl+Z / Ctrl+Shift+Z with the mouse still down, a typed edit
while a key is held, a prediction made before ``d_v`` changed).
"""

import numpy as np
import pytest

from linviz.controller.commands import InsertStep, RemoveStep, Resize, SetText
from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import dumps_scenario


def session_with_history():
    """Four writes and a read; the last edit (inserting k3 at step 3) is undone."""
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [1, 0], "k1"),
            write([0, 1], [0, 1], "k2"),
            write([1, 1], [2, 2], "k4"),
            write([1, -1], [3, 3], "k5"),
            read([1, 0], "r1"),
        ],
    )
    session = Session(scenario)
    session.execute(InsertStep(3, write([2, 0], [5, 5], "k3")))
    session.undo()
    return session


def saved(session):
    return dumps_scenario(session.scenario)


def test_redo_during_a_drag_cancels_the_drag_first():
    session = session_with_history()
    before = saved(session)
    session.begin_drag(4, "vector")  # k5
    session.drag_to(np.array([0.5, 0.5]))
    session.redo()  # re-inserts k3 at step 3: k5 becomes step 5
    assert not session.dragging and session.dragged_step is None
    session.drag_to(np.array([9.0, 9.0]))  # the mouse keeps moving: nothing happens
    session.end_drag()  # the mouse is released: nothing happens
    assert session.scenario.labels() == ["k1", "k2", "k3", "k4", "k5", "r1"]
    assert session.scenario.step(5).vector.tolist() == [1, -1]  # k5 where it was
    session.undo()  # undoes the redo, and nothing else
    assert saved(session) == before
    session.undo()  # no "label 'k3' is already used"
    assert session.scenario.labels() == ["k1", "k2", "k4", "k5", "r1"]


def test_undo_during_a_drag_cancels_the_drag_then_undoes():
    session = session_with_history()
    session.redo()  # k3 is step 3 again
    session.begin_drag(3, "vector")
    session.drag_to(np.array([4.0, 4.0]))
    session.undo()  # removes k3: the step being dragged is gone
    assert not session.dragging and session.dragged_step is None
    session.drag_to(np.array([5.0, 5.0]))  # was: IndexError: step ... out of range
    session.end_drag()
    assert session.scenario.labels() == ["k1", "k2", "k4", "k5", "r1"]
    assert not session.undo_stack.can_undo()


def test_an_edit_during_a_drag_first_ends_the_drag():
    session = session_with_history()
    session.begin_drag(4, "vector")  # k5
    session.drag_to(np.array([0.5, 0.5]))
    session.execute(RemoveStep(1))  # k5 becomes step 3
    assert not session.dragging
    assert session.scenario.labels() == ["k2", "k4", "k5", "r1"]
    assert session.scenario.step(3).vector.tolist() == [0.5, 0.5]  # the drag was kept
    session.end_drag()  # the release that follows changes nothing
    assert session.scenario.step(3).vector.tolist() == [0.5, 0.5]
    session.undo()  # the removal
    session.undo()  # the move
    assert session.scenario.step(4).vector.tolist() == [1, -1]
    assert session.scenario.labels() == ["k1", "k2", "k4", "k5", "r1"]


def test_a_settings_edit_during_a_drag_ends_it_as_its_own_undo_step():
    session = session_with_history()
    session.begin_drag(1, "value")
    session.drag_to(np.array([7.0, 7.0]))
    session.execute(SetText(title="renamed"))
    assert not session.dragging
    assert [session.undo_stack.undo_text()] == ["edit title"]
    session.undo()
    assert session.undo_stack.undo_text() == "move value k1"


def test_replacing_the_scenario_during_a_drag_cancels_it():
    session = session_with_history()
    session.begin_drag(1, "vector")
    session.drag_to(np.array([3.0, 3.0]))
    session.replace_scenario(Scenario(1, 1, [write([1], [1], "a")]), None)
    assert not session.dragging
    session.end_drag()
    assert session.scenario.labels() == ["a"]


def test_saving_during_a_drag_saves_the_drag_as_an_edit(tmp_path):
    session = session_with_history()
    session.begin_drag(1, "vector")
    session.drag_to(np.array([3.0, 3.0]))
    session.save(tmp_path / "mid-drag.json")
    assert not session.dragging and not session.is_modified
    session.end_drag()
    assert not session.is_modified


def test_a_drag_of_a_step_that_was_changed_behind_its_back_is_dropped():
    session = session_with_history()
    session.begin_drag(5, "vector")  # r1
    session.scenario.remove_step(1)  # not through the session: step 5 is gone
    session.drag_to(np.array([1.0, 1.0]))
    assert not session.dragging
    session.end_drag()
    assert session.scenario.labels() == ["k2", "k4", "k5", "r1"]


def test_a_prediction_made_before_d_v_changed_is_dropped_not_broadcast():
    session = session_with_history()
    number = session.scenario.number_of("r1")
    session.set_hide_outputs(True)
    session.set_prediction("r1", np.array([1.0, 2.0]))
    session.reveal(number)
    assert session.prediction_gap(number) is not None
    session.execute(Resize(2, 3))
    assert session.prediction_gap(number) is None  # was: operands could not be broadcast
    assert "r1" not in session.predictions
    session.undo()
    assert session.prediction_gap(number) is None


def test_a_prediction_of_the_right_size_survives_other_edits():
    session = session_with_history()
    number = session.scenario.number_of("r1")
    session.set_prediction("r1", np.array([1.0, 2.0]))
    session.execute(SetText(title="x"))
    prediction, gap = session.prediction_gap(number)
    assert prediction.tolist() == [1, 2] and gap.shape == (2,)


def test_begin_drag_of_a_missing_step_is_refused_clearly():
    session = session_with_history()
    with pytest.raises(IndexError, match="step 9 out of range"):
        session.begin_drag(9, "vector")
    assert not session.dragging
