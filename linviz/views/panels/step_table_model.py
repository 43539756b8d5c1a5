"""The steps as a Qt table model: one row per step, read from the session on demand.

The model reads the session's scenario directly (no copy), so it has one row
per step however many there are and Qt only asks for the rows in view. An
edit builds a new step and runs it as one undoable command.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui
from PySide6.QtCore import Qt

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.scenario import Step
from linviz.views.guarded import guarded
from linviz.views.number_text import (
    caption_numbers,
    grouped,
    shown_number,
    shown_written,
    stale_text,
)
from linviz.views.panels.typed_text import (
    SYMBOLS,
    parameters_text,
    parse_parameters,
    vector_numbers,
    vector_text,
)
from linviz.views.plain_text import plain_tooltip
from linviz.views.theme import qcolor
from linviz.views.undo_words import Words

#: Columns of the table, in order.
COLUMNS = ("number", "op", "label", "vector", "value", "target", "parameters", "caption")


(NUMBER, OP, LABEL, VECTOR, VALUE, TARGET, PARAMETERS, CAPTION) = range(len(COLUMNS))

#: What an edit of each field is called (context StepTableModel, as its tr()).
_EDIT_WORDS = {
    "label": QT_TRANSLATE_NOOP("StepTableModel", "edit label of {label}"),
    "key": QT_TRANSLATE_NOOP("StepTableModel", "edit key of {label}"),
    "query": QT_TRANSLATE_NOOP("StepTableModel", "edit query of {label}"),
    "value": QT_TRANSLATE_NOOP("StepTableModel", "edit value of {label}"),
    "target": QT_TRANSLATE_NOOP("StepTableModel", "edit target of {label}"),
    "parameters": QT_TRANSLATE_NOOP("StepTableModel", "edit parameters of {label}"),
    "caption": QT_TRANSLATE_NOOP("StepTableModel", "edit caption of {label}"),
}


# Built once: combining Qt flags in Python costs more than the rest of flags().
_SELECTABLE = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


_EDITABLE = _SELECTABLE | Qt.ItemFlag.ItemIsEditable


#: The roles data() answers; a repaint asks for a dozen per cell.
_ROLES = frozenset(
    int(role)
    for role in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.TextAlignmentRole,
    )
)


#: Flags by [is_write][column]: which cells of a write or a read can be edited.
_FLAGS = tuple(
    tuple(
        _EDITABLE
        if column in (LABEL, VECTOR, CAPTION)
        or (column in (VALUE, PARAMETERS) and is_write)
        or (column == TARGET and not is_write)
        else _SELECTABLE
        for column in range(len(COLUMNS))
    )
    for is_write in (False, True)
)


#: Cells whose texts are kept between repaints (a screenful is a few dozen rows).
_KEPT_ROWS = 1024


class StepTableModel(QtCore.QAbstractTableModel):
    """One row per step of the session's scenario, read on demand.

    Signals
    -------
    refused(ScenarioError, QModelIndex)
        An edit was refused; the error, located at its step, says why.
    """

    refused = QtCore.Signal(object, QtCore.QModelIndex)

    def __init__(self, session: Session, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._rows = len(session.scenario)
        self._colors: dict[str, str] = {}
        self._brushes: dict[str, QtGui.QBrush] = {}
        self._inks: dict[str | None, QtGui.QColor] = {}
        self._steps: dict[int, Step] = {}
        #: Each row's texts but its caption's; and the captions (which quote other steps).
        self._texts: dict[int, tuple[str, ...]] = {}
        self._captions: dict[int, str] = {}
        self._steps_of: object = None

    def set_colors(self, write: str, read: str, muted: str) -> None:
        """Colours of the op column and of the step numbers."""
        self._colors = {"write": write, "read": read, "muted": muted}
        self._brushes = {name: QtGui.QBrush(qcolor(color)) for name, color in self._colors.items()}
        # Asked per painted cell: one colour object each, made here.
        self._inks = {name: brush.color() for name, brush in self._brushes.items()}

    def scenario_changed(self, only_step: int | None = None, in_view: range = range(0)) -> None:
        """Follow an edit: a reset when rows came or went, else a repaint.

        ``only_step``: only that step's key or query changed (a drag), so
        only that cell is repainted, and the captions of the steps
        ``in_view`` (numbers) whose text the drag changed: not the whole
        table on every mouse move.
        """
        rows = len(self.session.scenario)
        shown, self._captions = self._captions, {}
        if only_step is not None and rows == self._rows:
            # A drag: the other rows' own cells stay as they were.
            self._steps.pop(only_step, None)
            self._texts.pop(only_step, None)
        else:
            self._steps.clear()
            self._texts.clear()
        if rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
        elif rows and only_step is not None:
            cell = self.index(only_step - 1, VECTOR)
            self.dataChanged.emit(cell, cell)
            # Captions quote live numbers of any step: those in view follow the drag.
            for number in in_view:
                if 1 <= number <= rows and self._row_texts(number)[CAPTION] != shown.get(number):
                    cell = self.index(number - 1, CAPTION)
                    self.dataChanged.emit(cell, cell)
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(COLUMNS) - 1))

    # -- reading ------------------------------------------------------------------
    def _step(self, number: int) -> Step:
        """Step ``number``, built once per change: a repaint asks ~10 times per cell."""
        scenario = self.session.scenario
        if scenario is not self._steps_of:
            self._steps, self._texts, self._captions = {}, {}, {}
            self._steps_of = scenario
        step = self._steps.get(number)
        if step is None:
            if len(self._steps) > _KEPT_ROWS:
                self._steps.clear()
            step = self._steps[number] = scenario.step(number)
        return step

    def _text(self, number: int, column: int) -> str:
        """The display text of a cell, formatted once per change of its row."""
        return self._row_texts(number)[column]

    def _row_texts(self, number: int) -> tuple[str, ...]:
        """The display texts of step ``number``'s cells, formatted once per change."""
        texts = self._texts.get(number)
        if texts is None:
            step = self._step(number)
            if len(self._texts) > _KEPT_ROWS:
                self._texts.clear()
            texts = self._texts[number] = tuple(
                self._display(number, step, c) for c in range(CAPTION)
            )
        caption = self._captions.get(number)
        if caption is None:
            if len(self._captions) > _KEPT_ROWS:
                self._captions.clear()
            caption = self._captions[number] = self._display(number, self._step(number), CAPTION)
        return (*texts, caption)  # the caption is the last column

    def cell_look(self, index: QtCore.QModelIndex) -> tuple[str, str | None, bool, bool] | None:
        """What the delegate paints in cell ``index``: ``(text, ink, bold, right)``.

        ``ink`` names a colour of :meth:`ink` (``None``: the palette's text);
        ``None`` for a cell outside the scenario.
        """
        return self.look_at(index.row(), index.column())

    def look_at(self, row: int, column: int) -> tuple[str, str | None, bool, bool] | None:
        """:meth:`cell_look` of the cell at ``row``, ``column`` (no index to build)."""
        if not 0 <= row < min(self._rows, len(self.session.scenario)):
            return None
        return self._look(row + 1, column, self._text(row + 1, column))

    def row_looks(self, row: int) -> list[tuple[str, str | None, bool, bool]]:
        """:meth:`look_at` of every column of ``row`` (a row inside the scenario)."""
        number = row + 1
        return [
            self._look(number, column, text) for column, text in enumerate(self._row_texts(number))
        ]

    def _look(self, number: int, column: int, text: str) -> tuple[str, str | None, bool, bool]:
        if column == NUMBER:
            return text, "muted", False, True
        if column == OP:
            return (
                text,
                ("write" if self.session.scenario.is_write(number) else "read"),
                True,
                False,
            )
        return text, None, False, False

    def paints_rows(self, rows: int) -> bool:
        """Whether :meth:`look_at` has a look for each of the first ``rows`` rows
        (not when the scenario shrank and this model has not heard of it yet).
        """
        return rows <= min(self._rows, len(self.session.scenario))

    def ink(self, name: str | None) -> QtGui.QColor | None:
        """The colour named ``name`` by :meth:`cell_look`, if the theme set one."""
        return self._inks.get(name)

    @guarded(0)
    def rowCount(self, parent: QtCore.QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else self._rows

    @guarded(0)
    def columnCount(self, parent: QtCore.QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    @guarded()
    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self.tr("#"),
                self.tr("op"),
                self.tr("label"),
                self.tr("key / query"),
                self.tr("value"),
                self.tr("target"),
                self.tr("α / β"),
                self.tr("caption"),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("Step number"),
                self.tr("write stores key → value; read queries S"),
                self.tr("Unique name of the step"),
                self.tr("Type numbers separated by commas, e.g. 1, 0 or [1, 0]"),
                self.tr("What a write stores (d_v numbers)"),
                self.tr(
                    "For a read: the label of the write it means to retrieve "
                    "(empty: the most similar earlier key)"
                ),
                self.tr("A write's own α/β overriding the rule's, e.g. β=0.5 (empty: the rule's)"),
                self.tr("What to say about this step"),
            )[section]
        return None

    def flags(self, index: QtCore.QModelIndex) -> Qt.ItemFlag:
        # Asked for every painted cell: a table look-up, no Step built.
        row, scenario = index.row(), self.session.scenario
        if not 0 <= row < len(scenario) or not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _FLAGS[scenario.is_write(row + 1)][index.column()]

    @guarded()
    def data(self, index: QtCore.QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        # The scenario may have shrunk before this model heard of it.
        if (
            int(role) not in _ROLES
            or not index.isValid()
            or not 0 <= index.row() < min(self._rows, len(self.session.scenario))
        ):
            return None
        number = index.row() + 1
        step = self._step(number)
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(number, column)
        if role == Qt.ItemDataRole.EditRole:
            return self._edit_text(step, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == CAPTION and step.caption:
                if self.session.is_hidden(number):
                    return self._display(number, step, column)
                caption = self.session.caption(number, caption_numbers())
                mark = f"\n\u26a0 {stale_text()}" if caption.stale else ""
                return plain_tooltip(caption.text + mark)  # a file's text: never rich
            if column in (VECTOR, VALUE):
                return plain_tooltip(self._edit_text(step, column)) or None
            return None
        if role == Qt.ItemDataRole.ForegroundRole and self._brushes:
            if column == OP:
                return self._brushes["write" if step.is_write else "read"]
            if column == NUMBER:
                return self._brushes["muted"]
        if role == Qt.ItemDataRole.FontRole and column == OP:
            font = QtGui.QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == NUMBER:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def op_texts(self) -> tuple[str, str]:
        """What the op column says of a write and of a read, in the language shown."""
        return self.tr("W write"), self.tr("R read")

    def _display(self, number: int, step: Step, column: int) -> str:
        if column == NUMBER:
            return grouped(number)
        if column == OP:
            return self.op_texts()[0 if step.is_write else 1]
        if column == LABEL:
            return step.label
        if column == VECTOR:
            return shown_written(step.vector)
        if column == VALUE:
            return shown_written(step.value) if step.value is not None else ""
        if column == TARGET:
            return step.target or ""
        if column == PARAMETERS:
            return ", ".join(
                f"{SYMBOLS[name]} = {shown_number(getattr(step, name))}"
                for name in ("alpha", "beta")
                if getattr(step, name) is not None
            )
        if not step.caption:
            return ""
        if self.session.is_hidden(number):
            return self.tr("(hidden until revealed: predict first)")  # it states the answer
        # As the caption bar shows it: live fields filled in, a stale one marked.
        caption = self.session.caption(number, caption_numbers())
        text = caption.text.replace("\n", " ")
        return f"\u26a0 {text}" if caption.stale else text

    def _edit_text(self, step: Step, column: int) -> str:
        if column == VECTOR:
            return vector_text(step.vector)
        if column == VALUE:
            return vector_text(step.value) if step.value is not None else ""
        if column == PARAMETERS:
            return parameters_text(step)
        if column in (NUMBER, OP):
            return ""
        if column == CAPTION:
            return step.caption  # the template: its live fields are what is edited
        return self._display(0, step, column)

    # -- editing ------------------------------------------------------------------
    def changed_step(self, step: Step, column: int, text: str) -> Step:
        """``step`` with the cell in ``column`` set from typed ``text``.

        Raises
        ------
        ScenarioError
            When the text cannot even be split into numbers.
        """
        scenario = self.session.scenario
        if column == VECTOR:
            return step.with_changes(vector=vector_numbers(text, step.vector_name))
        if column == VALUE:
            return step.with_changes(value=vector_numbers(text, "value"))
        if column == LABEL:
            return step.with_changes(label=text.strip())
        if column == TARGET:
            return step.with_changes(target=text.strip() or None)
        if column == PARAMETERS:
            return step.with_changes(**parse_parameters(text, scenario.rule.name))
        if column == CAPTION:
            return step.with_changes(caption=self.session.caption_edited(step.caption, text))
        raise ValueError(f"column {column} is not editable")

    def _edit_words(self, field: str, label: str) -> Words:
        """The name of an edit of ``field`` of step ``label`` (Edit ▸ Undo …).

        One sentence per field: in French the field takes its article ("la clé").
        Said in the language shown whenever it is shown (:class:`Words`).
        """
        return Words("StepTableModel", _EDIT_WORDS[field], label=label)

    @guarded(False)
    def setData(
        self, index: QtCore.QModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        number = index.row() + 1
        step = self.session.scenario.step(number)
        try:
            new = self.changed_step(step, index.column(), str(value))
            if new == step:
                return True
            name = COLUMNS[index.column()] if index.column() != VECTOR else step.vector_name
            self.session.execute(ReplaceStep(number, new, text=self._edit_words(name, step.label)))
        except ScenarioError as error:
            self.refused.emit(error.located(step=error.step or number), index)
            return False
        return True
