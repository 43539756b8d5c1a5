"""French typography for running text: no-break spaces at punctuation, numbers kept whole.

French sets a narrow no-break space before ``:``, ``;``, ``?`` and ``!`` and
inside guillemets; a text typed with ordinary spaces (a lesson's notes, a
translation) would otherwise wrap with the colon alone at the start of a
line. A decimal comma is followed by a word joiner (:func:`unbroken_number`):
a line never breaks inside ``3,374``. English text is returned unchanged.
"""

from __future__ import annotations

import re

from linviz.views.number_text import NARROW_NO_BREAK, decimal_comma, unbroken_number

# After a word, a number or a bracket: "y = ?" (a hidden field) keeps its space.
_BEFORE = re.compile(r"(?<=[\w\)\]}»’])[ \u00a0]+([:;?!»])")
_AFTER = re.compile(r"«[ \u00a0]+")


def spaced(text: str) -> str:
    """``text`` as French sets it (``a\u202f:``, ``3,\u2060374``); English unchanged."""
    if not decimal_comma() or not text:
        return text
    text = _BEFORE.sub(NARROW_NO_BREAK + r"\1", text)
    return unbroken_number(_AFTER.sub("«" + NARROW_NO_BREAK, text))
