"""A "too large to draw" label keeps off every other label of its plane.

Such a label is placed when it is painted, beside its tip held at the
plot's edge. It kept off the labels of the item drawing it only: in the key
plane "w2: too large to draw: 1.8e308" (an arrow painting itself) lay over
"r1" (drawn by the plane's layer), and in the value plane the labels of y,
the target and the error (three arrows painting themselves) over one
another.
"""

from __future__ import annotations

import pytest

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.drawing import arrow_layer
from linviz.views.items.label_boxes import label_boxes_of
from tests.views.conftest import EXTREME_VALUE_MARKS, opened_window

pytestmark = EXTREME_VALUE_MARKS

BIGGEST = 1.7976931348623157e308


def _scenario() -> Scenario:
    return Scenario(
        2,
        2,
        [
            write([BIGGEST, -BIGGEST], [1.0, 0.0], "w1"),
            write([BIGGEST, 0.0], [0.0, 1.0], "w2"),
            write([1e-300, 1e-300], [1.0, 1.0], "w3"),
            write([1.0, 0.0], [1e-300, BIGGEST], "w4"),
            write([0.0, 1.0], [1e8, 1.0], "w5"),
            read([1e-308, 0.0], "r1"),
            read([0.5, 0.0], "r2"),
        ],
        title="extreme",
    )


@pytest.mark.parametrize(("plane", "step"), [("keys", 2), ("keys", 3), ("values", 7)])
def test_a_too_large_label_meets_no_other_label(qtbot, drawn_labels, plane, step):
    window = opened_window(qtbot, Session(_scenario()), (1024, 768))
    window.session.set_cursor(step)
    plot = window.panels[plane].plot_widget
    layer = next(i for i in plot.scene().items() if isinstance(i, arrow_layer.ArrowLayer))
    kept = label_boxes_of(layer)
    assert kept is not None and kept.active  # some tip is too far out
    kept.set_active(False)  # nothing kept from the passes on screen:
    kept.set_active(True)
    drawn_labels.clear()
    plot.grab()  # one pass, as an export draws it

    labels = [(label.box, label.look.label) for label in drawn_labels]
    too_large = [(box, text) for box, text in labels if "too large to draw" in text]
    assert too_large, "the scenario draws a label of a tip too far out"
    for box, text in too_large:
        others = [(b, t) for b, t in labels if b is not box]
        meeting = [t for b, t in others if b.intersects(box)]
        assert not meeting, f"{text!r} lies over {meeting} at step {step}"
