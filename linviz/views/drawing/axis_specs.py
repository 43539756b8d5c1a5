"""An axis's ticks, grid lines and tick labels worked out as pyqtgraph does, without its overhead.

``pg.AxisItem.generateDrawSpecs`` runs each time an axis's range or size
changes, which for the value plane is almost every step of a scrub (each
step frames its own arrows). It builds a ``pg.Point`` for each end of each
tick (~70 a call) and measures each tick label with ``QPainter.boundingRect``
(~25 a call), though the same few strings come back all the time.
:func:`draw_specs` returns the same specifications (same tick levels, same
pens, same rectangles, same texts: ``tests/views/drawing/test_axis_specs.py``
compares them over many ranges, sizes and fonts) with ``QPointF`` s and the
labels' sizes kept per font and text.

What it saves in ``linviz bench`` (four interleaved pairs of runs, this
module against pyqtgraph's own, everything else equal, 2026-12-06 03:50 UTC,
load 1.0): ``scrub_ms.100000_steps`` 32.8 → 30.7 ms and ``scrub_ms.100_steps``
29.0 → 26.3 ms (faster in every pair). One specification costs 0.58 ms with
pyqtgraph's and 0.32 ms with this one (400 random ranges on the planes'
axes), and the value plane asks for two on nearly every step of a scrub
(its frame follows the step). Drags keep their frames still and ask for none.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

Qt = QtCore.Qt

#: Label sizes kept, per (font, resolution, text); cleared when full.
KEPT_SIZES = 4096
_sizes: dict[tuple[str, int, str], tuple[float, float]] = {}

#: Where the axis line runs, relative to the item's bounds, per orientation:
#: (corner of the line's start, its offset; corner of its end, its offset).
_SPANS = {
    "left": ("topRight", (-1.0, -1.0), "bottomRight", (-1.0, 1.0)),
    "right": ("topLeft", (1.0, -1.0), "bottomLeft", (1.0, 1.0)),
    "top": ("bottomLeft", (-1.0, -1.0), "bottomRight", (1.0, -1.0)),
    "bottom": ("topLeft", (-1.0, 1.0), "topRight", (1.0, 1.0)),
}
_ALIGN = {
    "left": Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    "right": Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    "top": Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
    "bottom": Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
}
_MEASURE_BOX = QtCore.QRectF(0, 0, 100, 100)


def _label_size(
    painter: QtGui.QPainter, font_key: tuple[str, int], text: str
) -> tuple[float, float]:
    """Width and height pyqtgraph gives ``text``'s box (its height trimmed to 80 %)."""
    key = (*font_key, text)
    size = _sizes.get(key)
    if size is None:
        box = painter.boundingRect(_MEASURE_BOX, Qt.AlignmentFlag.AlignCenter, text)
        box.setHeight(box.height() * 0.8)  # pyqtgraph: "usually just a bit too large"
        size = (box.width(), box.height())
        if len(_sizes) >= KEPT_SIZES:
            _sizes.clear()
        _sizes[key] = size
    return size


def _tick_pen(axis: pg.AxisItem, level: int, count: int, length_px: float) -> QtGui.QPen:
    """The pen of tick level ``level`` (``count`` ticks), faded as pyqtgraph fades it."""
    alpha = axis.style["tickAlpha"]
    if alpha is None:
        alpha = 255 / (level + 1)
        if axis.grid is not False:
            alpha *= (
                axis.grid
                / 255.0
                * pg.functions.clip_scalar((0.05 * length_px / (count + 1)), 0.0, 1.0)
            )
    elif isinstance(alpha, float):
        alpha = min(255, max(0, int(round(alpha * 255))))
    elif isinstance(alpha, int):
        if alpha > 255 or alpha < 0:
            raise ValueError("lineAlpha should be [0..255]")
    else:
        raise TypeError("Line Alpha should be of type None, float or int")
    pen = axis.tickPen()
    if pen.brush().style() == Qt.BrushStyle.SolidPattern:  # only simple colour pens fade
        pen = QtGui.QPen(pen)
        color = QtGui.QColor(pen.color())
        color.setAlpha(int(alpha))
        pen.setColor(color)
    return pen


def tick_values(axis: pg.AxisItem, low: float, high: float, size: float) -> list:
    """``pg.AxisItem.tickValues`` on a linear axis: the same levels and values.

    pyqtgraph drops a lower level's tick lying within a hundredth of a
    spacing of a higher level's with ``np.isclose``; the same test is
    written out here (``|a - b| <= atol`` for a finite tick, or equal),
    without its ~30 µs of checks per level.
    """
    low, high = sorted((low, high))
    low *= axis.scale
    high *= axis.scale
    ticks = []
    kept = np.empty(0)
    for spacing, offset in axis.tickSpacing(low, high, size):
        start = (math.ceil((low - offset) / spacing) * spacing) + offset
        count = int((high - start) / spacing) + 1
        values = (np.arange(count) * spacing + start) / axis.scale
        if kept.size:
            tolerance = spacing / axis.scale * 0.01
            with np.errstate(invalid="ignore", over="ignore"):
                apart = np.abs(kept - values[:, np.newaxis])
                close = (apart <= tolerance) & np.isfinite(values)[:, np.newaxis]
                close |= kept == values[:, np.newaxis]
            values = values[~close.any(axis=-1)]
            kept = np.concatenate([kept, values])
        else:
            kept = values
        ticks.append((spacing / axis.scale, values.tolist()))
    return ticks


def draw_specs(axis: pg.AxisItem, painter: QtGui.QPainter) -> tuple[Any, list, list] | None:
    """``axis.generateDrawSpecs(painter)``'s result: (axis line, ticks, texts), or None.

    The same values as pyqtgraph 0.13-0.14 gives, in ``QPointF`` s rather
    than ``pg.Point`` s (``drawPicture`` draws either).
    """
    style = axis.style
    if style["tickFont"] is not None:
        painter.setFont(style["tickFont"])
    bounds = axis.mapRectFromParent(axis.geometry())
    view = axis.linkedView()
    if view is None or axis.grid is False:
        tick_bounds = bounds
    else:
        tick_bounds = view.mapRectToItem(axis, view.boundingRect())
    orientation = axis.orientation
    if orientation not in _SPANS:
        raise ValueError("self.orientation must be in {'left', 'right', 'top', 'bottom'}")
    start_corner, start_offset, end_corner, end_offset = _SPANS[orientation]
    span = [
        getattr(bounds, start_corner)() + QtCore.QPointF(*start_offset),
        getattr(bounds, end_corner)() + QtCore.QPointF(*end_offset),
    ]
    vertical = orientation in ("left", "right")
    along = 0 if vertical else 1  # pyqtgraph's "axis": the coordinate ticks share
    if orientation == "left":
        tick_start, tick_stop, tick_dir = tick_bounds.right(), bounds.right(), -1
    elif orientation == "right":
        tick_start, tick_stop, tick_dir = tick_bounds.left(), bounds.left(), 1
    elif orientation == "top":
        tick_start, tick_stop, tick_dir = tick_bounds.bottom(), bounds.bottom(), -1
    else:
        tick_start, tick_stop, tick_dir = tick_bounds.top(), bounds.top(), 1

    ends = [axis.mapToDevice(point) for point in span]
    if None in ends:
        return None
    length_px = math.hypot(ends[1].x() - ends[0].x(), ends[1].y() - ends[0].y())
    if length_px == 0:
        return None

    low, high = axis.range[0], axis.range[1]
    if axis._tickLevels is None:
        levels = (
            axis.tickValues(low, high, length_px)
            if axis.logMode or type(axis).tickValues is not pg.AxisItem.tickValues
            else tick_values(axis, low, high, length_px)
        )
        given_strings = None
    else:
        levels = [(None, [value for value, _ in level]) for level in axis._tickLevels]
        given_strings = [[text for _, text in level] for level in axis._tickLevels]

    difference = high - low
    if difference == 0:
        scale, offset = 1, 0
    elif vertical:
        scale = -bounds.height() / difference
        offset = low * scale - bounds.height()
    else:
        scale = bounds.width() / difference
        offset = low * scale
    ends_px = [low * scale - offset, high * scale - offset]
    least, most = min(ends_px), max(ends_px)

    positions: list[list[float | None]] = []
    tick_specs: list[tuple[QtGui.QPen, QtCore.QPointF, QtCore.QPointF]] = []
    grid = axis.grid is not False
    for level, (_, values) in enumerate(levels):
        tick_length = style["tickLength"] / ((level * 0.5) + 1.0)
        pen = _tick_pen(axis, level, len(values), length_px)
        reach = tick_stop if grid else tick_stop + tick_length * tick_dir
        places: list[float | None] = [(value * scale) - offset for value in values]
        for index, x in enumerate(places):
            if x < least or x > most:  # outside the axis after all
                places[index] = None
        inside = [x for x in places if x is not None]
        if vertical:
            tick_specs += [
                (pen, QtCore.QPointF(tick_start, x), QtCore.QPointF(reach, x)) for x in inside
            ]
        else:
            tick_specs += [
                (pen, QtCore.QPointF(x, tick_start), QtCore.QPointF(x, reach)) for x in inside
            ]
        positions.append(places)

    for end, stop_at_tick in enumerate(style["stopAxisAtTick"]):
        if stop_at_tick is True:
            picked = (min if end == 0 else max)(map(min if end == 0 else max, positions))
            point = span[end]
            if vertical:
                point.setY(max(point.y(), picked) if end == 0 else min(point.y(), picked))
            else:
                point.setX(max(point.x(), picked) if end == 0 else min(point.x(), picked))
    axis_spec = (axis.pen(), span[0], span[1])

    text_specs: list[tuple[QtCore.QRectF, Any, str]] = []
    if not style["showValues"]:
        return axis_spec, tick_specs, text_specs
    font = painter.font()
    device = painter.device()
    font_key = (font.key(), device.logicalDpiX() if device is not None else 0)
    text_offset = style["tickTextOffset"][along]
    gap = max(0, style["tickLength"]) + text_offset
    flags = _ALIGN[orientation] | Qt.TextFlag.TextDontClip
    box = axis.boundingRect()
    sizes: list[tuple[float, float]] = []  # every level's so far, as pyqtgraph counts them
    last_size_across = 0
    for level in range(min(len(levels), style["maxTextLevel"] + 1)):
        if given_strings is None:
            spacing, values = levels[level]
            strings = axis.tickStrings(values, axis.autoSIPrefixScale * axis.scale, spacing)
        else:
            strings = list(given_strings[level])
        if len(strings) == 0:
            continue
        places = positions[level]
        level_sizes: list[tuple[float, float] | None] = []
        for index, text in enumerate(strings):
            if places[index] is None:
                level_sizes.append(None)
            else:
                size = _label_size(painter, font_key, text)
                level_sizes.append(size)
                sizes.append(size)
        if sizes:
            along_sizes = [h for _, h in sizes] if vertical else [w for w, _ in sizes]
            across_sizes = [w for w, _ in sizes] if vertical else [h for _, h in sizes]
            size_along, size_across = np.sum(along_sizes), np.max(across_sizes)
        else:
            size_along = size_across = 0
        if level > 0:  # the top level is always labelled; crowded lower ones are not
            fill = float(size_along) / length_px
            if any(
                len(text_specs) >= texts and fill >= limit
                for texts, limit in style["textFillLimits"]
            ):
                break
        last_size_across = size_across
        for index, text in enumerate(strings):
            size = level_sizes[index]
            if size is None:
                continue
            x = places[index]
            width, height = size
            if orientation == "left":
                rect = QtCore.QRectF(tick_stop - gap - width, x - (height / 2), width, height)
            elif orientation == "right":
                rect = QtCore.QRectF(tick_stop + gap, x - (height / 2), width, height)
            elif orientation == "top":
                rect = QtCore.QRectF(x - width / 2.0, tick_stop - gap - height, width, height)
            else:
                rect = QtCore.QRectF(x - width / 2.0, tick_stop + gap, width, height)
            if box & rect != rect:  # (contains() suffers from rounding)
                continue
            text_specs.append((rect, flags, text))
    axis._updateMaxTextSize(last_size_across)
    return axis_spec, tick_specs, text_specs


#: Pixels kept clear between two tick labels side by side (after :func:`thinned`).
LABEL_GAP_PX = 4.0


def thinned(specs: tuple[Any, list, list] | None) -> tuple[Any, list, list] | None:
    """``specs`` (as :func:`draw_specs` gives them) with no tick label over another.

    pyqtgraph labels every tick of the top level, however long the labels:
    ``-5e+299``, ``0`` and ``5e+299`` on a narrow plane ran into one another.
    Every ``k``-th label along the axis is kept instead, ``k`` the smallest
    that leaves :data:`LABEL_GAP_PX` between neighbours, counted from the
    label of 0 if it shows (else from the first); the ticks and grid lines
    all stay. Specs whose labels clear one another come back as they were.
    """
    if specs is None:
        return None
    axis_spec, tick_specs, text_specs = specs
    count = len(text_specs)
    if count < 2:
        return specs
    vertical = bool(text_specs[0][1] & Qt.AlignmentFlag.AlignVCenter)
    order = sorted(
        range(count),
        key=lambda i: text_specs[i][0].center().y() if vertical else text_specs[i][0].center().x(),
    )
    rects = [text_specs[i][0] for i in order]
    zero = next((n for n, i in enumerate(order) if text_specs[i][2] in _ZERO_TEXTS), 0)
    for stride in range(1, count + 1):
        kept = list(range(zero % stride, count, stride))
        if all(not _too_close(rects[a], rects[b]) for a, b in zip(kept, kept[1:])):
            if stride == 1:
                return specs
            return axis_spec, tick_specs, [text_specs[order[n]] for n in kept]
    return axis_spec, tick_specs, [text_specs[order[zero]]]


#: How a tick label of zero reads (pyqtgraph's and our own).
_ZERO_TEXTS = frozenset({"0", "0.0", "0,0", "−0", "-0"})


def _too_close(first: QtCore.QRectF, second: QtCore.QRectF) -> bool:
    gap = LABEL_GAP_PX / 2
    return first.adjusted(-gap, -gap, gap, gap).intersects(second.adjusted(-gap, -gap, gap, gap))
