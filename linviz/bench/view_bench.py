"""Figures for the views: drag, scrub, start-up, memory, and the matplotlib peer.

Run as ``python -m linviz.bench.view_bench [--quick | --smoke]``: prints ONE JSON object
on standard output (everything else goes to standard error). ``linviz bench``
runs it in a child process on the offscreen platform when there is no display.

What is measured
----------------
All window figures use the real :class:`~linviz.views.main_window.MainWindow`,
shown at 1600×1000, the garbage collector running as in ``linviz``, with
remembered settings isolated in a temporary folder,
grid snapping off (so every mouse move really moves the key: with the 0.1
grid on, small moves snap to where the key already is and repaint nothing)
and pyqtgraph's mouse rate limit off.

``drag_ms``
    Step 1's key is dragged with real synthesized mouse events sent to the key
    plane's viewport (``QApplication.sendEvent``; press on the arrow tip, then
    moves ~10 px apart around a circle of 40 px, every move a new position).
    The press and the first move are made with the cursor on step 1 (so its
    arrow is on top and drawn); the cursor is then put on the LAST step and
    the timed moves follow, so each move re-replays the whole trace and every
    view shows the last step. One sample is the time from just before
    ``sendEvent(viewport, move)`` (which runs, synchronously, the scene's
    mouse handling, the session's ``drag_to``, the model replay and every
    panel's ``refresh``) until the window has finished repainting: after the
    send, ``QApplication.processEvents()`` is called again and again; every
    call in which the main window received an ``UpdateRequest`` (widgets are
    painted inside it, synchronously, into the backing store) or one of the
    watched viewports received a ``Paint`` event counts as work, and the
    sample ends at the end of the last such call, once (a) every scroll
    area / graphics view viewport that repainted after each of the untimed
    calibration moves has painted again and (b) three further calls did no
    paint work. Compositing to a real screen (absent offscreen) is not
    included. ``lesson`` is the first bundled lesson (its last step is a
    read); ``d64_1000_steps`` is ``random_scenario(1000, 64)``.
``commit_ms``
    ``d64_100000_steps``: a committed edit of step 1's key (the command a
    typed vector or a drag's release executes: ``ReplaceStep`` through
    ``Session.execute``, which checks that the edited trace stays finite)
    in ``random_scenario(100_000, 64)`` with the cursor on the last step (a
    read over 90,000 writes), timed with the same wait for every view to
    repaint as a drag move. Each edit gives step 1 a new random key. The
    target compares it with ``drag_ms.d64_1000_steps`` of the same run.
``scrub_ms``
    ``session.set_cursor(random step)`` followed by the same wait for every
    view to repaint; the time covers the snapshot (state replay from the
    nearest checkpoint, the read's decomposition), every panel's ``refresh``
    (the table and the chip strip scroll to the step) and the repaint.
    Scenarios: ``random_scenario(steps, 8)`` (``d`` is in the figures). The
    moves follow one another as a user's scrub does (less than
    ``plane_base.SCRUB_GAP_S`` apart), so the value plane holds its frame
    still, growing it for a step that does not fit, as in the window; it
    fits the last step once the moves stop.
``scrub_ms.lesson_compact``
    The same kind of scrub through the first lesson in the compact desk (a
    900×650 window: one view at a time under tabs, which follow the step),
    never the same step twice in a row. The views behind the tabs wait to
    be drawn until they show (``Panel.out_of_sight``); this keeps that in
    sight (8.47 ms a step with them drawn at every step, 5.65 without, in
    one process when this figure came in).
``startup_ms``
    Wall time in this process from just before spawning ``python -m linviz``
    (the first lesson) until the child prints that its window has painted:
    with ``LINVIZ_BENCH_EXIT_AFTER_PAINT=1`` the app watches for the first
    ``Paint`` event of any widget, prints one line from a zero-delay timer
    (after that paint has finished) and quits. It starts watching (an
    application-wide event filter) once the window is built and shown, just
    before the event loop in which the first paint happens: watching sooner
    put a Python call on each of the ~10,000 events of building linviz's
    window (~0.26 G instructions, 8 % of its start-up) and ~1,500 of the bare
    window's, a cost no user's start-up pays. ``bare_qt`` is a bare
    PySide6 ``QMainWindow`` with one pyqtgraph ``PlotWidget`` timed the same
    way in the same run. Median of several runs after one untimed warm-up
    (``--smoke``: two runs, no warm-up). Children cache their bytecode (in a
    temporary folder) as an installed linviz does, even when
    ``PYTHONDONTWRITEBYTECODE`` is set.
``drag_ms.lesson_4_queued``
    As ``drag_ms.lesson``, in the same window, but each sample posts four
    mouse moves (``QApplication.postEvent``, as the window system queues the
    moves that arrive while the app is busy) and then waits for the repaint
    with the same loop: what a drag costs when the app falls behind the
    mouse. A quarter as many samples as ``lesson``.
``drag_ms.lesson_repaint_only``
    The repaint alone of a lesson drag frame: during the last move of
    ``drag_ms.lesson`` every widget's Paint region is recorded; then, the
    mouse still down (the drag on, as in its frames), each sample asks
    exactly those widgets to repaint exactly those regions
    (``QWidget.update(region)``) and waits as a drag move does. No panel
    refreshes, no model work: what the frame costs Qt and the items'
    ``paint`` methods. A lower bound of the frame's painting (items kept as
    pixmaps draw from their pixmaps; in a drag frame those whose content
    changed draw anew), and so of ``drag_ms.lesson`` itself: a target below
    it cannot be met by cutting refresh work. (Measured after the drag
    instead, the plane's other arrows are no longer kept as a pixmap and
    draw anew: about 0.6 ms more, 5.19 against 4.60 ms, and no bound.)
``open_ms`` and ``open_peak_rss_mb``
    ``1000000_steps_d8``: wall time from spawning ``python -m linviz FILE``
    until its window has painted (as ``startup_ms``), ``FILE`` being
    ``random_scenario(1_000_000, 8)`` saved in the columns layout (about
    330 MB), and the child's own peak resident memory (``VmHWM``) when it
    printed that line. ``1000000_steps_d8_npz``: the same scenario saved as
    a scenario archive (``.npz``, about 130 MB), timed the same way, the two
    files opened alternately in the same run. One untimed warm-up run of
    each, then three of each; ``--quick`` (and ``--smoke``) opens
    100,000-step files (``100000_steps_d8``, ``100000_steps_d8_npz``) twice
    each, without the warm-up (the start-up figures just cached the
    bytecode): about 20 s of the quick run at load average 6, four children
    that each start Qt. The targets check both files, each on its own.

``--smoke`` measures every figure below the fewest times that still give a
median and p95 (see :mod:`linviz.bench.levels`), on 100,000-step scenarios
built as columns (:func:`~linviz.bench.workloads.bench_scenario`): a test
of the bench, not figures to compare.
``rss_mb_100000_steps``
    ``VmRSS`` of a child process holding the main window open on a
    100,000-step d = 64 scenario, after showing it, scrubbing to ten random
    steps and back to the last step (a read over 90,000 writes, the one the
    window opens on). ``rss_peak_mb_100000_steps`` is that child's own
    high-water mark (``VmHWM``), not the parent's memory that ``fork``
    copied (see :func:`~linviz.bench.timing.resident_mb`).

``peer_ms``
    The peer the targets of issue 29 are ratios against: the same four views
    (key plane, value plane, ``S`` as a heatmap with its numbers, the
    readout's bars) in one 1600×1000 matplotlib figure, fed by the same
    model, its artists' data updated and ``fig.canvas.draw()`` run per
    change (Agg, offscreen; see :mod:`linviz.bench.peer_bench` for exactly
    what is timed). ``drag_lesson``, ``drag_d64_1000_steps`` and
    ``scrub_100000_steps`` are the same workloads as ``drag_ms.lesson``,
    ``drag_ms.d64_1000_steps`` and ``scrub_ms.100000_steps``. Drawn in a
    child process (``python -m linviz.bench.peer_bench``) after the scrubs;
    ``peer_setup`` gives matplotlib's version. Without matplotlib (the
    ``bench`` extra) ``peer_ms`` is ``{"missing": …}``, ``linviz bench``
    says so in one line on stderr, and the targets against the peer are
    not checked (``ok`` is ``null``).
``targets``
    Each of :data:`TARGETS` (issue 29's) with ``measured`` (the figures and
    their ratio) and ``ok``. Ratios are of medians of this one run: "20×
    faster than the peer" is the peer's median over linviz's.

The figures depend on the machine's load: when other processes keep every
core busy, each numpy matrix product that OpenBLAS splits over threads waits
for a free core (10-20 ms instead of 0.2 ms), so ``view_bench_setup`` records
the load average before and after.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import functools
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from linviz.bench.levels import add_level_options, chosen_level, level_arguments, repeats
from linviz.bench.timing import print_figures, resident_mb, with_cached_bytecode
from linviz.views.app import EXIT_AFTER_PAINT, PAINTED_LINE, PEAK_RSS_PREFIX

#: The window size every window figure is measured at.
WINDOW_SIZE = (1600, 1000)
#: The window of ``scrub_ms.lesson_compact``: below ``desk.COMPACT_BELOW``.
COMPACT_WINDOW_SIZE = (900, 650)
#: The drag path: a circle of this radius (px) around the tip, in this many moves.
DRAG_RADIUS_PX, DRAG_MOVES_PER_TURN = 40, 24
#: Untimed moves used to learn which viewports repaint after a move.
CALIBRATION_MOVES = 3
#: Calls of processEvents() without paint work that end a wait.
IDLE_CALLS = 3
#: A wait gives up after this many calls without paint work, painted or not.
GIVE_UP_CALLS = 200
#: d of the scrub scenarios (the issue does not set it; 8 keeps the plots readable).
SCRUB_DIM = 8
#: d of the big file the open benchmark opens.
OPEN_DIM = 8

#: A bare window timed like ``linviz``: same paint hook, same window size.
BARE_QT_SCRIPT = f"""
import sys
from PySide6 import QtCore, QtWidgets
import pyqtgraph as pg

app = QtWidgets.QApplication(sys.argv[:1])

class FirstPaint(QtCore.QObject):
    done = False
    def eventFilter(self, watched, event):
        if not self.done and event.type() == QtCore.QEvent.Type.Paint:
            self.done = True
            app.removeEventFilter(self)
            QtCore.QTimer.singleShot(0, self.report)
        return False
    def report(self):
        print({PAINTED_LINE!r}, flush=True)
        app.quit()

window = QtWidgets.QMainWindow()
plot = pg.PlotWidget()
plot.plot([0, 1, 2, 3], [0, 1, 0, 1])
window.setCentralWidget(plot)
window.resize(1400, 900)
window.show()
hook = FirstPaint()
app.installEventFilter(hook)
sys.exit(app.exec())
"""

#: The performance targets of issue 29, checked against the figures of one run.
#: "x faster than the peer": the peer's median over linviz's (see linviz.bench.peer_bench).
TARGETS = {
    "drag_ms.lesson": "p95 <= 12 ms",
    "vs_peer.drag_ms.lesson": "median >= 20x faster than peer_ms.drag_lesson median",
    "vs_peer.drag_ms.d64_1000_steps": (
        "median >= 15x faster than peer_ms.drag_d64_1000_steps median"
    ),
    "drag_ms.lesson_4_queued": "median <= 1.3x drag_ms.lesson median",
    "scrub_ms.100000_steps": "median <= 1.5x scrub_ms.100_steps median",
    "vs_peer.scrub_ms.100000_steps": (
        "median >= 10x faster than peer_ms.scrub_100000_steps median"
    ),
    "commit_ms.d64_100000_steps": "median <= 3x drag_ms.d64_1000_steps median",
    "startup_ms.linviz": "median <= 1.3x startup_ms.bare_qt median",
    "rss_mb_100000_steps": "<= 300 MB",
    "open_ms": "median <= 4x startup_ms.bare_qt median (the columns-layout JSON file)",
    "open_peak_rss_mb": "median <= 500 MB (the columns-layout JSON file)",
    "open_ms_npz": "median <= 4x startup_ms.bare_qt median (the same scenario as an archive)",
    "open_peak_rss_mb_npz": "median <= 500 MB (the same scenario as an archive)",
}
#: The file formats the open figures are measured on, by the suffix of their figures'
#: and targets' names: the file's ending and its kind, in words.
OPEN_FORMATS = {"": (".json", "columns JSON"), "_npz": (".npz", "scenario archive")}
#: Each target against the peer: (linviz figure, peer figure, how many times faster).
PEER_TARGETS = {
    "vs_peer.drag_ms.lesson": ("drag_ms.lesson", "drag_lesson", 20.0),
    "vs_peer.drag_ms.d64_1000_steps": ("drag_ms.d64_1000_steps", "drag_d64_1000_steps", 15.0),
    "vs_peer.scrub_ms.100000_steps": ("scrub_ms.100000_steps", "scrub_100000_steps", 10.0),
}
#: What ``peer_ms`` says, and ``linviz bench`` prints, when matplotlib is missing.
PEER_MISSING = (
    "matplotlib is not installed: no peer figures (peer_ms), the targets against the peer "
    'are not checked; pip install -e ".[bench]" adds it'
)


# -- Qt set-up -----------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def scratch_folder() -> Path:
    """A temporary folder for this run (settings, bytecode), removed at exit."""
    folder = tempfile.TemporaryDirectory(prefix="linviz-bench-")
    atexit.register(folder.cleanup)
    return Path(folder.name)


def qt_application():
    """The QApplication (offscreen without a display), with settings isolated.

    Remembered settings (theme, geometry, snapping) go to a temporary folder,
    so the figures do not depend on the user's and closing the window does
    not overwrite them.
    """
    import pyqtgraph as pg
    from PySide6 import QtCore

    from linviz.views.app import application

    app = application()
    QtCore.QSettings.setDefaultFormat(QtCore.QSettings.Format.IniFormat)
    QtCore.QSettings.setPath(
        QtCore.QSettings.Format.IniFormat,
        QtCore.QSettings.Scope.UserScope,
        str(scratch_folder() / "settings"),
    )
    # pyqtgraph drops mouse moves less than 10 ms apart; ours come faster.
    pg.setConfigOption("mouseRateLimit", 0)
    return app


@contextlib.contextmanager
def open_window(session) -> Iterator[object]:
    """A shown MainWindow on ``session``; closed (changes discarded) afterwards."""
    from PySide6 import QtCore, QtWidgets

    from linviz.views.main_window import MainWindow

    window = MainWindow(session)
    window.ask_unsaved = lambda: QtWidgets.QMessageBox.StandardButton.Discard
    window.resize(*WINDOW_SIZE)
    window.show()
    session.set_options(snap_grid=False)
    settle()
    try:
        yield window
    finally:
        window.close()
        for panel in window.panels.values():
            panel.detach()
        window.deleteLater()
        settle()
        QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


def settle(calls: int = 20) -> None:
    """Let Qt process everything pending (untimed)."""
    from PySide6 import QtWidgets

    for _ in range(calls):
        QtWidgets.QApplication.processEvents()


# -- waiting for the repaint -------------------------------------------------------------
def _repaint_watch_class():
    """The RepaintWatch class (built on first use: Qt is imported lazily)."""
    from PySide6 import QtCore, QtWidgets

    class RepaintWatch(QtCore.QObject):
        """Counts paint work in a window: its UpdateRequests, its viewports' Paints.

        Every panel's scroll-area viewports (pyqtgraph views, the step table)
        are watched, each under its panel's name; other widgets paint inside
        the window's UpdateRequest, which is counted too.
        """

        def __init__(self, window: QtWidgets.QMainWindow) -> None:
            super().__init__(window)
            self.window = window
            self.work = 0
            self.painted: set[str] = set()
            self._names: dict[int, str] = {}
            self._viewports: list[QtWidgets.QWidget] = []  # keeps the ids valid
            window.installEventFilter(self)
            for name, panel in window.panels.items():
                for area in panel.findChildren(QtWidgets.QAbstractScrollArea):
                    viewport = area.viewport()
                    self._names[id(viewport)] = name
                    self._viewports.append(viewport)
                    viewport.installEventFilter(self)

        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            kind = event.type()
            if kind == QtCore.QEvent.Type.Paint:
                name = self._names.get(id(watched))
                if name is not None:
                    self.painted.add(name)
                    self.work += 1
            elif kind == QtCore.QEvent.Type.UpdateRequest and watched is self.window:
                self.work += 1
            return False

        def remove(self) -> None:
            """Stop watching."""
            self.window.removeEventFilter(self)
            for viewport in self._viewports:
                viewport.removeEventFilter(self)

        def wait(self, start: float, expected: frozenset[str]) -> tuple[float, bool]:
            """Process events until the repaint is over; seconds since ``start``.

            Returns the time at the end of the last processEvents() call that
            did paint work, and whether every ``expected`` viewport painted.
            """
            process = QtWidgets.QApplication.processEvents
            end = time.perf_counter()
            idle = 0
            while True:
                before = self.work
                process()
                now = time.perf_counter()
                if self.work != before:
                    end, idle = now, 0
                else:
                    idle += 1
                complete = expected <= self.painted
                if (complete and idle >= IDLE_CALLS) or idle >= GIVE_UP_CALLS:
                    return end - start, complete

        def measure(
            self, action: Callable[[], None], expected: frozenset[str]
        ) -> tuple[float, bool, frozenset[str]]:
            """Time ``action`` plus the repaint it causes (see :meth:`wait`)."""
            self.painted = set()
            start = time.perf_counter()
            action()
            seconds, complete = self.wait(start, expected)
            return seconds, complete, frozenset(self.painted)

    return RepaintWatch


def timed_actions(
    window, actions: list[Callable[[], None]], calibration: int = CALIBRATION_MOVES
) -> dict[str, object]:
    """Run ``actions`` and time each with its repaint; the first few untimed.

    The untimed calibration actions find the viewports that repaint after
    every action; each timed action then waits for all of them.
    """
    from linviz.bench.timing import summary_ms

    watch = _repaint_watch_class()(window)
    try:
        expected: frozenset[str] | None = None
        for action in actions[:calibration]:
            _, _, painted = watch.measure(action, frozenset())
            expected = painted if expected is None else expected & painted
        expected = expected or frozenset()
        samples, incomplete = [], 0
        for action in actions[calibration:]:
            seconds, complete, _ = watch.measure(action, expected)
            samples.append(seconds)
            incomplete += not complete
    finally:
        watch.remove()
    figures = summary_ms(samples)
    figures["viewports_repainted"] = sorted(expected)
    if incomplete:
        figures["samples_missing_a_repaint"] = incomplete
    return figures


# -- drag ------------------------------------------------------------------------------
def data_to_viewport(plot_widget, x: float, y: float):
    """Where data point (x, y) of a PlotWidget is, in its viewport's pixels."""
    from PySide6 import QtCore

    scene_point = plot_widget.getPlotItem().getViewBox().mapViewToScene(QtCore.QPointF(x, y))
    return plot_widget.mapFromScene(scene_point)


def send_mouse(viewport, kind: str, point, pressed: bool, queued: bool = False) -> None:
    """Send one real mouse event (``"press"``, ``"move"``, ``"release"``) to a viewport.

    ``queued``: post it instead, as the window system queues events that
    arrive while the app is busy; it is handled at the next processEvents().
    """
    from PySide6 import QtCore, QtGui, QtWidgets

    Qt = QtCore.Qt
    types = {
        "press": QtCore.QEvent.Type.MouseButtonPress,
        "move": QtCore.QEvent.Type.MouseMove,
        "release": QtCore.QEvent.Type.MouseButtonRelease,
    }
    button = Qt.MouseButton.NoButton if kind == "move" else Qt.MouseButton.LeftButton
    buttons = Qt.MouseButton.LeftButton if pressed else Qt.MouseButton.NoButton
    local = QtCore.QPointF(point)
    event = QtGui.QMouseEvent(
        types[kind],
        local,
        QtCore.QPointF(viewport.mapToGlobal(point)),
        button,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    if queued:
        QtWidgets.QApplication.postEvent(viewport, event)  # Qt owns and deletes it
    else:
        QtWidgets.QApplication.sendEvent(viewport, event)


def drag_path(start, moves: int) -> list:
    """Points ~10 px apart on a circle of DRAG_RADIUS_PX around ``start``."""
    from PySide6 import QtCore

    angles = 2 * np.pi * np.arange(moves) / DRAG_MOVES_PER_TURN
    return [
        QtCore.QPoint(
            round(start.x() + DRAG_RADIUS_PX * np.cos(a)),
            round(start.y() - DRAG_RADIUS_PX * np.sin(a)),
        )
        for a in angles
    ]


def drag_figures(
    window, number: int, moves: int, queued: int = 0, repaints: int = 0
) -> dict[str, object]:
    """Drag step ``number``'s key while the cursor is on the last step; time each move.

    See the module docstring for what one sample includes. ``queued``: each
    sample posts that many moves at once, then waits for the one repaint.
    ``repaints``: that many samples of the last move's repaint alone, taken
    before the mouse is released (:func:`repaint_figures`), go under
    ``"repaint_only"``.
    """
    session = window.session
    panel = window.panels["keys"]
    plot_widget = panel.plot_widget
    plot_widget.scene().minDragTime = 0
    viewport = plot_widget.viewport()
    last = len(session.scenario)
    session.set_cursor(number)  # its arrow is drawn, and on top
    settle()
    tip = data_to_viewport(plot_widget, *panel.tip_position(number))
    path = drag_path(tip, (moves + CALIBRATION_MOVES) * max(queued, 1) + 1)
    send_mouse(viewport, "move", tip, pressed=False)
    send_mouse(viewport, "press", tip, pressed=True)
    send_mouse(viewport, "move", path[0], pressed=True)  # starts the drag
    if session.dragged_step != number:
        raise RuntimeError(f"the drag did not grab step {number} (dragging {session.dragged_step})")
    session.set_cursor(last)
    settle()
    if queued:
        groups = [path[i : i + queued] for i in range(1, len(path) - queued + 1, queued)]
        actions = [
            lambda g=g: [send_mouse(viewport, "move", p, pressed=True, queued=True) for p in g]
            for g in groups
        ]
    else:
        actions = [lambda p=p: send_mouse(viewport, "move", p, pressed=True) for p in path[1:]]
    figures = timed_actions(window, actions[:-1] if repaints else actions)
    if repaints:
        figures["repaint_only"] = repaint_figures(window, recorded_paints(actions[-1]), repaints)
    if queued:
        figures["moves_per_sample"] = queued
    if session.dragged_step != number or "keys" not in figures["viewports_repainted"]:
        raise RuntimeError(f"the drag of step {number} did not follow the mouse")
    send_mouse(viewport, "release", path[-1], pressed=False)
    settle()
    session.undo()  # the drag was one undo entry: put the key back
    settle()
    figures["dragged_step"], figures["cursor_step"] = number, last
    return figures


def lesson_drag(moves: int) -> tuple[dict[str, object], dict[str, object], dict[str, object]]:
    """Drag step 1's key in the first bundled lesson: one move a sample, then four
    queued, then the repaint of its last move alone (``drag_ms.lesson_repaint_only``).
    """
    from linviz.controller.session import Session
    from linviz.model.lessons import bundled_lessons

    session = Session()
    lesson = bundled_lessons()[0].name
    session.open(lesson)
    with open_window(session) as window:
        one = drag_figures(window, 1, moves + 1, repaints=moves)
        repaint = one.pop("repaint_only")
        four = drag_figures(window, 1, max(moves // 4, 2), queued=4)
    one["scenario"] = four["scenario"] = repaint["scenario"] = lesson
    return one, four, repaint


def recorded_paints(action: Callable[[], None]) -> list[tuple[object, object]]:
    """Run ``action`` and the repaint it causes; ``(widget, region)`` of each Paint.

    A widget painted twice has the union of its regions.
    """
    from PySide6 import QtCore, QtGui, QtWidgets

    regions: dict[int, tuple[QtWidgets.QWidget, QtGui.QRegion]] = {}

    class PaintRecorder(QtCore.QObject):
        def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
            if event.type() == QtCore.QEvent.Type.Paint and isinstance(watched, QtWidgets.QWidget):
                widget, region = regions.get(id(watched), (watched, QtGui.QRegion()))
                regions[id(watched)] = (widget, region.united(event.region()))
            return False

    recorder = PaintRecorder()
    application = QtWidgets.QApplication.instance()
    application.installEventFilter(recorder)
    try:
        action()
        settle()
    finally:
        application.removeEventFilter(recorder)
    return list(regions.values())


def repaint_figures(
    window, painted: list[tuple[object, object]], samples: int
) -> dict[str, object]:
    """Repaint exactly what one drag frame repainted, ``samples`` times; time each.

    See ``drag_ms.lesson_repaint_only`` in the module docstring.
    """
    if not painted:
        raise RuntimeError("the drag's last move repainted nothing")

    def repaint() -> None:
        for widget, region in painted:
            widget.update(region)

    settle()
    figures = timed_actions(window, [repaint] * (samples + CALIBRATION_MOVES))
    figures["widgets_repainted"] = len(painted)
    return figures


def d64_drag(moves: int) -> dict[str, object]:
    """Drag step 1's key in a 1,000-step, d_k = d_v = 64 scenario."""
    from linviz.bench.workloads import random_scenario
    from linviz.controller.session import Session

    session = Session(random_scenario(1000, 64))
    with open_window(session) as window:
        return drag_figures(window, 1, moves)


# -- commit ------------------------------------------------------------------------------
def commit_figures(
    edits: int, steps: int = 100_000, d: int = 64, level: str = "full"
) -> dict[str, object]:
    """Commit ``edits`` edits of step 1's key with the cursor on the last step."""
    from linviz.bench.workloads import bench_scenario
    from linviz.controller.commands import ReplaceStep
    from linviz.controller.session import Session

    session = Session(bench_scenario(steps, d, level))
    rng = np.random.default_rng(5)

    def edit() -> None:
        step = session.scenario.step(1)
        key = rng.standard_normal(d) / np.sqrt(d)
        session.execute(
            ReplaceStep(1, step.with_changes(vector=key), text="edit key", follow=False)
        )

    with open_window(session) as window:
        session.set_cursor(len(session.scenario))
        settle()
        figures = timed_actions(window, [edit] * (edits + CALIBRATION_MOVES))
        if session.cursor != len(session.scenario):
            raise RuntimeError("the edit moved the cursor off the last step")
    figures["steps"], figures["d"], figures["edited_step"] = steps, d, 1
    return figures


# -- scrub -------------------------------------------------------------------------------
def scrub_figures(
    steps: int, count: int, d: int = SCRUB_DIM, level: str = "full"
) -> dict[str, object]:
    """Move the cursor to ``count`` random steps of a ``steps``-step scenario."""
    from linviz.bench.workloads import bench_scenario
    from linviz.controller.session import Session

    session = Session(bench_scenario(steps, d, level))
    rng = np.random.default_rng(3)
    targets = rng.integers(1, steps + 1, size=count + CALIBRATION_MOVES).tolist()
    with open_window(session) as window:
        actions = [lambda n=n: session.set_cursor(int(n)) for n in targets]
        figures = timed_actions(window, actions)
    figures["d"] = d
    return figures


def compact_scrub_figures(count: int) -> dict[str, object]:
    """Move the cursor to ``count`` random steps of the first lesson in the compact desk.

    Each step differs from the one before (the lesson has eight, step 0 included).
    """
    from linviz.controller.session import Session
    from linviz.model.lessons import bundled_lessons

    session = Session()
    lesson = bundled_lessons()[0].name
    session.open(lesson)
    rng = np.random.default_rng(3)
    steps = len(session.scenario) + 1
    targets, previous = [], session.cursor
    for _ in range(count + CALIBRATION_MOVES):
        previous = (previous + int(rng.integers(1, steps))) % steps  # any step but this one
        targets.append(previous)
    with open_window(session) as window:
        window.resize(*COMPACT_WINDOW_SIZE)
        settle()
        if not window.compact.active:
            raise RuntimeError("the window did not switch to the compact desk")
        actions = [lambda n=n: session.set_cursor(n) for n in targets]
        figures = timed_actions(window, actions)
    figures["scenario"] = lesson
    figures["window"] = "x".join(map(str, COMPACT_WINDOW_SIZE))
    return figures


def projector_toggle_figures(toggles: int) -> dict[str, object]:
    """Enter and leave projector mode ``toggles`` times in the first bundled lesson.

    Each sample is ``set_projector_mode`` (``full_screen=False``: the window
    keeps its 1600×1000) plus the repaint it causes, waited for as a drag's
    (see :meth:`RepaintWatch.wait`); one untimed round trip first builds the
    stage. The cursor is on the lesson's last step (a read's layout).
    """
    from linviz.bench.timing import summary_ms
    from linviz.controller.session import Session
    from linviz.model.lessons import bundled_lessons

    session = Session()
    lesson = bundled_lessons()[0].name
    session.open(lesson)
    with open_window(session) as window:
        session.set_cursor(len(session.scenario))
        window.set_projector_mode(True, full_screen=False)
        settle()
        window.set_projector_mode(False)
        settle()
        watch = _repaint_watch_class()(window)
        samples: dict[str, list[float]] = {"enter": [], "leave": []}
        try:
            for _ in range(toggles):
                for kind, on in (("enter", True), ("leave", False)):
                    seconds, _, _ = watch.measure(
                        lambda on=on: window.set_projector_mode(on, full_screen=False),
                        frozenset(),
                    )
                    samples[kind].append(seconds)
        finally:
            watch.remove()
    figures: dict[str, object] = {kind: summary_ms(times) for kind, times in samples.items()}
    figures["scenario"] = lesson
    return figures


# -- start-up ------------------------------------------------------------------------------


def _child_env() -> dict[str, str]:
    """The environment of a child: offscreen if headless, fresh settings.

    Bytecode is cached (in a temporary folder, not the source tree) even if
    ``PYTHONDONTWRITEBYTECODE`` is set, as it is for an installed linviz;
    the warm-up run fills the cache.
    """
    env = with_cached_bytecode(dict(os.environ), scratch_folder() / "pycache")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="config-", dir=scratch_folder())
    env[EXIT_AFTER_PAINT] = "1"
    return env


def time_to_paint(args: list[str]) -> float:
    """Seconds from spawning ``args`` until it prints that its window has painted."""
    return paint_and_peak(args)[0]


def paint_and_peak(args: list[str]) -> tuple[float, float | None]:
    """Seconds until ``args`` has painted its window, and its peak RSS then (MB) if it says."""
    env = _child_env()
    start = time.perf_counter()
    child = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True
    )
    peak = None
    try:
        for line in child.stdout:  # type: ignore[union-attr]
            if line.strip() == PAINTED_LINE:
                return time.perf_counter() - start, peak
            if line.startswith(PEAK_RSS_PREFIX):
                peak = float(line.split()[1])
        raise RuntimeError(f"{' '.join(args)} exited without painting a window")
    finally:
        child.wait(timeout=120)


def startup_figures(runs: int, warm_up: bool = True) -> dict[str, object]:
    """``linviz`` and a bare Qt window, interleaved, each after one warm-up run (``warm_up``)."""
    from linviz.bench.timing import summary_ms

    commands = {
        "linviz": [sys.executable, "-m", "linviz"],
        "bare_qt": [sys.executable, "-c", BARE_QT_SCRIPT],
    }
    for args in commands.values() if warm_up else ():
        time_to_paint(args)  # warm-up: disk cache, .pyc files
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, args in commands.items():
            samples[name].append(time_to_paint(args))
    return {name: summary_ms(values) for name, values in samples.items()}


# -- opening a big file ------------------------------------------------------------------------


def open_figures(
    steps: int, d: int, runs: int, warm_up: bool = True
) -> dict[str, tuple[dict[str, object], dict[str, object]]]:
    """``linviz FILE`` on a ``steps``-step file in each format: time to first paint, peak RSS.

    Returns, by figure name (``{steps}_steps_d{d}`` for the columns layout,
    the same with ``_npz`` for the scenario archive), the time and the peak.
    The files (``random_scenario(steps, d)`` saved in the columns layout and
    as an archive) are written once and opened alternately; one untimed run
    of each warms the disk cache and the bytecode (``warm_up``; after
    :func:`startup_figures` the bytecode is cached and the files just
    written are in the disk cache). The peak is the child's own ``VmHWM``
    when its window has painted.
    """
    from linviz.bench.timing import summary, summary_ms
    from linviz.bench.workloads import random_columns_scenario
    from linviz.model.scenario_file import save_scenario

    scenario = random_columns_scenario(steps, d)
    paths = {}
    for suffix, (ending, _) in OPEN_FORMATS.items():
        paths[suffix] = scratch_folder() / f"open_{steps}_steps_d{d}{ending}"
        save_scenario(scenario, paths[suffix], layout="columns")
    del scenario
    commands = {
        suffix: [sys.executable, "-m", "linviz", str(path)] for suffix, path in paths.items()
    }
    if warm_up:
        for args in commands.values():
            paint_and_peak(args)
    times: dict[str, list[float]] = {suffix: [] for suffix in commands}
    peaks: dict[str, list[float]] = {suffix: [] for suffix in commands}
    for run in range(runs):
        for suffix in list(commands)[:: 1 if run % 2 == 0 else -1]:  # alternately first
            seconds, peak = paint_and_peak(commands[suffix])
            times[suffix].append(seconds)
            if peak is not None:
                peaks[suffix].append(peak)
    figures = {}
    for suffix, path in paths.items():
        size = {"steps": steps, "d": d, "file_mb": round(path.stat().st_size / 2**20, 1)}
        path.unlink()
        peak_figures = summary(peaks[suffix]) if peaks[suffix] else {}
        figures[f"{steps}_steps_d{d}{suffix}"] = (
            {**summary_ms(times[suffix]), **size},
            {**peak_figures, **size},
        )
    return figures


# -- memory --------------------------------------------------------------------------------
def rss_probe(level: str = "full") -> dict[str, float]:
    """In THIS process: the window on 100,000 steps, d = 64; resident memory (MB)."""
    from linviz.bench.workloads import bench_scenario
    from linviz.controller.session import Session

    qt_application()
    session = Session(bench_scenario(100_000, 64, level))
    rng = np.random.default_rng(4)
    with open_window(session):
        for number in rng.integers(1, 100_001, size=10).tolist() + [100_000]:
            session.set_cursor(int(number))
            settle()
        now, peak = resident_mb()
    return {"rss_mb": round(now, 1), "peak_rss_mb": round(peak, 1)}


def memory_figures(level: str = "full") -> dict[str, float]:
    """Run :func:`rss_probe` in a fresh child process (so nothing else is counted)."""
    done = subprocess.run(
        [sys.executable, "-m", "linviz.bench.view_bench", "--rss-probe", *level_arguments(level)],
        capture_output=True,
        text=True,
        env=_child_env(),
        check=True,
    )
    return json.loads(done.stdout)


# -- all of it ------------------------------------------------------------------------------
def _ratio(numerator: float, denominator: float) -> float:
    return numerator / max(denominator, 1e-9)


def _figure(figures: dict[str, object], path: str) -> dict[str, object]:
    for name in path.split("."):
        figures = figures[name]  # type: ignore[assignment]
    return figures


def _open_checks(figures: dict[str, object], bare: float) -> dict[str, tuple[bool | None, str]]:
    """The open targets, each on its own file; one a run did not measure is not checked."""
    checks: dict[str, tuple[bool | None, str]] = {}
    opened, peaks = figures["open_ms"], figures["open_peak_rss_mb"]
    endings = tuple(suffix for suffix in OPEN_FORMATS if suffix)
    base = next(name for name in opened if not name.endswith(endings))  # {steps}_steps_d{d}
    for suffix, (_, kind) in OPEN_FORMATS.items():
        target, name = "open_ms" + suffix, base + suffix
        memory = target.replace("open_ms", "open_peak_rss_mb")
        if name not in opened:
            checks[target] = checks[memory] = (None, f"not measured: no {name} figure")
            continue
        timing, peak = opened[name], peaks.get(name, {})
        ratio = _ratio(timing["median"], bare)
        checks[target] = (
            ratio <= 4,
            f"{name} ({kind}, {timing.get('file_mb', '?')} MB): median {timing['median']} "
            f"vs bare_qt {bare} (ratio {ratio:.2f})",
        )
        checks[memory] = (
            peak.get("median", 1e9) <= 500,
            f"{name} ({kind}): median {peak.get('median')} MB",
        )
    return checks


def check_targets(figures: dict[str, object]) -> dict[str, dict[str, object]]:
    """Each target with the figures it is checked on, their ratio, and whether it is met.

    ``ok`` is ``None`` for a target against the peer when the peer figures
    are missing (matplotlib not installed): not checked.
    """
    drag, scrub, startup = figures["drag_ms"], figures["scrub_ms"], figures["startup_ms"]
    lesson, d64 = drag["lesson"], drag["d64_1000_steps"]
    commit = figures["commit_ms"]["d64_100000_steps"]
    long, short = scrub["100000_steps"], scrub["100_steps"]
    rss = figures["rss_mb_100000_steps"]
    bare = startup["bare_qt"]["median"]
    checks: dict[str, tuple[bool | None, str]] = {
        "drag_ms.lesson": (lesson["p95"] <= 12, f"p95 {lesson['p95']} ms"),
    }
    queued = drag["lesson_4_queued"]
    ratio = _ratio(queued["median"], lesson["median"])
    checks["drag_ms.lesson_4_queued"] = (
        ratio <= 1.3,
        f"median {queued['median']} vs one move {lesson['median']} (ratio {ratio:.2f})",
    )
    ratio = _ratio(long["median"], short["median"])
    checks["scrub_ms.100000_steps"] = (
        ratio <= 1.5,
        f"median {long['median']} vs 100 steps {short['median']} (ratio {ratio:.2f})",
    )
    ratio = _ratio(commit["median"], d64["median"])
    checks["commit_ms.d64_100000_steps"] = (
        ratio <= 3,
        f"median {commit['median']} vs drag {d64['median']} (ratio {ratio:.2f})",
    )
    ratio = _ratio(startup["linviz"]["median"], bare)
    checks["startup_ms.linviz"] = (
        ratio <= 1.3,
        f"median {startup['linviz']['median']} vs bare_qt {bare} (ratio {ratio:.2f})",
    )
    checks["rss_mb_100000_steps"] = (rss <= 300, f"{rss} MB")
    checks.update(_open_checks(figures, bare))
    peer = figures.get("peer_ms") or {"missing": PEER_MISSING}
    for name, (path, peer_name, factor) in PEER_TARGETS.items():
        ours = _figure(figures, path)["median"]
        if "missing" in peer:
            checks[name] = (None, "not checked: " + str(peer["missing"]).split(":")[0])
            continue
        theirs = peer[peer_name]["median"]
        ratio = _ratio(theirs, ours)
        measured = f"median {ours} ms vs peer {theirs} ms: {ratio:.1f}x faster"
        alone = drag.get("lesson_repaint_only") if path == "drag_ms.lesson" else None
        if alone:
            # What painting alone allows: no cut of the refresh work goes past it.
            measured += (
                f"; its repaint alone {alone['median']} ms: "
                f"{_ratio(theirs, alone['median']):.1f}x at most"
            )
        checks[name] = (ratio >= factor, measured)
    return {
        name: {
            "target": TARGETS[name],
            "measured": checks[name][1],
            "ok": None if checks[name][0] is None else bool(checks[name][0]),
        }
        for name in TARGETS
    }


# -- the peer --------------------------------------------------------------------------------
def peer_figures(level: str = "full") -> dict[str, object]:
    """The matplotlib peer's figures (``peer_ms``, ``peer_setup``), from a child process.

    ``level``: how many times each is measured (:mod:`linviz.bench.levels`).

    A child, so that no matplotlib object lives in the process that times
    the window. Without matplotlib: ``{"peer_ms": {"missing": PEER_MISSING}}``.
    """
    if importlib.util.find_spec("matplotlib") is None:
        return {"peer_ms": {"missing": PEER_MISSING}}
    env = dict(os.environ, MPLBACKEND="Agg")
    done = subprocess.run(
        [sys.executable, "-m", "linviz.bench.peer_bench", *level_arguments(level)],
        capture_output=True,
        text=True,
        env=env,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the peer benchmark failed:\n{done.stderr}")
    return json.loads(done.stdout)


def view_figures(level: str = "full") -> dict[str, object]:
    """Run every views benchmark at ``level`` (:mod:`linviz.bench.levels`); return the figures.

    The targets are checked on them.
    """
    quick = level != "full"  # --quick and --smoke: the smaller file, fewer warm-ups
    moves = repeats(level, full=200, quick=30, smoke=2)
    scrubs = repeats(level, full=150, quick=20, smoke=2)
    load_before = os.getloadavg()[0]
    qt_application()
    lesson, lesson_4_queued, lesson_repaint_only = lesson_drag(moves)
    figures: dict[str, object] = {
        "drag_ms": {
            "lesson": lesson,
            "lesson_4_queued": lesson_4_queued,
            "lesson_repaint_only": lesson_repaint_only,
            "d64_1000_steps": d64_drag(moves),
        },
        "commit_ms": {"d64_100000_steps": commit_figures(repeats(level, 40, 10, 2), level=level)},
        "scrub_ms": {
            "100_steps": scrub_figures(100, scrubs),
            "100000_steps": scrub_figures(100_000, scrubs, level=level),
            "lesson_compact": compact_scrub_figures(scrubs),
        },
    }
    figures["projector_toggle_ms"] = projector_toggle_figures(repeats(level, 20, 5, 2))
    figures.update(peer_figures(level))
    figures["startup_ms"] = startup_figures(repeats(level, 5, 2, 2), warm_up=level != "smoke")
    # --quick/--smoke open 100,000 steps (named so), twice; the full run 1,000,000, three times.
    open_steps = 100_000 if quick else 1_000_000
    opened = open_figures(open_steps, OPEN_DIM, 2 if quick else 3, warm_up=not quick)
    figures["open_ms"] = {name: timing for name, (timing, _) in opened.items()}
    figures["open_peak_rss_mb"] = {name: peak for name, (_, peak) in opened.items()}
    memory = memory_figures(level)
    figures["rss_mb_100000_steps"] = memory["rss_mb"]
    figures["rss_peak_mb_100000_steps"] = memory["peak_rss_mb"]
    figures["targets"] = check_targets(figures)
    figures["view_bench_setup"] = {
        "window": f"{WINDOW_SIZE[0]}x{WINDOW_SIZE[1]}",
        "platform": os.environ.get("QT_QPA_PLATFORM", "default"),
        "snap_grid": False,
        "quick": quick,
        "level": level,
        "cpu_count": os.cpu_count(),
        # Other processes slow every figure down: the 1-minute load, before and after.
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }
    return figures


def main(argv: list[str] | None = None) -> int:
    """Print the figures as one JSON object (anything else Qt prints goes to stderr)."""
    parser = argparse.ArgumentParser(prog="python -m linviz.bench.view_bench")
    add_level_options(parser)
    parser.add_argument("--rss-probe", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(argv)
    level = chosen_level(options)
    return print_figures(functools.partial(rss_probe if options.rss_probe else view_figures, level))


if __name__ == "__main__":
    sys.exit(main())
