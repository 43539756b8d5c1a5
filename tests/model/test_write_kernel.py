"""The write kernel's contract: what a run of writes returns, beyond the state's numbers.

The worked cases (test_worked_cases.py) hold the numbers; these hold what
callers rely on: the inputs untouched, the effective values read-only, the
settings a rule does not use ignored, and an empty run well formed.
"""

from __future__ import annotations

import numpy as np
import pytest

from linviz.model.kernel import apply_writes, later_factors
from linviz.model.rules import Rule

KEYS = np.array([[1.0, 0.0], [0.6, 0.8]])
VALUES = np.array([[2.0, 3.0, 1.0], [-1.0, 0.5, 4.0]])


def run(rule: Rule, alphas=(0.5, 0.5), betas=(1.0, 1.0), normalize: bool = False, keys=KEYS):
    state, normaliser = np.ones((2, 3)), np.array([0.25, 0.5])
    values = VALUES[: len(keys)]
    result = apply_writes(
        rule, normalize, state, normaliser, keys, values, np.array(alphas), np.array(betas)
    )
    return result, state, normaliser


@pytest.mark.parametrize(
    "rule",
    [
        Rule(),
        Rule("delta", beta=1.0),
        Rule("gated", alpha=0.5),
        Rule("gated_delta", alpha=0.5, beta=1.0),
    ],
)
def test_a_run_leaves_its_inputs_and_gives_read_only_effective_values(rule):
    result, state, normaliser = run(rule)
    assert (state == 1.0).all() and normaliser.tolist() == [0.25, 0.5]
    assert result.state is not state and result.normaliser is not normaliser
    with pytest.raises(ValueError):
        result.effective[0, 0] = 7.0  # the trace keeps these: no caller may change them


def test_rules_without_decay_ignore_the_alphas_given():
    result, state, _ = run(Rule(), alphas=(0.5, 0.25))
    assert result.decays.tolist() == [1.0, 1.0]
    np.testing.assert_allclose(result.state, state + KEYS.T @ VALUES, rtol=0, atol=1e-15)


def test_a_decaying_rule_scales_the_state_before_each_write():
    result, state, _ = run(Rule("gated", alpha=0.5), alphas=(0.5, 0.25))
    assert result.decays.tolist() == [0.5, 0.25]
    expected = 0.25 * (0.5 * state + np.outer(KEYS[0], VALUES[0])) + np.outer(KEYS[1], VALUES[1])
    np.testing.assert_allclose(result.state, expected, rtol=0, atol=1e-15)


def test_the_normaliser_adds_the_keys_only_when_asked():
    with_z, _, normaliser = run(Rule(), normalize=True)
    without, _, _ = run(Rule(), normalize=False)
    assert with_z.normaliser.tolist() == (normaliser + KEYS.sum(axis=0)).tolist()
    assert without.normaliser.tolist() == normaliser.tolist()


@pytest.mark.parametrize("rule", [Rule(), Rule("delta", beta=1.0), Rule("gated", alpha=0.5)])
def test_an_empty_run_returns_the_state_as_it_was(rule):
    result, state, normaliser = run(rule, alphas=(), betas=(), keys=np.zeros((0, 2)))
    assert result.state.tolist() == state.tolist() and result.state is not state
    assert result.normaliser.tolist() == normaliser.tolist()
    assert result.effective.shape == (0, 3)
    assert result.decays.shape == (0,)


def test_later_factors_are_the_decays_after_each_write():
    assert later_factors(np.array([0.5, 0.25, 0.8])).tolist() == [0.2, 0.8, 1.0]
    assert later_factors(np.ones(0)).shape == (0,)
