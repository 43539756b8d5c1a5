"""Inserting, removing and moving a step keep every row and label right, at any size.

At a million steps these took 0.5-0.9 s each: the label index was rebuilt
after every edit that moved rows (0.43 s), and the rows were shifted by
one slice assignment of overlapping halves (numpy copies the whole block
aside first). Rows now shift a block at a time and the index is rebuilt
only when needed, a label scan answering the few lookups of one edit.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model import scenario as scenario_module
from linviz.model.errors import ScenarioError
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write


def numbered(count: int, d: int = 3) -> Scenario:
    """``count`` steps whose numbers say where they started (``s0``, ``s1``, …): writes,
    every fourth a read, every fifth write with a β of its own (under the delta rule).
    """
    steps = []
    for n in range(count):
        vector = [float(n), -float(n), 0.5 + n][:d]
        if n % 4 == 3:
            steps.append(read(vector, f"s{n}"))
        else:
            steps.append(write(vector, [float(n)] * d, f"s{n}", beta=0.25 if n % 5 == 0 else None))
    return Scenario(d, d, steps, rule=Rule("delta", beta=1.0))


def rows(sc: Scenario) -> list[tuple]:
    """Each step as (label, op, vector, value, beta): what must follow it when rows move."""
    return [
        (
            step.label,
            step.op,
            step.vector.tolist(),
            None if step.value is None else step.value.tolist(),
            step.beta,
        )
        for step in (sc.step(n) for n in range(1, len(sc) + 1))
    ]


def assert_labels_indexed(sc: Scenario, expected: list[tuple]) -> None:
    for number, row in enumerate(expected, start=1):
        assert sc.number_of(row[0]) == number and sc.has_label(row[0])
        assert sc.row_of(row[0]) == number - 1
    assert sc.row_of("nobody") is None and not sc.has_label("nobody")
    with pytest.raises(KeyError):
        sc.number_of("nobody")


def test_a_step_inserted_removed_and_moved_across_many_blocks_keeps_every_row():
    count = 3 * scenario_module.SHIFT_ROWS + 17  # several blocks, the last one short
    sc = numbered(count)
    expected = rows(sc)
    new = write([9.0, 9.0, 9.0], [7.0, 7.0, 7.0], "new")
    sc.insert_step(5, new)
    expected.insert(4, ("new", "write", [9.0] * 3, [7.0] * 3, None))
    assert rows(sc) == expected
    sc.remove_step(2)
    del expected[1]
    assert rows(sc) == expected
    sc.move_step(1, count - 3)
    expected.insert(count - 4, expected.pop(0))
    assert rows(sc) == expected
    assert_labels_indexed(sc, expected)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from("idmr"), st.integers(0, 40), st.integers(0, 40)), max_size=20
    ),
    st.integers(1, 4),
)
def test_rows_and_labels_follow_any_edits_whatever_the_block_size(edits, block):
    """The same edits on a list: shifting a block at a time, with blocks of 1 to 4 rows."""
    original = scenario_module.SHIFT_ROWS
    scenario_module.SHIFT_ROWS = block
    try:
        sc = numbered(12)
        expected = rows(sc)
        for index, (kind, where, to) in enumerate(edits):
            count = len(sc)
            if kind == "i":
                at = where % (count + 1)
                label = f"n{index}"
                sc.insert_step(at + 1, write([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], label))
                expected.insert(at, (label, "write", [1.0, 2.0, 3.0], [4.0, 5.0, 6.0], None))
            elif kind == "d" and count > 1:
                at = where % count
                sc.remove_step(at + 1)
                del expected[at]
            elif kind == "m" and count > 1:
                at, new = where % count, to % count
                sc.move_step(at + 1, new + 1)
                expected.insert(new, expected.pop(at))
            elif kind == "r" and count:
                at = where % count
                label = f"r{index}"
                sc.replace_step(at + 1, replace(sc.step(at + 1), label=label))
                expected[at] = (label, *expected[at][1:])
            assert rows(sc) == expected
        assert_labels_indexed(sc, expected)
    finally:
        scenario_module.SHIFT_ROWS = original


def test_labels_stay_unique_while_the_index_is_being_rebuilt():
    sc = numbered(40)
    sc.remove_step(1)  # rows moved: the index is forgotten
    for n in range(2 * scenario_module.SCANS_BEFORE_INDEX):  # scans, then the index again
        with pytest.raises(ScenarioError, match="already used"):
            sc.insert_step(1, write([1.0, 0.0, 0.0], [1.0, 1.0, 1.0], f"s{n + 5}"))
    sc.replace_step(3, replace(sc.step(3), label="renamed"))
    sc.remove_step(1)
    sc.replace_step(1, replace(sc.step(1), label="again"))  # while the index is forgotten
    assert sc.number_of("again") == 1 and sc.number_of("renamed") == 2
    assert not sc.has_label("s0") and not sc.has_label("s1") and not sc.has_label("s2")
    assert_labels_indexed(sc, rows(sc))
