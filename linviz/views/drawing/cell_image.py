"""An ImageItem that colours a small float matrix in one numpy lookup.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``drag_ms.d64_1000_steps`` 1.6 ms,
``drag_ms.lesson`` 1.2-2.2 ms.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtGui

from linviz.model.drawable import color_indices
from linviz.views.guarded import guarded_paint


def rgb_words(table: np.ndarray) -> np.ndarray:
    """An ``N × 3`` (or ``N × 4``) uint8 colour table as opaque 0xffRRGGBB words,
    the pixels of a ``QImage.Format_RGB32``.
    """
    rgb = np.asarray(table)[:, :3].astype(np.uint32)
    return (0xFF000000 | (rgb[:, 0] << 16) | (rgb[:, 1] << 8) | rgb[:, 2]).astype(np.uint32)


class CellImage(pg.ImageItem):
    """An ``ImageItem`` that colours a small float matrix in one numpy lookup.

    pyqtgraph's general path rebuilds a 256-entry Qt colour table in Python on
    every render (~0.25 ms per matrix, and a drag re-renders four of them); a
    matrix with levels ``±limit`` and a colour table needs only ``table[index]``
    (:func:`~linviz.model.drawable.color_indices`, finite for any values, ±inf
    and NaN too). Anything else (no levels yet, images with a colour axis,
    levels not centred on 0) takes pyqtgraph's own path.
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._word_table: tuple[int, np.ndarray] | None = None  # (id of lut, 256 words)
        self._pixels: np.ndarray | None = None  # keeps the QImage's memory alive

    def _table(self) -> np.ndarray | None:
        """The colour table as 0xffRRGGBB words; ``None`` if it is not a plain opaque one."""
        lut = self.lut
        if (
            not isinstance(lut, np.ndarray)
            or lut.dtype != np.uint8
            or lut.ndim != 2
            or lut.shape[1] not in (3, 4)
            or (lut.shape[1] == 4 and (lut[:, 3] < 255).any())
        ):
            return None
        if self._word_table is None or self._word_table[0] != id(lut):
            self._word_table = (id(lut), rgb_words(lut))
        return self._word_table[1]

    @guarded_paint
    def paint(self, painter: QtGui.QPainter, *args: object) -> None:
        # pyqtgraph's paint renders first (this class's render): Qt calls it, so guarded.
        super().paint(painter, *args)

    def render(self) -> None:
        image, levels, table = self.image, self.levels, self._table()
        if (
            image is None
            or image.ndim != 2
            or image.size == 0
            or levels is None
            or np.ndim(levels) != 1
            or table is None
            or self.axisOrder != "row-major"
            or self.autoDownsample
            or float(levels[0]) != -float(levels[1])
        ):
            super().render()
            return
        # As pyqtgraph bins (len(table) equal bins, the top one closed), for any
        # finite levels and values: (x - low) * len / (high - low) overflows at ±1.8e308.
        index = color_indices(image, float(levels[1]), len(table))
        self._pixels = np.ascontiguousarray(table[index])
        rows, columns = image.shape
        # RGB32: opaque words, the format the raster engine scales fastest.
        self.qimage = QtGui.QImage(
            self._pixels.data, columns, rows, 4 * columns, QtGui.QImage.Format.Format_RGB32
        )
        self._renderRequired = False
        self._unrenderable = False
