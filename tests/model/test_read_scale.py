"""A read's numbers print as 0 only when they are residue beside the numbers it was
worked out from, not beside 1: a read of values near 1e-300 says its numbers.
"""

from __future__ import annotations

import re

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz.model.captions import render
from linviz.model.lessons import bundled_lessons
from linviz.model.norms import largest_finite
from linviz.model.readout import read_result, read_scale
from linviz.model.replay import Trace
from linviz.model.report import fmt_number, fmt_vector, trace_table
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import load_scenario
from tests.tiny_scenarios import tiny_keys, tiny_values


def test_the_trace_says_a_tiny_read_and_what_the_writes_stored():
    lines = trace_table(Trace(tiny_values())).splitlines()
    assert "stamp [[1e-300, 0], [0, 0]]  S = [[1e-300, 0], [0, 0]]" in lines[-3]
    assert "S = [[1e-300, 6e-301], [0, 8e-301]]" in lines[-2]
    assert lines[-1].endswith(
        "q = [1, 0]  -> [1e-300, 6e-301]  target k1: wanted [1e-300, 0], "
        "off by [0, 6e-301] = crosstalk [0, 6e-301]"
    )


def test_captions_say_a_tiny_reads_numbers_and_its_cause():
    trace = Trace(tiny_values())
    template = "{y} | {expected} | {interference} | {parts} | {cause} | {verdict}"
    assert render(template, trace, 3) == (
        "[1e-300, 6e-301] | [1e-300, 0] | [0, 6e-301] | crosstalk [0, 6e-301] | "
        "crosstalk from other keys | off by [0, 6e-301]"
    )


def test_captions_say_what_a_write_of_tiny_values_stored():
    trace = Trace(tiny_values())
    assert render("{u} | {stamp} | {S}", trace, 2) == (
        "[0, 1e-300] | [[0, 6e-301], [0, 8e-301]] | [[1e-300, 6e-301], [0, 8e-301]]"
    )


def test_a_delta_writes_residue_stamp_still_prints_as_zero():
    # Writing k again with the value S already returns for it stores rounding
    # residue (|k|² is not exactly 1): its stamp is residue beside |k| · |v|.
    key = [0.28, 0.96]  # its u is [1.1e-16, 2.2e-16]
    scenario = Scenario(
        2,
        2,
        [write(key, [1.0, 2.0], "a"), write(key, [1.0, 2.0], "again")],
        rule=Rule("delta", beta=1.0),
    )
    trace = Trace(scenario)
    assert render("{stamp} | {u}", trace, 2) == "[[0, 0], [0, 0]] | [0, 0]"


def test_the_scale_is_the_largest_finite_size_of_y_v_target_and_the_terms():
    result = read_result(Trace(tiny_values()), 3)
    assert result.scale == 1e-300
    sizes = np.array([2.0, np.inf])
    assert read_scale(np.array([1.0, np.inf]), np.array([-3.0, 0.0]), sizes) == 3.0
    assert read_scale(np.array([0.5]), None, np.array([])) == 0.5
    assert read_scale(np.zeros(2), None, np.zeros(0)) == 0.0


def test_residue_beside_the_scale_still_prints_as_zero():
    assert fmt_vector(np.array([1.0, 8.9e-16]), at=4.0) == "[1, 0]"
    assert fmt_vector(np.array([8.9e-16, 0.0]), at=4.0) == "[0, 0]"
    assert fmt_vector(np.array([8.9e-16, 0.0])) == "[0, 0]"  # no scale: beside 1
    assert fmt_vector(np.array([1e-300, 0.0]), at=1e-300) == "[1e-300, 0]"
    assert fmt_number(1e-300, at=1e-300) == "1e-300"
    assert fmt_number(1e-300) == "0"
    # A scale beyond the floats is no scale: the vector's own size decides.
    assert fmt_vector(np.array([3e-10, 1e-20]), at=float("inf")) == "[3e-10, 1e-20]"
    # An entry beyond the floats does not make the others residue.
    assert fmt_vector(np.array([np.inf, 5.0])) == "[inf, 5]"


_NUMBER = re.compile(r"-?\d[\d.]*(?:e[-+]\d+)?")


def _zeros(text: str) -> list[bool]:
    """For each number of ``text``: whether it prints as 0."""
    return [float(n) == 0 for n in _NUMBER.findall(text)]


def _worked_out_numbers(scenario: Scenario) -> list[tuple[int, str]]:
    """Each step's worked-out numbers as its captions write them."""
    trace = Trace(scenario)
    writes = "{u} {removed} {stamp} {S} {S_before}"
    reads = "{y} {S}"
    targeted = reads + " {interference} {parts} {verdict}"
    numbers = []
    for number in range(1, len(scenario) + 1):
        if scenario.is_write(number):
            template = writes
        else:
            template = targeted if read_result(trace, number).target is not None else reads
        numbers.append((number, render(template, trace, number)))
    return numbers


@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_a_lessons_steps_print_the_same_zeros_at_any_scale_of_its_values(lesson):
    # Values scaled by a power of two scale every worked-out number exactly (u, the
    # stamps, S, a read's y, error and parts): what is residue at one scale is
    # residue at the other, and nothing else is.
    scenario = load_scenario(lesson.path)
    scaled = scenario.copy()
    for number in range(1, len(scenario) + 1):
        if scenario.is_write(number):
            step = scenario.step(number)
            scaled.replace_step(number, step.with_changes(value=np.ldexp(step.value, -900)))
    plain, tiny = _worked_out_numbers(scenario), _worked_out_numbers(scaled)
    assert [n for n, _ in plain] == [n for n, _ in tiny]
    for (number, text), (_, scaled_text) in zip(plain, tiny):
        assert _zeros(text) == _zeros(scaled_text), (number, text, scaled_text)


def test_the_weights_of_tiny_keys_are_said_and_residue_weights_are_zero():
    # Keys near 1e-160 weigh 1e-160 (w1 "0" beside y = [1e-160, 0] was no true
    # statement); orthogonal keys' 0.28·0.96 − 0.96·0.28 stays 0.
    tiny = tiny_keys()
    assert render("{weights} | {y}", Trace(tiny), 3) == "w1 1e-160, w2 2e-160 | [1e-160, 2e-160]"
    orthogonal = Scenario(
        2,
        2,
        [
            write([0.28, 0.96], [1.0, 0.0], "a"),
            write([0.96, -0.28], [0.0, 1.0], "b"),
            read([0.28, 0.96], "r"),
        ],
    )
    result = read_result(Trace(orthogonal), 3)
    assert result.weights[1] != 0  # rounding residue of an exact 0
    assert render("{weights}", Trace(orthogonal), 3) == "a 1, b 0"


@given(
    hnp.arrays(
        np.float64,
        st.integers(0, 12),
        elements=st.sampled_from(
            [0.0, -0.0, 5e-324, -1e-300, 2.5, -1.8e308, np.inf, -np.inf, np.nan]
        ),
    )
)
def test_largest_finite_is_the_largest_finite_size(values):
    finite = [abs(float(x)) for x in values if np.isfinite(x)]
    assert largest_finite(values) == max(finite, default=0.0)
