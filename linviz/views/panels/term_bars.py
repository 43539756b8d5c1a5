"""The bars of a read's terms: one group per earlier write, painted in one pass.

At a read, each earlier write's term (weight × effective value) is a group
of bars, one per value component; the target's term and the crosstalk terms
differ in colour, fill pattern and label, and the output ``y`` and the
wanted ``v_target`` follow. With many value components (d_v = 64) each
group is one colour strip instead, a tiny heatmap row.

Against the plain pyqtgraph version, measured in one run (``python -m
linviz.bench.drawing_bench --cpu-time``; ``linviz bench --only drawing``
gives wall times: 2026-12-07, offscreen, GUI-thread CPU time, load 0.4,
medians of 200): an update and repaint of crowding-the-plane's last read
(five groups, d_v = 2) takes 0.72 ms here and 3.66 ms as one
``pg.BarGraphItem`` and one ``pg.TextItem`` per group in a ``pg.PlotWidget``
(5.1x; on 2026-12-03, load 7.4: 2.8 against 13.1 ms, 4.6x).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.model.drawable import MAX_FLOAT, bar_limits, color_indices, span_fraction
from linviz.views.drawing.cell_image import rgb_words
from linviz.views.drawing.raster_scale import raster_scale
from linviz.views.drawing.stamp_cache import StampCache
from linviz.views.drawing.static_text import draw_centred
from linviz.views.guarded import guarded, guarded_paint_event, guarded_size
from linviz.views.items.matrix_item import colormap_for
from linviz.views.number_text import shown_number, shown_vector
from linviz.views.theme import Theme, qcolor

#: Bars thinner than this (pixels) give way to one colour strip per group (d_v = 64).
MIN_BAR_PX = 3.0
#: Rows the bars' minimum height makes room for. Past it, strips show as many
#: of the largest terms as the panel's height fits: a read after 40 writes
#: must not make the readout (and the desk under it) taller than the window.
MIN_ROWS = 4
#: Least height (px) of the bars of a column, its numbers and words aside.
COLUMN_MIN_PX = 20
#: Most of the width a row's labels take from its bars (the bars keep the rest).
LABEL_SHARE = 0.55
#: While a drag holds the bars' range still: a new range leaves this share of room
#: beyond the values (each end that has bars) ...
HELD_ROOM = 0.1
#: ... and is kept while the values fit in it and span at least this share of it.
HELD_SHRINK_BELOW = 0.5


TARGET, CROSSTALK, TERM, OUTPUT, EXPECTED = "target", "crosstalk", "term", "output", "expected"
#: A term the target's own correction takes back (an exact read under the delta rule).
CANCELLED = "cancelled"
#: An earlier write's term under the target's own key that the target's delta
#: write took back only in part (β < 1): the rest is the error's "not overwritten".
PARTLY_CANCELLED = "partly_cancelled"
#: An earlier write's term under the target's own key, which a rule without
#: correction leaves in S: the error's part of that name, write by write.
NOT_OVERWRITTEN = "not_overwritten"

#: Every kind, in legend order.
KINDS = (TARGET, CROSSTALK, NOT_OVERWRITTEN, CANCELLED, PARTLY_CANCELLED, TERM, OUTPUT, EXPECTED)


@dataclass(frozen=True)
class BarGroup:
    """One group of bars: a vector drawn one bar per component.

    ``kind`` is ``"target"``, ``"crosstalk"``, ``"cancelled"`` (taken back by
    the target's correction), ``"term"`` (no target, or a term that is not
    crosstalk), ``"output"`` or ``"expected"``; ``note`` is a second line such
    as the weight.
    """

    label: str
    kind: str
    values: np.ndarray
    note: str = ""


class _BarStyle:
    """Everything a paint of :class:`TermBars` needs from the theme, made once per theme."""

    def __init__(self, theme: Theme, base: QtGui.QFont) -> None:
        self.theme = theme

        def font(scale: float, bold: bool = False) -> QtGui.QFont:
            f = QtGui.QFont(base)
            f.setPointSizeF(theme.font_pt * scale)
            f.setBold(bold)
            return f

        self.label_font, self.note_font = font(1.0, bold=True), font(0.85)
        self.value_font, self.legend_font = font(0.8), font(0.9)
        self.label_m, self.note_m, self.value_m, self.legend_m = (
            QtGui.QFontMetrics(f)
            for f in (self.label_font, self.note_font, self.value_font, self.legend_font)
        )
        self.foreground, self.muted = qcolor(theme.foreground), qcolor(theme.muted)
        self.background = qcolor(theme.background)
        self.axis_pen = QtGui.QPen(self.foreground, max(1.0, theme.line_width * 0.7))
        self.divider_pen = QtGui.QPen(self.muted, 1.0, Qt.PenStyle.DashLine)
        width = max(1.0, theme.line_width * 0.8)
        expected = QtGui.QPen(qcolor(theme.target), max(2.0, theme.line_width * 1.3))
        expected.setStyle(Qt.PenStyle.DashLine)
        self.kinds: dict[str, tuple[list[QtGui.QBrush], QtGui.QPen]] = {
            TARGET: ([QtGui.QBrush(qcolor(theme.target))], QtGui.QPen(qcolor(theme.target), width)),
            # Hatched: the pattern tells crosstalk apart without colour.
            CROSSTALK: (
                [
                    QtGui.QBrush(qcolor(theme.crosstalk, 70)),
                    QtGui.QBrush(qcolor(theme.crosstalk), Qt.BrushStyle.BDiagPattern),
                ],
                QtGui.QPen(qcolor(theme.crosstalk), width),
            ),
            # Grey with level lines: part of the error, left under the target's key.
            NOT_OVERWRITTEN: (
                [
                    QtGui.QBrush(qcolor(theme.muted, 90)),
                    QtGui.QBrush(qcolor(theme.foreground, 140), Qt.BrushStyle.HorPattern),
                ],
                QtGui.QPen(qcolor(theme.foreground), width),
            ),
            # Pale with a dotted outline: there, but taken back by the target's write.
            CANCELLED: (
                [QtGui.QBrush(qcolor(theme.muted, 45))],
                QtGui.QPen(qcolor(theme.muted), width, Qt.PenStyle.DotLine),
            ),
            # As cancelled, its outline dashed: only part was taken back (its word says so).
            PARTLY_CANCELLED: (
                [QtGui.QBrush(qcolor(theme.muted, 45))],
                QtGui.QPen(qcolor(theme.muted), width, Qt.PenStyle.DashLine),
            ),
            OUTPUT: ([QtGui.QBrush(qcolor(theme.read))], QtGui.QPen(qcolor(theme.read), width)),
            EXPECTED: ([QtGui.QBrush(qcolor(theme.target, 30))], expected),
            TERM: (
                [QtGui.QBrush(qcolor(theme.muted, 150))],
                QtGui.QPen(qcolor(theme.muted), width),
            ),
        }
        # A strip's outline says its kind (its label says it in words).
        self.strip_pens = {
            kind: QtGui.QPen(pen.color(), max(1.5, theme.line_width), pen.style())
            for kind, (_, pen) in self.kinds.items()
        }
        #: The theme's colour map as 0xffRRGGBB words, index 0 = most negative.
        self.lut = rgb_words(colormap_for(theme).getLookupTable(0.0, 1.0, 256, alpha=False))
        self._widths: dict[tuple[int, str], int] = {}
        self._elided: dict[tuple[int, str, int], str] = {}

    def width(self, metrics: QtGui.QFontMetrics, text: str) -> int:
        """``metrics.horizontalAdvance(text)``, remembered (labels repeat every paint)."""
        key = (id(metrics), text)
        value = self._widths.get(key)
        if value is None:
            if len(self._widths) > 4096:
                self._widths.clear()
            value = self._widths[key] = metrics.horizontalAdvance(text)
        return value

    def elided(self, metrics: QtGui.QFontMetrics, text: str, room: int) -> str:
        """``text`` cut with an ellipsis to ``room`` pixels, remembered."""
        key = (id(metrics), text, room)
        value = self._elided.get(key)
        if value is None:
            if len(self._elided) > 4096:
                self._elided.clear()
            value = self._elided[key] = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
        return value


@dataclass(frozen=True)
class _LegendLayout:
    """Where a legend's entries go: ``(kind, text, x, y, swatch width)`` each, ``y`` from
    the legend's top; its height; where the "… not shown" note goes (None: no note).
    """

    entries: list[tuple[str, str, int, int, float]]
    height: int
    note_y: int | None
    hidden: int


def _draw_entry_text(
    painter: QtGui.QPainter, style: _BarStyle, top: int, entry: tuple[str, str, int, int, float]
) -> None:
    """A legend entry's words, right of its swatch (the legend's font already set)."""
    _, text, x, y, swatch = entry
    painter.setPen(style.foreground)
    painter.drawText(QtCore.QPointF(x + swatch + 5, top + y + style.legend_m.ascent()), text)


def _rows_hold_bars(row_h: float, components: int) -> bool:
    """Whether rows ``row_h`` pixels high hold bars of ``components`` at MIN_BAR_PX."""
    return row_h * 0.8 / components >= MIN_BAR_PX


class _GroupFacts:
    """Widths, words and sizes of a set of bar groups, for every paint until they change."""

    def __init__(self, bars: TermBars, style: _BarStyle) -> None:
        self.style = style
        groups = bars.groups
        present = {g.kind for g in groups}
        #: The kinds shown, in legend order.
        self.kinds = [k for k in KINDS if k in present]
        #: Width a column needs for every group's words under it.
        self.needed = (
            max(
                (
                    max(
                        style.width(style.note_m, bars.kind_text(g.kind)),
                        style.width(style.note_m, g.note),
                        style.width(style.label_m, g.label),
                    )
                    for g in groups
                ),
                default=0,
            )
            + 8
        )
        #: Each group's label and, for a row, its kind and note.
        self.texts = [(g.label, f"{bars.kind_text(g.kind)}  {g.note}".strip()) for g in groups]
        self.label_width = max(
            (
                max(style.width(style.label_m, a), style.width(style.note_m, b))
                for a, b in self.texts
            ),
            default=0,
        )
        #: Each group's largest |component|.
        self.sizes = [float(np.abs(g.values).max(initial=0.0)) for g in groups]


class TermBars(QtWidgets.QWidget):
    """Bar groups painted in one pass (no item per bar).

    Each group's components are bars while the bars are at least
    :data:`MIN_BAR_PX` thick; with more components (d_v = 64) each group is
    one colour strip instead, one cell per component in the theme's colour
    map, outlined in the colour of its kind.
    """

    def __init__(self, theme: Theme, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = theme
        self._style: _BarStyle | None = None
        self._kind_texts: dict[str, str] | None = None
        self._group_facts: _GroupFacts | None = None
        self._legend_stamp = StampCache()
        #: The last legend laid out, by what it depends on.
        self._legend_kept: tuple[tuple, _LegendLayout] | None = None
        self.groups: list[BarGroup] = []
        self.hidden_count = 0
        #: Whether the range the bars are drawn over holds still (a drag's frames).
        self.hold_range = False
        #: The range held (None: none yet, or the bars fit their values exactly).
        self._held: tuple[float, float] | None = None
        #: Where the last paint put each bar: (group index, component, rect).
        self.bar_rects: list[tuple[int, int, QtCore.QRectF]] = []
        #: Where the last paint put each colour strip: (group index, rect); strips only.
        self.strip_rects: list[tuple[int, QtCore.QRectF]] = []
        #: How the last paint laid groups out: "columns", "rows" (narrow panels)
        #: or "strips" (too many components for bars).
        self.orientation = "columns"
        #: Every group's note ("w = 1") must show: the readout's line of weights gave way.
        self.notes_required = False
        #: The words the last paint wrote under or beside each group: (group index, line).
        self.drawn_words: list[tuple[int, str]] = []
        # Every pixel is painted: Qt need not paint the panel underneath first.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Expanding
        )

    def set_theme(self, theme: Theme) -> None:
        """Use ``theme``'s colours and sizes."""
        self._theme = theme
        self._style = None
        self.updateGeometry()
        self.update()

    @guarded()
    def changeEvent(self, event: QtCore.QEvent) -> None:
        if event.type() == QtCore.QEvent.Type.FontChange:
            self._style = None
        elif event.type() == QtCore.QEvent.Type.LanguageChange:
            self._kind_texts = None
            self._group_facts = None
            self._legend_stamp.clear()
        super().changeEvent(event)

    def style_for_paint(self) -> _BarStyle:
        """Fonts, pens and colours of the current theme (made on first use)."""
        if self._style is None:
            self._style = _BarStyle(self._theme, self.font())
        return self._style

    def _facts(self, style: _BarStyle) -> _GroupFacts:
        """What every paint of the current groups needs (worked out once per set_groups)."""
        facts = self._group_facts
        if facts is None or facts.style is not style:
            facts = self._group_facts = _GroupFacts(self, style)
        return facts

    def set_groups(self, groups: list[BarGroup], hidden_count: int = 0, hold: bool = False) -> None:
        """Show ``groups``; ``hidden_count`` smaller terms were left out.

        ``hold``: the bars keep the range they are drawn over while the values
        still fit it (see :meth:`drawn_range`), as the planes keep their frames
        during a drag: the bars of the terms a drag does not change stand still
        while the one it changes, and ``y``, move. Without it the range fits
        the values exactly.
        """
        self.hold_range = hold
        if not hold:
            self._held = None
        reshaped = ([(g.label, g.kind) for g in self.groups], bool(self.hidden_count)) != (
            [(g.label, g.kind) for g in groups],
            bool(hidden_count),
        )
        # The minimum height follows the groups' labels and kinds (not a drag's values);
        # other groups with the same minimum (a scrub from read to read) ask for no
        # layout of the desk.
        before = self.minimumSizeHint() if reshaped and self.groups else None
        self._group_facts = None
        self.groups = groups
        self.hidden_count = hidden_count
        if reshaped and (before is None or self.minimumSizeHint() != before):
            self.updateGeometry()
        self.update()

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ToolTip:
            text = self._tooltip(QtCore.QPointF(event.pos()))
            if text is None:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            else:
                QtWidgets.QToolTip.showText(event.globalPos(), text, self)
            return True
        return super().event(event)

    def _tooltip(self, spot: QtCore.QPointF) -> str | None:
        """What the bar or strip cell under ``spot`` is, if any."""
        hit = next(
            (i for i, _, r in self.bar_rects if r.adjusted(-2, -2, 2, 2).contains(spot)), None
        )
        extra = ""
        if hit is None:
            for index, rect in self.strip_rects:
                if rect.contains(spot):
                    values = self.groups[index].values
                    component = min(
                        int((spot.x() - rect.left()) / rect.width() * len(values)), len(values) - 1
                    )
                    hit = index
                    extra = self.tr("component {index}: {value}").format(
                        index=component + 1,
                        value=shown_number(values[component], at=self._residue_scale()),
                    )
                    break
        if hit is None:
            return None
        group = self.groups[hit]
        return " · ".join(
            t
            for t in (
                group.label,
                self.kind_text(group.kind),
                group.note,
                extra or shown_vector(group.values, at=self._residue_scale()),
            )
            if t
        )

    def _residue_scale(self) -> float:
        """The size residue is small beside: the longest bar's (as the paint's labels)."""
        low, high = bar_limits(np.concatenate([g.values for g in self.groups]))
        return max(-low, high)

    def kind_text(self, kind: str) -> str:
        """The word under a group, so the kind never depends on colour alone."""
        if self._kind_texts is None:  # asked ~20 times a paint; the language rarely changes
            self._kind_texts = {
                TARGET: self.tr("target"),
                CROSSTALK: self.tr("crosstalk"),
                NOT_OVERWRITTEN: self.tr("not overwritten"),
                CANCELLED: self.tr("cancelled"),
                PARTLY_CANCELLED: self.tr("partly cancelled"),
                TERM: self.tr("term"),
                OUTPUT: self.tr("output y"),
                EXPECTED: self.tr("wanted v_target"),
            }
        return self._kind_texts[kind]

    # -- geometry -------------------------------------------------------------------
    def require_notes(self, required: bool) -> None:
        """Give every group a row with room for its note (see :meth:`can_carry_notes`)."""
        if required != self.notes_required:
            self.notes_required = required
            self.updateGeometry()
            self.update()

    def can_carry_notes(self) -> bool:
        """Whether each group, a line high, still gets its bars (its note on that line).

        Not with strips (too many components for bars in such a row), nor
        with terms left out: there the notes of some writes are not drawn.
        """
        if not self.groups or self.hidden_count:
            return False
        style = self.style_for_paint()
        components = max(len(g.values) for g in self.groups)
        return _rows_hold_bars(style.note_m.height() - 2, components)

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        # Room for the legend and one line of label per group up to MIN_ROWS, no
        # more: on a 1280×720 projector the numbers under the bars need the rest.
        style = self.style_for_paint()
        line = style.legend_m.height()
        if self.notes_required or len(self.groups) <= MIN_ROWS:
            legend = self._legend(None, style, 0, None, self.hidden_count)
            # Notes required: a line for every group, as low as _paint_row_label draws one.
            rows = len(self.groups) * (style.note_m.height() - (2 if self.notes_required else 1))
        else:  # strips (as _paint fits them): the colour scale and "… not shown" too
            legend = self._legend(None, style, 0, 1.0, self.hidden_count + 1)
            rows = MIN_ROWS * style.note_m.height()
        height = legend + 8 + rows
        return QtCore.QSize(line * 12, max(line * 4, height))

    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        line = self.style_for_paint().legend_m.height()
        return QtCore.QSize(line * 30, line * 14)

    # -- painting -----------------------------------------------------------------
    def _brush_and_pen(self, kind: str) -> tuple[list[QtGui.QBrush], QtGui.QPen]:
        return self.style_for_paint().kinds[kind]

    @guarded_paint_event
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        style = self.style_for_paint()
        painter = QtGui.QPainter(self)
        try:
            # No antialiasing: every shape here is a rectangle or a straight line along
            # an axis, crisper on whole pixels, and blending their edges cost ~0.1 ms
            # of a 0.65 ms paint (lesson read; 0.83 ms for d = 64 strips).
            painter.fillRect(self.rect(), style.background)
            self.bar_rects = []
            self.strip_rects = []
            self.drawn_words = []
            if self.groups:
                self._paint(painter, style)
        finally:
            painter.end()

    def _legend(
        self,
        painter: QtGui.QPainter | None,
        style: _BarStyle,
        top: int,
        scale: float | None,
        hidden: int,
    ) -> int:
        """Draw the legend from ``top`` (or only measure it, without a painter).

        ``scale`` is the largest |value| when groups are colour strips: the
        legend then shows the colour scale too. ``hidden`` terms are counted
        as not shown. Returns the legend's height. The legend is a stamp:
        during a drag it stays the same while the bars move; only the colour
        scale's numbers, which follow the drag, are written on it each time.
        """
        layout = self._legend_layout(style, scale, hidden)
        if painter is None:
            return layout.height
        ratio = raster_scale(painter)
        if ratio is None:  # an SVG or PDF export: text stays text
            self._draw_legend(painter, style, top, layout, with_scale_text=True)
            return layout.height
        scale_entry = layout.entries[-1] if scale is not None else None
        key = (
            id(style),
            self.width(),
            layout.height,
            ratio,
            tuple(self._facts(style).kinds),
            None if scale_entry is None else scale_entry[2:],
            hidden,
        )
        stamp = self._legend_stamp.get(key)
        if stamp is None:
            stamp = self._legend_stamp.draw(
                key,
                (round(self.width() * ratio), round(layout.height * ratio)),
                ratio,
                lambda legend_painter: self._draw_legend(
                    legend_painter, style, 0, layout, with_scale_text=False
                ),
                style.background,
            )
        painter.drawPixmap(0, top, stamp)
        if scale_entry is not None:
            painter.setFont(style.legend_font)
            _draw_entry_text(painter, style, top, scale_entry)
        return layout.height

    def _legend_layout(self, style: _BarStyle, scale: float | None, hidden: int) -> _LegendLayout:
        """Where each legend entry goes (kept until the width, kinds or texts change)."""
        entries: list[tuple[str, str]] = [
            (kind, self.kind_text(kind)) for kind in self._facts(style).kinds
        ]
        if scale is not None:
            entries.append(
                (
                    "scale",
                    self.tr("component value {low} … {high}").format(
                        low=shown_number(-scale, at=scale), high=shown_number(scale, at=scale)
                    ),
                )
            )
        key = (id(style), self.width(), tuple(entries), hidden)
        if self._legend_kept is not None and self._legend_kept[0] == key:
            return self._legend_kept[1]
        metrics = style.legend_m
        line = metrics.height() + 4
        box = metrics.height() - 4
        x, y = 8, 0
        placed = []
        for kind, text in entries:
            swatch = box * (3.0 if kind == "scale" else 1.4)
            room = self.width() - 16 - int(swatch + 5)
            if style.width(metrics, text) > room:
                # Too wide even alone on a line (a narrow column, French): the scale
                # keeps its numbers, which the colour strip beside them explains.
                if kind == "scale" and scale is not None:
                    text = f"{shown_number(-scale, at=scale)} … {shown_number(scale, at=scale)}"
                text = style.elided(metrics, text, max(room, 0))
            width = int(swatch + 5 + style.width(metrics, text))
            if x > 8 and x + width > self.width() - 8:
                x, y = 8, y + line
            placed.append((kind, text, x, y, swatch))
            x += width + 16
        y += line
        note_y = None
        if hidden:
            note_y = y
            y += line
        layout = _LegendLayout(placed, y + 2, note_y, hidden)
        self._legend_kept = (key, layout)
        return layout

    def _draw_legend(
        self,
        painter: QtGui.QPainter,
        style: _BarStyle,
        top: int,
        layout: _LegendLayout,
        with_scale_text: bool,
    ) -> None:
        """Draw the legend as ``layout`` places it, the colour scale's numbers if asked."""
        metrics = style.legend_m
        painter.setFont(style.legend_font)
        box = metrics.height() - 4
        for entry in layout.entries:
            kind, _, x, y, swatch = entry
            rect = QtCore.QRectF(x, top + y + 2, swatch, box)
            if kind == "scale":
                image, _pixels = _strip_image(style.lut[None, :])
                painter.drawImage(rect, image, QtCore.QRectF(0, 0, len(style.lut), 1))
                painter.setPen(QtGui.QPen(style.muted, 1.0))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
                if not with_scale_text:
                    continue
            else:
                brushes, pen = style.kinds[kind]
                painter.setPen(pen)
                for brush in brushes:
                    painter.setBrush(brush)
                    painter.drawRect(rect)
            _draw_entry_text(painter, style, top, entry)
        if layout.note_y is not None:
            note = self.tr("%Ln smaller terms not shown", "", layout.hidden)
            painter.setPen(style.muted)
            painter.drawText(
                QtCore.QRect(8, top + layout.note_y, self.width() - 16, metrics.height()),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                style.elided(metrics, note, self.width() - 16),
            )

    def _paint(self, painter: QtGui.QPainter, style: _BarStyle) -> None:
        count = len(self.groups)
        components = max(len(g.values) for g in self.groups)
        values = np.concatenate([g.values for g in self.groups])
        fitted = bar_limits(values)  # finite, for ±1.8e308 and inf too
        low, high = self.drawn_range(fitted)
        at = max(-fitted[0], fitted[1])  # residue is small beside the longest bar
        # Side by side while every group's words fit under it; else one row per group;
        # strips once bars would be thinner than MIN_BAR_PX.
        needed = self._facts(style).needed
        top = 4 + self._legend(None, style, 4, None, self.hidden_count)
        width, height = self.width() - 16, self.height() - top - 4
        # Columns need the height for their words under them (a wide, short readout).
        column_words = style.label_m.height() + 2 * style.note_m.height() + 4
        if (
            width / count >= needed
            and width / count * 0.78 / components >= MIN_BAR_PX
            and height - 2 * style.value_m.height() - column_words >= COLUMN_MIN_PX
        ):
            mode = "columns"
        elif _rows_hold_bars(height / count, components):
            mode = "rows"
        else:
            mode = "strips"
        self.orientation = mode
        if mode != "strips":
            top = 4 + self._legend(painter, style, 4, None, self.hidden_count)
            area = QtCore.QRectF(8, top, self.width() - 16, self.height() - top - 4)
            if mode == "columns":
                self._paint_columns(painter, style, area, (low, high), at)
            else:
                self._paint_rows(painter, style, area, (low, high), at)
            return
        # Strips: as many as leave each a readable label, the largest terms first.
        scale = max(abs(low), abs(high))
        top = 4 + self._legend(None, style, 4, scale, self.hidden_count + 1)
        fit = max(1, int((self.height() - top - 4) // style.note_m.height()))
        shown = self._largest(fit)
        hidden = self.hidden_count + count - len(shown)
        top = 4 + self._legend(painter, style, 4, scale, hidden)
        area = QtCore.QRectF(8, top, self.width() - 16, self.height() - top - 4)
        self._paint_strips(painter, style, area, scale, shown)

    def drawn_range(self, fitted: tuple[float, float]) -> tuple[float, float]:
        """The range the bars are drawn over, for values spanning ``fitted``.

        ``fitted`` itself unless the range holds (:meth:`set_groups`): then the
        range held before while ``fitted`` lies inside it and spans at least
        :data:`HELD_SHRINK_BELOW` of it, else a new one :data:`HELD_ROOM`
        wider at each end that has bars (finite, for ±1.8e308 too).
        """
        if not self.hold_range:
            return fitted
        low, high = fitted
        held = self._held
        if held is not None:
            held_low, held_high = held
            # Spans by halves: one of ±1.8e308 is beyond the floats.
            inside = held_low <= low and high <= held_high
            if inside and high / 2 - low / 2 >= HELD_SHRINK_BELOW * (held_high / 2 - held_low / 2):
                return held
        grown = (max(low * (1 + HELD_ROOM), -MAX_FLOAT), min(high * (1 + HELD_ROOM), MAX_FLOAT))
        self._held = grown
        return grown

    def _largest(self, fit: int) -> list[int]:
        """Indices of at most ``fit`` groups, in order: y, v_target and the target's
        term always, then the terms with the largest components.
        """
        groups = self.groups
        if len(groups) <= fit:
            return list(range(len(groups)))
        keep = [i for i, g in enumerate(groups) if g.kind in (OUTPUT, EXPECTED, TARGET)]
        sizes = self._facts(self.style_for_paint()).sizes
        rest = sorted(
            (i for i, g in enumerate(groups) if g.kind not in (OUTPUT, EXPECTED, TARGET)),
            key=lambda i: -sizes[i],
        )
        return sorted(keep + rest[: max(0, fit - len(keep))])

    def _paint_bar(
        self,
        painter: QtGui.QPainter,
        style: _BarStyle,
        index: int,
        component: int,
        rect: QtCore.QRectF,
    ) -> None:
        brushes, pen = style.kinds[self.groups[index].kind]
        painter.setPen(pen)
        for brush in brushes:
            painter.setBrush(brush)
            painter.drawRect(rect)
        self.bar_rects.append((index, component, rect))

    def _paint_columns(
        self,
        painter: QtGui.QPainter,
        style: _BarStyle,
        area: QtCore.QRectF,
        drawn: tuple[float, float],
        at: float,
    ) -> None:
        """Groups side by side, bars upward from a horizontal zero line, over ``drawn``
        (low, high); numbers are residue below :data:`~linviz.model.report.DISPLAY_ZERO`
        of ``at``.
        """
        label_m, note_m, value_m = style.label_m, style.note_m, style.value_m
        low, high = drawn
        bottom_h = label_m.height() + 2 * note_m.height() + 4
        top = area.top() + value_m.height()
        bottom = area.bottom() - bottom_h - value_m.height()
        if bottom - top < COLUMN_MIN_PX:
            return

        def y_of(value: float) -> float:
            return bottom - span_fraction(value, low, high) * (bottom - top)

        zero = y_of(0.0)
        slot = area.width() / len(self.groups)
        painter.setPen(style.axis_pen)
        painter.drawLine(QtCore.QPointF(area.left(), zero), QtCore.QPointF(area.right(), zero))
        for index, group in enumerate(self.groups):
            x0 = area.left() + index * slot
            if group.kind == OUTPUT:
                painter.setPen(style.divider_pen)
                painter.drawLine(QtCore.QPointF(x0, area.top()), QtCore.QPointF(x0, area.bottom()))
            bar_w = slot * 0.78 / len(group.values)
            start = x0 + slot * 0.11
            for component, value in enumerate(group.values.tolist()):
                y = y_of(value)
                rect = QtCore.QRectF(
                    start + component * bar_w + bar_w * 0.08,
                    min(y, zero),
                    bar_w * 0.84,
                    max(abs(zero - y), 1.0),
                )
                self._paint_bar(painter, style, index, component, rect)
                text = shown_number(value, at=at)
                if style.width(value_m, text) <= bar_w + 4:
                    painter.setFont(style.value_font)
                    painter.setPen(style.foreground)
                    height = value_m.height()
                    text_top = rect.top() - height if value >= 0 else rect.bottom()
                    draw_centred(
                        painter,
                        QtCore.QRectF(rect.left() - 2, text_top, rect.width() + 4, height),
                        text,
                        style.value_font,
                    )
            lines = [
                (style.label_font, label_m, style.foreground, group.label),
                (style.note_font, note_m, style.muted, self.kind_text(group.kind)),
                (style.note_font, note_m, style.muted, group.note),
            ]
            y = bottom + value_m.height() + 2
            for font, metrics, color, text in lines:
                painter.setFont(font)
                painter.setPen(color)
                shown = style.elided(metrics, text, int(slot) - 2)
                draw_centred(painter, QtCore.QRectF(x0, y, slot, metrics.height()), shown, font)
                self.drawn_words.append((index, shown))
                y += metrics.height()

    def _row_labels(
        self, style: _BarStyle, area: QtCore.QRectF, row_h: float
    ) -> tuple[list[tuple[str, str]], float]:
        """Each group's label and words (kind and note), and the width of the label column.

        The column is as wide as the words need in rows ``row_h`` high (the kind
        and the note on lines of their own where there is the height, on one line
        with the label where there is not), up to :data:`LABEL_SHARE` of the width.
        """
        facts = self._facts(style)
        label_h, note_h = style.label_m.height(), style.note_m.height()
        if row_h >= label_h + 2 * note_h:
            needed = max(
                (
                    max(
                        style.width(style.label_m, label),
                        *(style.width(style.note_m, line) for line in words.split("  ", 1)),
                    )
                    for label, words in facts.texts
                ),
                default=0,
            )
        elif row_h >= label_h + note_h:
            needed = facts.label_width
        else:  # cramped: the label and its kind (or note) on one line
            needed = max(
                (style.width(style.note_m, self._one_line(g)) for g in self.groups), default=0
            )
        return facts.texts, min(area.width() * LABEL_SHARE, needed + 6)

    def _one_line(self, group: BarGroup) -> str:
        """A cramped row's words: the label and its kind, or its note where notes must
        show (the legend names the kind by colour).
        """
        words = group.note if self.notes_required and group.note else self.kind_text(group.kind)
        return f"{group.label}  {words}"

    def _paint_row_label(
        self,
        painter: QtGui.QPainter,
        style: _BarStyle,
        area: QtCore.QRectF,
        index: int,
        y0: float,
        row_h: float,
        texts: tuple[str, str],
        label_w: float,
    ) -> None:
        """A row's label, with its kind and note under it (or after it when cramped)."""
        label_m, note_m = style.label_m, style.note_m
        label, words = texts
        room = int(label_w) - 4
        middle = y0 + row_h / 2
        left = area.left()
        # Text at a baseline, not in an aligned rectangle: it is drawn ~20 times a paint.
        painter.setFont(style.label_font)
        painter.setPen(style.foreground)
        if row_h >= label_m.height() + note_m.height():
            lines = [words]
            # Too long for one line ("wanted v_target  stored by w1"): the kind and
            # the note on lines of their own, if the row has the height.
            if style.width(note_m, words) > room and "  " in words:
                kind, note = words.split("  ", 1)
                # Else the kind alone (a note cut in the middle says nothing), or the
                # note alone where it must show (the legend names the kind by colour).
                one = [note] if self.notes_required else [kind]
                lines = [kind, note] if row_h >= label_m.height() + 2 * note_m.height() else one
            top = middle - label_m.height() - (len(lines) - 1) * note_m.height() / 2
            shown = style.elided(label_m, label, room)
            painter.drawText(QtCore.QPointF(left, top + label_m.ascent()), shown)
            self.drawn_words.append((index, shown))
            painter.setFont(style.note_font)
            painter.setPen(style.muted)
            for number, line in enumerate(lines):
                shown = style.elided(note_m, line, room)
                painter.drawText(
                    QtCore.QPointF(
                        left, top + label_m.height() + number * note_m.height() + note_m.ascent()
                    ),
                    shown,
                )
                self.drawn_words.append((index, shown))
        elif row_h >= note_m.height() - 2:
            # Cramped: one line, the kind still spelled out after the label.
            painter.setFont(style.note_font)
            shown = style.elided(note_m, self._one_line(self.groups[index]), room)
            painter.drawText(
                QtCore.QPointF(left, middle - note_m.height() / 2 + note_m.ascent()), shown
            )
            self.drawn_words.append((index, shown))

    def _paint_rows(
        self,
        painter: QtGui.QPainter,
        style: _BarStyle,
        area: QtCore.QRectF,
        drawn: tuple[float, float],
        at: float,
    ) -> None:
        """One row per group, bars sideways from a vertical zero line (narrow panels),
        over ``drawn`` and with numbers as :meth:`_paint_columns`.
        """
        value_m = style.value_m
        low, high = drawn
        texts, label_w = self._row_labels(style, area, area.height() / len(self.groups))
        # Measure the numbers only if some bar is tall enough to carry one.
        row_room = area.height() / len(self.groups) * 0.8
        value_w = 4
        if any(row_room / len(g.values) >= value_m.height() - 2 for g in self.groups):
            value_w += max(
                style.width(value_m, shown_number(v, at=at))
                for g in self.groups
                for v in g.values.tolist()
            )
        x_left = area.left() + label_w + (value_w if low < 0 else 4)
        x_right = area.right() - (value_w if high > 0 else 4)
        row_h = area.height() / len(self.groups)
        if x_right - x_left < 20 or row_h < 3:
            return

        def x_of(value: float) -> float:
            return x_left + span_fraction(value, low, high) * (x_right - x_left)

        zero = x_of(0.0)
        for index, group in enumerate(self.groups):
            y0 = area.top() + index * row_h
            if group.kind == OUTPUT:
                painter.setPen(style.divider_pen)
                painter.drawLine(QtCore.QPointF(area.left(), y0), QtCore.QPointF(area.right(), y0))
            bar_h = row_h * 0.8 / len(group.values)
            start = y0 + row_h * 0.1
            for component, value in enumerate(group.values.tolist()):
                x = x_of(value)
                rect = QtCore.QRectF(
                    min(x, zero),
                    start + component * bar_h + bar_h * 0.08,
                    max(abs(x - zero), 1.0),
                    bar_h * 0.84,
                )
                self._paint_bar(painter, style, index, component, rect)
                if bar_h >= value_m.height() - 2:
                    painter.setFont(style.value_font)
                    painter.setPen(style.foreground)
                    text = shown_number(value, at=at)
                    # After a bar to the right, before one to the left.
                    x = (
                        rect.right() + 2
                        if value >= 0
                        else rect.left() - 2 - style.width(value_m, text)
                    )
                    painter.drawText(
                        QtCore.QPointF(
                            x, rect.center().y() - value_m.height() / 2 + value_m.ascent()
                        ),
                        text,
                    )
            self._paint_row_label(painter, style, area, index, y0, row_h, texts[index], label_w)
        painter.setPen(style.axis_pen)
        painter.drawLine(QtCore.QPointF(zero, area.top()), QtCore.QPointF(zero, area.bottom()))

    def _paint_strips(
        self,
        painter: QtGui.QPainter,
        style: _BarStyle,
        area: QtCore.QRectF,
        scale: float,
        shown: list[int],
    ) -> None:
        """One row per shown group, each a strip of cells coloured by value (a tiny
        heatmap row).
        """
        row_h = area.height() / len(shown)
        texts, label_w = self._row_labels(style, area, row_h)
        x_left, x_right = area.left() + label_w + 4, area.right() - 4
        if x_right - x_left < 20 or row_h < 2:
            return
        components = max(len(self.groups[i].values) for i in shown)
        # Values to colour-map indices, all groups at once: one image row per group.
        table = np.zeros((len(shown), components))
        for row, index in enumerate(shown):
            values = np.asarray(self.groups[index].values, dtype=float)
            table[row, : len(values)] = values
        codes = style.lut[color_indices(table, scale, len(style.lut))]  # NaN: the middle
        image, _pixels = _strip_image(codes)  # _pixels: the image does not copy them
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for row, index in enumerate(shown):
            group = self.groups[index]
            y0 = area.top() + row * row_h
            rect = QtCore.QRectF(x_left, y0 + row_h * 0.12, x_right - x_left, row_h * 0.76)
            painter.drawImage(rect, image, QtCore.QRectF(0, row, len(group.values), 1))
            painter.setPen(style.strip_pens[group.kind])
            painter.drawRect(rect)
            self.strip_rects.append((index, rect))
            if group.kind == OUTPUT:
                painter.setPen(style.divider_pen)
                painter.drawLine(QtCore.QPointF(area.left(), y0), QtCore.QPointF(area.right(), y0))
            self._paint_row_label(painter, style, area, index, y0, row_h, texts[index], label_w)


def _strip_image(codes: np.ndarray) -> tuple[QtGui.QImage, np.ndarray]:
    """A QImage over ``codes`` (rows × columns of 0xffRRGGBB words) and the array it uses.

    The image does not copy the pixels: keep the array alive while drawing.
    """
    codes = np.ascontiguousarray(codes, dtype=np.uint32)
    image = QtGui.QImage(
        codes.data,
        codes.shape[1],
        codes.shape[0],
        codes.shape[1] * 4,
        QtGui.QImage.Format.Format_RGB32,
    )
    return image, codes
