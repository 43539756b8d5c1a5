"""A steady label: looks like a QLabel, and re-lays the window out only when it must."""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtWidgets

from linviz.views.drawing.steady_label import SteadyLabel
from tests.views.conftest import EventLog, in_a_column

# The offscreen platform warns when a window's size limits change.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


LONG = "Write w12: key [0.1234, -0.5678, 0.9012], value [1.234, -5.678, 9.012]"


@pytest.mark.parametrize("wrap", [True, False])
def test_a_steady_label_looks_like_a_label(qtbot, wrap):
    label, steady = QtWidgets.QLabel(LONG), SteadyLabel(word_wrap=wrap)
    label.setWordWrap(wrap)
    steady.setText(LONG)
    host = in_a_column(qtbot, label, steady, width=260 if wrap else 700)
    host.setStyleSheet("font-size: 13pt; font-weight: bold; color: #205090;")
    qtbot.waitUntil(lambda: steady.size() == label.size())
    assert steady.sizeHint() == label.sizeHint()
    assert steady.minimumSizeHint() == label.minimumSizeHint()
    assert steady.grab().toImage() == label.grab().toImage()


def test_a_new_text_of_the_same_size_asks_for_no_layout(qtbot):
    steady = SteadyLabel(word_wrap=True)
    steady.setText(LONG)
    host = in_a_column(qtbot, steady, width=260)
    QtWidgets.QApplication.processEvents()
    height = steady.height()
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, host)
    for text in (LONG.replace("w12", "w34"), LONG.replace("0.1234", "0.4321")):
        steady.setText(text)
        QtWidgets.QApplication.processEvents()
        assert steady.label.text() == text
    assert requests.watched == [] and steady.height() == height
    # More words need more lines: then the layout is asked, and the label grows.
    steady.setText(LONG + " · target w7 · and more words to wrap")
    qtbot.waitUntil(lambda: steady.height() > height)
    assert steady.height() == steady.heightForWidth(steady.width())
    assert steady.label.geometry() == steady.rect()
    assert requests.watched


def test_a_shorter_text_held_at_the_minimum_height_asks_for_no_layout(qtbot):
    """A heatmap legend held at its tallest: fewer lines change nothing the layout gives."""
    steady = SteadyLabel(word_wrap=True)
    steady.setText(LONG + " · target w7 · and more words to wrap")
    host = in_a_column(qtbot, steady, width=260)
    QtWidgets.QApplication.processEvents()
    tall = steady.height()
    steady.setMinimumHeight(tall)
    QtWidgets.QApplication.processEvents()
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, host)
    steady.setText("short")
    QtWidgets.QApplication.processEvents()
    assert steady.label.heightForWidth(steady.width()) < tall
    assert requests.watched == [] and steady.height() == tall
    # Released, the label asks again at its next text: it shrinks.
    steady.setMinimumHeight(0)
    steady.setText("short, again")
    qtbot.waitUntil(lambda: steady.height() < tall)


def test_a_word_wider_than_the_label_gets_room(qtbot):
    steady = SteadyLabel(word_wrap=True)
    steady.setText("short")
    host = in_a_column(qtbot, steady, width=40)
    QtWidgets.QApplication.processEvents()
    steady.setText("an_unbreakable_label_longer_than_forty_pixels")
    qtbot.waitUntil(lambda: steady.width() >= steady.minimumSizeHint().width())
    assert host.minimumSizeHint().width() > 40


def test_an_unwrapped_steady_label_keeps_the_window_wide_enough(qtbot):
    steady = SteadyLabel()
    steady.setText("Step 1 of 9")
    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    row = QtWidgets.QHBoxLayout(host)
    row.addWidget(steady, 1)  # as the caption bar's heading: it has room to spare
    row.addWidget(QtWidgets.QPushButton("Edit"))
    host.resize(600, 60)
    with qtbot.waitExposed(host):
        host.show()
    QtWidgets.QApplication.processEvents()
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, host)
    steady.setText("Step 2 of 9")
    QtWidgets.QApplication.processEvents()
    assert requests.watched == []  # as wide: nothing to lay out
    # Wider, though it fits: the window must not get narrower than the new text.
    steady.setText("Step 99,999 of 100,000 · write w99999")
    needed = steady.label.minimumSizeHint().width()
    qtbot.waitUntil(lambda: host.minimumSizeHint().width() > needed)
    host.resize(needed // 2, 60)
    qtbot.waitUntil(lambda: steady.width() >= needed)


def test_a_new_font_resizes_a_steady_label(qtbot):
    steady = SteadyLabel(word_wrap=True)
    steady.setText(LONG)
    _window = in_a_column(qtbot, steady, width=260)  # kept: pytest-qt holds it weakly
    QtWidgets.QApplication.processEvents()
    height = steady.height()
    steady.setStyleSheet("font-size: 20pt;")
    qtbot.waitUntil(lambda: steady.height() > height)
    assert steady.height() == steady.heightForWidth(steady.width())


@pytest.mark.parametrize("width", [110, 160, 300])
def test_a_wrapped_text_is_measured_with_the_padding_a_style_sheet_gives(qtbot, width):
    """The heatmap's legend beside the plot was measured at 144 px for the 212 it took.

    The measure ignored the padding its style sheet gives it: the legend went
    beside the plot where it did not fit, the panel then grew past its room,
    and the legend went back under it, a layout on every turn of the event loop.
    """
    from linviz.views.drawing.steady_label import tallest_wrapped

    steady = SteadyLabel(word_wrap=True)
    steady.label.setObjectName("legend")
    steady.setStyleSheet("QLabel#legend { padding: 2px 14px; font-size: 11pt; }")
    steady.setText(LONG)
    host = in_a_column(qtbot, steady, width=width)
    qtbot.waitUntil(lambda: steady.label.contentsMargins().left() == 14)  # the sheet is on
    inner = steady.width()
    assert host.isVisible() and inner > 0
    measured = tallest_wrapped(steady.label, ["Write w12", LONG], inner)
    assert measured == steady.heightForWidth(inner) > steady.label.fontMetrics().height()


@pytest.mark.parametrize("point_size", [11, 20])
def test_a_selectable_caption_is_measured_as_it_lays_itself_out(qtbot, point_size):
    """A selectable label (the caption, whose words can be copied) lays its text out
    in a QTextDocument; its height is measured on a plain probe instead, which is
    ~6x cheaper. Both give the same height for every lesson caption, at every step,
    at widths from a compact desk to a full-HD one.
    """
    from linviz.controller.session import Session
    from linviz.model.lessons import bundled_lessons
    from linviz.views.drawing.steady_label import _wrapped_height
    from linviz.views.number_text import caption_numbers, unbroken_lists
    from linviz.views.typography import spaced

    label = QtWidgets.QLabel()
    label.setTextFormat(QtCore.Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
    steady = SteadyLabel(word_wrap=True, label=label)
    host = in_a_column(qtbot, steady, width=400)
    host.setStyleSheet(f"font-size: {point_size}pt;")
    compared = 0
    for lesson in bundled_lessons():
        session = Session()
        session.open(lesson.name)
        for number in range(len(session.scenario) + 1):
            session.set_cursor(number)
            text = spaced(unbroken_lists(session.caption(numbers=caption_numbers()).text))
            label.setText(text)
            for width in (180, 420, 900, 1700):
                assert _wrapped_height(label, width) == label.heightForWidth(width), (text, width)
                compared += 1
    assert compared > 200
