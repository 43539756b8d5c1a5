"""A scenario with no caption anywhere keeps no empty caption rows."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from tests.views.conftest import opened_window, settle_until_still

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _arrays_like() -> Scenario:
    """Steps as an opened file of arrays has them: labels, no captions."""
    rng = np.random.default_rng(5)
    steps = [write(list(rng.normal(size=3)), list(rng.normal(size=3)), f"w{n}") for n in range(4)]
    return Scenario(3, 3, [*steps, read(list(rng.normal(size=3)), "r1", target="w2")])


@pytest.fixture
def window(qtbot):
    window = opened_window(qtbot, Session(_arrays_like()), (1024, 768))
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 768))
    settle_until_still()
    return window


def test_no_caption_anywhere_gives_its_rows_to_the_plots(window):
    """An opened file of arrays showed two blank caption rows under "Step n of N"
    on every step, at 1024×768 about 60 px the plots could have had."""
    session, bar = window.session, window.desk.caption
    for number in range(len(session.scenario) + 1):
        session.set_cursor(number)
        settle_until_still()
        assert not bar.caption_box.isVisible(), number
        assert "Step" in bar.heading.text()
    plane_without = window.key_plane.plot_widget.height()

    session.edit_caption(2, "The second write.", follow=False)  # one step has one now
    settle_until_still()
    for number in (2, 5):  # its step, and one without: the rows are kept for both
        session.set_cursor(number)
        settle_until_still()
        assert bar.caption_box.isVisible(), number
    assert bar.caption_box.minimumHeight() > 40  # two rows, whatever the step shows
    assert window.key_plane.plot_widget.height() < plane_without

    session.undo()
    settle_until_still()
    assert not bar.caption_box.isVisible()
    assert window.key_plane.plot_widget.height() == plane_without


def test_a_scenario_caption_alone_keeps_the_rows(qtbot):
    sc = _arrays_like()
    sc.caption = "Four writes and a read."
    session = Session(sc)
    window = opened_window(qtbot, session, (1024, 768))
    session.set_cursor(3)
    settle_until_still()
    assert window.desk.caption.caption_box.isVisible()
    assert window.desk.caption.text().endswith("Four writes and a read.")
