"""How the memory works: sizes, feature map, normaliser and update rule.

Each control runs one undoable command; a combination the model refuses
(the normaliser with a non-additive rule, say) is explained under the
controls and the controls go back to what the scenario says.
"""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.commands import Command, Configure, Resize
from linviz.controller.session import Session
from linviz.model import limits
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.features import FEATURE_MAPS
from linviz.model.rules import RULE_NAMES, RULE_PARAMETERS, Rule
from linviz.views.error_text import shown_error
from linviz.views.panels.panel import Panel
from linviz.views.plain_text import plain_tooltip
from linviz.views.undo_words import Words

Qt = QtCore.Qt

#: The names of the edits the settings make (Edit ▸ Undo …), said in the language shown.
_CONTEXT = "SettingsPanel"
_RESIZE = QT_TRANSLATE_NOOP("SettingsPanel", "change d_k/d_v to {d_k}×{d_v}")
_FEATURE_MAP = QT_TRANSLATE_NOOP("SettingsPanel", "feature map {name}")
_NORMALISER_ON = QT_TRANSLATE_NOOP("SettingsPanel", "normaliser on")
_NORMALISER_OFF = QT_TRANSLATE_NOOP("SettingsPanel", "normaliser off")
_RULE = QT_TRANSLATE_NOOP("SettingsPanel", "rule {rule}")
#: A rule and its parameters inside "rule {rule}", by the rule's name in the file.
_RULE_WORDS = {
    "additive": QT_TRANSLATE_NOOP("SettingsPanel", "additive"),
    "delta": QT_TRANSLATE_NOOP("SettingsPanel", "delta (β = {beta})"),
    "gated": QT_TRANSLATE_NOOP("SettingsPanel", "gated (α = {alpha})"),
    "gated_delta": QT_TRANSLATE_NOOP("SettingsPanel", "gated delta (α = {alpha}, β = {beta})"),
}
#: A feature map inside "feature map {name}", by its name in the file.
_FEATURE_MAP_WORDS = {
    "identity": QT_TRANSLATE_NOOP("SettingsPanel", "identity"),
    "elu+1": QT_TRANSLATE_NOOP("SettingsPanel", "elu + 1"),
    "relu": QT_TRANSLATE_NOOP("SettingsPanel", "ReLU"),
}

#: α and β shown when the scenario's rule does not set them.
DEFAULT_ALPHA, DEFAULT_BETA = 0.9, 1.0


class SettingsPanel(Panel):
    """Spin boxes for d_k and d_v; feature map, normaliser, rule, α and β.

    A refused setting is explained in :attr:`message_label` and emitted on
    :attr:`message` (the main window's status bar listens).
    """

    panel_name = "settings"
    listens_to = frozenset({Change.SCENARIO, Change.OPTIONS})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.d_k_box = self._size_box(
            self.tr("Rows of S: the number of components of every key and query")
        )
        self.d_v_box = self._size_box(
            self.tr("Columns of S: the number of components of every value")
        )
        self.d_k_box.valueChanged.connect(self._resize)
        self.d_v_box.valueChanged.connect(self._resize)

        self.feature_box = QtWidgets.QComboBox(self)
        names = {
            "identity": self.tr("identity  φ(x) = x"),
            "elu+1": self.tr("elu + 1  (always positive)"),
            "relu": self.tr("ReLU  max(x, 0)"),
        }
        for name in FEATURE_MAPS:
            self.feature_box.addItem(names.get(name, name), name)
        self.feature_box.setToolTip(self.tr("φ, applied to keys and queries before they touch S"))
        self.feature_box.currentIndexChanged.connect(self._feature_map_chosen)

        self.normalize_box = QtWidgets.QCheckBox(self.tr("divide reads by φ(q)·z + ε"), self)
        self.normalize_box.setToolTip(
            self.tr(
                "The normaliser of Katharopoulos et al. (2020); defined for the additive rule only"
            )
        )
        self.normalize_box.toggled.connect(self._normalize_toggled)

        self.rule_box = QtWidgets.QComboBox(self)
        rule_names = {
            "additive": self.tr("additive  S + k vᵀ"),
            "delta": self.tr("delta  (corrects before writing)"),
            "gated": self.tr("gated  (old S decays by α)"),
            "gated_delta": self.tr("gated delta  (decay, then correct)"),
        }
        for name in RULE_NAMES:
            self.rule_box.addItem(rule_names.get(name, name), name)
        self.rule_box.currentIndexChanged.connect(self._rule_changed)

        self.alpha_box = self._parameter_box(
            0.001,
            self.tr(
                "α: how much of the old S each write keeps, in (0, 1]; the default, "
                "which a write may override in the steps' α / β column"
            ),
        )
        self.beta_box = self._parameter_box(
            0.0,
            self.tr(
                "β: writing strength of the delta rules, in [0, 1]; the default, "
                "which a write may override in the steps' α / β column"
            ),
        )
        self.alpha_box.setValue(DEFAULT_ALPHA)
        self.beta_box.setValue(DEFAULT_BETA)
        self.alpha_box.valueChanged.connect(self._rule_changed)
        self.beta_box.valueChanged.connect(self._rule_changed)

        self.message_label = QtWidgets.QLabel(self)
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.hide()

        form = QtWidgets.QFormLayout()
        form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow(self.tr("d_k (key size)"), self.d_k_box)
        form.addRow(self.tr("d_v (value size)"), self.d_v_box)
        form.addRow(self.tr("feature map φ"), self.feature_box)
        form.addRow(self.tr("normaliser"), self.normalize_box)
        form.addRow(self.tr("update rule"), self.rule_box)
        form.addRow(self.tr("default α (decay)"), self.alpha_box)
        form.addRow(self.tr("default β (strength)"), self.beta_box)
        #: What each parameter box says when its rule uses it (its label, tooltip).
        self._parameter_rows = {
            "alpha": (self.alpha_box, form.labelForField(self.alpha_box), self.alpha_box.toolTip()),
            "beta": (self.beta_box, form.labelForField(self.beta_box), self.beta_box.toolTip()),
        }
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(form)
        layout.addWidget(self.message_label)
        layout.addStretch(1)
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Settings")

    def _size_box(self, tip: str) -> QtWidgets.QSpinBox:
        box = QtWidgets.QSpinBox(self)
        box.setRange(limits.MIN_DIM, limits.MAX_DIM)
        # Typing "64" must resize once, not to 6 and then to 64.
        box.setKeyboardTracking(False)
        box.setToolTip(tip)
        return box

    def _parameter_box(self, minimum: float, tip: str) -> QtWidgets.QDoubleSpinBox:
        box = QtWidgets.QDoubleSpinBox(self)
        box.setRange(minimum, 1.0)
        box.setDecimals(3)
        box.setSingleStep(0.05)
        box.setKeyboardTracking(False)
        box.setToolTip(tip)
        return box

    # -- widgets <- session ------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if changes == {Change.SCENARIO} and self.session.dragging:
            return  # a drag moves one vector: sizes and rule stay, so no repaint
        if Change.SCENARIO in changes:
            self.clear_message()
        super()._on_session_changed(changes)

    def refresh(self) -> None:
        theme = self.theme
        if self.theme_changed():
            self.setFont(self.font_for(theme.font_pt))
            # The style draws a fixed-size tick box: scale it with the text.
            box = round(theme.font_pt * 1.4)
            self.normalize_box.setStyleSheet(
                f"QCheckBox::indicator {{ width: {box}px; height: {box}px; }}"
            )
            self.message_label.setStyleSheet(
                f"color: {theme.warning}; font-size: {round(theme.font_pt)}pt; font-weight: bold;"
            )
        scenario = self.session.scenario
        rule = scenario.rule
        with (
            QtCore.QSignalBlocker(self.d_k_box),
            QtCore.QSignalBlocker(self.d_v_box),
            QtCore.QSignalBlocker(self.feature_box),
            QtCore.QSignalBlocker(self.normalize_box),
            QtCore.QSignalBlocker(self.rule_box),
            QtCore.QSignalBlocker(self.alpha_box),
            QtCore.QSignalBlocker(self.beta_box),
        ):
            self.d_k_box.setValue(scenario.d_k)
            self.d_v_box.setValue(scenario.d_v)
            self.feature_box.setCurrentIndex(self.feature_box.findData(scenario.feature_map))
            self.normalize_box.setChecked(scenario.normalize)
            self.rule_box.setCurrentIndex(self.rule_box.findData(rule.name))
            if rule.alpha is not None:
                self.alpha_box.setValue(rule.alpha)
            if rule.beta is not None:
                self.beta_box.setValue(rule.beta)
        self._enable_parameters(rule.name)

    def _enable_parameters(self, rule_name: str) -> None:
        """α and β can be edited only under a rule that uses them; otherwise they
        are greyed out, label and all, and the tooltip says why.
        """
        uses = RULE_PARAMETERS[rule_name]
        theme = self.theme
        why = {
            "alpha": self.tr(
                "Not used by the {rule} rule: α, the decay, belongs to the gated rules "
                "(choose gated or gated delta to set it)"
            ),
            "beta": self.tr(
                "Not used by the {rule} rule: β, the writing strength, belongs to the delta "
                "rules (choose delta or gated delta to set it)"
            ),
        }
        for name, (box, label, tip) in self._parameter_rows.items():
            used = name in uses
            box.setEnabled(used)
            box.setToolTip(tip if used else why[name].format(rule=rule_name.replace("_", " ")))
            box_style = (
                ""
                if used
                else f"QAbstractSpinBox {{ color: {theme.muted}; background: transparent;"
                f" border: 1px dashed {theme.grid}; }}"
            )
            if box.styleSheet() != box_style:  # a new sheet re-polishes the box
                box.setStyleSheet(box_style)
            if label is not None:
                label.setEnabled(used)
                label.setToolTip(box.toolTip())
                label_style = "" if used else f"color: {theme.muted};"
                if label.styleSheet() != label_style:
                    label.setStyleSheet(label_style)

    # -- session <- widgets --------------------------------------------------------------
    def _run(self, command: Command) -> None:
        self.clear_message()
        try:
            self.session.execute(command)
        except ScenarioError as error:
            self.show_refusal(shown_error(error))
            self.refresh()  # the controls go back to what the scenario says

    def _resize(self) -> None:
        scenario = self.session.scenario
        d_k, d_v = self.d_k_box.value(), self.d_v_box.value()
        if (d_k, d_v) != (scenario.d_k, scenario.d_v):
            self._run(
                Resize(
                    d_k,
                    d_v,
                    text=Words(_CONTEXT, _RESIZE, d_k=d_k, d_v=d_v),
                )
            )

    def _feature_map_chosen(self) -> None:
        name = self.feature_box.currentData()
        if name != self.session.scenario.feature_map:
            said = Words(_CONTEXT, _FEATURE_MAP_WORDS.get(name, name))
            self._run(Configure(feature_map=name, text=Words(_CONTEXT, _FEATURE_MAP, name=said)))

    def _normalize_toggled(self, on: bool) -> None:
        if on != self.session.scenario.normalize:
            self._run(
                Configure(
                    normalize=on,
                    text=Words(_CONTEXT, _NORMALISER_ON if on else _NORMALISER_OFF),
                )
            )

    def _rule_changed(self) -> None:
        name = self.rule_box.currentData()
        uses = RULE_PARAMETERS[name]
        self._enable_parameters(name)
        try:
            rule = Rule(
                name,
                alpha=self.alpha_box.value() if "alpha" in uses else None,
                beta=self.beta_box.value() if "beta" in uses else None,
            )
        except ScenarioError as error:
            self.show_refusal(shown_error(error))
            self.refresh()
            return
        if rule != self.session.scenario.rule:
            said = Words(_CONTEXT, _RULE_WORDS[rule.name], alpha=rule.alpha, beta=rule.beta)
            self._run(Configure(rule=rule, text=Words(_CONTEXT, _RULE, rule=said)))

    # -- messages ----------------------------------------------------------------------
    def show_refusal(self, message: str) -> None:
        """Explain why a setting was refused."""
        self.message_label.setText(message)
        self.message_label.setToolTip(plain_tooltip(message))
        self.message_label.show()
        self.message.emit(message)

    def clear_message(self) -> None:
        """Hide the last refusal."""
        self.message_label.clear()
        self.message_label.hide()
