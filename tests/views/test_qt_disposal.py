"""Qt objects the app lets go of are deleted by Qt, never by Python's garbage collector.

The collector frees what sits in reference cycles at whatever moment it runs:
once inside ``QObject::disconnect``, where the ``~QObject`` of a freed
runner's bridge waited on the signal-slot lock for good and the process hung.
These tests look, with ``gc.DEBUG_SAVEALL``, at what a collection right after
the labs redraw or stop would have freed: no live Qt object may be among it.
"""

from __future__ import annotations

import gc
import weakref

import pyqtgraph as pg
import pytest
import shiboken6
from PySide6 import QtCore
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.labs import CapacityLab, CapacitySettings
from linviz.controller.session import Session
from linviz.views.labs.recall_page import RecallPage
from linviz.views.qt_disposal import dispose, waiting
from tests.views.conftest import settle

SMALL = CapacitySettings(dims=(8,), sizes=(4, 8, 16), similarities=(0.0,), trials=2)


def deferred_deletes() -> None:
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


def qt_objects_the_collector_would_free() -> list[str]:
    """The live Qt objects Python owns among what a collection now would free."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = [
            type(thing).__name__
            for thing in gc.garbage
            if isinstance(thing, QtCore.QObject)
            and shiboken6.isValid(thing)
            and shiboken6.ownedByPython(thing)
        ]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()  # freed here, outside any Qt call
    return found


@pytest.fixture
def page(qtbot, show):
    gc.collect()  # what earlier tests left
    page = RecallPage(Session(), CapacityLab(SMALL), auto_run=False)
    show(page, 1200, 800)
    return page


def test_a_disposed_object_lives_until_qt_deletes_it(qapp):
    before = waiting()
    item = pg.PlotDataItem([0, 1], [1, 0])
    item.cycle = item  # as a pyqtgraph item and its connections are
    alive = weakref.ref(item)
    dispose(item)
    dispose(item)  # twice is once
    del item
    gc.collect()
    assert alive() is not None and shiboken6.isValid(alive())
    assert waiting() == before + 1
    deferred_deletes()
    assert waiting() == before
    assert alive() is None or not shiboken6.isValid(alive())


def test_a_recall_run_and_its_redraws_leave_no_qt_object_to_the_collector(qtbot, page):
    with qtbot.waitSignal(page.runner.finished, timeout=60_000):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    settle()
    curves = dict(page.figure_view.curves)
    assert curves, "the run drew no curve"
    page.refresh()  # takes every curve and mark out and draws new ones
    settle()
    assert all(curve not in page.figure_view.curves.values() for curve in curves.values())
    deferred_deletes()
    assert all(not shiboken6.isValid(curve) for curve in curves.values())
    page.close_lab()  # the runner lets go of its bridge to the worker
    deferred_deletes()
    assert qt_objects_the_collector_would_free() == []


def test_mqar_redraws_leave_no_qt_object_to_the_collector(qtbot, page):
    combo = page.task_combo
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down)  # MQAR
    settle()
    assert page.display.view.task == "mqar"
    old = list(page.mqar.curves.values())
    spin = page.mqar.pairs_spin
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "8")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: all(c not in page.mqar.curves.values() for c in old), timeout=60_000)
    settle()
    deferred_deletes()
    assert all(not shiboken6.isValid(curve) for curve in old)
    page.close_lab()
    deferred_deletes()
    assert qt_objects_the_collector_would_free() == []


def test_a_window_deleted_by_qt_leaves_no_qt_object_to_the_collector(qtbot):
    """Its remembered settings (a ``QSettings`` of its own, and its exporter's) went
    with the window's wrapper to the collector, and synced to disk from inside it."""
    from linviz.views.main_window import MainWindow

    gc.collect()
    session = Session()
    session.open("session-trace")
    window = MainWindow(session)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    window.close()
    window.deleteLater()
    deferred_deletes()
    assert not shiboken6.isValid(window)
    del window
    assert qt_objects_the_collector_would_free() == []
