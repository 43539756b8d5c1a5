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
from tests.model.test_read_measures import assert_same_contribution


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


def test_held_at_key_is_what_a_read_of_that_key_returned_just_before_the_write():
    from linviz.model.readout import held_at_key

    # session-trace: w3 writes [9, 9] under key (1, 0), where w1 left [2, 3].
    scenario = load_scenario(next(x for x in bundled_lessons() if x.name == "session-trace").path)
    trace = Trace(scenario)
    np.testing.assert_allclose(held_at_key(trace, 6), [2, 3])
    np.testing.assert_allclose(held_at_key(trace, 1), [0, 0])  # the empty memory
    # With φ and the normaliser it equals a read of the key inserted before the write.
    steps = [write([1, 0], [3, 1], "k1"), write([0.8, 0.6], [0, -5], "k2")]
    probe = Scenario(
        2, 2, [steps[0], read([0.8, 0.6], "r"), steps[1]], feature_map="elu+1", normalize=True
    )
    held = held_at_key(Trace(probe), 3)
    np.testing.assert_allclose(held, read_result(Trace(probe), 2).output)
    with pytest.raises(ValueError, match="is a read"):
        held_at_key(Trace(probe), 2)


def test_what_a_key_held_beyond_the_floats_is_inf_without_a_warning():
    # φ(k)ᵀS for two keys of 1.8e308 is 3.2e616: no read makes it, so no check kept it
    # finite; `linviz export` printed numpy's "overflow encountered in matmul".
    from linviz.model.readout import held_at_key

    biggest = 1.7976931348623157e308
    steps = [write([biggest, -biggest], [1, 0], "w1"), write([biggest, 0], [0, 1], "w2")]
    held = held_at_key(Trace(Scenario(2, 2, steps)), 2)  # warnings are errors in the tests
    assert held.tolist() == [np.inf, 0.0]


def test_an_old_writes_own_value_is_decayed_by_the_writes_after_it():
    # gated delta, α = 0.5, β = 0.5: w1 set out to add β·v = [1, 2]; w2's decay halves it.
    scenario = Scenario(
        2,
        2,
        [write([1, 0], [2, 4], "w1"), write([0, 1], [1, 1], "w2"), read([1, 0], "r", target="w1")],
        rule=Rule("gated_delta", alpha=0.5, beta=0.5),
    )
    result = read_result(Trace(scenario), 3)
    np.testing.assert_allclose(result.own_value, [0.5, 1.0], rtol=0, atol=1e-15)
    np.testing.assert_allclose(result.target_term, [0.5, 1.0], rtol=0, atol=1e-15)
    np.testing.assert_allclose(result.correction, [0.0, 0.0], rtol=0, atol=1e-15)


def test_short_vectors_have_a_cosine_too():
    from linviz.model.readout import cosine

    assert cosine(np.array([0.1, 0.0]), np.array([0.2, 0.0])) == pytest.approx(1.0)
    assert cosine(np.array([0.0, 0.3]), np.array([0.4, 0.0])) == 0.0
    assert cosine(np.array([0.0, 0.0]), np.array([0.4, 0.0])) is None


def test_a_read_with_nothing_to_retrieve_is_not_exact():
    # Before any write the memory is empty: no target, so no verdict of "exact".
    scenario = Scenario(2, 2, [read([1, 0], "r0"), write([0, 1], [1, 1], "w")])
    result = read_result(Trace(scenario), 1)
    assert result.target is None and not result.exact
    assert result.relative_error is None and result.cosine is None and result.tied == ()


def test_contributions_asked_for_a_few_at_a_time_equal_the_whole_list():
    # The readout asks for its largest terms by index; each must be the same write's
    # number, label, weight, value and term as the full list gives.
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [1, 2], "k1"),
            write([0.6, 0.8], [3, -1], "k2"),
            write([1, 0], [5, 5], "k3"),
            write([1, 0], [2, 0], "k4"),
            read([0.8, 0.6], "r", target="k4"),
        ],
    )
    whole = read_result(Trace(scenario), 5).contributions
    few = read_result(Trace(scenario), 5).contributions_at([2, 0, 2])
    for got, index in zip(few, (2, 0, 2)):
        assert_same_contribution(got, whole[index])
    assert [c.label for c in few] == ["k3", "k1", "k3"] and few[0].weight == 0.8


def test_the_writes_under_the_targets_key_are_found_row_by_row():
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [1, 2], "k1"),
            write([0, 1], [3, -1], "k2"),
            write([1, 0], [5, 5], "k3"),
            write([1, 0], [2, 0], "k4"),
            write([1, 0], [0, 1], "k5"),
            read([1, 0], "r", target="k4"),
        ],
    )
    result = read_result(Trace(scenario), 6)
    # Earlier than the target and under its key: k1 and k3 (not k4 itself, not k5 after).
    assert result.under_target_key_rows([0, 1, 2, 3, 4]).tolist() == [
        True,
        False,
        True,
        False,
        False,
    ]
    assert result.under_target_key_rows([]).tolist() == []


def test_a_read_with_no_single_target_has_no_writes_under_its_key():
    # The query weighs k1 and k2 alike: no target, so no write is "under its key".
    scenario = Scenario(
        2, 2, [write([1, 0], [1, 2], "k1"), write([0, 1], [3, 4], "k2"), read([1, 1], "r")]
    )
    result = read_result(Trace(scenario), 3)
    assert result.target is None and result.tied == ("k1", "k2")
    assert result.under_target_key_rows([0, 1]).tolist() == [False, False]
