"""Spotlight versus floodlight: how softmax and linear attention weigh the stored keys.

For the read at the window's cursor: a bar per stored key under softmax
(with a sharpness slider) beside the linear weight the read really uses,
both as shares of their side's weight (``|w| / Σ|w|``, so that like is
compared with like), the output each weighting gives, and each side's
effective number of keys (``exp`` of the shares' entropy), with softmax's
count drawn against the sharpness beside linear's, which no sharpness moves.
The caption says why softmax's weights cannot be folded into one fixed ``S``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.labs import SpotlightLab
from linviz.controller.session import Session
from linviz.model.attention import (
    SHARPNESS_RANGE,
    SpotlightComparison,
    Weighting,
    best_matches,
    spread_curve,
    spread_order,
)
from linviz.model.errors import ScenarioError
from linviz.views.error_text import shown_error
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.lab_plot import LabPlot
from linviz.views.labs.step_bar import StepBar
from linviz.views.labs.ticks import linear_ticks
from linviz.views.language import current_language
from linviz.views.number_text import grouped, shown_amount, shown_number, shown_vector
from linviz.views.theme import Theme, label_style
from linviz.views.typography import legend_html, with_unbroken

Qt = QtCore.Qt

#: Slider steps per unit of sharpness.
SLIDER_SCALE = 10
#: At most this many keys get a bar (the ones weighed most, in step order).
MAX_BARS = 24
#: Width of one bar (a key's two bars and the gap between keys share 1).
BAR_WIDTH = 0.38


def shown_keys(comparison: SpotlightComparison, limit: int = MAX_BARS) -> np.ndarray:
    """Indices of the keys that get a bar: all of them, or the ``limit`` weighed most."""
    count = len(comparison.labels)
    if count <= limit:
        return np.arange(count)
    weight = np.maximum(comparison.softmax.shares, comparison.linear.shares)
    chosen = np.argsort(-weight, kind="stable")[:limit]
    if comparison.target_index is not None and comparison.target_index not in chosen:
        chosen[-1] = comparison.target_index
    return np.sort(chosen)


class SpotlightPage(LabPage):
    """Softmax and linear weights of the read at the cursor, side by side.

    Parameters
    ----------
    session
        The window's session: its scenario, cursor, theme.
    parent
        Optional parent widget.

    Attributes
    ----------
    lab : SpotlightLab
        The sharpness, and both weightings of the read at the cursor.
    plot : LabPlot
        A pair of bars per stored key.
    slider : QtWidgets.QSlider
        The softmax sharpness ``s`` (tenths).
    """

    lab_name = "spotlight"

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.lab = SpotlightLab(session)
        self._shown: np.ndarray = np.zeros(0, dtype=int)
        self.step_bar = StepBar(session)
        self._build_controls()
        self._build_figure()
        self.stack_at_cursor(self.step_bar, self.sharpness_row, self.figure_box)
        self.lab.changed.connect(self.request_refresh)
        self.request_refresh()

    def lab_title(self) -> str:
        """The tab's name."""
        return self.tr("Spotlight")

    # -- construction --------------------------------------------------------------------------
    def _build_controls(self) -> None:
        low, high = SHARPNESS_RANGE
        self.sharpness_label = QtWidgets.QLabel(self.tr("Softmax &sharpness s"))
        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(round(low * SLIDER_SCALE), round(high * SLIDER_SCALE))
        self.slider.setSingleStep(5)
        self.slider.setPageStep(10 * SLIDER_SCALE)
        tip = self.tr(
            "Softmax weighs key i by exp(s · q·kᵢ): s = 0 weighs every key the same, a large s "
            "puts almost all the weight on the best match (↑ ↓ step)"
        )
        self.slider.setToolTip(tip)
        self.sharpness_label.setBuddy(self.slider)
        self.spin = QtWidgets.QDoubleSpinBox()
        self.spin.setRange(low, high)
        self.spin.setDecimals(1)
        self.spin.setSingleStep(0.5)
        self.spin.setKeyboardTracking(False)
        self.spin.setToolTip(tip)
        self.spin.setAccessibleName(self.tr("Softmax sharpness"))
        self.slider.valueChanged.connect(lambda value: self._set_sharpness(value / SLIDER_SCALE))
        self.spin.valueChanged.connect(self._set_sharpness)
        self.sharpness_row = QtWidgets.QHBoxLayout()
        self.sharpness_row.addWidget(self.sharpness_label)
        self.sharpness_row.addWidget(self.slider, 1)
        self.sharpness_row.addWidget(self.spin)

    def _build_figure(self) -> None:
        self.figure_box = QtWidgets.QWidget()
        self.figure_box.setObjectName("spotlight_figure")
        self.title = QtWidgets.QLabel()
        self.legend = QtWidgets.QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.plot = LabPlot()
        self.plot.setToolTip(
            self.tr(
                "One pair of bars per stored key: its share of the softmax weight and its share "
                "of the linear weight (|w| / Σ|w| on both sides, so each side sums to 1)"
            )
        )
        self.plot.set_axis_title("left", self.tr("share of the weight"))
        self.soft_bars = pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH)
        self.linear_bars = pg.BarGraphItem(x=[], height=[], width=BAR_WIDTH)
        self.plot.addItem(self.soft_bars)
        self.plot.addItem(self.linear_bars)
        self.zero_line = pg.InfiniteLine(pos=0.0, angle=0, movable=False)
        self.plot.addItem(self.zero_line)
        self.target_mark = pg.ScatterPlotItem()
        self.plot.addItem(self.target_mark)

        self.readout = QtWidgets.QWidget()
        column = QtWidgets.QVBoxLayout(self.readout)
        column.setContentsMargins(0, 0, 0, 0)
        self.soft_name = QtWidgets.QLabel()
        self.soft_output = QtWidgets.QLabel()
        self.soft_spread = QtWidgets.QLabel()
        self.linear_name = QtWidgets.QLabel()
        self.linear_output = QtWidgets.QLabel()
        self.linear_spread = QtWidgets.QLabel()
        self.caption = QtWidgets.QLabel()
        side = (
            self.soft_name,
            self.soft_output,
            self.soft_spread,
            self.linear_name,
            self.linear_output,
            self.linear_spread,
        )
        for label in (self.title, *side, self.caption):
            label.setTextFormat(Qt.TextFormat.PlainText)
        for label in (self.title, self.legend, *side, self.caption):
            label.setWordWrap(True)
        for label in side:
            column.addWidget(label)
        column.insertSpacing(3, 12)
        self._build_spread_plot()
        column.addWidget(self.spread_plot, 1)
        column.addStretch(0)  # takes the room the curve leaves in projector mode
        self.soft_spread.setToolTip(
            self.tr(
                "The effective number of keys: exp of the entropy of the shares |w| / Σ|w|; "
                "1 when one key takes all the weight, n when n keys share it equally"
            )
        )
        self.linear_spread.setToolTip(self.soft_spread.toolTip())
        grid = QtWidgets.QGridLayout(self.figure_box)
        grid.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        grid.addWidget(self.title, 0, 0, 1, 2)
        grid.addWidget(self.legend, 1, 0, 1, 2)
        grid.addWidget(self.plot, 2, 0)
        grid.addWidget(self.readout, 2, 1)
        grid.addWidget(self.caption, 3, 0, 1, 2)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        grid.setRowStretch(2, 1)

    def _build_spread_plot(self) -> None:
        """Effective keys against the sharpness: softmax's curve, linear's flat line."""
        self.spread_plot = LabPlot()
        self.spread_plot.setObjectName("spotlight_spread")
        self.spread_plot.setMinimumHeight(120)
        self.spread_plot.setToolTip(
            self.tr(
                "How many keys each side reads as the sharpness s changes: softmax narrows as "
                "s grows; linear attention has no s, so its line stays flat"
            )
        )
        self.spread_plot.set_axis_title("bottom", self.tr("sharpness s"))
        self.spread_plot.set_axis_title("left", self.tr("keys read"))
        self.soft_curve = pg.PlotDataItem()
        self.linear_level = pg.PlotDataItem()
        self.sharpness_mark = pg.ScatterPlotItem()
        for item in (self.linear_level, self.soft_curve, self.sharpness_mark):
            self.spread_plot.addItem(item)

    # -- settings go to the controller -------------------------------------------------------------
    def _set_sharpness(self, value: float) -> None:
        try:
            self.lab.update(sharpness=float(value))
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self.request_refresh()

    def session_changed(self, changes: frozenset[Change]) -> None:
        """Follow the cursor and the scenario (the lab says when its read changed)."""
        if changes & {Change.CURSOR, Change.SCENARIO}:
            self.step_bar.follow()
        if changes & {Change.REVEAL}:
            self.request_refresh()

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the weights of the read at the cursor (or say there is none)."""
        self.step_bar.follow()
        sharpness = self.lab.settings.sharpness
        with QtCore.QSignalBlocker(self.slider), QtCore.QSignalBlocker(self.spin):
            self.slider.setValue(round(sharpness * SLIDER_SCALE))
            self.spin.setValue(sharpness)
        comparison = self.lab.result
        self._draw_legend()
        self._write_caption(comparison)
        if comparison is None or not comparison.labels:
            self._show_nothing(comparison)
            return
        self._draw_bars(comparison)
        self._write_readout(comparison)
        self._draw_spread(comparison)

    def _draw_legend(self) -> None:
        theme = self.theme
        self.legend.setText(
            legend_html(
                (
                    (f'<span style="color:{theme.read}">■</span>', self.tr("softmax (spotlight)")),
                    (f'<span style="color:{theme.write}">▨</span>', self.tr("linear (floodlight)")),
                    (f'<span style="color:{theme.target}">★</span>', self.tr("the read's target")),
                )
            )
        )

    def _write_caption(self, comparison: SpotlightComparison | None = None) -> None:
        why = self.tr(
            "Softmax's exp(s · q·kᵢ) does not split into a part of q times a part of kᵢ, so "
            "the cache must keep every key to weigh it again for each new query. A linear "
            "score φ(q)·φ(kᵢ) does split: the writes add up into one fixed S, and the "
            "normaliser's sum of φ(kᵢ) into one fixed z."
        )
        if comparison is None or not comparison.labels:
            self.caption.setText(why)
            return
        self.caption.setText(self.spread_sentence(comparison) + " " + why)

    def spread_sentence(self, comparison: SpotlightComparison) -> str:
        """What the effective key counts say at this sharpness (translated)."""
        values = {
            "s": shown_number(comparison.sharpness),
            "soft": shown_amount(comparison.softmax.effective_keys, 3),
            "linear": shown_amount(comparison.linear.effective_keys, 3),
            "soft_keys": self.keys_read(comparison.softmax.effective_keys),
            "linear_keys": self.keys_read(comparison.linear.effective_keys),
        }
        ties = best_matches(comparison)
        order = spread_order(comparison)
        if ties >= 2 and order != "wider":
            return self.tr(
                "{ties} writes share the best score, so no sharpness can single one out: at "
                "s = {s} softmax reads {soft_keys}, linear {linear_keys}."
            ).format(ties=ties, **values)
        if order == "narrower":
            return self.tr(
                "At s = {s} softmax concentrates: it reads {soft_keys} where linear reads "
                "{linear_keys}. Linear attention has no s: its weights stay as spread at any "
                "setting."
            ).format(**values)
        if order == "wider":
            return self.tr(
                "At s = {s} softmax reads {soft_keys}, wider than linear's {linear}: raise s to "
                "see it narrow; linear attention has no s to raise."
            ).format(**values)
        return self.tr(
            "At s = {s} both read about as many keys (softmax {soft}, linear {linear}); raise s "
            "and only softmax narrows."
        ).format(**values)

    def _show_nothing(self, comparison: SpotlightComparison | None) -> None:
        session = self.session
        number = session.cursor
        if number < 1:
            text = self.tr("Step 0 is the empty memory: nothing is read here.")
        elif comparison is None:
            text = self.tr("Step {0} is a write: nothing is read here.").format(grouped(number))
        else:
            text = self.tr("Read {0} comes before any write: there is no key to weigh.").format(
                session.scenario.label_at(number)
            )
        text += " " + self.tr("Go to a read (→, or Next read) to compare the weights.")
        self.title.setText(self.tr("No read at step {0}").format(grouped(number)))
        self.plot.set_notice(text)
        for item in (self.soft_bars, self.linear_bars, self.target_mark):
            item.setVisible(False)
        for item in (self.soft_curve, self.linear_level, self.sharpness_mark):
            item.setData([], [])
        self.plot.set_candidate_ticks("bottom", [])
        self.plot.set_candidate_ticks("left", [])
        self.plot.set_axis_title("bottom", "")
        self.readout.setVisible(False)
        self._shown = np.zeros(0, dtype=int)

    def _draw_bars(self, comparison: SpotlightComparison) -> None:
        theme = self.theme
        shown = shown_keys(comparison)
        self._shown = shown
        x = np.arange(len(shown), dtype=float)
        soft = comparison.softmax.shares[shown]
        linear = comparison.linear.shares[shown]
        self.soft_bars.setOpts(
            x=x - BAR_WIDTH / 2 - 0.01,
            height=soft,
            width=BAR_WIDTH,
            brush=pg.mkBrush(theme.read),
            pen=pg.mkPen(theme.read, width=1),
        )
        hatch = QtGui.QBrush(QtGui.QColor(theme.write), Qt.BrushStyle.BDiagPattern)
        self.linear_bars.setOpts(
            x=x + BAR_WIDTH / 2 + 0.01,
            height=linear,
            width=BAR_WIDTH,
            brush=hatch,
            pen=pg.mkPen(theme.write, width=max(1.5, theme.line_width)),
        )
        for item in (self.soft_bars, self.linear_bars):
            item.setVisible(True)
        low = min(0.0, float(soft.min()), float(linear.min()))
        high = max(1.0, float(soft.max()), float(linear.max()))
        span = high - low
        top = high + 0.12 * span
        self.plot.setRange(
            xRange=(-0.6, len(shown) - 0.4), yRange=(low - 0.05 * span, top), padding=0
        )
        target = comparison.target_index
        where = np.flatnonzero(shown == target) if target is not None else np.zeros(0)
        if where.size:
            self.target_mark.setData(
                [float(where[0])],
                [high + 0.06 * span],
                symbol="star",
                size=max(14, round(theme.font_pt * 1.4)),
                brush=pg.mkBrush(theme.target),
                pen=pg.mkPen(theme.target),
            )
        self.target_mark.setVisible(bool(where.size))
        labels = [comparison.labels[i] for i in shown]
        keep = [int(where[0])] if where.size else []
        self.plot.set_candidate_ticks("bottom", list(zip(x.tolist(), labels)), keep=keep)
        self.plot.set_candidate_ticks("left", linear_ticks(low, high, count=5))
        self.plot.set_notice("")
        count = len(comparison.labels)
        axis = (
            self.tr("stored keys, in the order written")
            if count == len(shown)
            else self.tr("the {0} keys weighed most, of {1}").format(len(shown), count)
        )
        self.plot.set_axis_title("bottom", axis)

    def _write_readout(self, comparison: SpotlightComparison) -> None:
        session = self.session
        scenario = session.scenario
        number = comparison.number
        self.readout.setVisible(True)
        self.title.setText(
            self.tr("Read {label} (step {number}): how much each stored key counts").format(
                label=scenario.label_at(number), number=grouped(number)
            )
        )
        hidden = session.is_hidden(number)
        self.soft_name.setText(
            self.tr("Softmax, s = {0}").format(shown_number(comparison.sharpness))
        )
        map_name = self.map_name(scenario.feature_map)
        if scenario.normalize:
            linear_name = self.tr("Linear, φ = {0}, normalised").format(map_name)
        else:
            linear_name = self.tr("Linear, φ = {0}").format(map_name)
        self.linear_name.setText(linear_name)
        for weighting, output, spread, is_soft in (
            (comparison.softmax, self.soft_output, self.soft_spread, True),
            (comparison.linear, self.linear_output, self.linear_spread, False),
        ):
            if hidden and not is_soft:
                output.setText(self.tr("output hidden: predict, then reveal (R)"))
            else:
                output.setText(
                    self.tr("output {0}").format(shown_vector(weighting.output, at=weighting.scale))
                )
            spread.setText(self._spread_text(weighting, is_soft))

    def map_name(self, feature_map: str) -> str:
        """The feature map's name as the page writes it (translated)."""
        return {"identity": self.tr("identity"), "elu+1": self.tr("elu + 1")}.get(
            feature_map, feature_map
        )

    def keys_read(self, count: float) -> str:
        """``"1 key"``, ``"1.9 keys"``: an effective number of keys with its noun.

        Singular for a count written "1" in English, below 2 in French ("1,9 clé"):
        "reads 1 keys" was the page's at any sharp softmax.
        """
        shown = shown_amount(count, 3)
        one = count < 2 if current_language() == "fr" else shown == "1"
        return (self.tr("{n} key") if one else self.tr("{n} keys")).format(n=shown)

    def _spread_text(self, weighting: Weighting, is_soft: bool) -> str:
        total = shown_amount(float(np.sum(weighting.weights)))
        if weighting.entropy is None:
            return self.tr("weights sum to {0}: no key is read").format(total)
        keys = self.tr("reads {keys} (exp of the shares' entropy, {h} nats)").format(
            keys=self.keys_read(weighting.effective_keys),
            h=shown_amount(weighting.entropy, 3),
        )
        if is_soft:
            return keys
        return with_unbroken(
            self.tr("{keys}; its weights sum to {total}, each bar is |wᵢ| / Σ|w|").format(
                keys=keys, total=total
            ),
            "|wᵢ| / Σ|w|",
        )

    def _draw_spread(self, comparison: SpotlightComparison) -> None:
        theme = self.theme
        sharpnesses, keys = spread_curve(comparison.scores)
        linear = comparison.linear.effective_keys
        self.soft_curve.setData(sharpnesses, keys, pen=pg.mkPen(theme.read, width=theme.line_width))
        ends = [float(sharpnesses[0]), float(sharpnesses[-1])]
        self.linear_level.setData(
            ends,
            [linear, linear],
            pen=pg.mkPen(theme.write, width=theme.line_width, style=Qt.PenStyle.DashLine),
        )
        self.sharpness_mark.setData(
            [comparison.sharpness],
            [comparison.softmax.effective_keys],
            symbol="o",
            size=max(10, round(theme.line_width * 4)),
            brush=pg.mkBrush(theme.read),
            pen=pg.mkPen(theme.background, width=1.5),
        )
        top = max(float(keys.max()), linear, 1.0)
        self.spread_plot.setRange(xRange=(ends[0], ends[1]), yRange=(0.0, top * 1.1), padding=0.02)
        self.spread_plot.set_candidate_ticks("bottom", linear_ticks(ends[0], ends[1], count=5))
        self.spread_plot.set_candidate_ticks("left", linear_ticks(0.0, top, count=4))

    def shown_spread(self) -> tuple[np.ndarray, np.ndarray, float]:
        """Softmax's curve (sharpnesses, keys) and linear's level, as drawn."""
        x, y = self.soft_curve.getData()
        _, level = self.linear_level.getData()
        if x is None or level is None or not len(level):
            return np.zeros(0), np.zeros(0), float("nan")
        return np.asarray(x), np.asarray(y), float(level[0])

    def shown_weights(self) -> tuple[np.ndarray, np.ndarray]:
        """The heights of the softmax and the linear bars on screen (shares of each side)."""
        soft = self.soft_bars.opts.get("height")
        linear = self.linear_bars.opts.get("height")
        if not self.soft_bars.isVisible():
            return np.zeros(0), np.zeros(0)
        return np.asarray(soft, dtype=float), np.asarray(linear, dtype=float)

    # -- looks ----------------------------------------------------------------------------------
    def set_compact(self, on: bool) -> None:
        """Projector layout: the bars and the key counts only.

        The curve of keys against ``s`` needs more room than a projector's
        large text leaves beside the bars; the counts still move with the slider.
        """
        self.spread_plot.setVisible(not on)

    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the plot and the texts."""
        self.plot.apply_theme(theme, self.font())
        self.spread_plot.apply_theme(theme, self.font())
        self.zero_line.setPen(pg.mkPen(theme.muted, width=1))
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.legend.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.soft_name.setStyleSheet(label_style(theme.read, theme.font_pt, bold=True))
        self.linear_name.setStyleSheet(label_style(theme.write, theme.font_pt, bold=True))
        for label in (self.soft_output, self.linear_output):
            label.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        for label in (self.soft_spread, self.linear_spread):
            label.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.caption.setStyleSheet(label_style(theme.muted, theme.font_pt))
        self.request_refresh()

    # -- exports ----------------------------------------------------------------------------------
    def figure(self) -> QtWidgets.QWidget:
        """The bars, the readout and the caption."""
        return self.figure_box

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """One row per stored key: its score and both weights (none away from a read)."""
        header = (
            "read",
            "step",
            "key",
            "score",
            "sharpness",
            "softmax_weight",
            "linear_weight",
            "softmax_share",
            "linear_share",
            "target",
        )
        comparison = self.lab.result
        if comparison is None:
            return header, []
        read = self.session.scenario.label_at(comparison.number)
        rows = [
            (
                read,
                comparison.number,
                label,
                float(comparison.scores[i]),
                comparison.sharpness,
                float(comparison.softmax.weights[i]),
                float(comparison.linear.weights[i]),
                float(comparison.softmax.shares[i]),
                float(comparison.linear.shares[i]),
                int(i == comparison.target_index),
            )
            for i, label in enumerate(comparison.labels)
        ]
        return header, rows
