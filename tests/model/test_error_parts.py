"""A read's error as named parts: the lessons' numbers, and an independent check on random ones.

The reference below works every part out term by term, from the course's
formulas (one effective value per write, as tests/reference.py replays
them), and computes crosstalk directly as other writes' terms net of the
target's correction — not as what is left — so that the parts' adding up to
``y − v`` is a property of the definition, checked here, not of the code.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from linviz.model.error_parts import PART_NAMES, ErrorParts
from linviz.model.lessons import resolve_scenario_path
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.report import trace_document
from linviz.model.rules import Rule
from linviz.model.scenario import READ, WRITE, Scenario, Step, read
from linviz.model.scenario import write as write_step
from linviz.model.scenario_file import dumps_scenario, load_scenario
from linviz.model.trace_walk import walk
from tests.reference import phi


def lesson(name: str) -> Scenario:
    return load_scenario(resolve_scenario_path(name))


def read_step(document: dict, number: int) -> dict:
    step = document["steps"][number - 1]
    assert step["index"] == number and step["op"] == "read"
    return step


# -- the lessons' numbers ------------------------------------------------------------


def test_delta_repair_step_8_is_all_not_overwritten():
    # [5, 5] against w4's [1, 1]: the half of [9, 9] − [1, 1] that β = 0.5 left.
    scenario = lesson("delta-repair")
    step = read_step(trace_document(Trace(scenario)), 8)
    assert step["interference"] == [4, 4]
    assert step["error_parts"] == {"crosstalk": [0, 0], "not_overwritten": [4, 4]}
    parts = read_result(Trace(scenario), 8).error_parts
    assert parts is not None and list(parts.parts) == ["crosstalk", "not_overwritten"]
    np.testing.assert_array_equal(parts["not_overwritten"], [4, 4])
    np.testing.assert_array_equal(parts["crosstalk"], [0, 0])
    assert parts.shares() == {"crosstalk": 0.0, "not_overwritten": 1.0}
    assert parts.main_cause() == "not_overwritten"


@pytest.mark.parametrize(("number", "forgetting"), [(5, [-3.6, -1.8]), (8, [-5.904, -2.952])])
def test_gated_forgetting_is_forgetting_not_crosstalk(number, forgetting):
    scenario = lesson("gated-forgetting")
    step = read_step(trace_document(Trace(scenario)), number)
    assert set(step["error_parts"]) == {"crosstalk", "forgetting"}
    np.testing.assert_allclose(step["error_parts"]["forgetting"], forgetting, rtol=1e-15)
    assert step["error_parts"]["crosstalk"] == [0, 0]
    parts = read_result(Trace(scenario), number).error_parts
    assert parts is not None and parts.main_cause() == "forgetting"
    assert parts.shares()["crosstalk"] == 0.0


def test_gated_forgetting_step_9_is_what_n1_to_n3_left_under_n4s_key():
    step = read_step(trace_document(Trace(lesson("gated-forgetting"))), 9)
    # 0.512·[2, 2] + 0.64·[4, 0] + 0.8·[0, 4], faded but never overwritten.
    np.testing.assert_allclose(step["error_parts"]["not_overwritten"], [3.584, 4.224])
    assert step["error_parts"]["forgetting"] == [0, 0]  # n4 is the last write
    assert step["error_parts"]["crosstalk"] == [0, 0]  # old's weight is 0


def test_crowding_read_k3_is_crosstalk_alone():
    step = read_step(trace_document(Trace(lesson("crowding-the-plane"))), 7)
    assert step["error_parts"].keys() == {"crosstalk"}
    np.testing.assert_allclose(step["error_parts"]["crosstalk"], [1.2, 3.2], atol=1e-15)


def test_a_read_without_a_target_has_no_parts():
    step = read_step(trace_document(Trace(lesson("session-trace"))), 5)
    assert step["target"] is None and step["error_parts"] is None
    assert read_result(Trace(lesson("session-trace")), 5).error_parts is None


def test_shares_never_exceed_their_whole():
    # Feature map lesson: own scale and the normaliser point opposite ways.
    scenario = lesson("feature-map")
    for number in (3, 5, 7):
        parts = read_result(Trace(scenario), number).error_parts
        assert parts is not None
        shares = parts.shares()
        assert all(0 <= share <= 1 for share in shares.values())
        assert math.isclose(sum(shares.values()), 1.0)


# -- the reference -------------------------------------------------------------------


def reference_parts(document: dict, number: int, target: str) -> dict[str, np.ndarray]:
    """Every part of read ``number`` by the definition, term by term."""
    rule = document.get("rule", {"name": "additive"})
    name, fmap = rule["name"], document.get("feature_map", "identity")
    corrects, decays = name in ("delta", "gated_delta"), name in ("gated", "gated_delta")
    d_k, d_v = document["d_k"], document["d_v"]
    S, z = np.zeros((d_k, d_v)), np.zeros(d_k)
    writes: list[dict] = []  # key, value, beta, u (decayed to now), label
    for step in document["steps"][: number - 1]:
        if step["op"] != "write":
            continue
        k, v = phi(fmap, step["key"]), np.array(step["value"], dtype=float)
        alpha = step.get("alpha", rule.get("alpha", 1.0)) if decays else 1.0
        beta = step.get("beta", rule.get("beta", 1.0))
        u = beta * (v - alpha * (S.T @ k)) if corrects else v
        for earlier in writes:
            earlier["u"] = alpha * earlier["u"]
            earlier["later"] *= alpha
        S = alpha * S + np.outer(k, u)
        z = z + k
        label = step.get("label")
        writes.append({"k": k, "v": v, "beta": beta, "u": u, "label": label, "later": 1.0})
    q = phi(fmap, document["steps"][number - 1]["query"])
    D = q @ z + 1e-6 if document.get("normalize", False) else 1.0
    t = next(i for i, w in enumerate(writes) if w["label"] == target)
    k_t, v, L = writes[t]["k"], writes[t]["v"], writes[t]["later"]
    a, b = q @ k_t, writes[t]["beta"] if corrects else 1.0
    w_t = a / D
    same = [j for j in range(t) if np.array_equal(writes[j]["k"], k_t)]
    parts = {"own_scale": (a - 1) * v, "forgetting": a * b * (L - 1) * v}
    if D != 1.0:
        parts["normaliser"] = a * b * L * (1 / D - 1) * v
    left = np.zeros(d_v)
    crosstalk = np.zeros(d_v)
    for j, write in enumerate(writes):
        if j == t:
            continue
        term = (q @ write["k"]) / D * write["u"]
        cancelled = w_t * b * (k_t @ write["k"]) * write["u"] if corrects and j < t else 0
        if j in same:
            left = left + term - cancelled
        else:
            crosstalk = crosstalk + term - cancelled
    if corrects:
        beta_part = a * (b - 1) * v
        if same:
            left = left + beta_part
        else:
            parts["own_scale"] = parts["own_scale"] + beta_part
    parts["crosstalk"], parts["not_overwritten"] = crosstalk, left
    return parts


numbers = st.floats(-3, 3, allow_nan=False, allow_infinity=False, allow_subnormal=False)
RULES = [
    Rule(),
    Rule("delta", beta=0.6),
    Rule("delta", beta=1.0),
    Rule("gated", alpha=0.9),
    Rule("gated_delta", alpha=0.8, beta=0.5),
]


@st.composite
def scenarios(draw):
    d_k = draw(st.integers(1, 4))
    d_v = draw(st.integers(1, 4).filter(lambda d: d != d_k))
    rule = draw(st.sampled_from(RULES))
    feature_map = draw(st.sampled_from(("identity", "elu+1", "relu")))
    normalize = rule.name == "additive" and draw(st.booleans())
    pool = [np.array(draw(st.lists(numbers, min_size=d_k, max_size=d_k))) for _ in range(2)]
    steps = []
    for i in range(draw(st.integers(1, 12))):
        if draw(st.booleans()):  # a reused key, often: not overwritten needs it
            key = pool[draw(st.integers(0, 1))].copy()
        else:
            key = np.array(draw(st.lists(numbers, min_size=d_k, max_size=d_k)))
        if draw(st.booleans()):
            value = np.array(draw(st.lists(numbers, min_size=d_v, max_size=d_v)))
            extra = {}
            if rule.corrects and draw(st.booleans()):
                extra["beta"] = draw(st.sampled_from([0.0, 0.25, 1.0]))
            if rule.decays and draw(st.booleans()):
                extra["alpha"] = draw(st.sampled_from([0.5, 1.0]))
            steps.append(Step(WRITE, key, value, f"w{i}", **extra))
        else:
            written = [step.label for step in steps if step.is_write]
            extra = {}
            if written and draw(st.booleans()):  # a target the file names, maybe an old one
                extra["target"] = draw(st.sampled_from(written))
            steps.append(Step(READ, key, None, f"r{i}", **extra))
    return Scenario(d_k, d_v, steps, rule=rule, feature_map=feature_map, normalize=normalize)


#: A normalised read of a reused key beside another write: every part but forgetting
#: at once, with a divisor far from 1 (run by every profile, the mutation runs' too).
NORMALISED_REUSE = Scenario(
    2,
    3,
    [
        Step(WRITE, np.array([1.0, 0.0]), np.array([1.0, 2.0, 0.0]), "w0"),
        Step(WRITE, np.array([0.0, 1.0]), np.array([3.0, -1.0, 2.0]), "w1"),
        Step(WRITE, np.array([1.0, 0.0]), np.array([2.0, 2.0, -1.0]), "w2"),
        Step(READ, np.array([1.0, 0.5]), None, "r3", target="w2"),
    ],
    feature_map="elu+1",
    normalize=True,
)


def expected_names(document: dict, step: dict, parts: dict[str, np.ndarray]) -> set[str]:
    """The documented rule: which entries a read with a target lists."""
    rule = document.get("rule", {"name": "additive"})["name"]
    earlier = [s for s in document["steps"][: step["index"] - 1] if s["op"] == "write"]
    fmap = document.get("feature_map", "identity")
    t = next(i for i, s in enumerate(earlier) if s["label"] == step["target"])
    k_t = phi(fmap, earlier[t]["key"])
    same = sum(np.array_equal(phi(fmap, s["key"]), k_t) for s in earlier[:t])
    names = set()
    if len(earlier) - 1 - same > 0:
        names.add("crosstalk")
    if same:
        names.add("not_overwritten")
    if rule in ("gated", "gated_delta"):
        names.add("forgetting")
    if document.get("normalize", False):
        names.add("normaliser")
    if parts["own_scale"].any():
        names.add("own_scale")
    return names


@settings(max_examples=150, deadline=None)
@given(scenarios())
@example(NORMALISED_REUSE)
def test_parts_add_up_to_the_error_for_every_rule_map_and_normaliser(scenario):
    document = json.loads(dumps_scenario(scenario))
    traced = trace_document(Trace(scenario))
    trace = Trace(scenario)
    for step in traced["steps"]:
        if step["op"] != "read":
            continue
        if step["target"] is None:
            assert step["error_parts"] is None
            continue
        error = np.array(step["interference"])
        listed = step["error_parts"]
        assert list(listed) == [name for name in PART_NAMES if name in listed]
        scale = max(1.0, float(np.abs(step["output"]).max()), float(np.abs(error).max()))
        total = np.sum([listed[name] for name in listed], axis=0) if listed else 0 * error
        np.testing.assert_allclose(total, error, rtol=0, atol=1e-9 * scale)
        reference = reference_parts(document, step["index"], step["target"])
        # The definition itself adds up (crosstalk above is not a remainder).
        np.testing.assert_allclose(
            np.sum(list(reference.values()), axis=0), error, rtol=0, atol=1e-9 * scale
        )
        names = expected_names(document, step, reference)
        # own_scale is listed when not exactly 0; the reference may differ by rounding.
        assert set(listed) - {"own_scale"} == names - {"own_scale"}
        for name, part in listed.items():
            np.testing.assert_allclose(part, reference[name], rtol=0, atol=1e-9 * scale)
        window = read_result(trace, step["index"]).error_parts
        assert window is not None and list(window.parts) == list(listed)
        for name, part in window:
            np.testing.assert_allclose(part, listed[name], rtol=0, atol=1e-9 * scale)
        shares = window.shares()
        assert all(0.0 <= share <= 1.0 for share in shares.values())


@settings(max_examples=50, deadline=None)
@given(scenarios())
@example(NORMALISED_REUSE)
def test_a_long_traces_parts_equal_the_exact_ones(scenario):
    # Past `limit` earlier writes the walk lists a few terms and groups the writes
    # under each key as they arrive: the parts must not change. (A default target
    # is searched among fewer writes there: compare the reads whose target agrees.)
    exact = [item for item in walk(scenario) if getattr(item, "error_parts", None)]
    short = {item.number: item for item in walk(scenario, limit=1)}
    for full in exact:
        cut = short[full.number]
        if cut.target != full.target:
            continue
        assert list(full.error_parts.parts) == list(cut.error_parts.parts)
        scale = max(1.0, float(np.abs(full.output).max()))
        for name, part in full.error_parts:
            np.testing.assert_allclose(cut.error_parts[name], part, rtol=0, atol=1e-9 * scale)


# -- captions quote the same account -------------------------------------------------


def caption(name: str, number: int, template: str) -> str:
    from linviz.model.captions import render

    return render(template, Trace(lesson(name)), number)


def test_captions_name_the_cause_the_account_names():
    assert caption("delta-repair", 8, "{parts}; {cause}; crosstalk {share}") == (
        "not overwritten [4, 4]; "
        "left behind by an earlier write under the same key; crosstalk 0.0 %"
    )
    # A part that prints as zero is not named: pure decay is never called crosstalk.
    assert caption("gated-forgetting", 5, "{parts}") == "forgetting [-3.6, -1.8]"
    assert caption("delta-repair", 8, "{crosstalk} {not_overwritten} {own_scale}") == (
        "[0, 0] [4, 4] [0, 0]"
    )
    assert caption("gated-forgetting", 5, "{forgetting}: {cause}") == (
        "[-3.6, -1.8]: forgetting (decay of what the target stored)"
    )
    assert caption("gated-forgetting", 2, "{cause}") == "nothing: the read is exact"
    assert caption("crowding-the-plane", 7, "{crosstalk}, {share}") == "[1.2, 3.2], 100.0 %"


@pytest.mark.parametrize("named", [False, True])
def test_what_earlier_writes_under_a_key_held_whether_kept_or_summed_again(named):
    from linviz.model.trace_walk import _SameKeys

    rng = np.random.default_rng(3)
    pool = np.array([[1.0, 0.0], [0.0, -0.0], [0.6, 0.8]])
    choice = rng.integers(0, 3, size=40)
    keys = pool[choice] * np.where(rng.random(40) < 0.1, -1.0, 1.0)[:, None] + 0.0
    keys[keys == 0] = rng.choice([0.0, -0.0], size=int((keys == 0).sum()))  # -0.0 is 0.0
    effective = rng.normal(size=(40, 3))
    decays = rng.choice([0.5, 0.9, 1.0], size=40)
    same = _SameKeys(keys, set(range(40)) if named else set(), decays=True)
    for index in range(40):
        same.add(index, effective[index], decays)
    for index in range(40):
        earlier = [j for j in range(index) if np.array_equal(keys[j] + 0.0, keys[index] + 0.0)]
        held, count = same.before(index, effective, decays)
        assert count == len(earlier)
        if not earlier:
            assert held is None
            continue
        expected = sum(effective[j] * np.prod(decays[j + 1 : index + 1]) for j in earlier)
        np.testing.assert_allclose(held, expected, rtol=1e-12, atol=1e-12)


def test_past_the_listed_terms_the_window_and_the_trace_still_agree():
    # 1,200 writes over 30 keys (each reused), reads of some: past MAX_LISTED_TERMS
    # both take crosstalk as what is left; --all-terms sums it term by term.
    rng = np.random.default_rng(5)
    keys = rng.normal(size=(30, 3))
    steps = [Step(WRITE, keys[i % 30].copy(), rng.normal(size=2), f"w{i}") for i in range(1_200)]
    steps += [Step(READ, keys[i].copy(), None, f"r{i}") for i in range(3)]
    steps.append(Step(READ, keys[4].copy(), None, "old", target="w64"))
    scenario = Scenario(3, 2, steps, rule=Rule("gated_delta", alpha=0.999, beta=0.7))
    trace = Trace(scenario)
    every = {item.number: item for item in walk(scenario, all_terms=True)}
    for item in walk(scenario):
        if getattr(item, "error_parts", None) is None:
            continue
        window = read_result(trace, item.number).error_parts
        exact = every[item.number].error_parts
        assert "not_overwritten" in window and list(window.parts) == list(item.error_parts.parts)
        for name, part in window:
            np.testing.assert_allclose(part, item.error_parts[name], rtol=0, atol=1e-9)
            np.testing.assert_allclose(part, exact[name], rtol=0, atol=1e-9)


@pytest.mark.parametrize("limit", [0, 2])
def test_a_long_reads_same_key_search_finds_what_the_full_pass_finds(monkeypatch, limit):
    """Past MAX_LISTED_TERMS writes the window narrows the same-key search one component
    at a time: the parts equal those of the term-by-term pass (-0 is 0)."""
    import linviz.model.readout as readout

    steps = [
        write_step([1.0, 0.0, 0.0], [2.0, 3.0], "a"),
        write_step([-0.0, 1.0, 0.0], [5.0, 1.0], "b"),
        write_step([1.0, 0.0, -0.0], [9.0, 9.0], "a2"),
        write_step([1.0, 0.5, 0.0], [1.0, -1.0], "c"),
        write_step([0.0, 1.0, 0.0], [4.0, 0.0], "b2"),
        read([1.0, 0.0, 0.0], "r1"),
        read([0.2, 1.0, 0.0], "r2", target="b2"),
    ]
    for rule in (Rule("additive"), Rule("delta", beta=0.5), Rule("gated_delta", 0.9, 0.7)):
        trace = Trace(Scenario(3, 2, steps, rule=rule))
        full = {n: read_result(trace, n).error_parts for n in (6, 7)}
        monkeypatch.setattr(readout, "MAX_LISTED_TERMS", limit)
        for number, parts in full.items():
            cut = read_result(trace, number).error_parts
            assert list(cut.parts) == list(parts.parts)
            for name, part in parts:
                np.testing.assert_allclose(cut[name], part, rtol=0, atol=1e-12)
        monkeypatch.undo()


# -- the account's own arithmetic ----------------------------------------------------


def account(**named: list[float]) -> ErrorParts:
    parts = {name: np.array(values) for name, values in named.items()}
    return ErrorParts(np.sum(list(parts.values()), axis=0), parts)


def test_the_largest_part_comes_first_whatever_its_name():
    parts = account(crosstalk=[0.1, 0.0], forgetting=[0.0, -3.0], own_scale=[2.0, 0.0])
    assert parts.largest_first() == ["forgetting", "own_scale", "crosstalk"]
    assert parts.main_cause() == "forgetting"


def test_a_cause_is_named_only_above_rounding_residue():
    # |error| at most 1: the residue line is 1e-9 (a scale of 1, not 2).
    assert account(crosstalk=[1.5e-9, 0.0]).main_cause() == "crosstalk"
    assert account(crosstalk=[1e-9, 0.0]).main_cause() is None  # on the line: residue
    # A large error raises the line with it; a given scale replaces it.
    large = account(crosstalk=[3e-6, 0.0], own_scale=[1e4, 0.0])
    assert large.main_cause() == "own_scale"
    assert account(crosstalk=[3e-6, 0.0]).main_cause(scale=1e4) is None
    assert account(crosstalk=[3e-6, 0.0]).main_cause(scale=1e2) == "crosstalk"


def test_shares_of_a_small_error_add_up_to_one_and_of_none_are_zero():
    # A total under 1 is still divided (not treated as no error).
    shares = account(crosstalk=[0.3, 0.0], own_scale=[0.0, 0.1]).shares()
    assert math.isclose(shares["crosstalk"], 0.75) and math.isclose(shares["own_scale"], 0.25)
    assert account(crosstalk=[0.0, 0.0]).shares() == {"crosstalk": 0.0}


def test_shares_of_parts_whose_norms_overflow_are_still_shares():
    # numpy squares the entries of a norm: ‖[1e200, 1e200]‖ was inf, the shares
    # inf / inf, NaN, and the readout said "— %" of the error's parts.
    parts = account(own_scale=[1e200, 1e200], crosstalk=[1e200, 0.0])
    assert math.isclose(parts.sizes()["own_scale"], 2**0.5 * 1e200)
    shares = parts.shares()
    assert math.isclose(shares["own_scale"], 2**0.5 / (1 + 2**0.5))
    assert math.isclose(shares["crosstalk"], 1 / (1 + 2**0.5))
    tiny = account(own_scale=[5e-324, 0.0], crosstalk=[0.0, 5e-324]).shares()
    assert tiny == {"own_scale": 0.5, "crosstalk": 0.5}


def test_the_json_account_never_writes_minus_zero():
    written = account(own_scale=[-0.0, 1.5]).as_json()
    assert written == {"own_scale": [0.0, 1.5]}
    assert math.copysign(1.0, written["own_scale"][0]) == 1.0


@pytest.mark.parametrize("chunk", [1, 2])
@pytest.mark.parametrize("limit", [0, 2])
def test_a_long_read_counts_the_same_key_writes_of_every_chunk(monkeypatch, chunk, limit):
    """A million-write trace is read a chunk of writes at a time: the writes under the
    target's key may sit in several chunks, none in the first, some after the target."""
    import linviz.model.readout as readout
    from linviz.model.replay import Decomposition

    def scenarios(rule):
        mixed = [
            write_step([0.0, 1.0], [5.0, 1.0], "b"),
            write_step([1.0, 0.0], [2.0, 3.0], "a"),
            write_step([0.5, 0.5], [1.0, -2.0], "c"),
            write_step([1.0, 0.0], [9.0, 9.0], "a2"),
            write_step([1.0, 0.0], [1.0, 4.0], "a3"),
            write_step([0.0, 1.0], [3.0, 3.0], "b2"),
            read([1.0, 0.2], "r", target="a3"),
        ]
        alike = [write_step([1.0, 0.0], [float(i), 1.0], f"a{i}") for i in range(4)]
        alike.append(read([1.0, 0.0], "r", target="a3"))
        return [Scenario(2, 2, steps, rule=rule) for steps in (mixed, alike)]

    chunks = Decomposition.chunks
    for rule in (Rule("additive"), Rule("delta", beta=0.5), Rule("gated", alpha=0.9)):
        for scenario in scenarios(rule):
            number = len(scenario)
            full = read_result(Trace(scenario), number).error_parts
            monkeypatch.setattr(readout, "MAX_LISTED_TERMS", limit)
            monkeypatch.setattr(
                Decomposition, "chunks", lambda self, size=chunk: chunks(self, size)
            )
            cut = read_result(Trace(scenario), number).error_parts
            monkeypatch.undo()
            assert "not_overwritten" in full
            assert list(cut.parts) == list(full.parts), rule
            for name, part in full:
                np.testing.assert_allclose(cut[name], part, rtol=0, atol=1e-12)
