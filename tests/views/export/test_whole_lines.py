"""An exported window shows no line of a scrolled panel cut in two."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtGui

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.drawing.painted_text import FlowText, words
from linviz.views.export import images
from linviz.views.export.whole_lines import cut_rows
from linviz.views.panel_scroll import PanelScroll
from tests.views.conftest import opened_window


def _long_reads(d: int = 8) -> Scenario:
    """d = 8 writes and a read whose readout (a measure per error part, 8 numbers
    each, a story) is taller than a 1024×768 window's column (at d = 4 it fits
    since a vector wrapping one number a line goes under its name)."""
    rng = np.random.default_rng(3)
    steps = [write(list(rng.normal(size=d)), list(rng.normal(size=d)), f"w{n}") for n in range(12)]
    steps.append(read(list(rng.normal(size=d)), "r1", target="w9"))
    return Scenario(d, d, steps)


@pytest.fixture
def long_window(qtbot):
    session = Session(_long_reads())
    window = opened_window(qtbot, session, (1024, 768))
    session.set_cursor(len(session.scenario))
    images.settle()
    area = window.findChild(PanelScroll, "readout_scroll")
    assert area is not None and area.widget().height() > area.viewport().height()
    return window, area


def _ink(image: QtGui.QImage, rect: QtCore.QRect, background: QtGui.QColor) -> int:
    """How many pixels of ``rect`` differ from ``background``."""
    image = image.convertToFormat(QtGui.QImage.Format.Format_RGBA8888)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1, 4)
    part = pixels[rect.top() : rect.bottom() + 1, rect.left() : rect.right() + 1, :3].astype(int)
    wanted = np.array([background.red(), background.green(), background.blue()])
    return int((np.abs(part - wanted).max(axis=2) > 24).sum())


@pytest.mark.parametrize("scrolled", [False, True])
def test_a_scrolled_readout_exports_without_half_lines(long_window, scrolled):
    """The readout's last visible line showed its top half on a slide (French, d = 4,
    1024×768); scrolled, its first line showed its bottom half too."""
    window, area = long_window
    bar = area.verticalScrollBar()
    if scrolled:
        # Half-way down, where the viewport's edges cut two lines through their ink
        # (an edge in the gap between two lines, or a pixel into one, cuts no ink).
        for value in range(bar.maximum() // 2, bar.maximum()):
            bar.setValue(value)
            images.settle()
            holes = cut_rows(window)
            if len(holes) == 2 and min(hole.height() for hole in holes) >= 6:
                break
    holes = cut_rows(window)
    viewport = area.viewport()
    seen = QtCore.QRect(
        viewport.mapTo(window, QtCore.QPoint(0, 0)), viewport.size()
    )  # the readout's viewport, in the window
    assert holes and all(seen.contains(hole) for hole in holes)
    assert any(hole.bottom() == seen.bottom() for hole in holes)
    assert any(hole.top() == seen.top() for hole in holes) == scrolled
    background = images.background_color(window)
    top = images.content_rect(window).top()
    grabbed = window.grab().toImage()  # the screen: the half lines are there
    exported = images.render_image(window)  # the export: not there
    for hole in holes:
        assert _ink(grabbed, hole, background) > 20, hole
        assert _ink(exported, hole.translated(0, -top), background) == 0, hole
    # The lines between the holes are still there.
    kept = seen.adjusted(0, 0, 0, -sum(h.height() for h in holes if h.bottom() == seen.bottom()))
    assert _ink(exported, kept.translated(0, -top), background) > 1000


def test_a_readout_that_fits_loses_nothing(long_window):
    window, area = long_window
    window.session.set_cursor(1)  # a write: a few lines
    images.settle()
    assert area.widget().height() <= area.viewport().height()
    assert cut_rows(window) == []


def test_painted_text_says_where_its_lines_are(qtbot):
    text = FlowText()
    qtbot.addWidget(text)
    text.resize(120, 400)
    text.set_paragraphs([words("one two three four five six seven eight nine ten", "#000")])
    spans = text.line_spans()
    assert len(spans) >= 3  # it wraps at 120 px
    assert all(top < bottom for top, bottom in spans)
    assert all(spans[i][1] <= spans[i + 1][0] + 1 for i in range(len(spans) - 1))
    assert spans[-1][1] <= text.heightForWidth(120) + 1
