"""The memory calculator: a softmax model's growing KV cache against one fixed state.

Both sizes as the context grows, on log–log axes, the length where the
cache passes the state marked, and a readout of both at a chosen length.
The room can estimate first: "Predict first" hides the sizes until they
are revealed, then shows how far each estimate was.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from linviz.controller.labs import MemoryLab, MemoryReading
from linviz.controller.session import Session
from linviz.model import costs
from linviz.model.errors import ScenarioError
from linviz.views.error_text import shown_error
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.lab_plot import LabPlot
from linviz.views.labs.memory_quiz import Gap, MemoryQuiz
from linviz.views.labs.size_entry import SizeEntry
from linviz.views.labs.ticks import byte_ticks, token_ticks
from linviz.views.language import say
from linviz.views.number_text import grouped, shown_amount, shown_size
from linviz.views.theme import Theme, label_style
from linviz.views.typography import unbroken_parts

Qt = QtCore.Qt

#: The length slider's steps per decade of tokens (it runs from 1 to 10¹² tokens).
SLIDER_STEPS_PER_DECADE = 100
#: The curves run at least this far (tokens), and to the decade above the chosen length.
SHORTEST_CURVE = 1_000_000


def curve_end(tokens: int) -> int:
    """How far the curves run for a chosen length: a power of ten, at least a million."""
    if tokens <= SHORTEST_CURVE:
        return SHORTEST_CURVE
    return min(10 ** math.ceil(math.log10(tokens)), costs.MAX_TOKENS)


class MemoryPage(LabPage):
    """The memory calculator as a lab page.

    Parameters
    ----------
    session
        The window's session (theme and projector mode).
    lab
        The calculator's controller (default: a new one with the course's head).
    parent
        Optional parent widget.

    Attributes
    ----------
    lab : MemoryLab
        Settings and sizes.
    quiz : MemoryQuiz
        Predict first, then reveal.
    plot : LabPlot
        Both sizes against the context length, log–log.
    """

    lab_name = "memory"

    def __init__(
        self,
        session: Session,
        lab: MemoryLab | None = None,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(session, parent)
        self.lab = lab if lab is not None else MemoryLab()
        self.quiz = MemoryQuiz(self.lab)
        self._build_controls()
        self._build_figure()
        self._build_prediction()
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self.shape_row)
        layout.addLayout(self.length_row)
        layout.addWidget(self.figure_box, 1)
        layout.addLayout(self.predict_row)
        layout.addWidget(self.estimate_box)
        self.quiz.changed.connect(self.request_refresh)
        self.request_refresh()

    def lab_title(self) -> str:
        """The tab's name."""
        return self.tr("Memory cost")

    # -- construction -----------------------------------------------------------------------
    def _format_text(self, name: str, size: int) -> str:
        """A number format's entry: its name and its bytes a number."""
        return self.tr("{0} ({1} B each)").format(name, size)

    def _spin(self, field: str, tip: str) -> QtWidgets.QSpinBox:
        low, high = costs.SHAPE_RANGES[field]
        spin = QtWidgets.QSpinBox()
        spin.setRange(low, high)
        spin.setKeyboardTracking(False)
        spin.setToolTip(tip)
        spin.valueChanged.connect(lambda value, f=field: self._update(**{f: value}))
        return spin

    def _build_controls(self) -> None:
        self.preset_label = QtWidgets.QLabel(self.tr("&Preset"))
        self.preset_combo = QtWidgets.QComboBox()
        self._preset_names = list(costs.PRESETS)
        self._preset_texts = {
            "course": self.tr("The course's head (d = 128)"),
            "model": self.tr("A whole model (32 layers × 8 heads)"),
        }
        for name in self._preset_names:
            self.preset_combo.addItem(self._preset_texts.get(name, name), name)
        self.preset_combo.addItem(self.tr("Your own shape"), None)
        self.preset_combo.setToolTip(
            self.tr(
                "The course's head: 1 layer, 1 head, head size 128, bf16. A whole model: "
                "32 layers of 8 heads each, head size 128, bf16"
            )
        )
        self.preset_label.setBuddy(self.preset_combo)
        self.preset_combo.activated.connect(self._preset_chosen)
        self.layers_spin = self._spin("layers", self.tr("Layers of attention in the model"))
        self.heads_spin = self._spin("heads", self.tr("Attention heads in each layer"))
        self.head_dim_spin = self._spin(
            "head_dim",
            self.tr("Head size d: a key and a value have d numbers each, and S is d × d"),
        )
        self.layers_label = QtWidgets.QLabel(self.tr("&Layers"))
        self.layers_label.setBuddy(self.layers_spin)
        self.heads_label = QtWidgets.QLabel(self.tr("&Heads"))
        self.heads_label.setBuddy(self.heads_spin)
        self.head_dim_label = QtWidgets.QLabel(self.tr("Head si&ze"))
        self.head_dim_label.setBuddy(self.head_dim_spin)
        self.dtype_label = QtWidgets.QLabel(self.tr("&Format"))
        self.dtype_combo = QtWidgets.QComboBox()
        for index, (name, size) in enumerate(costs.BYTES_PER_NUMBER.items()):
            self.dtype_combo.addItem(name, name)
            say(
                self.dtype_combo,
                partial(self.dtype_combo.setItemText, index),
                partial(self._format_text, name, size),
            )
        self.dtype_combo.setToolTip(
            self.tr("Number format: fp32 takes 4 bytes a number, bf16 and fp16 2, fp8 1")
        )
        self.dtype_label.setBuddy(self.dtype_combo)
        self.dtype_combo.activated.connect(
            lambda index: self._update(dtype=self.dtype_combo.itemData(index))
        )
        self.shape_row = QtWidgets.QHBoxLayout()
        for widget in (
            self.preset_label,
            self.preset_combo,
            self.layers_label,
            self.layers_spin,
            self.heads_label,
            self.heads_spin,
            self.head_dim_label,
            self.head_dim_spin,
            self.dtype_label,
            self.dtype_combo,
        ):
            self.shape_row.addWidget(widget)
        self.shape_row.addStretch(1)

        self.length_label = QtWidgets.QLabel(self.tr("Context &length"))
        self.length_slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.length_slider.setRange(0, 12 * SLIDER_STEPS_PER_DECADE)
        self.length_slider.setSingleStep(10)
        self.length_slider.setPageStep(SLIDER_STEPS_PER_DECADE)
        self.length_slider.setToolTip(
            self.tr("The context length read out, from 1 token to 10¹² (log scale; ↑ ↓ step)")
        )
        self.length_slider.valueChanged.connect(self._slider_moved)
        self.length_spin = QtWidgets.QDoubleSpinBox()
        self.length_spin.setDecimals(0)
        self.length_spin.setRange(0, costs.MAX_TOKENS)
        self.length_spin.setGroupSeparatorShown(True)
        self.length_spin.setStepType(QtWidgets.QAbstractSpinBox.StepType.AdaptiveDecimalStepType)
        self.length_spin.setKeyboardTracking(False)
        self.length_spin.setSuffix(self.tr(" tokens"))
        self.length_spin.setToolTip(self.tr("The context length read out, in tokens"))
        self.length_spin.valueChanged.connect(lambda value: self._set_tokens(round(value)))
        self.length_label.setBuddy(self.length_spin)
        self.length_row = QtWidgets.QHBoxLayout()
        self.length_row.addWidget(self.length_label)
        self.length_row.addWidget(self.length_slider, 1)
        self.length_row.addWidget(self.length_spin)

    def _build_figure(self) -> None:
        self.figure_box = QtWidgets.QWidget()
        self.figure_box.setObjectName("memory_figure")
        self.title = QtWidgets.QLabel()
        self.title.setObjectName("lab_title")
        self.title.setWordWrap(True)
        self.plot = LabPlot()
        self.plot.setToolTip(
            self.tr(
                "Both sizes as the context grows (log–log): the KV cache grows with every "
                "token, the state S stays the same size"
            )
        )
        self.plot.set_axis_title("bottom", self.tr("context length (tokens)"))
        self.plot.set_axis_title("left", self.tr("memory"))
        self.kv_curve = self.plot.plot([], [])
        self.state_curve = self.plot.plot([], [])
        self.crossover_line = pg.InfiniteLine(angle=90, movable=False)
        self.plot.addItem(self.crossover_line)
        self.length_line = self.plot.plot([], [])  # from S up to the cache, at the length
        self.length_dots = pg.ScatterPlotItem()
        self.plot.addItem(self.length_dots)
        self.kv_label = self.plot.add_label((1.0, 1.0))
        self.state_label = self.plot.add_label((1.0, 1.0))
        self.crossover_label = self.plot.add_label((0.0, 1.0))

        self.readout = QtWidgets.QWidget()
        column = QtWidgets.QVBoxLayout(self.readout)
        column.setContentsMargins(0, 0, 0, 0)
        self.at_label = QtWidgets.QLabel()
        self.kv_name = QtWidgets.QLabel(self.tr("KV cache (softmax)"))
        self.kv_value = QtWidgets.QLabel()
        self.kv_bytes = QtWidgets.QLabel()
        self.kv_gap = QtWidgets.QLabel()
        self.state_name = QtWidgets.QLabel(self.tr("State S (linear)"))
        self.state_value = QtWidgets.QLabel()
        self.state_bytes = QtWidgets.QLabel()
        self.state_gap = QtWidgets.QLabel()
        self.ratio_label = QtWidgets.QLabel()
        self.shape_label = QtWidgets.QLabel()
        for label in (
            self.at_label,
            self.kv_name,
            self.kv_value,
            self.kv_bytes,
            self.kv_gap,
            self.state_name,
            self.state_value,
            self.state_bytes,
            self.state_gap,
            self.ratio_label,
            self.shape_label,
        ):
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            column.addWidget(label)
        column.addStretch(1)
        self.kv_value.setToolTip(
            self.tr("2 · layers · heads · head size · bytes per number · tokens")
        )
        self.state_value.setToolTip(self.tr("layers · heads · head size² · bytes per number"))

        grid = QtWidgets.QGridLayout(self.figure_box)
        grid.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        grid.addWidget(self.title, 0, 0, 1, 2)
        grid.addWidget(self.plot, 1, 0)
        grid.addWidget(self.readout, 1, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        grid.setRowStretch(1, 1)

    def _build_prediction(self) -> None:
        self.hide_box = QtWidgets.QCheckBox(self.tr("Pre&dict first"))
        self.hide_box.setToolTip(
            self.tr("Hide both sizes so the room can estimate them, then reveal")
        )
        self.hide_box.toggled.connect(self.quiz.set_hiding)
        self.reveal_button = QtWidgets.QPushButton(self.tr("&Reveal"))
        self.reveal_button.setToolTip(self.tr("Show both sizes and how far the estimates were"))
        self.reveal_button.setAutoDefault(False)
        self.reveal_button.clicked.connect(self.quiz.reveal)
        self.predict_row = QtWidgets.QHBoxLayout()
        self.predict_row.addWidget(self.hide_box)
        self.predict_row.addWidget(self.reveal_button)
        self.predict_row.addStretch(1)
        self.predict_row.addWidget(self.export_button)

        self.estimate_box = QtWidgets.QWidget()
        row = QtWidgets.QHBoxLayout(self.estimate_box)
        row.setContentsMargins(0, 0, 0, 0)
        self.kv_estimate = SizeEntry(self.tr("Estimate of the KV cache"))
        self.kv_estimate.setToolTip(self.tr("The room's estimate of the KV cache at this length"))
        self.state_estimate = SizeEntry(self.tr("Estimate of the state"))
        self.state_estimate.setToolTip(self.tr("The room's estimate of the state S"))
        self.kv_estimate_label = QtWidgets.QLabel(self.tr("Estimate: &KV cache"))
        self.kv_estimate_label.setBuddy(self.kv_estimate.number)
        self.state_estimate_label = QtWidgets.QLabel(self.tr("&State S"))
        self.state_estimate_label.setBuddy(self.state_estimate.number)
        row.addWidget(self.kv_estimate_label)
        row.addWidget(self.kv_estimate, 1)
        row.addSpacing(16)
        row.addWidget(self.state_estimate_label)
        row.addWidget(self.state_estimate, 1)
        row.addStretch(1)
        self.kv_estimate.edited.connect(self._estimates_typed)
        self.state_estimate.edited.connect(self._estimates_typed)

    # -- settings go to the controller ----------------------------------------------------------
    def _update(self, **changes: object) -> bool:
        try:
            self.lab.update(**changes)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self.request_refresh()  # put the controls back as the lab has them
            return False
        return True

    def _preset_chosen(self, index: int) -> None:
        name = self.preset_combo.itemData(index)
        if name is not None:
            self.lab.apply_preset(name)

    def _set_tokens(self, tokens: int) -> None:
        self._update(tokens=tokens, max_tokens=curve_end(tokens))

    def _slider_moved(self, value: int) -> None:
        self._set_tokens(round(10 ** (value / SLIDER_STEPS_PER_DECADE)))

    def _estimates_typed(self, *_: object) -> None:
        try:
            self.quiz.set_estimates(self.kv_estimate.size_bytes(), self.state_estimate.size_bytes())
        except ScenarioError as error:
            self.message.emit(shown_error(error))

    # -- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the lab's settings and sizes."""
        reading = self.lab.result
        self._sync_controls()
        self._draw_curves(reading)
        self._write_readout(reading)

    def _sync_controls(self) -> None:
        settings = self.lab.settings
        shape = settings.shape
        preset = next((n for n, s in costs.PRESETS.items() if s == shape), None)
        widgets = (
            self.preset_combo,
            self.layers_spin,
            self.heads_spin,
            self.head_dim_spin,
            self.dtype_combo,
            self.length_slider,
            self.length_spin,
            self.hide_box,
        )
        blockers = [QtCore.QSignalBlocker(w) for w in widgets]
        try:
            self.preset_combo.setCurrentIndex(self.preset_combo.findData(preset))
            self.layers_spin.setValue(settings.layers)
            self.heads_spin.setValue(settings.heads)
            self.head_dim_spin.setValue(settings.head_dim)
            self.dtype_combo.setCurrentIndex(self.dtype_combo.findData(settings.dtype))
            tokens = settings.tokens
            position = round(math.log10(tokens) * SLIDER_STEPS_PER_DECADE) if tokens else 0
            if round(10 ** (self.length_slider.value() / SLIDER_STEPS_PER_DECADE)) != tokens:
                self.length_slider.setValue(position)
            self.length_spin.setValue(tokens)
            self.hide_box.setChecked(self.quiz.hiding)
        finally:
            del blockers
        if self.kv_estimate.size_bytes() != self.lab.prediction_bytes:
            self.kv_estimate.set_size(self.lab.prediction_bytes)
        if self.state_estimate.size_bytes() != self.quiz.state_prediction_bytes:
            self.state_estimate.set_size(self.quiz.state_prediction_bytes)
        self.reveal_button.setVisible(self.quiz.hiding)
        self.reveal_button.setEnabled(self.quiz.hidden)
        self.estimate_box.setVisible(self.quiz.hiding)

    def _draw_curves(self, reading: MemoryReading) -> None:
        theme = self.theme
        hidden = self.quiz.hidden
        x = np.log10(reading.curve_tokens.astype(float))
        kv = np.log10(np.maximum(reading.curve_kv_cache_bytes, 1.0))
        state_y = math.log10(reading.state_bytes)
        self.kv_curve.setData(x, kv)
        self.state_curve.setData(x, np.full_like(x, state_y))
        crossover_x = math.log10(reading.crossover_tokens)
        self.crossover_line.setValue(crossover_x)
        low_y = min(kv[0], state_y)
        high_y = max(kv[-1], state_y)
        span = max(high_y - low_y, 1.0)
        x_end = float(x[-1])
        self.plot.setRange(
            xRange=(-0.05 * x_end, x_end * 1.05),  # room for the end ticks' labels
            yRange=(low_y - 0.06 * span, high_y + 0.1 * span),
            padding=0,
        )
        self.plot.set_candidate_ticks("bottom", token_ticks(0.0, x_end))
        self.plot.set_candidate_ticks("left", byte_ticks(low_y - 0.06 * span, high_y + 0.1 * span))
        tokens = reading.tokens
        if tokens > 0:
            length_x = math.log10(tokens)
            kv_y = math.log10(max(reading.kv_cache_bytes, 1))
            self.length_line.setData([length_x, length_x], [kv_y, state_y])
            self.length_dots.setData(
                [length_x, length_x],
                [kv_y, state_y],
                symbol="o",
                size=max(10, round(theme.line_width * 4)),
                brush=[pg.mkBrush(theme.read), pg.mkBrush(theme.write)],
                pen=pg.mkPen(theme.background, width=1.5),
            )
        self.length_line.setVisible(tokens > 0 and not hidden)
        self.length_dots.setVisible(tokens > 0 and not hidden)
        for item in (
            self.kv_curve,
            self.state_curve,
            self.crossover_line,
            self.kv_label,
            self.state_label,
            self.crossover_label,
        ):
            item.setVisible(not hidden)
        self.kv_label.setText(self.tr("KV cache"))
        self.state_label.setText(self.tr("state S"))
        self.crossover_label.setText(
            self.tr("the cache passes S at {0} tokens").format(grouped(reading.crossover_tokens))
        )
        at = 0.62 * x_end
        self.plot.place_label(self.kv_label, at, float(np.interp(at, x, kv)))
        self.plot.place_label(self.state_label, x_end, state_y)
        # Right of the crossing and under S: the cache's line is above S there.
        self.plot.place_label(self.crossover_label, crossover_x, low_y - 0.06 * span)
        self.plot.set_notice(
            self.tr("Hidden: estimate both sizes, then press Reveal") if hidden else ""
        )

    def _write_readout(self, reading: MemoryReading) -> None:
        hidden = self.quiz.hidden
        self.title.setText(
            self.tr("A softmax model's KV cache against linear attention's fixed state")
        )
        self.at_label.setText(self.tr("At {0} tokens").format(grouped(reading.tokens)))
        if hidden:
            for label in (self.kv_value, self.state_value):
                label.setText(self.tr("?"))
            for label in (self.kv_bytes, self.state_bytes, self.ratio_label):
                label.setText(self.tr("hidden until revealed"))
                label.setVisible(label is not self.ratio_label)
        else:
            self.kv_value.setText(shown_size(reading.kv_cache_bytes))
            self.kv_bytes.setText(self.tr("{0} bytes").format(grouped(reading.kv_cache_bytes)))
            self.state_value.setText(shown_size(reading.state_bytes))
            self.state_bytes.setText(
                self.tr("{0} bytes, at any length").format(grouped(reading.state_bytes))
            )
            self.ratio_label.setText(self._ratio_text(reading))
            for label in (self.kv_bytes, self.state_bytes, self.ratio_label):
                label.setVisible(True)
        kv_gap, state_gap = self.quiz.gaps()
        for label, gap in ((self.kv_gap, kv_gap), (self.state_gap, state_gap)):
            label.setText(self.gap_text(gap) if gap is not None else "")
            label.setVisible(gap is not None)
        self.shape_label.setText(self._shape_text(reading.shape))

    def _ratio_text(self, reading: MemoryReading) -> str:
        if reading.tokens == 0:
            return self.tr("No tokens yet: the cache is empty, S already has its full size.")
        ratio = reading.ratio
        # Whole above 100 (1,562, in French 1 562), three digits below (3.91, 3,91).
        size = grouped(round(ratio)) if ratio >= 100 else shown_amount(ratio, 3)
        # A narrow no-break space holds the number to its "×".
        return self.tr("The cache is {0} × the state here.").format(size)

    def _shape_text(self, shape: costs.ModelShape) -> str:
        return unbroken_parts(
            self.tr("layers × heads: {layers} × {heads} · head size {d} · {dtype}").format(
                layers=shape.layers,
                heads=shape.heads,
                d=shape.head_dim,
                dtype=shape.dtype,
            )
        )

    def gap_text(self, gap: Gap) -> str:
        """``"Estimate 40 MiB: 8.8 MiB too low (true size ×1.22)"`` (translated)."""
        estimate = shown_size(gap.estimate)
        if gap.difference == 0:
            return self.tr("Estimate {0}: exactly right").format(estimate)
        off = shown_size(abs(gap.difference))
        ratio = gap.ratio
        factor = "∞" if math.isinf(ratio) else shown_amount(ratio, 3)
        if gap.difference > 0:
            return self.tr("Estimate {0}: {1} too low (the true size is {2} × it)").format(
                estimate, off, factor
            )
        return self.tr("Estimate {0}: {1} too high (the true size is {2} × it)").format(
            estimate, off, factor
        )

    # -- looks ----------------------------------------------------------------------------------
    def set_compact(self, on: bool) -> None:
        """Projector layout: the presets stand for the shape's three numbers."""
        for widget in (
            self.layers_label,
            self.layers_spin,
            self.heads_label,
            self.heads_spin,
            self.head_dim_label,
            self.head_dim_spin,
        ):
            widget.setVisible(not on)

    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the plot and the readout."""
        self.plot.apply_theme(theme, self.font())
        width = theme.line_width * 1.5
        self.kv_curve.setPen(pg.mkPen(theme.read, width=width))
        self.state_curve.setPen(pg.mkPen(theme.write, width=width, style=Qt.PenStyle.DashLine))
        self.crossover_line.setPen(
            pg.mkPen(theme.muted, width=max(1.0, theme.line_width * 0.7), style=Qt.PenStyle.DotLine)
        )
        self.length_line.setPen(pg.mkPen(theme.foreground, width=max(1.0, theme.line_width * 0.7)))
        font = self.plot.tick_font
        for item, color in (
            (self.kv_label, theme.read),
            (self.state_label, theme.write),
            (self.crossover_label, theme.muted),
        ):
            item.setColor(color)
            item.setFont(font)
        big = theme.title_pt * 1.6
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.at_label.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        self.kv_name.setStyleSheet(label_style(theme.read, theme.font_pt, bold=True))
        self.state_name.setStyleSheet(label_style(theme.write, theme.font_pt, bold=True))
        self.kv_value.setStyleSheet(label_style(theme.read, big, bold=True))
        self.state_value.setStyleSheet(label_style(theme.write, big, bold=True))
        for label in (self.kv_bytes, self.state_bytes, self.shape_label):
            label.setStyleSheet(label_style(theme.muted, theme.font_pt))
        for label in (self.kv_gap, self.state_gap):
            label.setStyleSheet(label_style(theme.warning, theme.font_pt, bold=True))
        self.ratio_label.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.request_refresh()

    # -- exports ----------------------------------------------------------------------------------
    def figure(self) -> QtWidgets.QWidget:
        """The plot and the readout."""
        return self.figure_box

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """Both sizes at every plotted length, the chosen one and the crossover."""
        reading = self.lab.result
        shape = reading.shape
        lengths = sorted(
            {int(t) for t in reading.curve_tokens.tolist()}
            | {reading.tokens, reading.crossover_tokens}
        )
        header = ("layers", "heads", "head_dim", "dtype", "tokens", "kv_cache_bytes", "state_bytes")
        rows = [
            (shape.layers, shape.heads, shape.head_dim, shape.dtype, *row.to_dict().values())
            for row in costs.memory_rows(shape, lengths)
        ]
        return header, rows
