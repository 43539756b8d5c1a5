"""A size in bytes typed as a number and a binary unit: ``40`` ``MiB``."""

from __future__ import annotations

import math

from PySide6 import QtCore, QtGui, QtWidgets

Qt = QtCore.Qt

#: Units offered, with their size in bytes.
UNITS: tuple[tuple[str, int], ...] = (
    ("B", 1),
    ("KiB", 2**10),
    ("MiB", 2**20),
    ("GiB", 2**30),
    ("TiB", 2**40),
)


class SizeEntry(QtWidgets.QWidget):
    """A number and a unit (B to TiB) that together give a whole number of bytes.

    Attributes
    ----------
    edited : QtCore.Signal(object)
        The size typed, in bytes (``int``), or ``None`` when the box was
        emptied; emitted when the user finishes typing or picks a unit.
    """

    edited = QtCore.Signal(object)

    def __init__(self, name: str, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.number = QtWidgets.QLineEdit()
        self.number.setAccessibleName(name)
        validator = QtGui.QDoubleValidator(0.0, 1e15, 3, self.number)
        validator.setNotation(QtGui.QDoubleValidator.Notation.StandardNotation)
        validator.setLocale(QtCore.QLocale.c())
        self.number.setValidator(validator)
        self.number.setPlaceholderText(self.tr("?"))
        self.unit = QtWidgets.QComboBox()
        self.unit.setAccessibleName(self.tr("unit"))
        for text, _ in UNITS:
            self.unit.addItem(text)
        self.unit.setCurrentIndex(1)
        layout.addWidget(self.number, 1)
        layout.addWidget(self.unit)
        self.number.editingFinished.connect(self._emit)
        self.unit.activated.connect(self._emit)

    def setToolTip(self, text: str) -> None:
        """The tooltip of the number and of the unit."""
        super().setToolTip(text)
        self.number.setToolTip(text)
        self.unit.setToolTip(text)

    def size_bytes(self) -> int | None:
        """The size typed, in bytes (rounded), or ``None`` if the box is empty."""
        text = self.number.text().strip().replace(",", "")
        if not text:
            return None
        try:
            value = float(text)
        except ValueError:
            return None
        if not math.isfinite(value) or value < 0:
            return None
        return round(value * UNITS[self.unit.currentIndex()][1])

    def set_size(self, n_bytes: int | None) -> None:
        """Show ``n_bytes`` in the largest unit that keeps the number at least 1."""
        with QtCore.QSignalBlocker(self.number), QtCore.QSignalBlocker(self.unit):
            if n_bytes is None:
                self.number.clear()
                return
            index = 0
            for i, (_, size) in enumerate(UNITS):
                if n_bytes >= size:
                    index = i
            value = n_bytes / UNITS[index][1]
            self.number.setText(f"{value:.3f}".rstrip("0").rstrip("."))
            self.unit.setCurrentIndex(index)

    def _emit(self, *_: object) -> None:
        self.edited.emit(self.size_bytes())
