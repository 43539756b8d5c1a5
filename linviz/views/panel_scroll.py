"""A panel that scrolls inside its own column when its content outgrows it.

The readout's height follows the read at the cursor: eight measures of a
d = 8 read wrap to three lines each once its numbers have five digits, and a
read late in a long scenario needed more rows than a 1600×1000 window has.
Asking the desk for them gave the whole desk a scroll bar, so every column
and plot became 14 px narrower and was laid out and drawn again (60-75 ms
for that step of a scrub), and the next write took the bar away again. In a
:class:`PanelScroll` only the readout scrolls, and only it is laid out anew.
"""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.views.guarded import guarded, guarded_size

#: The least height the column keeps for the panel, in pixels (more when it fits).
MIN_HEIGHT_PX = 160


class PanelScroll(QtWidgets.QScrollArea):
    """``panel`` in a frameless vertical scroll area, as wide as the panel needs.

    Its minimum height is :data:`MIN_HEIGHT_PX` (or the panel's own minimum,
    if less), so the panel's content never makes the column, or the window,
    taller; its minimum width is the panel's, with room for the scroll bar
    kept whether it shows or not (a width that came and went with the bar
    would feed back into the layout).

    The panel is as tall as the area, or as its own minimum when that is
    more: never the height its layout would like at that width (Qt's own
    resizing asks for that when the layout wraps text, and the readout's
    bars would then take the rows its numbers need).

    The hints the column is told are held at the largest the panel has
    asked for since its font last changed: the readout asks for 90 px at a
    write and 160 at a read, and for 180 to 730 px of preferred height as
    the reads differ, and each change re-laid the whole desk out on a
    scrub (11 of 30 random steps of a 100-step scenario). Held, the column
    is laid out again only when a read needs more than any before it.
    """

    def __init__(self, panel: QtWidgets.QWidget, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{panel.objectName() or 'panel'}_scroll")
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setWidgetResizable(False)  # sized by _fit
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the panel's own widgets take the focus
        self.setWidget(panel)
        #: The largest minimum and preferred sizes the column was told (see the class).
        self._held: dict[str, QtCore.QSize] = {}
        #: The area's (width with no bar, height) at which the panel fitted beside the
        #: bar (see _fit); None until it does.
        self._narrow_for: tuple[int, int] | None = None
        panel.installEventFilter(self)
        self.viewport().installEventFilter(self)

    def _bar_width(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        panel = self.widget()
        if panel is None:
            return super().minimumSizeHint()
        minimum = panel.minimumSizeHint()
        return self._hold(
            "minimum",
            QtCore.QSize(minimum.width() + self._bar_width(), min(minimum.height(), MIN_HEIGHT_PX)),
        )

    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        panel = self.widget()
        if panel is None:
            return super().sizeHint()
        hint = panel.sizeHint()
        return self._hold(
            "preferred", QtCore.QSize(hint.width() + self._bar_width(), hint.height())
        )

    def _hold(self, which: str, size: QtCore.QSize) -> QtCore.QSize:
        """``size``, or the larger one held for ``which`` hint; the one held from now on."""
        held = self._held.get(which)
        size = size if held is None else size.expandedTo(held)
        # Hidden (projector mode's stage shows, its fonts just changed), the panel's
        # hints are stale until it is laid out again: held, they widened its column
        # on the desk for good (the readout's at projector sizes, 322 px for 198).
        if self.isVisible():
            self._held[which] = size
        return size

    def _fit(self) -> None:
        """The panel as wide as the view, as tall as the view or its own minimum.

        The readout's minimum counts the lines its heading wraps to at the
        heading's width: the panel's layout is brought up to date first, and
        the minimum asked again once a new width has been laid out.

        A readout can need more height when wider (its bars take another
        arrangement): taller than the view at the whole width, it shows the
        bar; beside the bar it fits, so the bar goes, the panel widens and
        needs the bar again, on every turn of the event loop (a projector
        stage at 808×942). Once the panel has fitted beside the bar, it keeps
        that width, with no bar, until the area changes size.
        """
        panel = self.widget()
        if panel is None:
            return
        view = self.viewport().size()
        wide = self.maximumViewportSize().width()  # the view's width with no bar
        area = (wide, view.height())
        if self._narrow_for != area:
            self._narrow_for = None  # another size: the whole width may fit
        width = view.width()
        if self._narrow_for is not None:
            width = min(width, wide - self._bar_width())
        for _ in range(3):  # a new width can change the minimum once; then it holds
            if panel.layout() is not None:
                panel.layout().activate()
            size = QtCore.QSize(width, max(view.height(), panel.minimumSizeHint().height()))
            if panel.size() == size:
                break
            panel.resize(size)
        if width < wide and panel.height() <= view.height():
            self._narrow_for = area

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        kind = event.type()
        if watched is self.viewport() and kind == QtCore.QEvent.Type.Resize:
            self._fit()
        elif watched is self.widget() and kind in (
            QtCore.QEvent.Type.FontChange,
            QtCore.QEvent.Type.StyleChange,
        ):
            self._held = {}  # other text sizes: the hints are measured anew
            self.updateGeometry()
        elif watched is self.widget() and kind == QtCore.QEvent.Type.LayoutRequest:
            # Its hints may have changed (another read): the column asks again when
            # they grow past what it holds.
            held = dict(self._held)
            # Asked again: what is held grows if the panel now needs more.
            self.minimumSizeHint()
            self.sizeHint()
            if self._held != held:
                self.updateGeometry()
            self._fit()
        return super().eventFilter(watched, event)
