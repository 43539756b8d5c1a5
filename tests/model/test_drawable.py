"""Every number a view draws with is finite for any finite input (issue 27).

The extremes the window crashed on: ±1.797e308 (the largest float), 5e-324
(the smallest subnormal), 1e-300 beside 1e300. (The views' own formulas,
which fail on them, are compared in tests/views/test_drawn_numbers.py.)
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from linviz.model import drawable as dr

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324
EXTREMES = [0.0, SMALLEST, -SMALLEST, 1e-300, -1e-300, 1.0, 1e300, -1e300, BIGGEST, -BIGGEST]

finite = st.floats(allow_nan=False, allow_infinity=False)
#: Finite floats with the extremes drawn far more often than a uniform choice would.
extreme = st.one_of(st.sampled_from(EXTREMES), finite)
positive = st.floats(min_value=0.0, max_value=BIGGEST, allow_nan=False)
pixels = st.floats(min_value=0.0, max_value=10_000.0)


def all_finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


# -- what cannot be drawn is said in words ---------------------------------------------------


def test_too_large_to_draw_is_a_sentence():
    assert str(dr.too_large(BIGGEST)) == "too large to draw: 1.8e308"
    assert str(dr.too_large(-3.2e301)) == "too large to draw: -3.2e301"
    assert dr.too_large(1e300) is None and dr.too_large(SMALLEST) is None
    # Beyond the floats: no "inf" the user never wrote, but the range it is beyond.
    for beyond in (math.inf, -math.inf, math.nan):
        assert dr.too_large(beyond) == "too large to draw: beyond ±1.8e308"


def test_the_largest_undrawable_number_is_found():
    assert dr.undrawable([1.0, -BIGGEST, 2e305, 3.0]) == -BIGGEST
    assert dr.undrawable(np.array([[1e300, -1e-300], [SMALLEST, 0.0]])) is None
    assert dr.undrawable([]) is None


# -- properties over the extremes --------------------------------------------------------


@settings(max_examples=150)
@given(positive)
@example(BIGGEST)
@example(SMALLEST)
@example(1e300)
def test_a_colour_limit_is_finite_round_and_covers_the_largest_entry(largest):
    limit = dr.nice_limit(largest)
    assert math.isfinite(limit) and limit >= dr.MIN_SPAN
    assert limit >= largest * (1 - 1e-9) or largest < dr.MIN_SPAN
    assert math.isfinite(256 / (2 * limit))  # what a view divides by it stays finite


@settings(max_examples=200)
@given(st.lists(extreme, min_size=1, max_size=12), st.sampled_from([2, 16, 256]))
def test_cell_colours_are_valid_indices_for_any_matrix(values, count):
    matrix = np.array(values).reshape(1, -1)
    limit = dr.color_limit(matrix)
    index = dr.color_indices(matrix, limit, count)
    assert index.shape == matrix.shape and index.dtype == np.intp
    assert ((0 <= index) & (index < count)).all()
    # The sign shows: a negative entry never gets a colour above a positive one's.
    if (matrix < 0).any() and (matrix > 0).any():
        assert index[matrix < 0].max() <= index[matrix > 0].min()


def test_cell_colours_at_the_extremes():
    matrix = np.array([[-BIGGEST, -1e300, -1e-300, 0.0], [SMALLEST, 1e-300, 1e300, BIGGEST]])
    index = dr.color_indices(matrix, dr.color_limit(matrix), 256)
    # Beside 1.8e308, 1e300 is 6e-9 of the range: just either side of the middle colour.
    assert index.tolist() == [[0, 127, 128, 128], [128, 128, 128, 255]]
    # The range ±5e-324 gave NaN colours (an IndexError); the range is now at least
    # ±1e-300, against which a subnormal is 0: the middle colour, its label says 5e-324.
    tiny = np.array([[-SMALLEST, 0.0, SMALLEST]])
    assert dr.color_limit(tiny) == dr.MIN_SPAN
    assert dr.color_indices(tiny, dr.color_limit(tiny), 256).tolist() == [[128, 128, 128]]
    small = np.array([[-3e-301, 0.0, 1e-300]])  # tiny, but normal: coloured to scale
    assert dr.color_indices(small, dr.color_limit(small), 256).tolist() == [[89, 128, 255]]
    odd = np.array([[np.inf, -np.inf, np.nan]])
    assert dr.color_indices(odd, 1.0, 256).tolist() == [[255, 0, 128]]


@given(positive)
def test_colour_bar_ticks_sit_on_a_bar_from_minus_one_to_one(limit):
    ticks = dr.bar_ticks(limit)
    assert [p for p, _ in ticks] == [-1.0, -0.5, 0.0, 0.5, 1.0]
    assert all(all_finite(p, v) for p, v in ticks)
    assert ticks[2][1] == 0.0 and ticks[-1][1] == (limit if limit > 0 else 1.0)


@settings(max_examples=150)
@given(extreme, pixels, pixels)
@example(BIGGEST, 20.0, 400.0)
@example(SMALLEST, 20.0, 0.0)
def test_a_plane_half_range_is_finite_and_fits_the_extent(extent, margin, plot):
    lim = dr.half_range(extent, margin, plot)
    size = min(abs(extent), dr.MAX_DRAWN)
    assert math.isfinite(lim) and lim >= dr.MIN_SPAN
    short = size / dr.SHORT_EXTENT if 0 < size < dr.SHORT_EXTENT else 1.0
    assert lim >= dr.MIN_HALF_RANGE * short * (1 - 1e-12)
    assert lim >= size
    assert math.isfinite(lim * 1.02 * 10_000)  # a padding and a pixel scale stay finite


def test_a_plane_of_short_arrows_frames_them_not_the_unit_circle():
    # Keys of length 1 and more, (0.8, 0.6) among them: at least ±1.2, as every lesson's.
    assert dr.half_range(1.0, 0.0, 400.0) == dr.half_range(0.8, 0.0, 400.0) == 1.2
    assert dr.half_range(0.0, 0.0, 400.0) == 1.2  # no arrow: the usual plane
    # Shorter: 1.2 × extent / 0.8, in proportion (no jump for a scrub to flip across).
    assert dr.half_range(0.7071, 0.0, 400.0) == 1.1  # 1.0607: the unit circle still fits
    assert dr.half_range(0.4, 0.0, 400.0) == 0.6
    # Keys near 0.01 (a trained model's may be), two significant digits: not two
    # dots on a plane of ±1.2.
    assert dr.half_range(0.01, 0.0, 400.0) == 0.015
    assert dr.half_range(0.0137, 0.0, 400.0) == 0.021  # 0.020 55, up
    assert dr.half_range(3e-300, 0.0, 400.0) == pytest.approx(4.5e-300)


def test_a_framed_plane_goes_below_its_usual_span_only_for_what_the_user_wrote():
    assert dr.least_frame([(0.012, 0.004), (-0.003, 0.015)]) == 0.015
    assert dr.least_frame([(3.0, 0.0), (0.2, 0.1)]) == 1.0  # the lessons' values: as before
    assert dr.least_frame([]) == 1.0  # only worked-out points (a read's y): never below
    assert dr.least_frame([(0.0, 0.0)]) == 1.0  # nothing to frame: the usual span
    assert dr.least_frame([(float("nan"), 1e-300)]) == 1e-300
    frame = dr.fit_frame([(0.012, 0.004), (0.0102, 0.013)], dr.least_frame([(0.012, 0.004)]))
    assert frame.width == pytest.approx(0.012) and frame.height == pytest.approx(0.013)


def test_a_dragged_tip_snaps_to_a_grid_the_plane_can_show():
    assert dr.snap_step(2.4) == dr.snap_step(1.0) == 0.1  # every lesson's planes
    assert dr.snap_step(0.024) == 0.0025
    assert dr.snap_tip(0.26, 0.94, grid=True, unit=False, step=dr.snap_step(3.0)) == (0.3, 0.9)
    # On a plane of keys near 0.01, a 0.1 grid snapped every drag to 0.
    step = dr.snap_step(0.024)
    assert dr.snap_tip(0.0123, -0.00456, grid=True, unit=False, step=step) == (0.0125, -0.005)
    assert dr.snap_tip(0.37, 0.0, grid=True, unit=False, step=0.25) == (0.25, 0.0)
    assert dr.snap_tip(1e308, -1e308, grid=True, unit=False) == (1e308, -1e308)


points = st.lists(st.tuples(extreme, extreme), min_size=0, max_size=6)


@settings(max_examples=150)
@given(points, st.sampled_from([0.0, SMALLEST, 1.0, 1e300]))
@example([(BIGGEST, BIGGEST), (BIGGEST * 0.99, -BIGGEST)], 1.0)
@example([(1e-300, 1e300)], 1.0)
def test_a_frame_is_finite_contains_what_can_be_drawn_and_has_room(pts, least):
    frame = dr.fit_frame(pts, least)
    assert all_finite(frame.x0, frame.x1, frame.y0, frame.y1, frame.width, frame.height)
    assert frame.width > 0 and frame.height > 0
    for x, y in pts:
        if dr.drawable(x):
            assert frame.x0 <= x <= frame.x1
        if dr.drawable(y):
            assert frame.y0 <= y <= frame.y1


shares = st.floats(min_value=0.0, max_value=0.3)


@settings(max_examples=150)
@given(
    points,
    st.tuples(shares, shares, shares, shares),
    st.floats(min_value=50.0, max_value=8000.0),
    st.floats(min_value=50.0, max_value=8000.0),
)
@example([(BIGGEST, -BIGGEST)], (0.1, 0.1, 0.1, 0.1), 400.0, 300.0)
@example([(SMALLEST, SMALLEST)], (0.1, 0.1, 0.1, 0.1), 400.0, 300.0)
def test_the_window_a_plane_shows_is_finite_and_contains_its_frame(pts, shares, width, height):
    frame = dr.fit_frame(pts)
    left, right = shares[0] * width, shares[1] * width
    bottom, top = shares[2] * height, shares[3] * height
    window = dr.view_window(frame, (left, right, bottom, top), width, height)
    assert all_finite(window.x0, window.x1, window.y0, window.y1, window.width, window.height)
    assert window.width > 0 and window.height > 0
    tolerance = 1e-9 * max(abs(frame.x0), abs(frame.x1), abs(frame.y0), abs(frame.y1), 1.0)
    assert window.x0 <= frame.x0 + tolerance and frame.x1 <= window.x1 + tolerance
    assert window.y0 <= frame.y0 + tolerance and frame.y1 <= window.y1 + tolerance


@given(points, st.tuples(pixels, pixels, pixels, pixels), pixels, pixels)
def test_the_window_is_finite_whatever_the_widget_size_and_margins(pts, margins, width, height):
    window = dr.view_window(dr.fit_frame(pts), margins, width, height)
    assert all_finite(window.x0, window.x1, window.y0, window.y1, window.width, window.height)
    assert window.width > 0 and window.height > 0


def test_the_window_matches_the_planes_own_formula_for_ordinary_frames():
    frame = dr.fit_frame([(3.0, 1.0), (-1.0, 2.0)])
    margins, width, height = (10.0, 24.0, 10.0, 24.0), 400.0, 300.0
    window = dr.view_window(frame, margins, width, height)
    left, right, bottom, top = margins
    scale = min((width - left - right) / 4.0, (height - bottom - top) / 2.0)
    cx = (-1.0 - left / scale + 3.0 + right / scale) / 2
    cy = (0.0 - bottom / scale + 2.0 + top / scale) / 2
    expected = (cx - width / 2 / scale, cx + width / 2 / scale)
    assert (window.x0, window.x1) == pytest.approx(expected)
    assert (window.y0, window.y1) == pytest.approx(
        (cy - height / 2 / scale, cy + height / 2 / scale)
    )


@settings(max_examples=200)
@given(extreme, extreme, st.integers(min_value=1, max_value=12))
@example(-BIGGEST, BIGGEST, 5)
@example(0.0, SMALLEST, 5)
@example(1e300, 1e300 + 1e285, 5)
@example(1e-300, 1e300, 5)
def test_axis_ticks_are_few_finite_sorted_and_inside_the_range(low, high, target):
    ticks = dr.axis_ticks(low, high, target)
    lo, hi = min(low, high), max(low, high)
    assert 1 <= len(ticks) <= 2 * target + 2
    assert all(math.isfinite(t) for t in ticks) and ticks == sorted(ticks)
    slack = 1e-9 * max(abs(lo), abs(hi), 1e-300)
    assert all(lo - slack <= t <= hi + slack for t in ticks)


def test_axis_ticks_are_round_for_ordinary_ranges():
    assert dr.axis_ticks(0.0, 10.0, 5) == [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
    assert dr.axis_ticks(-1.0, 1.0, 4) == [-1.0, -0.5, 0.0, 0.5, 1.0]
    assert dr.axis_ticks(-BIGGEST, BIGGEST, 4) == [-1e308, 0.0, 1e308]
    assert dr.axis_ticks(1e-300, 1e300, 5) == [0.0, 2e299, 4e299, 6e299, 8e299, 1e300]


box = (0.0, 0.0, 640.0, 480.0)


@settings(max_examples=150)
@given(st.tuples(extreme, extreme), st.tuples(extreme, extreme))
@example((320.0, 240.0), (BIGGEST, BIGGEST))
@example((-1e300, 240.0), (1e300, 240.0))
def test_a_clipped_arrow_lies_inside_the_widget(start, end):
    clipped = dr.clip_segment(start, end, box)
    if clipped is None:
        return
    for x, y in clipped:
        assert 0.0 <= x <= 640.0 and 0.0 <= y <= 480.0


def test_clipping_keeps_the_direction_and_drops_what_misses():
    (a, b) = dr.clip_segment((320.0, 240.0), (BIGGEST, 240.0), box)
    assert a == (320.0, 240.0) and b == (640.0, 240.0)
    assert dr.clip_segment((-10.0, -10.0), (-1.0, -5.0), box) is None
    inside = ((10.0, 10.0), (20.0, 30.0))
    assert dr.clip_segment(*inside, box) == inside


@given(st.tuples(extreme, extreme))
def test_a_label_point_is_kept_in_the_widget(point):
    x, y = dr.clamp_point(point, box)
    assert 0.0 <= x <= 640.0 and 0.0 <= y <= 480.0
    assert dr.clamp_point((math.nan, 5.0), box) == (0.0, 5.0)


@settings(max_examples=200)
@given(
    st.lists(
        st.floats(min_value=-1e6, max_value=1e6).filter(lambda x: x == 0 or abs(x) > 1e-200),
        min_size=1,
        max_size=16,
    ),
    st.integers(min_value=-6, max_value=6),
)
def test_cell_colours_bin_as_pyqtgraph_does_for_ordinary_numbers(values, exponent):
    # pyqtgraph's levels: n equal bins from low to high, floor((x - low) · n / (high - low)).
    # (Subnormals differ on purpose: the range is at least 1e-300, so they are 0.)
    matrix = np.array(values) * 10.0**exponent
    limit = dr.color_limit(matrix)
    exact = (matrix + limit) * (256 / (2 * limit))
    expected = np.clip(np.floor(exact), 0, 255).astype(int)
    got = dr.color_indices(matrix, limit, 256)
    differ = got != expected
    # Only on a bin's edge, where pyqtgraph's rounding can fall a bin low (0 got colour
    # 127 with the limit 2.5e10): here 0 is always the middle colour, 128.
    assert (np.abs(got - expected) <= 1).all()
    assert np.allclose(exact[differ], np.rint(exact[differ]), rtol=0, atol=1e-6)
    assert (got[matrix == 0] == 128).all()


# -- cell labels and the largest entry ---------------------------------------------------------


@given(extreme)
@example(math.inf)
@example(math.nan)
def test_label_decimals_are_bounded_for_any_range(limit):
    decimals = dr.label_decimals(limit)
    assert 0 <= decimals <= dr.MAX_DECIMALS
    round(1.0, decimals)  # usable as Python's round takes it


def test_label_decimals_keep_a_hundredth_of_the_range():
    assert [dr.label_decimals(x) for x in (3.0, 0.5, 12.0, 1500.0)] == [2, 3, 1, 0]
    assert dr.label_decimals(math.inf) == 2 and dr.label_decimals(0.0) == 2
    assert dr.label_decimals(SMALLEST) == 326 <= dr.MAX_DECIMALS  # every digit of 5e-324


def test_largest_ignores_what_is_not_finite_and_takes_empty_arrays():
    assert dr.largest(np.array([1.0, -BIGGEST, math.inf, math.nan])) == BIGGEST
    assert dr.largest(np.zeros(0), [math.inf]) == 0.0
    assert dr.largest([SMALLEST], [-2.0]) == 2.0


# -- many arrows at once ----------------------------------------------------------------------

BOX = (0.0, 0.0, 400.0, 300.0)


def test_device_segments_clip_as_clip_segment_does():
    points = np.array(
        [
            [0.0, 0.0, 1.0, 1.0],  # inside
            [0.0, 0.0, BIGGEST, 0.0],  # a tip at 1.8e308 data units
            [-5.0, -5.0, -1.0, -2.0],  # outside
            [0.0, 0.0, 0.0, -BIGGEST],
            [0.0, 0.0, math.nan, 1.0],  # NaN counts as 0, as fit_frame counts it
            [SMALLEST, SMALLEST, 1e-300, 1e300],
        ]
    )
    transform = (100.0, 0.0, 0.0, -100.0, 200.0, 150.0)  # 100 px a unit, y up, origin centred
    ends, shown = dr.device_segments(points, transform, BOX)
    assert np.isfinite(ends).all()
    for row, (x0, y0, x1, y1) in enumerate(points):
        mapped = [
            (100 * dr._finite(x, dr.MAX_DRAWN) + 200, -100 * dr._finite(y, dr.MAX_DRAWN) + 150)
            for x, y in ((x0, y0), (x1, y1))
        ]
        expected = dr.clip_segment(*mapped, BOX)
        assert shown[row] == (expected is not None), row
        if expected is not None:
            np.testing.assert_allclose(ends[row], [*expected[0], *expected[1]], atol=1e-6)
    assert ends[1].tolist() == [200.0, 150.0, 400.0, 150.0]  # cut at the box's edge


@given(st.lists(extreme, min_size=4, max_size=4), st.lists(extreme, min_size=6, max_size=6))
def test_device_segments_are_finite_and_inside_for_any_input(row, transform):
    ends, shown = dr.device_segments(np.array([row]), tuple(transform), BOX)
    assert np.isfinite(ends).all()
    if shown[0]:
        assert (ends[0, 0::2] >= 0).all() and (ends[0, 0::2] <= 400).all()
        assert (ends[0, 1::2] >= 0).all() and (ends[0, 1::2] <= 300).all()


def test_undrawable_rows_and_clamped_arrays():
    rows = dr.undrawable_rows(np.array([[1.0, 2.0], [BIGGEST, 0.0], [math.nan, 0.0]]))
    assert rows.tolist() == [False, True, True]
    assert dr.clamp_array(np.array([BIGGEST, -math.inf, math.nan])).tolist() == [1e300, -1e300, 0]


@given(extreme, extreme)
def test_bounded_ranges_are_finite_ordered_and_wide_enough(low, high):
    a, b = dr.bounded_range(low, high)
    assert all_finite(a, b) and a < b and abs(a) <= dr.MAX_DRAWN and abs(b) <= dr.MAX_DRAWN
    assert b - a > 0


def test_bounded_ranges_keep_ordinary_ones():
    assert dr.bounded_range(-0.12, 1.1) == (-0.12, 1.1)
    assert dr.bounded_range(-BIGGEST, BIGGEST) == (-1e300, 1e300)


# -- bars ---------------------------------------------------------------------------------


def test_bar_limits_take_the_finite_values_and_zero():
    assert dr.bar_limits(np.array([-2.0, 3.0])) == (-2.0, 3.0)
    assert dr.bar_limits(np.array([2.0, 3.0])) == (0.0, 3.0)
    assert dr.bar_limits(np.zeros(3)) == (0.0, 1.0)
    assert dr.bar_limits(np.array([math.inf, -BIGGEST, math.nan])) == (-BIGGEST, 0.0)


@given(extreme, extreme, extreme)
@example(BIGGEST, -BIGGEST, BIGGEST)
@example(math.nan, -1.0, 1.0)
def test_span_fractions_are_between_0_and_1(value, low, high):
    fraction = dr.span_fraction(value, low, high)
    assert 0.0 <= fraction <= 1.0


def test_span_fractions_of_ordinary_ranges():
    assert dr.span_fraction(0.0, -2.0, 2.0) == 0.5
    assert dr.span_fraction(BIGGEST, -BIGGEST, BIGGEST) == 1.0
    assert dr.span_fraction(0.0, -BIGGEST, BIGGEST) == 0.5


def test_one_arrow_is_clipped_exactly_as_the_many_arrows_path_clips_it():
    import itertools

    values = (0.0, 1.0, -2.5, 5e-324, 1e-300, 1e300, 1.797e308, -1.797e308, 250.0)
    transforms = ((1.0, 0.0, 0.0, -1.0, 200.0, 150.0), (1e300, 0.0, 0.0, 1e300, 0.0, 0.0))
    box = (0.0, 0.0, 400.0, 300.0)
    for corners in itertools.product(values, repeat=4):
        if len(set(corners)) > 3:
            continue  # enough variety without the whole product
        for transform in transforms:
            row = np.array(corners)
            (one,), (one_shown,) = dr.device_segments(row, transform, box)
            many, many_shown = dr.device_segments(np.vstack([row, row]), transform, box)
            assert one_shown == many_shown[0], (corners, transform)
            if one_shown:
                np.testing.assert_allclose(one, many[0], rtol=1e-12, atol=1e-9)


@settings(max_examples=200)
@given(
    st.lists(
        st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([0.0, -0.0, 5e-324]),
        min_size=1,
        max_size=12,
    ),
    st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([1.0, 1e-300, 1.8e308]),
)
def test_a_matrix_of_cell_labels_is_each_cells_label(values, limit):
    matrix = np.array(values, dtype=float).reshape(1, -1)
    assert dr.cell_labels(matrix, limit) == [[dr.cell_label(v, limit) for v in values]]


def test_cell_labels_as_the_heatmap_prints_them():
    # A hundredth of the range 12 is 0.12: one decimal, so 0.333 prints 0.3.
    matrix = np.array([[11.0, 12.0], [5.0, -1.8], [0.333, 1234.4]])
    assert dr.cell_labels(matrix, 12.0) == [["11", "12"], ["5", "-1.8"], ["0.3", "1234"]]


def test_the_steps_a_plane_draws_are_those_round_the_cursor():
    assert dr.steps_near(5, 3, limit=5) == [1, 2, 3, 4, 5]
    assert dr.steps_near(0, 0, limit=5) == []
    assert dr.steps_near(20, 10, limit=5) == [8, 9, 10, 11, 12]
    assert dr.steps_near(20, 10, limit=4) == [8, 9, 10, 11]
    assert dr.steps_near(20, 1, limit=5) == [1, 2, 3, 4, 5]  # held at the start
    assert dr.steps_near(20, 20, limit=5) == [16, 17, 18, 19, 20]  # and at the end
    near = dr.steps_near(10_000, 9_000, also=1)
    assert len(near) == dr.MAX_ARROWS + 1 and 9_000 in near and near[-1] == 1


def test_the_dragged_step_is_drawn_too_when_it_lies_outside():
    assert dr.steps_near(20, 10, limit=5, also=2) == [8, 9, 10, 11, 12, 2]
    assert dr.steps_near(20, 10, limit=5, also=13) == [8, 9, 10, 11, 12, 13]
    assert dr.steps_near(20, 10, limit=5, also=1) == [8, 9, 10, 11, 12, 1]
    assert dr.steps_near(20, 10, limit=5, also=20) == [8, 9, 10, 11, 12, 20]
    for inside_or_none in (8, 12, 0, 21, None):  # already drawn, or no such step
        assert dr.steps_near(20, 10, limit=5, also=inside_or_none) == [8, 9, 10, 11, 12]


def test_axis_ticks_of_reversed_narrow_and_one_tick_ranges():
    assert dr.axis_ticks(10.0, 0.0, 5) == dr.axis_ticks(0.0, 10.0, 5)
    assert dr.axis_ticks(0.0, 10.0, 1) == [0.0, 10.0]
    assert dr.axis_ticks(0.0, 10.0, 0) == [0.0, 10.0]  # at least one tick's worth
    assert dr.axis_ticks(0.0, 10.0, 2) == [0.0, 5.0, 10.0]
    assert dr.axis_ticks(0.0, 3.0, 5) == [0.0, 1.0, 2.0, 3.0]  # a step of 1, not 0.5
    assert dr.axis_ticks(3.0, 3.0) == [3.0]
    # 1e300 and a number 1e287 below it print alike: the two ends, nothing between.
    assert dr.axis_ticks(1e300 - 1e287, 1e300) == [1e300 - 1e287, 1e300]
    assert dr.axis_ticks(0.0, 5e-301) == [0.0, 5e-301]  # a span below MIN_SPAN (1e-300)


def test_a_plane_half_range_worked_by_hand():
    # lim = extent / (1 - 2·margin/plot), at least 1.12 × extent and 1.2, up to 0.1.
    assert dr.half_range(5.0, 50.0, 400.0) == 6.7  # 5 / 0.75 = 6.67
    assert dr.half_range(5.0, 10.0, 400.0) == 5.6  # 5 / 0.95 = 5.26 < 5 × 1.12
    assert dr.half_range(5.0, 300.0, 400.0) == 10.0  # the margin's share stops at half
    assert dr.half_range(0.8, 0.0, 400.0) == 1.2  # never below the minimum from 0.8 on
    assert dr.half_range(5.0, -50.0, 400.0) == 5.6  # no negative margin
    assert dr.half_range(5.0, -50.0, 4.0) == 5.6  # … none at all, even on a tiny plot
    assert dr.half_range(1.0, 0.3, 0.5) == 2.0  # a plot under a pixel counts as one
    assert dr.half_range(1.0, 0.3, 1.5) == 1.7  # 1 / (1 - 0.4) on a 1.5-pixel plot
    assert dr.half_range(2e12, 0.0, 400.0) == 2.3e12  # two significant digits when large
