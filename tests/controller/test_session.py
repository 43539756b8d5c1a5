"""The session as a user drives it: cursor, edits, drags, files, options, predictions, baseline.

Numbers are the course's worked case 1 (CURRICULUM.md): keys [1,0] and [0,1]
store [2,3] and [5,1]; the query [1,1] reads the blend [7,4]; a second write
of [9,9] under [1,0] makes that key read [11,12].
"""

import json
from dataclasses import fields
from pathlib import Path
from typing import get_type_hints

import numpy as np
import pytest

from linviz.controller.changes import Change
from linviz.controller.commands import InsertStep, RemoveStep, ReplaceStep, Resize
from linviz.controller.session import OptionChanges, Session, ViewOptions
from linviz.model.errors import ScenarioError
from linviz.model.lessons import resolve_scenario_path
from linviz.model.scenario import Scenario, read, write


def course_case():
    """Worked case 1, step for step."""
    return Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "w1"),
            write([0, 1], [5, 1], "w2"),
            read([1, 0], "r1"),
            read([0, 1], "r2"),
            read([1, 1], "r3"),
            write([1, 0], [9, 9], "w3"),
            read([1, 0], "r4"),
        ],
        title="Worked case 1",
    )


@pytest.fixture
def session():
    return Session(course_case())


@pytest.fixture
def events(session):
    seen = []
    session.changed.connect(seen.append)
    return seen


# -- cursor -----------------------------------------------------------------------
def test_a_new_session_shows_the_last_step_and_the_cursor_stays_on_real_steps(session, events):
    assert session.cursor == 7
    session.set_cursor(99)
    assert session.cursor == 7 and events == []  # already there: nothing to redraw
    session.set_cursor(-3)  # step 0, the empty memory before any write, is a step
    assert session.cursor == 0 and events == [frozenset({Change.CURSOR})]
    session.set_cursor(1)
    assert session.cursor == 1
    session.step_by(2)
    assert session.cursor == 3
    session.step_by(-1)
    assert session.cursor == 2
    empty = Session(Scenario(2, 2))
    assert empty.cursor == 0
    empty.set_cursor(5)
    assert empty.cursor == 0


def test_a_new_session_starts_empty_with_the_default_view_options():
    session = Session()
    sc = session.scenario
    assert (sc.d_k, sc.d_v, len(sc), sc.title) == (2, 2, 0, "Untitled")
    assert session.cursor == 0 and session.path is None and not session.is_modified
    options = session.options
    assert (options.key_axes, options.value_axes) == ((0, 1), (0, 1))
    assert (options.snap_grid, options.snap_unit) == (True, False)
    assert (options.theme, options.projector) == ("light", False)
    assert not session.hide_outputs and session.baseline is None and not session.dragging


def test_the_snapshot_at_the_cursor_is_the_courses_numbers(session):
    assert np.array_equal(session.snapshot().state, [[11, 12], [5, 1]])
    assert np.array_equal(session.snapshot().read.output, [11, 12])
    assert np.array_equal(session.snapshot(5).read.output, [7, 4])
    session.set_cursor(6)
    record = session.snapshot().write
    assert np.array_equal(record.state_before, [[2, 3], [5, 1]])
    assert np.array_equal(record.stamp, [[9, 9], [0, 0]])


def test_an_edit_drops_the_snapshots_it_made_stale(session):
    assert np.array_equal(session.snapshot(5).read.output, [7, 4])
    session.execute(ReplaceStep(2, session.scenario.step(2).with_changes(value=[5, 2])))
    assert np.array_equal(session.snapshot(5).read.output, [7, 5])


# -- edits and undo ---------------------------------------------------------------------
def test_an_edit_moves_the_cursor_to_the_step_and_undo_redo_follow_it(session, events):
    session.set_cursor(1)
    events.clear()
    session.execute(InsertStep(3, read([1, 1], "probe")))
    assert session.cursor == 3 and len(session.scenario) == 8
    assert events == [frozenset({Change.SCENARIO, Change.CURSOR, Change.FILE})]
    assert session.is_modified
    session.undo()
    assert len(session.scenario) == 7 and session.cursor == 3
    assert not session.is_modified
    session.redo()
    assert session.scenario.label_at(3) == "probe"
    session.execute(RemoveStep(8))
    assert session.cursor == 7  # the removed step was the last: clamped
    session.undo()
    session.undo()
    session.undo()  # nothing left: no error, nothing changes
    assert session.scenario == course_case()


def test_a_refused_edit_changes_nothing_and_says_which_step_and_field(session, events):
    session.set_cursor(2)
    events.clear()
    huge = write([1e200, 0], [1e200, 0], "w4")
    with pytest.raises(ScenarioError) as caught:
        session.execute(InsertStep(8, huge))
    assert str(caught.value).startswith("step 8, field 'key': the state S overflows")
    assert session.scenario == course_case()
    assert session.cursor == 2 and events == []
    assert not session.undo_stack.can_undo()
    assert np.array_equal(session.trace.state(7), [[11, 12], [5, 1]])


def test_resize_cuts_components_and_undo_brings_them_back(session):
    session.execute(Resize(1, 2))
    assert np.array_equal(session.trace.state(7), [[11, 12]])
    session.undo()
    assert session.scenario == course_case()
    assert np.array_equal(session.trace.state(7), [[11, 12], [5, 1]])


# -- dragging ------------------------------------------------------------------------
def test_a_drag_shows_every_move_and_ends_as_one_undoable_edit(session, events):
    session.begin_drag(1, "vector")
    assert session.dragging and session.dragged_step == 1
    session.drag_to(np.array([0.0, 1.0]))
    session.drag_to(np.array([1.0, 1.0]))
    assert np.array_equal(session.trace.state(2), [[2, 3], [7, 4]])
    assert not session.undo_stack.can_undo()
    assert events == [frozenset({Change.SCENARIO})] * 2
    session.end_drag()
    assert not session.dragging and session.dragged_step is None
    assert session.undo_stack.undo_text() == "move key w1"
    assert session.cursor == 7  # the user keeps watching the read they were looking at
    session.undo()
    assert session.scenario == course_case()
    assert session.undo_stack.redo_text() == "move key w1"


@pytest.mark.parametrize(
    "number, field_name, text", [(3, "vector", "move query r1"), (2, "value", "move value w2")]
)
def test_a_drag_is_named_after_what_was_dragged(session, number, field_name, text):
    session.begin_drag(number, field_name)
    session.drag_to(np.array([0.5, 0.5]))
    session.end_drag()
    assert session.undo_stack.undo_text() == text


def test_a_drag_that_ends_where_it_started_leaves_no_undo_entry(session):
    session.begin_drag(1, "vector")
    session.drag_to(np.array([3.0, 3.0]))
    session.drag_to(np.array([1.0, 0.0]))
    session.end_drag()
    assert not session.undo_stack.can_undo()
    session.end_drag()  # no drag on: nothing happens
    session.drag_to(np.array([3.0, 3.0]))
    assert session.scenario == course_case()


def test_a_cancelled_drag_puts_the_vector_back(session, events):
    session.begin_drag(6, "value")
    session.drag_to(np.array([0.0, 0.0]))
    assert np.array_equal(session.trace.state(7), [[2, 3], [5, 1]])
    session.cancel_drag()
    assert not session.dragging
    assert session.scenario == course_case()
    assert np.array_equal(session.trace.state(7), [[11, 12], [5, 1]])
    assert events[-1] == frozenset({Change.SCENARIO})
    assert not session.undo_stack.can_undo()


def test_undo_during_a_drag_cancels_the_drag_first(session):
    session.execute(ReplaceStep(4, session.scenario.step(4).with_changes(vector=[2, 2])))
    session.begin_drag(1, "vector")
    session.drag_to(np.array([0.0, 2.0]))
    session.undo()
    assert not session.dragging
    assert session.scenario == course_case()


def test_redo_during_a_drag_cancels_the_drag_first(session):
    # Redo inserts w0 before the dragged w1: ending the drag afterwards used to
    # raise, and w1's dragged key stayed, with no undo entry to take it back.
    session.execute(InsertStep(1, write([1, 1], [1, 1], "w0")))
    session.undo()
    session.begin_drag(1, "vector")
    session.drag_to(np.array([0.0, 1.0]))
    session.redo()
    assert not session.dragging
    assert session.scenario.label_at(1) == "w0"
    assert session.scenario.step(2).vector.tolist() == [1, 0]
    session.end_drag()  # nothing left to end
    session.undo()
    assert session.scenario == course_case()


def test_a_drag_to_an_overflowing_key_is_refused_and_undone(session):
    session.begin_drag(1, "vector")
    session.drag_to(np.array([1e308, 0.0]))  # 1e308 × 3 is beyond the float range
    with pytest.raises(ScenarioError, match="step 1, field 'key'"):
        session.end_drag()
    assert session.scenario == course_case()
    assert not session.undo_stack.can_undo()


# -- files ---------------------------------------------------------------------------
def test_a_bundled_lesson_opens_as_an_unsaved_copy(session, events):
    session.pin_baseline()
    session.set_hide_outputs(True)
    session.reveal(3)
    session.set_prediction("r3", [7, 4])
    events.clear()
    session.open("crowding-the-plane")
    assert session.path is None  # saving must not write into the package
    assert session.title == "Crowding the plane"  # in the language shown (English)
    assert session.cursor == 0  # a lesson starts from the empty memory
    assert not session.undo_stack.can_undo() and not session.is_modified
    assert session.baseline is None and session.baseline_trace is None
    assert session.revealed == set() and session.predictions == {}
    assert events == [
        frozenset({Change.SCENARIO, Change.CURSOR, Change.FILE, Change.BASELINE, Change.REVEAL})
    ]
    assert np.array_equal(session.trace.state(2), [[3, 1], [-2, 4]])


def test_a_file_opens_with_its_path_and_saves_back_to_it(session, tmp_path, events):
    path = tmp_path / "mine.json"
    path.write_bytes(resolve_scenario_path("session-trace").read_bytes())
    session.open(path)
    assert session.path == path
    session.execute(ReplaceStep(1, session.scenario.step(1).with_changes(value=[2, 4])))
    assert session.is_modified
    events.clear()
    assert session.save() == path
    assert not session.is_modified and events == [frozenset({Change.FILE})]
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["steps"][0]["value"] == [2, 4]
    other = tmp_path / "other.json"
    session.save(other)
    assert session.path == other and other.exists()


def test_a_file_that_cannot_be_used_leaves_the_session_as_it_was(session, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "linviz-scenario"}', encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        session.open(path)
    assert str(caught.value) == f"{path}, field 'version': version must be 1, got None"
    assert session.scenario == course_case() and session.cursor == 7


def test_saving_a_session_without_a_file_asks_for_a_name(session):
    with pytest.raises(ValueError, match="no file name yet"):
        session.save()
    assert session.title == "Worked case 1"
    untitled = Session(Scenario(2, 2, title=""), path=None)
    assert untitled.title == "Untitled"
    named = Session(Scenario(2, 2, title=""), path=Path("/tmp/lesson.json"))
    assert named.title == "lesson.json"


# -- view options -------------------------------------------------------------------------
def test_view_options_are_checked_and_announced_only_when_they_change(session, events):
    session.set_options(theme="dark", key_axes=(1, 0))
    assert session.options.theme == "dark" and session.options.key_axes == (1, 0)
    assert events == [frozenset({Change.OPTIONS})]
    session.set_options(theme="dark")
    assert len(events) == 1
    with pytest.raises(ValueError, match="unknown view option\\(s\\): colour, size"):
        session.set_options(colour="red", size=3)
    with pytest.raises(ValueError, match="key_axes \\(0, 2\\) out of range for size 2"):
        session.set_options(key_axes=(0, 2))
    with pytest.raises(ValueError, match="value_axes \\(-1, 0\\) out of range for size 2"):
        session.set_options(value_axes=(-1, 0))
    assert session.options.key_axes == (1, 0) and len(events) == 1


def test_every_view_option_has_its_typed_keyword():
    # set_options' keywords are typed by OptionChanges: a field added to
    # ViewOptions but not there would be refused by the type checker.
    assert OptionChanges.__optional_keys__ == {f.name for f in fields(ViewOptions)}
    assert not OptionChanges.__required_keys__
    assert get_type_hints(OptionChanges) == get_type_hints(ViewOptions)


def test_the_planes_show_two_different_components_that_exist():
    session = Session(Scenario(3, 1))
    assert session.plane_axes("key") == (0, 1)
    assert session.plane_axes("value") == (0, 0)  # one component, against 0
    session.set_options(key_axes=(2, 2))
    assert session.plane_axes("key") == (2, 0)
    session.set_options(key_axes=(1, 2))
    session.scenario.resize(2, 1)
    assert session.plane_axes("key") == (1, 0)


def test_the_key_plane_shows_phi_of_k_by_default_when_the_feature_map_is_not_identity(
    session, events
):
    session.open("feature-map")  # φ = elu+1
    assert session.options.key_space == "auto" and session.key_space() == "phi"
    session.set_options(key_space="k")
    assert session.key_space() == "k" and events[-1] == frozenset({Change.OPTIONS})
    with pytest.raises(ValueError, match="key_space 'q': choose one of auto, k, phi"):
        session.set_options(key_space="q")
    session.set_options(key_space="auto")
    session.open("crowding-the-plane")  # identity: φ(k) = k, the keys are shown as written
    assert session.key_space() == "k"
    session.set_options(key_space="phi")
    assert session.key_space() == "phi"


# -- predict, then reveal -------------------------------------------------------------------
def test_hidden_outputs_hide_reads_only_until_revealed(session, events):
    assert not session.is_hidden(3)
    session.set_hide_outputs(True)
    assert events == [frozenset({Change.REVEAL})]
    assert session.is_hidden(3) and session.is_hidden()  # the cursor is on read r4
    assert not session.is_hidden(1)  # a write shows what it stores
    assert not session.is_hidden(0) and not session.is_hidden(8)
    session.reveal(3)
    assert not session.is_hidden(3) and session.is_hidden(5)
    assert session.revealed == {"r1"}
    session.reveal(1)  # a write: nothing to reveal
    assert session.revealed == {"r1"} and len(events) == 2
    session.set_hide_outputs(True)
    assert len(events) == 2
    session.set_hide_outputs(False)
    assert session.revealed == set() and not session.is_hidden(5)


def test_a_prediction_is_compared_with_the_read_once_revealed(session, events):
    session.set_hide_outputs(True)
    session.set_prediction("r3", [5, 5])  # the class expects the average
    assert events[-1] == frozenset({Change.REVEAL})
    assert session.prediction_gap(5) is None  # still hidden
    session.reveal(5)
    prediction, gap = session.prediction_gap(5)
    assert np.array_equal(prediction, [5, 5]) and np.array_equal(gap, [2, -1])
    session.reveal(3)
    assert session.prediction_gap(3) is None  # no prediction for r1
    assert session.prediction_gap(1) is None  # a write
    session.set_cursor(5)
    assert np.array_equal(session.prediction_gap()[1], [2, -1])
    session.set_prediction("r3", None)
    assert session.prediction_gap(5) is None
    session.set_prediction("r3", None)  # clearing twice is fine


def test_a_prediction_must_be_a_value_of_d_v_numbers(session):
    with pytest.raises(ScenarioError, match="value has 3 components but S has d_v = 2 columns"):
        session.set_prediction("r3", [1, 2, 3])
    assert session.predictions == {}


# -- baseline -------------------------------------------------------------------------------
def test_a_pinned_baseline_shows_what_one_change_did(session, events):
    assert session.baseline_difference() is None and session.baseline_read_changes() == []
    session.pin_baseline()
    assert events == [frozenset({Change.BASELINE})]
    session.execute(ReplaceStep(1, session.scenario.step(1).with_changes(value=[2, 4])))
    assert np.array_equal(session.baseline_difference(2), [[0, 1], [0, 0]])
    assert np.array_equal(session.baseline_difference(), [[0, 1], [0, 0]])  # cursor: step 1
    changes = {
        label: (old.tolist(), new.tolist()) for label, old, new in session.baseline_read_changes()
    }
    assert changes == {
        "r1": ([2, 3], [2, 4]),
        "r2": ([5, 1], [5, 1]),
        "r3": ([7, 4], [7, 5]),
        "r4": ([11, 12], [11, 13]),
    }
    deltas = {label: delta.tolist() for label, _, _, delta in session.baseline_read_deltas()}
    assert deltas == {"r1": [0, 1], "r2": [0, 0], "r3": [0, 1], "r4": [0, 1]}


def test_reads_are_matched_with_the_baseline_by_label(session):
    session.pin_baseline()
    session.execute(InsertStep(1, write([1, 1], [1, 0], "w0")))
    session.execute(InsertStep(5, read([0, 1], "new")))
    changes = {
        label: (old.tolist(), new.tolist()) for label, old, new in session.baseline_read_changes()
    }
    # r1 was step 3 and is step 4 now; the new read has nothing to compare with.
    assert changes == {
        "r1": ([2, 3], [3, 3]),
        "r2": ([5, 1], [6, 1]),
        "r3": ([7, 4], [9, 4]),
        "r4": ([11, 12], [12, 12]),
    }
    # Only the reads nearest the cursor, in step order: r4 (step 9) and r3 (step 7).
    session.set_cursor(9)
    nearest = [label for label, _, _ in session.baseline_read_changes(limit=2)]
    assert nearest == ["r3", "r4"]


def test_a_read_whose_label_was_a_write_in_the_baseline_is_not_compared(session):
    session.pin_baseline()
    session.execute(RemoveStep(6))
    session.execute(InsertStep(6, read([1, 0], "w3")))
    labels = [label for label, _, _ in session.baseline_read_changes()]
    assert labels == ["r1", "r2", "r3", "r4"]


def test_a_baseline_of_other_sizes_is_not_compared(session):
    session.pin_baseline()
    session.execute(Resize(2, 3))
    assert session.baseline_difference(7) is None
    assert session.baseline_read_changes() == []
    session.undo()
    session.execute(RemoveStep(7))
    assert np.array_equal(session.baseline_difference(6), np.zeros((2, 2)))
    session.execute(InsertStep(7, read([1, 0], "later")))
    session.execute(InsertStep(8, read([1, 0], "last")))
    assert session.baseline_difference(8) is None  # the baseline has 7 steps
    session.clear_baseline()
    assert session.baseline is None and session.baseline_difference(2) is None
