"""The wait cursor, and what is going on in the status bar, while a file is read or written.

Opening a million steps takes one or two seconds, saving them as JSON text
four or five: the window cannot answer meanwhile. Without a sign it looked
hung; with the wait cursor and "Opening big.json…" under the desk it says
what it is doing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from PySide6 import QtWidgets
from PySide6.QtCore import Qt


@contextlib.contextmanager
def busy(window: QtWidgets.QWidget, text: str) -> Iterator[None]:
    """Show the wait cursor, and ``text`` in ``window``'s status bar, until the block ends.

    The status bar is painted at once: the work that follows keeps the event
    loop, and so any later paint, from it. The text goes when the block
    ends, unless something else was shown meanwhile.
    """
    QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    bar = window.statusBar() if isinstance(window, QtWidgets.QMainWindow) else None
    if bar is not None:
        bar.showMessage(text)
        if bar.isVisible():
            bar.repaint()
    try:
        yield
    finally:
        QtWidgets.QApplication.restoreOverrideCursor()
        if bar is not None and bar.currentMessage() == text:
            bar.clearMessage()
