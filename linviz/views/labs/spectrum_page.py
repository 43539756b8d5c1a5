"""Memory filling up: the singular values of ``S`` and its effective rank along the timeline.

Above, every singular value of ``S`` (or of the stored keys φ(k)) at each
step; below, the effective rank and the rank, with ``d`` marked: past about
``d`` distinct key directions there is no new direction left, and new
associations must overlap old ones. A line follows the window's cursor.
The spectrum costs a pass over the whole trace, so it is computed only
while the page shows, and at most every few tenths of a second while a key
is dragged.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.labs import SpectrumLab
from linviz.controller.session import Session
from linviz.model.drawable import MAX_DRAWN, largest
from linviz.model.errors import ScenarioError
from linviz.model.spectrum import Spectrum
from linviz.views.error_text import shown_error
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.lab_plot import LabPlot
from linviz.views.labs.step_bar import StepBar
from linviz.views.labs.ticks import linear_ticks
from linviz.views.number_text import grouped, list_separator, shown_number
from linviz.views.theme import Theme, label_style
from linviz.views.typography import legend_html, unbroken_parts

Qt = QtCore.Qt

#: While a key is dragged, the spectrum is recomputed at most this often (ms).
DRAG_THROTTLE_MS = 250
#: Singular values beyond this many share one colour (the first ones are told apart).
COLOURED_VALUES = 6


class SpectrumPage(LabPage):
    """Singular values and effective rank along the timeline, the cursor marked.

    Parameters
    ----------
    session
        The window's session: its scenario, cursor, theme.
    parent
        Optional parent widget.

    Attributes
    ----------
    lab : SpectrumLab
        What is measured (``state`` or ``keys``) and the spectrum.
    values_plot, rank_plot : LabPlot
        The singular values; the effective rank and the rank with ``d`` marked.
    """

    lab_name = "spectrum"

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.lab = SpectrumLab(session)
        self.step_bar = StepBar(session)
        self._throttle = QtCore.QTimer(self)
        self._throttle.setSingleShot(True)
        self._throttle.setInterval(DRAG_THROTTLE_MS)
        self._throttle.timeout.connect(self.request_refresh)
        #: How many times the spectrum was drawn (a drag must not draw it on every move).
        self.draw_count = 0
        self.source_label = QtWidgets.QLabel(self.tr("Singular values &of"))
        self.source_combo = QtWidgets.QComboBox()
        self.source_combo.addItem(self.tr("the state S"), "state")
        self.source_combo.addItem(self.tr("the stored keys φ(k)"), "keys")
        self.source_combo.setToolTip(
            self.tr(
                "The state S: what a read can recover (decays and corrections included). "
                "The stored keys: how many key directions the writes used"
            )
        )
        self.source_label.setBuddy(self.source_combo)
        self.source_combo.activated.connect(
            lambda index: self._update(source=self.source_combo.itemData(index))
        )
        self._build_figure()
        source = QtWidgets.QHBoxLayout()
        source.addWidget(self.source_label)
        source.addWidget(self.source_combo)
        source.addStretch(1)
        self.stack_at_cursor(self.step_bar, source, self.figure_box)
        self.lab.changed.connect(self._lab_changed)
        self.request_refresh()

    def lab_title(self) -> str:
        """The tab's name."""
        return self.tr("Filling up")

    def _build_figure(self) -> None:
        self.figure_box = QtWidgets.QWidget()
        self.figure_box.setObjectName("spectrum_figure")
        self.title = QtWidgets.QLabel()
        self.legend = QtWidgets.QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.readout = QtWidgets.QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.readout.setTextFormat(Qt.TextFormat.PlainText)
        for label in (self.title, self.legend, self.readout):
            label.setWordWrap(True)
        self.values_plot = LabPlot()
        self.values_plot.setToolTip(
            self.tr("Every singular value at each step, largest first: one line each")
        )
        self.rank_plot = LabPlot()
        self.rank_plot.setToolTip(
            self.tr(
                "Effective rank: exp of the entropy of σᵢ/Σσ, a smooth count of the directions "
                "that carry weight. Rank: how many σᵢ are not zero"
            )
        )
        self.rank_plot.setXLink(self.values_plot)
        self.values_plot.set_axis_title("left", self.tr("σ"))
        self.rank_plot.set_axis_title("left", self.tr("rank"))
        self.rank_plot.set_axis_title("bottom", self.tr("step"))
        self.value_curves: list[pg.PlotDataItem] = []
        # S changes at a write only: each value holds from its step to the next one.
        self.effective_curve = self.rank_plot.plot([], [], stepMode="right")
        self.rank_curve = self.rank_plot.plot([], [], stepMode="right")
        self.d_line = pg.InfiniteLine(angle=0, movable=False)
        self.rank_plot.addItem(self.d_line)
        self.d_label = self.rank_plot.add_label((1.0, 1.0))
        self.cursor_lines = [pg.InfiniteLine(angle=90, movable=False) for _ in range(2)]
        self.values_plot.addItem(self.cursor_lines[0])
        self.rank_plot.addItem(self.cursor_lines[1])
        layout = QtWidgets.QVBoxLayout(self.figure_box)
        layout.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        layout.addWidget(self.title)
        layout.addWidget(self.legend)
        layout.addWidget(self.values_plot, 1)
        layout.addWidget(self.rank_plot, 1)
        layout.addWidget(self.readout)

    # -- settings and following ------------------------------------------------------------------
    def _update(self, **changes: object) -> None:
        try:
            self.lab.update(**changes)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self.request_refresh()

    def _lab_changed(self) -> None:
        """The scenario or the settings changed: a new spectrum (throttled during a drag)."""
        if self.session.dragging and self.isVisible():
            if not self._throttle.isActive():
                self._throttle.start()
            return
        self._throttle.stop()
        self.request_refresh()

    def session_changed(self, changes: frozenset[Change]) -> None:
        """Move the cursor line; catch up once a drag ends."""
        if changes & {Change.CURSOR, Change.SCENARIO}:
            self.step_bar.follow()
        if Change.CURSOR in changes and self.isVisible() and not self._stale:
            self._show_cursor(self.lab.result)
        if Change.SCENARIO in changes and not self.session.dragging and self._throttle.isActive():
            self._throttle.stop()
            self.request_refresh()

    # -- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the spectrum of the whole trace and the cursor on it."""
        self.draw_count += 1
        self.step_bar.follow()
        with QtCore.QSignalBlocker(self.source_combo):
            self.source_combo.setCurrentIndex(self.source_combo.findData(self.lab.settings.source))
        result = self.lab.result
        theme = self.theme
        steps = result.steps.astype(float)
        sigma = result.singular_values
        count = sigma.shape[1] if sigma.ndim == 2 else 0
        while len(self.value_curves) < count:
            self.value_curves.append(self.values_plot.plot([], [], stepMode="right"))
        for index, curve in enumerate(self.value_curves):
            if index < count:
                colour = theme.key_color(index) if index < COLOURED_VALUES else theme.muted
                # Drawn to scale up to MAX_DRAWN (a σ beyond the floats is inf): the
                # plot's own arithmetic on a range near 1.8e308 is not finite.
                curve.setData(steps, np.clip(np.nan_to_num(sigma[:, index]), 0.0, MAX_DRAWN))
                curve.setPen(pg.mkPen(colour, width=theme.line_width))
            curve.setVisible(index < count)
        self.effective_curve.setData(steps, result.effective_rank)
        self.rank_curve.setData(steps, result.rank.astype(float))
        self.d_line.setValue(result.d)
        last = float(steps[-1]) if steps.size else 1.0
        x_range = (-0.02 * max(last, 1.0), max(last, 1.0) * 1.02)
        top = largest(sigma) if sigma.size else 1.0  # NaN when S holds ±inf: ignored
        top = min(max(top, 1e-9), MAX_DRAWN)
        if sigma.size and not np.isfinite(sigma).all():
            top = MAX_DRAWN  # an infinite σ is drawn at the top
        # Room under 0 for its tick label (half a line of text on a short plot).
        self.values_plot.setRange(xRange=x_range, yRange=(-0.12 * top, top * 1.1), padding=0)
        self.rank_plot.setRange(yRange=(-0.1 * result.d - 0.1, result.d * 1.25 + 0.3), padding=0)
        value_ticks = linear_ticks(0.0, top * 1.1, count=4)
        rank_ticks = [t for t in linear_ticks(0.0, result.d * 1.25, count=4) if t[0] >= 0]
        self.values_plot.set_candidate_ticks("left", value_ticks)
        self.rank_plot.set_candidate_ticks("left", rank_ticks)
        # One left-axis width for both plots, so that their steps line up.
        texts = [text for _, text in value_ticks + rank_ticks]
        width = max(
            plot.axis_width_for("left", texts) for plot in (self.values_plot, self.rank_plot)
        )
        for plot in (self.values_plot, self.rank_plot):
            plot.fix_axis_width("left", width)
        # Steps are whole: no tick at step 2.5.
        step_ticks = [
            t for t in linear_ticks(0.0, max(last, 1.0), count=8) if float(t[0]).is_integer()
        ]
        self.rank_plot.set_candidate_ticks("bottom", step_ticks)
        self.values_plot.set_candidate_ticks("bottom", step_ticks)
        self.values_plot.getPlotItem().getAxis("bottom").setStyle(showValues=False)
        self.d_label.setText(
            self.tr("d = {0}: the most directions S can hold").format(result.d)
            if result.source == "state"
            else self.tr("d_k = {0}: the most directions keys can span").format(result.d)
        )
        self.rank_plot.place_label(self.d_label, x_range[1], float(result.d))
        self.title.setText(self._title(result))
        self.legend.setText(self._legend_html(count))
        self._show_cursor(result)

    def _title(self, result: Spectrum) -> str:
        if result.source == "state":
            return self.tr("Memory filling up: the singular values of S, step by step")
        return self.tr("Memory filling up: the singular values of the stored keys φ(k)")

    def _legend_html(self, count: int) -> str:
        theme = self.theme
        return legend_html(
            (
                (
                    f'<span style="color:{theme.key_color(0)}">━━</span>',
                    self.tr("σ₁ ≥ σ₂ ≥ … (one line each, {0} in all)").format(count)
                    if count > 1
                    else self.tr("σ₁"),
                ),
                (f'<span style="color:{theme.read}">━━</span>', self.tr("effective rank")),
                (f'<span style="color:{theme.write}">╍╍</span>', self.tr("rank")),
            )
        )

    def _show_cursor(self, result: Spectrum) -> None:
        cursor = self.session.cursor
        for line in self.cursor_lines:
            line.setValue(cursor)
        steps = result.steps
        if not steps.size:
            self.readout.setText("")
            return
        index = int(np.searchsorted(steps, cursor, side="right")) - 1
        index = max(0, min(index, len(steps) - 1))
        step = int(steps[index])
        sigma = result.singular_values[index]
        shown = list_separator().join(shown_number(round(float(s), 3)) for s in sigma[:6])
        if len(sigma) > 6:
            shown += ", …"
        where = (
            self.tr("At step {0}").format(grouped(step))
            if step == cursor
            else self.tr("At step {0} (the nearest sampled step)").format(grouped(step))
        )
        self.readout.setText(
            unbroken_parts(
                self.tr(
                    "{where}: %Ln writes · effective rank {effective} of d = {d} · "
                    "rank {rank} · σ = {sigma}",
                    "",
                    int(result.writes[index]),
                ).format(
                    where=where,
                    effective=shown_number(round(float(result.effective_rank[index]), 2)),
                    d=result.d,
                    rank=int(result.rank[index]),
                    sigma=shown,
                )
            )
        )

    # -- looks ----------------------------------------------------------------------------------
    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the plots and the texts."""
        for plot in (self.values_plot, self.rank_plot):
            plot.apply_theme(theme, self.font())
        self.effective_curve.setPen(pg.mkPen(theme.read, width=theme.line_width * 1.3))
        self.rank_curve.setPen(
            pg.mkPen(theme.write, width=theme.line_width, style=Qt.PenStyle.DashLine)
        )
        self.d_line.setPen(
            pg.mkPen(
                theme.warning, width=max(1.0, theme.line_width * 0.8), style=Qt.PenStyle.DotLine
            )
        )
        self.d_label.setColor(theme.warning)
        self.d_label.setFont(self.rank_plot.tick_font)
        for line in self.cursor_lines:
            line.setPen(pg.mkPen(theme.foreground, width=max(1.0, theme.line_width * 0.7)))
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.legend.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.readout.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        self.request_refresh()

    # -- exports ----------------------------------------------------------------------------------
    def figure(self) -> QtWidgets.QWidget:
        """Both plots with their title, legend and readout."""
        return self.figure_box

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """One row per sampled step: writes, ranks and every singular value."""
        result = self.lab.result
        count = result.singular_values.shape[1] if result.singular_values.ndim == 2 else 0
        header = (
            "source",
            "step",
            "writes",
            "effective_rank",
            "rank",
            "d",
            *(f"sigma_{i}" for i in range(1, count + 1)),
        )
        rows = [
            (
                result.source,
                int(step),
                int(result.writes[i]),
                float(result.effective_rank[i]),
                int(result.rank[i]),
                result.d,
                *(float(s) for s in result.singular_values[i]),
            )
            for i, step in enumerate(result.steps)
        ]
        return header, rows
