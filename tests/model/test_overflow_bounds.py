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
    with pytest.raises(
        ScenarioError, match="big.json, step 602, field 'key': the state S overflows"
    ):
        load({"steps": steps})


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
    with pytest.raises(ScenarioError, match="step 2, field 'query': the read divides by zero"):
        load(document)


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


@settings(max_examples=150, deadline=None)
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
