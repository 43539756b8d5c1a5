"""Spotlight vs floodlight: softmax weights under the real slider, the read's own linear weights."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.views.labs.spotlight_page import SpotlightPage
from tests.views.conftest import settle


def page_on(show, lesson: str, cursor: int) -> SpotlightPage:
    session = Session()
    session.open(lesson)
    session.set_cursor(cursor)
    page = SpotlightPage(session)
    show(page, 1100, 700)
    return page


def test_softmax_weights_sum_to_one_and_sharpen_as_the_slider_rises(qtbot, show):
    page = page_on(show, "session-trace", 7)  # r4: q = [1, 0] against k = [1,0], [0,1], [1,0]
    slider = page.slider
    slider.setValue(0)
    soft, _ = page.shown_weights()
    np.testing.assert_allclose(soft, [1 / 3] * 3)  # s = 0: every key the same
    largest, spread = [], []
    for _ in range(4):
        slider.setFocus()
        for _ in range(4):
            qtbot.keyClick(slider, Qt.Key.Key_Up)  # the real slider, from the keyboard
        settle()
        soft, _ = page.shown_weights()
        assert soft.sum() == pytest.approx(1.0)
        assert page.lab.settings.sharpness == slider.value() / 10
        largest.append(soft.max())
        spread.append(page.lab.result.softmax.effective_keys)
    assert page.lab.settings.sharpness == pytest.approx(8.0)
    assert largest == sorted(largest) and largest[-1] > largest[0]
    assert spread == sorted(spread, reverse=True) and spread[-1] < spread[0]
    assert page.spin.value() == pytest.approx(8.0)
    assert f"s = {8}" in page.soft_name.text()


def test_the_linear_weights_shown_are_the_readouts(qtbot, show):
    for lesson, cursor in (("session-trace", 7), ("feature-map", None), ("crowding-the-plane", 7)):
        session = Session()
        session.open(lesson)
        reads = [n for n in range(1, len(session.scenario) + 1) if not session.scenario.is_write(n)]
        session.set_cursor(cursor or reads[-1])
        page = SpotlightPage(session)
        show(page, 1100, 700)
        read = session.snapshot().read
        _, linear = page.shown_weights()
        np.testing.assert_allclose(linear, read.weights)
        assert page.linear_output.text().endswith(page_vector(read.output))
        if session.scenario.normalize:
            assert "normalised" in page.linear_name.text()


def page_vector(vector) -> str:
    from linviz.views.labs.spotlight_page import vector_text

    return vector_text(vector)


def test_at_a_write_it_says_there_is_no_read_and_how_to_get_to_one(qtbot, show):
    page = page_on(show, "session-trace", 2)
    notice = page.plot.notice
    assert notice.isVisible()
    assert "write" in notice.text() and "Next read" in notice.text()
    assert not page.readout.isVisible()
    assert page.shown_weights()[0].size == 0
    qtbot.mouseClick(page.step_bar.read_button, Qt.MouseButton.LeftButton)
    settle()
    assert page.session.cursor == 3 and not notice.isVisible()
    assert page.shown_weights()[0].size == 2


def test_the_caption_says_why_softmax_has_no_fixed_state(qtbot, show):
    page = page_on(show, "session-trace", 7)
    caption = page.caption.text()
    assert "every stored key" in caption and "depends on all the other scores" in caption
    assert "fixed S" in caption


def test_a_hidden_output_stays_hidden(qtbot, show):
    page = page_on(show, "session-trace", 7)
    page.session.set_hide_outputs(True)
    settle()
    assert "hidden" in page.linear_output.text() and "11" not in page.linear_output.text()
    page.session.reveal()
    settle()
    assert page.linear_output.text().endswith("[11, 12]")
