"""The presenter view's window: the instructor's screen while the room watches the projector.

:class:`PresenterView` shows the current and the next step (what each does,
its vectors, a small heatmap of ``S`` after it), the caption, the step's
instructor notes and check question, the step count and a stopwatch.
:class:`~linviz.views.classroom.presenter.Presenter` builds it the first time
it is asked for (X, or projector mode on two screens): a window that never
shows it never imports this module.
"""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.controller.stopwatch import Stopwatch, clock_text
from linviz.model.drawable import color_indices, color_limit
from linviz.model.rules import RULE_PARAMETERS
from linviz.views.drawing.cell_image import rgb_words
from linviz.views.guarded import guarded_paint_event
from linviz.views.items.matrix_item import colormap_for
from linviz.views.number_text import (
    caption_numbers,
    grouped,
    shown_number,
    shown_vector,
    shown_written,
    stale_text,
    unbroken_lists,
)
from linviz.views.theme import Theme, qcolor, theme_named, theme_palette
from linviz.views.typography import spaced

Qt = QtCore.Qt

#: How often the stopwatch's display is brought up to date while it runs, in ms.
CLOCK_REFRESH_MS = 250
#: Tallest a state's heatmap grows: the notes need the room more.
MAX_THUMBNAIL_PX = 260
#: Largest state whose cells are labelled with their numbers in a thumbnail.
MAX_LABELLED_CELLS = 16
#: Text sizes of the presenter view, in points (read from a laptop at arm's length).
NOTES_PT, HEADER_PT, SUMMARY_PT = 13.0, 18.0, 11.0


class StateThumbnail(QtWidgets.QWidget):
    """A small heatmap of a state ``S`` (0 is the colour map's white middle).

    Cells are labelled with their numbers when there are few of them. With
    no matrix it shows a short text instead (a hidden read's state).

    Measured in ``linviz bench`` (``--only drawing``, pair ``state_thumbnail``,
    one run, 2026-12-06 09:13 UTC, load 0.3): a new matrix, repainted, costs
    0.095 ms at d = 8 and 0.116 ms at d = 64 (240×180), against 0.074 and
    0.093 ms for a ``QLabel`` given the same colours as a scaled ``QPixmap``.
    The label is 0.02 ms faster but cannot write the numbers in the cells
    (a 2×2 or 4×4 state), frame the matrix or follow a resize; kept painted.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._matrix: np.ndarray | None = None
        self._text = ""
        self._theme = theme_named("light")
        self._image: QtGui.QImage | None = None
        self._pixels: np.ndarray | None = None  # keeps the image's memory alive
        self.setMinimumSize(120, 90)
        self.setMaximumHeight(MAX_THUMBNAIL_PX)
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Expanding
        )

    def shown_matrix(self) -> np.ndarray | None:
        """The matrix drawn now (``None``: the text instead)."""
        return self._matrix

    def set_matrix(self, matrix: np.ndarray | None, theme: Theme, text: str = "") -> None:
        """Draw ``matrix`` in ``theme``'s colours; ``None`` draws ``text`` instead."""
        self._matrix, self._text, self._theme = matrix, text, theme
        self._image = None
        if matrix is not None and matrix.size:
            limit = color_limit(matrix)
            table = colormap_for(theme).getLookupTable(nPts=256, alpha=False)
            index = color_indices(matrix, limit, len(table))
            self._pixels = np.ascontiguousarray(rgb_words(table)[index])
            rows, columns = matrix.shape
            self._image = QtGui.QImage(
                self._pixels.data, columns, rows, 4 * columns, QtGui.QImage.Format.Format_RGB32
            )
        self.update()

    @guarded_paint_event
    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        try:
            theme = self._theme
            if self._image is None or self._matrix is None:
                painter.setPen(qcolor(theme.muted))
                painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self._text)
                return
            rows, columns = self._matrix.shape
            cell = min(self.width() / columns, self.height() / rows)
            target = QtCore.QRectF(0, 0, cell * columns, cell * rows)
            target.moveCenter(QtCore.QRectF(self.rect()).center())
            painter.drawImage(target, self._image)
            painter.setPen(QtGui.QPen(qcolor(theme.grid), 1))
            painter.drawRect(target)
            if rows * columns > MAX_LABELLED_CELLS or cell < 28:
                return
            font = QtGui.QFont(self.font())
            font.setPixelSize(max(10, min(int(cell / 3.2), 22)))
            painter.setFont(font)
            for row in range(rows):
                for column in range(columns):
                    # White on the saturated ends of the map, black in its pale middle.
                    colour = QtGui.QColor.fromRgb(self._image.pixel(column, row))
                    dark = colour.lightnessF() < 0.55
                    painter.setPen(qcolor("#ffffff" if dark else "#000000"))
                    rect = QtCore.QRectF(
                        target.left() + column * cell, target.top() + row * cell, cell, cell
                    )
                    painter.drawText(
                        rect,
                        Qt.AlignmentFlag.AlignCenter,
                        shown_number(self._matrix[row, column], digits=3),
                    )
        finally:
            painter.end()


class StepCard(QtWidgets.QFrame):
    """One step for the presenter: a heading, what the step does, and ``S`` after it."""

    def __init__(self, heading: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QtWidgets.QFrame.Shape.StyledPanel)
        self.heading = QtWidgets.QLabel(heading)
        font = self.heading.font()
        font.setBold(True)
        font.setPointSizeF(SUMMARY_PT + 2)
        self.heading.setFont(font)
        self.summary = QtWidgets.QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        summary_font = self.summary.font()
        summary_font.setPointSizeF(SUMMARY_PT)
        self.summary.setFont(summary_font)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.thumbnail = StateThumbnail()
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.summary)
        layout.addWidget(self.thumbnail, 1)


class PresenterView(QtWidgets.QWidget):
    """The instructor's window: now and next, caption, notes, question, count and time.

    Parameters
    ----------
    session
        The session shown (the same one the projector shows).
    stopwatch
        The elapsed time to show; its Start/Pause and Reset buttons drive it.

    Attributes
    ----------
    count_label, clock_label : QtWidgets.QLabel
        "Step 3 / 7" and the elapsed time.
    start_button, reset_button : QtWidgets.QPushButton
        Start or pause the stopwatch; set it back to 0.
    now, next : StepCard
        The step at the cursor and the one after it.
    caption_label, notes_label, question_label : QtWidgets.QLabel
        The caption the room sees, and the step's notes and check question.
    blank_label : QtWidgets.QLabel
        Says that the audience screen is blank (hidden otherwise).
    """

    def __init__(
        self, session: Session, stopwatch: Stopwatch, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        self.stopwatch = stopwatch
        self.setObjectName("presenter_view")
        self.setWindowTitle(self.tr("linviz — presenter view"))
        self.setMinimumSize(640, 480)

        self.count_label = self._big_label()
        self.clock_label = self._big_label()
        self.clock_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.start_button = QtWidgets.QPushButton()
        self.start_button.clicked.connect(self._toggle_clock)
        self.reset_button = QtWidgets.QPushButton(self.tr("Reset"))
        self.reset_button.clicked.connect(self._reset_clock)
        for button in (self.start_button, self.reset_button):
            # Clicker keys (Space above all) must reach the window's shortcuts.
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.blank_label = QtWidgets.QLabel(self.tr("Audience screen blank (. to show it)"))
        self.blank_label.setObjectName("presenter_blank")
        self.blank_label.hide()
        header = QtWidgets.QHBoxLayout()
        header.addWidget(self.count_label)
        header.addWidget(self.blank_label)
        header.addStretch(1)
        header.addWidget(self.clock_label)
        header.addWidget(self.start_button)
        header.addWidget(self.reset_button)

        self.now = StepCard(self.tr("Now"))
        self.next = StepCard(self.tr("Next"))
        cards = QtWidgets.QHBoxLayout()
        cards.addWidget(self.now, 1)
        cards.addWidget(self.next, 1)

        self.caption_label = self._text_label(NOTES_PT - 1)
        self.notes_label = self._text_label(NOTES_PT)
        self.notes_label.setObjectName("presenter_notes")
        self.question_label = self._text_label(NOTES_PT, bold=True)
        self.question_label.setObjectName("presenter_question")
        texts = QtWidgets.QFormLayout()
        texts.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for name, label in (
            (self.tr("Caption"), self.caption_label),
            (self.tr("Notes"), self.notes_label),
            (self.tr("Ask"), self.question_label),
        ):
            title = QtWidgets.QLabel(name)
            title_font = title.font()
            title_font.setBold(True)
            title_font.setPointSizeF(NOTES_PT - 2)
            title.setFont(title_font)
            texts.addRow(title, label)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(header)
        layout.addLayout(cards, 3)
        layout.addLayout(texts, 2)

        self.clock_timer = QtCore.QTimer(self)
        self.clock_timer.setInterval(CLOCK_REFRESH_MS)
        self.clock_timer.timeout.connect(self.show_clock)
        self.clock_timer.start()
        session.changed.connect(self._on_session_changed)
        self.resize(1000, 700)
        self.refresh()
        self.show_clock()

    def _big_label(self) -> QtWidgets.QLabel:
        label = QtWidgets.QLabel()
        font = label.font()
        font.setPointSizeF(HEADER_PT)
        font.setBold(True)
        label.setFont(font)
        return label

    def _text_label(self, point_size: float, bold: bool = False) -> QtWidgets.QLabel:
        label = QtWidgets.QLabel()
        label.setTextFormat(Qt.TextFormat.PlainText)  # lesson text is never markup
        label.setWordWrap(True)
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        font = label.font()
        font.setPointSizeF(point_size)
        font.setBold(bold)
        label.setFont(font)
        return label

    # -- following the session --------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):
            self.session.changed.disconnect(self._on_session_changed)
            return
        if changes & {Change.SCENARIO, Change.CURSOR, Change.REVEAL, Change.OPTIONS}:
            self.refresh()

    @property
    def theme(self) -> Theme:
        """The laptop's theme: the one chosen, whatever the projector shows."""
        return theme_named(self.session.options.theme)

    def refresh(self) -> None:
        """Show the step at the cursor and the next one, with the caption, notes and question."""
        session = self.session
        theme = self.theme
        self.setPalette(theme_palette(theme))
        self.setAutoFillBackground(True)
        count = len(session.scenario)
        cursor = session.cursor
        self.count_label.setText(
            self.tr("Step {cursor} / {count}").format(cursor=grouped(cursor), count=grouped(count))
        )
        self._show_step(self.now, cursor, theme)
        if cursor < count:
            self._show_step(self.next, cursor + 1, theme)
        else:
            self.next.heading.setText(self.tr("Next"))
            self.next.summary.setText(self.tr("End of the scenario."))
            self.next.thumbnail.set_matrix(None, theme, "")
        caption = session.caption(cursor, caption_numbers())
        self.caption_label.setText(self._marked(unbroken_lists(caption.text), caption.stale, True))
        # Notes and questions are typed with the lesson's numbers: once an edit
        # changes what they quote, they say so (the session compares them).
        numbers = caption_numbers()
        notes, question = session.notes(cursor, numbers), session.question(cursor, numbers)
        self.notes_label.setText(
            self._marked(notes.text, notes.stale) or self.tr("No notes for this step.")
        )
        self.question_label.setText(
            self._marked(question.text, question.stale) or self.tr("No question for this step.")
        )
        self.blank_label.setStyleSheet(f"color: {theme.warning}; font-weight: bold;")

    def _marked(self, text: str, stale: bool, caption: bool = False) -> str:
        """``text`` as shown: French spacing, numbers unbroken, and a mark when stale."""
        if not text:
            return ""
        shown = spaced(text)
        if not stale:
            return shown
        mark = stale_text() if caption else self.tr("written for the original numbers")
        return f"\u26a0 {spaced(mark)}\n{shown}"

    def _settings_line(self, number: int) -> str:
        """A new line and the α or β write ``number`` uses (empty under the additive rule)."""
        scenario = self.session.scenario
        alpha, beta = scenario.parameters_of(scenario.step(number))
        values = {"alpha": ("α", alpha), "beta": ("β", beta)}
        settings = ", ".join(
            f"{values[name][0]} = {shown_number(values[name][1])}"
            for name in RULE_PARAMETERS[scenario.rule.name]
        )
        return f"\n{settings}" if settings else ""

    def _show_step(self, card: StepCard, number: int, theme: Theme) -> None:
        session = self.session
        heading = self.tr("Now") if card is self.now else self.tr("Next")
        if number == 0:
            card.heading.setText(self.tr("{heading}: step 0").format(heading=heading))
            card.summary.setText(self.tr("The empty memory: S is all zeros."))
            card.thumbnail.set_matrix(session.snapshot(0).state, theme)
            return
        snap = session.snapshot(number)
        step = snap.step
        assert step is not None
        card.heading.setText(
            self.tr("{heading}: step {number}").format(heading=heading, number=grouped(number))
        )
        hidden = session.is_hidden(number)
        if step.is_write:
            text = self.tr("write {label}\nk = {key}\nv = {value}").format(
                label=step.label,
                key=shown_written(step.vector),
                value=shown_written(step.value),  # type: ignore[arg-type]
            ) + self._settings_line(number)
        else:
            output = (
                self.tr("hidden until revealed (R)")
                if hidden
                else shown_vector(snap.read.output, at=snap.read.scale)  # type: ignore[union-attr]
            )
            text = self.tr("read {label}\nq = {query}\ny = {output}").format(
                label=step.label, query=shown_written(step.vector), output=output
            )
        card.summary.setText(spaced(text))
        if hidden:
            card.thumbnail.set_matrix(None, theme, self.tr("S hidden until revealed"))
        else:
            card.thumbnail.set_matrix(snap.state, theme)

    # -- the stopwatch ----------------------------------------------------------------------------
    def _toggle_clock(self) -> None:
        self.stopwatch.toggle()
        self.show_clock()

    def _reset_clock(self) -> None:
        self.stopwatch.reset()
        self.show_clock()

    def show_clock(self) -> None:
        """Show the elapsed time and what the Start/Pause button will do."""
        self.clock_label.setText(clock_text(self.stopwatch.elapsed()))
        self.start_button.setText(self.tr("Pause") if self.stopwatch.running else self.tr("Start"))

    def set_blank_shown(self, blank: bool) -> None:
        """Say whether the audience screen is blank."""
        self.blank_label.setVisible(blank)
