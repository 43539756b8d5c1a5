"""Every measure of a read, with numbers worked by hand from CURRICULUM.md.

Worked case 2 ("crowding the plane"): k1 = (1,0) → (3,1), k2 = (0,1) → (-2,4),
then k3 = (0.8,0.6) → (0,-5) overlaps both. Reading k3 gives
0.8·(3,1) + 0.6·(-2,4) + 1·(0,-5) = (1.2,-1.8).
"""

import math

import numpy as np
import pytest

from linviz.model.features import elu_plus_one, identity, relu
from linviz.model.readout import cosine, read_output, read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write


def crowding(*reads):
    return Scenario(
        2,
        2,
        [
            write([1, 0], [3, 1], "k1"),
            write([0, 1], [-2, 4], "k2"),
            write([0.8, 0.6], [0, -5], "k3"),
            *reads,
        ],
    )


def assert_same_contribution(got, expected) -> None:
    """``got`` is ``expected``'s write: the same number, label, weight, value and term."""
    assert (got.number, got.label, got.weight) == (expected.number, expected.label, expected.weight)
    np.testing.assert_array_equal(got.effective_value, expected.effective_value)
    np.testing.assert_array_equal(got.term, expected.term)


def test_reading_k3_picks_up_v1_and_v2():
    result = read_result(Trace(crowding(read([0.8, 0.6], "r"))), 4)
    assert result.target == "k3" and result.target_index == 2
    np.testing.assert_allclose(result.output, [1.2, -1.8], atol=1e-12)
    np.testing.assert_allclose(result.weights, [0.8, 0.6, 1.0], atol=1e-12)
    np.testing.assert_allclose(result.terms, [[2.4, 0.8], [-1.2, 2.4], [0, -5]], atol=1e-12)
    np.testing.assert_allclose(result.expected, [0, -5])
    np.testing.assert_allclose(result.target_term, [0, -5], atol=1e-12)
    np.testing.assert_allclose(result.error_parts["crosstalk"], [1.2, 3.2], atol=1e-12)
    np.testing.assert_allclose(result.interference, [1.2, 3.2], atol=1e-12)
    # |(1.2, 3.2)| = √11.68 against |(0, -5)| = 5.
    assert result.relative_error == pytest.approx(math.sqrt(11.68) / 5)
    # (1.2·0 + 1.8·5) / (|(1.2, -1.8)| · 5)
    assert result.cosine == pytest.approx(9 / (math.sqrt(4.68) * 5))
    assert result.numbers.tolist() == [1, 2, 3] and result.labels == ["k1", "k2", "k3"]
    assert len(result) == 3
    np.testing.assert_allclose(result.state, [[3, -3], [-2, 1]], atol=1e-12)
    assert result.number == 4 and result.denominator is None


def test_reading_k1_after_k3_shows_what_the_overlap_took():
    result = read_result(Trace(crowding(read([1, 0], "r", target="k1"))), 4)
    np.testing.assert_allclose(result.output, [3, -3], atol=1e-12)
    np.testing.assert_allclose(result.target_term, [3, 1])
    np.testing.assert_allclose(result.error_parts["crosstalk"], [0, -4], atol=1e-12)
    assert result.relative_error == pytest.approx(4 / math.sqrt(10))
    assert result.cosine == pytest.approx(6 / (math.sqrt(18) * math.sqrt(10)))
    k3 = result.contribution("k3")
    assert (k3.number, k3.label, k3.weight) == (3, "k3", pytest.approx(0.8))
    np.testing.assert_allclose(k3.effective_value, [0, -5])
    np.testing.assert_allclose(k3.term, [0, -4], atol=1e-12)
    with pytest.raises(KeyError):
        result.contribution("k4")
    for index in range(3):
        assert_same_contribution(result.contribution_at(index), result.contributions[index])
    assert result.contribution_at(1).weight == 0.0  # k2 is orthogonal to the query


def test_a_gated_read_splits_the_gap_into_decay_and_crosstalk():
    # α = 0.8: after two more writes the old value keeps 0.64 of itself, and the
    # orthogonal writes add nothing to the read.
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [10, 5], "old"),
            write([0, 1], [2, 2], "n1"),
            write([0, 1], [4, 0], "n2"),
            read([1, 0], "r", target="old"),
        ],
        rule=Rule("gated", alpha=0.8),
    )
    result = read_result(Trace(scenario), 4)
    np.testing.assert_allclose(result.output, [6.4, 3.2])
    np.testing.assert_allclose(result.target_term, [6.4, 3.2])
    np.testing.assert_allclose(result.error_parts["crosstalk"], [0, 0], atol=1e-12)
    np.testing.assert_allclose(result.error_parts["forgetting"], [-3.6, -1.8])
    np.testing.assert_allclose(result.interference, [-3.6, -1.8])
    assert result.error_parts.main_cause() == "forgetting"
    assert result.relative_error == pytest.approx(0.36)
    np.testing.assert_allclose(result.effective_values, [[6.4, 3.2], [1.6, 1.6], [4, 0]])


def test_a_delta_read_is_exact_though_its_terms_are_not_the_stored_values():
    scenario = Scenario(
        2,
        2,
        [write([1, 0], [2, 3], "w1"), write([1, 0], [9, 9], "w2"), read([1, 0], "r")],
        rule=Rule("delta", beta=1.0),
    )
    result = read_result(Trace(scenario), 3)
    assert result.target == "w2"
    np.testing.assert_allclose(result.output, [9, 9])
    # w2's term is [9, 9] − [2, 3]: its correction removed w1's [2, 3], so the
    # read is a replacement, not a blend, and nothing is crosstalk.
    np.testing.assert_allclose(result.target_term, [7, 6])
    np.testing.assert_allclose(result.own_value, [9, 9])
    np.testing.assert_allclose(result.correction, [2, 3])
    np.testing.assert_allclose(result.error_parts.get("not_overwritten"), [0, 0], atol=1e-12)
    np.testing.assert_allclose(result.interference, [0, 0])
    assert result.exact
    assert result.relative_error == 0.0 and result.cosine == pytest.approx(1.0)


def test_the_normalised_read_divides_every_weight_by_the_same_denominator():
    # φ = elu + 1: φ([1,0]) = [2,1], φ([0,1]) = [1,2]; z = [3,3]; the query [1,0]
    # scores 5 and 4 against the keys and 9 against z.
    scenario = Scenario(
        2,
        2,
        [write([1, 0], [10, 0], "a"), write([0, 1], [0, 10], "b"), read([1, 0], "r")],
        feature_map="elu+1",
        normalize=True,
    )
    trace = Trace(scenario)
    result = read_result(trace, 3)
    assert result.denominator == pytest.approx(9 + 1e-6, rel=1e-15, abs=0)
    np.testing.assert_allclose(result.weights, [5 / (9 + 1e-6), 4 / (9 + 1e-6)], rtol=1e-14)
    np.testing.assert_allclose(result.output, [50 / (9 + 1e-6), 40 / (9 + 1e-6)], rtol=1e-14)
    np.testing.assert_allclose(read_output(trace, 3), result.output, rtol=1e-14)
    np.testing.assert_allclose(result.phi_query, [2, 1])
    np.testing.assert_allclose(result.phi_keys, [[2, 1], [1, 2]])


def test_measures_are_none_where_they_mean_nothing():
    scenario = Scenario(2, 2, [write([1, 0], [0, 0], "blank"), read([1, 0], "r")])
    result = read_result(Trace(scenario), 2)
    assert result.target == "blank"
    assert result.relative_error is None  # no stored value to compare with
    assert result.exact  # nothing to blend with
    assert result.cosine is None  # a zero output has no direction
    alone = read_result(Trace(Scenario(2, 2, [read([1, 0], "r")])), 1)
    assert alone.target is None and alone.expected is None and alone.target_index is None
    assert len(alone) == 0 and bool(alone) and alone.output.tolist() == [0, 0]
    assert alone.largest_terms(3) == []


def test_only_a_read_has_an_output():
    trace = Trace(crowding())
    with pytest.raises(ValueError, match="^step 2 is a write, not a read$"):
        read_result(trace, 2)
    with pytest.raises(ValueError, match="^step 3 is a write, not a read$"):
        read_output(trace, 3)


def test_the_largest_terms_keep_the_target_and_ties_go_to_the_earlier_write():
    values = {"a": 5, "b": 1, "c": 7, "d": 2, "e": 7}  # every weight is 1: terms are the values
    steps = [write([1], [value], label) for label, value in values.items()]

    def largest(target, limit):
        scenario = Scenario(1, 1, [*steps, read([1], "r", target=target)])
        return read_result(Trace(scenario), 6).largest_terms(limit)

    assert largest("c", 2) == [2, 4]
    assert largest("c", 1) == [2]  # c and e tie: the earlier one
    assert largest("b", 2) == [1, 2]  # the smallest kept in place of the second 7
    assert largest("b", 3) == [1, 2, 4]
    assert largest("b", 4) == [0, 1, 2, 4]
    assert largest("b", 5) == largest("b", 9) == [0, 1, 2, 3, 4]
    assert largest("b", 0) == largest("b", -1) == []


def test_cosine_of_vectors():
    assert cosine(np.array([1.0, 0.0]), np.array([0.0, 2.0])) == 0.0
    assert cosine(np.array([3.0, 4.0]), np.array([6.0, 8.0])) == pytest.approx(1.0)
    assert cosine(np.array([0.0, 0.0]), np.array([1.0, 0.0])) is None


def test_feature_maps_give_the_courses_values():
    x = np.array([-1.0, 0.0, 2.0, -800.0])
    np.testing.assert_allclose(elu_plus_one(x), [math.exp(-1), 1.0, 3.0, 0.0])
    np.testing.assert_array_equal(relu(x), [0.0, 0.0, 2.0, 0.0])
    np.testing.assert_array_equal(identity([1, -2]), [1.0, -2.0])
    assert identity([1, -2]).dtype == np.float64
    with np.errstate(over="raise"):
        assert elu_plus_one(np.array([800.0]))[0] == 801.0  # exp is never taken of 800


def test_a_write_record_holds_everything_about_the_write():
    scenario = Scenario(
        2,
        2,
        [write([1, 0], [10, 5], "old"), read([1, 0], "r"), write([0, 1], [2, 2], "new")],
        rule=Rule("gated", alpha=0.8),
    )
    trace = Trace(scenario, checkpoint_every=2)
    record = trace.write_record(3)
    assert (record.number, record.step.label, record.decay) == (3, "new", 0.8)
    assert record.phi_key.tolist() == [0, 1] and record.effective_value.tolist() == [2, 2]
    assert record.state_before.tolist() == [[10, 5], [0, 0]]
    assert record.stamp.tolist() == [[0, 0], [2, 2]]
    assert record.state.tolist() == [[8, 4], [2, 2]]
    with pytest.raises(ValueError, match="^step 2 is a read, not a write$"):
        trace.write_record(2)
    with pytest.raises(IndexError, match=r"^step 0 out of range 1\.\.3$"):
        trace.write_record(0)
    with pytest.raises(IndexError, match=r"^step 4 out of range 1\.\.3$"):
        trace.write_record(4)
    with pytest.raises(IndexError, match=r"^step -1 out of range 0\.\.3$"):
        trace.state(-1)
    with pytest.raises(IndexError, match=r"^step 4 out of range 0\.\.3$"):
        trace.decomposition(4)
    with pytest.raises(ValueError, match="checkpoint_every must be at least 1"):
        Trace(scenario, checkpoint_every=0)


def test_a_closed_trace_stops_following_its_scenario():
    scenario = Scenario(1, 1, [write([1], [2], "w")])
    trace = Trace(scenario)
    assert trace.state(1).tolist() == [[2]]
    trace.close()
    scenario.replace_step(1, write([1], [3], "w"))
    assert trace.generation == 0
    following = Trace(scenario)
    scenario.replace_step(1, write([1], [4], "w"))
    assert following.generation == 1 and following.state(1).tolist() == [[4]]
    assert len(following) == 1
