"""Graphics items kept as device pixmaps, and how to make them draw anew.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``drag_ms.d64_1000_steps`` 4.2 ms,
``drag_ms.lesson`` 2.7 ms, ``scrub_ms.100000_steps`` 3.3 ms (the axes, grids, arrow
layers and blend marks kept as pixmaps, with :func:`redraw_cached`).
"""

from __future__ import annotations

from PySide6 import QtWidgets


def redraw_cached(*items: QtWidgets.QGraphicsItem) -> None:
    """Throw away the cached pictures of ``items`` so they are drawn anew.

    Items kept as device pixmaps (axes with their grid, the arrow layer, the
    blend marks) save milliseconds on every drag frame, but Qt was seen
    showing a stale picture after the item's size, scale or content changed
    along with its bounds. Dropping the cache (and making a new one) is the
    reliable way; it costs one fresh drawing.
    """
    none = QtWidgets.QGraphicsItem.CacheMode.NoCache
    for item in items:
        mode = item.cacheMode()
        if mode != none:
            item.setCacheMode(none)
            item.setCacheMode(mode)
        item.update()
