"""Norms and cosines of vectors near the ends of the float range are what they are."""

from __future__ import annotations

import math
import warnings

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from linviz.model.norms import cosine, vector_norm
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write


def test_a_norm_of_huge_entries_is_their_norm_not_inf():
    # numpy squares the entries: ‖[1e200, 1e200]‖ came out inf, with a console warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert math.isclose(vector_norm(np.array([1e200, 1e200])), math.sqrt(2) * 1e200)
        assert math.isclose(vector_norm(np.array([3e-320, 4e-320])), 5e-320, rel_tol=1e-3)
        assert vector_norm(np.array([1.7e308, 1.7e308])) == math.inf  # beyond the floats
        assert vector_norm(np.zeros(3)) == 0.0


def test_the_cosine_of_huge_or_tiny_vectors_is_their_cosine():
    assert cosine(np.array([1e200, 0.0]), np.array([2e200, 0.0])) == 1.0
    assert math.isclose(cosine(np.array([1e300, 1e300]), np.array([5e-324, 0.0])), 0.5**0.5)
    assert cosine(np.array([0.0, 0.0]), np.array([1.0, 0.0])) is None


#: Entries whose squares numpy can sum (below 1e-154 they underflow and numpy's norm is 0).
usual = st.floats(-1e6, 1e6, allow_nan=False).filter(lambda x: x == 0 or abs(x) > 1e-100)
vectors = arrays(np.float64, 4, elements=usual)


@given(vectors, vectors)
def test_in_the_usual_range_both_are_numpys_to_the_last_bit(a, b):
    assert vector_norm(a) == float(np.linalg.norm(a))
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    assert cosine(a, b) == (float(a @ b) / norms if norms > 0 else None)


def test_a_read_of_a_huge_state_measures_its_error_truly():
    """A query of 0.5 on a key of 1.79e308: y = [0, 8.95e307] points as v = [0, 1] does,
    yet the readout said cosine 0.000 and "— %" of the error's parts."""
    scenario = Scenario(
        2,
        2,
        [write([1.79e308, 0.0], [0.0, 1.0], "a"), read([0.5, 0.0], "r", target="a")],
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = read_result(Trace(scenario), 2)
        shares = result.error_parts.shares()
    assert result.cosine == 1.0
    assert math.isclose(result.relative_error, 8.95e307)
    assert shares and all(0.0 <= share <= 1.0 for share in shares.values())
    assert math.isclose(sum(shares.values()), 1.0)
