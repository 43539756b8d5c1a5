"""The colour bar's axis picture, kept per limit so a limit that comes back is not laid out again.

pyqtgraph lays an axis's labels out anew for new ticks (about 0.4 ms, most of
a repaint of the bar). S's limit moves in round steps, and scrubbing a long
scenario keeps coming back to the same few: the picture drawn for a limit is
kept and put back when that limit returns.

What it saves in ``linviz bench``: counted with the stamps of
:mod:`linviz.views.drawing.stamp_cache`; the four together cost
``scrub_ms.100_steps`` +9.2 ms (+21.7 %) and ``drag_ms.lesson`` +4.3 ms
(+14.7 %) when removed (five alternating pairs of runs).
"""

from __future__ import annotations

from PySide6 import QtGui

#: Pictures kept (one per limit met; a long scrub meets about ten).
KEPT_PICTURES = 32


class AxisPictures:
    """Drawn pictures of one axis, by the limit they were drawn for.

    A picture is only valid at the size, tick spacing and style it was drawn
    in: :meth:`clear` after any of them changes.
    """

    def __init__(self, capacity: int = KEPT_PICTURES) -> None:
        self._capacity = capacity
        self._pictures: dict[float, QtGui.QPicture] = {}

    def __len__(self) -> int:
        return len(self._pictures)

    def clear(self) -> None:
        """Forget every picture (drawn at another size or in another style)."""
        self._pictures.clear()

    def keep(self, limit: float, picture: QtGui.QPicture | None) -> None:
        """Keep ``picture``, the axis as drawn for ``limit`` (None: nothing drawn yet)."""
        if picture is None:
            return
        if len(self._pictures) >= self._capacity:
            self._pictures.clear()
        self._pictures[limit] = picture

    def recall(self, limit: float) -> QtGui.QPicture | None:
        """The picture kept for ``limit``, or None."""
        return self._pictures.get(limit)
