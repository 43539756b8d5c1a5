"""Panels lent by the desk to another layout (projector stage, compact desk), and given back."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6 import QtWidgets


class PanelHomes:
    """Where each borrowed panel lived on the desk: its parent and its place there.

    A layout that shows the desk's panels its own way borrows them (Qt moves
    a widget when it is added elsewhere) and gives them back where they were,
    so leaving it restores the desk exactly.
    """

    def __init__(self) -> None:
        self._homes: dict[QtWidgets.QWidget, tuple[QtWidgets.QWidget, int]] = {}

    def __bool__(self) -> bool:
        """Whether panels are borrowed now."""
        return bool(self._homes)

    def borrow(self, widgets: Iterable[QtWidgets.QWidget]) -> None:
        """Note where each of ``widgets`` lives now (a splitter's index or its layout's)."""
        for widget in widgets:
            parent = widget.parentWidget()
            layout = parent.layout() if not isinstance(parent, QtWidgets.QSplitter) else None
            index = parent.indexOf(widget) if layout is None else layout.indexOf(widget)
            self._homes[widget] = (parent, index)

    def give_back(self) -> None:
        """Put every borrowed panel back where it was, shown, in the order it was."""
        homes = sorted(self._homes.items(), key=lambda item: item[1][1])
        self._homes = {}
        for widget, (parent, index) in homes:
            if isinstance(parent, QtWidgets.QSplitter):
                parent.insertWidget(index, widget)
            else:
                parent.layout().insertWidget(index, widget)
            widget.show()
