"""Tick marks for the labs' plots: log axes in tokens and bytes, and fitting labels.

Qt-free: the plots give each candidate tick its position and its label's
size in pixels, and :func:`fitting_ticks` keeps those that do not collide.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from linviz.model.drawable import axis_ticks

#: Short names of powers of ten for token counts (context lengths).
_TOKEN_SUFFIXES = ((12, "T"), (9, "B"), (6, "M"), (3, "k"))
#: Binary units of byte sizes, by power of 1024.
_BYTE_UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")

Tick = tuple[float, str]


def token_text(tokens: float) -> str:
    """``1``, ``100``, ``1k``, ``100k``, ``1M``: a power of ten of tokens, short."""
    exponent = round(math.log10(tokens)) if tokens > 0 else 0
    for power, suffix in _TOKEN_SUFFIXES:
        if exponent >= power:
            return f"{10 ** (exponent - power)}{suffix}"
    return f"{10**exponent}"


def token_ticks(low: float, high: float) -> list[Tick]:
    """Ticks at powers of ten of tokens between ``low`` and ``high`` (log10 units)."""
    first, last = math.ceil(low - 1e-9), math.floor(high + 1e-9)
    return [(float(k), token_text(10.0**k)) for k in range(first, last + 1)]


def byte_text(n_bytes: float) -> str:
    """``1 B``, ``32 KiB``, ``1 MiB``: a power of two of bytes in its binary unit."""
    exponent = round(math.log2(n_bytes)) if n_bytes > 0 else 0
    unit = min(exponent // 10, len(_BYTE_UNITS) - 1)
    return f"{2 ** (exponent - 10 * unit)} {_BYTE_UNITS[unit]}"


def byte_ticks(low: float, high: float) -> list[Tick]:
    """Ticks at 1, 32 and 1024 of each binary unit between ``low`` and ``high`` (log10 units).

    Every fifth power of two (1 B, 32 B, 1 KiB, 32 KiB, 1 MiB …): the
    plots keep as many of them as fit.
    """
    first = math.ceil(low / math.log10(2) / 5 - 1e-9)
    last = math.floor(high / math.log10(2) / 5 + 1e-9)
    return [(5 * k * math.log10(2), byte_text(2.0 ** (5 * k))) for k in range(first, last + 1)]


def power_of_two_ticks(low: float, high: float) -> list[Tick]:
    """Ticks at powers of two between ``low`` and ``high`` (log2 units): ``4, 8, 16 …``."""
    first, last = math.ceil(low - 1e-9), math.floor(high + 1e-9)
    return [(float(k), f"{2**k:,}") for k in range(max(first, 0), last + 1)]


def fitting_ticks(
    ticks: Sequence[Tick],
    positions: Sequence[float],
    extents: Sequence[float],
    length: float,
    gap: float,
    keep: Sequence[int] = (),
) -> list[Tick]:
    """The ticks whose labels fit on an axis ``length`` pixels long without touching.

    Parameters
    ----------
    ticks
        Candidate ``(value, label)`` pairs, in order along the axis.
    positions
        Each label's centre along the axis, in pixels from its start.
    extents
        Each label's size along the axis, in pixels.
    length
        The axis length in pixels: a label must lie wholly within it.
    gap
        The least room between two labels, in pixels.
    keep
        Indices that matter most (kept first when there is room: the others
        then fill in around them, at even strides).

    Returns
    -------
    list
        The ticks kept, in order.
    """
    inside = [
        i
        for i, (centre, size) in enumerate(zip(positions, extents))
        if centre - size / 2 >= -0.5 and centre + size / 2 <= length + 0.5
    ]
    if not inside:
        return []

    def fits(chosen: list[int]) -> bool:
        spans = sorted(
            (positions[i] - extents[i] / 2, positions[i] + extents[i] / 2) for i in chosen
        )
        return all(a[1] + gap <= b[0] for a, b in zip(spans, spans[1:]))

    chosen = [i for i in keep if i in inside]
    if not fits(chosen):
        chosen = chosen[:1]
    for stride in range(1, len(inside) + 1):
        trial = sorted(set(chosen) | set(inside[::stride]))
        if fits(trial):
            return [ticks[i] for i in trial]
    return [ticks[i] for i in sorted(chosen)] or [ticks[inside[0]]]


def number_text(value: float) -> str:
    """A tick number: ``0``, ``0.25``, ``1.5``, ``12`` with a real minus sign."""
    text = f"{value:.6g}"
    if "e" not in text and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace("-", "\u2212")


def linear_ticks(low: float, high: float, count: int = 6) -> list[Tick]:
    """Round ticks from ``low`` to ``high`` (about ``count`` of them)."""
    # drawable's steps: the same round ones, and finite for a range out to ±1.8e308.
    return [(value, number_text(value)) for value in axis_ticks(low, high, count)]


def percent_ticks(low: float, high: float) -> list[Tick]:
    """Ticks at 0 %, 25 %, 50 %, 75 % and 100 % of a share (0 to 1) within the range."""
    return [(v, f"{round(100 * v)}%") for v in (0.0, 0.25, 0.5, 0.75, 1.0) if low <= v <= high]
