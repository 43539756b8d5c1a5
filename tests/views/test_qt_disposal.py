"""Qt objects the app lets go of are deleted by Qt, never by Python's garbage collector.

The collector frees what sits in reference cycles at whatever moment it runs:
once inside ``QObject::disconnect``, where the ``~QObject`` of an object it
freed waited on the signal-slot lock for good and the process hung. A run of
the view tests with ``gc.DEBUG_SAVEALL`` listed the live Qt objects the
collector freed: the labs' runner bridges, the curves and marks their figures
took out, the window's settings. Each is now deleted by Qt (checked here:
its wrapper is no longer valid once Qt's deferred deletes have run), while
the collector never frees a disposed object first.
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
from tests.views.labs.conftest import run_to_end

SMALL = CapacitySettings(dims=(8,), sizes=(4, 8, 16), similarities=(0.0,), trials=2)


def deferred_deletes() -> None:
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


def deleted_by_qt(things) -> bool:
    return all(not shiboken6.isValid(thing) for thing in things)


@pytest.fixture
def page(qtbot, show):
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


def test_a_recall_redraw_and_the_end_of_its_runs_leave_nothing_to_the_collector(qtbot, page):
    run_to_end(qtbot, page)
    curves = list(page.figure_view.curves.values())
    assert curves, "the run drew no curve"
    page.refresh()  # takes every curve and mark out and draws new ones
    settle()
    assert not set(curves) & set(page.figure_view.curves.values())
    deferred_deletes()
    assert deleted_by_qt(curves)
    bridge = page.runner._held.bridge  # what the worker signalled through
    assert bridge is not None and shiboken6.isValid(bridge)
    page.close_lab()
    deferred_deletes()
    assert deleted_by_qt([bridge])
    run_to_end(qtbot, page)  # a later run makes another
    assert page.lab.result is not None


def test_a_page_deleted_by_qt_without_closing_its_lab_lets_qt_delete_the_bridge(qtbot):
    page = RecallPage(Session(), CapacityLab(SMALL), auto_run=False)
    page.resize(1200, 800)
    page.show()
    run_to_end(qtbot, page)
    bridge = page.runner._held.bridge
    page.deleteLater()
    deferred_deletes()
    assert deleted_by_qt([page])
    deferred_deletes()  # the bridge's own, asked for as its runner went
    assert deleted_by_qt([bridge])


def test_mqar_redraws_let_qt_delete_the_curves_they_take_out(qtbot, page):
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
    qtbot.waitUntil(lambda: not set(old) & set(page.mqar.curves.values()), timeout=60_000)
    settle()
    deferred_deletes()
    assert deleted_by_qt(old)


def test_a_window_deleted_by_qt_takes_its_settings_with_it(qtbot):
    """Its remembered settings (a ``QSettings`` of its own, and its exporter's) went
    with the window's wrapper to the collector, and synced to disk from inside it."""
    from linviz.views.main_window import MainWindow

    session = Session()
    session.open("session-trace")
    window = MainWindow(session)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    settings = [window.settings, window.exporter.settings]
    window.close()
    window.deleteLater()
    deferred_deletes()
    assert deleted_by_qt([window, *settings])


def test_a_closed_plot_lets_qt_delete_its_axes_and_view_box(qapp):
    from linviz.views.items.plots import still_plot

    widget = still_plot()
    plot = widget.getPlotItem()
    parts = [plot.getAxis(name) for name in ("left", "bottom", "top", "right")]
    parts.append(plot.getViewBox())
    widget.close()  # pyqtgraph takes them out of the scene
    assert all(shiboken6.isValid(part) and part.scene() is None for part in parts)
    deferred_deletes()
    assert deleted_by_qt(parts)
    widget.deleteLater()
    deferred_deletes()


def test_a_wait_of_pytest_qt_lets_qt_delete_its_event_loop(qtbot):
    """Each wait's QEventLoop sits in a cycle with its blocker: the suite's conftest
    hands it to Qt when the wait ends (a worker once hung in the collector)."""
    timer = QtCore.QTimer()
    timer.setSingleShot(True)
    timer.setInterval(1)
    with qtbot.waitSignal(timer.timeout) as blocker:
        timer.start()
    with qtbot.waitCallback() as callback:
        QtCore.QTimer.singleShot(1, callback)
    loops = [blocker._loop, callback._loop]  # referenced here: only Qt can delete them
    deferred_deletes()  # (the second wait's loop ran the first's already)
    assert deleted_by_qt(loops)
