"""The timeline: one chip per step, a slider, playback, and the caption bar.

The chips are painted by one widget (:class:`ChipStrip`) that draws only the
chips in view, so a 100,000-step scenario costs no more to show or scrub than
a 7-step lesson: nothing here grows with the number of steps.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.commands import ReplaceStep, SetText
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.views.classroom.hidden_output import entered_text, predict_prompt
from linviz.views.drawing.static_text import draw_at
from linviz.views.drawing.steady_label import SteadyLabel
from linviz.views.panels.panel import Panel, qcolor, raster_scale
from linviz.views.theme import Theme

Qt = QtCore.Qt

#: Playback speeds offered, in steps per second at 1×.
SPEEDS = (0.5, 1.0, 2.0, 4.0)

#: Milliseconds between two steps at 1×: slow enough to read what changed.
BASE_INTERVAL_MS = 1000

#: Room around a chip's cached picture for its outline (pixels).
FACE_MARGIN_PX = 3


def label_style(color: str, point_size: float, bold: bool = False) -> str:
    """A label's colour and size as a style sheet (a window-wide sheet can't override it)."""
    weight = "bold" if bold else "normal"
    return f"color: {color}; font-size: {round(point_size)}pt; font-weight: {weight};"


class ChipStrip(QtWidgets.QWidget):
    """A horizontal strip of step chips, painted in one pass.

    Each chip shows ``W`` (write) or ``R`` (read) and the step's label, with
    the step number under it; writes and reads differ in colour, letter and
    corner shape, and the cursor's chip is filled and outlined. The strip
    keeps its own scroll offset (in pixels) and scrolls to keep the cursor's
    chip in view.

    Signals
    -------
    chipClicked(int)
        The 1-based number of the chip the user clicked.
    """

    chipClicked = QtCore.Signal(int)

    def __init__(
        self, session: Session, theme: Theme, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self._theme = theme
        self._offset = 0
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Fixed
        )
        self.setAccessibleName(self.tr("Steps"))
        # Every pixel is painted: Qt need not paint the panel underneath first.
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._measure()

    # -- geometry --------------------------------------------------------------
    def set_theme(self, theme: Theme) -> None:
        """Use ``theme``'s colours and sizes."""
        self._theme = theme
        self._measure()
        self.ensure_visible(self.session.cursor)
        self.update()

    def _chip_font(self) -> QtGui.QFont:
        font = QtGui.QFont(self.font())
        font.setPointSizeF(self._theme.font_pt)
        return font

    def _number_font(self) -> QtGui.QFont:
        font = QtGui.QFont(self.font())
        font.setPointSizeF(max(7.0, self._theme.font_pt * 0.75))
        return font

    def _measure(self) -> None:
        # Fonts, metrics, pens and brushes are made here, once per theme, not per chip.
        self._font = self._chip_font()
        self._bold = QtGui.QFont(self._font)
        self._bold.setBold(True)
        self._small = self._number_font()
        # QFont.key() is slow-ish; the text cache needs it for every label drawn.
        self._font_key, self._small_key = self._font.key(), self._small.key()
        metrics = self._metrics = QtGui.QFontMetrics(self._font)
        small = QtGui.QFontMetrics(self._small)
        bold = QtGui.QFontMetrics(self._bold)
        self._letter_w = {letter: bold.horizontalAdvance(letter + " ") for letter in "WR"}
        self._elided: dict[tuple[str, int], str] = {}
        self._looks = {
            (write, current): self._look(write, current)
            for write in (True, False)
            for current in (True, False)
        }
        self._faces: dict[tuple[bool, bool, float], QtGui.QPixmap] = {}
        self._small_metrics = QtGui.QFontMetricsF(self._small)
        self._pad = max(4, metrics.height() // 4)
        self._margin = self._pad
        # Wide enough for default labels like "w12345" at this length (O(1) to
        # decide; longer labels are elided, their tooltip shows them whole).
        digits = max(2, len(str(len(self.session.scenario))))
        self._chip_w = metrics.horizontalAdvance("W  w" + "9" * digits) + 2 * self._pad
        self._measured_digits = digits
        self._chip_w = max(self._chip_w, small.horizontalAdvance("999999") + self._pad)
        self._chip_h = metrics.height() + 2 * self._pad
        # Where the label's baseline goes, so it is centred as AlignVCenter would.
        self._text_baseline = (self._chip_h - metrics.height()) / 2 + metrics.ascent()
        self._ascent = QtGui.QFontMetricsF(self._font).ascent()  # baseline → top of line
        self._gap = max(3, self._pad // 2)
        self._number_h = small.height()
        self.setFixedHeight(self._margin * 2 + self._chip_h + self._number_h + 2)
        self.updateGeometry()

    def _look(
        self, write: bool, current: bool
    ) -> tuple[QtGui.QBrush, QtGui.QPen, QtGui.QColor, QtGui.QColor]:
        """Fill, outline, text colour and number colour of a chip."""
        theme = self._theme
        color = qcolor(theme.write if write else theme.read)
        if current:
            return (
                QtGui.QBrush(color),
                QtGui.QPen(qcolor(theme.foreground), max(2.5, theme.line_width * 1.5)),
                qcolor("#ffffff"),
                qcolor(theme.foreground),
            )
        return (
            QtGui.QBrush(qcolor(theme.write if write else theme.read, 38)),
            QtGui.QPen(color, max(1.0, theme.line_width * 0.75)),
            color.darker(125),
            qcolor(theme.muted),
        )

    def _elide(self, label: str, width: int) -> str:
        key = (label, width)
        text = self._elided.get(key)
        if text is None:
            if len(self._elided) > 2048:
                self._elided.clear()
            text = self._elided[key] = self._metrics.elidedText(
                label, Qt.TextElideMode.ElideRight, width
            )
        return text

    @property
    def pitch(self) -> int:
        """Horizontal distance from one chip to the next, in pixels."""
        return self._chip_w + self._gap

    def _remeasure_if_longer(self) -> None:
        if max(2, len(str(len(self.session.scenario)))) != self._measured_digits:
            self._measure()

    def _content_width(self) -> int:
        count = len(self.session.scenario)
        return 2 * self._margin + max(0, count * self.pitch - self._gap)

    def _clamp_offset(self, offset: int) -> int:
        return max(0, min(offset, self._content_width() - self.width()))

    def offset(self) -> int:
        """How far the strip is scrolled, in pixels."""
        return self._offset

    def chip_rect(self, number: int) -> QtCore.QRect:
        """Where the chip of step ``number`` is, in this widget's coordinates."""
        x = self._margin + (number - 1) * self.pitch - self._offset
        return QtCore.QRect(x, self._margin, self._chip_w, self._chip_h)

    def number_at(self, point: QtCore.QPoint) -> int | None:
        """The step whose chip (or number under it) is at ``point``, if any."""
        x = point.x() + self._offset - self._margin
        if x < 0:
            return None
        number = x // self.pitch + 1
        if x % self.pitch >= self._chip_w or number > len(self.session.scenario):
            return None
        return int(number)

    def visible_range(self) -> tuple[int, int]:
        """The first and last step whose chip is (at least partly) in view."""
        count = len(self.session.scenario)
        first = max(1, (self._offset - self._margin) // self.pitch + 1)
        last = min(count, (self._offset + self.width() - self._margin) // self.pitch + 1)
        return first, last

    def ensure_visible(self, number: int, changed_steps: bool = True) -> None:
        """Scroll (as little as possible) so the chip of ``number`` is in view.

        With ``changed_steps=False`` (only the cursor moved) and no scrolling,
        just the chips of the old and new cursor are repainted.
        """
        previous, self._cursor_shown = getattr(self, "_cursor_shown", 0), number
        self._remeasure_if_longer()
        if number < 1:
            self._offset = 0
            self.update()
            return
        left = self._margin + (number - 1) * self.pitch
        right = left + self._chip_w
        # Keep one neighbour in view too, so stepping shows where it goes next.
        slack = min(self.pitch, max(0, (self.width() - self._chip_w) // 2))
        offset = self._offset
        if left - slack < offset:
            offset = left - slack
        elif right + slack > offset + self.width():
            offset = right + slack - self.width()
        offset = self._clamp_offset(offset)
        if offset == self._offset and not changed_steps and previous >= 1:
            below = self._number_h + 2
            for chip in {previous, number}:
                self.update(
                    self.chip_rect(chip).adjusted(
                        -FACE_MARGIN_PX, -FACE_MARGIN_PX, FACE_MARGIN_PX, below + 2
                    )
                )
            return
        self._offset = offset
        self.update()

    # -- Qt overrides ------------------------------------------------------------
    def sizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(8 * self.pitch, self.height())

    def minimumSizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(2 * self.pitch, self.height())

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt name)
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.FontChange:
            self._measure()

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._offset = self._clamp_offset(self._offset)
        self.ensure_visible(self.session.cursor)

    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:
        delta = event.angleDelta()
        steps = (delta.x() or delta.y()) / 120.0
        self._offset = self._clamp_offset(int(self._offset - steps * 3 * self.pitch))
        self.update()
        event.accept()

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        number = self.number_at(event.position().toPoint())
        if number is not None:
            self.chipClicked.emit(number)
        event.accept()

    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ToolTip:
            number = self.number_at(event.pos())
            if number is None:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            else:
                QtWidgets.QToolTip.showText(event.globalPos(), self._tooltip(number), self)
            return True
        return super().event(event)

    def _tooltip(self, number: int) -> str:
        step = self.session.scenario.step(number)
        kind = self.tr("write") if step.is_write else self.tr("read")
        head = self.tr("Step {number}: {kind} {label}").format(
            number=number, kind=kind, label=step.label
        )
        # A hidden read's caption would state its answer: predict first.
        shown = step.caption and not self.session.is_hidden(number)
        return f"{head}\n{step.caption}" if shown else head

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        theme = self._theme
        painter = QtGui.QPainter(self)
        try:
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            painter.fillRect(self.rect(), qcolor(theme.background))
            count = len(self.session.scenario)
            if count == 0:
                painter.setPen(qcolor(theme.muted))
                painter.setFont(self._chip_font())
                painter.drawText(
                    self.rect(),
                    Qt.AlignmentFlag.AlignCenter,
                    self.tr("No steps yet: add a write in the table of steps."),
                )
                return
            # Only the chips in the repainted area: cost is independent of the
            # scenario's length (and a cursor move repaints two chips).
            first, last = self.visible_range()
            area = event.rect()
            margin = FACE_MARGIN_PX
            numbers = [
                number
                for number in range(first, last + 1)
                if self.chip_rect(number)
                .adjusted(-margin, -margin, margin, self._number_h + 4)
                .intersects(area)
            ]
            self._paint_chips(painter, numbers)
        finally:
            painter.end()

    def _draw_face(
        self, painter: QtGui.QPainter, rect: QtCore.QRect, write: bool, current: bool
    ) -> None:
        """A chip without its label: outline, fill and letter."""
        brush, pen, text_color, _ = self._looks[(write, current)]
        # Reads get round ends, writes square corners: shape differs as well as colour.
        radius = rect.height() / 2 if not write else 3.0
        painter.setBrush(brush)
        painter.setPen(pen)
        painter.drawRoundedRect(QtCore.QRectF(rect).adjusted(1, 1, -1, -1), radius, radius)
        painter.setFont(self._bold)
        painter.setPen(text_color)
        painter.drawText(
            rect.adjusted(self._pad, 0, -self._pad, 0),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            "W" if write else "R",
        )

    def _face(self, write: bool, current: bool, ratio: float) -> QtGui.QPixmap:
        """:meth:`_draw_face` as a picture (drawn once per theme and pixel ratio)."""
        key = (write, current, ratio)
        face = self._faces.get(key)
        if face is None:
            margin = FACE_MARGIN_PX  # thick outlines reach past the chip
            face = QtGui.QPixmap(
                round((self._chip_w + 2 * margin) * ratio),
                round((self._chip_h + 2 * margin) * ratio),
            )
            face.setDevicePixelRatio(ratio)
            face.fill(Qt.GlobalColor.transparent)
            painter = QtGui.QPainter(face)
            try:
                painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
                self._draw_face(
                    painter,
                    QtCore.QRect(margin, margin, self._chip_w, self._chip_h),
                    write,
                    current,
                )
            finally:
                painter.end()
            self._faces[key] = face
        return face

    def _paint_chips(self, painter: QtGui.QPainter, numbers: list[int]) -> None:
        """Draw the chips of steps ``numbers``: faces and labels, then the numbers.

        After a jump every chip in view is drawn anew: the pixel ratio, the
        fonts and the text cache's font keys are worked out once for all of
        them, not once a chip. Nothing a chip draws overlaps the step number
        under another chip, so drawing the numbers last gives the same pixels.
        """
        scenario = self.session.scenario
        cursor = self.session.cursor
        ratio = raster_scale(painter)
        corner = QtCore.QPoint(FACE_MARGIN_PX, FACE_MARGIN_PX)
        font, font_key, pen = self._font, self._font_key, None
        top = self._text_baseline - self._ascent
        painter.setFont(font)
        for number in numbers:
            write = scenario.is_write(number)
            current = number == cursor
            rect = self.chip_rect(number)
            if ratio is None:  # an SVG or PDF export: shapes and text stay vectors
                self._draw_face(painter, rect, write, current)
                painter.setFont(font)
                pen = None
            else:
                painter.drawPixmap(rect.topLeft() - corner, self._face(write, current, ratio))
            text_color = self._looks[(write, current)][2]
            if text_color is not pen:
                painter.setPen(text_color)
                pen = text_color
            left = rect.left() + self._pad + self._letter_w["W" if write else "R"]
            draw_at(
                painter,
                left,
                rect.top() + top,
                self._elide(scenario.label_at(number), rect.right() - self._pad - left),
                font,
                font_key,
            )
        small, small_key, advance = (
            self._small,
            self._small_key,
            self._small_metrics.horizontalAdvance,
        )
        painter.setFont(small)
        pen = None
        for number in numbers:
            number_color = self._looks[(scenario.is_write(number), number == cursor)][3]
            if number_color is not pen:
                painter.setPen(number_color)
                pen = number_color
            rect = self.chip_rect(number)
            text = str(number)
            draw_at(
                painter,
                rect.left() + (rect.width() - advance(text)) / 2,
                rect.bottom() + 3,
                text,
                small,
                small_key,
            )


class TimelinePanel(Panel):
    """Steps as chips, a slider, transport buttons and playback speed.

    The navigation actions (first, previous, play/pause, next, last) are
    window-wide shortcuts: Home, Left/Page Up, Space, Right/Page Down, End.
    :meth:`actions` lists them so the main window can put them in its menus.
    """

    panel_name = "timeline"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.strip = ChipStrip(session, self.theme, self)
        self.strip.chipClicked.connect(self.session.set_cursor)

        style = self.style()
        icons = QtWidgets.QStyle.StandardPixmap
        self._play_icon = style.standardIcon(icons.SP_MediaPlay)
        self._pause_icon = style.standardIcon(icons.SP_MediaPause)
        self.first_action = self._action(
            self.tr("First step"),
            icons.SP_MediaSkipBackward,
            [Qt.Key.Key_Home],
            lambda: self._go(1),
        )
        self.previous_action = self._action(
            self.tr("Previous step"),
            icons.SP_MediaSeekBackward,
            [Qt.Key.Key_Left, Qt.Key.Key_PageUp],
            lambda: self._step(-1),
        )
        self.play_action = self._action(
            self.tr("Play"), icons.SP_MediaPlay, [Qt.Key.Key_Space], self.toggle_playback
        )
        self.next_action = self._action(
            self.tr("Next step"),
            icons.SP_MediaSeekForward,
            [Qt.Key.Key_Right, Qt.Key.Key_PageDown],
            lambda: self._step(1),
        )
        self.last_action = self._action(
            self.tr("Last step"),
            icons.SP_MediaSkipForward,
            [Qt.Key.Key_End],
            lambda: self._go(len(self.session.scenario)),
        )

        self.buttons: list[QtWidgets.QToolButton] = []
        for action in (
            self.first_action,
            self.previous_action,
            self.play_action,
            self.next_action,
            self.last_action,
        ):
            button = QtWidgets.QToolButton(self)
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            self.buttons.append(button)

        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setAccessibleName(self.tr("Step"))
        self.slider.setToolTip(self.tr("Drag to scrub through the steps"))
        self.slider.valueChanged.connect(self.session.set_cursor)
        # The slider must not take the arrow keys from the window-wide shortcuts.
        self.slider.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

        self.position_label = QtWidgets.QLabel(self)
        self.position_label.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )

        self.speed_box = QtWidgets.QComboBox(self)
        for speed in SPEEDS:
            self.speed_box.addItem(f"{speed:g}×", speed)
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setToolTip(self.tr("Playback speed"))
        self.speed_box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.speed_box.currentIndexChanged.connect(self._speed_changed)
        self.speed_label = QtWidgets.QLabel(self.tr("Speed"), self)
        self.speed_label.setBuddy(self.speed_box)

        self.timer = QtCore.QTimer(self)
        self.timer.timeout.connect(self._tick)
        self._speed_changed()

        controls = QtWidgets.QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        for button in self.buttons:
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.position_label)
        controls.addSpacing(8)
        controls.addWidget(self.speed_label)
        controls.addWidget(self.speed_box)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.strip)
        layout.addLayout(controls)
        layout.addStretch(1)
        self.setFocusProxy(self.strip)
        self._styled = False
        self._steps_changed = True
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Timeline")

    # -- actions -----------------------------------------------------------------
    def _action(
        self, text: str, icon: QtWidgets.QStyle.StandardPixmap, keys: list[Qt.Key], slot: object
    ) -> QtGui.QAction:
        action = QtGui.QAction(self.style().standardIcon(icon), text, self)
        sequences = [QtGui.QKeySequence(key) for key in keys]
        action.setShortcuts(sequences)
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        names = ", ".join(
            s.toString(QtGui.QKeySequence.SequenceFormat.NativeText) for s in sequences
        )
        action.setToolTip(self.tr("{action} ({keys})").format(action=text, keys=names))
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _go(self, number: int) -> None:
        self.session.set_cursor(number)

    def _step(self, delta: int) -> None:
        self.session.step_by(delta)

    # -- playback ------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """Whether playback is running."""
        return self.timer.isActive()

    def set_speed(self, speed: float) -> None:
        """Play ``speed`` steps a second (one of :data:`SPEEDS`)."""
        self.speed_box.setCurrentIndex(SPEEDS.index(speed))

    def _speed_changed(self) -> None:
        speed = float(self.speed_box.currentData())
        self.timer.setInterval(round(BASE_INTERVAL_MS / speed))

    def toggle_playback(self) -> None:
        """Start playing from the cursor (from the start when at the end), or pause."""
        if self.playing:
            self.stop_playback()
            return
        count = len(self.session.scenario)
        if count == 0:
            return
        if self.session.cursor >= count:
            self.session.set_cursor(1)
        self.timer.start()
        self._show_play_state()

    def stop_playback(self) -> None:
        """Pause playback."""
        self.timer.stop()
        self._show_play_state()

    def _tick(self) -> None:
        if self.session.cursor >= len(self.session.scenario):
            self.stop_playback()
            return
        self.session.step_by(1)
        if self.session.cursor >= len(self.session.scenario):
            self.stop_playback()

    def _show_play_state(self) -> None:
        playing = self.playing
        text = self.tr("Pause") if playing else self.tr("Play")
        self.play_action.setText(text)
        self.play_action.setIcon(self._pause_icon if playing else self._play_icon)
        self.play_action.setToolTip(
            self.tr("{action} ({keys})").format(
                action=text,
                keys=self.play_action.shortcut().toString(
                    QtGui.QKeySequence.SequenceFormat.NativeText
                ),
            )
        )

    def show_chrome(self, shown: bool) -> None:
        """Clickers and keys drive the timeline on a projector: hide all but the chips."""
        for control in (
            *self.buttons,
            self.slider,
            self.speed_box,
            self.speed_label,
            self.position_label,
        ):
            control.setVisible(shown)

    # -- drawing ---------------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if changes == {Change.SCENARIO} and self.session.dragging:
            return  # a drag moves one vector, which no chip shows: no repaint
        # Only the cursor moved: the strip repaints two chips, not all of them.
        self._steps_changed = changes != {Change.CURSOR}
        super()._on_session_changed(changes)

    def refresh(self) -> None:
        theme = self.theme
        count = len(self.session.scenario)
        cursor = self.session.cursor
        if theme is not self.strip._theme or not self._styled:
            self._apply_theme(theme)
        with QtCore.QSignalBlocker(self.slider):
            self.slider.setRange(1 if count else 0, count)
            self.slider.setValue(cursor)
            self.slider.setPageStep(max(1, count // 20))
        self.slider.setEnabled(count > 1)
        self._size_position_label(count)
        self.position_label.setText(
            self.tr("{cursor} / {count}").format(cursor=f"{cursor:,}", count=f"{count:,}")
        )
        self.first_action.setEnabled(cursor > 1)
        self.previous_action.setEnabled(cursor > 1)
        self.next_action.setEnabled(cursor < count)
        self.last_action.setEnabled(cursor < count)
        self.play_action.setEnabled(count > 0)
        self.strip.ensure_visible(cursor, changed_steps=self._steps_changed)
        self._steps_changed = True

    def _size_position_label(self, count: int) -> None:
        """A fixed size for "cursor / count" that fits every cursor: a fixed-size label's
        new text asks for no new layout of the window (scrubbing).
        """
        widest = f"{count:,}".translate(str.maketrans("0123456789", "8888888888"))
        metrics = self.position_label.fontMetrics()
        size = QtCore.QSize(
            metrics.horizontalAdvance(
                self.tr("{cursor} / {count}").format(cursor=widest, count=widest)
            )
            + 6,
            metrics.height() + 2,
        )
        label = self.position_label
        if label.minimumSize() != size or label.maximumSize() != size:
            label.setFixedSize(size)

    def _apply_theme(self, theme: Theme) -> None:
        # Only when the theme changes: scrubbing must not re-polish every child.
        self._styled = True
        self.setFont(self.font_for(theme.font_pt))
        size = round(theme.font_pt * 2.2)
        for button in self.buttons:
            button.setIconSize(QtCore.QSize(size, size))
        # Fusion draws a thin slider whatever the font: thicken it with the theme.
        groove = max(6, round(theme.font_pt * 0.6))
        handle = groove * 3
        self.slider.setStyleSheet(
            f"QSlider::groove:horizontal {{ height: {groove}px; background: {theme.grid};"
            f" border-radius: {groove // 2}px; }}"
            f"QSlider::sub-page:horizontal {{ background: {theme.accent};"
            f" border-radius: {groove // 2}px; }}"
            f"QSlider::handle:horizontal {{ width: {handle}px; background: {theme.foreground};"
            f" margin: -{groove}px 0; border-radius: {handle // 2}px; }}"
        )
        self.slider.setMinimumHeight(handle + 4)
        self.strip.set_theme(theme)


class _CaptionLabel(QtWidgets.QLabel):
    """The caption's text: a click on it reveals a hidden read, a double-click edits it."""

    clicked = QtCore.Signal()
    doubleClicked = QtCore.Signal()

    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802 (Qt name)
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QtGui.QMouseEvent) -> None:  # noqa: N802
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

    def event(self, event: QtCore.QEvent) -> bool:
        # Esc belongs to the editor while typing, not to a window shortcut.
        if event.type() == QtCore.QEvent.Type.ShortcutOverride and event.key() == Qt.Key.Key_Escape:
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 (Qt name)
        if event.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def focusOutEvent(self, event: QtGui.QFocusEvent) -> None:  # noqa: N802 (Qt name)
        super().focusOutEvent(event)
        # A context menu or another window taking over is no reason to stop typing.
        if event.reason() not in (
            Qt.FocusReason.PopupFocusReason,
            Qt.FocusReason.ActiveWindowFocusReason,
        ):
            self.left.emit()


class CaptionBar(Panel):
    """What the current step is and what to say about it.

    Shows "Step n of N · write k1" and the step's caption; with no steps, the
    scenario's title and its own caption. The caption is editable: a
    double-click or the Edit button turns it into a text box, Enter (or
    clicking elsewhere) keeps the new text as an undoable edit of the step
    (saved with the scenario), Esc cancels. While outputs are hidden, a
    read's caption (which states its answer) gives way to a prompt to
    predict; a click on the prompt reveals the read.

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
        # layout of the window only when the text no longer fits.
        self.heading = SteadyLabel(self)
        self.edit_button = QtWidgets.QToolButton(self)
        self.edit_button.setText(self.tr("Edit caption"))
        self.edit_button.setToolTip(
            self.tr("Edit this caption (or double-click it): Enter keeps it, Esc cancels")
        )
        self.edit_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.edit_button.setAutoRaise(True)
        self.edit_button.clicked.connect(self.start_editing)
        self.caption = _CaptionLabel(self)
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.caption.setSizePolicy(
            QtWidgets.QSizePolicy.Policy.Expanding, QtWidgets.QSizePolicy.Policy.Preferred
        )
        self.caption.clicked.connect(self._caption_clicked)
        self.caption.doubleClicked.connect(self.start_editing)
        self.editor = CaptionEditor(self)
        self.editor.setAccessibleName(self.tr("Caption"))
        self.editor.returnPressed.connect(self.commit_edit)
        self.editor.left.connect(self.commit_edit)
        self.editor.cancelled.connect(self.cancel_edit)
        self.editor.hide()
        top = QtWidgets.QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.heading, 1)
        top.addWidget(self.edit_button)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addWidget(self.caption)
        layout.addWidget(self.editor)
        layout.addStretch(1)
        self._caption_style = ""
        #: The step whose caption is being edited (0: the scenario's own), else None.
        self._edit_number: int | None = None
        self._edit_scenario: object = None
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Caption")

    def text(self) -> str:
        """Heading and caption as one string (what a reader sees)."""
        return f"{self.heading.text()}\n{self.caption.text()}".strip()

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
        self.editor.setText(scenario.step(number).caption if number else scenario.caption)
        self.caption.hide()
        self.editor.show()
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)
        self.editor.selectAll()

    def _stop_editing(self) -> None:
        self._edit_number = None
        self._edit_scenario = None
        focused = self.editor.hasFocus()
        self.editor.hide()
        self.caption.show()
        if focused and self.window() is not None:
            self.window().setFocus(Qt.FocusReason.OtherFocusReason)

    def cancel_edit(self) -> None:
        """Leave the text box; the caption stays as it was."""
        if self.editing:
            self._stop_editing()
            self.refresh()

    def commit_edit(self) -> None:
        """Keep the typed caption: one undoable edit of the step (or of the scenario)."""
        if not self.editing:
            return
        session = self.session
        number, scenario = self._edit_number, self._edit_scenario
        text = self.editor.text()
        self._stop_editing()
        if scenario is not session.scenario or number > len(scenario):
            self.refresh()  # another scenario now: nothing to keep the text in
            return
        if number == 0:
            command = (
                SetText(caption=text, text="edit caption") if text != scenario.caption else None
            )
        else:
            step = scenario.step(number)
            # Follow the step only if the user is still on it (Page Down moves on).
            command = (
                ReplaceStep(
                    number,
                    step.with_changes(caption=text),
                    text=f"edit caption {step.label}",
                    follow=number == session.cursor,
                )
                if text != step.caption
                else None
            )
        if command is None:
            self.refresh()
            return
        try:
            session.execute(command)
        except ScenarioError as error:
            self.message.emit(str(error))
            self.refresh()

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
        shape = Qt.CursorShape.PointingHandCursor if hidden else Qt.CursorShape.IBeamCursor
        if self.caption.cursor().shape() != shape:
            self.caption.setCursor(shape)
        if cursor == 0:
            self.heading.setText(scenario.title)
            self.caption.setText(scenario.caption)
            return
        step = scenario.step(cursor)
        kind = self.tr("write") if step.is_write else self.tr("read")
        self.heading.setText(
            self.tr("Step {number} of {count} · {kind} {label}").format(
                number=f"{cursor:,}", count=f"{len(scenario):,}", kind=kind, label=step.label
            )
        )
        if hidden:
            # Lesson captions of reads state the numbers: keep them for the reveal.
            entered = entered_text(session)
            self.caption.setText(predict_prompt() + (f" · {entered}" if entered else ""))
        else:
            self.caption.setText(step.caption)
