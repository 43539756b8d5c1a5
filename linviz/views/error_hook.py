"""Unexpected errors: shown in one dialog, written to a log, and the app goes on.

An exception nobody caught in a Qt slot or event handler reaches
:data:`sys.excepthook`; one raised by a slot of the session's change signal
goes to the signal's error handler (:func:`linviz.controller.signals.set_error_handler`).
:class:`ErrorReporter` takes both: it writes the traceback to a size-bounded
log in the user's data folder and shows it in an :class:`ErrorDialog`. While
that dialog is open, further errors are counted in it (and logged), not
stacked as more dialogs. Nothing is re-raised: the window keeps running on
the scenario it has (every edit goes through the session, which refuses a
bad one before anything changes).
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz import __version__
from linviz.controller import signals
from linviz.controller.recovery import data_folder

#: The log file's name in :func:`log_folder`, its size before it rolls over,
#: and how many older files it keeps (one: at most ~2 MB on disk).
LOG_NAME = "linviz-errors.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 1
#: The details shown in the dialog stop after this many characters (the log has all).
DETAILS_CHARS = 20_000

_ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


def log_folder() -> Path:
    """Where the error log is written: ``data_folder() / "logs"`` (beside the recovery files)."""
    return data_folder() / "logs"


class ErrorDialog(QtWidgets.QDialog):
    """Says that something went wrong, with the details as plain text.

    "Copy details" puts them on the clipboard (for a bug report); "Close"
    closes. Not modal: the window behind it stays usable.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("error_dialog")
        self.setWindowTitle(self.tr("linviz: unexpected error"))
        self.count = 0
        self.summary = QtWidgets.QLabel()
        self.summary.setObjectName("error_summary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.count_label = QtWidgets.QLabel()
        self.count_label.setObjectName("error_count")
        self.count_label.setTextFormat(Qt.TextFormat.PlainText)
        self.details = QtWidgets.QPlainTextEdit()
        self.details.setObjectName("error_details")
        self.details.setReadOnly(True)
        self.details.setLineWrapMode(QtWidgets.QPlainTextEdit.LineWrapMode.NoWrap)
        font = QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont)
        self.details.setFont(font)
        self.log_label = QtWidgets.QLabel()
        self.log_label.setObjectName("error_log")
        self.log_label.setTextFormat(Qt.TextFormat.PlainText)
        self.log_label.setWordWrap(True)
        self.log_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QtWidgets.QDialogButtonBox()
        self.copy_button = buttons.addButton(
            self.tr("&Copy details"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole
        )
        self.close_button = buttons.addButton(QtWidgets.QDialogButtonBox.StandardButton.Close)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.close)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.count_label)
        layout.addWidget(self.details, 1)
        layout.addWidget(self.log_label)
        layout.addWidget(buttons)
        self.resize(640, 360)

    def show_error(self, summary: str, details: str, log: Path | None) -> None:
        """Show this error, or count it if the dialog already shows one."""
        self.count += 1
        if self.count == 1:
            self.summary.setText(
                self.tr(
                    "Something went wrong inside linviz: %1\n"
                    "Your scenario is kept; you can go on working, and save it."
                ).replace("%1", summary)
            )
            self.details.setPlainText(details[:DETAILS_CHARS])
            self.log_label.setText(
                self.tr("The details are also in %1").replace("%1", str(log))
                if log is not None
                else self.tr("The details could not be written to a log file.")
            )
            self.count_label.hide()
        else:
            self.count_label.setText(
                self.tr("This happened %1 times (the log has each).").replace("%1", str(self.count))
            )
            self.count_label.show()
        if not self.isVisible():
            self.show()
        self.raise_()

    def copy_details(self) -> None:
        """Put the summary and the traceback on the clipboard."""
        text = f"linviz {__version__}\n{self.summary.text()}\n\n{self.details.toPlainText()}"
        QtWidgets.QApplication.clipboard().setText(text)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        self.count = 0
        super().closeEvent(event)


class ErrorReporter(QtCore.QObject):
    """Catches the exceptions no code handled; logs and shows them.

    Parameters
    ----------
    folder
        Where the log goes (default :func:`log_folder`).
    parent
        Owner (the application).

    Attributes
    ----------
    reported
        ``(type name, message)`` of every error reported so far (for tests
        and for the count).
    dialog
        The one dialog (made on the first error).
    """

    def __init__(self, folder: Path | None = None, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = Path(folder) if folder is not None else log_folder()
        self.reported: list[tuple[str, str]] = []
        self.dialog: ErrorDialog | None = None
        self._logger = logging.getLogger(f"linviz.errors.{id(self)}")
        self._logger.propagate = False
        self._logger.setLevel(logging.ERROR)
        self._handler: logging.Handler | None = None
        self._previous_hook: Callable[..., Any] | None = None
        self._previous_handler: signals.ErrorHandler | None = None
        self._installed = False
        self._reporting = False

    @property
    def log_path(self) -> Path:
        """The log file (it exists once something was written)."""
        return self.folder / LOG_NAME

    # -- installing -----------------------------------------------------------------
    def install(self) -> ErrorReporter:
        """Take :data:`sys.excepthook` and the signals' error handler; returns self."""
        if not self._installed:
            self._previous_hook = sys.excepthook
            sys.excepthook = self.excepthook
            self._previous_handler = signals.set_error_handler(self.slot_failed)
            self._installed = True
        return self

    def uninstall(self) -> None:
        """Put back what :meth:`install` replaced, close the log."""
        if self._installed:
            if sys.excepthook == self.excepthook:
                sys.excepthook = self._previous_hook or sys.__excepthook__
            signals.set_error_handler(self._previous_handler)
            self._installed = False
        if self._handler is not None:
            self._logger.removeHandler(self._handler)
            self._handler.close()
            self._handler = None
        if self.dialog is not None and shiboken6.isValid(self.dialog):
            self.dialog.close()

    # -- the hooks -------------------------------------------------------------------
    def excepthook(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        """:data:`sys.excepthook`: report, and let the program run on."""
        if issubclass(kind, KeyboardInterrupt):
            QtWidgets.QApplication.quit()  # Ctrl+C in the terminal still ends linviz
            return
        self.report((kind, error, trace))

    def slot_failed(self, error: Exception, slot: Callable[..., Any]) -> None:
        """The session's change signal's error handler: report, the other slots run on."""
        name = getattr(slot, "__qualname__", None) or repr(slot)
        self.report((type(error), error, error.__traceback__), where=name)

    # -- reporting -------------------------------------------------------------------
    def report(self, info: _ExcInfo, where: str | None = None) -> None:
        """Log the error and show it (counted if the dialog is already open)."""
        kind, error, trace = info
        if self._reporting:  # an error while reporting one: only stderr is safe
            sys.__excepthook__(kind, error, trace)
            return
        self._reporting = True
        try:
            self.reported.append((kind.__name__, str(error)))
            details = "".join(traceback.format_exception(kind, error, trace))
            if where is not None:
                details = f"in a slot of the session's changes: {where}\n{details}"
            log = self._log(details)
            summary = f"{kind.__name__}: {error}"
            if len(summary) > 300:
                summary = summary[:299] + "…"
            self._show(summary, details, log)
        except Exception:
            sys.__excepthook__(kind, error, trace)
        finally:
            self._reporting = False

    def _log(self, details: str) -> Path | None:
        """Append ``details`` to the log; the log's path, or ``None`` if it cannot be written."""
        try:
            if self._handler is None:
                # Imported with the first error: start-up does without it (and its sockets).
                import logging.handlers

                self.folder.mkdir(parents=True, exist_ok=True)
                handler = logging.handlers.RotatingFileHandler(
                    self.log_path,
                    maxBytes=LOG_BYTES,
                    backupCount=LOG_BACKUPS,
                    encoding="utf-8",
                    errors="backslashreplace",
                )
                handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
                self._logger.addHandler(handler)
                self._handler = handler
            self._logger.error("linviz %s: unexpected error\n%s", __version__, details)
            self._handler.flush()
        except Exception:
            return None
        return self.log_path

    def _show(self, summary: str, details: str, log: Path | None) -> None:
        if QtWidgets.QApplication.instance() is None:
            sys.stderr.write(details)
            return
        if self.dialog is None or not shiboken6.isValid(self.dialog):
            self.dialog = ErrorDialog(QtWidgets.QApplication.activeWindow())
        self.dialog.show_error(summary, details, log)
