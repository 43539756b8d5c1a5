"""Where the cursor is, and buttons to move it, for the labs that follow it."""

from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtWidgets

from linviz.controller.session import Session
from linviz.views.number_text import grouped

Qt = QtCore.Qt


def next_read(session: Session, after: int | None = None) -> int | None:
    """The first read after step ``after`` (default: the cursor), else the first read."""
    after = session.cursor if after is None else after
    reads = np.flatnonzero(~session.scenario.write_mask()) + 1
    if not reads.size:
        return None
    later = reads[reads > after]
    return int(later[0]) if later.size else int(reads[0])


def step_text(session: Session) -> str:
    """``"Step 7 of 7: read r4"`` (translated)."""
    scenario = session.scenario
    number, count = session.cursor, len(scenario)
    translate = QtCore.QCoreApplication.translate
    if number < 1:
        return translate("StepBar", "Step 0 of {count}: the empty memory").format(
            count=grouped(count)
        )
    kind = (
        translate("StepBar", "write") if scenario.is_write(number) else translate("StepBar", "read")
    )
    return translate("StepBar", "Step {number} of {count}: {kind} {label}").format(
        number=grouped(number), count=grouped(count), kind=kind, label=scenario.label_at(number)
    )


class StepBar(QtWidgets.QWidget):
    """The cursor as "◀  Step 7 of 7: read r4  ▶   Next read": the lab follows it.

    The buttons move the session's cursor (as ← and → do anywhere in the
    window); the lab redraws because the session says the cursor moved.

    Parameters
    ----------
    session
        The session whose cursor it shows and moves.
    parent
        Optional parent widget.
    """

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        layout = QtWidgets.QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.back_button = QtWidgets.QPushButton(self.tr("◀"))
        self.back_button.setToolTip(self.tr("Previous step (← anywhere in the window)"))
        self.back_button.setAccessibleName(self.tr("Previous step"))
        self.next_button = QtWidgets.QPushButton(self.tr("▶"))
        self.next_button.setToolTip(self.tr("Next step (→ anywhere in the window)"))
        self.next_button.setAccessibleName(self.tr("Next step"))
        self.read_button = QtWidgets.QPushButton(self.tr("Next re&ad"))
        self.read_button.setToolTip(self.tr("Go to the next read of the scenario"))
        self.label = QtWidgets.QLabel()
        self.label.setObjectName("step_text")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setToolTip(self.tr("The step the lab shows: the window's cursor"))
        for button in (self.back_button, self.next_button, self.read_button):
            button.setAutoDefault(False)
        self.back_button.clicked.connect(lambda: self.session.step_by(-1))
        self.next_button.clicked.connect(lambda: self.session.step_by(1))
        self.read_button.clicked.connect(self.go_to_next_read)
        layout.addWidget(self.back_button)
        layout.addWidget(self.label)
        layout.addWidget(self.next_button)
        layout.addSpacing(12)
        layout.addWidget(self.read_button)
        layout.addStretch(1)
        self.follow()

    def go_to_next_read(self) -> None:
        """Move the cursor to the next read (wrapping round to the first)."""
        number = next_read(self.session)
        if number is not None:
            self.session.set_cursor(number)

    def follow(self) -> None:
        """Show where the cursor is now."""
        session = self.session
        self.label.setText(step_text(session))
        self.back_button.setEnabled(session.cursor > 1)
        self.next_button.setEnabled(session.cursor < len(session.scenario))
        self.read_button.setEnabled(next_read(session) is not None)
