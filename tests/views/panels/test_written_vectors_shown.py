"""The window shows keys, values and queries as the user wrote them, however small.

A query of ``[1e-308, 0]`` was headed "Read r1: query [0, 0]" above
"Weight of each write: w1 1.798": the views' rule for rounding residue
(worked-out numbers below 1e-12 print as 0) was applied to what the user
typed.
"""

from __future__ import annotations

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.panels.step_table_model import VALUE, VECTOR
from tests.views.conftest import EXTREME_VALUE_MARKS, opened_window

pytestmark = EXTREME_VALUE_MARKS

BIGGEST = 1.7976931348623157e308


def test_the_readout_and_the_table_show_a_tiny_query_key_and_value_as_written(qtbot):
    scenario = Scenario(
        2,
        2,
        [
            write([BIGGEST, -BIGGEST], [1.0, 0.0], "w1"),
            write([1e-300, 0.0], [1e-13, 1.0], "w2"),
            read([1e-308, 0.0], "r1"),
        ],
    )
    window = opened_window(qtbot, Session(scenario), (1280, 800))
    window.session.set_cursor(3)
    readout = window.panels["readout"]
    qtbot.waitUntil(lambda: "r1" in readout.heading.text())
    assert "query [1e−308, 0]" in readout.heading.text()

    model = window.panels["steps"].model
    assert model.look_at(1, VECTOR)[0] == "[1e−300, 0]"
    assert model.look_at(1, VALUE)[0] == "[1e−13, 1]"
    assert model.look_at(2, VECTOR)[0] == "[1e−308, 0]"
