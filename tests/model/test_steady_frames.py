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


# Worked by hand on a 400 × 200 pixel view (the grid is tick_step of the span with
# its room, over 20; the scale is rounded up to SCALE_STEPS times a power of ten).
SHOWN = Frame(-4.0, 6.0, -2.5, 2.5)


def test_a_first_window_worked_by_hand():
    # Spans 4 × 4, with 10 % room 4.4; grid 0.25; scale (4.4 + 0.25) / 200 = 0.02325
    # rounds up to 0.025 a pixel; centre (1, 0): 10 × 5 units.
    assert steady_window(Frame(-1.0, 3.0, -2.0, 2.0), None, 400, 200) == SHOWN


def test_a_window_that_costs_little_more_takes_in_the_one_shown():
    # Wanted x from -1 to 7 leaves SHOWN; their union (-4 … 7, -2.5 … 2.5) is at most
    # 1.4 times as large, so it is framed: spans 11 × 5, grid 1, scale 13.1 / 400
    # = 0.03275 → 0.035, centre (1.5 → 2, 0).
    window = steady_window(Frame(-1.0, 7.0, -2.0, 2.0), SHOWN, 400, 200)
    sides = (window.x0, window.x1, window.y0, window.y1)
    assert sides == pytest.approx((-5.0, 9.0, -3.5, 3.5), rel=1e-12)


def test_a_window_far_from_the_one_shown_is_framed_alone():
    # The union would be 7 times as wide: spans 4 × 2, grid 0.25, scale
    # max(4.65 / 400, 2.45 / 200) = 0.01225 → 0.0125, centre (22, 0).
    window = steady_window(Frame(20.0, 24.0, -1.0, 1.0), SHOWN, 400, 200)
    assert window == Frame(19.5, 24.5, -1.25, 1.25)


def test_a_window_half_as_large_as_the_one_shown_still_keeps_it():
    assert steady_window(Frame(-2.0, 3.0, -1.25, 1.25), SHOWN, 400, 200) is SHOWN
    assert steady_window(Frame(-2.0, 2.9, -1.25, 1.25), SHOWN, 400, 200) is not SHOWN


def test_a_view_narrower_than_a_pixel_is_framed_as_one_pixel():
    wanted = Frame(-1.0, 1.0, -1.0, 1.0)
    assert steady_window(wanted, None, 0.5, 0.25) == steady_window(wanted, None, 1.0, 1.0)


def test_the_same_cases_upright_frame_their_height_alike():
    # The cases above turned a quarter: a 200 × 400 view. The grid still follows
    # the width: after the union (x -2.5 … 2.5, y -4 … 7) it is tick_step(5.5, 20)
    # = 0.5, the scale 12.6 / 400 = 0.0315 → 0.035, the centre (0, 1.5).
    upright = steady_window(Frame(-2.0, 2.0, -1.0, 3.0), None, 200, 400)
    assert upright == Frame(-2.5, 2.5, -4.0, 6.0)
    union = steady_window(Frame(-2.0, 2.0, -1.0, 7.0), upright, 200, 400)
    sides = (union.x0, union.x1, union.y0, union.y1)
    assert sides == pytest.approx((-3.5, 3.5, -5.5, 8.5), rel=1e-12)
    # Alone: spans 2 × 4, grid 0.2, scale max(2.4 / 200, 4.6 / 400) = 0.012, centre (0, 22).
    alone = steady_window(Frame(-1.0, 1.0, 20.0, 24.0), upright, 200, 400)
    sides = (alone.x0, alone.x1, alone.y0, alone.y1)
    assert sides == pytest.approx((-1.2, 1.2, 19.6, 24.4), rel=1e-12)
    assert steady_window(Frame(-1.25, 1.25, -2.0, 3.0), upright, 200, 400) is upright
    assert steady_window(Frame(-1.25, 1.25, -2.0, 2.9), upright, 200, 400) is not upright


def test_a_view_of_a_pixel_and_a_half_is_framed_at_its_size():
    # Grid 0.2; scale 2.4 / 1.5 = 1.6 a pixel (a round step): 1.2 each side.
    window = steady_window(Frame(-1.0, 1.0, -1.0, 1.0), None, 1.5, 1.5)
    sides = (window.x0, window.x1, window.y0, window.y1)
    assert sides == pytest.approx((-1.2, 1.2, -1.2, 1.2), rel=1e-12)


def test_a_union_too_tall_is_not_taken_even_when_its_width_would_do():
    # Wanted x -4 … 5 fits SHOWN's width, but y 3 … 4 against SHOWN's -2.5 … 2.5 makes
    # the union 6.5 tall for a span of 1: framed alone, spans 9 × 1, grid 0.5,
    # scale 10.4 / 400 = 0.026 → 0.03, centre (0.5, 3.5).
    assert steady_window(Frame(-4.0, 5.0, 3.0, 4.0), SHOWN, 400, 200) == Frame(-5.5, 6.5, 0.5, 6.5)
