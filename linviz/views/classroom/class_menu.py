"""The Class menu: hide outputs (predict first), reveal, enter a prediction, try a vector,
pin a baseline.

The Class menu hides every read's output until it is revealed (R, or a
click on the hidden area), takes the class's prediction for the read at the
cursor (P) and pins a baseline (B) to compare later edits against; the
window then shows the baseline panel in a dock. All the state lives in the
session; this module holds the actions. The boxes and dialogs they open are
built (and their modules imported) the first time they are opened: the menu
is on screen from the start, what it opens seldom is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.panels.panel import session_theme

if TYPE_CHECKING:
    from linviz.controller.lab_record import LabNotebook
    from linviz.views.classroom.lab_notebook import LabNotebookDialog
    from linviz.views.classroom.prediction_box import PredictionBox
    from linviz.views.classroom.try_vector import TryVectorBox
    from linviz.views.main_window import MainWindow

Qt = QtCore.Qt


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
        Where the class's prediction for the read at the cursor is typed
        (built the first time it is asked for).
    notebook : LabNotebook
        The lab entries of this session (built the first time it is asked for).
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
        self.lab_action = self._action(
            self.tr("&Lab notebook…"),
            self.open_lab_notebook,
            "L",
            tip=self.tr(
                "The causal lab: what changed since the baseline, the room's prediction, "
                "the result and its explanation"
            ),
        )
        self.try_action = self._action(
            self.tr("Try a &vector…"),
            self.open_try_box,
            "T",
            tip=self.tr(
                "Type a key, query or value and see whether it fits S, large: "
                "nothing in the scenario changes"
            ),
        )
        # Each built the first time it is asked for (see the properties and methods).
        self._notebook: LabNotebook | None = None
        self._prediction_box: PredictionBox | None = None
        self._lab_dialog: LabNotebookDialog | None = None
        self._try_box: TryVectorBox | None = None

        self.menu = QtWidgets.QMenu(self.tr("&Class"), window)
        for action in (
            self.hide_action,
            self.reveal_action,
            self.predict_action,
            self.try_action,
        ):
            self.menu.addAction(action)
        self.menu.addSeparator()
        self.menu.addAction(self.pin_action)
        self.menu.addAction(self.clear_action)
        self.menu.addAction(self.lab_action)

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

    # -- the parts built on first use ---------------------------------------------------------
    @property
    def notebook(self) -> LabNotebook:
        """The lab entries of this session (the Lab notebook shows and exports them)."""
        if self._notebook is None:
            from linviz.controller.lab_record import LabNotebook

            self._notebook = LabNotebook(self.session)
        return self._notebook

    @property
    def prediction_box(self) -> PredictionBox:
        """The box the class's prediction is typed in, built the first time it is asked for."""
        if self._prediction_box is None:
            from linviz.views.classroom.prediction_box import PredictionBox

            box = self._prediction_box = PredictionBox(self.session, self.window)
            box.set_theme(session_theme(self.session))
            # Its buttons' names and tooltips, as every control of the window has.
            self.window.accessibility.fill()
        return self._prediction_box

    # -- commands ---------------------------------------------------------------------------
    def open_prediction_box(self) -> None:
        """Class ▸ Enter prediction…"""
        self.prediction_box.open_for_cursor()

    def try_box(self) -> TryVectorBox:
        """The Try a vector box, built the first time it is asked for."""
        if self._try_box is None:
            from linviz.views.classroom.try_vector import TryVectorBox

            self._try_box = TryVectorBox(self.session, self.window)
        return self._try_box

    def open_try_box(self) -> None:
        """Class ▸ Try a vector…"""
        self.try_box().open_box()

    def lab_notebook(self) -> LabNotebookDialog:
        """The Lab notebook dialog, built the first time it is asked for."""
        if self._lab_dialog is None:
            from linviz.views.classroom.lab_notebook import LabNotebookDialog

            self._lab_dialog = LabNotebookDialog(self.session, self.notebook, self.window)
            self._lab_dialog.set_theme(session_theme(self.session))
        return self._lab_dialog

    def open_lab_notebook(self) -> None:
        """Class ▸ Lab notebook…"""
        dialog = self.lab_notebook()
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

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
            if self._prediction_box is not None:
                self._prediction_box.set_theme(session_theme(session))
            if self._lab_dialog is not None:
                self._lab_dialog.set_theme(session_theme(session))
