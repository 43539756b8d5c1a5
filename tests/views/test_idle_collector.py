"""Reference cycles are collected from the event loop, never inside a Qt call."""

from __future__ import annotations

import gc
import weakref

from PySide6 import QtCore

from linviz.views import idle_collector
from linviz.views.app import application


class _Holder:
    """Half of a reference cycle that holds a QObject only Python owns."""

    def __init__(self) -> None:
        self.me = self
        self.timer = QtCore.QTimer()  # parentless: freed only when the cycle is collected


def test_the_app_collects_cycles_from_its_event_loop_not_at_random(qtbot):
    app = application()
    collector = idle_collector.install(app)
    assert idle_collector.install(app) is collector  # one per application
    assert not gc.isenabled()  # no collection can fall inside a Qt call
    holder = _Holder()
    gone = weakref.ref(holder)
    del holder
    # Allocations enough for a collection (kept: freed ones do not count).
    kept = [[] for _ in range(gc.get_threshold()[0] + 10)]
    assert gone() is not None  # nothing collected it outside the event loop
    qtbot.waitUntil(lambda: gone() is None, timeout=5_000)  # the loop's next tick did
    del kept


def test_a_due_collection_is_the_oldest_generation_past_its_threshold():
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        assert idle_collector.collect_due() is None  # nothing due just after a collection
        junk = [[] for _ in range(gc.get_threshold()[0] + 1)]
        assert idle_collector.collect_due() == 0
        del junk
    finally:
        if enabled:
            gc.enable()
