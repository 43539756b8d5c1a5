"""Per-step instructor notes and check questions: optional, checked, saved, never in the maths."""

import json

import pytest

from linviz.model import limits
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import dumps_scenario, load_scenario, save_scenario


def document(steps):
    return {
        "format": "linviz-scenario",
        "version": 1,
        "title": "t",
        "d_k": 2,
        "d_v": 2,
        "steps": steps,
    }


def written(tmp_path, steps, name="lesson.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document(steps)), encoding="utf-8")
    return path


def refused(path):
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    error = caught.value
    assert error.file == str(path)
    assert "\n" not in str(error)
    return error


def test_notes_and_question_load_on_writes_and_reads(tmp_path):
    path = written(
        tmp_path,
        [
            {
                "op": "write",
                "key": [1, 0],
                "value": [2, 3],
                "label": "a",
                "notes": "Point at row 1.\nAsk: which row changes?",
                "question": "Which row of S changes?",
            },
            {"op": "read", "query": [1, 0], "label": "r", "question": "What does qᵀS return?"},
        ],
    )
    scenario = load_scenario(path)
    first, second = scenario.step(1), scenario.step(2)
    assert first.notes == "Point at row 1.\nAsk: which row changes?"
    assert first.question == "Which row of S changes?"
    assert second.notes == "" and second.question == "What does qᵀS return?"


def test_an_old_file_without_them_loads_with_empty_texts(tmp_path):
    path = written(tmp_path, [{"op": "write", "key": [1, 0], "value": [2, 3]}])
    step = load_scenario(path).step(1)
    assert (step.notes, step.question) == ("", "")


def test_they_are_saved_back_and_absent_ones_are_not_written(tmp_path):
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "a", notes="say it", question="ask it"),
            read([1, 0], "r"),
        ],
    )
    path = save_scenario(scenario, tmp_path / "out.json")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 1
    assert saved["steps"][0]["notes"] == "say it"
    assert saved["steps"][0]["question"] == "ask it"
    assert "notes" not in saved["steps"][1] and "question" not in saved["steps"][1]
    assert load_scenario(path) == scenario


@pytest.mark.parametrize("field", ["notes", "question"])
def test_a_non_text_value_names_file_step_and_field(tmp_path, field):
    path = written(
        tmp_path,
        [
            {"op": "write", "key": [1, 0], "value": [2, 3]},
            {"op": "read", "query": [1, 0], field: 42},
        ],
    )
    error = refused(path)
    assert (error.step, error.field) == (2, field)
    assert str(error) == f"{path}, step 2, field '{field}': {field} must be text, got int"


@pytest.mark.parametrize("field", ["notes", "question"])
def test_too_long_or_unprintable_texts_are_refused(tmp_path, field):
    long_text = "x" * (limits.MAX_TEXT_CHARS + 1)
    path = written(tmp_path, [{"op": "write", "key": [1, 0], "value": [2, 3], field: long_text}])
    error = refused(path)
    assert (error.step, error.field) == (1, field)
    assert f"at most {limits.MAX_TEXT_CHARS}" in error.message
    path = tmp_path / "surrogate.json"
    text = json.dumps(document([{"op": "write", "key": [1, 0], "value": [2, 3], field: "a"}]))
    path.write_text(text.replace('"a"', '"a\\udc00"'), encoding="utf-8")
    error = refused(path)
    assert (error.step, error.field) == (1, field)
    assert "half of a UTF-16 pair" in error.message


def test_a_misspelt_field_is_still_an_error(tmp_path):
    path = written(tmp_path, [{"op": "write", "key": [1, 0], "value": [2, 3], "note": "x"}])
    error = refused(path)
    assert error.field == "note" and "allowed:" in error.message and "notes" in error.message


def test_editing_notes_changes_no_state_and_survives_edits():
    scenario = Scenario(2, 2, [write([1, 0], [2, 3], "a"), read([1, 0], "r")])
    edits = []
    scenario.subscribe(edits.append)
    old = scenario.replace_step(1, scenario.step(1).with_changes(notes="n", question="q"))
    assert old.notes == "" and not edits[-1].writes_changed
    scenario.insert_step(1, write([0, 1], [1, 1], "b"))
    assert scenario.step(2).notes == "n" and scenario.step(1).notes == ""
    twin = scenario.copy()
    assert twin == scenario
    scenario.remove_step(1)
    assert scenario.step(1).question == "q"
    assert twin != scenario and twin.step(2).question == "q"
    changed = scenario.copy()
    changed.replace_step(1, changed.step(1).with_changes(question="other"))
    assert changed != scenario


def test_every_bundled_lesson_step_has_notes_and_a_question():
    lessons = bundled_lessons()
    assert len(lessons) == 6
    for lesson in lessons:
        scenario = load_scenario(lesson.path)
        for number in range(1, len(scenario) + 1):
            step = scenario.step(number)
            where = f"{lesson.name} step {number}"
            assert len(step.notes) >= 80, where
            assert step.question.strip().endswith("?"), where
        # The texts change nothing the lesson computes, and survive a save.
        assert load_scenario(lesson.path) == scenario
        Trace(scenario).close()
        assert '"notes"' in dumps_scenario(scenario)
