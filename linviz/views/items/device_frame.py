"""Arrows' segments in a painter's device pixels, cut at a margin around its device.

An arrow layer's paint and an arrow item's both draw in device pixels (with
the painter's transform reset): a tip 1e308 data units out would be a shaft
Qt cannot draw, or an infinite one. The transform is read as plain floats
(:func:`~linviz.model.drawable.device_segments` handles one arrow without
numpy arrays, for drag speed).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from PySide6 import QtCore, QtGui

from linviz.model.drawable import clamp_point, device_segments

#: Shafts are cut this far (pixels) outside the device: their heads stay out of sight.
OFF_DEVICE_PX = 2000.0


class DeviceFrame(NamedTuple):
    """Segments in device pixels and what else a paint needs of its device."""

    #: ``x0, y0, x1, y1`` a row, clipped to the device and its margin.
    ends: np.ndarray
    #: Which rows show at all.
    shown: np.ndarray
    #: The data origin in device pixels, kept within a pixel of the device.
    zero: QtCore.QPointF
    #: The device's size in pixels.
    width: float
    height: float


def device_frame(painter: QtGui.QPainter, points: np.ndarray) -> DeviceFrame:
    """The rows ``x0, y0, x1, y1`` of ``points`` (data units) in ``painter``'s device pixels."""
    transform = painter.transform()
    device = painter.device()
    width, height = float(device.width()), float(device.height())
    ends, shown = device_segments(
        points,
        (
            transform.m11(),
            transform.m12(),
            transform.m21(),
            transform.m22(),
            transform.dx(),
            transform.dy(),
        ),
        (-OFF_DEVICE_PX, -OFF_DEVICE_PX, width + OFF_DEVICE_PX, height + OFF_DEVICE_PX),
    )
    origin = transform.map(QtCore.QPointF(0.0, 0.0))
    inside = (-1.0, -1.0, width + 1.0, height + 1.0)
    zero = QtCore.QPointF(*clamp_point((origin.x(), origin.y()), inside))
    return DeviceFrame(ends, shown, zero, width, height)
