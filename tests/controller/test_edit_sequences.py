"""Any sequence of edits made through the session leaves the trace equal to a fresh replay.

After every edit (replace, insert, delete, move, drags, a write's own α / β,
settings and size changes, undo, redo) every state and every read the session's trace gives
must equal an independent replay (``tests/reference.py``) of the scenario as
it would be saved, under every rule, feature map and normaliser. The
session replays in segments of a few steps, and the scenarios are longer
than two segments, so edits cross checkpoints and segment sums.
"""

import json

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from linviz.controller.commands import (
    Configure,
    InsertStep,
    MoveStep,
    RemoveStep,
    ReplaceStep,
    Resize,
)
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.readout import read_result
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import dumps_scenario
from tests.reference import replay

SEGMENT = 4
numbers = st.floats(-2, 2, allow_nan=False, allow_infinity=False, allow_subnormal=False)
RULES = [
    Rule(),
    Rule("delta", beta=0.6),
    Rule("gated", alpha=0.9),
    Rule("gated_delta", alpha=0.8, beta=0.5),
]
# (rule, feature map, normalise): every rule under every map, and the normaliser.
SETTINGS = [(rule, fmap, False) for rule in RULES for fmap in ("identity", "elu+1", "relu")] + [
    (Rule(), fmap, True) for fmap in ("identity", "elu+1", "relu")
]


#: Per-write overrides drawn for a write (and set by the "parameter" edit); None clears.
OWN = {"alpha": [0.5, 1.0], "beta": [0.0, 0.5, 1.0]}


def vectors(size):
    return st.lists(numbers, min_size=size, max_size=size)


@st.composite
def sessions(draw):
    rule, fmap, normalize = draw(st.sampled_from(SETTINGS))
    d_k, d_v = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    count = draw(st.integers(2 * SEGMENT + 1, 4 * SEGMENT))
    steps = []
    for i in range(count):
        if draw(st.integers(0, 3)):
            # Now and then a write with its own α / β, where the rule takes them.
            own = {p: draw(st.sampled_from(OWN[p])) for p in rule.to_dict() if p != "name"}
            own = own if draw(st.integers(0, 4)) == 0 else {}
            steps.append(write(draw(vectors(d_k)), draw(vectors(d_v)), f"w{i}", **own))
        else:
            steps.append(read(draw(vectors(d_k)), f"r{i}"))
    scenario = Scenario(d_k, d_v, steps, rule=rule, feature_map=fmap, normalize=normalize)
    return Session(scenario, checkpoint_every=SEGMENT)


#: One edit: a name and what it needs, drawn before the scenario is known.
edits = st.one_of(
    st.tuples(st.just("replace"), st.floats(0, 1), st.integers(0, 2**31), st.booleans()),
    st.tuples(st.just("insert"), st.floats(0, 1), st.integers(0, 2**31), st.booleans()),
    st.tuples(st.just("remove"), st.floats(0, 1)),
    st.tuples(st.just("move"), st.floats(0, 1), st.floats(0, 1)),
    st.tuples(st.just("drag"), st.floats(0, 1), st.integers(0, 2**31), st.integers(1, 4)),
    st.tuples(st.just("parameter"), st.floats(0, 1), st.sampled_from([None, 0.0, 0.5, 1.0])),
    st.tuples(st.just("settings"), st.sampled_from(SETTINGS)),
    st.tuples(st.just("resize"), st.integers(1, 3), st.integers(1, 3)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
)


def pick(session, fraction):
    """A 1-based step chosen by a fraction of the length."""
    return 1 + min(int(fraction * len(session.scenario)), len(session.scenario) - 1)


def random_vector(seed, size):
    return np.round(np.random.default_rng(seed).uniform(-2, 2, size), 2)


def apply(session, edit):
    sc = session.scenario
    name = edit[0]
    if name in ("replace", "insert", "remove", "move", "drag", "parameter") and not len(sc):
        return
    if name == "replace":
        number = pick(session, edit[1])
        old = sc.step(number)
        if edit[3] and old.is_write:
            new = old.with_changes(value=random_vector(edit[2], sc.d_v))
        else:
            new = old.with_changes(vector=random_vector(edit[2], sc.d_k))
        session.execute(ReplaceStep(number, new))
    elif name == "insert":
        number = pick(session, edit[1])
        label = f"n{edit[2]}"
        if sc.has_label(label):
            return
        if edit[3]:
            step = write(random_vector(edit[2], sc.d_k), random_vector(edit[2] + 1, sc.d_v), label)
        else:
            step = read(random_vector(edit[2], sc.d_k), label)
        session.execute(InsertStep(number, step))
    elif name == "remove":
        session.execute(RemoveStep(pick(session, edit[1])))
    elif name == "move":
        session.execute(MoveStep(pick(session, edit[1]), pick(session, edit[2])))
    elif name == "drag":
        number = pick(session, edit[1])
        session.begin_drag(number, "vector")
        for move in range(edit[3]):
            session.drag_to(random_vector(edit[2] + move, sc.d_k))
        session.end_drag()
    elif name == "parameter":
        number = pick(session, edit[1])
        old = sc.step(number)
        taken = [p for p in sc.rule.to_dict() if p != "name"]
        if not old.is_write or not taken:
            return
        value = edit[2]
        new = old.with_changes(**{p: None if p == "alpha" and value == 0 else value for p in taken})
        session.execute(ReplaceStep(number, new))
    elif name == "settings":
        rule, fmap, normalize = edit[1]
        session.execute(Configure(feature_map=fmap, normalize=normalize, rule=rule))
    elif name == "resize":
        session.execute(Resize(edit[1], edit[2]))
    elif name == "undo":
        session.undo()
    else:
        session.redo()


def assert_matches_a_fresh_replay(session):
    document = json.loads(dumps_scenario(session.scenario))
    states, outputs = replay(document)
    trace = session.trace
    # Backwards, then forwards: both the kept checkpoints and the rebuilt ones.
    for number in [*range(len(states) - 1, -1, -1), *range(len(states))]:
        np.testing.assert_allclose(trace.state(number), states[number], rtol=1e-9, atol=1e-9)
    for number, expected in outputs.items():
        result = read_result(trace, number)
        np.testing.assert_allclose(result.output, expected, rtol=1e-9, atol=1e-9)
        total = result.terms.sum(axis=0) if len(result) else np.zeros_like(expected)
        np.testing.assert_allclose(total, expected, rtol=1e-9, atol=1e-9)
        np.testing.assert_allclose(
            session.snapshot(number).read.output, expected, rtol=1e-9, atol=1e-9
        )


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions(), st.lists(edits, min_size=1, max_size=12))
def test_every_edit_sequence_leaves_the_trace_equal_to_a_fresh_replay(session, sequence):
    session.trace.state(len(session.scenario))  # a trace in use, checkpoints filled
    assert_matches_a_fresh_replay(session)
    for edit in sequence:
        before = dumps_scenario(session.scenario)
        try:
            apply(session, edit)
        except ScenarioError:
            # A refused edit (a target would be lost, an α the rule does not take…)
            # changes nothing.
            assert dumps_scenario(session.scenario) == before
        assert_matches_a_fresh_replay(session)
