"""Each update rule and feature map against its formula, written out in the test."""

import numpy as np
import pytest

from linviz.model.errors import ScenarioError
from linviz.model.features import elu_plus_one, relu
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write


def test_delta_rule_formula():
    rule = Rule("delta", beta=0.5)
    k1, v1, k2, v2 = (
        np.array([1.0, 0]),
        np.array([2.0, 3]),
        np.array([0.6, 0.8]),
        np.array([1.0, -1]),
    )
    scenario = Scenario(2, 2, [write(k1, v1, "a"), write(k2, v2, "b")], rule=rule)
    S = 0.5 * np.outer(k1, v1)
    S = S + 0.5 * np.outer(k2, v2 - S.T @ k2)
    np.testing.assert_allclose(Trace(scenario).state(2), S)


def test_gated_rule_formula_with_a_per_write_alpha():
    scenario = Scenario(
        2,
        3,
        [write([1, 0], [1, 2, 3], "a"), write([0, 1], [3, 2, 1], "b", alpha=0.5)],
        rule=Rule("gated", alpha=0.9),
    )
    S = np.outer([1, 0], [1, 2, 3])
    S = 0.5 * S + np.outer([0, 1], [3, 2, 1])
    np.testing.assert_allclose(Trace(scenario).state(2), S)


def test_gated_delta_rule_formula():
    alpha, beta = 0.8, 0.7
    keys = [np.array([1.0, 0.0, 0.0]), np.array([0.6, 0.8, 0.0]), np.array([0.0, 0.6, 0.8])]
    values = [np.array([1.0, 2.0]), np.array([-1.0, 0.5]), np.array([2.0, 2.0])]
    scenario = Scenario(
        3,
        2,
        [write(k, v, f"w{i}") for i, (k, v) in enumerate(zip(keys, values))],
        rule=Rule("gated_delta", alpha=alpha, beta=beta),
    )
    S = np.zeros((3, 2))
    for k, v in zip(keys, values):
        S = alpha * (np.eye(3) - beta * np.outer(k, k)) @ S + beta * np.outer(k, v)
    np.testing.assert_allclose(Trace(scenario).state(3), S)


def test_normalised_elu_read_matches_the_paper():
    keys = [np.array([1.0, -2.0]), np.array([-0.5, 0.3])]
    values = [np.array([1.0, 2.0]), np.array([3.0, -1.0])]
    q = np.array([0.2, -1.0])
    scenario = Scenario(
        2,
        2,
        [write(keys[0], values[0], "a"), write(keys[1], values[1], "b"), read(q, "r")],
        feature_map="elu+1",
        normalize=True,
    )
    phi = lambda x: np.where(x > 0, x + 1, np.exp(x))  # noqa: E731
    S = sum(np.outer(phi(k), v) for k, v in zip(keys, values))
    z = sum(phi(k) for k in keys)
    expected = phi(q) @ S / (phi(q) @ z + 1e-6)
    result = read_result(Trace(scenario), 3)
    np.testing.assert_allclose(result.output, expected)
    assert sum(c.weight for c in result.contributions) == pytest.approx(1.0, abs=1e-5)


def test_feature_maps_are_positive_or_zero():
    x = np.array([-3.0, -0.1, 0.0, 2.0])
    assert (elu_plus_one(x) > 0).all()
    np.testing.assert_array_equal(relu(x), [0, 0, 0, 2])


def test_normaliser_with_another_rule_is_refused_with_reason():
    with pytest.raises(ScenarioError, match="only for the additive rule"):
        Scenario(2, 2, normalize=True, rule=Rule("delta", beta=1.0))


@pytest.mark.parametrize(
    "rule, message",
    [
        (dict(name="delta", beta=1.5), r"beta must be a number in \[0, 1\]"),
        (dict(name="gated", alpha=0.0), r"alpha must be a number in \(0, 1\]"),
        (dict(name="gated"), "needs 'alpha'"),
        (dict(name="additive", alpha=0.5), "takes no 'alpha'"),
        (dict(name="hebbian"), "unknown rule"),
    ],
)
def test_rule_settings_out_of_range_are_refused(rule, message):
    with pytest.raises(ScenarioError, match=message):
        Rule(**rule)


def test_read_target_defaults_to_the_most_similar_latest_write():
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [1, 1], "a"),
            write([0, 1], [2, 2], "b"),
            write([1, 0], [3, 3], "c"),  # a's key again: the latest one is meant
            read([1, 0.1], "r"),
        ],
    )
    result = read_result(Trace(scenario), 4)
    assert (result.target, result.tied) == ("c", ())


def test_keys_the_query_weighs_alike_leave_the_read_without_a_target():
    # (2, 0) points where (1, 0) does: both have cosine 0.995 with the query,
    # and the read returns 1·v_a + 2·v_c, no single stored value.
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [1, 1], "a"),
            write([0, 1], [2, 2], "b"),
            write([2, 0], [3, 3], "c"),
            read([1, 0.1], "r"),
        ],
    )
    result = read_result(Trace(scenario), 4)
    assert (result.target, result.tied, result.expected) == (None, ("a", "c"), None)


def test_a_target_given_in_the_file_wins_over_a_tie():
    scenario = Scenario(
        2,
        2,
        [write([1, 0], [2, 3], "w1"), write([0, 1], [5, 1], "w2"), read([1, 1], "r", target="w1")],
    )
    result = read_result(Trace(scenario), 3)
    assert (result.target, result.tied) == ("w1", ())
    np.testing.assert_allclose(result.interference, [5, 1])
