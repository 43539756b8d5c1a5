"""Device pixels per widget pixel for a painter: pictures cached at that scale stay sharp.

Against drawing the text each paint, measured in one run (``python -m
linviz.bench.drawing_bench --cpu-time``; ``linviz bench --only drawing``
gives wall times: 2026-12-03, offscreen, GUI-thread CPU time, load 7.4,
medians of 200): forty short labels stamped from pictures cached at
:func:`raster_scale` repaint in 0.37 ms, with ``QPainter.drawText`` in 1.08
ms (2.95x; wall time 0.19 against 0.68 ms). The chip strip, the readout's
legend and the cell marks stamp their pictures this way.
"""

from __future__ import annotations

from PySide6 import QtGui


def raster_scale(painter: QtGui.QPainter) -> float | None:
    """Device pixels per widget pixel for a picture cached for ``painter``, or None.

    None when the painter draws vectors (SVG, PDF export) or rotates: a cached
    bitmap would lose the text there. A 3× PNG export gets 3, so cached
    pictures stay sharp.
    """
    if painter.paintEngine().type() != QtGui.QPaintEngine.Type.Raster:
        return None
    transform = painter.deviceTransform()
    if (
        transform.m12()
        or transform.m21()
        or transform.m11() <= 0
        or transform.m11() != transform.m22()
    ):
        return None
    return transform.m11()
