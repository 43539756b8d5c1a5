"""A plain-Python undo stack (no QUndoStack: the controller has no Qt)."""

from __future__ import annotations

from linviz.controller.commands import Command
from linviz.model.scenario import Scenario

#: Oldest entries are dropped past this many.
MAX_UNDO = 500


class UndoStack:
    """Commands done on one scenario, with a marker for "saved here"."""

    def __init__(self) -> None:
        self._done: list[Command] = []
        self._undone: list[Command] = []
        self._clean_depth: int | None = 0

    def push_done(self, command: Command) -> None:
        """Record a command that has already been applied."""
        self._done.append(command)
        self._undone.clear()
        if self._clean_depth is not None and self._clean_depth > len(self._done) - 1:
            self._clean_depth = None  # the saved state can no longer be reached
        if len(self._done) > MAX_UNDO:
            del self._done[0]
            if self._clean_depth is not None:
                self._clean_depth -= 1
                if self._clean_depth < 0:
                    self._clean_depth = None

    def undo(self, scenario: Scenario) -> Command | None:
        """Undo the last command; return it (``None`` if nothing to undo)."""
        if not self._done:
            return None
        command = self._done.pop()
        command.undo(scenario)
        self._undone.append(command)
        return command

    def redo(self, scenario: Scenario) -> Command | None:
        """Redo the last undone command; return it."""
        if not self._undone:
            return None
        command = self._undone.pop()
        command.do(scenario)
        self._done.append(command)
        return command

    def can_undo(self) -> bool:
        return bool(self._done)

    def can_redo(self) -> bool:
        return bool(self._undone)

    def undo_text(self) -> str:
        return self._done[-1].text if self._done else ""

    def redo_text(self) -> str:
        return self._undone[-1].text if self._undone else ""

    def set_clean(self) -> None:
        """Mark the current state as saved."""
        self._clean_depth = len(self._done)

    def set_unsaved(self) -> None:
        """Mark the current state as held by no file (a recovered scenario)."""
        self._clean_depth = None

    def is_clean(self) -> bool:
        """Whether the scenario is as it was when last saved or opened."""
        return self._clean_depth == len(self._done)

    def clear(self) -> None:
        self._done.clear()
        self._undone.clear()
        self._clean_depth = 0
