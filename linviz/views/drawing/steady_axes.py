"""Axes whose room for tick labels only grows: no layout that feeds on itself.

A plot that fits its range to its own size (the planes: a label margin in
pixels) can loop with pyqtgraph's axes: a new range gives tick labels of
another width ("1" and "1.5"), the axis takes or gives back that width, the
plot's size changes, the range is fitted again and gives the first labels
back. A key plane of about 248×366 px in projector mode did that forever (a
frozen window at 100% CPU). With the axes never giving room back, each
width change is a step up: the loop ends after at most a few rounds.
"""

from __future__ import annotations

import pyqtgraph as pg


def steady_axes(plot: pg.PlotItem, names: tuple[str, ...] = ("left", "bottom")) -> None:
    """Let the ``names`` axes of ``plot`` widen for their tick labels but never narrow."""
    for name in names:
        plot.getAxis(name).setStyle(autoReduceTextSpace=False)
