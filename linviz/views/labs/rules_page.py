"""Rules side by side: the scenario replayed under the additive, delta and gated rules.

Four cards in step with the window's cursor: each rule's ``S`` as a small
heatmap (one colour range for all four) and, at a read, what the read
returns under that rule and how far it is from the value it wants. Every
card uses the scenario's feature map, none the normaliser (the additive card
gives its normalised read beside), each says the α/β the step uses, and a
delta card warns when a write overshoots (:mod:`linviz.model.rule_cards`).
The default decay α and writing strength β are adjustable. Try ``session-trace``:
the delta rule repairs the reused key (``[9, 9]`` where the additive rule
gives ``[11, 12]``); ``gated-forgetting``: the gate forgets the old value.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6 import QtCore, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.labs import RuleLab
from linviz.controller.session import Session
from linviz.model.drawable import color_limit
from linviz.model.errors import ScenarioError
from linviz.model.rule_cards import OVERSHOOT_GAIN, CardFacts
from linviz.model.rule_comparison import COMPARED_RULES, RuleStep
from linviz.views.error_text import shown_error
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.rule_card import RuleCard
from linviz.views.labs.step_bar import StepBar
from linviz.views.number_text import (
    grouped,
    list_separator,
    shown_amount,
    shown_number,
    shown_vector,
    unbroken_lists,
)
from linviz.views.theme import Theme, label_style
from linviz.views.typography import kept_whole, unbroken_parts

Qt = QtCore.Qt

#: Slider steps per unit of α or β.
SLIDER_SCALE = 100
#: A setting this long at most ("default β = 1", "k3 with α = 0.5") is never broken across lines.
SETTING_CHARS = 24


class RulesPage(LabPage):
    """The scenario under every rule, at the cursor.

    Parameters
    ----------
    session
        The window's session: its scenario, cursor, theme.
    parent
        Optional parent widget.

    Attributes
    ----------
    lab : RuleLab
        α, β, and every rule's state and read at the cursor.
    cards : dict[str, RuleCard]
        One card per rule, by rule name.
    """

    lab_name = "rules"

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.lab = RuleLab(session)
        self.step_bar = StepBar(session)
        self._build_controls()
        self.figure_box = QtWidgets.QWidget()
        self.figure_box.setObjectName("rules_figure")
        self.title = QtWidgets.QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        self.note = QtWidgets.QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.cards: dict[str, RuleCard] = {name: RuleCard() for name in COMPARED_RULES}
        grid = QtWidgets.QGridLayout(self.figure_box)
        grid.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        grid.addWidget(self.title, 0, 0, 1, 2)
        grid.addWidget(self.note, 1, 0, 1, 2)
        for index, card in enumerate(self.cards.values()):
            grid.addWidget(card, 2 + index // 2, index % 2)
        grid.setRowStretch(2, 1)
        grid.setRowStretch(3, 1)
        self.stack_at_cursor(self.step_bar, self.parameter_row, self.figure_box)
        self.lab.changed.connect(self.request_refresh)
        self.request_refresh()

    def lab_title(self) -> str:
        """The tab's name."""
        return self.tr("Rules")

    # -- construction ---------------------------------------------------------------------------
    def _parameter(
        self, field: str, text: str, low: float, tip: str
    ) -> tuple[QtWidgets.QLabel, QtWidgets.QSlider, QtWidgets.QDoubleSpinBox]:
        label = QtWidgets.QLabel(text)
        slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        slider.setRange(round(low * SLIDER_SCALE), SLIDER_SCALE)
        slider.setSingleStep(5)
        slider.setToolTip(tip)
        spin = QtWidgets.QDoubleSpinBox()
        spin.setRange(low, 1.0)
        spin.setDecimals(2)
        spin.setSingleStep(0.05)
        spin.setKeyboardTracking(False)
        spin.setToolTip(tip)
        label.setBuddy(slider)
        slider.valueChanged.connect(lambda value: self._update(**{field: value / SLIDER_SCALE}))
        spin.valueChanged.connect(lambda value: self._update(**{field: value}))
        return label, slider, spin

    def _build_controls(self) -> None:
        self.alpha_label, self.alpha_slider, self.alpha_spin = self._parameter(
            "alpha",
            self.tr("Decay &α"),
            0.01,
            self.tr("The gated rules scale S by α before every write: 1 keeps all, less forgets"),
        )
        self.beta_label, self.beta_slider, self.beta_spin = self._parameter(
            "beta",
            self.tr("Strength &β"),
            0.0,
            self.tr(
                "The delta rules write β of the gap between the new value and what the key "
                "reads now: 1 replaces it, 0 writes nothing"
            ),
        )
        self.parameter_row = QtWidgets.QHBoxLayout()
        for widget in (self.alpha_label, self.alpha_slider, self.alpha_spin):
            self.parameter_row.addWidget(widget, 1 if widget is self.alpha_slider else 0)
        self.parameter_row.addSpacing(16)
        for widget in (self.beta_label, self.beta_slider, self.beta_spin):
            self.parameter_row.addWidget(widget, 1 if widget is self.beta_slider else 0)

    # -- settings go to the controller -------------------------------------------------------------
    def _update(self, **changes: float) -> None:
        try:
            self.lab.update(**changes)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self.request_refresh()

    def session_changed(self, changes: frozenset[Change]) -> None:
        """Follow the cursor and the scenario (the lab says when its states changed)."""
        if changes & {Change.CURSOR, Change.SCENARIO}:
            self.step_bar.follow()
        if Change.REVEAL in changes:
            self.request_refresh()

    # -- names ------------------------------------------------------------------------------------
    def rule_title(self, name: str) -> str:
        """The rule's name (translated); α and β are in the page's title and controls."""
        return {
            "additive": self.tr("additive"),
            "delta": self.tr("delta"),
            "gated": self.tr("gated"),
            "gated_delta": self.tr("gated delta"),
        }.get(name, name)

    def rule_formula(self, name: str) -> str:
        """The rule's update of ``S`` (translated).

        It may wrap only after "←" and before its last term.
        """
        formula = {
            "additive": self.tr("S ← | S + φ(k) vᵀ"),
            "delta": self.tr("S ← | S + β φ(k) (v − Sᵀφ(k))ᵀ"),
            "gated": self.tr("S ← | α S + φ(k) vᵀ"),
            "gated_delta": self.tr("S ← | α (I − β φ(k) φ(k)ᵀ) S | + β φ(k) vᵀ"),
        }.get(name, "")
        parts = [part.strip().replace(" ", "\u00a0") for part in formula.split("|")]
        return " ".join(parts)

    # -- drawing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show every rule at the cursor."""
        self.step_bar.follow()
        settings = self.lab.settings
        for slider, spin, value in (
            (self.alpha_slider, self.alpha_spin, settings.alpha),
            (self.beta_slider, self.beta_spin, settings.beta),
        ):
            with QtCore.QSignalBlocker(slider), QtCore.QSignalBlocker(spin):
                slider.setValue(round(value * SLIDER_SCALE))
                spin.setValue(value)
        steps = self.lab.result
        session = self.session
        number = session.cursor
        scenario = session.scenario
        self.title.setText(self._title())
        self.note.setText(self._note())
        limit = color_limit(*(step.state for step in steps.values()))
        hidden = session.is_hidden(number)
        theme = self.theme
        for name, card in self.cards.items():
            step = steps[name]
            card.title.setText(self.rule_title(name))
            card.formula.setText(self.rule_formula(name))
            card.settings.setText(self.settings_text(step.card, scenario.is_write(number)))
            warning = self.warning_text(step.card)
            card.warning.setText(warning)
            card.warning.setVisible(bool(warning))
            card.show_state(step.state, limit)
            self._write_read(
                card, step, hidden, theme, number, scenario.label_at(number) if number else ""
            )

    def _title(self) -> str:
        session = self.session
        number = session.cursor
        scenario = session.scenario
        settings = self.lab.settings
        # Each setting whole: a French title ended a line at "β par défaut" ("= 1)" under it).
        parameters = unbroken_parts(
            self.tr("default α = {alpha}, default β = {beta}").format(
                alpha=shown_amount(settings.alpha), beta=shown_amount(settings.beta)
            ),
            separator=list_separator(),
        )
        if number < 1:
            text = self.tr("The empty memory, before any write, under each rule")
        elif scenario.is_write(number):
            text = self.tr("S after write {label} (step {number}) under each rule").format(
                label=scenario.label_at(number), number=grouped(number)
            )
        else:
            text = self.tr("Read {label} (step {number}) under each rule").format(
                label=scenario.label_at(number), number=grouped(number)
            )
        return self.tr("{0} ({1})").format(text, parameters)

    def _note(self) -> str:
        """How every card reads: the scenario's φ, and no normaliser on any card."""
        scenario = self.session.scenario
        name = {"identity": self.tr("identity"), "elu+1": self.tr("elu + 1")}.get(
            scenario.feature_map, scenario.feature_map
        )
        if self.lab.comparison.normaliser_dropped and self.compact:
            return self.tr("φ = {0} on every card; none divides by the normaliser").format(name)
        if self.lab.comparison.normaliser_dropped:
            return self.tr(
                "Every card stores φ(k) with φ = {0} and reads without the normaliser, which is "
                "defined for the additive rule only; the additive card also gives its read with "
                "it, as the scenario reads."
            ).format(name)
        return self.tr("Every card stores φ(k) with φ = {0}, as the scenario does.").format(name)

    def settings_text(self, facts: CardFacts, at_write: bool) -> str:
        """The α/β the step uses: a write's own or the default; at a read, the defaults."""
        settings = facts.settings
        taken = [
            (symbol, value, own, default)
            for symbol, value, own, default in (
                ("α", settings.alpha, settings.own_alpha, settings.default_alpha),
                ("β", settings.beta, settings.own_beta, settings.default_beta),
            )
            if value is not None
        ]
        if not taken:
            if self.compact:
                return self.tr("no α or β")
            return self.tr("no α or β: every write adds its stamp whole")
        parts = []
        for symbol, value, own, default in taken:
            if at_write and own:
                parts.append(
                    self.tr("{symbol} = {value} at this write (its own; default {default})").format(
                        symbol=symbol, value=shown_amount(value), default=shown_amount(default)
                    )
                )
            elif at_write:
                parts.append(
                    self.tr("{symbol} = {value} at this write (the default)").format(
                        symbol=symbol, value=shown_amount(value)
                    )
                )
            else:
                parts.append(
                    self.tr("default {symbol} = {value}").format(
                        symbol=symbol, value=shown_amount(value)
                    )
                )
        # A short setting whole on its line: a card ended one at "β" ("par défaut = 1" under
        # it). A long one ("α = 0.9 at this write (the default)") would not fit a narrow
        # card whole: it keeps only "α = 0.9" together.
        text = list_separator().join(kept_whole(part, SETTING_CHARS) for part in parts)
        if not at_write and facts.own_settings:
            owns = list_separator().join(
                kept_whole(
                    self.tr("{label} with {symbol} = {value}").format(
                        label=own.label,
                        symbol="α" if own.parameter == "alpha" else "β",
                        value=shown_amount(own.value),
                    ),
                    SETTING_CHARS,
                )
                for own in facts.own_settings
            )
            text += self.tr("; written with their own: {0}").format(owns)
        return text

    def warning_text(self, facts: CardFacts) -> str:
        """A plain-words warning when a delta write overshoots (empty otherwise)."""
        bound = shown_amount(OVERSHOOT_GAIN)
        this = facts.overshoot
        if self.compact:  # a projector's large text: the fact, without the explanation
            if this is not None:
                return self.tr("⚠ overshoots: β‖φ(k)‖² = {gain} > {bound}").format(
                    gain=shown_amount(this.gain), bound=bound
                )
            if facts.overshoots:
                labels = list_separator().join(o.label for o in facts.overshoots)
                return self.tr("⚠ overshoot at {writes}: β‖φ(k)‖² > {bound}").format(
                    writes=labels, bound=bound
                )
            return ""
        if this is not None:
            return self.tr(
                "⚠ Overshoots: β‖φ(k)‖² = {gain} > {bound}, so this write leaves its key reading "
                "further from {label}'s value than before (the gap is multiplied by {factor})."
            ).format(
                gain=shown_amount(this.gain),
                bound=bound,
                label=this.label,
                factor=shown_amount(this.factor),
            )
        if facts.overshoots:
            writes = list_separator().join(
                self.tr("{label} ({gain})").format(label=o.label, gain=shown_amount(o.gain))
                for o in facts.overshoots
            )
            return self.tr(
                "⚠ Overshoot: β‖φ(k)‖² > {bound} at {writes}: each of these writes pushed its "
                "key's read past its value by more than it was off."
            ).format(bound=bound, writes=writes)
        return ""

    def _write_read(
        self, card: RuleCard, step: RuleStep, hidden: bool, theme: Theme, number: int, label: str
    ) -> None:
        read = step.read
        normalised = step.card.normalised_output
        card.normalised.setVisible(normalised is not None and not hidden)
        if normalised is not None:
            text = (
                self.tr("normalised: y = {0}")
                if self.compact
                else self.tr("with the normaliser, as the scenario reads: y = {0}")
            )
            card.normalised.setText(unbroken_lists(text.format(shown_vector(normalised))))
        if read is None:
            card.output.setText(
                self.tr("No read at this step: go to one (→, or Next read).")
                if number
                else self.tr("No read yet.")
            )
            card.error.setText("")
            card.error.setVisible(False)
            return
        card.error.setVisible(True)
        if hidden:
            card.output.setText(self.tr("y hidden: predict, then reveal (R)"))
            card.error.setText("")
            return
        card.output.setText(self.tr("y = {0}").format(shown_vector(read.output, at=read.scale)))
        if read.expected is None or read.error is None:
            card.error.setText(self.tr("no single target to compare with"))
            card.set_error_style(theme, good=True)
            return
        # Exact as the readout says it (one rule: a card said "off by 1e-07" where
        # the readout, for the same read, said exact).
        if read.exact:
            text = self.tr("wants {expected} ({target}), exact").format(
                expected=shown_vector(read.expected, written=True), target=read.target
            )
        else:
            text = self.tr("wants {expected} ({target}), off by {error}").format(
                expected=shown_vector(read.expected, written=True),
                target=read.target,
                error=shown_number(read.error, at=read.scale),
            )
        card.error.setText(text)
        card.set_error_style(theme, good=read.exact)

    # -- looks ----------------------------------------------------------------------------------
    def set_compact(self, on: bool) -> None:
        """Projector layout: no formulas, the note and the warnings in short."""
        for card in self.cards.values():
            card.formula.setVisible(not on)
        self.request_refresh()

    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the cards."""
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        self.note.setStyleSheet(label_style(theme.muted, theme.font_pt))
        for card in self.cards.values():
            card.apply_theme(theme)
        self.request_refresh()

    def close_lab(self) -> None:
        """Stop following the session and the traces of the rules' views of the scenario."""
        self.lab.close()
        super().close_lab()

    # -- exports ----------------------------------------------------------------------------------
    def figure(self) -> QtWidgets.QWidget:
        """The four cards and their title."""
        return self.figure_box

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """Every read of the scenario under every rule: output, target, error."""
        header = (
            "rule",
            "alpha",
            "beta",
            "step",
            "read",
            "output",
            "target",
            "expected",
            "error",
        )
        comparison = self.lab.comparison
        scenario = self.session.scenario
        reads = (np.flatnonzero(~scenario.write_mask()) + 1).tolist()
        rows: list[Sequence[object]] = []
        for name in COMPARED_RULES:
            rule = comparison.rules[name]
            for number in reads:
                read = comparison.read(name, number)
                rows.append(
                    (
                        name,
                        "" if rule.alpha is None else rule.alpha,
                        "" if rule.beta is None else rule.beta,
                        number,
                        read.label,
                        " ".join(repr(float(x)) for x in read.output),
                        read.target or "",
                        ""
                        if read.expected is None
                        else " ".join(repr(float(x)) for x in read.expected),
                        "" if read.error is None else read.error,
                    )
                )
        return header, rows
