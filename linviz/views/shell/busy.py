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


def show_busy(window: QtWidgets.QWidget, text: str) -> None:
    """Show the wait cursor, and ``text`` in ``window``'s status bar, painted at once (the
    work that follows keeps the event loop, and so any later paint, from it). End it
    with :func:`end_busy` and the same ``text``.
    """
    QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    bar = _status_bar(window)
    if bar is not None:
        bar.showMessage(text)
        if bar.isVisible():
            bar.repaint()


def end_busy(window: QtWidgets.QWidget, text: str) -> None:
    """Give the cursor back; take ``text`` away unless something else was shown meanwhile."""
    QtWidgets.QApplication.restoreOverrideCursor()
    bar = _status_bar(window)
    if bar is not None and bar.currentMessage() == text:
        bar.clearMessage()


@contextlib.contextmanager
def busy(window: QtWidgets.QWidget, text: str) -> Iterator[None]:
    """:func:`show_busy` until the block ends, then :func:`end_busy`."""
    show_busy(window, text)
    try:
        yield
    finally:
        end_busy(window, text)


def _status_bar(window: QtWidgets.QWidget) -> QtWidgets.QStatusBar | None:
    return window.statusBar() if isinstance(window, QtWidgets.QMainWindow) else None
