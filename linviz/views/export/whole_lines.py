"""No half lines in an export: the rows a scrolled panel cuts in two are left out.

In the window, a readout longer than its column scrolls, and the line at
its viewport's bottom (or top, once scrolled) may show only in part: the
next scroll shows the rest. On a slide nothing scrolls, and the half line
stays half. An export of a window therefore leaves out, in each panel that
scrolls, what its viewport cuts: from the end of the last whole line to
the viewport's bottom, and from its top to the start of the first whole
line (the scroll bar, drawn beside, still says there is more).
"""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from linviz.views.panel_scroll import PanelScroll


def _leaves(content: QtWidgets.QWidget) -> list[QtWidgets.QWidget]:
    """The widgets shown in ``content`` that show no widget of their own."""
    shown = [w for w in content.findChildren(QtWidgets.QWidget) if w.isVisibleTo(content)]
    parents = {id(w.parentWidget()) for w in shown}
    return [w for w in shown if id(w) not in parents]


def _whole_band(content: QtWidgets.QWidget, top: int, bottom: int) -> tuple[int, int]:
    """The band of ``content`` between ``top`` and ``bottom`` where nothing is cut.

    A text that knows its lines (``line_spans``) keeps those wholly inside;
    any other widget across an edge is left out whole.
    """
    first, last = top, bottom
    for child in _leaves(content):
        start = child.mapTo(content, QtCore.QPoint(0, 0)).y()
        end = start + child.height()
        spans = getattr(child, "line_spans", None)
        lines = [(start + a, start + b) for a, b in spans()] if spans else [(start, end)]
        if start < bottom < end:
            kept = [b for a, b in lines if b <= bottom]
            last = min(last, int(max(kept)) + 1 if kept else start)
        if start < top < end:
            kept = [a for a, b in lines if a >= top]
            first = max(first, int(min(kept)) if kept else end)
    return first, last


def cut_rows(widget: QtWidgets.QWidget) -> list[QtCore.QRect]:
    """Where, in ``widget``, scrolled panels show lines cut in two (see the module)."""
    holes = []
    for area in widget.findChildren(PanelScroll):
        content, viewport = area.widget(), area.viewport()
        if content is None or not area.isVisibleTo(widget) or content.height() <= viewport.height():
            continue
        top = content.mapFrom(viewport, QtCore.QPoint(0, 0)).y()
        bottom = top + viewport.height()
        first, last = _whole_band(content, top, bottom)
        right = viewport.mapTo(widget, QtCore.QPoint(viewport.width(), 0)).x() - 1
        for start, stop in ((top, first), (last, bottom)):
            if start < stop:
                corner = content.mapTo(widget, QtCore.QPoint(0, start))
                holes.append(
                    QtCore.QRect(corner, QtCore.QPoint(right, corner.y() + stop - start - 1))
                )
    return holes
