"""A matrix drawn as a heatmap: colours, numbers, blend marks and lit rows.

:class:`MatrixItem` is one graphics item (add it to any ViewBox) that puts
cell ``(r, c)`` of a ``rows × columns`` matrix on the unit square at
``x = c .. c+1``, ``y = r .. r+1``. It carries an ``ImageItem`` for the
colours, a :class:`~linviz.views.label_grid.LabelGrid` for the numbers and a
:class:`CellMarks` overlay for the cells and rows that deserve attention.
Every update changes these in place; nothing is rebuilt on refresh.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.model.drawable import color_limit
from linviz.views.drawing.cell_image import CellImage
from linviz.views.drawing.item_cache import redraw_cached
from linviz.views.drawing.label_grid import LabelGrid
from linviz.views.drawing.stamp_cache import StampCache
from linviz.views.guarded import guarded, guarded_paint, guarded_rect
from linviz.views.theme import Theme

#: Blend marks are not drawn in cells smaller than this (device pixels): in
#: small cells they would cover the colours they are meant to annotate.
MIN_MARK_CELL_PX = 18.0

#: Lit rows thinner than this (device pixels) get a tick in the margin, not an outline.
MIN_OUTLINED_CELL_PX = 10.0
#: Length of that tick, in pixels.
TICK_PX = 7.0

TooltipFunction = Callable[[int, int], str]


def runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Consecutive runs of sorted indices as ``(first, stop)`` pairs: [0,1,3] → [(0,2),(3,4)]."""
    found: list[tuple[int, int]] = []
    for i in sorted(set(indices)):
        if found and found[-1][1] == i:
            found[-1] = (found[-1][0], i + 1)
        else:
            found.append((i, i + 1))
    return found


def colormap_for(theme: Theme) -> pg.ColorMap:
    """The theme's diverging colour map (its middle, white, is 0)."""
    return pg.colormap.get(theme.colormap)


class CellMarks(pg.GraphicsObject):
    """Corner marks on chosen cells and outlines around chosen rows or columns.

    A mark is a filled triangle in the cell's top-right corner (a "dog-ear"),
    so it never hides the number in the middle; an outline goes round each
    run of consecutive lit rows (or columns). Both are drawn in device pixels
    with a halo, so they show on the darkest and the palest cells alike.

    What it saves in ``linviz bench`` (``--only drawing``, pair ``cell_marks``,
    one run, 2026-12-06 09:13 UTC, load 0.4): new marks on a third of the
    cells and a new lit row, repainted, cost 0.59 ms at d = 8 and 0.65 ms at
    d = 16 against 0.71 and 0.77 ms for a ``pg.ScatterPlotItem`` of triangles
    and two ``QGraphicsRectItem`` outlines (1.2× faster; thread CPU time
    the same ratios).
    """

    def __init__(self, parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._shape = (0, 0)
        self._marked = np.zeros((0, 0), dtype=bool)
        self._lit_rows: list[tuple[int, int]] = []
        self._lit_columns: list[tuple[int, int]] = []
        self._ink = QtGui.QColor("#000000")
        self._halo = QtGui.QColor("#ffffff")
        self._outline_color = QtGui.QColor("#000000")
        self._line_width = 2.0
        self._mark_stamp = StampCache()
        # Marks change far less often than the cells under them (a scrub through
        # a long scenario keeps every cell marked): keep them as a pixmap.
        self.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def set_shape(self, rows: int, columns: int) -> None:
        """The matrix size the marks refer to."""
        if (rows, columns) != self._shape:
            self.prepareGeometryChange()
            self._shape = (rows, columns)
            redraw_cached(self)

    def set_marked(self, mask: np.ndarray | None) -> None:
        """Cells to mark (boolean ``rows × columns``), or ``None`` for none."""
        marked = np.zeros(self._shape, dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
        if marked.shape == self._marked.shape and np.array_equal(marked, self._marked):
            return
        self._marked = marked
        redraw_cached(self)

    def marked(self) -> np.ndarray:
        """The cells that carry a mark."""
        return self._marked

    def marks_visible(self, cell_px: float) -> bool:
        """Whether marks are drawn when cells are ``cell_px`` device pixels wide."""
        return cell_px >= MIN_MARK_CELL_PX

    def outlines_visible(self, cell_px: float) -> bool:
        """Whether lit rows get an outline (else a bar in the margin) at this cell size."""
        return cell_px >= MIN_OUTLINED_CELL_PX

    def set_lit(self, rows: Sequence[int] = (), columns: Sequence[int] = ()) -> None:
        """Rows (and columns) to outline, e.g. the rows a stamp wrote into."""
        lit_rows, lit_columns = runs(rows), runs(columns)
        if (lit_rows, lit_columns) == (self._lit_rows, self._lit_columns):
            return
        self._lit_rows, self._lit_columns = lit_rows, lit_columns
        redraw_cached(self)

    def lit_rows(self) -> list[int]:
        """The outlined rows."""
        return [r for first, stop in self._lit_rows for r in range(first, stop)]

    def lit_columns(self) -> list[int]:
        """The outlined columns."""
        return [c for first, stop in self._lit_columns for c in range(first, stop)]

    def set_style(
        self, ink: QtGui.QColor, halo: QtGui.QColor, outline: QtGui.QColor, line_width: float
    ) -> None:
        """Colours of the marks, their halo and the row outlines; outline width in pixels."""
        self._ink, self._halo, self._outline_color = ink, halo, outline
        self._line_width = line_width
        redraw_cached(self)

    def viewTransformChanged(self) -> None:
        super().viewTransformChanged()
        redraw_cached(self)  # drawn at the old scale

    @guarded_rect
    def boundingRect(self) -> QtCore.QRectF:
        rows, columns = self._shape
        # A little margin: outlines are drawn just outside the cells.
        # Outlines overhang the cells a little and margin ticks (at most ~10 px) sit
        # outside; they are drawn only when a cell is under 10 px, so 10 % is room enough.
        margin = max(1.0, 0.1 * max(rows, columns))
        return QtCore.QRectF(-margin, -margin, columns + 2 * margin, rows + 2 * margin)

    @guarded_paint
    def paint(self, painter: QtGui.QPainter, option: object, widget: object = None) -> None:
        rows, columns = self._shape
        if rows == 0 or columns == 0:
            return
        tr = painter.transform()
        painter.save()
        try:
            painter.resetTransform()
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)
            self._paint_marks(painter, tr)
            self._paint_outlines(painter, tr)
        finally:
            painter.restore()

    def _mark_pixmap(self, size: float, ratio: float) -> QtGui.QPixmap:
        """The dog-ear triangle, drawn once and stamped on every marked cell (fast at d=64)."""
        ink, halo = self._ink, self._halo
        key = (round(size, 1), ratio, ink.rgba(), halo.rgba())
        kept = self._mark_stamp.get(key)
        if kept is not None:
            return kept

        def draw(painter: QtGui.QPainter) -> None:
            painter.setPen(QtGui.QPen(halo, 1.5))
            painter.setBrush(QtGui.QBrush(ink))
            right = size + 1.0
            painter.drawPolygon(
                QtGui.QPolygonF(
                    [
                        QtCore.QPointF(right - size, 0.5),
                        QtCore.QPointF(right - 0.5, 0.5),
                        QtCore.QPointF(right - 0.5, size),
                    ]
                )
            )

        side = int(math.ceil((size + 2) * ratio))
        return self._mark_stamp.draw(key, (side, side), ratio, draw)

    def _paint_marks(self, painter: QtGui.QPainter, tr: QtGui.QTransform) -> None:
        if self._marked.shape != self._shape or not self._marked.any():
            return
        cell = min(math.hypot(tr.m11(), tr.m12()), math.hypot(tr.m21(), tr.m22()))
        if not self.marks_visible(cell):
            return
        size = min(max(0.25 * cell, 6.0), 22.0)
        # Pixels of the real target per logical pixel (3 in a 3× export): the mark
        # is drawn at that resolution, or it would be blocky.
        device = painter.deviceTransform()
        ratio = max(1.0, round(math.hypot(device.m11(), device.m12()), 2))
        pixmap = self._mark_pixmap(size, ratio)
        cells = np.argwhere(self._marked)
        rows, columns = cells[:, 0].astype(float), cells[:, 1].astype(float)
        # Device position of each cell's two opposite corners; the mark goes top-right.
        xs = np.stack(
            [
                tr.m11() * (columns + dx) + tr.m21() * (rows + dy) + tr.dx()
                for dx, dy in ((0, 0), (1, 1))
            ]
        )
        ys = np.stack(
            [
                tr.m12() * (columns + dx) + tr.m22() * (rows + dy) + tr.dy()
                for dx, dy in ((0, 0), (1, 1))
            ]
        )
        right = xs.max(axis=0) - (size + 1.0)
        top = ys.min(axis=0)
        for x, y in zip(right.tolist(), top.tolist()):
            painter.drawPixmap(QtCore.QPointF(x, y), pixmap)

    def _paint_outlines(self, painter: QtGui.QPainter, tr: QtGui.QTransform) -> None:
        rows, columns = self._shape
        if not self._lit_rows and not self._lit_columns:
            return
        row_px = math.hypot(tr.m21(), tr.m22())
        column_px = math.hypot(tr.m11(), tr.m12())
        matrix = tr.mapRect(QtCore.QRectF(0, 0, columns, rows))
        boxes: list[QtCore.QRectF] = []
        ticks: list[QtCore.QRectF] = []
        for first, stop in self._lit_rows:
            band = tr.mapRect(QtCore.QRectF(0, first, columns, stop - first))
            if self.outlines_visible(row_px):
                boxes.append(band)
            else:  # rows too thin to outline without hiding them: a tick in the margin
                ticks.append(
                    QtCore.QRectF(
                        matrix.left() - TICK_PX - 2, band.top(), TICK_PX, max(band.height(), 2.0)
                    )
                )
        for first, stop in self._lit_columns:
            band = tr.mapRect(QtCore.QRectF(first, 0, stop - first, rows))
            if self.outlines_visible(column_px):
                boxes.append(band)
            else:
                ticks.append(
                    QtCore.QRectF(
                        band.left(), matrix.top() - TICK_PX - 2, max(band.width(), 2.0), TICK_PX
                    )
                )
        for tick in ticks:
            painter.fillRect(tick, self._outline_color)
        if not boxes:
            return
        painter.setBrush(QtCore.Qt.BrushStyle.NoBrush)
        width = self._line_width
        # Inset by half the pen so the outline sits inside the lit cells' edge.
        inset = width / 2.0
        devices = [box.adjusted(inset, inset, -inset, -inset) for box in boxes]
        for color, pen_width in ((self._halo, width + 3.0), (self._outline_color, width)):
            pen = QtGui.QPen(color, pen_width)
            pen.setJoinStyle(QtCore.Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            for device in devices:
                painter.drawRect(device)


class MatrixItem(pg.GraphicsObject):
    """A matrix as coloured cells with their numbers, on the unit grid.

    Parameters
    ----------
    parent
        Optional parent item. Add the item to a ViewBox with ``invertY(True)``
        so that row 0 is at the top.

    Attributes
    ----------
    image : CellImage
        The colours (row-major, symmetric levels, never auto-levelled).
    labels : LabelGrid
        The numbers.
    marks : CellMarks
        Blend marks and lit-row outlines.
    tooltip_for : callable or None
        ``(row, column) -> str``: the tooltip of a hovered cell.
    """

    def __init__(self, parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._matrix = np.zeros((0, 0))
        self._limit = 1.0
        self._hovered: tuple[int, int] | None = None
        self.tooltip_for: TooltipFunction | None = None
        self.image = CellImage(axisOrder="row-major")
        self.image.setParentItem(self)
        self.marks = CellMarks(self)
        self.marks.setZValue(1)
        self.labels = LabelGrid(self)
        self.labels.setZValue(2)
        self.setAcceptHoverEvents(True)

    # -- content -------------------------------------------------------------------
    def set_matrix(self, matrix: np.ndarray, limit: float | None = None) -> None:
        """Show ``matrix`` with colours ±``limit`` (default: its own largest ``|entry|``)."""
        matrix = np.asarray(matrix, dtype=np.float64)
        if matrix.ndim != 2:
            raise ValueError(f"a matrix needs 2 dimensions, got shape {matrix.shape}")
        limit = color_limit(matrix) if limit is None else limit
        if matrix.shape != self._matrix.shape:
            self.prepareGeometryChange()
            self.marks.set_shape(*matrix.shape)
            self.marks.set_marked(None)
            self._hovered = None
        self._matrix = matrix
        self._limit = limit
        self.image.setImage(matrix, autoLevels=False, levels=(-limit, limit))
        self.labels.set_values(matrix, limit)
        self._update_tooltip()

    def matrix(self) -> np.ndarray:
        """The matrix shown (a read-only view)."""
        view = self._matrix.view()
        view.flags.writeable = False
        return view

    @property
    def limit(self) -> float:
        """The colour range is ``-limit .. +limit``."""
        return self._limit

    def set_colormap(self, colormap: pg.ColorMap) -> None:
        """Colour the cells with ``colormap`` (its middle is 0)."""
        self.image.setColorMap(colormap)
        self.labels.set_colormap_lut(colormap.getLookupTable(0.0, 1.0, 256, alpha=False))

    def apply_theme(self, theme: Theme, label_px: int | None = None) -> None:
        """Colours and sizes of the numbers and marks from ``theme``."""
        fg, bg = QtGui.QColor(theme.foreground), QtGui.QColor(theme.background)
        dark_text, light_text = QtGui.QColor("#111111"), QtGui.QColor("#ffffff")
        self.set_colormap(colormap_for(theme))
        self.labels.set_style(
            label_px or theme.cell_label_px, dark_text, light_text, bold=theme.name == "projector"
        )
        self.marks.set_style(ink=fg, halo=bg, outline=fg, line_width=theme.line_width)

    # -- hover -------------------------------------------------------------------------
    @guarded_rect
    def boundingRect(self) -> QtCore.QRectF:
        rows, columns = self._matrix.shape
        return QtCore.QRectF(0.0, 0.0, float(columns), float(rows))

    @guarded_paint
    def paint(self, painter: QtGui.QPainter, option: object, widget: object = None) -> None:
        """Nothing of its own: the children draw."""

    def cell_at(self, point: QtCore.QPointF) -> tuple[int, int] | None:
        """The cell ``(row, column)`` under ``point`` (item coordinates), if any."""
        rows, columns = self._matrix.shape
        r, c = math.floor(point.y()), math.floor(point.x())
        if 0 <= r < rows and 0 <= c < columns:
            return r, c
        return None

    @guarded()
    def hoverEvent(self, event: object) -> None:
        """Keep the tooltip on the hovered cell's content (the scene shows it)."""
        cell = None if event.isExit() else self.cell_at(event.pos())
        if cell != self._hovered:
            self._hovered = cell
            self._update_tooltip()

    def _update_tooltip(self) -> None:
        cell = self._hovered
        text = ""
        if cell is not None and self.tooltip_for is not None:
            text = self.tooltip_for(*cell)
        # Set only when it changes: on every frame of a drag it is "" (no cell
        # hovered), and setting it anyway cost ~18 µs a matrix, three a frame.
        if text != self.toolTip():
            self.setToolTip(text)
