"""Short texts shaped once and drawn many times (cell numbers, arrow labels).

``QPainter.drawText`` into an aligned rectangle lays the string out again on
every call (~15 µs); a ``QStaticText`` keeps the shaped glyphs and draws in
~4 µs. The views repaint the same few hundred short strings ("0.5", "w3")
on every cursor move, so the shaped texts are kept here, per font.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui

#: Shaped texts kept; a screenful of labels is a few hundred.
KEPT_TEXTS = 4096

_shaped: dict[tuple[str, str], QtGui.QStaticText] = {}
_seen: set[tuple[str, str]] = set()
_NO_TRANSFORM = QtGui.QTransform()


def shaped(text: str, font: QtGui.QFont,
           font_key: str | None = None) -> QtGui.QStaticText | None:
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


def draw_centred(painter: QtGui.QPainter, rect: QtCore.QRectF, text: str,
                 font: QtGui.QFont) -> None:
    """Draw ``text`` centred in ``rect`` in ``font`` (the painter's font must be ``font``)."""
    static = shaped(text, font)
    if static is None:
        painter.drawText(rect, QtCore.Qt.AlignmentFlag.AlignCenter, text)
        return
    size = static.size()
    painter.drawStaticText(QtCore.QPointF(rect.x() + (rect.width() - size.width()) / 2,
                                          rect.y() + (rect.height() - size.height()) / 2),
                           static)
