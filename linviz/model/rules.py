"""Update rules: how one write changes the state.

Every rule is written in the same shape,
``S_t = decay_t · S_{t-1} + φ(k_t) u_tᵀ``, with a decay factor and an
*effective value* ``u_t``. That shape is what lets every read decompose into
one term per earlier write, whatever the rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from linviz.model.errors import ScenarioError, shown

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
PARAMETER_RANGES = {"alpha": "a number in (0, 1]", "beta": "a number in [0, 1]"}


def check_parameter(name: str, value: object, field: str) -> float:
    """Return ``value`` as a float if it is a valid ``alpha``/``beta``.

    Raises
    ------
    ScenarioError
        When it is not a finite number in the parameter's range.
    """
    refusal = ScenarioError(
        f"{name} must be {PARAMETER_RANGES[name]}, got {shown(value)}", field=field
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
            raise ScenarioError(
                f"unknown rule {shown(self.name)}; expected one of {', '.join(RULE_NAMES)}",
                field="rule.name",
            )
        for parameter in ("alpha", "beta"):
            value = getattr(self, parameter)
            if parameter in RULE_PARAMETERS[self.name]:
                if value is None:
                    raise ScenarioError(
                        f"rule {self.name!r} needs {parameter!r} ({PARAMETER_RANGES[parameter]})",
                        field=f"rule.{parameter}",
                    )
                object.__setattr__(
                    self, parameter, check_parameter(parameter, value, f"rule.{parameter}")
                )
            elif value is not None:
                raise ScenarioError(
                    f"rule {self.name!r} takes no {parameter!r}",
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

    def describe(self) -> str:
        """A short formula-free description, e.g. ``"delta (β = 0.5)"``."""
        params = ", ".join(
            f"{'α' if p == 'alpha' else 'β'} = {getattr(self, p):g}"
            for p in RULE_PARAMETERS[self.name]
        )
        return f"{self.name} ({params})" if params else self.name
