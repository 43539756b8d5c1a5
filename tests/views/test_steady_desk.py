"""Moving between a read and a write keeps the desk still.

A read late in a 100-step scenario has up to 40 terms. Its bars asked for a
line each and its weights listed forty numbers: the readout grew taller than
the window, the desk gained a scroll bar (14 px narrower: every column and
plot re-laid out) and lost it at the next write. The value plane's legend
wraps to another number of lines at a read than at a write, and resized the
plot under it each time. A read whose numbers are long outgrew the readout's
column all the same: it now scrolls inside its column.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from linviz.bench.workloads import random_scenario
from linviz.controller.session import Session
from linviz.model.scenario import READ, WRITE, Scenario, Step
from linviz.views.main_window import MainWindow
from tests.views.conftest import EventLog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def settle() -> None:
    for _ in range(5):
        QtWidgets.QApplication.processEvents()


@pytest.fixture
def long_window(qtbot):
    """The main window at 1600×1000 on a random 100-step scenario, d = 8."""
    session = Session(random_scenario(100, 8))
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    with qtbot.waitExposed(window):
        window.show()
    settle()
    return window


def reads_and_writes(session: Session) -> tuple[int, int]:
    """The last read of the scenario and the write after some read."""
    scenario = session.scenario
    reads = [n for n in range(1, len(scenario) + 1) if not scenario.is_write(n)]
    last_read = reads[-1]
    write = next(n for n in range(reads[0] + 1, len(scenario) + 1) if scenario.is_write(n))
    return last_read, write


def test_a_late_read_leaves_the_desk_unscrolled(long_window):
    session = long_window.session
    last_read, _ = reads_and_writes(session)
    session.set_cursor(last_read)
    settle()
    result = session.snapshot().read
    assert len(result.weights) > 40  # more terms than the bars could give a line each
    assert not long_window.desk.area.verticalScrollBar().isVisible()
    bars = long_window.readout.bars
    assert bars.isVisible() and bars.height() >= bars.minimumSizeHint().height()


def test_the_plots_keep_their_size_between_a_read_and_a_write(long_window):
    session = long_window.session
    read, write = reads_and_writes(session)
    plots = {name: long_window.panels[name].plot_widget for name in ("keys", "values")}
    session.set_cursor(read)
    settle()
    session.set_cursor(write)
    settle()
    sizes = {name: plot.size() for name, plot in plots.items()}
    for number in (read, write, read, write):
        session.set_cursor(number)
        settle()
        assert {name: plot.size() for name, plot in plots.items()} == sizes, number
    assert long_window.desk.area.viewport().width() == long_window.desk.area.width()


def big_numbers_scenario(steps: int = 300, d: int = 8):
    """A random scenario whose values have five-digit components: a read's vectors
    wrap to three lines each in the readout, and its weights fill five more.
    """
    rng = np.random.default_rng(7)
    keys = rng.normal(size=(steps, d))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    values = rng.normal(size=(steps, d)) * 12_345.678
    rows = [
        Step(READ, keys[i - 1], None, f"r{i + 1}")
        if i % 10 == 9
        else Step(WRITE, keys[i], values[i], f"w{i + 1}")
        for i in range(steps)
    ]
    return Scenario(d, d, rows, title="big numbers")


def test_a_read_taller_than_its_column_scrolls_the_readout_not_the_desk(qtbot):
    window = MainWindow(Session(big_numbers_scenario()))
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    with qtbot.waitExposed(window):
        window.show()
    settle()
    session = window.session
    plots = {name: window.panels[name].plot_widget for name in ("keys", "values")}
    session.set_cursor(299)  # a write
    settle()
    sizes = {name: plot.size() for name, plot in plots.items()}
    readout = window.readout
    area = readout.parentWidget().parentWidget()  # the viewport's scroll area
    overflowed = 0
    for number in (300, 299, 290, 289, 200, 199):
        session.set_cursor(number)
        settle()
        assert not window.desk.area.verticalScrollBar().isVisible(), number
        assert {name: plot.size() for name, plot in plots.items()} == sizes, number
        # Every number stays reachable: the readout is never squeezed below its minimum.
        assert readout.height() >= readout.minimumSizeHint().height(), number
        tall = readout.minimumSizeHint().height() > area.viewport().height()
        assert area.verticalScrollBar().isVisible() == tall, number
        overflowed += tall
    assert overflowed  # the case this test is about happened


def test_going_back_and_forth_between_a_read_and_a_write_asks_no_layout_of_the_readouts_column(
    long_window,
):
    # The readout asks for 90 px at a write and 160 at a read, and its preferred height
    # follows the read: its column is told the largest, so it is laid out again only when
    # a step needs more than any step before it, not on every move of a scrub.
    session = long_window.session
    read, write = reads_and_writes(session)
    box = long_window.desk.panel_frame("readout")
    for number in (read, write):
        session.set_cursor(number)
        settle()
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, box)
    for number in (read, write, read, write, read):
        session.set_cursor(number)
        settle()
    assert requests.watched == []
    # A read with more to show than any before still gets its room.
    readout = long_window.readout
    assert readout.height() >= readout.minimumSizeHint().height()


def test_a_scrub_over_steps_already_shown_lays_no_plot_panel_out_again(long_window):
    # The plane and heatmap legends and the readout keep the height of the tallest text
    # they showed: once a write's and a read's have been shown, a scrub among such steps
    # asks no layout of their panels (the desk was laid out again at 43 of 47 random
    # steps of a scrub, mostly for them).
    session = long_window.session
    scenario = session.scenario
    reads = [n for n in range(1, len(scenario) + 1) if not scenario.is_write(n)][-6:]
    writes = [n for n in range(reads[0], len(scenario) + 1) if scenario.is_write(n)][-6:]
    steps = [n for pair in zip(reads, writes, strict=False) for n in pair]
    for number in steps:
        session.set_cursor(number)
        settle()
    desk = long_window.desk
    names = ("heatmap", "keys", "values", "readout")
    requests = EventLog(
        QtCore.QEvent.Type.LayoutRequest, *(desk.panel_frame(name) for name in names)
    )
    for number in reversed(steps):
        session.set_cursor(number)
        settle()
    assert [frame.objectName() for frame in requests.watched] == []
