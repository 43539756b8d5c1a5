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

from typing import TYPE_CHECKING

import shiboken6
from PySide6 import QtCore

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.panels.panel import session_theme
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.desk import Desk

if TYPE_CHECKING:
    from linviz.controller.lab_record import LabNotebook
    from linviz.views.classroom.lab_notebook import LabNotebookDialog
    from linviz.views.classroom.prediction_box import PredictionBox
    from linviz.views.classroom.try_vector import TryVectorBox

Qt = QtCore.Qt


class Classroom(QtCore.QObject):
    """The Class menu of a window: hide outputs, reveal, predict, pin a baseline.

    The window builds it; its actions (kept enabled as the session allows)
    are declared in the menu ``class``; the desk keeps the baseline panel
    in a dock of its own. This object holds the boxes the actions open.

    Parameters
    ----------
    session
        The session whose outputs are hidden and whose baseline is pinned.
    desk
        The desk: its window is the parent of the boxes and dialogs.
    actions
        Where the Class menu and its entries are declared.

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

    #: A passing message for the status bar.
    message = QtCore.Signal(str)
    #: Controls were built (a box): they want their accessible names.
    built = QtCore.Signal()

    def __init__(self, session: Session, desk: Desk, actions: ActionRegistry) -> None:
        super().__init__(desk)
        self.desk = desk
        self.session = session
        self.menu = actions.declare_menu("class", self.tr("&Class"), ("outputs", "baseline"))
        at_read = lambda: session.cursor > 0 and not session.scenario.is_write(session.cursor)  # noqa: E731
        specs = (
            ActionSpec(
                "class.hide",
                self.tr("&Hide outputs (predict first)"),
                session.set_hide_outputs,
                "Ctrl+H",
                "class",
                "outputs",
                checkable=True,
                tooltip=True,
                tip=self.tr("Hide every read's output until it is revealed"),
                checked_when=lambda: session.hide_outputs,
            ),
            ActionSpec(
                "class.reveal",
                self.tr("&Reveal"),
                lambda: session.reveal(),
                "R",
                "class",
                "outputs",
                tip=self.tr("Show the output of the read at the cursor"),
                tooltip=True,
                presenter=True,
                enabled_when=session.is_hidden,
            ),
            ActionSpec(
                "class.predict",
                self.tr("Enter &prediction…"),
                self.open_prediction_box,
                "P",
                "class",
                "outputs",
                tooltip=True,
                enabled_when=at_read,
                tip=self.tr("Type the class's prediction for the read at the cursor"),
            ),
            ActionSpec(
                "class.try",
                self.tr("Try a &vector…"),
                self.open_try_box,
                "T",
                "class",
                "outputs",
                tooltip=True,
                tip=self.tr(
                    "Type a key, query or value and see whether it fits S, large: "
                    "nothing in the scenario changes"
                ),
            ),
            ActionSpec(
                "class.pin",
                self.tr("Pin &baseline"),
                self.pin_baseline,
                "B",
                "class",
                "baseline",
                tooltip=True,
                presenter=True,
                tip=self.tr("Keep the scenario as it is now and show what later edits change"),
                enabled_when=lambda: len(session.scenario) > 0,
            ),
            ActionSpec(
                "class.clear",
                self.tr("&Clear baseline"),
                lambda: session.clear_baseline(),
                menu="class",
                group="baseline",
                enabled_when=lambda: session.baseline is not None,
            ),
            ActionSpec(
                "class.lab",
                self.tr("&Lab notebook…"),
                self.open_lab_notebook,
                "L",
                "class",
                "baseline",
                tooltip=True,
                presenter=True,
                tip=self.tr(
                    "The causal lab: what changed since the baseline, the room's prediction, "
                    "the result and its explanation"
                ),
            ),
        )
        made = {spec.id: actions.add(spec) for spec in specs}
        self.hide_action, self.reveal_action = made["class.hide"], made["class.reveal"]
        self.predict_action, self.try_action = made["class.predict"], made["class.try"]
        self.pin_action, self.clear_action = made["class.pin"], made["class.clear"]
        self.lab_action = made["class.lab"]
        # Each built the first time it is asked for (see the properties and methods).
        self._notebook: LabNotebook | None = None
        self._prediction_box: PredictionBox | None = None
        self._lab_dialog: LabNotebookDialog | None = None
        self._try_box: TryVectorBox | None = None
        self.session.changed.connect(self._on_session_changed)

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

            box = self._prediction_box = PredictionBox(self.session, self.desk.main)
            box.set_theme(session_theme(self.session))
            # Its buttons' names and tooltips, as every control of the window has.
            self.built.emit()
        return self._prediction_box

    # -- commands ---------------------------------------------------------------------------
    def open_prediction_box(self) -> None:
        """Class ▸ Enter prediction…"""
        self.prediction_box.open_for_cursor()

    def try_box(self) -> TryVectorBox:
        """The Try a vector box, built the first time it is asked for."""
        if self._try_box is None:
            from linviz.views.classroom.try_vector import TryVectorBox

            self._try_box = TryVectorBox(self.session, self.desk.main)
        return self._try_box

    def open_try_box(self) -> None:
        """Class ▸ Try a vector…"""
        self.try_box().open_box()

    def lab_notebook(self) -> LabNotebookDialog:
        """The Lab notebook dialog, built the first time it is asked for."""
        if self._lab_dialog is None:
            from linviz.views.classroom.lab_notebook import LabNotebookDialog

            self._lab_dialog = LabNotebookDialog(self.session, self.notebook, self.desk.main)
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
        self.message.emit(self.tr("Baseline pinned: change something and see what it changes."))

    # -- following the session ---------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # the window is gone
            self.session.changed.disconnect(self._on_session_changed)
            return
        session = self.session
        if Change.OPTIONS in changes:
            if self._prediction_box is not None:
                self._prediction_box.set_theme(session_theme(session))
            if self._lab_dialog is not None:
                self._lab_dialog.set_theme(session_theme(session))
