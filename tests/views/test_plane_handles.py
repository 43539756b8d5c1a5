"""A plane of a hundred arrows makes their grab handles when the mouse comes, and they work."""

import numpy as np
import pytest
from PySide6 import QtGui

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, write
from linviz.views.items.arrow_item import ArrowItem
from tests.views.conftest import data_to_viewport, drag, shown_main_window

STEPS = 2_000
#: The step whose key stands apart: a tip no other arrow covers.
APART = 1_991


def arrow_items(plane) -> list[ArrowItem]:
    return [item for item in plane.plot_widget.scene().items() if isinstance(item, ArrowItem)]


@pytest.fixture
def crowded_window(qtbot):
    angles = np.linspace(0.0, 2.0 * np.pi, STEPS, endpoint=False)
    steps = [
        write([np.cos(a), np.sin(a)], [1.0, float(i)], f"k{i + 1}") for i, a in enumerate(angles)
    ]
    steps[APART - 1] = write([3.0, 3.0], [2.0, 0.0], f"k{APART}")
    session = Session(Scenario(2, 2, steps))
    session.set_cursor(STEPS)
    # Away from where the window shows: a mouse left over the plane by an earlier
    # test is a mouse that came (its hover makes the handles, rightly).
    QtGui.QCursor.setPos(20_000, 20_000)
    return shown_main_window(qtbot, session)


@pytest.mark.parametrize("run", ["first", "after a drag left the mouse on the plane"])
def test_a_hundred_arrows_wait_for_the_mouse_to_make_their_handles(crowded_window, qtbot, run):
    plane = crowded_window.panels["keys"]
    qtbot.waitUntil(lambda: plane.isVisible() and plane.plot_widget.viewport().width() > 100)
    # The planes draw the hundred writes nearest the cursor as one layer; before the
    # mouse comes only the few that paint themselves have an item (95 did, 50 ms).
    assert len(arrow_items(plane)) < 10
    before = crowded_window.session.trace.state(STEPS).copy()
    start = data_to_viewport(plane.plot_widget, 3.0, 3.0)
    end = data_to_viewport(plane.plot_widget, 2.0, 3.0)
    drag(plane.plot_widget, start, end)
    # The press made every handle; the one under the mouse was k1991's, and it moved.
    assert len(arrow_items(plane)) >= 100
    moved = crowded_window.session.scenario.step(APART).vector
    assert moved[1] == pytest.approx(3.0, abs=0.1) and moved[0] < 2.6
    after = crowded_window.session.trace.state(STEPS)
    assert not np.allclose(before, after)
