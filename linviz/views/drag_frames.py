"""A drag's moves shown once per turn of the event loop, however many arrive.

The session only keeps the latest move of a drag when it has a frame
scheduler (:attr:`~linviz.controller.session.Session.frame_scheduler`). The
one given here posts an event that shows it: posted events are delivered in
order, so the mouse moves already queued come first (four queued moves cost
one refresh of the views, not four), and the window's ``UpdateRequest`` is
posted at a lower priority, so the move is shown (and the graphics scenes
have taken it in, from their own queued calls) before the window paints:
one paint per frame, not one before the move is shown and one after.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import shiboken6
from PySide6 import QtCore

from linviz.controller.session import Session
from linviz.model.errors import ScenarioError

#: The event that shows the waiting move.
SHOW_MOVE = QtCore.QEvent.Type(QtCore.QEvent.registerEventType())


class _DragFrames(QtCore.QObject):
    """Shows the drag's waiting move when its posted event comes."""

    def __init__(self, session: Session, owner: QtCore.QObject) -> None:
        super().__init__(owner)
        self._session = weakref.ref(session)

    def post(self) -> None:
        """Ask for the waiting move to be shown after the events queued now."""
        QtCore.QCoreApplication.postEvent(self, QtCore.QEvent(SHOW_MOVE))

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == SHOW_MOVE:
            session = self._session()
            if session is not None:
                show_latest_move(session)
            return True
        return super().event(event)


def show_drags_once_a_frame(session: Session, owner: QtCore.QObject) -> None:
    """Give ``session`` a frame scheduler bound to the window ``owner``.

    Held weakly: once ``owner`` is gone, moves are shown at once again.
    """
    frames_ref = weakref.ref(_DragFrames(session, owner))

    def schedule(flush: Callable[[], None]) -> None:
        frames = frames_ref()
        if frames is None or not shiboken6.isValid(frames):
            session.frame_scheduler = None
            flush()
            return
        frames.post()

    session.frame_scheduler = schedule


def show_latest_move(session: Session) -> None:
    """Show the drag's waiting move, if any (see :meth:`Session.flush_drag`)."""
    # Called by Qt (an event handler): an error would stop at shiboken's
    # printer, not the app's hook.
    try:
        session.flush_drag()
    except ScenarioError:  # checked at drag_to: only a scenario changed behind the session
        session.cancel_drag()
