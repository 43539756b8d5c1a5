"""Rules side by side: one scenario replayed under every update rule."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model.errors import ScenarioError
from linviz.model.lessons import resolve_scenario_path
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.rule_comparison import COMPARED_RULES, RuleComparison, scenario_under
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario, scenario_to_dict
from tests.reference import replay


def lesson(name):
    return load_scenario(resolve_scenario_path(name))


def reference_under(scenario, name, alpha, beta):
    """The scenario's document with its rule swapped, replayed by the reference."""
    document = scenario_to_dict(scenario)
    document["rule"] = {"name": name, "alpha": alpha, "beta": beta}
    document["normalize"] = False  # like with like: no card divides by z
    for step in document["steps"]:
        if name in ("additive", "delta"):
            step.pop("alpha", None)
        if name in ("additive", "gated"):
            step.pop("beta", None)
    return replay(document)


def random_scenario(seed=0, steps=60, feature_map="identity", normalize=False):
    rng = np.random.default_rng(seed)
    items = []
    for i in range(1, steps + 1):
        if i % 4 == 0:
            items.append(read(rng.normal(size=3).tolist(), f"r{i}"))
        else:
            items.append(write(rng.normal(size=3).tolist(), rng.normal(size=2).tolist(), f"w{i}"))
    return Scenario(3, 2, items, feature_map=feature_map, normalize=normalize)


@pytest.mark.parametrize(
    ("scenario", "alpha", "beta"),
    [
        (lesson("session-trace"), 0.8, 1.0),
        (lesson("delta-repair"), 0.5, 0.7),  # its per-write beta is kept where it applies
        (lesson("gated-forgetting"), 0.6, 0.3),
        (random_scenario(1, feature_map="elu+1", normalize=True), 0.9, 0.5),
    ],
)
def test_each_rule_equals_a_separate_replay(scenario, alpha, beta):
    comparison = RuleComparison(scenario, alpha=alpha, beta=beta)
    assert tuple(comparison.rules) == COMPARED_RULES
    for name in COMPARED_RULES:
        states, outputs = reference_under(scenario, name, alpha, beta)
        for t in range(len(scenario) + 1):
            at = comparison.at(t)[name]
            assert at.state == pytest.approx(states[t], abs=1e-12)
            if t in outputs:
                assert at.read.output == pytest.approx(outputs[t], abs=1e-12)
            else:
                assert at.read is None


def test_the_delta_rule_repairs_the_reused_key_of_the_session_trace():
    comparison = RuleComparison(lesson("session-trace"), beta=1.0)
    after = comparison.at(7)  # read q = [1,0] after writing [9,9] under [1,0] again
    assert after["additive"].read.output.tolist() == [11.0, 12.0]
    assert after["delta"].read.output.tolist() == [9.0, 9.0]
    assert after["additive"].read.target == after["delta"].read.target == "w3"
    assert after["additive"].read.interference.tolist() == [2.0, 3.0]
    assert after["delta"].read.error == 0.0
    assert after["delta"].state.tolist() == [[9.0, 9.0], [5.0, 1.0]]


def test_a_gate_forgets():
    comparison = RuleComparison(lesson("session-trace"), alpha=0.5)
    # r1 reads w1 = [2,3] after one more write; the gate has halved it once.
    first = comparison.at(3)
    assert first["additive"].read.output.tolist() == [2.0, 3.0]
    assert first["gated"].read.output.tolist() == [1.0, 1.5]
    assert first["gated"].read.error == pytest.approx(np.linalg.norm([1.0, 1.5]))
    # The gated rule's error on an old association grows with every write.
    scenario = Scenario(2, 2, [write([1, 0], [4, 4], "old")])
    for i in range(1, 6):
        scenario.insert_step(len(scenario) + 1, write([0, 1], [1, 0], f"new{i}"))
        scenario.insert_step(len(scenario) + 1, read([1, 0], f"r{i}", target="old"))
    gated = RuleComparison(scenario, alpha=0.5)
    errors = [gated.read("gated", n).relative_error for n in range(3, len(scenario) + 1, 2)]
    assert all(a < b for a, b in zip(errors, errors[1:]))
    assert errors[-1] == pytest.approx(1 - 0.5**5)


def test_reads_are_judged_against_the_same_target_as_the_readout():
    scenario = random_scenario(4)
    comparison = RuleComparison(scenario)
    trace = Trace(scenario)
    for number in range(4, len(scenario) + 1, 4):
        result = read_result(trace, number)
        answer = comparison.read("additive", number)
        assert answer.target == result.target
        assert answer.output == pytest.approx(result.output)
        assert answer.interference == pytest.approx(result.interference)
        assert answer.relative_error == pytest.approx(result.relative_error)


def test_copies_drop_only_the_overrides_their_rule_does_not_take():
    scenario = lesson("delta-repair")  # w4 has its own beta = 0.5
    assert scenario_under(scenario, Rule("gated", alpha=0.9)).step(7).beta is None
    assert scenario_under(scenario, Rule("gated_delta", alpha=0.9, beta=1.0)).step(7).beta == 0.5
    assert scenario.step(7).beta == 0.5  # the original is untouched
    assert scenario.rule == Rule("delta", beta=1.0)


def test_every_rule_keeps_the_feature_map_and_none_the_normaliser():
    scenario = random_scenario(2, feature_map="elu+1", normalize=True)
    comparison = RuleComparison(scenario)
    assert comparison.normaliser_dropped
    assert not any(twin.normalize for twin in comparison.scenarios.values())
    assert all(s.feature_map == "elu+1" for s in comparison.scenarios.values())


def test_feature_map_step_5_additive_and_gated_read_the_same_way():
    scenario = lesson("feature-map")
    comparison = RuleComparison(scenario, alpha=0.9, beta=1.0)
    steps = comparison.at(5, reference=Trace(scenario))
    np.testing.assert_allclose(steps["additive"].read.output, [80.4979, 40.9957], atol=1e-4)
    np.testing.assert_allclose(steps["gated"].read.output, [72.4481, 40.9957], atol=1e-4)
    np.testing.assert_allclose(steps["delta"].read.output, [-83.4851, 40.9957], atol=1e-4)
    # The scenario's own read, with the normaliser, is given beside the additive card.
    np.testing.assert_allclose(steps["additive"].card.normalised_output, [6.626, 3.374], atol=1e-3)
    assert all(steps[name].card.normalised_output is None for name in ("delta", "gated"))
    # ‖φ(k)‖² = 5 with β = 1: both delta writes overshoot.
    for name in ("delta", "gated_delta"):
        found = steps[name].card.overshoots
        assert [(o.label, o.gain, o.factor) for o in found] == [("a", 5.0, -4.0), ("b", 5.0, -4.0)]
    assert steps["additive"].card.overshoots == () and steps["gated"].card.overshoots == ()
    at_a = comparison.at(1)["delta"].card
    assert at_a.overshoot is not None and at_a.overshoot.label == "a"
    assert comparison.at(3)["delta"].card.overshoot is None  # a read overshoots nothing


def test_each_step_says_the_beta_it_uses():
    scenario = lesson("delta-repair")  # rule β = 1; w4 (step 7) writes with β = 0.5
    comparison = RuleComparison(scenario, beta=1.0)
    at_w4 = comparison.at(7)["delta"].card.settings
    assert (at_w4.beta, at_w4.own_beta, at_w4.default_beta) == (0.5, True, 1.0)
    at_w3 = comparison.at(4)["delta"].card.settings
    assert (at_w3.beta, at_w3.own_beta) == (1.0, False)
    at_r4 = comparison.at(8)["delta"].card
    assert at_r4.settings.beta == 1.0  # at a read: the default …
    assert [(o.label, o.parameter, o.value) for o in at_r4.own_settings] == [("w4", "beta", 0.5)]
    assert comparison.at(5)["delta"].card.own_settings == ()  # … and only writes so far
    assert comparison.at(7)["gated"].card.settings.beta is None  # gated takes no β
    assert comparison.at(7)["gated"].card.own_settings == ()
    assert comparison.at(8)["delta"].card.overshoots == ()  # ‖k‖² β ≤ 1 throughout


def test_the_comparison_follows_edits_of_the_scenario():
    scenario = lesson("session-trace")
    comparison = RuleComparison(scenario, alpha=0.5)
    comparison.at(7)
    scenario.replace_step(6, write([1, 0], [1, 1], "w3"))  # in place
    assert comparison.at(7)["delta"].read.output.tolist() == [1.0, 1.0]
    assert comparison.at(7)["additive"].read.output.tolist() == [3.0, 4.0]
    scenario.remove_step(4)  # rows move: rebuilt
    assert len(comparison.scenarios["gated"]) == len(scenario) == 6
    states, _ = reference_under(scenario, "gated", 0.5, 1.0)
    assert comparison.state("gated", 6) == pytest.approx(states[6])
    scenario.set_text(title="Renamed")
    assert comparison.scenarios["delta"].title == "Renamed"
    comparison.close()  # its traces no longer follow the scenario
    generations = [trace.generation for trace in comparison.traces.values()]
    scenario.replace_step(1, write([0, 1], [7, 7], "w1"))
    assert [trace.generation for trace in comparison.traces.values()] == generations


def test_new_parameters_replay_the_rules_that_take_them():
    comparison = RuleComparison(lesson("session-trace"), alpha=0.5, beta=1.0)
    comparison.set_parameters(alpha=0.25)
    assert comparison.at(3)["gated"].read.output.tolist() == [0.5, 0.75]
    comparison.set_parameters(beta=0.5)
    assert comparison.rules["gated_delta"] == Rule("gated_delta", alpha=0.25, beta=0.5)
    with pytest.raises(ScenarioError):
        comparison.set_parameters(alpha=0.0)
    assert comparison.alpha == 0.25 and comparison.rules["gated"].alpha == 0.25


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from("irdmcz"), st.integers(0, 30), st.integers(0, 30)), max_size=12
    )
)
def test_the_copies_match_fresh_ones_after_any_edits(edits):
    """Inserted and removed steps are made in each copy (no rebuild); every other
    edit rebuilds it: either way each copy is the scenario under its rule."""
    from dataclasses import replace

    scenario = lesson("delta-repair")  # per-write beta, targets, captions
    comparison = RuleComparison(scenario, alpha=0.5, beta=0.75)
    for index, (kind, where, to) in enumerate(edits):
        count = len(scenario)
        number = where % count + 1
        try:
            if kind == "i":
                scenario.insert_step(number, write([1.0, -0.5], [0.25, 2.0], f"new{index}"))
            elif kind == "r":
                scenario.replace_step(number, replace(scenario.step(number), label=f"x{index}"))
            elif kind == "d" and count > 2:
                scenario.remove_step(number)
            elif kind == "m":
                scenario.move_step(number, to % count + 1)
            elif kind == "c":
                scenario.configure(feature_map="elu+1" if to % 2 else "identity")
            elif kind == "z":
                scenario.resize(2 + to % 2, 2)
        except ScenarioError:
            continue  # refused (a target or a quote would be lost): nothing changed
        for name, rule in comparison.rules.items():
            fresh = scenario_under(scenario, rule)
            view = comparison.scenarios[name]
            assert len(view) == len(fresh) and view.rule == fresh.rule == rule
            assert [view.step(n) for n in range(1, len(view) + 1)] == [
                fresh.step(n) for n in range(1, len(fresh) + 1)
            ]
            for mine, theirs in zip(view.write_parameters(), fresh.write_parameters()):
                assert mine.tolist() == theirs.tolist()
            replay = Trace(fresh)
            for t in (len(scenario), len(scenario) // 2):
                assert comparison.state(name, t) == pytest.approx(replay.state(t))
    comparison.close()


def test_each_rule_reads_the_scenarios_own_rows_and_follows_its_edits(monkeypatch):
    """Nothing is copied (four copies took 1.8 s and 580 MB at a million steps, and
    were rebuilt after every edit that moved rows): each rule's view reads the
    scenario's own arrays, and its trace follows each edit as the scenario's does."""
    from linviz.model import rule_comparison

    copied = []
    monkeypatch.setattr(Scenario, "copy", lambda self: copied.append(self))
    scenario = lesson("session-trace")
    comparison = rule_comparison.RuleComparison(scenario)
    for view in comparison.scenarios.values():
        assert np.shares_memory(view.vectors(), scenario.vectors())
        assert np.shares_memory(view.values(), scenario.values())
    scenario.insert_step(2, write([0.5, 0.5], [1, 1], "mid"))
    scenario.insert_step(9, read([0.5, 0.5], "last"))
    scenario.remove_step(2)
    assert copied == []
    states, _ = reference_under(scenario, "gated", 0.9, 1.0)
    assert comparison.state("gated", 8) == pytest.approx(states[8])
    assert comparison.read("additive", 8).label == "last"


@pytest.mark.parametrize("beta", [0.0, 0.5])
def test_a_view_reckons_a_writes_parameters_as_a_copy_under_its_rule_does(beta):
    scenario = lesson("delta-repair")  # w4 has its own beta = 0.5
    comparison = RuleComparison(scenario, alpha=0.5, beta=beta)
    for name, rule in comparison.rules.items():
        fresh = scenario_under(scenario, rule)
        view = comparison.scenarios[name]
        for number in range(1, len(scenario) + 1):
            step = scenario.step(number)
            assert view.parameters_of(step) == fresh.parameters_of(fresh.step(number))
