"""Runs a lab's job on a kept worker thread; its progress and its result come back as signals.

The GUI thread makes the job (``lab.job()``) and a
:class:`~linviz.controller.labs.Cancellation`; a worker on the runner's kept
pool runs it. The worker only emits the signals of a small bridge object; Qt
queues them to the runner on the GUI thread, which re-emits them
(``progressed``, ``finished``, ``errored``). The window stays responsive: the
GUI thread never waits for the numbers (and a timed job keeps the window's
own painting out of the clock's way).

A run ends with its page: the page's ``close_lab`` stops it (the window's
labs call it when the window goes, and before the application quits), and so
does the interpreter's exit, before PySide deletes the objects it owns (the
bridge among them) and a worker still running would signal a deleted object.
A stopped runner's bridge, or that of a runner Qt deleted, is deleted by Qt
once its worker has ended (:func:`_retire`), never by the garbage collector
with the page's wrappers; a later run makes another.

A pool has one thread, so a second window's run waits for the first's; one
stopped before its turn came is dropped at once (:class:`_Turn`): closing
that window does not wait for the other window's run.

:class:`BackgroundRun` is the base: a runner names its pool, the type of a
finished result, and how a progress report is re-emitted.
"""

from __future__ import annotations

import atexit
import functools
import threading
import time
import weakref
from collections.abc import Callable
from typing import ClassVar, Protocol

from PySide6 import QtCore

from linviz.controller.labs import Cancellation
from linviz.views.qt_disposal import dispose

Qt = QtCore.Qt

#: The runners alive, stopped at exit (:func:`_stop_every_run`).
_RUNNERS: weakref.WeakSet[BackgroundRun] = weakref.WeakSet()

#: The kept pools, by name (:func:`kept_pool`).
_POOLS: dict[str, QtCore.QThreadPool] = {}


class Job(Protocol):
    """What a runner runs: ``run(progress, should_stop)`` returns the result."""

    def run(self, progress: Callable[..., None], should_stop: Callable[[], bool]) -> object:
        """Run to the end, or until ``should_stop()``; call ``progress`` on the way."""
        ...


def kept_pool(name: str) -> QtCore.QThreadPool:
    """One thread, kept for the whole session, that every run of ``name`` runs on.

    A new thread for each run (the shared pool's threads expire when idle) gets
    its own allocator arena and BLAS buffers, which stay behind: 3 MB a window.
    The pool outlives the page, so a page deleted mid-run does not wait for its
    worker (which stops at its next check once cancelled).
    """
    pool = _POOLS.get(name)
    if pool is None:
        pool = _POOLS[name] = QtCore.QThreadPool()
        pool.setMaxThreadCount(1)
        pool.setExpiryTimeout(-1)  # never retired
    return pool


def _stop_every_run() -> None:
    """Stop the runs still going (registered after PySide's own exit hook: runs before it).

    The runs still queued are taken off first: none may start once Python is going away.
    """
    for pool in _POOLS.values():
        pool.clear()
    for runner in list(_RUNNERS):
        runner.stop()


class _Turn:
    """Whether a queued run has begun on its thread, or was dropped before it could."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._begun = False
        self._dropped = False

    def begin(self) -> bool:
        """On the worker thread: begin the run, unless it was dropped; whether it begins."""
        with self._lock:
            self._begun = not self._dropped
            return self._begun

    def drop(self) -> bool:
        """Drop the run if it has not begun yet; whether it is dropped (it then never runs)."""
        with self._lock:
            self._dropped = self._dropped or not self._begun
            return self._dropped


class _Bridge(QtCore.QObject):
    """The signals a worker emits (they are queued to the GUI thread)."""

    progressed = QtCore.Signal(object, int)  # (the progress call's arguments, run number)
    done = QtCore.Signal(object, int)  # (result or Exception, run number)


class _Held:
    """A runner's bridge and the end of its last run: what is retired when the runner goes.

    Plain Python, so the runner's ``destroyed`` handler can hold it without
    holding the runner.
    """

    def __init__(self, ended: threading.Event) -> None:
        self.bridge: _Bridge | None = None
        self.ended = ended


#: Bridges let go of while their worker might still signal on them: kept until it ended.
_retiring: list[tuple[_Bridge, threading.Event]] = []


def _retire(held: _Held) -> None:
    """Let go of ``held``'s bridge: Qt deletes it once its worker has ended.

    Never the garbage collector (with the page's wrappers, at some moment inside
    a Qt call: :mod:`~linviz.views.qt_disposal`), and never while a worker
    could still emit on it.
    """
    if held.bridge is not None:
        _retiring.append((held.bridge, held.ended))
        held.bridge = None
    if QtCore.QCoreApplication.instance() is None:
        return  # the interpreter is going away: PySide deletes what is left
    still = []
    for bridge, ended in _retiring:
        if ended.is_set():
            dispose(bridge)
        else:
            still.append((bridge, ended))
    _retiring[:] = still


class _Worker(QtCore.QRunnable):
    """One run of a job on a pool thread."""

    def __init__(
        self,
        job: Job,
        cancel: Cancellation,
        bridge: _Bridge,
        number: int,
        ended: threading.Event,
        turn: _Turn,
        passes: Callable[[tuple[object, ...]], bool],
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.job, self.cancel, self.bridge, self.number = job, cancel, bridge, number
        self.ended, self.turn, self.passes = ended, turn, passes

    def _progress(self, *report: object) -> None:
        if self.passes(report):
            self.bridge.progressed.emit(report, self.number)

    def run(self) -> None:
        try:
            if not self.turn.begin():
                return  # stopped while it waited for the thread: no one is listening
            try:
                outcome: object = self.job.run(self._progress, self.cancel)
            except Exception as error:
                outcome = error
            self.bridge.done.emit(outcome, self.number)
        finally:
            self.bridge = None  # type: ignore[assignment]
            self.ended.set()


class BackgroundRun(QtCore.QObject):
    """Runs one job at a time, off the GUI thread (derive one per lab).

    A subclass sets :attr:`pool_name` and :attr:`result_type`, declares its
    ``progressed`` signal and re-emits a report in :meth:`_report`.

    Attributes
    ----------
    finished : QtCore.Signal(object)
        The result (complete, or stopped with what was done), on the GUI thread.
    errored : QtCore.Signal(str)
        Why a run failed (it should not: the settings were checked).
    started_at : float
        When the last run started (``time.monotonic``).
    seconds : float
        How long the last run that reported back took.
    """

    finished = QtCore.Signal(object)
    errored = QtCore.Signal(str)

    #: The kept pool this runner's jobs run on (:func:`kept_pool`).
    pool_name: ClassVar[str]
    #: What a finished job returns; anything else it hands back is an error.
    result_type: ClassVar[type]

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = kept_pool(self.pool_name)
        self._ended = threading.Event()
        self._ended.set()
        self._turn = _Turn()
        self._held = _Held(self._ended)
        # Deleted by Qt with its page without close_lab (a test's page, a figure's):
        # the bridge still goes by Qt. A partial of plain data: no cycle to the runner.
        self.destroyed.connect(functools.partial(_retire, self._held))
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

    def start(self, job: Job) -> bool:
        """Run ``job`` on the worker thread; ``False`` if a run is going on already."""
        if self.running:
            return False
        self._number += 1
        self._cancel = Cancellation()
        self._ended = threading.Event()
        self._turn = _Turn()
        self.started_at = time.monotonic()
        held = self._held
        if held.bridge is None:
            held.bridge = _Bridge()
            held.bridge.progressed.connect(self._on_progress, Qt.ConnectionType.QueuedConnection)
            held.bridge.done.connect(self._on_done, Qt.ConnectionType.QueuedConnection)
        held.ended = self._ended
        worker = _Worker(
            job, self._cancel, held.bridge, self._number, self._ended, self._turn, self._gate()
        )
        self._pool.start(worker)
        return True

    def cancel(self) -> None:
        """Ask the run to stop at its next check (what it has done still comes back).

        Pure Python: safe to call while Qt deletes the page.
        """
        if self._cancel is not None:
            self._cancel.cancel()

    def stop(self, wait_s: float = 10.0) -> bool:
        """Cancel and wait for the worker (the page is going away); whether it ended.

        A run still waiting for the thread is dropped instead: nothing to wait for.
        """
        self.cancel()
        ended = self._turn.drop() or self._ended.wait(wait_s)
        self._cancel = None
        _retire(self._held)  # a later run makes another bridge
        return ended

    def _gate(self) -> Callable[[tuple[object, ...]], bool]:
        """A new run's filter of its progress reports (called on the worker thread): all pass."""
        return lambda report: True

    def _report(self, report: tuple[object, ...]) -> None:
        """Re-emit one progress report (the progress call's arguments) on the GUI thread."""
        raise NotImplementedError

    def _on_progress(self, report: tuple[object, ...], number: int) -> None:
        if number == self._number and self._cancel is not None:
            self._report(report)

    def _on_done(self, outcome: object, number: int) -> None:
        if number != self._number or self._cancel is None:
            return  # a run the page stopped waiting for
        self._cancel = None
        self.seconds = time.monotonic() - self.started_at
        if isinstance(outcome, self.result_type):
            self.finished.emit(outcome)
        else:
            self.errored.emit(str(outcome))
