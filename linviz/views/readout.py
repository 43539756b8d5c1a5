"""The readout: where a read's output came from, term by term, and in numbers.

At a read, one bar group per earlier write shows that write's term (weight ×
effective value); the target's term and the crosstalk terms differ in colour,
fill pattern and label. The output ``y`` and the wanted ``v_target`` follow,
then the measures in large type. At a write, the earlier keys it overlaps are
listed with their cosines. Every number comes from the model.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.model.interference import strongest_earlier_overlaps
from linviz.model.readout import ReadResult
from linviz.model.report import fmt_number, fmt_vector
from linviz.views.hidden_output import HiddenNotice, entered_text, gap_text
from linviz.views.panel import Panel, qcolor
from linviz.views.theme import Theme

Qt = QtCore.Qt

#: Most bar groups drawn; the rest (smallest |term|) are counted, not drawn.
MAX_GROUPS = 40

#: Most overlapping keys listed at a write (largest |cosine| first).
MAX_OVERLAPS = 12

#: Cosines closer to 0 than this count as orthogonal (rounding noise).
ORTHOGONAL_EPS = 1e-9

TARGET, CROSSTALK, TERM, OUTPUT, EXPECTED = "target", "crosstalk", "term", "output", "expected"


def label_style(color: str, point_size: float, bold: bool = False) -> str:
    """A label's colour and size as a style sheet (a window-wide sheet can't override it)."""
    weight = "bold" if bold else "normal"
    return f"color: {color}; font-size: {round(point_size)}pt; font-weight: {weight};"


@dataclass(frozen=True)
class BarGroup:
    """One group of bars: a vector drawn one bar per component.

    ``kind`` is ``"target"``, ``"crosstalk"``, ``"term"`` (no target known),
    ``"output"`` or ``"expected"``; ``note`` is a second line such as the weight.
    """

    label: str
    kind: str
    values: np.ndarray
    note: str = ""


class TermBars(QtWidgets.QWidget):
    """Bar groups painted in one pass (no item per bar)."""

    def __init__(self, theme: Theme, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = theme
        self.groups: list[BarGroup] = []
        self.hidden_count = 0
        #: Where the last paint put each bar: (group index, component, rect).
        self.bar_rects: list[tuple[int, int, QtCore.QRectF]] = []
        #: How the last paint laid groups out: "columns" or "rows" (narrow panels).
        self.orientation = "columns"
        self._styles: dict[str, tuple[list[QtGui.QBrush], QtGui.QPen]] = {}
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Expanding,
                           QtWidgets.QSizePolicy.Policy.Expanding)

    def set_theme(self, theme: Theme) -> None:
        """Use ``theme``'s colours and sizes."""
        self._theme = theme
        self.updateGeometry()
        self.update()

    def set_groups(self, groups: list[BarGroup], hidden_count: int = 0) -> None:
        """Show ``groups``; ``hidden_count`` smaller terms were left out."""
        self.groups = groups
        self.hidden_count = hidden_count
        self.update()

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ToolTip:
            spot = QtCore.QPointF(event.pos())
            hit = next((i for i, _, r in self.bar_rects
                        if r.adjusted(-2, -2, 2, 2).contains(spot)), None)
            if hit is None:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            else:
                group = self.groups[hit]
                QtWidgets.QToolTip.showText(event.globalPos(), " · ".join(
                    t for t in (group.label, self.kind_text(group.kind), group.note,
                                fmt_vector(group.values)) if t), self)
            return True
        return super().event(event)

    def kind_text(self, kind: str) -> str:
        """The word under a group, so the kind never depends on colour alone."""
        return {
            TARGET: self.tr("target"), CROSSTALK: self.tr("crosstalk"), TERM: self.tr("term"),
            OUTPUT: self.tr("output y"), EXPECTED: self.tr("wanted v_target"),
        }[kind]

    # -- geometry -------------------------------------------------------------------
    def _font(self, scale: float = 1.0, bold: bool = False) -> QtGui.QFont:
        font = QtGui.QFont(self.font())
        font.setPointSizeF(self._theme.font_pt * scale)
        font.setBold(bold)
        return font

    def minimumSizeHint(self) -> QtCore.QSize:
        line = QtGui.QFontMetrics(self._font()).height()
        return QtCore.QSize(line * 12, line * 10)

    def sizeHint(self) -> QtCore.QSize:
        line = QtGui.QFontMetrics(self._font()).height()
        return QtCore.QSize(line * 30, line * 14)

    # -- painting -----------------------------------------------------------------
    def _brush_and_pen(self, kind: str) -> tuple[list[QtGui.QBrush], QtGui.QPen]:
        theme = self._theme
        width = max(1.0, theme.line_width * 0.8)
        if kind == TARGET:
            return [QtGui.QBrush(qcolor(theme.target))], QtGui.QPen(qcolor(theme.target), width)
        if kind == CROSSTALK:
            # Hatched: the pattern tells crosstalk apart without colour.
            return ([QtGui.QBrush(qcolor(theme.crosstalk, 70)),
                     QtGui.QBrush(qcolor(theme.crosstalk), Qt.BrushStyle.BDiagPattern)],
                    QtGui.QPen(qcolor(theme.crosstalk), width))
        if kind == OUTPUT:
            return [QtGui.QBrush(qcolor(theme.read))], QtGui.QPen(qcolor(theme.read), width)
        if kind == EXPECTED:
            pen = QtGui.QPen(qcolor(theme.target), max(2.0, theme.line_width * 1.3))
            pen.setStyle(Qt.PenStyle.DashLine)
            return [QtGui.QBrush(qcolor(theme.target, 30))], pen
        return [QtGui.QBrush(qcolor(theme.muted, 150))], QtGui.QPen(qcolor(theme.muted), width)

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        try:
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            painter.fillRect(self.rect(), qcolor(self._theme.background))
            self.bar_rects = []
            self._styles = {}  # the theme may have changed since the last paint
            if self.groups:
                self._paint(painter)
        finally:
            painter.end()

    def _legend(self, painter: QtGui.QPainter, top: int) -> int:
        """Draw the legend from ``top``, wrapping as needed; return its height."""
        theme = self._theme
        font = self._font(0.9)
        metrics = QtGui.QFontMetrics(font)
        painter.setFont(font)
        kinds = [k for k in (TARGET, CROSSTALK, TERM, OUTPUT, EXPECTED)
                 if any(g.kind == k for g in self.groups)]
        line = metrics.height() + 4
        box = metrics.height() - 4
        x, y = 8, top
        for kind in kinds:
            text = self.kind_text(kind)
            width = int(box * 1.4 + 5 + metrics.horizontalAdvance(text))
            if x > 8 and x + width > self.width() - 8:
                x, y = 8, y + line
            brushes, pen = self._brush_and_pen(kind)
            rect = QtCore.QRectF(x, y + 2, box * 1.4, box)
            painter.setPen(pen)
            for brush in brushes:
                painter.setBrush(brush)
                painter.drawRect(rect)
            painter.setPen(qcolor(theme.foreground))
            painter.drawText(QtCore.QPointF(rect.right() + 5, y + metrics.ascent()), text)
            x += width + 16
        y += line
        if self.hidden_count:
            note = self.tr("{count} smaller terms not shown").format(
                count=f"{self.hidden_count:,}")
            painter.setPen(qcolor(theme.muted))
            painter.drawText(QtCore.QRect(8, y, self.width() - 16, metrics.height()),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             metrics.elidedText(note, Qt.TextElideMode.ElideRight,
                                                self.width() - 16))
            y += line
        return y - top + 2

    def _paint(self, painter: QtGui.QPainter) -> None:
        top = 4 + self._legend(painter, 4)
        area = QtCore.QRectF(8, top, self.width() - 16, self.height() - top - 4)
        note_m = QtGui.QFontMetrics(self._font(0.85))
        label_m = QtGui.QFontMetrics(self._font(1.0, bold=True))
        # Side by side while every group's words fit under it; else one row per group.
        needed = max(max(note_m.horizontalAdvance(self.kind_text(g.kind)),
                         note_m.horizontalAdvance(g.note),
                         label_m.horizontalAdvance(g.label)) for g in self.groups) + 8
        values = np.concatenate([g.values for g in self.groups])
        low, high = min(0.0, float(values.min())), max(0.0, float(values.max()))
        if high - low <= 0:
            high, low = 1.0, (-1.0 if low < 0 else 0.0)
        if area.width() / len(self.groups) >= needed:
            self.orientation = "columns"
            self._paint_columns(painter, area, low, high)
        else:
            self.orientation = "rows"
            self._paint_rows(painter, area, low, high)

    def _paint_bar(self, painter: QtGui.QPainter, index: int, component: int,
                   rect: QtCore.QRectF) -> None:
        kind = self.groups[index].kind
        style = self._styles.get(kind)
        if style is None:  # once per kind and paint: at d = 64 there are 2,600 bars
            style = self._styles[kind] = self._brush_and_pen(kind)
        brushes, pen = style
        painter.setPen(pen)
        for brush in brushes:
            painter.setBrush(brush)
            painter.drawRect(rect)
        self.bar_rects.append((index, component, rect))

    def _paint_columns(self, painter: QtGui.QPainter, area: QtCore.QRectF, low: float,
                       high: float) -> None:
        """Groups side by side, bars upward from a horizontal zero line."""
        theme = self._theme
        label_font, note_font, value_font = (self._font(1.0, bold=True), self._font(0.85),
                                             self._font(0.8))
        label_m, note_m, value_m = (QtGui.QFontMetrics(f)
                                    for f in (label_font, note_font, value_font))
        bottom_h = label_m.height() + 2 * note_m.height() + 4
        top = area.top() + value_m.height()
        bottom = area.bottom() - bottom_h - value_m.height()
        if bottom - top < 20:
            return

        def y_of(value: float) -> float:
            return bottom - (value - low) / (high - low) * (bottom - top)

        zero = y_of(0.0)
        slot = area.width() / len(self.groups)
        painter.setPen(QtGui.QPen(qcolor(theme.foreground), max(1.0, theme.line_width * 0.7)))
        painter.drawLine(QtCore.QPointF(area.left(), zero), QtCore.QPointF(area.right(), zero))
        for index, group in enumerate(self.groups):
            x0 = area.left() + index * slot
            if group.kind == OUTPUT:
                painter.setPen(QtGui.QPen(qcolor(theme.muted), 1.0, Qt.PenStyle.DashLine))
                painter.drawLine(QtCore.QPointF(x0, area.top()), QtCore.QPointF(x0, area.bottom()))
            bar_w = slot * 0.78 / len(group.values)
            start = x0 + slot * 0.11
            for component, value in enumerate(group.values):
                y = y_of(float(value))
                rect = QtCore.QRectF(start + component * bar_w + bar_w * 0.08, min(y, zero),
                                     bar_w * 0.84, max(abs(zero - y), 1.0))
                self._paint_bar(painter, index, component, rect)
                text = fmt_number(value)
                if value_m.horizontalAdvance(text) <= bar_w + 4:
                    painter.setFont(value_font)
                    painter.setPen(qcolor(theme.foreground))
                    height = value_m.height()
                    text_top = rect.top() - height if value >= 0 else rect.bottom()
                    painter.drawText(QtCore.QRectF(rect.left() - 2, text_top, rect.width() + 4,
                                                   height), Qt.AlignmentFlag.AlignCenter, text)
            lines = [(label_font, label_m, theme.foreground, group.label),
                     (note_font, note_m, theme.muted, self.kind_text(group.kind)),
                     (note_font, note_m, theme.muted, group.note)]
            y = bottom + value_m.height() + 2
            for font, metrics, color, text in lines:
                painter.setFont(font)
                painter.setPen(qcolor(color))
                painter.drawText(QtCore.QRectF(x0, y, slot, metrics.height()),
                                 Qt.AlignmentFlag.AlignCenter,
                                 metrics.elidedText(text, Qt.TextElideMode.ElideRight,
                                                    int(slot) - 2))
                y += metrics.height()

    def _paint_rows(self, painter: QtGui.QPainter, area: QtCore.QRectF, low: float,
                    high: float) -> None:
        """One row per group, bars sideways from a vertical zero line (narrow panels)."""
        theme = self._theme
        label_font, note_font, value_font = (self._font(1.0, bold=True), self._font(0.85),
                                             self._font(0.8))
        label_m, note_m, value_m = (QtGui.QFontMetrics(f)
                                    for f in (label_font, note_font, value_font))
        texts = [(g.label, f"{self.kind_text(g.kind)}  {g.note}".strip()) for g in self.groups]
        label_w = min(area.width() * 0.45,
                      max(max(label_m.horizontalAdvance(a), note_m.horizontalAdvance(b))
                          for a, b in texts) + 6)
        # Measure the numbers only if some bar is tall enough to carry one
        # (at d = 64, 40 groups are 2,560 bars and no number fits).
        row_room = area.height() / len(self.groups) * 0.8
        value_w = 4
        if any(row_room / len(g.values) >= value_m.height() - 2 for g in self.groups):
            value_w += max(value_m.horizontalAdvance(fmt_number(v))
                           for g in self.groups for v in g.values)
        x_left = area.left() + label_w + (value_w if low < 0 else 4)
        x_right = area.right() - (value_w if high > 0 else 4)
        row_h = area.height() / len(self.groups)
        if x_right - x_left < 20 or row_h < 3:
            return

        def x_of(value: float) -> float:
            return x_left + (value - low) / (high - low) * (x_right - x_left)

        zero = x_of(0.0)
        for index, group in enumerate(self.groups):
            y0 = area.top() + index * row_h
            if group.kind == OUTPUT:
                painter.setPen(QtGui.QPen(qcolor(theme.muted), 1.0, Qt.PenStyle.DashLine))
                painter.drawLine(QtCore.QPointF(area.left(), y0), QtCore.QPointF(area.right(), y0))
            bar_h = row_h * 0.8 / len(group.values)
            start = y0 + row_h * 0.1
            for component, value in enumerate(group.values):
                x = x_of(float(value))
                rect = QtCore.QRectF(min(x, zero), start + component * bar_h + bar_h * 0.08,
                                     max(abs(x - zero), 1.0), bar_h * 0.84)
                self._paint_bar(painter, index, component, rect)
                if bar_h >= value_m.height() - 2:
                    painter.setFont(value_font)
                    painter.setPen(qcolor(theme.foreground))
                    after = value >= 0
                    spot = QtCore.QRectF(rect.right() + 2 if after else rect.left() - value_w,
                                         rect.center().y() - value_m.height() / 2,
                                         value_w - 2, value_m.height())
                    align = Qt.AlignmentFlag.AlignLeft if after else Qt.AlignmentFlag.AlignRight
                    painter.drawText(spot, align | Qt.AlignmentFlag.AlignVCenter,
                                     fmt_number(value))
            label, words = texts[index]
            room = int(label_w) - 4
            two_lines = row_h >= label_m.height() + note_m.height()
            middle = y0 + row_h / 2
            painter.setFont(label_font)
            painter.setPen(qcolor(theme.foreground))
            if two_lines:
                painter.drawText(QtCore.QRectF(area.left(), middle - label_m.height(), room,
                                               label_m.height()),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 label_m.elidedText(label, Qt.TextElideMode.ElideRight, room))
                painter.setFont(note_font)
                painter.setPen(qcolor(theme.muted))
                painter.drawText(QtCore.QRectF(area.left(), middle, room, note_m.height()),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 note_m.elidedText(words, Qt.TextElideMode.ElideRight, room))
            elif row_h >= note_m.height() - 2:
                # Cramped: one line, the kind still spelled out after the label.
                painter.setFont(note_font)
                painter.drawText(QtCore.QRectF(area.left(), middle - note_m.height() / 2, room,
                                               note_m.height()),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 note_m.elidedText(f"{label}  {self.kind_text(group.kind)}",
                                                   Qt.TextElideMode.ElideRight, room))
        painter.setPen(QtGui.QPen(qcolor(theme.foreground), max(1.0, theme.line_width * 0.7)))
        painter.drawLine(QtCore.QPointF(zero, area.top()), QtCore.QPointF(zero, area.bottom()))


class ReadoutPanel(Panel):
    """The read at the cursor decomposed, or the overlaps of the write there."""

    panel_name = "readout"
    listens_to = frozenset({"scenario", "cursor", "options", "reveal"})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.heading = QtWidgets.QLabel(self)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setWordWrap(True)
        self.bars = TermBars(self.theme, self)
        self.numbers = QtWidgets.QLabel(self)
        self.numbers.setTextFormat(Qt.TextFormat.RichText)
        # Names wrap in a narrow column; values never split (they use &nbsp;).
        self.numbers.setWordWrap(True)
        self.numbers.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.weights = QtWidgets.QLabel(self)
        self.weights.setTextFormat(Qt.TextFormat.RichText)
        self.weights.setWordWrap(True)
        self.overlaps = QtWidgets.QLabel(self)
        self.overlaps.setTextFormat(Qt.TextFormat.RichText)
        self.overlaps.setWordWrap(True)
        self.overlaps.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # Predict first: the notice stands in for the answer; the prediction line
        # shows what the class typed (and, once revealed, how far off it was).
        self.hidden_notice = HiddenNotice(session, self)
        self.prediction = QtWidgets.QLabel(self)
        self.prediction.setObjectName("readout_prediction")
        self.prediction.setTextFormat(Qt.TextFormat.PlainText)
        self.prediction.setWordWrap(True)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(6)
        layout.addWidget(self.heading)
        layout.addWidget(self.hidden_notice, 1)
        layout.addWidget(self.prediction)
        layout.addWidget(self.bars, 1)
        layout.addWidget(self.numbers)
        layout.addWidget(self.weights)
        layout.addWidget(self.overlaps, 1)
        self._theme_name = ""
        #: The measures shown at a read, as (name, value) text pairs.
        self.measures: list[tuple[str, str]] = []
        self._shown_once = False
        self._stale = False
        self.refresh()

    def showEvent(self, event: QtGui.QShowEvent) -> None:
        self._shown_once = True
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def panel_title(self) -> str:
        return self.tr("Readout")

    def minimumSizeHint(self) -> QtCore.QSize:
        # Room for "overlaps k1: cos 0.80" and a bar row, whatever is showing now.
        hint = super().minimumSizeHint()
        width = QtGui.QFontMetrics(self.font_for(self.theme.title_pt)).horizontalAdvance(
            "overlaps k10: cos -0.80")
        return QtCore.QSize(max(hint.width(), width), hint.height())

    def text(self) -> str:
        """Everything the panel says in words and numbers (for tests and export)."""
        parts = [self.heading.text()]
        for label in (self.hidden_notice, self.prediction):
            if label.isVisibleTo(self):
                parts.append(label.text().replace("\xa0", " "))
        if self.numbers.isVisibleTo(self):
            parts += [f"{name}: {value}" for name, value in self.measures]
        for label in (self.weights, self.overlaps):
            if label.isVisibleTo(self):
                document = QtGui.QTextDocument()
                document.setHtml(label.text())
                parts.append(document.toPlainText().replace("\xa0", " "))
        return "\n".join(p for p in parts if p)

    # -- refresh ---------------------------------------------------------------------
    def _apply_theme(self) -> None:
        theme = self.theme
        if theme.name == self._theme_name:
            return
        self._theme_name = theme.name
        self.setFont(self.font_for(theme.font_pt))
        self.heading.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.numbers.setStyleSheet(label_style(theme.foreground, theme.title_pt))
        self.weights.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.overlaps.setStyleSheet(label_style(theme.foreground, theme.title_pt))
        self.prediction.setStyleSheet(label_style(theme.accent, theme.title_pt, bold=True))
        self.hidden_notice.set_theme(theme)
        self.bars.set_theme(theme)

    def refresh(self) -> None:
        # A hidden readout (another tab) catches up when shown: at 100,000
        # steps listing overlaps costs tens of milliseconds per step.
        if not self.isVisible() and self._shown_once:
            self._stale = True
            return
        self._stale = False
        self._apply_theme()
        session = self.session
        if session.cursor == 0:
            self._show_only(self.overlaps)
            self.heading.setText(self.tr("Nothing written yet"))
            self.overlaps.setText(html.escape(self.tr("S is empty: every read returns zeros.")))
            return
        snap = session.snapshot()
        if snap.read is not None:
            self._show_read(snap.read)
        else:
            self._show_write(snap.number)

    def _show_only(self, *widgets: QtWidgets.QWidget) -> None:
        for widget in (self.bars, self.numbers, self.weights, self.overlaps,
                       self.hidden_notice, self.prediction):
            widget.setVisible(widget in widgets)

    # -- a write ------------------------------------------------------------------------
    def _show_write(self, number: int) -> None:
        step = self.session.scenario.step(number)
        self._show_only(self.overlaps)
        self.heading.setText(self.tr("Write {label}: key {key}, value {value}").format(
            label=step.label, key=fmt_vector(step.vector), value=fmt_vector(step.value)))
        # Labels only for the few shown: listing 100,000 cosines took ~50 ms.
        shown, overlapping, earlier = strongest_earlier_overlaps(
            self.session.scenario, number, MAX_OVERLAPS, ORTHOGONAL_EPS)
        theme = self.theme
        if not overlapping:
            text = self.tr("{label} is orthogonal to every earlier key: "
                           "it stores without disturbing them.").format(label=step.label) \
                if earlier else self.tr("The first key: nothing to overlap yet.")
            self.overlaps.setText(f"<span style='color:{theme.target}'>"
                                  f"{html.escape(text)}</span>")
            return
        lines = [html.escape(self.tr("{label} overlaps earlier keys, so reads of them will "
                                     "pick up its value:").format(label=step.label))]
        for label, c in shown:
            line = html.escape(self.tr("overlaps {label}: cos {cosine}").format(
                label=label, cosine=f"{c:.2f}"))
            # Glue "cos" to its number: wrap after the colon, never clip a digit.
            lines.append("&nbsp;&nbsp;" + line.replace(" cos ", " cos&nbsp;"))
        if overlapping > len(shown):
            lines.append(html.escape(self.tr("… and {count} more").format(
                count=f"{overlapping - len(shown):,}")))
        self.overlaps.setText(f"<span style='color:{theme.crosstalk}'>"
                              + "<br>".join(lines) + "</span>")

    # -- a read -----------------------------------------------------------------------
    def _weight_name(self) -> str:
        scenario = self.session.scenario
        name = "q·kᵢ" if scenario.feature_map == "identity" else "φ(q)·φ(kᵢ)"
        if scenario.normalize:
            name += " ÷ (φ(q)·z + ε)"
        return name

    def _show_read(self, result: ReadResult) -> None:
        step = result.step
        heading = self.tr("Read {label}: query {query}").format(
            label=step.label, query=fmt_vector(step.vector))
        if result.target is not None:
            heading += " · " + self.tr("target {target}").format(target=result.target)
        self.heading.setText(heading)
        if self.session.is_hidden():
            # Predict first: the terms add up to y, so none of them may show yet.
            entered = entered_text(self.session)
            self.prediction.setText(_unbroken(entered))
            self._show_only(self.hidden_notice, *([self.prediction] if entered else []))
            return
        gap = gap_text(self.session)
        self.prediction.setText(_unbroken(gap))
        self._show_only(self.bars, self.numbers, self.weights,
                        *([self.prediction] if gap else []))
        count = len(result.weights)
        hidden = 0
        if count > MAX_GROUPS:
            # The largest terms (and always the target's) are the ones worth seeing,
            # found in the arrays: 100,000 Contribution objects took ~30 ms.
            sizes = np.abs(result.terms).max(axis=1)
            cut = np.partition(sizes, count - MAX_GROUPS)[count - MAX_GROUPS]
            ties = np.flatnonzero(sizes >= cut)  # a stable sort's first MAX_GROUPS
            order = ties[np.argsort(-sizes[ties], kind="stable")][:MAX_GROUPS].tolist()
            keep = set(order)
            target = result.target_index
            if target is not None and target not in keep:
                keep.discard(order[-1])
                keep.add(target)
            hidden = count - len(keep)
            contributions = [result.contribution_at(i) for i in sorted(keep)]
        else:
            contributions = result.contributions
        groups = []
        for c in contributions:
            kind = TERM if result.target is None else (
                TARGET if c.label == result.target else CROSSTALK)
            groups.append(BarGroup(c.label, kind, c.term,
                                   self.tr("w = {weight}").format(weight=fmt_number(c.weight))))
        groups.append(BarGroup("y", OUTPUT, result.output, self.tr("the sum")))
        if result.expected is not None:
            groups.append(BarGroup(f"v({result.target})", EXPECTED, result.expected,
                                   self.tr("stored by {target}").format(target=result.target)))
        self.bars.set_groups(groups, hidden)
        self.numbers.setText(self._numbers_html(result))
        weights = " &nbsp; ".join(
            f"<b>{html.escape(c.label)}</b> {html.escape(fmt_number(c.weight))}"
            for c in contributions)
        if hidden:
            weights += " &nbsp; " + html.escape(self.tr("(+{count} more)").format(
                count=f"{hidden:,}"))
        self.weights.setText(html.escape(self.tr("Weight of each write, {name}:").format(
            name=self._weight_name())) + " " + (weights or html.escape(self.tr("none"))))

    def _numbers_html(self, result: ReadResult) -> str:
        theme = self.theme
        rows: list[tuple[str, str, str]] = [
            (self.tr("output y"), fmt_vector(result.output), theme.read)]
        if result.target is None or result.expected is None:
            rows.append((self.tr("target"), self.tr("none: no earlier write"), theme.muted))
        else:
            rows.append((self.tr("expected v_target ({target})").format(target=result.target),
                         fmt_vector(result.expected), theme.target))
            if result.target_term is not None and not np.array_equal(result.target_term,
                                                                     result.expected):
                rows.append((self.tr("target's own term"), fmt_vector(result.target_term),
                             theme.target))
            rows.append((self.tr("interference y − v_target"),
                         fmt_vector(result.interference), theme.warning))
            rows.append((self.tr("of which crosstalk"), fmt_vector(result.crosstalk),
                         theme.crosstalk))
            rows.append((self.tr("relative error"), _percent(result.relative_error),
                         theme.foreground))
            rows.append((self.tr("crosstalk share"), _percent(result.crosstalk_share),
                         theme.foreground))
            rows.append((self.tr("cosine(y, v_target)"),
                         "—" if result.cosine is None else f"{result.cosine:.3f}",
                         theme.foreground))
        self.measures = [(name, value) for name, value, _ in rows]
        body = "".join(
            f"<tr><td style='color:{theme.muted}; padding-right:18px'>{html.escape(name)}</td>"
            f"<td style='color:{color}'><b>{html.escape(value).replace(' ', '&nbsp;')}</b>"
            "</td></tr>"
            for name, value, color in rows)
        return f"<table cellspacing='0' cellpadding='2'>{body}</table>"


def _unbroken(text: str) -> str:
    """``text`` wrapping only at its `` · `` separators, never inside a vector."""
    return " · ".join(part.replace(" ", "\xa0") for part in text.split(" · "))


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"
