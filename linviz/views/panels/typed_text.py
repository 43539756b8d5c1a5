"""Vectors and per-write parameters as the editors write them, and typed text read back.

Typed input is split and parsed here; whether the numbers fit the scenario
(length, finiteness) is checked by the model when the edit is made.
"""

from __future__ import annotations

import re

import numpy as np
from PySide6 import QtCore

from linviz.model.errors import ScenarioError
from linviz.model.field_checks import decimal_points
from linviz.model.rules import RULE_PARAMETERS
from linviz.model.scenario import Step, split_vector
from linviz.model.text_rules import NumberTextError, number_from_text
from linviz.views.error_text import fill
from linviz.views.number_text import decimal_comma, typed_form

_PARAMETER_NAMES = {
    "α": "alpha",
    "alpha": "alpha",
    "a": "alpha",
    "β": "beta",
    "beta": "beta",
    "b": "beta",
}


SYMBOLS = {"alpha": "α", "beta": "β"}


def number_text(x: float) -> str:
    """``x`` exactly as typed back: shortest round-trip form, ``1`` not ``1.0``."""
    text = repr(float(x) + 0.0)
    return text[:-2] if text.endswith(".0") else text


def vector_text(vector: np.ndarray) -> str:
    """A vector as the user types it: ``1, -0.5`` (in French ``1 ; −0,5``)."""
    return typed_form(", ".join(number_text(x) for x in vector))


def _why(error: NumberTextError) -> str:
    """``": "`` and why a token ``float`` would read is refused (``٥``, ``5_000``), or nothing."""
    if not error.looks_like_a_number:
        return ""
    return ": " + fill(error.reason.template, error.reason.values)


def vector_numbers(text: str, name: str) -> list[float]:
    """The tokens of a typed vector as floats, in whatever length was typed.

    Length and finiteness are left to the scenario's checks; a token that is
    no number at all is refused here, naming it the way the model would.
    With a decimal comma shown, ``"0,5"`` is one number (see
    :func:`~linviz.model.field_checks.split_vector`).
    """
    numbers = []
    for position, token in enumerate(split_vector(text, decimal_comma()), start=1):
        try:
            numbers.append(number_from_text(token))  # ASCII digits: not ٥, not 5_000
        except NumberTextError as error:
            raise ScenarioError(
                QtCore.QCoreApplication.translate(
                    "StepEditor", "{name} component {position} must be a number, got {token!r}"
                ).format(name=name, position=position, token=token)
                + _why(error),
                field=name,
            ) from None
    return numbers


def parameters_text(step: Step, symbols: bool = True) -> str:
    """A write's own α/β as ``α=0.9, β=0.5`` (empty when it uses the rule's)."""
    parts = []
    for name in ("alpha", "beta"):
        given = getattr(step, name)
        if given is not None:
            parts.append(f"{SYMBOLS[name] if symbols else name}={number_text(given)}")
    return ", ".join(parts)


def parse_parameters(text: str, rule_name: str) -> dict[str, float | None]:
    """Typed per-write overrides: ``β=0.5``, ``alpha 0.9, beta 1``, a bare ``0.5``;
    with a decimal comma shown, ``β=0,5`` and ``α=0,9 ; β=0,5`` too.

    A bare number goes to the rule's parameter (α then β for gated delta).
    Empty text clears both. Ranges are checked by the scenario.
    """
    result: dict[str, float | None] = {"alpha": None, "beta": None}
    bare_order = list(RULE_PARAMETERS[rule_name])
    given: set[str] = set()
    if decimal_comma():
        # French writes 0,9: a comma between two digits is a decimal one. Split there,
        # "β=0,5" was β = 0 and a bare 5, and "0,5" for the delta rule was refused as
        # "the delta rule takes no α or β".
        text = decimal_points(text)
    for part in (p.strip() for p in re.split(r"[,;]", text)):
        if not part:
            continue
        words = part.replace("=", " ").replace(":", " ").split()
        if len(words) == 1 and not RULE_PARAMETERS[rule_name]:
            raise ScenarioError(
                QtCore.QCoreApplication.translate(
                    "StepEditor", "the {rule} rule takes no α or β; leave this empty"
                ).format(rule=rule_name),
                field="alpha",
            )
        while len(words) == 1 and bare_order and bare_order[0] in given:
            bare_order.pop(0)  # "α=0.9, 0.5": the bare number is the β still to give
        if len(words) == 1 and bare_order:
            name, token = bare_order.pop(0), words[0]
        elif len(words) == 2 and words[0].lower() in _PARAMETER_NAMES:
            name, token = _PARAMETER_NAMES[words[0].lower()], words[1]
        else:  # not a parameter, or more numbers than the rule has parameters
            raise _format_refusal(part)
        if name in given:  # "α=0, 9": one parameter twice, the second silently won
            raise _format_refusal(part)
        given.add(name)
        try:
            result[name] = number_from_text(token)
        except NumberTextError as error:
            raise ScenarioError(
                QtCore.QCoreApplication.translate(
                    "StepEditor", "{name} must be a number, got {token!r}"
                ).format(name=name, token=token)
                + _why(error),
                field=name,
            ) from None
    return result


def _format_refusal(part: str) -> ScenarioError:
    """How α and β are written, and the part of the typed text that was not."""
    return ScenarioError(
        QtCore.QCoreApplication.translate(
            "StepEditor", "write α/β as α=0.9, β=0.5 (got {part!r})"
        ).format(part=part),
        field="alpha",
    )
