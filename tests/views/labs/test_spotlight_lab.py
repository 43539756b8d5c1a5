"""Spotlight vs floodlight: softmax weights under the real slider, the read's own linear weights."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.model.attention import DEFAULT_SHARPNESS, compare_read, spread_curve
from linviz.views.labs.spotlight_page import SpotlightPage
from linviz.views.number_text import WORD_JOINER
from tests.views.conftest import settle


def plain(label) -> str:
    """A label's text without the word joiners that keep its numbers on one line."""
    return label.text().replace(WORD_JOINER, "")


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


def test_the_linear_bars_are_the_readouts_weights_as_shares(qtbot, show):
    for lesson, cursor in (("session-trace", 7), ("feature-map", None), ("crowding-the-plane", 7)):
        session = Session()
        session.open(lesson)
        reads = [n for n in range(1, len(session.scenario) + 1) if not session.scenario.is_write(n)]
        session.set_cursor(cursor or reads[-1])
        page = SpotlightPage(session)
        show(page, 1100, 700)
        read = session.snapshot().read
        soft, linear = page.shown_weights()
        weights = np.abs(read.weights)
        np.testing.assert_allclose(linear, weights / weights.sum())  # like with like
        assert soft.sum() == pytest.approx(1.0) and linear.sum() == pytest.approx(1.0)
        assert page.linear_output.text().endswith(page_vector(read.output))
        if session.scenario.normalize:
            assert "normalised" in page.linear_name.text()


def test_crowding_step_7_softmax_concentrates_at_the_default_while_linear_stays_spread(qtbot, show):
    page = page_on(show, "crowding-the-plane", 7)
    assert page.lab.settings.sharpness == DEFAULT_SHARPNESS == 10
    model = compare_read(page.session.trace, 7, DEFAULT_SHARPNESS)
    soft, linear = page.shown_weights()
    np.testing.assert_allclose(soft, model.softmax.shares)
    np.testing.assert_allclose(linear, [0.8 / 2.4, 0.6 / 2.4, 1.0 / 2.4])
    assert "reads 1.55 keys" in plain(page.soft_spread)
    assert "reads 2.94 keys" in plain(page.linear_spread)
    assert "sum to 2.4" in plain(page.linear_spread)  # the raw weights, said, not drawn
    caption = plain(page.caption)
    assert "softmax concentrates: it reads 1.55 keys where linear reads 2.94 keys" in caption
    assert "needs its own key only" not in caption
    # At s = 1 softmax spreads as wide as linear: the page says so instead.
    page.spin.setValue(1.0)
    settle()
    assert "reads 2.96 keys" in plain(page.soft_spread)
    assert "reads 2.94 keys" in plain(page.linear_spread)
    assert "about as many keys (softmax 2.96, linear 2.94)" in plain(page.caption)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_linear_spread_never_ends_a_line_inside_its_formula(qtbot, show, language):
    """On a 1024×768 projector it read "each bar is |" then "wᵢ| / Σ|w|"."""
    from PySide6 import QtGui

    from linviz.views.language import set_language

    set_language(language)
    try:
        page = page_on(show, "crowding-the-plane", 7)
        label = page.linear_spread
        text = label.text()
        assert "|wᵢ| / Σ|w|" in plain(label).replace("\u00a0", " ")
        layout = QtGui.QTextLayout(text, label.font())
        option = QtGui.QTextOption()
        option.setWrapMode(QtGui.QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        broken = 0
        for width in range(80, 700, 3):
            layout.beginLayout()
            ends = []
            while (line := layout.createLine()).isValid():
                line.setLineWidth(width)
                ends.append(line.textStart() + line.textLength())
            layout.endLayout()
            for end in ends[:-1]:
                # A bar at a line's end with no space after it opens "|wᵢ|": split.
                split = text[:end].replace(WORD_JOINER, "").endswith("|") and text[end] != " "
                assert not split, (width, text[:end][-20:], text[end:][:10])
            broken += len(ends) > 1
        assert broken > 100  # it does wrap, at most of these widths
    finally:
        set_language("en")


def test_session_trace_step_7_two_writes_under_the_best_key_stay_two_keys(qtbot, show):
    page = page_on(show, "session-trace", 7)  # w1 and w3 share k = [1, 0] = q
    assert "reads 2 keys" in plain(page.linear_spread)
    assert "reads 2 keys" in plain(page.soft_spread)
    assert "2 writes share the best score" in plain(page.caption)
    page.spin.setValue(1.0)
    settle()
    assert "reads 2.77 keys" in plain(page.soft_spread)  # as the model: 2.77 against 2
    assert "wider than linear's 2" in plain(page.caption)


def test_the_spread_curve_shows_softmax_narrowing_and_linear_flat(qtbot, show):
    page = page_on(show, "crowding-the-plane", 7)
    x, y, level = page.shown_spread()
    scores = compare_read(page.session.trace, 7).scores
    expected_x, expected_y = spread_curve(scores)
    np.testing.assert_allclose(x, expected_x)
    np.testing.assert_allclose(y, expected_y)
    assert level == pytest.approx(2.9375, abs=1e-4)
    assert y[0] == pytest.approx(3.0) and y[-1] < 1.01  # from every key to one
    _, linear_before = page.shown_weights()
    page.slider.setFocus()
    for _ in range(20):
        qtbot.keyClick(page.slider, Qt.Key.Key_Up)  # the real slider: s from 10 to 20
    settle()
    assert page.lab.settings.sharpness == pytest.approx(20.0)
    _, linear_after = page.shown_weights()
    np.testing.assert_array_equal(linear_after, linear_before)  # no s moves linear
    assert page.lab.result.softmax.effective_keys < 1.55
    assert page.shown_spread()[2] == level


def page_vector(vector) -> str:
    from linviz.views.number_text import shown_vector

    return shown_vector(vector)


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
    caption = plain(page.caption)
    assert "keep every key" in caption and "does not split" in caption
    assert "one fixed S" in caption and "one fixed z" in caption


def test_a_hidden_output_stays_hidden(qtbot, show):
    page = page_on(show, "session-trace", 7)
    page.session.set_hide_outputs(True)
    settle()
    assert "hidden" in page.linear_output.text() and "11" not in page.linear_output.text()
    page.session.reveal()
    settle()
    assert page.linear_output.text().endswith("[11, 12]")


def unbroken(text: str) -> str:
    return text.replace(WORD_JOINER, "")


def test_one_key_read_is_one_key_in_both_languages(qtbot, show):
    """A sharp softmax reads one key: the page said "reads 1 keys"."""
    from linviz.views.language import set_language

    page = page_on(show, "crowding-the-plane", 7)
    page.spin.setValue(page.spin.maximum())
    settle()
    assert page.lab.result.softmax.effective_keys == pytest.approx(1.0, abs=5e-4)
    assert "reads 1 key (" in plain(page.soft_spread)
    assert "it reads 1 key where linear reads 2.94 keys" in plain(page.caption)
    try:
        set_language("fr")
        # French counts below 2 in the singular: "1,55 clé", "2,94 clés".
        said = [unbroken(page.keys_read(count)) for count in (1.55, 2.94, 1.0)]
        assert said == ["1,55 clé", "2,94 clés", "1 clé"]
    finally:
        set_language("en")
    assert [unbroken(page.keys_read(count)) for count in (1.55, 1.0)] == ["1.55 keys", "1 key"]


def test_both_outputs_of_a_tiny_read_are_said(qtbot, show):
    # Values near 1e-300: both sides said "output [0, 0]" (residue taken beside 1).
    from tests.tiny_scenarios import tiny_values

    session = Session(tiny_values())
    session.set_cursor(3)
    page = SpotlightPage(session)
    show(page, 1100, 700)
    assert page.linear_output.text().endswith("[1e\u2212300, 6e\u2212301]")
    # Softmax gives k1 a share near 0.98 of its 1e-300 and k2 0.018 of its.
    assert page.soft_output.text().startswith("output [9.82e\u2212301, 1.799e\u2212302]")
