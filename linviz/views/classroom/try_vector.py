"""Class ▸ Try a vector…: the shape check, large, in front of the room.

The instructor types a key, a query or a value; the box says, large enough
for the back row, whether it fits ``S`` at the cursor and draws the two
shapes side by side, each labelled with its shape: the typed vector as a
column (a key or query, its rows beside the rows of ``S``) or as a row ``vᵀ``
over the columns of ``S`` (a value). A component with no row (or column) of
``S`` to meet is hatched in the warning colour; a missing one is a dashed
empty cell. Nothing in the scenario changes: the verdict and what an
accepted vector would do come from :func:`linviz.controller.shape_check.try_vector`.
"""

from __future__ import annotations

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.controller.shape_check import (
    ShapeCheck,
    try_vector,
)
from linviz.model.drawable import largest
from linviz.views.classroom.shape_words import accepted_text, refusal_text
from linviz.views.guarded import guarded
from linviz.views.language import say
from linviz.views.number_text import cell_text, decimal_comma, localised
from linviz.views.panels.panel import session_theme
from linviz.views.theme import Theme, qcolor

#: The side of a cell when there is room, in pixels (normal, projector).
CELL_PX = {False: 48, True: 160}
#: The numbers in the cells: this share of a cell's side (at least the theme's size).
NUMBER_SHARE = 0.32
#: The shapes' names: this share of a cell's side (at least the theme's title size).
LABEL_SHARE = 0.22
#: Cells narrower than this are drawn as one block with no grid.
GRID_MIN_PX = 6
#: The box's share of its window in projector mode.
BOX_SHARE = 0.9

#: What each item of the picture shows (``item.data(ROLE)``) and which shape it
#: belongs to (``item.data(SHAPE)``): for tests and screen readers.
ROLE, SHAPE = 0, 1


class ShapePicture(QtWidgets.QGraphicsView):
    """The typed vector and ``S`` side by side, each a grid of cells labelled with its shape.

    Drawn at one pixel a scene unit (no scaling): its text is the size the
    theme gives it. Each item carries what it is (``data(ROLE)``: ``"frame"``,
    ``"cell"``, ``"surplus"``, ``"missing"``, ``"absent"``, ``"label"``, ``"number"``) and
    which shape (``data(SHAPE)``: ``"vector"`` or ``"state"``).
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shape_picture")
        self.setScene(QtWidgets.QGraphicsScene(self))
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Expanding
        )
        self._check: ShapeCheck | None = None
        self._theme: Theme | None = None
        self._projector = False

    def show_check(self, check: ShapeCheck | None, theme: Theme, projector: bool) -> None:
        """Draw ``check``'s two shapes (nothing for ``None`` or unreadable input)."""
        self._check, self._theme, self._projector = check, theme, projector
        self.setBackgroundBrush(qcolor(theme.background))
        self._draw()

    def shape_items(self, shape: str, role: str) -> list[QtWidgets.QGraphicsItem]:
        """The items of ``shape`` (``"vector"``/``"state"``) that show ``role``."""
        return [
            item
            for item in self.scene().items(Qt.SortOrder.AscendingOrder)
            if item.data(SHAPE) == shape and item.data(ROLE) == role
        ]

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._draw()

    # -- drawing -----------------------------------------------------------------------
    def _label_font(self, cell: float) -> QtGui.QFont:
        """The shapes' names: the theme's title size, larger beside large cells."""
        assert self._theme is not None
        label = QtGui.QFont(self.font())
        label.setPointSizeF(self._theme.title_pt)
        label.setBold(True)
        title_px = QtGui.QFontInfo(label).pixelSize()
        label.setPixelSize(max(title_px, round(cell * LABEL_SHARE)))
        return label

    def _number_font(self, cell: float) -> QtGui.QFont:
        """The theme's cell numbers, larger in large cells (never smaller than the theme's)."""
        assert self._theme is not None
        number = QtGui.QFont(self.font())
        number.setPixelSize(max(self._theme.cell_label_px, round(cell * NUMBER_SHARE)))
        return number

    def _draw(self) -> None:
        scene = self.scene()
        scene.clear()
        check, theme = self._check, self._theme
        if check is None or theme is None or not check.numbers:
            scene.setSceneRect(QtCore.QRectF(0, 0, 1, 1))
            return
        label_h = QtGui.QFontMetricsF(self._label_font(0.0)).height()
        d_k, d_v = check.state_shape
        n = check.components
        value = check.role == "value"
        # Rows and columns the picture needs: the vector beside S (a column) or over it (a row).
        rows = max(n, d_k) if not value else d_k + 1
        cols = d_v + 1 if not value else max(n, d_v)
        gap = label_h * 0.6
        width = max(self.viewport().width() - 2 * gap, 1.0)
        height = max(self.viewport().height() - 2 * label_h - 2 * gap, 1.0)
        cell = min(CELL_PX[self._projector], width / (cols + 1), height / rows)
        shape = check.vector_shape
        # The typed vector as typed (φ acts on each number and keeps the shape).
        symbol = {"key": "k", "query": "q", "value": "vᵀ"}[check.role]
        vector_label = f"{symbol}  {shape[0]}×{shape[1]}"
        if not value:  # the column's name may be wider than the column: S moves over
            base_w = QtGui.QFontMetricsF(self._label_font(0.0)).horizontalAdvance(vector_label)
            cell = min(cell, (width - base_w - 1.5 * label_h) / d_v)
        cell = max(cell, 0.5)
        number_font = self._number_font(cell)
        label_font = self._label_font(cell)
        label_h = QtGui.QFontMetricsF(label_font).height()
        pen_px = theme.line_width
        label_w = QtGui.QFontMetricsF(label_font).horizontalAdvance(vector_label)
        if not value:
            vector_at = QtCore.QPointF(0.0, label_h)
            # S beside the column, clear of the column's name however narrow the cells.
            state_at = QtCore.QPointF(max(cell, label_w) + max(cell, label_h * 1.5), label_h)
            vector_cells = [(i, 0) for i in range(n)]
            missing = [(i, 0) for i in range(n, d_k)]
            surplus_from = (d_k, None)
        else:
            vector_at = QtCore.QPointF(0.0, label_h)
            state_at = QtCore.QPointF(0.0, 2 * label_h + cell + gap)
            vector_cells = [(0, j) for j in range(n)]
            missing = [(0, j) for j in range(n, d_v)]
            surplus_from = (None, d_v)
        color = {"key": theme.write, "query": theme.read, "value": theme.write}[check.role]
        # The vector: its cells, those with nothing of S to meet hatched, the missing dashed.
        numbers = list(check.numbers)
        scale = max(largest(numbers), 1e-12)  # `inf` typed: refused, and its cell says so
        vector_numbers: list[tuple[QtCore.QRectF, str]] = []
        for i, j in vector_cells:
            index = i if not value else j
            over = (surplus_from[0] is not None and i >= surplus_from[0]) or (
                surplus_from[1] is not None and j >= surplus_from[1]
            )
            rect = QtCore.QRectF(vector_at.x() + j * cell, vector_at.y() + i * cell, cell, cell)
            self._cell(
                rect,
                "vector",
                "surplus" if over else "cell",
                theme.warning if over else color,
                pen_px,
                hatch=over,
            )
            vector_numbers.append((rect, cell_text(numbers[index], scale)))
        self._numbers(vector_numbers, number_font, theme, "vector")
        for i, j in missing:
            rect = QtCore.QRectF(vector_at.x() + j * cell, vector_at.y() + i * cell, cell, cell)
            self._cell(rect, "vector", "missing", theme.warning, pen_px, dashed=True)
        frame_items = self._frame(
            QtCore.QRectF(vector_at.x(), vector_at.y(), shape[1] * cell, shape[0] * cell),
            "vector",
            color,
            pen_px,
        )
        # A surplus component's cell stays in the warning colour over the frame,
        # and where S would need a row (or column) to meet it, a dashed outline.
        for item in self.shape_items("vector", "surplus"):
            item.setZValue(frame_items.zValue() + 1)
        if not value:
            absent = [(i, j) for i in range(d_k, n) for j in range(d_v)]
        else:
            absent = [(i, j) for i in range(d_k) for j in range(d_v, n)]
        for i, j in absent:
            rect = QtCore.QRectF(state_at.x() + j * cell, state_at.y() + i * cell, cell, cell)
            self._cell(rect, "state", "absent", theme.warning, pen_px, dashed=True)
        self._label(vector_label, vector_at, label_font, theme, "vector", color)
        # S, with its numbers when they may be shown and fit.
        state = check.state
        limit = largest(state) if state is not None else 0.0
        grid = cell >= GRID_MIN_PX
        state_numbers: list[tuple[QtCore.QRectF, str]] = []
        for i in range(d_k if grid else 0):
            for j in range(d_v):
                rect = QtCore.QRectF(state_at.x() + j * cell, state_at.y() + i * cell, cell, cell)
                self._cell(rect, "state", "cell", theme.grid, max(1.0, pen_px / 2))
                if state is not None:
                    state_numbers.append((rect, cell_text(state[i, j], limit)))
        self._numbers(state_numbers, number_font, theme, "state")
        self._frame(
            QtCore.QRectF(state_at.x(), state_at.y(), d_v * cell, d_k * cell),
            "state",
            theme.foreground,
            pen_px,
        )
        self._label(f"S  {d_k}×{d_v}", state_at, label_font, theme, "state", theme.foreground)
        bounds = scene.itemsBoundingRect().adjusted(-gap, -gap / 2, gap, gap / 2)
        scene.setSceneRect(bounds)
        self.centerOn(bounds.center())

    def _cell(
        self,
        rect: QtCore.QRectF,
        shape: str,
        role: str,
        color: str,
        pen_px: float,
        hatch: bool = False,
        dashed: bool = False,
    ) -> None:
        pen = QtGui.QPen(qcolor(color), pen_px)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        brush = (
            QtGui.QBrush(qcolor(color, 110), Qt.BrushStyle.BDiagPattern)
            if hatch
            else QtGui.QBrush(Qt.BrushStyle.NoBrush)
        )
        item = self.scene().addRect(rect, pen, brush)
        item.setData(ROLE, role)
        item.setData(SHAPE, shape)

    def _frame(
        self, rect: QtCore.QRectF, shape: str, color: str, pen_px: float
    ) -> QtWidgets.QGraphicsRectItem:
        item = self.scene().addRect(rect, QtGui.QPen(qcolor(color), pen_px * 1.5))
        item.setData(ROLE, "frame")
        item.setData(SHAPE, shape)
        return item

    def _numbers(
        self,
        cells: list[tuple[QtCore.QRectF, str]],
        font: QtGui.QFont,
        theme: Theme,
        shape: str,
    ) -> None:
        """Write each number in its cell, or none of the shape's when one does not fit.

        (A blank among numbers would read as a zero or a missing entry; the
        frame and its label still tell the shape.)
        """
        metrics = QtGui.QFontMetricsF(font)
        if any(
            metrics.horizontalAdvance(text) > rect.width() - 4 or metrics.height() > rect.height()
            for rect, text in cells
        ):
            return
        for rect, text in cells:
            item = self.scene().addSimpleText(text, font)
            item.setBrush(qcolor(theme.foreground))
            box = item.boundingRect()
            item.setPos(rect.center().x() - box.width() / 2, rect.center().y() - box.height() / 2)
            item.setData(ROLE, "number")
            item.setData(SHAPE, shape)

    def _label(
        self,
        text: str,
        at: QtCore.QPointF,
        font: QtGui.QFont,
        theme: Theme,
        shape: str,
        color: str,
    ) -> None:
        item = self.scene().addSimpleText(text, font)
        item.setBrush(qcolor(color))
        item.setPos(at.x(), at.y() - item.boundingRect().height())
        item.setData(ROLE, "label")
        item.setData(SHAPE, shape)


class TryVectorBox(QtWidgets.QDialog):
    """Class ▸ Try a vector…: type a vector, choose key/query/value, see the verdict large.

    Enter tries, Esc closes. The verdict follows the cursor and edits while
    the box is open; nothing typed here reaches the scenario.

    Attributes
    ----------
    edit : QtWidgets.QLineEdit
        The typed vector (``[1, 0, 2]``, ``1, 0, 2`` or ``1 0 2``).
    roles : dict[str, QtWidgets.QRadioButton]
        Key, query, value.
    verdict : QtWidgets.QLabel
        "Refused" or "Fits", large.
    detail : QtWidgets.QLabel
        Why, naming both shapes, or what the vector would do.
    picture : ShapePicture
        The two shapes side by side.
    check : ShapeCheck | None
        The last verdict.
    """

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.check: ShapeCheck | None = None
        #: Whether the box was last sized for projector mode.
        self._fitted_for: bool | None = None
        self.setObjectName("try_vector_box")
        self.setWindowTitle(self.tr("Try a vector"))
        self.setModal(False)
        self.prompt = QtWidgets.QLabel(
            self.tr("Type a vector and try it against S. Nothing is written; nothing changes.")
        )
        self.prompt.setWordWrap(True)
        self.edit = QtWidgets.QLineEdit()
        self.edit.setObjectName("try_vector_edit")
        # As the language writes a list: "[1 ; 0 ; 2]" in French (a comma is decimal there).
        say(self.edit, self.edit.setPlaceholderText, lambda: localised("[1, 0, 2]"))
        self.edit.setMinimumWidth(QtGui.QFontMetrics(self.edit.font()).averageCharWidth() * 14)
        self.edit.setAccessibleName(self.tr("Vector to try"))
        self.edit.setToolTip(self.tr("Numbers separated by commas or spaces, e.g. [1, 0, 2]"))
        edit_label = QtWidgets.QLabel(self.tr("&Vector:"))
        edit_label.setBuddy(self.edit)
        self.roles: dict[str, QtWidgets.QRadioButton] = {}
        group = QtWidgets.QButtonGroup(self)
        row = QtWidgets.QHBoxLayout()
        row.addWidget(edit_label)
        row.addWidget(self.edit, 1)
        for role, text, tip in (
            ("key", self.tr("as a &key k"), self.tr("Check it as a key: one number per row of S")),
            (
                "query",
                self.tr("as a &query q"),
                self.tr("Check it as a query: one number per row of S"),
            ),
            (
                "value",
                self.tr("as a v&alue v"),
                self.tr("Check it as a value: one number per column of S"),
            ),
        ):
            button = QtWidgets.QRadioButton(text)
            button.setToolTip(tip)
            button.setAccessibleName(text.replace("&", ""))
            button.toggled.connect(self._role_toggled)
            group.addButton(button)
            self.roles[role] = button
            row.addWidget(button)
        self.roles["key"].setChecked(True)
        self.try_button = QtWidgets.QPushButton(self.tr("&Try"))
        self.try_button.setToolTip(self.tr("Check the vector against S (Enter)"))
        self.try_button.setDefault(True)  # Enter anywhere in the box tries
        self.try_button.clicked.connect(self.try_now)
        row.addWidget(self.try_button)
        self.verdict = QtWidgets.QLabel()
        self.verdict.setObjectName("try_verdict")
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.detail = QtWidgets.QLabel()
        self.detail.setObjectName("try_detail")
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.picture = ShapePicture()
        self.picture.setAccessibleName(self.tr("The two shapes side by side"))
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        close = buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)
        close.setToolTip(self.tr("Close this box (Esc)"))
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addLayout(row)
        layout.addWidget(self.verdict)
        layout.addWidget(self.detail)
        layout.addWidget(self.picture, 1)
        layout.addWidget(buttons)
        session.changed.connect(self._on_session_changed)
        self._show(None)

    # -- commands --------------------------------------------------------------------------
    def role(self) -> str:
        """The chosen role: ``"key"``, ``"query"`` or ``"value"``."""
        return next(role for role, button in self.roles.items() if button.isChecked())

    def open_box(self) -> None:
        """Show the box over its window, ready to type (large in projector mode)."""
        self._fit()
        self.show()
        self.raise_()
        self.activateWindow()
        self.edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.edit.selectAll()

    def try_now(self) -> ShapeCheck:
        """Check the typed text in the chosen role against ``S`` at the cursor."""
        check = try_vector(
            self.session, self.edit.text(), self.role(), decimal_comma=decimal_comma()
        )
        self._show(check)
        return check

    # -- following the session -------------------------------------------------------------
    def _role_toggled(self, on: bool) -> None:
        if on and self.check is not None:
            self.try_now()

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # Qt deleted the box with its window
            self.session.changed.disconnect(self._on_session_changed)
            return
        if Change.OPTIONS in changes:
            self._restyle()
            if self.isVisible() and self._fitted_for != self.session.options.projector:
                self._fit()  # projector mode came or went: large over the room, or small
        if self.check is not None and changes & {Change.SCENARIO, Change.CURSOR, Change.REVEAL}:
            self.try_now()  # the verdict is for S as it is now

    def _show(self, check: ShapeCheck | None) -> None:
        self.check = check
        if check is None:
            self.verdict.setText("")
            self.verdict.hide()
            self.detail.setText(
                self.tr("S is {d_k}×{d_v} here.").format(
                    d_k=self.session.scenario.d_k, d_v=self.session.scenario.d_v
                )
            )
        else:
            self.verdict.setText(self.tr("Fits") if check.accepted else self.tr("Refused"))
            self.verdict.show()
            rows, cols = check.vector_shape
            self.picture.setAccessibleDescription(
                self.tr("The typed vector, {rows}×{cols}, beside S, {d_k}×{d_v}").format(
                    rows=rows, cols=cols, d_k=check.d_k, d_v=check.d_v
                )
            )
            text = accepted_text(check) if check.accepted else refusal_text(check)
            # "k vᵀ" and "φ(k) vᵀ" are one product: never broken over two lines.
            self.detail.setText(text.replace(" vᵀ", "\u00a0vᵀ"))
        self._restyle()

    def _restyle(self) -> None:
        session = self.session
        theme = session_theme(session)
        projector = session.options.projector
        check = self.check
        color = theme.foreground if check is None or check.accepted else theme.warning
        scale = 1.2 if projector else 1.0
        verdict_pt = round(theme.title_pt * 1.4 * scale)
        self.verdict.setStyleSheet(
            f"QLabel#try_verdict {{ color: {color}; font-size: {verdict_pt}pt;"
            " font-weight: bold; }"
        )
        self.detail.setStyleSheet(
            f"QLabel#try_detail {{ color: {theme.foreground};"
            f" font-size: {round(theme.title_pt * scale)}pt; }}"
        )
        self.picture.show_check(check, theme, projector)
        # Room for a typed vector at the size now shown (the French choices
        # beside it are longer and would squeeze it until the numbers are cut).
        self.edit.setMinimumWidth(self.edit.fontMetrics().horizontalAdvance("0") * 14)

    def _fit(self) -> None:
        """Large over the window in projector mode; as small as legible otherwise."""
        window = self.parentWidget()
        self._fitted_for = self.session.options.projector
        if self.session.options.projector and window is not None:
            size = window.size() * BOX_SHARE
            self.resize(size)
            self.move(window.geometry().center() - self.rect().center())
        else:
            self.ensurePolished()
            self.setMinimumWidth(QtGui.QFontMetrics(self.font()).averageCharWidth() * 84)
            self.resize(self.minimumWidth(), max(self.sizeHint().height(), 420))
