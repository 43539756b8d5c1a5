"""Text from a file is data: shown as plain text, never as rich text.

Qt guesses whether a string is rich text (``Qt.mightBeRichText``) wherever a
label, a message box or a tooltip is left to decide, and rich text can load
files (``<img src=…>``) and change what is shown. Every string that may hold
text from a scenario file (a title, a caption, a label, an error message
naming one) goes through these helpers.
"""

from __future__ import annotations

import html

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt


def plain_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` literally.

    Qt shows a tooltip as rich text when it looks like rich text; such text
    is escaped and wrapped as rich text of the escaped content, keeping its
    line breaks and indents (and a long line still wraps). Text that does not
    look like rich text is returned unchanged.
    """
    if not text or not QtGui.Qt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre-wrap'>{html.escape(text, quote=False)}</p>"


def set_plain_text(label: QtWidgets.QLabel, text: str) -> None:
    """Show ``text`` in ``label`` literally (the label stays plain from then on)."""
    if label.textFormat() != Qt.TextFormat.PlainText:
        label.setTextFormat(Qt.TextFormat.PlainText)
    label.setText(text)


def make_plain(*labels: QtWidgets.QLabel | QtWidgets.QMessageBox) -> None:
    """Make every label or message box show its text literally."""
    for label in labels:
        label.setTextFormat(Qt.TextFormat.PlainText)


def set_plain_tooltip(target: QtWidgets.QWidget | QtGui.QAction, text: str) -> None:
    """Give a widget or an action a tooltip that shows ``text`` literally."""
    target.setToolTip(plain_tooltip(text))
