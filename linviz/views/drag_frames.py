"""A drag's moves shown once per frame, however many mouse moves arrive.

The session only keeps the latest move of a drag when it has a frame
scheduler (:attr:`~linviz.controller.session.Session.frame_scheduler`); the
one given here shows it just before the window paints (its
``UpdateRequest``), or at the next turn of the event loop when nothing
paints. Four mouse moves queued while the app was busy then cost one
refresh of the views and one paint, not four; and a move that asked for a
repaint of its own (a hover, the scene) is not painted once before it is
shown and once after.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import shiboken6
from PySide6 import QtCore

from linviz.controller.session import Session
from linviz.model.errors import ScenarioError


class _DragFrames(QtCore.QObject):
    """Shows a waiting move of the drag as ``owner`` is about to paint, else soon.

    One zero-delay timer, reused: a timer made per move would be a child
    added to and removed from the window on every move (two events each
    through its Python ``event``).
    """

    def __init__(self, session: Session, owner: QtCore.QObject) -> None:
        super().__init__(owner)
        self._session = weakref.ref(session)
        self.timer = QtCore.QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._show)
        owner.installEventFilter(self)

    def _show(self) -> None:
        session = self._session()
        if session is not None:
            show_latest_move(session)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        session = self._session()
        if (
            session is not None
            and session.drag_pending
            and event.type() == QtCore.QEvent.Type.UpdateRequest
        ):
            show_latest_move(session)  # its refresh marks what to paint in this very paint
        return False


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
        frames.timer.start()  # nothing may paint (a panel in a floating dock)

    session.frame_scheduler = schedule


def show_latest_move(session: Session) -> None:
    """Show the drag's waiting move, if any (see :meth:`Session.flush_drag`)."""
    # Called by Qt (a timer, an event filter): an error would stop at shiboken's
    # printer, not the app's hook.
    try:
        session.flush_drag()
    except ScenarioError:  # checked at drag_to: only a scenario changed behind the session
        session.cancel_drag()
