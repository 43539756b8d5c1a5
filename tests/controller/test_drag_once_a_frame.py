"""A drag shown once a frame: moves are kept, the latest is shown when the frame comes.

The window gives the session a frame scheduler (run this once the waiting
events are handled). Here the scheduler only collects what it is given, so
each test decides when "the frame" comes.
"""

from __future__ import annotations

import numpy as np
import pytest

from linviz.controller.session import Change, Session
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario, read, write


class Frames:
    """A frame scheduler that runs what it was given only when asked."""

    def __init__(self) -> None:
        self.waiting: list = []

    def __call__(self, flush) -> None:
        self.waiting.append(flush)

    def come(self) -> None:
        waiting, self.waiting = self.waiting, []
        for flush in waiting:
            flush()


def dragging_session() -> tuple[Session, Frames, list]:
    scenario = Scenario(
        2, 2, [write([1, 0], [2, 3], "k1"), write([0, 1], [5, 1], "k2"), read([1, 0], "r1")]
    )
    session = Session(scenario)
    frames = Frames()
    session.frame_scheduler = frames
    heard: list = []
    session.changed.connect(heard.append)
    session.begin_drag(1, "vector")
    return session, frames, heard


def key(session: Session, number: int = 1) -> list[float]:
    return session.scenario.step(number).vector.tolist()


def test_many_moves_before_a_frame_are_shown_once_as_the_latest():
    session, frames, heard = dragging_session()
    for x in (0.9, 0.8, 0.7):
        session.drag_to(np.array([x, 0.5]))
    assert len(frames.waiting) == 1  # one frame asked for, however many moves
    assert key(session) == [1.0, 0.0] and heard == []  # nothing shown yet
    assert session.drag_pending and session.drag_vector().tolist() == [0.7, 0.5]
    frames.come()
    assert key(session) == [0.7, 0.5] and not session.drag_pending
    assert heard == [frozenset({Change.SCENARIO})]
    np.testing.assert_allclose(session.trace.state(1), [[1.4, 2.1], [1.0, 1.5]], rtol=1e-15)
    session.drag_to(np.array([0.6, 0.5]))  # the next move asks for the next frame
    assert len(frames.waiting) == 1


def test_a_move_the_scenario_refuses_is_refused_at_once_and_the_last_good_one_kept():
    session, frames, _ = dragging_session()
    session.drag_to(np.array([0.5, 0.5]))
    with pytest.raises(ScenarioError) as refused:
        session.drag_to(np.array([np.inf, 0.0]))
    # Named as an immediate move names it (replace_step): with the step dragged.
    assert str(refused.value) == "step 1, field 'key': key component 1 must be finite, got inf"
    frames.come()
    assert key(session) == [0.5, 0.5]


def test_releasing_before_the_frame_makes_the_last_move_one_undoable_edit():
    session, frames, heard = dragging_session()
    cursor = session.cursor
    session.drag_to(np.array([0.3, 0.4]))
    session.end_drag()
    assert key(session) == [0.3, 0.4] and not session.dragging
    assert session.undo_stack.undo_text() == "move key k1"
    frames.come()  # the frame asked for before the release shows nothing new
    assert key(session) == [0.3, 0.4]
    session.undo()
    assert key(session) == [1.0, 0.0]
    heard.clear()
    session.redo()
    assert key(session) == [0.3, 0.4] and session.cursor == cursor  # nor moves the cursor
    assert heard and Change.SCENARIO in heard[-1]  # the views follow the redo
    heard.clear()
    session.redo()  # nothing left to redo: nothing changes, nothing is announced
    assert heard == []


def test_moving_away_and_back_before_the_frame_leaves_no_edit_and_redraws():
    session, frames, heard = dragging_session()
    session.drag_to(np.array([0.2, 0.2]))
    frames.come()
    session.drag_to(np.array([1.0, 0.0]))  # back where it began, not shown yet
    heard.clear()
    session.end_drag()
    assert key(session) == [1.0, 0.0]
    assert not session.undo_stack.can_undo()
    assert heard == [frozenset({Change.SCENARIO})]  # the views leave [0.2, 0.2]


def test_cancelling_puts_the_vector_back_and_the_waiting_frame_shows_nothing():
    session, frames, _ = dragging_session()
    session.drag_to(np.array([0.2, 0.9]))
    session.cancel_drag()
    frames.come()
    assert key(session) == [1.0, 0.0] and not session.dragging
    assert session.drag_vector() is None


def test_a_drag_of_a_value_is_named_so_in_the_undo_history():
    session, frames, _ = dragging_session()
    session.begin_drag(2, "value")
    session.drag_to(np.array([4.0, 4.0]))
    frames.come()
    assert session.drag_vector().tolist() == [4.0, 4.0]
    session.end_drag()
    assert session.scenario.step(2).value.tolist() == [4.0, 4.0]
    assert session.undo_stack.undo_text() == "move value k2"
