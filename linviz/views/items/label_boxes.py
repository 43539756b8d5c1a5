"""The label boxes a plot's items drew, so a label placed at paint time keeps off them.

A plane's labels are drawn by several items: its arrow layer and each arrow
that paints itself. The label placer places them all, except the label of
a tip too far out to draw ("too large to draw: 1.8e308"), which is put
beside the clamped tip when it is painted and is longer. It kept off the
labels drawn by the same item only, and lay over the others' ("r1" at the
origin under "w2: too large to draw: 1.8e308").

While some arrow of the plot is too far out (its owner says so on each
refresh: :meth:`LabelBoxes.set_active`; otherwise nothing is kept, at no
cost to a paint), each item records here the boxes it drew, in device
pixels, with the frame they were drawn in (where the view box was on the
device); one placing such a label keeps off the boxes the plot's other
items drew in the same frame.
The layer paints first in a pass (it lies below the arrows), so an arrow
painting itself sees the layer's boxes of this pass; the layer sees the
arrows' boxes of the pass before (the same while nothing moves).
"""

from __future__ import annotations

import weakref

import pyqtgraph as pg
from PySide6 import QtCore

#: Where a plot's view box was on the device when boxes were drawn (pixels).
Frame = tuple[float, float, float, float]

#: The attribute of a view box that holds its :class:`LabelBoxes`.
_ATTRIBUTE = "_linviz_label_boxes"


class LabelBoxes:
    """The label boxes each item of one plot drew last, and in which frame."""

    def __init__(self) -> None:
        self._kept: weakref.WeakKeyDictionary[object, tuple[Frame, list[QtCore.QRectF]]] = (
            weakref.WeakKeyDictionary()
        )
        #: Whether some arrow of the plot has a tip too far out to draw: only
        #: then are boxes kept (the plot's owner says so on each refresh).
        self.active = False

    def set_active(self, active: bool) -> None:
        """Keep boxes (a label is placed at paint time) or not (none is: forget them)."""
        self.active = active
        if not active:
            self._kept.clear()

    def others(self, owner: object, frame: Frame) -> list[QtCore.QRectF]:
        """The boxes every item but ``owner`` drew last in ``frame``."""
        return [
            box
            for item, (drawn_in, boxes) in list(self._kept.items())
            if item is not owner and drawn_in == frame
            for box in boxes
        ]

    def record(self, owner: object, frame: Frame, boxes: list[QtCore.QRectF]) -> None:
        """``owner`` drew ``boxes`` (and no others) in ``frame``."""
        if boxes:
            self._kept[owner] = (frame, boxes)
        else:
            self._kept.pop(owner, None)

    def forget(self, owner: object) -> None:
        """``owner`` draws no label now (hidden, or drawn by the layer)."""
        self._kept.pop(owner, None)


def label_boxes_of(item: pg.GraphicsObject) -> LabelBoxes | None:
    """The :class:`LabelBoxes` of ``item``'s view box (made on first use); ``None`` outside one."""
    view = item.getViewBox()
    if view is None:
        return None
    kept = view.__dict__.get(_ATTRIBUTE)
    if kept is None:
        kept = view.__dict__[_ATTRIBUTE] = LabelBoxes()
    return kept


def active_label_boxes(item: pg.GraphicsObject) -> LabelBoxes | None:
    """:func:`label_boxes_of` ``item`` while they are kept (:attr:`LabelBoxes.active`)."""
    kept = label_boxes_of(item)
    return kept if kept is not None and kept.active else None


def frame_of(rect: QtCore.QRectF | None) -> Frame | None:
    """The frame a view box's device rectangle stands for (to the half pixel)."""
    if rect is None:
        return None
    return (
        round(rect.x() * 2) / 2,
        round(rect.y() * 2) / 2,
        round(rect.width() * 2) / 2,
        round(rect.height() * 2) / 2,
    )
