"""What a card of "Rules side by side" says beside ``S`` and ``y``: settings and overshoots.

Every card replays the scenario's writes through the scenario's feature map
``φ``, and none of them divides by the normaliser: ``z`` is defined for the
additive rule only (:func:`~linviz.model.field_checks.check_settings`), so
the cards are compared like with like without it, and the additive read *with*
it (what the scenario itself reads) is given beside them.

Settings are the ones a step uses: a write that sets its own ``β`` (or
``α``) writes with it, the others with the rule's default.

A delta write scales the gap between the value and what its key reads back,
``v − Sᵀφ(k)``, by ``1 − β ‖φ(k)‖²`` (for the gated delta rule, against
the decayed state): with ``β ‖φ(k)‖² > 2`` that factor is below −1, so the
write overshoots ``v`` by more than the key was off before, and the same
write repeated diverges. :data:`OVERSHOOT_GAIN` is that bound.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.rules import Rule
from linviz.model.scenario import Scenario

#: A delta write with ``β ‖φ(k)‖²`` above this moves its key's read further from ``v``.
OVERSHOOT_GAIN = 2.0


@dataclass(frozen=True)
class Overshoot:
    """A delta write that overshoots: its key's read lands further from ``v`` than before.

    Attributes
    ----------
    number, label
        The write (1-based step number) and its label.
    beta
        The ``β`` it writes with.
    key_size
        ``‖φ(k)‖²`` of its key.
    """

    number: int
    label: str
    beta: float
    key_size: float

    @property
    def gain(self) -> float:
        """``β ‖φ(k)‖²``: above :data:`OVERSHOOT_GAIN` the write overshoots."""
        return self.beta * self.key_size

    @property
    def factor(self) -> float:
        """What the write multiplies its key's gap ``v − Sᵀφ(k)`` by: ``1 − β ‖φ(k)‖²``."""
        return 1.0 - self.gain


@dataclass(frozen=True)
class StepSettings:
    """The ``α`` and ``β`` a step uses under one rule (``None``: the rule takes none).

    Attributes
    ----------
    alpha, beta
        At a write, the ones it writes with; elsewhere, the rule's defaults.
    own_alpha, own_beta
        Whether the write sets its own (otherwise it uses the default).
    default_alpha, default_beta
        The rule's defaults.
    """

    alpha: float | None
    beta: float | None
    own_alpha: bool
    own_beta: bool
    default_alpha: float | None
    default_beta: float | None


@dataclass(frozen=True)
class OwnSetting:
    """A write up to the step that sets its own ``α`` or ``β`` (the rule takes it)."""

    number: int
    label: str
    parameter: str
    value: float


@dataclass(frozen=True)
class CardFacts:
    """One rule's card at one step, beside its state and read.

    Attributes
    ----------
    settings
        The ``α``/``β`` the step uses.
    overshoot
        The step itself, when it is a delta write that overshoots.
    overshoots
        Every delta write up to the step that overshoots, in step order.
    own_settings
        Every write up to the step that sets its own ``α``/``β``, in step order.
    normalised_output
        At a read of a scenario with the normaliser on, under the additive
        rule only: the read divided by ``φ(q)ᵀz + ε``, as the scenario reads it.
    """

    settings: StepSettings
    overshoot: Overshoot | None
    overshoots: tuple[Overshoot, ...]
    own_settings: tuple[OwnSetting, ...] = ()
    normalised_output: np.ndarray | None = None


def step_settings(scenario: Scenario, rule: Rule, t: int) -> StepSettings:
    """The ``α`` and ``β`` step ``t`` of ``scenario`` uses under ``rule``."""
    alpha, beta = rule.alpha, rule.beta
    own_alpha = own_beta = False
    if 1 <= t <= len(scenario) and scenario.is_write(t):
        step = scenario.step(t)
        alphas, betas = scenario.write_parameters(t - 1, t)
        if alpha is not None:
            alpha, own_alpha = float(alphas[0]), step.alpha is not None
        if beta is not None:
            beta, own_beta = float(betas[0]), step.beta is not None
    return StepSettings(alpha, beta, own_alpha, own_beta, rule.alpha, rule.beta)


def overshoots(scenario: Scenario, rule: Rule, t: int) -> tuple[Overshoot, ...]:
    """The delta writes of steps 1..``t`` with ``β ‖φ(k)‖² >`` :data:`OVERSHOOT_GAIN`.

    Empty for rules without the delta correction (they write no gap to overshoot).
    """
    if not rule.corrects or t < 1:
        return ()
    t = min(t, len(scenario))
    mask = np.asarray(scenario.write_mask(0, t), dtype=bool)
    sizes = np.einsum("ij,ij->i", scenario.phi_vectors(0, t), scenario.phi_vectors(0, t))
    betas = scenario.write_parameters(0, t)[1]
    gains = betas * sizes
    numbers = np.flatnonzero(mask & (gains > OVERSHOOT_GAIN)) + 1
    return tuple(
        Overshoot(int(n), scenario.label_at(int(n)), float(betas[n - 1]), float(sizes[n - 1]))
        for n in numbers
    )


def own_settings(scenario: Scenario, rule: Rule, t: int) -> tuple[OwnSetting, ...]:
    """The writes of steps 1..``t`` that set their own ``α``/``β`` that ``rule`` takes."""
    found = []
    for parameter in ("alpha", "beta"):
        if getattr(rule, parameter) is None:
            continue
        column = scenario.write_parameters(0, len(scenario))[parameter == "beta"]
        for number in scenario.overrides(parameter).tolist():
            if number <= t:
                found.append(
                    OwnSetting(
                        number, scenario.label_at(number), parameter, float(column[number - 1])
                    )
                )
    return tuple(sorted(found, key=lambda own: (own.number, own.parameter)))


def card_facts(
    scenario: Scenario, rule: Rule, t: int, normalised_output: np.ndarray | None = None
) -> CardFacts:
    """What rule ``rule``'s card says at step ``t`` of its copy ``scenario``."""
    found = overshoots(scenario, rule, t)
    this = found[-1] if found and found[-1].number == t else None
    return CardFacts(
        step_settings(scenario, rule, t),
        this,
        found,
        own_settings(scenario, rule, t),
        normalised_output,
    )
