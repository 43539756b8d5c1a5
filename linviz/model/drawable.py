"""The numbers a view draws with, finite for any finite input.

The model accepts every finite float: ±1.797e308, subnormals down to
5e-324, 1e-300 beside 1e300. Drawing them is arithmetic too, and it is
where the window crashed (issue 27): a half-range of ``1.12 × 1.797e308``
is infinite and ``math.ceil`` of it raises; a colour range rounded up from
1.797e308 is ``2e308 = inf``; a range of ``±5e-324`` makes ``256 / (high -
low)`` infinite, ``0 × inf`` NaN, and a NaN colour index is an IndexError;
a frame's middle ``(1.7e308 + 1.7e308) / 2`` overflows; Qt is handed
pixel coordinates of 1e300. The views take every such number from here
(Qt-free, tested with the extremes) instead of computing it:

- :func:`nice_limit`, :func:`color_limit`, :func:`color_indices` and
  :func:`bar_ticks`: a heatmap's colour range, its cells' colours and the
  colour bar's labels;
- :func:`half_range`, :func:`fit_frame` and :func:`view_window`: what a
  vector plane shows;
- :func:`axis_ticks`: tick positions for any range;
- :func:`cell_label`: a heatmap cell's number; :func:`steps_near`: which
  steps a vector plane draws;
- :func:`clip_segment` and :func:`clamp_point`: arrows and labels in
  pixels, inside the widget;
- :func:`too_large` and :func:`undrawable`: what cannot be drawn to scale
  (beyond :data:`MAX_DRAWN`), to be shown as text instead ("too large to
  draw: 1.8e308").

Every function returns finite numbers for finite input, and none raises on
an infinity or a NaN (they are clamped or put in the middle).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase

#: Magnitudes drawn to scale, at most. Far enough under the largest float
#: (1.797e308) that a view's own arithmetic on a range (a margin, a padding
#: of a few per cent, a pixel scale) stays finite.
MAX_DRAWN = 1e300
#: The smallest colour range or frame span: its reciprocal times a few
#: thousand pixels is still finite (a subnormal's is not).
MIN_SPAN = 1e-300
#: The largest float.
MAX_FLOAT = sys.float_info.max
#: Colour ranges are rounded up to one of these times a power of ten.
NICE_LIMITS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
#: Tick steps are one of these times a power of ten.
NICE_STEPS = (1.0, 2.0, 2.5, 5.0, 10.0)
#: Cell labels round to at most this many decimals (``round`` takes any; 5e-324 needs 326).
MAX_DECIMALS = 330
#: A vector plane's half-width, at least (as :mod:`linviz.views.panels.plane_base`).
MIN_HALF_RANGE = 1.2
#: Arrows whose every coordinate is under this are framed at their own size, not
#: in the usual ±MIN_HALF_RANGE (the keys (0.6, 0.8) and (0.8, 0.6) keep it).
SHORT_EXTENT = 0.8


def _finite(x: float, bound: float = MAX_FLOAT) -> float:
    """``x`` clamped to ``±bound``; NaN is 0."""
    if x != x:  # NaN
        return 0.0
    return min(max(float(x), -bound), bound)


# -- what cannot be drawn --------------------------------------------------------------


def drawable(x: float) -> bool:
    """Whether ``x`` can be drawn to scale: finite and at most :data:`MAX_DRAWN` in size."""
    return math.isfinite(x) and abs(x) <= MAX_DRAWN


def number_words(x: float) -> str:
    """``x`` in two significant digits, as a message quotes it: ``1.8e308``, ``-5e-324``."""
    text = f"{float(x):.2g}"
    return text.replace("e+", "e").replace("e-0", "e-").replace("e0", "e")


def too_large(x: float) -> Phrase | None:
    """``"too large to draw: 1.8e308"`` for a number that cannot be drawn, else ``None``;
    ``"too large to draw: beyond ±1.8e308"`` for one beyond the floats (``inf``, ``nan``).

    A :class:`Phrase` the views translate (context ``ScenarioError``).
    """
    if drawable(x):
        return None
    if not math.isfinite(x):
        # Beyond the floats (φ(k)ᵀS for two keys of 1e308 is 3e616): "inf" is no
        # number the user wrote or could check; the float range is.
        return Phrase(
            QT_TRANSLATE_NOOP("ScenarioError", "too large to draw: beyond ±{value}"),
            value=number_words(MAX_FLOAT),
        )
    return Phrase(
        QT_TRANSLATE_NOOP("ScenarioError", "too large to draw: {value}"), value=number_words(x)
    )


def undrawable(values: np.ndarray | Iterable[float]) -> float | None:
    """The largest number in ``values`` that cannot be drawn to scale (``None``: all can)."""
    array = np.asarray(values, dtype=np.float64)
    if array.size == 0:
        return None
    with np.errstate(invalid="ignore"):
        magnitudes = np.abs(array)
        bad = ~(magnitudes <= MAX_DRAWN)  # NaN counts as bad
    if not bad.any():
        return None
    candidates = array[bad]
    nan = np.isnan(candidates)
    if nan.all():
        return float("nan")
    candidates = candidates[~nan]
    return float(candidates[np.argmax(np.abs(candidates))])


# -- colours -----------------------------------------------------------------------------


def nice_limit(largest: float) -> float:
    """The smallest :data:`NICE_LIMITS` value times a power of ten that is ≥ ``largest``.

    Finite and at least :data:`MIN_SPAN` for any input: 1 for 0 (or NaN),
    :data:`MIN_SPAN` for anything smaller (subnormals), ``largest`` itself
    when rounding up would pass the largest float (1.797e308 stays
    1.797e308, not ``2e308 = inf``).
    """
    if largest != largest or largest <= 0:
        return 1.0
    if largest >= MAX_FLOAT:
        return MAX_FLOAT
    if largest < MIN_SPAN:
        return MIN_SPAN
    power = 10.0 ** math.floor(math.log10(largest))
    for factor in NICE_LIMITS:
        candidate = factor * power
        if not math.isfinite(candidate):
            return float(largest)
        # A relative tolerance: 3 must stay 3, not become 4 through 3.0000000000000004.
        if candidate >= largest * (1 - 1e-9):
            return candidate
    return float(largest)  # pragma: no cover - 10 × power always reaches largest


def largest(*arrays: np.ndarray | Iterable[float]) -> float:
    """The largest finite ``|entry|`` of ``arrays`` (0 when there is none: empty, or all
    infinite or NaN). ``np.abs(a).max()`` raises on an empty array and is infinite on ±inf.
    """
    found = 0.0
    for values in arrays:
        array = np.asarray(values, dtype=np.float64)
        if array.size:
            finite = np.abs(array[np.isfinite(array)])
            if finite.size:
                found = max(found, float(finite.max()))
    return found


def color_limit(*matrices: np.ndarray) -> float:
    """The colour range ±limit centred on 0: the largest ``|entry|`` rounded up
    (:func:`nice_limit`); 1 when every entry is 0. Non-finite entries are ignored.
    """
    return nice_limit(largest(*matrices))


def color_indices(matrix: np.ndarray, limit: float, count: int) -> np.ndarray:
    """Which of ``count`` colours each entry gets over ``-limit .. limit`` (intp, same shape).

    As pyqtgraph bins levels (``count`` equal bins, the top one closed), but
    computed as ``(x / limit + 1) · count / 2`` so that neither
    ``high - low`` nor ``count / (high - low)`` can overflow. Entries beyond
    the range take the end colours, ``+inf``/``-inf`` too; NaN the middle one.
    """
    count = max(int(count), 1)
    limit = float(limit)
    if not (math.isfinite(limit) and limit > 0):
        limit = MAX_FLOAT if limit == math.inf else 1.0
    limit = max(limit, MIN_SPAN)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        scaled = np.asarray(matrix, dtype=np.float64) / limit
        bins = np.floor((scaled + 1.0) * (count / 2))
    bins = np.where(np.isnan(bins), count // 2, bins)
    return np.clip(bins, 0, count - 1).astype(np.intp)


def label_decimals(limit: float, digits: int = 2) -> int:
    """How many decimals a cell's label keeps: none finer than a hundredth of ``limit``.

    ``max(0, digits - floor(log10(limit)))``; ``digits`` for a range that is
    0, negative or not finite (``floor(log10(inf))`` raises), and at most
    :data:`MAX_DECIMALS` (enough for a subnormal range).
    """
    if not (limit > 0 and math.isfinite(limit)):
        return digits
    return min(max(0, digits - math.floor(math.log10(limit))), MAX_DECIMALS)


def cell_label(value: float, limit: float) -> str:
    """``value`` as a short cell label in plain ASCII: ``3``, ``-1.8``, ``0.33``, ``1234``.

    At most 3 significant digits, and no digit finer than a hundredth of the
    colour range ``limit`` (:func:`label_decimals`): labels stay short enough
    to fit their cells, and rounding noise shows as 0. The views write the
    minus sign and the decimal mark of the language shown.
    """
    return _label_at(float(value), label_decimals(limit))


def cell_labels(matrix: np.ndarray, limit: float) -> list[list[str]]:
    """:func:`cell_label` of every cell of ``matrix`` (2-D), row by row.

    The decimals are worked out once for the whole matrix, not once a cell
    (a heatmap and the equation print a few hundred labels a scrub step).
    """
    decimals = label_decimals(limit)
    return [
        [_label_at(float(value), decimals) for value in row] for row in np.asarray(matrix).tolist()
    ]


def _label_at(value: float, decimals: int) -> str:
    value = round(value, decimals) + 0.0  # + 0.0 turns -0.0 into 0.0
    if value == 0:
        return "0"
    if 1e3 <= abs(value) < 1e5:
        return f"{value:.0f}"
    return f"{value:.3g}"


#: With more steps than this, a vector plane draws only the steps nearest the
#: cursor: on a panel a few hundred pixels wide, more arrows from one origin
#: merge into a blot (compared by eye at 100 and 200), and each one costs frame
#: time on every cursor move and drag frame. A long scenario shows as many as a
#: 100-step one shows in full.
MAX_ARROWS = 100


def steps_near(
    total: int, cursor: int, limit: int = MAX_ARROWS, also: int | None = None
) -> list[int]:
    """Step numbers a vector plane draws: all of them, or the ``limit`` nearest the cursor.

    ``also`` (the step being dragged) is always included.
    """
    if total <= limit:
        return list(range(1, total + 1))
    start = min(max(cursor - limit // 2, 1), total - limit + 1)
    numbers = list(range(start, start + limit))
    if also is not None and 1 <= also <= total and not start <= also < start + limit:
        numbers.append(also)
    return numbers


def bar_ticks(limit: float, parts: int = 4) -> list[tuple[float, float]]:
    """The colour bar's ticks as ``(position, value)``: positions on a bar drawn
    from -1 to 1 (never from ``-limit`` to ``limit``, which a view's axis
    cannot span when it is 1.797e308), values to write beside them.
    """
    limit = _finite(limit) if limit > 0 else 1.0
    parts = max(int(parts), 2)
    positions = [-1.0 + 2.0 * i / parts for i in range(parts + 1)]
    return [(p, 0.0 if p == 0 else p * limit) for p in positions]


# -- frames ------------------------------------------------------------------------------


def _round_up(value: float) -> float:
    """``value`` rounded up to 0.1 (frames from 1 to 1e12) or 2 significant digits
    (smaller and larger ones); at least :data:`MIN_SPAN`.

    Small moves then do not change it. Finite for finite input.
    """
    if not value >= MIN_SPAN:
        return MIN_SPAN
    if 1.0 <= value < 1e12:
        return math.ceil(value * 10 - 1e-9) / 10
    power = 10.0 ** (math.floor(math.log10(value)) - 1)
    rounded = math.ceil(value / power * (1 - 1e-12)) * power
    return rounded if math.isfinite(rounded) else value


def half_range(
    extent: float, margin_px: float, plot_px: float, minimum: float = MIN_HALF_RANGE
) -> float:
    """A vector plane's half-width that fits ``extent`` plus a label margin of ``margin_px``.

    The margin is in pixels, so it is solved for: ``lim = extent + margin_px ·
    2 lim / plot_px``; at least ``minimum`` (the unit circle shows), or, with
    every coordinate under :data:`SHORT_EXTENT`, at least ``minimum · extent /
    SHORT_EXTENT``: keys near 0.01 fill two thirds of the plane instead of
    sitting as dots inside the unit circle, and the least half-width shrinks
    in proportion (no jump a scrub would flip across). Rounded up (0.1 steps
    from 1 to 1e12, else two significant digits) so that small moves do not
    change it.
    An extent beyond :data:`MAX_DRAWN` (or not finite) is framed as
    :data:`MAX_DRAWN`: the view says "too large to draw" for it.
    """
    extent = abs(_finite(extent, MAX_DRAWN))
    plot_px = plot_px if plot_px > 1.0 else 1.0
    margin_px = margin_px if margin_px > 0 else 0.0
    share = min(2 * margin_px / plot_px, 0.5)
    least = minimum * extent / SHORT_EXTENT if 0.0 < extent < SHORT_EXTENT else minimum
    wanted = max(extent * 1.12, extent / (1 - share), least)
    return _round_up(wanted)


@dataclass(frozen=True)
class Frame:
    """A rectangle in data units: ``x0 ≤ x1``, ``y0 ≤ y1``, every side finite."""

    x0: float
    x1: float
    y0: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def _span(low: float, high: float, least: float) -> tuple[float, float]:
    """``low .. high`` widened about its middle to at least ``least``, and to a span
    the floats there can tell apart (a millionth of the middle's size).
    """
    middle = low / 2 + high / 2  # not (low + high) / 2: that overflows at 1.7e308
    least = max(least, abs(middle) * 1e-6)
    if high - low < least:
        low, high = middle - least / 2, middle + least / 2
    return low, high


def least_frame(written: Sequence[tuple[float, float]], usual: float = 1.0) -> float:
    """The least span a framed plane shows (``min_frame`` of :func:`fit_frame`).

    ``usual``, or, when what the user wrote among the plane's points is
    smaller (values near 0.01, as a trained model's may be), their largest
    ``|coordinate|``: those arrows then fill the plane instead of sitting as
    dots on its origin. Only written numbers (stored values, targets) lower
    it: a read's output of 1e-17, rounding residue of orthogonal keys, is
    not blown up to fill a plane whose values are near 1.
    """
    if not len(written):
        return usual
    # One array pass, not a call a coordinate: a plane's ~200 points on every drag frame.
    sizes = np.abs(np.asarray(written, dtype=np.float64))
    sizes[np.isnan(sizes)] = 0.0
    largest = min(float(sizes.max()), MAX_DRAWN)
    return largest if 0.0 < largest < usual else usual


def fit_frame(
    points: Sequence[tuple[float, float]], min_frame: float = 1.0, origin: bool = True
) -> Frame:
    """The smallest frame around ``points`` (and the origin), each side at least ``min_frame``.

    Coordinates beyond :data:`MAX_DRAWN` are framed at :data:`MAX_DRAWN`
    (the view says they are too large to draw); NaN counts as 0. A
    ``min_frame`` below :data:`MIN_SPAN` is raised to it.
    """
    # One array pass, not a call a coordinate: a plane frames ~100 points a drag frame.
    coords = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if origin or not len(coords):
        coords = np.vstack([coords, np.zeros((1, 2))])
    coords = clamp_array(coords)
    low, high = coords.min(axis=0).tolist(), coords.max(axis=0).tolist()
    least = max(_finite(min_frame, MAX_DRAWN), MIN_SPAN)
    x0, x1 = _span(low[0], high[0], least)
    y0, y1 = _span(low[1], high[1], least)
    return Frame(x0, x1, y0, y1)


def view_window(
    frame: Frame, margins_px: tuple[float, float, float, float], width: float, height: float
) -> Frame:
    """What a view ``width × height`` pixels shows so that ``frame`` fits inside
    ``margins_px`` (left, right, bottom, top), one scale for both axes, centred.

    As :meth:`VectorPlanePanel._fit_frame` computes it, with every step
    bounded: the frame's spans are at most 2e300, the scale never 0, the
    sums halved before they are added.
    """
    width = width if width > 1.0 else 1.0
    height = height if height > 1.0 else 1.0
    left, right, bottom, top = (m if m > 0 else 0.0 for m in margins_px)
    span_x = max(frame.x1 - frame.x0, MIN_SPAN)
    span_y = max(frame.y1 - frame.y0, MIN_SPAN)
    scale = min(
        max(width - left - right, width * 0.4) / span_x,
        max(height - bottom - top, height * 0.4) / span_y,
    )  # pixels per data unit: ≥ 0.4 px / 2e300 > 0, ≤ 8000 px / 1e-300 finite
    cx = (frame.x0 - left / scale) / 2 + (frame.x1 + right / scale) / 2
    cy = (frame.y0 - bottom / scale) / 2 + (frame.y1 + top / scale) / 2
    half_w, half_h = width / (2 * scale), height / (2 * scale)
    return Frame(
        _finite(cx - half_w), _finite(cx + half_w), _finite(cy - half_h), _finite(cy + half_h)
    )


# -- ticks -------------------------------------------------------------------------------


def tick_step(span: float, target: float = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about ``target`` ticks."""
    span = abs(_finite(span))
    raw = min(span / max(float(target), 0.5), MAX_FLOAT)
    if not raw >= MIN_SPAN:
        return MIN_SPAN
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in NICE_STEPS:
        step = factor * power
        if step >= raw * (1 - 1e-9):
            return step if math.isfinite(step) else raw
    return raw  # pragma: no cover


#: Grid snapping's step on planes at least 1 wide (every lesson's): 0.1.
SNAP_STEP = 0.1


def snap_step(span: float) -> float:
    """The grid a dragged tip snaps to on a plane whose smaller side shows ``span``.

    :data:`SNAP_STEP` on planes at least 1 wide; on smaller ones (keys or
    values near 0.01) a round step about a tenth of ``span``, so that a
    drag still moves the tip instead of snapping it to 0.
    """
    span = abs(_finite(span))
    return SNAP_STEP if span >= 1.0 else tick_step(span, 10)


def snap_tip(
    x: float,
    y: float,
    *,
    grid: bool,
    unit: bool,
    one_dimensional: bool = False,
    step: float = SNAP_STEP,
) -> tuple[float, float]:
    """Where a dragged tip lands: on the unit circle, else on a grid of ``step``
    (:func:`snap_step`), written as a person writes it (0.3, not 0.30000000000000004).

    With both snaps on, the unit length wins (a grid point is rarely at
    length 1). A one-dimensional plane keeps ``y`` at 0.
    """
    if one_dimensional:
        y = 0.0
    if unit:
        length = math.hypot(x, y)
        return (x / length + 0.0, y / length + 0.0) if length > 0 else (x, y)
    if grid:
        return _on_grid(x, step), _on_grid(y, step)
    return x, y


def _on_grid(value: float, step: float) -> float:
    """``value`` rounded to a multiple of ``step`` (a round step: 1, 2, 2.5 or 5 times
    a power of ten), divided by the power of ten last so the decimal comes out clean.
    """
    if not (step >= 1e-290 and math.isfinite(value)):
        return value
    per_unit = 10.0 ** -math.floor(math.log10(step))  # 10 for a step of 0.1 or 0.25
    mantissa = step * per_unit
    steps = value * per_unit / mantissa
    if not abs(steps) < 2.0**53:  # beyond the floats' integers: already on any grid
        return value
    snapped = round(steps) * mantissa / per_unit + 0.0
    return snapped if math.isfinite(snapped) else value


def axis_ticks(low: float, high: float, target: int = 5) -> list[float]:
    """Tick positions from ``low`` to ``high``: round values, about ``target`` of them
    (never more than ``2 · target + 2``), finite for any input.

    A range too narrow for its numbers to tell apart (a subnormal span, or
    1e300 ± 1) gets its two ends only.
    """
    low, high = _finite(low), _finite(high)
    if low > high:
        low, high = high, low
    target = max(int(target), 1)
    span = high / 2 - low / 2  # half the span: never overflows
    scale = max(abs(low), abs(high))
    if span * 2 < MIN_SPAN or span * 2 <= scale * 1e-12:
        return [low] if low == high else [low, high]
    step = tick_step(span, target / 2)  # the half-span and half the ticks: no overflow
    first = math.ceil(low / step - 1e-9)
    last = math.floor(high / step + 1e-9)
    count = last - first + 1
    if count > 2 * target + 2:  # rounding made the step too fine: thin it
        stride = math.ceil(count / (2 * target + 2))
        indices = range(first, last + 1, stride)
    else:
        indices = range(first, last + 1)
    ticks = [_finite(i * step) for i in indices]
    return [t for t in ticks if low - step * 1e-9 <= t <= high + step * 1e-9] or [low, high]


# -- pixels -------------------------------------------------------------------------------


def clamp_point(
    point: tuple[float, float], box: tuple[float, float, float, float]
) -> tuple[float, float]:
    """``point`` moved into ``box`` (left, top, right, bottom), NaN to the box's corner."""
    left, top, right, bottom = box
    x, y = point
    x = left if x != x else min(max(x, left), right)
    y = top if y != y else min(max(y, top), bottom)
    return float(x), float(y)


def clip_segment(
    start: tuple[float, float], end: tuple[float, float], box: tuple[float, float, float, float]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of the segment ``start → end`` inside ``box`` (left, top, right, bottom).

    ``None`` when none of it is inside. Liang–Barsky, on coordinates
    clamped to ±1e300 first, so a tip a view maps to 1e308 pixels is still
    drawn as the part of its arrow that shows.
    """
    left, top, right, bottom = box
    x0, y0 = (_finite(v, MAX_DRAWN) for v in start)
    x1, y1 = (_finite(v, MAX_DRAWN) for v in end)
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            if t > t1:
                return None
            t0 = max(t0, t)
        else:
            if t < t0:
                return None
            t1 = min(t1, t)
    a = clamp_point((x0 + t0 * dx, y0 + t0 * dy), box)
    b = clamp_point((x0 + t1 * dx, y0 + t1 * dy), box)
    return a, b


def clamp_array(values: npt.ArrayLike) -> np.ndarray:
    """``values`` (floats) clamped to ±:data:`MAX_DRAWN`, NaN as 0: coordinates any
    rectangle around them can hold (its width at most 2e300, finite).
    """
    array = np.asarray(values, dtype=np.float64)
    return np.clip(np.nan_to_num(array, nan=0.0), -MAX_DRAWN, MAX_DRAWN)


def undrawable_rows(points: np.ndarray) -> np.ndarray:
    """For each row of ``points``: whether any of its numbers cannot be drawn to scale."""
    array = np.asarray(points, dtype=np.float64)
    if array.size == 0:
        return np.zeros(len(array), dtype=bool)
    with np.errstate(invalid="ignore"):
        drawn = (np.abs(array) <= MAX_DRAWN).reshape(len(array), -1)
    return np.logical_not(drawn.all(axis=1))


def device_segments(
    points: np.ndarray,
    transform: tuple[float, float, float, float, float, float],
    box: tuple[float, float, float, float],
) -> tuple[np.ndarray, np.ndarray]:
    """Segments ``x0, y0, x1, y1`` (rows of ``points``, data units) in device pixels,
    each clipped to ``box`` (left, top, right, bottom).

    ``transform`` is ``(m11, m12, m21, m22, dx, dy)`` as Qt's ``QTransform``
    maps. Returns the clipped ends and which rows show at all: a tip that
    maps to 1e308 pixels (or to infinity, or NaN) is cut where its shaft
    leaves the box, as :func:`clip_segment` does, for all rows at once.
    """
    m11, m12, m21, m22, dx, dy = (float(v) for v in transform)
    if np.size(points) == 4:  # one arrow (an item's paint): the same steps without arrays
        return _one_device_segment(points, (m11, m12, m21, m22, dx, dy), box)
    data = clamp_array(points).reshape(-1, 4)
    ends = np.empty_like(data)
    with np.errstate(over="ignore", invalid="ignore"):
        for column in (0, 2):
            x, y = data[:, column], data[:, column + 1]
            ends[:, column] = m11 * x + m21 * y + dx
            ends[:, column + 1] = m12 * x + m22 * y + dy
    shown = ~np.isnan(ends).any(axis=1)
    ends = np.clip(np.nan_to_num(ends, nan=0.0), -MAX_DRAWN, MAX_DRAWN)
    left, top, right, bottom = box
    x0, y0, x1, y1 = ends[:, 0], ends[:, 1], ends[:, 2], ends[:, 3]
    ddx, ddy = x1 - x0, y1 - y0  # at most 2e300: finite
    t0, t1 = np.zeros(len(ends)), np.ones(len(ends))
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for p, q in ((-ddx, x0 - left), (ddx, right - x0), (-ddy, y0 - top), (ddy, bottom - y0)):
            parallel = p == 0
            shown &= ~(parallel & (q < 0))
            t = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
            t0 = np.where(~parallel & (p < 0), np.maximum(t0, t), t0)
            t1 = np.where(~parallel & (p > 0), np.minimum(t1, t), t1)
    shown &= t0 <= t1
    t0, t1 = np.clip(t0, 0.0, 1.0), np.clip(t1, 0.0, 1.0)  # hidden rows' may be anything
    clipped = np.column_stack([x0 + t0 * ddx, y0 + t0 * ddy, x0 + t1 * ddx, y0 + t1 * ddy])
    clipped[:, 0::2] = np.clip(clipped[:, 0::2], left, right)
    clipped[:, 1::2] = np.clip(clipped[:, 1::2], top, bottom)
    return clipped, shown


def _one_device_segment(
    points: np.ndarray,
    transform: tuple[float, float, float, float, float, float],
    box: tuple[float, float, float, float],
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`device_segments` of a single row, step for step in plain floats.

    Every arrow item's paint asks for its one segment: numpy's per-call cost
    was 0.66 ms of it, about 6 ms of a lesson drag (nine arrows repainted).
    """
    m11, m12, m21, m22, dx, dy = transform
    x0, y0, x1, y1 = (
        0.0 if v != v else min(max(v, -MAX_DRAWN), MAX_DRAWN)
        for v in (float(c) for c in np.ravel(points))
    )
    ends = []
    for x, y in ((x0, y0), (x1, y1)):
        try:
            ends += [m11 * x + m21 * y + dx, m12 * x + m22 * y + dy]
        except OverflowError:  # pragma: no cover - floats give inf, not an error
            ends += [math.inf, math.inf]
    shown = not any(e != e for e in ends)
    ex0, ey0, ex1, ey1 = (0.0 if e != e else min(max(e, -MAX_DRAWN), MAX_DRAWN) for e in ends)
    left, top, right, bottom = box
    ddx, ddy = ex1 - ex0, ey1 - ey0
    t0, t1 = 0.0, 1.0
    for p, q in ((-ddx, ex0 - left), (ddx, right - ex0), (-ddy, ey0 - top), (ddy, bottom - ey0)):
        if p == 0:
            if q < 0:
                shown = False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    shown = shown and t0 <= t1
    t0, t1 = min(max(t0, 0.0), 1.0), min(max(t1, 0.0), 1.0)
    clipped = [ex0 + t0 * ddx, ey0 + t0 * ddy, ex0 + t1 * ddx, ey0 + t1 * ddy]
    for i in (0, 2):
        clipped[i] = min(max(clipped[i], left), right)
        clipped[i + 1] = min(max(clipped[i + 1], top), bottom)
    return np.array([clipped]), np.array([shown])


def bounded_range(low: float, high: float, least: float = MIN_SPAN) -> tuple[float, float]:
    """An axis range ``low .. high`` a view can show: inside ±:data:`MAX_DRAWN`, in order,
    at least ``least`` wide (about its middle) and wide enough for its floats to differ.

    pyqtgraph makes a view range of ±1e308 NaN (its span overflows) and its
    ticks then raise; ±1e300 and subnormal spans it draws.
    """
    low, high = _finite(low, MAX_DRAWN), _finite(high, MAX_DRAWN)
    if low > high:
        low, high = high, low
    low, high = _span(low, high, max(_finite(least, MAX_DRAWN), MIN_SPAN))
    return _finite(low, MAX_DRAWN), _finite(high, MAX_DRAWN)


# -- bars ------------------------------------------------------------------------------------


def bar_limits(values: np.ndarray) -> tuple[float, float]:
    """The range bars of ``values`` are drawn over: from ``min(0, least)`` to
    ``max(0, most)`` of the finite values (±inf bars reach the ends); ``0 .. 1``
    when that range has no width (every value 0).
    """
    array = np.asarray(values, dtype=np.float64)
    finite = array[np.isfinite(array)]
    low = min(0.0, float(finite.min())) if finite.size else 0.0
    high = max(0.0, float(finite.max())) if finite.size else 0.0
    if high / 2 - low / 2 <= 0:
        return 0.0, 1.0
    return low, high


def span_fraction(value: float, low: float, high: float) -> float:
    """Where ``value`` lies from ``low`` (0) to ``high`` (1), clamped to 0 .. 1.

    ``(v - low) / (high - low)`` overflows for a range of ±1.8e308; halves
    do not. NaN (or a range without width) is 0.
    """
    half = high / 2 - low / 2
    if not half > 0:
        return 0.0
    with np.errstate(over="ignore", invalid="ignore"):
        fraction = (value / 2 - low / 2) / half
    if fraction != fraction:
        return 0.0
    return min(max(float(fraction), 0.0), 1.0)
