"""Key overlaps and default targets, from the scenario's kept key lengths."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz.model.interference import (
    STRETCH,
    _largest_first,
    earlier_key_cosines,
    strongest_earlier_overlaps,
)
from linviz.model.readout import default_target
from linviz.model.scenario import Scenario, read, write

# Few distinct small integers: zero keys, parallel keys and exact ties are common.
components = st.integers(-2, 2).map(float)


@st.composite
def keyed_scenarios(draw):
    d = draw(st.integers(1, 3))
    steps = []
    for i in range(draw(st.integers(1, 16))):
        key = draw(st.lists(components, min_size=d, max_size=d))
        steps.append(
            write(key, [1.0], f"w{i}") if draw(st.booleans()) or not i else read(key, f"r{i}")
        )
    return Scenario(d, 1, steps)


def reference_target(scenario, number):
    """The default target as the course states it, one key at a time.

    The latest write whose key has the largest cosine with the query; none
    when that cosine is shared by different keys (a tie) or nothing is similar
    (a zero query, or only zero keys).
    """
    query = scenario.step(number).vector
    scored = []
    for n in range(1, number):
        step = scenario.step(n)
        if step.is_write:
            norms = np.linalg.norm(step.vector) * np.linalg.norm(query)
            similarity = float(step.vector @ query) / norms if norms > 0 else -np.inf
            scored.append((similarity, tuple(step.vector), step.label))
    if not scored or max(s for s, _, _ in scored) == -np.inf:
        return None
    best = max(s for s, _, _ in scored)
    tied = [(key, label) for s, key, label in scored if s >= best - 1e-12]
    if len({key for key, _ in tied}) > 1:
        return None
    return tied[-1][1]


@given(keyed_scenarios(), st.integers(0, 6), st.sampled_from([0.0, 1e-9, 0.5]), st.data())
def test_strongest_overlaps_are_the_sorted_cosines(scenario, limit, eps, data):
    number = data.draw(st.integers(1, len(scenario)))
    cosines = earlier_key_cosines(scenario, number)
    hits = sorted([pair for pair in cosines if abs(pair[1]) > eps], key=lambda p: -abs(p[1]))
    pairs, overlapping, earlier = strongest_earlier_overlaps(scenario, number, limit, eps)
    assert pairs == [(label, float(c)) for label, c in hits[:limit]]
    assert (overlapping, earlier) == (len(hits), len(cosines))


@given(st.integers(1, 8 * STRETCH), st.integers(0, 2**32 - 1), st.integers(1, 30))
def test_the_largest_sizes_come_first_with_ties_in_order(length, seed, count):
    """Long arrays (several stretches) with many exact ties, zeros and NaN (counted as 0)."""
    values = [0.0, 0.25, 0.5, 0.5000000000000001, 1.0, np.nan]
    sizes = np.random.default_rng(seed).choice(
        values, size=length, p=[0.5, 0.2, 0.1, 0.1, 0.05, 0.05]
    )
    clean = np.nan_to_num(sizes, nan=0.0)
    count = min(count, int(np.count_nonzero(clean > 0)))
    if count == 0:
        return
    expected = np.argsort(-clean, kind="stable")[:count]
    np.testing.assert_array_equal(_largest_first(sizes, count), expected)


@pytest.mark.parametrize("limit, eps", [(12, 1e-9), (1, 0.0), (40, 0.5), (3000, 0.0)])
def test_strongest_overlaps_of_a_long_scenario_with_ties(limit, eps):
    """Thousands of earlier keys from a few directions: ties everywhere, zero keys too."""
    rng = np.random.default_rng(4)
    keys = rng.integers(-1, 2, size=(3000, 2)).astype(float)
    steps = [
        write(key, [1.0], f"w{i}") if i % 5 or not i else read(key, f"r{i}")
        for i, key in enumerate(keys)
    ]
    scenario = Scenario(2, 1, steps)
    for number in (2, 700, 2999, 3000):
        cosines = earlier_key_cosines(scenario, number)
        hits = sorted([pair for pair in cosines if abs(pair[1]) > eps], key=lambda p: -abs(p[1]))
        pairs, overlapping, earlier = strongest_earlier_overlaps(scenario, number, limit, eps)
        assert pairs == [(label, float(c)) for label, c in hits[:limit]]
        assert (overlapping, earlier) == (len(hits), len(cosines))


@given(keyed_scenarios(), st.data())
def test_key_lengths_follow_edits_and_the_default_target_with_them(scenario, data):
    scenario.key_norms()  # measured once, then edited
    number = data.draw(st.integers(1, len(scenario)))
    d = scenario.d_k
    key = data.draw(st.lists(components, min_size=d, max_size=d))
    edit = data.draw(st.sampled_from(["replace", "insert", "remove", "resize"]))
    if edit == "replace":
        scenario.replace_step(number, scenario.step(number).with_changes(vector=key))
    elif edit == "insert":
        scenario.insert_step(number, write(key, [2.0], "new"))
    elif edit == "remove" and len(scenario) > 1 and not scenario.is_write(number):
        scenario.remove_step(number)
    elif edit == "resize":
        scenario.resize(d + 1, 1)
    vectors = scenario.vectors()
    np.testing.assert_allclose(scenario.key_norms(), np.linalg.norm(vectors, axis=1))
    for n in range(1, len(scenario) + 1):
        if not scenario.is_write(n):
            assert default_target(scenario, n) == reference_target(scenario, n)


BIGGEST = 1.7976931348623157e308


@pytest.mark.parametrize(
    ("earlier", "key", "cosine"),
    [
        # |k| of both is inf: divided by it, they were "orthogonal".
        ([BIGGEST, -BIGGEST], [BIGGEST, 0.0], 0.5**0.5),
        # |k| of the earlier key underflows to 0: it was "orthogonal" (or clipped to 1).
        ([1e-200, 1e-200], [1.0, 0.0], 0.5**0.5),
        # |q| underflows to 0.
        ([1.0, 1.0], [1e-320, 0.0], 0.5**0.5),
    ],
)
def test_overlaps_are_the_true_cosines_at_any_size(earlier, key, cosine):
    scenario = Scenario(2, 1, [write(earlier, [1.0], "a"), write(key, [1.0], "b")])
    with np.errstate(over="ignore"):
        pairs, overlapping, count = strongest_earlier_overlaps(scenario, 2, limit=3)
        listed = earlier_key_cosines(scenario, 2)
    assert (overlapping, count) == (1, 1)
    assert pairs == [("a", pytest.approx(cosine, rel=1e-12))]
    assert listed == [("a", pytest.approx(cosine, rel=1e-12))]
