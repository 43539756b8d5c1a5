"""A QLabel whose new text re-lays the window out only when its size must change.

``QLabel.setText`` always calls ``updateGeometry()``; for headings that
change on every cursor move, that re-laid the whole main window out on every
move of a scrub. See :class:`SteadyLabel`.

What it saves in ``linviz bench`` (paired runs, this module against plain Qt/pyqtgraph,
median CPU time per sample): ``scrub_ms.100000_steps`` 1.8 ms.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.guarded import guarded, guarded_size

Qt = QtCore.Qt


class SteadyLabel(QtWidgets.QWidget):
    """A plain-text label whose new text asks for a new layout only if it needs one.

    ``QLabel.setText`` always calls ``updateGeometry()``: every layout from
    the label up to the main window is invalidated and Qt lays the whole
    window out again (splitters, docks, every word-wrapped label's height),
    even when the label keeps its size. Headings such as "Step 12 of 100,000
    · write w12" change on every cursor move, so a scrub paid for that each
    time.

    This widget is what the layout holds; the QLabel inside fills it and
    draws exactly as it would in the layout. The layout is always told the
    label's own size hints, but a new text asks for a new layout only when
    they change in a way that matters:

    - the font changed, or the layout was never asked;
    - without word wrap: another number of lines, or a wider text than the
      layout was told of (the window must not get narrower than it);
    - with word wrap: another height at the current width (heights under the
      widget's minimum height count as that minimum), or a word wider than
      the label (it would be clipped). Finding the widest word takes a
      layout of the whole text (~4 times the cost of the height), so a
      longer word that still fits updates the window's smallest size at
      the next layout, or as soon as a resize leaves the label too narrow.

    Parameters
    ----------
    parent
        The parent widget.
    word_wrap
        Whether the text wraps between words (its height then follows its width).
    label
        The label to hold (a subclass that takes clicks, say); by default a
        plain-text QLabel. A text set on it directly is checked the same way.
    """

    def __init__(
        self,
        parent: QtWidgets.QWidget | None = None,
        *,
        word_wrap: bool = False,
        label: QtWidgets.QLabel | None = None,
    ) -> None:
        super().__init__(parent)
        if label is None:
            label = QtWidgets.QLabel()
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.label = label
        label.setParent(self)
        #: The font, height hint and minimum width the layout was last told of.
        self._told_font: QtGui.QFont | None = None
        self._told_height = self._told_width = -1
        #: Heights the layout was told for widths (it may give less when room is short).
        self._told_heights: dict[int, int] = {}
        #: Text, size and font at the last check that found no new layout needed.
        self._checked: tuple | None = None
        self.setWordWrap(word_wrap)

    # -- the label's text ---------------------------------------------------------------
    def text(self) -> str:
        """The text shown."""
        return self.label.text()

    def setText(self, text: str) -> None:
        """Show ``text`` (a new layout only if it needs one, see the class)."""
        if text != self.label.text():
            self.label.setText(text)  # its LayoutRequest comes to this widget only
            told = self._told_heights.get(self.width())
            self._told_heights = {} if told is None else {self.width(): told}
            self._ask_if_needed()

    def wordWrap(self) -> bool:
        """Whether the text wraps between words."""
        return self.label.wordWrap()

    def setWordWrap(self, on: bool) -> None:
        """Wrap the text between words (or keep it on its lines)."""
        self.label.setWordWrap(on)
        self.setSizePolicy(self.label.sizePolicy())  # height-for-width with word wrap
        self._told_font = None
        self.updateGeometry()

    # -- what the layout is told ----------------------------------------------------------
    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        hint = self.label.sizeHint()
        self._told_font, self._told_height = self.label.font(), hint.height()
        return hint

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        minimum = self.label.minimumSizeHint()
        self._told_width = minimum.width()
        return minimum

    @guarded(False)
    def hasHeightForWidth(self) -> bool:
        return self.label.wordWrap()

    @guarded(-1)
    def heightForWidth(self, width: int) -> int:
        height = self.label.heightForWidth(width)
        if len(self._told_heights) > 16:
            self._told_heights.clear()
        self._told_heights[width] = height
        return height

    # -- when to ask for a new layout -------------------------------------------------------
    def _needs_layout(self) -> bool:
        """Whether the label's size must change for its text (see the class)."""
        label = self.label
        if self._told_font is None or self._told_font != label.font():
            return True
        if not label.wordWrap():
            # One line or a few, unwrapped: hints cost one measure each.
            return (
                label.sizeHint().height() != self._told_height
                or label.minimumSizeHint().width() > self._told_width
            )
        # Against what the layout was told, not the height it gave: a layout
        # short of room gives less, and asking again would not change that.
        width = self.width()
        told = self._told_heights.get(width)
        # A layout gives at least the minimum height: below it, a new height
        # changes nothing (a heatmap legend held at its tallest, say).
        held = self.minimumHeight()
        if told is None or max(_wrapped_height(label, width), held) != max(told, held):
            return True
        # Wrapped as the label wraps it: a word wider than the room sticks out.
        room = label.contentsRect().width()
        metrics = label.fontMetrics()
        longest = max(map(len, label.text().split()), default=0)
        if longest * metrics.maxWidth() <= room:
            return False  # no word can be that wide: skip laying the text out again
        flags = (label.alignment().value & ~_CENTRED) | _WRAPPED
        spread = metrics.boundingRect(QtCore.QRect(0, 0, room, 2000), flags, label.text())
        return spread.width() > room

    def _ask_if_needed(self) -> None:
        if not self.isVisible():
            return  # checked again when shown
        state = (self.label.text(), self.size(), self.label.font())
        if state == self._checked:
            return  # the label's LayoutRequest after a setText already checked
        if self._needs_layout():
            self._checked = None
            self.updateGeometry()
        else:
            self._checked = state

    # -- Qt events ---------------------------------------------------------------------------
    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        # The label asks for a layout after a new font or style too: pass it on then.
        if event.type() == QtCore.QEvent.Type.LayoutRequest:
            self._ask_if_needed()
            return True
        return super().event(event)

    @guarded()
    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self._ask_if_needed()  # texts set while hidden were not checked

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self.label.setGeometry(self.rect())
        # The layout may hold hints (or heights for other widths) from before
        # the last texts: ask again if this size does not suit the text.
        self._ask_if_needed()


def tallest_wrapped(label: QtWidgets.QLabel, texts: Iterable[str], width: int) -> int:
    """The height the tallest of ``texts`` takes in ``label`` at ``width``, word-wrapped.

    Measured on a hidden label inside ``label``, of its name, font and text
    format: the style sheets that reach ``label`` reach it too. A label made
    apart from the window missed the padding its sheet gives (a label under a
    sheet counts it in its height as well as in its margins): the heatmap's
    legend beside the plot was measured at 144 px for the 212 it took, put
    where it did not fit, and the panel went back and forth between its two
    arrangements on every turn of the event loop.
    """
    probe = _probe_in(label)
    probe.setObjectName(label.objectName())
    probe.setTextFormat(label.textFormat())
    probe.setMargin(label.margin())
    probe.setIndent(label.indent())
    probe.ensurePolished()
    if probe.contentsMargins() != label.contentsMargins():  # set on it, not by a sheet
        probe.setContentsMargins(label.contentsMargins())
    height = 0
    for text in texts:
        probe.setText(text)
        height = max(height, probe.heightForWidth(width))
    return height


def _wrapped_height(label: QtWidgets.QLabel, width: int) -> int:
    """``label.heightForWidth(width)``, word-wrapped, measured on a probe when its
    text is selectable.

    A selectable label (the caption: its words can be copied) lays its text
    out in a QTextDocument, made anew for each new text; a plain label of the
    same font measures it with the font's metrics and gives the same height
    (every lesson caption at four widths, ``tests/views/drawing/
    test_steady_label.py``; 3,000 random captions and widths when this was
    written). The caption changes on every frame of a drag: checking its
    height took 0.33 ms a frame of the lesson drag, 0.17 ms on the probe.
    """
    if label.textInteractionFlags() & _SELECTABLE and label.textFormat() == Qt.TextFormat.PlainText:
        return tallest_wrapped(label, [label.text()], width)
    return label.heightForWidth(width)


def _probe_in(label: QtWidgets.QLabel) -> QtWidgets.QLabel:
    """The hidden label :func:`tallest_wrapped` measures with, made once per label."""
    for child in label.findChildren(
        QtWidgets.QLabel, options=Qt.FindChildOption.FindDirectChildrenOnly
    ):
        if child.property(_PROBE):
            return child
    probe = QtWidgets.QLabel(label)
    probe.setProperty(_PROBE, True)
    probe.setWordWrap(True)
    probe.hide()  # never shown with its parent
    return probe


_PROBE = "linviz_measures_text"


#: Text interaction that makes a QLabel lay its text out in a QTextDocument.
_SELECTABLE = (
    Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
)
#: Alignment flags that QLabel leaves out when it measures its text.
_CENTRED = (Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignHCenter).value
#: Flags QLabel adds when it measures word-wrapped text.
_WRAPPED = Qt.TextFlag.TextWordWrap.value | Qt.TextFlag.TextExpandTabs.value


class ReservedHeight(QtCore.QObject):
    """Keeps a word-wrapped QLabel as tall as the tallest of the texts it may show.

    A legend that says one thing at a write and another at a read changes
    its number of lines as the cursor moves between them, and the plot under
    it resizes (its axes redraw) each time. Reserved, the legend keeps one
    height at a given width, whatever step is shown and whatever steps were
    shown before (an export of a step looks the same however it was reached).
    The reservation follows the label's width and :meth:`update` (a new font,
    a new language); a text taller than all of them still grows the label.

    What it saves in ``linviz bench``: with the readout's bars that no longer
    outgrow the window, pyqtgraph axis redraws per ``scrub_ms.100_steps`` step
    went from 7.3 to 2.4 (the value plane's legend was one of three causes).

    Parameters
    ----------
    label
        The label (word wrap on).
    texts
        The texts it may show, asked again at each update.
    holder
        The widget the layout holds, whose minimum height is the reservation
        (a :class:`SteadyLabel` around ``label``); by default the label itself.
    """

    def __init__(
        self,
        label: QtWidgets.QLabel,
        texts: Callable[[], Iterable[str]],
        holder: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(label)
        self._label, self._texts = label, texts
        self._holder = label if holder is None else holder
        self._width = -1
        label.installEventFilter(self)

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.Resize and self._label.width() != self._width:
            self.update()
        return False

    def update(self) -> None:
        """Reserve the height of the tallest text at the label's width now."""
        label = self._label
        self._width = width = label.width()
        if width <= 0:
            return
        height = tallest_wrapped(label, self._texts(), width)
        if height != self._holder.minimumHeight():
            self._holder.setMinimumHeight(height)
