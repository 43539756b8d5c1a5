"""Settings of pyqtgraph views and scenes that make repaints and mouse moves cheaper.

What they save in ``linviz bench`` (paired runs, with and without): the
hover skip 1.6 ms CPU in ``drag_ms.lesson`` and 2.0 ms in
``drag_ms.d64_1000_steps``; the one-rectangle repaint also keeps partial
repaints of the colour bar exact (without it they came out 2–3 levels off).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtWidgets


def repaint_as_one_rectangle(view: QtWidgets.QGraphicsView) -> None:
    """Let ``view`` repaint the one rectangle around everything that changed.

    pyqtgraph asks for the minimal region: a key drag or a cursor move dirties
    many small, scattered pieces, and every item is then painted clipped to
    that many-rectangle region, which costs more than painting the plain
    rectangle around them (measured: ~1 ms a drag frame, ~2.5 ms a scrub).
    """
    view.setViewportUpdateMode(
        QtWidgets.QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate
    )


def quiet_hover_while_dragging(scene: pg.GraphicsScene) -> None:
    """Skip pyqtgraph's hover search on the moves of a drag.

    While an item is dragged it keeps the mouse, yet pyqtgraph still looks
    for every item near the pointer on each move (the shapes of all arrows,
    the axes, the grid): about 0.7 ms a move, and nothing on screen changes.
    """
    send = scene.sendHoverEvents

    def send_unless_dragging(event: object, exitOnly: bool = False) -> None:
        if not exitOnly and scene.dragItem is not None and event.buttons():
            return
        send(event, exitOnly)

    scene.sendHoverEvents = send_unless_dragging
