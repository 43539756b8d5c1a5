"""A columns-layout file's numbers go straight to their rows, with the flat read's outcome."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model import column_layout
from linviz.model.column_layout import read_fast, read_fast_placed
from linviz.model.errors import ScenarioError
from linviz.model.row_placing import RowPlacer
from linviz.model.scenario import Scenario, write
from linviz.model.scenario_file import dumps_scenario, load_scenario_bytes
from tests.model.test_columns_layout import many_steps, rich, same


@st.composite
def columns_in_blocks(draw):
    """A table's shape, the rows a column fills, the column's numbers and where it is cut."""
    steps = draw(st.integers(1, 12))
    width = draw(st.integers(1, 5))
    rows = sorted(draw(st.sets(st.integers(0, steps - 1), max_size=steps)))
    extra = draw(st.integers(-width * len(rows), 7))  # a column too short or too long
    count = max(0, len(rows) * width + extra)
    numbers = np.arange(1.0, count + 1.0)
    cuts = sorted(draw(st.lists(st.integers(0, count), max_size=6)))
    return steps, width, np.array(rows, dtype=np.int64), numbers, cuts


@settings(max_examples=300, deadline=None)
@given(columns_in_blocks())
def test_a_column_cut_anywhere_lands_in_its_rows(case):
    steps, width, rows, numbers, cuts = case
    table = np.zeros((steps, width))
    placer = RowPlacer(table, rows)
    for block in np.split(numbers, cuts):
        placer.take(block)
    assert placer.complete == (len(numbers) == len(rows) * width)
    assert np.array_equal(placer.flat(), numbers)  # handed back whole, in order
    if placer.complete:
        expected = np.zeros((steps, width))
        expected[rows] = numbers.reshape(-1, width)
        assert np.array_equal(table, expected)


def test_the_writers_files_are_placed_and_read_the_same(monkeypatch):
    monkeypatch.setattr(column_layout, "NUMBER_CHUNK", 64)  # blocks end inside rows
    scenario = many_steps()
    text = dumps_scenario(scenario, "columns").encode()
    header, steps, placed = read_fast_placed(text)
    assert placed is not None and not {"keys", "values", "queries"} & set(steps)
    flat_header, flat_steps = read_fast(text)
    is_write = np.array([letter == "w" for letter in steps["ops"]])
    assert np.array_equal(placed.vectors[is_write].ravel(), flat_steps["keys"])
    assert np.array_equal(placed.vectors[~is_write].ravel(), flat_steps["queries"])
    assert np.array_equal(placed.values[is_write].ravel(), flat_steps["values"])
    assert not placed.values[~is_write].any()
    same(load_scenario_bytes(text, "x.json"), scenario)


def reordered(scenario, first):
    """The scenario's columns-layout text with the steps' members ``first`` moved ahead."""
    document = json.loads(dumps_scenario(scenario, "columns"))
    steps = document["steps"]
    document["steps"] = {**{key: steps[key] for key in first}, **steps}
    return json.dumps(document).encode()


@pytest.mark.parametrize("first", [["keys"], ["queries", "values"]], ids=str)
def test_numbers_before_ops_are_read_flat_and_the_same(first):
    scenario = many_steps()
    text = reordered(scenario, first)
    _, steps, placed = read_fast_placed(text)
    assert placed is None and isinstance(steps["keys"], np.ndarray)
    same(load_scenario_bytes(text, "x.json"), scenario)


def with_steps(scenario, **changes):
    document = json.loads(dumps_scenario(scenario, "columns"))
    document["steps"].update(changes)
    document["steps"] = {k: v for k, v in document["steps"].items() if v is not None}
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    "changes, message",
    [
        (
            {"keys": [1, 0, 0, 1, 0.5, 1, 2]},
            "lesson.json, field 'keys': keys holds 7 numbers, not 6: 3 rows of d_k = 2",
        ),
        (
            {"values": None},
            "lesson.json, field 'values': values holds 0 numbers, not 6: 3 rows of d_v = 2",
        ),
        (
            {"queries": []},
            "lesson.json, field 'queries': queries holds 0 numbers, not 4: 2 rows of d_k = 2",
        ),
    ],
    ids=["too long", "missing", "empty"],
)
def test_a_column_of_the_wrong_length_is_refused_as_when_read_flat(changes, message):
    text = with_steps(rich(), **changes)
    assert read_fast_placed(text)[2] is None  # handed back flat
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(text, "lesson.json")
    assert str(caught.value) == message


def test_a_file_asking_for_more_rows_than_it_can_hold_makes_no_tables():
    # 1,000,000 steps of d = 512 would be 4 GB of zeros for a file of a few bytes.
    text = with_steps(rich(), ops="w" * 1_000_000, keys=[], values=[], queries=[])
    text = text.replace(b'"d_k": 2', b'"d_k": 512')
    assert b'"d_k": 512' in text
    _, steps, placed = read_fast_placed(text)
    assert placed is None and len(steps["keys"]) == 0


def test_a_scenario_without_reads_needs_no_queries_column():
    scenario = Scenario(2, 2, [write([1.0, i], [i, 2.0], f"k{i}") for i in range(3)])
    text = with_steps(scenario, queries=None)
    assert b'"queries"' not in text
    _, steps, placed = read_fast_placed(text)
    assert placed is not None and placed.values.tolist() == [[0, 2], [1, 2], [2, 2]]
    same(load_scenario_bytes(text, "x.json"), scenario)
