"""The causal lab's record: every change since the pin, one variable at a time, the exit ticket."""

import re
import time

import numpy as np

from linviz.controller.commands import Configure, InsertStep, MoveStep, RemoveStep, Resize
from linviz.controller.lab_record import (
    EXIT_TICKET_HEADINGS,
    LabNotebook,
    changes_since,
    entry_markdown,
)
from linviz.controller.session import Session
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, StepColumns, read, write


def crowding():
    session = Session()
    session.open("crowding-the-plane")
    return session


def drag(session, number, field, vector):
    """A drag as the planes make it: begin, move, end (one undo entry)."""
    session.begin_drag(number, field)
    session.drag_to(np.array(vector, dtype=float))
    session.end_drag()


def described(notebook):
    return [change.describe() for change in notebook.changes().changes]


def test_no_baseline_no_changes_and_a_fresh_pin_has_none():
    session = crowding()
    notebook = LabNotebook(session)
    assert notebook.changes() is None
    session.pin_baseline()
    report = notebook.changes()
    assert report.changes == () and report.variables == () and report.warning() is None


def test_a_dragged_key_is_one_change_and_one_variable():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    drag(session, 5, "vector", [0.6, 0.8])
    assert described(notebook) == ["step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]"]
    report = notebook.changes()
    assert report.variables == ("key of k3",) and report.warning() is None
    # Dragging the same key again is still one variable; undoing both leaves none.
    drag(session, 5, "vector", [0.0, 1.0])
    assert described(notebook) == ["step 5 (k3), key: [0.8, 0.6] → [0, 1]"]
    session.undo()
    session.undo()
    assert notebook.changes().total == 0


def test_a_second_variable_is_warned_about_and_named():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    drag(session, 5, "vector", [0.6, 0.8])
    drag(session, 1, "value", [3, 2])
    report = notebook.changes()
    assert described(notebook) == [
        "step 1 (k1), value: [3, 1] → [3, 2]",
        "step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]",
    ]
    assert report.variables == ("value of k1", "key of k3")
    assert report.more_than_one_variable
    assert report.warning().startswith("2 variables changed since the baseline (value of k1")
    session.undo()
    assert notebook.changes().warning() is None


def test_settings_count_as_variables_and_texts_do_not():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    session.edit_caption(3, "A new caption")
    session.execute(Configure(rule=Rule("gated", alpha=0.9)))
    report = notebook.changes()
    assert "settings, rule: additive → gated (α = 0.9)" in described(notebook)
    caption = "step 3 (r1), caption: “Read with k1: {y}, {verdict}. k1·k2 = {dot@k1,k2}: that is …”"
    assert f"{caption} → “A new caption”" in described(notebook)
    assert report.variables == ("rule",) and report.warning() is None


def test_an_inserted_step_is_one_change_and_later_steps_do_not_look_changed():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    session.execute(InsertStep(3, write([1, 1], [0, 1], "extra")))
    assert described(notebook) == ["step 3 (extra), step: — → write k = [1, 1], v = [0, 1]"]
    session.execute(RemoveStep(3))
    session.execute(RemoveStep(7))  # r4
    assert described(notebook) == ["step 7 (r4), step: read q = [0.8, 0.6] → removed"]


def test_a_moved_step_is_the_only_one_reported_moved():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    session.execute(MoveStep(5, 2))  # k3 before k2: k2 and the reads shift down by one
    assert described(notebook) == ["step 2 (k3), position: step 5 → step 2"]


def test_a_resize_is_one_change_of_size():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    session.execute(Resize(3, 2))
    assert described(notebook) == ["settings, d_k: 2 → 3"]


def test_a_renamed_step_is_matched_with_its_new_label():
    base = Scenario(2, 2, [write([1, 0], [1, 2], "a"), read([1, 0], "r")])
    now = base.copy()
    now.replace_step(1, now.step(1).with_changes(label="first", value=np.array([1.0, 3.0])))
    report = changes_since(base, now)
    assert [c.describe() for c in report.changes] == [
        "step 1 (first), value: [1, 2] → [1, 3]",
        "step 1 (first), label: a → first",
    ]
    assert report.variables == ("value of first",)


def test_a_change_of_tiny_numbers_reads_as_written():
    # Keys and values are what the user wrote: a change from 1e-13 to 2e-13 read
    # "[0, 1] → [0, 1]" (the rule for rounding residue was applied to them).
    base = Scenario(2, 2, [write([1e-13, 0], [1e-300, 1], "a"), read([1, 0], "r")])
    now = base.copy()
    now.replace_step(1, now.step(1).with_changes(vector=[2e-13, 0.0], value=[3e-300, 1.0]))
    assert [c.describe() for c in changes_since(base, now).changes] == [
        "step 1 (a), key: [1e-13, 0] → [2e-13, 0]",
        "step 1 (a), value: [1e-300, 1] → [3e-300, 1]",
    ]


def test_a_long_trace_is_compared_quickly_and_the_list_is_bounded():
    rng = np.random.default_rng(3)
    n = 100_000
    labels = [f"w{i}" for i in range(1, n + 1)]
    base = Scenario(4, 4)
    base.adopt_columns(
        StepColumns(
            np.ones(n, dtype=bool),
            rng.normal(size=(n, 4)),
            rng.normal(size=(n, 4)),
            np.full(n, np.nan),
            np.full(n, np.nan),
            labels,
            [None] * n,
            [""] * n,
            {label: row for row, label in enumerate(labels)},
        )
    )
    now = base.copy()
    now.replace_step(70_000, now.step(70_000).with_changes(value=np.zeros(4)))
    start = time.perf_counter()
    report = changes_since(base, now)
    assert time.perf_counter() - start < 1.0
    assert report.total == 1 and report.changes[0].step == 70_000
    for number in range(1, 301):
        now.replace_step(number, now.step(number).with_changes(alpha=None, value=np.ones(4)))
    report = changes_since(base, now, limit=50)
    assert report.total == 301 and len(report.changes) == 50
    assert report.lines()[-1] == "… and 251 more changes"


def test_an_entry_records_prediction_observation_explanation_and_the_trace():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    drag(session, 5, "vector", [0.6, 0.8])
    session.set_cursor(6)  # r3: read k1 again
    session.set_prediction("r3", np.array([3.0, 1.0]))
    assert notebook.suggested_prediction() == "r3 = [3, 1]"
    assert notebook.suggested_observation() == "r3 = [3, -2] (baseline [3, -3])"
    entry = notebook.record(
        prediction=notebook.suggested_prediction(),
        observed=notebook.suggested_observation(),
        explanation="k1·k3 fell from 0.8\nto 0.6, so less of v3 leaks in.",
        next_experiment="Make k3 perpendicular to k1.",
    )
    assert entry.explanation == "k1·k3 fell from 0.8 to 0.6, so less of v3 leaks in."
    assert entry.step == 6 and entry.title == "Crowding the plane"
    text = notebook.markdown()
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert headings == list(EXIT_TICKET_HEADINGS)
    assert headings == [
        "Mechanism",
        "Trace",
        "Observation",
        "Boundary",
        "Evidence",
        "Next experiment",
    ]
    assert "- Prediction (P): r3 = [3, 1]" in text
    assert "- Observed: r3 = [3, -2] (baseline [3, -3])" in text
    assert "k1·k3 fell from 0.8 to 0.6, so less of v3 leaks in." in text
    assert "- step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]" in text
    assert "- r3: [3, -3] → [3, -2] (change [0, 1])" in text
    assert "- r1: [3, 1] → [3, 1] (unchanged)" in text
    # The trace is the scenario as recorded: k3's new stamp and S.
    assert "   5  write  k3        k = [0.6, 0.8]  v = [0, -5]" in text
    assert "Warning" not in text
    # The boundary was not written: the section says so rather than vanishing.
    boundary = text.split("## Boundary")[1].split("## Evidence")[0]
    assert boundary.strip() == "(not written)"


def test_an_entry_made_after_two_changes_carries_the_warning():
    session = crowding()
    notebook = LabNotebook(session)
    session.pin_baseline()
    drag(session, 5, "vector", [0.6, 0.8])
    drag(session, 2, "vector", [0.0, 2.0])
    notebook.record("?", "r3 moved", "two things moved")
    text = notebook.markdown()
    assert "Warning: 2 variables changed since the baseline (key of k2, key of k3)" in text


def test_entries_are_numbered_and_the_notebook_says_when_it_changes():
    session = crowding()
    notebook = LabNotebook(session)
    heard = []
    notebook.changed.connect(lambda: heard.append(len(notebook.entries)))
    assert "No entries yet" in notebook.markdown()
    notebook.record("a", "b", "c")
    notebook.record("d", "e", "f")
    text = notebook.markdown()
    assert text.count("## Mechanism") == 2
    assert "# Lab entry 1: Crowding the plane" in text and "# Lab entry 2:" in text
    assert "No baseline was pinned" in text
    notebook.clear()
    assert heard == [1, 2, 0]


def test_the_trace_summary_of_a_long_scenario_is_cut():
    steps = [write([1.0, 0.0], [float(i), 0.0], f"w{i}") for i in range(1, 101)]
    session = Session(Scenario(2, 2, steps, title="long"))
    lines = LabNotebook(session).trace_summary(limit=10)
    assert lines[0] == "long"
    assert lines[-1] == "… and 91 more steps"
    assert len(lines) == 15
    short = LabNotebook(crowding()).trace_summary()
    assert len(short) == 5 + 7 and not short[-1].startswith("…")
    assert entry_markdown(LabNotebook(session).record("", "", "")).count("(not written)") == 5
