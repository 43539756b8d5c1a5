"""One scenario replayed under every update rule, side by side.

Each rule sees the scenario through a :class:`RuleView`: the same steps,
arrays and labels (nothing copied), under that rule, and its own
:class:`~linviz.model.replay.Trace`. A view keeps the feature map, and
leaves out the per-write ``alpha``/``beta`` overrides its rule does not take
(the ones it takes are kept, as the scenario would use them). No view keeps
the normaliser: it is defined for the additive rule only, so every rule is
replayed the same way without it, and the additive read with it (what the
scenario itself reads) is given beside them (:mod:`linviz.model.rule_cards`).

The views' traces follow the scenario's edits as its own trace does: each
replays only from the first edited step. (Four copies made and kept in step
with every edit took 1.8 s and 580 MB at a million steps, and a second per
edit that moved rows.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np

from linviz.model.norms import vector_norm
from linviz.model.readout import compared_scale, default_target, is_exact, read_output
from linviz.model.replay import Trace
from linviz.model.rule_cards import CardFacts, card_facts
from linviz.model.rules import RULE_NAMES, RULE_PARAMETERS, Rule
from linviz.model.scenario import Scenario, Step, parameters_in_force

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
    """An independent copy of ``scenario`` replayed under ``rule`` (what a
    :class:`RuleView` shows without copying).
    """
    twin = scenario.copy()
    for parameter in ("alpha", "beta"):
        if parameter in RULE_PARAMETERS[rule.name]:
            continue
        for number in twin.overrides(parameter).tolist():
            twin.replace_step(number, twin.step(number).with_changes(**{parameter: None}))
    twin.configure(normalize=False, rule=rule)
    return twin


class RuleView:
    """``scenario`` as it replays under ``rule``, without the normaliser: a view, not a copy.

    Every step, array and label is the scenario's own, read where it lies;
    what differs is the rule, the normaliser (off) and the parameters a write
    sets for itself: those ``rule`` does not take are not in force. A trace of
    the view subscribes to the scenario itself, so it follows every edit.
    Anything else is asked of the scenario.

    Parameters
    ----------
    scenario
        The scenario seen.
    rule
        The rule it is replayed under (see :attr:`rule`: it may be set anew).
    """

    #: No rule but the additive one has a normaliser: every view replays without it.
    normalize = False

    def __init__(self, scenario: Scenario, rule: Rule) -> None:
        self.scenario = scenario
        self.rule = rule

    def __getattr__(self, name: str) -> object:
        return getattr(self.scenario, name)

    def as_scenario(self) -> Scenario:
        """The view where a :class:`Scenario` is asked for (a trace, a card): it answers
        every question they ask of one (the typing cannot tell).
        """
        return cast(Scenario, self)

    def __len__(self) -> int:
        return len(self.scenario)

    def _takes(self, parameter: str) -> bool:
        return parameter in RULE_PARAMETERS[self.rule.name]

    def parameter_overrides(
        self, start: int = 0, stop: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Each step's own ``(alpha, beta)`` the rule takes, NaN where none is in force."""
        alpha, beta = self.scenario.parameter_overrides(start, stop)
        return tuple(  # type: ignore[return-value]
            column if self._takes(name) else np.full(len(column), np.nan)
            for name, column in (("alpha", alpha), ("beta", beta))
        )

    def write_parameters(
        self, start: int = 0, stop: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """``(alpha, beta)`` in force at each of steps ``start+1 .. stop`` under the rule."""
        return parameters_in_force(*self.parameter_overrides(start, stop), self.rule)

    def overrides(self, parameter: str) -> np.ndarray:
        """1-based numbers of the writes that set their own ``parameter`` and the rule takes it."""
        if not self._takes(parameter):
            return np.zeros(0, dtype=np.int64)
        return self.scenario.overrides(parameter)

    def step(self, number: int) -> Step:
        """Step ``number`` without the overrides the rule does not take."""
        return _fitted_step(self.scenario.step(number), self.rule)

    def parameters_of(self, step: Step) -> tuple[float, float]:
        """``(alpha, beta)`` in force for a write under the rule (the scenario's own
        reckoning, with the view's rule, of the step without the overrides it does not take).
        """
        return Scenario.parameters_of(self.as_scenario(), _fitted_step(step, self.rule))


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
    exact
        Whether ``output`` is ``expected`` to the precision the views print
        (:func:`~linviz.model.readout.is_exact`, the readout's own rule).
    scale
        What its numbers are residue beside (the formatters' ``at``): the
        largest ``|component|`` of ``output`` and ``expected``; ``None`` without
        a target.
    """

    label: str
    output: np.ndarray
    target: str | None
    expected: np.ndarray | None
    interference: np.ndarray | None
    error: float | None
    relative_error: float | None
    exact: bool = False
    scale: float | None = None


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
        self.scenarios: dict[str, RuleView] = {}
        self.traces: dict[str, Trace] = {}
        for name, rule in self.rules.items():
            self.scenarios[name] = RuleView(scenario, rule)
            self.traces[name] = Trace(self.scenarios[name].as_scenario())

    def close(self) -> None:
        """Stop following the scenario."""
        for trace in self.traces.values():
            trace.close()

    def set_parameters(self, alpha: float | None = None, beta: float | None = None) -> None:
        """Give the rules that take them a new ``alpha`` and/or ``beta``."""
        alpha = self.alpha if alpha is None else alpha
        beta = self.beta if beta is None else beta
        # Every rule is made (and so checked) before any view changes.
        Rule("gated_delta", alpha=alpha, beta=beta)
        self.alpha, self.beta = alpha, beta
        for name, old in self.rules.items():
            rule = rule_for(name, alpha, beta)
            if rule != old:
                self.scenarios[name].rule = rule
                self.traces[name].invalidate(1)  # every state replays under the new rule
                self.rules[name] = rule

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
            label,
            output,
            target,
            expected,
            interference,
            error,
            error / size if size else None,
            exact=is_exact(output, expected),
            scale=compared_scale(output, expected),
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
                self.scenarios[name].as_scenario(),
                rule,
                t,
                normalised if name == "additive" else None,
            )
            steps[name] = RuleStep(
                rule, self.state(name, t), self.read(name, t) if is_read else None, card
            )
        return steps
