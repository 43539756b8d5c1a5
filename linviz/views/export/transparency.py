"""Transparent backgrounds for PNG exports.

Two steps. While the widgets are drawn, :func:`transparent_background` makes
style sheets and plots leave the theme's background unpainted. Widgets that
fill their own background with the theme colour (painted bars, chip strips)
are handled after drawing by :func:`key_out_background`: background pixels
connected to the transparent area go, and text drawn on them is separated
from them (its edges keep partial alpha; the holes of its letters go too).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets


def graphics_views(widget: QtWidgets.QWidget) -> list[QtWidgets.QGraphicsView]:
    """``widget`` and its children that are graphics views (plots)."""
    views = widget.findChildren(QtWidgets.QGraphicsView)
    if isinstance(widget, QtWidgets.QGraphicsView):
        views.append(widget)
    return views


@contextmanager
def transparent_background(widget: QtWidgets.QWidget, background: QtGui.QColor) -> Iterator[None]:
    """While inside, style sheets and plots under ``widget`` leave their background unpainted.

    The theme's background colour is replaced by ``transparent`` in every style
    sheet that applies (the widget's, its ancestors' and its children's), every
    graphics view drops its background brush, and every widget that fills its
    own background with that colour (a label made opaque so that its repaint
    stops at it) stops filling it.
    """
    name = re.escape(background.name())
    pattern = re.compile(rf"(background(?:-color)?\s*:\s*){name}\b", re.IGNORECASE)
    ancestors = []
    parent = widget.parentWidget()
    while parent is not None:
        ancestors.append(parent)
        parent = parent.parentWidget()
    sheets: list[tuple[QtWidgets.QWidget, str]] = []
    brushes: list[tuple[QtWidgets.QGraphicsView, QtGui.QBrush]] = []
    filled: list[QtWidgets.QWidget] = []
    under = [widget, *widget.findChildren(QtWidgets.QWidget)]
    try:
        for each in [*reversed(ancestors), *under]:
            sheet = each.styleSheet()
            if sheet and pattern.search(sheet):
                sheets.append((each, sheet))
                each.setStyleSheet(pattern.sub(r"\1transparent", sheet))
        for view in graphics_views(widget):
            brushes.append((view, view.backgroundBrush()))
            view.setBackgroundBrush(QtGui.QBrush(QtCore.Qt.BrushStyle.NoBrush))
        for each in under:
            fill = each.palette().color(each.backgroundRole())
            if each.autoFillBackground() and fill.rgb() == background.rgb():
                filled.append(each)
                each.setAutoFillBackground(False)
        yield
    finally:
        for each in filled:
            each.setAutoFillBackground(True)
        for view, brush in reversed(brushes):
            view.setBackgroundBrush(brush)
        for each, sheet in reversed(sheets):
            each.setStyleSheet(sheet)


def _spread(reached: np.ndarray, passable: np.ndarray) -> np.ndarray:
    """The pixels of ``passable`` 4-connected (through ``passable``) to ``reached``.

    Works on horizontal runs of passable pixels: runs that touch between two
    rows are joined (union-find with pointer jumping, a few numpy rounds), and
    every run of a group that holds a reached pixel is reached.
    """
    height, width = passable.shape
    padded = np.zeros((height, width + 2), dtype=np.int8)
    padded[:, 1:-1] = passable
    change = np.diff(padded, axis=1)
    run_rows, run_starts = np.nonzero(change == 1)
    _, run_stops = np.nonzero(change == -1)
    count = len(run_rows)
    if count == 0:
        return np.zeros_like(passable)
    # Runs of row r+1 overlapping run i of row r: a range found by two binary searches.
    line = width + 1
    stop_keys = run_rows * line + run_stops
    start_keys = run_rows * line + run_starts
    first = np.searchsorted(stop_keys, (run_rows + 1) * line + run_starts, side="right")
    last = np.searchsorted(start_keys, (run_rows + 1) * line + run_stops, side="left")
    links = np.maximum(last - first, 0)
    total = int(links.sum())
    source = np.repeat(np.arange(count), links)
    target = np.repeat(first, links) + (
        np.arange(total) - np.repeat(np.cumsum(links) - links, links)
    )
    parent = np.arange(count)
    while True:
        low = np.minimum(parent[source], parent[target])
        high = np.maximum(parent[source], parent[target])
        joined = low != high
        if not joined.any():
            break
        np.minimum.at(parent, high[joined], low[joined])
        while True:  # pointer jumping: every run points at its group's root
            grand = parent[parent]
            if np.array_equal(grand, parent):
                break
            parent = grand
    # A group is reached if one of its runs holds a reached pixel (the gaps after
    # each run are not passable, so they add nothing to its segment).
    flat_start = run_rows * width + run_starts
    flat_stop = run_rows * width + run_stops
    seeded = np.logical_or.reduceat((reached & passable).ravel(), flat_start)
    group_reached = np.zeros(count, dtype=bool)
    group_reached[parent[seeded]] = True
    # Back to pixels: gap, run, gap, run … each as long as it is.
    bounds = np.empty(2 * count + 2, dtype=np.int64)
    bounds[0], bounds[-1] = 0, height * width
    bounds[1:-1:2], bounds[2:-1:2] = flat_start, flat_stop
    values = np.zeros(2 * count + 1, dtype=bool)
    values[1::2] = group_reached[parent]
    return np.repeat(values, np.diff(bounds)).reshape(height, width)


#: How far (0–255 per channel) a pixel may be off the mix of background and ink.
BLEND_TOLERANCE = 3.0


def _blend_of(
    rgb: np.ndarray, background: np.ndarray, inks: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For ``n × 3`` colours: whether each is a mix of the background and one ink,
    how much ink (0–1), and which ink.
    """
    best = np.full(len(rgb), np.inf, dtype=np.float32)
    share = np.zeros(len(rgb), dtype=np.float32)
    which = np.zeros(len(rgb), dtype=np.int8)
    offsets = rgb - background
    for index, ink in enumerate(inks):
        direction = ink - background
        t = np.clip(offsets @ (direction / float(direction @ direction)), 0.0, 1.0)
        residual = np.abs(offsets - t[:, None] * direction).max(axis=1)
        better = residual < best
        best[better], share[better], which[better] = residual[better], t[better], index
    return best <= BLEND_TOLERANCE, share, which


def key_out_background(
    image: QtGui.QImage, background: QtGui.QColor, inks: tuple[QtGui.QColor, ...] = ()
) -> int:
    """Make transparent the background that widgets painted themselves.

    Pixels of exactly the background colour become transparent when they are
    connected (through pixels of that colour) to a transparent pixel or the
    image's edge: a white number inside a dark heatmap cell is enclosed by
    the cell and stays. Text in one of the ``inks`` drawn on such background
    is then separated from it: its anti-aliased edge pixels (a mix of ink and
    background) become ink with partial alpha, and the holes of its letters
    become transparent. Returns the number of pixels changed.
    """
    image_format = QtGui.QImage.Format.Format_ARGB32_Premultiplied
    if image.format() != image_format:
        raise ValueError("expected an ARGB32 premultiplied image")
    height, width = image.height(), image.width()
    if height == 0 or width == 0:
        return 0
    words = image.bytesPerLine() // 4
    pixels = np.frombuffer(image.bits(), np.uint32, count=height * words)
    pixels = pixels.reshape(height, words)[:, :width]
    opaque_background = np.uint32(background.rgb() | 0xFF000000)
    rows = np.flatnonzero((pixels == opaque_background).any(axis=1))
    if rows.size == 0:
        return 0
    # Only the band of rows that holds such pixels (plus a margin for letter edges).
    top, bottom = max(int(rows[0]) - 2, 0), min(int(rows[-1]) + 3, height)
    band = pixels[top:bottom]
    candidates = band == opaque_background
    transparent = band == 0
    edge = np.zeros_like(candidates)
    edge[:, [0, -1]] = True
    edge[[0, -1], :] = True
    keyed = _spread(transparent | edge, candidates | transparent) & candidates
    band[keyed] = 0
    changed = int(keyed.sum())
    if not inks or changed == 0:
        return changed
    # Ink-on-background pixels touching what was keyed: letters and their edges.
    ys, xs = np.nonzero((band >> 24) == 255)
    opaque = band[ys, xs]
    rgb = np.stack([(opaque >> shift) & 0xFF for shift in (16, 8, 0)], axis=1).astype(np.float32)
    back = np.array([background.red(), background.green(), background.blue()], np.float32)
    ink_rgb = [np.array([c.red(), c.green(), c.blue()], np.float32) for c in inks]
    mixed, share, which = _blend_of(rgb, back, ink_rgb)
    blend = np.zeros_like(keyed)
    blend[ys[mixed], xs[mixed]] = True
    letters = _spread(keyed, keyed | blend) & blend
    picked = letters[ys, xs]
    alpha = share[picked]
    ink = np.stack(ink_rgb)[which[picked]]
    a = np.rint(alpha * 255).astype(np.uint32)
    premultiplied = np.minimum(np.rint(ink * alpha[:, None]).astype(np.uint32), a[:, None])
    band[ys[picked], xs[picked]] = (
        (a << 24) | (premultiplied[:, 0] << 16) | (premultiplied[:, 1] << 8) | premultiplied[:, 2]
    )
    return changed + int(picked.sum())
