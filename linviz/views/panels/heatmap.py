"""The state heatmap: the memory ``S`` at the cursor, cell by cell.

A diverging map centred on 0 (blue below, red above), the value printed in
every cell while the cells are large enough, a colour bar with the range,
and a corner mark on every cell that holds a blend of several writes. Hover
a cell to see which writes put what into it. A refresh only replaces the
image and the labels, so it stays fast while a key is dragged at d = 64.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.model.drawable import bar_ticks, color_limit
from linviz.model.interference import cell_contributions
from linviz.model.norms import largest_finite, summed_size
from linviz.model.snapshot import Snapshot
from linviz.views.drawing.axis_pictures import AxisPictures
from linviz.views.drawing.item_cache import redraw_cached
from linviz.views.drawing.steady_label import SteadyLabel, tallest_wrapped
from linviz.views.guarded import guarded
from linviz.views.items.matrix_item import MatrixItem, colormap_for
from linviz.views.items.plots import color_bar, still_plot
from linviz.views.number_text import MINUS, cell_text, grouped, shown_number
from linviz.views.own_background import fill_own_background
from linviz.views.panels.panel import Panel
from linviz.views.theme import Theme

#: Pixels the colour bar's title stands further out than its labels' room would put
#: it: clear of the widest label's box, not only of its ink.
TITLE_GAP_PX = 12

#: Larger matrices are not measured for their numbers' width (formatting 4,096 labels
#: on every fit would cost a d = 64 scrub; their cells print none anyway).
MAX_MEASURED_CELLS = 64
#: A hovered cell lists at most this many contributions (the largest ones).
MAX_TOOLTIP_TERMS = 10
_TICK_STEPS = (1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100, 128, 200, 256, 500, 1000)


def tick_step(count: int, cell_px: float, label_px: float) -> int:
    """The smallest index step that leaves ``label_px`` (plus a gap) between ticks."""
    needed = label_px + 8.0
    return next((s for s in _TICK_STEPS if s * cell_px >= needed or s >= count), count)


def index_ticks(count: int, step: int) -> list[tuple[float, str]]:
    """Ticks at the centres of ``count`` cells, counted from 1 as the course does.

    Row or column 1, then every ``step``-th: 1, 4, 8 … for ``step`` = 4.
    """
    step = max(step, 1)
    numbers = [1, *range(step, count + 1, step)] if step > 1 else range(1, count + 1)
    return [(n - 0.5, str(n)) for n in numbers]


def _hold_height(label: SteadyLabel, width: int | None = None) -> None:
    """Let a wrapped label grow but not shrink back while the width stays.

    A title or legend that changes its number of lines from one step to the
    next would resize the plot under it, which then lays out and repaints
    the whole heatmap twice on a cursor move.
    """
    width = label.width() if width is None else width
    if width <= 0:
        return
    needed = label.heightForWidth(width)
    if needed > label.minimumHeight():
        label.setMinimumHeight(needed)


def _reserve_height(label: SteadyLabel, texts: list[str], width: int) -> None:
    """Keep a wrapped label as tall as the tallest of ``texts`` at its width now.

    The legend says more from the first blended cell on (crowding step 6):
    grown then, it raised the desk's smallest height past a 1280×720
    window's and a scroll bar cut the transport row. Reserved from the
    first step, the desk's height never changes with the step.
    """
    if width <= 0:
        return
    needed = _tallest(label, texts, width)
    if needed > label.minimumHeight():
        label.setMinimumHeight(needed)


def _tallest(label: SteadyLabel, texts: list[str], width: int) -> int:
    """The height the tallest of ``texts`` takes in ``label`` at ``width``."""
    return tallest_wrapped(label.label, texts, width)


def signed(value: float, at: float | None = None) -> str:
    """A number with its sign always written (``+1``, ``−4``), for sums (``at``: as
    :func:`~linviz.views.number_text.shown_number` takes it).
    """
    text = shown_number(value, at=at)
    return text if text.startswith(MINUS) or text == "0" else "+" + text


#: A legend beside the plot takes one of these shares of the panel's width (the
#: first its text fits in), and at least so many pixels.
LEGEND_BESIDE_SHARES, LEGEND_BESIDE_MIN_PX = (0.3, 0.36, 0.42), 110
#: ... and its longest text at most this share of the plot's height to go there (it
#: stays while that text fits the whole height: a panel a little shorter keeps it).
LEGEND_BESIDE_FILL = 0.85
_ANY_WIDTH = 16_777_215  # Qt's QWIDGETSIZE_MAX
#: The plot's smallest size (a 2×2 S keeps cells of about 40 px beside its axes).
MIN_PLOT_WIDTH_PX, MIN_PLOT_HEIGHT_PX = 240, 110
#: The plot's smallest width with the legend beside it (a 3×2 S in 30 px cells).
MIN_PLOT_WIDTH_BESIDE_PX = 190


class HeatmapPanel(Panel):
    """``S`` at the session's cursor as a heatmap.

    Parameters
    ----------
    session
        The session to show and follow.
    parent
        Optional parent widget.

    Attributes
    ----------
    plot_widget : pg.PlotWidget
        The plot (row 0 at the top, columns along the top axis).
    image_item : pg.ImageItem
        The coloured cells (``S[r, c]`` at ``x = c + ½``, ``y = r + ½``).
    matrix_item : MatrixItem
        The image with its numbers, blend marks and lit rows.
    color_bar : StillColorBar
        The colour scale, labelled with the range ``±limit`` (max|S| rounded up to a round value).
    legend : SteadyLabel
        One line under the plot that explains the marks.
    """

    panel_name = "heatmap"

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self._shape: tuple[int, int] | None = None
        self._title = ""
        self._bar_limit: float | None = None  # the colour bar's range, ±limit
        self._bar_texts: list[str] = []  # its labels
        self._bar_metrics: QtGui.QFontMetrics | None = None  # their font's
        self._bar_width: int | None = None  # the room its axis has
        self._bar_pictures = AxisPictures()  # the bar axis drawn, by limit
        self._mode_step: int | None = None  # step whose S is shown; None: show_matrix
        self._base_margins = (4.0, 4.0, 4.0, 4.0)
        self._extra = (0.0, 0.0)  # px added around the plot so it hugs the matrix
        self._legend_parts: tuple[bool, str | None, str] = (False, None, "")
        self._tick_steps = (0, 0)
        #: Whether a layout wants the axis titles, and whether they are shown (they fit).
        self._titles_wanted, self._titles_fit = True, None
        #: Width, font and scenario the legend's height was last reserved for.
        self._reserved_for: tuple | None = None

        # No menus (the panels have their own), and none left without an owner.
        self.plot_widget = still_plot()
        self.plot_widget.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        plot = self.plot_widget.getPlotItem()
        plot.showAxis("top")
        plot.hideAxis("bottom")
        # Row and column numbers change with the shape only: keep them as pixmaps
        # rather than replaying them whenever a cell next to them repaints.
        for name in ("left", "top"):
            plot.getAxis(name).setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        view_box = plot.getViewBox()
        view_box.invertY(True)
        view_box.setAspectLocked(True)
        view_box.setMouseEnabled(x=False, y=False)
        view_box.disableAutoRange()
        view_box.sigResized.connect(self._fit_aspect)
        view_box.sigResized.connect(self._redraw_axes)
        view_box.sigRangeChanged.connect(self._redraw_axes)

        self.matrix_item = MatrixItem()
        self.image_item = self.matrix_item.image
        plot.addItem(self.matrix_item)

        self.color_bar = color_bar(values=(-1.0, 1.0), width=18)
        # Beside the plot, as ColorBarItem.setImageItem(insert_in=…) would put it, but
        # not linked: the panel sets the image's and the bar's levels itself.
        plot.layout.addItem(self.color_bar, 2, 5)
        # Its numbers change only with the range, its frame never: pixmaps, not a
        # replay whenever the cells beside them repaint.
        for name in ("left", "right", "top", "bottom"):
            self.color_bar.getAxis(name).setCacheMode(
                QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache
            )
        plot.layout.setColumnFixedWidth(4, 8)

        # The title is a widget, not the plot's title: as a plot title its width would
        # keep the plot column from narrowing to the matrix's shape.
        # Plain text (labels may hold "<"); both change on cursor moves: steady labels.
        self.title_label = SteadyLabel(word_wrap=True)
        self.title_label.label.setObjectName("heatmap_title")
        self.title_label.label.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        self.legend = SteadyLabel(word_wrap=True)
        self.legend.label.setObjectName("heatmap_legend")
        # Opaque: their new texts repaint them, not the desk under them.
        fill_own_background(self, self.title_label, self.legend)

        # The legend goes under the plot, or beside it in a panel wider than the
        # matrix needs (a laptop's short desk): see _place_legend.
        self._legend_beside = False
        layout = QtWidgets.QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.title_label, 0, 0, 1, 2)
        layout.addWidget(self.plot_widget, 1, 0)
        layout.addWidget(self.legend, 2, 0)
        layout.setRowStretch(1, 1)
        layout.setColumnStretch(0, 1)
        # Room for the cells beside the axes and the colour bar: in a small
        # window the panels scroll rather than squeeze S to a few pixels.
        self.plot_widget.setMinimumSize(MIN_PLOT_WIDTH_PX, MIN_PLOT_HEIGHT_PX)
        self.refresh()

    # -- Panel ------------------------------------------------------------------------
    def panel_title(self) -> str:
        return self.tr("Memory S")

    def refresh(self) -> None:
        """Show ``S`` after the step at the cursor."""
        self._apply_theme_if_changed()
        snap = self.session.snapshot()
        counts = snap.writer_counts
        marked = None if counts is None else counts >= 2
        lit: list[int] = []
        if snap.write is not None:
            lit = np.flatnonzero(snap.write.phi_key).tolist()
        self._mode_step = snap.number
        self._display(snap.state, self._title_for(snap), marked, lit, self._state_tooltip)
        self._legend_parts = self._legend_for(snap, marked, lit)
        self._update_legend()

    # -- public ------------------------------------------------------------------------
    def show_matrix(self, matrix: np.ndarray, title: str) -> None:
        """Show any matrix (e.g. ``S − S_baseline``) with the same map, until the next refresh.

        Parameters
        ----------
        matrix
            A ``rows × columns`` array (float).
        title
            The heading above the plot (already translated).
        """
        self._apply_theme_if_changed()
        self._mode_step = None
        self._display(np.asarray(matrix, dtype=np.float64), title, None, [], self._value_tooltip)
        self._legend_parts = (False, None, self.tr("Hover a cell to read its value."))
        self._update_legend()

    def show_axis_titles(self, shown: bool) -> None:
        """Show or hide the axis and colour-bar titles (the numbers stay).

        Three maps side by side (the before/after layout) need the width.
        """
        self._titles_wanted = shown
        self._titles_fit = None
        self._fit_axis_titles()

    def _fit_axis_titles(self) -> None:
        """Show the axis titles while the plot is tall enough for them, else none.

        The row title is centred on the rows and may reach past them into the
        margins; in a plot lower than it (1280×720) it was cut at the bottom.
        Decided on the plot's height and the top axis's height *with* its
        title, neither of which the titles change, so showing them never
        makes them stop fitting.
        """
        plot = self.plot_widget.getPlotItem()
        left, top = plot.getAxis("left"), plot.getAxis("top")
        # The title's own width (its box has the document's margins each side).
        length = left.label.boundingRect().width() - 2 * left.label.document().documentMargin()
        top_h = top.height() + (0.0 if top.label.isVisible() else top.label.boundingRect().height())
        _, margin_top, _, margin_bottom = self._base_margins
        room = self.plot_widget.viewport().height() - top_h - margin_top + margin_bottom
        fit = self._titles_wanted and length <= room
        if fit == self._titles_fit:
            return
        self._titles_fit = fit
        for axis in (left, top):
            axis.showLabel(fit)
        self.color_bar.axis.showLabel(fit)

    def axis_titles_shown(self) -> bool:
        """Whether the plot shows its axis titles now."""
        return bool(self._titles_fit)

    def shown_matrix(self) -> np.ndarray:
        """A copy of the matrix on screen."""
        return np.array(self.matrix_item.matrix())

    def shown_title(self) -> str:
        """The heading on screen."""
        return self._title

    def cell_tooltip(self, row: int, column: int) -> str:
        """The tooltip cell ``(row, column)`` shows when hovered."""
        function = self.matrix_item.tooltip_for
        return function(row, column) if function is not None else ""

    # -- drawing -----------------------------------------------------------------------
    def _display(
        self,
        matrix: np.ndarray,
        title: str,
        marked: np.ndarray | None,
        lit_rows: list[int],
        tooltip: Callable[[int, int], str],
    ) -> None:
        limit = color_limit(matrix)
        self.matrix_item.tooltip_for = tooltip
        self.matrix_item.set_matrix(matrix, limit)
        self.matrix_item.marks.set_marked(marked)
        self.matrix_item.marks.set_lit(rows=lit_rows)
        if matrix.shape != self._shape:
            self._set_shape(*matrix.shape)
        if limit != self._bar_limit:  # new ticks make the bar's axis draw itself anew
            self._show_bar_limit(limit)
        if title != self._title:
            self._title = title
            self.title_label.setText(title)
            _hold_height(self.title_label)

    def color_range(self) -> tuple[float, float]:
        """The values the colours span now, ``(-limit, limit)`` (the colour bar's labels)."""
        limit = self._bar_limit if self._bar_limit is not None else 1.0
        return (-limit, limit)

    def _show_bar_limit(self, limit: float) -> None:
        """Label the colour bar ±``limit``, putting back its picture if drawn before."""
        axis = self.color_bar.axis
        if self._bar_limit is not None:
            self._bar_pictures.keep(self._bar_limit, axis.picture)  # drawn for the old limit
        self._bar_limit = limit
        # The bar spans -1 .. 1 and its labels say ±limit: an axis over ±1.797e308 cannot
        # be drawn (its span is infinite), one over ±1 always can.
        self.color_bar.setLevels((-1.0, 1.0))
        ticks = [(at, cell_text(value, limit)) for at, value in bar_ticks(limit)]
        axis.setTicks([ticks])
        self._bar_texts = [text for _, text in ticks]
        self._fit_bar_width()
        kept = self._bar_pictures.recall(limit)
        if kept is not None:
            axis.picture = kept  # what the new ticks would draw: same size, range and style
        redraw_cached(axis)

    def _fit_bar_width(self) -> None:
        """Room beside the colour bar for its widest label, its title beyond it.

        A fixed room ("−0.000") let labels such as "−7.5e+16" run under the
        title. It grows at once and shrinks only by more than a few pixels, so
        a drag that changes the range does not re-lay the plot out each frame.
        """
        if self._bar_metrics is None:
            return
        advance = self._bar_metrics.horizontalAdvance
        shown = int(max((advance(text) for text in self._bar_texts), default=0) + 24)
        width = max(shown, int(advance("\u22120.000")) + 24)
        if self._bar_width is None or width > self._bar_width or width < self._bar_width - 12:
            self._bar_width = width
            self._bar_pictures.clear()  # drawn at the old width
            self.color_bar.axis.setWidth(width)
        # The title beside the labels shown, not past the room kept: on a projector it
        # stood nearer the key plane's axis title than its own bar's numbers.
        self.color_bar.axis.set_title_inset(max(0, self._bar_width - shown - TITLE_GAP_PX))

    def _redraw_axes(self, *_: object) -> None:
        """The axes are cached pictures: after a resize or a new range, draw them anew."""
        self._bar_pictures.clear()  # drawn at another size or in another style
        plot, bar = self.plot_widget.getPlotItem(), self.color_bar
        redraw_cached(
            plot.getAxis("left"),
            plot.getAxis("top"),
            *(bar.getAxis(name) for name in ("left", "right", "top", "bottom")),
        )

    def _set_shape(self, rows: int, columns: int) -> None:
        self._shape = (rows, columns)
        self.plot_widget.getPlotItem().getViewBox().setRange(
            xRange=(0, columns), yRange=(0, rows), padding=0.02
        )
        self._tick_steps = (0, 0)
        self._place_legend()
        self._fit_aspect()

    def _update_ticks(self) -> None:
        """Number every row and column that has room for its number."""
        if self._shape is None:
            return
        rows, columns = self._shape
        cell = self.cell_pixels()
        if cell <= 0:
            return
        metrics = QtGui.QFontMetricsF(self.font_for(self.theme.font_pt))
        step = max(
            tick_step(rows, cell, metrics.height() - 8.0),
            tick_step(columns, cell, metrics.horizontalAdvance(str(columns))),
        )
        steps = (step, step)
        if steps != self._tick_steps:
            self._tick_steps = steps
            plot = self.plot_widget.getPlotItem()
            plot.getAxis("left").setTicks([index_ticks(rows, steps[0])])
            plot.getAxis("top").setTicks([index_ticks(columns, steps[1])])
            self._redraw_axes()

    def _set_margins(self) -> None:
        left, top, right, bottom = self._base_margins
        ex, ey = self._extra
        self.plot_widget.getPlotItem().setContentsMargins(
            left + ex / 2, top + ey / 2, right + ex / 2, bottom + ey / 2
        )

    def _fit_aspect(self) -> None:
        """Pad the plot so the view has the matrix's shape: headers then hug the cells."""
        if self._shape is None:
            return
        self._fit_axis_titles()
        rows, columns = self._shape
        plot = self.plot_widget.getPlotItem()
        view_box = plot.getViewBox()
        ex, ey = self._extra
        # Room the view would have with no padding: the widget minus what the axes,
        # title and colour bar take (measured from the plot, which may overflow).
        others_w = plot.geometry().width() - view_box.width() - ex
        others_h = plot.geometry().height() - view_box.height() - ey
        viewport = self.plot_widget.viewport()
        width, height = viewport.width() - others_w, viewport.height() - others_h
        if width <= 1 or height <= 1:
            return
        wanted = columns / rows
        if width / height > wanted:
            extra = (width - height * wanted, 0.0)
        else:
            extra = (0.0, height - width / wanted)
        # Never squeeze the cells to nothing (tiny windows, huge fonts).
        extra = (min(extra[0], max(width - 40.0, 0.0)), min(extra[1], max(height - 40.0, 0.0)))
        if abs(extra[0] - ex) + abs(extra[1] - ey) >= 1.0:
            self._extra = extra
            self._set_margins()
            # A plot made narrower while padded for a wider one kept that width
            # (its smallest then), its colour bar past the view: fit it again.
            room = QtCore.QRectF(self.plot_widget.range)
            if plot.geometry() != room:
                plot.setGeometry(room)
        # Frame the matrix again: a range set while the view had another shape keeps
        # the slack the aspect lock added then.
        view_box.setRange(xRange=(0, columns), yRange=(0, rows), padding=0.02)
        self._update_ticks()
        self._update_legend()

    def _apply_theme_if_changed(self) -> None:
        if self.theme_changed():
            self._apply_theme(self.theme)

    def _apply_theme(self, theme: Theme) -> None:
        fg = theme.foreground
        for label in (self.title_label, self.legend):
            label.setMinimumHeight(0)  # other fonts: the heights are measured anew
        self._reserved_for = None
        self.plot_widget.setBackground(theme.background)
        self.matrix_item.apply_theme(theme)
        self.color_bar.setColorMap(colormap_for(theme))
        tick_font = self.font_for(theme.font_pt)
        # Axis titles are secondary: capped so "key component i" fits a projector panel.
        label_style = {"color": fg, "font-size": f"{min(theme.font_pt, 14.0)}pt"}
        plot = self.plot_widget.getPlotItem()
        axes = [
            (plot.getAxis("left"), self.tr("key component i")),
            (plot.getAxis("top"), self.tr("value component j")),
        ]
        for axis, text in axes:
            # Row and column numbers as headers, no axis line: the view is wider or
            # taller than the (square-celled) matrix, and a line would overhang it.
            axis.setPen(pg.mkPen(QtGui.QColor(0, 0, 0, 0)))
            axis.setTextPen(pg.mkPen(fg))
            axis.setStyle(tickFont=tick_font, tickLength=0, tickTextOffset=6, tickAlpha=0)
            axis.setLabel(text, **label_style)
            axis.enableAutoSIPrefix(False)
        # Room under the plot for the colour bar's lowest label (centred on its end).
        half_text = QtGui.QFontMetrics(tick_font).height() // 2 + 4
        self._base_margins = (4.0, 4.0, 4.0, float(half_text))
        self._set_margins()
        self._tick_steps = (0, 0)  # tick spacing depends on the font
        for name in ("left", "right", "top", "bottom"):
            axis = self.color_bar.getAxis(name)
            axis.setPen(pg.mkPen(fg, width=1))
            axis.setTextPen(pg.mkPen(fg))
        self.color_bar.axis.setStyle(tickFont=tick_font)
        self._bar_metrics, self._bar_width = QtGui.QFontMetrics(tick_font), None
        self._fit_bar_width()
        self.color_bar.axis.setLabel(self.tr("value of S[i, j]"), **label_style)
        self._titles_fit = None  # setLabel shows them: decided again at the next fit
        self.color_bar.axis.enableAutoSIPrefix(False)
        self._redraw_axes()
        self.title_label.setFont(self.font_for(theme.title_pt))
        self.title_label.setStyleSheet(
            f"QLabel#heatmap_title {{ color: {fg}; background: {theme.background};"
            " padding: 4px 6px 0px 6px; }"
        )
        self.legend.setFont(self.font_for(theme.font_pt * 0.85))  # secondary to the plot
        self.legend.setStyleSheet(
            f"QLabel#heatmap_legend {{ color: {theme.muted}; background: {theme.background};"
            " padding: 2px 6px; }"
        )

    # -- words ---------------------------------------------------------------------------
    def _title_for(self, snap: Snapshot) -> str:
        step = snap.step
        if step is None:
            return self.tr("S: empty memory (nothing written yet)")
        if step.is_write:
            return self.tr("S after step {0} (write {1})").format(grouped(snap.number), step.label)
        return self.tr("S at step {0} (read {1} leaves S unchanged)").format(
            grouped(snap.number), step.label
        )

    def _legend_for(
        self, snap: Snapshot, marked: np.ndarray | None, lit_rows: list[int]
    ) -> tuple[bool, str | None, str]:
        """Whether there are blend marks, the write whose rows are lit, the hover hint."""
        has_marks = marked is not None and bool(marked.any())
        writer = snap.write.step.label if snap.write is not None and lit_rows else None
        return has_marks, writer, self.tr("Hover a cell to see what it is made of.")

    def height_for_numbers(self, font_px: float | None = None) -> int:
        """The panel's height whose cells print every number at ``font_px``.

        By default the theme's label size. Cells are square: as tall as the
        widest number needs, plus the title, legend and axes the panel has now.
        """
        self.catch_up()
        if self._shape is None:
            return self.minimumSizeHint().height()
        rows = self._shape[0]
        grid = self.matrix_item.labels
        font_px = self.theme.cell_label_px if font_px is None else font_px
        cell = grid.cell_height_for(font_px)
        if rows * self._shape[1] <= MAX_MEASURED_CELLS:  # no number is printed in larger ones
            cell = max(cell, grid.cell_width_for(font_px))
        view_h = self.plot_widget.getPlotItem().getViewBox().height() + self._extra[1]
        chrome = self.height() - view_h
        return int(np.ceil(chrome + rows * cell * 1.04))  # the range's 2 % padding

    def numbers_font_px(self) -> int | None:
        """The size the cells' numbers are drawn at now, ``None`` when they are too small."""
        view_box = self.plot_widget.getPlotItem().getViewBox()
        width, height = view_box.viewPixelSize()
        if width <= 0 or height <= 0:
            return None
        return self.matrix_item.labels.fitted_font_px(1.0 / width, 1.0 / height)

    def cell_pixels(self) -> float:
        """How many screen pixels one cell is wide now."""
        x_per_pixel = self.plot_widget.getPlotItem().getViewBox().viewPixelSize()[0]
        return 1.0 / x_per_pixel if x_per_pixel > 0 else 0.0

    def _update_legend(self) -> None:
        """Explain the marks as they are drawn at the current cell size."""
        has_marks, writer, hint = self._legend_parts
        marks = self.matrix_item.marks
        cell = self.cell_pixels()
        parts = []
        if has_marks:
            parts.append(
                self.tr("\u25e5 marks a cell that holds a blend of several writes.")
                if marks.marks_visible(cell)
                else self.tr("Cells too small to mark the blends of several writes.")
            )
        if writer is not None:
            parts.append(
                self.tr("Outlined rows: where the stamp of {0} landed.").format(writer)
                if marks.outlines_visible(cell)
                else self.tr("Bar on the left: the rows where the stamp of {0} landed.").format(
                    writer
                )
            )
        parts.append(hint)
        text = " ".join(parts)
        if text != self.legend.text():
            self.legend.setText(text)
            # Held at the tallest text shown at this width, beside the plot too (where
            # _place_legend checked that the tallest fits the plot's row).
            _hold_height(self.legend, self._legend_width())
        self._reserve_legend()

    def _legend_texts(self) -> list[str]:
        """The tallest legends the scenario can show (every kind of mark, its longest labels)."""
        longest = self.session.scenario.longest_write_labels()  # kept by the scenario
        marks = [
            self.tr("\u25e5 marks a cell that holds a blend of several writes."),
            self.tr("Cells too small to mark the blends of several writes."),
        ]
        rows = [
            text.format(label)
            for label in longest
            for text in (
                self.tr("Outlined rows: where the stamp of {0} landed."),
                self.tr("Bar on the left: the rows where the stamp of {0} landed."),
            )
        ]
        hint = self._legend_parts[2]
        return [" ".join([m, r, hint]) for m in marks for r in rows or [""]]

    def _legend_width(self) -> int:
        """The legend's width: its column's beside the plot, else the panel's (under it,
        once laid out; not yet, just moved).
        """
        return self.legend.width() if self._legend_beside else self.width()

    def _reserve_legend(self) -> None:
        # Its tallest text, which beside the plot fits the plot's row (_place_legend
        # keeps it there only then), so the reservation never makes the panel taller;
        # it keeps the legend from asking for a layout of the desk each time a scrub
        # goes from a write's text to a read's (40 of 47 random steps).
        width = self._legend_width()
        key = (self._legend_beside, width, self.legend.font().key(), len(self.session.scenario))
        if key != self._reserved_for and self._mode_step is not None and width > 0:
            self._reserved_for = key
            _reserve_height(self.legend, self._legend_texts(), width)

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        if event.size().width() != event.oldSize().width():
            for label in (self.title_label, self.legend):
                label.setMinimumHeight(0)  # the lines wrap anew at this width
            self._reserved_for = None
        super().resizeEvent(event)
        self._place_legend()
        _hold_height(self.title_label)
        if not self._legend_beside:
            _hold_height(self.legend, self.width())
        self._reserve_legend()

    def legend_beside(self) -> bool:
        """Whether the legend stands beside the plot (else under it)."""
        return self._legend_beside

    def _place_legend(self) -> None:
        """Under the plot, or beside it when that gives the cells a fifth more room.

        A short, wide panel (1280×720: 343 × 210 px for a 3×2 S) left cells
        of 20 px under a three-line legend, the width beside them empty.
        Decided on the panel's size and the matrix's shape only (the plot's
        axes and colour bar take what they take either way), so it settles.
        """
        if self._shape is None or self.width() <= 0 or not self.legend.isVisibleTo(self):
            return
        rows, columns = self._shape
        width, height = self.width(), self.height() - self.title_label.height()
        plot = self.plot_widget.getPlotItem()
        view_box = plot.getViewBox()
        ex, ey = self._extra
        others_w = self.plot_widget.width() - view_box.width() - ex
        others_h = self.plot_widget.height() - view_box.height() - ey
        texts = self._legend_texts() if self._mode_step is not None else [self.legend.text()]
        below_h = _tallest(self.legend, texts, width)
        below = min((height - below_h - others_h) / rows, (width - others_w) / columns)
        # Beside: the narrowest column its longest legend fits in (in height). Once
        # there, it stays while that legend fits the row at all: the row is held that
        # tall, so a panel at its smallest height keeps the legend where it is.
        side, beside = 0, 0.0
        fill = 1.0 if self._legend_beside else LEGEND_BESIDE_FILL
        for share in LEGEND_BESIDE_SHARES:
            side = max(round(share * width), LEGEND_BESIDE_MIN_PX)
            if width - side < MIN_PLOT_WIDTH_BESIDE_PX:  # never wider than the panel is
                break
            if _tallest(self.legend, texts, side) <= fill * height:
                beside = min((height - others_h) / rows, (width - side - others_w) / columns)
                break
        factor = 1.0 if self._legend_beside else 1.2  # no flip-flop at the boundary
        wanted = beside > factor * below
        if wanted and self._legend_beside and self.legend.width() != side:
            self._fix_legend_width(side)
        if wanted == self._legend_beside:
            return
        self._legend_beside = wanted
        layout = self.layout()
        layout.removeWidget(self.legend)
        self.legend.setMinimumHeight(0)
        self._reserved_for = None
        self._fix_legend_width(side if wanted else None)
        if wanted:
            layout.addWidget(self.legend, 1, 1, QtCore.Qt.AlignmentFlag.AlignTop)
            # Its column as a legend already there has it (the narrowest its text fits
            # at all), not the roomier one it took to move there: else the cells were
            # 28 px at 1280×720 on opening a lesson, and 37 px after any resize.
            self._place_legend()
        else:
            layout.addWidget(self.legend, 2, 0)

    def _fix_legend_width(self, side: int | None) -> None:
        """The legend ``side`` pixels wide beside the plot (``None``: as wide as the panel).

        The plot's smallest width gives up what the legend takes: the panel's
        smallest width stays what it was, so a legend beside never widens the
        column (it goes back under the plot when the panel gets narrow).
        """
        if side is None:
            self.legend.setMinimumWidth(0)
            self.legend.setMaximumWidth(_ANY_WIDTH)
            self.plot_widget.setMinimumWidth(MIN_PLOT_WIDTH_PX)
        else:
            self.legend.setFixedWidth(side)
            self.plot_widget.setMinimumWidth(max(MIN_PLOT_WIDTH_PX - side, 60))

    def _value_tooltip(self, row: int, column: int) -> str:
        matrix = self.matrix_item.matrix()
        # Residue beside the matrix's largest entry, as {S} and the colour bar say it.
        value = shown_number(matrix[row, column], at=largest_finite(matrix))
        # Rows and columns counted from 1, as the course and the axes count them.
        return self.tr("<b>[{0}, {1}] = {2}</b>").format(row + 1, column + 1, value)

    def _state_tooltip(self, row: int, column: int) -> str:
        number = self._mode_step
        if number is None:
            return self._value_tooltip(row, column)
        value = self.matrix_item.matrix()[row, column]
        parts = cell_contributions(self.session.trace, number, row, column) if number else []
        # Residue beside what the cell sums (a cell of writes near 1e-300 is none).
        at = summed_size(amount for _, amount in parts)
        lines = [
            self.tr("<b>S[{0}, {1}] = {2}</b>").format(
                row + 1, column + 1, shown_number(value, at=at if parts else None)
            )
        ]
        if not parts:
            lines.append(self.tr("No write has put anything here yet."))
            return "<br>".join(lines)
        if len(parts) == 1:
            lines.append(self.tr("from one write:"))
        else:
            lines.append(self.tr("a blend of {0} writes:").format(len(parts)))
        shown = parts
        if len(parts) > MAX_TOOLTIP_TERMS:
            # Many writes (d = 64, long traces): the largest terms say the most.
            shown = sorted(parts, key=lambda part: -abs(part[1]))[: MAX_TOOLTIP_TERMS - 1]
        for label, amount in shown:
            lines.append(f"&nbsp;&nbsp;{html.escape(label)}: {signed(amount, at)}")
        if len(shown) < len(parts):
            rest = sum(amount for _, amount in parts) - sum(amount for _, amount in shown)
            lines.append(
                "&nbsp;&nbsp;"
                + self.tr("%Ln smaller terms: {0}", "", len(parts) - len(shown)).format(
                    signed(rest, at)
                )
            )
        total = sum(amount for _, amount in parts)
        lines.append(self.tr("total: {0}").format(shown_number(total, at=at)))
        return "<br>".join(lines)
