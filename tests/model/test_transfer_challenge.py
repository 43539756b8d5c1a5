"""Worked case 3, the transfer challenge, as a bundled lesson (CURRICULUM.md).

d_k = 3, d_v = 2: k1 = [1, 0, 0] → [2, 3], k2 = [0, 1, 0] → [5, 1], then
k3 = [0.7, 0.7, 0] → [4, 0]. Reading k1 gives [4.8, 3], reading k2 [7.8, 1]:
both degrade by 0.7 · v3 because k3 overlaps both.
"""

import numpy as np

from linviz.model.captions import render
from linviz.model.lessons import resolve_scenario_path
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.report import trace_document
from linviz.model.scenario_file import load_scenario
from linviz.model.texts import LANGUAGES, in_language


def lesson():
    return load_scenario(resolve_scenario_path("transfer-challenge"))


def test_the_seed_numbers():
    scenario = lesson()
    assert (scenario.d_k, scenario.d_v, scenario.rule.name) == (3, 2, "additive")
    assert not scenario.normalize and scenario.feature_map == "identity"
    keys = {step.label: step.vector.tolist() for step in scenario.steps if step.is_write}
    values = {step.label: step.value.tolist() for step in scenario.steps if step.is_write}
    assert keys["k1"] == [1, 0, 0] and values["k1"] == [2, 3]
    assert keys["k2"] == [0, 1, 0] and values["k2"] == [5, 1]
    assert keys["k3"] == [0.7, 0.7, 0] and values["k3"] == [4, 0]
    trace = Trace(scenario)
    np.testing.assert_allclose(trace.state(5), [[4.8, 3], [7.8, 1], [0, 0]], atol=1e-15)


def test_reads_before_k3_are_exact_and_after_it_degrade_by_0_7_v3():
    trace = Trace(lesson())
    assert read_result(trace, 3).exact and read_result(trace, 4).exact
    for number, output, wanted in ((6, [4.8, 3], [2, 3]), (7, [7.8, 1], [5, 1])):
        result = read_result(trace, number)
        np.testing.assert_allclose(result.output, output, atol=1e-15)
        np.testing.assert_array_equal(result.expected, wanted)
        parts = result.error_parts
        assert parts is not None and list(parts.parts) == ["crosstalk"]
        np.testing.assert_allclose(parts["crosstalk"], 0.7 * np.array([4, 0]), atol=1e-15)


def test_reading_k3_itself_shows_crosstalk_and_its_own_scale():
    # 0.7·[2, 3] + 0.7·[5, 1] + 0.98·[4, 0] = [8.82, 2.8]; k3·k3 = 0.98, not 1.
    step = trace_document(Trace(lesson()))["steps"][7]
    assert step["target"] == "k3"
    np.testing.assert_allclose(step["output"], [8.82, 2.8], atol=1e-14)
    assert list(step["error_parts"]) == ["crosstalk", "own_scale"]
    np.testing.assert_allclose(step["error_parts"]["crosstalk"], [4.9, 2.8], atol=1e-14)
    np.testing.assert_allclose(step["error_parts"]["own_scale"], [-0.08, 0], atol=1e-15)


def test_an_orthogonal_write_is_free_for_the_read():
    trace = Trace(lesson())
    np.testing.assert_array_equal(read_result(trace, 10).output, read_result(trace, 6).output)
    assert read_result(trace, 10).contribution("k4").weight == 0


def test_every_caption_renders_in_both_languages_with_live_numbers():
    scenario = lesson()
    trace = Trace(scenario)
    for language in LANGUAGES:
        texts = [
            render(in_language(step.caption, language), trace, n)
            for n, step in enumerate(scenario.steps, start=1)
        ]
        assert "?" not in "".join(texts)
        assert "[4.8, 3]" in texts[5] and "[7.8, 1]" in texts[6]
        assert "[2.8, 0]" in texts[5]
    for step in scenario.steps:
        assert step.question.by_language.keys() == {"en", "fr"}
        assert step.question.strip().endswith("?") and len(step.notes) >= 80
