"""One graphics item that prints the value of every cell of a matrix.

One item paints all the labels: d² ``TextItem`` objects cost ~170 ms a
refresh at d = 64 (and 1.2 s to build), this costs a few. The labels are drawn in device
pixels with a fixed pixel font, so they stay crisp at any zoom, and they are
skipped altogether while the cells are too small to hold them.

What it saves in ``linviz bench`` (paired runs, this module against one
pyqtgraph ``TextItem`` per cell): ``drag_ms.lesson`` 1.2 ms CPU,
``scrub_ms.100000_steps`` up to 3.4 ms wall; together with the other removals
tried at the same time, ``drag_ms.lesson`` went +19 % and
``scrub_ms.100000_steps`` +15 % without it, so it stays.
"""

from __future__ import annotations

import functools
import math

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.model.drawable import color_indices
from linviz.views.drawing.static_text import draw_centred, metrics
from linviz.views.guarded import guarded_paint, guarded_rect
from linviz.views.number_text import cell_texts, decimal_comma

#: Below this cell width (device pixels) no label is drawn at all.
MIN_CELL_PX = 14
#: Labels shrink down to this share of the theme's size before they are dropped.
MIN_FONT_SHARE = 0.6
#: In large cells the labels grow up to this factor of the theme's size.
MAX_GROWTH = 1.8
#: ... while staying below this share of the cell's height.
GROWTH_SHARE = 0.2
#: A label's line height per pixel of font size (the room it needs above and below).
LINE_FACTOR = 1.25
#: Cells whose colour is darker than this luminance (0..255) get light text.
DARK_CELL_LUMINANCE = 135.0


class LabelGrid(pg.GraphicsObject):
    """The numbers of a ``rows × columns`` matrix, cell ``(r, c)`` centred at ``(c+½, r+½)``.

    Parameters
    ----------
    parent
        The item the grid sits on (a :class:`~linviz.views.matrix_item.MatrixItem`).
    """

    def __init__(self, parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._values = np.zeros((0, 0))
        self._limit = 1.0
        self._lut = np.zeros((256, 3), dtype=np.uint8)
        self._dark_entries: np.ndarray | None = None  # per colour of the map: is it dark?
        self._texts: list[list[str]] | None = None
        self._texts_comma = False
        self._flat: list[str] | None = None
        self._light: np.ndarray | None = None
        self._by_ink: tuple[list[int], list[int]] | None = None  # dark-text, light-text cells
        self._unit_width: float | None = None
        self._font_px = 13
        self._bold = False
        self._dark_pen = QtGui.QPen(QtGui.QColor("#000000"))
        self._light_pen = QtGui.QPen(QtGui.QColor("#ffffff"))
        self._enabled = True

    # -- content -----------------------------------------------------------------
    def set_values(self, values: np.ndarray, limit: float) -> None:
        """Show ``values``; ``limit`` is the colour range ±limit of the cells below."""
        if values.shape != self._values.shape:
            self.prepareGeometryChange()
        self._values = values
        self._limit = limit
        self._texts = None
        self._flat = None
        self._light = None
        self._by_ink = None
        self._unit_width = None
        self.update()

    def set_colormap_lut(self, lut: np.ndarray) -> None:
        """The map's colours (256 × RGB, −limit … +limit) to pick text colours against."""
        self._lut = np.asarray(lut)[:, :3]
        self._dark_entries = None
        self._light = None
        self._by_ink = None
        self.update()

    def set_style(
        self, font_px: int, dark: QtGui.QColor, light: QtGui.QColor, bold: bool = False
    ) -> None:
        """Largest text size in pixels, and the text colours for pale and dark cells."""
        self._font_px = font_px
        self._bold = bold
        self._dark_pen = QtGui.QPen(dark)
        self._light_pen = QtGui.QPen(light)
        self._unit_width = None
        self.update()

    def set_enabled(self, enabled: bool) -> None:
        """Turn the numbers on or off (they also hide by themselves in small cells)."""
        self._enabled = enabled
        self.update()

    def texts(self) -> list[list[str]]:
        """The label of every cell, row by row (what is painted when cells are large)."""
        if self._texts is None or self._texts_comma != decimal_comma():
            self._texts_comma = decimal_comma()  # a change of language writes them anew
            self._texts = cell_texts(self._values, self._limit)
        return self._texts

    def light_text_mask(self) -> np.ndarray:
        """Which cells are dark enough to need light text."""
        if self._light is None:
            if self._dark_entries is None:  # which colours of the map are dark, once
                luminance = self._lut.astype(float) @ np.array([0.2126, 0.7152, 0.0722])
                self._dark_entries = luminance < DARK_CELL_LUMINANCE
            # The colour each cell gets (as CellImage picks it), for any value: NaN too.
            self._light = self._dark_entries[
                color_indices(self._values, self._limit, len(self._lut))
            ]
        return self._light

    # -- geometry and painting ----------------------------------------------------
    @guarded_rect
    def boundingRect(self) -> QtCore.QRectF:
        rows, columns = self._values.shape
        return QtCore.QRectF(0.0, 0.0, float(columns), float(rows))

    def _font(self, pixel_size: int) -> QtGui.QFont:
        return _label_font(max(pixel_size, 1), self._bold)

    def _width_per_font_px(self) -> float:
        """Width of the widest label per pixel of font size (text scales linearly).

        A label's width is the sum of its characters' advances (digits, point,
        minus: no kerning between them), so nothing is laid out here.
        """
        if self._unit_width is None:
            widths = _char_widths(self._font_px, self._bold)
            texts = set(self._flat_texts())
            used = set("".join(texts))
            for character in used - widths.keys():
                widths[character] = metrics(
                    _label_font(self._font_px, self._bold)
                ).horizontalAdvance(character)
            # Longest first: a text can be no wider than its length times the widest
            # character, so the search stops once no shorter text can win.
            most = max((widths[character] for character in used), default=0.0)
            widest = 0.0
            for text in sorted(texts, key=len, reverse=True):
                if len(text) * most <= widest:
                    break
                widest = max(widest, sum(widths[character] for character in text))
            self._unit_width = widest / self._font_px
        return self._unit_width

    def _flat_texts(self) -> list[str]:
        if self._flat is None:
            self._flat = [t for row in self.texts() for t in row]
        return self._flat

    def smallest_font_px(self, floor_px: float = 0.0) -> int:
        """The smallest size the labels are printed at (below it they are dropped).

        At least ``floor_px`` (a projector's smallest legible text).
        """
        return math.ceil(max(MIN_FONT_SHARE * self._font_px, 7.0, floor_px))

    def cell_width_for(self, font_px: float) -> float:
        """The cell width (pixels) that prints every label at ``font_px``."""
        if self._values.size == 0:
            return 0.0
        return max(float(MIN_CELL_PX), self._width_per_font_px() * font_px + 4.0)

    def cell_height_for(self, font_px: float) -> float:
        """The cell height (pixels) that prints the labels at ``font_px``."""
        return LINE_FACTOR * font_px + 2.0

    def fitted_font_px(self, cell_width: float, cell_height: float) -> int | None:
        """The font size the labels get in cells this large, ``None`` if they are hidden."""
        if not self._enabled or self._values.size == 0 or cell_width < MIN_CELL_PX:
            return None
        unit = self._width_per_font_px()
        # Big cells (a 2×2 lesson) get bigger numbers: legible from the back row.
        wanted = min(
            max(float(self._font_px), GROWTH_SHARE * min(cell_width, cell_height)),
            MAX_GROWTH * self._font_px,
        )
        size = min(wanted, (cell_width - 4.0) / max(unit, 1e-6), (cell_height - 2.0) / LINE_FACTOR)
        if size < max(MIN_FONT_SHARE * self._font_px, 7.0):
            return None
        return int(math.floor(size))

    @guarded_paint
    def paint(self, painter: QtGui.QPainter, option: object, widget: object = None) -> None:
        rows, columns = self._values.shape
        if rows == 0 or columns == 0:
            return
        tr = painter.transform()
        cell_w = math.hypot(tr.m11(), tr.m12())
        cell_h = math.hypot(tr.m21(), tr.m22())
        font_px = self.fitted_font_px(cell_w, cell_h)
        if font_px is None:
            return
        # Draw in device pixels: the text must not be scaled or flipped by the view.
        x, y = _cell_centres(rows, columns)
        dev_x = (tr.m11() * x + tr.m21() * y + (tr.dx() - cell_w / 2)).tolist()
        dev_y = (tr.m12() * x + tr.m22() * y + (tr.dy() - cell_h / 2)).tolist()
        texts = self._flat_texts()
        painter.save()
        try:
            painter.resetTransform()
            painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing, True)
            font = self._font(font_px)
            font_key = font.key()
            painter.setFont(font)
            rect = QtCore.QRectF(0.0, 0.0, cell_w, cell_h)
            for pen, cells in zip((self._dark_pen, self._light_pen), self._cells_by_ink()):
                if not cells:
                    continue
                painter.setPen(pen)
                for i in cells:
                    rect.moveTo(dev_x[i], dev_y[i])
                    draw_centred(painter, rect, texts[i], font, font_key)
        finally:
            painter.restore()

    def _cells_by_ink(self) -> tuple[list[int], list[int]]:
        """Flat indices of the cells with dark text and of those with light text."""
        if self._by_ink is None:
            light = self.light_text_mask().ravel()
            self._by_ink = (np.flatnonzero(~light).tolist(), np.flatnonzero(light).tolist())
        return self._by_ink


@functools.lru_cache(maxsize=64)
def _label_font(pixel_size: int, bold: bool) -> QtGui.QFont:
    """The labels' font at one pixel size (fonts are reused: each costs a glyph cache)."""
    font = QtGui.QFont()
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    return font


@functools.lru_cache(maxsize=8)
def _char_widths(pixel_size: int, bold: bool) -> dict[str, float]:
    """Advance of each character a label is made of, in the labels' font (filled as met)."""
    font_metrics = metrics(_label_font(pixel_size, bold))
    return {character: font_metrics.horizontalAdvance(character) for character in "0123456789.−e+"}


@functools.lru_cache(maxsize=8)
def _cell_centres(rows: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """Cell centres ``(x, y)`` of a ``rows × columns`` grid, row by row."""
    rr, cc = np.mgrid[0:rows, 0:columns]
    return cc.ravel() + 0.5, rr.ravel() + 0.5
