"""Pictures drawn once and stamped many times: chip faces, the readout legend, the cell mark.

A step chip's outline, fill and letter, the readout's legend and the dog-ear
mark on a blended cell look the same on every repaint while what lies around
them changes (a scrub moves the cursor chip, a drag moves the bars, a long
scenario marks hundreds of cells). Each is drawn into a :class:`StampCache`
once and stamped with ``drawPixmap``.

What it saves in ``linviz bench``: five alternating pairs of runs with and
without these stamps and the colour bar's kept pictures
(:mod:`linviz.views.drawing.axis_pictures`) gave ``scrub_ms.100_steps``
42.1 → 51.3 ms (+9.2 ms, +21.7 %) and ``drag_ms.lesson`` 28.9 → 33.2 ms
(+4.3 ms, +14.7 %) without them. Each one alone measured under 1 ms; together
they are well over it, so all four stay.

Only raster painters are given stamps (see
:func:`linviz.views.drawing.raster_scale.raster_scale`): an SVG or PDF export
draws the shapes and text as vectors.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6 import QtCore, QtGui

#: What a stamp is drawn with: a painter whose origin is the stamp's top-left.
Draw = Callable[[QtGui.QPainter], None]


class StampCache:
    """Pictures kept by key, each drawn once at a device pixel ratio.

    Parameters
    ----------
    capacity
        How many pictures to keep; when full, all are dropped (the keys in
        use come back within a repaint, so dropping all is as good as LRU).
    """

    def __init__(self, capacity: int = 1) -> None:
        self._capacity = capacity
        self._stamps: dict[Hashable, QtGui.QPixmap] = {}

    def __len__(self) -> int:
        return len(self._stamps)

    def clear(self) -> None:
        """Forget every picture (after a new size, theme or language)."""
        self._stamps.clear()

    def get(self, key: Hashable) -> QtGui.QPixmap | None:
        """The picture kept for ``key``, or None (one dict lookup: this is the hot path)."""
        return self._stamps.get(key)

    def draw(
        self,
        key: Hashable,
        device_size: tuple[int, int],
        ratio: float,
        draw: Draw,
        fill: QtGui.QColor | QtCore.Qt.GlobalColor = QtCore.Qt.GlobalColor.transparent,
    ) -> QtGui.QPixmap:
        """Draw the picture for ``key`` with ``draw``, keep it and return it.

        Parameters
        ----------
        key
            Everything the picture depends on, its pixel ratio included.
        device_size
            Width and height in device pixels.
        ratio
            Device pixels per widget pixel (3 in a 3× PNG export).
        draw
            Paints the picture in widget pixels, antialiased.
        fill
            The picture's background before ``draw``.
        """
        if len(self._stamps) >= self._capacity:
            self._stamps.clear()
        stamp = QtGui.QPixmap(*device_size)
        stamp.setDevicePixelRatio(ratio)
        stamp.fill(fill)
        painter = QtGui.QPainter(stamp)
        try:
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)
            draw(painter)
        finally:
            painter.end()
        self._stamps[key] = stamp
        return stamp
