"""The readout: where a read's output came from, term by term, and in numbers.

At a read, one bar group per earlier write shows that write's term (weight ×
effective value); the target's term and the crosstalk terms differ in colour,
fill pattern and label. With many value components (d_v = 64) each group is
one colour strip instead, a tiny heatmap row. The output ``y`` and the wanted ``v_target`` follow,
then the measures in large type. At a write, the earlier keys it overlaps are
listed with their cosines. Every number comes from the model.

Everything said about overlap, cosines, targets and crosstalk is about what
``S`` stores: ``φ(k)`` and ``φ(q)``. A read's error ``y − v_target`` is named
by the model's one account of it (:attr:`ReadResult.error_parts`): crosstalk,
not overwritten, forgetting, own scale, the normaliser's share; decay is
never called crosstalk, and a share is a share of the error's parts. A read
that returns its target's value is exact; under the delta rule it says what
the target's write removed. A query that weighs different keys alike has no
target. Every write and every delta read says the α or β its write uses.
"""

from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.interference import strongest_earlier_overlaps
from linviz.model.readout import ReadResult, cosine, rows_that_show, sizes_that_show
from linviz.model.rules import RULE_PARAMETERS
from linviz.views.classroom.hidden_output import HiddenNotice, entered_text, gap_text
from linviz.views.drawing.painted_text import FlowText, MeasureTable, Piece, Row, words
from linviz.views.drawing.steady_label import SteadyLabel
from linviz.views.error_words import part_title, part_words
from linviz.views.guarded import guarded, guarded_size
from linviz.views.number_text import (
    grouped,
    localised,
    shown_number,
    shown_percent,
    shown_vector,
    unbroken_lists,
)
from linviz.views.own_background import fill_own_background
from linviz.views.panels.panel import Panel
from linviz.views.panels.term_bars import (
    CANCELLED,
    CROSSTALK,
    EXPECTED,
    NOT_OVERWRITTEN,
    OUTPUT,
    PARTLY_CANCELLED,
    TARGET,
    TERM,
    BarGroup,
    TermBars,
)
from linviz.views.theme import label_style
from linviz.views.typography import spaced, unbroken_parts

Qt = QtCore.Qt

#: Most bar groups drawn; the rest (smallest |term|) are counted, not drawn.
MAX_GROUPS = 40

#: Most weights listed at a read (the largest terms'): forty filled a third
#: of the readout at 1600×1000 and pushed the desk into scrolling.
MAX_WEIGHTS = 20

#: Most overlapping keys listed at a write (largest |cosine| first).
MAX_OVERLAPS = 12

#: Cosines closer to 0 than this count as orthogonal (rounding noise).
ORTHOGONAL_EPS = 1e-9

#: Significant digits of the measures on a projector (4 elsewhere).
PROJECTOR_DIGITS = 3

#: Most writes named in a sentence (a tie, the terms a correction cancels).
MAX_NAMED = 4


class ReadoutPanel(Panel):
    """The read at the cursor decomposed, or the overlaps of the write there.

    The numbers, the weights and the overlaps are painted text
    (:mod:`linviz.views.drawing.painted_text`): during a drag they change on every
    mouse move, and rich-text labels relaid the panel out each time.
    """

    panel_name = "readout"
    # At 100,000 steps listing a write's overlaps costs tens of ms, and nothing of
    # it is held at a stale size (the stage measures it, fit_height, before it shows).
    waits_in_projector = True
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
        # At a read: what the target's write removed, or why there is no target.
        self.story = FlowText(self)
        self.story.setAccessibleName(self.tr("What the read returned"))
        for text in (self.numbers, self.weights, self.overlaps, self.story):
            text.setToolTip(self.tr("Click, then Ctrl+C to copy"))
        # Short of rows (a projector at 720), the bars give way, never a number.
        for text in (self.numbers, self.weights, self.story):
            text.keeps_height = True
        # Predict first: the notice stands in for the answer; the prediction line
        # shows what the class typed (and, once revealed, how far off it was).
        self.hidden_notice = HiddenNotice(session, self)
        self.prediction = QtWidgets.QLabel(self)
        self.prediction.setObjectName("readout_prediction")
        self.prediction.setTextFormat(Qt.TextFormat.PlainText)
        self.prediction.setWordWrap(True)
        # Opaque: their new texts repaint them, not the panel under them.
        fill_own_background(
            self.heading, self.numbers, self.weights, self.overlaps, self.story, self.prediction
        )
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(6)
        layout.addWidget(self.heading)
        layout.addWidget(self.hidden_notice, 1)
        layout.addWidget(self.prediction)
        layout.addWidget(self.bars, 1)
        layout.addWidget(self.numbers)
        layout.addWidget(self.story)
        layout.addWidget(self.weights)
        layout.addWidget(self.overlaps, 1, Qt.AlignmentFlag.AlignTop)
        # Room nothing stretched into (bars kept hidden on a short projector screen)
        # goes below the words, not into the heading as a gap under its line.
        layout.addStretch(0)
        self._bars_allowed = True
        self._bars_wanted = False
        #: Whether the bars carry the weights and their line is hidden (see fit_height).
        self._weights_spared = False
        self._weights_wanted = False
        #: The measures shown at a read, as (name, value) text pairs.
        self.measures: list[tuple[str, str]] = []
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Readout")

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        # Room for "overlaps k1: cos 0.80" and a bar row, whatever is showing now.
        hint = super().minimumSizeHint()
        width = QtGui.QFontMetrics(self.font_for(self.theme.title_pt)).horizontalAdvance(
            "overlaps k10: cos -0.80"
        )
        # The layout counts one line of the heading (the readout has no height for
        # a width): add the lines it wraps to, or a short room cuts the numbers.
        heading = self.heading
        if heading.width() > 0 and not heading.isHidden():
            wrapped = heading.heightForWidth(heading.width())
            hint.setHeight(hint.height() + max(0, wrapped - heading.minimumSizeHint().height()))
        return QtCore.QSize(max(hint.width(), width), hint.height())

    def text(self) -> str:
        """Everything the panel says in words and numbers (for tests and export)."""
        parts = [self.heading.text()]
        for label in (self.hidden_notice, self.prediction):
            if label.isVisibleTo(self):
                parts.append(label.text())
        if self.numbers.isVisibleTo(self):
            parts += [f"{name}: {value}" for name, value in self.measures]
        for text in (self.story, self.weights, self.overlaps):
            if text.isVisibleTo(self):
                parts.append(text.plain_text())
        text = "\n".join(p for p in parts if p)
        return text.replace("\xa0", " ").replace("\u202f", " ").replace("\u2060", "")

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
        self.story.set_point_size(theme.font_pt)
        self.prediction.setStyleSheet(label_style(theme.accent, theme.title_pt, bold=True))
        self.hidden_notice.set_theme(theme)
        self.bars.set_theme(theme)
        # On a projector the text is twice as large and every row counts: the
        # blocks sit closer (their own line spacing keeps them apart).
        tight = theme.min_text_pt > 0
        self.layout().setSpacing(2 if tight else 6)
        self.layout().setContentsMargins(*((4, 2, 4, 2) if tight else (8, 6, 8, 6)))

    def refresh(self) -> None:
        # A hidden readout (another tab) catches up when shown, whoever asks
        # (see Panel): at 100,000 steps listing overlaps costs tens of ms a step.
        if self.out_of_sight():
            self._behind = True
            return
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

    @guarded(False)
    def hasHeightForWidth(self) -> bool:
        # A layout asking the readout's height for a width would get the bars
        # at their comfortable height and take it as the least the readout
        # needs; its minimum (every line of numbers, the bars squeezed) is what
        # a short screen must know. Its own layout still wraps for the width.
        return False

    def allow_bars(self, allowed: bool, weights_line: bool = True) -> None:
        """Let the bars show at a read, or keep them hidden.

        Projector mode decides (see :meth:`fit_height`): at 720 rows there
        may be too few for the bars and every number, and the numbers come
        first. Without ``weights_line``, the bars carry the weights instead
        (each write's row says "w = 1").
        """
        spared = allowed and not weights_line
        self._bars_allowed, self._weights_spared = allowed, spared
        self.bars.require_notes(spared)
        self.bars.setVisible(allowed and self._bars_wanted)
        self.weights.setVisible(self._weights_wanted and not spared)

    def bars_allowed(self) -> bool:
        """Whether the bars may show (see :meth:`allow_bars`)."""
        return self._bars_allowed

    def weights_spared(self) -> bool:
        """Whether the bars carry the weights in place of their line (see :meth:`fit_height`)."""
        return self._weights_spared

    def fit_height(self, room: int, around: int = 0, steady: bool = False) -> None:
        """Show what ``room`` px hold, ``around`` of them taken by what frames the readout.

        Every number always; the bars where they fit beside them. Short of
        rows, the line of weights gives way to the bars first, if the bars
        can say each write's weight in its row instead. ``steady`` (a drag's
        frames): what shows now stays while it fits, unmeasured otherwise
        (trying each choice re-lays the readout out three times a frame).
        """
        self.catch_up()  # measured for the step shown next, maybe while still hidden
        # The bars' height depends on their width: a readout hidden since the window
        # opened has never laid them out (100 px wide, their rows wrapped tall).
        self.layout().activate()
        if steady and 0 < room and self.minimumSizeHint().height() + around <= room:
            return
        choices = [(True, True), (True, False), (False, True)]
        if not self.bars.can_carry_notes():
            choices.remove((True, False))
        for bars, weights_line in choices:
            self.allow_bars(bars, weights_line)
            if 0 < room and self.minimumSizeHint().height() + around <= room:
                return

    def _show_only(self, *widgets: QtWidgets.QWidget) -> None:
        self._bars_wanted = self.bars in widgets
        self._weights_wanted = self.weights in widgets
        if not self._bars_allowed:
            widgets = tuple(w for w in widgets if w is not self.bars)
        if self._weights_spared:
            widgets = tuple(w for w in widgets if w is not self.weights)
        for widget in (
            self.bars,
            self.numbers,
            self.weights,
            self.overlaps,
            self.story,
            self.hidden_notice,
            self.prediction,
        ):
            widget.setVisible(widget in widgets)

    # -- a write ------------------------------------------------------------------------
    def _settings_text(self, number: int) -> str:
        """``"β = 0.5"``, ``"α = 0.8, β = 1"``: what write ``number`` uses (empty: no setting)."""
        scenario = self.session.scenario
        alpha, beta = scenario.parameters_of(scenario.step(number))
        values = {"alpha": alpha, "beta": beta}
        symbols = {"alpha": "α", "beta": "β"}
        return ", ".join(
            f"{symbols[name]} = {shown_number(values[name])}"
            for name in RULE_PARAMETERS[scenario.rule.name]
        )

    def _show_write(self, number: int) -> None:
        scenario = self.session.scenario
        step = scenario.step(number)
        self._show_only(self.overlaps)
        heading = self.tr("Write {label}: key {key}, value {value}").format(
            label=step.label,
            key=_heading_vector(step.vector),
            value=_heading_vector(step.value),
        )
        settings = self._settings_text(number)
        if settings:
            # The α or β this write uses, whatever the rule's default.
            heading += " · " + settings
        self.heading.setText(spaced(heading))
        # Labels only for the few shown: listing 100,000 cosines took ~50 ms.
        # The cosines are between what S stores: φ(k), not the keys as typed.
        shown, overlapping, earlier = strongest_earlier_overlaps(
            scenario, number, MAX_OVERLAPS, ORTHOGONAL_EPS
        )
        theme = self.theme
        mapped = scenario.feature_map != "identity"
        record = self.session.snapshot(number).write
        assert record is not None  # a write's snapshot has its record
        lines = []
        if mapped:
            lines.append(
                self._words(
                    self.tr("{label} is stored as φ({label}) = {phi}.").format(
                        label=step.label, phi=shown_vector(record.phi_key)
                    ),
                    theme.foreground,
                )
            )
        # A decay scales all of S first: what earlier writes stored fades, overlap or not.
        fades = earlier and record.decay != 1.0
        if fades:
            lines.append(
                self._words(
                    self.tr(
                        "The gate first scales all of S by α = {alpha}: what every "
                        "earlier write stored fades, whatever its key."
                    ).format(alpha=shown_number(record.decay)),
                    theme.warning,
                )
            )
        if not overlapping:
            if not earlier:
                text = self.tr("The first key: nothing to overlap yet.")
            elif fades:
                text = self.tr(
                    "{name} is orthogonal to every earlier stored key: its stamp adds "
                    "nothing to reads of them, though the decay above fades them."
                ).format(name=f"φ({step.label})" if mapped else step.label)
            elif mapped:
                text = self.tr(
                    "φ({label}) is orthogonal to every earlier stored key φ(k): "
                    "it stores without disturbing them."
                ).format(label=step.label)
            else:
                text = self.tr(
                    "{label} is orthogonal to every earlier key: it stores without disturbing them."
                ).format(label=step.label)
            self.overlaps.set_paragraphs([*lines, self._words(text, theme.target)])
            return
        color = theme.crosstalk
        name = f"φ({step.label})" if mapped else step.label
        if scenario.rule.corrects:
            # The delta rule first takes away what S already returns for this key:
            # it adds u = β (v − returned), and a read of an overlapping key moves
            # by its dot product with the stored key times u.
            _, beta = scenario.parameters_of(step)
            intro = self.tr(
                "{name} overlaps earlier keys. Under the delta rule, with β = {beta}, it "
                "adds u = β × (its value − what S returned for its key) = {u}; a read "
                "whose key overlaps {name} moves by that key's dot product with {name} "
                "times u:"
            ).format(
                name=name,
                beta=shown_number(beta),
                u=shown_vector(record.effective_value, at=record.scale),
            )
        else:
            intro = self.tr(
                "{label} overlaps earlier keys, so reads of them will pick up its value:"
            ).format(label=name)
        lines.append(self._words(intro, color))
        for label, c in shown:
            if mapped:
                other = scenario.number_of(label)
                line = self.tr("overlaps φ({label}) = {phi}: cos {cosine}").format(
                    label=label,
                    phi=shown_vector(scenario.phi_vectors(other - 1, other)[0]),
                    cosine=localised(f"{c:.2f}"),
                )
            else:
                line = self.tr("overlaps {label}: cos {cosine}").format(
                    label=label, cosine=localised(f"{c:.2f}")
                )
            # Glue "cos" to its number: wrap after the colon, never clip a digit.
            lines.append(self._words("  " + line.replace(" cos ", " cos\xa0"), color))
        if overlapping > len(shown):
            lines.append(
                self._words(
                    self.tr("… and {count} more").format(count=grouped(overlapping - len(shown))),
                    color,
                )
            )
        elif mapped and self._typed_keys_orthogonal(number, [label for label, _ in shown]):
            lines.append(
                self._words(
                    self.tr("The keys as typed are orthogonal; what S stores is not."),
                    theme.foreground,
                )
            )
        self.overlaps.set_paragraphs(lines)

    @staticmethod
    def _words(text: str, color: str) -> list[Piece]:
        """``words`` of a sentence, spaced as its language is, whole numbers and short
        vectors kept whole (``[−4, −4]`` never wraps after its comma).
        """
        return words(spaced(unbroken_lists(text)), color)

    def _typed_keys_orthogonal(self, number: int, labels: list[str]) -> bool:
        """Whether step ``number``'s key, as typed, is orthogonal to each write in ``labels``."""
        scenario = self.session.scenario
        key = scenario.vectors(number - 1, number)[0]
        for label in labels:
            other = scenario.number_of(label)
            c = cosine(key, scenario.vectors(other - 1, other)[0])
            if c is not None and abs(c) > ORTHOGONAL_EPS:
                return False
        return True

    # -- a read -----------------------------------------------------------------------
    def _weight_name(self) -> str:
        scenario = self.session.scenario
        name = "q·kᵢ" if scenario.feature_map == "identity" else "φ(q)·φ(kᵢ)"
        if scenario.normalize:
            name += " ÷ (φ(q)ᵀz + ε)"
        return name

    def _show_read(self, result: ReadResult) -> None:
        step = result.step
        hidden = self.session.is_hidden()
        heading = self.tr("Read {label}: query {query}").format(
            label=step.label, query=_heading_vector(step.vector)
        )
        # Predict first: while the output is hidden, nothing hints at the answer.
        if not hidden and result.target is not None:
            # Glued: a wrapped heading put "target" at one line's end and "c" alone below.
            target = self.tr("target {target}").format(target=result.target)
            heading += " · " + target.replace(" ", "\xa0")
        elif not hidden and result.tied:
            heading += " · " + self.tr("no single target")
        self.heading.setText(spaced(heading))
        if hidden:
            # Predict first: the terms add up to y, so none of them may show yet.
            entered = entered_text(self.session)
            self.prediction.setText(unbroken_parts(entered, longest=None))
            self._show_only(self.hidden_notice, *([self.prediction] if entered else []))
            return
        gap = gap_text(self.session)
        self.prediction.setText(unbroken_parts(gap, longest=None))
        story = self._story(result)
        self._show_only(
            self.bars,
            self.numbers,
            self.weights,
            *([self.story] if story else []),
            *([self.prediction] if gap else []),
        )
        count = len(result.weights)
        hidden_terms = 0
        if count > MAX_GROUPS:
            # The largest terms (and always the target's) are the ones worth seeing;
            # the model picks them without building 100,000 term vectors.
            keep = result.largest_terms(MAX_GROUPS)
            hidden_terms = count - len(keep)
            contributions = result.contributions_at(keep)
        else:
            keep = list(range(count))
            contributions = result.contributions
        groups = []
        weights = _weight_texts(result, keep)
        weight_of = dict(zip(keep, weights))  # the line of weights lists some of them again
        kinds = self._kinds(result, contributions, result.under_target_key_rows(keep))
        for kind, c, weight in zip(kinds, contributions, weights):
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
        # A drag's frames: the bars it does not change stand still (see TermBars.set_groups).
        self.bars.set_groups(groups, hidden_terms, hold=self.session.dragging)
        self._show_numbers(result)
        self.story.set_paragraphs(story)
        foreground = self.theme.foreground
        pieces = self._words(
            self.tr("Weight of each write, {name}:").format(name=self._weight_name()) + " ",
            foreground,
        )
        listed, unlisted = contributions, hidden_terms
        if len(contributions) > MAX_WEIGHTS:
            keep = result.largest_terms(MAX_WEIGHTS)
            listed, unlisted = result.contributions_at(keep), count - len(keep)
        # Each label keeps its number on its line.
        for c, index in zip(listed, keep):
            weight = weight_of.get(index) or _weight_texts(result, [index])[0]
            pieces += [
                Piece(c.label + " ", foreground, bold=True),
                Piece(spaced(weight) + "   ", foreground, joined=True),
            ]
        if unlisted:
            pieces += words(self.tr("(+{count} more)").format(count=grouped(unlisted)), foreground)
        if not contributions:
            pieces += words(self.tr("none"), foreground)
        self.weights.set_paragraphs([pieces])

    # -- what a read's terms are ----------------------------------------------------------
    def _kinds(self, result: ReadResult, contributions: list, same_key: np.ndarray) -> list[str]:
        """How each write's term is drawn: the target's, crosstalk, not overwritten,
        cancelled or a plain term.

        Crosstalk is what the model's account calls so: another key's term
        that shows, in a read that is not exact. An earlier write under the
        target's own key is not crosstalk (what is left of it is "not
        overwritten"), nor a term of weight 0 (a decayed read of orthogonal
        keys has no crosstalk at all). Without a delta correction, a visible
        earlier term under the target's key is drawn as not overwritten: those
        terms add up to the error's part of that name. Under the delta rule the terms the
        target's write took back are drawn as cancelled, and an earlier term under
        its key as partly cancelled when that write's β < 1 took back only part of
        it (the rest is the error's "not overwritten"). ``same_key``: for
        each, whether the write is an earlier one under the target's key
        (:meth:`ReadResult.under_target_key_rows`). Which terms show is
        worked out for all of them at once (40 terms on each frame of a
        d = 64 drag).
        """
        if result.target is None or not contributions:
            return [TERM] * len(contributions)
        terms = np.array([c.term for c in contributions]).reshape(len(contributions), -1)
        shows = rows_that_show(terms, result.expected)
        corrected = self._corrected(result)
        delta = self.session.scenario.rule.corrects
        # β < 1 on the target's write takes back only that share of what its key returned.
        beta = result.target_beta
        partly = delta and beta is not None and beta < 1
        kinds = []
        for c, same, visible in zip(contributions, same_key, shows):
            if c.label == result.target:
                kinds.append(TARGET)
            elif not result.exact and visible and not same:
                kinds.append(CROSSTALK)
            elif not result.exact and visible and not delta:
                # Under the target's own key, and no delta correction took it back:
                # its term is (part of) the error's "not overwritten", named alike.
                kinds.append(NOT_OVERWRITTEN)
            elif corrected and visible:
                kinds.append(PARTLY_CANCELLED if partly and same else CANCELLED)
            else:
                kinds.append(TERM)
        return kinds

    @staticmethod
    def _corrected(result: ReadResult) -> bool:
        """Whether the target's write removed something (a delta rule) that shows."""
        if result.correction is None:
            return False
        return bool(rows_that_show(result.correction.reshape(1, -1), result.expected)[0])

    def _cancelled_terms(self, result: ReadResult) -> tuple[list[tuple[str, np.ndarray]], int]:
        """The other writes' terms an exact read's correction took back: the few
        largest (largest first) and how many there are in all.
        """
        if result.target_index is None:
            return [], 0
        # term_sizes() is exactly each term's largest |component|: which terms show,
        # how many, and the order of the few named are all read from it.
        sizes = result.term_sizes()
        shows = sizes_that_show(sizes, result.expected)
        count = int(np.count_nonzero(shows)) - int(shows[result.target_index])
        named = [
            index
            for index in result.largest_terms(MAX_NAMED + 1)
            if index != result.target_index and shows[index]
        ]
        named.sort(key=lambda index: -sizes[index])  # stable: ties in step order
        found = [(item.label, item.term) for item in result.contributions_at(named[:MAX_NAMED])]
        return found, max(count, len(found))

    def _story(self, result: ReadResult) -> list[list[Piece]]:
        """What the read returned, in words: a replacement, a partial one, the error's
        parts, or a tie.
        """
        theme = self.theme
        name = "q" if self.session.scenario.feature_map == "identity" else "φ(q)"
        if result.target is None:
            if not result.tied:
                return []
            text = self.tr(
                "{query} has the same cosine with the keys of {writes}: y blends "
                "their values, and no single one of them is the write it reads."
            ).format(query=name, writes=self._names(list(result.tied)))
            return [self._words(text, theme.foreground)]
        error = "" if result.exact else self._error_sentence(result)
        if not self._corrected(result):
            return [self._words(error, theme.foreground)] if error else []
        scenario = self.session.scenario
        target = result.target
        weight = _weight_texts(result, [result.target_index])[0]
        values = {
            "target": target,
            "own": shown_vector(result.own_value, at=result.scale),
            "removed": shown_vector(result.correction, at=result.scale),
            "term": shown_vector(result.target_term, at=result.scale),
        }
        if weight == "1" and not scenario.rule.decays:
            first = self.tr("{target} stored {own} − {removed} = {term}").format(**values)
        else:
            first = self.tr(
                "{target}'s term, as this read weighs it: {own} − {removed} = {term}"
            ).format(**values)
        how = self.tr("its value less what its key already returned")
        beta = result.target_beta
        if beta is not None and beta != 1.0:
            how = self.tr(
                "β × its value less β × what its key already returned, β = {beta}"
            ).format(beta=shown_number(beta))
        if result.exact:
            cancelled, count = self._cancelled_terms(result)
            cancel = ""
            if cancelled:
                terms = self._names(
                    [
                        self.tr("{label}'s {term}").format(
                            label=label, term=shown_vector(term, at=result.scale)
                        )
                        for label, term in cancelled
                    ],
                    count - len(cancelled),
                )
                cancel = self.tr(", cancelling {terms}").format(terms=terms)
                replaced = self.tr(
                    "{target} replaced {writes} value: the read returns "
                    "{target}'s value exactly, and nothing is crosstalk."
                ).format(
                    target=target,
                    writes=self._names(
                        [self.tr("{label}'s").format(label=label) for label, _ in cancelled],
                        count - len(cancelled),
                    ),
                )
            else:
                replaced = self.tr("The read returns {target}'s value exactly.").format(
                    target=target
                )
            text = f"{first} ({how}){cancel}. {replaced}"
            return [self._words(text, theme.target)]
        rest = self.tr(
            "That removal takes back {removed} of what the earlier writes returned for its key."
        ).format(removed=shown_vector(result.correction, at=result.scale))
        return [self._words(f"{first} ({how}). {rest} {error}", theme.foreground)]

    def _error_sentence(self, result: ReadResult) -> str:
        """The error's largest part in plain words, and its share of the parts.

        The parts themselves, adding up to ``y − v_target``, are the rows of
        the measures above; this names the main one for a reader.
        """
        parts = result.error_parts
        assert parts is not None  # a read with a target has its parts
        cause = parts.main_cause(result.scale)
        if cause is None or cause not in result.shown_parts():
            return ""
        # A colon, not "is": one part's words are a clause ("the target's own term is
        # not its value"), and "The error's largest part is … is …" read as a slip.
        return self.tr(
            "The error's largest part: {cause}, {share} of the error's parts, by size."
        ).format(cause=part_words(cause), share=_percent(parts.shares()[cause]))

    def _names(self, names: list[str], more: int = 0) -> str:
        """``"w1 and w2"``, ``"w1, w2, w3, w4 and 3 more"``: at most :data:`MAX_NAMED` named."""
        if len(names) > MAX_NAMED:
            more += len(names) - MAX_NAMED
            names = names[:MAX_NAMED]
        if more:
            names = [*names, self.tr("{count} more").format(count=grouped(more))]
        if len(names) <= 1:
            return "".join(names)
        return self.tr("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])

    def _show_numbers(self, result: ReadResult) -> None:
        theme = self.theme
        # On a projector, 3 significant digits: every value stays on one line, so
        # all the measures fit the screen beside the bars.
        digits = PROJECTOR_DIGITS if self.session.options.projector else 4
        rows: list[Row] = [
            Row(
                self.tr("output y"),
                _measure_vector(result.output, digits, at=result.scale),
                theme.read,
            )
        ]
        if result.denominator is not None:
            # The normaliser as numbers, not only a divisor.
            rows.append(
                Row(
                    self.tr("z = Σ φ(kᵢ)"),
                    _measure_vector(result.normaliser, digits),
                    theme.foreground,
                    self.tr("z: the sum of the stored keys φ(kᵢ) of the writes so far"),
                )
            )
            rows.append(
                Row(
                    self.tr("divisor φ(q)ᵀz + ε"),
                    # One number fits its line on a projector too: the digits the
                    # equation's "÷ 12.15" has (12.1 beside it read as another number).
                    shown_number(result.denominator, digits=4),
                    theme.foreground,
                    self.tr("y = φ(q)ᵀS ÷ (φ(q)ᵀz + ε), ε = 1e-6"),
                )
            )
        if result.target is None or result.expected is None:
            if result.tied:
                why = self.tr("no single target")  # the sentence below names the tie
            elif len(result.weights):
                why = self.tr("none: every weight is 0")
            else:
                why = self.tr("none: no earlier write")
            rows.append(Row(self.tr("target"), why, theme.muted))
        else:
            rows.append(
                Row(
                    self.tr("expected v_target ({target})").format(target=result.target),
                    _measure_vector(result.expected, digits, written=True),
                    theme.target,
                )
            )
            corrected = self._corrected(result)
            if (
                not corrected
                and result.target_term is not None
                and not np.array_equal(result.target_term, result.expected)
            ):
                rows.append(
                    Row(
                        self.tr("target's own term"),
                        _measure_vector(result.target_term, digits, at=result.scale),
                        theme.target,
                    )
                )
            if result.exact:
                # The read returned v_target: nothing to split into parts.
                rows.append(
                    Row(
                        self.tr("y − v_target"),
                        _measure_vector(result.interference, digits, at=result.scale),
                        theme.target,
                        self.tr("Exact: the read returns the target's value."),
                    )
                )
            else:
                rows += self._error_rows(result, digits)
            rows.append(
                Row(
                    self.tr("relative error"),
                    _percent(result.relative_error),
                    theme.foreground,
                    self.tr("relative error = ‖y − v_target‖ / ‖v_target‖"),
                )
            )
            rows.append(
                Row(
                    self.tr("cosine(y, v_target)"),
                    "—" if result.cosine is None else localised(f"{result.cosine:.3f}"),
                    theme.foreground,
                )
            )
        self.measures = [(row.name, row.value) for row in rows]
        self.numbers.set_rows(rows)

    def _error_rows(self, result: ReadResult, digits: int) -> list[Row]:
        """The error ``y − v_target`` and, under it, the model's parts that add up to it."""
        theme = self.theme
        parts = result.error_parts
        assert parts is not None and result.interference is not None  # a target's read
        rows = [
            Row(
                self.tr("error y − v_target"),
                _measure_vector(result.interference, digits, at=result.scale),
                theme.warning,
                self.tr("y − v_target: the sum of the parts listed under it"),
            )
        ]
        for position, name in enumerate(result.shown_parts()):
            sign = "=" if position == 0 else "+"
            rows.append(
                Row(
                    f"{sign} {part_title(name)}",
                    _measure_vector(parts[name], digits, at=result.scale),
                    theme.crosstalk if name == "crosstalk" else theme.foreground,
                    part_words(name),
                )
            )
        return rows


def _weight_texts(result: ReadResult, indices: list[int]) -> list[str]:
    """The weights of the writes at ``indices``, residue beside the sizes each was
    worked out from (:meth:`~linviz.model.readout.ReadResult.weight_scales_at`).
    """
    scales = result.weight_scales_at(indices)
    return [shown_number(result.weights[i], at=at) for i, at in zip(indices, scales)]


def _measure_vector(
    vector: np.ndarray, digits: int = 4, *, written: bool = False, at: float | None = None
) -> str:
    """A vector for the measures table and the heading: long ones (cut anyway) show
    4 components, not 8, so the table leaves the terms room at d_v = 64 and a
    heading wraps to two lines, not three or four. ``written`` and ``at`` as
    :func:`~linviz.views.number_text.shown_vector` takes them.
    """
    limit = 8 if len(vector) <= 8 else 4
    return shown_vector(vector, limit=limit, digits=digits, written=written, at=at)


def _heading_vector(vector: np.ndarray) -> str:
    """A written vector for a heading, as :func:`_measure_vector` shows it, its
    "… (16 in all)" never wrapped apart ("(16" ended a line, "in all)]" began the next).
    """
    text = _measure_vector(vector, written=True)
    head, comma, tail = text.rpartition(", ")
    return head + comma + tail.replace(" ", "\xa0") if tail.startswith("…") else text


def _percent(value: float | None) -> str:
    return "—" if value is None else shown_percent(value)
