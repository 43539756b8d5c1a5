"""The table of steps: every write and read, edited by typing.

The table model reads the session's scenario directly (no copy), so it has
one row per step however many there are and Qt only asks for the rows in
view. An edit builds a new step and runs it as one undoable command; input
the model refuses (wrong length, not a number, not finite, duplicate label,
bad target) is shown under the table and changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.commands import InsertStep, MoveStep, RemoveStep, ReplaceStep
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.report import fmt_number, fmt_vector
from linviz.model.rules import RULE_PARAMETERS
from linviz.model.scenario import Step, read, write
from linviz.views.drawing.static_text import draw_at, text_width
from linviz.views.drawing.step_table_painter import Cell, StyleLooks, paint_cells
from linviz.views.panels.panel import Panel, qcolor

Qt = QtCore.Qt

#: Columns of the table, in order.
COLUMNS = ("number", "op", "label", "vector", "value", "target", "parameters", "caption")
(NUMBER, OP, LABEL, VECTOR, VALUE, TARGET, PARAMETERS, CAPTION) = range(len(COLUMNS))

_PARAMETER_NAMES = {
    "α": "alpha",
    "alpha": "alpha",
    "a": "alpha",
    "β": "beta",
    "beta": "beta",
    "b": "beta",
}
_SYMBOL = {"alpha": "α", "beta": "β"}

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
#: Elided cell texts kept by the delegate (a screenful is ~100).
_KEPT_TEXTS = 4096
#: Room left and right of a cell's text, in pixels (as the style leaves).
_TEXT_MARGIN = 4
_State = QtWidgets.QStyle.StateFlag
_SELECTED, _HAS_FOCUS = _State.State_Selected, _State.State_HasFocus
#: Changes after which the style may paint the rows under the cells differently.
_RESTYLED = frozenset(
    {
        QtCore.QEvent.Type.StyleChange,
        QtCore.QEvent.Type.PaletteChange,
        QtCore.QEvent.Type.EnabledChange,
        QtCore.QEvent.Type.FontChange,
    }
)


def _translate(text: str) -> str:
    return QtCore.QCoreApplication.translate("StepEditor", text)


def number_text(x: float) -> str:
    """``x`` exactly as typed back: shortest round-trip form, ``1`` not ``1.0``."""
    text = repr(float(x) + 0.0)
    return text[:-2] if text.endswith(".0") else text


def vector_text(vector: np.ndarray) -> str:
    """A vector as the user types it: ``1, 0.5``."""
    return ", ".join(number_text(x) for x in vector)


def split_vector(text: str) -> list[str]:
    """The tokens of a typed vector: ``"[1, 0]"``, ``"1, 0"`` and ``"1 0"`` all give two."""
    body = text.strip()
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1]
    return [token for token in re.split(r"[,;\s]+", body.strip()) if token]


def vector_numbers(text: str, name: str) -> list[float]:
    """The tokens of a typed vector as floats, in whatever length was typed.

    Length and finiteness are left to the scenario's checks; a token that is
    no number at all is refused here, naming it the way the model would.
    """
    numbers = []
    for position, token in enumerate(split_vector(text), start=1):
        try:
            numbers.append(float(token))
        except ValueError:
            raise ScenarioError(
                _translate("{name} component {position} must be a number, got {token!r}").format(
                    name=name, position=position, token=token
                ),
                field=name,
            ) from None
    return numbers


def parameters_text(step: Step, symbols: bool = True) -> str:
    """A write's own α/β as ``α=0.9, β=0.5`` (empty when it uses the rule's)."""
    parts = []
    for name in ("alpha", "beta"):
        given = getattr(step, name)
        if given is not None:
            parts.append(f"{_SYMBOL[name] if symbols else name}={number_text(given)}")
    return ", ".join(parts)


def parse_parameters(text: str, rule_name: str) -> dict[str, float | None]:
    """Typed per-write overrides: ``β=0.5``, ``alpha 0.9, beta 1``, a bare ``0.5``.

    A bare number goes to the rule's parameter (α then β for gated delta).
    Empty text clears both. Ranges are checked by the scenario.
    """
    result: dict[str, float | None] = {"alpha": None, "beta": None}
    bare_order = list(RULE_PARAMETERS[rule_name])
    for part in (p.strip() for p in re.split(r"[,;]", text)):
        if not part:
            continue
        words = part.replace("=", " ").replace(":", " ").split()
        if len(words) == 1:
            if not bare_order:
                raise ScenarioError(
                    _translate("the {rule} rule takes no α or β; leave this empty").format(
                        rule=rule_name
                    ),
                    field="alpha",
                )
            name, token = bare_order.pop(0), words[0]
        elif len(words) == 2 and words[0].lower() in _PARAMETER_NAMES:
            name, token = _PARAMETER_NAMES[words[0].lower()], words[1]
        else:
            raise ScenarioError(
                _translate("write α/β as α=0.9, β=0.5 (got {part!r})").format(part=part),
                field="alpha",
            )
        try:
            result[name] = float(token)
        except ValueError:
            raise ScenarioError(
                _translate("{name} must be a number, got {token!r}").format(name=name, token=token),
                field=name,
            ) from None
    return result


class StepTableModel(QtCore.QAbstractTableModel):
    """One row per step of the session's scenario, read on demand.

    Signals
    -------
    refused(str, QModelIndex)
        An edit was refused; the message says why.
    """

    refused = QtCore.Signal(str, QtCore.QModelIndex)

    def __init__(self, session: Session, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._rows = len(session.scenario)
        self._colors: dict[str, str] = {}
        self._brushes: dict[str, QtGui.QBrush] = {}
        self._inks: dict[str | None, QtGui.QColor] = {}
        self._steps: dict[int, Step] = {}
        self._texts: dict[int, tuple[str, ...]] = {}
        self._steps_of: object = None

    def set_colors(self, write: str, read: str, muted: str) -> None:
        """Colours of the op column and of the step numbers."""
        self._colors = {"write": write, "read": read, "muted": muted}
        self._brushes = {name: QtGui.QBrush(qcolor(color)) for name, color in self._colors.items()}
        # Asked per painted cell: one colour object each, made here.
        self._inks = {name: brush.color() for name, brush in self._brushes.items()}

    def scenario_changed(self, only_step: int | None = None) -> None:
        """Follow an edit: a reset when rows came or went, else a repaint.

        ``only_step``: only that step's key or query changed (a drag), so
        only that cell, if in view, is repainted, not the whole table on
        every mouse move.
        """
        rows = len(self.session.scenario)
        self._steps.clear()
        self._texts.clear()
        if rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
        elif rows and only_step is not None:
            cell = self.index(only_step - 1, VECTOR)
            self.dataChanged.emit(cell, cell)
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(COLUMNS) - 1))

    # -- reading ------------------------------------------------------------------
    def _step(self, number: int) -> Step:
        """Step ``number``, built once per change: a repaint asks ~10 times per cell."""
        scenario = self.session.scenario
        if scenario is not self._steps_of:
            self._steps, self._texts, self._steps_of = {}, {}, scenario
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
                self._display(number, step, c) for c in range(len(COLUMNS))
            )
        return texts

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

    def rowCount(self, parent: QtCore.QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else self._rows

    def columnCount(self, parent: QtCore.QModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

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
                return (
                    self._display(number, step, column)
                    if self.session.is_hidden(number)
                    else step.caption
                )
            if column in (VECTOR, VALUE):
                return self._edit_text(step, column) or None
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

    def _display(self, number: int, step: Step, column: int) -> str:
        if column == NUMBER:
            return str(number)
        if column == OP:
            return self.tr("W write") if step.is_write else self.tr("R read")
        if column == LABEL:
            return step.label
        if column == VECTOR:
            return fmt_vector(step.vector)
        if column == VALUE:
            return fmt_vector(step.value) if step.value is not None else ""
        if column == TARGET:
            return step.target or ""
        if column == PARAMETERS:
            return ", ".join(
                f"{_SYMBOL[name]} = {fmt_number(getattr(step, name))}"
                for name in ("alpha", "beta")
                if getattr(step, name) is not None
            )
        if self.session.is_hidden(number):
            return self.tr("(hidden until revealed: predict first)")  # it states the answer
        return step.caption.replace("\n", " ")

    def _edit_text(self, step: Step, column: int) -> str:
        if column == VECTOR:
            return vector_text(step.vector)
        if column == VALUE:
            return vector_text(step.value) if step.value is not None else ""
        if column == PARAMETERS:
            return parameters_text(step)
        if column in (NUMBER, OP):
            return ""
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
            return step.with_changes(caption=text)
        raise ValueError(f"column {column} is not editable")

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
            self.session.execute(
                ReplaceStep(
                    number,
                    new,
                    text=self.tr("edit {field} of {label}").format(field=name, label=step.label),
                )
            )
        except ScenarioError as error:
            self.refused.emit(str(error.located(step=error.step or number)), index)
            return False
        return True


class _PaintTools:
    """What painting the table's cells needs from its font and palette, looked up
    once per paint of the table rather than once per cell.
    """

    def __init__(self, view: QtWidgets.QAbstractItemView) -> None:
        font = view.font()
        self.font_key = font.key()
        bold = QtGui.QFont(font)
        bold.setBold(True)
        self.fonts = {False: font, True: bold}
        self.metrics = {False: QtGui.QFontMetrics(font), True: QtGui.QFontMetrics(bold)}
        self.cut_px = {b: max(1, m.averageCharWidth() // 3) for b, m in self.metrics.items()}
        self.line_height = {b: QtGui.QFontMetricsF(f).height() for b, f in self.fonts.items()}
        self.bold_key = bold.key()
        self.keys = {False: self.font_key, True: self.bold_key}
        self.palette_key = -1
        self.active: bool | None = None

    def use_palette(self, view: QtWidgets.QAbstractItemView) -> None:
        """Take the colours of ``view``'s palette (if it or the window's focus changed)."""
        palette, active = view.palette(), view.isActiveWindow()
        if (palette.cacheKey(), active) == (self.palette_key, self.active):
            return
        self.palette_key, self.active = palette.cacheKey(), active
        group = QtGui.QPalette.ColorGroup.Active if active else QtGui.QPalette.ColorGroup.Inactive
        Role = QtGui.QPalette.ColorRole
        self.highlight = palette.brush(group, Role.Highlight)
        self.alternate = palette.brush(group, Role.AlternateBase)
        self.highlighted_text = palette.color(group, Role.HighlightedText)
        self.text = palette.color(group, Role.Text)


class StepDelegate(QtWidgets.QStyledItemDelegate):
    """Paints cells itself from :meth:`StepTableModel.cell_look`; editing and
    sizes go through data() as usual.

    The style's item painter lays every cell's text out anew (wrapping and
    eliding included): ~45 µs a cell, 3 ms whenever a cursor move scrolls the
    table. Here each string is elided once per column width and, once it
    comes back, drawn from its kept shape (:mod:`linviz.views.drawing.static_text`);
    fonts and colours are looked up once per paint (:meth:`prepare`). The
    view hands all the cells in view to :meth:`paint_looks` at once
    (:mod:`linviz.views.drawing.step_table_painter`); :meth:`paint` is Qt's way in,
    cell by cell, where that one pass cannot paint exactly.
    """

    def __init__(self, model: StepTableModel, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._texts: dict[tuple[str, int, bool], str] = {}  # elided cell texts
        self._tools: _PaintTools | None = None

    @property
    def model(self) -> StepTableModel:
        """The model whose cells this delegate paints."""
        return self._model

    def prepare(self, view: QtWidgets.QAbstractItemView) -> None:
        """Look up ``view``'s font and colours before it paints its cells."""
        tools = self._tools
        if tools is None or view.font().key() != tools.font_key:
            tools = self._tools = _PaintTools(view)
            self._texts.clear()
        tools.use_palette(view)

    def _shown(self, text: str, room: int, bold: bool, metrics: QtGui.QFontMetrics) -> str:
        """``text`` elided to ``room`` pixels, remembered per column width."""
        shown = self._texts.get((text, room, bold))
        return (
            shown
            if shown is not None
            else self._elided(text, room, bold, metrics, max(1, metrics.averageCharWidth() // 3))
        )

    def _elided(
        self, text: str, room: int, bold: bool, metrics: QtGui.QFontMetrics, cut_px: int
    ) -> str:
        """:meth:`_shown` of a text not yet elided to ``room``; ``cut_px`` is a third
        of the average character's width (so the text cut to ``room // cut_px``
        characters still overflows ``room`` whenever the whole text does).
        """
        if len(self._texts) > _KEPT_TEXTS:
            self._texts.clear()
        # Cut before measuring: a d = 64 key is 500 characters, a cell shows 30.
        fitting = text[: room // cut_px + 2]
        shown = self._texts[text, room, bold] = (
            metrics.elidedText(fitting, Qt.TextElideMode.ElideRight, room)
            if metrics.horizontalAdvance(fitting) > room
            else fitting
        )
        return shown

    def paint(
        self,
        painter: QtGui.QPainter,
        option: QtWidgets.QStyleOptionViewItem,
        index: QtCore.QModelIndex,
    ) -> None:
        look = (
            self._model.cell_look(index)
            if self._tools is not None and index.model() is self._model
            else None
        )
        if look is None:
            super().paint(painter, option, index)
            return
        rect, state = option.rect, option.state
        self.paint_looks(
            painter,
            (
                (
                    rect.x(),
                    rect.y(),
                    rect.width(),
                    rect.height(),
                    index.row(),
                    look,
                    bool(state & _SELECTED),
                    bool(state & _HAS_FOCUS),
                    None,
                ),
            ),
        )

    def fill_brush(self, row: int, selected: bool) -> QtGui.QBrush | None:
        """The brush :meth:`paint_looks` fills a cell of ``row`` with, if any."""
        tools = self._tools
        if tools is None:
            return None
        return tools.highlight if selected else (tools.alternate if row % 2 else None)

    def paint_looks(self, painter: QtGui.QPainter, cells: Iterable[Cell]) -> None:
        """Paint ``cells``: ``(x, y, width, height, row, look, selected, focus, under)``
        each, ``look`` as :meth:`StepTableModel.cell_look` gives it and ``under``
        the colour to fill first (the style's row panel) or ``None``.

        :meth:`paint` calls this for one cell, the view
        (:func:`~linviz.views.step_table_painter.paint_cells`) for all those
        in view, so both paint the same pixels. Needs :meth:`prepare`.
        """
        tools = self._tools
        fonts, metrics, line_height = tools.fonts, tools.metrics, tools.line_height
        keys, cut_px = tools.keys, tools.cut_px
        ink, elided, kept = self._model.ink, self._elided, self._texts
        fill = painter.fillRect
        font_set = pen_set = None  # what the painter has: setting it again costs a call
        for x, y, width, height, row, look, selected, focus, under in cells:
            text, ink_name, bold, right = look
            if under is not None:
                fill(x, y, width, height, under)
            if selected:
                fill(x, y, width, height, tools.highlight)
                pen = tools.highlighted_text
            else:
                if row % 2:  # alternating row colours, as the view asks
                    fill(x, y, width, height, tools.alternate)
                pen = ink(ink_name) or tools.text
            room = width - 2 * _TEXT_MARGIN
            if text and room > 0:
                font, key = fonts[bold], keys[bold]
                shown = kept.get((text, room, bold))  # as _shown, without a call per cell
                if shown is None:
                    shown = elided(text, room, bold, metrics[bold], cut_px[bold])
                if font is not font_set:
                    painter.setFont(font)
                    font_set = font
                if pen is not pen_set:
                    painter.setPen(pen)
                    pen_set = pen
                left = x + _TEXT_MARGIN
                if right:
                    left = x + width - _TEXT_MARGIN - text_width(shown, font, key)
                draw_at(painter, left, y + (height - line_height[bold]) / 2, shown, font, key)
            if focus:  # the cell F2 would edit
                painter.setPen(QtGui.QPen(pen, 1, Qt.PenStyle.DotLine))
                pen_set = None
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(x + 1, y + 1, width - 3, height - 3)


class StepTableView(QtWidgets.QTableView):
    """The table; keeps the window-wide step keys (Left/Right …) for the timeline."""

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:  # noqa: N802 (Qt name)
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

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt name)
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
        row_span: int,  # noqa: N802 (Qt name)
        column_span: int,
    ) -> None:
        """As QTableView's; a table with spans is painted by Qt (see :meth:`paintEvent`)."""
        self._has_spans = True
        super().setSpan(row, column, row_span, column_span)

    def clearSpans(self) -> None:  # noqa: N802 (Qt name)
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
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
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

        self.add_write_action = self._action(
            self.tr("Add write"), self.tr("Insert a write after the current step"), self.add_write
        )
        self.add_read_action = self._action(
            self.tr("Add read"), self.tr("Insert a read after the current step"), self.add_read
        )
        self.duplicate_action = self._action(
            self.tr("Duplicate"), self.tr("Copy the current step just after it"), self.duplicate
        )
        self.delete_action = self._action(
            self.tr("Delete"),
            self.tr("Delete the current step"),
            self.delete,
            QtGui.QKeySequence.StandardKey.Delete,
        )
        self.move_up_action = self._action(
            self.tr("Move up"),
            self.tr("Move the current step one earlier"),
            lambda: self.move(-1),
            QtGui.QKeySequence("Alt+Up"),
        )
        self.move_down_action = self._action(
            self.tr("Move down"),
            self.tr("Move the current step one later"),
            lambda: self.move(1),
            QtGui.QKeySequence("Alt+Down"),
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
        text: str,
        tip: str,
        slot: object,
        shortcut: QtGui.QKeySequence | QtGui.QKeySequence.StandardKey | None = None,
    ) -> QtGui.QAction:
        action = QtGui.QAction(text, self)
        action.setObjectName(text)
        action.setToolTip(tip)
        if shortcut is not None:
            action.setShortcut(shortcut)
            # Only while the table has focus: Delete must not eat keys elsewhere.
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    # -- following the session --------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if Change.SCENARIO in changes:
            self.model.scenario_changed(self.session.dragged_step)
            self.clear_message()
        elif Change.REVEAL in changes:
            self.model.scenario_changed()  # hidden reads' captions show or hide
        super()._on_session_changed(changes)

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
        self._select_cursor_row()
        count = len(self.session.scenario)
        cursor = self.session.cursor
        for action in (self.duplicate_action, self.delete_action):
            action.setEnabled(cursor > 0)
        self.move_up_action.setEnabled(cursor > 1)
        self.move_down_action.setEnabled(0 < cursor < count)

    def _size_columns(self) -> None:
        metrics = QtGui.QFontMetrics(self.font())
        header = self.table.horizontalHeader()
        samples = (
            "99999",
            "W write",
            "label",
            "[0.8, 0.6, 0.0]",
            "[-2, 4, 0.0]",
            "target",
            "α = 0.9, β = 1",
        )
        for column, sample in enumerate(samples):
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 24)
        self.table.verticalHeader().setDefaultSectionSize(metrics.height() + 8)

    def _select_cursor_row(self) -> None:
        row = self.session.cursor - 1
        current = self.table.currentIndex()
        if row < 0 or (current.isValid() and current.row() == row):
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
        if not self._syncing and current.isValid():
            self.session.set_cursor(current.row() + 1)

    # -- messages -------------------------------------------------------------------
    def show_refusal(self, message: str, index: QtCore.QModelIndex | None = None) -> None:
        """Show why an edit was refused, under the table and as a tooltip."""
        self.message_label.setText(message)
        self.message_label.setToolTip(message)
        self.message_label.show()
        self.message.emit(message)
        if index is not None and index.isValid():
            viewport = self.table.viewport()
            spot = self.table.visualRect(index).bottomLeft()
            QtWidgets.QToolTip.showText(viewport.mapToGlobal(spot), message, viewport)

    def clear_message(self) -> None:
        """Hide the last refusal."""
        self.message_label.clear()
        self.message_label.setToolTip("")
        self.message_label.hide()

    def _run(self, command: object) -> bool:
        try:
            self.session.execute(command)  # type: ignore[arg-type]
        except ScenarioError as error:
            self.show_refusal(str(error))
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
                text=self.tr("add write {label}").format(label=label),
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
                text=self.tr("add read {label}").format(label=label),
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
                text=self.tr("duplicate {label}").format(label=step.label),
            )
        )

    def delete(self) -> None:
        """Delete the current step."""
        cursor = self.session.cursor
        if cursor < 1:
            return
        label = self.session.scenario.step(cursor).label
        self._run(RemoveStep(cursor, text=self.tr("delete {label}").format(label=label)))

    def move(self, delta: int) -> None:
        """Move the current step ``delta`` places (−1: earlier, 1: later)."""
        cursor = self.session.cursor
        target = cursor + delta
        if cursor < 1 or not 1 <= target <= len(self.session.scenario):
            return
        label = self.session.scenario.step(cursor).label
        text = self.tr("move {label} up") if delta < 0 else self.tr("move {label} down")
        self._run(MoveStep(cursor, target, text=text.format(label=label)))
