"""Call a method once the event loop turns, unless its object is deleted first.

``QTimer.singleShot(0, context, slot)`` does that too, but PySide6 (6.11)
keeps ``slot`` for good when ``context`` is deleted before the timer fires:
a bound method of a window kept the whole window alive (+12 MB, +40 MB with
its labs) after a close that came before the next turn of the loop. A
timer that is ``context``'s child goes with it, and its connection with it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6 import QtCore


def call_soon(context: QtCore.QObject, slot: Callable[[], object]) -> None:
    """Call ``slot`` after the events waiting now, if ``context`` still exists then."""
    timer = QtCore.QTimer(context)
    timer.setSingleShot(True)
    timer.timeout.connect(slot)
    timer.timeout.connect(timer.deleteLater)
    timer.start(0)
