"""The step table's item delegate: cells painted from the model's looks.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``scrub_ms.100_steps`` 4.8 ms,
``scrub_ms.100000_steps`` 3.4 ms.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.views.drawing.static_text import draw_at, text_width
from linviz.views.drawing.step_table_painter import Cell
from linviz.views.guarded import guarded_paint
from linviz.views.panels.step_table_model import (
    StepTableModel,
)

#: Elided cell texts kept by the delegate (a screenful is ~100).
_KEPT_TEXTS = 4096


#: Room left and right of a cell's text, in pixels (as the style leaves).
_TEXT_MARGIN = 4


_State = QtWidgets.QStyle.StateFlag


_SELECTED, _HAS_FOCUS = _State.State_Selected, _State.State_HasFocus


class _PaintTools:
    """What painting the table's cells needs from its font and palette, looked up
    once per paint of the table rather than once per cell.
    """

    def __init__(self, view: QtWidgets.QAbstractItemView) -> None:
        font = view.font()
        self.font_key = font.key()
        bold = QtGui.QFont(font)
        bold.setBold(True)
        self.fonts = {False: font, True: bold}
        self.metrics = {False: QtGui.QFontMetrics(font), True: QtGui.QFontMetrics(bold)}
        self.cut_px = {b: max(1, m.averageCharWidth() // 3) for b, m in self.metrics.items()}
        self.line_height = {b: QtGui.QFontMetricsF(f).height() for b, f in self.fonts.items()}
        self.bold_key = bold.key()
        self.keys = {False: self.font_key, True: self.bold_key}
        self.palette_key = -1
        self.active: bool | None = None

    def use_palette(self, view: QtWidgets.QAbstractItemView) -> None:
        """Take the colours of ``view``'s palette (if it or the window's focus changed)."""
        palette, active = view.palette(), view.isActiveWindow()
        if (palette.cacheKey(), active) == (self.palette_key, self.active):
            return
        self.palette_key, self.active = palette.cacheKey(), active
        group = QtGui.QPalette.ColorGroup.Active if active else QtGui.QPalette.ColorGroup.Inactive
        Role = QtGui.QPalette.ColorRole
        self.highlight = palette.brush(group, Role.Highlight)
        self.alternate = palette.brush(group, Role.AlternateBase)
        self.highlighted_text = palette.color(group, Role.HighlightedText)
        self.text = palette.color(group, Role.Text)


class StepDelegate(QtWidgets.QStyledItemDelegate):
    """Paints cells itself from :meth:`StepTableModel.cell_look`; editing and
    sizes go through data() as usual.

    The style's item painter lays every cell's text out anew (wrapping and
    eliding included): ~45 µs a cell, 3 ms whenever a cursor move scrolls the
    table. Here each string is elided once per column width and, once it
    comes back, drawn from its kept shape (:mod:`linviz.views.drawing.static_text`);
    fonts and colours are looked up once per paint (:meth:`prepare`). The
    view hands all the cells in view to :meth:`paint_looks` at once
    (:mod:`linviz.views.drawing.step_table_painter`); :meth:`paint` is Qt's way in,
    cell by cell, where that one pass cannot paint exactly.
    """

    def __init__(self, model: StepTableModel, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._texts: dict[tuple[str, int, bool], str] = {}  # elided cell texts
        self._tools: _PaintTools | None = None

    @property
    def model(self) -> StepTableModel:
        """The model whose cells this delegate paints."""
        return self._model

    def prepare(self, view: QtWidgets.QAbstractItemView) -> None:
        """Look up ``view``'s font and colours before it paints its cells."""
        tools = self._tools
        if tools is None or view.font().key() != tools.font_key:
            tools = self._tools = _PaintTools(view)
            self._texts.clear()
        tools.use_palette(view)

    def _shown(self, text: str, room: int, bold: bool, metrics: QtGui.QFontMetrics) -> str:
        """``text`` elided to ``room`` pixels, remembered per column width."""
        shown = self._texts.get((text, room, bold))
        return (
            shown
            if shown is not None
            else self._elided(text, room, bold, metrics, max(1, metrics.averageCharWidth() // 3))
        )

    def _elided(
        self, text: str, room: int, bold: bool, metrics: QtGui.QFontMetrics, cut_px: int
    ) -> str:
        """:meth:`_shown` of a text not yet elided to ``room``; ``cut_px`` is a third
        of the average character's width (so the text cut to ``room // cut_px``
        characters still overflows ``room`` whenever the whole text does).
        """
        if len(self._texts) > _KEPT_TEXTS:
            self._texts.clear()
        # Cut before measuring: a d = 64 key is 500 characters, a cell shows 30.
        fitting = text[: room // cut_px + 2]
        shown = self._texts[text, room, bold] = (
            metrics.elidedText(fitting, Qt.TextElideMode.ElideRight, room)
            if metrics.horizontalAdvance(fitting) > room
            else fitting
        )
        return shown

    @guarded_paint
    def paint(
        self,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionViewItem,
        index: QtCore.QModelIndex,
    ) -> None:
        look = (
            self._model.cell_look(index)
            if self._tools is not None and index.model() is self._model
            else None
        )
        if look is None:
            super().paint(painter, option, index)
            return
        rect, state = option.rect, option.state
        self.paint_looks(
            painter,
            (
                (
                    rect.x(),
                    rect.y(),
                    rect.width(),
                    rect.height(),
                    index.row(),
                    look,
                    bool(state & _SELECTED),
                    bool(state & _HAS_FOCUS),
                    None,
                ),
            ),
        )

    def fill_brush(self, row: int, selected: bool) -> QtGui.QBrush | None:
        """The brush :meth:`paint_looks` fills a cell of ``row`` with, if any."""
        tools = self._tools
        if tools is None:
            return None
        return tools.highlight if selected else (tools.alternate if row % 2 else None)

    def paint_looks(self, painter: QtGui.QPainter, cells: Iterable[Cell]) -> None:
        """Paint ``cells``: ``(x, y, width, height, row, look, selected, focus, under)``
        each, ``look`` as :meth:`StepTableModel.cell_look` gives it and ``under``
        the colour to fill first (the style's row panel) or ``None``.

        :meth:`paint` calls this for one cell, the view
        (:func:`~linviz.views.step_table_painter.paint_cells`) for all those
        in view, so both paint the same pixels. Needs :meth:`prepare`.
        """
        tools = self._tools
        fonts, metrics, line_height = tools.fonts, tools.metrics, tools.line_height
        keys, cut_px = tools.keys, tools.cut_px
        ink, elided, kept = self._model.ink, self._elided, self._texts
        fill = painter.fillRect
        font_set = pen_set = None  # what the painter has: setting it again costs a call
        for x, y, width, height, row, look, selected, focus, under in cells:
            text, ink_name, bold, right = look
            if under is not None:
                fill(x, y, width, height, under)
            if selected:
                fill(x, y, width, height, tools.highlight)
                pen = tools.highlighted_text
            else:
                if row % 2:  # alternating row colours, as the view asks
                    fill(x, y, width, height, tools.alternate)
                pen = ink(ink_name) or tools.text
            room = width - 2 * _TEXT_MARGIN
            if text and room > 0:
                font, key = fonts[bold], keys[bold]
                shown = kept.get((text, room, bold))  # as _shown, without a call per cell
                if shown is None:
                    shown = elided(text, room, bold, metrics[bold], cut_px[bold])
                if font is not font_set:
                    painter.setFont(font)
                    font_set = font
                if pen is not pen_set:
                    painter.setPen(pen)
                    pen_set = pen
                left = x + _TEXT_MARGIN
                if right:
                    left = x + width - _TEXT_MARGIN - text_width(shown, font, key)
                draw_at(painter, left, y + (height - line_height[bold]) / 2, shown, font, key)
            if focus:  # the cell F2 would edit
                painter.setPen(QtGui.QPen(pen, 1, Qt.PenStyle.DotLine))
                pen_set = None
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(x + 1, y + 1, width - 3, height - 3)
