"""The keyboard's reach into the window: F6 between panels, arrow keys in the key
plane, and Help ▸ Keyboard shortcuts.

- **F6 / Shift+F6** move the focus to the next / previous panel, as in common
  desktop applications (Tab stays for the controls inside a panel). In a
  small window F6 also reaches the compact desk's tabs, where the arrow keys
  (and Home, End) switch the view shown.
- With the **key plane** focused, the arrow keys move the current step's key
  (or query) by 0.1 along the plane's axes, Shift+arrow by 0.5; each press is
  one undoable edit (:func:`linviz.controller.nudge.nudge_vector`).
- **Help ▸ Keyboard shortcuts** lists every action of the window with its keys,
  read from the action registry when the dialog opens (so in the current language).
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.nudge import LARGE_NUDGE, NUDGE, nudge_vector
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.views.error_text import shown_error
from linviz.views.guarded import guarded
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.desk import Desk

#: The panels F6 visits, in reading order (those on screen).
PANEL_ORDER = (
    "heatmap",
    "equation",
    "keys",
    "values",
    "caption",
    "timeline",
    "readout",
    "steps",
    "settings",
    "baseline",
)

_ARROWS = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, 1),
    Qt.Key.Key_Down: (0, -1),
}


def _focusable(widget: QtWidgets.QWidget) -> bool:
    return (
        widget.isVisible()
        and widget.isEnabled()
        and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
    )


def focus_target(widget: QtWidgets.QWidget) -> QtWidgets.QWidget:
    """Where the focus goes when F6 reaches ``widget``: the widget itself if it takes
    the focus, else its first control that does (in tab order), else the widget
    (made focusable).
    """
    if _focusable(widget):
        return widget
    for child in widget.findChildren(QtWidgets.QWidget):
        if _focusable(child) and child.window() is widget.window():
            return child
    widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return widget


class Keyboard(QtCore.QObject):
    """The window's keyboard extras.

    Parameters
    ----------
    session
        The session whose vectors the arrow keys nudge.
    desk
        The desk whose panels F6 visits (and whose key plane takes the arrow keys).
    actions
        Where F6, Shift+F6 and Help ▸ Keyboard shortcuts are declared, and
        what the shortcut help lists.

    Attributes
    ----------
    next_panel_action, previous_panel_action, shortcuts_action : QtGui.QAction
        F6, Shift+F6 and Help ▸ Keyboard shortcuts.
    """

    #: A passing message for the status bar (the panel reached, a nudge refused).
    message = QtCore.Signal(str)

    def __init__(self, session: Session, desk: Desk, actions: ActionRegistry) -> None:
        super().__init__(desk)
        self.session = session
        self.desk = desk
        self.registry = actions
        for name, text, keys, slot, tip, menu, group in (
            (
                "view.next_panel",
                self.tr("Ne&xt panel"),
                "F6",
                lambda: self.cycle(1),
                self.tr("Focus the next panel"),
                "view",
                "panels",
            ),
            (
                "view.previous_panel",
                self.tr("Pre&vious panel"),
                "Shift+F6",
                lambda: self.cycle(-1),
                self.tr("Focus the previous panel"),
                "view",
                "panels",
            ),
            (
                "help.shortcuts",
                self.tr("&Keyboard shortcuts"),
                QtGui.QKeySequence.StandardKey.HelpContents,
                self.show_shortcuts,
                self.tr("Every action and its keys"),
                "help",
                "keys",
            ),
        ):
            spec = ActionSpec(name, text, slot, keys, menu, group, tip=tip, tooltip=True)
            actions.add(spec)
        self.next_panel_action = actions["view.next_panel"]
        self.previous_panel_action = actions["view.previous_panel"]
        self.shortcuts_action = actions["help.shortcuts"]
        # The key plane takes the arrow keys while it has the focus.
        plane = desk.key_plane
        plane.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for widget in (plane, *plane.findChildren(QtWidgets.QWidget)):
            widget.installEventFilter(self)
        self._watched_plane = plane

    # -- F6 ---------------------------------------------------------------------------------
    def panels(self) -> list[QtWidgets.QWidget]:
        """The widgets F6 visits now, in order: the scenario's panels on screen, or the
        open lab's tab bar and page.
        """
        desk = self.desk
        tabs = desk.tabs
        order: list[QtWidgets.QWidget] = []
        if tabs is not None and tabs.currentIndex() > 0:
            order += [tabs.tabBar(), tabs.currentWidget()]
        else:
            order += [desk.panels[n] for n in PANEL_ORDER if n in desk.panels]
            if desk.compact.active:
                order.insert(0, desk.compact.tab_bar)  # a small window's views, one at a time
            if tabs is not None:
                order.insert(0, tabs.tabBar())
        return [w for w in order if w.isVisible()]

    def current_index(self, panels: list[QtWidgets.QWidget]) -> int | None:
        focus = QtWidgets.QApplication.focusWidget()
        for index, panel in enumerate(panels):
            if focus is not None and (focus is panel or panel.isAncestorOf(focus)):
                return index
        return None

    def cycle(self, direction: int) -> QtWidgets.QWidget | None:
        """Focus the next (``direction`` 1) or previous (−1) panel; the one focused."""
        panels = self.panels()
        if not panels:
            return None
        index = self.current_index(panels)
        if index is None:
            index = -1 if direction > 0 else 0
        panel = panels[(index + direction) % len(panels)]
        target = focus_target(panel)
        reason = (
            Qt.FocusReason.TabFocusReason if direction > 0 else Qt.FocusReason.BacktabFocusReason
        )
        target.setFocus(reason)
        self.message.emit(
            self.tr("Panel: {0}").format(
                panel.panel_title() if hasattr(panel, "panel_title") else panel.accessibleName()
            )
        )
        return panel

    # -- arrow keys in the key plane --------------------------------------------------------
    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        kind = event.type()
        if kind == QtCore.QEvent.Type.ChildAdded:
            child = event.child()
            if isinstance(child, QtWidgets.QWidget):
                child.installEventFilter(self)
            return False
        if kind not in (QtCore.QEvent.Type.ShortcutOverride, QtCore.QEvent.Type.KeyPress):
            return False
        step = self._arrow(event)
        if step is None:
            return False
        if kind == QtCore.QEvent.Type.ShortcutOverride:
            event.accept()  # the arrow keys are ours here, not the timeline's
            return True
        self.nudge(*step)
        return True

    def _arrow(self, event: QtGui.QKeyEvent) -> tuple[float, float] | None:
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if modifiers not in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier):
            return None
        direction = _ARROWS.get(Qt.Key(event.key()))
        if direction is None:
            return None
        size = LARGE_NUDGE if modifiers == Qt.KeyboardModifier.ShiftModifier else NUDGE
        return direction[0] * size, direction[1] * size

    def nudge(self, right: float, up: float) -> None:
        """Move the current step's key or query (one undoable edit)."""
        session = self.session
        if session.cursor < 1:
            self.message.emit(self.tr("Step to a write or a read to move its vector."))
            return
        try:
            nudge_vector(session, session.cursor, right, up)
        except ScenarioError as error:
            self.message.emit(shown_error(error))

    # -- Help ▸ Keyboard shortcuts ----------------------------------------------------------
    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(action, keys) for every action of the window with keys (from the action
        registry), then the keys that are not actions; in the current language.
        """
        listed = self.registry.shortcut_rows()
        listed += [
            (self.tr("Next / previous control"), self.tr("Tab, Shift+Tab")),
            (
                self.tr("Move the current key or query (key plane focused)"),
                self.tr("Arrow keys; with Shift, larger steps"),
            ),
            (self.tr("Open a menu"), self.tr("Alt + the underlined letter")),
        ]
        return listed

    def show_shortcuts(self) -> QtWidgets.QDialog:
        """Help ▸ Keyboard shortcuts: a table of every action and its keys."""
        dialog = QtWidgets.QDialog(self.desk.main)
        dialog.setObjectName("shortcuts_dialog")
        dialog.setWindowTitle(self.tr("Keyboard shortcuts"))
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        rows = self.shortcut_rows()
        table = QtWidgets.QTableWidget(len(rows), 2, dialog)
        table.setHorizontalHeaderLabels([self.tr("Action"), self.tr("Keys")])
        table.setAccessibleName(self.tr("Keyboard shortcuts"))
        table.setToolTip(self.tr("Every action of the window and the keys that run it"))
        table.setTabKeyNavigation(False)
        table.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        for row, (name, keys) in enumerate(rows):
            table.setItem(row, 0, QtWidgets.QTableWidgetItem(name))
            table.setItem(row, 1, QtWidgets.QTableWidgetItem(keys))
        table.resizeColumnsToContents()
        table.horizontalHeader().setStretchLastSection(True)
        close = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(dialog.reject)
        for button in close.buttons():
            button.setToolTip(self.tr("Close this list"))
        layout = QtWidgets.QVBoxLayout(dialog)
        layout.addWidget(table)
        layout.addWidget(close)
        # Wide enough for both columns (in French the longest action took 560 px and
        # cut "Touches" off), as far as the window reaches.
        margins = layout.contentsMargins()
        needed = (
            table.horizontalHeader().length()
            + table.verticalScrollBar().sizeHint().width()
            + 2 * table.frameWidth()
            + margins.left()
            + margins.right()
        )
        dialog.resize(min(max(560, needed), max(560, self.desk.main.window().width())), 520)
        dialog.show()
        table.setFocus()
        return dialog
