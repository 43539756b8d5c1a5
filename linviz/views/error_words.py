"""A read's error in words, as the views say it: the model's parts, named and translated.

Every screen that names what a read's error ``y − v_target`` is made of
takes its words from here, and its numbers from
:attr:`~linviz.model.readout.ReadResult.error_parts`: the same titles and
plain words as ``linviz trace`` and the captions' ``{parts}`` and
``{cause}`` (translation context ``ErrorParts``). A share is always a part's
share of the error's parts, by size, never of ``y``.
"""

from __future__ import annotations

from PySide6 import QtCore

from linviz.model.error_parts import PART_TITLES, PART_WORDS, SHARE_WORDS, ErrorParts
from linviz.views.number_text import shown_percent, shown_vector


def _translate(text: str) -> str:
    return QtCore.QCoreApplication.translate("ErrorParts", text)


def part_title(name: str) -> str:
    """A part's short title (``"forgetting"``, ``"not overwritten"``), translated."""
    return _translate(PART_TITLES[name])


def part_words(name: str) -> str:
    """A part in plain words (``"crosstalk from other keys"``), translated."""
    return _translate(PART_WORDS[name])


def share_words() -> str:
    """What a share is a share of: ``"share of the error's parts, by size"``, translated."""
    return _translate(SHARE_WORDS)


def parts_text(
    parts: ErrorParts, names: list[str], at: float, limit: int = 8, digits: int = 4
) -> str:
    """``"forgetting [−3.6, −1.8] + own scale [1, 0]"``: the parts ``names``, in that order
    (``at``: the read's scale, :attr:`~linviz.model.readout.ReadResult.scale`).
    """
    return " + ".join(
        f"{part_title(name)} {shown_vector(parts[name], limit, digits, at=at)}" for name in names
    )


def shares_text(parts: ErrorParts, names: list[str]) -> str:
    """``"crosstalk 59.4 % · own scale 40.6 %"``: the shares of the parts ``names``.

    Shares are of every part's size (:meth:`ErrorParts.shares`); a part too
    small to print has a share that prints as 0.0 % and is left out.
    """
    shares = parts.shares()
    return " · ".join(f"{part_title(name)} {shown_percent(shares[name])}" for name in names)
