"""Runs the cost measurement on a worker thread; each length measured comes back as a signal.

As :mod:`linviz.views.labs.recall_runner` does for the recall test: the GUI
thread makes the job (:meth:`CostLab.job`) and a
:class:`~linviz.controller.labs.Cancellation`; a worker of Qt's shared pool
runs it and emits only the signals of a small bridge object, which Qt queues
to the runner on the GUI thread. Timing on a worker also keeps the window's
own painting out of the clock's way.

A run ends with its page (:meth:`CostRunner.stop` from the page's
``close_lab``) and at the interpreter's exit, before PySide deletes the bridge
a worker still running would signal.
"""

from __future__ import annotations

import atexit
import threading
import weakref

from PySide6 import QtCore

from linviz.controller.cost_lab import CostJob, CostResult
from linviz.controller.labs import Cancellation

Qt = QtCore.Qt

#: The runners alive, stopped at exit (:func:`_stop_every_run`).
_RUNNERS: weakref.WeakSet[CostRunner] = weakref.WeakSet()


def _measuring_pool() -> QtCore.QThreadPool:
    """One thread, kept for the whole session, that every measurement runs on.

    A new thread for each run (the shared pool's threads expire when idle) gets
    its own allocator arena and BLAS buffers, which stay behind: 3 MB a window.
    """
    global _POOL
    if _POOL is None:
        _POOL = QtCore.QThreadPool()
        _POOL.setMaxThreadCount(1)
        _POOL.setExpiryTimeout(-1)  # never retired
    return _POOL


_POOL: QtCore.QThreadPool | None = None


def _stop_every_run() -> None:
    """Stop the runs still going (registered after PySide's own exit hook: runs before it)."""
    for runner in list(_RUNNERS):
        runner.stop()


class _Bridge(QtCore.QObject):
    """The signals a worker emits (they are queued to the GUI thread)."""

    progressed = QtCore.Signal(object, int)  # (partial CostResult, run number)
    done = QtCore.Signal(object, int)  # (CostResult or BaseException, run number)


class _Worker(QtCore.QRunnable):
    """One run of a :class:`CostJob` on a pool thread."""

    def __init__(
        self,
        job: CostJob,
        cancel: Cancellation,
        bridge: _Bridge,
        number: int,
        ended: threading.Event,
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.job, self.cancel, self.bridge, self.number = job, cancel, bridge, number
        self.ended = ended

    def _progress(self, partial: CostResult) -> None:
        self.bridge.progressed.emit(partial, self.number)

    def run(self) -> None:
        try:
            try:
                outcome: object = self.job.run(self._progress, self.cancel)
            except Exception as error:
                outcome = error
            self.bridge.done.emit(outcome, self.number)
        finally:
            self.bridge = None  # type: ignore[assignment]
            self.ended.set()


class CostRunner(QtCore.QObject):
    """Runs one cost measurement at a time, off the GUI thread.

    Attributes
    ----------
    progressed : QtCore.Signal(object)
        A partial :class:`CostResult` after each length, on the GUI thread.
    finished : QtCore.Signal(object)
        The final :class:`CostResult` (complete, or stopped with the lengths
        measured), on the GUI thread.
    errored : QtCore.Signal(str)
        Why a run failed (it should not: the settings were checked).
    """

    progressed = QtCore.Signal(object)
    finished = QtCore.Signal(object)
    errored = QtCore.Signal(str)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = _measuring_pool()
        self._ended = threading.Event()
        self._ended.set()
        self._bridge = _Bridge()
        self._bridge.progressed.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self._bridge.done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)
        self._cancel: Cancellation | None = None
        self._number = 0
        if not _RUNNERS:
            atexit.unregister(_stop_every_run)  # once, however many runners came and went
            atexit.register(_stop_every_run)
        _RUNNERS.add(self)

    @property
    def running(self) -> bool:
        """Whether a run was started and has not reported back yet."""
        return self._cancel is not None

    def start(self, job: CostJob) -> bool:
        """Run ``job`` on a worker thread; ``False`` if a run is going on already."""
        if self.running:
            return False
        self._number += 1
        self._cancel = Cancellation()
        self._ended = threading.Event()
        self._pool.start(_Worker(job, self._cancel, self._bridge, self._number, self._ended))
        return True

    def cancel(self) -> None:
        """Ask the run to stop after the length it is measuring (its rows still come back)."""
        if self._cancel is not None:
            self._cancel.cancel()

    def stop(self, wait_s: float = 10.0) -> bool:
        """Cancel and wait for the worker (the page is going away); whether it ended."""
        self.cancel()
        ended = self._ended.wait(wait_s)
        self._cancel = None
        return ended

    def _on_progress(self, partial: object, number: int) -> None:
        if number == self._number and self._cancel is not None:
            self.progressed.emit(partial)

    def _on_done(self, outcome: object, number: int) -> None:
        if number != self._number or self._cancel is None:
            return  # a run the page stopped waiting for
        self._cancel = None
        if isinstance(outcome, CostResult):
            self.finished.emit(outcome)
        else:
            self.errored.emit(str(outcome))
