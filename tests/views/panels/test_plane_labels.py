"""Plane labels during a drag: the ones whose arrows stand still keep their places;
and a cursor move that reframes a plane paints it once.

Placing every label afresh on each frame of a drag made labels jump about
around the arrow being moved (and placed a dozen labels per frame to move
one). Only what moved is placed; a still label gives way only to an arrow
that now crosses it; on release every label is placed afresh.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from linviz.views.items.arrow_item import ArrowLook
from linviz.views.items.plane_arrows import PlaneArrow, place_labels
from linviz.views.panels import plane_base
from linviz.views.panels.key_plane import KeyPlanePanel
from linviz.views.panels.value_plane import ValuePlanePanel
from tests.views.conftest import drag
from tests.views.panels.test_planes import point, shown

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_labels_of_still_arrows_stay_put_while_a_key_is_dragged(qtbot, lesson_session):
    session = lesson_session
    session.set_cursor(5)
    panel = shown(qtbot, KeyPlanePanel(session))
    before = panel.label_boxes()
    frames = []
    session.changed.connect(lambda changes: session.dragging and frames.append(panel.label_boxes()))

    drag(panel.plot_widget, point(panel, 0.8, 0.6), point(panel, -0.5, 0.4), steps=8)

    assert len(frames) >= 6
    dragged = ("key", 5)
    for boxes in frames:
        assert {k: v for k, v in boxes.items() if k != dragged} == {
            k: v for k, v in before.items() if k != dragged
        }
        shown_boxes = [box for _, box in boxes.values()]
        assert not any(
            overlap(a, b) for i, a in enumerate(shown_boxes) for b in shown_boxes[i + 1 :]
        )
    assert len({boxes[dragged][1] for boxes in frames}) >= 6  # the dragged label follows
    # Released: every label placed afresh, as a new plane on this scenario places them.
    fresh = shown(qtbot, KeyPlanePanel(session))
    assert panel.label_boxes() == fresh.label_boxes()
    assert panel.label_boxes() != frames[-1]  # r4 took back the place k3 had pushed it from


def arrow(label: str, number: int, tip: tuple[float, float]) -> PlaneArrow:
    return PlaneArrow("key", number, (0.0, 0.0), tip, ArrowLook("#1f77b4", label=label), 1.0)


def to_pixels(point: tuple[float, float]) -> tuple[float, float]:
    """Data to pixels: the origin at (200, 200), 100 px per unit, y up."""
    return 200 + 100 * point[0], 200 - 100 * point[1]


def shafts_and_heads(arrows: list[PlaneArrow]):
    starts = np.array([to_pixels(a.origin) for a in arrows], dtype=float)
    ends = np.array([to_pixels(a.tip) for a in arrows], dtype=float)
    heads = np.column_stack([ends, np.full(len(arrows), 6.0)])
    return (starts, ends), heads


def place(arrows, kept=None, moved=None):
    shafts, heads = shafts_and_heads(arrows)
    return place_labels(arrows, to_pixels, (400.0, 400.0), shafts, heads, kept, moved)


def test_a_still_label_gives_way_only_to_an_arrow_that_now_crosses_it():
    first = place([arrow("a", 1, (1.0, 0.0)), arrow("b", 2, (0.0, 1.0))])
    box_a = first[("key", 1, "a")][1]
    # b swings round onto a's label: a is placed anew, off b's shaft.
    swung = [arrow("a", 1, (1.0, 0.0)), arrow("b", 2, (1.5, 0.05))]
    shafts, heads = shafts_and_heads(swung)
    moved = (shafts[0][1:], shafts[1][1:], heads[1:])
    again = place(swung, kept=first, moved=moved)
    assert again[("key", 1, "a")][1] != box_a
    # Kept labels ignore arrows that moved elsewhere: a keeps its box.
    elsewhere = [arrow("a", 1, (1.0, 0.0)), arrow("b", 2, (-0.5, 1.0))]
    shafts, heads = shafts_and_heads(elsewhere)
    kept = place(elsewhere, kept=first, moved=(shafts[0][1:], shafts[1][1:], heads[1:]))
    assert kept[("key", 1, "a")][1] == box_a
    for result in (again, kept):
        box_a2, box_b2 = result[("key", 1, "a")][1], result[("key", 2, "b")][1]
        assert not overlap(box_a2, box_b2)


class PaintCounter(QtCore.QObject):
    """Counts the paints of one widget."""

    def __init__(self, widget) -> None:
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QtCore.QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_cursor_move_that_reframes_the_value_plane_paints_it_once(
    qtbot, lesson_session, monkeypatch
):
    # The new range reached the arrow layer only as the plot painted; the layer
    # then asked for a repaint, and every cursor move painted the plot twice.
    # (Each move is a step of its own, not a scrub's, whose frame only grows.)
    monkeypatch.setattr(plane_base, "SCRUB_GAP_S", 0.0)
    panel = shown(qtbot, ValuePlanePanel(lesson_session))
    for _ in range(10):  # whatever showing it still had to paint
        QtWidgets.QApplication.processEvents()
    counter = PaintCounter(panel.plot_widget.viewport())
    view_box = panel.plot_widget.getPlotItem().getViewBox()
    reframed = 0
    for number in (7, 5, 7, 3):
        ranges = view_box.viewRange()
        counter.count = 0
        lesson_session.set_cursor(number)
        qtbot.waitUntil(lambda: counter.count >= 1)
        for _ in range(10):
            QtWidgets.QApplication.processEvents()
        # The frame follows the step when it no longer fits (it holds still otherwise).
        reframed += view_box.viewRange() != ranges
        assert counter.count == 1, number
    assert reframed >= 2
