"""The recall test's curves: the rules side by side, one curve per size ``d``.

One plot per (measure, rule): the mean relative error or the exact-recall
rate against the number of pairs ``N`` (log axis, a dashed mark at
``N = d``) or against the keys' similarity at a fixed ``N``. Every plot of
a row shares its vertical range, so the rules compare at a glance. The
recall page shows one row; ``linviz capacity --out FILE.png`` draws both.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.model.capacity import RecallPoint
from linviz.views.labs.lab_plot import LabPlot
from linviz.views.labs.recall_series import Series, series_of
from linviz.views.labs.ticks import linear_ticks, percent_ticks, power_of_two_ticks
from linviz.views.number_text import localised, shown_number
from linviz.views.qt_disposal import dispose
from linviz.views.theme import LIGHT, Theme, label_style
from linviz.views.typography import legend_html, with_unbroken

Qt = QtCore.Qt

#: Curves are told apart by these dash patterns as well as by colour (by series index).
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DashDotLine)
#: Marker symbols of the curves' points (by series index).
SYMBOLS = ("o", "s", "t", "d", "+", "x")


class RecallFigure(QtWidgets.QWidget):
    """A title, a legend and a grid of plots: measures down, rules across.

    Attributes
    ----------
    plots : dict[tuple[str, str], LabPlot]
        The plot of each ``(measure, rule)``.
    curves : dict[tuple[str, str, tuple[int, float]], pg.PlotDataItem]
        Each curve, by ``(measure, rule, series key)``.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recall_figure")
        self._theme: Theme = LIGHT
        self._base_font = QtGui.QFont(self.font())
        self.title = QtWidgets.QLabel()
        self.subtitle = QtWidgets.QLabel()
        self.legend = QtWidgets.QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        for label in (self.title, self.subtitle):
            label.setTextFormat(Qt.TextFormat.PlainText)
        for label in (self.title, self.subtitle, self.legend):
            label.setWordWrap(True)
        self.grid_box = QtWidgets.QWidget()
        self.grid = QtWidgets.QGridLayout(self.grid_box)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(8)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.legend)
        layout.addWidget(self.grid_box, 1)
        self.plots: dict[tuple[str, str], LabPlot] = {}
        self.headers: dict[str, QtWidgets.QLabel] = {}
        self.curves: dict[tuple[str, str, tuple[int, float]], pg.PlotDataItem] = {}
        self._extras: list[pg.GraphicsObject] = []
        self._arrangement: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    # -- looks ------------------------------------------------------------------------------------
    def apply_theme(self, theme: Theme, base_font: QtGui.QFont) -> None:
        """Colours and sizes from ``theme`` (redraw afterwards)."""
        self._theme = theme
        self._base_font = QtGui.QFont(base_font)
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.subtitle.setStyleSheet(label_style(theme.muted, theme.font_pt))
        self.legend.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        for label in self.headers.values():
            label.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        for plot in self.plots.values():
            plot.apply_theme(theme, base_font)

    # -- the grid of plots -------------------------------------------------------------------------
    def _arrange(self, measures: tuple[str, ...], rules: tuple[str, ...]) -> None:
        if (measures, rules) == self._arrangement:
            return
        self._arrangement = (measures, rules)
        for widget in [*self.plots.values(), *self.headers.values()]:
            self.grid.removeWidget(widget)
            widget.deleteLater()
        self.plots.clear()
        self.headers.clear()
        self.curves.clear()
        self._extras.clear()
        for column, rule in enumerate(rules):
            header = QtWidgets.QLabel()
            header.setTextFormat(Qt.TextFormat.PlainText)
            header.setWordWrap(True)
            header.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            header.setStyleSheet(
                label_style(self._theme.foreground, self._theme.font_pt, bold=True)
            )
            self.grid.addWidget(header, 0, column)
            self.headers[rule] = header
            for row, measure in enumerate(measures, start=1):
                plot = LabPlot()
                plot.apply_theme(self._theme, self._base_font)
                self.grid.addWidget(plot, row, column)
                self.grid.setRowStretch(row, 1)
                self.plots[(measure, rule)] = plot
            self.grid.setColumnStretch(column, 1)

    def rule_header(self, rule: str, beta: float | None) -> str:
        """``"additive: S ← S + k vᵀ"`` or ``"delta (β = 1): …"`` (translated)."""
        # A line may end after the colon, not inside the formula.
        if rule == "additive":
            return with_unbroken(self.tr("additive rule: S ← S + k vᵀ"), "S ← S + k vᵀ")
        return with_unbroken(
            self.tr("delta rule (β = {0}): S ← S + β k (v − Sᵀk)ᵀ").format(
                shown_number(beta if beta is not None else 1.0)
            ),
            "S ← S + β k (v − Sᵀk)ᵀ",
        )

    # -- drawing -----------------------------------------------------------------------------------
    def draw(
        self,
        points: Iterable[RecallPoint],
        *,
        against: str,
        measures: Sequence[str],
        rules: Sequence[str],
        title: str,
        subtitle: str,
        keys: str = "random",
        tolerance: float = 0.1,
        beta: float = 1.0,
        empty_text: str = "",
    ) -> None:
        """Draw the curves through ``points``.

        Parameters
        ----------
        points
            The recall test's points (possibly none, or some of a cancelled run).
        against
            ``"n"`` or ``"similarity"``: what the horizontal axis shows.
        measures
            ``"error"`` and/or ``"rate"``: one row of plots each.
        rules
            One column of plots each, in this order.
        title, subtitle
            Above the plots.
        keys, tolerance, beta
            How the points were measured (legend, axis titles, headers).
        empty_text
            What each plot says when it has no points.
        """
        measures, rules = tuple(measures), tuple(rules)
        self._arrange(measures, rules)
        theme = self._theme
        self.title.setText(title)
        self.subtitle.setText(subtitle)
        self.subtitle.setVisible(bool(subtitle))
        series = series_of(points, against)
        keys_seen = sorted({s.key for s in series})
        colour_of = {key: theme.key_color(i) for i, key in enumerate(keys_seen)}
        index_of = {key: i for i, key in enumerate(keys_seen)}
        theory = keys == "random" and against == "n"
        self.legend.setText(self._legend_html(keys_seen, colour_of, against, theory, measures))
        self.legend.setVisible(bool(keys_seen))
        for rule in rules:
            self.headers[rule].setText(self.rule_header(rule, beta))
        for item in self._extras:
            item.getViewBox() and item.getViewBox().removeItem(item)
            dispose(item)
        self._extras.clear()
        for (measure, rule), plot in self.plots.items():
            for key in [k for k in self.curves if k[:2] == (measure, rule)]:
                curve = self.curves.pop(key)
                plot.removeItem(curve)
                dispose(curve)
            chosen = [s for s in series if s.rule == rule]
            for s in chosen:
                self._draw_series(plot, measure, s, colour_of[s.key], index_of[s.key], against)
            if theory and measure == "error" and rule == "additive":
                for s in chosen:
                    self._draw_theory(plot, s, colour_of[s.key])
            plot.set_notice("" if chosen else empty_text)
        self._set_ranges(series, against, measures, rules, tolerance)

    def _pen(self, colour: str, index: int, width_share: float = 1.3) -> QtGui.QPen:
        pen = pg.mkPen(colour, width=self._theme.line_width * width_share)
        pen.setStyle(DASHES[(index // len(self._theme.key_colors)) % len(DASHES)])
        return pen

    def _draw_series(
        self, plot: LabPlot, measure: str, series: Series, colour: str, index: int, against: str
    ) -> None:
        x = np.log2(series.x) if against == "n" else series.x
        y = series.error if measure == "error" else series.rate
        curve = plot.plot(
            x,
            y,
            pen=self._pen(colour, index),
            symbol=SYMBOLS[index % len(SYMBOLS)],
            symbolSize=max(7, round(self._theme.line_width * 3.5)),
            symbolBrush=pg.mkBrush(colour),
            symbolPen=pg.mkPen(self._theme.background, width=1),
        )
        self.curves[(measure, series.rule, series.key)] = curve
        if against == "n" and series.x[0] <= series.d <= series.x[-1]:
            mark = pg.InfiniteLine(
                pos=math.log2(series.d),
                angle=90,
                movable=False,
                pen=pg.mkPen(
                    colour, width=max(1.0, self._theme.line_width * 0.8), style=Qt.PenStyle.DashLine
                ),
            )
            mark.setToolTip(
                self.tr("N = d = {0}: as many pairs as the key has numbers").format(series.d)
            )
            plot.addItem(mark)
            self._extras.append(mark)

    def _draw_theory(self, plot: LabPlot, series: Series, colour: str) -> None:
        n = np.geomspace(max(series.x[0], 1.0), series.x[-1], 64)
        guess = plot.plot(
            np.log2(n),
            np.sqrt((n - 1) / series.d),
            pen=pg.mkPen(
                colour, width=max(1.0, self._theme.line_width * 0.8), style=Qt.PenStyle.DotLine
            ),
        )
        self._extras.append(guess)

    def _set_ranges(
        self,
        series: list[Series],
        against: str,
        measures: tuple[str, ...],
        rules: tuple[str, ...],
        tolerance: float,
    ) -> None:
        xs = np.concatenate([s.x for s in series]) if series else np.zeros(0)
        if against == "n":
            low, high = (math.log2(xs.min()), math.log2(xs.max())) if xs.size else (2.0, 8.0)
            pad = max(0.25, 0.05 * (high - low))
            x_range = (low - pad, high + pad)
            x_ticks = power_of_two_ticks(*x_range)
            x_title = self.tr("N, pairs stored (log scale)")
        else:
            low, high = (float(xs.min()), float(xs.max())) if xs.size else (0.0, 0.9)
            pad = max(0.03, 0.05 * (high - low))
            x_range = (low - pad, high + pad)
            x_ticks = linear_ticks(*x_range, count=5)
            x_title = self.tr("mean cosine between keys")
        texts: list[str] = []
        for measure in measures:
            if measure == "error":
                top = max((float(np.max(s.error)) for s in series), default=1.0)
                top = max(top, 1e-3) * 1.08
                y_range = (-0.04 * top, top)
                y_ticks = linear_ticks(0.0, top, count=5)
                y_title = self.tr("mean relative error")
            else:
                y_range = (-0.05, 1.05)
                y_ticks = percent_ticks(0.0, 1.0)
                y_title = self.tr("exact recall (error < {0})").format(shown_number(tolerance))
            texts.extend(localised(text) for _, text in y_ticks)
            for rule in rules:
                plot = self.plots[(measure, rule)]
                plot.setRange(xRange=x_range, yRange=y_range, padding=0)
                plot.set_candidate_ticks("bottom", x_ticks)
                plot.set_candidate_ticks("left", y_ticks)
                plot.set_axis_title("bottom", x_title if measure == measures[-1] else "")
                plot.set_axis_title("left", y_title if rule == rules[0] else "")
        self._align_left_axes(texts)

    def _align_left_axes(self, texts: list[str]) -> None:
        """Each column's left axes one width, wide enough for every row's tick labels
        (``texts``) and their titles: the plots of a column line up, row under row.
        """
        columns: dict[str, float] = {}
        for (_, rule), plot in self.plots.items():
            columns[rule] = max(columns.get(rule, 0.0), plot.axis_width_for("left", texts))
        for (_, rule), plot in self.plots.items():
            plot.fix_axis_width("left", columns[rule])

    def _legend_html(
        self,
        keys_seen: list[tuple[int, float]],
        colour_of: dict[tuple[int, float], str],
        against: str,
        theory: bool,
        measures: Sequence[str],
    ) -> str:
        several = len({fixed for _, fixed in keys_seen}) > 1
        parts = []
        for d, fixed in keys_seen:
            if not several:
                name = self.tr("d = {0}").format(d)
            elif against == "n":
                name = self.tr("d = {0}, c = {1}").format(d, shown_number(fixed))
            else:
                name = self.tr("d = {0}, N = {1}").format(d, round(fixed))
            parts.append(
                (f'<span style="color:{colour_of[(d, fixed)]}; font-weight:bold">━━</span>', name)
            )
        if against == "n":
            parts.append(("┆", self.tr("dashed line: N = d")))
            if theory and "error" in measures:
                parts.append(("┈", self.tr("dotted: √((N − 1)/d), the random-key estimate")))
        return legend_html(parts)
