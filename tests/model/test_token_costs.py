"""Time per new token: the fits through measured times (no timing is asserted)."""

import pytest

from linviz.model.errors import ScenarioError
from linviz.model.token_costs import Fit, fit, measure


def test_the_fit_recovers_exact_lines():
    tokens = [1_000, 10_000, 100_000]
    lines = fit(tokens, [2e-6 + 3e-9 * n for n in tokens], [5e-6, 5e-6, 5e-6])
    assert lines.intercept == pytest.approx(2e-6, rel=1e-9)
    assert lines.slope == pytest.approx(3e-9, rel=1e-9)
    assert lines.constant == 5e-6
    assert lines.softmax_total(3) == pytest.approx(3 * 2e-6 + 3e-9 * 6, rel=1e-12)
    assert lines.state_total(3) == pytest.approx(15e-6)


def test_noisy_times_never_give_a_falling_line():
    # A slope below zero is noise: the flat line; an intercept below zero: through 0.
    flat = fit([10, 20, 30], [3e-6, 2e-6, 1e-6], [1e-6] * 3)
    assert flat == Fit(pytest.approx(2e-6), 0.0, 1e-6)
    origin = fit([10, 1_000], [1e-9, 1e-5], [1e-6] * 2)
    assert origin.intercept == 0.0 and origin.slope > 0
    single = fit([100], [1e-4], [1e-6])
    assert single.intercept == 0.0 and single.slope == pytest.approx(1e-6)


def fake_clock(step):
    """A clock that advances ``step()`` seconds per call (no real time is read)."""
    state = {"t": 0.0}

    def clock():
        state["t"] += step()
        return state["t"]

    return clock


def test_measure_gives_one_row_per_length_with_monotonic_fits():
    rows = measure([8, 64, 512], d=4, repeat=2, clock=fake_clock(lambda: 1e-6))
    assert [row.tokens for row in rows] == [8, 64, 512]
    fits = [row.to_dict() for row in rows]
    assert set(fits[0]) == {
        "tokens",
        "softmax_seconds",
        "state_seconds",
        "softmax_fit_seconds",
        "state_fit_seconds",
        "softmax_total_seconds",
        "state_total_seconds",
    }
    for key in ("softmax_fit_seconds", "softmax_total_seconds", "state_total_seconds"):
        values = [row[key] for row in fits]
        assert values == sorted(values), key
    assert len({row["state_fit_seconds"] for row in fits}) == 1  # O(1): one constant


@pytest.mark.parametrize(
    ("tokens", "d", "repeat", "words"),
    [
        ([0], 4, 1, "tokens must be"),
        ([10], 0, 1, "d must be"),
        ([10], 4, 0, "repeat must be"),
        ([1_000_000], 512, 1, "at most 33,554,432"),
    ],
)
def test_out_of_range_is_refused_before_any_memory_is_taken(tokens, d, repeat, words):
    with pytest.raises(ScenarioError, match=words):
        measure(tokens, d, repeat)


def test_lengths_are_evenly_spaced_distinct_and_end_at_the_longest():
    from linviz.model.token_costs import cache_lengths

    assert cache_lengths(200_000, 4) == [50_000, 100_000, 150_000, 200_000]
    assert cache_lengths(3, 10) == [1, 2, 3]  # no length twice, none below 1
    with pytest.raises(ScenarioError):
        cache_lengths(100, 0)


def test_the_curves_are_the_fitted_lines_and_their_totals():
    lines = Fit(2e-6, 3e-9, 5e-6)
    curves = lines.curves(1_000, count=11)
    assert curves.tokens[0] == 0 and curves.tokens[-1] == 1_000
    assert curves.softmax_token[-1] == pytest.approx(lines.softmax_token(1_000))
    assert curves.softmax_total[-1] == pytest.approx(lines.softmax_total(1_000))
    assert curves.state_total[-1] == pytest.approx(lines.state_total(1_000))
    assert set(curves.state_token.tolist()) == {5e-6}


def test_time_units_and_measuring_one_length_at_a_time():
    from linviz.model.token_costs import measure_steps, rows_of, time_unit

    assert time_unit(0.5) == ("ms", 1e-3) and time_unit(2.0) == ("s", 1.0)
    assert time_unit(3e-6) == ("µs", 1e-6) and time_unit(4e-9) == ("ns", 1e-9)
    steps = list(measure_steps([8, 64], d=4, repeat=1, clock=fake_clock(lambda: 1e-6)))
    assert [n for n, _, _ in steps] == [8, 64]
    rows = rows_of(steps)
    assert [row.tokens for row in rows] == [8, 64] and rows[0].fit == rows[1].fit
    assert rows_of([]) == []


def test_plain_least_squares_follows_the_long_caches():
    # Short caches fast (in the CPU cache), long ones slower per token: the plain fit
    # passes among the long ones, the relative one hugs the short ones.
    tokens = [1_000, 2_000, 3_000, 4_000]
    times = [1e-6, 2e-6, 6e-6, 8e-6]
    plain = fit(tokens, times, [1e-6] * 4, relative=False)
    relative = fit(tokens, times, [1e-6] * 4)
    assert plain.softmax_token(4_000) > relative.softmax_token(4_000)
    exact = fit(tokens, [2e-6 + 3e-9 * n for n in tokens], [1e-6] * 4, relative=False)
    assert exact.intercept == pytest.approx(2e-6) and exact.slope == pytest.approx(3e-9)
