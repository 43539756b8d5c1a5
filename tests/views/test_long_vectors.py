"""Vectors too long to list whole, and large matrices, as a window shows them.

A model's head has d = 16 or 64: its vectors are cut after a few numbers. The
cut is said in the window's language, and a vector the user typed comes back
whole where it can be typed again.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.model.scenario import Scenario
from linviz.model.step import read, write
from linviz.views import number_text
from linviz.views.language import set_language
from linviz.views.main_window import MainWindow


def shown_window(qtbot, session: Session) -> MainWindow:
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.show()
    return window


@pytest.fixture
def french(qapp):
    set_language("fr")
    yield
    set_language("en")


def test_a_cut_vector_and_a_large_matrix_are_named_in_english(qapp):
    assert number_text.shown_vector(np.arange(10.0), limit=2) == "[0, 1, … (10 in all)]"
    assert number_text.shown_matrix(-np.ones((5, 5)) / 2) == "5×5 matrix, largest |entry| 0.5"


def test_a_cut_vector_and_a_large_matrix_are_named_in_french(french):
    assert number_text.shown_vector(np.arange(10.0) / 2, limit=2) == "[0 ; 0,5 ; … (10 au total)]"
    assert number_text.shown_matrix(-np.ones((5, 5)) / 2) == (
        "matrice 5×5, plus grand |coefficient| 0,5"
    )


def test_a_french_readout_of_a_sixteen_number_read_has_no_english(qtbot, french):
    rng = np.random.default_rng(4)
    steps = [write(rng.standard_normal(16), rng.standard_normal(16), f"w{i}") for i in (1, 2)]
    steps.append(read(steps[0].vector, "r1", target="w1"))
    session = Session(Scenario(16, 16, steps))
    window = shown_window(qtbot, session)
    session.set_cursor(3)
    readout = window.panels["readout"]
    qtbot.waitUntil(lambda: "16 au total" in readout.text())
    assert "in all" not in readout.text()
    assert "in all" not in window.panels["caption"].text()


def test_a_long_prediction_comes_back_whole_to_be_typed_again(qtbot):
    """The box showed a prediction of 10 numbers as the readout does: 8 numbers
    rounded to 4 digits and "… (10 in all)", which Return then refused."""
    typed = "0.123456, 1, 2, 3, 4, 5, 6, 7, 8, -9.5"
    steps = [write([1.0, 0.0], np.arange(10.0), "w1"), read([1.0, 0.0], "r1", target="w1")]
    session = Session(Scenario(2, 10, steps))
    window = shown_window(qtbot, session)
    session.set_hide_outputs(True)
    session.set_cursor(2)
    window.classroom.predict_action.trigger()
    box = window.classroom.prediction_box
    qtbot.waitUntil(box.isVisible)
    qtbot.keyClicks(box.edit, typed)
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not box.isVisible())
    expected = [0.123456, 1, 2, 3, 4, 5, 6, 7, 8, -9.5]
    np.testing.assert_array_equal(session.predictions["r1"], expected)

    window.classroom.predict_action.trigger()  # again: the prediction is in the box
    qtbot.waitUntil(box.isVisible)
    assert box.edit.text() == typed
    qtbot.keyClick(box.edit, Qt.Key.Key_Return)  # sent again as it is: nothing changes
    qtbot.waitUntil(lambda: not box.isVisible())
    assert not box.error.isVisibleTo(box)
    np.testing.assert_array_equal(session.predictions["r1"], expected)


def test_a_french_caption_names_a_large_state_as_the_page_does(qtbot, french):
    steps = [write([1.0, 0, 0, 0, 0], [2.5, 0, 0, 0, -1], "w1", caption="S = {S}")]
    session = Session(Scenario(5, 5, steps))
    window = shown_window(qtbot, session)
    session.set_cursor(1)
    caption = window.panels["caption"]
    qtbot.waitUntil(lambda: "S = matrice 5×5, plus grand |coefficient| 2,5" in caption.text())
