"""What prints as zero beside a read: the one rule the readout, the trace and the captions use.

A number shows when it is above 1e-5 (``EXACT_SHARE``) of the read's largest
component; with nothing to compare with, when it is not zero.
"""

from __future__ import annotations

import hypothesis.extra.numpy as hnp
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model.error_parts import ErrorParts
from linviz.model.readout import (
    EXACT_SHARE,
    is_exact,
    rows_that_show,
    shown_part_names,
    sizes_that_show,
)

_EXTREMES = st.sampled_from([0.0, -0.0, 5e-324, 1e-300, 1e-12, 1.0, 1e300, 1.8e308, -1.8e308])


def test_the_share_is_one_in_a_hundred_thousand():
    assert EXACT_SHARE == 1e-5


def test_a_size_shows_above_the_share_of_a_small_reference():
    # Largest component 0.5: the line is 5e-6, below 1 as well as above it.
    shows = sizes_that_show(np.array([1e-6, 5e-6, 7e-6, 1.0]), np.array([0.5, -0.25]))
    assert shows.tolist() == [False, False, True, True]


def test_a_size_exactly_at_the_share_does_not_show():
    assert sizes_that_show(np.array([1e-5, 2e-5]), np.array([-1.0])).tolist() == [False, True]


def test_a_large_reference_hides_what_a_small_one_shows():
    sizes = np.array([0.05, 0.5])
    assert sizes_that_show(sizes, np.array([1e4])).tolist() == [False, True]
    assert sizes_that_show(sizes, np.array([1.0])).tolist() == [True, True]


def test_with_no_reference_or_a_zero_one_anything_but_zero_shows():
    sizes = np.array([0.0, 5e-324, 1.0])
    for reference in (None, np.zeros(3)):
        assert sizes_that_show(sizes, reference).tolist() == [False, True, True]


def test_a_row_shows_by_its_largest_component():
    rows = np.array([[1e-3, -2e-3], [0.0, -0.5], [0.0, 0.0]])
    assert rows_that_show(rows, np.array([1e4])).tolist() == [False, True, False]
    assert rows_that_show(rows, None).tolist() == [True, True, False]


@settings(max_examples=300, deadline=None)
@given(
    hnp.arrays(np.float64, st.tuples(st.integers(1, 6), st.integers(1, 4)), elements=_EXTREMES),
    st.one_of(st.none(), hnp.arrays(np.float64, st.integers(1, 4), elements=_EXTREMES)),
)
def test_rows_that_show_follow_the_rule_for_extreme_numbers(terms, reference):
    scale = max((abs(float(x)) for x in reference), default=0.0) if reference is not None else 0.0
    one_by_one = [
        max(abs(float(x)) for x in row) > 1e-5 * scale if scale > 0 else any(row != 0)
        for row in terms
    ]
    assert rows_that_show(terms, reference).tolist() == one_by_one


def test_a_read_is_exact_within_the_share_of_its_own_scale():
    # Small numbers: the scale is theirs, not 1.
    assert not is_exact(np.array([1e-3]), np.array([1e-3 + 2e-8]))
    assert is_exact(np.array([1e-3]), np.array([1e-3 + 5e-9]))
    assert is_exact(np.array([2.0, 0.0]), np.array([2.0, 1e-5]))
    assert not is_exact(np.array([2.0, 0.0]), np.array([2.0, 3e-5]))


def _parts(**named: list[float]) -> ErrorParts:
    parts = {name: np.array(values) for name, values in named.items()}
    return ErrorParts(error=sum(parts.values()), parts=parts)


def test_the_parts_named_are_those_that_print_beside_the_read():
    parts = _parts(crosstalk=[0.5, 0.0], forgetting=[2e-5, 0.0], own_scale=[0.0, 3e-5])
    # y and v_target up to 2: the line is 2e-5 (a part on it does not show); largest first.
    named = shown_part_names(parts, np.array([2.0, 0.5]), np.array([1.5, 0.5]))
    assert named == ["crosstalk", "own_scale"]
    # A small read: its own scale (1e-3), not 1, sets the line at 1e-8.
    small = _parts(crosstalk=[2e-8, 0.0], forgetting=[5e-9, 0.0])
    assert shown_part_names(small, np.array([1e-3, 0.0]), np.array([1e-3, 0.0])) == ["crosstalk"]


def test_no_parts_are_named_without_a_target():
    parts = _parts(crosstalk=[0.5, 0.0])
    assert shown_part_names(parts, np.array([1.0, 0.0]), None) == []
    assert shown_part_names(None, np.array([1.0, 0.0]), np.array([1.0, 0.0])) == []
