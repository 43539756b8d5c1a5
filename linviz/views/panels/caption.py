"""The caption bar: what the step at the cursor is, and what to say about it."""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.caption_fields import ANY_FIELDS, READ_FIELDS, WRITE_FIELDS
from linviz.model.errors import ScenarioError
from linviz.views.classroom.hidden_output import entered_text, predict_prompt
from linviz.views.drawing.steady_label import SteadyLabel
from linviz.views.error_text import shown_error
from linviz.views.guarded import guarded, guarded_size
from linviz.views.number_text import (
    caption_numbers,
    grouped,
    stale_short_text,
    stale_text,
    unbroken_lists,
)
from linviz.views.own_background import fill_own_background
from linviz.views.panels.panel import Panel
from linviz.views.theme import label_style
from linviz.views.typography import spaced


class _CaptionLabel(QtWidgets.QLabel):
    """The caption's text: a click on it reveals a hidden read, a double-click edits it."""

    clicked = QtCore.Signal()
    doubleClicked = QtCore.Signal()

    @guarded()
    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)

    @guarded()
    def mouseDoubleClickEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.doubleClicked.emit()
            event.accept()
            return
        super().mouseDoubleClickEvent(event)


class CaptionEditor(QtWidgets.QLineEdit):
    """One line to type a caption in: Enter or clicking elsewhere keeps it, Esc cancels.

    Signals
    -------
    cancelled()
        Esc was pressed.
    left()
        The editor lost the focus to another widget of the window.
    """

    cancelled = QtCore.Signal()
    left = QtCore.Signal()

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        # Esc belongs to the editor while typing, not to a window shortcut.
        if event.type() == QtCore.QEvent.Type.ShortcutOverride and event.key() == Qt.Key.Key_Escape:
            event.accept()
            return True
        return super().event(event)

    @guarded()
    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    @guarded()
    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:
        super().focusOutEvent(event)
        # A context menu or another window taking over is no reason to stop typing.
        if event.reason() not in (
            Qt.FocusReason.PopupFocusReason,
            Qt.FocusReason.ActiveWindowFocusReason,
        ):
            self.left.emit()


class _HeadingLabel(QtWidgets.QLabel):
    """The step's heading: it asks for the width of its text on one line.

    A word-wrapped QLabel asks for less than that, and beside the stale
    mark (which takes the room left over) it wrapped "Step 7 of 7 · read r4"
    onto two lines. Where the row is narrower than the text, it still wraps.
    """

    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        hint = super().sizeHint()
        if not self.wordWrap():
            return hint
        margins = self.contentsMargins()
        extra = margins.left() + margins.right() + 2 * self.margin()
        one_line = self.fontMetrics().horizontalAdvance(self.text()) + extra + 1
        width = max(hint.width(), one_line)
        return QtCore.QSize(width, self.heightForWidth(width))


class _StaleMark(QtWidgets.QLabel):
    """One line beside the heading: the whole mark, else its short form, cut to fit.

    Beside the heading, not under the caption: shown mid-drag, a line of its
    own made the caption bar taller and the plots under the mouse shorter.
    :meth:`full_text` is the whole mark (what a reader and a screen reader get).
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = self._short = ""

    def set_texts(self, full: str, short: str) -> None:
        """The whole mark and its short form; it shows the longest that fits."""
        self._full, self._short = full, short
        self.setAccessibleName(full)
        self._fit()

    def full_text(self) -> str:
        """The whole mark, however much of it shows."""
        return self._full

    def _fit(self) -> None:
        metrics, room = self.fontMetrics(), max(self.contentsRect().width(), 0)
        shown = next(
            (text for text in (self._full, self._short) if metrics.horizontalAdvance(text) <= room),
            metrics.elidedText(self._short, Qt.TextElideMode.ElideRight, room),
        )
        if shown != self.text():
            self.setText(shown)

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        handled = super().event(event)
        if event.type() in (QtCore.QEvent.Type.FontChange, QtCore.QEvent.Type.StyleChange):
            self._fit()  # other letters' widths, or a border that takes other room
        return handled


class CaptionBar(Panel):
    """What the current step is and what to say about it.

    Shows "Step n of N · write k1" and the step's caption with its live
    fields (``{y}``, ``{S}`` …) filled in from the step as it is now; at
    step 0 (and with no steps) the scenario's own caption. A caption whose
    own words state numbers the step no longer shows carries a visible mark,
    "written for an earlier version of this scenario" (undo takes it away).
    The caption is editable: a double-click or the Edit button turns its
    template into a text box, Enter (or clicking elsewhere) keeps the new
    text as an undoable edit of the step (saved with the scenario), Esc
    cancels; a caption with a bad field is refused with the reason and the
    text box keeps what was typed. While outputs are hidden, a read's
    caption (which states its answer) gives way to a prompt to predict; a
    click on the prompt reveals the read.

    Signals
    -------
    message(str)
        A refused caption, for the status bar.
    """

    panel_name = "caption"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.REVEAL})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        # "Step n of N · …" changes on every cursor move: it asks for a new
        # layout of the window only when the text no longer fits. It wraps: on a
        # projector's narrow column "· the empty memory, before any write" was cut.
        heading = _HeadingLabel()
        heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading = SteadyLabel(self, word_wrap=True, label=heading)
        # Its text's width, no more: the stale mark beside it takes the rest.
        policy = self.heading.sizePolicy()
        policy.setHorizontalPolicy(QtWidgets.QSizePolicy.Policy.Maximum)
        self.heading.setSizePolicy(policy)
        self.edit_button = QtWidgets.QToolButton(self)
        self.edit_button.setText(self.tr("Edit caption"))
        self.edit_button.setToolTip(
            self.tr("Edit this caption (or double-click it): Enter keeps it, Esc cancels")
        )
        self.edit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.edit_button.setAutoRaise(True)
        self.edit_button.clicked.connect(self.start_editing)
        self.caption = _CaptionLabel()
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Live fields change the text on every move of a drag: held steady, it
        # re-lays the window out only when its wrapped height changes.
        self.caption_box = SteadyLabel(self, word_wrap=True, label=self.caption)
        self.caption_box.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.caption.clicked.connect(self._caption_clicked)
        self.caption.doubleClicked.connect(self.start_editing)
        # Opaque: their new texts repaint them, not the desk under them.
        fill_own_background(self, self.heading, self.caption_box)
        # Shown while the caption states numbers its step no longer shows.
        self.stale_mark = _StaleMark(self)
        self.stale_mark.setObjectName("stale_mark")
        self.stale_mark.setTextFormat(Qt.TextFormat.PlainText)
        # The room the heading leaves (cut to it), never widening the window.
        policy = QtWidgets.QSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        policy.setRetainSizeWhenHidden(True)
        self.stale_mark.setSizePolicy(policy)
        self._word_stale_mark()
        self.stale_mark.hide()
        self.editor = CaptionEditor(self)
        self.editor.setAccessibleName(self.tr("Caption"))
        self.editor.setToolTip(self.syntax_details())
        # Under the text box while typing: the live fields, or why the text was refused.
        self.hint = QtWidgets.QLabel(self)
        self.hint.setObjectName("caption_hint")
        self.hint.setTextFormat(Qt.TextFormat.PlainText)
        self.hint.setWordWrap(True)
        self.hint.setToolTip(self.syntax_details())
        # Its text must never widen the window.
        self.hint.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.hint.hide()
        self.editor.returnPressed.connect(self.commit_edit)
        self.editor.left.connect(self.commit_edit)
        self.editor.cancelled.connect(self.cancel_edit)
        self.editor.hide()
        top = QtWidgets.QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.setSpacing(12)
        top.addWidget(self.heading)
        top.addWidget(self.stale_mark, 1)
        top.addWidget(self.edit_button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.caption_box)
        layout.addWidget(self.editor)
        layout.addWidget(self.hint)
        layout.addStretch(1)
        self._caption_style = ""
        #: The step whose caption is being edited (0: the scenario's own), else None.
        self._edit_number: int | None = None
        self._edit_scenario: object = None
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Caption")

    def retranslate(self) -> None:
        self._word_stale_mark()  # cut to fit, and one tooltip of two texts: not swapped
        super().retranslate()

    def _word_stale_mark(self) -> None:
        """The stale mark's text and tooltip, in the language now."""
        mark = "\u26a0 " + stale_text()
        self.stale_mark.set_texts(mark, "\u26a0 " + stale_short_text())
        self.stale_mark.setToolTip(
            mark
            + "\n"
            + self.tr(
                "This caption states numbers, or names a read's target, in its own "
                "words, and the step now shows otherwise (other numbers, or a query that "
                "is no longer that write's key). Edit it (live fields such as {y} or {S} "
                "follow every change), or undo the change."
            )
        )

    def text(self) -> str:
        """Heading, stale mark and caption as one string (what a reader sees)."""
        mark = f" {self.stale_mark.full_text()}" if self.stale_shown() else ""
        text = f"{self.heading.text()}{mark}\n{self.caption.text()}".strip()
        # No-break spaces and word joiners read as plain spaces (French typography).
        return text.replace("\u00a0", " ").replace("\u202f", " ").replace("\u2060", "")

    def stale_shown(self) -> bool:
        """Whether the caption is marked as written for an earlier version of the scenario."""
        return self.stale_mark.isVisibleTo(self)

    def syntax_help(self) -> str:
        """The live fields in one short line (shown under the text box while typing)."""
        return self.tr(
            "Live fields: {k} {v} {stamp} {S} · reads {q} {y} {target} {expected} "
            "{parts} {weights} · {y@r1} another step's · {{ a brace (hover for more)"
        )

    def syntax_details(self) -> str:
        """The live fields explained (the text box's tooltip).

        The lists of fields are the model's own (:mod:`linviz.model.caption_fields`),
        so a field the model adds is listed here too.
        """
        lists = {
            "{writes}": " ".join(f"{{{name}}}" for name in WRITE_FIELDS),
            "{reads}": " ".join(f"{{{name}}}" for name in READ_FIELDS),
            "{any}": " ".join(f"{{{name}}}" for name in ANY_FIELDS),
        }
        text = self.tr(
            "Live fields are filled in from the step each time the caption is shown:\n"
            "writes: {writes}\n"
            "reads: {reads}\n"
            "any step: {any}\n"
            "The error y − v_target = {interference} is made of the parts {parts} lists, "
            "largest first: {crosstalk}, {not_overwritten}, {forgetting}, {own_scale}, "
            "{normaliser_part}; {cause} names the largest in words, and {share} is "
            "crosstalk's share of the error's parts, by size (not of y).\n"
            "{y@r1} takes step r1's value; {cos@k1,k2} and {dot@k1,k2} compare two keys.\n"
            "{{ and }} write a brace. Enter keeps the caption, Esc cancels."
        )
        for key, value in lists.items():
            text = text.replace(key, value)
        return spaced(text)

    # -- editing --------------------------------------------------------------------
    @property
    def editing(self) -> bool:
        """Whether the caption is being typed."""
        return self._edit_number is not None

    def start_editing(self) -> None:
        """Turn the caption into a text box (a hidden read is revealed first)."""
        session = self.session
        if self.editing:
            return
        number = session.cursor
        session.reveal()  # the text box shows the caption, answer and all
        scenario = session.scenario
        self._edit_number = number
        self._edit_scenario = scenario
        # The template, fields and all: what is kept is what was typed.
        self.editor.setText(
            session.text(scenario.step(number).caption if number else scenario.caption)
        )
        self._show_hint(self.syntax_help(), error=False)
        self.caption_box.hide()
        self.stale_mark.hide()
        self.editor.show()
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)
        self.editor.selectAll()

    def _stop_editing(self) -> None:
        self._edit_number = None
        self._edit_scenario = None
        focused = self.editor.hasFocus()
        self.editor.hide()
        self.hint.hide()
        self.caption_box.show()
        if focused and self.window() is not None:
            self.window().setFocus(Qt.FocusReason.OtherFocusReason)

    def cancel_edit(self) -> None:
        """Leave the text box; the caption stays as it was."""
        if self.editing:
            self._stop_editing()
            self.refresh()

    def commit_edit(self) -> None:
        """Keep the typed caption: one undoable edit of the step (or of the scenario).

        A caption the scenario refuses (a field that does not exist, a read's
        field in a write's caption) is not kept: the reason is shown under the
        text box, which stays open with the text as typed (unless the user
        has moved on to another step, where the status bar says why).
        """
        if not self.editing:
            return
        session = self.session
        number, scenario = self._edit_number, self._edit_scenario
        text = self.editor.text()
        if scenario is not session.scenario or number > len(scenario):
            self._stop_editing()
            self.refresh()  # another scenario now: nothing to keep the text in
            return
        old = scenario.step(number).caption if number else scenario.caption
        if text == session.text(old):
            self._stop_editing()
            self.refresh()
            return
        still_here = number == session.cursor
        self._stop_editing()
        try:
            # Follow the step only if the user is still on it (Page Down moves on).
            session.edit_caption(number or None, text, follow=still_here)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            if still_here and session.cursor == number:
                self._reopen(number, text, shown_error(error))
            else:
                self.refresh()

    def _reopen(self, number: int, text: str, reason: str) -> None:
        """Back to typing, ``text`` as it was, ``reason`` under it: nothing typed is lost."""
        self._edit_number = number
        self._edit_scenario = self.session.scenario
        self.editor.setText(text)
        self._show_hint(reason, error=True)
        self.caption_box.hide()
        self.stale_mark.hide()
        self.editor.show()
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_caption(self, text: str) -> None:
        """Show ``text`` as the caption; no empty rows where the scenario has no caption.

        A file of arrays has none, at any step: the two rows kept for one (see
        refresh) were blank on every step, and the plots above are the better
        use of them. Where some step has one, every step keeps the rows.
        """
        self.caption_box.setText(text)
        if not self.editing:
            scenario = self.session.scenario
            self.caption_box.setVisible(
                bool(text) or bool(scenario.caption) or scenario.has_step_captions()
            )

    def _show_hint(self, text: str, error: bool) -> None:
        theme = self.theme
        color = theme.warning if error else theme.muted
        self.hint.setStyleSheet(label_style(color, theme.font_pt, bold=error))
        self.hint.setText(text)
        self.hint.show()

    # -- showing ----------------------------------------------------------------------
    def _caption_clicked(self) -> None:
        if self.session.is_hidden():
            self.session.reveal()

    def refresh(self) -> None:
        session = self.session
        if self.editing and (
            session.scenario is not self._edit_scenario or session.cursor != self._edit_number
        ):
            self.commit_edit()  # moved on while typing: keep what was typed
            return
        theme = self.theme
        scenario = session.scenario
        cursor = session.cursor
        if self.theme_changed():
            self._caption_style = ""
            self.heading.setStyleSheet(label_style(theme.muted, theme.font_pt, bold=True))
            self.editor.setStyleSheet(f"font-size: {round(theme.title_pt * 1.2)}pt;")
            self.edit_button.setStyleSheet(label_style(theme.accent, theme.font_pt))
            # Styled with the theme, shown or not: the heading's row keeps the mark's
            # height (retained when hidden), so showing it mid-drag resizes nothing.
            self.stale_mark.setStyleSheet(
                f"QLabel#stale_mark {{ {label_style(theme.warning, theme.font_pt, bold=True)}"
                f" border-left: 4px solid {theme.warning}; padding-left: 6px; }}"
            )
            # Projector mode is for showing, not editing (a double-click still edits).
            self.edit_button.setVisible(not session.options.projector)
        hidden = session.is_hidden()
        style = (
            label_style(theme.read, theme.title_pt * 1.2, bold=True)
            if hidden
            else label_style(theme.foreground, theme.title_pt * 1.2)
        )
        if style != self._caption_style:
            self._caption_style = style
            self.caption.setStyleSheet(style)
            # Room for two lines whatever the step: the plots above keep their size
            # when a caption wraps (a GIF's frames too).
            font = QtGui.QFont(self.caption.font())
            font.setPointSizeF(theme.title_pt * 1.2)
            self.caption_box.setMinimumHeight(2 * QtGui.QFontMetrics(font).lineSpacing() + 2)
        shape = Qt.CursorShape.PointingHandCursor if hidden else Qt.CursorShape.IBeamCursor
        if self.caption.cursor().shape() != shape:
            self.caption.setCursor(shape)
        count = len(scenario)
        if cursor == 0:
            self.heading.setText(
                self.tr("Step 0 of {count} · the empty memory, before any write").format(
                    count=grouped(count)
                )
                if count
                else session.title
            )
        else:
            step = scenario.step(cursor)
            kind = self.tr("write") if step.is_write else self.tr("read")
            self.heading.setText(
                spaced(
                    self.tr("Step {number} of {count} · {kind} {label}").format(
                        number=grouped(cursor), count=grouped(count), kind=kind, label=step.label
                    )
                )
            )
        if hidden:
            # Lesson captions of reads state the numbers: keep them for the reveal.
            entered = entered_text(session)
            self._show_caption(predict_prompt() + (f" · {entered}" if entered else ""))
            self.stale_mark.hide()
            return
        caption = session.caption(numbers=caption_numbers())
        self._show_caption(spaced(unbroken_lists(caption.text)))
        self.stale_mark.setVisible(caption.stale and not self.editing)
