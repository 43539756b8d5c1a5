"""Numbers as the views print them: in the language shown, a real minus sign, short labels.

The model's formatters (:mod:`linviz.model.report`) write numbers one way
only, as files, ``--json``, ``linviz trace`` and CSV need them. The views
show numbers the way their language writes them: in French a decimal comma,
and vectors separated by semicolons, ``[1,2 ; −1,8]`` (a comma between the
components would read as a decimal one). :func:`set_number_language` is
called when the language changes (:func:`linviz.views.language.set_language`).
"""

from __future__ import annotations

import math
import re

import numpy as np
from PySide6 import QtCore

from linviz.model.captions import Numbers
from linviz.model.drawable import cell_label, cell_labels
from linviz.model.error_parts import PART_TITLES, PART_WORDS
from linviz.model.report import fmt_matrix, fmt_number, fmt_vector

#: A real minus sign: a hyphen is too short to see from the back of a room.
MINUS = "\u2212"
#: Languages that write a decimal comma (and so separate listed numbers with " ; ").
DECIMAL_COMMA_LANGUAGES = frozenset({"fr"})

_decimal_comma = False
_POINT = re.compile(r"(?<=\d)\.(?=\d)")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
#: A number's sign: a hyphen before a digit, a point or ∞ that no letter precedes
#: (a label's "key-1" keeps its hyphen), and an exponent's ("1e-05"). The hyphen
#: comes first, its neighbours are looked at after: the search then skips from
#: hyphen to hyphen (1.2 µs for a caption's sentence, 14 µs with the lookbehind first).
_SIGN = re.compile(r"-(?:(?<![^\W\d]-)(?=[\d.∞]|inf)|(?<=\d[eE]-)(?=\d))")


def set_number_language(language: str) -> None:
    """Write numbers as ``language`` does from now on.

    Plots' tick labels too: :class:`~linviz.views.items.plots.StillAxis`
    writes them through :func:`localised`.
    """
    global _decimal_comma
    _decimal_comma = language in DECIMAL_COMMA_LANGUAGES


def decimal_comma() -> bool:
    """Whether numbers are shown with a decimal comma now."""
    return _decimal_comma


def list_separator() -> str:
    """What separates numbers in a list: ``", "``, or ``" ; "`` with a decimal comma."""
    return " ; " if _decimal_comma else ", "


def localised(text: str) -> str:
    """A text of numbers written by the model's formatters, as the views show it.

    Every number's sign becomes a real minus (:data:`MINUS`), in any language:
    on a projector ``-0.6`` reads as ``0.6``, and cells, amounts and lab ticks
    already wrote ``−0.6`` beside it. With a decimal comma the list separators
    also become ``" ; "``, thousands commas (``1,024``: a comma before exactly
    three digits, as English groups them) narrow no-break spaces and decimal
    points commas. Text to be edited is :func:`typed_form` instead.
    """
    if _decimal_comma:
        text = _THOUSANDS.sub(NARROW_NO_BREAK, text.replace(", ", " ; "))
        text = _POINT.sub(",", text)
    return _SIGN.sub(MINUS, text) if "-" in text else text


def typed_form(text: str) -> str:
    """Numbers as a user types them back in an editor: in English as written
    (``1, -0.5``: what a notebook's ``float()`` reads when copied), with a
    decimal comma as :func:`localised` shows them (the parser reads both signs).
    """
    return localised(text) if _decimal_comma else text


def grouped(count: int) -> str:
    """A whole number with its thousands grouped: ``12,345``, in French ``12 345``."""
    text = f"{int(count):,}"
    return text.replace(",", "\u202f") if _decimal_comma else text


#: Joins the pieces of one number so that a line never breaks inside it.
WORD_JOINER = "\u2060"
#: Between a number and its unit, and between thousands in French: no line break there.
NARROW_NO_BREAK = "\u202f"


def unbroken_number(text: str) -> str:
    """``text`` with no line break possible inside a number: ``3,374`` stays whole.

    A word joiner follows each decimal comma (or point) between digits: Qt may
    otherwise wrap ``[−3,374 ; 3,374]`` after a comma. Spaces are left alone.
    """
    return re.sub(r"(?<=\d)([.,])(?=\d)", "\\1" + WORD_JOINER, text)


def shown_amount(x: float, digits: int = 4) -> str:
    """A quantity in running text: ``1,562`` or ``48.8``; in French ``1 562`` or ``48,8``.

    At most ``digits`` significant digits, thousands grouped (a narrow no-break
    space in French, where a comma is the decimal one), a real minus sign, and
    no line break inside it (:func:`unbroken_number`).
    """
    if not math.isfinite(float(x)):  # an overflowed sum: its sign, or no number at all
        return "—" if math.isnan(float(x)) else (MINUS + "∞" if x < 0 else "∞")
    value = float(f"{float(x):.{digits}g}") + 0.0
    if abs(value) >= 1e15:
        text = f"{value:.{digits}g}"
    else:
        decimals = max(0, digits - 1 - math.floor(math.log10(abs(value)))) if value else 0
        text = f"{value:,.{decimals}f}"
        if "." in text:
            text = text.rstrip("0").rstrip(".")
    if _decimal_comma:
        text = text.replace(",", NARROW_NO_BREAK).replace(".", ",")
    return unbroken_number(text.replace("-", MINUS))


def shown_percent(share: float, space: str = NARROW_NO_BREAK) -> str:
    """A share in per cent in the language shown: ``40.6 %``, ``40,6 %``.

    One decimal up to 10,000 %; beyond, four significant digits as
    :func:`shown_amount` writes them (a read of a diverging state was off by
    ``595659747151998720.0 %``, every digit of a float's noise).
    """
    value = 100 * float(share)
    if math.isfinite(value) and abs(value) < 1e4:
        return localised(f"{value:.1f}") + space + "%"
    if math.isfinite(float(share)) and not math.isfinite(value):
        # A share near 1.8e308 is a per cent beyond the floats, not "∞ %": its digits
        # and its power of ten raised by two.
        mantissa, exponent = f"{float(share):.3e}".split("e")
        text = f"{float(mantissa):.4g}e+{int(exponent) + 2}"
        return unbroken_number(_shown_label(text)) + space + "%"
    return shown_amount(value) + space + "%"


def shown_size(n_bytes: float) -> str:
    """:func:`~linviz.model.costs.human_size` in the language shown: ``48,8 MiB`` in French.

    The binary units stay as the course writes them; a narrow no-break space
    holds the number to its unit.
    """
    from linviz.model.costs import human_size

    number, unit = human_size(n_bytes).split(" ")
    return shown_amount(float(number)) + NARROW_NO_BREAK + unit


def shown_number(x: float, scale: float = 1.0, digits: int = 4, *, at: float | None = None) -> str:
    """:func:`~linviz.model.report.fmt_number` in the language shown (``at``: the
    size of the numbers ``x`` was worked out from, as there).
    """
    return localised(fmt_number(x, scale, digits, at=at))


def shown_vector(
    vector: np.ndarray,
    limit: int = 8,
    digits: int = 4,
    *,
    written: bool = False,
    at: float | None = None,
) -> str:
    """:func:`~linviz.model.report.fmt_vector` in the language shown: ``[1,2 ; −1,8]``,
    a long one cut with "… (16 in all)" in that language too. ``written``: a
    vector the user wrote (a step's key, value or query), every number shown.
    ``at``: the size of the numbers it was worked out from (a read's scale).
    """
    if len(vector) <= limit:  # most vectors: no cut, no words to look up
        return localised(fmt_vector(vector, limit, digits, written=written, at=at))
    more = QtCore.QCoreApplication.translate("NumberText", "… ({0} in all)")
    return localised(fmt_vector(vector, limit, digits, more=more, written=written, at=at))


def shown_written(vector: np.ndarray) -> str:
    """:func:`shown_vector` of a vector the user wrote: however small, no number shows as 0."""
    return shown_vector(vector, written=True)


def shown_matrix(matrix: np.ndarray, limit: int = 16, *, at: float | None = None) -> str:
    """:func:`~linviz.model.report.fmt_matrix` in the language shown (a large one by
    its size and largest entry, in words of that language; ``at`` as there).
    """
    if matrix.size > limit:
        largest = float(np.abs(matrix).max())
        return QtCore.QCoreApplication.translate(
            "NumberText", "{0}×{1} matrix, largest |entry| {2}"
        ).format(matrix.shape[0], matrix.shape[1], shown_number(largest, at=largest))
    return localised(fmt_matrix(matrix, limit, at=at))


def cell_text(value: float, limit: float) -> str:
    """``value`` as a short cell label: ``3``, ``−1.8``, ``0.33``, ``1234``
    (:func:`~linviz.model.drawable.cell_label`), with a real minus sign and,
    in French, a decimal comma.
    """
    return _shown_label(cell_label(value, limit))


def cell_texts(matrix: np.ndarray, limit: float) -> list[list[str]]:
    """:func:`cell_text` of every cell of ``matrix`` (2-D), row by row."""
    return [[_shown_label(text) for text in row] for row in cell_labels(matrix, limit)]


def _shown_label(text: str) -> str:
    """A cell label in the language shown: a real minus sign, a decimal comma in French."""
    text = text.replace("-", MINUS)
    return text.replace(".", ",") if _decimal_comma else text


#: The last :func:`caption_numbers` made, by the words and the decimal mark it used.
_caption_numbers: tuple[tuple[object, ...], Numbers] | None = None


def caption_numbers() -> Numbers:
    """How a caption's live fields write numbers and verdicts in the language shown.

    The same object while the language stays: the session keeps the captions
    it rendered with it (see :meth:`~linviz.controller.session.Session.caption`).
    """
    global _caption_numbers
    translate = QtCore.QCoreApplication.translate
    words = (
        _decimal_comma,
        list_separator(),
        translate("CaptionFields", "none"),
        translate("CaptionFields", "exact"),
        translate("CaptionFields", "off by {0}"),
        translate("CaptionFields", "a blend of {0}, no single target"),
        translate("CaptionFields", "nothing: the read is exact"),
        *(translate("ErrorParts", text) for text in PART_TITLES.values()),
        *(translate("ErrorParts", text) for text in PART_WORDS.values()),
    )
    if _caption_numbers is not None and _caption_numbers[0] == words:
        return _caption_numbers[1]
    numbers = Numbers(
        number=shown_number,
        vector=shown_vector,
        written=shown_written,
        matrix=shown_matrix,
        percent=lambda x: shown_percent(x, " "),
        join=words[1],
        none=words[2],
        exact=words[3],
        off_by=words[4],
        blend=words[5],
        part_titles={name: translate("ErrorParts", text) for name, text in PART_TITLES.items()},
        part_words={name: translate("ErrorParts", text) for name, text in PART_WORDS.items()},
        no_error=words[6],
    )
    _caption_numbers = (words, numbers)
    return numbers


def stale_text() -> str:
    """The mark of a caption that states numbers its step no longer shows (translated)."""
    return QtCore.QCoreApplication.translate(
        "CaptionFields", "written for an earlier version of this scenario"
    )


def stale_short_text() -> str:
    """:func:`stale_text` in two words, where the whole of it does not fit (translated)."""
    return QtCore.QCoreApplication.translate("CaptionFields", "out of date")


#: A bracketed list up to this long is kept on one line when a text wraps.
UNBROKEN_MAX = 28
_INNER_LIST = re.compile(r"\[[^\[\]]*\]")


def unbroken_lists(text: str) -> str:
    """``text`` with each short ``[…]`` list held on one line (no-break spaces).

    A wrapped caption otherwise splits a vector at its separator (``[0 ;`` on
    one line, ``−5]`` on the next), which reads as two numbers from the back of
    a room. A matrix may still break between its rows; a long list breaks as usual.
    """
    return _INNER_LIST.sub(
        lambda m: m[0].replace(" ", "\u00a0") if len(m[0]) <= UNBROKEN_MAX else m[0], text
    )
