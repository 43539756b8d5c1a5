"""A plot for the labs: themed, still (no pan or zoom), with ticks that never collide."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable, Sequence

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.drawing.scene_tuning import repaint_as_one_rectangle
from linviz.views.guarded import guarded
from linviz.views.items.plots import StillPlotItem
from linviz.views.labs.ticks import Tick, fitting_ticks
from linviz.views.number_text import localised
from linviz.views.theme import Theme, label_style

Qt = QtCore.Qt

#: Tick labels are this share of the theme's text size; axis titles the next.
TICK_SHARE, TITLE_SHARE = 0.85, 0.85
#: Axis titles and tick labels never get smaller than this (points): readable on a slide.
SMALLEST_PT = 8.5


#: Pixels between two labels moved apart inside a plot.
_LABEL_GAP = 2.0


def plot_font(base: QtGui.QFont, point_size: float, bold: bool = False) -> QtGui.QFont:
    """``base`` at ``point_size`` points (never below :data:`SMALLEST_PT`)."""
    font = QtGui.QFont(base)
    font.setPointSizeF(max(point_size, SMALLEST_PT))
    font.setBold(bold)
    return font


class LabPlot(pg.PlotWidget):
    """A pyqtgraph plot that shows numbers, not a canvas to explore.

    Mouse panning, zooming and the context menu are off (a projector demo
    must not lose its axes to a stray drag); the ranges are set by the lab.
    Ticks are given as candidates (:meth:`set_candidate_ticks`) and thinned
    to those whose labels fit without touching, whenever the plot is
    resized or its range changes.

    Attributes
    ----------
    notice : QtWidgets.QLabel
        A message over the middle of the plot ("Press Run …"), hidden when empty.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        # No menus, and none left without an owner (linviz.views.items.plots).
        super().__init__(parent, plotItem=StillPlotItem())
        repaint_as_one_rectangle(self)
        self.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        plot = self.getPlotItem()
        view_box = plot.getViewBox()
        view_box.setMouseEnabled(x=False, y=False)
        view_box.disableAutoRange()
        for name in ("left", "bottom", "right", "top"):
            # The ticks are the page's own texts: pyqtgraph's "(x1e+27)" beside the
            # title would scale them a second time.
            plot.getAxis(name).enableAutoSIPrefix(False)
        self._candidates: dict[str, tuple[list[Tick], tuple[int, ...]]] = {}
        self._titles: dict[str, str] = {}
        #: Widths of the vertical axes their owner fixed (:meth:`fix_axis_width`).
        self._fixed_widths: dict[str, float] = {}
        self._tick_font = QtGui.QFont(self.font())
        self._title_font = QtGui.QFont(self.font())
        self._theme: Theme | None = None
        view_box.sigResized.connect(self._fit_ticks)
        view_box.sigRangeChanged.connect(self._fit_ticks)
        #: Labels inside the plot: item -> (x, y) wanted, in data units.
        self._labels: dict[pg.TextItem, tuple[float, float]] = {}
        view_box.sigResized.connect(self._keep_labels_inside)
        view_box.sigRangeChanged.connect(self._keep_labels_inside)
        self.notice = QtWidgets.QLabel(self)
        self.notice.setObjectName("plot_notice")
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.notice.hide()

    @property
    def view_box(self) -> pg.ViewBox:
        """The plot's view box."""
        return self.getPlotItem().getViewBox()

    # -- looks ---------------------------------------------------------------------------
    def apply_theme(self, theme: Theme, base: QtGui.QFont) -> None:
        """Colours and text sizes from ``theme``; ``base`` is the font the text derives from."""
        self._theme = theme
        self.setBackground(theme.background)
        self._tick_font = plot_font(base, theme.font_pt * TICK_SHARE)
        self._title_font = plot_font(base, theme.font_pt * TITLE_SHARE)
        plot = self.getPlotItem()
        for name in ("left", "bottom", "right", "top"):
            axis = plot.getAxis(name)
            axis.setPen(pg.mkPen(theme.muted, width=1))
            axis.setTextPen(pg.mkPen(theme.foreground))
            axis.setTickFont(self._tick_font)
            axis.setStyle(tickTextOffset=max(4, round(theme.font_pt * 0.4)))
        plot.showGrid(x=True, y=True, alpha=0.3)
        for name, text in self._titles.items():
            self._show_title(name, text)
        self.notice.setStyleSheet(
            "QLabel#plot_notice { "
            + label_style(theme.foreground, theme.title_pt, bold=True)
            + f" background: {theme.panel}; border: 1px solid {theme.grid}; padding: 10px; }}"
        )
        self._place_notice()
        self._fit_ticks()

    @property
    def tick_font(self) -> QtGui.QFont:
        """The font of the tick labels."""
        return self._tick_font

    @property
    def title_font(self) -> QtGui.QFont:
        """The font of the axis titles."""
        return self._title_font

    def set_axis_title(self, name: str, text: str) -> None:
        """The title of axis ``name`` (``"left"``, ``"bottom"`` …)."""
        if self._titles.get(name) == text:
            return
        self._titles[name] = text
        self._show_title(name, text)

    def swap_texts(self, swap: Callable[[str], str | None]) -> None:
        """Axis titles in the language now in use: ``swap`` gives a title's translation
        (``None``: none, or the title is made anew by its page). See
        :func:`linviz.views.language.retranslate`.
        """
        for name, text in list(self._titles.items()):
            new = swap(text)
            if new is not None:
                self.set_axis_title(name, new)

    def _show_title(self, name: str, text: str) -> None:
        theme = self._theme
        color = theme.foreground if theme is not None else "#000000"
        axis = self.getPlotItem().getAxis(name)
        axis.setLabel(html.escape(text), color=color)  # the label is rich text: "<" is a tag
        axis.label.setFont(self._title_font)
        axis.resizeEvent()
        axis.showLabel(bool(text))
        self._fit_axis_widths()

    # -- ticks -----------------------------------------------------------------------------
    def set_candidate_ticks(
        self, name: str, ticks: Sequence[Tick], keep: Sequence[int] = ()
    ) -> None:
        """Offer ``ticks`` to axis ``name``; those whose labels fit are shown.

        Labels are written in the language shown (``0,8`` in French).
        """
        ticks = [(value, localised(label)) for value, label in ticks]
        self._candidates[name] = (ticks, tuple(keep))
        self._fit_ticks()

    def shown_ticks(self, name: str) -> list[Tick]:
        """The ticks axis ``name`` shows now."""
        axis = self.getPlotItem().getAxis(name)
        levels = axis._tickLevels or []
        return list(levels[0]) if levels else []

    def _fit_ticks(self, *_: object) -> None:
        if not self._candidates:
            return
        view_box = self.view_box
        rect = view_box.sceneBoundingRect()
        if rect.width() < 2 or rect.height() < 2:
            return
        metrics = QtGui.QFontMetricsF(self._tick_font)
        for name, (ticks, keep) in self._candidates.items():
            horizontal = name in ("bottom", "top")
            positions, extents = [], []
            for value, text in ticks:
                point = QtCore.QPointF(value, 0.0) if horizontal else QtCore.QPointF(0.0, value)
                scene = view_box.mapViewToScene(point)
                if horizontal:
                    positions.append(scene.x() - rect.left())
                    extents.append(metrics.horizontalAdvance(text) + 2)
                else:
                    positions.append(scene.y() - rect.top())
                    extents.append(metrics.height())
            length = rect.width() if horizontal else rect.height()
            gap = metrics.height() * (0.8 if horizontal else 0.25)
            if not horizontal:  # top to bottom, as fitting_ticks measures
                order = sorted(range(len(ticks)), key=lambda i: positions[i])
                ticks = [ticks[i] for i in order]
                positions = [positions[i] for i in order]
                extents = [extents[i] for i in order]
                keep = tuple(order.index(i) for i in keep if i < len(order))
            shown = fitting_ticks(ticks, positions, extents, length, gap, keep)
            axis = self.getPlotItem().getAxis(name)
            if [list(level) for level in (axis._tickLevels or [])] != [shown, []]:
                axis.setTicks([shown, []])
        self._fit_axis_widths()

    def fix_axis_width(self, name: str, width: float) -> None:
        """Give vertical axis ``name`` this width (pixels), whatever its labels.

        For plots side by side that must line up; otherwise the width follows
        the labels shown.
        """
        self._fixed_widths[name] = width
        self.getPlotItem().getAxis(name).setWidth(width)

    def axis_width_for(self, name: str, texts: Iterable[str]) -> float:
        """How wide vertical axis ``name`` must be for tick labels ``texts`` and its title.

        In whole pixels: the widest label as pyqtgraph measures it, the gap
        and tick before it, and the title's line if it shows.
        """
        axis = self.getPlotItem().getAxis(name)
        metrics = QtGui.QFontMetricsF(self._tick_font)
        box = QtCore.QRectF(0, 0, 100, 100)
        centre = Qt.AlignmentFlag.AlignCenter
        widest = max(
            (metrics.boundingRect(box, centre, text).width() for text in texts), default=0.0
        )
        width = widest + axis.style["tickTextOffset"][0] + max(0, axis.style["tickLength"])
        if axis.label.isVisible():
            width += axis.label.boundingRect().height() * 0.8
        return float(math.ceil(width))

    def _fit_axis_widths(self) -> None:
        """Each vertical axis as wide as its tick labels and title, before it is drawn.

        pyqtgraph widens an axis only while painting it, and lays the plot out
        again after: the first frame after new ticks would draw longer labels
        over the axis title.
        """
        widened = False
        for name in ("left", "right"):
            if name in self._fixed_widths or name not in self._candidates:
                continue
            width = self.axis_width_for(name, (text for _, text in self.shown_ticks(name)))
            axis = self.getPlotItem().getAxis(name)
            if axis.fixedWidth != width:
                axis.setWidth(width)
                widened = True
        if widened:  # now, not at the layout request: a paint may come first
            self.getPlotItem().layout.activate()

    # -- labels inside the plot ----------------------------------------------------------
    def add_label(self, anchor: tuple[float, float]) -> pg.TextItem:
        """A text inside the plot, its ``anchor`` point (0–1 of its box) at its position.

        Place it with :meth:`place_label`: it is then kept wholly inside the
        plot area, shifted as little as needed.
        """
        item = pg.TextItem(anchor=anchor)
        item.setZValue(20)
        self.addItem(item)
        self._labels[item] = (0.0, 0.0)
        return item

    def place_label(self, item: pg.TextItem, x: float, y: float) -> None:
        """Put ``item`` at data point ``(x, y)``, then inside the plot area."""
        self._labels[item] = (x, y)
        self._keep_labels_inside()

    def label_items(self) -> list[pg.TextItem]:
        """The texts inside the plot."""
        return list(self._labels)

    def _keep_labels_inside(self, *_: object) -> None:
        """Each label wholly inside the plot area and clear of the labels placed before it.

        Two curves that end close together (times alike at a short cache)
        put their labels on one spot: the later one moves just below the
        earlier (above, if below would leave the area).
        """
        view_box = self.view_box
        area = view_box.sceneBoundingRect()
        if area.width() < 2 or area.height() < 2:
            return
        pixel_w, pixel_h = view_box.viewPixelSize()
        sign = -1.0 if not view_box.yInverted() else 1.0
        placed: list[QtCore.QRectF] = []
        for item, (x, y) in self._labels.items():
            item.setPos(x, y)
            if not item.isVisible():
                continue
            item.updateTransform(force=True)
            box = item.mapRectToScene(item.boundingRect())
            dx = max(0.0, area.left() - box.left()) - max(0.0, box.right() - area.right())
            dy = max(0.0, area.top() - box.top()) - max(0.0, box.bottom() - area.bottom())
            box.translate(dx, dy)
            dy += _clear_of(box, placed, area)
            if dx or dy:
                item.setPos(x + dx * pixel_w, y + sign * dy * pixel_h)
            placed.append(box)

    # -- the notice ------------------------------------------------------------------------
    def set_notice(self, text: str) -> None:
        """Show ``text`` over the plot's middle (``""`` hides it)."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
        self._place_notice()

    def _place_notice(self) -> None:
        notice = self.__dict__.get("notice")  # resized once before it exists
        if notice is None or not notice.text():
            return
        width = min(self.width() - 20, max(260, round(self.width() * 0.8)))
        width = max(width, 60)
        height = min(self.notice.heightForWidth(width), self.height() - 10)
        self.notice.setGeometry(
            (self.width() - width) // 2, max(5, (self.height() - height) // 2), width, height
        )

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_notice()


def _clear_of(box: QtCore.QRectF, others: list[QtCore.QRectF], area: QtCore.QRectF) -> float:
    """How far (scene pixels, down positive) to move ``box`` off ``others``, inside ``area``.

    ``box`` is moved (translated) too: to the side of a box it meets that its
    curve is on (below when its centre is lower), the other side if that side
    leaves the area; unmoved if neither is free.
    """
    start = box.top()
    for _ in range(len(others)):
        hit = next((other for other in others if other.intersects(box)), None)
        if hit is None:
            break
        below = hit.bottom() + _LABEL_GAP
        above = hit.top() - _LABEL_GAP - box.height()
        sides = [below, above] if box.center().y() >= hit.center().y() else [above, below]
        free = [top for top in sides if area.top() <= top and top + box.height() <= area.bottom()]
        if not free:
            break
        box.moveTop(free[0])
    return box.top() - start
