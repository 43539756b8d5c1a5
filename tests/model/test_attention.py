"""Spotlight versus floodlight: softmax and linear weights of one read."""

import math

import numpy as np
import pytest

from linviz.model.attention import (
    compare_read,
    effective_keys,
    softmax_weights,
    weight_entropy,
)
from linviz.model.errors import ScenarioError
from linviz.model.lessons import resolve_scenario_path
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario
from tests.reference import phi

SHARPNESSES = [0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 50.0]


def lesson_trace(name):
    return Trace(load_scenario(resolve_scenario_path(name)))


def random_scenario(rng, feature_map="identity", normalize=False, rule=None, writes=12):
    steps = [
        write(rng.normal(size=4).tolist(), rng.normal(size=3).tolist(), f"w{i}")
        for i in range(1, writes + 1)
    ]
    steps.append(read(rng.normal(size=4).tolist(), "r"))
    return Scenario(4, 3, steps, feature_map=feature_map, normalize=normalize, rule=rule)


def test_softmax_weights_follow_the_formula():
    scores = np.array([1.0, 0.0, -2.0])
    for s in SHARPNESSES:
        exps = [math.exp(s * x) for x in scores]
        assert softmax_weights(scores, s) == pytest.approx([e / sum(exps) for e in exps])


def test_softmax_is_stable_for_huge_scores():
    weights = softmax_weights(np.array([1000.0, 999.0, -1000.0]), 50.0)
    assert np.isfinite(weights).all()
    assert weights.sum() == pytest.approx(1.0)
    assert weights[0] == pytest.approx(1.0)


def test_softmax_weights_sum_to_one_and_sharpen_as_s_rises():
    rng = np.random.default_rng(5)
    trace = Trace(random_scenario(rng))
    comparisons = [compare_read(trace, 13, s) for s in SHARPNESSES]
    for c in comparisons:
        assert c.softmax.weights.sum() == pytest.approx(1.0)
        assert (c.softmax.weights >= 0).all()
    largest = [c.softmax.weights.max() for c in comparisons]
    entropies = [c.softmax.entropy for c in comparisons]
    assert all(a <= b + 1e-12 for a, b in zip(largest, largest[1:]))
    assert all(a >= b - 1e-12 for a, b in zip(entropies, entropies[1:]))
    # s = 0 weighs all 12 keys equally; a large s reads about one key.
    assert comparisons[0].softmax.effective_keys == pytest.approx(12.0)
    assert comparisons[-1].softmax.effective_keys < 1.5


def test_softmax_output_is_the_weighted_sum_of_the_stored_values():
    trace = lesson_trace("session-trace")
    spotlight = compare_read(trace, 7, sharpness=3.0)  # q = [1,0] after w1, w2, w3
    assert spotlight.labels == ("w1", "w2", "w3")
    assert spotlight.scores.tolist() == [1.0, 0.0, 1.0]
    e = math.exp(3.0)
    w = np.array([e, 1.0, e]) / (2 * e + 1)
    assert spotlight.softmax.output == pytest.approx(
        w[0] * np.array([2, 3]) + w[1] * np.array([5, 1]) + w[2] * np.array([9, 9])
    )


@pytest.mark.parametrize(
    ("feature_map", "normalize"),
    [("identity", False), ("elu+1", True), ("elu+1", False), ("relu", True)],
)
def test_linear_weights_are_the_mapped_dot_products_the_readout_uses(feature_map, normalize):
    rng = np.random.default_rng(9)
    scenario = random_scenario(rng, feature_map, normalize)
    trace = Trace(scenario)
    floodlight = compare_read(trace, 13, 1.0).linear
    steps = scenario.steps
    q = phi(feature_map, steps[12].vector.tolist())
    keys = [phi(feature_map, step.vector.tolist()) for step in steps[:12]]
    expected = np.array([q @ k for k in keys])
    if normalize:
        expected = expected / (q @ np.sum(keys, axis=0) + 1e-6)
    assert floodlight.weights == pytest.approx(expected, rel=1e-12)
    values = np.array([s.value for s in scenario.steps[:12]])
    assert floodlight.output == pytest.approx(expected @ values, rel=1e-9)


def test_linear_output_is_the_reads_own_output_under_any_rule():
    trace = lesson_trace("delta-repair")
    for number, step in enumerate(trace.scenario.steps, start=1):
        if step.is_write:
            continue
        floodlight = compare_read(trace, number).linear
        result = read_result(trace, number)
        assert np.array_equal(floodlight.weights, result.weights)
        assert np.array_equal(floodlight.output, result.output)


def test_a_gated_scenario_keeps_every_write_for_softmax():
    rng = np.random.default_rng(2)
    trace = Trace(random_scenario(rng, rule=Rule("gated", alpha=0.5), writes=5))
    spotlight = compare_read(trace, 6, 0.0)
    assert spotlight.softmax.weights == pytest.approx([0.2] * 5)


def test_entropy_and_effective_keys():
    assert weight_entropy(np.array([1.0, 0.0, 0.0])) == 0.0
    assert effective_keys(np.array([0.0, 5.0, 0.0])) == pytest.approx(1.0)
    assert effective_keys(np.array([0.5, -0.5])) == pytest.approx(2.0)  # |w| is shared
    assert effective_keys(np.ones(7)) == pytest.approx(7.0)
    assert weight_entropy(np.zeros(3)) is None and effective_keys(np.zeros(3)) == 0.0
    assert weight_entropy(np.zeros(0)) is None


def test_the_session_trace_blend_reads_two_keys_linearly():
    trace = lesson_trace("session-trace")
    blend = compare_read(trace, 5, 1.0)  # q = [1,1] over w1, w2
    assert blend.linear.weights.tolist() == [1.0, 1.0]
    assert blend.linear.output.tolist() == [7.0, 4.0]
    assert blend.linear.effective_keys == pytest.approx(2.0)


def test_a_read_before_any_write_has_no_weights():
    trace = Trace(Scenario(2, 2, [read([1, 0], "r")]))
    empty = compare_read(trace, 1, 2.0)
    assert empty.labels == () and empty.softmax.weights.size == 0
    assert empty.softmax.output.tolist() == [0.0, 0.0]
    assert empty.softmax.entropy is None and empty.linear.effective_keys == 0.0


def test_a_write_is_not_a_read():
    with pytest.raises(ValueError):
        compare_read(lesson_trace("session-trace"), 1)


@pytest.mark.parametrize("s", [-1.0, 51.0, float("nan"), "2"])
def test_a_sharpness_out_of_range_is_refused(s):
    with pytest.raises(ScenarioError) as caught:
        compare_read(lesson_trace("session-trace"), 3, s)
    assert caught.value.field == "sharpness"


def test_entropy_of_a_subnormal_weight_beside_the_largest_float_is_that_of_one_key():
    # The subnormal's share underflows to 0: log(0) must not make the entropy NaN.
    assert weight_entropy(np.array([1.7976931348623157e308, 5e-324])) == 0.0


def test_the_spread_curve_runs_from_every_key_to_the_best_one():
    from linviz.model.attention import SHARPNESS_RANGE, spread_curve

    comparison = compare_read(lesson_trace("crowding-the-plane"), 7)
    sharpnesses, keys = spread_curve(comparison.scores)
    assert sharpnesses[0] == SHARPNESS_RANGE[0] and sharpnesses[-1] == SHARPNESS_RANGE[1]
    assert keys[0] == pytest.approx(3.0)  # s = 0: three keys alike
    assert np.all(np.diff(keys) <= 1e-12)  # a sharper softmax never reads more keys
    assert keys[-1] == pytest.approx(1.0, abs=1e-3)
    at_ten = np.flatnonzero(np.isclose(sharpnesses, 10.0))[0]
    assert keys[at_ten] == pytest.approx(comparison.softmax.effective_keys)


def test_spread_order_and_best_matches_name_what_the_counts_say():
    from linviz.model.attention import best_matches, spread_order

    crowding = lesson_trace("crowding-the-plane")
    assert spread_order(compare_read(crowding, 7, 10.0)) == "narrower"  # 1.55 against 2.94
    assert spread_order(compare_read(crowding, 7, 1.0)) == "same"  # 2.96 against 2.94
    assert best_matches(compare_read(crowding, 7)) == 1
    session = lesson_trace("session-trace")
    assert spread_order(compare_read(session, 7, 1.0)) == "wider"  # 2.77 against 2
    assert best_matches(compare_read(session, 7)) == 2  # w1 and w3 share k = [1, 0]


def test_overflowing_scores_give_all_the_weight_to_the_largest_and_no_nan():
    from linviz.model.attention import match_scores, spread_curve

    keys = np.array([[1.7976931348623157e308, 1.0], [-1.7976931348623157e308, 1.0], [5e-324, 0.0]])
    scores = match_scores(keys, np.array([1.7976931348623157e308, 0.0]))
    assert scores[0] == np.inf and scores[1] == -np.inf and np.isfinite(scores[2])
    assert softmax_weights(scores, 10.0).tolist() == [1.0, 0.0, 0.0]
    # the difference of two huge products is taken after scaling: 0, not inf − inf
    assert match_scores(np.array([[1.7e308, 1.7e308]]), np.array([1.0, -1.0])).tolist() == [0.0]
    assert weight_entropy(np.array([np.inf, np.inf, 1.0])) == pytest.approx(math.log(2))
    assert weight_entropy(np.array([1.7e308, 1.7e308])) == pytest.approx(math.log(2))
    sharpnesses, counts = spread_curve(scores)
    assert np.all(counts == 1.0) and len(counts) == len(sharpnesses)
