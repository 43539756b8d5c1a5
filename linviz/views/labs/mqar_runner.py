"""Runs the MQAR measurement on a kept worker thread; progress and the result come back as signals.

The view makes the job (:meth:`MqarLab.job`) at each change of the settings;
:class:`MqarRunner` runs it as :mod:`linviz.views.labs.background_run`
describes, on a thread of its own kept for the session (not the controlled
test's: one task's run never waits for the other's), and reports progress
every few tens of ms, as the controlled test's runner does.
"""

from __future__ import annotations

from linviz.controller.mqar_lab import MqarResult
from linviz.views.labs.recall_runner import RecallRunner


class MqarRunner(RecallRunner):
    """Runs one MQAR measurement at a time, off the GUI thread.

    Attributes
    ----------
    progressed : QtCore.Signal(int, int)
        ``(done, total)`` sequences measured, on the GUI thread.
    finished : QtCore.Signal(object)
        The :class:`MqarResult` (complete, or stopped with the points finished).
    errored : QtCore.Signal(str)
        Why a run failed (it should not: the settings were checked).
    """

    pool_name = "mqar"
    result_type = MqarResult
