"""Properties that hold for every scenario, checked on generated ones."""

import json

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import READ, WRITE, Scenario, Step
from linviz.model.scenario_file import dumps_scenario, load_scenario_bytes
from tests.reference import replay

# No subnormals (|x| < 2.2e-308): a decay can push one below the smallest
# float to exactly 0, which the per-segment overlap counts do not model; no
# lesson or drag produces such numbers.
numbers = st.floats(-3, 3, allow_nan=False, allow_infinity=False, allow_subnormal=False)
RULES = [
    Rule(),
    Rule("delta", beta=0.6),
    Rule("gated", alpha=0.9),
    Rule("gated_delta", alpha=0.8, beta=0.5),
]


@st.composite
def scenarios(
    draw, rules=RULES, maps=("identity", "elu+1", "relu"), max_steps=14, may_normalize=True
):
    d_k = draw(st.integers(1, 4))
    d_v = draw(st.integers(1, 4))
    rule = draw(st.sampled_from(rules))
    feature_map = draw(st.sampled_from(maps))
    normalize = may_normalize and rule.name == "additive" and draw(st.booleans())
    steps = []
    for i in range(draw(st.integers(0, max_steps))):
        key = np.array(draw(st.lists(numbers, min_size=d_k, max_size=d_k)))
        if draw(st.booleans()):
            value = np.array(draw(st.lists(numbers, min_size=d_v, max_size=d_v)))
            steps.append(Step(WRITE, key, value, f"w{i}"))
        else:
            steps.append(Step(READ, key, None, f"r{i}"))
    return Scenario(d_k, d_v, steps, rule=rule, feature_map=feature_map, normalize=normalize)


def reference_states(scenario):
    """``S`` after each step by the independent replay of tests/reference.py."""
    return replay(json.loads(dumps_scenario(scenario)))[0]


@given(scenarios(rules=[Rule()], maps=("identity",)))
def test_additive_state_is_the_sum_of_stamps(scenario):
    trace = Trace(scenario)
    total = np.zeros((scenario.d_k, scenario.d_v))
    for number, step in enumerate(scenario.steps, start=1):
        if step.is_write:
            stamp = np.outer(step.vector, step.value)
            np.testing.assert_allclose(trace.write_record(number).stamp, stamp, atol=1e-12)
            total += stamp
        np.testing.assert_allclose(trace.state(number), total, atol=1e-9)


@given(scenarios(), st.integers(1, 5))
def test_replay_from_checkpoints_equals_replay_from_scratch(scenario, every):
    trace = Trace(scenario, checkpoint_every=every)
    expected = reference_states(scenario)
    for t in range(len(scenario), -1, -1):  # backwards: checkpoints are reused
        np.testing.assert_allclose(trace.state(t), expected[t], atol=1e-9, rtol=1e-9)


@given(scenarios(), st.data())
def test_editing_a_step_recomputes_like_a_fresh_replay(scenario, data):
    if not len(scenario):
        return
    trace = Trace(scenario, checkpoint_every=3)
    trace.state(len(scenario))
    number = data.draw(st.integers(1, len(scenario)))
    step = scenario.step(number)
    new_vector = np.array(
        data.draw(st.lists(numbers, min_size=scenario.d_k, max_size=scenario.d_k))
    )
    scenario.replace_step(number, step.with_changes(vector=new_vector))
    expected = reference_states(scenario)
    for t in range(len(scenario) + 1):
        np.testing.assert_allclose(trace.state(t), expected[t], atol=1e-9, rtol=1e-9)


@given(scenarios())
def test_contributions_sum_to_the_output_under_every_rule_and_map(scenario):
    trace = Trace(scenario, checkpoint_every=4)
    _, outputs = replay(json.loads(dumps_scenario(scenario)))
    for number, step in enumerate(scenario.steps, start=1):
        if step.is_write:
            continue
        result = read_result(trace, number)
        np.testing.assert_allclose(result.output, outputs[number], atol=1e-9, rtol=1e-9)
        total = sum((c.term for c in result.contributions), np.zeros(scenario.d_v))
        np.testing.assert_allclose(total, outputs[number], atol=1e-9, rtol=1e-9)


@given(scenarios(), st.data())
def test_decomposition_rebuilds_the_state(scenario, data):
    trace = Trace(scenario, checkpoint_every=2)
    t = data.draw(st.integers(0, len(scenario)))
    parts = trace.decomposition(t)
    rebuilt = parts.phi_keys.T @ parts.effective_values
    np.testing.assert_allclose(rebuilt, trace.state(t), atol=1e-9, rtol=1e-9)


@given(scenarios(rules=[Rule()], maps=("identity",), may_normalize=False), st.data())
def test_reads_are_linear_in_the_query(scenario, data):
    trace = Trace(scenario)
    t = len(scenario)
    S = trace.state(t)
    q1 = np.array(data.draw(st.lists(numbers, min_size=scenario.d_k, max_size=scenario.d_k)))
    q2 = np.array(data.draw(st.lists(numbers, min_size=scenario.d_k, max_size=scenario.d_k)))
    a, b = data.draw(numbers), data.draw(numbers)
    outputs = []
    for q in (q1, q2, a * q1 + b * q2):
        scenario.insert_step(t + 1, Step(READ, q, None, "probe"))
        outputs.append(read_result(trace, t + 1).output)
        scenario.remove_step(t + 1)
    np.testing.assert_allclose(outputs[2], a * outputs[0] + b * outputs[1], atol=1e-9)
    np.testing.assert_allclose(outputs[0], q1 @ S, atol=1e-9)


@given(st.integers(1, 6), st.integers(1, 4), st.data())
def test_orthogonal_unit_keys_recall_exactly(d_k, d_v, data):
    seed = data.draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    basis, _ = np.linalg.qr(rng.normal(size=(d_k, d_k)))
    n = data.draw(st.integers(1, d_k))
    values = rng.normal(size=(n, d_v))
    steps = [Step(WRITE, basis[:, i], values[i], f"w{i}") for i in range(n)]
    steps += [Step(READ, basis[:, i], None, f"r{i}", target=f"w{i}") for i in range(n)]
    trace = Trace(Scenario(d_k, d_v, steps))
    for i in range(n):
        result = read_result(trace, n + 1 + i)
        np.testing.assert_allclose(result.output, values[i], atol=1e-9)
        assert np.abs(result.interference).max() < 1e-9


labels = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=10
).filter(lambda s: s.strip())


#: Captions a user can type: any character but braces (fields) and lone surrogates
#: (not characters: refused on input, see check_text).
captions = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="{}"),
    max_size=30,
)


@given(scenarios(), captions, labels)
def test_save_then_load_is_the_identity(scenario, caption, title):
    scenario.set_text(title=title, caption=caption)
    loaded = load_scenario_bytes(dumps_scenario(scenario).encode("utf-8"), "memory.json")
    assert loaded == scenario
