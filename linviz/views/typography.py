"""Spaces the language shown puts around punctuation, so a line never breaks there.

French sets a narrow no-break space before ``:``, ``;``, ``?`` and ``!`` and
inside guillemets; a text typed with ordinary spaces (a lesson's notes, a
translation) would otherwise wrap with the colon alone at the start of a
line. English text is returned unchanged.
"""

from __future__ import annotations

import re

from linviz.views.number_text import NARROW_NO_BREAK, decimal_comma

_BEFORE = re.compile(r"[ \u00a0]+([:;?!»])")
_AFTER = re.compile(r"«[ \u00a0]+")


def spaced(text: str) -> str:
    """``text`` with the language's no-break spaces around punctuation (French: ``a\u202f:``)."""
    if not decimal_comma() or not text:
        return text
    text = _BEFORE.sub(NARROW_NO_BREAK + r"\1", text)
    return _AFTER.sub("«" + NARROW_NO_BREAK, text)
