"""The readout: where a read's output came from, term by term, and in numbers.

At a read, one bar group per earlier write shows that write's term (weight ×
effective value); the target's term and the crosstalk terms differ in colour,
fill pattern and label. With many value components (d_v = 64) each group is
one colour strip instead, a tiny heatmap row. The output ``y`` and the wanted ``v_target`` follow,
then the measures in large type. At a write, the earlier keys it overlaps are
listed with their cosines. Every number comes from the model.
"""

from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.interference import strongest_earlier_overlaps
from linviz.model.readout import ReadResult
from linviz.model.report import fmt_number, fmt_vector
from linviz.views.classroom.hidden_output import HiddenNotice, entered_text, gap_text
from linviz.views.drawing.painted_text import FlowText, MeasureTable, Piece, Row, words
from linviz.views.drawing.steady_label import SteadyLabel
from linviz.views.panels.panel import Panel
from linviz.views.panels.term_bars import (
    CROSSTALK,
    EXPECTED,
    OUTPUT,
    TARGET,
    TERM,
    BarGroup,
    TermBars,
)
from linviz.views.theme import label_style

Qt = QtCore.Qt

#: Most bar groups drawn; the rest (smallest |term|) are counted, not drawn.
MAX_GROUPS = 40

#: Most overlapping keys listed at a write (largest |cosine| first).
MAX_OVERLAPS = 12

#: Cosines closer to 0 than this count as orthogonal (rounding noise).
ORTHOGONAL_EPS = 1e-9

#: Significant digits of the measures on a projector (4 elsewhere).
PROJECTOR_DIGITS = 3


class ReadoutPanel(Panel):
    """The read at the cursor decomposed, or the overlaps of the write there.

    The numbers, the weights and the overlaps are painted text
    (:mod:`linviz.views.drawing.painted_text`): during a drag they change on every
    mouse move, and rich-text labels relaid the panel out each time.
    """

    panel_name = "readout"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.REVEAL})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        # Its text changes on every cursor move: it asks for a new layout of the
        # window only when its size must change (another number of lines).
        self.heading = SteadyLabel(self, word_wrap=True)
        self.bars = TermBars(self.theme, self)
        self.numbers = MeasureTable(self)
        self.numbers.setAccessibleName(self.tr("Measures of the read"))
        self.weights = FlowText(self)
        self.weights.setAccessibleName(self.tr("Weight of each write"))
        self.overlaps = FlowText(self)
        self.overlaps.setAccessibleName(self.tr("Overlapping keys"))
        for text in (self.numbers, self.weights, self.overlaps):
            text.setToolTip(self.tr("Click, then Ctrl+C to copy"))
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
        layout.addWidget(self.overlaps, 1, Qt.AlignmentFlag.AlignTop)
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
            "overlaps k10: cos -0.80"
        )
        return QtCore.QSize(max(hint.width(), width), hint.height())

    def text(self) -> str:
        """Everything the panel says in words and numbers (for tests and export)."""
        parts = [self.heading.text()]
        for label in (self.hidden_notice, self.prediction):
            if label.isVisibleTo(self):
                parts.append(label.text())
        if self.numbers.isVisibleTo(self):
            parts += [f"{name}: {value}" for name, value in self.measures]
        for text in (self.weights, self.overlaps):
            if text.isVisibleTo(self):
                parts.append(text.plain_text())
        return "\n".join(p for p in parts if p).replace("\xa0", " ")

    # -- refresh ---------------------------------------------------------------------
    def _apply_theme(self) -> None:
        if not self.theme_changed():
            return
        theme = self.theme
        self.setFont(self.font_for(theme.font_pt))
        self.heading.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.numbers.set_point_size(theme.title_pt)
        self.numbers.set_name_color(theme.muted)
        self.weights.set_point_size(theme.font_pt)
        self.overlaps.set_point_size(theme.title_pt)
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
            self.overlaps.set_paragraphs(
                [words(self.tr("S is empty: every read returns zeros."), self.theme.foreground)]
            )
            return
        snap = session.snapshot()
        if snap.read is not None:
            self._show_read(snap.read)
        else:
            self._show_write(snap.number)

    def _show_only(self, *widgets: QtWidgets.QWidget) -> None:
        for widget in (
            self.bars,
            self.numbers,
            self.weights,
            self.overlaps,
            self.hidden_notice,
            self.prediction,
        ):
            widget.setVisible(widget in widgets)

    # -- a write ------------------------------------------------------------------------
    def _show_write(self, number: int) -> None:
        step = self.session.scenario.step(number)
        self._show_only(self.overlaps)
        self.heading.setText(
            self.tr("Write {label}: key {key}, value {value}").format(
                label=step.label, key=fmt_vector(step.vector), value=fmt_vector(step.value)
            )
        )
        # Labels only for the few shown: listing 100,000 cosines took ~50 ms.
        shown, overlapping, earlier = strongest_earlier_overlaps(
            self.session.scenario, number, MAX_OVERLAPS, ORTHOGONAL_EPS
        )
        theme = self.theme
        if not overlapping:
            text = (
                self.tr(
                    "{label} is orthogonal to every earlier key: it stores without disturbing them."
                ).format(label=step.label)
                if earlier
                else self.tr("The first key: nothing to overlap yet.")
            )
            self.overlaps.set_paragraphs([words(text, theme.target)])
            return
        color = theme.crosstalk
        if self.session.scenario.rule.corrects:
            # The delta rule first takes away what S already returns for this key.
            intro = self.tr(
                "{label} overlaps earlier keys: the delta rule swaps what S "
                "returned for this key for its new value, so reads of them "
                "move that way too, by β × cosine of the change:"
            )
        else:
            intro = self.tr(
                "{label} overlaps earlier keys, so reads of them will pick up its value:"
            )
        lines = [words(intro.format(label=step.label), color)]
        for label, c in shown:
            line = self.tr("overlaps {label}: cos {cosine}").format(label=label, cosine=f"{c:.2f}")
            # Glue "cos" to its number: wrap after the colon, never clip a digit.
            lines.append(words("  " + line.replace(" cos ", " cos\xa0"), color))
        if overlapping > len(shown):
            lines.append(
                words(
                    self.tr("… and {count} more").format(count=f"{overlapping - len(shown):,}"),
                    color,
                )
            )
        self.overlaps.set_paragraphs(lines)

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
            label=step.label, query=fmt_vector(step.vector)
        )
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
        self._show_only(self.bars, self.numbers, self.weights, *([self.prediction] if gap else []))
        count = len(result.weights)
        hidden = 0
        if count > MAX_GROUPS:
            # The largest terms (and always the target's) are the ones worth seeing;
            # the model picks them without building 100,000 term vectors.
            keep = result.largest_terms(MAX_GROUPS)
            hidden = count - len(keep)
            contributions = [result.contribution_at(i) for i in keep]
        else:
            contributions = result.contributions
        groups = []
        weights = [fmt_number(c.weight) for c in contributions]
        for c, weight in zip(contributions, weights):
            kind = (
                TERM
                if result.target is None
                else (TARGET if c.label == result.target else CROSSTALK)
            )
            groups.append(
                BarGroup(c.label, kind, c.term, self.tr("w = {weight}").format(weight=weight))
            )
        groups.append(BarGroup("y", OUTPUT, result.output, self.tr("the sum")))
        if result.expected is not None:
            groups.append(
                BarGroup(
                    f"v({result.target})",
                    EXPECTED,
                    result.expected,
                    self.tr("stored by {target}").format(target=result.target),
                )
            )
        self.bars.set_groups(groups, hidden)
        self._show_numbers(result)
        foreground = self.theme.foreground
        pieces = words(
            self.tr("Weight of each write, {name}:").format(name=self._weight_name()) + " ",
            foreground,
        )
        # Each label keeps its number on its line.
        for c, weight in zip(contributions, weights):
            pieces += [
                Piece(c.label + " ", foreground, bold=True),
                Piece(weight + "   ", foreground, joined=True),
            ]
        if hidden:
            pieces += words(self.tr("(+{count} more)").format(count=f"{hidden:,}"), foreground)
        if not contributions:
            pieces += words(self.tr("none"), foreground)
        self.weights.set_paragraphs([pieces])

    def _show_numbers(self, result: ReadResult) -> None:
        theme = self.theme
        # On a projector, 3 significant digits: every value stays on one line, so
        # all the measures fit the screen beside the bars.
        digits = PROJECTOR_DIGITS if self.session.options.projector else 4
        rows: list[tuple[str, str, str]] = [
            (self.tr("output y"), _measure_vector(result.output, digits), theme.read)
        ]
        if result.target is None or result.expected is None:
            rows.append((self.tr("target"), self.tr("none: no earlier write"), theme.muted))
        else:
            rows.append(
                (
                    self.tr("expected v_target ({target})").format(target=result.target),
                    _measure_vector(result.expected, digits),
                    theme.target,
                )
            )
            if result.target_term is not None and not np.array_equal(
                result.target_term, result.expected
            ):
                rows.append(
                    (
                        self.tr("target's own term"),
                        _measure_vector(result.target_term, digits),
                        theme.target,
                    )
                )
            rows.append(
                (
                    self.tr("interference y − v_target"),
                    _measure_vector(result.interference, digits),
                    theme.warning,
                )
            )
            rows.append(
                (
                    self.tr("of which crosstalk"),
                    _measure_vector(result.crosstalk, digits),
                    theme.crosstalk,
                )
            )
            rows.append(
                (self.tr("relative error"), _percent(result.relative_error), theme.foreground)
            )
            rows.append(
                (self.tr("crosstalk share"), _percent(result.crosstalk_share), theme.foreground)
            )
            rows.append(
                (
                    self.tr("cosine(y, v_target)"),
                    "—" if result.cosine is None else f"{result.cosine:.3f}",
                    theme.foreground,
                )
            )
        self.measures = [(name, value) for name, value, _ in rows]
        self.numbers.set_rows([Row(name, value, color) for name, value, color in rows])


def _measure_vector(vector: np.ndarray, digits: int = 4) -> str:
    """A vector for the measures table: long ones (cut anyway) show 4 components, not 8,
    so the table leaves the terms room at d_v = 64.
    """
    return fmt_vector(vector, limit=8 if len(vector) <= 8 else 4, digits=digits)


def _unbroken(text: str) -> str:
    """``text`` wrapping only at its `` · `` separators, never inside a vector."""
    return " · ".join(part.replace(" ", "\xa0") for part in text.split(" · "))


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"
