"""Every text a window shows, read from its widgets and items: cut, outside, overlapping, lost.

Builds on :mod:`tests.views.labs.lab_text_boxes` (labels, buttons, plot
texts, heatmap numbers) and adds what the panels paint themselves (the
readout's bars and numbers, the caption, the step chips): each painted
widget is drawn once on its own while ``QPainter.drawText`` and
``drawStaticText`` are recorded, so every painted string comes with the
rectangle it was drawn in.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.items.matrix_item import MatrixItem
from tests.views.labs.lab_text_boxes import TextBox, all_boxes, problems

__all__ = ["axis_titles_cut", "lost_numbers", "painted_boxes", "screen_problems"]


def _paints_itself(widget: QtWidgets.QWidget) -> bool:
    """A linviz widget with its own ``paintEvent`` (not a plot: its items are read apart)."""
    if isinstance(widget, (QtWidgets.QAbstractScrollArea, pg.GraphicsView)):
        return False
    for cls in type(widget).__mro__:
        if "paintEvent" in vars(cls):
            return cls.__module__.startswith("linviz.")
    return False


def _shown(widget: QtWidgets.QWidget, root: QtWidgets.QWidget) -> bool:
    return (
        widget.isVisible()
        and widget.isVisibleTo(root)
        and widget.width() > 0
        and widget.height() > 0
    )


def painted_boxes(root: QtWidgets.QWidget, monkeypatch) -> list[TextBox]:
    """The strings the self-painting widgets under ``root`` draw, in ``root``'s coordinates.

    Each box's ``view`` is its widget's rectangle: a string drawn past it is cut.
    """
    recorded: list[tuple[str, QtCore.QRectF, float]] = []
    draw_text = QtGui.QPainter.drawText
    draw_static = QtGui.QPainter.drawStaticText

    def font_px(painter: QtGui.QPainter) -> float:
        font = painter.font()
        return float(
            font.pixelSize() if font.pixelSize() > 0 else QtGui.QFontInfo(font).pixelSize()
        )

    def recording_text(painter, *args):
        metrics = QtGui.QFontMetricsF(painter.font())
        if len(args) == 2 and isinstance(args[0], (QtCore.QPointF, QtCore.QPoint)):
            point, text = QtCore.QPointF(args[0]), args[1]
            rect = QtCore.QRectF(
                point.x(),
                point.y() - metrics.ascent(),
                metrics.horizontalAdvance(text),
                metrics.height(),
            )
        elif len(args) == 3 and isinstance(args[0], (QtCore.QRectF, QtCore.QRect)):
            flags, text = args[1], args[2]
            flags = int(flags.value) if hasattr(flags, "value") else int(flags)
            rect = metrics.boundingRect(QtCore.QRectF(args[0]), flags, text)
        elif len(args) == 3 and all(isinstance(a, (int, float)) for a in args[:2]):
            text = args[2]
            rect = QtCore.QRectF(
                args[0],
                args[1] - metrics.ascent(),
                metrics.horizontalAdvance(text),
                metrics.height(),
            )
        else:  # a form no view uses: record nothing rather than guess
            return draw_text(painter, *args)
        if text.strip():
            recorded.append((text, painter.transform().mapRect(rect), font_px(painter)))
        return draw_text(painter, *args)

    def recording_static(painter, point, static):
        size = static.size()
        rect = QtCore.QRectF(QtCore.QPointF(point), QtCore.QSizeF(size.width(), size.height()))
        if static.text().strip():
            recorded.append((static.text(), painter.transform().mapRect(rect), font_px(painter)))
        return draw_static(painter, point, static)

    widgets = [w for w in [root, *root.findChildren(QtWidgets.QWidget)] if _shown(w, root)]
    boxes = []
    monkeypatch.setattr(QtGui.QPainter, "drawText", recording_text)
    monkeypatch.setattr(QtGui.QPainter, "drawStaticText", recording_static)
    try:
        for widget in widgets:
            if not _paints_itself(widget):
                continue
            recorded.clear()
            image = QtGui.QImage(widget.size(), QtGui.QImage.Format.Format_ARGB32)
            widget.render(
                image,
                QtCore.QPoint(0, 0),
                QtGui.QRegion(widget.rect()),
                QtWidgets.QWidget.RenderFlag.DrawWindowBackground,
            )
            offset = QtCore.QPointF(widget.mapTo(root, QtCore.QPoint(0, 0)))
            view = QtCore.QRectF(offset, QtCore.QSizeF(widget.size()))
            for text, rect, px in recorded:
                boxes.append(
                    TextBox(
                        text,
                        rect.translated(offset),
                        px,
                        f"painted by {type(widget).__name__}",
                        not text.rstrip().endswith("…"),  # an elided text is a cut text
                        view,
                        widget,
                    )
                )
    finally:
        monkeypatch.setattr(QtGui.QPainter, "drawText", draw_text)
        monkeypatch.setattr(QtGui.QPainter, "drawStaticText", draw_static)
    return boxes


def lost_numbers(root: QtWidgets.QWidget) -> list[str]:
    """Heatmaps under ``root`` whose cells are too small to print their numbers.

    The lessons' matrices are 2×2 and their vectors have two components: the
    room reads the numbers, so colours alone are a lost number.
    """
    lost = []
    for view in root.findChildren(pg.GraphicsView):
        if not _shown(view, root):
            continue
        for item in view.scene().items():
            if not isinstance(item, MatrixItem) or not item.isVisible():
                continue
            grid = item.labels
            if not grid._enabled or item.matrix().size == 0:
                continue  # a hidden output ("press R") prints nothing on purpose
            cell = view.mapFromScene(grid.sceneTransform().mapRect(QtCore.QRectF(0, 0, 1, 1)))
            rect = cell.boundingRect()
            if grid.fitted_font_px(rect.width(), rect.height()) is None:
                owner = view.parentWidget()
                lost.append(
                    f"{type(owner).__name__}: {item.matrix().shape} in"
                    f" {rect.width()}×{rect.height()} px cells prints no numbers"
                )
    return lost


def _axis_title_px(axis: pg.AxisItem, default: float) -> float:
    """An axis title's size: its style sheet's ``font-size`` (the label's font ignores it)."""
    size = str(axis.labelStyle.get("font-size", ""))
    if size.endswith("pt"):
        return float(size[:-2]) * QtGui.QFontInfo(QtGui.QFont("", 72)).pixelSize() / 72.0
    if size.endswith("px"):
        return float(size[:-2])
    return default


def screen_problems(
    root: QtWidgets.QWidget, monkeypatch, smallest_px: float | None = None, scrolls: bool = False
) -> list[str]:
    """Every text under ``root``: cut, outside its view, overlapping, too small, or lost.

    ``scrolls``: ``root`` holds a scroll area, whose texts may lie outside
    ``root`` (scrolled away, not cut); they must still fit their own boxes.
    """
    boxes = all_boxes(root, monkeypatch) + painted_boxes(root, monkeypatch)
    for box in boxes:
        if box.where == "axis title":
            box.font_px = _axis_title_px(box.owner, box.font_px)
    if scrolls:
        everywhere = QtCore.QRectF(-1e6, -1e6, 2e6, 2e6)
        for box in boxes:
            if box.view == QtCore.QRectF(root.rect()):
                box.view = everywhere
        boxes = [box for box in boxes if _seen_through_scrolls(box, root)]
    return problems(boxes, smallest_px) + lost_numbers(root)


def _seen_through_scrolls(box, root: QtWidgets.QWidget) -> bool:
    """Clip ``box`` to the scroll area viewports it lies in; ``False``: scrolled out of sight.

    A text scrolled away under a scroll area's edge cannot overlap a text beside the
    area: only what the viewport shows of it is compared.
    """
    widget = box.owner if isinstance(box.owner, QtWidgets.QWidget) else None
    while widget is not None and widget is not root:
        parent = widget.parentWidget()
        if isinstance(parent, QtWidgets.QAbstractScrollArea) and widget is parent.viewport():
            shown = QtCore.QRectF(
                QtCore.QPointF(widget.mapTo(root, QtCore.QPoint(0, 0))),
                QtCore.QSizeF(widget.size()),
            )
            box.rect = box.rect.intersected(shown)
            if box.rect.isEmpty():
                return False
        widget = parent
    return True


def axis_titles_cut(root: QtWidgets.QWidget) -> list[str]:
    """Axis titles not wholly inside their plot's view (the part outside is not drawn).

    A title longer than its axis reaches past the axis's ends into the empty
    corners beside the matrix, and reads whole there; past the view it is cut.
    """
    cut = []
    for view in root.findChildren(pg.GraphicsView):
        if not view.isVisibleTo(root) or view.scene() is None:
            continue
        shown = QtCore.QRectF(view.viewport().rect())
        for item in view.scene().items():
            if not isinstance(item, pg.AxisItem) or not item.isVisible():
                continue
            if not item.label.isVisible() or not item.labelText.strip():
                continue
            label = item.label  # a QGraphicsTextItem: its box has the document's margins
            box = label.boundingRect()
            margin = label.document().documentMargin()
            text = box.adjusted(margin, margin, -margin, -margin)
            rect = view.mapFromScene(label.mapToScene(text)).boundingRect()
            if not shown.adjusted(-1, -1, 1, 1).contains(QtCore.QRectF(rect)):
                cut.append(f"{item.labelText!r} at {rect.getRect()} in {shown.getRect()}")
    return cut
