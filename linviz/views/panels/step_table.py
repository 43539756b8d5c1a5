"""The table of steps: every write and read, edited by typing.

The table model reads the session's scenario directly (no copy), so it has
one row per step however many there are and Qt only asks for the rows in
view. An edit builds a new step and runs it as one undoable command; input
the model refuses (wrong length, not a number, not finite, duplicate label,
bad target) is shown under the table and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.commands import InsertStep, MoveStep, RemoveStep
from linviz.controller.session import Session
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.scenario import read, write
from linviz.views.drawing.step_delegate import (
    StepDelegate,
)
from linviz.views.drawing.step_table_painter import StyleLooks, paint_cells
from linviz.views.error_text import shown_error, shown_message, shown_place
from linviz.views.guarded import guarded, guarded_paint_event
from linviz.views.number_text import grouped
from linviz.views.panels.panel import Panel
from linviz.views.panels.step_table_model import (
    LABEL,
    NUMBER,
    OP,
    StepTableModel,
)
from linviz.views.plain_text import plain_tooltip
from linviz.views.shell.actions import ActionSpec, Keys, key_sequences, make_action
from linviz.views.undo_words import Words

Qt = QtCore.Qt
#: The widest label the label column widens to fit by itself (longer ones end in "…").
LABEL_FIT_CHARS = 12

#: The names of the edits the buttons make (Edit ▸ Undo …), said in the language shown.
_CONTEXT = "StepEditorPanel"
_ADD_WRITE = QT_TRANSLATE_NOOP("StepEditorPanel", "add write {label}")
_ADD_READ = QT_TRANSLATE_NOOP("StepEditorPanel", "add read {label}")
_DUPLICATE = QT_TRANSLATE_NOOP("StepEditorPanel", "duplicate {label}")
_DELETE = QT_TRANSLATE_NOOP("StepEditorPanel", "delete {label}")


#: Changes after which the style may paint the rows under the cells differently.
_RESTYLED = frozenset(
    {
        QtCore.QEvent.Type.StyleChange,
        QtCore.QEvent.Type.PaletteChange,
        QtCore.QEvent.Type.EnabledChange,
        QtCore.QEvent.Type.FontChange,
    }
)

#: Key names as the language in use writes them.
NATIVE = QtGui.QKeySequence.SequenceFormat.NativeText


class StepTableView(QtWidgets.QTableView):
    """The table; keeps the window-wide step keys (Left/Right …) for the timeline."""

    #: Whether a focus-in is being handled (Qt may make the first row current then).
    focusing = False

    @guarded()
    def focusInEvent(self, event: QtGui.QFocusEvent) -> None:
        # Qt makes the first cell current when a table without one gets the focus:
        # at step 0 (no row) that must not move the cursor to step 1.
        self.focusing = True
        try:
            super().focusInEvent(event)
        finally:
            self.focusing = False
        panel = self.parent()
        if isinstance(panel, StepEditorPanel):
            panel._select_cursor_row()

    @guarded_paint_event
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        # Qt would call the delegate once per visible cell, from C++; the cells
        # are painted here in one pass instead (the same pixels), unless the
        # table is in a state that pass does not paint exactly.
        delegate = self.itemDelegate()
        if isinstance(delegate, StepDelegate):
            delegate.prepare(self)
            model = self.model()
            if (
                self.paint_in_one_pass
                and model is delegate.model
                and paint_cells(self, event, delegate, model, self._style_looks, self._has_spans)
            ):
                return
        super().paintEvent(event)

    @guarded()
    def changeEvent(self, event: QtCore.QEvent) -> None:
        # A new style sheet or palette may paint the rows under the cells anew
        # (the looks do not exist yet while QTableView's constructor runs).
        looks = getattr(self, "_style_looks", None)
        if looks is not None and event.type() in _RESTYLED:
            looks.clear()
        super().changeEvent(event)

    def setSpan(
        self,
        row: int,
        column: int,
        row_span: int,
        column_span: int,
    ) -> None:
        """As QTableView's; a table with spans is painted by Qt (see :meth:`paintEvent`)."""
        self._has_spans = True
        super().setSpan(row, column, row_span, column_span)

    def clearSpans(self) -> None:
        """As QTableView's."""
        self._has_spans = False
        super().clearSpans()

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        #: Paint the visible cells in one pass (False: cell by cell, through Qt).
        self.paint_in_one_pass = True
        self._style_looks = StyleLooks()
        self._has_spans = False
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(
            QtWidgets.QAbstractItemView.EditTrigger.DoubleClicked
            | QtWidgets.QAbstractItemView.EditTrigger.EditKeyPressed
            | QtWidgets.QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.setAlternatingRowColors(True)
        # Tab leaves the table for the next control (the arrow keys move between cells).
        self.setTabKeyNavigation(False)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        # Fixed row heights: a 100,000-row table never measures its rows.
        self.verticalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setStretchLastSection(True)
        self.horizontalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Interactive)


class StepEditorPanel(Panel):
    """The table of steps with add, duplicate, delete and move buttons.

    A refused edit is explained in :attr:`message_label` under the table and
    emitted on :attr:`message` (the main window's status bar listens).
    """

    panel_name = "steps"
    refreshes_hidden = True  # its actions, enabled by step, work while it is hidden
    #: An edit was refused: where (``step 1, field 'key'``, maybe empty) and why, both
    #: in the language shown (projector mode shows them large).
    refusal = QtCore.Signal(str, str)
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        #: The step count the number and label columns were last fitted to (-1: not yet).
        self._columns_fitted_for = -1
        self.model = StepTableModel(session, self)
        self.model.refused.connect(self.show_refusal)
        self.table = StepTableView(self)
        self.table.setModel(self.model)
        self.delegate = StepDelegate(self.model, self.table)
        self.table.setItemDelegate(self.delegate)
        # A selected row spans every column, so each step selected would repaint
        # the whole header (it draws selected columns highlighted); whole-row
        # selection highlights no column, so the header follows its own.
        header = self.table.horizontalHeader()
        header.setSelectionModel(QtCore.QItemSelectionModel(self.model, header))
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)
        # The scroll bar moves on every cursor move. Its handle's rounded corners
        # let the background through, so Qt repainted the dock and the window
        # behind it first (0.4 ms of a scrub, more than the bar); filling its own
        # background (the same colour) spares them, with the same pixels.
        self.table.verticalScrollBar().setAutoFillBackground(True)

        #: Each action with its spec: Edit ▸ …, beside the buttons that show them.
        self.made_actions: list[tuple[ActionSpec, QtGui.QAction]] = []
        # The first three act on the current step, which every panel follows:
        # window-wide keys. Their object names (in English, whatever the
        # language) are stable: the buttons are found by them.
        self.add_write_action = self._action(
            "Add write",
            self.tr("Add &write"),
            self.tr("Insert a write after the current step"),
            self.add_write,
            "Ctrl+Shift+W",
            window_wide=True,
        )
        self.add_read_action = self._action(
            "Add read",
            self.tr("Add r&ead"),
            self.tr("Insert a read after the current step"),
            self.add_read,
            "Ctrl+Shift+R",
            window_wide=True,
        )
        self.duplicate_action = self._action(
            "Duplicate",
            self.tr("Dupli&cate"),
            self.tr("Copy the current step just after it"),
            self.duplicate,
            "Ctrl+Shift+D",
            window_wide=True,
        )
        self.delete_action = self._action(
            "Delete",
            self.tr("&Delete"),
            self.tr("Delete the current step"),
            self.delete,
            QtGui.QKeySequence.StandardKey.Delete,
        )
        self.move_up_action = self._action(
            "Move up",
            self.tr("Move u&p"),
            self.tr("Move the current step one earlier"),
            lambda: self.move(-1),
            "Alt+Up",
        )
        self.move_down_action = self._action(
            "Move down",
            self.tr("Move dow&n"),
            self.tr("Move the current step one later"),
            lambda: self.move(1),
            "Alt+Down",
        )
        buttons = QtWidgets.QHBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[str, QtWidgets.QToolButton] = {}
        for action in self.actions():
            button = QtWidgets.QToolButton(self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            buttons.addWidget(button)
            self.buttons[action.objectName()] = button
        buttons.addStretch(1)

        self.message_label = QtWidgets.QLabel(self)
        self.message_label.setWordWrap(True)
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_label.hide()

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message_label)
        self._syncing = False
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Steps")

    def _action(
        self,
        name: str,
        text: str,
        tip: str,
        slot: Callable[[], object],
        shortcut: Keys,
        window_wide: bool = False,
    ) -> QtGui.QAction:
        keys = key_sequences(shortcut)
        spec = ActionSpec(
            f"edit.{name.lower().replace(' ', '_')}",
            text,
            slot,
            shortcut,
            "edit",
            "steps",
            # The others only while the table has focus: Delete must not eat keys elsewhere.
            context=Qt.ShortcutContext.WindowShortcut
            if window_wide
            else Qt.ShortcutContext.WidgetWithChildrenShortcut,
            # The keys named as the language names them ("Ctrl+Maj+W" in French), as
            # the transport's tooltips and a switch of language name them.
            tooltip=f"{tip} ({keys[0].toString(NATIVE)})" if window_wide else tip,
        )
        action = make_action(spec, self)
        action.setObjectName(name)
        self.addAction(action)
        self.made_actions.append((spec, action))
        return action

    # -- following the session --------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if Change.SCENARIO in changes:
            self.model.scenario_changed(self.session.dragged_step, self._numbers_in_view())
            self.clear_message()
        elif Change.REVEAL in changes:
            self.model.scenario_changed()  # hidden reads' captions show or hide
        super()._on_session_changed(changes)

    def _numbers_in_view(self) -> range:
        """The step numbers of the rows the table shows now (some maybe in part);
        none while it is hidden (in a closed dock or a tab behind another).
        """
        table = self.table
        if not table.isVisible():
            return range(0)
        first = table.rowAt(0)
        if first < 0:
            return range(0)
        last = table.rowAt(table.viewport().height() - 1)
        last = self.model.rowCount() - 1 if last < 0 else last
        return range(first + 1, last + 2)

    def refresh(self) -> None:
        theme = self.theme
        if self.theme_changed():
            self.setFont(self.font_for(theme.font_pt))
            # Headers take the platform's header font unless told otherwise.
            self.table.horizontalHeader().setFont(self.font_for(theme.font_pt * 0.9, bold=True))
            self.model.set_colors(theme.write, theme.read, theme.muted)
            self.message_label.setStyleSheet(
                f"color: {theme.warning}; font-size: {round(theme.font_pt)}pt; font-weight: bold;"
            )
            self._size_columns()
        count = len(self.session.scenario)
        if count != self._columns_fitted_for:
            self._fit_columns()
        self._select_cursor_row()
        cursor = self.session.cursor
        for action in (self.duplicate_action, self.delete_action):
            action.setEnabled(cursor > 0)
        self.move_up_action.setEnabled(cursor > 1)
        self.move_down_action.setEnabled(0 < cursor < count)

    def retranslate(self) -> None:
        super().retranslate()
        # Cells are cached texts: "W write", numbers, captions in the language shown.
        self.model.scenario_changed()
        self.model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1
        )

    def _size_columns(self) -> None:
        metrics = QtGui.QFontMetrics(self.font())
        header = self.table.horizontalHeader()
        samples = (
            "99999",
            "",
            "label",
            "[0.8, 0.6, 0.0]",
            "[-2, 4, 0.0]",
            "target",
            "α = 0.9, β = 1",
        )
        for column, sample in enumerate(samples):
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 24)
        # The op column as wide as its words in the language shown, in bold as drawn
        # ("É écriture" was cut to "É écrit…" in French).
        bold = QtGui.QFont(self.font())
        bold.setBold(True)
        widest = max(map(QtGui.QFontMetrics(bold).horizontalAdvance, self.model.op_texts()))
        header.resizeSection(OP, widest + 24)
        self.table.verticalHeader().setDefaultSectionSize(metrics.height() + 8)
        self._fit_columns()

    def _fit_columns(self) -> None:
        """Widen the number column to the last step's number, the label column to the
        longest write's label (up to :data:`LABEL_FIT_CHARS` characters), if narrower.

        Sized for "99999" and "label" at first: a million steps' "1,000,000"
        was cut to "10000…", "w999999" to "w99…". Never narrowed here: the
        user may have widened them. (The longest labels are the heatmap
        legend's, worked out once per change.)
        """
        scenario = self.session.scenario
        self._columns_fitted_for = len(scenario)
        advance = QtGui.QFontMetrics(self.font()).horizontalAdvance
        needed = {NUMBER: advance(grouped(len(scenario))) + 24}
        longest = scenario.longest_write_labels()  # the heatmap legend's call: kept
        if longest:
            needed[LABEL] = min(advance(longest[-1]), advance("m" * LABEL_FIT_CHARS)) + 24
        header = self.table.horizontalHeader()
        for column, width in needed.items():
            if header.sectionSize(column) < width:
                header.resizeSection(column, width)

    def _select_cursor_row(self) -> None:
        row = self.session.cursor - 1
        current = self.table.currentIndex()
        if row < 0:
            # Step 0, the empty memory, has no row: none is selected or current.
            if current.isValid() or self.table.selectionModel().hasSelection():
                self._syncing = True
                try:
                    self.table.selectionModel().clear()
                finally:
                    self._syncing = False
            return
        if current.isValid() and current.row() == row:
            return
        self._syncing = True
        try:
            index = self.model.index(row, current.column() if current.isValid() else LABEL)
            self.table.selectionModel().setCurrentIndex(
                index,
                QtCore.QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QtCore.QItemSelectionModel.SelectionFlag.Rows,
            )
            self.table.scrollTo(index)
        finally:
            self._syncing = False

    def _row_selected(self, current: QtCore.QModelIndex, previous: QtCore.QModelIndex) -> None:
        if not self._syncing and not self.table.focusing and current.isValid():
            self.session.set_cursor(current.row() + 1)

    # -- messages -------------------------------------------------------------------
    def show_refusal(self, error: ScenarioError, index: QtCore.QModelIndex | None = None) -> None:
        """Show why an edit was refused, under the table and as a tooltip."""
        message = shown_error(error)
        self.message_label.setText(message)
        self.message_label.setToolTip(plain_tooltip(message))
        self.message_label.show()
        self.message.emit(message)
        self.refusal.emit(shown_place(error), shown_message(error))
        if index is not None and index.isValid():
            viewport = self.table.viewport()
            spot = self.table.visualRect(index).bottomLeft()
            tip = plain_tooltip(message)
            QtWidgets.QToolTip.showText(viewport.mapToGlobal(spot), tip, viewport)

    def clear_message(self) -> None:
        """Hide the last refusal."""
        if self.message_label.isHidden() and not self.message_label.text():
            return  # none shown: clearing again cost ~0.09 ms on every frame of a drag
        self.message_label.clear()
        self.message_label.setToolTip("")
        self.message_label.hide()

    def _run(self, command: object) -> bool:
        try:
            self.session.execute(command)  # type: ignore[arg-type]
        except ScenarioError as error:
            self.show_refusal(error)
            return False
        return True

    # -- buttons ----------------------------------------------------------------------
    def _unique_label(self, stem: str, start: int) -> str:
        taken = set(self.session.scenario.labels())
        number = start
        while f"{stem}{number}" in taken:
            number += 1
        return f"{stem}{number}"

    def _count(self, writes: bool) -> int:
        written = int(self.session.scenario.write_mask().sum())
        return written if writes else len(self.session.scenario) - written

    def add_write(self) -> None:
        """Insert a write (key e₁, value 0) after the current step."""
        scenario = self.session.scenario
        key = np.zeros(scenario.d_k)
        key[0] = 1.0
        label = self._unique_label("w", self._count(writes=True) + 1)
        self._run(
            InsertStep(
                self.session.cursor + 1,
                write(key, np.zeros(scenario.d_v), label),
                text=Words(_CONTEXT, _ADD_WRITE, label=label),
            )
        )

    def add_read(self) -> None:
        """Insert a read (query e₁) after the current step."""
        scenario = self.session.scenario
        query = np.zeros(scenario.d_k)
        query[0] = 1.0
        label = self._unique_label("r", self._count(writes=False) + 1)
        self._run(
            InsertStep(
                self.session.cursor + 1,
                read(query, label),
                text=Words(_CONTEXT, _ADD_READ, label=label),
            )
        )

    def duplicate(self) -> None:
        """Insert a copy of the current step (with a new label) just after it."""
        cursor = self.session.cursor
        if cursor < 1:
            return
        step = self.session.scenario.step(cursor)
        label = self._unique_label(f"{step.label}-", 2)
        self._run(
            InsertStep(
                cursor + 1,
                step.with_changes(label=label),
                text=Words(_CONTEXT, _DUPLICATE, label=step.label),
            )
        )

    def delete(self) -> None:
        """Delete the current step."""
        cursor = self.session.cursor
        if cursor < 1:
            return
        label = self.session.scenario.step(cursor).label
        self._run(RemoveStep(cursor, text=Words(_CONTEXT, _DELETE, label=label)))

    def move(self, delta: int) -> None:
        """Move the current step ``delta`` places (−1: earlier, 1: later)."""
        cursor = self.session.cursor
        target = cursor + delta
        if cursor < 1 or not 1 <= target <= len(self.session.scenario):
            return
        label = self.session.scenario.step(cursor).label
        text = self.tr("move {label} up") if delta < 0 else self.tr("move {label} down")
        self._run(MoveStep(cursor, target, text=text.format(label=label)))
