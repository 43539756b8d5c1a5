"""The step at the cursor written as an equation of small heatmaps.

A write reads ``S before + k vᵀ = S after`` (``α × S before + …`` with a
decay), with the rows the stamp writes into outlined; a read reads
``qᵀ × S = y`` with the rows the query weighs outlined. All parts share one
cell height, so rows line up and ``S before`` and ``S after`` look alike; a
part's cells widen for its numbers where the row has the room ("0.368" on a
narrow projector column), the numbers are printed while the cells are big
enough (d = 2 lessons) and only colours remain when they are not (d = 64).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.drawable import color_limit
from linviz.model.norms import largest_finite
from linviz.model.snapshot import Snapshot
from linviz.views.classroom.hidden_output import hidden_text
from linviz.views.drawing.scene_tuning import repaint_as_one_rectangle
from linviz.views.drawing.steady_label import SteadyLabel
from linviz.views.items.matrix_item import MatrixItem
from linviz.views.number_text import grouped, shown_number, shown_vector
from linviz.views.own_background import fill_own_background
from linviz.views.panels.panel import Panel
from linviz.views.theme import Theme
from linviz.views.typography import unbroken, with_unbroken

#: Cells never grow beyond this many times the theme's label size (pixels).
MAX_CELL_FACTOR = 8
#: Room around the equation, in pixels.
MARGIN_PX = 10.0
#: A row vector is drawn at least this many times the label size tall (pixels).
VECTOR_MIN_FACTOR = 1.3
#: Least space between two captions, in pixels.
CAPTION_SPACING_PX = 14.0


@dataclass(frozen=True)
class Part:
    """One matrix of the equation, with the colour range it is drawn with."""

    caption: str
    matrix: np.ndarray
    limit: float
    lit_rows: tuple[int, ...] = ()
    lit_columns: tuple[int, ...] = ()
    #: A read's output while hidden (predict first): drawn as a blank "?".
    hidden: bool = False


@dataclass(frozen=True)
class Equation:
    """What the panel shows: ``operators[0]`` before part 0, ``operators[i]`` after part i-1."""

    parts: tuple[Part, ...]
    operators: tuple[str, ...]
    heading: str


def row_layout(
    cell: float | list[float], columns: list[int], gaps: list[float], captions: list[float]
) -> tuple[float, list[float], list[float]]:
    """Where the parts and operators go along a row, in pixels, for a cell size.

    Parameters
    ----------
    cell
        Cell width in pixels, or each part's.
    columns
        Columns of each part.
    gaps
        Width of the operator before each part (``gaps[0]`` is the prefix,
        0 when there is none).
    captions
        Width of each part's caption, centred under it.

    Returns
    -------
    total, lefts, operator_centres
        The row's width, each part's left edge and each operator's centre.
        A caption wider than its part may reach into the operator gaps, but
        never into its neighbour's caption nor past the row's ends.
    """
    cells = cell if isinstance(cell, list) else [cell] * len(columns)
    widths = [c * w for c, w in zip(columns, cells)]
    x = max(0.0, captions[0] / 2 - (gaps[0] + widths[0] / 2)) + gaps[0]
    operator_centres = [x - gaps[0] / 2]
    lefts = [x]
    x += widths[0]
    for index in range(1, len(widths)):
        spacing = widths[index - 1] / 2 + gaps[index] + widths[index] / 2
        needed = (captions[index - 1] + captions[index]) / 2 + CAPTION_SPACING_PX
        gap = gaps[index] + max(0.0, needed - spacing)
        operator_centres.append(x + gap / 2)
        x += gap
        lefts.append(x)
        x += widths[index]
    x += max(0.0, captions[-1] / 2 - widths[-1] / 2)
    return x, lefts, operator_centres


class EquationPanel(Panel):
    """The step at the cursor as ``S before + stamp = S after`` or ``qᵀ × S = y``.

    Parameters
    ----------
    session
        The session to show and follow.
    parent
        Optional parent widget.

    Attributes
    ----------
    graphics : pg.GraphicsView
        The drawing area (one ViewBox, one data unit per cell, row 0 at the top).
    parts : list[MatrixItem]
        The three matrices, left to right.
    heading : SteadyLabel
        The step and its rule in words, above the equation.
    message : QtWidgets.QLabel
        Shown instead of the equation while there is no step.
    """

    panel_name = "equation"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.REVEAL})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self._equation: Equation | None = None
        #: The parts the matrix items show now (to skip updates that change nothing).
        self._shown_parts: list[Part] = []
        #: What the last layout depended on (to skip one that would change nothing).
        self._layout_key: tuple | None = None

        self.graphics = pg.GraphicsView()
        repaint_as_one_rectangle(self.graphics)
        self.graphics.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.view_box = pg.ViewBox(
            lockAspect=True, invertY=True, enableMouse=False, enableMenu=False
        )
        self.graphics.setCentralItem(self.view_box)
        self.parts = [MatrixItem() for _ in range(3)]
        self.operator_items = [pg.TextItem(anchor=(0.5, 0.5)) for _ in range(3)]
        self.caption_items = [pg.TextItem(anchor=(0.5, 0.0)) for _ in range(3)]
        for item in [*self.parts, *self.operator_items, *self.caption_items]:
            self.view_box.addItem(item)
        for index, part in enumerate(self.parts):
            part.tooltip_for = partial(self._part_tooltip, index)
        # Stands on a hidden output; a click on it (or R) reveals the read.
        self.hidden_item = pg.TextItem("?", anchor=(0.5, 0.5))
        self.hidden_item.setVisible(False)
        self.view_box.addItem(self.hidden_item)
        self.graphics.scene().sigMouseClicked.connect(self._clicked)
        self.view_box.sigResized.connect(self._layout)

        # Plain text (labels may hold "<"); new on every cursor move: a steady label.
        self.heading = SteadyLabel(word_wrap=True)
        self.heading.label.setObjectName("equation_heading")
        fill_own_background(self, self.heading)  # its repaint stops at it
        self.empty_label = QtWidgets.QLabel()
        self.empty_label.setObjectName("equation_message")
        self.empty_label.setWordWrap(True)
        self.empty_label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        self.empty_label.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)

        self._stack = QtWidgets.QStackedWidget()
        self._stack.addWidget(self.graphics)
        self._stack.addWidget(self.empty_label)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.heading)
        layout.addWidget(self._stack, 1)
        self.refresh()

    # -- Panel ------------------------------------------------------------------------
    def panel_title(self) -> str:
        return self.tr("The step as an equation")

    def refresh(self) -> None:
        """Show the step at the cursor."""
        self._apply_theme_if_changed()
        snap = self.session.snapshot()
        equation = self._equation_for(snap)
        self._equation = equation
        if equation is None:
            self.heading.setText(self.tr("Step 0: the memory is empty"))
            self.empty_label.setText(
                self.tr(
                    "S is all zeros: nothing has been written yet. "
                    "Add a write, or step forward, to see its stamp land in S."
                )
            )
            self._stack.setCurrentWidget(self.empty_label)
            return
        self.heading.setText(equation.heading)
        # Only what changed: during a drag most parts (the query, the captions,
        # the layout) stay as they are, and each update costs a re-render.
        shown = self._shown_parts
        for index, (item, part) in enumerate(zip(self.parts, equation.parts)):
            before = shown[index] if index < len(shown) else None
            if (
                before is None
                or before.limit != part.limit
                or before.matrix.shape != part.matrix.shape
                or not np.array_equal(before.matrix, part.matrix)
            ):
                item.set_matrix(part.matrix, part.limit)
            if before is None or (before.lit_rows, before.lit_columns) != (
                part.lit_rows,
                part.lit_columns,
            ):
                item.marks.set_lit(rows=part.lit_rows, columns=part.lit_columns)
            if before is None or before.hidden != part.hidden:
                item.labels.set_enabled(not part.hidden)
        self._shown_parts = list(equation.parts)
        self.hidden_item.setVisible(self.output_hidden())
        for item, text in zip(self.operator_items, equation.operators):
            _set_text(item, text)  # its font is the layout's (see _set_fonts)
        for item, part in zip(self.caption_items, equation.parts):
            _set_text(item, part.caption)
        if self._stack.currentWidget() is not self.graphics:
            # After the empty memory (step 0) the view was never sized: size it
            # now, so the layout below fits the parts to the panel at once.
            self._stack.setCurrentWidget(self.graphics)
            self.graphics.setGeometry(self._stack.contentsRect())
        self._layout()
        # Coming back from step 0 the view was resized while hidden: place the
        # parts now, not at the next paint, so they are where they are drawn.
        self.view_box.updateMatrix()

    # -- for tests and export -------------------------------------------------------------
    def shown_parts(self) -> list[tuple[str, np.ndarray]]:
        """``(caption, matrix)`` of every part on screen, left to right (none at step 0)."""
        if self._equation is None:
            return []
        return [
            (p.caption, np.array(item.matrix()))
            for p, item in zip(self._equation.parts, self.parts)
        ]

    def shows_message(self) -> bool:
        """Whether a sentence stands in for the equation (step 0, an empty scenario)."""
        self.catch_up()  # asked while hidden, by the layout deciding whether to show it
        return self._stack.currentWidget() is self.empty_label

    def output_hidden(self) -> bool:
        """Whether the output ``y`` is hidden now (predict first)."""
        return self._equation is not None and any(p.hidden for p in self._equation.parts)

    def _clicked(self, event: object) -> None:
        """A click on the hidden output (the "?" or its caption) reveals it."""
        if not self.output_hidden() or event.button() != QtCore.Qt.MouseButton.LeftButton:
            return
        spot = event.scenePos()
        hit = (
            self.parts[2]
            .sceneBoundingRect()
            .united(self.caption_items[2].sceneBoundingRect())
            .adjusted(-8, -8, 8, 8)
        )
        if hit.contains(spot):
            event.accept()
            self.session.reveal()

    def shown_operators(self) -> list[str]:
        """The operator texts: before the first part, then between the parts."""
        return [] if self._equation is None else list(self._equation.operators)

    def _part_tooltip(self, index: int, row: int, column: int) -> str:
        """A hovered cell's exact value (the labels round, and hide at d = 64)."""
        if self._equation is None:
            return ""
        part = self._equation.parts[index]
        if part.hidden:
            return hidden_text()
        # Rows and columns counted from 1, as in the course.
        value = shown_number(part.matrix[row, column], at=largest_finite(part.matrix))
        return f"{part.caption} [{row + 1}, {column + 1}] = {value}"

    # -- what to show -----------------------------------------------------------------
    def _equation_for(self, snap: Snapshot) -> Equation | None:
        if snap.step is None:
            return None
        scenario = self.session.scenario
        step = snap.step
        if snap.write is not None:
            record = snap.write
            limit = color_limit(record.state_before, record.stamp, record.state)
            lit = tuple(np.flatnonzero(record.phi_key).tolist())
            key = "k" if scenario.feature_map == "identity" else "\u03c6(k)"
            value = "\u0169\u1d40" if scenario.rule.corrects else "v\u1d40"
            decayed = record.decay != 1.0
            parts = (
                Part(self.tr("S before"), record.state_before, limit, lit),
                Part(self.tr("stamp {0} {1}").format(key, value), record.stamp, limit, lit),
                Part(self.tr("S after"), record.state, limit, lit),
            )
            prefix = f"{shown_number(record.decay)} \u00d7" if decayed else ""
            # Each formula whole on its line: the heading ended one at "with α" ("= 0.8" under it).
            if decayed:
                alpha = shown_number(record.decay)
                rule = with_unbroken(
                    self.tr("S \u2190 \u03b1\u00b7S + {0} {1} with \u03b1 = {2}").format(
                        key, value, alpha
                    ),
                    f"S \u2190 \u03b1\u00b7S + {key} {value}",
                    f"\u03b1 = {alpha}",
                )
            else:
                rule = unbroken(self.tr("S \u2190 S + {0} {1}").format(key, value))
            heading = self.tr("Step {0}: write {1}.").format(grouped(snap.number), step.label)
            return Equation(parts, (prefix, "+", "="), f"{heading}  {rule}")
        result = snap.read
        assert result is not None
        query = result.phi_query
        lit = tuple(np.flatnonzero(query).tolist())
        name = "q" if scenario.feature_map == "identity" else "\u03c6(q)"
        # Predict first: a hidden y is a blank row (no numbers, no colours) under a "?".
        hidden = self.session.is_hidden(snap.number)
        output = Part(self.tr("output y"), result.output[None, :], color_limit(result.output))
        if hidden:
            output = Part(
                self.tr("y hidden: press R"),
                np.zeros((1, result.output.size)),
                1.0,
                lit_rows=(0,),
                hidden=True,
            )
        parts = (
            Part(
                self.tr("query {0}\u1d40").format(name),
                query[None, :],
                color_limit(query),
                lit_columns=lit,
            ),
            Part(self.tr("S"), snap.state, color_limit(snap.state), lit),
            output,
        )
        equals = "="
        rule = unbroken(self.tr("y = {0}\u1d40 S").format(name))
        if result.denominator is not None:
            # The normaliser as numbers: z, and the divisor φ(q)ᵀz it gives.
            divisor = shown_number(result.denominator)
            equals = f"\u00f7 {divisor} ="
            # Wrap only between the clauses, never inside "z = [3, 3]" or "φ(q)ᵀz = 9".
            clauses = (
                self.tr("y = {0}\u1d40 S \u00f7 {0}\u1d40z").format(name),
                f"z = {shown_vector(result.normaliser)}",
                f"{name}\u1d40z = {divisor}",
            )
            rule = ", ".join(unbroken(clause) for clause in clauses)
        heading = self.tr("Step {0}: read {1}.").format(grouped(snap.number), step.label)
        return Equation(parts, ("", "\u00d7", equals), f"{heading}  {rule}")

    def height_for_numbers(self, width: int | None = None) -> int:
        """The panel's height that prints every part's numbers at the theme's label size.

        The desk gives the equation this much of its column and the heatmap
        the rest: a share by proportion left it ~70 px at 1280×720, its
        vectors 10 px cells with no number.
        """
        self.catch_up()
        width = self.width() if width is None else width
        heading = self.heading.heightForWidth(width) if width > 0 else -1
        heading = heading if heading > 0 else self.heading.sizeHint().height()
        equation = self._equation
        if equation is None:  # step 0: a sentence in place of the equation
            return heading + self.empty_label.heightForWidth(max(width, 1))
        tallest = max(part.matrix.shape[0] for part in equation.parts)
        grid = self.parts[0].labels
        caption_h = QtGui.QFontMetricsF(self._fonts()[1]).height() + 8.0
        cells = tallest * grid.cell_height_for(self.theme.cell_label_px)
        return int(np.ceil(heading + 2 * MARGIN_PX + caption_h + cells))

    # -- layout ---------------------------------------------------------------------------
    def _fonts(self) -> tuple[QtGui.QFont, QtGui.QFont]:
        theme = self.theme
        # Operators are read from afar: never smaller than 20 pt.
        return (
            self.font_for(max(theme.title_pt * 1.4, 20.0), bold=True),
            self.font_for(theme.title_pt),
        )

    def _layout(self) -> None:
        """Place the parts side by side, all with one cell size that fits the view."""
        equation = self._equation
        width, height = self.view_box.width(), self.view_box.height()
        if equation is None or width < 10 or height < 10:
            return
        # Numbers need width more than height ("0.368" in a two-row S): a part's
        # cells may be wider than tall, as wide as its numbers need at the
        # smallest legible size (each part its own: "0.368" beside "4.45").
        labels = [item.labels for item in self.parts[: len(equation.parts)]]
        min_text_px = self.theme.min_text_pt * self.logicalDpiY() / 72.0
        number_px = max(grid.smallest_font_px(min_text_px) for grid in labels)
        number_h = labels[0].cell_height_for(number_px)
        tallest = max(p.matrix.shape[0] for p in equation.parts)
        if (height - 2 * MARGIN_PX) / tallest < number_h:
            # Cells too low for a line of numbers whatever their widths (d = 64):
            # the widths do not matter, and finding them formats every cell's
            # label (4,096 of S alone) on every move of a drag.
            number_ws = [0.0] * len(labels)
        else:
            number_ws = [grid.cell_width_for(number_px) for grid in labels]
        key = (
            width,
            height,
            tuple(round(w) for w in number_ws),
            self.theme.name,
            equation.operators,
            tuple((p.caption, p.matrix.shape) for p in equation.parts),
        )
        if key == self._layout_key:
            return
        self._layout_key = key
        base_op_font, base_caption_font = self._fonts()
        shapes = [p.matrix.shape for p in equation.parts]
        columns = [c for _, c in shapes]
        thin_px = VECTOR_MIN_FACTOR * self.theme.cell_label_px
        available = width - 2 * MARGIN_PX
        # On a narrow projector column the captions, the operators and "÷ 12.15"
        # would take all the width: shrink the words before the matrices lose
        # their numbers. Never below the theme's smallest text (a projector's back
        # row), operators never below 20 pt there; on a desk they shrink with the
        # words (1024×768: the decay's 5.12 in "S after" lacked 2 px of the row).
        floor = self.theme.min_text_pt / base_caption_font.pointSizeF()
        for text_scale in dict.fromkeys(max(scale, floor) for scale in (1.0, 0.8, 0.65)):
            op_font = QtGui.QFont(base_op_font)
            op_floor = 20.0 if self.theme.min_text_pt > 0 else 20.0 * min(text_scale, 1.0)
            op_font.setPointSizeF(max(base_op_font.pointSizeF() * min(text_scale, 1.0), op_floor))
            caption_font = QtGui.QFont(base_caption_font)
            caption_font.setPointSizeF(base_caption_font.pointSizeF() * min(text_scale, 1.0))
            op_metrics = QtGui.QFontMetricsF(op_font)
            caption_metrics = QtGui.QFontMetricsF(caption_font)
            pad = 0.6 * op_metrics.horizontalAdvance("+")
            # Each operator's gap (an empty prefix takes none); long ones are words
            # ("÷ 2.478 ="), spaced by their own blanks: half the padding.
            gaps = [
                (
                    op_metrics.horizontalAdvance(t) + 2 * pad
                    if len(t.strip()) <= 2
                    else caption_metrics.horizontalAdvance(t) + pad
                )
                if t
                else 0.0
                for t in equation.operators
            ]
            captions = [caption_metrics.horizontalAdvance(p.caption) for p in equation.parts]
            caption_h = caption_metrics.height() + 8.0
            cell = min(
                (height - 2 * MARGIN_PX - caption_h) / tallest,
                MAX_CELL_FACTOR * self.theme.cell_label_px,
            )
            cell = max(cell, 0.5)
            # Wider where that prints the numbers (not in cells too low for them).
            numbers = cell >= number_h
            cell_ws = [max(cell, w) if numbers else cell for w in number_ws]
            if numbers and row_layout(cell_ws, columns, gaps, captions)[0] > available:
                # The width decides. Lower cells, each still as wide as its part's
                # numbers, while they fit: at 1024×768 the decay's "S after" (5.12)
                # otherwise went to 20 px squares with no number.
                cell, cell_ws, numbers = self._cells_for_numbers(
                    (number_h, cell), number_ws, (columns, gaps, captions), available
                )
            if row_layout(cell_ws, columns, gaps, captions)[0] > available:
                # Still too wide: square cells, the largest that fit; the numbers
                # go if they must (d = 64 shows colours).
                low, high = 0.0, cell
                for _ in range(40):
                    middle = (low + high) / 2
                    fits = row_layout(middle, columns, gaps, captions)[0] <= available
                    low, high = (middle, high) if fits else (low, middle)
                cell = max(low, 0.5)
                cell_ws = [cell] * len(columns)
                numbers = all(cell >= w for w in number_ws) and cell >= number_h
            if cell >= 1.5 * self.theme.cell_label_px and numbers:
                break
        self._set_fonts(equation, op_font, caption_font)

        total, lefts, operators = row_layout(cell_ws, columns, gaps, captions)
        # Data units from here on: a cell is 1 high (and its part's width in cells), row 0
        # at the top.
        for index, (rows, cols) in enumerate(shapes):
            x = lefts[index] / cell
            wide = cell_ws[index] / cell
            # A row vector among taller matrices is drawn thicker, or at d = 64 it
            # would be a hairline; its cells stay as wide as everyone else's.
            stretch = min(max(1.0, thin_px / cell), tallest) if rows == 1 else 1.0
            self.parts[index].setTransform(QtGui.QTransform.fromScale(wide, stretch))
            self.parts[index].setPos(x, (tallest - rows * stretch) / 2)
            self.caption_items[index].setPos(x + cols * wide / 2, tallest + 4.0 / cell)
        for index, centre in enumerate(operators):
            self.operator_items[index].setPos(centre / cell, tallest / 2)
        self.hidden_item.setPos((lefts[2] + columns[2] * cell_ws[2] / 2) / cell, tallest / 2)
        content_w, content_h = total / cell, tallest + caption_h / cell
        view_w, view_h = width / cell, height / cell
        self.view_box.setRange(
            QtCore.QRectF((content_w - view_w) / 2, (content_h - view_h) / 2, view_w, view_h),
            padding=0,
        )
        # pyqtgraph moves the items at the next paint; move them now, so that
        # where they are is where they will be drawn (tests, exports, tooltips).
        self.view_box.updateMatrix()

    def _set_fonts(
        self, equation: Equation, op_font: QtGui.QFont, caption_font: QtGui.QFont
    ) -> None:
        """The operators' and captions' fonts, as the layout measured them (set only
        here and by a new theme, which lays out anew).

        "÷ 12.15 =" is a number to read, not a symbol: caption size leaves the
        matrices room on a narrow projector column. A refresh once set the full
        sizes again after a layout had shrunk them and kept its places (1024×768,
        French): drawn larger than their gaps, "÷ 12,15 =" covered S and the
        output's first cell.
        """
        for item, text in zip(self.operator_items, equation.operators):
            _set_font(item, op_font if len(text.strip()) <= 2 else caption_font)
        for item in self.caption_items:
            _set_font(item, caption_font)

    # -- theme ----------------------------------------------------------------------------
    @staticmethod
    def _cells_for_numbers(
        heights: tuple[float, float],
        number_ws: list[float],
        row: tuple[list[int], list[float], list[float]],
        available: float,
    ) -> tuple[float, list[float], bool]:
        """The tallest cells from ``heights`` (least, most) whose row of number-wide
        cells fits ``available`` pixels: their height, each part's width, and whether
        they print the numbers (else the least height, unprinted, for the squares).
        """
        least, most = heights

        def widths(height: float) -> list[float]:
            return [max(height, width) for width in number_ws]

        if row_layout(widths(least), *row)[0] > available:
            return most, [most] * len(number_ws), False
        low, high = least, most
        for _ in range(30):
            middle = (low + high) / 2
            if row_layout(widths(middle), *row)[0] <= available:
                low = middle
            else:
                high = middle
        return low, widths(low), True

    def _apply_theme_if_changed(self) -> None:
        theme = self.theme
        if self.theme_changed():
            self._apply_theme(theme)

    def _apply_theme(self, theme: Theme) -> None:
        self._layout_key = None  # the fonts change the gaps
        self.graphics.setBackground(theme.background)
        for item in self.parts:
            item.apply_theme(theme)
        op_font, caption_font = self._fonts()
        for item in self.operator_items:
            item.setFont(op_font)
            item.setColor(theme.foreground)
        for item in self.caption_items:
            item.setFont(caption_font)
            item.setColor(theme.foreground)
        self.hidden_item.setFont(op_font)
        self.hidden_item.setColor(theme.read)
        self.heading.setFont(self.font_for(theme.title_pt))
        self.heading.setStyleSheet(
            f"QLabel#equation_heading {{ color: {theme.foreground};"
            f" background: {theme.background}; padding: 4px 8px; }}"
        )
        self.empty_label.setFont(self.font_for(theme.title_pt))
        self.empty_label.setStyleSheet(
            f"QLabel#equation_message {{ color: {theme.muted};"
            f" background: {theme.background}; padding: 12px; }}"
        )


def _set_text(item: pg.TextItem, text: str) -> None:
    """Set ``item``'s text unless it shows it already (each set re-lays its document out)."""
    if item.toPlainText() != text:
        item.setText(text)


def _set_font(item: pg.TextItem, font: QtGui.QFont) -> None:
    """Set ``item``'s font unless it has it already (each set re-lays its document out)."""
    if item.textItem.font() != font:
        item.setFont(font)
