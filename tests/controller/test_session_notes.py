"""Notes and questions that state numbers are marked once an edit makes them false."""

import numpy as np

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session


def opened(lesson: str, language: str = "en") -> Session:
    session = Session()
    session.open(lesson)
    session.set_options(language=language)
    return session


def test_notes_are_fresh_as_opened_and_stale_after_an_edit_they_quote():
    session = opened("crowding-the-plane")
    notes = session.notes(6)
    assert "k1·k3 = 0.8" in notes.text and not notes.stale
    assert not session.question(6).stale
    # The lesson's own activity: drag k3 towards k2. The notes' 0.8 and [0, -4] are now false.
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.6, 0.8]))
    assert session.notes(6).stale
    session.end_drag()
    assert session.notes(6).stale and session.notes(7).stale
    # Step 1's notes quote k1, k2 (the next step) and nothing that moved.
    assert not session.notes(1).stale
    session.undo()
    assert not session.notes(6).stale


def test_the_french_notes_follow_the_same_basis():
    session = opened("crowding-the-plane", "fr")
    assert "k1·k3 = 0,8" in session.notes(6).text and not session.notes(6).stale
    k3 = session.scenario.step(5)
    session.execute(ReplaceStep(5, k3.with_changes(value=[0.0, -4.0])))
    assert session.notes(6).stale and session.question(5).stale


def test_a_saved_file_keeps_its_false_notes_marked_when_opened_again(tmp_path):
    session = opened("gated-forgetting")
    old = session.scenario.step(1)
    session.execute(ReplaceStep(1, old.with_changes(value=[20.0, 5.0])))
    assert session.notes(5).stale  # "y = [6.4, 3.2] = 0.64 × [10, 5]" no longer holds
    assert session.question(4).stale  # "…as a fraction of [10, 5]?"
    for layout in ("steps", "columns"):
        path = tmp_path / f"edited-{layout}.json"
        session.save(path, layout=layout)
        assert session.notes(5).stale  # saving does not make the old numbers true
        text = path.read_text(encoding="utf-8")
        assert ('"notes_for"' if layout == "steps" else '"notes_for": [') in text
        again = Session()
        again.open(path)
        assert again.notes(5).stale and again.question(4).stale, layout
        # Putting the number back makes the notes true again, in the reopened file too.
        again.execute(ReplaceStep(1, again.scenario.step(1).with_changes(value=[10.0, 5.0])))
        assert not again.notes(5).stale and not again.question(4).stale, layout


def test_a_file_without_marks_opens_with_fresh_notes(tmp_path):
    session = opened("gated-forgetting")
    path = tmp_path / "as-is.json"
    session.save(path)
    assert '"notes_for"' not in path.read_text(encoding="utf-8")
    again = Session()
    again.open(path)
    assert not any(again.notes(n).stale for n in range(1, len(again.scenario) + 1))


def test_a_malformed_notes_mark_is_refused_naming_the_step_and_field(tmp_path):
    import json

    import pytest

    from linviz.model.errors import ScenarioError

    session = opened("gated-forgetting")
    path = tmp_path / "bad.json"
    session.save(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["steps"][4]["notes_for"] = "not a digest"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ScenarioError, match="step 5, field 'notes_for': notes_for must be 12"):
        Session().open(path)


def test_a_step_without_notes_or_numbers_is_never_stale():
    session = opened("session-trace")
    assert session.notes(0).text == "" and not session.notes(0).stale
    assert session.notes(99).text == ""


def test_notes_may_quote_live_fields_that_follow_every_edit():
    session = opened("crowding-the-plane")
    step = session.scenario.step(6)
    session.execute(
        ReplaceStep(6, step.with_changes(notes="k1·k3 = {dot@k1,k3}, so {crosstalk} leaks in."))
    )
    assert session.notes(6).text == "k1·k3 = 0.8, so [0, -4] leaks in."
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.6, 0.8]))
    assert session.notes(6).text == "k1·k3 = 0.6, so [0, -3] leaks in."
    assert not session.notes(6).stale  # every number it quotes is live
    session.cancel_drag()
