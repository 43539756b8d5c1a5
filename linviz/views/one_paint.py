"""The window painted once per change of the session, not once per plot.

Each plot is a graphics scene. A scene takes in its items' updates in a
queued call and then has the window's pending ``UpdateRequest`` delivered
at once (Qt's graphics view does so to get its viewport painted promptly),
so a change that touches four plots painted the window four times, each
pass with what was dirty by then: 4.0 passes per drag move and 4.2 per
scrub in the workloads of ``linviz bench`` (counted with an instrumented
``QApplication.notify``; on a real screen, four partial frames).

:func:`paint_once_per_change` holds the window's ``UpdateRequest`` s back
from a change of the session until the events that change queued are done
(the scenes' calls, the layouts it asked for), then sends one: every panel
shows the change in the same pass. Nothing is lost: a request held back is
always sent when the hold ends, and a hold always ends (its end is a posted
event, delivered by whichever event loop runs next).

What it bought when added (this machine, 300 lesson drag moves in one
window, four pairs in alternating order): 12.05-12.35 ms a move against
12.45-12.86 without the hold, p95 13.7-14.1 against 14.1-14.5; in
``linviz bench --only views --quick`` the drag, the scrub and start-up
stayed within the noise. Its cost is one posted event per change.
"""

from __future__ import annotations

import shiboken6
from PySide6 import QtCore, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.drag_frames import show_drags_once_a_frame
from linviz.views.guarded import guarded

#: The posted event that ends a hold.
END_HOLD = QtCore.QEvent.Type(QtCore.QEvent.registerEventType())
#: Below the window's own UpdateRequest (posted at LowEventPriority): the hold
#: ends after everything the change queued, that request included.
END_HOLD_PRIORITY = QtCore.Qt.EventPriority.LowEventPriority.value - 1


class PaintHold(QtCore.QObject):
    """Keeps a window's ``UpdateRequest`` s back while held; sends one when the hold ends."""

    def __init__(self, window: QtWidgets.QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._held = False
        self._kept_back = False
        #: Passes sent at the end of a hold (for tests).
        self.passes = 0
        window.installEventFilter(self)

    @property
    def held(self) -> bool:
        """Whether requests to paint the window are being kept back now."""
        return self._held

    def hold(self) -> None:
        """Keep the window's paints back until the events queued now are done."""
        if self._held or not shiboken6.isValid(self):  # (the window is gone)
            return
        self._held = True
        QtCore.QCoreApplication.postEvent(self, QtCore.QEvent(END_HOLD), END_HOLD_PRIORITY)

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if self._held and event.type() == QtCore.QEvent.Type.UpdateRequest:
            self._kept_back = True
            return True
        return False

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() != END_HOLD:
            return super().event(event)
        self._held = False
        if self._kept_back:
            self._kept_back = False
            self.passes += 1
            request = QtCore.QEvent(QtCore.QEvent.Type.UpdateRequest)
            QtCore.QCoreApplication.sendEvent(self._window, request)
        return True

    def session_changed(self, _changes: frozenset[Change]) -> None:
        """A slot for the session's ``changed``: hold (held weakly by the session)."""
        self.hold()


def paint_once_per_change(session: Session, window: QtWidgets.QWidget) -> PaintHold:
    """Hold ``window``'s paints from each change of ``session`` until its events are done."""
    paint_hold = PaintHold(window)
    session.changed.connect(paint_hold.session_changed)
    return paint_hold


def pace_frames(session: Session, window: QtWidgets.QWidget) -> PaintHold:
    """A drag's moves shown once a frame (:mod:`~linviz.views.drag_frames`) and
    ``window`` painted once per change of ``session``; the hold.
    """
    show_drags_once_a_frame(session, window)
    return paint_once_per_change(session, window)
