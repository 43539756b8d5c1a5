"""Runs the cost measurement on a kept worker thread; each length measured comes back as a signal.

The page makes the job (:meth:`CostLab.job`); :class:`CostRunner` runs it as
:mod:`linviz.views.labs.background_run` describes, on a thread of its own kept
for the session. Timing on a worker also keeps the window's own painting out
of the clock's way.
"""

from __future__ import annotations

from PySide6 import QtCore

from linviz.controller.cost_lab import CostResult
from linviz.views.labs.background_run import BackgroundRun


class CostRunner(BackgroundRun):
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
    pool_name = "cost"
    result_type = CostResult

    def _report(self, report: tuple[object, ...]) -> None:
        (partial,) = report
        self.progressed.emit(partial)
