"""The session announces what changed as Change members, never as strings."""

import numpy as np
import pytest

from linviz.controller.changes import Change
from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session


def test_every_announcement_is_a_frozenset_of_change_members():
    session = Session()
    session.open("crowding-the-plane")
    heard = []
    session.changed.connect(heard.append)
    session.set_cursor(2)
    session.set_options(snap_grid=False)
    step = session.scenario.step(1)
    session.execute(ReplaceStep(1, step.with_changes(vector=np.array([0.5, 0.5]))))
    session.undo()
    session.begin_drag(1, "vector")
    session.drag_to(np.array([0.2, 0.9]))
    session.cancel_drag()
    session.pin_baseline()
    session.clear_baseline()
    session.set_hide_outputs(True)
    session.open("session-trace")
    assert len(heard) >= 10
    for changes in heard:
        assert isinstance(changes, frozenset) and changes
        assert all(isinstance(change, Change) for change in changes), changes
    assert heard[0] == {Change.CURSOR}
    assert heard[1] == {Change.OPTIONS}
    assert heard[-1] == set(Change) - {Change.OPTIONS}  # another file: all but the options


def test_the_session_refuses_to_announce_a_string():
    session = Session()
    heard = []
    session.changed.connect(heard.append)
    with pytest.raises(TypeError, match="Change members"):
        session._emit(Change.CURSOR, "cursor")
    assert heard == []


def test_a_change_never_equals_its_name():
    assert Change.SCENARIO != "scenario"
    assert "cursor" not in frozenset(Change)
    assert not frozenset({"options"}) & frozenset(Change)


def test_only_the_moves_of_a_drag_in_progress_are_drag_moves():
    """The window skips its title, undo words and menu states on a drag's moves
    (nothing of theirs changes until the drag ends): what counts as one."""
    session = Session()
    session.open("crowding-the-plane")
    heard: list[tuple[frozenset[Change], bool]] = []
    session.changed.connect(lambda changes: heard.append((changes, session.is_drag_move(changes))))
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.2, 0.9]))  # no frame scheduler: shown at once
    session.drag_to(np.array([0.3, 0.8]))
    assert heard == [({Change.SCENARIO}, True)] * 2
    session.end_drag()  # the edit: an undo entry, a file with unsaved changes
    assert heard[2][0] >= {Change.SCENARIO, Change.FILE} and not heard[2][1]
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.6, 0.8]))
    session.cancel_drag()  # the key goes back, no drag on: the menus may follow again
    assert heard[3:] == [({Change.SCENARIO}, True), ({Change.SCENARIO}, False)]
    assert not session.is_drag_move(frozenset({Change.CURSOR}))
