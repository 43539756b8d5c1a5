"""Painter paths made from numpy arrays, many at once, without a call per point.

A QPainterPath can be read from a QDataStream: a count, then one record per
element (its kind and its two coordinates, big-endian), then the fill rule.
:class:`PathRecords` lays out the elements of many paths in one numpy
array, and cuts it into one path per batch (e.g. per pen), each with a
single copy of its bytes. This is what :func:`pyqtgraph.functions.arrayToQPath`
does for one path; a layer of arrows needs a dozen paths per repaint, and
the per-call set-up was most of its cost.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``scrub_ms.100_steps`` 3.0 ms,
``scrub_ms.100000_steps`` 3.4 ms (on top of what :mod:`arrow_layer` saves).
"""

from __future__ import annotations

import struct

import numpy as np
from PySide6 import QtCore, QtGui

#: One path element as QDataStream writes it: kind (0 move, 1 line), x, y.
ELEMENT = np.dtype([("kind", ">i4"), ("x", ">f8"), ("y", ">f8")])
_MOVE, _LINE = 0, 1
_COUNT = struct.Struct(">i")
#: What follows the elements: the start of the current sub-path, the fill rule.
_TRAILER = {
    QtCore.Qt.FillRule.OddEvenFill: struct.pack(">ii", 0, 0),
    QtCore.Qt.FillRule.WindingFill: struct.pack(">ii", 0, 1),
}


class PathRecords:
    """Polylines of ``points_per_shape`` points each, stored for many shapes.

    Parameters
    ----------
    points
        ``(shapes, points_per_shape, 2)`` coordinates; every shape starts a
        sub-path and its points are joined by straight lines.
    """

    def __init__(self, points: np.ndarray) -> None:
        shapes, per_shape, _ = points.shape
        self._per_shape = per_shape
        records = np.empty((shapes, per_shape), dtype=ELEMENT)
        records["kind"] = _LINE
        records["kind"][:, 0] = _MOVE
        records["x"] = points[..., 0]
        records["y"] = points[..., 1]
        self._records = records.reshape(-1)

    def path(
        self, start: int, stop: int, fill_rule: QtCore.Qt.FillRule = QtCore.Qt.FillRule.OddEvenFill
    ) -> QtGui.QPainterPath:
        """The path of shapes ``start`` to ``stop - 1``."""
        per_shape = self._per_shape
        chunk = self._records[start * per_shape : stop * per_shape]
        data = _COUNT.pack(len(chunk)) + chunk.tobytes() + _TRAILER[fill_rule]
        path = QtGui.QPainterPath()
        QtCore.QDataStream(QtCore.QByteArray(data)) >> path
        return path
