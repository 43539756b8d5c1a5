"""Painted text: wraps like a label, copies like one, and never relayouts for nothing."""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.views.drawing.painted_text import FlowText, MeasureTable, Piece, Row, words
from tests.views.conftest import EventLog, in_a_column

# The offscreen platform warns when a window's size limits change.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def ink_rows(widget: QtWidgets.QWidget) -> int:
    """How many pixel rows of ``widget`` hold dark ink."""
    image = widget.grab().toImage()
    return sum(
        any(image.pixelColor(x, y).lightness() < 128 for x in range(image.width()))
        for y in range(image.height())
    )


def test_long_text_wraps_between_words_and_grows_taller(qtbot):
    text = FlowText()
    text.set_paragraphs([words("one two three four five six seven eight nine ten", "#000000")])
    host = in_a_column(qtbot, text, width=600)
    one_line, one_line_ink = text.height(), ink_rows(text)
    assert text.plain_text() == "one two three four five six seven eight nine ten"
    host.resize(90, 400)
    qtbot.waitUntil(lambda: text.height() > 2 * one_line)
    assert ink_rows(text) > 2 * one_line_ink  # ink on several lines, not one


def test_joined_pieces_stay_on_one_line(qtbot):
    text = FlowText()
    pieces = [Piece("weights: ", "#000000")]
    for label in ("k1", "k2", "k3", "k4"):
        pieces += [
            Piece(label + " ", "#000000", bold=True),
            Piece("0.123456  ", "#000000", joined=True),
        ]
    text.set_paragraphs([pieces])
    host = in_a_column(qtbot, text, width=140)
    assert host.isVisible()
    _, placed = text._layout(text.width())
    lines = {}
    for item in placed:
        lines.setdefault(item.baseline, []).append(item.text)
    assert len(lines) >= 2  # it did wrap
    for runs in lines.values():
        # A label never ends a line without its number after it.
        assert not runs[-1].startswith("k") or "0.12" in runs[-1], lines


def test_new_numbers_of_the_same_height_repaint_without_a_relayout(qtbot):
    table = MeasureTable()
    table.set_rows(
        [Row("output y", "[1.2, -1.8]", "#d55e00"), Row("relative error", "68.4 %", "#000000")]
    )
    host = in_a_column(qtbot, table)
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, host)
    height = table.height()
    for value in ("[1.3, -1.7]", "[0.9, -2]", "[1.25, -1.75]"):
        table.set_rows(
            [Row("output y", value, "#d55e00"), Row("relative error", "68.4 %", "#000000")]
        )
        QtWidgets.QApplication.processEvents()
    assert not requests.watched and table.height() == height
    # A row more is taller: then the layout is asked.
    table.set_rows(table.rows() + [Row("cosine", "0.832", "#000000")])
    qtbot.waitUntil(lambda: table.height() > height)
    assert len(requests.watched) >= 1


def test_a_narrow_table_puts_each_value_under_its_name(qtbot):
    table = MeasureTable()
    rows = [Row("interference y − v_target", "[1.2, 3.2, -0.5, 0.25, 1.75, -2.5]", "#c0392b")]
    table.set_rows(rows)
    host = in_a_column(qtbot, table, width=700)
    wide = table.height()
    host.resize(150, 400)
    qtbot.waitUntil(lambda: table.height() > wide)
    _, placed = table._layout(table.width())
    name = next(p for p in placed if p.text.startswith("interference"))
    value = next(p for p in placed if p.text.startswith("[1.2"))
    assert value.baseline > name.baseline  # under, not beside


def test_a_value_one_number_a_line_beside_its_name_goes_under_it_when_that_is_lower(qtbot):
    # A projector's readout at 1024×768 with a 16-component read: beside names half
    # the table wide, each vector wrapped one number a line, five lines a measure.
    vector = "[0.0256, -0.0256, 0.0587, 0.00668, … (16 in all)]"
    rows = [
        Row("output y", vector, "#d55e00"),
        Row("expected v_target (w53)", vector, "#00664a"),
        Row("relative error", "102.3 %", "#000000"),
    ]
    table = MeasureTable()
    table.set_rows(rows)
    host = in_a_column(qtbot, table, width=2000)
    line = table.line_height()
    host.resize(round(16 * line), 800)  # the value column holds one number a line
    qtbot.waitUntil(lambda: table.width() < 17 * line)
    height, placed = table._layout(table.width())
    name = next(p for p in placed if p.text.startswith("output"))
    first = next(p for p in placed if p.text.startswith("[0.0256"))
    assert first.baseline > name.baseline  # under its name …
    # … the three measures in eight lines, not eleven (five, five and one beside them).
    assert len({p.baseline for p in placed}) == 8
    assert height < 9 * line
    # Short values stay beside their names, one line a measure.
    table.set_rows([Row("output y", "[1.2, -1.8]", "#d55e00"), Row("cosine", "0.83", "#000")])
    _, placed = table._layout(table.width())
    assert len({p.baseline for p in placed}) == 2


def test_ctrl_c_copies_the_text(qtbot):
    table = MeasureTable()
    table.set_rows([Row("output y", "[1.2, -1.8]", "#d55e00")])
    host = in_a_column(qtbot, table)
    assert host.isVisible()
    QtWidgets.QApplication.clipboard().clear()
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton)
    qtbot.keyClick(table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QtWidgets.QApplication.clipboard().text() == "output y: [1.2, -1.8]"


def test_colours_are_drawn(qtbot):
    table = MeasureTable()
    table.set_name_color("#808080")
    table.set_rows([Row("x", "█████", "#00ff00")])
    host = in_a_column(qtbot, table)
    assert host.isVisible()
    image = table.grab().toImage()
    greens = {
        (x, y)
        for x in range(image.width())
        for y in range(image.height())
        if image.pixelColor(x, y) == QtGui.QColor("#00ff00")
    }
    assert len(greens) > 20
