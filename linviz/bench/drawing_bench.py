"""Hand-painted widgets against the plain pyqtgraph / Qt version, in one run.

Run as ``python -m linviz.bench.drawing_bench [--quick | --smoke]`` (or ``linviz bench
--only drawing``): prints ONE JSON object. Each pair draws the same thing
in the same window size, one after the other, in the same process, and a
sample is one update (new data, as a drag or scrub gives) plus the
widget's synchronous ``repaint()``, offscreen:

``term_bars``
    The readout's bars of crowding-the-plane's last read (three terms,
    ``y`` and ``v_target``, d_v = 2) in a 520×260 :class:`TermBars`,
    against a ``pg.PlotWidget`` with one ``pg.BarGraphItem`` per group and a
    ``pg.TextItem`` label each (what a plain pyqtgraph readout would be).
``chip_strip``
    A 100- and a 2,000-step scenario's chip strip (900×48) moving its
    cursor to random steps, against a row of checkable ``QToolButton`` in a
    ``QScrollArea`` (one button per step, the cursor's checked and scrolled
    to; a 100,000-step row of buttons is not built: a widget per step).
``steady_axes``
    A 400×400 ``pg.PlotWidget`` whose range alternates between ±1.2 and
    ±1.5 (tick labels "1" and "1.5": another width), with the axes made
    steady (:func:`~linviz.views.items.steady_axes.steady_axes`) against
    pyqtgraph's own: the time per range change and the layout requests
    (the resizes of the plot item and its axes, each a new layout) per change.
``raster_scale``
    Forty short labels drawn per paint through a
    :class:`~linviz.views.drawing.stamp_cache.StampCache` (the bitmap cached
    at the painter's :func:`~linviz.views.drawing.raster_scale.raster_scale`)
    against ``QPainter.drawText`` each paint.
``arrow_item``
    Six labelled arrows a vector plane paints itself (the dragged one, the
    cursor's, a read's: :class:`~linviz.views.items.arrow_item.ArrowItem`),
    each moved to a new tip per sample in a 400×400 plot, against a
    ``pg.PlotCurveItem`` shaft, a ``pg.ArrowItem`` head and a
    ``pg.TextItem`` label per arrow.
``cell_marks``
    The heatmap's marks on a third of the cells and the outline of a lit row
    (:class:`~linviz.views.items.matrix_item.CellMarks`), changed per sample,
    at d = 8 and d = 16 in a 400×400 plot (rows downwards, as in the heatmap;
    at d = 64 cells are too small for marks and none are drawn), against a
    ``pg.ScatterPlotItem`` of triangles and two ``QGraphicsRectItem`` s (halo
    and outline).
``state_thumbnail``
    The presenter view's small heatmap of ``S``
    (:class:`~linviz.views.classroom.presenter_view.StateThumbnail`, 240×180)
    given a new 8×8 and a new 64×64 matrix per sample, against a centred
    ``QLabel`` given the same colours as a ``QPixmap`` scaled to fit.

Every pair gives ``linviz`` and ``plain`` medians (ms) and their ratio
``plain / linviz`` (above 1: the hand-painted widget is faster). With
``--cpu-time`` a sample is the GUI thread's CPU time instead of wall time:
on a shared machine other processes then do not stretch one side only.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

import numpy as np

from linviz.bench.levels import add_level_options, chosen_level, repeats
from linviz.bench.timing import print_figures

#: What a sample's clock reads: wall time, or (``--cpu-time``) this thread's CPU time.
_clock: Callable[[], float] = time.perf_counter


def _samples(update: Callable[[int], None], widget, count: int) -> list[float]:
    """Seconds per ``update(i)`` and the repaint it causes, after three untimed ones.

    The repaint is what the event loop does after the update: a graphics
    scene applies its changes from a queued call, so ``repaint()`` alone
    would paint a pyqtgraph plot's old picture. Three ``processEvents()``.
    """
    from PySide6 import QtWidgets

    def once(i: int) -> None:
        update(i)
        widget.update()
        for _ in range(3):
            QtWidgets.QApplication.processEvents()

    for i in range(3):
        once(i)
    samples = []
    for i in range(count):
        start = _clock()
        once(i)
        samples.append(_clock() - start)
    return samples


def _pair(linviz: list[float], plain: list[float], **extra: object) -> dict[str, object]:
    from linviz.bench.timing import summary_ms

    mine, theirs = summary_ms(linviz), summary_ms(plain)
    return {
        "linviz": mine,
        "plain": theirs,
        "plain_over_linviz": round(theirs["median"] / max(mine["median"], 1e-9), 2),
        **extra,
    }


def _show(widget, width: int, height: int):
    from PySide6 import QtWidgets

    widget.resize(width, height)
    widget.show()
    for _ in range(5):
        QtWidgets.QApplication.processEvents()
    return widget


def term_bars_figures(count: int) -> dict[str, object]:
    """TermBars against pg.BarGraphItem groups (see the module docstring)."""
    import pyqtgraph as pg

    from linviz.controller.session import Session
    from linviz.views.panels.term_bars import BarGroup, TermBars
    from linviz.views.theme import theme_named

    session = Session()
    session.open("crowding-the-plane")
    result = session.snapshot(len(session.scenario)).read
    kinds = ["crosstalk", "crosstalk", "target"]
    base = [
        BarGroup(f"t{i}", kinds[i], result.term(i), note=f"w {w:.2f}")
        for i, w in enumerate(result.weights.tolist())
    ]
    base += [BarGroup("y", "output", result.output), BarGroup("v", "expected", result.expected)]
    rng = np.random.default_rng(1)
    wobble = [1 + 0.05 * rng.standard_normal(2) for _ in range(64)]

    def groups(i: int) -> list[BarGroup]:
        return [BarGroup(g.label, g.kind, g.values * wobble[i % 64], g.note) for g in base]

    bars = _show(TermBars(theme_named("light")), 520, 260)
    mine = _samples(lambda i: bars.set_groups(groups(i)), bars, count)
    bars.close()

    plot = pg.PlotWidget()
    plot.setMenuEnabled(False)
    brushes = {"target": "#1b7837", "crosstalk": "#c51b7d", "output": "#2166ac", "expected": "#999"}
    items, labels = [], []
    for index, group in enumerate(base):
        item = pg.BarGraphItem(
            x=index * 3 + np.arange(2), height=group.values, width=0.8, brush=brushes[group.kind]
        )
        plot.addItem(item)
        label = pg.TextItem(group.label, anchor=(0.5, 0))
        label.setPos(index * 3 + 0.5, 0)
        plot.addItem(label)
        items.append(item)
        labels.append(label)
    _show(plot, 520, 260)

    def plain_update(i: int) -> None:
        for item, label, group in zip(items, labels, groups(i)):
            item.setOpts(height=group.values)
            label.setText(f"{group.label} {group.values[0]:.2f}")

    theirs = _samples(plain_update, plot, count)
    plot.close()
    return _pair(mine, theirs, groups=len(base), d_v=2)


def chip_strip_figures(count: int, steps: int = 100) -> dict[str, object]:
    """ChipStrip against a row of QToolButtons (see the module docstring)."""
    from PySide6 import QtWidgets

    from linviz.bench.workloads import random_scenario
    from linviz.controller.session import Session
    from linviz.views.panels.chip_strip import ChipStrip
    from linviz.views.theme import theme_named

    session = Session(random_scenario(steps, 8))
    strip = _show(ChipStrip(session, theme_named("light")), 900, 48)
    targets = np.random.default_rng(2).integers(0, steps + 1, size=count + 3).tolist()

    def move(i: int) -> None:
        session.cursor = int(targets[i])
        strip.ensure_visible(session.cursor, changed_steps=False)
        strip.update()

    mine = _samples(move, strip, count)
    strip.close()

    area = QtWidgets.QScrollArea()
    row = QtWidgets.QWidget()
    layout = QtWidgets.QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    buttons = []
    scenario = session.scenario
    for number in range(steps + 1):
        button = QtWidgets.QToolButton()
        kind = "W" if number and scenario.is_write(number) else "R"
        label = scenario.label_at(number) if number else "\u2205"
        button.setText(f"{kind} {label}\n{number}")
        button.setCheckable(True)
        layout.addWidget(button)
        buttons.append(button)
    area.setWidget(row)
    area.setWidgetResizable(True)
    _show(area, 900, 64)
    shown = [0]

    def plain_move(i: int) -> None:
        buttons[shown[0]].setChecked(False)
        shown[0] = int(targets[i])
        buttons[shown[0]].setChecked(True)
        area.ensureWidgetVisible(buttons[shown[0]])

    theirs = _samples(plain_move, area, count)
    area.close()
    return _pair(mine, theirs, steps=steps)


class _LayoutCounter:
    """Counts the layout requests of a plot's graphics widgets (its PlotItem, its axes)."""

    def __init__(self, plot) -> None:
        from PySide6 import QtCore

        self.count = 0
        counter = self

        class Filter(QtCore.QObject):
            def eventFilter(self, watched, event) -> bool:
                if event.type() == QtCore.QEvent.Type.GraphicsSceneResize:
                    counter.count += 1
                return False

        self.filter = Filter()
        plot_item = plot.getPlotItem()
        self.items = [plot_item, *(axis["item"] for axis in plot_item.axes.values())]
        for item in self.items:
            item.installEventFilter(self.filter)


def steady_axes_figures(count: int) -> dict[str, object]:
    """Steady axes against pyqtgraph's own on alternating ranges (see the module docstring)."""
    import pyqtgraph as pg
    from PySide6 import QtWidgets

    from linviz.views.items.steady_axes import steady_axes

    def run(steady: bool) -> tuple[list[float], float]:
        plot = pg.PlotWidget()
        plot.setMenuEnabled(False)
        plot.getPlotItem().setAspectLocked(True)
        plot.plot([0, 1], [0, 1])
        if steady:
            steady_axes(plot.getPlotItem())
        _show(plot, 400, 400)
        layouts = _LayoutCounter(plot)

        def change(i: int) -> None:
            lim = (1.2, 1.5)[i % 2]
            plot.setRange(xRange=(-lim, lim), yRange=(-lim, lim), padding=0)
            QtWidgets.QApplication.processEvents()  # the layout the new labels ask for

        before = layouts.count
        samples = _samples(change, plot, count)
        per_change = (layouts.count - before) / (count + 3)
        plot.close()
        return samples, round(per_change, 2)

    mine, mine_layouts = run(True)
    theirs, their_layouts = run(False)
    return _pair(
        mine,
        theirs,
        layout_events_per_change={"linviz": mine_layouts, "plain": their_layouts},
    )


def raster_scale_figures(count: int, labels: int = 40) -> dict[str, object]:
    """Stamped labels against drawText each paint (see the module docstring)."""
    from PySide6 import QtCore, QtGui, QtWidgets

    from linviz.views.drawing.raster_scale import raster_scale
    from linviz.views.drawing.stamp_cache import StampCache

    texts = [f"v{i} = {0.37 * i:.2f}" for i in range(labels)]

    class Labels(QtWidgets.QWidget):
        def __init__(self, stamped: bool) -> None:
            super().__init__()
            self.stamped = stamped
            self.stamps = [StampCache() for _ in texts]
            self.setAttribute(QtCore.Qt.WidgetAttribute.WA_OpaquePaintEvent)

        def paintEvent(self, event) -> None:
            painter = QtGui.QPainter(self)
            try:
                painter.fillRect(self.rect(), QtGui.QColor("white"))
                scale = raster_scale(painter)
                font = self.font()
                for i, text in enumerate(texts):
                    rect = QtCore.QRectF(10 + (i % 4) * 120, 10 + (i // 4) * 22, 110, 20)
                    if self.stamped and scale is not None:
                        key = (text, scale)
                        stamp = self.stamps[i].get(key)
                        if stamp is None:
                            size = (round(110 * scale), round(20 * scale))
                            stamp = self.stamps[i].draw(
                                key, size, scale, _stamp_painter(text, font), QtGui.QColor("white")
                            )
                        painter.drawPixmap(rect.topLeft(), stamp)
                    else:
                        painter.setFont(font)
                        painter.drawText(rect, QtCore.Qt.AlignmentFlag.AlignLeft, text)
            finally:
                painter.end()

    figures = []
    for stamped in (True, False):
        widget = _show(Labels(stamped), 500, 240)
        figures.append(_samples(lambda i, w=widget: w.update(), widget, count))
        widget.close()
    return _pair(figures[0], figures[1], labels=labels)


def _plot(span: tuple[float, float], rows_down: bool = False):
    """A shown 400×400 ``pg.PlotWidget`` fixed on ``span`` in x and y, no menu."""
    import pyqtgraph as pg

    plot = pg.PlotWidget()
    plot.setMenuEnabled(False)
    plot.getPlotItem().setAspectLocked(True)
    plot.getViewBox().invertY(rows_down)
    plot.setRange(xRange=span, yRange=span, padding=0)
    plot.getViewBox().setMouseEnabled(x=False, y=False)
    return _show(plot, 400, 400)


def arrow_item_figures(count: int, arrows: int = 6) -> dict[str, object]:
    """ArrowItems against pg.ArrowItem + PlotCurveItem + TextItem (see the module docstring)."""
    import pyqtgraph as pg

    from linviz.views.items.arrow_item import ArrowItem, ArrowLook

    colors = ["#1b7837", "#c51b7d", "#2166ac", "#b35806", "#542788", "#333333"]
    looks = [
        ArrowLook(color=colors[a % len(colors)], label=f"k{a + 1}", halo=a == 0)
        for a in range(arrows)
    ]

    def tip(i: int, a: int) -> tuple[float, float]:
        angle = 0.1 * i + 2 * np.pi * a / arrows
        return (float(np.cos(angle)), float(np.sin(angle)))

    plot = _plot((-1.5, 1.5))
    items = []
    for _ in range(arrows):
        item = ArrowItem()
        plot.addItem(item)
        items.append(item)

    def move(i: int) -> None:
        for a, item in enumerate(items):
            item.set_arrow((0.0, 0.0), tip(i, a), looks[a])

    mine = _samples(move, plot, count)
    plot.close()

    plot = _plot((-1.5, 1.5))
    plain = []
    for look in looks:
        shaft = pg.PlotCurveItem(pen=pg.mkPen(look.color, width=look.width))
        head = pg.ArrowItem(headLen=look.head, pen=None, brush=look.color, tailLen=0)
        label = pg.TextItem(look.label, color=look.color, anchor=(0, 1))
        for part in (shaft, head, label):
            plot.addItem(part)
        plain.append((shaft, head, label))

    def plain_move(i: int) -> None:
        for a, (shaft, head, label) in enumerate(plain):
            x, y = tip(i, a)
            shaft.setData([0.0, x], [0.0, y])
            # pg.ArrowItem points along `angle` from its tip (0: towards +x ... from the right).
            head.setStyle(angle=180.0 - float(np.degrees(np.arctan2(y, x))))
            head.setPos(x, y)
            label.setPos(x, y)

    theirs = _samples(plain_move, plot, count)
    plot.close()
    return _pair(mine, theirs, arrows=arrows)


def cell_marks_figures(count: int, size: int) -> dict[str, object]:
    """CellMarks against a scatter of triangles and rectangles (see the module docstring)."""
    import pyqtgraph as pg
    from PySide6 import QtCore, QtGui, QtWidgets

    from linviz.views.items.matrix_item import CellMarks

    rng = np.random.default_rng(2)
    masks = [rng.random((size, size)) < 1 / 3 for _ in range(8)]
    ink, halo = QtGui.QColor("#111111"), QtGui.QColor("#ffffff")

    plot = _plot((0.0, float(size)), rows_down=True)
    marks = CellMarks()
    marks.set_shape(size, size)
    marks.set_style(ink=ink, halo=halo, outline=ink, line_width=2.0)
    plot.addItem(marks)

    def change(i: int) -> None:
        marks.set_marked(masks[i % len(masks)])
        marks.set_lit(rows=[i % size])

    mine = _samples(change, plot, count)
    plot.close()

    plot = _plot((0.0, float(size)), rows_down=True)
    cell_px = 400 / size
    scatter = pg.ScatterPlotItem(
        symbol="t1", size=min(max(0.25 * cell_px, 6.0), 22.0), brush=ink, pen=pg.mkPen(halo)
    )
    plot.addItem(scatter)
    outlines = []
    for color, width in ((halo, 5.0), (ink, 2.0)):
        rect = QtWidgets.QGraphicsRectItem()
        pen = QtGui.QPen(color, width)
        pen.setCosmetic(True)
        rect.setPen(pen)
        plot.addItem(rect)
        outlines.append(rect)

    def plain_change(i: int) -> None:
        rows, columns = np.nonzero(masks[i % len(masks)])
        scatter.setData(x=columns + 0.85, y=rows + 0.15)
        for rect in outlines:
            rect.setRect(QtCore.QRectF(0.0, float(i % size), float(size), 1.0))

    theirs = _samples(plain_change, plot, count)
    plot.close()
    return _pair(mine, theirs, d=size, marked=int(masks[0].sum()))


def state_thumbnail_figures(count: int, size: int) -> dict[str, object]:
    """StateThumbnail against a QLabel with a scaled pixmap (see the module docstring)."""
    from PySide6 import QtCore, QtGui, QtWidgets

    from linviz.model.drawable import color_indices, color_limit
    from linviz.views.classroom.presenter_view import StateThumbnail
    from linviz.views.drawing.cell_image import rgb_words
    from linviz.views.items.matrix_item import colormap_for
    from linviz.views.theme import theme_named

    theme = theme_named("light")
    rng = np.random.default_rng(4)
    matrices = [rng.standard_normal((size, size)) for _ in range(8)]

    thumbnail = _show(StateThumbnail(), 240, 180)
    mine = _samples(lambda i: thumbnail.set_matrix(matrices[i % 8], theme), thumbnail, count)
    thumbnail.close()

    label = QtWidgets.QLabel()
    label.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
    _show(label, 240, 180)
    table = rgb_words(colormap_for(theme).getLookupTable(nPts=256, alpha=False))

    def plain_set(i: int) -> None:
        matrix = matrices[i % 8]
        pixels = np.ascontiguousarray(table[color_indices(matrix, color_limit(matrix), 256)])
        image = QtGui.QImage(pixels.data, size, size, 4 * size, QtGui.QImage.Format.Format_RGB32)
        label.setPixmap(
            QtGui.QPixmap.fromImage(image).scaled(
                label.size(), QtCore.Qt.AspectRatioMode.KeepAspectRatio
            )
        )

    theirs = _samples(plain_set, label, count)
    label.close()
    return _pair(mine, theirs, d=size)


def _stamp_painter(text: str, font) -> Callable:
    """What a stamp paints: ``text`` in ``font`` (for :meth:`StampCache.draw`)."""
    from PySide6 import QtCore

    def paint(painter) -> None:
        painter.setFont(font)
        painter.drawText(QtCore.QRectF(0, 0, 110, 20), QtCore.Qt.AlignmentFlag.AlignLeft, text)

    return paint


def drawing_figures(level: str = "full") -> dict[str, object]:
    """Every pair, in one run; ``level``: how many samples each (:mod:`linviz.bench.levels`)."""
    from linviz.bench.view_bench import qt_application

    qt_application()
    count = repeats(level, full=200, quick=40, smoke=2)
    return {
        "term_bars": term_bars_figures(count),
        "chip_strip": {
            "100_steps": chip_strip_figures(count, 100),
            "2000_steps": chip_strip_figures(count, 2000),
        },
        "steady_axes": steady_axes_figures(count),
        "raster_scale": raster_scale_figures(count),
        "arrow_item": arrow_item_figures(count),
        "cell_marks": {
            "d8": cell_marks_figures(count, 8),
            "d16": cell_marks_figures(count, 16),
        },
        "state_thumbnail": {
            "d8": state_thumbnail_figures(count, 8),
            "d64": state_thumbnail_figures(count, 64),
        },
        "drawing_bench_setup": {
            "platform": os.environ.get("QT_QPA_PLATFORM", "default"),
            "quick": level != "full",
            "level": level,
            "clock": "thread CPU time" if _clock is time.thread_time else "wall time",
            "load_average": round(os.getloadavg()[0], 2),
        },
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures as one JSON object (anything else Qt prints goes to stderr)."""
    global _clock
    parser = argparse.ArgumentParser(prog="python -m linviz.bench.drawing_bench")
    add_level_options(parser)
    parser.add_argument("--cpu-time", action="store_true", help="time the GUI thread's CPU")
    options = parser.parse_args(argv)
    if options.cpu_time:
        _clock = time.thread_time
    return print_figures(lambda: drawing_figures(chosen_level(options)))


if __name__ == "__main__":
    sys.exit(main())
