"""Labels that look the same are the same label; numbers are read with the digits 0-9.

Each case is one a hostile user found accepted (issue 27): ``é`` typed two
ways made two labels, ``w1`` + U+200B was a second ``w1``, and Python's
``float`` read ``٥`` as 5 and ``5_000`` as 5000.
"""

from __future__ import annotations

import json

import pytest

from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario_bytes
from linviz.model.text_rules import (
    NumberTextError,
    label_text,
    number_from_text,
    number_problem,
    whole_from_text,
)

COMPOSED, DECOMPOSED = "caf\u00e9", "cafe\u0301"
KELVIN = "\u212a"


def two_writes(first: str, second: str) -> Scenario:
    return Scenario(2, 2, [write([1, 0], [1, 0], first), write([0, 1], [0, 1], second)])


def file_bytes(steps: list[dict]) -> bytes:
    document = {"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, "steps": steps}
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize(
    "first, second",
    [(COMPOSED, DECOMPOSED), ("K1", KELVIN + "1"), ("\u00c5", "A\u030a"), ("\u212b", "\u00c5")],
    ids=["e-acute", "kelvin", "a-ring", "angstrom"],
)
def test_labels_that_look_the_same_are_one_label(first, second):
    assert first != second  # different code points …
    with pytest.raises(ScenarioError, match="already used by another step"):
        two_writes(first, second)  # … one label


def test_a_label_is_kept_in_its_composed_form_and_targets_find_it():
    scenario = Scenario(
        2, 2, [write([1, 0], [1, 0], DECOMPOSED), read([1, 0], "r", target=COMPOSED)]
    )
    assert scenario.labels() == [COMPOSED, "r"]
    assert scenario.step(2).target == COMPOSED
    # And the other way round: a label typed composed, a target typed decomposed.
    other = Scenario(2, 2, [write([1, 0], [1, 0], COMPOSED), read([1, 0], "r", target=DECOMPOSED)])
    assert other.step(2).target == COMPOSED


def test_a_file_with_both_forms_is_refused_naming_the_step():
    data = file_bytes(
        [
            {"op": "write", "key": [1, 0], "value": [1, 0], "label": COMPOSED},
            {"op": "write", "key": [0, 1], "value": [0, 1], "label": DECOMPOSED},
        ]
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(data, "two.json")
    assert (caught.value.file, caught.value.step, caught.value.field) == ("two.json", 2, "label")
    assert "already used" in str(caught.value)


def test_a_file_label_is_read_in_composed_form():
    data = file_bytes(
        [
            {"op": "write", "key": [1, 0], "value": [1, 0], "label": DECOMPOSED},
            {"op": "read", "query": [1, 0], "label": "r", "target": DECOMPOSED},
        ]
    )
    scenario = load_scenario_bytes(data, "one.json")
    assert scenario.labels() == [COMPOSED, "r"] and scenario.step(2).target == COMPOSED


def test_subscripts_and_superscripts_stay_distinct_labels():
    # NFKC would fold k₁ into k1 and x² into x2; the course writes k₁.
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [1, 0], "k\u2081"),
            write([0, 1], [0, 1], "k1"),
            write([1, 1], [1, 1], "x\u00b2"),
            write([1, 2], [1, 1], "x2"),
        ],
    )
    assert scenario.labels() == ["k\u2081", "k1", "x\u00b2", "x2"]


@pytest.mark.parametrize(
    "char, words",
    [
        ("\u200b", "a zero-width space (U+200B)"),
        ("\u200c", "a zero-width non-joiner (U+200C)"),
        ("\u200d", "a zero-width joiner (U+200D)"),
        ("\u2060", "a word joiner (U+2060)"),
        ("\ufeff", "a byte-order mark (zero-width no-break space) (U+FEFF)"),
        ("\u200e", "a left-to-right mark (U+200E)"),
        ("\u200f", "a right-to-left mark (U+200F)"),
        ("\u061c", "an Arabic letter mark (U+061C)"),
        ("\u202a", "a left-to-right embedding (U+202A)"),
        ("\u202b", "a right-to-left embedding (U+202B)"),
        ("\u202c", "a pop directional formatting (U+202C)"),
        ("\u202d", "a left-to-right override (U+202D)"),
        ("\u202e", "a right-to-left override (U+202E)"),
        ("\u2066", "a left-to-right isolate (U+2066)"),
        ("\u2067", "a right-to-left isolate (U+2067)"),
        ("\u2068", "a first strong isolate (U+2068)"),
        ("\u2069", "a pop directional isolate (U+2069)"),
    ],
)
def test_invisible_characters_in_a_label_are_refused_by_name(char, words):
    with pytest.raises(ScenarioError) as caught:
        two_writes("w1", "w1" + char)
    assert caught.value.field == "label"
    assert f"label contains {words}" in caught.value.message


def test_an_invisible_character_in_a_file_label_names_the_file_and_step():
    data = file_bytes(
        [
            {"op": "write", "key": [1, 0], "value": [1, 0], "label": "w1"},
            {"op": "write", "key": [0, 1], "value": [0, 1], "label": "w\u200b1"},
        ]
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(data, "zw.json")
    assert str(caught.value).startswith(
        "zw.json, step 2, field 'label': label contains a zero-width space (U+200B)"
    )


def test_renaming_a_step_goes_through_the_same_rule():
    scenario = two_writes(COMPOSED, "b")
    with pytest.raises(ScenarioError, match="already used"):
        scenario.replace_step(2, scenario.step(2).with_changes(label=DECOMPOSED))
    with pytest.raises(ScenarioError, match="zero-width space"):
        scenario.replace_step(2, scenario.step(2).with_changes(label="b\u200b"))
    scenario.replace_step(2, scenario.step(2).with_changes(label="A\u030a"))
    assert scenario.labels() == [COMPOSED, "\u00c5"] and scenario.has_label("\u00c5")


def test_label_text_leaves_ascii_and_composed_text_alone():
    assert label_text("w1") == "w1"
    assert label_text(COMPOSED) == COMPOSED
    assert label_text(DECOMPOSED) == COMPOSED


# -- numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, number",
    [("1", 1.0), ("-0.5", -0.5), ("+.5", 0.5), ("5.", 5.0), ("1e-3", 1e-3), ("2E+2", 200.0)],
)
def test_numbers_in_ascii_digits_are_read(text, number):
    assert number_from_text(text) == number


def test_inf_and_huge_numbers_are_read_for_the_finite_check_to_refuse():
    assert number_from_text("inf") == float("inf")
    assert number_from_text("1e400") == float("inf")
    assert number_from_text("9" * 400) == float("inf")


@pytest.mark.parametrize(
    "text, words",
    [
        ("\u0665", "\u0665 is the digit 5 of another script (ARABIC-INDIC DIGIT FIVE)"),
        ("\uff15", "is the digit 5 of another script (FULLWIDTH DIGIT FIVE)"),
        ("\u0967.5", "the digit 1 of another script (DEVANAGARI DIGIT ONE)"),
        ("5_000", "without '_' between digits (5000, not 5_000)"),
    ],
)
def test_what_python_reads_but_a_person_cannot_check_is_refused_saying_why(text, words):
    float(text)  # Python itself reads every one of these
    with pytest.raises(NumberTextError) as caught:
        number_from_text(text)
    assert words in caught.value.reason and caught.value.looks_like_a_number
    with pytest.raises(NumberTextError):
        whole_from_text(text.replace(".5", ""))


def test_text_that_is_no_number_gets_the_plain_reason():
    for text in ("x", "1,5", "--1", "", "0x10"):
        with pytest.raises(NumberTextError) as caught:
            number_from_text(text)
        assert not caught.value.looks_like_a_number
    assert number_problem("12") is None
    assert whole_from_text(" 12 ") == 12
    with pytest.raises(NumberTextError):
        whole_from_text("1.5")


def test_a_caption_quoting_a_label_in_the_other_form_finds_it():
    from linviz.controller.session import Session

    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [3, 1], COMPOSED),
            read([1, 0], "r", caption=f"reads {{y}}, as {{y@r}}; stored {{v@{DECOMPOSED}}}"),
        ],
    )
    session = Session(scenario)
    assert session.caption(2).text.endswith("stored [3, 1]")
