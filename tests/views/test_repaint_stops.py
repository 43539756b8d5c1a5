"""A new step repaints what changed, not the desk under the texts that changed."""

from __future__ import annotations

from PySide6 import QtWidgets

from linviz.bench.view_bench import recorded_paints


def _painted_containers(window, action) -> list[str]:
    """The desk's containers (the desk, its splitters, the panels' frames) ``action`` repaints."""
    desk = window.findChild(QtWidgets.QWidget, "desk")
    containers = {id(desk): "desk"}
    for splitter in desk.findChildren(QtWidgets.QSplitter):
        containers[id(splitter)] = "a splitter"
    for frame in desk.findChildren(QtWidgets.QFrame):
        if frame.objectName().endswith("_box"):
            containers[id(frame)] = frame.objectName()
    return [
        containers[id(widget)] for widget, _ in recorded_paints(action) if id(widget) in containers
    ]


def test_a_new_step_repaints_its_texts_not_the_desk_under_them(window):
    session = window.session
    last = len(session.scenario)
    for number in (2, 3, last, 2):  # each shown once: the desk has its columns for them
        recorded_paints(lambda number=number: session.set_cursor(number))
    # A write after a write, then a read: the headings, the caption, the readout's
    # sentences, the heatmap's title and the timeline's position all change.
    assert _painted_containers(window, lambda: session.set_cursor(3)) == []
    assert _painted_containers(window, lambda: session.set_cursor(last)) == []
