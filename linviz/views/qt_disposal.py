"""Qt objects the app lets go of are deleted by Qt's event loop, never by Python's collector.

An object Python owns (made without a Qt parent, or taken out of a plot) is
deleted with its wrapper. Most wrappers sit in reference cycles (a pyqtgraph
item and its signal connections, a runner and its bridge), so the garbage
collector frees them, at whatever moment it runs: once inside a Qt call
that held the signal-slot lock (``QObject::disconnect`` looking up a Python
override), where ``~QObject`` then waited on that lock for good and the
window hung (QT-NOTES, "suspected deadlock"). :func:`dispose` hands such an
object to Qt instead: ``deleteLater`` deletes it at the next turn of the
event loop, and a reference kept here until then means the collector can
never free it first.
"""

from __future__ import annotations

import functools

import shiboken6
from PySide6 import QtCore

#: Objects waiting for their deferred delete, by ``id``: kept alive until Qt deletes them.
_waiting: dict[int, QtCore.QObject] = {}


def dispose(thing: QtCore.QObject) -> None:
    """Delete ``thing`` at the next turn of the event loop (through Qt, not the collector).

    ``thing`` must already be out of whatever showed it (a plot's items, a
    layout). Safe to call twice, and on an object Qt deleted already.
    """
    if not shiboken6.isValid(thing) or id(thing) in _waiting:
        return
    key = id(thing)
    _waiting[key] = thing
    # The slot holds the key, not the object: no cycle back to it.
    thing.destroyed.connect(functools.partial(_waiting.pop, key, None))
    thing.deleteLater()


def waiting() -> int:
    """How many disposed objects Qt has not deleted yet."""
    return len(_waiting)
