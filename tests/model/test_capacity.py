"""The controlled recall test (CURRICULUM.md, "Measuring interference")."""

import math

import numpy as np
import pytest

from linviz.model.capacity import (
    RecallSweep,
    draw_pairs,
    measure_recall,
    recall_errors,
    run_sweep,
)
from linviz.model.errors import ScenarioError


def slow_recall(keys, values, rule, beta=1.0):
    """One trial, one write at a time, as the course writes the rules; then every read."""
    d = keys.shape[1]
    S = np.zeros((d, values.shape[1]))
    for k, v in zip(keys, values):
        if rule == "additive":
            S = S + np.outer(k, v)
        else:
            S = S + beta * np.outer(k, v - S.T @ k)
    reads = keys @ S
    return np.linalg.norm(reads - values, axis=1) / np.linalg.norm(values, axis=1)


# -- the keys and values stored ----------------------------------------------------------
@pytest.mark.parametrize("kind", ["random", "orthogonal", "similar"])
def test_every_key_has_length_one(kind):
    keys, values = draw_pairs(16, 40, keys=kind, similarity=0.3, trials=3)
    assert keys.shape == values.shape == (3, 40, 16)
    assert np.allclose(np.linalg.norm(keys, axis=-1), 1.0)


def test_orthogonal_keys_are_orthonormal_up_to_d_then_random():
    keys, _ = draw_pairs(8, 12, keys="orthogonal", trials=2)
    for trial in keys:
        assert np.allclose(trial[:8] @ trial[:8].T, np.eye(8), atol=1e-12)
        # The four beyond d cannot be orthogonal to all eight: they overlap.
        assert np.abs(trial[8:] @ trial[:8].T).max() > 0.1


@pytest.mark.parametrize("c", [0.0, 0.3, 0.7, 0.9])
def test_similar_keys_have_about_the_mean_cosine_asked_for(c):
    keys, _ = draw_pairs(64, 50, keys="similar", similarity=c, trials=20, seed=3)
    cosines = keys @ np.swapaxes(keys, 1, 2)
    off_diagonal = cosines[:, ~np.eye(50, dtype=bool)]
    assert off_diagonal.mean() == pytest.approx(c, abs=0.03)


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others():
    first = draw_pairs(8, 5, trials=2, seed=7)
    again = draw_pairs(8, 5, trials=2, seed=7)
    other = draw_pairs(8, 5, trials=2, seed=8)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(first[0], other[0])
    assert measure_recall(8, 12, trials=5, seed=7) == measure_recall(8, 12, trials=5, seed=7)


def test_a_smaller_n_stores_the_first_pairs_of_a_larger_one():
    small_keys, small_values = draw_pairs(8, 5, keys="orthogonal", trials=2)
    big_keys, big_values = draw_pairs(8, 20, keys="orthogonal", trials=2)
    assert np.allclose(small_keys, big_keys[:, :5], atol=1e-12)
    assert np.array_equal(small_values, big_values[:, :5])


# -- the batched arithmetic against one write at a time ----------------------------------------
@pytest.mark.parametrize("rule", ["additive", "delta"])
@pytest.mark.parametrize(("kind", "c", "beta"), [("random", 0, 1.0), ("similar", 0.95, 0.5)])
def test_batched_recall_equals_writing_one_pair_at_a_time(rule, kind, c, beta):
    keys, values = draw_pairs(6, 150, keys=kind, similarity=c, trials=3, seed=1)
    errors = recall_errors(keys, values, [1, 70, 150], rule, beta)
    for n in (1, 70, 150):
        for trial in range(3):
            expected = slow_recall(keys[trial, :n], values[trial, :n], rule, beta)
            assert np.allclose(errors[n][trial], expected, rtol=1e-9, atol=1e-12)


# -- what the course says ----------------------------------------------------------------
@pytest.mark.parametrize("rule", ["additive", "delta"])
def test_orthogonal_keys_recall_exactly_up_to_n_equals_d(rule):
    for n in (1, 10, 32):
        point = measure_recall(32, n, keys="orthogonal", rule=rule, trials=20)
        assert point.exact_recall_rate == 1.0
        assert point.mean_relative_error < 1e-12


@pytest.mark.parametrize("rule", ["additive", "delta"])
def test_orthogonal_keys_cannot_all_stay_exact_beyond_d(rule):
    for n in (33, 64):
        point = measure_recall(32, n, keys="orthogonal", rule=rule, trials=20)
        assert point.exact_recall_rate < 1.0
        assert point.mean_relative_error > 0.01


@pytest.mark.parametrize(("d", "n"), [(64, 16), (64, 64), (64, 256), (32, 100)])
def test_random_unit_keys_err_about_sqrt_of_n_minus_1_over_d(d, n):
    point = measure_recall(d, n, keys="random", trials=40, seed=11)
    assert point.mean_relative_error == pytest.approx(math.sqrt((n - 1) / d), rel=0.08)


def test_one_pair_alone_is_recalled_exactly():
    point = measure_recall(16, 1, keys="random", trials=10)
    assert point.mean_relative_error < 1e-12 and point.exact_recall_rate == 1.0


def test_error_grows_with_key_similarity_at_fixed_n():
    sweep = RecallSweep((32,), (16,), (0.0, 0.2, 0.4, 0.6, 0.8), keys="similar", trials=30)
    errors = [p.mean_relative_error for p in run_sweep(sweep).points]
    assert all(a < b for a, b in zip(errors, errors[1:])), errors


def test_the_delta_rule_is_at_least_as_good_on_orthonormal_keys():
    for n in (8, 32, 64, 128):
        additive = measure_recall(32, n, keys="orthogonal", rule="additive", trials=20)
        delta = measure_recall(32, n, keys="orthogonal", rule="delta", trials=20)
        if n <= 32:
            assert delta.mean_relative_error <= additive.mean_relative_error + 1e-12
        else:  # far beyond d, overwriting beats piling up
            assert delta.mean_relative_error < additive.mean_relative_error


def test_the_delta_rule_recalls_its_last_write_exactly():
    # With β = 1 and a unit key, a write leaves Sᵀk = v exactly.
    point = measure_recall(8, 50, keys="random", rule="delta", trials=30)
    assert point.exact_recall_rate >= 1 / 50


# -- sweeps ---------------------------------------------------------------------------------
def test_a_sweep_measures_every_combination_in_order():
    sweep = RecallSweep((16, 8), (10, 5), (0.5, 0.0), keys="similar", rules=("delta", "additive"))
    result = run_sweep(RecallSweep(**{**sweep.__dict__, "trials": 2}))
    keys = [(p.d, p.similarity, p.rule, p.n) for p in result.points]
    assert keys == [
        (d, c, rule, n)
        for d in (8, 16)
        for c in (0.0, 0.5)
        for rule in ("additive", "delta")
        for n in (5, 10)
    ]
    assert result.complete


def test_a_sweep_point_equals_the_point_measured_alone():
    sweep = RecallSweep((8,), (4, 12), keys="orthogonal", rules=("additive", "delta"), trials=6)
    result = run_sweep(sweep)
    for rule in ("additive", "delta"):
        alone = measure_recall(8, 12, keys="orthogonal", rule=rule, trials=6)
        swept = result.point(8, 12, rule)
        assert swept.mean_relative_error == pytest.approx(alone.mean_relative_error, rel=1e-9)
        assert swept.exact_recall_rate == alone.exact_recall_rate


def test_progress_counts_up_to_the_total():
    sweep = RecallSweep((8, 16), (10, 200), rules=("additive", "delta"), trials=3)
    heard = []
    run_sweep(sweep, progress=lambda done, total: heard.append((done, total)))
    assert heard[-1] == (sweep.total_work(), sweep.total_work())
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)
    assert len(heard) > 4


def test_a_cancelled_sweep_stops_early_and_keeps_what_it_finished():
    sweep = RecallSweep((8, 16, 32), (64, 1_000), rules=("additive", "delta"), trials=20)
    asked = []

    def should_stop():
        asked.append(True)
        return len(asked) > 40

    result = run_sweep(sweep, should_stop=should_stop)
    assert not result.complete
    assert len(asked) == 41  # it stopped at the first True
    assert 0 < len(result.points) < sweep.point_count
    assert {p.d for p in result.points} == {8}


def test_a_sweep_cancelled_at_once_has_no_points():
    result = run_sweep(RecallSweep((8,), (8,)), should_stop=lambda: True)
    assert not result.complete and result.points == ()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"dims": (0,)}, "d"),
        ({"dims": (513,)}, "d"),
        ({"sizes": (0,)}, "n"),
        ({"sizes": ()}, "n"),
        ({"similarities": (1.0,), "keys": "similar"}, "similarity"),
        ({"similarities": (-0.1,), "keys": "similar"}, "similarity"),
        ({"similarities": (0.5,)}, "similarity"),  # random keys have no similarity
        ({"keys": "clustered"}, "keys"),
        ({"rules": ("gated",)}, "rule"),
        ({"trials": 0}, "trials"),
        ({"tolerance": 0.0}, "tolerance"),
        ({"beta": 1.5}, "beta"),
        ({"seed": -1}, "seed"),
    ],
)
def test_bad_settings_are_refused_naming_the_field(changes, field):
    settings = {"dims": (8,), "sizes": (8,), **changes}
    with pytest.raises(ScenarioError) as caught:
        RecallSweep(**settings)
    assert caught.value.field == field
