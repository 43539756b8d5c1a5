"""Typography for running text: no-break spaces at punctuation, numbers kept whole.

In both languages a number and its per cent sign are joined by a narrow
no-break space: a caption never ends a line at ``36.0`` with the ``%`` alone
on the next. French also sets a narrow no-break space before ``:``, ``;``,
``?`` and ``!`` and inside guillemets; a text typed with ordinary spaces (a
lesson's notes, a translation) would otherwise wrap with the colon alone at
the start of a line. A decimal comma is followed by a word joiner
(:func:`unbroken_number`): a line never breaks inside ``3,374``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from linviz.views.number_text import (
    NARROW_NO_BREAK,
    WORD_JOINER,
    decimal_comma,
    unbroken_number,
)

# After a word, a number, a bracket or "%": "y = ?" (a hidden field) keeps its space.
_BEFORE = re.compile(r"(?<=[\w\)\]}»’%])[ \u00a0]+([:;?!»])")
_AFTER = re.compile(r"«[ \u00a0]+")
# A number's spaces before "%" (as the caption numbers write it, or as a lesson's author typed).
_PERCENT = re.compile(r"(?<=\d)[ \u00a0]+%")
# "x = 0.5", "S = [[3, −3], [−2, 1]]": an equals sign before a value (the sign first:
# the search skips from one " = " to the next, 0.9 µs a caption against 3.9 with the
# name looked at first; _joined_equals looks at it).
_EQUALS = re.compile(r" = (?=\S)")
# A value short enough to stay on the line of its "=": a number or a name ...
_SHORT_VALUE = re.compile(r"[^\s\[]{1,16}(?=\s|$)")
# ... or a list of at most this many characters, brackets included.
SHORT_LIST_CHARS = 28
#: A part of a " · " list kept whole on its line by :func:`unbroken_parts` is at most this long.
UNBROKEN_PART_CHARS = 40
#: What stands between two entries of a legend: where its lines may end.
LEGEND_GAP = " &nbsp; &nbsp; "


def spaced(text: str) -> str:
    """``text`` as its language sets it: ``36.0\u202f%``, in French also ``a\u202f:``.

    In both languages an equals sign keeps its name and a short value on its
    line (:func:`_joined_equals`); French also keeps ``3,\u2060374`` whole.
    """
    if not text:
        return text
    text = _PERCENT.sub(NARROW_NO_BREAK + "%", text)
    if " = " in text:
        text = _EQUALS.sub(_joined_equals, text)
    if not decimal_comma():
        return text
    text = _BEFORE.sub(NARROW_NO_BREAK + r"\1", text)
    return unbroken_number(_AFTER.sub("«" + NARROW_NO_BREAK, text))


def _joined_equals(match: re.Match[str]) -> str:
    """`` = `` with no-break spaces: a line never starts with "=", nor ends with one
    before a short value (a caption read "… component: S" then "= [[3, −3], …").
    A long value may still start the next line.
    """
    text, start = match.string, match.end()
    if match.start() == 0 or text[match.start() - 1].isspace():
        return match.group()  # no name before it
    if _SHORT_VALUE.match(text, start):
        return "\u00a0=\u00a0"
    if text.startswith("[", start):
        depth = 0
        for index in range(start, min(len(text), start + SHORT_LIST_CHARS)):
            depth += {"[": 1, "]": -1}.get(text[index], 0)
            if depth == 0:
                return "\u00a0=\u00a0"
    return "\u00a0= "


def unbroken(formula: str) -> str:
    """``formula`` as one piece that a line never breaks inside.

    Its spaces become no-break spaces, and a word joiner follows each ``/``
    and ``|`` (Unicode lets a line end after either, before a no-break space
    too): Qt ended lines at "each bar is |" (then "wᵢ| / Σ|w|"), "√((N − 1)/"
    (then "d)") and "S ← S + β k (v −" (then "Sᵀk)ᵀ") in the labs on a
    1024×768 projector.
    """
    formula = formula.replace(" ", "\u00a0")
    return formula.replace("/", "/" + WORD_JOINER).replace("|", "|" + WORD_JOINER)


def with_unbroken(text: str, *formulas: str) -> str:
    """``text`` with each of ``formulas`` it holds made :func:`unbroken`.

    The formulas are the same in every language: a translation that keeps
    one as written keeps it whole.
    """
    for formula in formulas:
        text = text.replace(formula, unbroken(formula))
    return text


def unbroken_parts(
    text: str, separator: str = " · ", longest: int | None = UNBROKEN_PART_CHARS
) -> str:
    """``text`` wrapping only between its parts (split at ``separator``), not inside one.

    A lab's readout on a 1024×768 projector ended a line at "σ = 4.754," with
    "0.631" under it, and at "· head" with "size 128" under it. A part longer
    than ``longest`` characters (``None``: no limit) keeps its spaces: whole, it
    could be wider than a narrow window. Its equals sign still keeps its name
    (:func:`spaced`).
    """
    return separator.join(kept_whole(part, longest) for part in text.split(separator))


def kept_whole(part: str, longest: int | None = UNBROKEN_PART_CHARS) -> str:
    """``part`` of a list, never broken across lines if at most ``longest`` characters
    (``None``: whatever its length); a longer one only keeps its equals signs
    with their names (:func:`spaced`).
    """
    return part.replace(" ", "\u00a0") if longest is None or len(part) <= longest else spaced(part)


def legend_html(entries: Iterable[tuple[str, str]]) -> str:
    """A legend as rich text: each entry ``(marker, text)``, its marker (HTML) and
    its text (plain, escaped here) kept on one line, the lines ending only between
    entries (a lab's legend ended a line at "one state update and" with "read" under it).
    """
    return LEGEND_GAP.join(
        f"{marker}&nbsp;{html.escape(unbroken(text))}" for marker, text in entries
    )
