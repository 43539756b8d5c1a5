"""Plane windows: round, held while what they frame fits, finite for any finite input."""

from __future__ import annotations

import math

import pytest

from linviz.model.drawable import Frame, fit_frame, view_window
from linviz.model.steady_frames import (
    SHRINK_BELOW,
    contains,
    round_scale,
    steady_half_range,
    steady_window,
)

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324


def finite(frame: Frame) -> bool:
    return all(math.isfinite(v) for v in (frame.x0, frame.x1, frame.y0, frame.y1))


def test_a_new_window_holds_what_is_wanted_with_the_view_s_aspect_and_a_round_scale():
    wanted = view_window(fit_frame([(1.2, -1.8), (0.0, -5.0), (3.0, 1.0)]), (20,) * 4, 400, 300)
    window = steady_window(wanted, None, 400, 300)
    assert contains(window, wanted)
    unit = window.width / 400
    assert unit == pytest.approx(window.height / 300)
    assert round_scale(unit) == pytest.approx(unit)
    assert window.width <= wanted.width * 1.1 * 1.1 * 1.2  # room, rounding, the grid


def test_it_holds_still_while_the_wanted_window_fits_and_moves_when_it_leaves():
    first = steady_window(Frame(-1.0, 1.0, -0.75, 0.75), None, 400, 300)
    nudged = Frame(-0.98, 1.02, -0.74, 0.76)
    assert steady_window(nudged, first, 400, 300) is first
    out = Frame(-1.0, 1.5, -0.9, 0.9)
    moved = steady_window(out, first, 400, 300)
    assert moved != first and contains(moved, out)
    # Much smaller than what is shown: a tighter window again.
    small = Frame(-0.2, 0.2, -0.15, 0.15)
    assert small.width < SHRINK_BELOW * first.width
    assert steady_window(small, first, 400, 300).width < first.width


def test_the_same_wanted_window_always_gives_the_same_window():
    wanted = Frame(-1.3, 2.1, -0.4, 2.2)
    assert steady_window(wanted, None, 500, 420) == steady_window(wanted, None, 500, 420)


@pytest.mark.parametrize(
    "points",
    [
        [(BIGGEST, SMALLEST)],
        [(-BIGGEST, BIGGEST), (BIGGEST, -BIGGEST)],
        [(SMALLEST, SMALLEST)],
        [(SMALLEST, -SMALLEST), (0.0, SMALLEST)],
        [(1e300, 1.0), (1e-300, -1e300)],
    ],
)
def test_extremes_give_finite_windows(points):
    wanted = view_window(fit_frame(points, min_frame=SMALLEST), (20,) * 4, 400, 300)
    window = steady_window(wanted, None, 400, 300)
    assert finite(window) and window.x0 < window.x1 and window.y0 < window.y1
    again = steady_window(wanted, window, 400, 300)
    assert finite(again)


def test_half_ranges_are_round_and_held():
    assert steady_half_range(1.3, None) == 1.5
    assert steady_half_range(1.4, 1.5) == 1.5  # fits: kept
    assert steady_half_range(1.6, 1.5) == 2.0  # leaves it: the next round value
    assert steady_half_range(0.5, 1.5) == 0.5  # far smaller: tighter again
    for extreme in (BIGGEST, SMALLEST, float("nan"), float("inf")):
        assert math.isfinite(steady_half_range(extreme, None))
    assert round_scale(BIGGEST) == BIGGEST and round_scale(SMALLEST) > 0
