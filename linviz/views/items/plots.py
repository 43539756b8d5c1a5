"""Every plot of the app is made here, and none leaves a menu without an owner.

pyqtgraph's ``PlotItem`` builds a "Plot Options" ``QMenu`` with no parent for
each plot, and the ~40 widgets of its option pages inside it; the app turns
the menu off and never shows it. Such menus outlived their windows: owned by
Python alone, they were freed by the cyclic collector at whatever moment it
ran, once inside a Qt call that held the signal lock (a hang; the app then
switched the collector off). Here a plot is built from a ``ViewBox`` and four
``AxisItem`` s laid out as ``PlotItem`` lays them out (the same pixels), with
no menu and no option widgets: :class:`StillPlotItem`; its axes re-parse
their titles only when these change (:class:`StillAxis`). The colour bar is
one too (:class:`StillColorBar`), not a ``pg.ColorBarItem``.

Building a plot so costs about a third of a ``PlotWidget`` (measured: 12 ms
against 31 ms), and a window has four plots, its labs nine more.
"""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.model.drawable import bounded_range
from linviz.views.drawing.axis_specs import draw_specs, thinned
from linviz.views.drawing.scene_tuning import repaint_as_one_rectangle
from linviz.views.guarded import guarded, guarded_paint
from linviz.views.number_text import localised
from linviz.views.qt_disposal import dispose

#: Where each axis sits in the plot's grid, as in ``PlotItem``: the title is row 0.
AXIS_CELLS = {"top": (1, 1), "bottom": (3, 1), "left": (2, 0), "right": (2, 2)}
#: The view box's cell.
VIEW_CELL = (2, 1)
#: The methods a plot hands to its view box (those of ``PlotItem`` the app may call).
VIEW_METHODS = (
    "setXRange",
    "setYRange",
    "setXLink",
    "setYLink",
    "setRange",
    "autoRange",
    "viewRect",
    "viewRange",
    "setMouseEnabled",
    "setLimits",
    "enableAutoRange",
    "disableAutoRange",
    "setAspectLocked",
    "invertY",
    "invertX",
    "register",
    "unregister",
)


def _to_view(name: str):
    def method(self: StillPlotItem, *args: Any, **kwargs: Any) -> Any:
        return getattr(self.vb, name)(*args, **kwargs)

    method.__name__ = name
    method.__doc__ = f"The view box's ``{name}``."
    return method


class StillAxis(pg.AxisItem):
    """A ``pg.AxisItem`` that sets its title's HTML only when that changes and shows.

    pyqtgraph re-sets it on every pen, scale and range change (``setHtml``
    re-parses the text: ~1 ms; 217 times while a window was built, most of
    them with the text it had), shown or not (most axes show none: the
    colour bar's frame, the planes' hidden sides). What follows a change
    (size, repaint) still happens every time.
    """

    def __init__(self, orientation: str, **options: Any) -> None:
        self._shown_html: str | None = None
        #: Pixels a right axis's title stands in from its far edge (see set_title_inset).
        self._title_inset = 0
        super().__init__(orientation, **options)

    def set_title_inset(self, pixels: int) -> None:
        """Stand a right axis's title ``pixels`` in from its far edge.

        The axis keeps room for labels wider than those it shows (so a new
        range does not re-lay the plot out): the title then follows the
        labels shown, not the room.
        """
        if pixels != self._title_inset:
            self._title_inset = pixels
            self._place_title()

    @guarded()
    def resizeEvent(self, event: Any = None) -> None:
        super().resizeEvent(event)
        self._place_title()

    def _place_title(self) -> None:
        if self.orientation != "right" or self.label is None:
            return
        nudge = 5  # as pg.AxisItem.resizeEvent places it
        x = self.size().width() - self.label.boundingRect().height() + nudge - self._title_inset
        self.label.setPos(int(x), self.label.pos().y())

    @guarded_paint
    def paint(self, painter: QtGui.QPainter, *args: Any) -> None:
        super().paint(painter, *args)

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        """The tick labels as the views write numbers: a real minus sign, in French
        a decimal comma (pyqtgraph has no setting for either).
        """
        return [localised(text) for text in super().tickStrings(values, scale, spacing)]

    def generateDrawSpecs(self, painter: QtGui.QPainter) -> Any:
        """The ticks, grid and labels to draw, as pyqtgraph works them out but faster.

        See :mod:`~linviz.views.drawing.axis_specs`; no label is drawn over another
        (:func:`~linviz.views.drawing.axis_specs.thinned`).
        """
        return thinned(draw_specs(self, painter))

    @guarded()
    def linkedViewChanged(self, *args: Any) -> None:
        # Called by the view box's range signal: pyqtgraph raises on a NaN range.
        super().linkedViewChanged(*args)

    def _updateLabel(self) -> None:
        # A hidden title (most axes have none) is set when it is shown (showLabel).
        if self.label.isVisibleTo(self):
            self._set_html()
        self._adjustSize()
        self.picture = None
        self.update()

    def _set_html(self) -> bool:
        """Give the title item the title's HTML if it has other; whether it had."""
        text = self.labelString()
        if text == self._shown_html:
            return False
        self.label.setHtml(text)
        self._shown_html = text
        return True

    def showLabel(self, show: bool = True) -> None:
        """Show (or hide) the title: its HTML first, and placed for it (see resizeEvent)."""
        if show and self.label is not None and self._set_html():
            self.label.setVisible(True)
            self.resizeEvent()  # placed while hidden, by the size of its old text
        super().showLabel(show)


class StillPlotItem(pg.GraphicsWidget):
    """A view box with four axes around it, laid out exactly as ``pg.PlotItem``.

    It answers the part of ``PlotItem``'s interface the app uses
    (:meth:`getAxis`, :meth:`showAxis`, :meth:`showGrid`, :meth:`addItem`,
    :meth:`plot` …, and the view box's ranges), so ``pg.PlotWidget`` takes it
    as its ``plotItem``. It has no context menu, no "A" button and no
    options (log axes, downsampling, averaging): new curves get the values
    ``PlotItem``'s untouched options would give them.

    Attributes
    ----------
    vb : pg.ViewBox
        The view box (its menu off).
    axes : dict[str, dict]
        ``{"item": AxisItem, "pos": (row, column)}`` by name, as in ``PlotItem``.
    layout : QtWidgets.QGraphicsGridLayout
        The grid (the heatmap puts its colour bar in column 5).
    items, dataItems, curves : list
        What was added, the data items among them, and the curves.
    """

    sigRangeChanged = QtCore.Signal(object, object)
    sigYRangeChanged = QtCore.Signal(object, object)
    sigXRangeChanged = QtCore.Signal(object, object)
    sigRangeChangedManually = QtCore.Signal(object)

    for _name in VIEW_METHODS:
        locals()[_name] = _to_view(_name)
    del _name

    # The ranges, bounded: pyqtgraph turns a range of ±1e308 into NaN (its span
    # overflows) and its axes then raise while painting; ±1e300 it draws.
    def setRange(
        self,
        rect: QtCore.QRectF | None = None,
        xRange: tuple[float, float] | None = None,
        yRange: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        """The view box's ``setRange``, each range made one a view can show
        (:func:`linviz.model.drawable.bounded_range`).
        """
        if xRange is not None:
            xRange = bounded_range(*xRange)
        if yRange is not None:
            yRange = bounded_range(*yRange)
        return self.vb.setRange(rect, xRange, yRange, *args, **kwargs)

    def setXRange(self, low: float, high: float, *args: Any, **kwargs: Any) -> Any:
        """The view box's ``setXRange``, bounded as :meth:`setRange`."""
        return self.vb.setXRange(*bounded_range(low, high), *args, **kwargs)

    def setYRange(self, low: float, high: float, *args: Any, **kwargs: Any) -> Any:
        """The view box's ``setYRange``, bounded as :meth:`setRange`."""
        return self.vb.setYRange(*bounded_range(low, high), *args, **kwargs)

    def __init__(self, parent: QtWidgets.QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        policy = QtWidgets.QSizePolicy.Policy.Expanding
        self.setSizePolicy(policy, policy)
        # As PlotItem.__init__, in its order (the children's stacking follows it).
        self.layout = QtWidgets.QGraphicsGridLayout()
        self.layout.setContentsMargins(1, 1, 1, 1)
        self.setLayout(self.layout)
        self.layout.setHorizontalSpacing(0)
        self.layout.setVerticalSpacing(0)
        self.vb = pg.ViewBox(parent=self, enableMenu=False)
        self.vb.sigRangeChanged.connect(self.sigRangeChanged)
        self.vb.sigXRangeChanged.connect(self.sigXRangeChanged)
        self.vb.sigYRangeChanged.connect(self.sigYRangeChanged)
        self.vb.sigRangeChangedManually.connect(self.sigRangeChangedManually)
        self.layout.addItem(self.vb, *VIEW_CELL)
        self.legend = None
        self.axes: dict[str, dict[str, Any]] = {}
        for name in AXIS_CELLS:
            self._place_axis(name, StillAxis(orientation=name, parent=self))
            self.showAxis(name, name in ("left", "bottom"))
        # An empty, hidden title row, as PlotItem.setTitle(None) leaves it.
        self.titleLabel = pg.LabelItem("", size="11pt", parent=self)
        self.layout.addItem(self.titleLabel, 0, 1)
        self.titleLabel.setVisible(False)
        self.layout.setRowFixedHeight(0, 0)
        self.titleLabel.setMaximumHeight(0)
        for row in range(4):
            self.layout.setRowPreferredHeight(row, 0)
            self.layout.setRowMinimumHeight(row, 0)
            self.layout.setRowSpacing(row, 0)
            self.layout.setRowStretchFactor(row, 1)
        for column in range(3):
            self.layout.setColumnPreferredWidth(column, 0)
            self.layout.setColumnMinimumWidth(column, 0)
            self.layout.setColumnSpacing(column, 0)
            self.layout.setColumnStretchFactor(column, 1)
        self.layout.setRowStretchFactor(2, 100)
        self.layout.setColumnStretchFactor(1, 100)
        self.items: list[QtWidgets.QGraphicsItem] = []
        self.dataItems: list[QtWidgets.QGraphicsItem] = []
        self.curves: list[QtWidgets.QGraphicsItem] = []
        self._grid: list[bool] = [False, False]
        self._grid_alpha = 128  # PlotItem's grid slider starts there (of 255)

    def implements(self, interface: str | None = None) -> bool:
        """A view box wrapper, as ``PlotItem`` (pyqtgraph's view linking asks)."""
        return interface in ["ViewBoxWrapper"]

    def getViewBox(self) -> pg.ViewBox:
        """The view box."""
        return self.vb

    # -- axes ----------------------------------------------------------------------------
    def getAxis(self, name: str) -> pg.AxisItem:
        """The axis ``name`` (``"left"``, ``"bottom"``, ``"right"`` or ``"top"``)."""
        if name not in self.axes:
            raise KeyError(f"Scale '{name}' not found. Scales are: {list(self.axes)}")
        return self.axes[name]["item"]

    getScale = getAxis

    def setAxisItems(self, axisItems: dict[str, pg.AxisItem] | None = None) -> None:
        """Put the axes of ``axisItems`` (by name) in place of those there, shown."""
        for name, axis in (axisItems or {}).items():
            old = self.axes[name]["item"]
            if old is axis:
                continue
            self.layout.removeItem(old)
            if old.scene() is not None:
                old.scene().removeItem(old)
            old.unlinkFromView()
            self._place_axis(name, axis)
            self.showAxis(name)

    def _place_axis(self, name: str, axis: pg.AxisItem) -> None:
        axis.linkToView(self.vb)
        self.axes[name] = {"item": axis, "pos": AXIS_CELLS[name]}
        self.layout.addItem(axis, *AXIS_CELLS[name])
        # Above images (z = 0); items meant to cover the axes use z ≥ 1.
        axis.setZValue(0.5)
        axis.setFlag(QtWidgets.QGraphicsItem.GraphicsItemFlag.ItemNegativeZStacksBehindParent)

    def showAxis(self, name: str, show: bool = True) -> None:
        """Show (or hide) axis ``name``."""
        self.getAxis(name).setVisible(show)

    def hideAxis(self, name: str) -> None:
        """Hide axis ``name``."""
        self.showAxis(name, False)

    def setLabel(self, name: str, *args: Any, **kwargs: Any) -> None:
        """Axis ``name``'s title (``AxisItem.setLabel``'s arguments); shows the axis."""
        self.getAxis(name).setLabel(*args, **kwargs)
        self.showAxis(name)

    def showLabel(self, name: str, show: bool = True) -> None:
        """Show (or hide) axis ``name``'s title."""
        self.getAxis(name).showLabel(show)

    def showGrid(
        self, x: bool | None = None, y: bool | None = None, alpha: float | None = None
    ) -> None:
        """Grid lines across the view, as ``PlotItem.showGrid`` draws them.

        ``alpha`` (0–1) is kept in 255ths, as ``PlotItem``'s slider keeps it;
        the axes are told only when their grid changes.
        """
        if x is None and y is None and alpha is None:
            raise ValueError("showGrid: give x, y or alpha")
        if x is not None:
            self._grid[0] = bool(x)
        if y is not None:
            self._grid[1] = bool(y)
        if alpha is not None:
            self._grid_alpha = int(min(max(alpha, 0.0), 1.0) * 255)
        for names, on in ((("top", "bottom"), self._grid[0]), (("left", "right"), self._grid[1])):
            grid = self._grid_alpha if on else False
            for name in names:
                axis = self.getAxis(name)
                if axis.grid is not grid and axis.grid != grid:
                    axis.setGrid(grid)

    # -- items ---------------------------------------------------------------------------
    def addItem(self, item: QtWidgets.QGraphicsItem, *args: Any, **kwargs: Any) -> None:
        """Put ``item`` in the view box (``ignoreBounds`` is passed on)."""
        if item in self.items:
            return
        self.items.append(item)
        view_args = {"ignoreBounds": kwargs["ignoreBounds"]} if "ignoreBounds" in kwargs else {}
        self.vb.addItem(item, *args, **view_args)
        if hasattr(item, "implements") and item.implements("plotData"):
            self.dataItems.append(item)
            self.curves.append(item)
        # What PlotItem's options, never touched, would set on a new item.
        if hasattr(item, "setLogMode"):
            item.setLogMode(False, False)
        if isinstance(item, pg.PlotDataItem):
            item.setAlpha(1.0, False)
            item.setSubtractMeanMode(False)
            item.setFftMode(False)
            item.setDownsampling(1, False, "peak")
            item.setClipToView(False)

    def removeItem(self, item: QtWidgets.QGraphicsItem) -> None:
        """Take ``item`` out of the plot."""
        if item not in self.items:
            return
        self.items.remove(item)
        if item in self.dataItems:
            self.dataItems.remove(item)
        self.vb.removeItem(item)
        if item in self.curves:
            self.curves.remove(item)

    def clear(self) -> None:
        """Take every item out."""
        for item in self.items[:]:
            self.removeItem(item)

    def listDataItems(self) -> list[QtWidgets.QGraphicsItem]:
        """The data items (curves, scatter plots) shown."""
        return self.dataItems[:]

    def plot(self, *args: Any, **kwargs: Any) -> pg.PlotDataItem:
        """A new ``PlotDataItem`` of ``args``/``kwargs``, added (``clear=True`` empties first)."""
        if kwargs.pop("clear", False):
            self.clear()
        kwargs.pop("params", None)
        item = pg.PlotDataItem(*args, **kwargs)
        self.addItem(item)
        return item

    def close(self) -> None:
        """Let go of the axes and the view box (``pg.PlotWidget.close`` calls it).

        Out of the scene they belong to Python alone: Qt deletes them
        (:func:`~linviz.views.qt_disposal.dispose`), not the garbage collector.
        """
        if self.vb is None:
            return
        for entry in self.axes.values():
            entry["item"].close()
            dispose(entry["item"])
        if self.scene() is not None:
            self.scene().removeItem(self.vb)
        dispose(self.vb)
        self.vb = None


def still_plot(parent: QtWidgets.QWidget | None = None) -> pg.PlotWidget:
    """A ``pg.PlotWidget`` around a :class:`StillPlotItem` (no menu, no "A" button).

    It repaints as one rectangle (see
    :func:`~linviz.views.drawing.scene_tuning.repaint_as_one_rectangle`).
    """
    widget = pg.PlotWidget(parent, plotItem=StillPlotItem())
    repaint_as_one_rectangle(widget)
    return widget


class StillColorBar(StillPlotItem):
    """A vertical colour bar as ``pg.ColorBarItem(interactive=False)`` draws it, with no menu.

    ``pg.ColorBarItem`` is a ``PlotItem``: each one built its option form and
    two menus (deleted again at once), 84 of the heatmap panel's 203 ms to
    build in a profile of start-up. This is the same frame, bar and labelled
    right-hand axis on a :class:`StillPlotItem` (the same layout as
    ``PlotItem``'s, so the same pixels), answering the part of
    ``ColorBarItem``'s interface the app uses: :attr:`axis`,
    :meth:`setLevels`, :meth:`levels`, :meth:`setColorMap`, :meth:`colorMap`.

    Parameters
    ----------
    values
        The levels the bar spans, ``(low, high)``.
    width
        The bar's width in pixels.
    """

    def __init__(self, values: tuple[float, float] = (0.0, 1.0), width: int = 25) -> None:
        super().__init__()
        self.values = (float(values[0]), float(values[1]))
        self._colormap: pg.ColorMap | None = None
        self.vb.disableAutoRange()
        self.vb.setMouseEnabled(x=False, y=False)
        self.setRange(xRange=(0, 1), yRange=(0, 256), padding=0)
        self.layout.setColumnFixedWidth(1, width)
        for name in AXIS_CELLS:  # every side shown: the bar's frame
            self.showAxis(name)
            if name != "right":
                axis = self.getAxis(name)
                axis.setTicks([])
                axis.setStyle(showValues=False)
        #: The axis that carries the bar's numbers (``ColorBarItem.axis``).
        self.axis = self.getAxis("right")
        self.axis.setWidth(45)
        self.axis.setStyle(showValues=True)
        self.axis.unlinkFromView()
        self.axis.setRange(*self.values)
        self.bar = QtWidgets.QGraphicsPixmapItem()
        self.bar.setShapeMode(QtWidgets.QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.addItem(self.bar)

    def setLevels(self, values: tuple[float, float]) -> None:
        """The levels the bar spans, ``(low, high)`` (its axis follows)."""
        low, high = values
        if low > high:  # as ColorBarItem: never reversed
            low = high = (low + high) / 2
        self.values = (float(low), float(high))
        self.axis.setRange(*self.values)

    def levels(self) -> tuple[float, float]:
        """The levels the bar spans, ``(low, high)``."""
        return self.values

    def setColorMap(self, colormap: pg.ColorMap) -> None:
        """Paint the bar in ``colormap`` (256 steps, bottom to top)."""
        self._colormap = colormap
        table = colormap.getLookupTable(nPts=256, alpha=True)[:, None]
        image = pg.functions.ndarray_to_qimage(table, QtGui.QImage.Format.Format_RGBA8888)
        self.bar.setPixmap(QtGui.QPixmap.fromImage(image))

    def colorMap(self) -> pg.ColorMap | None:
        """The colour map the bar is painted in (``None`` before :meth:`setColorMap`)."""
        return self._colormap


def color_bar(values: tuple[float, float] = (0.0, 1.0), width: int = 25) -> StillColorBar:
    """A vertical colour bar spanning ``values``, ``width`` pixels wide (no menu)."""
    return StillColorBar(values, width)
