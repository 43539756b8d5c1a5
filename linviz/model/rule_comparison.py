"""One scenario replayed under every update rule, side by side.

Each rule gets its own copy of the scenario, set to that rule with
:meth:`~linviz.model.scenario.Scenario.configure`, and its own
:class:`~linviz.model.replay.Trace`. A copy keeps the feature map, and
drops the per-write ``alpha``/``beta`` overrides its rule does not take (the
ones it takes are kept, as the scenario would use them). No copy keeps the
normaliser: it is defined for the additive rule only, so every rule is
replayed the same way without it, and the additive read with it (what the
scenario itself reads) is given beside them (:mod:`linviz.model.rule_cards`).

The copies follow the original: an edit of some steps in place is repeated
on each copy (so each trace replays only from the first edited step), any
other edit rebuilds them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.errors import ScenarioError
from linviz.model.norms import vector_norm
from linviz.model.readout import default_target, read_output
from linviz.model.replay import Trace
from linviz.model.rule_cards import CardFacts, card_facts
from linviz.model.rules import RULE_NAMES, RULE_PARAMETERS, Rule
from linviz.model.scenario import Edit, Scenario, Step

#: The rules compared, in the order the lab shows them.
COMPARED_RULES = RULE_NAMES


def rule_for(name: str, alpha: float, beta: float) -> Rule:
    """The rule called ``name`` with the ``alpha``/``beta`` it takes (and no other)."""
    parameters = RULE_PARAMETERS[name]
    return Rule(
        name,
        alpha=alpha if "alpha" in parameters else None,
        beta=beta if "beta" in parameters else None,
    )


def _fitted_step(step: Step, rule: Rule) -> Step:
    """``step`` without the overrides ``rule`` does not take."""
    changes = {p: None for p in ("alpha", "beta") if p not in RULE_PARAMETERS[rule.name]}
    if all(getattr(step, p) is None for p in changes):
        return step
    return step.with_changes(**changes)


def scenario_under(scenario: Scenario, rule: Rule) -> Scenario:
    """An independent copy of ``scenario`` replayed under ``rule``."""
    twin = scenario.copy()
    for parameter in ("alpha", "beta"):
        if parameter in RULE_PARAMETERS[rule.name]:
            continue
        for number in twin.overrides(parameter).tolist():
            twin.replace_step(number, twin.step(number).with_changes(**{parameter: None}))
    twin.configure(normalize=False, rule=rule)
    return twin


@dataclass(frozen=True)
class RuleRead:
    """One rule's answer to a read.

    Attributes
    ----------
    label
        The read's label.
    output
        ``y`` under this rule.
    target
        The label of the write the read means to retrieve, ``None`` without one.
    expected
        That write's stored value, ``None`` without a target.
    interference
        ``output − expected``, ``None`` without a target.
    error
        ``‖output − expected‖``, ``None`` without a target.
    relative_error
        ``error / ‖expected‖``, ``None`` without a target or with a zero value.
    """

    label: str
    output: np.ndarray
    target: str | None
    expected: np.ndarray | None
    interference: np.ndarray | None
    error: float | None
    relative_error: float | None


@dataclass(frozen=True)
class RuleStep:
    """One rule at one step: the state after it, at a read the read, and what its card says."""

    rule: Rule
    state: np.ndarray
    read: RuleRead | None
    card: CardFacts


class RuleComparison:
    """The scenario replayed under several rules, kept in step with its edits.

    Parameters
    ----------
    scenario
        The scenario to compare; the comparison follows its edits until
        :meth:`close`.
    alpha, beta
        The decay and the writing strength given to the rules that take them.
    rules
        Rule names, a subset of :data:`COMPARED_RULES`.
    """

    def __init__(
        self,
        scenario: Scenario,
        alpha: float = 0.9,
        beta: float = 1.0,
        rules: tuple[str, ...] = COMPARED_RULES,
    ) -> None:
        self.scenario = scenario
        self.rules = {name: rule_for(name, alpha, beta) for name in rules}
        self.alpha, self.beta = alpha, beta
        self.scenarios: dict[str, Scenario] = {}
        self.traces: dict[str, Trace] = {}
        for name, rule in self.rules.items():
            self.scenarios[name] = scenario_under(scenario, rule)
            self.traces[name] = Trace(self.scenarios[name])
        scenario.subscribe(self._follow)

    def close(self) -> None:
        """Stop following the scenario."""
        self.scenario.unsubscribe(self._follow)
        for trace in self.traces.values():
            trace.close()

    def set_parameters(self, alpha: float | None = None, beta: float | None = None) -> None:
        """Give the rules that take them a new ``alpha`` and/or ``beta``."""
        alpha = self.alpha if alpha is None else alpha
        beta = self.beta if beta is None else beta
        # Every rule is made (and so checked) before any copy changes.
        Rule("gated_delta", alpha=alpha, beta=beta)
        self.alpha, self.beta = alpha, beta
        for name, old in self.rules.items():
            rule = rule_for(name, alpha, beta)
            if rule != old:
                self.scenarios[name].configure(rule=rule)
                self.rules[name] = rule

    def _follow(self, edit: Edit) -> None:
        original = self.scenario
        for name, twin in self.scenarios.items():
            rule = self.rules[name]
            if edit.first > len(original) and not edit.writes_changed:
                twin.set_text(title=original.title, caption=original.caption)
                continue
            try:
                if self._follow_steps(twin, edit, rule):
                    continue
            except ScenarioError:
                pass  # the copy could not take the steps alone: rebuild it
            # A fresh copy nobody else holds: taken, not copied again.
            twin.replace_all(scenario_under(original, rule), take=True)

    def _follow_steps(self, twin: Scenario, edit: Edit, rule: Rule) -> bool:
        """Make ``edit`` in ``twin`` step by step, if it is steps replaced, one step
        inserted or one removed; whether it was. (Anything else is rebuilt: at a
        million steps a rebuild copies the scenario, 0.3 s for each rule.)
        """
        original = self.scenario
        if edit.last is not None and len(twin) == len(original):
            for number in range(edit.first, edit.last + 1):
                twin.replace_step(number, _fitted_step(original.step(number), rule))
            return True
        if edit.rows == 1 and len(original) == len(twin) + 1:
            twin.insert_step(edit.first, _fitted_step(original.step(edit.first), rule))
            return True
        if edit.rows == -1 and len(original) == len(twin) - 1:
            twin.remove_step(edit.first)
            return True
        return False

    # -- reading ---------------------------------------------------------------------
    def state(self, name: str, t: int) -> np.ndarray:
        """``S`` after step ``t`` under rule ``name``."""
        return self.traces[name].state(t)

    def read(self, name: str, number: int) -> RuleRead:
        """Read ``number`` under rule ``name``, against its target's stored value.

        The target is the one the scenario names, else the one every view
        shows (:func:`~linviz.model.readout.default_target`); it does not
        depend on the rule, as keys and values are the same under every rule.
        """
        trace = self.traces[name]
        scenario = trace.scenario
        output = read_output(trace, number)
        output.flags.writeable = False
        target = default_target(scenario, number)
        label = scenario.label_at(number)
        if target is None:
            return RuleRead(label, output, None, None, None, None, None)
        target_number = scenario.number_of(target)
        expected = scenario.values(target_number - 1, target_number)[0].copy()
        interference = output - expected
        error, size = vector_norm(interference), vector_norm(expected)
        return RuleRead(
            label, output, target, expected, interference, error, error / size if size else None
        )

    @property
    def normaliser_dropped(self) -> bool:
        """Whether the scenario divides its reads by ``φ(q)ᵀz`` and the copies do not."""
        return self.scenario.normalize

    def at(self, t: int, reference: Trace | None = None) -> dict[str, RuleStep]:
        """Every rule at step ``t``: its state, its read when step ``t`` is a read, its card.

        ``reference`` is the trace of the scenario itself: at a read of a
        scenario with the normaliser on, the additive card gives its
        normalised read from it.
        """
        is_read = t >= 1 and not self.scenario.is_write(t)
        normalised = None
        if is_read and reference is not None and reference.scenario.normalize:
            normalised = read_output(reference, t)
            normalised.flags.writeable = False
        steps = {}
        for name, rule in self.rules.items():
            card = card_facts(
                self.scenarios[name], rule, t, normalised if name == "additive" else None
            )
            steps[name] = RuleStep(
                rule, self.state(name, t), self.read(name, t) if is_read else None, card
            )
        return steps
