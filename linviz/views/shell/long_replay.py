"""The wait cursor, and a word in the status bar, while a delta rule replays a long stretch.

The delta rules replay a block of writes after another: the first move to
the end of a million-step scenario (or the first after an edit near its
start) works out a million writes, about 1.4 s at d = 8, before any view can
draw. Rules without a correction replay a stretch at once (a million steps
in 0.35 s) and need no sign.
"""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.number_text import grouped
from linviz.views.shell.busy import end_busy, show_busy

#: Writes a delta rule replays before the window shows that it is busy (about
#: 0.15 s at d = 8, 0.3 s at d = 64).
LONG_REPLAY_STEPS = 100_000


class LongReplayWatch(QtCore.QObject):
    """Shows that the window works while the session's trace replays a long stretch.

    Connect it to the session before the panels (it must run first): on a
    change that will make the panels replay more than :data:`LONG_REPLAY_STEPS`
    writes of a delta rule, it sets the wait cursor and says so in
    ``window``'s status bar, painted at once; both go once the panels have
    drawn (a zero-delay timer).
    """

    def __init__(self, session: Session, window: QtWidgets.QMainWindow) -> None:
        super().__init__(window)
        self.session = session
        self.window = window
        self._shown: str | None = None
        session.changed.connect(self._on_session_changed)

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        session = self.session
        if not session.scenario.rule.corrects or self._shown is not None:
            return
        steps = session.trace.steps_to_replay(session.cursor)
        if steps <= LONG_REPLAY_STEPS:
            return
        text = self.tr("Working out the memory through %1 more writes…").replace(
            "%1", grouped(steps)
        )
        show_busy(self.window, text)
        self._shown = text
        QtCore.QTimer.singleShot(0, self._done)

    def _done(self) -> None:
        assert self._shown is not None  # scheduled by the change that showed it
        end_busy(self.window, self._shown)
        self._shown = None
