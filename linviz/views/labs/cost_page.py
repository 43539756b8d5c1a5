"""The cost per new token, measured on this machine: softmax's growing cache against one state.

At each cache length ``n`` the lab times one new token both ways
(:mod:`linviz.model.token_costs`): softmax attention reads its whole cache,
O(n); linear attention updates and reads its fixed ``d × d`` state, O(1).
The left plot shows the measured times per token with the lines fitted
through them, the right one the totals those lines give for ``T`` tokens,
O(T²) against O(T). The measurement runs on a worker thread
(:class:`~linviz.views.labs.cost_runner.CostRunner`), drawing each length as
it comes, with a progress bar and Stop; it starts by itself the first time
the page shows, and stops when the page goes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from linviz.controller.cost_lab import CostLab, CostResult
from linviz.controller.session import Session
from linviz.model import token_costs
from linviz.model.drawable import axis_ticks
from linviz.model.errors import ScenarioError
from linviz.views.error_text import shown_error
from linviz.views.labs.cost_runner import CostRunner
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.lab_plot import LabPlot
from linviz.views.labs.ticks import linear_ticks
from linviz.views.number_text import NARROW_NO_BREAK, grouped, shown_amount
from linviz.views.theme import Theme, label_style
from linviz.views.typography import legend_html, spaced

Qt = QtCore.Qt


def shown_time(seconds: float) -> str:
    """``12.3 µs``, ``4.56 ms``: three significant digits in the language shown."""
    unit, scale = token_costs.time_unit(seconds)
    return shown_amount(seconds / scale, 3) + NARROW_NO_BREAK + unit


def token_axis_ticks(longest: float) -> list[tuple[float, str]]:
    """Round token counts from 0 to ``longest``, thousands grouped."""
    return [(tick, grouped(round(tick))) for tick in axis_ticks(0.0, longest, 5)]


class CostPage(LabPage):
    """The cost per new token as a lab page.

    Parameters
    ----------
    session
        The window's session (theme and projector mode).
    lab
        The measurement's controller (default: a new one, 12 lengths up to 200,000 tokens).
    auto_run
        Whether the first showing starts a measurement.
    parent
        Optional parent widget.

    Attributes
    ----------
    lab : CostLab
        Settings and the measurements delivered.
    runner : CostRunner
        Measures off the GUI thread.
    token_plot, total_plot : LabPlot
        Time per token against the cache length; total time against the tokens.
    """

    lab_name = "cost"

    def __init__(
        self,
        session: Session,
        lab: CostLab | None = None,
        auto_run: bool = True,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(session, parent)
        self.lab = lab if lab is not None else CostLab()
        self.auto_run = auto_run
        self.runner = CostRunner(self)
        self.runner.progressed.connect(self._progressed)
        self.runner.finished.connect(self._finished)
        self.runner.errored.connect(lambda text: self.failed.emit(self.tr("Cost per token"), text))
        self._build_controls()
        self._build_figure()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        top = QtWidgets.QHBoxLayout()
        top.addLayout(self.settings_row, 1)
        top.addWidget(self.export_button)
        layout.addLayout(top)
        layout.addLayout(self.run_row)
        layout.addWidget(self.figure_box, 1)
        self.lab.changed.connect(self._lab_changed)
        self.request_refresh()

    def lab_title(self) -> str:
        """The tab's name."""
        return self.tr("Cost per token")

    # -- construction -----------------------------------------------------------------------
    def _spin(self, field: str, low: int, high: int, tip: str, step: int = 1) -> QtWidgets.QSpinBox:
        spin = QtWidgets.QSpinBox()
        spin.setRange(low, high)
        spin.setSingleStep(step)
        spin.setGroupSeparatorShown(True)
        spin.setKeyboardTracking(False)
        spin.setToolTip(tip)
        spin.valueChanged.connect(lambda value, f=field: self._update(**{f: int(value)}))
        return spin

    def _build_controls(self) -> None:
        self.longest_spin = self._spin(
            "longest",
            1_000,
            token_costs.TOKEN_RANGE[1],
            self.tr("The longest cache measured, in tokens: the last new token's position n"),
            step=10_000,
        )
        self.longest_spin.setSuffix(self.tr(" tokens"))
        self.points_spin = self._spin(
            "points", 2, 50, self.tr("How many cache lengths, evenly spaced up to the longest")
        )
        self.d_spin = self._spin(
            "d",
            *token_costs.HEAD_RANGE,
            self.tr("Head size d: a key and a value have d numbers each, and S is d × d"),
        )
        self.longest_label = QtWidgets.QLabel(self.tr("&Longest cache"))
        self.longest_label.setBuddy(self.longest_spin)
        self.points_label = QtWidgets.QLabel(self.tr("Len&gths"))
        self.points_label.setBuddy(self.points_spin)
        self.d_label = QtWidgets.QLabel(self.tr("Head si&ze d"))
        self.d_label.setBuddy(self.d_spin)
        self.settings_row = QtWidgets.QHBoxLayout()
        for label, spin in (
            (self.longest_label, self.longest_spin),
            (self.points_label, self.points_spin),
            (self.d_label, self.d_spin),
        ):
            self.settings_row.addWidget(label)
            self.settings_row.addWidget(spin)
            self.settings_row.addSpacing(12)
        self.settings_row.addStretch(1)

        self.run_button = QtWidgets.QPushButton(self.tr("&Measure"))
        self.run_button.setToolTip(
            self.tr("Time one new token at each length, on this computer (Alt+M)")
        )
        self.stop_button = QtWidgets.QPushButton(self.tr("S&top"))
        self.stop_button.setToolTip(self.tr("Stop measuring; the lengths measured so far are kept"))
        self.run_button.clicked.connect(self.run)
        self.stop_button.clicked.connect(self.runner.cancel)
        self.progress = QtWidgets.QProgressBar()
        self.progress.setToolTip(self.tr("How many of the lengths are measured"))
        self.status = QtWidgets.QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.run_row = QtWidgets.QHBoxLayout()
        self.run_row.addWidget(self.run_button)
        self.run_row.addWidget(self.stop_button)
        self.run_row.addWidget(self.progress, 1)
        self.run_row.addWidget(self.status, 2)

    def _build_figure(self) -> None:
        self.figure_box = QtWidgets.QWidget()
        self.figure_box.setObjectName("cost_figure")
        self.title = QtWidgets.QLabel()
        self.legend = QtWidgets.QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.readout = QtWidgets.QLabel()
        self.caption = QtWidgets.QLabel()
        for label in (self.title, self.readout, self.caption):
            label.setTextFormat(Qt.TextFormat.PlainText)
        for label in (self.title, self.legend, self.readout, self.caption):
            label.setWordWrap(True)
        self.token_plot = LabPlot()
        self.token_plot.setObjectName("cost_per_token")
        self.token_plot.setToolTip(
            self.tr(
                "The time of one new token at cache length n, measured (dots), and the lines "
                "fitted through the measurements"
            )
        )
        self.total_plot = LabPlot()
        self.total_plot.setObjectName("cost_total")
        self.total_plot.setToolTip(
            self.tr("The time of the first T tokens in all, from the fitted lines")
        )
        self.soft_line = pg.PlotDataItem()
        self.state_line = pg.PlotDataItem()
        self.soft_points = pg.ScatterPlotItem()
        self.state_points = pg.ScatterPlotItem()
        for item in (self.soft_line, self.state_line, self.soft_points, self.state_points):
            self.token_plot.addItem(item)
        self.soft_total = pg.PlotDataItem()
        self.state_total = pg.PlotDataItem()
        for item in (self.soft_total, self.state_total):
            self.total_plot.addItem(item)
        self.soft_tag = self.token_plot.add_label((1.0, 1.0))
        self.state_tag = self.token_plot.add_label((1.0, 1.0))
        self.soft_total_tag = self.total_plot.add_label((1.0, 1.0))
        self.state_total_tag = self.total_plot.add_label((1.0, 1.0))
        grid = QtWidgets.QGridLayout(self.figure_box)
        grid.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        grid.addWidget(self.title, 0, 0, 1, 2)
        grid.addWidget(self.legend, 1, 0, 1, 2)
        grid.addWidget(self.token_plot, 2, 0)
        grid.addWidget(self.total_plot, 2, 1)
        grid.addWidget(self.readout, 3, 0, 1, 2)
        grid.addWidget(self.caption, 4, 0, 1, 2)
        grid.setRowStretch(2, 1)

    # -- settings and runs go to the controller ------------------------------------------------
    def _update(self, **changes: int) -> None:
        try:
            self.lab.update(**changes)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self.request_refresh()

    def run(self) -> bool:
        """Start measuring the current settings (off the GUI thread); ``False`` if one runs."""
        if not self.runner.start(self.lab.job()):
            return False
        self.progress.setRange(0, self.lab.job().total_work)
        self.progress.setValue(0)
        self._sync_run_buttons()
        self.request_refresh()
        return True

    def _progressed(self, partial: CostResult) -> None:
        self.lab.deliver(partial)  # redraws: each length shows as it is measured

    def _finished(self, result: CostResult) -> None:
        self.lab.deliver(result)
        self._sync_run_buttons()
        self.request_refresh()

    def _lab_changed(self) -> None:
        if self.runner.running and self.lab.result is None:
            self.runner.cancel()  # its lengths would be for old settings
        self.request_refresh()

    def _sync_run_buttons(self) -> None:
        running = self.runner.running
        self.run_button.setEnabled(not running)
        self.stop_button.setEnabled(running)

    def showEvent(self, event: object) -> None:
        super().showEvent(event)
        if self.auto_run and self.lab.result is None and not self.runner.running:
            self.auto_run = False  # once: later measurements are asked for
            self.run()

    def close_lab(self) -> None:
        """Stop measuring (waiting for the worker) and stop following the session."""
        self.runner.stop()  # pure Python: fine while Qt deletes the page
        super().close_lab()

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the settings and what was measured for them."""
        settings = self.lab.settings
        for spin, value in (
            (self.longest_spin, settings.longest),
            (self.points_spin, settings.points),
            (self.d_spin, settings.d),
        ):
            with QtCore.QSignalBlocker(spin):
                spin.setValue(value)
        self._sync_run_buttons()
        self._draw_legend()
        result = self.lab.result
        total = len(settings.lengths())
        done = len(result.rows) if result is not None else 0
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.title.setText(
            self.tr("Time per new token on this computer (d = {d}, float32)").format(d=settings.d)
        )
        self.caption.setText(
            self.tr(
                "Softmax attention keeps every key and value and reads them all again for each "
                "new token: the work grows with the cache, O(n) a token and O(T²) for T tokens. "
                "Linear attention updates one d × d state and reads it: the same work at any "
                "length, O(1) a token and O(T) in all."
            )
        )
        self.status.setText(self._status_text(result, done, total))
        if result is None or not result.rows:
            self._show_nothing()
            return
        self._draw(result)

    def _status_text(self, result: CostResult | None, done: int, total: int) -> str:
        if self.runner.running:
            return self.tr("Measuring: {done} of {total} lengths").format(done=done, total=total)
        if result is None:
            return self.tr("Not measured yet: press Measure")
        if result.complete:
            return self.tr("Measured {0} lengths").format(done)
        return self.tr("Stopped: {done} of {total} lengths measured").format(done=done, total=total)

    def _draw_legend(self) -> None:
        theme = self.theme
        self.legend.setText(
            legend_html(
                (
                    (
                        f'<span style="color:{theme.read}">●</span>',
                        self.tr("softmax: reads the whole cache"),
                    ),
                    (
                        f'<span style="color:{theme.write}">■</span>',
                        self.tr("linear attention: one state update and read"),
                    ),
                )
            )
        )

    def _show_nothing(self) -> None:
        for item in (
            self.soft_line,
            self.state_line,
            self.soft_points,
            self.state_points,
            self.soft_total,
            self.state_total,
        ):
            item.setData([], [])
        for tag in (self.soft_tag, self.state_tag, self.soft_total_tag, self.state_total_tag):
            tag.setVisible(False)
        notice = (
            self.tr("Measuring the first length…")
            if self.runner.running
            else self.tr("Press Measure to time one new token at each length on this computer.")
        )
        self.token_plot.set_notice(notice)
        self.total_plot.set_notice("")
        self.readout.setText("")

    def _draw(self, result: CostResult) -> None:
        theme = self.theme
        fit = result.fit
        assert fit is not None
        longest = result.settings.longest
        curves = fit.curves(longest)
        rows = result.rows
        tokens = np.array([row.tokens for row in rows], dtype=float)
        soft = np.array([row.softmax_seconds for row in rows])
        state = np.array([row.state_seconds for row in rows])
        unit, scale = token_costs.time_unit(max(float(soft.max()), float(curves.softmax_token[-1])))
        total_unit, total_scale = token_costs.time_unit(float(curves.softmax_total[-1]))
        width = theme.line_width
        self.soft_line.setData(
            curves.tokens, curves.softmax_token / scale, pen=pg.mkPen(theme.read, width=width)
        )
        self.state_line.setData(
            curves.tokens, curves.state_token / scale, pen=pg.mkPen(theme.write, width=width)
        )
        size = max(9, round(width * 4))
        self.soft_points.setData(
            tokens, soft / scale, symbol="o", size=size, brush=pg.mkBrush(theme.read), pen=None
        )
        self.state_points.setData(
            tokens, state / scale, symbol="s", size=size, brush=pg.mkBrush(theme.write), pen=None
        )
        self.soft_total.setData(
            curves.tokens, curves.softmax_total / total_scale, pen=pg.mkPen(theme.read, width=width)
        )
        self.state_total.setData(
            curves.tokens, curves.state_total / total_scale, pen=pg.mkPen(theme.write, width=width)
        )
        top = float(max(soft.max(), curves.softmax_token[-1])) / scale
        total_top = float(curves.softmax_total[-1]) / total_scale
        for plot, high, unit_name, title in (
            (self.token_plot, top, unit, self.tr("time per token ({0})")),
            (self.total_plot, total_top, total_unit, self.tr("total time ({0})")),
        ):
            plot.setRange(xRange=(0, longest), yRange=(0, high * 1.12), padding=0.02)
            plot.set_candidate_ticks("bottom", token_axis_ticks(longest))
            plot.set_candidate_ticks("left", linear_ticks(0.0, high * 1.12, count=5))
            plot.set_axis_title("left", title.format(unit_name))
            plot.set_notice("")
        self.token_plot.set_axis_title("bottom", self.tr("cache length n (tokens)"))
        self.total_plot.set_axis_title("bottom", self.tr("tokens T"))
        for tag, text, colour in (
            (self.soft_tag, self.tr("softmax O(n)"), theme.read),
            (self.state_tag, self.tr("state O(1)"), theme.write),
            (self.soft_total_tag, self.tr("softmax O(T²)"), theme.read),
            (self.state_total_tag, self.tr("state O(T)"), theme.write),
        ):
            tag.setText(text)
            tag.setColor(colour)
            tag.setFont(self.token_plot.title_font)
            tag.setVisible(True)
        self.token_plot.place_label(self.soft_tag, longest, float(curves.softmax_token[-1]) / scale)
        self.token_plot.place_label(self.state_tag, longest, float(curves.state_token[-1]) / scale)
        self.total_plot.place_label(self.soft_total_tag, longest, total_top)
        self.total_plot.place_label(
            self.state_total_tag, longest, float(curves.state_total[-1]) / total_scale
        )
        self.readout.setText(self._readout_text(result))

    def _readout_text(self, result: CostResult) -> str:
        fit = result.fit
        assert fit is not None
        last = result.rows[-1]
        values = {
            "a": shown_time(fit.intercept),
            "b": shown_time(fit.slope),
            "c": shown_time(fit.constant),
            "n": grouped(last.tokens),
            "soft": shown_time(last.softmax_seconds),
            "state": shown_time(last.state_seconds),
            "soft_total": shown_time(fit.softmax_total(last.tokens)),
            "state_total": shown_time(fit.state_total(last.tokens)),
        }
        if fit.intercept > 0:
            line = self.tr("Fitted: softmax {a} + {b} per cached token; the state {c} a token.")
        else:
            line = self.tr("Fitted: softmax {b} per cached token; the state {c} a token.")
        return spaced(
            line.format(**values)
            + " "
            + self.tr(
                "Measured at n = {n}: softmax {soft}, the state {state}. For T = {n} tokens the "
                "lines give softmax {soft_total} in all, the state {state_total}."
            ).format(**values)
        )

    def shown_points(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The measured lengths and both per-token times as drawn (in the plot's unit)."""
        x, soft = self.soft_points.getData()
        _, state = self.state_points.getData()
        if x is None:
            return np.zeros(0), np.zeros(0), np.zeros(0)
        return np.asarray(x), np.asarray(soft), np.asarray(state)

    # -- looks ----------------------------------------------------------------------------------
    def set_compact(self, on: bool) -> None:
        """Projector layout: the lengths and head size make room for the plots."""
        for widget in (self.points_label, self.points_spin, self.d_label, self.d_spin):
            widget.setVisible(not on)
        self.caption.setVisible(not on)

    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the plots and the texts."""
        for plot in (self.token_plot, self.total_plot):
            plot.apply_theme(theme, self.font())
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.legend.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.readout.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        self.caption.setStyleSheet(label_style(theme.muted, theme.font_pt))
        self.status.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.request_refresh()

    # -- exports ----------------------------------------------------------------------------------
    def figure(self) -> QtWidgets.QWidget:
        """Both plots, the readout and the caption."""
        return self.figure_box

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """One row per length measured: the times and what the fitted lines give."""
        header = (
            "tokens",
            "d",
            "softmax_seconds",
            "state_seconds",
            "softmax_fit_seconds",
            "state_fit_seconds",
            "softmax_total_seconds",
            "state_total_seconds",
        )
        result = self.lab.result
        if result is None:
            return header, []
        rows: list[Sequence[object]] = []
        for row in result.rows:
            values = row.to_dict()
            rows.append(
                (
                    row.tokens,
                    result.settings.d,
                    *(values[name] for name in header[2:]),
                )
            )
        return header, rows
