"""The window says a read of tiny values as it is, not as zeros.

With values near 1e-300 the readout said "output y [0, 0]", "error y − v_target
[0, 0]" beside "relative error 60.0 %", and every bar was labelled 0: residue was
taken below 1e-12 of 1, not of the numbers the read was worked out from.
"""

from __future__ import annotations

from linviz.controller.session import Session
from tests.tiny_scenarios import tiny_keys, tiny_values
from tests.views.conftest import EXTREME_VALUE_MARKS, opened_window

pytestmark = EXTREME_VALUE_MARKS


def test_the_readout_and_the_value_plane_say_a_tiny_reads_numbers(qtbot):
    window = opened_window(qtbot, Session(tiny_values()), (1280, 800))
    window.session.set_cursor(3)
    readout = window.panels["readout"]
    qtbot.waitUntil(lambda: "r1" in readout.heading.text())
    text = readout.text()
    for line in (
        "output y: [1e−300, 6e−301]",
        "expected v_target (k1): [1e−300, 0]",
        "error y − v_target: [0, 6e−301]",
        "= crosstalk: [0, 6e−301]",
        "relative error: 60.0 %",
    ):
        assert line in text, text
    assert "The error's largest part: crosstalk" in text

    bars = readout.bars
    qtbot.waitUntil(lambda: bool(bars.bar_rects))
    groups = [group.label for group in bars.groups]
    y_bar = next(rect for index, _, rect in bars.bar_rects if groups[index] == "y")
    assert "[1e−300, 6e−301]" in bars._tooltip(y_bar.center())

    plane = window.panels["values"]
    assert plane._read_tooltip("output").endswith("= [1e−300, 6e−301]")
    assert "[0, 6e−301]" in plane._read_tooltip("error")


def test_the_readout_says_the_weights_of_tiny_keys(qtbot):
    scenario = tiny_keys()
    window = opened_window(qtbot, Session(scenario), (1280, 800))
    window.session.set_cursor(3)
    readout = window.panels["readout"]
    qtbot.waitUntil(lambda: "r1" in readout.heading.text())
    text = " ".join(readout.text().split())
    assert "q·kᵢ: w1 1e−160 w2 2e−160" in text, text
    assert [group.note for group in readout.bars.groups[:2]] == ["w = 1e−160", "w = 2e−160"]
