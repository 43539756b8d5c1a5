"""Arrows of a vector plane: drawn in screen pixels, their tips draggable.

A shaft goes from ``origin`` to ``tip`` in data coordinates; the head, the
label and the grab handle keep their size in pixels whatever the zoom, so
painting happens with the painter's transform reset (as the matrix labels
are painted).

Two items share the drawing code:

* :class:`ArrowItem` is one arrow's handle: its :meth:`~ArrowItem.shape` is
  a disc of ``hit_radius`` pixels around the tip, so a press
  there drags the tip and a press anywhere else reaches the view box, which
  pans. It paints the whole arrow itself only when it is *live* (dragged,
  at the cursor, a read's result); otherwise just its hover ring.
* :class:`ArrowLayer` paints every other arrow in one go (one path per
  colour and style, built with numpy) and keeps the result as a pixmap, so a
  drag repaints one arrow, not a hundred.

What it saves in ``linviz bench`` (``linviz bench --only drawing``, pair
``arrow_item``, one run, 2026-12-06 09:13 UTC, load 0.4): six labelled
arrows moved and repainted cost 0.73 ms a sample as :class:`ArrowItem` s
against 1.31 ms as a ``pg.PlotCurveItem`` shaft, a ``pg.ArrowItem`` head
and a ``pg.TextItem`` label each (1.8× faster; thread CPU time 0.77
against 1.29 ms), though the plain version draws less (no label box, no
halo).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import HoverEvent, MouseDragEvent
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.model.drawable import MAX_DRAWN, clamp_point
from linviz.views.drawing.static_text import draw_centred, metrics
from linviz.views.error_text import too_large_text
from linviz.views.guarded import guarded, guarded_paint, guarded_rect, guarded_shape
from linviz.views.items.device_frame import device_frame
from linviz.views.items.label_boxes import active_label_boxes, frame_of, label_boxes_of
from linviz.views.plain_text import plain_tooltip

Qt = QtCore.Qt


#: Data coordinates a rectangle holds: beyond ±1e300 they are drawn (and framed) at it.
_DRAWN_BOX = (-MAX_DRAWN, -MAX_DRAWN, MAX_DRAWN, MAX_DRAWN)

#: Dash patterns, in multiples of the pen width.
_DASHES = {"dash": [3.0, 2.0], "dot": [0.05, 2.2]}


@dataclass(frozen=True)
class ArrowLook:
    """Everything about how one arrow is drawn (pixels and colour names).

    ``dash`` is ``"solid"``, ``"dash"`` or ``"dot"``; ``label_at`` is
    ``"tip"`` (beyond the head) or ``"middle"`` (beside the shaft);
    ``label_shift`` moves the label by so many pixels (labels of arrows whose
    tips coincide are set side by side this way); ``halo`` outlines the
    arrow in the background colour so it stands out over the others.
    """

    color: str
    alpha: int = 255
    width: float = 2.5
    dash: str = "solid"
    head: float = 12.0
    head_filled: bool = True
    halo: bool = False
    label: str = ""
    label_bold: bool = False
    label_at: str = "tip"
    label_shift: tuple[float, float] = (0.0, 0.0)
    font_pt: float = 10.0
    background: str = "#ffffff"
    hit_radius: float = 8.0


Point = tuple[float, float]


def restyled(look: ArrowLook, **changes: object) -> ArrowLook:
    """``look`` with some fields changed: :func:`dataclasses.replace`, ~10x faster.

    A look is plain frozen data (no ``__post_init__``), so a copy of its fields
    with the changes is the same object ``replace`` would build; the planes
    restyle a few dozen labelled arrows on every cursor move.
    """
    copy = object.__new__(ArrowLook)
    fields = copy.__dict__
    fields.update(look.__dict__)
    fields.update(changes)
    return copy


@functools.lru_cache(maxsize=16)
def label_font(point_size: float, bold: bool) -> QtGui.QFont:
    """The font arrow labels are drawn in."""
    font = QtGui.QFont()
    font.setPointSizeF(point_size)
    font.setBold(bold)
    return font


@functools.lru_cache(maxsize=16)
def _label_font_key(point_size: float, bold: bool) -> str:
    """``label_font(point_size, bold).key()``, worked out once (it is not free)."""
    return label_font(point_size, bold).key()


def label_size(look: ArrowLook) -> tuple[float, float]:
    """Width and height in pixels of the box an arrow's label is drawn in."""
    return _label_box(look.label, look.font_pt, look.label_bold)


@functools.lru_cache(maxsize=4096)
def _label_box(label: str, point_size: float, bold: bool) -> tuple[float, float]:
    # Asked several times per label and repaint (bounds, stacking, painting).
    font_metrics = metrics(label_font(point_size, bold), _label_font_key(point_size, bold))
    return font_metrics.horizontalAdvance(label) + 8, font_metrics.height() + 2


def reach(look: ArrowLook) -> float:
    """How far (pixels) an arrow's drawing may reach beyond its shaft."""
    reach = look.head + look.width + look.hit_radius + 8
    if look.label:
        width, height = label_size(look)
        shift = max(abs(look.label_shift[0]), abs(look.label_shift[1]))
        reach = max(reach, max(width, height) + shift + look.head + look.width + 12)
    return reach


@functools.lru_cache(maxsize=256)
def arrow_color(name: str, alpha: int) -> QtGui.QColor:
    """The colour ``name`` at ``alpha`` (made once: labels ask twice each per paint;
    callers copy it into pens and brushes and never change it).
    """
    color = QtGui.QColor(name)
    color.setAlpha(alpha)
    return color


def make_shaft_pen(color: QtGui.QColor, width: float, dash: str) -> QtGui.QPen:
    """The pen of an arrow's shaft: ``dash`` is ``"solid"``, ``"dash"`` or ``"dot"``."""
    pen = QtGui.QPen(color, width)
    if dash == "solid":
        # Flat caps: Qt strokes antialiased round-capped lines ~20x slower.
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    else:
        pen.setDashPattern(_DASHES[dash])
        pen.setCapStyle(Qt.PenCapStyle.RoundCap if dash == "dot" else Qt.PenCapStyle.FlatCap)
    return pen


def make_head_pen(color: QtGui.QColor, width: float) -> QtGui.QPen:
    """The pen that outlines an open arrow head."""
    pen = QtGui.QPen(color, max(1.5, width * 0.6))
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen


def _set_head_style(
    painter: QtGui.QPainter, color: QtGui.QColor, width: float, filled: bool
) -> None:
    """A filled head is only filled (cheaper); an open head only outlined and
    see-through, so a key's head beneath it shows.
    """
    if filled:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
    else:
        painter.setPen(make_head_pen(color, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)


def _data_rect(points: Sequence[Point]) -> QtCore.QRectF:
    # Corners within ±1e300: a rectangle out to 1.8e308 has an infinite width.
    drawn = [clamp_point(p, _DRAWN_BOX) for p in points]
    xs, ys = [p[0] for p in drawn], [p[1] for p in drawn]
    return QtCore.QRectF(QtCore.QPointF(min(xs), min(ys)), QtCore.QPointF(max(xs), max(ys)))


def paint_arrow(
    painter: QtGui.QPainter,
    start: QtCore.QPointF,
    end: QtCore.QPointF,
    look: ArrowLook,
    zero: QtCore.QPointF,
    label_inside: QtCore.QRectF | None = None,
    taken: list[QtCore.QRectF] | None = None,
) -> QtCore.QRectF | None:
    """Draw one arrow, in device pixels (the painter's transform already reset);
    its label's box (``None`` without a label).

    ``zero`` is where the plane's origin is on screen: labels beside a shaft
    keep away from it (the other arrows start there). ``label_inside`` and
    ``taken``: see :func:`paint_label`.
    """
    color = arrow_color(look.color, look.alpha)
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1.0:  # a zero vector: a small disc
        radius = look.width + 2
        painter.setPen(QtGui.QPen(color, 1.5))
        painter.setBrush(color if look.head_filled else Qt.BrushStyle.NoBrush)
        painter.drawEllipse(end, radius, radius)
    else:
        direction = (dx / length, dy / length)
        if look.halo:
            _paint_shape(
                painter,
                start,
                end,
                direction,
                length,
                look,
                arrow_color(look.background, 255),
                look.width + 5,
                "solid",
                3.0,
            )
        _paint_shape(
            painter, start, end, direction, length, look, color, look.width, look.dash, 0.0
        )
    if not look.label:
        return None
    return paint_label(painter, start, end, look, zero, label_inside, taken)


def _paint_shape(
    painter: QtGui.QPainter,
    start: QtCore.QPointF,
    end: QtCore.QPointF,
    direction: tuple[float, float],
    length: float,
    look: ArrowLook,
    color: QtGui.QColor,
    width: float,
    dash: str,
    extra_head: float,
) -> None:
    ux, uy = direction
    head = min(look.head + extra_head, 0.6 * length + extra_head)
    half = 0.45 * head
    base_x, base_y = end.x() - ux * head, end.y() - uy * head
    painter.setPen(make_shaft_pen(color, width, dash))
    # Stop the shaft inside the head so a thick line never pokes past the tip.
    painter.drawLine(start, QtCore.QPointF(end.x() - ux * head * 0.6, end.y() - uy * head * 0.6))
    _set_head_style(painter, color, width, look.head_filled)
    painter.drawPolygon(
        QtGui.QPolygonF(
            [
                end,
                QtCore.QPointF(base_x - uy * half, base_y + ux * half),
                QtCore.QPointF(base_x + uy * half, base_y - ux * half),
            ]
        )
    )


def label_rect(
    start: tuple[float, float], end: tuple[float, float], look: ArrowLook, zero: tuple[float, float]
) -> tuple[float, float, float, float]:
    """Where an arrow's label box goes, in pixels: ``(left, top, width, height)``.

    Beyond the tip, or (``label_at="middle"``) beside the shaft on the side
    away from ``zero`` (where the plane's origin is), then moved by the
    look's ``label_shift``. ``start``, ``end`` and ``zero`` are device pixels.
    """
    width, height = label_size(look)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = (dx / length, dy / length) if length >= 1.0 else (0.7071, -0.7071)
    if look.label_at == "middle":
        # Beside the shaft, on the side away from the origin, else the upper side.
        nx, ny = -uy, ux
        mid_x, mid_y = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        away = nx * (mid_x - zero[0]) + ny * (mid_y - zero[1])
        if away < -1.0 or (abs(away) <= 1.0 and (ny > 0 or (ny == 0 and nx < 0))):
            nx, ny = -nx, -ny
        gap = look.width + 6
        anchor_x, anchor_y = mid_x + nx * gap, mid_y + ny * gap
        ux, uy = nx, ny
    else:
        gap = look.width + 5
        anchor_x, anchor_y = end[0] + ux * gap, end[1] + uy * gap
    # Push the box away from the arrow so its near edge touches the anchor.
    centre_x = anchor_x + ux * width / 2 + look.label_shift[0]
    centre_y = anchor_y + uy * height / 2 + look.label_shift[1]
    return centre_x - width / 2, centre_y - height / 2, width, height


def paint_label(
    painter: QtGui.QPainter,
    start: QtCore.QPointF,
    end: QtCore.QPointF,
    look: ArrowLook,
    zero: QtCore.QPointF,
    inside: QtCore.QRectF | None = None,
    taken: list[QtCore.QRectF] | None = None,
) -> QtCore.QRectF:
    """Draw an arrow's label on a light box, beyond its tip or beside its shaft; its box.

    ``inside`` (device pixels): the box must lie in it, for a label the
    placer did not place ("too large to draw: 1.8e308" beside a tip held at
    the plot's edge): see :func:`label_inside`, which also keeps it off the
    boxes ``taken`` when it can.
    """
    font = label_font(look.font_pt, look.label_bold)
    painter.setFont(font)
    box = QtCore.QRectF(
        *label_rect((start.x(), start.y()), (end.x(), end.y()), look, (zero.x(), zero.y()))
    )
    lines = [look.label]
    if inside is not None:
        lines = _label_lines(look, inside.width())
        if len(lines) > 1:  # as tall as its lines, as wide as the longest
            sizes = [_label_box(line, look.font_pt, look.label_bold) for line in lines]
            line_height = sizes[0][1] - 2
            box.setSize(QtCore.QSizeF(max(w for w, _ in sizes), line_height * len(lines) + 2))
        box = label_inside(box, start, end, inside, taken or [])
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(arrow_color(look.background, min(look.alpha, 210)))
    painter.drawRoundedRect(box, 3, 3)
    painter.setPen(arrow_color(look.color, max(look.alpha, 110)))
    key = _label_font_key(look.font_pt, look.label_bold)
    if len(lines) == 1:
        draw_centred(painter, box, look.label, font, key)
        return box
    line_box = QtCore.QRectF(box.left(), box.top(), box.width(), box.height() / len(lines))
    for line in lines:
        draw_centred(painter, line_box, line, font, key)
        line_box.translate(0, line_box.height())
    return box


def _label_lines(look: ArrowLook, room: float) -> list[str]:
    """A label's lines in ``room`` pixels: one if it fits, else wrapped between words
    ("too large to draw: -1.8e308" in a plane 110 px wide), rather than cut by the
    view's edge. A word wider than ``room`` has a line of its own.
    """

    def width(text: str) -> float:
        return _label_box(text, look.font_pt, look.label_bold)[0]

    label = look.label
    if width(label) <= room:
        return [label]
    lines: list[str] = []
    for word in label.split(" "):
        if lines and width(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def label_inside(
    box: QtCore.QRectF,
    start: QtCore.QPointF,
    end: QtCore.QPointF,
    inside: QtCore.QRectF,
    taken: list[QtCore.QRectF],
) -> QtCore.QRectF:
    """``box`` moved as little as needed to lie in ``inside`` (its left edge first
    when it is too wide); then, if it meets a box ``taken``, moved past it:
    above or below for a flat shaft from ``start`` to ``end`` (device
    pixels), left or right for a steep one, the first way that stays inside
    and meets none; where it was moved in if neither does.
    """

    def held(candidate: QtCore.QRectF) -> QtCore.QRectF:
        candidate = QtCore.QRectF(candidate)
        right, bottom = inside.right() - candidate.width(), inside.bottom() - candidate.height()
        candidate.moveLeft(max(inside.left(), min(candidate.left(), right)))
        candidate.moveTop(max(inside.top(), min(candidate.top(), bottom)))
        return candidate

    first = held(box)
    if not any(first.intersects(other) for other in taken):
        return first
    flat = abs(end.x() - start.x()) >= abs(end.y() - start.y())
    # Clear of what it meets: above or below it by a flat shaft, beside it by a steep one.
    for side in (-1.0, 1.0):
        moved = QtCore.QRectF(first)
        for _ in range(len(taken)):
            hit = next((other for other in taken if moved.intersects(other)), None)
            if hit is None:
                return moved
            if flat:
                moved.moveTop(hit.top() - 4.0 - box.height() if side < 0 else hit.bottom() + 4.0)
            else:
                moved.moveLeft(hit.left() - 4.0 - box.width() if side < 0 else hit.right() + 4.0)
            if not inside.contains(moved):
                break
        else:
            if not any(moved.intersects(other) for other in taken):
                return moved
    return first


def view_rect_on_device(item: pg.GraphicsObject, painter: QtGui.QPainter) -> QtCore.QRectF | None:
    """The rectangle of ``item``'s view box, in ``painter``'s device pixels (its
    transform still the item's), shrunk by two pixels; ``None`` outside a view box.

    What is drawn beyond it is cut off: the view box clips its children.
    The view's range (data units, the item's own) is mapped forwards: at
    ±1e300 a unit is ~1e-298 pixels, and Qt takes so small a scale for a
    transform it cannot invert.
    """
    view = item.getViewBox()
    if view is None:
        return None
    (left, right), (bottom, top) = view.viewRange()
    transform = painter.transform()
    corners = [transform.map(QtCore.QPointF(x, y)) for x, y in ((left, top), (right, bottom))]
    rect = QtCore.QRectF(corners[0], corners[1]).normalized()
    return rect.adjusted(2.0, 2.0, -2.0, -2.0)


def pixel_size(item: pg.GraphicsObject) -> tuple[float, float]:
    """Data units per screen pixel along x and y (0 when not in a view)."""
    try:
        width, height = item.pixelWidth(), item.pixelHeight()
    except Exception:  # no view yet, or a degenerate one: pyqtgraph cannot invert it
        return 0.0, 0.0
    return (width or 0.0), (height or 0.0)


class ArrowItem(pg.GraphicsObject):
    """One arrow's grab handle (and, when live, the arrow itself).

    Signals carry the item itself and, while moving, the tip the mouse asks
    for in data coordinates (before any snapping: the owner decides where
    the tip really goes and calls :meth:`set_arrow`).
    """

    sigDragStarted = QtCore.Signal(object)
    sigDragged = QtCore.Signal(object, float, float)
    sigDragFinished = QtCore.Signal(object)
    #: A drag was tried on a tip that cannot move (see :meth:`set_draggable`).
    sigDragRefused = QtCore.Signal(object)

    def __init__(self) -> None:
        super().__init__()
        self.role = ""
        self.step_number = 0
        self.draggable = False
        self.refusal = ""
        self.tooltip_provider: Callable[[], str] | None = None
        self._origin: Point = (0.0, 0.0)
        self._tip: Point = (0.0, 0.0)
        self._look = ArrowLook(color="#000000")
        self._live = True
        self._bounds: QtCore.QRectF | None = None
        self._pixel: tuple[float, float] | None = None
        self._hover = False
        self._dragging = False
        self._offset = QtCore.QPointF()
        self._painted = True
        self._label_kept = False  # a box of its label is in the plot's LabelBoxes

    def _sync_contents(self) -> None:
        """Tell Qt whether to call :meth:`paint` at all: a handle that draws
        nothing (not live, no ring) is skipped, which matters with 200 of them.
        """
        painted = self._live or self._hover or self._dragging
        if painted == self._painted:
            return
        scene = self.scene()
        if not painted and scene is not None:
            # Qt repaints nothing for an item without contents: clear its drawing now.
            scene.update(self.sceneBoundingRect())
        if not painted:
            self.forget_label()
        self._painted = painted
        self.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not painted)

    # -- data --------------------------------------------------------------
    @property
    def origin(self) -> Point:
        """Where the shaft starts (data coordinates)."""
        return self._origin

    @property
    def tip(self) -> Point:
        """Where the head points (data coordinates)."""
        return self._tip

    @property
    def look(self) -> ArrowLook:
        """How the arrow is drawn."""
        return self._look

    @property
    def label(self) -> str:
        """The text drawn by the arrow."""
        return self._look.label

    @property
    def live(self) -> bool:
        """Whether this item paints its arrow (else an :class:`ArrowLayer` does)."""
        return self._live

    @property
    def painted(self) -> bool:
        """Whether this item paints anything now (its arrow, or its hover ring)."""
        return self._painted

    def set_arrow(self, origin: Point, tip: Point, look: ArrowLook, live: bool = True) -> None:
        """Move and restyle the arrow; repaints only when something changed."""
        if (
            origin == self._origin
            and tip == self._tip
            and look == self._look
            and (live == self._live)
        ):
            return
        if not live:
            self._live = False
            self._sync_contents()  # erases the arrow while its old bounds are known
        self.prepareGeometryChange()
        self._origin, self._tip, self._look, self._live = origin, tip, look, live
        self._bounds = None
        self._sync_contents()
        if self._painted:
            self.update()

    def set_draggable(self, draggable: bool, refusal: str = "") -> None:
        """Let the tip be dragged (and show a hand over it) or not.

        With a ``refusal`` the tip is a handle that cannot move: pressing it
        shows a "no" cursor, does not pan the view, and a drag emits
        :attr:`sigDragRefused` (the owner says why) instead of moving it.
        """
        if draggable == self.draggable and refusal == self.refusal:
            return
        self.draggable, self.refusal = draggable, refusal
        if draggable:
            self.setCursor(
                Qt.CursorShape.ForbiddenCursor if refusal else Qt.CursorShape.OpenHandCursor
            )
        else:
            self.unsetCursor()

    # -- geometry ---------------------------------------------------------------
    @guarded_rect
    def boundingRect(self) -> QtCore.QRectF:
        # Qt asks for this on every repaint of every item: keep it until it changes.
        if self._bounds is None:
            px, py = self._pixel_size()
            if self._live:
                pad = reach(self._look)
                rect = _data_rect((self._origin, self._tip))
            else:  # only the hover ring around the tip
                pad = self._look.hit_radius + 3
                rect = _data_rect((self._tip,))
            self._bounds = rect.adjusted(-pad * px, -pad * py, pad * px, pad * py)
        return self._bounds

    @guarded_shape
    def shape(self) -> QtGui.QPainterPath:
        """A disc of ``hit_radius`` pixels around the tip: the grab handle."""
        path = QtGui.QPainterPath()
        px, py = self._pixel_size()
        if px > 0 and py > 0:
            radius = self._look.hit_radius
            tip = QtCore.QPointF(*clamp_point(self._tip, _DRAWN_BOX))
            path.addEllipse(tip, radius * px, radius * py)
        return path

    def _pixel_size(self) -> tuple[float, float]:
        # Depends on the view only: kept until the view's transform changes.
        if self._pixel is None:
            pixel = pixel_size(self)
            if pixel == (0.0, 0.0):
                return pixel  # not in a view yet: ask again next time
            self._pixel = pixel
        return self._pixel

    def viewTransformChanged(self) -> None:
        # The pixel-sized parts change size in data units with the zoom.
        super().viewTransformChanged()
        self.prepareGeometryChange()
        self._bounds = None
        self._pixel = None

    # -- painting -------------------------------------------------------------------
    @guarded_paint
    def paint(self, painter: QtGui.QPainter, *args: object) -> None:
        ring = self._hover or self._dragging
        if not (self._live or ring):
            return
        # In device pixels, cut where it leaves the device (with a margin for the head).
        (ends,), (shown,), zero, width, height = device_frame(
            painter, np.array([[*self._origin, *self._tip]])
        )
        if not shown:
            return
        start, end = QtCore.QPointF(ends[0], ends[1]), QtCore.QPointF(ends[2], ends[3])
        inside = (-1.0, -1.0, width + 1.0, height + 1.0)
        look = self._look
        text = too_large_text((*self._origin, *self._tip)) if self._live else None
        boxes = active_label_boxes(self) if self._live else None
        view_rect = view_rect_on_device(self, painter) if boxes or text else None
        frame = frame_of(view_rect)
        label_inside: QtCore.QRectF | None = None
        taken: list[QtCore.QRectF] | None = None
        if text is not None:  # said beside the tip, which is kept on screen
            look = restyled(look, label=f"{look.label}: {text}" if look.label else text)
            end = QtCore.QPointF(*clamp_point((end.x(), end.y()), inside))
            label_inside = view_rect
            # Off the labels the plot's other items drew (the layer's, the arrows').
            taken = boxes.others(self, frame) if boxes is not None and frame is not None else None
        painter.save()
        try:
            painter.resetTransform()
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            if self._live:
                box = paint_arrow(painter, start, end, look, zero, label_inside, taken)
                if boxes is not None and frame is not None:
                    boxes.record(self, frame, [box] if box is not None else [])
                    self._label_kept = box is not None
            else:
                self.forget_label()  # only its ring shows
            if ring:
                painter.setPen(QtGui.QPen(arrow_color(self._look.color, 200), 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                radius = self._look.hit_radius
                painter.drawEllipse(end, radius, radius)
        finally:
            painter.restore()

    def forget_label(self) -> None:
        """No label of this item stands in the plot now (see :mod:`.label_boxes`)."""
        if not self._label_kept:
            return
        self._label_kept = False
        boxes = label_boxes_of(self)
        if boxes is not None:
            boxes.forget(self)

    # -- mouse ------------------------------------------------------------------------
    @guarded()
    def hoverEvent(self, ev: HoverEvent) -> None:
        hovering = False
        if not ev.isExit():
            if ev.isEnter():
                # Built on demand: cosines with thousands of keys are not free.
                provider = self.tooltip_provider
                self.setToolTip(plain_tooltip(provider()) if provider is not None else "")
            if self.draggable:
                hovering = ev.acceptDrags(Qt.MouseButton.LeftButton) and not self.refusal
        if hovering != self._hover:
            self._hover = hovering
            self._sync_contents()
            self.update()

    @guarded()
    def mouseDragEvent(self, ev: MouseDragEvent) -> None:
        if not self.draggable or ev.button() != Qt.MouseButton.LeftButton:
            ev.ignore()
            return
        ev.accept()
        if self.refusal:  # a handle that cannot move: say why once, and do not pan
            if ev.isStart():
                self.sigDragRefused.emit(self)
            return
        if ev.isStart():
            self._offset = QtCore.QPointF(*self._tip) - ev.buttonDownPos()
            self._dragging = True
            self._sync_contents()
            self.update()
            self.sigDragStarted.emit(self)
        if not self._dragging:
            return  # cancelled (Escape): swallow the rest so the view does not pan
        wanted = ev.pos() + self._offset
        self.sigDragged.emit(self, float(wanted.x()), float(wanted.y()))
        if ev.isFinish():
            self._dragging = False
            self.update()
            self._sync_contents()
            self.sigDragFinished.emit(self)

    def abort_drag(self) -> None:
        """Stop following the mouse until the button is released."""
        if self._dragging:
            self._dragging = False
            self.update()
            self._sync_contents()

    @property
    def dragging(self) -> bool:
        """Whether the tip is following the mouse."""
        return self._dragging
