"""What a label may hold, and how typed text becomes a number.

Two labels that look the same must be the same label, and a number must be
one a reader can check digit by digit.

Labels
------
A label is put in Unicode normal form C (:func:`label_text`): ``é`` typed
as one character or as ``e`` + combining acute (U+0301) is one label, and
the Kelvin sign (U+212A) is the letter K (NFC maps it there: it is a
canonical singleton, as are the Ohm and Ångström signs). NFKC is *not*
used: it would also rewrite ``k₁`` to ``k1`` and ``x²`` to ``x2``,
changing labels written in the course's own notation on the first save and
making ``k₁`` and ``k1`` (two labels the course may use side by side)
collide. Characters that draw nothing (zero-width spaces and joiners, the
word joiner, the byte-order mark) or reorder text (the bidirectional
controls) are refused by name: ``w1`` and ``w1`` + U+200B would otherwise
be two labels nobody can tell apart, and a right-to-left override makes a
label read backwards in every table.

Numbers
-------
Python's ``float`` and ``int`` read far more than a person types: digits of
any script (``٥`` is 5), ``_`` between digits (``5_000``), full-width
digits. :func:`number_from_text` reads a typed number with the ASCII
digits 0–9 only, and says why anything else is refused. ``inf`` and
``nan`` are read (the checks that follow refuse them as "not finite", with
the message that says so).
"""

from __future__ import annotations

import re
import unicodedata

from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, Term

#: Characters that draw nothing: a label holding one looks like a label without it.
ZERO_WIDTH = {
    "\u200b": QT_TRANSLATE_NOOP("ScenarioError", "a zero-width space"),
    "\u200c": QT_TRANSLATE_NOOP("ScenarioError", "a zero-width non-joiner"),
    "\u200d": QT_TRANSLATE_NOOP("ScenarioError", "a zero-width joiner"),
    "\u2060": QT_TRANSLATE_NOOP("ScenarioError", "a word joiner"),
    "\ufeff": QT_TRANSLATE_NOOP("ScenarioError", "a byte-order mark (zero-width no-break space)"),
}
#: Characters that change the order text is drawn in.
BIDI_CONTROLS = {
    "\u200e": QT_TRANSLATE_NOOP("ScenarioError", "a left-to-right mark"),
    "\u200f": QT_TRANSLATE_NOOP("ScenarioError", "a right-to-left mark"),
    "\u061c": QT_TRANSLATE_NOOP("ScenarioError", "an Arabic letter mark"),
    "\u202a": QT_TRANSLATE_NOOP("ScenarioError", "a left-to-right embedding"),
    "\u202b": QT_TRANSLATE_NOOP("ScenarioError", "a right-to-left embedding"),
    "\u202c": QT_TRANSLATE_NOOP("ScenarioError", "a pop directional formatting"),
    "\u202d": QT_TRANSLATE_NOOP("ScenarioError", "a left-to-right override"),
    "\u202e": QT_TRANSLATE_NOOP("ScenarioError", "a right-to-left override"),
    "\u2066": QT_TRANSLATE_NOOP("ScenarioError", "a left-to-right isolate"),
    "\u2067": QT_TRANSLATE_NOOP("ScenarioError", "a right-to-left isolate"),
    "\u2068": QT_TRANSLATE_NOOP("ScenarioError", "a first strong isolate"),
    "\u2069": QT_TRANSLATE_NOOP("ScenarioError", "a pop directional isolate"),
}
_INVISIBLE = {**ZERO_WIDTH, **BIDI_CONTROLS}
_INVISIBLE_SET = re.compile("[" + "".join(_INVISIBLE) + "]")

#: A number as a person types it: ASCII digits, one point, an exponent; or inf/nan.
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_SPECIAL = re.compile(r"[+-]?(?:inf|infinity|nan)", re.IGNORECASE)
_WHOLE = re.compile(r"[+-]?[0-9]+")


def label_text(label: str, name: str = "label") -> str:
    """``label`` in normal form C, refusing characters that draw nothing or reorder text.

    Raises
    ------
    ScenarioError
        Naming the character and its code point: ``label contains a
        zero-width space (U+200B)``.
    """
    if label.isascii():
        return label  # ASCII is its own normal form and holds none of these
    found = _INVISIBLE_SET.search(label)
    if found is not None:
        char = found.group()
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} contains {what} ({code}), which is invisible: "
                "labels that look alike must be the same label",
            ),
            name=Term(name),
            what=Term(_INVISIBLE[char]),
            code=f"U+{ord(char):04X}",
            field=name,
        )
    return unicodedata.normalize("NFC", label)


def same_label(text: str) -> str:
    """The form a label is kept in (for looking one up: a typed target, a quoted label)."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


#: The reason for text that is no number at all (``x``, ``1,5`` with a comma list).
NOT_DIGITS = QT_TRANSLATE_NOOP(
    "ScenarioError", "type the digits 0 to 9, one decimal point and an optional exponent (1.5e-3)"
)


class NumberTextError(ValueError):
    """Typed text that is not a number in ASCII digits; :attr:`reason` says why.

    :attr:`looks_like_a_number` is true when ``float`` would have read it
    (``٥``, ``5_000``): then the reason is worth showing beside the refusal.
    """

    def __init__(self, text: str, reason: Phrase) -> None:
        super().__init__(f"{text!r} is not a number: {reason}")
        self.text = text
        self.reason = reason
        self.looks_like_a_number = reason.template != NOT_DIGITS


def number_problem(text: str) -> Phrase | None:
    """Why ``text`` is not a number as linviz reads one (``None``: it is).

    The reason is a :class:`Phrase` the views translate.
    """
    token = text.strip()
    if _NUMBER.fullmatch(token) or _SPECIAL.fullmatch(token):
        return None
    if "_" in token:
        return Phrase(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "write it without '_' between digits (5000, not 5_000)"
            )
        )
    for char in token:
        if not char.isascii() and unicodedata.category(char) == "Nd":
            return Phrase(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "{char} is the digit {digit} of another script ({name}): "
                    "type numbers with the digits 0 to 9",
                ),
                char=char,
                digit=unicodedata.digit(char),
                name=unicodedata.name(char, f"U+{ord(char):04X}"),
            )
    return Phrase(NOT_DIGITS)


def number_from_text(text: str) -> float:
    """``text`` as a float, read with the ASCII digits 0–9 only.

    ``inf`` and ``nan`` are read (what follows refuses them as not finite);
    a number too large for a float reads as ``inf``.

    Raises
    ------
    NumberTextError
        With the reason: a digit of another script, a ``_``, anything else.
    """
    problem = number_problem(text)
    if problem is not None:
        raise NumberTextError(text, problem)
    return float(text)


def whole_from_text(text: str) -> int:
    """``text`` as an int, read with the ASCII digits 0–9 only (see :func:`number_from_text`)."""
    token = text.strip()
    if _WHOLE.fullmatch(token):
        return int(token)
    problem = number_problem(token)
    raise NumberTextError(
        text,
        problem
        or Phrase(QT_TRANSLATE_NOOP("ScenarioError", "type a whole number with the digits 0 to 9")),
    )
