"""Device pixels per widget pixel for a painter: pictures cached at that scale stay sharp."""

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
