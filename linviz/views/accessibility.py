"""What assistive technology reads: accessible names, descriptions and tooltips.

:class:`Accessibility` (built by the window, given its desk) gives

- every panel and its frame an accessible name (its title);
- every control without one an accessible name from the label it is the buddy
  of (or sits beside in a form), else its text, placeholder or tooltip, and a
  tooltip from its name when it has none;
- the heatmap an accessible description stating ``S`` at the step in words,
  and the readout one stating the output and the error, kept up to date.

Names it fills are marked (property ``linviz_auto_name``) and filled anew when
the language changes or a lab is first shown; names a panel set itself are kept.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.norms import largest_finite
from linviz.views.call_soon import call_soon
from linviz.views.guarded import guarded
from linviz.views.number_text import grouped, shown_number
from linviz.views.shell.desk import Desk

if TYPE_CHECKING:
    import numpy as np

#: The controls that must carry a name and a tooltip.
CONTROLS = (
    QtWidgets.QAbstractButton,
    QtWidgets.QLineEdit,
    QtWidgets.QComboBox,
    QtWidgets.QAbstractSpinBox,
    QtWidgets.QSlider,
    QtWidgets.QTableView,
    QtWidgets.QListView,
    QtWidgets.QTreeView,
    QtWidgets.QTabBar,
)
#: Matrices up to this many entries are read out entry by entry.
SPOKEN_ENTRIES = 16
#: ``at`` for a number the user wrote: it is said however small.
WRITTEN = 0.0
_AUTO = "linviz_auto_name"
_AUTO_TIP = "linviz_auto_tip"
_TAG = re.compile(r"<[^>]+>")


def internal(widget: QtWidgets.QWidget) -> bool:
    """Parts Qt builds inside its own widgets (a spin box's editor, a tab bar's
    scroll arrows): Qt names them, their owner carries the name.
    """
    name = widget.objectName()
    parent = widget.parentWidget()
    if parent is not None and parent.inherits("QComboBoxPrivateContainer"):
        return True  # a combo box's drop-down list
    return name.startswith("qt_spinbox") or name in (
        "ScrollLeftButton",
        "ScrollRightButton",
        "qt_menubar_ext_button",
        "qt_tableview_cornerbutton",
    )


def plain(text: str) -> str:
    """Rich or mnemonic text as words: no tags, no ``&``, one line."""
    text = html.unescape(_TAG.sub(" ", text.replace("<br>", " ")))
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return " ".join(text.split())


def _labels_by_buddy(root: QtWidgets.QWidget) -> dict[int, str]:
    found: dict[int, str] = {}
    for label in root.findChildren(QtWidgets.QLabel):
        buddy = label.buddy()
        if buddy is not None and label.text():
            found[id(buddy)] = plain(label.text())
    for form in root.findChildren(QtWidgets.QFormLayout):
        for row in range(form.rowCount()):
            label_item = form.itemAt(row, QtWidgets.QFormLayout.ItemRole.LabelRole)
            field_item = form.itemAt(row, QtWidgets.QFormLayout.ItemRole.FieldRole)
            if label_item is None or field_item is None:
                continue
            label, field = label_item.widget(), field_item.widget()
            if isinstance(label, QtWidgets.QLabel) and field is not None and label.text():
                found.setdefault(id(field), plain(label.text()))
    return found


class Accessibility(QtCore.QObject):
    """Names, descriptions and tooltips for the window (see the module's notes).

    Parameters
    ----------
    session
        The session the descriptions state.
    desk
        The desk: its panels, its window's controls and its tabs get the names.
    """

    def __init__(self, session: Session, desk: Desk) -> None:
        super().__init__(desk)
        self.session = session
        self.desk = desk
        #: Every control of this window is named (its menus, docks and dialogs too).
        self.root = desk.main
        session.changed.connect(self._session_changed)
        if desk.tabs is not None:
            desk.tabs.currentChanged.connect(lambda _index: self.fill())
        self.root.installEventFilter(self)
        self.fill()
        self.describe()

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.LanguageChange and watched is self.root:
            call_soon(self, self.refill)
        return False

    def _session_changed(self, changes: frozenset[Change]) -> None:
        if not changes & {Change.SCENARIO, Change.CURSOR, Change.FILE}:
            return
        # A drag's frames are not described one by one (at d = 64 a read's words
        # print 192 numbers a frame); its end, kept or cancelled, is.
        if not self.session.dragging:
            self.describe()

    # -- names and tooltips -----------------------------------------------------------------
    def refill(self) -> None:
        """Fill every name and tooltip again (after a change of language)."""
        for widget in self.root.findChildren(QtWidgets.QWidget):
            if widget.property(_AUTO):
                widget.setAccessibleName("")
            if widget.property(_AUTO_TIP):
                widget.setToolTip("")
        self.fill()
        self.describe()

    def fill(self) -> None:
        """Name every panel and control that has no name yet; tooltips where missing."""
        root, desk = self.root, self.desk
        for name, panel in desk.panels.items():
            title = plain(panel.panel_title())
            self._name(panel, title)
            frame = desk.panel_frame(name)
            if frame is not panel:
                self._name(frame, title)
        if desk.tabs is not None:
            labs_bar = desk.tabs.tabBar()
            self._name(labs_bar, self.tr("The scenario and the labs"))
            self._tip(labs_bar, self.tr("Ctrl+1 … Ctrl+6 open a tab"))
        for bar in root.findChildren(
            QtWidgets.QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly
        ):
            self._name(bar, self.tr("Docked panels"))
            self._tip(bar, self.tr("The panels sharing this place at the bottom: one tab each"))
        for dock in root.findChildren(QtWidgets.QDockWidget):
            for button in dock.findChildren(QtWidgets.QAbstractButton):
                if button.objectName() == "qt_dockwidget_closebutton":
                    self._tip(button, self.tr("Hide this panel (View menu shows it again)"))
                    self._name(button, self.tr("Hide {0}").format(plain(dock.windowTitle())))
                elif button.objectName() == "qt_dockwidget_floatbutton":
                    self._tip(button, self.tr("Detach this panel into its own window"))
                    self._name(button, self.tr("Detach {0}").format(plain(dock.windowTitle())))
        steps = desk.panels.get("steps")
        if steps is not None:
            self._name(steps.table, self.tr("Steps of the scenario"))
            self._tip(
                steps.table,
                self.tr("One row per step: arrows move, F2 edits a cell, Tab leaves the table"),
            )
        buddies = _labels_by_buddy(root)
        for widget in root.findChildren(QtWidgets.QWidget):
            if not isinstance(widget, CONTROLS) or internal(widget):
                continue
            if not widget.accessibleName():
                name = buddies.get(id(widget)) or self._own_words(widget)
                if name:
                    self._name(widget, name)
            if not widget.toolTip() and widget.accessibleName():
                self._tip(widget, widget.accessibleName())

    @staticmethod
    def _own_words(widget: QtWidgets.QWidget) -> str:
        if isinstance(widget, QtWidgets.QAbstractButton) and widget.text():
            return plain(widget.text())
        if isinstance(widget, QtWidgets.QLineEdit) and widget.placeholderText():
            return plain(widget.placeholderText())
        tip = plain(widget.toolTip()).split(". ")[0]
        if len(tip) > 60:  # a name, not the whole explanation
            cut = min((tip.find(mark) for mark in (":", " (", ",") if mark in tip), default=-1)
            tip = tip[:cut] if cut > 0 else tip
        return tip

    @staticmethod
    def _name(widget: QtWidgets.QWidget, name: str) -> None:
        if widget.accessibleName() and not widget.property(_AUTO):
            return
        widget.setAccessibleName(name)
        widget.setProperty(_AUTO, True)

    @staticmethod
    def _tip(widget: QtWidgets.QWidget, tip: str) -> None:
        if widget.toolTip() and not widget.property(_AUTO_TIP):
            return
        widget.setToolTip(tip)
        widget.setProperty(_AUTO_TIP, True)

    # -- descriptions -----------------------------------------------------------------------
    def describe(self) -> None:
        """The heatmap's and the readout's descriptions for the current step."""
        panels = self.desk.panels
        heatmap, readout = panels.get("heatmap"), panels.get("readout")
        if heatmap is not None:
            heatmap.setAccessibleDescription(self.state_words())
        if readout is not None:
            readout.setAccessibleDescription(self.read_words())

    def _numbers(self, values: np.ndarray, at: float | None = None) -> str:
        """The numbers of ``values`` (``at``: as
        :func:`~linviz.views.number_text.shown_number` takes it).
        """
        return self.tr(", ").join(shown_number(float(v), at=at) for v in values)

    def state_words(self) -> str:
        """``S`` at the cursor in words: each entry when few, else its size and extremes."""
        session = self.session
        snap = session.snapshot()
        state = snap.state
        rows, columns = state.shape
        if session.cursor == 0:
            where = self.tr("S before any step")
        else:
            step = session.scenario.step(session.cursor)
            where = (
                self.tr("S after step {0}, write {1}")
                if step.is_write
                else self.tr("S at step {0}, read {1}")
            ).format(grouped(session.cursor), step.label)
        size = self.tr("{0} rows by {1} columns").format(rows, columns)
        if not state.any():
            return self.tr("{0}: {1}, every entry 0.").format(where, size)
        # Residue beside S's largest entry, as the heatmap's colours and {S} say it.
        at = largest_finite(state)
        if state.size <= SPOKEN_ENTRIES:
            lines = [
                self.tr("row {0}: {1}").format(index + 1, self._numbers(row, at))
                for index, row in enumerate(state)
            ]
            return self.tr("{0}: {1}. {2}.").format(where, size, self.tr("; ").join(lines))
        return self.tr("{0}: {1}; entries from {2} to {3}.").format(
            where,
            size,
            shown_number(float(state.min()), at=at),
            shown_number(float(state.max()), at=at),
        )

    def read_words(self) -> str:
        """The read at the cursor in words: its output, its target and its error."""
        session = self.session
        if session.cursor == 0:
            return self.tr("Nothing written yet: every read returns zeros.")
        snap = session.snapshot()
        result = snap.read
        step = session.scenario.step(session.cursor)
        if result is None:
            return self.tr("Step {0} writes {1}: key {2}, value {3}.").format(
                grouped(session.cursor),
                step.label,
                f"[{self._numbers(step.vector, WRITTEN)}]",
                f"[{self._numbers(step.value, WRITTEN)}]",
            )
        if session.is_hidden():
            return self.tr("Read {0}: the output is hidden until revealed.").format(step.label)
        output = f"[{self._numbers(result.output, result.scale)}]"
        if result.target is None or result.expected is None:
            return self.tr("Read {0}: output y = {1}; no earlier write to retrieve.").format(
                step.label, output
            )
        error = (
            self.tr("relative error {0} %").format(shown_number(100 * result.relative_error))
            if result.relative_error is not None
            else self.tr("no relative error (the target is zero)")
        )
        return self.tr(
            "Read {0}: output y = {1}; target {2} expects {3}; error y − v_target {4}; {5}."
        ).format(
            step.label,
            output,
            result.target,
            f"[{self._numbers(result.expected, WRITTEN)}]",
            f"[{self._numbers(result.interference, result.scale)}]",
            error,
        )
