"""The recall lab's MQAR mode: recall of Zoology's task against the state size.

Settings on the left (they go to :class:`~linviz.controller.mqar_lab.MqarLab`),
and one plot: the share of queries recalled against the state size
``d_k · d_v = d²`` (log scale), one curve per rule, with a dashed mark where
the key has as many numbers as there are pairs (``d = N``). Below it,
zoology's state sizes: DeltaNet and Gated DeltaNet keep ``H · d_k · d_v``
numbers, attention ``2 · d_model · L``.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from linviz.controller.mqar_lab import (
    MAX_PAIRS,
    MAX_TRIALS,
    RULES,
    MqarLab,
    MqarResult,
    MqarSettings,
)
from linviz.model.errors import ScenarioError
from linviz.model.limits import MAX_DIM, MIN_DIM
from linviz.model.mqar import RecallPoint
from linviz.views.error_text import shown_error
from linviz.views.guarded import guarded
from linviz.views.labs.lab_plot import LabPlot
from linviz.views.labs.mqar_runner import MqarRunner
from linviz.views.labs.ticks import percent_ticks, power_of_two_ticks
from linviz.views.language import say
from linviz.views.number_text import grouped, shown_amount
from linviz.views.qt_disposal import dispose
from linviz.views.theme import LIGHT, Theme, label_style

Qt = QtCore.Qt

#: Steps of the progress bar.
PROGRESS_STEPS = 100


class MqarView(QtWidgets.QWidget):
    """Settings and the MQAR figure.

    Attributes
    ----------
    lab : MqarLab
        Settings and the recall measured for them.
    plot : LabPlot
        Recall against the state size.
    curves : dict[str, pg.PlotDataItem]
        One curve per rule.
    figure_box : QtWidgets.QWidget
        What an export draws: title, plot and the state-size formulas.
    """

    message = QtCore.Signal(str)

    def __init__(self, lab: MqarLab | None = None, parent: QtWidgets.QWidget | None = None):
        super().__init__(parent)
        self.lab = lab if lab is not None else MqarLab()
        self._theme: Theme = LIGHT
        self._build_settings()
        self.title = QtWidgets.QLabel()
        self.formulas = QtWidgets.QLabel()
        for label in (self.title, self.formulas):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
        self.plot = LabPlot()
        self.plot.setObjectName("mqar_plot")
        self.figure_box = QtWidgets.QWidget()
        self.figure_box.setObjectName("mqar_figure")
        figure = QtWidgets.QVBoxLayout(self.figure_box)
        figure.setContentsMargins(6, 6, 6, 6)
        figure.addWidget(self.title)
        figure.addWidget(self.plot, 1)
        figure.addWidget(self.formulas)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.settings_box)
        layout.addWidget(self.figure_box, 1)
        self.curves: dict[str, pg.PlotDataItem] = {}
        self._marks: list[pg.InfiniteLine] = []
        #: Measures on a worker thread: at the largest settings a change takes seconds.
        self.runner = MqarRunner(self)
        self.runner.progressed.connect(self._progressed)
        self.runner.finished.connect(self._finished)
        self.runner.errored.connect(self._failed)
        self.lab.changed.connect(self.refresh)
        self._stale = True  # measured and drawn when first shown
        #: The settings the run going on measures (None: no run).
        self._measuring: MqarSettings | None = None

    def _build_settings(self) -> None:
        self.settings_box = QtWidgets.QWidget()
        self.settings_box.setObjectName("mqar_settings")
        form = QtWidgets.QFormLayout(self.settings_box)
        form.setContentsMargins(0, 0, 8, 0)
        self.pairs_spin = QtWidgets.QSpinBox()
        self.pairs_spin.setRange(1, MAX_PAIRS)
        say(
            self.pairs_spin,
            self.pairs_spin.setToolTip,
            lambda: self.tr("Key-value pairs in each sequence, N (1 to {0})").format(MAX_PAIRS),
        )
        self.dims_edit = QtWidgets.QLineEdit()
        say(
            self.dims_edit,
            self.dims_edit.setToolTip,
            lambda: self.tr("Key sizes d, the state d × d ({0} to {1}), e.g. 4, 8, 16, 32").format(
                MIN_DIM, MAX_DIM
            ),
        )
        self.dims_edit.editingFinished.connect(self._dims_edited)
        self.trials_spin = QtWidgets.QSpinBox()
        self.trials_spin.setRange(1, MAX_TRIALS)
        self.trials_spin.setToolTip(self.tr("Sequences per point, each of its own seed"))
        self.beta_spin = QtWidgets.QDoubleSpinBox()
        self.beta_spin.setRange(0.0, 1.0)
        self.beta_spin.setSingleStep(0.1)
        self.beta_spin.setToolTip(self.tr("The delta rule's writing strength β, in [0, 1]"))
        self.seed_spin = QtWidgets.QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setToolTip(self.tr("The random seed: the same seed gives the same numbers"))
        for spin, field in (
            (self.pairs_spin, "pairs"),
            (self.trials_spin, "trials"),
            (self.beta_spin, "beta"),
            (self.seed_spin, "seed"),
        ):
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(lambda value, f=field: self._update(**{f: value}))
        for text, widget in (
            (self.tr("&Pairs N"), self.pairs_spin),
            (self.tr("Sizes &d"), self.dims_edit),
            (self.tr("&Trials"), self.trials_spin),
            (self.tr("Delta &β"), self.beta_spin),
            (self.tr("S&eed"), self.seed_spin),
        ):
            label = QtWidgets.QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        self.progress = QtWidgets.QProgressBar()
        self.progress.setRange(0, PROGRESS_STEPS)
        self.progress.setFormat(self.tr("measuring: %p%"))
        self.progress.setToolTip(self.tr("The new settings are being measured; the figure follows"))
        self.progress.hide()  # shown while a measurement runs
        form.addRow(self.progress)

    # -- settings go to the controller ------------------------------------------------------
    def _update(self, **changes: object) -> None:
        try:
            self.lab.update(**changes)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self._sync_controls()

    def _dims_edited(self) -> None:
        self.dims_edit.setModified(False)
        parts = [part for part in re.split(r"[,;\s]+", self.dims_edit.text()) if part]
        try:
            dims = tuple(int(part) for part in parts)
        except ValueError:
            bad = next(part for part in parts if not part.lstrip("+-").isdigit())
            self.message.emit(self.tr("not a number: {0}").format(bad))
            self._sync_controls()
            return
        self._update(dims=dims)

    def _sync_controls(self) -> None:
        s = self.lab.settings
        spins = (self.pairs_spin, self.trials_spin, self.beta_spin, self.seed_spin)
        blockers = [QtCore.QSignalBlocker(w) for w in spins]
        try:
            self.pairs_spin.setValue(s.pairs)
            self.trials_spin.setValue(s.trials)
            self.beta_spin.setValue(s.beta)
            self.seed_spin.setValue(s.seed)
            if not (self.dims_edit.hasFocus() and self.dims_edit.isModified()):
                self.dims_edit.setText(", ".join(str(d) for d in s.dims))
        finally:
            del blockers

    # -- looks and drawing ----------------------------------------------------------------------
    def apply_theme(self, theme: Theme, base_font) -> None:
        """Colours and sizes from ``theme``."""
        self._theme = theme
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.formulas.setStyleSheet(label_style(theme.muted, theme.font_pt))
        self.plot.apply_theme(theme, base_font)
        self._stale = True
        self.refresh()

    def rule_name(self, rule: str) -> str:
        """The legend's name of ``rule``."""
        if rule == "additive":
            return self.tr("additive rule")
        return self.tr("delta rule (β = {0})").format(shown_amount(self.lab.settings.beta))

    @guarded()
    def showEvent(self, event: object) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def refresh(self, force: bool = False) -> None:
        """Draw the points of the settings, measuring them first if need be; hidden, only
        when shown next.

        Shown, a measurement runs on the worker (the figure keeps the last
        settings' points, titled for them, until it comes back); ``force``
        (an export) measures here and now. The controlled test's page builds
        this view too: it must not measure MQAR for a page that never shows it.
        """
        if not (force or self.isVisible()):
            self._stale = True
            return
        self._stale = False
        self._sync_controls()
        delivered = self.lab.delivered
        if delivered is not None and delivered.complete:
            self._draw(delivered.points)
        elif force:
            self.runner.cancel()  # its result would come after this one
            self._draw(self.lab.result)
        else:
            self._measure()

    def close_view(self) -> None:
        """Stop a measurement (waiting for the worker): the page is going away."""
        self.runner.stop()

    def _measure(self) -> None:
        """Measure the current settings on the worker (after the run going on, if any)."""
        if self.runner.running:
            if self._measuring != self.lab.settings:
                self.runner.cancel()  # it comes back stopped, and _finished starts the next
            return
        job = self.lab.job()
        self._measuring = job.settings
        self.runner.start(job)
        self.progress.setValue(0)
        self.progress.show()

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(round(PROGRESS_STEPS * done / max(total, 1)))

    def _failed(self, text: str) -> None:
        """A run failed (it should not: the settings were checked): say why, stop waiting."""
        self.progress.hide()
        self._measuring = None
        self.message.emit(text)

    def _finished(self, result: MqarResult) -> None:
        self.progress.hide()
        self._measuring = None
        self.lab.deliver(result)  # kept if the settings are still its own
        self.refresh()  # drawn; or the settings changed meanwhile: measured again

    def _draw(self, points: tuple[RecallPoint, ...]) -> None:
        s = self.lab.settings
        theme = self._theme
        # Each count with its own plural: "1 pairs … 1 sequences a point" at the least.
        self.title.setText(
            self.tr("MQAR (Zoology): {pairs} in {tokens}, {sequences} a point").format(
                pairs=self.tr("%Ln pairs", "", s.pairs),
                tokens=self.tr("%Ln tokens", "", s.length),
                sequences=self.tr("%Ln sequences", "", s.trials),
            )
        )
        for item in (*self.curves.values(), *self._marks):
            self.plot.removeItem(item)
            dispose(item)  # by Qt now, not by the collector inside some Qt call
        self.curves.clear()
        self._marks.clear()
        legend = []
        for index, rule in enumerate(RULES):
            chosen = [p for p in points if p.rule == rule]
            x = np.log2([p.state_size for p in chosen])
            y = [p.accuracy for p in chosen]
            colour = theme.key_color(index)
            curve = self.plot.plot(
                x,
                y,
                pen=pg.mkPen(colour, width=theme.line_width * 1.3),
                symbol="os"[index],
                symbolBrush=pg.mkBrush(colour),
                symbolPen=pg.mkPen(theme.background, width=1),
            )
            curve.setToolTip(self.rule_name(rule))
            self.curves[rule] = curve
            legend.append(self.rule_name(rule))
        self.plot.setToolTip(" · ".join(legend))
        low, high = 2 * math.log2(s.dims[0]), 2 * math.log2(s.dims[-1])
        pad = max(0.5, 0.05 * (high - low))
        mark = pg.InfiniteLine(
            pos=2 * math.log2(s.pairs),
            angle=90,
            movable=False,
            pen=pg.mkPen(
                theme.muted, width=max(1.0, theme.line_width * 0.8), style=Qt.PenStyle.DashLine
            ),
        )
        mark.setToolTip(self.tr("d = N = {0}: as many key numbers as pairs").format(s.pairs))
        self.plot.addItem(mark)
        self._marks.append(mark)
        self.plot.view_box.setRange(xRange=(low - pad, high + pad), yRange=(-0.05, 1.05), padding=0)
        self.plot.set_candidate_ticks("bottom", power_of_two_ticks(low - pad, high + pad))
        self.plot.set_candidate_ticks("left", percent_ticks(0.0, 1.0))
        self.plot.set_axis_title("bottom", self.tr("state size d_k · d_v (log scale)"))
        self.plot.set_axis_title("left", self.tr("queries recalled"))
        d_model = s.dims[-1]
        self.formulas.setText(
            self.tr(
                "Curves: {0} (circles), {1} (squares). State sizes as Zoology counts them: "
                "DeltaNet and Gated DeltaNet keep H · d_k · d_v numbers ({2} for one head at "
                "d = {3}); attention keeps 2 · d_model · L ({4} at d_model = {3}, L = {5})."
            ).format(
                legend[0],
                legend[1],
                grouped(d_model * d_model),
                d_model,
                grouped(self.lab.attention_state(d_model)),
                s.length,
            )
        )
