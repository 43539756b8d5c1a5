"""The undo stack's saved marker and limits, each command's undo, and the Qt-free signal."""

import gc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.controller import undo
from linviz.controller.commands import (
    Configure,
    InsertStep,
    MoveStep,
    RemoveStep,
    ReplaceStep,
    Resize,
    SetText,
)
from linviz.controller.signals import Signal
from linviz.controller.undo import UndoStack
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write


def crowding():
    """Worked case 2 of CURRICULUM.md: three keys in a plane."""
    return Scenario(
        2,
        2,
        [
            write([1, 0], [3, 1], "k1"),
            write([0, 1], [-2, 4], "k2"),
            read([1, 0], "r1", target="k1"),
            write([0.8, 0.6], [0, -5], "k3"),
            read([1, 0], "r2", target="k1"),
        ],
        title="Crowding",
        caption="two directions only",
    )


def run(stack, scenario, command):
    command.do(scenario)
    stack.push_done(command)


# -- the undo stack ----------------------------------------------------------------
def test_the_saved_marker_follows_undo_and_redo():
    scenario, stack = crowding(), UndoStack()
    assert stack.is_clean() and not stack.can_undo() and not stack.can_redo()
    assert stack.undo_text() == stack.redo_text() == ""
    run(stack, scenario, SetText(title="Two keys"))
    assert not stack.is_clean() and stack.can_undo() and stack.undo_text() == "edit title"
    stack.set_clean()
    assert stack.is_clean()
    run(stack, scenario, RemoveStep(5))
    assert not stack.is_clean() and stack.undo_text() == "delete step"
    assert stack.undo(scenario).text == "delete step"
    assert stack.is_clean() and stack.can_redo() and stack.redo_text() == "delete step"
    assert stack.redo(scenario).text == "delete step"
    assert len(scenario) == 4 and not stack.is_clean() and not stack.can_redo()
    assert stack.redo(scenario) is None


def test_a_new_edit_after_undo_makes_the_saved_state_unreachable():
    scenario, stack = crowding(), UndoStack()
    run(stack, scenario, SetText(title="a"))
    stack.set_clean()  # saved with title "a"
    stack.undo(scenario)
    run(stack, scenario, SetText(title="b"))
    assert not stack.can_redo()
    stack.undo(scenario)  # back at the start: not what was saved
    assert not stack.is_clean()
    stack.clear()
    assert stack.is_clean() and not stack.can_undo() and stack.undo(scenario) is None


def test_the_oldest_entries_are_dropped_past_the_limit(monkeypatch):
    monkeypatch.setattr(undo, "MAX_UNDO", 3)
    scenario, stack = crowding(), UndoStack()
    run(stack, scenario, SetText(title="1"))
    stack.set_clean()
    for title in "234":
        run(stack, scenario, SetText(title=title))
    # Four edits, three kept: "1" is still the saved one, three undos away.
    for _ in range(3):
        assert stack.undo(scenario) is not None
    assert stack.undo(scenario) is None
    assert scenario.title == "1" and stack.is_clean()
    for _ in range(3):
        stack.redo(scenario)
    run(stack, scenario, SetText(title="5"))  # drops the edit to "2": "1" is gone
    for _ in range(3):
        stack.undo(scenario)
    assert scenario.title == "2" and not stack.is_clean()


# -- commands ------------------------------------------------------------------------
def states(scenario):
    trace = Trace(scenario)
    return [trace.state(t).tolist() for t in range(len(scenario) + 1)]


@pytest.mark.parametrize(
    "command, focus",
    [
        (ReplaceStep(4, write([0.6, 0.8], [0, -5], "k3")), 4),
        (ReplaceStep(4, write([0.6, 0.8], [0, -5], "k3"), follow=False), None),
        (InsertStep(1, write([1, 1], [1, 1], "k0")), 1),
        (RemoveStep(2), 2),
        (MoveStep(4, 1), 1),
        (MoveStep(1, 2), 2),
        (Configure(rule=Rule("gated", alpha=0.5)), None),
        (Configure(feature_map="relu", normalize=True), None),
        (Resize(1, 3), None),
        (SetText(title="new", caption="words"), None),
        (SetText(caption="only the caption"), None),
    ],
    ids=lambda x: x.text if hasattr(x, "text") else str(x),
)
def test_every_command_undoes_exactly_and_redoes_the_same(command, focus):
    scenario = crowding()
    before = scenario.copy()
    command.do(scenario)
    done = scenario.copy()
    assert done != before
    assert command.focus() == focus
    command.undo(scenario)
    assert scenario == before and states(scenario) == states(before)
    command.do(scenario)
    assert scenario == done


def test_a_move_changes_what_later_reads_see():
    scenario = crowding()
    MoveStep(4, 3).do(scenario)  # k3 now comes before the read r1
    assert scenario.labels() == ["k1", "k2", "k3", "r1", "r2"]
    np.testing.assert_allclose(Trace(scenario).state(3), [[3, -3], [-2, 1]], atol=1e-12)


def test_undo_of_a_resize_restores_the_cut_components():
    scenario = crowding()
    command = Resize(1, 1)
    command.do(scenario)
    assert scenario.step(4).vector.tolist() == [0.8] and scenario.step(4).value.tolist() == [0]
    command.undo(scenario)
    assert scenario.step(4).vector.tolist() == [0.8, 0.6]
    assert scenario.step(4).value.tolist() == [0, -5]
    assert (scenario.d_k, scenario.d_v) == (2, 2)


def test_undo_of_a_settings_change_restores_every_setting():
    scenario = Scenario(2, 2, feature_map="elu+1", normalize=True)
    command = Configure(feature_map="identity", normalize=False, rule=Rule("delta", beta=0.5))
    command.do(scenario)
    assert (scenario.feature_map, scenario.normalize, scenario.rule.name) == (
        "identity",
        False,
        "delta",
    )
    command.undo(scenario)
    assert (scenario.feature_map, scenario.normalize, scenario.rule) == ("elu+1", True, Rule())


# -- signals ---------------------------------------------------------------------------
class View:
    def __init__(self, log, name):
        self.log, self.name = log, name

    def refresh(self, aspects):
        self.log.append((self.name, aspects))


def test_a_signal_calls_every_slot_in_order_and_forgets_thrown_away_views():
    signal, log = Signal(), []
    first, second = View(log, "first"), View(log, "second")
    signal.connect(first.refresh)
    signal.connect(lambda aspects: log.append(("function", aspects)))
    signal.connect(second.refresh)
    signal.emit({"cursor"})
    assert log == [("first", {"cursor"}), ("function", {"cursor"}), ("second", {"cursor"})]
    del first
    gc.collect()
    log.clear()
    signal.emit("x")
    assert log == [("function", "x"), ("second", "x")]
    assert len(signal._slots) == 2  # the dead view's slot is gone, not kept


def test_disconnect_stops_one_slot_and_refuses_a_stranger():
    signal, log = Signal(), []
    view = View(log, "view")
    signal.connect(view.refresh)
    signal.disconnect(view.refresh)
    signal.emit(1)
    assert log == []

    def stranger(_):
        pass

    with pytest.raises(ValueError, match="slot not connected"):
        signal.disconnect(stranger)
    signal.connect(stranger)
    signal.disconnect(stranger)
    assert signal._slots == []


@pytest.mark.parametrize(
    "command, text",
    [
        (ReplaceStep(1, write([1, 0], [3, 2], "k1")), "edit step"),
        (InsertStep(1, read([1, 0], "r0")), "add step"),
        (RemoveStep(5), "delete step"),
        (MoveStep(1, 2), "move step"),
        (Configure(feature_map="relu"), "change settings"),
        (Resize(3, 2), "change dimensions"),
        (SetText(title="new"), "edit title"),
    ],
)
def test_the_edit_menu_names_each_command(command, text):
    scenario, stack = crowding(), UndoStack()
    run(stack, scenario, command)
    assert stack.undo_text() == text
    stack.undo(scenario)
    assert stack.redo_text() == text


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), st.integers(1, 4)), min_size=1, max_size=6))
def test_any_resizes_undo_to_the_last_bit_and_redo_the_same(sizes):
    """A resize keeps only the components it cuts (not a copy of the scenario: 145 MB
    at a million steps, each kept on the undo stack); undone, every one comes back."""
    scenario = Scenario(
        3,
        3,
        [
            write([0.1, -2.5, 1e-300], [3.0, 1.7976931348623157e308, -0.0], "a", beta=0.5),
            read([5e-324, 1.0, -1.0], "r"),
            write([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], "b"),
        ],
        rule=Rule("delta", beta=1.0),
    )
    before = scenario.copy()
    commands, after = [], []
    for d_k, d_v in sizes:
        command = Resize(d_k, d_v)
        command.do(scenario)
        commands.append(command)
        after.append(scenario.copy())
    for command, state in zip(reversed(commands), reversed([before, *after[:-1]])):
        command.undo(scenario)
        assert scenario == state
    for command, state in zip(commands, after):
        command.do(scenario)
        assert scenario == state


def test_a_resize_keeps_for_its_undo_only_the_components_it_cuts():
    """Each Resize stays on the undo stack: holding a copy of the scenario, a few presses
    of d_k's arrows at a million steps held gigabytes."""
    import pickle

    count = 20_000
    scenario = Scenario(
        4, 4, [write([1.0, 2.0, 3.0, 4.0], [5.0] * 4, f"w{n}") for n in range(count)]
    )
    grow, cut = Resize(5, 4), Resize(4, 3)
    grow.do(scenario)  # nothing cut: nothing kept
    assert len(pickle.dumps(grow)) < 1_000
    grow.undo(scenario)
    cut.do(scenario)  # one value component of each step cut: those and nothing else
    assert len(pickle.dumps(cut)) < count * 8 + 1_000
    cut.undo(scenario)
    assert scenario.step(count).value.tolist() == [5.0] * 4
