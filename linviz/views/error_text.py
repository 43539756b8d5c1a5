"""A refusal in the language shown: the model's English template, translated and filled.

The model writes every refusal from a template marked for translation
(:class:`linviz.model.errors.ScenarioError`); ``str(error)`` stays English for
the command line and logs. :func:`shown_error` is what the views put on
screen: the template and its location translated (context ``ScenarioError``),
numbers written the language's way (a decimal comma in French), words the
model marks as terms (a field's name, an op) translated too.
"""

from __future__ import annotations

import re
import string
from typing import Any

import numpy as np
from PySide6 import QtCore

from linviz.model.drawable import too_large, undrawable
from linviz.model.errors import (
    CONTEXT,
    FIELD_PLACE,
    LOCATED,
    STEP_PLACE,
    Counted,
    Phrase,
    ScenarioError,
    Term,
    printable,
)
from linviz.views.number_text import MINUS, decimal_comma

#: The text of a number as the model writes it: ``-1.5``, ``12,345``, ``1e+20``.
_NUMBER = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[+-]?\d+)?")


def _translate(text: str) -> str:
    return QtCore.QCoreApplication.translate(CONTEXT, text)


class CountedText(QtCore.QObject):
    """The counted nouns of refusals, with their plural forms (``tr`` marks them numerus)."""

    def text(self, value: Counted) -> str:
        count = value.count
        # One call per noun: lupdate marks each numerus, with its plural forms.
        if value.noun == "component":
            return self.tr("%n component(s)", "", count)
        if value.noun == "row":
            return self.tr("%Ln row(s)", "", count)
        if value.noun == "column":
            return self.tr("%Ln column(s)", "", count)
        if value.noun == "entry":
            return self.tr("%Ln entry(ies)", "", count)
        if value.noun == "label":
            return self.tr("%Ln label(s)", "", count)
        if value.noun == "sequence":
            return self.tr("%Ln sequence(s)", "", count)
        if value.noun == "head":
            return self.tr("%Ln head(s)", "", count)
        return str(value)


def counted(value: Counted) -> str:
    """``3 components`` in the language shown, with its plural form."""
    return CountedText().text(value)


def number_text(text: str) -> str:
    """A number the model wrote (``-1.5``, ``12,345``) as the language shown writes it."""
    if not decimal_comma():
        return text
    return text.replace(",", "\u202f").replace(".", ",").replace("-", MINUS)


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_)
    )


class _Filler(string.Formatter):
    """``str.format`` that writes a template's fields in the language shown."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "r" and isinstance(value, Term):
            return repr(str(_translate(value)))
        if conversion == "r" and _is_number(value):
            return value  # repr and str agree for numbers; keep it a number to write it
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Counted):
            return counted(value)
        if isinstance(value, Phrase):
            return fill(value.template, value.values)
        if isinstance(value, Term):
            return printable(_translate(value))
        if _is_number(value):
            return number_text(format(value, format_spec))
        text = format(value, format_spec)
        if isinstance(value, str) and _NUMBER.fullmatch(text):
            return number_text(text)
        return printable(text)  # a label or a name from a file: one printable line


_FILLER = _Filler()


def fill(template: str, values: dict[str, Any]) -> str:
    """``template`` translated, its fields filled in the language shown.

    A translation whose fields do not match the English ones (a typo in the
    ``.ts``) falls back to the English template rather than failing.
    """
    try:
        return _FILLER.vformat(_translate(template), (), values)
    except (KeyError, IndexError, ValueError):
        return _FILLER.vformat(template, (), values)


def field_name(field: str) -> str:
    """A field's name in the language shown, part by part: ``rule.beta`` → ``règle.β``."""
    return ".".join(_translate(part) for part in field.split("."))


def shown_place(error: ScenarioError) -> str:
    """Where the refused input is, in the language shown: ``a.json, étape 3, champ « clé »``."""
    parts = []
    if error.file is not None:
        parts.append(printable(str(error.file)))
    if error.step is not None:
        # Grouped as the model groups it; the filler writes it the language's way.
        parts.append(fill(STEP_PLACE, {"number": f"{error.step:,}"}))
    if error.field is not None:
        parts.append(fill(FIELD_PLACE, {"name": field_name(error.field)}))
    return ", ".join(parts)


def shown_message(error: ScenarioError) -> str:
    """What is wrong, in the language shown, without the location."""
    if error.template is None:
        return printable(error.message)  # written by a view, already translated
    # Not printable() as a whole: French groups digits with a narrow no-break space.
    return fill(error.template, error.values)


def shown_error(error: BaseException) -> str:
    """A refusal as the views show it: location and message in the language shown.

    Any other exception is shown as it words itself.
    """
    if not isinstance(error, ScenarioError):
        return str(error)
    where = shown_place(error)
    message = shown_message(error)
    if not where:
        return message
    try:
        return _translate(LOCATED).format(where=where, message=message)
    except (KeyError, IndexError, ValueError):
        return LOCATED.format(where=where, message=message)


def too_large_text(values: Any) -> str | None:
    """``"too large to draw: 1.8e308"`` (translated) for the largest of ``values`` that
    cannot be drawn to scale; ``None`` when all of them can.
    """
    value = undrawable(values)
    if value is None:
        return None
    phrase = too_large(value)
    return fill(phrase.template, phrase.values) if phrase is not None else None
