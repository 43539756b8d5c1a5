"""What the window says when a save fails: "Could not save FILE: reason".

The controller reports every failed save as a
:class:`~linviz.model.errors.ScenarioError` whose message already says
"could not be saved: REASON"; the window words it once, its own way, with
the file first, and adds that the work is still open (nothing was lost).
Anything else a save may raise (an ``OSError`` from a layer that does not
word it, a bug) is shown the same way, never as the unexpected-error dialog.
"""

from __future__ import annotations

from pathlib import Path

from PySide6 import QtCore

from linviz.model.errors import ScenarioError, printable
from linviz.model.safe_files import os_reason
from linviz.views.error_text import fill, shown_message

#: The model's templates for a failed write, whose ``reason`` (and ``kind``) are the point.
_WRITE_FAILED = (
    "could not be saved: {reason}; the file on disk is unchanged",
    "could not be saved ({kind}: {reason}); the file on disk is unchanged",
)


class SaveFailure(QtCore.QObject):
    """The texts of a failed save (a QObject for ``tr``: context ``SaveFailure``)."""

    def reason(self, error: BaseException) -> str:
        """Why ``error`` stopped the save, in the language shown, without the file's name."""
        if isinstance(error, ScenarioError):
            if error.template == _WRITE_FAILED[0]:
                return fill("{reason}", error.values)
            if error.template == _WRITE_FAILED[1]:
                return fill("{kind}: {reason}", error.values)
            return shown_message(error)
        if isinstance(error, OSError):
            return fill("{reason}", {"reason": os_reason(error)})
        return printable(f"{type(error).__name__}: {error}")

    def title(self) -> str:
        """The message box's title."""
        return self.tr("Could not save")

    def text(self, path: str | Path, error: BaseException) -> str:
        """``Could not save FILE: reason``, then that the work is kept."""
        first = self.tr("Could not save {0}: {1}").format(printable(str(path)), self.reason(error))
        return first + "\n" + self.tr("Your work is still open here; nothing was lost.")


def save_failed_text(path: str | Path, error: BaseException) -> tuple[str, str]:
    """The title and text the window shows when saving to ``path`` failed with ``error``."""
    words = SaveFailure()
    return words.title(), words.text(path, error)
