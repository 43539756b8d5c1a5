"""The key plane and the value plane: every vector as an arrow from the origin.

The key plane shows every write's key and every read's query; dragging a tip
moves that vector through the session's drag methods (a live preview, then
one undo entry). The value plane shows the stored values and, at a read, the
output ``y``, the value it meant to retrieve and the gap between them. When a
space has more than two components, two combo boxes choose which pair the
plane shows, and a drag edits only those two.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.drawable import (
    MAX_DRAWN,
    Frame,
    fit_frame,
    half_range,
    least_frame,
    snap_step,
    snap_tip,
    steps_near,
    view_window,
)
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario
from linviz.model.steady_frames import held_window, steady_half_range, steady_window
from linviz.views.drawing.arrow_layer import ArrowLayer
from linviz.views.drawing.item_cache import redraw_cached
from linviz.views.drawing.scene_tuning import quiet_hover_while_dragging
from linviz.views.drawing.steady_label import ReservedHeight, SteadyLabel
from linviz.views.error_text import shown_error
from linviz.views.guarded import guarded
from linviz.views.items.arrow_item import ArrowItem, ArrowLook
from linviz.views.items.label_boxes import label_boxes_of
from linviz.views.items.plane_arrows import (
    LIVE_ROLES,
    STATES,
    ArrowBatch,
    Placements,
    PlaneArrow,
    place_labels,
)
from linviz.views.items.plots import still_plot
from linviz.views.items.steady_axes import set_tick_font, steady_axes
from linviz.views.own_background import fill_own_background
from linviz.views.panels.axis_chooser import AxisChooser
from linviz.views.panels.panel import Panel
from linviz.views.theme import Theme

Qt = QtCore.Qt

#: Cursor moves closer together than this (seconds) are a scrub: a framed plane's
#: frame then only grows, and is fitted to the step again once the moves stop.
SCRUB_GAP_S = 0.3
#: How many callers now step through a scenario to draw each step (fitted_every_step).
_fitting_every_step = 0


@contextlib.contextmanager
def fitted_every_step() -> Iterator[None]:
    """Within: every cursor move fits the planes to its step, however quick the moves.

    An export of every step (images, a GIF) moves the cursor as fast as a
    scrub does; each of its pictures must be framed for its own step.
    """
    global _fitting_every_step
    _fitting_every_step += 1
    try:
        yield
    finally:
        _fitting_every_step -= 1


#: A framed plane (the value plane at a step) shows at least this much each way,
#: unless what the user wrote among its points is smaller (see least_frame).
MIN_FRAME = 1.0
#: With more arrows than this, only steps this close to the cursor are labelled:
#: the 11 around it (with ±8, 17 labels crowded a panel a few hundred pixels
#: wide, and each costs its layout on every cursor move).
LABEL_ALL, LABEL_NEAR = 40, 5
#: Label placements kept for steps shown again in the same frame (a scrub).
PLACEMENTS_KEPT = 256
#: Events after which the scene may look for a grab handle under the mouse.
_MOUSE_EVENTS = frozenset(
    {
        QtCore.QEvent.Type.Enter,
        QtCore.QEvent.Type.MouseMove,
        QtCore.QEvent.Type.MouseButtonPress,
        QtCore.QEvent.Type.MouseButtonDblClick,
        QtCore.QEvent.Type.ToolTip,
        QtCore.QEvent.Type.Wheel,
        QtCore.QEvent.Type.ContextMenu,
    }
)


class _WriteOrdinals:
    """For every step: how many writes come before it (picks the key colour)."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._ordinals = np.zeros(0, dtype=np.int64)

    def get(self, scenario: Scenario, stale: bool) -> np.ndarray:
        key = (id(scenario), len(scenario))
        if stale or key != self._key:
            flags = scenario.write_mask().astype(np.int64)
            self._ordinals = np.cumsum(flags) - flags
            self._key = key
        return self._ordinals


class VectorPlanePanel(Panel):
    """What both planes share: the plot, the axis chooser, range and drags.

    Subclasses set :attr:`space` (``"key"`` or ``"value"``) and build the
    arrows in :meth:`_arrows`.
    """

    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.REVEAL})
    space = "key"
    #: Roles whose tip :meth:`tip_position` reports for a step.
    primary_roles: tuple[str, ...] = ()
    #: Keys are compared with unit length (snapping, cosines); values are not.
    show_unit_circle = True

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self._pending_changes: frozenset[Change] = frozenset({Change.SCENARIO})
        self._theme: Theme | None = None
        self._axis_text: tuple[object, ...] | None = None
        #: How much of each axis title (bottom, left) fits its axis: 2 the whole title,
        #: 1 the component's name, 0 nothing; and titles' widths.
        self._titles_fit: tuple[int, int] = (2, 2)
        self._title_widths: dict[tuple[str, float], float] = {}
        self._lim: float | None = None
        self._framed: tuple[float, float, float, float] | None = None
        #: How many times a new range was set (axes, grid and pictures rebuilt).
        self.frames_set = 0
        #: Points the view must show, set by :meth:`_arrows`: none fits every arrow.
        self._frame_points: list[tuple[float, float]] = []
        #: Those of them the user wrote (not worked out): they may frame below MIN_FRAME.
        self._written_points: list[tuple[float, float]] = []
        #: When the cursor last moved (time.monotonic), and the fit once a scrub stops.
        self._cursor_moved = -SCRUB_GAP_S
        self._scrub_end = QtCore.QTimer(self)
        self._scrub_end.setSingleShot(True)
        self._scrub_end.setInterval(round(SCRUB_GAP_S * 1000))
        self._scrub_end.timeout.connect(self._scrub_stopped)
        self._extent = 0.0
        self._grow_next = False
        self._refit = False  # the plot was resized: fit the range anew at the next refresh
        #: One grab handle per arrow shown, by the batch's index; ``None`` until the
        #: arrow paints itself or the mouse comes (a hundred handles cost 50 ms).
        self._items: list[ArrowItem | None] = []
        self._spare: list[ArrowItem] = []  # hidden, for when more arrows show
        self._looks: dict[tuple[object, ...], ArrowLook] = {}
        self._ordinals = _WriteOrdinals()
        self._drag_item: ArrowItem | None = None
        self._drag_field = "vector"
        self._drag_base = np.zeros(0)
        self._filtering = False
        self._shown = ArrowBatch.empty()
        self._handles_placed = True
        #: The last labels placed: (view range and size, arrows' pixels, placements).
        self._placed: tuple[tuple[float, ...], np.ndarray, Placements] = ((), np.zeros((0, 4)), {})
        #: Label placements by frame, arrows and labels (see _place_labels).
        self._placements: dict[tuple[object, ...], Placements] = {}
        # Edits made by anything but this plane's own drag, counted: a press made
        # before one (say, then Ctrl+Z) must not start a drag on what it changed.
        self._edits_seen = 0
        self._edits_at_press = 0

        # A legend that changes between a write and a read (every other step of a
        # scrub) re-laid the desk out at each change; held steady, only a new height does.
        self.legend = SteadyLabel(word_wrap=True)
        fill_own_background(self.legend)  # opaque: its repaint stops at it
        self._legend_height = ReservedHeight(
            self.legend.label, self._legend_texts, holder=self.legend
        )
        self.x_combo = QtWidgets.QComboBox()
        self.y_combo = QtWidgets.QComboBox()
        self.x_combo.setToolTip(self.tr("The component shown across"))
        self.y_combo.setToolTip(self.tr("The component shown upwards"))
        self.axis_chooser = AxisChooser(
            (
                (QtWidgets.QLabel(self.tr("x:")), self.x_combo),
                (QtWidgets.QLabel(self.tr("y:")), self.y_combo),
            )
        )
        self.axis_chooser.hide()

        # No menus (the panels have their own), and none left without an owner.
        self.plot_widget = still_plot()
        quiet_hover_while_dragging(self.plot_widget.scene())
        plot = self.plot_widget.getPlotItem()
        plot.setAspectLocked(True)
        plot.showGrid(x=True, y=True, alpha=0.35)
        # The axes also draw the grid across the whole view: replaying it on
        # every drag repaint costs milliseconds, so keep it as a pixmap.
        for name in ("left", "bottom"):
            plot.getAxis(name).setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        for name in ("left", "bottom", "top", "right"):
            # Plain numbers: no SI prefix, and no label re-set on every range change.
            plot.getAxis(name).enableAutoSIPrefix(False)
        steady_axes(plot)  # the range follows the size: no tick width may feed back
        self._view_box = plot.getViewBox()
        self._circle = pg.PlotCurveItem()
        angles = np.linspace(0.0, 2 * np.pi, 241)
        self._circle.setData(np.cos(angles), np.sin(angles))
        self._x_line = pg.InfiniteLine(pos=0.0, angle=90, movable=False)
        self._y_line = pg.InfiniteLine(pos=0.0, angle=0, movable=False)
        self._layer = ArrowLayer()
        self._layer.setZValue(0.5)
        for item in (self._x_line, self._y_line, self._circle, self._layer):
            self._view_box.addItem(item, ignoreBounds=True)
        self._circle.setVisible(self.show_unit_circle)
        self._circle.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)

        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        # The component chooser on a row of its own, at the right (hidden at
        # d ≤ 2): beside the legend, it left the legend a column one word wide,
        # and the plot the rows it wrapped to.
        layout.addWidget(self.axis_chooser, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot_widget, 1)
        # The label margin is in pixels: a resized plot needs another range.
        self._view_box.sigResized.connect(self._resized)
        self._view_box.sigRangeChanged.connect(self._redraw_cached)
        self.x_combo.currentIndexChanged.connect(self._axes_chosen)
        self.y_combo.currentIndexChanged.connect(self._axes_chosen)
        # The handles are placed before the scene sees the mouse (see _show).
        self.plot_widget.viewport().installEventFilter(self)
        self.refresh()

    # -- what tests and exports read ----------------------------------------------
    def arrows(self) -> list[ArrowItem]:
        """The arrow items shown now."""
        return self._handles()

    def arrow(self, role: str, number: int | None = None) -> ArrowItem:
        """The shown arrow with ``role`` (and step ``number``, if given)."""
        for item in self._handles():
            if item.role == role and (number is None or item.step_number == number):
                return item
        raise KeyError((role, number))

    def label_boxes(self) -> dict[tuple[str, int], tuple[str, tuple[float, ...]]]:
        """Each label shown now, by its arrow (role, step): its text and its box
        (left, top, right, bottom) in the plot's pixels.
        """
        return {
            (role, number): (look.label, box)
            for (role, number, _), (_, box, _, look) in self._placed[2].items()
            if box is not None
        }

    def tip_position(self, step_number: int) -> tuple[float, float]:
        """Where the arrow of step ``step_number`` points, in data coordinates."""
        handles = self._handles()
        for role in self.primary_roles:
            for item in handles:
                if item.role == role and item.step_number == step_number:
                    return item.tip
        raise KeyError(step_number)

    # -- refreshing -------------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if Change.SCENARIO in changes and not (
            self._drag_item is not None and self.session.dragging
        ):
            self._edits_seen += 1
        self._pending_changes = self._pending_changes | changes
        super()._on_session_changed(changes)

    def catch_up(self) -> None:
        if self._behind:
            # Steps went by unseen: the frame is fitted afresh, not held from the
            # one last shown (another step, maybe another file).
            self._refit = True
        super().catch_up()

    def refresh(self) -> None:
        """Redraw from the session, updating the existing arrows in place."""
        changes, self._pending_changes = self._pending_changes, frozenset()
        session = self.session
        if self._drag_item is not None and (
            not session.dragging or session.dragged_step != self._drag_item.step_number
        ):
            # The session ended or cancelled the drag (undo, redo, an edit, a new
            # file): drop it; the mouse moves until the release change nothing.
            self._drag_item.abort_drag()
            self._stop_drag()
        theme = self.theme
        if theme is not self._theme:
            self._apply_theme(theme)
        scenario = session.scenario
        size = self._size(scenario)
        axes = session.plane_axes(self.space)
        self._sync_chooser(size, axes)
        self._set_axis_labels(size, axes, theme)
        ordinals = self._ordinals.get(scenario, Change.SCENARIO in changes and not session.dragging)
        self._frame_points: list[tuple[float, float]] = []
        self._written_points: list[tuple[float, float]] = []
        batch = self._arrows(theme, axes, size, ordinals) if len(scenario) else ArrowBatch.empty()
        extent = batch.extent()
        self._extent = extent
        # The range first: labels are kept apart in pixels, at the scale they get.
        changes = changes | ({Change.SCENARIO} if self._refit else frozenset())
        scrubbing = False
        if changes == {Change.CURSOR}:
            now = time.monotonic()
            scrubbing = not _fitting_every_step and now - self._cursor_moved < SCRUB_GAP_S
            self._cursor_moved = now
        if self._frame_points:
            self._fit_frame(self._frame_points, theme, hold=scrubbing)
            if scrubbing:
                self._scrub_end.start()
        else:
            self._fit_range(extent, changes, theme)
        self._refit = False
        width, height = self._view_box.width(), self._view_box.height()
        if min(width, height) > 50:  # laid out (a hidden panel has no size yet)
            self._place_labels(batch, width, height)
        self._show(batch)

    def _place_labels(self, batch: ArrowBatch, width: float, height: float) -> None:
        """Put the labels where they meet no other label and no arrow (see
        :func:`~linviz.views.items.plane_arrows.place_labels`), at the view's scale.
        """
        (x0, x1), (y0, y1) = self._view_box.viewRange()
        if x1 <= x0 or y1 <= y0:
            return
        sx, sy = width / (x1 - x0), height / (y1 - y0)

        def to_pixels(point: tuple[float, float]) -> tuple[float, float]:
            return (point[0] - x0) * sx, (y1 - point[1]) * sy  # y points down

        origins, tips, head_lengths = batch.segments()
        # A tip past what can be drawn (1.797e308) is placed at the frame's far edge.
        origins, tips = (np.clip(a, -MAX_DRAWN, MAX_DRAWN) for a in (origins, tips))
        starts = np.column_stack([(origins[:, 0] - x0) * sx, (y1 - origins[:, 1]) * sy])
        ends = np.column_stack([(tips[:, 0] - x0) * sx, (y1 - tips[:, 1]) * sy])
        # Each head as a disc half-way along it (it ends at the tip, pointing forward).
        delta = ends - starts
        length = np.maximum(np.hypot(delta[:, 0], delta[:, 1]), 1e-9)
        back = np.minimum(head_lengths, 0.6 * length) / 2
        centres = ends - delta * (back / length)[:, None]
        heads = np.column_stack([centres, back + 2])
        # During a drag, labels of arrows that stand still keep their places (at
        # the same scale): the frame places only what moved, and nothing jumps.
        frame, segments = (x0, x1, y0, y1, width, height), np.column_stack([starts, ends])
        kept = moved = None
        before = self._placed
        labelled = batch.labelled()
        dragging = self.session.dragging
        if dragging and before[0] == frame and before[1].shape == segments.shape:
            changed = np.abs(segments - before[1]).max(axis=1, initial=0.0) > 0.01
            kept, moved = before[2], (starts[changed], ends[changed], heads[changed])
        # A step shown before in the same frame, arrows and labels (a scrub back
        # and forth, playback): its labels go where they went then.
        key = None
        if not dragging:  # (a drag's frames keep still labels their own way, see above)
            key = (frame, segments.tobytes(), heads.tobytes(), tuple(a.look for a in labelled))
        made = None if key is None else self._placements.get(key)
        if made is not None:
            for arrow in labelled:
                placed = made.get((arrow.role, arrow.number, arrow.look.label))
                if placed is not None:
                    arrow.look = placed[3]
        else:
            made = place_labels(
                labelled, to_pixels, (width, height), (starts, ends), heads, kept, moved
            )
            if key is not None:
                if len(self._placements) >= PLACEMENTS_KEPT:
                    self._placements.clear()
                self._placements[key] = made
        self._placed = (frame, segments, made)

    def _redraw_cached(self, *_: object) -> None:
        """Axes, grid and circle are cached pictures: after a new range, draw them anew."""
        plot = self.plot_widget.getPlotItem()
        redraw_cached(plot.getAxis("left"), plot.getAxis("bottom"), self._circle)

    def _resized(self) -> None:
        self._redraw_cached()
        if self._theme is not None:
            self._refit = True  # fit the range to the new size, and place the labels anew
            self.refresh()

    def _size(self, scenario: Scenario) -> int:
        return scenario.d_k if self.space == "key" else scenario.d_v

    def _arrows(
        self, theme: Theme, axes: tuple[int, int], size: int, ordinals: np.ndarray
    ) -> ArrowBatch:  # pragma: no cover - abstract
        raise NotImplementedError

    def _show(self, batch: ArrowBatch) -> None:
        self._items.extend([None] * (len(batch) - len(self._items)))
        self._keep_drag_item(batch)
        while len(self._items) > len(batch):
            # Kept hidden, not removed: the number of arrows changes with most
            # cursor moves, and adding an item to a view box is not cheap.
            item = self._items.pop()
            if item is None:
                continue
            if item is self._drag_item:
                self._stop_drag()
            item.hide()
            item.forget_label()  # its label is gone with it
            self._spare.append(item)
        dragged = self.session.dragged_step
        # Only the arrows made for this refresh (labelled, at the cursor, dragged,
        # the read's own) can be live; the rest is painted by the layer. Their
        # items are only grab handles, placed when the mouse hovers or presses
        # on the plane (see eventFilter): a cursor move (keys, timeline,
        # playback) or a drag frame places the few items that paint, not a hundred.
        live: set[int] = set()
        for index, arrow in batch.made():
            if self._is_live(self._items[index], arrow, dragged):
                live.add(index)
                self._place(self._item_at(index), arrow, True)
        for index, item in enumerate(self._items):
            if item is not None and item.painted and index not in live:  # hovered, or live
                self._place(item, batch.arrow(index), False)
        self._shown, self._handles_placed = batch, False
        self._layer.set_cached(self.session.dragging)
        self._layer.set_arrows(*batch.layer(live))
        label_boxes = label_boxes_of(self._layer)
        if label_boxes is not None:  # labels placed at paint keep off the others
            label_boxes.set_active(batch.any_too_large())

    def _item_at(self, index: int) -> ArrowItem:
        """Arrow ``index``'s grab handle, made (a spare, or a new one) if it has none yet."""
        item = self._items[index]
        if item is None:
            item = self._items[index] = self._spare.pop() if self._spare else self._new_item()
        return item

    def _new_item(self) -> ArrowItem:
        item = ArrowItem()
        item.sigDragStarted.connect(self._drag_started)
        item.sigDragged.connect(self._dragged)
        item.sigDragFinished.connect(self._drag_finished)
        item.sigDragRefused.connect(lambda refused: self.message.emit(refused.refusal))
        self._view_box.addItem(item, ignoreBounds=True)
        return item

    def _is_live(self, item: ArrowItem | None, arrow: PlaneArrow, dragged: int | None) -> bool:
        """Whether an arrow paints itself: what moves during a drag, what stands
        out; the rest is one cached layer.
        """
        return (
            arrow.look.halo
            or arrow.role in LIVE_ROLES
            or arrow.number == dragged
            or (item is not None and item is self._drag_item)
        )

    def _place(self, item: ArrowItem, arrow: PlaneArrow, live: bool) -> None:
        """Make ``item`` the handle (and, if ``live``, the drawing) of ``arrow``."""
        item.role = arrow.role
        item.step_number = arrow.number
        item.tooltip_provider = arrow.tooltip
        item.set_draggable(arrow.draggable, arrow.refusal)
        item.set_arrow(arrow.origin, arrow.tip, arrow.look, live)
        if not item.isVisible():  # back from the spares
            item.show()
        z = 100.0 if item is self._drag_item else arrow.z
        if item.zValue() != z:
            item.setZValue(z)

    def _place_handles(self) -> None:
        """Put every grab handle on its arrow (before the mouse can reach one)."""
        if self._handles_placed:
            return
        self._handles_placed = True
        dragged = self.session.dragged_step
        for index, arrow in enumerate(self._shown.arrows()):
            item = self._item_at(index)
            self._place(item, arrow, self._is_live(item, arrow, dragged))

    def _handles(self) -> list[ArrowItem]:
        """Every arrow's grab handle, made and placed (for a test, an export, a tooltip)."""
        self._place_handles()
        return [item for item in self._items if item is not None]

    def _keep_drag_item(self, batch: ArrowBatch) -> None:
        """Give the dragged item its own arrow again (the scene keeps sending it
        the mouse) when the steps drawn change, e.g. the cursor moved mid-drag.
        """
        item = self._drag_item
        if item is None:
            return
        index = batch.index_of(item.step_number, item.role)
        if index is not None:
            here = self._items.index(item)
            self._items[here], self._items[index] = self._items[index], item

    def _scrub_stopped(self) -> None:
        """The cursor stopped moving: fit the step it stopped on (the scrub held the frame)."""
        self._cursor_moved = -SCRUB_GAP_S
        self.refresh()

    def _fit_frame(
        self, points: list[tuple[float, float]], theme: Theme, hold: bool = False
    ) -> None:
        """Show ``points`` and the origin (what the step at the cursor is about),
        with room for a line of label text around them.

        The window is worked out in the model (:func:`~linviz.model.drawable.
        fit_frame`, :func:`~linviz.model.drawable.view_window`: finite for
        any finite tip) and held still while the points still fit
        (:func:`~linviz.model.steady_frames.steady_window`): a scrub or a
        drag rebuilds axes and grid only when the frame really changes.
        Frozen while this plane's own tip is dragged (the mouse keeps its place).
        """
        if self._drag_item is not None:
            return
        frame = fit_frame(points, least_frame(self._written_points, MIN_FRAME))
        # Room for a line of label text beyond a tip on the frame's edge; an edge
        # only the origin reaches (no label there) needs just a little.
        line = theme.font_pt * 0.9 * 96 / 72 * 1.3 + 6
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        margins = (
            line if xs and min(xs) <= frame.x0 + abs(frame.x0) * 1e-9 else 10.0,
            line if xs and max(xs) >= frame.x1 - abs(frame.x1) * 1e-9 else 10.0,
            line if ys and min(ys) <= frame.y0 + abs(frame.y0) * 1e-9 else 10.0,
            line if ys and max(ys) >= frame.y1 - abs(frame.y1) * 1e-9 else 10.0,
        )  # left, right, bottom, top (pixels)
        width, height = self._view_box.width(), self._view_box.height()
        if min(width, height) <= 50:
            width = height = 400.0  # not laid out yet: fitted again once it is
        wanted = view_window(frame, margins, width, height)
        shown = None if self._framed is None or self._refit else Frame(*self._framed)
        if hold and shown is not None:  # a scrub: only grow (see SCRUB_GAP_S)
            window = held_window(wanted, shown, width, height)
        else:
            window = steady_window(wanted, shown, width, height)
        framed = (window.x0, window.x1, window.y0, window.y1)
        if framed != self._framed:
            self._framed, self._lim = framed, None
            self.frames_set += 1
            self._view_box.setRange(
                xRange=(window.x0, window.x1), yRange=(window.y0, window.y1), padding=0
            )
            self._settle_transform()

    def _fit_range(self, extent: float, changes: frozenset[Change], theme: Theme) -> None:
        """Fit every arrow, with round half-widths held while they fit
        (:func:`~linviz.model.steady_frames.steady_half_range`); frozen while
        this plane's tip is dragged, then only grown (no jumping).
        """
        if self._drag_item is not None:
            self._grow_next = True
            return
        # Room beyond the longest arrow for one line of label text.
        label_px = theme.font_pt * 0.9 * 96 / 72 * 1.3 + 6
        plot_px = min(self._view_box.width(), self._view_box.height())
        wanted = half_range(extent, label_px, plot_px if plot_px > 50 else 400.0)
        grow = self._lim is not None and (
            self._grow_next or not changes & {Change.SCENARIO, Change.OPTIONS}
        )
        self._grow_next = False
        if grow and self._lim is not None:
            wanted = max(wanted, self._lim)
        lim = steady_half_range(wanted, None if self._refit else self._lim)
        if lim != self._lim or self._framed is not None:
            self._lim, self._framed = lim, None
            self.frames_set += 1
            self._view_box.setRange(xRange=(-lim, lim), yRange=(-lim, lim), padding=0)
            self._settle_transform()

    def _settle_transform(self) -> None:
        """Apply a new range to the view's transform now, not when it is painted.

        pyqtgraph applies it as the view paints; the arrow layer then learns of
        the new scale mid-paint, asks for a repaint, and the whole plot was
        painted twice per cursor move (the value plane's frame follows every
        step). Applied here, the layer's repaint joins the one already asked.
        """
        self._view_box.updateMatrix()

    # -- looks -----------------------------------------------------------------------------
    def _apply_theme(self, theme: Theme) -> None:
        self.plot_widget.setBackground(theme.background)
        plot = self.plot_widget.getPlotItem()
        tick_font = self.font_for(theme.font_pt * 0.85)
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            axis.setPen(pg.mkPen(theme.muted, width=1))
            axis.setTextPen(pg.mkPen(theme.foreground))
            set_tick_font(axis, tick_font)  # the room it had in this theme
        plot.showGrid(x=True, y=True, alpha=0.35)
        self._circle.setPen(
            pg.mkPen(
                theme.muted, width=max(1.0, theme.line_width * 0.8), style=Qt.PenStyle.DashLine
            )
        )
        for line in (self._x_line, self._y_line):
            line.setPen(pg.mkPen(theme.muted, width=max(1.0, theme.line_width * 0.6)))
        # The legend keeps the window's text size (its style sheet's, which a font
        # set here lost whenever the window was polished after this, as it was).
        self.legend.setText(self._legend_text())
        self._legend_height.update()  # another theme, another font
        self._axis_text = None
        self._theme = theme
        self._redraw_cached()

    def set_legend(self, text: str) -> None:
        """Show ``text`` above the plot (its height reserved: see :meth:`_legend_texts`)."""
        if self.legend.text() != text:
            self.legend.setText(text)

    def _legend_texts(self) -> tuple[str, ...]:
        """Every legend this plane shows from step to step, for the height it keeps
        (none: the legend is as tall as its text).
        """
        return ()

    def _legend_text(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def _axis_name(self, component: int) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def retranslate(self) -> None:
        self._axis_text = None  # the axis titles are words too
        self._title_widths.clear()
        for combo in (self.x_combo, self.y_combo):
            combo.blockSignals(True)
            combo.clear()  # "component 1" filled again in the new language (refresh)
            combo.blockSignals(False)
        super().retranslate()
        self._legend_height.update()  # the legends' words too

    def _set_axis_labels(self, size: int, axes: tuple[int, int], theme: Theme) -> None:
        pt = min(theme.font_pt, 14.0)  # axis titles are secondary: capped for a projector
        bottom, left = self._axis_name(axes[0]), self._axis_name(axes[1])
        if theme.min_text_pt > 0:
            # On a projector the plot is short and the title runs along its side:
            # the bottom title names the space, the side says which component.
            left = self._component_name(axes[1])
        # A title longer than its axis ran past the plot's edge, cut ("composante 1
        # de la clé" under a French plot 200 px wide): it says the component only, and
        # nothing where even that is longer (a 60 px plane on a 960×540 slide).
        names = (self._component_name(axes[0]), self._component_name(axes[1]))
        if self._drag_item is None:  # a drag never changes the view's size
            view = self._view_box
            self._titles_fit = (
                self._title_fit(bottom, names[0], pt, view.width()),
                self._title_fit(left, names[1], pt, view.height()),
            )
        bottom, left = (
            (whole, name, " ")[2 - fit]
            for whole, name, fit in zip((bottom, left), names, self._titles_fit)
        )
        key = (size > 1, theme.name, pt, bottom, left)
        if key == self._axis_text:
            return  # setLabel re-lays the plot out: never during a drag
        self._axis_text = key
        style = {"color": theme.foreground, "font-size": f"{pt:g}pt"}
        plot = self.plot_widget.getPlotItem()
        plot.setLabel("bottom", bottom, **style)
        plot.setLabel("left", left if size > 1 else " ", **style)
        self._redraw_cached()

    def _title_fit(self, whole: str, name: str, pt: float, length: float) -> int:
        """2 if the ``whole`` title fits an axis ``length`` px long, 1 if the component's
        ``name`` does, 0 if neither (see :meth:`_title_fits`).
        """
        if self._title_fits(whole, pt, length):
            return 2
        return int(self._title_fits(name, pt, length))

    def _component_name(self, component: int) -> str:
        return self.tr("component {0}").format(component + 1)  # counted from 1

    def _title_fits(self, text: str, pt: float, length: float) -> bool:
        """Whether an axis title ``text`` at ``pt`` points fits an axis ``length`` px long.

        Widths are kept by text and size: a scrub asks at every step.
        """
        if length <= 1:
            return True  # not laid out yet: decided when it is (the view's sigResized)
        width = self._title_widths.get((text, pt))
        if width is None:
            label = self.plot_widget.getPlotItem().getAxis("bottom").label
            font = QtGui.QFont(label.font())
            font.setPointSizeF(pt)
            margins = 2 * label.document().documentMargin()
            width = QtGui.QFontMetricsF(font).horizontalAdvance(text) + margins
            if len(self._title_widths) > 64:
                self._title_widths.clear()
            self._title_widths[(text, pt)] = width
        return width <= length

    def _look(
        self,
        theme: Theme,
        color: str,
        state: str,
        *,
        label: str = "",
        dash: str = "solid",
        head_filled: bool = True,
        label_at: str = "tip",
        weight: float = 1.0,
    ) -> ArrowLook:
        """The look of an arrow at the cursor, before it, or after it (faded)."""
        key = (theme.name, color, state, label, dash, head_filled, label_at, weight)
        look = self._looks.get(key)
        if look is None:  # hundreds of arrows share a few looks: build each once
            if len(self._looks) > 4096:
                self._looks.clear()
            look = self._looks[key] = self._new_look(
                theme, color, state, label, dash, head_filled, label_at, weight
            )
        return look

    @staticmethod
    def _new_look(
        theme: Theme,
        color: str,
        state: str,
        label: str,
        dash: str,
        head_filled: bool,
        label_at: str,
        weight: float,
    ) -> ArrowLook:
        width = theme.arrow_width * weight
        alpha, halo, bold = 255, False, False
        if state == "cursor":
            width, halo, bold = width * 1.7, True, True
        elif state == "future":
            width, alpha = width * 0.8, 70
        return ArrowLook(
            color=color,
            alpha=alpha,
            width=width,
            dash=dash,
            head=6 + 2.0 * width,
            head_filled=head_filled,
            halo=halo,
            label=label,
            label_bold=bold,
            label_at=label_at,
            font_pt=theme.font_pt * 0.9,
            background=theme.background,
            hit_radius=max(8.0, 2.8 * theme.arrow_width),
        )

    @staticmethod
    def _point(vector: np.ndarray, axes: tuple[int, int], size: int) -> tuple[float, float]:
        return float(vector[axes[0]]), (float(vector[axes[1]]) if size > 1 else 0.0)

    @staticmethod
    def _tips(
        column: np.ndarray, numbers: list[int], axes: tuple[int, int], size: int
    ) -> np.ndarray:
        """The shown two components of rows ``numbers`` (1-based) of a column, ``(n, 2)``."""
        rows = np.asarray(numbers, dtype=np.int64) - 1
        tips = np.zeros((len(rows), 2))
        tips[:, 0] = column[rows, axes[0]]
        if size > 1:
            tips[:, 1] = column[rows, axes[1]]
        return tips

    def _numbers(self) -> list[int]:
        session = self.session
        return steps_near(len(session.scenario), session.cursor, also=session.dragged_step)

    def _labelled_numbers(self, numbers: list[int]) -> set[int] | range:
        """Which of the steps ``numbers`` get a label: all when few, else those near
        the cursor (and the dragged one).
        """
        session = self.session
        if len(session.scenario) <= LABEL_ALL:
            return range(1, len(session.scenario) + 1)
        cursor, dragged = session.cursor, session.dragged_step
        near = set(range(cursor - LABEL_NEAR, cursor + LABEL_NEAR + 1))
        if dragged is not None:
            near.add(dragged)
        return near

    def _styles(
        self, theme: Theme, numbers: list[int], writes: np.ndarray, ordinals: np.ndarray
    ) -> tuple[np.ndarray, list[str], list[str], list[ArrowLook]]:
        """Per step of ``numbers``: state code and name, colour, and look without a label.

        ``writes`` says which steps are writes, ``ordinals`` is the write
        ordinal of every step (it picks the key colour). Worked out with numpy
        for all steps at once and one look per distinct (colour, state, kind):
        a plane styles up to a hundred arrows per cursor move.
        """
        steps = np.asarray(numbers, dtype=np.int64)
        cursor = self.session.cursor
        state = np.where(steps == cursor, 0, np.where(steps < cursor, 1, 2))
        palette = theme.key_colors
        color = ordinals[steps - 1] % len(palette)
        kinds, which = np.unique((color * 3 + state) * 2 + writes, return_inverse=True)
        table = [
            self._kind_look(theme, palette[kind // 6], STATES[kind // 2 % 3], bool(kind % 2), "")
            for kind in kinds.tolist()
        ]
        return (
            state,
            [STATES[i] for i in state.tolist()],
            [palette[i] for i in color.tolist()],
            [table[i] for i in which.ravel().tolist()],
        )

    def _label_specials(
        self,
        batch: ArrowBatch,
        theme: Theme,
        states: list[str],
        colors: list[str],
        label: Callable[[int], str],
    ) -> None:
        """Make the arrows of the batch that need their own: the labelled steps
        (with the look ``label(number)`` asks for), the cursor's and the dragged one.
        """
        numbers, session = batch.numbers, self.session
        labelled = self._labelled_numbers(numbers)
        wanted = set(labelled) if len(labelled) < len(numbers) else None
        for index, number in enumerate(numbers):
            if (
                wanted is not None
                and number not in wanted
                and number != session.cursor
                and number != session.dragged_step
            ):
                continue
            arrow = batch.arrow(index)
            if number in labelled:
                arrow.look = self._kind_look(
                    theme, colors[index], states[index], arrow.role != "query", label(number)
                )

    def _kind_look(
        self, theme: Theme, color: str, state: str, is_write: bool, label: str
    ) -> ArrowLook:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- the component chooser -------------------------------------------------------------
    def _sync_chooser(self, size: int, axes: tuple[int, int]) -> None:
        show = size > 2
        if self.axis_chooser.isHidden() == show:
            self.axis_chooser.setVisible(show)
        if not show:
            return
        for combo, axis in ((self.x_combo, axes[0]), (self.y_combo, axes[1])):
            combo.blockSignals(True)
            try:
                if combo.count() != size:
                    combo.clear()
                    # Counted from 1, as the course counts k₁, k₂ …
                    combo.addItems([self._component_name(i) for i in range(size)])
                if combo.currentIndex() != axis:
                    combo.setCurrentIndex(axis)
            finally:
                combo.blockSignals(False)

    def _axes_chosen(self) -> None:
        axes = (self.x_combo.currentIndex(), self.y_combo.currentIndex())
        if min(axes) < 0:
            return
        try:
            self.session.set_options(**{f"{self.space}_axes": axes})
        except ValueError as error:
            self.message.emit(str(error))

    # -- dragging ---------------------------------------------------------------------------
    def _drag_field_of(self, item: ArrowItem) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def _drag_started(self, item: ArrowItem) -> None:
        if self._drag_item is not None:
            return
        if (
            self._edits_at_press != self._edits_seen
            or item not in self._items
            or not 1 <= item.step_number <= len(self.session.scenario)
        ):
            # The scenario changed between the press and this first move (Ctrl+Z
            # with the button down): the arrow pressed may be gone or another.
            item.abort_drag()
            return
        field_name = self._drag_field_of(item)
        step = self.session.scenario.step(item.step_number)
        base = step.vector if field_name == "vector" else step.value
        self.session.begin_drag(item.step_number, field_name)
        self._drag_item, self._drag_field = item, field_name
        self._drag_base = np.array(base, dtype=np.float64)
        item.setZValue(100.0)
        app = QtWidgets.QApplication.instance()
        if app is not None and not self._filtering:
            app.installEventFilter(self)  # Escape cancels, wherever the focus is
            self._filtering = True

    def _dragged(self, item: ArrowItem, x: float, y: float) -> None:
        if item is not self._drag_item or not self.session.dragging:
            item.abort_drag()  # not (or no longer) this plane's drag
            return
        options = self.session.options
        one_d = self._drag_base.size == 1
        (x0, x1), (y0, y1) = self._view_box.viewRange()
        x, y = snap_tip(
            x,
            y,
            grid=options.snap_grid,
            unit=options.snap_unit and self._drag_field == "vector",
            one_dimensional=one_d,
            step=snap_step(min(x1 - x0, y1 - y0)),
        )
        axes = self.session.plane_axes(self.space)
        vector = self._drag_base.copy()
        vector[axes[0]] = x
        if not one_d:
            vector[axes[1]] = y
        if np.array_equal(self.session.drag_vector(), vector):
            return  # snapped to where it already is (or will be at the next frame): no redraw
        try:
            self.session.drag_to(vector)
        except ScenarioError as error:
            self.message.emit(shown_error(error))

    def _drag_finished(self, item: ArrowItem) -> None:
        if item is not self._drag_item:
            return
        self._stop_drag()
        self._grow_next = True
        try:
            self.session.end_drag()
        except ScenarioError as error:
            self.message.emit(self.tr("The move was refused: {0}").format(shown_error(error)))
        self.refresh()
        self._place_handles()  # the mouse is here: the scene looks for a handle now

    def _stop_drag(self) -> None:
        self._drag_item = None
        if self._filtering:
            app = QtWidgets.QApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
            self._filtering = False

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        # During a drag this filter sees every event of the application (about
        # 140 a mouse move): the event's type is asked once (each ask builds a
        # Python enum), and most events are none of the four below.
        kind = event.type()
        if kind == QtCore.QEvent.Type.MouseButtonPress and watched is self.plot_widget.viewport():
            self._edits_at_press = self._edits_seen
        if (
            not self._handles_placed
            and kind in _MOUSE_EVENTS
            and not (
                kind == QtCore.QEvent.Type.MouseMove and event.buttons() != Qt.MouseButton.NoButton
            )
        ):  # type: ignore[attr-defined]
            self._place_handles()  # not while dragging: no other handle can be grabbed
        if (
            self._drag_item is not None
            and kind == QtCore.QEvent.Type.MouseButtonRelease
            and event.button() == Qt.MouseButton.LeftButton
        ):  # type: ignore[attr-defined]
            # Letting go of the button ends the drag wherever it happens: pyqtgraph
            # was seen to lose the release after a shortcut (Ctrl+Shift+Z) mid-drag,
            # which left the drag on for good. Its own finish then finds none.
            self._drag_finished(self._drag_item)
            return False
        if (
            self._drag_item is not None
            and kind == QtCore.QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_Escape
        ):  # type: ignore[attr-defined]
            self._drag_item.abort_drag()
            self._stop_drag()
            self._grow_next = True
            self.session.cancel_drag()
            self.refresh()
            self._place_handles()
            self.message.emit(self.tr("Drag cancelled: the vector is back where it was."))
            return True
        return False

    def detach(self) -> None:
        """Stop following the session (and the keyboard, if a drag is on)."""
        self._stop_drag()
        self._scrub_end.stop()
        super().detach()
