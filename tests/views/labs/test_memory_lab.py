"""The memory calculator: the course's numbers, presets, formats, and predict-then-reveal."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.views.labs.memory_page import MemoryPage, curve_end
from linviz.views.labs.memory_quiz import MemoryQuiz
from linviz.views.language import set_language
from linviz.views.number_text import NARROW_NO_BREAK, WORD_JOINER
from tests.views.conftest import settle


def plain(label) -> str:
    """A label's text with its unbreakable spaces and joiners as a reader sees them."""
    text = label.text().replace(WORD_JOINER, "")
    return text.replace(NARROW_NO_BREAK, " ").replace("\u00a0", " ")


@pytest.fixture
def page(show):
    page = MemoryPage(Session())
    show(page, 1200, 760)
    return page


def choose(combo, data) -> None:
    combo.setCurrentIndex(combo.findData(data))
    combo.activated.emit(combo.currentIndex())


def test_the_course_numbers_at_1000_and_100000_tokens(qtbot, page):
    assert plain(page.kv_value) == "500 KiB" and page.kv_bytes.text() == "512,000 bytes"
    assert plain(page.state_value) == "32 KiB" and page.state_bytes.text().startswith("32,768")
    assert "65 tokens" in page.crossover_label.toPlainText()
    page.length_spin.setValue(100_000)
    settle()
    assert page.lab.settings.tokens == 100_000
    assert plain(page.kv_value) == "48.8 MiB" and page.kv_bytes.text() == "51,200,000 bytes"
    assert plain(page.state_value) == "32 KiB"
    assert page.at_label.text() == "At 100,000 tokens"


def test_presets_and_number_formats_go_through_the_lab(qtbot, page):
    choose(page.preset_combo, "model")
    settle()
    settings = page.lab.settings
    assert (settings.layers, settings.heads, settings.head_dim) == (32, 8, 128)
    assert plain(page.state_value) == "8 MiB" and plain(page.kv_value) == "125 MiB"
    assert page.layers_spin.value() == 32 and page.heads_spin.value() == 8
    choose(page.dtype_combo, "fp8")
    settle()
    assert page.lab.settings.dtype == "fp8" and plain(page.state_value) == "4 MiB"
    page.heads_spin.setValue(4)
    settle()
    assert page.preset_combo.currentData() is None  # no preset has this shape
    assert "× 4" in plain(page.shape_label)


def test_the_curves_cross_where_the_cache_passes_the_state(qtbot, page):
    x, kv = page.kv_curve.getData()
    _, state = page.state_curve.getData()
    assert x[0] == 0 and x[-1] == pytest.approx(6.0)  # 1 to a million tokens, log10
    assert state[0] == pytest.approx(math.log10(32_768))
    assert page.crossover_line.value() == pytest.approx(math.log10(65))
    crossing = x[kv > state][0]
    assert 10**crossing == pytest.approx(65, rel=0.1)
    page.length_spin.setValue(5_000_000_000)
    settle()
    assert page.lab.settings.max_tokens == curve_end(5_000_000_000) == 10**10
    assert page.kv_curve.getData()[0][-1] == pytest.approx(10.0)


def test_the_length_slider_steps_through_the_decades(qtbot, page):
    page.length_slider.setFocus()
    qtbot.keyClick(page.length_slider, Qt.Key.Key_Up)
    settle()
    assert page.lab.settings.tokens == round(10**3.1)
    assert page.length_spin.value() == round(10**3.1)


def test_the_room_predicts_then_reveals(qtbot, page):
    qtbot.mouseClick(page.hide_box, Qt.MouseButton.LeftButton)
    assert page.quiz.hidden and page.estimate_box.isVisible()
    assert plain(page.kv_value) == "?" and plain(page.state_value) == "?"
    assert not page.kv_curve.isVisible() and page.plot.notice.isVisible()
    page.kv_estimate.number.setText("400")
    page.kv_estimate.number.editingFinished.emit()
    page.state_estimate.number.setText("64")
    page.state_estimate.number.editingFinished.emit()
    assert page.lab.prediction_bytes == 400 * 1024
    assert page.quiz.state_prediction_bytes == 64 * 1024
    assert not page.kv_gap.isVisible()  # nothing is given away before the reveal
    qtbot.mouseClick(page.reveal_button, Qt.MouseButton.LeftButton)
    assert plain(page.kv_value) == "500 KiB" and page.kv_curve.isVisible()
    assert plain(page.kv_gap) == "Estimate 400 KiB: 100 KiB too low (the true size is 1.25 × it)"
    assert plain(page.state_gap) == "Estimate 64 KiB: 32 KiB too high (the true size is 0.5 × it)"
    page.length_spin.setValue(100_000)  # a new question: hidden again, estimates gone
    settle()
    assert page.quiz.hidden and plain(page.kv_value) == "?"
    assert page.lab.prediction_bytes is None and page.kv_estimate.number.text() == ""


def test_the_quiz_needs_no_qt():
    from linviz.controller.labs import MemoryLab

    lab = MemoryLab()
    quiz = MemoryQuiz(lab)
    heard = []
    quiz.changed.connect(lambda: heard.append(1))
    quiz.set_hiding(True)
    quiz.set_estimates(512_000, None)
    assert quiz.gaps() == (None, None)
    quiz.reveal()
    kv, state = quiz.gaps()
    assert kv.difference == 0 and state is None and heard


def test_in_french_numbers_are_written_the_french_way_and_never_broken(qtbot, show):
    set_language("fr")
    try:
        page = MemoryPage(Session())
        show(page, 1200, 760)
        page.length_spin.setValue(100_000)
        settle()
        assert plain(page.kv_value) == "48,8 MiB"  # the course keeps binary units
        assert page.kv_value.text() == "48," + WORD_JOINER + "8" + NARROW_NO_BREAK + "MiB"
        assert page.kv_bytes.text() == "51\u202f200\u202f000 octets"
        ratio = page.ratio_label.text()
        assert "1\u202f562\u202f×" in ratio and "1,562" not in ratio  # 1 562, never 1,562
        page.length_spin.setValue(125)
        settle()
        assert "1,95 ×" in plain(page.ratio_label)  # a decimal comma below 100
        assert "95\u202f×" in page.ratio_label.text()  # held to its "×"
    finally:
        set_language("en")
