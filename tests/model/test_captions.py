"""Live captions: their syntax, the checks on load, and the numbers they show."""

import json

import numpy as np
import pytest

from linviz.model.caption_fields import parse, states_own_numbers
from linviz.model.captions import render, step_fingerprint
from linviz.model.errors import ScenarioError
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import dumps_scenario, load_scenario_bytes
from linviz.model.snapshot import snapshot


def crowding(**changes):
    steps = [
        write([1, 0], [3, 1], "k1"),
        write([0, 1], [-2, 4], "k2"),
        read([1, 0], "r1", target="k1"),
        write([0.8, 0.6], [0, -5], "k3"),
        read([0.8, 0.6], "r2", target="k3", **changes),
    ]
    return Scenario(2, 2, steps)


def test_fields_are_filled_in_from_the_trace():
    caption = "y = {y}, wanted {expected}: {verdict}; k1·k3 = {dot@k1,k3}; r1 gave {y@r1}"
    trace = Trace(crowding(caption=caption))
    assert render(caption, trace, 5) == (
        "y = [1.2, -1.8], wanted [0, -5]: off by [1.2, 3.2]; k1·k3 = 0.8; r1 gave [3, 1]"
    )


def test_a_field_follows_an_edit():
    scenario = crowding(caption="{y}")
    trace = Trace(scenario)
    assert render("{y}", trace, 5) == "[1.2, -1.8]"
    scenario.replace_step(4, scenario.step(4).with_changes(vector=[0, 1]))  # k3 onto k2
    assert render("{y}", trace, 5) == "[1.2, 0.2]"


def test_hidden_answers_show_a_question_mark():
    trace = Trace(crowding())
    text = render("q = {q}, y = {y}, target {target}", trace, 5, hidden=lambda n: n == 5)
    assert text == "q = [0.8, 0.6], y = ?, target ?"


def test_a_steps_own_numbers_are_quoted_without_working_out_its_state():
    """A write's key and value and a read's query are what the step was given:
    quoting only them works out no snapshot (a drag's frames render such
    captions for every row in view). Asked of the other kind of step, they
    show ``?`` as any field that does not fit."""
    trace = Trace(crowding())
    asked: list[int] = []

    def snapshot_of(number):
        asked.append(number)
        return snapshot(trace, number)

    assert render("{k} → {v}", trace, 4, snapshot_of=snapshot_of) == "[0.8, 0.6] → [0, -5]"
    assert render("{q}; k1 was {k@k1}", trace, 5, snapshot_of=snapshot_of) == (
        "[0.8, 0.6]; k1 was [1, 0]"
    )
    assert asked == []
    assert render("{q} {v@r1}", trace, 4, snapshot_of=snapshot_of) == "? ?"
    assert (
        render("{v} then {y@r2}", trace, 4, snapshot_of=snapshot_of) == "[0, -5] then [1.2, -1.8]"
    )
    assert asked == [5]


def test_braces_are_written_doubled():
    assert render("{{y}} is {y}", Trace(crowding()), 3) == "{y} is [3, 1]"


@pytest.mark.parametrize(
    ("caption", "step", "message"),
    [
        ("{wat}", 5, "step 5, field 'caption': unknown live field {wat} in the caption"),
        ("{y}", 4, "step 4, field 'caption': {y} is a read's quantity"),
        ("{k}", 5, "step 5, field 'caption': {k} is a write's quantity"),
        ("{y@nope}", 5, "step 5, field 'caption': {y@nope}: no step is labelled 'nope'"),
        ("{cos@k1}", 5, "step 5, field 'caption': {cos@k1} needs two labels"),
        ("a { b", 5, "step 5, field 'caption': a lone '{' in the caption"),
        ("{y@r2}", 3, "step 3, field 'caption': {y@r2}: no step is labelled 'r2'"),
    ],
)
def test_a_bad_caption_is_refused_on_load_naming_the_step(caption, step, message):
    document = json.loads(dumps_scenario(crowding()))
    document["steps"][step - 1]["caption"] = caption
    with pytest.raises(ScenarioError) as refused:
        load_scenario_bytes(json.dumps(document).encode(), "lesson.json")
    assert str(refused.value).startswith(f"lesson.json, {message}")


def test_a_bad_caption_edit_is_refused_and_changes_nothing():
    scenario = crowding()
    before = dumps_scenario(scenario)
    with pytest.raises(ScenarioError, match="unknown live field"):
        scenario.replace_step(5, scenario.step(5).with_changes(caption="{yy}"))
    assert dumps_scenario(scenario) == before


def test_words_with_digits_state_numbers_labels_do_not():
    labels = ["k1", "k2", "r1"]
    assert not states_own_numbers("Read k1: {y}, not {expected}.", labels)
    assert states_own_numbers("Read k1: (3,-3), no longer (3,1).", labels)
    assert states_own_numbers("S has d_k = 2 rows", labels)
    assert [type(p).__name__ for p in parse("a {y} b")] == ["str", "Field", "str"]


def test_the_fingerprint_changes_with_what_the_step_shows_and_comes_back():
    scenario = crowding()
    trace = Trace(scenario)
    before = step_fingerprint(trace, 5)
    old = scenario.replace_step(4, scenario.step(4).with_changes(vector=[0, 1]))
    assert step_fingerprint(trace, 5) != before
    scenario.replace_step(4, old)
    assert step_fingerprint(trace, 5) == before
    assert step_fingerprint(trace, 3) == step_fingerprint(trace, 3)


def test_the_stale_mark_is_saved_and_loaded():
    scenario = crowding(caption="y = (1.2, -1.8)")
    scenario.caption_written_for = {"r2": "0123456789ab"}
    text = dumps_scenario(scenario)
    assert '"caption_for": "0123456789ab"' in text
    assert load_scenario_bytes(text.encode(), "x").caption_written_for == {"r2": "0123456789ab"}
    with pytest.raises(ScenarioError, match="step 5, field 'caption_for': caption_for must be"):
        load_scenario_bytes(text.replace("0123456789ab", "nope").encode(), "x")


def test_every_number_the_bundled_lessons_quote_is_a_live_field():
    from linviz.model.lessons import bundled_lessons
    from linviz.model.scenario_file import load_scenario

    for lesson in bundled_lessons():
        scenario = load_scenario(lesson.path)
        for number, caption in enumerate(scenario.captions(), start=1):
            words = states_own_numbers(caption, scenario.labels())
            # Only the few sentences about the lesson's own set-up may state numbers.
            assert not words or (lesson.name, number) in {("session-trace", 7)}, (
                lesson.name,
                number,
                caption,
            )
        np.testing.assert_equal(len(scenario.captions()), len(scenario))
