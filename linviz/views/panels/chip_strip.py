"""The strip of step chips under the plots, painted in one pass.

Only the chips in view are painted, so a 100,000-step scenario costs no more
to show or scrub than a 7-step lesson.

Against the plain Qt version, measured in one run (``python -m
linviz.bench.drawing_bench --cpu-time``; ``linviz bench --only drawing``
gives wall times: 2026-12-03, offscreen, GUI-thread CPU time, load 7.4,
medians of 200): moving the cursor to a random step and repainting takes 1.0
ms at 100 steps and 1.4 ms at 2,000, against 1.6 and 3.3 ms for a row of
checkable ``QToolButton`` (one per step) in a ``QScrollArea`` (1.65x and
2.25x; wall time 1.6 against 17 ms at 2,000). A 100,000-step row of buttons
is not built at all.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.views.drawing.raster_scale import raster_scale
from linviz.views.drawing.stamp_cache import StampCache
from linviz.views.drawing.static_text import draw_at
from linviz.views.guarded import guarded, guarded_paint_event, guarded_size
from linviz.views.number_text import caption_numbers, grouped, stale_text
from linviz.views.plain_text import plain_tooltip
from linviz.views.theme import Theme, qcolor

#: Room around a chip's stamp for its outline (pixels).
FACE_MARGIN_PX = 3

#: The letter of step 0's chip (the empty memory); writes are W, reads R.
EMPTY_LETTER = "\u2205"
#: Up to this many chips are narrowed to show them all at once (more scroll).
MAX_FITTED_CHIPS = 64


class ChipStrip(QtWidgets.QWidget):
    """A horizontal strip of step chips, painted in one pass.

    Each chip shows ``W`` (write) or ``R`` (read) and the step's label, with
    the step number under it; writes and reads differ in colour, letter and
    corner shape, and the cursor's chip is filled and outlined. The first
    chip, ``∅`` numbered 0, is the memory before any write. The strip
    keeps its own scroll offset (in pixels) and scrolls to keep the cursor's
    chip in view.

    Signals
    -------
    chipClicked(int)
        The number of the chip the user clicked (0: the empty memory).
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
        self._letter_w = {
            letter: bold.horizontalAdvance(letter + " ") for letter in ("W", "R", EMPTY_LETTER)
        }
        self._elided: dict[tuple[str, int], str] = {}
        # write: True (a write), False (a read), None (step 0, the empty memory).
        self._looks = {
            (write, current): self._look(write, current)
            for write in (True, False, None)
            for current in (True, False)
        }
        self._faces = StampCache(capacity=2 * len(self._looks))  # two pixel ratios
        self._small_metrics = QtGui.QFontMetricsF(self._small)
        self._pad = max(4, metrics.height() // 4)
        self._margin = self._pad
        # Wide enough for default labels like "w12345" at this length (O(1) to
        # decide; longer labels are elided, their tooltip shows them whole).
        digits = max(2, len(str(len(self.session.scenario))))
        self._chip_w = metrics.horizontalAdvance("W  w" + "9" * digits) + 2 * self._pad
        self._measured_digits = digits
        self._chip_w = max(self._chip_w, small.horizontalAdvance("999999") + self._pad)
        self._natural_w = self._chip_w
        self._fitted_for: tuple | None = None
        self._chip_h = metrics.height() + 2 * self._pad
        # Where the label's baseline goes, so it is centred as AlignVCenter would.
        self._text_baseline = (self._chip_h - metrics.height()) / 2 + metrics.ascent()
        self._ascent = QtGui.QFontMetricsF(self._font).ascent()  # baseline → top of line
        self._gap = max(3, self._pad // 2)
        self._number_h = small.height()
        self.setFixedHeight(self._margin * 2 + self._chip_h + self._number_h + 2)
        self.updateGeometry()

    def _look(
        self, write: bool | None, current: bool
    ) -> tuple[QtGui.QBrush, QtGui.QPen, QtGui.QColor, QtGui.QColor]:
        """Fill, outline, text colour and number colour of a chip (``write`` None: step 0)."""
        theme = self._theme
        tone = theme.muted if write is None else theme.write if write else theme.read
        color = qcolor(tone)
        if current:
            return (
                QtGui.QBrush(color),
                QtGui.QPen(qcolor(theme.foreground), max(2.5, theme.line_width * 1.5)),
                qcolor("#ffffff"),
                qcolor(theme.foreground),
            )
        return (
            QtGui.QBrush(qcolor(tone, 38)),
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
            # Cut in the middle: labels that share a start ("q@2047:3836", "q@2050:17"
            # from an MQAR import) all read "q@…" cut at the right.
            text = self._elided[key] = self._metrics.elidedText(
                label, Qt.TextElideMode.ElideMiddle, width
            )
        return text

    def _fit_chips(self) -> None:
        """Narrower chips when that shows every chip at once, each label whole.

        A lesson's ten chips at 1024 px would otherwise leave the last one cut
        at the edge; long scenarios keep their width and scroll.
        """
        count = len(self.session.scenario) + 1
        room = self.width() - 2 * self._margin
        key = (room, count, self._natural_w)
        if key == self._fitted_for:
            return
        self._fitted_for = key
        chip_w = self._natural_w
        fitting = (room + self._gap) // count - self._gap
        if fitting < chip_w and count <= MAX_FITTED_CHIPS:
            scenario = self.session.scenario
            needed = max(
                (
                    self._letter_w["W" if scenario.is_write(number) else "R"]
                    + self._metrics.horizontalAdvance(scenario.step(number).label)
                    for number in range(1, count)
                ),
                default=0,  # no steps: the empty memory's chip alone
            )
            needed = max(needed, self._letter_w[EMPTY_LETTER]) + 2 * self._pad + 2
            if needed <= fitting:
                chip_w = fitting
        if chip_w != self._chip_w:
            self._chip_w = chip_w
            self._faces.clear()
            self._offset = self._clamp_offset(self._offset)

    @property
    def pitch(self) -> int:
        """Horizontal distance from one chip to the next, in pixels."""
        return self._chip_w + self._gap

    def _remeasure_if_longer(self) -> None:
        if max(2, len(str(len(self.session.scenario)))) != self._measured_digits:
            self._measure()

    def _content_width(self) -> int:
        count = len(self.session.scenario)  # chips 0 … count
        return 2 * self._margin + max(0, (count + 1) * self.pitch - self._gap)

    def _clamp_offset(self, offset: int) -> int:
        return max(0, min(offset, self._content_width() - self.width()))

    def offset(self) -> int:
        """How far the strip is scrolled, in pixels."""
        return self._offset

    def chip_rect(self, number: int) -> QtCore.QRect:
        """Where the chip of step ``number`` (0: the empty memory) is, in this widget's pixels."""
        x = self._margin + number * self.pitch - self._offset
        return QtCore.QRect(x, self._margin, self._chip_w, self._chip_h)

    def number_at(self, point: QtCore.QPoint) -> int | None:
        """The step whose chip (or number under it) is at ``point``, if any."""
        x = point.x() + self._offset - self._margin
        if x < 0:
            return None
        number = x // self.pitch
        if x % self.pitch >= self._chip_w or number > len(self.session.scenario):
            return None
        return int(number)

    def visible_range(self) -> tuple[int, int]:
        """The first and last step whose chip is (at least partly) in view."""
        count = len(self.session.scenario)
        first = max(0, (self._offset - self._margin) // self.pitch)
        last = min(count, (self._offset + self.width() - self._margin) // self.pitch)
        return first, last

    def ensure_visible(self, number: int, changed_steps: bool = True) -> None:
        """Scroll (as little as possible) so the chip of ``number`` is in view.

        With ``changed_steps=False`` (only the cursor moved) and no scrolling,
        just the chips of the old and new cursor are repainted.
        """
        previous, self._cursor_shown = getattr(self, "_cursor_shown", -1), number
        self._remeasure_if_longer()
        if changed_steps:
            self._fitted_for = None
        self._fit_chips()
        left = self._margin + number * self.pitch
        right = left + self._chip_w
        # Keep one neighbour in view too, so stepping shows where it goes next.
        slack = min(self.pitch, max(0, (self.width() - self._chip_w) // 2))
        offset = self._offset
        if left - slack < offset:
            offset = left - slack
        elif right + slack > offset + self.width():
            offset = right + slack - self.width()
        offset = self._clamp_offset(offset)
        if offset == self._offset and not changed_steps and previous >= 0:
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
    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(8 * self.pitch, self.height())

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(2 * self.pitch, self.height())

    @guarded()
    def changeEvent(self, event: QtCore.QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.FontChange:
            self._measure()

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._offset = self._clamp_offset(self._offset)
        self.ensure_visible(self.session.cursor)

    @guarded()
    def wheelEvent(self, event: QtGui.QWheelEvent) -> None:
        delta = event.angleDelta()
        steps = (delta.x() or delta.y()) / 120.0
        self._offset = self._clamp_offset(int(self._offset - steps * 3 * self.pitch))
        self.update()
        event.accept()

    @guarded()
    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        number = self.number_at(event.position().toPoint())
        if number is not None:
            self.chipClicked.emit(number)
        event.accept()

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.ToolTip:
            number = self.number_at(event.pos())
            if number is None:
                QtWidgets.QToolTip.hideText()
                event.ignore()
            else:
                QtWidgets.QToolTip.showText(
                    event.globalPos(), plain_tooltip(self._tooltip(number)), self
                )
            return True
        return super().event(event)

    def _tooltip(self, number: int) -> str:
        session = self.session
        if number == 0:
            head = self.tr("Step 0: the empty memory, before any write")
            own = session.scenario.caption
        else:
            step = session.scenario.step(number)
            kind = self.tr("write") if step.is_write else self.tr("read")
            head = self.tr("Step {number}: {kind} {label}").format(
                number=grouped(number), kind=kind, label=step.label
            )
            own = step.caption
        # A hidden read's caption would state its answer: predict first.
        if not own or session.is_hidden(number):
            return head
        caption = session.caption(number, caption_numbers())
        mark = f"\n\u26a0 {stale_text()}" if caption.stale else ""
        return f"{head}\n{caption.text}{mark}"

    @guarded_paint_event
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
        self, painter: QtGui.QPainter, rect: QtCore.QRect, write: bool | None, current: bool
    ) -> None:
        """A chip without its label: outline, fill and letter (``write`` None: step 0)."""
        brush, pen, text_color, _ = self._looks[(write, current)]
        # Reads get round ends, writes square corners: shape differs as well as colour.
        radius = 3.0 if write else rect.height() / 2 if write is False else rect.height() / 4
        painter.setBrush(brush)
        painter.setPen(pen)
        painter.drawRoundedRect(QtCore.QRectF(rect).adjusted(1, 1, -1, -1), radius, radius)
        painter.setFont(self._bold)
        painter.setPen(text_color)
        painter.drawText(
            rect.adjusted(self._pad, 0, -self._pad, 0),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            _letter(write),
        )

    def _face(self, write: bool | None, current: bool, ratio: float) -> QtGui.QPixmap:
        """:meth:`_draw_face` as a stamp (drawn once per chip size, theme and pixel ratio)."""
        key = (write, current, ratio)
        face = self._faces.get(key)
        if face is not None:
            return face
        margin = FACE_MARGIN_PX  # thick outlines reach past the chip
        rect = QtCore.QRect(margin, margin, self._chip_w, self._chip_h)
        return self._faces.draw(
            key,
            (
                round((self._chip_w + 2 * margin) * ratio),
                round((self._chip_h + 2 * margin) * ratio),
            ),
            ratio,
            lambda painter: self._draw_face(painter, rect, write, current),
        )

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
            write = scenario.is_write(number) if number else None
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
            left = rect.left() + self._pad + self._letter_w[_letter(write)]
            label = scenario.label_at(number) if number else ""  # ∅ says it; the tooltip too
            draw_at(
                painter,
                left,
                rect.top() + top,
                self._elide(label, rect.right() - self._pad - left),
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
            write = scenario.is_write(number) if number else None
            number_color = self._looks[(write, number == cursor)][3]
            if number_color is not pen:
                painter.setPen(number_color)
                pen = number_color
            rect = self.chip_rect(number)
            text = grouped(number)
            draw_at(
                painter,
                rect.left() + (rect.width() - advance(text)) / 2,
                rect.bottom() + 3,
                text,
                small,
                small_key,
            )


def _letter(write: bool | None) -> str:
    """A chip's letter: W (a write), R (a read), ∅ (step 0, the empty memory)."""
    return EMPTY_LETTER if write is None else "W" if write else "R"
