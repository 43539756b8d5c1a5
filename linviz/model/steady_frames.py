"""What a vector plane shows, held still while what it must show still fits.

A plane fitted exactly to its arrows changes its range on every step of a
scrub and every frame of a drag, and every new range rebuilds the axes'
ticks, the grid and the cached pictures (8 of 35 ms a scrub, issue 29).
Here a wanted window (from :func:`~linviz.model.drawable.view_window` or
:func:`~linviz.model.drawable.half_range`) becomes a shown one with round
values and hysteresis, as the heatmap's colour bar rounds its range: the
shown window is kept while the wanted one fits inside it and is not much
smaller; otherwise a new one is chosen with room to spare, its scale a
round number of data units per pixel and its centre on a round grid.

Finite for any finite input, as :mod:`linviz.model.drawable`.
"""

from __future__ import annotations

import math

from linviz.model.drawable import MAX_DRAWN, MAX_FLOAT, MIN_SPAN, Frame, nice_limit, tick_step

#: A new window leaves this share of room around the wanted one (each side
#: gets half), so that the next small move still fits.
ROOM = 0.1
#: A new window's scale (data units per pixel) is one of these times a power of
#: ten: round, and never more than 10 % coarser than wanted (the colour bar's
#: coarser steps shrank a read's y by up to a quarter).
SCALE_STEPS = (
    1.0,
    1.1,
    1.2,
    1.25,
    1.5,
    1.6,
    2.0,
    2.2,
    2.5,
    3.0,
    3.5,
    4.0,
    4.5,
    5.0,
    6.0,
    7.0,
    8.0,
    9.0,
)
#: A shown window is kept until the wanted one spans less than this share of it.
SHRINK_BELOW = 0.5
#: A new window takes in the one shown while that makes it at most this much
#: wider and taller than wanted (so that it is kept at the next step too).
UNION_UP_TO = 1.4


def contains(outer: Frame, inner: Frame) -> bool:
    """Whether ``inner`` lies inside ``outer``."""
    return (
        outer.x0 <= inner.x0
        and inner.x1 <= outer.x1
        and outer.y0 <= inner.y0
        and inner.y1 <= outer.y1
    )


def _union(first: Frame, second: Frame) -> Frame:
    """The smallest frame holding both."""
    return Frame(
        min(first.x0, second.x0),
        max(first.x1, second.x1),
        min(first.y0, second.y0),
        max(first.y1, second.y1),
    )


def _snap(value: float, grid: float) -> float:
    """``value`` to the nearest multiple of ``grid`` (kept as is if that is not finite)."""
    snapped = round(value / grid) * grid
    return snapped if math.isfinite(snapped) else value


def round_scale(unit: float) -> float:
    """``unit`` rounded up to one of :data:`SCALE_STEPS` times a power of ten
    (at least :data:`MIN_SPAN`, at most the largest float).
    """
    if not unit > MIN_SPAN:
        return MIN_SPAN
    if unit >= MAX_FLOAT:
        return MAX_FLOAT
    power = 10.0 ** math.floor(math.log10(unit))
    for factor in (*SCALE_STEPS, 10.0):
        candidate = factor * power
        if candidate >= unit * (1 - 1e-9):
            return candidate if math.isfinite(candidate) else unit
    return unit  # pragma: no cover - 10 × power always reaches unit


def steady_window(wanted: Frame, shown: Frame | None, width: float, height: float) -> Frame:
    """The window to show for ``wanted`` on a ``width × height`` pixel view.

    ``shown`` (the window shown now) is returned as it is while ``wanted``
    fits inside it and spans at least :data:`SHRINK_BELOW` of it both ways.
    Otherwise: a window with the view's aspect, :data:`ROOM` larger than
    ``wanted`` (or than its union with ``shown``, while that is at most
    :data:`UNION_UP_TO` as large), its scale (data units per pixel) rounded up to a round
    value (:func:`round_scale`) and its centre on a grid about a twentieth of
    its width: the same wanted window always gives the same shown one.
    """
    width = width if width > 1.0 else 1.0
    height = height if height > 1.0 else 1.0
    span_x = max(wanted.x1 / 2 - wanted.x0 / 2, MIN_SPAN / 2) * 2
    span_y = max(wanted.y1 / 2 - wanted.y0 / 2, MIN_SPAN / 2) * 2
    if (
        shown is not None
        and contains(shown, wanted)
        and span_x >= SHRINK_BELOW * (shown.x1 / 2 - shown.x0 / 2) * 2
        and span_y >= SHRINK_BELOW * (shown.y1 / 2 - shown.y0 / 2) * 2
    ):
        return shown
    if shown is not None:
        # Take in the window shown too when that costs little: a scrub's steps
        # frame overlapping regions, and the frame settles on their union.
        union = _union(shown, wanted)
        if (
            union.x1 / 2 - union.x0 / 2 <= UNION_UP_TO * span_x / 2
            and union.y1 / 2 - union.y0 / 2 <= UNION_UP_TO * span_y / 2
        ):
            wanted = union
            span_x = (union.x1 / 2 - union.x0 / 2) * 2
            span_y = (union.y1 / 2 - union.y0 / 2) * 2
    # The centre moves by up to half a grid step when snapped: room for that too.
    grid = tick_step(span_x * (1 + ROOM), 20)
    unit = round_scale(
        max((span_x * (1 + ROOM) + grid) / width, (span_y * (1 + ROOM) + grid) / height)
    )
    cx = _snap(wanted.x0 / 2 + wanted.x1 / 2, grid)
    cy = _snap(wanted.y0 / 2 + wanted.y1 / 2, grid)
    half_w = min(unit * width / 2, MAX_DRAWN * 4)
    half_h = min(unit * height / 2, MAX_DRAWN * 4)
    return Frame(cx - half_w, cx + half_w, cy - half_h, cy + half_h)


def held_window(wanted: Frame, shown: Frame, width: float, height: float) -> Frame:
    """The window to show for ``wanted`` during a scrub: ``shown`` while ``wanted`` fits
    inside it, however much smaller; else a new window (:func:`steady_window`) taking
    in both. The frame only grows while the cursor runs through the steps, and is
    fitted again (:func:`steady_window`) once it stops.
    """
    if contains(shown, wanted):
        return shown
    return steady_window(_union(shown, wanted), None, width, height)


def steady_half_range(wanted: float, shown: float | None) -> float:
    """The half-width to show for a wanted half-width of a square plane.

    ``shown`` is kept while ``wanted`` fits and is at least
    :data:`SHRINK_BELOW` of it; otherwise ``wanted`` rounded up to a round
    value (:func:`~linviz.model.drawable.nice_limit`).
    """
    wanted = min(abs(wanted), MAX_DRAWN) if wanted == wanted else 1.0
    if shown is not None and SHRINK_BELOW * shown <= wanted <= shown:
        return shown
    return nice_limit(wanted)
