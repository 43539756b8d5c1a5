"""Every text a lab page shows, with its rectangle and size, read from the items.

Widgets give their own geometry; plots give their axis titles, their labels
(``pg.TextItem``), the numbers of their heatmaps, and the tick labels their
axes really draw (recorded while the page is drawn once). Rectangles are in
the page's coordinates.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.items.matrix_item import MatrixItem


@dataclass
class TextBox:
    """One text on screen."""

    text: str
    rect: QtCore.QRectF  # in the page's coordinates
    font_px: float
    where: str
    fits: bool  # the text fits its own box (nothing elided or cut off)
    view: QtCore.QRectF  # the rectangle it must lie in (its plot's viewport, or the page)
    owner: object = None

    def __repr__(self) -> str:
        r = self.rect
        return (
            f"<{self.where} {self.text[:40]!r} at ({r.x():.0f},{r.y():.0f}) "
            f"{r.width():.0f}×{r.height():.0f}, {self.font_px:.1f}px>"
        )


def plain(text: str) -> str:
    """Rich text without its tags."""
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def font_px(font: QtGui.QFont) -> float:
    """The font's size in pixels (point sizes at the screen's resolution)."""
    if font.pixelSize() > 0:
        return float(font.pixelSize())
    return QtGui.QFontInfo(font).pixelSize()


def _widget_rect(widget: QtWidgets.QWidget, page: QtWidgets.QWidget) -> QtCore.QRectF:
    rect = QtCore.QRectF(widget.contentsRect())
    top_left = widget.mapTo(page, rect.topLeft().toPoint())
    return QtCore.QRectF(QtCore.QPointF(top_left), rect.size())


def _shown(widget: QtWidgets.QWidget, page: QtWidgets.QWidget) -> bool:
    return widget.isVisibleTo(page) and widget.width() > 0 and widget.height() > 0


def widget_boxes(page: QtWidgets.QWidget) -> list[TextBox]:
    """Texts of the labels, buttons, combo and spin boxes, progress bars under ``page``."""
    page_rect = QtCore.QRectF(page.rect())
    boxes = []
    for widget in page.findChildren(QtWidgets.QWidget):
        if not _shown(widget, page):
            continue
        widget.ensurePolished()
        if isinstance(widget, QtWidgets.QLabel):
            text = plain(widget.text())
            if not text:
                continue
            if widget.wordWrap():
                fits = widget.heightForWidth(widget.width()) <= widget.height() + 1 and (
                    widget.width() >= widget.minimumSizeHint().width() - 1
                )
            else:
                hint = widget.sizeHint()
                fits = widget.width() >= hint.width() - 1 and widget.height() >= hint.height() - 1
        elif isinstance(widget, QtWidgets.QAbstractButton):
            text = widget.text().replace("&", "")
            if not text:
                continue
            hint = widget.minimumSizeHint()
            fits = widget.width() >= hint.width() - 1 and widget.height() >= hint.height() - 1
        elif isinstance(widget, (QtWidgets.QComboBox, QtWidgets.QAbstractSpinBox)):
            text = (
                widget.currentText() if isinstance(widget, QtWidgets.QComboBox) else widget.text()
            )
            hint = widget.minimumSizeHint()
            fits = widget.width() >= hint.width() - 1 and widget.height() >= hint.height() - 1
        elif isinstance(widget, QtWidgets.QProgressBar):
            text = widget.text()
            hint = widget.minimumSizeHint()
            fits = widget.width() >= hint.width() - 1 and widget.height() >= hint.height() - 1
        else:
            continue
        boxes.append(
            TextBox(
                text=text,
                rect=_widget_rect(widget, page),
                font_px=font_px(widget.font()),
                where=type(widget).__name__,
                fits=fits,
                view=page_rect,
                owner=widget,
            )
        )
    return boxes


def text_item_rect(item: QtWidgets.QGraphicsTextItem) -> QtCore.QRectF:
    """The rectangle of an item's text in scene coordinates, without the empty
    margin Qt's text documents keep around it."""
    margin = item.document().documentMargin()
    inner = item.boundingRect().adjusted(margin, margin, -margin, -margin)
    return item.mapRectToScene(inner)


def _to_page(
    view: pg.GraphicsView, page: QtWidgets.QWidget, scene_rect: QtCore.QRectF
) -> QtCore.QRectF:
    polygon = view.mapFromScene(scene_rect)
    rect = QtCore.QRectF(polygon.boundingRect())
    offset = view.viewport().mapTo(page, QtCore.QPoint(0, 0))
    return rect.translated(offset.x(), offset.y())


def _viewport_in_page(view: pg.GraphicsView, page: QtWidgets.QWidget) -> QtCore.QRectF:
    viewport = view.viewport()
    offset = viewport.mapTo(page, QtCore.QPoint(0, 0))
    return QtCore.QRectF(QtCore.QPointF(offset), QtCore.QSizeF(viewport.size()))


def _drawn_ticks(page: QtWidgets.QWidget, monkeypatch) -> dict[pg.AxisItem, list]:
    """The tick labels each axis draws, recorded while the page is drawn once."""
    drawn: dict[pg.AxisItem, list] = {}
    original = pg.AxisItem.drawPicture

    def recording(axis, painter, axis_spec, tick_specs, text_specs):
        drawn[axis] = list(text_specs)
        return original(axis, painter, axis_spec, tick_specs, text_specs)

    monkeypatch.setattr(pg.AxisItem, "drawPicture", recording)
    for view in page.findChildren(pg.GraphicsView):
        for item in view.scene().items():
            if isinstance(item, pg.AxisItem):
                item.picture = None
                item.update()
    page.grab()
    monkeypatch.setattr(pg.AxisItem, "drawPicture", original)
    return drawn


def plot_boxes(page: QtWidgets.QWidget, monkeypatch) -> list[TextBox]:
    """Texts inside the plots under ``page``: ticks, axis titles, labels, cell numbers."""
    drawn = _drawn_ticks(page, monkeypatch)
    boxes = []
    for view in page.findChildren(pg.GraphicsView):
        if not _shown(view, page):
            continue
        inside = _viewport_in_page(view, page)
        for item in view.scene().items():
            if not item.isVisible():
                continue
            if isinstance(item, pg.AxisItem):
                font = item.style["tickFont"] or view.font()
                for rect, _, text in drawn.get(item, []):
                    boxes.append(
                        TextBox(
                            text,
                            _to_page(view, page, item.mapRectToScene(rect)),
                            font_px(font),
                            "tick",
                            True,
                            inside,
                            item,
                        )
                    )
                label = item.label
                if item.labelText:
                    if label.isVisible() and label.toPlainText().strip():
                        boxes.append(
                            TextBox(
                                plain(label.toPlainText()),
                                _to_page(view, page, text_item_rect(label)),
                                font_px(label.font()),
                                "axis title",
                                True,
                                inside,
                                item,
                            )
                        )
            elif isinstance(item, pg.TextItem) and item.toPlainText():
                inner = item.textItem
                item.updateTransform(force=True)
                boxes.append(
                    TextBox(
                        item.toPlainText(),
                        _to_page(view, page, text_item_rect(inner)),
                        font_px(inner.font()),
                        "plot label",
                        True,
                        inside,
                        item,
                    )
                )
            elif isinstance(item, MatrixItem):
                boxes.extend(_cell_boxes(item, view, page, inside))
    return boxes


def _cell_boxes(
    item: MatrixItem, view: pg.GraphicsView, page: QtWidgets.QWidget, inside: QtCore.QRectF
) -> list[TextBox]:
    """The numbers a heatmap prints in its cells, at the size it prints them."""
    grid = item.labels
    matrix = item.matrix()
    rows, columns = matrix.shape
    if not rows or not columns or not grid.isVisible():
        return []
    to_scene = grid.sceneTransform()
    cell = _to_page(view, page, to_scene.mapRect(QtCore.QRectF(0, 0, 1, 1)))
    size = grid.fitted_font_px(cell.width(), cell.height())
    if size is None:
        return []
    font = QtGui.QFont()
    font.setPixelSize(size)
    metrics = QtGui.QFontMetricsF(font)
    boxes = []
    for r, row in enumerate(grid.texts()):
        for c, text in enumerate(row):
            centre = _to_page(view, page, to_scene.mapRect(QtCore.QRectF(c, r, 1, 1))).center()
            width, height = metrics.horizontalAdvance(text), metrics.height()
            rect = QtCore.QRectF(centre.x() - width / 2, centre.y() - height / 2, width, height)
            boxes.append(TextBox(text, rect, float(size), "cell number", True, inside, item))
    return boxes


def all_boxes(page: QtWidgets.QWidget, monkeypatch) -> list[TextBox]:
    """Every text of ``page``: its widgets' and its plots'."""
    return widget_boxes(page) + plot_boxes(page, monkeypatch)


def _contains(outer: QtCore.QRectF, inner: QtCore.QRectF, slack: float = 1.0) -> bool:
    return outer.adjusted(-slack, -slack, slack, slack).contains(inner)


def problems(boxes: list[TextBox], smallest_px: float | None = None) -> list[str]:
    """What is wrong with ``boxes``: cut off, outside its view, overlapping, too small."""
    found = []
    for box in boxes:
        if not box.fits:
            found.append(f"cut off: {box!r}")
        if not _contains(box.view, box.rect):
            found.append(f"outside its view {box.view.getRect()}: {box!r}")
        if smallest_px is not None and box.font_px < smallest_px:
            found.append(f"smaller than {smallest_px}px: {box!r}")
    for i, first in enumerate(boxes):
        for second in boxes[i + 1 :]:
            if _nested(first, second):
                continue
            overlap = first.rect.adjusted(1, 1, -1, -1).intersected(
                second.rect.adjusted(1, 1, -1, -1)
            )
            if overlap.width() > 0 and overlap.height() > 0:
                found.append(f"overlap: {first!r} and {second!r}")
    return found


def _nested(first: TextBox, second: TextBox) -> bool:
    """Whether one box's widget holds the other (a spin box's own text, a plot's notice)."""
    a, b = first.owner, second.owner
    if isinstance(a, QtWidgets.QWidget) and isinstance(b, QtWidgets.QWidget):
        return a.isAncestorOf(b) or b.isAncestorOf(a)
    return False
