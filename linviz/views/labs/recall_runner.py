"""Runs the recall test on a worker thread; progress and the result come back as signals.

The GUI thread makes the job (:meth:`CapacityLab.job`) and a
:class:`~linviz.controller.labs.Cancellation`; a worker of the runner's own
thread pool runs it. The worker only emits the signals of a small bridge
object; Qt queues them to the runner on the GUI thread, which re-emits them
(``progressed``, ``finished``). The window stays responsive: the GUI thread
never waits for the numbers.

A run ends with its page: the page's ``close_lab`` stops it (the window's
labs call it when the window goes, and before the application quits), and
so does the interpreter's exit, before PySide deletes the objects it owns
(the bridge among them) and a worker still running would signal a deleted
object.
"""

from __future__ import annotations

import atexit
import threading
import time
import weakref

from PySide6 import QtCore

from linviz.controller.labs import Cancellation, CapacityJob, CapacityResult

Qt = QtCore.Qt

#: The worker reports progress at most this often (seconds), and at the end.
PROGRESS_INTERVAL = 0.03

#: The runners alive, stopped at exit (:func:`_stop_every_run`).
_RUNNERS: weakref.WeakSet[RecallRunner] = weakref.WeakSet()


def _stop_every_run() -> None:
    """Stop the runs still going (registered after PySide's own exit hook: runs before it)."""
    for runner in list(_RUNNERS):
        runner.stop()


class _Bridge(QtCore.QObject):
    """The signals a worker emits (they are queued to the GUI thread)."""

    progressed = QtCore.Signal(int, int)
    done = QtCore.Signal(object, int)  # (CapacityResult or BaseException, run number)


class _Worker(QtCore.QRunnable):
    """One run of a :class:`CapacityJob` on a pool thread."""

    def __init__(
        self,
        job: CapacityJob,
        cancel: Cancellation,
        bridge: _Bridge,
        number: int,
        ended: threading.Event,
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.job, self.cancel, self.bridge, self.number = job, cancel, bridge, number
        self.ended = ended
        self._last = 0.0

    def _progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or now - self._last >= PROGRESS_INTERVAL:
            self._last = now
            self.bridge.progressed.emit(done, total)

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


class RecallRunner(QtCore.QObject):
    """Runs one recall test at a time, off the GUI thread.

    Attributes
    ----------
    progressed : QtCore.Signal(int, int)
        ``(done, total)`` work units, on the GUI thread, every few tens of ms.
    finished : QtCore.Signal(object)
        The :class:`CapacityResult` (complete, or cancelled with the points
        finished), on the GUI thread.
    errored : QtCore.Signal(str)
        Why a run failed (it should not: the settings were checked).
    """

    progressed = QtCore.Signal(int, int)
    finished = QtCore.Signal(object)
    errored = QtCore.Signal(str)

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        # Qt's shared pool: it outlives the page, so a page deleted mid-run does not
        # wait for its worker (which stops at its next check once cancelled).
        self._pool = QtCore.QThreadPool.globalInstance()
        self._ended = threading.Event()
        self._ended.set()
        self._bridge = _Bridge()
        self._bridge.progressed.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
        self._bridge.done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)
        self._cancel: Cancellation | None = None
        self._number = 0
        self.started_at = 0.0
        self.seconds = 0.0
        if not _RUNNERS:
            atexit.unregister(_stop_every_run)  # once, however many runners came and went
            atexit.register(_stop_every_run)
        _RUNNERS.add(self)

    @property
    def running(self) -> bool:
        """Whether a run was started and has not reported back yet."""
        return self._cancel is not None

    def start(self, job: CapacityJob) -> bool:
        """Run ``job`` on the worker thread; ``False`` if a run is going on already."""
        if self.running:
            return False
        self._number += 1
        self._cancel = Cancellation()
        self._ended = threading.Event()
        self.started_at = time.monotonic()
        self._pool.start(_Worker(job, self._cancel, self._bridge, self._number, self._ended))
        return True

    def cancel(self) -> None:
        """Ask the run to stop at its next check (its finished points still come back).

        Pure Python: safe to call while Qt deletes the page.
        """
        if self._cancel is not None:
            self._cancel.cancel()

    def stop(self, wait_s: float = 10.0) -> bool:
        """Cancel and wait for the worker (the page is going away); whether it ended."""
        self.cancel()
        ended = self._ended.wait(wait_s)
        self._cancel = None
        return ended

    def _on_progress(self, done: int, total: int) -> None:
        if self._cancel is not None:
            self.progressed.emit(done, total)

    def _on_done(self, outcome: object, number: int) -> None:
        if number != self._number or self._cancel is None:
            return  # a run the page stopped waiting for
        self._cancel = None
        self.seconds = time.monotonic() - self.started_at
        if isinstance(outcome, CapacityResult):
            self.finished.emit(outcome)
        else:
            self.errored.emit(str(outcome))
