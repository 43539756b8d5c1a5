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

:class:`RecoveryDialog` lists what dead processes left (title, file, when) and
asks: Restore, Discard or Later.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from pathlib import Path

from PySide6 import QtCore, QtWidgets

from linviz.controller import recovery
from linviz.controller.changes import Change
from linviz.controller.recovery import Recoverable, RecoveryFile
from linviz.controller.session import Session
from linviz.controller.write_schedule import WriteSchedule
from linviz.model.errors import ScenarioError
from linviz.views.error_text import shown_error

#: How often a write due during a drag looks again for the drag's end, in ms.
DRAG_RETRY_MS = 100

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
        session.changed.connect(self._on_session_changed)

    @property
    def path(self) -> Path:
        """The window's recovery file (written or not)."""
        return self.file.path

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not changes & {Change.SCENARIO, Change.FILE}:
            return
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
        """Write the recovery file now (unless a drag is on: then just after it)."""
        if self.session.dragging:
            self.timer.start(DRAG_RETRY_MS)  # never in a drag's frame; try again once it is over
            return False
        self.timer.stop()
        self.schedule.written()  # written, or failed: the next change asks again
        if not self.session.is_modified:
            self.remove()
            return False
        try:
            path = self.file.write_session(self.session)
        except ScenarioError as error:
            if not self._failed_once:  # once: not a message at every change
                self._failed_once = True
                self.failed.emit(shown_error(error))
            return False
        self._has_file = True
        self.written.emit(str(path))
        return True

    def remove(self) -> None:
        """Delete the recovery file (a clean close, or nothing left unsaved)."""
        self.timer.stop()
        self.schedule.written()
        if self._has_file:
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
