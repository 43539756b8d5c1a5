"""The session-trace and crowding-the-plane lessons worked by hand, step by step, exactly."""

import numpy as np
import pytest

from linviz.model.errors import ScenarioError
from linviz.model.lessons import resolve_scenario_path
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario


def test_session_trace_step_by_step():
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "w1"),
            write([0, 1], [5, 1], "w2"),
            read([1, 0], "r1"),
            read([0, 1], "r2"),
            read([1, 1], "r3"),
            write([1, 0], [9, 9], "w3"),
            read([1, 0], "r4"),
        ],
    )
    trace = Trace(scenario)
    assert np.array_equal(trace.state(0), [[0, 0], [0, 0]])
    first = trace.write_record(1)
    assert np.array_equal(first.stamp, [[2, 3], [0, 0]])
    assert np.array_equal(first.state, [[2, 3], [0, 0]])
    second = trace.write_record(2)
    assert np.array_equal(second.stamp, [[0, 0], [5, 1]])
    assert np.array_equal(trace.state(2), [[2, 3], [5, 1]])
    assert np.array_equal(read_result(trace, 3).output, [2, 3])
    assert np.array_equal(read_result(trace, 4).output, [5, 1])
    blend = read_result(trace, 5)
    assert np.array_equal(blend.output, [7, 4])
    assert np.array_equal(trace.state(6), [[11, 12], [5, 1]])
    merged = read_result(trace, 7)
    assert np.array_equal(merged.output, [11, 12])
    assert merged.target == "w3"
    assert np.array_equal(merged.interference, [2, 3])


def test_session_trace_refuses_a_three_component_key():
    scenario = Scenario(2, 2, [write([1, 0], [2, 3], "w1")])
    with pytest.raises(ScenarioError) as caught:
        scenario.insert_step(2, write([1, 0, 2], [9, 9], "w2"))
    message = str(caught.value)
    assert "3 components" in message and "d_k = 2 rows" in message
    assert "step 2" in message and "'key'" in message
    assert len(scenario) == 1


def test_crowding_the_plane_step_by_step():
    scenario = load_scenario(resolve_scenario_path("crowding-the-plane"))
    trace = Trace(scenario)
    assert np.array_equal(trace.state(1), [[3, 1], [0, 0]])
    assert np.array_equal(trace.state(2), [[3, 1], [-2, 4]])
    assert np.array_equal(read_result(trace, 3).output, [3, 1])
    assert np.array_equal(read_result(trace, 4).output, [-2, 4])
    crowd = trace.write_record(5)
    np.testing.assert_allclose(crowd.stamp, [[0, -4], [0, -3]], atol=1e-12)
    np.testing.assert_allclose(trace.state(5), [[3, -3], [-2, 1]], atol=1e-12)
    old_read = read_result(trace, 6)
    np.testing.assert_allclose(old_read.output, [3, -3], atol=1e-12)
    assert old_read.target == "k1"
    np.testing.assert_allclose(old_read.interference, [0, -4], atol=1e-12)
    new_read = read_result(trace, 7)
    np.testing.assert_allclose(new_read.output, [1.2, -1.8], atol=1e-12)
    assert new_read.target == "k3"
    np.testing.assert_allclose(new_read.expected, [0, -5])
    weights = {c.label: c.weight for c in new_read.contributions}
    assert weights == pytest.approx({"k1": 0.8, "k2": 0.6, "k3": 1.0})


def test_every_lesson_loads_and_replays_finitely():
    from linviz.model.lessons import bundled_lessons

    lessons = bundled_lessons()
    assert len(lessons) == 6
    for lesson in lessons:
        scenario = load_scenario(lesson.path)
        assert all(step.caption for step in scenario.steps), lesson.name
        trace = Trace(scenario)
        assert trace.first_invalid_step() is None


def test_delta_lesson_replaces_instead_of_merging():
    trace = Trace(load_scenario(resolve_scenario_path("delta-repair")))
    outputs = [
        read_result(trace, n).output
        for n, s in enumerate(trace.scenario.steps, start=1)
        if not s.is_write
    ]
    assert any(np.allclose(o, [9, 9]) for o in outputs)
    assert not any(np.allclose(o, [11, 12]) for o in outputs)
