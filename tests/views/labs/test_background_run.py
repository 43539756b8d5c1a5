"""Two runs of one lab share its kept thread: one stopped while it waits is dropped at once."""

from __future__ import annotations

import threading

from PySide6 import QtCore

from linviz.views.labs.background_run import BackgroundRun, kept_pool

WAIT_S = 60.0


class _Runner(BackgroundRun):
    progressed = QtCore.Signal(object)
    pool_name = "test-background-run"
    result_type = str

    def _report(self, report: tuple[object, ...]) -> None:
        self.progressed.emit(report)


class _HeldJob:
    """A job that runs until the test lets it finish."""

    def __init__(self) -> None:
        self.began, self.go = threading.Event(), threading.Event()

    def run(self, progress, should_stop) -> str:
        self.began.set()
        self.go.wait(WAIT_S)
        return "done"


def test_a_run_stopped_while_it_waits_for_the_thread_is_dropped_and_the_other_goes_on(qtbot):
    first, second = _Runner(), _Runner()
    held, queued = _HeldJob(), _HeldJob()
    try:
        assert first.start(held) and held.began.wait(WAIT_S)  # on the one thread
        assert second.start(queued) and second.running  # waits for it
        # Closing the second window does not wait for the first window's run.
        assert second.stop(wait_s=WAIT_S) and not second.running
        assert first.running and not held.go.is_set()
        with qtbot.waitSignal(first.finished, timeout=int(WAIT_S * 1000)) as finished:
            held.go.set()
        assert finished.args == ["done"]
        assert kept_pool(_Runner.pool_name).waitForDone(int(WAIT_S * 1000))
        assert not queued.began.is_set()  # the dropped run never ran
        # The second runner runs again as usual.
        again = _HeldJob()
        again.go.set()
        with qtbot.waitSignal(second.finished, timeout=int(WAIT_S * 1000)) as finished:
            assert second.start(again)
        assert finished.args == ["done"] and again.began.is_set()
    finally:
        for job in (held, queued):
            job.go.set()
        first.stop(), second.stop()
