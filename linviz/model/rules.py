"""Update rules: how one write changes the state.

Every rule is written in the same shape,
``S_t = decay_t · S_{t-1} + φ(k_t) u_tᵀ``, with a decay factor and an
*effective value* ``u_t``. That shape is what lets every read decompose into
one term per earlier write, whatever the rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term, shown

#: Rule names, in the order menus show them.
RULE_NAMES = ("additive", "delta", "gated", "gated_delta")

#: Which of the parameters ``alpha`` and ``beta`` each rule uses.
RULE_PARAMETERS: dict[str, tuple[str, ...]] = {
    "additive": (),
    "delta": ("beta",),
    "gated": ("alpha",),
    "gated_delta": ("alpha", "beta"),
}

#: Human description of each parameter's allowed range.
PARAMETER_RANGES = {
    "alpha": Term(QT_TRANSLATE_NOOP("ScenarioError", "a number in (0, 1]")),
    "beta": Term(QT_TRANSLATE_NOOP("ScenarioError", "a number in [0, 1]")),
}


def check_parameter(name: str, value: object, field: str) -> float:
    """Return ``value`` as a float if it is a valid ``alpha``/``beta``.

    Raises
    ------
    ScenarioError
        When it is not a finite number in the parameter's range.
    """
    refusal = ScenarioError.of(
        QT_TRANSLATE_NOOP("ScenarioError", "{name} must be {range}, got {got}"),
        name=Term(name),
        range=PARAMETER_RANGES[name],
        got=shown(value),
        field=field,
    )
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise refusal
    try:
        number = float(value)
    except OverflowError:  # an integer beyond the float range
        raise refusal from None
    low_ok = number > 0.0 if name == "alpha" else number >= 0.0
    if not math.isfinite(number) or not low_ok or number > 1.0:
        raise refusal
    return number


@dataclass(frozen=True)
class Rule:
    """An update rule and its default parameters.

    Attributes
    ----------
    name
        One of :data:`RULE_NAMES`.
    alpha
        Decay per write for the gated rules, in (0, 1]; ``None`` otherwise.
    beta
        Writing strength for the delta rules, in [0, 1]; ``None`` otherwise.
    """

    name: str = "additive"
    alpha: float | None = None
    beta: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or self.name not in RULE_PARAMETERS:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "unknown rule {name}; expected one of {allowed}"
                ),
                name=shown(self.name),
                allowed=", ".join(RULE_NAMES),
                field="rule.name",
            )
        for parameter in ("alpha", "beta"):
            value = getattr(self, parameter)
            if parameter in RULE_PARAMETERS[self.name]:
                if value is None:
                    raise ScenarioError.of(
                        QT_TRANSLATE_NOOP(
                            "ScenarioError", "rule {rule!r} needs {parameter!r} ({range})"
                        ),
                        rule=self.name,
                        parameter=Term(parameter),
                        range=PARAMETER_RANGES[parameter],
                        field=f"rule.{parameter}",
                    )
                object.__setattr__(
                    self, parameter, check_parameter(parameter, value, f"rule.{parameter}")
                )
            elif value is not None:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "rule {rule!r} takes no {parameter!r}"),
                    rule=self.name,
                    parameter=Term(parameter),
                    field=f"rule.{parameter}",
                )

    @property
    def decays(self) -> bool:
        """Whether the old state is scaled by ``alpha`` at each write."""
        return "alpha" in RULE_PARAMETERS[self.name]

    @property
    def corrects(self) -> bool:
        """Whether a write first subtracts what its key already retrieves."""
        return "beta" in RULE_PARAMETERS[self.name]

    def to_dict(self) -> dict[str, object]:
        """The rule as it is written in a scenario file."""
        out: dict[str, object] = {"name": self.name}
        for parameter in RULE_PARAMETERS[self.name]:
            out[parameter] = getattr(self, parameter)
        return out

    def describe(self, default: bool = False) -> str:
        """A short formula-free description, e.g. ``"delta (β = 0.5)"``.

        ``default``: say that the parameters are the defaults a write may
        override, ``"delta (default β = 0.5)"``.
        """
        params = ", ".join(
            f"{'α' if p == 'alpha' else 'β'} = {getattr(self, p):g}"
            for p in RULE_PARAMETERS[self.name]
        )
        if not params:
            return self.name
        return f"{self.name} (default {params})" if default else f"{self.name} ({params})"
