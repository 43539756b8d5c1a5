"""read_output: a read's y alone, exactly as read_result computes it."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.model.lessons import bundled_lessons
from linviz.model.readout import read_output, read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario


@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_read_output_equals_the_decomposed_output_in_every_lesson(lesson):
    trace = Trace(load_scenario(lesson.path))
    scenario = trace.scenario
    reads = [n for n in range(1, len(scenario) + 1) if not scenario.is_write(n)]
    assert reads
    for number in reads:
        np.testing.assert_array_equal(read_output(trace, number), read_result(trace, number).output)


def test_read_output_with_the_normaliser_a_feature_map_and_a_gated_rule():
    scenario = Scenario(
        2,
        2,
        [write([1, 0], [3, 1], "k1"), write([0.8, 0.6], [0, -5], "k2"), read([1, 0.2], "r1")],
        feature_map="elu+1",
        normalize=True,
        rule=Rule("additive"),
    )
    trace = Trace(scenario, checkpoint_every=1)
    np.testing.assert_array_equal(read_output(trace, 3), read_result(trace, 3).output)
    gated = Scenario(
        2,
        2,
        [write([1, 0], [3, 1], "k1"), write([0.8, 0.6], [0, -5], "k2"), read([1, 0.2], "r1")],
        rule=Rule("gated_delta", alpha=0.9, beta=0.5),
    )
    trace = Trace(gated, checkpoint_every=2)
    np.testing.assert_array_equal(read_output(trace, 3), read_result(trace, 3).output)
    with pytest.raises(ValueError):
        read_output(trace, 1)
