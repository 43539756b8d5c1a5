"""Plane frames hold still while what they show fits, and frame what a read collects."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from PySide6 import QtWidgets

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.scenario import Scenario
from linviz.model.step import read, write
from linviz.views.main_window import MainWindow
from linviz.views.panels import plane_base

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324


def window_at(qtbot, session, width, height):
    win = MainWindow(session)
    qtbot.addWidget(win)
    win.resize(width, height)
    with qtbot.waitExposed(win):
        win.show()
    for _ in range(5):
        QtWidgets.QApplication.processEvents()
    return win


def shown_range(panel):
    (x0, x1), (y0, y1) = panel.plot_widget.getPlotItem().getViewBox().viewRange()
    return x0, x1, y0, y1


def inside(box, point):
    x0, x1, y0, y1 = box
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def test_the_value_plane_frames_every_value_the_read_collects(qtbot):
    """Crowding the plane, step 7 (r4 reads k3) at 1920×1080: v(k1), v(k2), v(k3),
    y and the target are all inside the frame (v(k1), v(k2) were cropped)."""
    session = Session()
    session.open("crowding-the-plane")
    win = window_at(qtbot, session, 1920, 1080)
    session.set_cursor(7)
    qtbot.waitUntil(lambda: session.snapshot().read is not None)
    QtWidgets.QApplication.processEvents()
    panel = win.panels["values"]
    box = shown_range(panel)
    result = session.snapshot().read
    collected = [n for n, w in zip(result.numbers.tolist(), result.weights.tolist()) if w]
    assert collected == [1, 2, 5]
    for number in collected:
        value = session.scenario.step(number).value
        assert inside(box, value), (number, value, box)
    assert inside(box, result.output) and inside(box, result.expected)


def settled(*planes) -> None:
    """Run the event loop until a pass changes no plane's frame (the layout has settled)."""
    for _ in range(50):
        counts = [plane.frames_set for plane in planes]
        QtWidgets.QApplication.processEvents()
        if [plane.frames_set for plane in planes] == counts:
            return
    raise AssertionError("the planes kept re-framing")


def test_a_small_drag_keeps_the_frames_and_leaving_them_changes_them(qtbot):
    session = Session()
    session.open("crowding-the-plane")
    win = window_at(qtbot, session, 1400, 900)
    session.set_cursor(7)
    # No caption to go stale: its warning line would make the plots shorter mid-drag,
    # a real resize that re-frames them (the frames' hysteresis is what is tested here).
    session.execute(ReplaceStep(7, session.scenario.step(7).with_changes(caption="")))
    values, keys = win.panels["values"], win.panels["keys"]
    settled(values, keys)  # the desk's first layout passes may resize the planes
    before = (shown_range(values), values.frames_set, shown_range(keys), keys.frames_set)

    # k3 moved a little: y moves a little, inside the frame; nothing is re-framed.
    session.begin_drag(5, "vector")
    for angle in np.linspace(0.64, 0.70, 4):
        session.drag_to(np.array([math.cos(angle), math.sin(angle)]))
        qtbot.waitUntil(lambda: not session.drag_pending)
    session.end_drag()
    QtWidgets.QApplication.processEvents()
    assert session.snapshot().read.output.tolist() != [1.6, -1.6]  # y did move
    after = (shown_range(values), values.frames_set, shown_range(keys), keys.frames_set)
    assert after == before

    # k3 made three times as long: y leaves the value plane's frame, which follows.
    session.begin_drag(5, "vector")
    session.drag_to(np.array([2.4, 1.8]))
    qtbot.waitUntil(lambda: not session.drag_pending)
    QtWidgets.QApplication.processEvents()
    y = session.snapshot().read.output
    assert not inside(before[0], y)
    assert values.frames_set > before[1] and inside(shown_range(values), y)
    session.end_drag()
    QtWidgets.QApplication.processEvents()
    # The key plane was frozen under the mouse; once let go it fits the longer key.
    assert keys.frames_set > before[3] and inside(shown_range(keys), (2.4, 1.8))


@pytest.mark.parametrize("cursor", [1, 2, 3])
def test_extreme_values_give_finite_frames_without_errors(qtbot, capfd, cursor):
    """The planes' frames alone: not shown, so not painted (painting an arrow whose tip
    is 1e308 pixels away, and the heatmap's colour bar on these numbers, are another
    change's: a Qt paint with such coordinates crashed)."""
    from linviz.views.panels.key_plane import KeyPlanePanel
    from linviz.views.panels.value_plane import ValuePlanePanel

    # The largest float as a value (the value plane frames it at a write), the
    # smallest subnormal in a key and a value; the read's y stays ordinary (the
    # model's own error account of a 1.8e308 y is not this test's business).
    steps = [
        write([1.0, 0.0], [BIGGEST, SMALLEST], "k1"),
        write([SMALLEST, 1.0], [-SMALLEST, -1.0], "k2"),
        read([0.0, 1.0], "r1", target="k2"),
    ]
    session = Session(Scenario(2, 2, steps))
    session.trace.check_finite()
    session.set_cursor(cursor)
    for panel in (KeyPlanePanel(session), ValuePlanePanel(session)):
        qtbot.addWidget(panel)
        panel.resize(600, 500)
        panel.refresh()
        box = shown_range(panel)
        assert all(math.isfinite(v) for v in box), (panel.panel_name, box)
        assert box[0] < box[1] and box[2] < box[3], (panel.panel_name, box)
        if panel.panel_name == "values" and cursor == 1:
            assert box[1] >= 1e300  # the frame reaches as far as it can draw
    # An error inside paint or a refresh is printed by shiboken or the error hook.
    printed = capfd.readouterr().err
    assert "Traceback" not in printed and "Error" not in printed, printed


def test_a_step_shown_again_in_the_same_frame_keeps_its_labels_without_placing_them(
    qtbot, monkeypatch
):
    import linviz.views.panels.plane_base as plane_base

    session = Session()
    session.open("crowding-the-plane")
    win = window_at(qtbot, session, 1400, 900)
    panel = win.panels["values"]
    placed = []
    original = plane_base.place_labels

    def counting(*args, **kwargs):
        placed.append(session.cursor)
        return original(*args, **kwargs)

    monkeypatch.setattr(plane_base, "place_labels", counting)
    session.set_cursor(7)
    QtWidgets.QApplication.processEvents()
    boxes, frame = panel.label_boxes(), shown_range(panel)
    session.set_cursor(6)
    QtWidgets.QApplication.processEvents()
    placed.clear()
    session.set_cursor(7)
    QtWidgets.QApplication.processEvents()
    assert shown_range(panel) == frame  # held still over 7 → 6 → 7
    assert placed == []  # the labels of step 7 in this frame were placed before
    assert panel.label_boxes() == boxes
    assert any(label for label, _ in boxes.values())


def test_a_scrub_holds_the_value_plane_still_and_fits_the_step_it_stops_on(qtbot):
    # Each step framing its own values re-drew the plane's axes and grid on nearly
    # every step of a scrub (95 % of a random one through 100,000 steps).
    session = Session(
        Scenario(
            2,
            2,
            [
                write([1.0, 0.0], [8.0, 0.0], "big"),
                write([0.0, 1.0], [0.5, 0.5], "small"),
                read([0.0, 1.0], "r", target="small"),
            ],
        )
    )
    win = window_at(qtbot, session, 1400, 900)
    values = win.panels["values"]

    def paused() -> None:
        """Wait until the next cursor move is a step of its own, not a scrub's."""
        qtbot.waitUntil(lambda: time.monotonic() - values._cursor_moved > plane_base.SCRUB_GAP_S)
        qtbot.waitUntil(lambda: not values._scrub_end.isActive())

    session.set_cursor(1)
    settled(values)
    paused()
    assert inside(shown_range(values), (8.0, 0.0))
    session.set_cursor(2)  # a step after a pause: fitted at once to the small write
    QtWidgets.QApplication.processEvents()
    small = shown_range(values)
    assert inside(small, (0.5, 0.5)) and not inside(small, (8.0, 0.0))
    # A scrub: back to the big write, the frame grows at once to show it whole …
    session.set_cursor(1)
    QtWidgets.QApplication.processEvents()
    held = shown_range(values)
    assert inside(held, (8.0, 0.0))
    # … and holds still over the steps that fit inside it.
    for number in (2, 3, 2, 3):
        session.set_cursor(number)
        QtWidgets.QApplication.processEvents()
        assert shown_range(values) == held, number
    # Once the cursor stops, the plane is fitted to the read it stopped on.
    qtbot.waitUntil(lambda: not inside(shown_range(values), (8.0, 0.0)), timeout=3000)
    assert inside(shown_range(values), (0.5, 0.5))
    # An export of every step moves the cursor as fast, and frames each step as its own.
    with plane_base.fitted_every_step():
        for number in (1, 2, 1, 3):
            session.set_cursor(number)
            QtWidgets.QApplication.processEvents()
            assert inside(shown_range(values), (8.0, 0.0)) == (number == 1), number
