"""Scenarios from arrays: the replay matches the recurrences of a real model, written here."""

from pathlib import Path

import numpy as np
import pytest

from linviz.model.arrays import scenario_from_arrays
from linviz.model.errors import ScenarioError
from linviz.model.readout import read_output
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario_file import load_scenario, scenario_to_dict
from tests import reference

T, D_K, D_V = 7, 5, 3


def fla_recurrence(q, k, v, beta=None, g=None, scale=1.0):
    """flash-linear-attention's naive recurrent gated delta rule for one head, in numpy.

    Written from fla/ops/gated_delta_rule/naive.py: per token, h ← e^g h, then
    v′ = β (v − hᵀk), h ← h + k v′ᵀ, o = hᵀ(scale · q). Without ``beta`` the
    write is plain (h ← h + k vᵀ); without ``g`` there is no decay.
    """
    h = np.zeros((k.shape[1], v.shape[1]))
    outputs, states = [], []
    for t in range(len(k)):
        if g is not None:
            h = h * np.exp(g[t])
        if beta is not None:
            u = beta[t] * (v[t] - h.T @ k[t])
        else:
            u = v[t]
        h = h + np.outer(k[t], u)
        outputs.append(h.T @ (scale * q[t]))
        states.append(h.copy())
    return np.array(outputs), states


def draws(seed=0, t=T):
    rng = np.random.default_rng(seed)
    k = rng.normal(size=(t, D_K))
    k /= np.linalg.norm(k, axis=1, keepdims=True)
    return {
        "q": rng.normal(size=(t, D_K)),
        "k": k,
        "v": rng.normal(size=(t, D_V)),
        "beta": rng.uniform(0.1, 1.0, size=t),
        "g": -rng.uniform(0.0, 0.5, size=t),
    }


def replay_reads(scenario):
    """Each read's output and the state after it, by the model's own replay."""
    trace = Trace(scenario)
    reads = [n for n in range(1, len(scenario) + 1) if not scenario.is_write(n)]
    return np.array([read_output(trace, n) for n in reads]), [trace.state(n) for n in reads]


def reference_reads(scenario):
    """The same, by tests/reference.py's replay of the saved document."""
    document = scenario_to_dict(scenario)
    states, outputs = reference.replay(document)
    numbers = sorted(outputs)
    return np.array([outputs[n] for n in numbers]), [states[n] for n in numbers]


@pytest.mark.parametrize(
    "given, rule_name",
    [
        ((), "additive"),
        (("beta",), "delta"),
        (("g",), "gated"),
        (("beta", "g"), "gated_delta"),
    ],
)
def test_tokens_layout_replays_as_the_model_recurrence(given, rule_name):
    arrays = draws(1)
    chosen = {name: arrays[name] for name in given}
    scenario = scenario_from_arrays(q=arrays["q"], k=arrays["k"], v=arrays["v"], **chosen)
    assert scenario.rule.name == rule_name
    assert (scenario.d_k, scenario.d_v, len(scenario)) == (D_K, D_V, 2 * T)
    assert scenario.write_mask().tolist() == [True, False] * T  # each token writes, then reads
    expected, states = fla_recurrence(arrays["q"], arrays["k"], arrays["v"], **chosen)
    for outputs, replayed in (replay_reads(scenario), reference_reads(scenario)):
        np.testing.assert_allclose(outputs, expected, rtol=1e-10, atol=1e-12)
        for state, wanted in zip(replayed, states):
            np.testing.assert_allclose(state, wanted, rtol=1e-10, atol=1e-12)


def test_alpha_is_the_decay_itself_and_g_its_logarithm():
    arrays = draws(2)
    alpha = np.exp(arrays["g"])
    by_g = scenario_from_arrays(q=arrays["q"], k=arrays["k"], v=arrays["v"], g=arrays["g"])
    by_alpha = scenario_from_arrays(q=arrays["q"], k=arrays["k"], v=arrays["v"], alpha=alpha)
    np.testing.assert_allclose(replay_reads(by_alpha)[0], replay_reads(by_g)[0], rtol=1e-12)
    np.testing.assert_allclose(by_g.write_parameters()[0][::2], alpha)


def test_fla_scale_multiplies_the_queries_and_leaves_the_state():
    arrays = draws(3)
    scenario = scenario_from_arrays(q=arrays["q"], k=arrays["k"], v=arrays["v"], scale="fla")
    expected, states = fla_recurrence(arrays["q"], arrays["k"], arrays["v"], scale=D_K**-0.5)
    outputs, replayed = replay_reads(scenario)
    np.testing.assert_allclose(outputs, expected, rtol=1e-10)
    np.testing.assert_allclose(replayed[-1], states[-1], rtol=1e-10)
    halved = scenario_from_arrays(q=arrays["q"], k=arrays["k"], v=arrays["v"], scale=0.5)
    np.testing.assert_allclose(
        replay_reads(halved)[0],
        0.5 * fla_recurrence(**{n: arrays[n] for n in "qkv"})[0],
        rtol=1e-10,
    )


@pytest.mark.parametrize("rule", ["additive", "delta", "gated", "gated_delta"])
def test_pairs_layout_writes_every_pair_then_reads_every_query(rule):
    rng = np.random.default_rng(4)
    n, m = 6, 4
    keys, values, queries = (
        rng.normal(size=(n, D_K)),
        rng.normal(size=(n, D_V)),
        rng.normal(size=(m, D_K)),
    )
    beta, alpha = rng.uniform(0.2, 1.0, size=n), rng.uniform(0.5, 1.0, size=n)
    scenario = scenario_from_arrays(
        keys, values, queries, beta=beta, alpha=alpha, rule=rule, labels=list("abcdef")
    )
    assert scenario.rule.name == rule
    assert scenario.labels() == ["a", "b", "c", "d", "e", "f", "r1", "r2", "r3", "r4"]
    # The independent recurrence, with the parameters the rule takes.
    S = np.zeros((D_K, D_V))
    for i in range(n):
        decay = alpha[i] if rule in ("gated", "gated_delta") else 1.0
        strength = beta[i] if rule in ("delta", "gated_delta") else None
        S = decay * S
        u = values[i] if strength is None else strength * (values[i] - S.T @ keys[i])
        S = S + np.outer(keys[i], u)
    outputs, states = replay_reads(scenario)
    np.testing.assert_allclose(outputs, queries @ S, rtol=1e-10)
    np.testing.assert_allclose(reference_reads(scenario)[0], queries @ S, rtol=1e-10)


def test_the_session_trace_from_arrays():
    scenario = scenario_from_arrays(
        keys=[[1, 0], [0, 1]], values=[[2, 3], [5, 1]], queries=[[1, 0], [0, 1], [1, 1]]
    )
    outputs, states = replay_reads(scenario)
    assert outputs.tolist() == [[2, 3], [5, 1], [7, 4]]
    assert states[-1].tolist() == [[2, 3], [5, 1]]


def test_a_parameter_the_same_at_every_write_is_the_rules_own():
    arrays = draws(5)
    scenario = scenario_from_arrays(
        q=arrays["q"], k=arrays["k"], v=arrays["v"], beta=np.full(T, 0.5)
    )
    assert scenario.rule == Rule("delta", beta=0.5)
    assert scenario.overrides("beta").size == 0
    varied = scenario_from_arrays(q=arrays["q"], k=arrays["k"], v=arrays["v"], beta=arrays["beta"])
    assert varied.overrides("beta").tolist() == list(range(1, 2 * T, 2))


def test_rule_overrides_and_leaves_out_what_it_does_not_take():
    arrays = draws(6)
    scenario = scenario_from_arrays(**arrays, rule="delta")
    assert scenario.rule.name == "delta" and scenario.overrides("alpha").size == 0
    expected, _ = fla_recurrence(arrays["q"], arrays["k"], arrays["v"], beta=arrays["beta"])
    np.testing.assert_allclose(replay_reads(scenario)[0], expected, rtol=1e-10)


def test_batch_and_head_pick_one_head_of_the_fla_layout():
    rng = np.random.default_rng(7)
    b, h = 2, 3
    q, k = rng.normal(size=(b, T, h, D_K)), rng.normal(size=(b, T, h, D_K))
    k /= np.linalg.norm(k, axis=-1, keepdims=True)
    v, beta = rng.normal(size=(b, T, h, D_V)), rng.uniform(size=(b, T, h))
    g = -rng.uniform(0, 1, size=(b, T, h))
    scenario = scenario_from_arrays(q=q, k=k, v=v, beta=beta, g=g, batch=1, head=2)
    expected, _ = fla_recurrence(q[1, :, 2], k[1, :, 2], v[1, :, 2], beta[1, :, 2], g[1, :, 2])
    np.testing.assert_allclose(replay_reads(scenario)[0], expected, rtol=1e-10)
    # [T, H, d] without a batch axis.
    three = scenario_from_arrays(q=q[0], k=k[0], v=v[0], head=1)
    expected, _ = fla_recurrence(q[0, :, 1], k[0, :, 1], v[0, :, 1])
    np.testing.assert_allclose(replay_reads(three)[0], expected, rtol=1e-10)


def test_token_labels_are_made_unique_and_reads_marked():
    arrays = draws(8, t=3)
    scenario = scenario_from_arrays(
        q=arrays["q"], k=arrays["k"], v=arrays["v"], labels=["the", "cat", "the"]
    )
    assert scenario.labels() == ["the#1", "the#1?", "cat", "cat?", "the#3", "the#3?"]


def test_float32_and_integer_arrays_and_saving(tmp_path):
    arrays = draws(9)
    scenario = scenario_from_arrays(
        q=arrays["q"].astype(np.float32),
        k=arrays["k"].astype(np.float32),
        v=np.arange(T * D_V).reshape(T, D_V),
        title="mine",
    )
    path = scenario.save(tmp_path / "mine.json")
    again = load_scenario(path)
    assert again == scenario and again.title == "mine"


def test_ten_thousand_steps_of_arrays_are_saved_in_columns_fewer_a_step_an_object(tmp_path):
    rng = np.random.default_rng(4)
    tokens = 5_000  # a write and a read each: 10,000 steps
    big = scenario_from_arrays(
        q=rng.standard_normal((tokens, 4)),
        k=rng.standard_normal((tokens, 4)),
        v=rng.standard_normal((tokens, 3)),
        beta=rng.uniform(0, 1, tokens),
    )
    path = big.save(tmp_path / "big.json")
    head = Path(path).read_text(encoding="utf-8")[:300]
    assert len(big) == 10_000 and '"layout": "columns"' in head
    assert load_scenario(path) == big
    small = scenario_from_arrays(**{name: OK[name][:20] for name in "qkv"})
    path = small.save(tmp_path / "small.json")
    assert '"layout"' not in Path(path).read_text(encoding="utf-8")[:300]  # a step an object
    assert load_scenario(path) == small


def _refusal(**kwargs):
    with pytest.raises(ScenarioError) as caught:
        scenario_from_arrays(**kwargs)
    return caught.value


OK = draws(10)


@pytest.mark.parametrize(
    "kwargs, field, words",
    [
        ({}, "q", "q is missing: the tokens layout needs q, k, v"),
        ({"q": OK["q"], "k": OK["k"]}, "v", "v is missing"),
        ({"keys": OK["k"]}, "values", "values is missing: the pairs layout needs keys, values"),
        ({"keys": OK["k"], "q": OK["q"]}, "q", "not both: got keys, q"),
        ({**{n: OK[n] for n in "qkv"}, "v": OK["v"][:-1]}, "v", "v has 6 rows but k has 7 rows"),
        ({**{n: OK[n] for n in "qkv"}, "q": OK["q"][:, :4]}, "q", "expected [7, 5]"),
        ({**{n: OK[n] for n in "qkv"}, "k": OK["k"][0]}, "k", "k has shape [5]; expected"),
        ({**{n: OK[n] for n in "qkv"}, "v": np.zeros((T, 513))}, "v", "may be 1 to 512"),
        ({**{n: OK[n] for n in "qkv"}, "k": OK["k"] * np.nan}, "k", "k holds nan at index [0, 0]"),
        ({**{n: OK[n] for n in "qkv"}, "v": np.full((T, 3), np.inf)}, "v", "holds inf"),
        ({**{n: OK[n] for n in "qkv"}, "q": OK["q"] + 1j}, "q", "q holds complex128"),
        ({**{n: OK[n] for n in "qkv"}, "q": np.array(["a"] * T)}, "q", "holds <U1"),
        ({**{n: OK[n] for n in "qkv"}, "q": [[1, 2], [3]]}, "q", "ragged or non-numeric"),
        ({**{n: OK[n] for n in "qkv"}, "beta": OK["beta"][:3]}, "beta", "beta has 3 rows"),
        ({**{n: OK[n] for n in "qkv"}, "beta": OK["beta"] + 1}, "beta", "beta[0] is"),
        ({**{n: OK[n] for n in "qkv"}, "g": -OK["g"] + 0.1}, "g", "a log-decay g ≤ 0"),
        ({**{n: OK[n] for n in "qkv"}, "g": np.full(T, -800.0)}, "g", "g[0] is -800.0"),
        ({**{n: OK[n] for n in "qkv"}, "alpha": np.zeros(T)}, "alpha", "a number in (0, 1]"),
        ({**{n: OK[n] for n in "qkv"}, "g": OK["g"], "alpha": OK["g"]}, "alpha", "not both"),
        ({**{n: OK[n] for n in "qkv"}, "scale": -1}, "scale", "scale must be a number above 0"),
        ({**{n: OK[n] for n in "qkv"}, "rule": "deltaa"}, "rule.name", "unknown rule 'deltaa'"),
        ({**{n: OK[n] for n in "qkv"}, "labels": ["a"]}, "labels", "labels has 1 entry"),
        ({**{n: OK[n] for n in "qkv"}, "labels": ["x" * 57] * T}, "labels", "at most 56"),
        ({**{n: OK[n] for n in "qkv"}, "head": 0}, "q", "--head picks from an axis q does not"),
        (
            {n: np.stack([OK[n]] * 4, axis=1) for n in "qkv"},
            "q",
            "q holds 4 heads (shape [7, 4, 5]): choose one with --head from 0 to 3",
        ),
        (
            {**{n: np.stack([OK[n]] * 4, axis=1) for n in "qkv"}, "head": 4},
            "head",
            "--head must be from 0 to 3 (q holds 4 heads), got 4",
        ),
        (
            {**{n: np.stack([OK[n]] * 2, axis=1) for n in "qkv"}, "head": 1, "beta": OK["beta"]},
            "beta",
            "--head picks from an axis beta does not have",
        ),
        ({"q": OK["q"], "k": OK["k"] * 1e200, "v": OK["v"] * 1e200}, "key", "S overflows"),
    ],
)
def test_every_bad_array_is_refused_by_name(kwargs, field, words):
    error = _refusal(**kwargs)
    assert error.field == field
    assert words in str(error)
    assert "\n" not in str(error)


def test_labels_of_other_scripts_are_checked_step_by_step_with_the_same_result():
    arrays = draws(11, t=3)
    plain = scenario_from_arrays(**arrays, labels=["a", "b", "a"])
    french = scenario_from_arrays(**arrays, labels=["thé", "café", "thé"])
    assert french.labels() == ["thé#1", "thé#1?", "café", "café?", "thé#3", "thé#3?"]
    np.testing.assert_array_equal(replay_reads(french)[0], replay_reads(plain)[0])
    assert french.rule == plain.rule and type(french) is type(plain)
    assert french.overrides("beta").tolist() == plain.overrides("beta").tolist()
    with pytest.raises(ScenarioError) as caught:
        scenario_from_arrays(keys=np.eye(2), values=np.eye(2), labels=["é", "é"])
    assert caught.value.step == 2 and "already used" in str(caught.value)


def test_a_title_made_for_arrays_is_in_both_languages_and_counts_right():
    from linviz.model.texts import in_language

    pairs = scenario_from_arrays(keys=[[1.0, 0.0]], values=[[2.0, 3.0]], queries=[[1.0, 0.0]] * 2)
    assert in_language(pairs.title, "en") == "Arrays: 1 pair, 2 queries, d_k = 2, d_v = 2"
    assert in_language(pairs.title, "fr") == "Tableaux\u202f: 1 paire, 2 requêtes, d_k = 2, d_v = 2"
    tokens = scenario_from_arrays(q=np.eye(3, 2), k=np.eye(3, 2), v=np.eye(3, 2))
    assert in_language(tokens.title, "en") == "Arrays: 3 tokens, d_k = 2, d_v = 2"
    assert in_language(tokens.title, "fr") == "Tableaux\u202f: 3 jetons, d_k = 2, d_v = 2"
