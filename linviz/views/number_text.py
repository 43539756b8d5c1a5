"""Numbers as the views print them: a real minus sign, short labels that fit a cell."""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from linviz.model.captions import Numbers
from linviz.model.report import fmt_number

#: A real minus sign: a hyphen is too short to see from the back of a room.
MINUS = "\u2212"


def cell_text(value: float, limit: float) -> str:
    """``value`` as a short cell label: ``3``, ``−1.8``, ``0.33``, ``1234``.

    At most 3 significant digits, and no digit finer than a hundredth of the
    colour range ``limit``: labels stay short enough to fit their cells, and
    rounding noise shows as 0. A real minus sign is used.
    """
    decimals = max(0, 2 - math.floor(math.log10(limit))) if limit > 0 else 2
    value = round(float(value), decimals) + 0.0  # + 0.0 turns -0.0 into 0.0
    if value == 0:
        return "0"
    if 1e3 <= abs(value) < 1e5:
        text = f"{value:.0f}"
    else:
        text = f"{value:.3g}"
    return text.replace("-", MINUS)


def plain_number(value: float) -> str:
    """``value`` with 4 significant digits and a real minus sign (tooltips, captions)."""
    return fmt_number(value).replace("-", MINUS)


def caption_numbers() -> Numbers:
    """How a caption's live fields are written on screen (the words translated).

    Vectors and matrices as ``linviz trace`` prints them (``[1.2, -1.8]``), the
    words ("exact", "off by …") in the user's language.
    """
    translate = QCoreApplication.translate
    return Numbers(
        none=translate("captions", "none"),
        exact=translate("captions", "exact"),
        off_by=translate("captions", "off by {0}"),
        blend=translate("captions", "a blend of {0}, no single target"),
    )


def stale_text() -> str:
    """The mark of a caption that states numbers its step no longer shows (translated)."""
    return QCoreApplication.translate("captions", "written for an earlier version of this scenario")


def counted(context: str, text: str, count: int) -> str:
    """``text`` translated for ``count`` with Qt's ``%n`` plural forms.

    ``text`` holds ``%n`` and an English plural written ``(s)``, as Qt's
    translators expect (``"%n number(s)"``). A translation gives the right
    form for its language; without one (English), ``(s)`` becomes ``s``
    unless ``count`` is 1: "1 number", "2 numbers", never "1 numbers".
    """
    out = QCoreApplication.translate(context, text, None, count)
    if out == text.replace("%n", str(count)):  # no translation: English
        out = out.replace("(s)", "" if count == 1 else "s")
    return out
