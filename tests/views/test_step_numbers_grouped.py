"""A long scenario's step numbers read as the cursor line says them: 12,345, never cut."""

import pytest
from PySide6 import QtGui, QtWidgets

from linviz.bench.workloads import random_columns_scenario
from linviz.controller.session import Session
from linviz.views import number_text
from linviz.views.drawing.step_delegate import _TEXT_MARGIN
from linviz.views.panels.step_table_model import LABEL, NUMBER
from tests.views.conftest import shown_main_window

STEPS = 12_345


@pytest.fixture(params=[("en", "12,345"), ("fr", "12\u202f345")], ids=["en", "fr"])
def shown(request):
    """The last step's number as the language shows it, numbers set to that language."""
    language, text = request.param
    number_text.set_number_language(language)
    yield text
    number_text.set_number_language("en")


@pytest.fixture
def long_window(qtbot, shown):
    return shown_main_window(qtbot, Session(random_columns_scenario(STEPS, 2)))


def test_every_panel_groups_the_step_number(long_window, qtbot, shown):
    session = long_window.session
    session.set_cursor(STEPS - 1)  # a write, then the last step, a read
    session.set_cursor(STEPS)
    qtbot.waitUntil(lambda: shown in long_window.panels["equation"].heading.text())
    heatmap_title = long_window.findChild(QtWidgets.QLabel, "heatmap_title")
    assert heatmap_title is not None and shown in heatmap_title.text()
    assert shown in long_window.accessibility.state_words()
    table = long_window.panels["steps"]
    assert table.model.look_at(STEPS - 1, NUMBER)[0] == shown
    # The planes' tooltips: "key w12344 (step 12,344) = …".
    written = "12,344" if shown == "12,345" else "12\u202f344"
    keys, values = long_window.panels["keys"], long_window.panels["values"]
    assert f"(step {written}) =" in keys._step_tooltip("key", STEPS - 1)()
    assert f"(step {written}) =" in values._step_tooltip("value", STEPS - 1)()
    assert f"(step {shown}) =" in keys._step_tooltip("query", STEPS)()


def test_a_million_steps_numbers_are_drawn_whole(qtbot):
    window = shown_main_window(qtbot, Session(random_columns_scenario(1_000_000, 1)))
    table = window.panels["steps"]
    width = table.table.horizontalHeader().sectionSize(NUMBER)
    text = table.model.look_at(999_999, NUMBER)[0]
    assert text == "1,000,000"
    metrics = QtGui.QFontMetrics(table.table.font())
    # In a column sized for "99999" the delegate drew "1,000,0…".
    assert table.delegate._shown(text, width - 2 * _TEXT_MARGIN, False, metrics) == text
    # And the labels, in a column sized for the word "label": "w99…".
    label, _, bold, _ = table.model.look_at(999_998, LABEL)
    assert label == "w999999"
    room = table.table.horizontalHeader().sectionSize(LABEL) - 2 * _TEXT_MARGIN
    bold_metrics = QtGui.QFontMetrics(table.delegate._tools.fonts[bold]) if bold else metrics
    assert table.delegate._shown(label, room, bold, bold_metrics) == label
