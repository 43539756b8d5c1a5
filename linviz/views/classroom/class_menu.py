"""Classroom features: predict-then-reveal, and the baseline comparison.

The Class menu hides every read's output until it is revealed (R, or a
click on the hidden area), takes the class's prediction for the read at the
cursor (P) and pins a baseline (B) to compare later edits against: a dock
then shows ``S − S_baseline`` at the cursor and how every read's output
moved. All the state lives in the session; this module only adds the
actions, the prediction box and the baseline panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.report import fmt_vector
from linviz.views.panels.heatmap import HeatmapPanel
from linviz.views.panels.panel import Panel, session_theme
from linviz.views.panels.step_table import vector_numbers
from linviz.views.panels.timeline import label_style
from linviz.views.theme import Theme

if TYPE_CHECKING:
    from linviz.views.main_window import MainWindow

Qt = QtCore.Qt

#: Most reads listed in the baseline panel (the nearest to the cursor): more
#: than anyone reads, and each costs a replay from a checkpoint on every change.
MAX_LISTED_READS = 100


# -- the baseline panel -------------------------------------------------------------
class DifferenceMap(HeatmapPanel):
    """The heatmap's plot and colour bar, showing ``S − S_baseline``.

    Driven by :class:`BaselinePanel` through :meth:`show_matrix`; it never
    redraws ``S`` on its own.
    """

    panel_name = "baseline_map"
    listens_to: frozenset[Change] = frozenset()

    def refresh(self) -> None:
        """Nothing: the baseline panel says what to show."""

    def _apply_theme(self, theme: Theme) -> None:
        super()._apply_theme(theme)
        # A small map in a dock: the row and column numbers say enough.
        plot = self.plot_widget.getPlotItem()
        for name in ("left", "top"):
            plot.getAxis(name).showLabel(False)
        self.color_bar.axis.setLabel(
            self.tr("S − S_baseline"), color=theme.foreground, **{"font-size": f"{theme.font_pt}pt"}
        )


class BaselinePanel(Panel):
    """What changed since the baseline: ``S − S_baseline`` at the cursor and every read.

    Parameters
    ----------
    session
        The session to compare with its pinned baseline.
    parent
        Optional parent widget.

    Attributes
    ----------
    map : DifferenceMap
        The difference heatmap (red: S grew, blue: S shrank; white: unchanged).
    reads : QtWidgets.QTableWidget
        One row per read: label, output with the baseline → output now, change.
    notice : QtWidgets.QLabel
        Shown instead of the map when there is nothing to compare.
    """

    panel_name = "baseline"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.BASELINE})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self._rows: list[tuple[str, str, str, str]] = []
        self._wide: bool | None = None
        self.map = DifferenceMap(session)
        self.notice = QtWidgets.QLabel()
        self.notice.setObjectName("baseline_message")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reads_heading = QtWidgets.QLabel(self.tr("How every read's output moved"))
        self.reads_heading.setWordWrap(True)
        self.reads = QtWidgets.QTableWidget(0, 3)
        self.reads.setHorizontalHeaderLabels(
            [self.tr("read"), self.tr("baseline → now"), self.tr("change Δ")]
        )
        self.reads.verticalHeader().hide()
        self.reads.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.reads.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self.reads.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # arrows stay the timeline's
        self.reads.horizontalHeader().setStretchLastSection(True)
        self.clear_button = QtWidgets.QPushButton(self.tr("Clear baseline"))
        self.clear_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.clear_button.clicked.connect(lambda: self.session.clear_baseline())

        left = QtWidgets.QStackedWidget()
        left.addWidget(self.map)
        left.addWidget(self.notice)
        self._left = left
        right = QtWidgets.QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.reads_heading, 1)
        top.addWidget(self.clear_button)
        right.addLayout(top)
        right.addWidget(self.reads, 1)
        self._layout = QtWidgets.QBoxLayout(QtWidgets.QBoxLayout.Direction.LeftToRight, self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._layout.addWidget(left, 2)
        self._layout.addLayout(right, 3)
        self.refresh()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt name)
        # Side by side in a wide dock, map above the list in a tall one.
        wide = event.size().width() >= 1.2 * event.size().height()
        if wide != self._wide:
            self._wide = wide
            self._layout.setDirection(
                QtWidgets.QBoxLayout.Direction.LeftToRight
                if wide
                else QtWidgets.QBoxLayout.Direction.TopToBottom
            )
        super().resizeEvent(event)

    def panel_title(self) -> str:
        return self.tr("Baseline: what changed")

    # -- for tests and export -----------------------------------------------------
    def shown_difference(self) -> np.ndarray | None:
        """The difference on screen, ``None`` when the message shows instead."""
        if self._left.currentWidget() is not self.map:
            return None
        return self.map.shown_matrix()

    def rows(self) -> list[tuple[str, str, str, str]]:
        """The read list as text: ``(label, baseline, now, change)`` per read."""
        return list(self._rows)

    # -- refresh ---------------------------------------------------------------------
    def _apply_theme(self, theme: Theme) -> None:
        self.setFont(self.font_for(theme.font_pt))
        self.reads.setFont(self.font_for(theme.font_pt))
        self.reads.horizontalHeader().setFont(self.font_for(theme.font_pt * 0.9, bold=True))
        self.reads.verticalHeader().setDefaultSectionSize(
            QtGui.QFontMetrics(self.font_for(theme.font_pt)).height() + 8
        )
        self.reads_heading.setStyleSheet(label_style(theme.muted, theme.font_pt, bold=True))
        self.notice.setStyleSheet(
            f"QLabel#baseline_message {{ color: {theme.muted}; padding: 12px;"
            f" font-size: {round(theme.title_pt)}pt; }}"
        )

    def refresh(self) -> None:
        theme = self.theme
        if self.theme_changed():
            self._apply_theme(theme)
        session = self.session
        if session.baseline is None:
            self._show_message(
                self.tr(
                    "No baseline pinned. Class ▸ Pin baseline (B) keeps the scenario as it is "
                    "now; change something and this shows the difference."
                )
            )
            self._fill_reads([])
            return
        difference = session.baseline_difference()
        if difference is None:
            self._show_message(
                self.tr(
                    "The baseline cannot be compared at this step: it has other sizes, "
                    "or fewer steps."
                )
            )
        else:
            self._left.setCurrentWidget(self.map)
            self.map.show_matrix(
                difference, self.tr("S − S_baseline after step {0}").format(session.cursor)
            )
        if session.dragging:
            return  # the map follows the drag live; the list catches up when it ends
        self._fill_reads(session.baseline_read_deltas(MAX_LISTED_READS))

    def _show_message(self, text: str) -> None:
        self.notice.setText(text)
        self._left.setCurrentWidget(self.notice)

    def _fill_reads(self, deltas: list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]) -> None:
        theme = self.theme
        current = (
            self.session.scenario.label_at(self.session.cursor) if self.session.cursor else None
        )
        self._rows = []
        table = self.reads
        table.setRowCount(len(deltas))
        for row, (label, old, new, delta) in enumerate(deltas):
            moved = bool(np.any(delta != 0))
            texts = (
                label,
                fmt_vector(old),
                fmt_vector(new),
                fmt_vector(delta) if moved else self.tr("unchanged"),
            )
            self._rows.append(texts)
            cells = (label, f"{texts[1]} → {texts[2]}", texts[3])
            for column, text in enumerate(cells):
                item = table.item(row, column)
                if item is None:
                    item = QtWidgets.QTableWidgetItem()
                    table.setItem(row, column, item)
                item.setText(text)
                font = self.font_for(
                    theme.font_pt, bold=label == current or (column == 2 and moved)
                )
                item.setFont(font)
                color = theme.foreground
                if column == 2:
                    color = theme.warning if moved else theme.muted
                item.setForeground(QtGui.QBrush(QtGui.QColor(color)))
        table.resizeColumnsToContents()
        if not deltas:
            self.reads_heading.setText(self.tr("No read to compare yet."))
        else:
            self.reads_heading.setText(self.tr("How every read's output moved"))


# -- the prediction box -----------------------------------------------------------------
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
                    "What will read {label} return? Type y's {count} numbers, e.g. {example}."
                ).format(
                    label=label,
                    count=d_v,
                    example=", ".join(["1.2", "-1.8", "0", "0.5"][:d_v] + ["0"] * max(0, d_v - 4)),
                )
            )
            if not keep_text:
                prediction = self.session.predictions.get(label)
                self.edit.setText("" if prediction is None else fmt_vector(prediction).strip("[]"))
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
                self.tr(
                    "y has {d_v} components (d_v = {d_v}), but {typed} numbers were typed."
                ).format(d_v=d_v, typed=typed)
                if typed and typed != d_v
                else error.message
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


# -- the Class menu ------------------------------------------------------------------------
class Classroom(QtCore.QObject):
    """The Class menu of a window: hide outputs, reveal, predict, pin a baseline.

    The window builds it, puts :attr:`menu` in its menu bar and keeps the
    baseline panel in a dock of its own; this object holds the actions (kept
    enabled as the session allows) and the prediction box.

    Parameters
    ----------
    session
        The session whose outputs are hidden and whose baseline is pinned.
    window
        The main window: parent of the actions (their shortcuts work with
        the menu bar hidden) and of the prediction box; shows the messages.

    Attributes
    ----------
    menu : QtWidgets.QMenu
        Class ▸ …
    prediction_box : PredictionBox
        Where the class's prediction for the read at the cursor is typed.
    """

    def __init__(self, session: Session, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.session = session
        self.hide_action = self._action(
            self.tr("&Hide outputs (predict first)"),
            self.session.set_hide_outputs,
            "Ctrl+H",
            checkable=True,
            tip=self.tr("Hide every read's output until it is revealed"),
        )
        self.reveal_action = self._action(
            self.tr("&Reveal"),
            lambda: self.session.reveal(),
            "R",
            tip=self.tr("Show the output of the read at the cursor"),
        )
        self.predict_action = self._action(
            self.tr("Enter &prediction…"),
            self.open_prediction_box,
            "P",
            tip=self.tr("Type the class's prediction for the read at the cursor"),
        )
        self.pin_action = self._action(
            self.tr("Pin &baseline"),
            self.pin_baseline,
            "B",
            tip=self.tr("Keep the scenario as it is now and show what later edits change"),
        )
        self.clear_action = self._action(
            self.tr("&Clear baseline"), lambda: self.session.clear_baseline()
        )

        self.menu = QtWidgets.QMenu(self.tr("&Class"), window)
        for action in (self.hide_action, self.reveal_action, self.predict_action):
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(self.pin_action)
        self.menu.addAction(self.clear_action)

        self.prediction_box = PredictionBox(self.session, window)
        self.session.changed.connect(self._on_session_changed)
        self._sync({Change.REVEAL, Change.BASELINE, Change.OPTIONS})

    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: str | None = None,
        checkable: bool = False,
        tip: str | None = None,
    ) -> QtGui.QAction:
        action = QtGui.QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QtGui.QKeySequence(shortcut))
            # On the window, not the menu: it works with the menu bar hidden (projector).
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(slot)
        self.window.addAction(action)
        return action

    # -- commands ---------------------------------------------------------------------------
    def open_prediction_box(self) -> None:
        """Class ▸ Enter prediction…"""
        self.prediction_box.open_for_cursor()

    def pin_baseline(self) -> None:
        """Class ▸ Pin baseline."""
        self.session.pin_baseline()
        self.window.show_message(
            self.tr("Baseline pinned: change something and see what it changes.")
        )

    # -- following the session ---------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # the window is gone
            self.session.changed.disconnect(self._on_session_changed)
            return
        self._sync(changes)

    def _sync(self, changes: frozenset[Change] | set[Change]) -> None:
        session = self.session
        with QtCore.QSignalBlocker(self.hide_action):
            self.hide_action.setChecked(session.hide_outputs)
        self.reveal_action.setEnabled(session.is_hidden())
        at_read = session.cursor > 0 and not session.scenario.is_write(session.cursor)
        self.predict_action.setEnabled(at_read)
        self.pin_action.setEnabled(len(session.scenario) > 0)
        self.clear_action.setEnabled(session.baseline is not None)
        if Change.OPTIONS in changes:
            self.prediction_box.set_theme(session_theme(session))
