"""Many arrows painted at once: one path per style, built with numpy.

The arrows a vector plane shows but nobody moves; kept as a pixmap while
something is dragged.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``drag_ms.d64_1000_steps`` 17 ms,
``scrub_ms.100_steps`` 12.6 ms, ``scrub_ms.100000_steps`` 14 ms.
"""

from __future__ import annotations

import functools

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.model.drawable import clamp_array, clamp_point, undrawable_rows
from linviz.views.drawing.array_paths import PathRecords
from linviz.views.drawing.item_cache import redraw_cached
from linviz.views.error_text import too_large_text
from linviz.views.guarded import guarded_paint, guarded_rect
from linviz.views.items.arrow_item import (
    ArrowLook,
    arrow_color,
    make_head_pen,
    make_shaft_pen,
    paint_label,
    pixel_size,
    reach,
    restyled,
    view_rect_on_device,
)
from linviz.views.items.device_frame import device_frame
from linviz.views.items.label_boxes import active_label_boxes, frame_of

#: A label is kept this far (pixels) inside the device's edges.
LABEL_INSET_PX = 12.0


#: Above this many arrows, a layer is painted without antialiasing.
CROWDED = 60


@functools.lru_cache(maxsize=4096)
def _style(look: ArrowLook) -> ArrowLook:
    """``look`` without its label: arrows sharing a style are drawn as one batch.

    Cached: a plane restyles up to a hundred arrows per cursor move from a few looks.
    """
    return restyled(look, label="", label_bold=False, label_shift=(0.0, 0.0))


@functools.lru_cache(maxsize=256)
def _batch_tools(style: ArrowLook) -> tuple[QtGui.QColor, QtGui.QPen, QtGui.QPen, QtGui.QPen]:
    """Colour, shaft pen, head pen and dot pen of one style, built once."""
    color = arrow_color(style.color, style.alpha)
    return (
        color,
        make_shaft_pen(color, style.width, style.dash),
        make_head_pen(color, style.width),
        QtGui.QPen(color, 1.5),
    )


class ArrowLayer(pg.GraphicsObject):
    """Many arrows painted at once: the ones nobody is moving.

    Arrows are painted in the order given (later on top within one style);
    shafts and heads of one style form one path each, so a hundred arrows
    cost a few draw calls. While something is dragged the layer stays the
    same from frame to frame and is kept as a pixmap (:meth:`set_cached`),
    reused until :meth:`set_arrows` changes something.
    """

    def __init__(self) -> None:
        super().__init__()
        self._looks: list[ArrowLook] = []
        self._labelled: list[int] = []  # indexes of the arrows with a label
        self._styles: list[ArrowLook] = []  # looks without labels, in first-seen order
        self._style_of = np.zeros(0, dtype=np.int64)  # index in _styles of each arrow
        self._points = np.zeros((0, 4))  # x0, y0, x1, y1 of each arrow (data units)
        self._heads = np.zeros(0)  # head length of each arrow (pixels)
        self._too_large = np.zeros(0, dtype=bool)  # arrows with a number too large to draw
        self._rect = QtCore.QRectF()
        self._reach = 0.0
        self._bounds: QtCore.QRectF | None = None
        self.set_cached(True)

    def set_cached(self, cached: bool) -> None:
        """Keep the painted layer as a pixmap (worth it while the layer stays the
        same over many repaints: a drag's frames), or paint it each time (when
        every repaint brings new arrows: a cursor move would pay for a new
        pixmap, its clearing and its copy on top of the painting).
        """
        mode = QtWidgets.QGraphicsItem.CacheMode
        wanted = mode.DeviceCoordinateCache if cached else mode.NoCache
        if self.cacheMode() != wanted:
            self.setCacheMode(wanted)
            self.update()

    def set_arrows(self, origins: np.ndarray, tips: np.ndarray, looks: list[ArrowLook]) -> None:
        """Show arrows from ``origins`` to ``tips`` (``(n, 2)``, data units), each drawn
        with its look; repaints only when something changed.
        """
        points = np.column_stack([origins, tips]).reshape(-1, 4)
        if looks == self._looks and np.array_equal(points, self._points):
            return
        self.prepareGeometryChange()
        self._looks, self._points = looks, points
        # Looks are shared objects (a plane builds each once): work per distinct
        # look, not per arrow; hashing a look is not free and this runs per cursor move.
        distinct = {id(look): look for look in looks}
        styles: dict[ArrowLook, int] = {}
        style_by_id = {
            key: styles.setdefault(_style(look), len(styles)) for key, look in distinct.items()
        }
        self._styles = list(styles)
        self._style_of = np.array([style_by_id[id(look)] for look in looks], dtype=np.int64)
        self._heads = np.array([look.head for look in looks], dtype=float)
        self._labelled = [index for index, look in enumerate(looks) if look.label]
        self._too_large = undrawable_rows(points)
        if looks:
            drawn = clamp_array(points)  # a rectangle Qt can hold: no side beyond ±1e300
            xs, ys = drawn[:, 0::2], drawn[:, 1::2]
            self._rect = QtCore.QRectF(
                QtCore.QPointF(xs.min(), ys.min()), QtCore.QPointF(xs.max(), ys.max())
            )
            self._reach = max(reach(look) for look in distinct.values())
        self._bounds = None
        redraw_cached(self)

    def __len__(self) -> int:
        return len(self._looks)

    @guarded_rect
    def boundingRect(self) -> QtCore.QRectF:
        if not self._looks:
            return QtCore.QRectF()
        if self._bounds is None:
            px, py = pixel_size(self)
            pad = self._reach
            self._bounds = self._rect.adjusted(-pad * px, -pad * py, pad * px, pad * py)
        return self._bounds

    def viewTransformChanged(self) -> None:
        super().viewTransformChanged()
        self.prepareGeometryChange()
        self._bounds = None
        redraw_cached(self)  # drawn at the old scale

    @guarded_paint
    def paint(self, painter: QtGui.QPainter, *args: object) -> None:
        boxes = active_label_boxes(self)
        if not self._looks:
            if boxes is not None:
                boxes.forget(self)
            return
        # Device pixels, cut at a margin around the device: a tip 1e308 out draws no shaft.
        ends, shown, zero, width, height = device_frame(painter, self._points)
        # Its words are longer than the placer's label: kept in the view box as drawn.
        any_too_large = bool(self._too_large.any())
        view_rect = view_rect_on_device(self, painter) if any_too_large or boxes else None
        too_large_inside = view_rect if any_too_large else None
        frame = frame_of(view_rect)
        painter.save()
        try:
            painter.resetTransform()
            # A crowded plane is a texture anyway: antialiasing would cost 5x.
            painter.setRenderHint(
                QtGui.QPainter.RenderHint.Antialiasing, len(self._looks) <= CROWDED
            )
            self._paint_batches(painter, ends, shown)
            looks = self._looks
            # A label stays on screen, and one of a tip too far to draw says so.
            inside = (
                LABEL_INSET_PX,
                LABEL_INSET_PX,
                width - LABEL_INSET_PX,
                height - LABEL_INSET_PX,
            )
            # The placer's labels first: a too-large one's longer words then keep off them.
            too_large = np.flatnonzero(self._too_large).tolist()
            labelled = sorted(set(self._labelled) - set(too_large)) + too_large
            # Off the labels the arrows that paint themselves drew (see label_boxes).
            others = boxes.others(self, frame) if too_large and boxes and frame else []
            taken: list[QtCore.QRectF] = []
            for index in labelled:
                if not shown[index]:
                    continue
                x0, y0, x1, y1 = ends[index].tolist()
                look = looks[index]
                label_inside = None
                if self._too_large[index]:
                    text = too_large_text(self._points[index]) or ""
                    look = restyled(look, label=f"{look.label}: {text}" if look.label else text)
                    label_inside = too_large_inside
                box = paint_label(
                    painter,
                    QtCore.QPointF(*clamp_point((x0, y0), inside)),
                    QtCore.QPointF(*clamp_point((x1, y1), inside)),
                    look,
                    zero,
                    label_inside,
                    taken + others if label_inside is not None else None,
                )
                taken.append(box)
            if boxes is not None and frame is not None:
                boxes.record(self, frame, taken)
        finally:
            painter.restore()

    def _paint_batches(self, painter: QtGui.QPainter, ends: np.ndarray, shown: np.ndarray) -> None:
        """Shafts and heads, one batch per style, in first-seen style order.

        The geometry of every arrow is computed at once (numpy), sorted by
        style, and cut into one path of shafts and one of heads per style
        (:class:`~linviz.views.array_paths.PathRecords`): a Python call per
        style, not per arrow or point.
        """
        ends = ends[shown]
        delta = ends[:, 2:] - ends[:, :2]
        length = np.hypot(delta[:, 0], delta[:, 1])
        dots = length < 1.0
        unit = delta / np.where(dots, 1.0, length)[:, None]
        head = np.minimum(self._heads[shown], 0.6 * length)[:, None]
        tips = ends[:, 2:]
        base = tips - unit * head
        normal = np.column_stack([-unit[:, 1], unit[:, 0]]) * head * 0.45
        style_of = self._style_of[shown]
        # Arrows that are not dots, grouped by style (each group in drawing order).
        order = np.flatnonzero(~dots)
        order = order[np.argsort(style_of[order], kind="stable")]
        counts = np.bincount(style_of[order], minlength=len(self._styles))
        shafts = np.empty((len(order), 2, 2))
        shafts[:, 0] = ends[order, :2]
        # Shafts stop inside the head so a thick line never pokes past the tip.
        shafts[:, 1] = (tips - unit * head * 0.6)[order]
        triangles = np.empty((len(order), 4, 2))  # tip → corner → corner → tip
        triangles[:, 0] = triangles[:, 3] = tips[order]
        triangles[:, 1] = (base + normal)[order]
        triangles[:, 2] = (base - normal)[order]
        shaft_paths, head_paths = PathRecords(shafts), PathRecords(triangles)
        start = 0
        spots = _dot_spots(tips[dots], style_of[dots]) if dots.any() else {}
        for index, style in enumerate(self._styles):
            color, shaft_pen, head_pen, dot_pen = _batch_tools(style)
            if index in spots:  # zero vectors: a small disc each
                _paint_dots(painter, spots[index], style, color, dot_pen)
            stop = start + int(counts[index])
            if stop == start:
                continue
            painter.setPen(shaft_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(shaft_paths.path(start, stop))
            if style.head_filled:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(color)
                painter.drawPath(head_paths.path(start, stop, Qt.FillRule.WindingFill))
            else:  # only outlined and see-through, so a key's head beneath shows
                painter.setPen(head_pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawPath(head_paths.path(start, stop))
            start = stop


def _dot_spots(points: np.ndarray, styles: np.ndarray) -> dict[int, list[QtCore.QPointF]]:
    """Where zero vectors at ``points`` (device pixels) of ``styles`` go: each spot
    once per style, to half a pixel.

    A far zoom turns many short arrows into discs on the same few pixels:
    drawing each spot once keeps that cheap. Style and spot are packed in one
    integer so one 1-d ``np.unique`` finds them all.
    """
    halves = np.clip(np.round(points * 2), -_SPOT_LIMIT, _SPOT_LIMIT).astype(np.int64)
    packed = np.unique(
        (styles.astype(np.int64) << 42)
        + ((halves[:, 0] + _SPOT_LIMIT) << 21)
        + (halves[:, 1] + _SPOT_LIMIT)
    )
    found: dict[int, list[QtCore.QPointF]] = {}
    for code in packed.tolist():
        x, y = ((code >> 21) & _SPOT_MASK) - _SPOT_LIMIT, (code & _SPOT_MASK) - _SPOT_LIMIT
        found.setdefault(code >> 42, []).append(QtCore.QPointF(x / 2, y / 2))
    return found


#: Half-pixel spots are kept within ±_SPOT_LIMIT (far off any screen) to pack in 21 bits.
_SPOT_LIMIT = (1 << 20) - 1


_SPOT_MASK = (1 << 21) - 1


def _paint_dots(
    painter: QtGui.QPainter,
    spots: list[QtCore.QPointF],
    style: ArrowLook,
    color: QtGui.QColor,
    dot_pen: QtGui.QPen,
) -> None:
    """Discs for zero vectors at ``spots`` (device pixels) in ``style``."""
    radius = style.width + 2
    if style.head_filled:
        # A round point as wide as the disc and its outline: one call for all.
        painter.setPen(_disc_pen(color.rgba(), 2 * radius + dot_pen.widthF()))
        painter.drawPoints(spots)
        return
    painter.setPen(dot_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for spot in spots:
        painter.drawEllipse(spot, radius, radius)


@functools.lru_cache(maxsize=64)
def _disc_pen(rgba: int, width: float) -> QtGui.QPen:
    """A round-capped pen of colour ``rgba``: a point drawn with it is a disc ``width`` across."""
    pen = QtGui.QPen(QtGui.QColor.fromRgba(rgba), width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen
