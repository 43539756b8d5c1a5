"""Fusion, with check boxes, radio buttons and spin-box arrows one can see on every theme.

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
_SPIN_ARROWS = (_PE.PE_IndicatorSpinUp, _PE.PE_IndicatorSpinDown)


def _spin_arrow(up: bool, option: QtWidgets.QStyleOption, painter: QtGui.QPainter) -> None:
    """A spin box's arrow as a triangle that fills its button's width.

    Fusion draws a 3-pixel arrow whatever the button's size: under the
    window's style sheet the buttons are styled, and their arrows were
    missing or too small to see, on every spin box of the window and its
    dialogs (d_k, d_v, α, β, the export's scale).
    """
    enabled = bool(option.state & QtWidgets.QStyle.StateFlag.State_Enabled)
    group = QtGui.QPalette.ColorGroup.Active if enabled else QtGui.QPalette.ColorGroup.Disabled
    color = option.palette.color(group, QtGui.QPalette.ColorRole.ButtonText)
    box = QtCore.QRectF(option.rect)
    half = min(box.width() * 0.3, box.height() * 0.45)
    centre = box.center()
    tip, base = (-1.0, 1.0) if up else (1.0, -1.0)
    points = [
        QtCore.QPointF(centre.x(), centre.y() + tip * half * 0.6),
        QtCore.QPointF(centre.x() - half, centre.y() + base * half * 0.6),
        QtCore.QPointF(centre.x() + half, centre.y() + base * half * 0.6),
    ]
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setPen(QtCore.Qt.PenStyle.NoPen)
    painter.setBrush(color)
    painter.drawPolygon(QtGui.QPolygonF(points))
    painter.restore()


def _outline(round_: bool, option: QtWidgets.QStyleOption, painter: QtGui.QPainter) -> None:
    """An indicator's edge in the theme's muted text colour (after Fusion drew it)."""
    painter.save()
    painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
    painter.setPen(QtGui.QPen(option.palette.color(QtGui.QPalette.ColorRole.PlaceholderText), 1.0))
    painter.setBrush(QtCore.Qt.BrushStyle.NoBrush)
    box = QtCore.QRectF(option.rect).adjusted(0.5, 0.5, -1.5, -1.5)
    if round_:
        painter.drawEllipse(box)
    else:
        painter.drawRect(box)
    painter.restore()


class IndicatorStyle(QtWidgets.QProxyStyle):
    """Fusion whose check-box and radio-button outlines stand out from the page, and
    whose spin boxes' arrows fill their buttons. Another base style draws its own.
    """

    def __init__(self, base: QtWidgets.QStyle) -> None:
        fusion = base.name().lower() == "fusion"  # asked first: the proxy takes ``base``
        super().__init__(base)
        self._fusion = fusion

    def drawPrimitive(
        self,
        element: QtWidgets.QStyle.PrimitiveElement,
        option: QtWidgets.QStyleOption,
        painter: QtGui.QPainter,
        widget: QtWidgets.QWidget | None = None,
    ) -> None:
        if self._fusion and element in _SPIN_ARROWS:
            _spin_arrow(element == _PE.PE_IndicatorSpinUp, option, painter)
            return
        super().drawPrimitive(element, option, painter, widget)
        if self._fusion and element in _INDICATORS:
            _outline(element == _PE.PE_IndicatorRadioButton, option, painter)


def use_indicator_style(app: QtWidgets.QApplication) -> None:
    """Wrap ``app``'s style (once; before widgets are made it costs nothing)."""
    if not isinstance(app.style(), IndicatorStyle):
        app.setStyle(IndicatorStyle(QtWidgets.QStyleFactory.create(app.style().name())))
