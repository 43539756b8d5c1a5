"""Runs the recall test on a kept worker thread; progress and the result come back as signals.

The page makes the job (:meth:`CapacityLab.job`); :class:`RecallRunner` runs
it as :mod:`linviz.views.labs.background_run` describes, on a thread of its
own kept for the session, and reports progress every few tens of ms.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6 import QtCore

from linviz.controller.labs import CapacityResult
from linviz.views.labs.background_run import BackgroundRun

#: The worker reports progress at most this often (seconds), and at the end.
PROGRESS_INTERVAL = 0.03


class _Throttle:
    """Lets a ``(done, total)`` report through at most every :data:`PROGRESS_INTERVAL`."""

    def __init__(self) -> None:
        self._last = 0.0

    def __call__(self, report: tuple[object, ...]) -> bool:
        done, total = report
        now = time.monotonic()
        if done >= total or now - self._last >= PROGRESS_INTERVAL:  # type: ignore[operator]
            self._last = now
            return True
        return False


class RecallRunner(BackgroundRun):
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
    pool_name = "recall"
    result_type = CapacityResult

    def _gate(self) -> Callable[[tuple[object, ...]], bool]:
        return _Throttle()

    def _report(self, report: tuple[object, ...]) -> None:
        self.progressed.emit(*report)
