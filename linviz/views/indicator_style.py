"""Fusion, with check boxes and radio buttons one can see on every theme.

Fusion outlines a check box's square (and a radio button's circle) in the
window's colour made darker, and fills it with the base colour: on the dark
theme's near-black page both were near-black (1.1:1), and an unchecked box
could not be seen at all (the normaliser's box, every option of the export
dialog); on the light theme the outline was 1.7:1, under the 3:1 WCAG 2.1
asks of a control's edge.

Hand-painted only in that: after Fusion has drawn the indicator, it gets an
outline in the theme's muted text colour. Style calls are few per repaint
(under one primitive and three controls a lesson drag frame), so this costs
the drag nothing measurable.
"""

from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets

_PE = QtWidgets.QStyle.PrimitiveElement
_INDICATORS = (_PE.PE_IndicatorCheckBox, _PE.PE_IndicatorRadioButton)


class IndicatorStyle(QtWidgets.QProxyStyle):
    """Fusion whose check-box and radio-button outlines stand out from the page."""

    def drawPrimitive(
        self,
        element: QtWidgets.QStyle.PrimitiveElement,
        option: QtWidgets.QStyleOption,
        painter: QtGui.QPainter,
        widget: QtWidgets.QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in _INDICATORS:
            return
        palette = option.palette
        if self.baseStyle().name().lower() != "fusion":
            return  # a platform's own style draws its own
        painter.save()
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        painter.setPen(QtGui.QPen(palette.color(QtGui.QPalette.ColorRole.PlaceholderText), 1.0))
        painter.setBrush(QtCore.Qt.BrushStyle.NoBrush)
        box = QtCore.QRectF(option.rect).adjusted(0.5, 0.5, -1.5, -1.5)
        if element == _PE.PE_IndicatorRadioButton:
            painter.drawEllipse(box)
        else:
            painter.drawRect(box)
        painter.restore()


def use_indicator_style(app: QtWidgets.QApplication) -> None:
    """Wrap ``app``'s style (once; before widgets are made it costs nothing)."""
    if not isinstance(app.style(), IndicatorStyle):
        app.setStyle(IndicatorStyle(QtWidgets.QStyleFactory.create(app.style().name())))
