"""Python's garbage collector run from the event loop, never in the middle of a Qt call.

Python collects reference cycles whenever enough objects were allocated, at
whatever line that happens to be. A cycle holding a QObject that Python owns
is then destroyed wherever the collection fell; when it falls inside a Qt
call that holds Qt's signal-slot lock (a ``QObject::disconnect`` that calls a
Python override, say), ``~QObject`` waits on that same lock and the process
hangs for good. CI caught it: a worker hung in ``ViewBox.addItem`` →
``QObject::disconnect`` → ``gc_collect_main`` → ``QObject::~QObject`` →
``QBasicMutex::lockInternal`` (QT-NOTES, "Parentless menus …").

:class:`IdleCollector` switches the automatic collection off and does the
same work from a timer of the event loop, where no Qt call is under way:
each tick it collects the generations whose counts passed Python's own
thresholds, as the interpreter would have. Reference counting still frees
everything that is not in a cycle at once.
"""

from __future__ import annotations

import gc

from PySide6 import QtCore

#: How often the event loop looks at the collector's counts (ms).
CHECK_EVERY_MS = 200
#: The application property holding the one collector.
_PROPERTY = "linviz_idle_collector"


class IdleCollector(QtCore.QObject):
    """Runs the collections Python would have run, from a timer of the event loop."""

    def __init__(self, parent: QtCore.QObject) -> None:
        super().__init__(parent)
        gc.disable()
        self._timer = QtCore.QTimer(self)
        self._timer.setInterval(CHECK_EVERY_MS)
        self._timer.timeout.connect(collect_due)
        self._timer.start()


def collect_due() -> int | None:
    """Collect the oldest generation whose count passed its threshold (as Python would);
    the generation collected, or ``None``.
    """
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in (2, 1, 0):
        threshold = thresholds[generation]
        if threshold and counts[generation] > threshold:
            gc.collect(generation)
            return generation
    return None


def install(app: QtCore.QCoreApplication) -> IdleCollector:
    """The application's collector, made the first time (automatic collection off)."""
    collector = app.property(_PROPERTY)
    if not isinstance(collector, IdleCollector):
        collector = IdleCollector(app)
        app.setProperty(_PROPERTY, collector)
    return collector
