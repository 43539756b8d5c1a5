"""Short texts shaped once and drawn many times (cell numbers, arrow labels).

``QPainter.drawText`` into an aligned rectangle lays the string out again on
every call (~15 µs); a ``QStaticText`` keeps the shaped glyphs and draws in
~4 µs. The views repaint the same few hundred short strings ("0.5", "w3")
on every cursor move, so the shaped texts are kept here, per font.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``scrub_ms.100_steps`` 2.6 ms.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui

#: Shaped texts kept; a screenful of labels is a few hundred.
KEPT_TEXTS = 4096

_shaped: dict[tuple[str, str], QtGui.QStaticText] = {}
_seen: set[tuple[str, str]] = set()
_font_metrics: dict[str, QtGui.QFontMetricsF] = {}
_NO_TRANSFORM = QtGui.QTransform()
#: Centred, never clipped to its box (as a kept shape is drawn).
_CENTRED = QtCore.Qt.AlignmentFlag.AlignCenter | QtCore.Qt.TextFlag.TextDontClip


def shaped(text: str, font: QtGui.QFont, font_key: str | None = None) -> QtGui.QStaticText | None:
    """``text`` laid out in ``font`` (plain text, one line), or ``None`` the first time.

    Shaping costs ~60 µs, four plain draws' worth: a text is kept only once
    it comes back (a scrub revisits steps; a drag makes new numbers every move).
    ``font_key`` is ``font.key()``, when the caller already has it.
    """
    key = (text, font.key() if font_key is None else font_key)
    static = _shaped.get(key)
    if static is not None:
        return static
    if key not in _seen:
        if len(_seen) >= KEPT_TEXTS:
            _seen.clear()
        _seen.add(key)
        return None
    if len(_shaped) >= KEPT_TEXTS:
        _shaped.clear()
    static = QtGui.QStaticText(text)
    static.setTextFormat(QtCore.Qt.TextFormat.PlainText)
    static.prepare(_NO_TRANSFORM, font)
    _shaped[key] = static
    return static


def metrics(font: QtGui.QFont, font_key: str | None = None) -> QtGui.QFontMetricsF:
    """The metrics of ``font``, made once per font (``font_key``: ``font.key()``)."""
    key = font.key() if font_key is None else font_key
    found = _font_metrics.get(key)
    if found is None:
        found = _font_metrics[key] = QtGui.QFontMetricsF(font)
    return found


def draw_at(
    painter: QtGui.QPainter,
    x: float,
    top: float,
    text: str,
    font: QtGui.QFont,
    font_key: str | None = None,
) -> None:
    """Draw ``text`` with the top left of its line at (``x``, ``top``), in ``font``
    (the painter's font must be ``font``).

    Kept or not, a text lands on the same pixels: a kept shape's origin is the
    top of its line, a plain draw's is the baseline, one ascent lower.
    """
    key = font.key() if font_key is None else font_key
    static = shaped(text, font, key)
    if static is None:
        painter.drawText(QtCore.QPointF(x, top + metrics(font, key).ascent()), text)
    else:
        painter.drawStaticText(QtCore.QPointF(x, top), static)


def text_width(text: str, font: QtGui.QFont, font_key: str | None = None) -> float:
    """How wide ``text`` is in ``font`` (its advance, as a kept shape measures it)."""
    key = font.key() if font_key is None else font_key
    static = _shaped.get((text, key))
    return (
        static.size().width() if static is not None else metrics(font, key).horizontalAdvance(text)
    )


def draw_centred(
    painter: QtGui.QPainter,
    rect: QtCore.QRectF,
    text: str,
    font: QtGui.QFont,
    font_key: str | None = None,
) -> None:
    """Draw ``text`` centred in ``rect`` in ``font`` (the painter's font must be ``font``).

    A text met for the first time is laid out once, by Qt's own centring
    (measuring it first, then drawing, would lay it out twice); it lands on
    the same pixels as the kept shape drawn later (checked on 1,200 random
    texts, fonts, positions and boxes smaller than their text).
    """
    key = font.key() if font_key is None else font_key
    static = shaped(text, font, key)
    if static is None:
        painter.drawText(rect, _CENTRED, text)
        return
    painter.drawStaticText(
        QtCore.QPointF(
            rect.x() + (rect.width() - static.size().width()) / 2,
            rect.y() + (rect.height() - metrics(font, key).height()) / 2,
        ),
        static,
    )
