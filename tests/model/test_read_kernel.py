"""The read formula lives in one function, and every read goes through it."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import linviz
from linviz.model.kernel import read_memory
from linviz.model.limits import NORMALISER_EPS
from linviz.model.readout import read_result, read_with
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write


def test_read_memory_divides_by_the_normaliser_plus_epsilon() -> None:
    state = np.array([[1.0, 2.0], [3.0, 4.0]])
    output, denominator = read_memory(np.array([1.0, 2.0]), state, np.array([2.0, 1.0]), True)
    assert denominator == 4 + NORMALISER_EPS
    np.testing.assert_array_equal(output, np.array([7.0, 10.0]) / (4 + NORMALISER_EPS))
    output, denominator = read_memory(np.array([1.0, 2.0]), state, np.array([2.0, 1.0]), False)
    assert denominator is None
    np.testing.assert_array_equal(output, [7.0, 10.0])


def test_no_module_but_the_kernel_divides_by_the_normaliser() -> None:
    # The bound on every read (bounds.py) works on whole columns, not one read.
    allowed = {"kernel.py", "limits.py", "bounds.py"}
    root = Path(linviz.__file__).parent
    users = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if path.name not in allowed and "NORMALISER_EPS" in path.read_text(encoding="utf-8")
    ]
    assert users == []


def test_trace_phi_is_the_scenarios_feature_map() -> None:
    scenario = Scenario(
        2, 1, [write([1, -1], [2], "w"), read([1, 1], "r")], feature_map="relu", normalize=True
    )
    trace = Trace(scenario)
    np.testing.assert_array_equal(trace.phi(np.array([1.0, -1.0])), [1.0, 0.0])
    result = read_result(trace, 2)
    np.testing.assert_array_equal(result.output, read_with(trace, 1, np.array([1.0, 1.0])))
    np.testing.assert_allclose(result.output, [2 / (1 + NORMALISER_EPS)], rtol=1e-15)
