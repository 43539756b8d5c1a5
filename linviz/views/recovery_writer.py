"""Crash recovery in the window: unsaved work written aside, offered back at start.

:class:`RecoveryWriter` writes a window's unsaved scenario to its own
recovery file (:class:`linviz.controller.recovery.RecoveryFile`, atomic, one
per window and process) a moment after each change, as a
:class:`linviz.controller.write_schedule.WriteSchedule` says: a second after
the last change (a burst of edits is one write), but never more than 1.5 s
after the first change not yet written, however steadily the edits come
(a plain debounce never wrote while a user kept editing). During a drag it
waits for the drag's end (a write never runs in a drag's frame). When the
session has nothing unsaved (saved, or undone back to the file) and on a
clean close, the file is removed.

A big scenario (from :data:`BACKGROUND_FROM_NUMBERS` numbers) is written on
a worker thread: on the window's thread its write froze the window for
0.15-0.4 s at 100,000 steps (d = 64) and 1,000,000 (d = 8), a second after
each edit. The worker writes a draft beside the file
(:class:`~linviz.controller.recovery.DraftJob`); back on the window's thread
it is put in place, unless the scenario was edited meanwhile (the scenario
tells its observers of every edit as it is made, so an edit always comes
before the draft's end is handled): then it is thrown away, and the edit's
own write follows.

:class:`RecoveryDialog` lists what dead processes left (title, file, when) and
asks: Restore, Discard or Later.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore, QtWidgets

from linviz.controller import recovery
from linviz.controller.changes import Change
from linviz.controller.recovery import DraftJob, DraftOutcome, Recoverable, RecoveryFile
from linviz.controller.session import Session
from linviz.controller.write_schedule import WriteSchedule
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Edit
from linviz.views.error_text import shown_error

if TYPE_CHECKING:
    from linviz.views.labs.background_run import BackgroundRun

#: How often a write due during a drag (or another write) looks again, in ms.
DRAG_RETRY_MS = 100
#: A scenario with this many numbers (keys, values and queries) or more is written
#: on a worker thread: ~15 ms of writing on the window's thread.
BACKGROUND_FROM_NUMBERS = 1_000_000


def _draft_runner(parent: QtCore.QObject) -> BackgroundRun:
    """A runner of recovery drafts (made at the first big write: the labs' runner
    module is not needed to start the window).
    """
    from linviz.views.labs import background_run

    class DraftRunner(background_run.BackgroundRun):
        """Runs a :class:`~linviz.controller.recovery.DraftJob` off the GUI thread."""

        pool_name = "recovery"
        result_type = DraftOutcome

        def _report(self, report: tuple[object, ...]) -> None:
            pass  # a draft reports nothing on its way

    return DraftRunner(parent)


_window_numbers = itertools.count(1)


class RecoveryWriter(QtCore.QObject):
    """Keeps one window's recovery file up to date with its session.

    Parameters
    ----------
    session
        The window's session.
    folder
        The recovery folder (default :func:`linviz.controller.recovery.recovery_folder`).
    parent
        Owner (the window).

    Signals
    -------
    written(str)
        The recovery file was written (its path).
    failed(str)
        It could not be written (the reason, for the status bar).
    """

    written = QtCore.Signal(str)
    failed = QtCore.Signal(str)

    def __init__(
        self,
        session: Session,
        folder: Path | None = None,
        parent: QtCore.QObject | None = None,
        schedule: WriteSchedule | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.file = RecoveryFile(next(_window_numbers), folder)
        self.schedule = schedule if schedule is not None else WriteSchedule()
        self.timer = QtCore.QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setTimerType(QtCore.Qt.TimerType.PreciseTimer)  # the 1.5 s bound is a promise
        self.timer.timeout.connect(self._on_timeout)
        self._has_file = False
        self._failed_once = False
        self._runner: BackgroundRun | None = None  # made at the first big write
        #: The job of the draft being written, and whether an edit made it stale.
        self._job: DraftJob | None = None
        self._stale = False
        session.changed.connect(self._on_session_changed)

    @property
    def path(self) -> Path:
        """The window's recovery file (written or not)."""
        return self.file.path

    @property
    def drafting(self) -> bool:
        """Whether a draft is being written on the worker thread."""
        return self._job is not None

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not changes & {Change.SCENARIO, Change.FILE}:
            return
        self._make_stale()
        if self.session.is_modified:
            self._arm(self.schedule.changed())  # never later than the first change's max-wait
        else:
            self.remove()

    def _arm(self, seconds: float) -> None:
        self.timer.start(max(0, math.ceil(seconds * 1000)))

    def _on_timeout(self) -> None:
        if not self.schedule.pending:
            return
        if self.schedule.is_due():
            self.write_now()
        else:  # the timer fired a little early: wait out the rest
            self._arm(self.schedule.due_in() or 0.0)

    def write_now(self) -> bool:
        """Write the recovery file now (unless a drag is on: then just after it).

        Whether it was written; a big scenario's is only started (on the
        worker thread: :attr:`written` says when it is in place).
        """
        if self.session.dragging or self.drafting:
            # Never in a drag's frame, nor beside another write: try again soon.
            self.timer.start(DRAG_RETRY_MS)
            return False
        self.timer.stop()
        self.schedule.written()  # written, or failed: the next change asks again
        if not self.session.is_modified:
            self.remove()
            return False
        scenario = self.session.scenario
        if len(scenario) * (scenario.d_k + scenario.d_v) >= BACKGROUND_FROM_NUMBERS:
            self._start_draft()
            return False
        try:
            path = self.file.write_session(self.session)
        except ScenarioError as error:
            self._fail(error)
            return False
        self._done(path)
        return True

    def _done(self, path: Path) -> None:
        self._has_file = True
        self.written.emit(str(path))

    def _fail(self, error: ScenarioError) -> None:
        self._fail_saying(shown_error(error))

    def _fail_saying(self, reason: str) -> None:
        if not self._failed_once:  # once: not a message at every change
            self._failed_once = True
            self.failed.emit(reason)

    # -- a big scenario's write, on the worker thread ---------------------------------
    @property
    def runner(self) -> BackgroundRun:
        """The runner of this window's drafts."""
        if self._runner is None:
            self._runner = _draft_runner(self)
            self._runner.finished.connect(self._on_draft_done)
            self._runner.errored.connect(self._on_draft_failed)
        return self._runner

    def _start_draft(self) -> None:
        job = DraftJob(self.file, self.session)
        self._job, self._stale = job, False
        job.scenario.subscribe(self._on_edit)
        self.runner.start(job)

    def _on_edit(self, edit: Edit) -> None:
        self._make_stale()

    def _make_stale(self) -> None:
        """An edit (or a new scenario, a save): the draft being written is worthless."""
        if self._job is not None:
            self._stale = True
            self.runner.cancel()

    def _end_draft(self) -> DraftJob | None:
        job, self._job = self._job, None
        if job is not None:
            job.scenario.unsubscribe(self._on_edit)
        return job

    def _on_draft_done(self, outcome: DraftOutcome) -> None:
        job = self._end_draft()
        if outcome.error is not None:
            self._fail(outcome.error)
            return
        draft = outcome.draft
        if draft is None:
            return  # stopped: what stopped it asks for the next write
        current = job is not None and job.scenario is self.session.scenario
        if self._stale or not current or not self.session.is_modified:
            draft.discard()
            return
        try:
            path = self.file.install(draft)
        except ScenarioError as error:
            self._fail(error)
            return
        self._done(path)

    def _on_draft_failed(self, reason: str) -> None:
        # DraftJob returns its refusals: only a bug in it ends here.
        self._end_draft()
        self._fail_saying(reason)

    def _stop_draft(self) -> None:
        """Stop a draft being written and throw away what it wrote (the window goes)."""
        job = self._end_draft()
        if job is None:
            return
        self.runner.stop()
        if job.outcome is not None and job.outcome.draft is not None:
            job.outcome.draft.discard()

    def remove(self) -> None:
        """Delete the recovery file (a clean close, or nothing left unsaved)."""
        self._stop_draft()
        self.timer.stop()
        self.schedule.written()
        if self._has_file or self.file.locked:  # a draft thrown away took the lock too
            self.file.remove()
            self._has_file = False


def describe(entry: Recoverable) -> str:
    """One line about a recovery file: title, file, when (plain text)."""
    when = QtCore.QDateTime.fromSecsSinceEpoch(int(entry.written)).toString(
        QtCore.QLocale().dateTimeFormat(QtCore.QLocale.FormatType.ShortFormat)
    )
    where = (
        str(entry.scenario_path)
        if entry.scenario_path is not None
        else QtCore.QCoreApplication.translate("RecoveryDialog", "never saved")
    )
    return (
        QtCore.QCoreApplication.translate("RecoveryDialog", "“%1” (%2), %3")
        .replace("%1", entry.title)
        .replace("%2", where)
        .replace("%3", when)
    )


class RecoveryDialog(QtWidgets.QDialog):
    """Offers the work a crashed or killed linviz left: Restore, Discard or Later.

    :attr:`choice` is ``"restore"``, ``"discard"`` or ``"later"`` once the
    dialog is done; :attr:`chosen` the selected entry.
    """

    def __init__(
        self, entries: Sequence[Recoverable], parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("recovery_dialog")
        self.setWindowTitle(self.tr("Recover unsaved work"))
        self.entries = list(entries)
        self.choice = "later"
        intro = QtWidgets.QLabel(
            self.tr(
                "linviz ended without saving this work. Restore it into this window, "
                "discard it, or decide later (it is kept until then)."
            )
        )
        intro.setWordWrap(True)
        self.list = QtWidgets.QListWidget()
        self.list.setObjectName("recovery_list")
        for entry in self.entries:
            item = QtWidgets.QListWidgetItem(describe(entry))
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        buttons = QtWidgets.QDialogButtonBox()
        self.restore_button = buttons.addButton(
            self.tr("&Restore"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.discard_button = buttons.addButton(
            self.tr("&Discard"), QtWidgets.QDialogButtonBox.ButtonRole.DestructiveRole
        )
        self.later_button = buttons.addButton(
            self.tr("&Later"), QtWidgets.QDialogButtonBox.ButtonRole.RejectRole
        )
        self.restore_button.clicked.connect(lambda: self._done("restore"))
        self.discard_button.clicked.connect(lambda: self._done("discard"))
        self.later_button.clicked.connect(lambda: self._done("later"))
        self.list.itemDoubleClicked.connect(lambda _item: self._done("restore"))
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)

    @property
    def chosen(self) -> Recoverable | None:
        row = self.list.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def _done(self, choice: str) -> None:
        self.choice = choice
        if choice == "later":
            self.reject()
        else:
            self.accept()


def restore_and_take_over(writer: RecoveryWriter, entry: Recoverable) -> None:
    """Restore ``entry`` into the writer's session, write it as this window's, drop the old file.

    Raises
    ------
    ScenarioError
        If the recovery file cannot be read (it is kept, nothing changed).
    """
    recovery.restore_into(writer.session, entry)
    if writer.write_now():
        recovery.discard(entry)
    # Not written (the folder is read-only …): the old file stays, offered next time.
