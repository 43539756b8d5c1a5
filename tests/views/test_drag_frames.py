"""A drag refreshes the views once a frame, however many mouse moves arrive."""

from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtWidgets

from linviz.bench.view_bench import send_mouse as mouse
from linviz.controller.changes import Change
from linviz.views.number_text import caption_numbers
from linviz.views.panels.step_table_model import CAPTION
from tests.views.conftest import data_to_viewport


def test_four_queued_moves_refresh_once_and_end_at_the_last(qtbot, window):
    session = window.session
    session.set_options(snap_grid=False)  # every move really moves the key
    session.set_cursor(1)  # "Write k1 = {k} …": the caption quotes the dragged key
    panel = window.panels["keys"]
    plot = panel.plot_widget
    plot.scene().minDragTime = 0
    viewport = plot.viewport()
    qtbot.waitUntil(lambda: panel.tip_position(1) == (1.0, 0.0))
    tip = data_to_viewport(plot, 1.0, 0.0)
    caption_before = window.panels["caption"].caption.text()

    mouse(viewport, "move", tip, pressed=False)
    mouse(viewport, "press", tip, pressed=True)
    mouse(viewport, "move", tip + QtCore.QPoint(12, 0), pressed=True)  # starts the drag
    assert session.dragged_step == 1
    qtbot.waitUntil(lambda: not session.drag_pending)

    emitted: list[frozenset[Change]] = []
    session.changed.connect(emitted.append)
    refreshed = {"keys": 0, "values": 0, "heatmap": 0}
    for name in refreshed:
        shown = window.panels[name]
        original = shown.refresh

        def counting(original=original, name=name):
            refreshed[name] += 1
            original()

        shown.refresh = counting
    path = [tip + QtCore.QPoint(12 + 12 * i, -15 * i) for i in range(1, 5)]
    for point in path:
        mouse(viewport, "move", point, pressed=True, queued=True)
    # Until the frame, the moves are only kept: nothing was refreshed yet.
    assert emitted == [] and refreshed == {"keys": 0, "values": 0, "heatmap": 0}
    qtbot.waitUntil(lambda: bool(emitted) and not session.drag_pending)
    for _ in range(5):  # later turns of the loop refresh nothing more
        QtWidgets.QApplication.processEvents()

    assert emitted == [frozenset({Change.SCENARIO})]
    assert refreshed == {"keys": 1, "values": 1, "heatmap": 1}
    view_box = plot.getPlotItem().getViewBox()
    pressed, last = (view_box.mapSceneToView(plot.mapToScene(p)) for p in (tip, path[-1]))
    key = session.scenario.step(1).vector
    # The tip keeps its offset from where the button went down (a pixel's rounding).
    wanted = [1.0 + last.x() - pressed.x(), last.y() - pressed.y()]
    np.testing.assert_allclose(key, wanted, atol=1e-9)
    np.testing.assert_allclose(panel.tip_position(1), key)

    # The captions shown follow the drag after that frame: the bar's and the table's.
    expected = session.caption(1, caption_numbers()).text
    assert window.panels["caption"].caption.text() != caption_before
    assert window.panels["caption"].caption.text().replace("\u00a0", " ") == expected.replace(
        "\u00a0", " "
    )
    model = window.panels["steps"].model
    cell = model.data(model.index(0, CAPTION))
    assert cell.replace("\u00a0", " ") == expected.replace("\n", " ").replace("\u00a0", " ")

    mouse(viewport, "release", path[-1], pressed=False)
    qtbot.waitUntil(lambda: not session.dragging)
    assert session.undo_stack.can_undo()
    np.testing.assert_allclose(session.scenario.step(1).vector, key)
    session.undo()  # the whole drag is one command
    np.testing.assert_array_equal(session.scenario.step(1).vector, [1.0, 0.0])
    assert not session.undo_stack.can_undo()
