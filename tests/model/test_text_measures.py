"""What the bytes of a JSON list of texts tell of each: the same as asking each text."""

import json

import numpy as np
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model import column_checks
from linviz.model.text_measures import MeasuredTexts, measured

ASCII = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=12)
ANY = st.text(max_size=6)


def as_json(texts, spaced: bool) -> bytes:
    if spaced:  # the standard library's spaces, one text per line as the columns writer does
        return json.dumps(texts, ensure_ascii=False, indent=2).encode()
    return orjson.dumps(texts)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        ASCII | st.sampled_from(["", " ", "   ", " a", "  x ", "w1", "w10", "a b", "12345678"]),
        max_size=30,
    )
    | st.lists(ANY, max_size=10),
    st.booleans(),
)
def test_the_measures_are_what_each_text_says_of_itself(texts, spaced):
    raw = as_json(texts, spaced)
    got = measured(orjson.loads(raw), raw)
    assert got == texts
    if not isinstance(got, MeasuredTexts):
        # Only texts whose JSON holds a backslash, a brace, a bracket of its own or more
        # than ASCII are left unmeasured.
        assert not texts or not raw.isascii() or b"\\" in raw or b"{" in raw or raw.count(b"[") > 1
        return
    assert got.lengths.tolist() == [len(text) for text in texts]
    assert got.blank.tolist() == [text.isspace() for text in texts]
    packed = got.packed
    if max(map(len, texts)) > 8:
        assert packed is None
        return
    numbers = packed.tolist()
    for i, text in enumerate(texts):
        for j, other in enumerate(texts):
            assert (numbers[i] == numbers[j]) == (text == other)


@settings(max_examples=200, deadline=None)
@given(st.lists(ASCII, max_size=30), st.booleans())
def test_measured_labels_are_unique_exactly_when_no_text_is_there_twice(labels, spaced):
    raw = as_json(labels, spaced)
    texts = measured(orjson.loads(raw), raw)
    assert column_checks._unique(texts, True) is (len(set(labels)) == len(labels))
    rows, lengths = column_checks._label_rows(texts, True)
    plain_rows, plain_lengths = column_checks._label_rows(list(labels), True)
    assert rows == plain_rows and np.array_equal(lengths, plain_lengths)


@pytest.mark.parametrize(
    "texts",
    [
        ["a\\b"],
        ["é"],
        ["a", None],
        ['say "hi"'],
        ["tab\there"],
        ["a", 1, "b"],
        [{"k": 1}],
        [{"k": "v"}, "w"],
        [["a"], "b"],
        ["[x]"],
    ],
    ids=[
        "backslash",
        "not ascii",
        "null",
        "quote",
        "escaped tab",
        "number",
        "object, 2 quotes",
        "object, 4 quotes",
        "nested list",
        "bracket in a text",
    ],
)
def test_what_the_bytes_cannot_tell_is_left_to_the_texts(texts):
    raw = orjson.dumps(texts)
    assert type(measured(orjson.loads(raw), raw)) is list


def test_a_million_short_labels_are_measured_and_a_repeat_is_found():
    labels = [f"w{i}" for i in range(1, 1_000_001)]
    labels[-1] = "w17"
    raw = orjson.dumps(labels)
    texts = measured(orjson.loads(raw), raw)
    assert isinstance(texts, MeasuredTexts)
    assert not column_checks._unique(texts, True)
    assert texts.lengths[[0, 9, 99]].tolist() == [2, 3, 4]
