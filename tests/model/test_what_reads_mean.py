"""What the model says about a read or a write is about what S stores: the lessons' cases."""

import numpy as np
import pytest

from linviz.model.interference import earlier_key_cosines, key_cosines, strongest_earlier_overlaps
from linviz.model.lessons import resolve_scenario_path
from linviz.model.norms import row_cosines
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario


def lesson(name):
    return Trace(load_scenario(resolve_scenario_path(name)))


def test_overlaps_are_measured_between_the_stored_keys_phi_k():
    # feature-map step 2: keys (1, 0) and (0, 1) are orthogonal, but elu+1
    # stores them as (2, 1) and (1, 2): cosine 4/5.
    scenario = lesson("feature-map").scenario
    assert earlier_key_cosines(scenario, 2) == [("a", pytest.approx(0.8))]
    pairs, overlapping, earlier = strongest_earlier_overlaps(scenario, 2, limit=5)
    assert (pairs, overlapping, earlier) == ([("a", pytest.approx(0.8))], 1, 1)
    labels, cosines = key_cosines(scenario)
    assert labels == ["a", "b", "c"] and cosines[0, 1] == pytest.approx(0.8)


def test_under_relu_a_negative_key_stores_nothing_and_overlaps_nothing():
    scenario = Scenario(
        2, 1, [write([1, 0], [1], "a"), write([-1, -1], [5], "b")], feature_map="relu"
    )
    assert earlier_key_cosines(scenario, 2) == [("a", 0.0)]


def test_a_read_that_returns_its_target_has_no_crosstalk_under_the_delta_rule():
    # delta-repair step 5: w3 replaced w1's value under the same key.
    result = read_result(lesson("delta-repair"), 5)
    np.testing.assert_allclose(result.output, [9, 9])
    assert result.target == "w3" and result.exact
    np.testing.assert_allclose(result.interference, [0, 0], atol=1e-12)
    np.testing.assert_allclose(result.error_parts.get("crosstalk"), [0, 0], atol=1e-12)
    np.testing.assert_allclose(result.error_parts.get("not_overwritten"), [0, 0], atol=1e-12)
    # The terms still sum to y: w1's [2, 3] and w3's [9, 9] − [2, 3] = [7, 6].
    np.testing.assert_allclose(result.terms, [[2, 3], [0, 0], [7, 6]])
    np.testing.assert_allclose(result.own_value, [9, 9])
    np.testing.assert_allclose(result.correction, [2, 3])


def test_half_a_replacement_leaves_half_the_old_value_not_overwritten():
    # delta-repair step 8: β = 0.5 writes half of [1, 1] − [9, 9]; the [4, 4] it
    # left is not crosstalk (w2's weight is 0) and no share exceeds its whole.
    result = read_result(lesson("delta-repair"), 8)
    np.testing.assert_allclose(result.output, [5, 5])
    assert not result.exact
    np.testing.assert_allclose(result.own_value, [0.5, 0.5])
    parts = result.error_parts
    np.testing.assert_allclose(parts["not_overwritten"], [4, 4])
    np.testing.assert_allclose(parts["crosstalk"], [0, 0], atol=1e-12)
    np.testing.assert_allclose(sum(p for _, p in parts), result.interference)
    assert parts.shares()["not_overwritten"] == pytest.approx(1.0)
    assert parts.main_cause() == "not_overwritten"
    assert [result.under_target_key(i) for i in range(4)] == [True, False, True, False]


def test_a_read_weighing_two_keys_alike_has_no_target():
    # session-trace step 5: q = [1, 1] weighs w1 and w2 equally; [7, 4] is a blend.
    result = read_result(lesson("session-trace"), 5)
    np.testing.assert_allclose(result.output, [7, 4])
    assert result.target is None and result.tied == ("w1", "w2")
    assert result.expected is None and result.interference is None
    assert result.error_parts is None


def test_crosstalk_is_what_other_writes_add_under_the_additive_rule():
    # crowding-the-plane step 7: read k3 picks up 0.8·(3,1) and 0.6·(-2,4).
    result = read_result(lesson("crowding-the-plane"), 7)
    np.testing.assert_allclose(result.own_value, [0, -5])
    np.testing.assert_allclose(result.error_parts["crosstalk"], [1.2, 3.2])
    np.testing.assert_allclose(result.correction, [0, 0])
    assert result.error_parts.shares() == {"crosstalk": pytest.approx(1.0)}


@pytest.mark.parametrize("offset", [1e-3, 1e-6])
def test_exact_means_equal_at_the_precision_shown(offset):
    steps = [write([1, 0], [1, 1], "a"), write([offset, 1], [1, 0], "b"), read([1, 0], "r")]
    result = read_result(Trace(Scenario(2, 2, steps)), 3)
    # 1 + 1e-3 prints as 1.001; 1 + 1e-6 prints as 1.
    assert result.exact is (offset < 1e-5)


def test_a_zero_query_asks_for_nothing():
    result = read_result(Trace(Scenario(2, 1, [write([1, 0], [1], "a"), read([0, 0], "r")])), 2)
    assert (result.target, result.tied) == (None, ())


def test_a_replaced_value_is_not_a_blend_in_the_heatmap_marks():
    trace = lesson("delta-repair")
    # After w3 replaced w1 under key [1, 0], row 1 holds w3 alone; row 2 holds w2.
    np.testing.assert_array_equal(trace.writer_counts(4), [[1, 1], [1, 1]])
    # β = 0.5 (step 7) keeps half of w3's value beside w4's: a real blend.
    np.testing.assert_array_equal(trace.writer_counts(7), [[2, 2], [1, 1]])


def test_additive_reuse_is_a_blend_in_the_heatmap_marks():
    np.testing.assert_array_equal(lesson("session-trace").writer_counts(6), [[2, 2], [1, 1]])


@pytest.mark.parametrize(
    ("keys", "query", "target", "cosine"),
    [
        # |k| overflows to inf and |q| underflows to 0: the product said "no direction".
        (
            [[1.7976931348623157e308, -1.7976931348623157e308], [0.0, 1.0]],
            [1e-308, 0.0],
            "w1",
            0.5**0.5,
        ),
        # k·q underflows to 0 (1e-400): the read looked orthogonal to every key.
        ([[0.0, 1e-200], [1e-200, 1e-201]], [1e-200, 0.0], "w2", 1 / 1.01**0.5),
    ],
)
def test_a_read_chooses_its_target_by_direction_at_any_size(keys, query, target, cosine):
    steps = [write(keys[0], [1.0, 0.0], "w1"), write(keys[1], [0.0, 1.0], "w2"), read(query, "r")]
    scenario = Scenario(2, 2, steps)
    with np.errstate(over="ignore"):
        result = read_result(Trace(scenario), 3)
    assert (result.target, result.tied) == (target, ())
    number = 1 if target == "w1" else 2
    np.testing.assert_allclose(row_cosines(np.array([keys[number - 1]]), np.array(query)), [cosine])


def test_a_zero_key_has_no_direction_at_any_size():
    cosines = row_cosines(np.array([[0.0, 0.0], [5e-324, 0.0]]), np.array([1e308, 0.0]))
    assert cosines[0] == -np.inf and cosines[1] == 1.0
