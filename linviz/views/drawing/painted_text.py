"""Text that changes on every mouse move, painted in one pass.

A rich-text QLabel rebuilds a text document on every ``setText``, lays it
out again and asks its parent layout to recompute (which asks every
word-wrapped sibling for its height). During a drag the readout's numbers
change on every move, and that cost was several milliseconds. These widgets
lay words out with font metrics, repaint in place, and ask for a new layout
only when their height changes.

:class:`FlowText` shows paragraphs of coloured words that wrap between
pieces; :class:`MeasureTable` shows names and values in two columns.
Both can be copied: click, then Ctrl+C.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``drag_ms.d64_1000_steps`` 18 ms,
``drag_ms.lesson`` 14 ms, ``scrub_ms.100_steps`` 8 ms, ``scrub_ms.100000_steps`` 6.6 ms
(against rich-text QLabels).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.guarded import guarded, guarded_paint_event, guarded_size

Qt = QtCore.Qt

#: Space between a table's name and value columns, in multiples of the line height.
COLUMN_GAP_LINES = 0.75
#: Vertical padding of each table row, in pixels (above and below).
ROW_PADDING_PX = 2
#: A value wrapping to more lines than this beside its name goes under it, if
#: the table is then lower (a 16-component vector in a projector's narrow column,
#: one number a line). Three lines beside a name are kept: no layout is tried twice.
MOST_VALUE_LINES = 3


@dataclass(frozen=True)
class Piece:
    """A run of text that never breaks, in one colour and weight.

    Lines wrap only between pieces; a piece keeps its trailing space.
    """

    text: str
    color: str
    bold: bool = False
    #: Never wrap between the previous piece and this one (a label and its number).
    joined: bool = False


def words(text: str, color: str, bold: bool = False) -> list[Piece]:
    r"""``text`` as one piece per word (with its trailing spaces), so it wraps like prose.

    Only ordinary spaces separate words: a no-break space (``\xa0``) glues.
    """
    return [Piece(part, color, bold) for part in re.findall(r" +|[^ ]+ *", text)]


def _value_pieces(text: str) -> list[str]:
    """A value split after its separators: ``[1.2, -1.8]`` wraps only between numbers.

    A separator is a comma or semicolon followed by a space; a decimal comma
    (``[−3,374 ; 3,374]`` in French) has none, and a number never wraps there.
    """
    return re.findall(r".+?(?:[,;] +|$)", text) or [text]


@dataclass(frozen=True)
class _Placed:
    """A piece of text at its place: baseline start, font (bold or not), colour."""

    x: float
    baseline: float
    text: str
    bold: bool
    color: QtGui.QColor


class _PaintedText(QtWidgets.QWidget):
    """Shared by the painted text widgets: fonts, height-for-width, copying.

    Subclasses implement :meth:`_lay_out` (what goes where at a width, and the
    height it takes), :meth:`plain_text` and :meth:`_natural_width`.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        policy = QtWidgets.QSizePolicy(
            QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Preferred
        )
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        # Click, then Ctrl+C copies the text (a painted widget has no selection).
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self._point_size = 10.0
        self._fonts: tuple[QtGui.QFont, QtGui.QFont] | None = None
        self._metrics: tuple[QtGui.QFontMetricsF, QtGui.QFontMetricsF] | None = None
        self._layouts: dict[int, tuple[float, list[_Placed]]] = {}
        self._widths: dict[tuple[str, bool], float] = {}
        self._flows: dict[tuple, tuple[list[_Run], int]] = {}
        self._colors: dict[str, QtGui.QColor] = {}
        self._asked_height = -1
        #: Hold a minimum height of all the lines at the width given, so a
        #: layout short of room squeezes a neighbour that can shrink (a plot)
        #: and not these lines (they would be cut).
        self.keeps_height = False

    # -- fonts -------------------------------------------------------------------------
    def set_point_size(self, point_size: float) -> None:
        """Draw in the widget's font at ``point_size``."""
        if point_size != self._point_size:
            self._point_size = point_size
            self._fonts = None
            self._changed()

    @guarded()
    def changeEvent(self, event: QtCore.QEvent) -> None:
        if event.type() == QtCore.QEvent.Type.FontChange:
            self._fonts = None
            self._changed()
        super().changeEvent(event)

    def _font(self, bold: bool) -> QtGui.QFont:
        if self._fonts is None:
            normal = QtGui.QFont(self.font())
            normal.setPointSizeF(self._point_size)
            strong = QtGui.QFont(normal)
            strong.setBold(True)
            self._fonts = (normal, strong)
            self._metrics = (QtGui.QFontMetricsF(normal), QtGui.QFontMetricsF(strong))
            self._line = max(m.height() for m in self._metrics)
            self._ascent = max(m.ascent() for m in self._metrics)
            self._widths = {}
            self._flows = {}
        return self._fonts[bold]

    def _metric(self, bold: bool) -> QtGui.QFontMetricsF:
        self._font(bold)
        assert self._metrics is not None
        return self._metrics[bold]

    def _width(self, text: str, bold: bool) -> float:
        """The advance of ``text`` (cached: the same words come back on every move)."""
        key = (text, bold)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 4096:
                self._widths.clear()
            width = self._widths[key] = self._metric(bold).horizontalAdvance(text)
        return width

    def _color(self, name: str) -> QtGui.QColor:
        color = self._colors.get(name)
        if color is None:
            color = self._colors[name] = QtGui.QColor(name)
        return color

    def _place(
        self,
        pieces: tuple[_Item, ...],
        width: float,
        left: float,
        top: float,
        placed: list[_Placed],
    ) -> float:
        """Lay ``pieces`` out at (``left``, ``top``) into ``placed``; return the bottom.

        Layouts are remembered: during a drag most lines (the names, the
        sentences) come back unchanged on every move.
        """
        self._font(False)
        key = (pieces, round(width, 1))
        flow = self._flows.get(key)
        if flow is None:
            if len(self._flows) > 512:
                self._flows.clear()
            flow = self._flows[key] = _flow(pieces, width, self._width)
        runs, lines = flow
        line, baseline = self._line, top + self._ascent
        color_of = self._color
        placed += [
            _Placed(left + x, baseline + index * line, text.rstrip(), bold, color_of(color))
            for x, index, text, bold, color in runs
        ]
        return top + lines * line

    def line_height(self) -> float:
        """Height of one line of text."""
        self._font(False)
        return self._line

    # -- content changes -----------------------------------------------------------
    def _changed(self) -> None:
        """The text or font changed: repaint, and relayout only if the height changes."""
        self._layouts = {}
        self.setAccessibleDescription(self.plain_text())  # what a label would have read out
        width = self.width()
        height = self.heightForWidth(width) if width > 0 and self.isVisible() else -1
        if height < 0 or height != self._asked_height:
            self._asked_height = height
            if self.keeps_height and height >= 0:
                self.setMinimumHeight(height)
            self.updateGeometry()
        self.update()

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        # The parent layout may have remembered heights (for other widths) from
        # before the last change of text: ask again if this one is not right.
        height = self.heightForWidth(self.width())
        if self.keeps_height and height != self.minimumHeight():
            self.setMinimumHeight(height)
        if height != self.height():
            self.updateGeometry()
        self._asked_height = height

    def _layout(self, width: int) -> tuple[float, list[_Placed]]:
        width = max(int(width), 1)
        layout = self._layouts.get(width)
        if layout is None:
            if len(self._layouts) > 8:
                self._layouts.clear()
            layout = self._layouts[width] = self._lay_out(width)
        return layout

    def _lay_out(self, width: int) -> tuple[float, list[_Placed]]:
        raise NotImplementedError

    def line_spans(self) -> list[tuple[float, float]]:
        """Each line of text's top and bottom (its ink's), top to bottom, in pixels."""
        _, placed = self._layout(self.width())
        ascent = max(self._metric(False).ascent(), self._metric(True).ascent())
        descent = max(self._metric(False).descent(), self._metric(True).descent())
        return [(line - ascent, line + descent) for line in sorted({p.baseline for p in placed})]

    def _natural_width(self) -> float:
        raise NotImplementedError

    def plain_text(self) -> str:
        """The text shown, as plain text."""
        raise NotImplementedError

    # -- QWidget -------------------------------------------------------------------
    @guarded(False)
    def hasHeightForWidth(self) -> bool:
        return True

    @guarded(-1)
    def heightForWidth(self, width: int) -> int:
        height, _ = self._layout(width)
        return int(height + 0.999)

    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        em = self._width("M", False)
        width = int(min(self._natural_width(), 32 * em)) + 1
        return QtCore.QSize(width, self.heightForWidth(width))

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        # Never depends on the text: a longer number must not move the splitters.
        em = self._width("M", False)
        return QtCore.QSize(int(8 * em), 0)

    @guarded_paint_event
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        _, placed = self._layout(self.width())
        if not placed:
            return
        painter = QtGui.QPainter(self)
        try:
            painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing)
            bold: bool | None = None
            color: QtGui.QColor | None = None
            for item in placed:
                if item.bold is not bold:
                    bold = item.bold
                    painter.setFont(self._font(bold))
                if item.color is not color:
                    color = item.color
                    painter.setPen(color)
                painter.drawText(QtCore.QPointF(item.x, item.baseline), item.text)
        finally:
            painter.end()

    @guarded()
    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if event.matches(QtGui.QKeySequence.StandardKey.Copy):
            QtGui.QGuiApplication.clipboard().setText(self.plain_text())
            event.accept()
            return
        super().keyPressEvent(event)


#: A piece to place: text, bold, colour name, joined to the previous piece.
_Item = tuple[str, bool, str, bool]
#: A run placed by :func:`_flow`: x from the left, line index, text, bold, colour name.
_Run = tuple[float, int, str, bool, str]


def _flow(pieces: tuple[_Item, ...], width: float, measure) -> tuple[list[_Run], int]:
    """Lay ``pieces`` out left to right in lines of ``width``; return the runs and lines.

    Joined pieces move to the next line together; a unit wider than the whole
    width gets a line of its own. Neighbours on a line in the same font and
    colour become one run (one drawText).
    """
    units: list[list[_Item]] = []
    for item in pieces:
        if item[3] and units:
            units[-1].append(item)
        else:
            units.append([item])
    runs: list[_Run] = []
    x, line = 0.0, 0
    line_empty = True
    glued = False  # the next piece starts where the last run ends
    for unit in units:
        advances = [measure(text, bold) for text, bold, _, _ in unit]
        last = unit[-1][0]
        blank = not "".join(text for text, _, _, _ in unit).strip()
        ink = sum(advances)
        if last[-1:] == " " and not blank:
            ink += measure(last.rstrip(), unit[-1][1]) - advances[-1]
        if not line_empty and x + ink > width:
            x, line = 0.0, line + 1
            line_empty, glued = True, False
            if blank:
                continue  # the space where the line wrapped
        for (text, bold, color, _), advance in zip(unit, advances):
            if text.strip():  # a blank piece at the start of a paragraph indents it
                if glued and runs[-1][3] == bold and runs[-1][4] == color:
                    start, _, before, _, _ = runs[-1]
                    runs[-1] = (start, line, before + text, bold, color)
                else:
                    runs.append((x, line, text, bold, color))
                glued = True
            else:
                glued = False
            x += advance
        line_empty = False
    return runs, line + 1


class FlowText(_PaintedText):
    """Paragraphs of :class:`Piece` runs, wrapped between pieces (like a word-wrapped label)."""

    _paragraphs: tuple[tuple[Piece, ...], ...] = ()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._paragraphs: tuple[tuple[Piece, ...], ...] = ()

    def set_paragraphs(self, paragraphs: list[list[Piece]]) -> None:
        """Show ``paragraphs`` (no repaint at all if they did not change)."""
        frozen = tuple(tuple(p) for p in paragraphs)
        if frozen == self._paragraphs:
            return
        self._paragraphs = frozen
        self._changed()

    def paragraphs(self) -> list[list[Piece]]:
        """What is shown."""
        return [list(p) for p in self._paragraphs]

    def plain_text(self) -> str:
        return "\n".join("".join(piece.text for piece in p).strip() for p in self._paragraphs)

    def _natural_width(self) -> float:
        return max(
            (sum(self._width(piece.text, piece.bold) for piece in p) for p in self._paragraphs),
            default=0.0,
        )

    def _lay_out(self, width: int) -> tuple[float, list[_Placed]]:
        placed: list[_Placed] = []
        y = 0.0
        for paragraph in self._paragraphs:
            items = tuple(
                (piece.text, piece.bold, piece.color, piece.joined)
                for piece in paragraph
                if piece.text
            )
            if not items:
                y += self.line_height()
                continue
            y = self._place(items, width, 0.0, y, placed)
        return y, placed


@dataclass(frozen=True)
class Row:
    """One row of a :class:`MeasureTable`: a name, its value and the value's colour.

    ``tooltip``: what hovering the row says (a measure's definition); the
    table's own tooltip when empty.
    """

    name: str
    value: str
    color: str
    tooltip: str = ""


class MeasureTable(_PaintedText):
    """Names (muted, wrapping between words) beside their values (bold, in colour).

    Values wrap only after a comma, and only if they cannot fit; when the
    value column would be too narrow, each value goes under its name.
    """

    _rows: tuple[Row, ...] = ()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[Row, ...] = ()
        self._name_color = "#5f6672"
        #: Each laid-out width's row spans, (top, bottom) in pixels, row by row.
        self._spans: dict[int, list[tuple[float, float]]] = {}

    def set_name_color(self, color: str) -> None:
        """The colour of the names."""
        if color != self._name_color:
            self._name_color = color
            self._changed()

    def set_rows(self, rows: list[Row]) -> None:
        """Show ``rows`` (no repaint at all if they did not change)."""
        frozen = tuple(rows)
        if frozen == self._rows:
            return
        self._rows = frozen
        self._changed()

    def rows(self) -> list[Row]:
        """What is shown."""
        return list(self._rows)

    def tooltip_for(self, name: str) -> str:
        """What hovering the row named ``name`` says."""
        row = next(r for r in self._rows if r.name == name)
        return row.tooltip or self.toolTip()

    def row_rect(self, name: str) -> QtCore.QRectF:
        """Where the row named ``name`` is drawn, at the current width."""
        index = next(i for i, r in enumerate(self._rows) if r.name == name)
        width = max(int(self.width()), 1)
        top, bottom = self._row_spans(width)[index]
        return QtCore.QRectF(0.0, top, float(width), bottom - top)

    def _row_spans(self, width: int) -> list[tuple[float, float]]:
        """Each row's (top, bottom) at ``width``, laid out if need be."""
        self._layout(width)  # lays out again (and notes the spans) after a change
        spans = self._spans.get(width)
        if spans is None or len(spans) != len(self._rows):
            self._layouts.pop(width, None)
            self._layout(width)
            spans = self._spans[width]
        return spans

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ToolTip and self._rows:
            spans = self._row_spans(max(int(self.width()), 1))
            y = event.pos().y()
            hit = next(
                (r for r, (top, bottom) in zip(self._rows, spans) if top <= y < bottom), None
            )
            text = hit.tooltip if hit is not None and hit.tooltip else self.toolTip()
            QtWidgets.QToolTip.showText(event.globalPos(), text, self)
            return True
        return super().event(event)

    def plain_text(self) -> str:
        return "\n".join(f"{row.name}: {row.value}" for row in self._rows)

    def _natural_width(self) -> float:
        if not self._rows:
            return 0.0
        return (
            max(self._width(r.name, False) for r in self._rows)
            + COLUMN_GAP_LINES * self.line_height()
            + max(self._width(r.value, True) for r in self._rows)
        )

    def _lay_out(self, width: int) -> tuple[float, list[_Placed]]:
        if not self._rows:
            return 0.0, []
        line = self.line_height()
        gap = COLUMN_GAP_LINES * line
        widest_value = max(self._width(r.value, True) for r in self._rows)
        # Names get what the values leave, and at least half: short values, long names.
        name_w = min(
            max(self._width(r.name, False) for r in self._rows),
            max(0.5 * width, width - gap - widest_value),
        )
        value_w = width - name_w - gap
        # A value breaks only after a comma: its widest piece must fit its column.
        widest_piece = max(
            self._width(piece, True) for r in self._rows for piece in _value_pieces(r.value)
        )
        if widest_piece > value_w:  # narrower names (they wrap between words) first
            name_w = max(0.35 * width, width - gap - widest_piece)
            value_w = width - name_w - gap
        # Too narrow for two columns (a value would wrap more than once, or a
        # piece of it not fit at all): stack them.
        stacked = value_w < min(widest_value, 8 * self._width("M", False)) or (
            widest_piece > value_w
        )
        y, placed, spans, longest = self._rows_laid_out(width, stacked, name_w, value_w)
        if not stacked and longest > MOST_VALUE_LINES and self._stacked_at_least(width) < y:
            # A value one number a line (16 components in a projector's narrow
            # column): under its name, it takes two lines, not five.
            under = self._rows_laid_out(width, True, name_w, value_w)
            if under[0] < y:
                y, placed, spans, _ = under
        if len(self._spans) > 8:
            self._spans.clear()
        self._spans[width] = spans
        return y, placed

    def _stacked_at_least(self, width: int) -> float:
        """How high the rows are at least with each value under its name: a line per
        name, and each value's width over the line it gets (it wraps only at commas).
        """
        line = self.line_height()
        room = max(width - line, 1.0)
        return sum(
            (1 + math.ceil(self._width(row.value, True) / room)) * line + 2 * ROW_PADDING_PX
            for row in self._rows
        )

    def _rows_laid_out(
        self, width: int, stacked: bool, name_w: float, value_w: float
    ) -> tuple[float, list[_Placed], list[tuple[float, float]], int]:
        """Every row laid out, values under their names (``stacked``) or beside them.

        Returns the height, the pieces placed, each row's span, and the most
        lines any value took.
        """
        line = self.line_height()
        gap = COLUMN_GAP_LINES * line
        placed: list[_Placed] = []
        spans: list[tuple[float, float]] = []
        y, longest = 0.0, 0
        for row in self._rows:
            top = y + ROW_PADDING_PX
            names = tuple((p.text, False, self._name_color, False) for p in words(row.name, ""))
            values = tuple((text, True, row.color, False) for text in _value_pieces(row.value))
            if stacked:
                bottom = self._place(names, width, 0.0, top, placed)
                bottom = self._place(values, width - line, line, bottom, placed)
            else:
                names_bottom = self._place(names, name_w, 0.0, top, placed)
                values_bottom = self._place(values, value_w, name_w + gap, top, placed)
                bottom = max(names_bottom, values_bottom)
                longest = max(longest, round((values_bottom - top) / line))
            spans.append((y, bottom + ROW_PADDING_PX))
            y = bottom + ROW_PADDING_PX
        return y, placed, spans, longest
