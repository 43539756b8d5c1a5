"""The overflow check: exact step named, no false refusals, no replay when numbers are small."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model import bounds
from linviz.model.errors import ScenarioError
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import dumps_scenario, load_scenario_bytes
from tests.reference import replay


def load(document):
    base = {"format": "linviz-scenario", "version": 1, "d_k": 1, "d_v": 1}
    return load_scenario_bytes(json.dumps({**base, **document}).encode(), "big.json")


def test_huge_but_finite_numbers_are_accepted():
    # Each stamp is 1e305: past the safe bound, so the trace is replayed, and finite.
    scenario = load({"steps": [{"op": "write", "key": [1e155], "value": [1e150]}] * 3})
    assert Trace(scenario).state(3)[0, 0] == pytest.approx(3e305)


def test_the_step_that_overflows_is_named():
    steps = [{"op": "write", "key": [1], "value": [1]}] * 600
    steps += [{"op": "write", "key": [1e154], "value": [1e154]}] * 2
    with pytest.raises(ScenarioError) as caught:
        load({"steps": steps})
    assert str(caught.value) == (
        "big.json, step 602, field 'key': the state S overflows at this step (a number beyond"
        " ±1.8e308): use smaller keys or values"
    )


def test_a_read_that_overflows_is_named():
    steps = [{"op": "write", "key": [1e154], "value": [1e154]}, {"op": "read", "query": [10]}]
    with pytest.raises(ScenarioError, match="step 2, field 'query': the read's output overflows"):
        load({"steps": steps})


def test_a_delta_rule_that_explodes_is_refused_at_the_first_non_finite_state():
    # |1 - β|k|²| = 99: each write multiplies S by about 99 until it overflows.
    document = {
        "rule": {"name": "delta", "beta": 1},
        "steps": [{"op": "write", "key": [10], "value": [1]}] * 300,
    }
    with np.errstate(over="ignore", invalid="ignore"):
        states, _ = replay({"d_k": 1, "d_v": 1, **document})
    first_bad = next(n for n, s in enumerate(states) if not np.isfinite(s).all())
    with pytest.raises(ScenarioError, match=f"step {first_bad}, field 'key'"):
        load(document)


def test_a_read_dividing_by_a_zero_normaliser_is_refused():
    document = {
        "normalize": True,
        "steps": [{"op": "write", "key": [-1e-6], "value": [1]}, {"op": "read", "query": [1]}],
    }
    with pytest.raises(ScenarioError) as caught:
        load(document)
    assert str(caught.value) == (
        "big.json, step 2, field 'query': the read divides by zero: its normaliser φ(q)ᵀz + ε"
        " is 0 here; change the query or an earlier key"
    )


def test_small_numbers_are_checked_without_replaying(monkeypatch):
    rng = np.random.default_rng(0)
    steps = [write(k, v, f"w{i}") for i, (k, v) in enumerate(rng.normal(size=(2000, 2, 4)))]
    scenario = Scenario(4, 4, steps, rule=Rule("gated_delta", alpha=0.9, beta=0.5))
    trace = Trace(scenario)

    def no_replay(*args):
        raise AssertionError("replayed step by step")

    monkeypatch.setattr(Trace, "_first_non_finite_from", no_replay)
    assert trace.first_invalid_step() is None
    assert trace.checkpoint_count == 1  # nothing was replayed


magnitudes = st.sampled_from([0.0, 1.0, -3.0, 1e100, -1e150, 1e154, 1e200, -1e250])
RULES = [Rule(), Rule("delta", beta=1.0), Rule("gated", alpha=0.5), Rule("gated_delta", 0.9, 0.7)]


# 2.5 times the profile's examples: 150 in a normal run.
@settings(max_examples=settings.default.max_examples * 5 // 2, deadline=None)
@given(
    st.sampled_from(RULES),
    st.sampled_from(["identity", "elu+1", "relu"]),
    st.booleans(),
    st.lists(st.tuples(st.booleans(), magnitudes, magnitudes, magnitudes), max_size=8),
)
def test_the_first_invalid_step_is_the_first_non_finite_one(rule, fmap, normalize, rows):
    normalize = normalize and rule.name == "additive"
    steps = [
        write([a, b], [c], f"w{i}") if is_write else read([a, b], f"r{i}")
        for i, (is_write, a, b, c) in enumerate(rows)
    ]
    scenario = Scenario(2, 1, steps, rule=rule, feature_map=fmap, normalize=normalize)
    document = json.loads(dumps_scenario(scenario))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        states, outputs = replay(document)
    expected = next(
        (
            n
            for n in range(1, len(rows) + 1)
            if not np.isfinite(states[n]).all() or not np.isfinite(outputs.get(n, 0)).all()
        ),
        None,
    )
    assert Trace(scenario).first_invalid_step() == expected


def test_the_bound_holds_on_every_state():
    rng = np.random.default_rng(3)
    for rule in RULES:
        steps = [write(k, v, f"w{i}") for i, (k, v) in enumerate(rng.normal(size=(300, 2, 3)) * 3)]
        scenario = Scenario(3, 3, steps, rule=rule, feature_map="elu+1")
        trace = Trace(scenario)
        phi_norms = bounds.phi_norm_bounds(scenario, scenario.key_norms())
        limits = bounds.state_bounds(scenario, np.arange(300), phi_norms)
        for number in range(1, 301):
            assert np.linalg.norm(trace.state(number), 2) <= limits[number - 1] * (1 + 1e-9)


def spectral_norms(scenario):
    states, _ = replay(json.loads(dumps_scenario(scenario)))
    return [np.linalg.norm(state, 2) for state in states[1:]]


@pytest.mark.parametrize(
    "rule, fmap, keys, values, expected",
    [
        # The same stamp three times: ‖S‖ = n |k| |v|, and |v| = max|v_j| √d_v.
        (Rule(), "identity", [[3, 4]] * 3, [[1, -1, 1, -1]] * 3, [10, 20, 30]),
        # elu+1 maps the zero key to (1, 1, 1, 1), of length √d_k = 2.
        (Rule(), "elu+1", [[0, 0, 0, 0]] * 2, [[2, 2]] * 2, [4 * 2**0.5, 8 * 2**0.5]),
        # Delta, β = 1, |k|² = 9: S₂ = (1 − 9) S₁ + 3 v₂ = −8·3 − 3 = −27.
        (Rule("delta", beta=1.0), "identity", [[3]] * 2, [[1], [-1]], [3, 27]),
        # β = 0.5: S₁ = 1.5, S₂ = (1 − 4.5) S₁ + 1.5 v₂ = −6.75.
        (Rule("delta", beta=0.5), "identity", [[3]] * 2, [[1], [-1]], [1.5, 6.75]),
        # Gated delta, α = 0.5: S₂ = 0.5 (1 − 9) S₁ + 3 v₂ = −15.
        (Rule("gated_delta", 0.5, 1.0), "identity", [[3]] * 2, [[1], [-1]], [3, 15]),
        # A decay of 1 keeps everything: 2 + 2.
        (Rule("gated", alpha=1.0), "relu", [[1, 0]] * 2, [[2]] * 2, [2, 4]),
    ],
)
def test_the_bound_is_reached_where_it_can_be(rule, fmap, keys, values, expected):
    """Cases where the bound is exact: a bound any smaller would miss an overflow."""
    steps = [write(k, v, f"w{i}") for i, (k, v) in enumerate(zip(keys, values))]
    scenario = Scenario(len(keys[0]), len(values[0]), steps, rule=rule, feature_map=fmap)
    phi_norms = bounds.phi_norm_bounds(scenario, scenario.key_norms())
    limits = bounds.state_bounds(scenario, np.arange(len(steps)), phi_norms)
    np.testing.assert_allclose(limits, expected, rtol=1e-12)
    np.testing.assert_allclose(spectral_norms(scenario), expected, rtol=1e-12)


def test_a_read_is_flagged_where_only_its_output_could_overflow():
    # S stays at 1e298, safely finite; a query of length 1e3 could read 1e301.
    def scenario(query, **settings):
        steps = [read([1e3], "before"), write([1e149], [1e149], "w"), read(query, "r")]
        return Scenario(1, 1, steps, **settings)

    assert bounds.first_unsafe_row(scenario([1.0])) is None
    assert bounds.first_unsafe_row(scenario([1e3])) == 2
    assert Trace(scenario([1e3])).first_invalid_step() is None  # 1e301 is finite
    assert bounds.first_unsafe_row(scenario([1e160])) == 2
    assert Trace(scenario([1e160])).first_invalid_step() == 3
    # Normalised, the output is divided by φ(q)ᵀz + ε = 1e152: safe again.
    assert bounds.first_unsafe_row(scenario([1e3], normalize=True)) is None
    assert bounds.first_unsafe_row(Scenario(1, 1)) is None


def test_a_normaliser_near_zero_flags_the_read():
    # z = -1e-6 and φ(q) = 1 − 1e-9: φ(q)ᵀz + ε is about 1e-15, so the read
    # returns S / 1e-15 although S itself is tiny next to the float range.
    def scenario(value):
        steps = [write([-1e-6], [value], "w"), read([1 - 1e-9], "r")]
        return Scenario(1, 1, steps, normalize=True)

    assert bounds.first_unsafe_row(scenario(1e280)) is None  # y ≈ 1e289
    assert bounds.first_unsafe_row(scenario(1e295)) == 1  # y ≈ 1e304: checked, finite
    assert Trace(scenario(1e295)).first_invalid_step() is None
    with pytest.raises(ScenarioError) as caught:
        Trace(scenario(1e300)).check_finite("n.json")
    assert str(caught.value) == (
        "n.json, step 2, field 'query': the read's output overflows at this step (a number"
        " beyond ±1.8e308): use smaller keys, values or queries"
    )


@settings(max_examples=settings.default.max_examples * 2, deadline=None)
@given(
    st.sampled_from([*RULES, Rule("delta", beta=0.1), Rule("gated_delta", 0.5, 0.2)]),
    st.sampled_from(["identity", "elu+1", "relu"]),
    st.lists(
        st.tuples(
            st.booleans(),
            magnitudes | st.sampled_from([0.3, -0.7, 1.7976931348623157e308, 5e-324, 1e-150]),
            magnitudes,
            magnitudes | st.sampled_from([2.0, -0.5, 1.7976931348623157e308, -5e-324]),
            st.none() | st.sampled_from([0.0, 0.5, 1.0]),
        ),
        max_size=8,
    ),
)
def test_a_scenario_safe_at_a_glance_replays_finite(rule, fmap, rows):
    # The one bound for the whole scenario may only say "safe" where the replay (the
    # course's formulas, tests/reference.py) keeps every state and every read finite.
    steps = [
        write([a, b], [c], f"w{i}", beta=beta if rule.corrects else None)
        if is_write
        else read([a, b], f"r{i}")
        for i, (is_write, a, b, c, beta) in enumerate(rows)
    ]
    scenario = Scenario(2, 1, steps, rule=rule, feature_map=fmap)
    at_a_glance = bounds.safe_at_a_glance(scenario)  # from the columns' largest components
    scenario.key_norms()  # the rows measured (as after the first cursor move): their lengths
    assert scenario.rows_measured()
    measured = bounds.safe_at_a_glance(scenario)
    assert measured or not at_a_glance  # the kept lengths bound no worse
    if not measured:
        return
    assert Trace(scenario).first_invalid_step() is None
    with np.errstate(over="ignore", invalid="ignore"):
        states, outputs = replay(json.loads(dumps_scenario(scenario)))
    assert all(np.isfinite(state).all() for state in states)
    assert all(np.isfinite(output).all() for output in outputs.values())


def test_a_long_scenario_of_unit_keys_is_safe_at_a_glance_and_a_growing_delta_rule_is_not():
    rng = np.random.default_rng(5)
    keys = rng.normal(size=(400, 8))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    steps = [write(k, v, f"w{i}") for i, (k, v) in enumerate(zip(keys, rng.normal(size=(400, 8))))]
    assert bounds.safe_at_a_glance(Scenario(8, 8, steps))
    assert bounds.safe_at_a_glance(Scenario(8, 8, steps, rule=Rule("gated", alpha=0.9)))
    # √8 · max|k_j| is past what β = 1 keeps from growing: each row is measured instead.
    delta = Scenario(8, 8, steps, rule=Rule("delta", beta=1.0))
    assert not bounds.safe_at_a_glance(delta)
    assert bounds.first_unsafe_row(delta) is None
    assert not bounds.safe_at_a_glance(Scenario(8, 8, steps, normalize=True))
    huge = Scenario(1, 1, [write([1e160], [1e160], "w")])
    assert not bounds.safe_at_a_glance(huge) and bounds.first_unsafe_row(huge) == 0
    # Each stamp alone is under the safe bound (5.7e299), three of them are not (1.7e300).
    stamps = [write([1e150, 0], [4e149], f"w{i}") for i in range(3)]
    assert bounds.safe_at_a_glance(Scenario(2, 1, stamps[:1]))
    assert not bounds.safe_at_a_glance(Scenario(2, 1, stamps))
    # The same query read at a state of 1e299 could return 1e449: not at a glance either.
    assert not bounds.safe_at_a_glance(Scenario(2, 1, [*stamps[:1], read([1e150, 0], "r")]))


def test_an_edit_is_checked_at_a_glance_from_the_kept_row_measures():
    """A drag's release checks the whole trace stays finite: with the rows already
    measured, the glance reads their kept lengths, and an edit re-measures its row."""
    rng = np.random.default_rng(7)
    keys = rng.normal(size=(300, 8))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    steps = [write(k, v, f"w{i}") for i, (k, v) in enumerate(zip(keys, rng.normal(size=(300, 8))))]
    delta = Scenario(8, 8, steps, rule=Rule("delta", beta=1.0))
    assert not bounds.safe_at_a_glance(delta)  # √8 · max|k_j| > 1: too coarse for β = 1
    delta.key_norms()
    assert bounds.safe_at_a_glance(delta)  # the unit keys' own lengths are enough
    delta.replace_step(5, delta.step(5).with_changes(vector=np.full(8, 1e100)))
    assert delta.rows_measured()  # the edited row alone was measured again
    assert not bounds.safe_at_a_glance(delta)  # the long key is seen: each row decides
    with np.errstate(over="ignore", invalid="ignore"):
        states, _ = replay(json.loads(dumps_scenario(delta)))
    finite = all(np.isfinite(state).all() for state in states)
    assert (Trace(delta).first_invalid_step() is None) == finite


def test_a_normaliser_that_overflows_is_refused_though_s_does_not():
    # z = Σ φ(k) reaches 2e308 = inf at step 2, while S = Σ k vᵀ stays near 2e298: a
    # read would then divide by inf and quietly return 0.
    document = {
        "normalize": True,
        "steps": [{"op": "write", "key": [1e308], "value": [1e-10]}] * 2
        + [{"op": "read", "query": [1]}],
    }
    with pytest.raises(ScenarioError, match="big.json, step 2, field 'key'"):
        load(document)
