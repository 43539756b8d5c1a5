"""What stands where a hidden read's output would be (predict, then reveal).

While the session hides outputs, every panel that would give away a read's
answer shows a clear, clickable notice in its place instead; a click (or R)
reveals the read at the cursor.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.model.norms import largest_finite
from linviz.views.guarded import guarded
from linviz.views.number_text import shown_vector, shown_written
from linviz.views.theme import Theme

Qt = QtCore.Qt


def hidden_text() -> str:
    """The notice's words (translated)."""
    return QtCore.QCoreApplication.translate(
        "HiddenNotice", "Output hidden — predict it, then press R (or click here) to reveal"
    )


def predict_prompt() -> str:
    """What the caption bar says instead of a hidden read's caption (translated)."""
    return QtCore.QCoreApplication.translate("HiddenNotice", "Predict the output, then reveal (R)")


def entered_text(session: Session, number: int | None = None) -> str:
    """``"Prediction entered: [0, -5]"`` for the read at ``number``, else ``""``."""
    number = session.cursor if number is None else number
    if number < 1 or session.scenario.is_write(number):
        return ""
    prediction = session.predictions.get(session.scenario.label_at(number))
    if prediction is None:
        return ""
    return QtCore.QCoreApplication.translate("HiddenNotice", "Prediction entered: {0}").format(
        shown_written(prediction)
    )


def gap_text(session: Session, number: int | None = None) -> str:
    """``"prediction [0, -5] · true [1.2, -1.8] · off by [1.2, 3.2]"``, else ``""``.

    Only once the read at ``number`` (default: the cursor) is revealed and
    has a prediction.
    """
    gap = session.prediction_gap(number)
    if gap is None:
        return ""
    prediction, off_by = gap
    read = session.snapshot(number).read
    # The gap is worked out from the prediction as much as from the read.
    at = max(read.scale, largest_finite(prediction))
    return QtCore.QCoreApplication.translate(
        "HiddenNotice", "prediction {0} · true {1} · off by {2}"
    ).format(
        shown_written(prediction),
        shown_vector(read.output, at=read.scale),
        shown_vector(off_by, at=at),
    )


class HiddenNotice(QtWidgets.QLabel):
    """A framed notice, "Output hidden — … press R (or click here) to reveal".

    A left click reveals the read at the session's cursor.

    Parameters
    ----------
    session
        The session whose read it hides.
    parent
        Optional parent widget.
    """

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName("hidden_notice")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(hidden_text())
        self.setToolTip(QtCore.QCoreApplication.translate("HiddenNotice", "Click to reveal"))
        self.setText(hidden_text())

    def set_theme(self, theme: Theme) -> None:
        """Colours and size from ``theme`` (dashed frame in the read colour)."""
        self.setStyleSheet(
            f"QLabel#hidden_notice {{ color: {theme.read}; background: {theme.panel};"
            f" border: {max(2, round(theme.line_width))}px dashed {theme.read};"
            f" border-radius: 6px; padding: 12px; font-size: {round(theme.title_pt)}pt;"
            " font-weight: bold; }"
        )

    @guarded()
    def mousePressEvent(self, event: QtGui.QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.session.reveal()
            event.accept()
            return
        super().mousePressEvent(event)
