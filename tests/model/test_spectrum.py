"""Memory filling up: singular values and effective rank along the timeline."""

import numpy as np
import pytest

from linviz.bench.workloads import random_scenario
from linviz.model.lessons import resolve_scenario_path
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, write
from linviz.model.scenario_file import load_scenario
from linviz.model.spectrum import effective_rank, numerical_rank, sample_steps, spectrum


def test_the_session_trace_fills_both_directions_of_its_2x2_memory():
    trace = Trace(load_scenario(resolve_scenario_path("session-trace")))
    filling = spectrum(trace)
    assert filling.steps.tolist() == list(range(8))
    assert filling.writes.tolist() == [0, 1, 2, 2, 2, 2, 3, 3]
    assert filling.rank.tolist() == [0, 1, 2, 2, 2, 2, 2, 2]
    assert filling.d == 2
    # After step 1, S = [[2,3],[0,0]]: one singular value, |[2,3]|.
    assert filling.singular_values[1] == pytest.approx([np.sqrt(13), 0.0])
    assert filling.effective_rank[0] == 0.0 and filling.effective_rank[1] == pytest.approx(1.0)


def test_the_rank_stops_at_d_however_many_writes_come():
    trace = Trace(random_scenario(200, 8, read_every=0))
    filling = spectrum(trace, max_points=201)
    assert filling.steps.tolist() == list(range(201))
    # Random keys: each of the first 8 writes adds a direction, then no more fit.
    assert filling.rank[:9].tolist() == list(range(9))
    assert (filling.rank[8:] == 8).all()
    assert (filling.effective_rank <= 8 + 1e-9).all()
    assert filling.effective_rank[8:].min() > 4


def test_key_singular_values_are_those_of_the_key_matrix():
    scenario = random_scenario(40, 5, read_every=4)
    filling = spectrum(Trace(scenario), source="keys")
    for t in (3, 17, 40):
        mask = scenario.write_mask(0, t)
        keys = scenario.vectors(0, t)[mask]
        expected = np.linalg.svd(keys, compute_uv=False)
        assert filling.singular_values[t][: len(expected)] == pytest.approx(expected)


def test_the_state_spectrum_matches_the_state_at_each_sampled_step():
    scenario = random_scenario(5_000, 6)
    trace = Trace(scenario)
    filling = spectrum(trace, max_points=50)
    assert len(filling.steps) == 50 and filling.steps[0] == 0 and filling.steps[-1] == 5_000
    for index in (0, 17, 49):
        state = trace.state(int(filling.steps[index]))
        expected = np.linalg.svd(state, compute_uv=False)
        assert filling.singular_values[index] == pytest.approx(expected)


def test_repeated_keys_add_no_direction():
    steps = [write([1, 0, 0], [1, 2], f"w{i}") for i in range(1, 6)]
    filling = spectrum(Trace(Scenario(3, 2, steps)), source="keys")
    assert filling.rank.tolist() == [0, 1, 1, 1, 1, 1]
    assert filling.singular_values[5][0] == pytest.approx(np.sqrt(5))


def test_effective_rank_counts_equal_directions():
    assert effective_rank(np.array([3.0, 3.0, 3.0, 0.0])) == pytest.approx(3.0)
    assert effective_rank(np.array([1.0, 0.0])) == pytest.approx(1.0)
    assert effective_rank(np.zeros(4)) == 0.0
    assert 1.0 < effective_rank(np.array([10.0, 1.0])) < 2.0
    assert numerical_rank(np.array([5.0, 1e-12, 0.0])).tolist() == 1


def test_sampling_keeps_both_ends_and_at_most_max_points():
    assert sample_steps(5, 200).tolist() == [0, 1, 2, 3, 4, 5]
    steps = sample_steps(100_000, 300)
    assert len(steps) == 300 and steps[0] == 0 and steps[-1] == 100_000
    assert (np.diff(steps) > 0).all()


def _extreme() -> Scenario:
    return Scenario(
        2,
        2,
        [
            write([1.79e308, 5e-324], [1e-300, 1.0], "a"),
            write([1e-300, 1.0], [1e300, -1.79e308], "b"),
            write([5e-324, 0.0], [5e-324, 0.0], "c"),
        ],
    )


def test_a_state_near_the_largest_float_has_its_ranks():
    # The SVD squared S's entries past the floats: σ inf and NaN, "rank 0" of a
    # full S and "effective rank nan" in the lab.
    filling = spectrum(Trace(_extreme()))
    assert filling.rank.tolist() == [0, 1, 2, 2]
    assert np.isfinite(filling.effective_rank).all()
    assert filling.singular_values[1][0] == 1.79e308  # one write: σ₁ = |k|·|v| exactly
    assert filling.singular_values[2][1] == pytest.approx(2**-0.5 * 1e300)  # σ₂, to scale
    assert filling.singular_values[2][0] == np.inf  # beyond the floats itself


def test_keys_near_the_ends_of_the_floats_have_their_singular_values():
    filling = spectrum(Trace(_extreme()), source="keys")
    assert filling.singular_values[1].tolist() == [1.79e308, 0.0]
    assert filling.rank.tolist() == [0, 1, 1, 1]  # 1 beside 1.79e308 is below the tolerance
    tiny = spectrum(Trace(Scenario(2, 2, [write([1e-200, 0.0], [1.0, 0.0], "t")])), source="keys")
    assert tiny.singular_values[1][0] == pytest.approx(1e-200)  # its square underflowed to 0
    assert tiny.rank.tolist() == [0, 1]
