"""Axes whose room for tick labels only grows: no layout that feeds on itself.

A plot that fits its range to its own size (the planes: a label margin in
pixels) can loop with pyqtgraph's axes: a new range gives tick labels of
another width ("1" and "1.5"), the axis takes or gives back that width, the
plot's size changes, the range is fitted again and gives the first labels
back. A key plane of about 248×366 px in projector mode did that forever (a
frozen window at 100% CPU). With the axes never giving room back, each
width change is a step up: the loop ends after at most a few rounds.

Against pyqtgraph's own axes, measured in one run (``python -m
linviz.bench.drawing_bench --cpu-time``; ``linviz bench --only drawing``
gives wall times: 2026-12-03, offscreen, GUI-thread CPU time, load 7.4,
medians of 200): a 400x400 plot whose range alternates between ±1.2 and ±1.5
takes 8.65 ms a change with steady axes and 8.63 ms without (1.0x: they cost
nothing), and its axes resized 0 times a change against 0.01 (one in 100: on
a plot that does not fit its range to its size the loop cannot start; the
planes' does).
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtGui


def steady_axes(plot: pg.PlotItem, names: tuple[str, ...] = ("left", "bottom")) -> None:
    """Let the ``names`` axes of ``plot`` widen for their tick labels but never narrow."""
    for name in names:
        plot.getAxis(name).setStyle(autoReduceTextSpace=False)


def set_tick_font(axis: pg.AxisItem, font: QtGui.QFont) -> None:
    """Give ``axis`` another tick font, and the room it last had with that font.

    The room only grows while a font stays; a font seen before gets back the
    room it had then: leaving projector mode, the key plane's left axis kept
    the 18 pt labels' 63 px for its 54, its plot 10 px narrower and its range
    ±2 where it had been ±1.5. A font never seen keeps the room there is.
    """
    rooms: dict[str, tuple[float, float]] = axis.__dict__.setdefault("_rooms_by_font", {})
    old = axis.style.get("tickFont")
    if old is not None:
        rooms[old.key()] = (axis.textWidth, axis.textHeight)
    axis.setTickFont(font)
    room = rooms.get(font.key())
    if room is None:
        return
    axis.textWidth, axis.textHeight = room
    if axis.orientation in ("left", "right"):
        axis._updateWidth()
    else:
        axis._updateHeight()
