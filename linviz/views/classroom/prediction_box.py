"""A small box to type the class's prediction for the read at the cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.views.error_text import shown_message
from linviz.views.number_text import typed_form
from linviz.views.panels.typed_text import vector_numbers, vector_text
from linviz.views.theme import Theme

if TYPE_CHECKING:
    pass


class PredictionBox(QtWidgets.QDialog):
    """A small non-modal box to type the class's prediction for the read at the cursor.

    Parameters
    ----------
    session
        The session that keeps the predictions.
    parent
        The main window.

    Attributes
    ----------
    edit : QtWidgets.QLineEdit
        Takes the prediction as numbers, e.g. ``1.2, -1.8``.
    error : QtWidgets.QLabel
        Why the last input was refused (hidden when there is nothing to say).
    """

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("prediction_box")
        self.setWindowTitle(self.tr("Prediction"))
        self.setModal(False)
        self.prompt = QtWidgets.QLabel()
        self.prompt.setWordWrap(True)
        self.edit = QtWidgets.QLineEdit()
        self.edit.setAccessibleName(self.tr("Prediction"))
        self.error = QtWidgets.QLabel()
        self.error.setObjectName("prediction_error")
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.hide()
        buttons = QtWidgets.QDialogButtonBox()
        self.set_button = buttons.addButton(
            self.tr("Set prediction"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.clear_button = buttons.addButton(
            self.tr("Clear"), QtWidgets.QDialogButtonBox.ButtonRole.ResetRole
        )
        close = buttons.addButton(QtWidgets.QDialogButtonBox.StandardButton.Close)
        for button in buttons.buttons():
            button.setAutoDefault(False)  # Enter is the line edit's (one submit, not two)
        self.edit.returnPressed.connect(self.submit)
        self.set_button.clicked.connect(self.submit)
        self.clear_button.clicked.connect(self.clear_prediction)
        close.clicked.connect(self.hide)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.edit)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        session.changed.connect(self._on_session_changed)

    def _read_label(self) -> str | None:
        session = self.session
        number = session.cursor
        if number < 1 or session.scenario.is_write(number):
            return None
        return session.scenario.label_at(number)

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # Qt deleted the box with its window
            self.session.changed.disconnect(self._on_session_changed)
            return
        if changes & {Change.SCENARIO, Change.CURSOR} and self.isVisible():
            self._follow_cursor(keep_text=True)

    def _follow_cursor(self, keep_text: bool = False) -> None:
        label = self._read_label()
        d_v = self.session.scenario.d_v
        if label is None:
            self.prompt.setText(self.tr("Go to a read to enter a prediction for its output."))
        else:
            self.prompt.setText(
                self.tr(
                    "What will read {label} return? Type y's %Ln numbers, e.g. {example}.",
                    "",
                    d_v,
                ).format(
                    label=label,
                    example=typed_form(
                        ", ".join(["1.2", "-1.8", "0", "0.5"][:d_v] + ["0"] * max(0, d_v - 4))
                    ),
                )
            )
            if not keep_text:
                prediction = self.session.predictions.get(label)
                # Every number as typed (a shortened or rounded text, sent again, would change it).
                self.edit.setText("" if prediction is None else vector_text(prediction))
        for widget in (self.edit, self.set_button, self.clear_button):
            widget.setEnabled(label is not None)

    def open_for_cursor(self) -> None:
        """Show the box for the read at the cursor, ready to type."""
        self.error.hide()
        self._follow_cursor()
        self._fit()
        self.show()
        self.raise_()
        self.activateWindow()
        self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.edit.selectAll()

    def submit(self) -> bool:
        """Keep the typed prediction; refuse bad input with the reason, storing nothing."""
        label = self._read_label()
        if label is None:
            return False
        text = self.edit.text()
        d_v = self.session.scenario.d_v
        typed = 0
        try:
            if not text.strip():
                self.session.set_prediction(label, None)
            else:
                numbers = vector_numbers(text, "prediction")
                typed = len(numbers)
                self.session.set_prediction(label, numbers)
        except ScenarioError as error:
            # The model's shape message speaks of a value to store; say it for y.
            reason = (
                self.tr("y has %Ln components (d_v = {d_v}), ", "", d_v).format(d_v=d_v)
                + self.tr("but %Ln numbers were typed.", "", typed)
                if typed and typed != d_v
                else shown_message(error)
            )
            self.error.setText(self.tr("Not a prediction of y: {reason}").format(reason=reason))
            self.error.show()
            self._fit()
            self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
            self.edit.selectAll()
            return False
        self.error.hide()
        self.hide()
        return True

    def _fit(self) -> None:
        # Wide enough for the prompt in the theme's font; tall enough for the error.
        self.ensurePolished()
        self.setMinimumWidth(QtGui.QFontMetrics(self.font()).averageCharWidth() * 48)
        self.adjustSize()

    def clear_prediction(self) -> None:
        """Forget the prediction for the read at the cursor."""
        label = self._read_label()
        if label is not None:
            self.session.set_prediction(label, None)
        self.edit.clear()
        self.error.hide()

    def set_theme(self, theme: Theme) -> None:
        """The error in the theme's warning colour."""
        self.error.setStyleSheet(
            f"QLabel#prediction_error {{ color: {theme.warning}; font-weight: bold; }}"
        )
