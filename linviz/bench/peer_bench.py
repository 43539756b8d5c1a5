"""The peer: the same four views in one matplotlib figure, redrawn per change.

Issue 29 sets linviz's speed targets as ratios against what a user would
otherwise do in a notebook: draw the step's key plane, value plane, state
matrix and readout bars with matplotlib and redraw the figure whenever the
data change. This module is that figure, drawn offscreen (the Agg canvas,
no pyplot, no Qt: it imports neither), fed by linviz's own model through a
:class:`~linviz.controller.session.Session`, so it draws the same numbers
the window draws.

Run as ``python -m linviz.bench.peer_bench [--quick | --smoke]``: prints ONE JSON
object on standard output. ``linviz bench`` runs it in a child process from
:func:`linviz.bench.view_bench.view_figures`; it needs matplotlib (the
``bench`` extra: ``pip install -e ".[bench]"``).

The figure
----------
1600 × 1000 pixels (16 × 10 inches at 100 dpi, the size the window figures
are measured at), laid out once (``subplots_adjust``, no layout engine that
would re-run at every draw), four axes:

key plane
    The keys (one quiver, solid) and queries (same quiver, their own colour)
    of the steps linviz's plane draws: all of them up to 100 steps, else the
    100 nearest the cursor (and the dragged one); later steps faded. A
    label per arrow up to 40 steps, else for the 11 around the cursor. The
    plane shows the two components the session's plane shows, in ``k`` or
    ``φ(k)`` as :meth:`Session.key_space` says.
value plane
    The values of the writes among those steps; at a read ``y``, its target
    ``v`` and the error segment between them; at a write what the memory
    held at its key just before. Labels as on the key plane.
state matrix
    ``S`` after the step as an ``imshow`` heatmap on ±:func:`color_limit`
    (the window's colour range) with a colour bar, and every cell's number
    printed in it (``text`` per cell, dark or light ink by the cell's
    colour) when a cell is at least 14 px wide, as linviz's label grid does;
    at d = 64 the cells are about 9 px wide and neither prints numbers.
readout bars
    At a read, what linviz's readout draws: one group per earlier write
    (its term ``w · v``; the 40 largest, always with the target's), then
    ``y`` and ``v_target``, each group one horizontal bar per value
    component, coloured by kind (target, crosstalk, other term, y,
    v_target; simpler than the window's rule, which also tells cancelled
    and negligible terms apart: a colour per bar costs the same). When
    bars would be thinner than 3 px (d_v = 8 after hundreds of writes,
    d_v = 64) each group is one colour strip (a row of one ``imshow``)
    instead, as linviz's term bars do. A group's label beside it. At a
    write the readout is empty (the window lists overlapping keys there).

Axis limits are set only when they change (the planes' half-range rounded
up to 0.5, the bars' range to a round value), as a careful notebook user
would do instead of autoscaling.

What is timed
-------------
One sample is one change: the model work linviz does for it, then the
figure's update and ``fig.canvas.draw()`` (the whole figure rendered by
Agg into its buffer; nothing is shown or encoded to an image). The update
changes artists' data in place: ``Quiver.set_UVC`` and ``set_facecolor``
(pools of arrows, unused ones transparent), ``AxesImage.set_data``/
``set_clim``, ``Rectangle.set_width``/``set_facecolor``/``set_visible``
(a pool of bars, unused ones hidden: drawing costs per artist),
``Text.set_text``/``set_position``/``set_color``/``set_visible``,
``Line2D.set_data``; the figure is never rebuilt. Two untimed redraws come
first (font caches, the first draw's set-up).

``drag_lesson``
    The first bundled lesson, cursor on its last step; step 1's key moved
    around a circle of radius 0.3 (24 moves a turn) in the two shown
    components, each move through ``Session.drag_to`` (the scenario's step
    replaced, the trace replayed to the cursor by ``Session.snapshot``).
``drag_d64_1000_steps``
    The same on ``random_scenario(1000, 64)``, cursor on the last step.
``scrub_100000_steps``
    ``Session.set_cursor(random step)`` on ``random_scenario(100_000, 8)``
    (the snapshot: state replay from the nearest checkpoint, the read's
    decomposition), then the update and the draw.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import Normalize, to_rgba, to_rgba_array
from matplotlib.figure import Figure
from matplotlib.ticker import AutoLocator, ScalarFormatter

from linviz.bench.levels import add_level_options, chosen_level, repeats
from linviz.bench.timing import print_figures, summary_ms
from linviz.controller.session import Session
from linviz.model.drawable import MAX_ARROWS, cell_label, color_limit, nice_limit, steps_near
from linviz.model.readout import held_at_key

# The window's own rules, restated (linviz.views imports Qt, which the peer must not):
#: Every arrow labelled up to LABEL_ALL steps, else the cursor's ± LABEL_NEAR (plane_base).
LABEL_ALL, LABEL_NEAR = 40, 5
#: Cells narrower than this (px) print no number (linviz.views.drawing.label_grid).
MIN_CELL_PX = 14.0
#: The readout's most term groups (linviz.views.panels.read_breakdown.MAX_GROUPS).
MAX_GROUPS = 40
#: Thinner bars give way to a colour strip per group (linviz.views.panels.term_bars).
MIN_BAR_PX = 3.0

#: The figure: the window figures' 1600×1000 px.
FIGURE_INCHES, DPI = (16.0, 10.0), 100
#: The drag path: a circle of this radius (data units) around the tip, moves per turn.
DRAG_RADIUS, DRAG_MOVES_PER_TURN = 0.3, 24
#: Untimed redraws before the timed ones.
WARM_UP = 2
#: d of the scrub scenario (view_bench.SCRUB_DIM).
SCRUB_DIM = 8

KEY, QUERY, VALUE, OUTPUT, TARGET, WARNING = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
)
#: The readout's colour per kind of group.
KIND_COLOURS = {
    "target": "#2ca02c",
    "crosstalk": "#d62728",
    "term": "#7f7f7f",
    "output": "#1f77b4",
    "expected": "#9467bd",
}
#: Arrow opacity: the cursor's step, earlier steps, later steps.
ALPHA_CURSOR, ALPHA_PAST, ALPHA_LATER = 1.0, 0.75, 0.2


def cell_number(value: float, limit: float) -> str:
    """A cell's number as the window prints it (:func:`~linviz.model.drawable.cell_label`)."""
    return cell_label(value, limit).replace("-", "−")


def _index_ticks(count: int) -> tuple[list[int], list[str]]:
    """Ticks at ``count`` cells' centres (0 … count − 1) labelled from 1: 1, 4, 8 … or all."""
    every = max(1, math.ceil(count / 16))
    numbers = [1, *range(every, count + 1, every)] if every > 1 else list(range(1, count + 1))
    return [n - 1 for n in numbers], [str(n) for n in numbers]


def _round_up(x: float, step: float) -> float:
    return max(step, math.ceil(x / step) * step)


def _quiver(ax, size: int, width: float):
    """A quiver of ``size`` arrows from the origin, drawn in data units."""
    zeros = np.zeros(size)
    return ax.quiver(
        zeros, zeros, zeros, zeros, angles="xy", scale_units="xy", scale=1, width=width
    )


def _set_arrows(quiver, tips: np.ndarray, colours: np.ndarray) -> None:
    """Arrows to ``tips`` (``(n, 2)``) in ``colours`` (``(n, 4)``); the rest of the pool
    transparent and of length 0.
    """
    size = len(quiver.U)
    u, v, face = np.zeros(size), np.zeros(size), np.zeros((size, 4))
    n = len(tips)
    if n:
        u[:n], v[:n], face[:n] = tips[:, 0], tips[:, 1], colours
    quiver.set_UVC(u, v)
    quiver.set_facecolor(face)


class _Plane:
    """One vector plane: pools of arrows from the origin (wide, thin, thick), labels.

    Keys and values are wide arrows, queries thin ones drawn over them (a
    query lying on a key leaves both visible, as the window's dashed
    queries do), ``y``, the target and "held before" thick ones on top.
    """

    def __init__(self, ax, size: int, thin: int, labels: int, extras: int) -> None:
        self.ax = ax
        self.wide = _quiver(ax, size, 0.006)
        self.thin = _quiver(ax, thin, 0.0025)
        self.extras = _quiver(ax, extras, 0.008)
        self.texts = [ax.text(0, 0, "", fontsize=8, visible=False) for _ in range(labels)]
        self.half = 0.0
        ax.axhline(0, color="#cccccc", lw=0.8)
        ax.axvline(0, color="#cccccc", lw=0.8)
        ax.set_aspect("equal", adjustable="box")

    def show(self, tips: np.ndarray, colours: np.ndarray, thin: np.ndarray | None = None) -> None:
        """Arrows to ``tips`` in ``colours``; those ``thin`` says (a mask) thin."""
        if thin is None:
            _set_arrows(self.wide, tips, colours)
            return
        _set_arrows(self.wide, tips[~thin], colours[~thin])
        _set_arrows(self.thin, tips[thin], colours[thin])

    def show_extras(self, tips: list[tuple[float, float]], colours: list[str]) -> None:
        """The thick arrows (y, target, held before)."""
        rgba = to_rgba_array(colours) if colours else np.zeros((0, 4))
        _set_arrows(self.extras, np.asarray(tips, dtype=float).reshape(-1, 2), rgba)

    def label(self, tips: np.ndarray, labels: list[tuple[int, str]]) -> None:
        """Texts at some of ``tips``: ``labels`` lists (row of ``tips``, text); others hidden."""
        for text, (row, words) in zip(self.texts, labels):
            text.set_position((tips[row, 0], tips[row, 1]))
            text.set_text(words)
            text.set_visible(True)
        for text in self.texts[len(labels) :]:
            text.set_visible(False)

    def frame(self, points: np.ndarray) -> None:
        """A square frame around ``points`` and the origin, changed only when it must."""
        extent = float(np.abs(points).max()) if points.size else 0.0
        half = _round_up(max(1.2, 1.15 * extent), 0.5)
        if half != self.half:
            self.half = half
            self.ax.set_xlim(-half, half)
            self.ax.set_ylim(-half, half)


class PeerFigure:
    """The four views of the session's cursor step in one matplotlib figure.

    Parameters
    ----------
    session
        The open scenario; :meth:`update` draws ``session.cursor``'s step.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        scenario = session.scenario
        self.d_k, self.d_v = scenario.d_k, scenario.d_v
        self.figure = Figure(figsize=FIGURE_INCHES, dpi=DPI)
        self.canvas = FigureCanvasAgg(self.figure)
        self.figure.subplots_adjust(
            left=0.05, right=0.97, bottom=0.05, top=0.95, wspace=0.25, hspace=0.25
        )
        grid = self.figure.add_gridspec(2, 2)
        key_ax = self.figure.add_subplot(grid[0, 0])
        value_ax = self.figure.add_subplot(grid[0, 1])
        self.heat_ax = self.figure.add_subplot(grid[1, 0])
        self.bar_ax = self.figure.add_subplot(grid[1, 1])
        total = len(scenario)
        arrows = min(total, MAX_ARROWS) + (1 if total > MAX_ARROWS else 0)
        labels = min(total, LABEL_ALL) if total <= LABEL_ALL else 2 * LABEL_NEAR + 2
        self.keys = _Plane(key_ax, arrows, arrows, labels, 0)
        self.values = _Plane(value_ax, arrows, 0, labels + 3, 2)
        (self.error_line,) = value_ax.plot([0, 0], [0, 0], ":", color=WARNING, lw=1.5)
        key_ax.set_title("Key plane")
        value_ax.set_title("Value plane")
        self._build_heatmap()
        self._build_bars()

    # -- building (once) ------------------------------------------------------------
    def _build_heatmap(self) -> None:
        ax = self.heat_ax
        self.limit = 1.0
        self.image = ax.imshow(
            np.zeros((self.d_k, self.d_v)),
            cmap="RdBu_r",
            norm=Normalize(-1.0, 1.0),
            interpolation="nearest",
            aspect="equal",
        )
        self.figure.colorbar(self.image, ax=ax, label="value of S[i, j]")
        self.heat_title = ax.set_title("S")
        # Rows and columns counted from 1, as the window's axes count them.
        ax.set_xticks(*_index_ticks(self.d_v))
        ax.set_yticks(*_index_ticks(self.d_k))
        ax.set_xlabel("column j (value component)")
        ax.set_ylabel("row i (key component)")
        # Draw once to know the cells' size in pixels (as the window's label grid does).
        self.canvas.draw()
        box = ax.get_window_extent()
        cell_px = min(box.width / self.d_v, box.height / self.d_k)
        self.cell_texts = []
        if cell_px >= MIN_CELL_PX:
            size = max(6.0, min(12.0, 0.3 * cell_px * 72 / DPI))
            self.cell_texts = [
                ax.text(j, i, "", ha="center", va="center", fontsize=size)
                for i in range(self.d_k)
                for j in range(self.d_v)
            ]

    def _build_bars(self) -> None:
        ax = self.bar_ax
        self.bar_title = ax.set_title("Readout")
        groups = MAX_GROUPS + 2
        self.bar_height_px = ax.get_window_extent().height
        self.bar_limits: tuple[object, ...] = ()
        # Groups as colour strips (one row each, unused rows NaN: not drawn) ...
        self.strip_image = ax.imshow(
            np.full((groups, self.d_v), np.nan),
            cmap="RdBu_r",
            norm=Normalize(-1.0, 1.0),
            interpolation="nearest",
            aspect="auto",
            visible=False,
        )
        # ... or as bars, a pool of them, when two groups' bars could be 3 px thick
        # (as many as fit at 3 px: more rows are drawn as strips).
        self.bars = []
        if self.bar_height_px / (2 * (self.d_v + 1)) >= MIN_BAR_PX:
            rows = int(self.bar_height_px / MIN_BAR_PX) + self.d_v + 1
            self.bars = list(
                ax.barh(np.arange(rows), np.zeros(rows), height=0.9, color=KIND_COLOURS["term"])
            )
            for rectangle in self.bars:
                rectangle.set_visible(False)
        self.bars_shown = 0
        self.zero_line = ax.axvline(0, color="#999999", lw=0.8)
        ax.set_yticks([])
        self.group_texts = [
            ax.text(
                -0.01,
                0,
                "",
                ha="right",
                va="center",
                fontsize=8,
                transform=ax.get_yaxis_transform(),
            )
            for _ in range(groups)
        ]

    # -- one change ---------------------------------------------------------------
    def update(self) -> None:
        """Put the cursor step's data into the artists (no drawing)."""
        session = self.session
        snap = session.snapshot()
        scenario = session.scenario
        cursor, total = session.cursor, len(scenario)
        numbers = steps_near(total, cursor, also=session.dragged_step)
        rows = np.asarray(numbers, dtype=np.int64) - 1
        writes = scenario.write_mask()[rows]
        alpha = np.where(
            rows + 1 == cursor, ALPHA_CURSOR, np.where(rows + 1 < cursor, ALPHA_PAST, ALPHA_LATER)
        )
        labelled = self._labelled(numbers, cursor, session.dragged_step)
        # Key plane.
        axes = session.plane_axes("key")
        shown = scenario.phi_vectors() if session.key_space() == "phi" else scenario.vectors()
        tips = shown[rows][:, axes]
        colours = np.where(writes[:, None], _rgba(KEY), _rgba(QUERY))
        colours[:, 3] = alpha
        labels = [(i, scenario.label_at(n)) for i, n in enumerate(numbers) if n in labelled]
        self.keys.show(tips, colours, thin=~writes)
        self.keys.label(tips, labels)
        self.keys.frame(tips)
        # Value plane.
        axes = session.plane_axes("value")
        value_rows = rows[writes]
        tips = scenario.values()[value_rows][:, axes]
        colours = np.tile(_rgba(VALUE), (len(value_rows), 1))
        colours[:, 3] = alpha[writes]
        labels = [
            (i, f"v({scenario.label_at(int(r) + 1)})")
            for i, r in enumerate(value_rows.tolist())
            if r + 1 in labelled
        ]
        extras: list[tuple[float, float]] = []
        extra_colours: list[str] = []
        extra_labels: list[str] = []
        read = snap.read
        line = ([0.0, 0.0], [0.0, 0.0])
        if read is not None:
            y = (float(read.output[axes[0]]), float(read.output[axes[1]]))
            extras, extra_colours, extra_labels = [y], [OUTPUT], ["y"]
            if read.expected is not None:
                target = (float(read.expected[axes[0]]), float(read.expected[axes[1]]))
                extras.append(target)
                extra_colours.append(TARGET)
                # One label "target = v(w3)" on the stored value it lies on, not two stacked.
                name = f"v({read.target})"
                merged = [i for i, (_, words) in enumerate(labels) if words == name]
                if merged:
                    labels[merged[0]] = (labels[merged[0]][0], f"target = {name}")
                extra_labels.append("" if merged else "target")
                line = ([target[0], y[0]], [target[1], y[1]])
        elif snap.write is not None:
            held = held_at_key(session.trace, snap.number)[list(axes)]
            if np.any(np.abs(held) > 1e-12):  # nothing there yet: no arrow, as in the window
                extras, extra_colours, extra_labels = [tuple(held)], ["#555555"], ["held before"]
        all_tips = np.vstack([tips, np.asarray(extras).reshape(-1, 2)])
        labels += [(len(tips) + i, words) for i, words in enumerate(extra_labels) if words]
        self.values.show(tips, colours)
        self.values.label(all_tips, labels)
        self.values.show_extras(extras, extra_colours)
        self.error_line.set_data(*line)
        self.values.frame(all_tips)
        self._update_heatmap(snap)
        self._update_bars(read)

    def _labelled(self, numbers: list[int], cursor: int, dragged: int | None) -> set[int]:
        if len(self.session.scenario) <= LABEL_ALL:
            return set(numbers)
        near = set(range(cursor - LABEL_NEAR, cursor + LABEL_NEAR + 1))
        if dragged is not None:
            near.add(dragged)
        return near

    def _update_heatmap(self, snap) -> None:
        state = snap.state
        limit = color_limit(state)
        self.image.set_data(state)
        if limit != self.limit:
            self.limit = limit
            self.image.set_clim(-limit, limit)
        step = snap.step
        if step is None:
            self.heat_title.set_text("S before any step")
        else:
            kind = "write" if step.is_write else "read"
            self.heat_title.set_text(f"S after step {snap.number} ({kind} {step.label})")
        if self.cell_texts:
            dark = np.abs(state) > 0.6 * limit  # strong colours take light ink
            for text, value, light in zip(self.cell_texts, state.ravel(), dark.ravel()):
                text.set_text(cell_number(value, limit))
                text.set_color("white" if light else "black")

    def _update_bars(self, read) -> None:
        groups = self._groups(read)
        largest = max((float(np.abs(g[2]).max()) for g in groups), default=0.0)
        span = nice_limit(largest)
        stride = self.d_v + 1
        rows = max(len(groups), 1) * stride
        strips = not self.bars or self.bar_height_px / rows < MIN_BAR_PX
        self.strip_image.set_visible(strips)
        self.zero_line.set_visible(not strips)
        if strips:
            matrix = np.full((MAX_GROUPS + 2, self.d_v), np.nan)
            for row, (_, _, values) in enumerate(groups):
                matrix[row] = values
            self.strip_image.set_data(matrix)
            limits: tuple[object, ...] = ("strips", span, len(groups))
            if limits != self.bar_limits:
                self.strip_image.set_clim(-span, span)
                self.bar_ax.set_xlim(-0.5, self.d_v - 0.5)
                self.bar_ax.set_ylim(max(len(groups), 1) - 0.5, -0.5)
                if self.bar_limits[:1] != ("strips",):  # components counted from 1
                    self.bar_ax.set_xticks(*_index_ticks(self.d_v))
        else:
            limits = ("bars", span, rows)
            if limits != self.bar_limits:
                if self.bar_limits[:1] == ("strips",):
                    self.bar_ax.xaxis.set_major_locator(AutoLocator())
                    self.bar_ax.xaxis.set_major_formatter(ScalarFormatter())
                self.bar_ax.set_xlim(-span, span)
                self.bar_ax.set_ylim(rows - 0.5, -1.0)
        self.bar_limits = limits
        bar = 0
        if not strips:
            for _, kind, values in groups:
                colour = KIND_COLOURS[kind]
                for value in values.tolist():
                    rectangle = self.bars[bar]
                    rectangle.set_width(value)
                    rectangle.set_facecolor(colour)
                    rectangle.set_visible(True)
                    bar += 1
                self.bars[bar].set_visible(False)  # the gap between groups
                bar += 1
        # Unused bars are hidden, not drawn at width 0: drawing costs per artist.
        for rectangle in self.bars[bar : self.bars_shown]:
            rectangle.set_visible(False)
        self.bars_shown = bar
        for row, text in enumerate(self.group_texts):
            if row < len(groups):
                position = row if strips else row * stride + (self.d_v - 1) / 2
                text.set_position((-0.01, position))
                text.set_text(groups[row][0])
                text.set_visible(True)
            else:
                text.set_visible(False)

    def _groups(self, read) -> list[tuple[str, str, np.ndarray]]:
        """The readout's groups (label, kind, vector), as the window's readout picks them."""
        if read is None:
            self.bar_title.set_text("Readout: no read at this step")
            return []
        groups = []
        count = len(read.weights)
        keep = read.largest_terms(MAX_GROUPS) if count > MAX_GROUPS else list(range(count))
        same_key = read.under_target_key_rows(keep)
        # The terms as the window's readout gathers them (in one pass, the same model).
        for index, same, contribution in zip(keep, same_key.tolist(), read.contributions_at(keep)):
            if index == read.target_index:
                kind = "target"
            elif read.target_index is None or same:
                kind = "term"
            else:
                kind = "crosstalk"
            groups.append((contribution.label, kind, contribution.term))
        groups.append(("y", "output", read.output))
        if read.expected is not None:
            groups.append((f"v({read.target})", "expected", read.expected))
        self.bar_title.set_text(f"Readout of {read.step.label}: {count} terms")
        return groups

    def redraw(self) -> None:
        """One change's redraw: the artists' new data, then the whole figure drawn."""
        self.update()
        self.canvas.draw()


def _rgba(colour: str) -> np.ndarray:
    return np.asarray(to_rgba(colour))


# -- the timed workloads ---------------------------------------------------------------
def timed_changes(figure: PeerFigure, changes: list[Callable[[], None]]) -> dict[str, object]:
    """Time each change with the redraw it causes, after :data:`WARM_UP` untimed ones."""
    samples = []
    for index, change in enumerate(changes):
        start = time.perf_counter()
        change()
        figure.redraw()
        if index >= WARM_UP:
            samples.append(time.perf_counter() - start)
    return summary_ms(samples)


def drag_peer(session: Session, moves: int, number: int = 1) -> dict[str, object]:
    """Move step ``number``'s key around a circle, the cursor on the last step."""
    session.set_cursor(len(session.scenario))
    figure = PeerFigure(session)
    original = session.scenario.step(number).vector.copy()
    axes = list(session.plane_axes("key"))
    angles = 2 * np.pi * np.arange(moves + WARM_UP) / DRAG_MOVES_PER_TURN

    def move(angle: float) -> None:
        vector = original.copy()
        vector[axes] = original[axes] + DRAG_RADIUS * np.array([np.cos(angle), np.sin(angle)])
        session.drag_to(vector)

    session.begin_drag(number, "vector")
    try:
        figures = timed_changes(figure, [lambda a=a: move(a) for a in angles.tolist()])
    finally:
        session.cancel_drag()
    figures["dragged_step"], figures["cursor_step"] = number, len(session.scenario)
    return figures


def lesson_drag_peer(moves: int) -> dict[str, object]:
    """:func:`drag_peer` on the first bundled lesson."""
    from linviz.model.lessons import bundled_lessons

    session = Session()
    lesson = bundled_lessons()[0].name
    session.open(lesson)
    return {**drag_peer(session, moves), "scenario": lesson}


def d64_drag_peer(moves: int) -> dict[str, object]:
    """:func:`drag_peer` on ``random_scenario(1000, 64)``."""
    from linviz.bench.workloads import random_scenario

    return drag_peer(Session(random_scenario(1000, 64)), moves)


def scrub_peer(
    steps: int, count: int, d: int = SCRUB_DIM, level: str = "full"
) -> dict[str, object]:
    """The cursor to ``count`` random steps of ``random_scenario(steps, d)``."""
    from linviz.bench.workloads import bench_scenario

    session = Session(bench_scenario(steps, d, level))
    figure = PeerFigure(session)
    rng = np.random.default_rng(3)
    targets = rng.integers(1, steps + 1, size=count + WARM_UP).tolist()
    figures = timed_changes(figure, [lambda n=n: session.set_cursor(int(n)) for n in targets])
    figures["d"] = d
    return figures


def peer_figures(level: str = "full") -> dict[str, object]:
    """Every peer figure (``peer_ms``) and how they were drawn (``peer_setup``).

    ``level``: how many times each is measured (:mod:`linviz.bench.levels`).
    """
    import matplotlib

    count = repeats(level, full=40, quick=8, smoke=2)
    return {
        "peer_ms": {
            "drag_lesson": lesson_drag_peer(count),
            "drag_d64_1000_steps": d64_drag_peer(count),
            "scrub_100000_steps": scrub_peer(100_000, count, level=level),
        },
        "peer_setup": {
            "matplotlib": matplotlib.__version__,
            "canvas": "Agg (FigureCanvasAgg.draw)",
            "figure_px": f"{FIGURE_INCHES[0] * DPI:.0f}x{FIGURE_INCHES[1] * DPI:.0f}",
        },
    }


def main(argv: list[str] | None = None) -> int:
    """Print the peer figures as one JSON object."""
    parser = argparse.ArgumentParser(prog="python -m linviz.bench.peer_bench")
    add_level_options(parser)
    options = parser.parse_args(argv)
    return print_figures(lambda: peer_figures(chosen_level(options)))


if __name__ == "__main__":
    sys.exit(main())
