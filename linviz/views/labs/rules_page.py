"""Rules side by side: the scenario replayed under the additive, delta and gated rules.

Four cards in step with the window's cursor: each rule's ``S`` as a small
heatmap (one colour range for all four) and, at a read, what the read
returns under that rule and how far it is from the value it wants. The
decay α and the writing strength β are adjustable. Try ``session-trace``:
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
from linviz.model.rule_comparison import COMPARED_RULES, RuleStep
from linviz.views.error_text import shown_error
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.rule_card import RuleCard
from linviz.views.labs.spotlight_page import vector_text
from linviz.views.labs.step_bar import StepBar
from linviz.views.number_text import plain_number
from linviz.views.theme import Theme, label_style

Qt = QtCore.Qt

#: Slider steps per unit of α or β.
SLIDER_SCALE = 100
#: An error below this counts as an exact read (it is float noise).
EXACT = 1e-9


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
        self.cards: dict[str, RuleCard] = {name: RuleCard() for name in COMPARED_RULES}
        grid = QtWidgets.QGridLayout(self.figure_box)
        grid.setContentsMargins(6, 6, 6, 6)  # an exported figure keeps a margin
        grid.addWidget(self.title, 0, 0, 1, 2)
        for index, card in enumerate(self.cards.values()):
            grid.addWidget(card, 1 + index // 2, index % 2)
        grid.setRowStretch(1, 1)
        grid.setRowStretch(2, 1)
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
            "additive": self.tr("S ← | S + k vᵀ"),
            "delta": self.tr("S ← | S + β k (v − Sᵀk)ᵀ"),
            "gated": self.tr("S ← | α S + k vᵀ"),
            "gated_delta": self.tr("S ← | α (I − β k kᵀ) S | + β k vᵀ"),
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
        limit = color_limit(*(step.state for step in steps.values()))
        hidden = session.is_hidden(number)
        theme = self.theme
        for name, card in self.cards.items():
            step = steps[name]
            card.title.setText(self.rule_title(name))
            card.formula.setText(self.rule_formula(name))
            card.show_state(step.state, limit)
            self._write_read(
                card, step, hidden, theme, number, scenario.label_at(number) if number else ""
            )

    def _title(self) -> str:
        session = self.session
        number = session.cursor
        scenario = session.scenario
        settings = self.lab.settings
        parameters = self.tr("α = {alpha}, β = {beta}").format(
            alpha=plain_number(settings.alpha), beta=plain_number(settings.beta)
        )
        if number < 1:
            text = self.tr("The empty memory, before any write, under each rule")
        elif scenario.is_write(number):
            text = self.tr("S after write {label} (step {number}) under each rule").format(
                label=scenario.label_at(number), number=number
            )
        else:
            text = self.tr("Read {label} (step {number}) under each rule").format(
                label=scenario.label_at(number), number=number
            )
        return self.tr("{0} ({1})").format(text, parameters)

    def _write_read(
        self, card: RuleCard, step: RuleStep, hidden: bool, theme: Theme, number: int, label: str
    ) -> None:
        read = step.read
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
        card.output.setText(self.tr("y = {0}").format(vector_text(read.output)))
        if read.expected is None or read.error is None:
            card.error.setText(self.tr("no single target to compare with"))
            card.set_error_style(theme, good=True)
            return
        exact = read.error < EXACT * max(1.0, float(np.abs(read.expected).max()))
        if exact:
            text = self.tr("wants {expected} ({target}), exact").format(
                expected=vector_text(read.expected), target=read.target
            )
        else:
            text = self.tr("wants {expected} ({target}), off by {error}").format(
                expected=vector_text(read.expected),
                target=read.target,
                error=plain_number(read.error),
            )
        card.error.setText(text)
        card.set_error_style(theme, good=exact)

    # -- looks ----------------------------------------------------------------------------------
    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the cards."""
        self.title.setStyleSheet(label_style(theme.foreground, theme.title_pt, bold=True))
        for card in self.cards.values():
            card.apply_theme(theme)
        self.request_refresh()

    def close_lab(self) -> None:
        """Stop following the session and close the rules' copies of the scenario."""
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
