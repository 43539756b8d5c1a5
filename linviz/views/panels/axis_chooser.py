"""The planes' component chooser: "x: [component 1] y: [component 2]", on one row or two.

At d > 2 a plane shows two of the components, chosen here. On one row the
chooser was the widest thing in the key plane: in French at 1024×768 ("x :
composante 1 ▾  y : composante 2 ▾", 280 px) it left the value plane beside it
122 px, its axis title cut. In a plane narrower than the row, the y pair goes
under the x pair, so the chooser asks for the width of one pair only.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.guarded import guarded, guarded_size


class AxisChooser(QtWidgets.QWidget):
    """Two labelled combo boxes side by side, or one above the other when narrow.

    Placed by hand, not by a layout: a widget with a layout is asked its
    height for a width by that layout, which cannot know the pairs move.

    Parameters
    ----------
    pairs
        The (label, combo box) of the x component, then of the y component.
    parent
        Optional parent widget.
    """

    #: Pixels between the pairs, across or down.
    SPACING = 6

    def __init__(
        self,
        pairs: tuple[tuple[QtWidgets.QLabel, QtWidgets.QComboBox], ...],
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._pairs: list[QtWidgets.QWidget] = []
        for label, combo in pairs:
            pair = QtWidgets.QWidget(self)
            row = QtWidgets.QHBoxLayout(pair)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(label)
            row.addWidget(combo)
            self._pairs.append(pair)
        policy = QtWidgets.QSizePolicy(
            QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Preferred
        )
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def stacked(self) -> bool:
        """Whether the y pair stands under the x pair (the chooser is narrower than a row)."""
        return self.width() < self._row_width()

    def _row_width(self) -> int:
        """The width both pairs take side by side."""
        return sum(pair.sizeHint().width() for pair in self._pairs) + self.SPACING

    def _row_height(self) -> int:
        return max(pair.sizeHint().height() for pair in self._pairs)

    def _place(self) -> None:
        """Each pair at its own width, to the right: on one row, or one under the other."""
        height = self._row_height()
        right, top = self.width(), 0
        stacked = self.stacked()
        for pair in reversed(self._pairs) if not stacked else self._pairs:
            width = min(pair.sizeHint().width(), self.width())
            pair.setGeometry(right - width, top, width, height)
            if stacked:
                top += height + self.SPACING
            else:
                right -= width + self.SPACING

    # -- what the layout is told ----------------------------------------------------------
    @guarded_size
    def sizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(self._row_width(), self._row_height())

    @guarded_size
    def minimumSizeHint(self) -> QtCore.QSize:
        widest = max(pair.sizeHint().width() for pair in self._pairs)
        return QtCore.QSize(widest, self._row_height())

    @guarded(False)
    def hasHeightForWidth(self) -> bool:
        return True

    @guarded(-1)
    def heightForWidth(self, width: int) -> int:
        if width >= self._row_width():
            return self._row_height()
        return 2 * self._row_height() + self.SPACING

    # -- Qt events ---------------------------------------------------------------------------
    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        # A pair's size changed (new items in its combo box, a new font): what this
        # chooser asks for changed too.
        if event.type() == QtCore.QEvent.Type.LayoutRequest:
            self.updateGeometry()
            self._place()
            return True
        return super().event(event)

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()
