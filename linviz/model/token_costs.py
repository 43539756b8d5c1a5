"""Time per new token, measured: softmax re-reads its whole cache, linear attention does not.

At position ``n`` a softmax model appends the new key and value to its cache
and reads all ``n`` of them (scores ``K q``, their softmax, the weighted sum of
``V``): O(n) work per token, O(T²) for ``T`` tokens. Linear attention updates
its fixed ``d × d`` state once (``S ← S + k vᵀ``) and reads it (``Sᵀq``):
O(1) per token, O(T) in all.

:func:`measure` times both on this machine, in float32 at head size ``d``
(the best of ``repeat`` runs at each cache length: the least disturbed by
other work), and :func:`fit` draws the lines through the measurements:

- softmax per token ``a + b·n`` (least squares of the relative residuals
  ``(a + b·n − t) / t``, so that lengths far apart weigh alike; ``a, b ≥ 0``), total
  ``a·T + b·T(T+1)/2``;
- state per token ``c`` (the mean of the measurements), total ``c·T``.

Both fits are non-decreasing in ``T`` by construction. The fit is pure
arithmetic (tested on made-up times); only :func:`measure` reads a clock.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from linviz.model.costs import check_whole
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError

#: The cache lengths a measurement may ask for.
TOKEN_RANGE = (1, 1_000_000)
#: The head sizes a measurement may use.
HEAD_RANGE = (1, 512)
#: Runs per length, the best of which is kept.
REPEAT_RANGE = (1, 100)
#: Lengths at which :meth:`Fit.curves` samples the lines.
CURVE_POINTS = 64
#: Most numbers a cache may hold (keys and values, float32: 128 MB).
MAX_CACHE_NUMBERS = 2**25


@dataclass(frozen=True)
class Fit:
    """The lines through the measurements: softmax ``a + b·n`` per token, state ``c``."""

    intercept: float
    slope: float
    constant: float

    def softmax_token(self, tokens: int) -> float:
        """Seconds for the token at position ``tokens`` under softmax (O(n))."""
        return self.intercept + self.slope * tokens

    def state_token(self, tokens: int) -> float:
        """Seconds for any token under linear attention (O(1))."""
        return self.constant

    def softmax_total(self, tokens: int) -> float:
        """Seconds for the first ``tokens`` tokens under softmax (O(T²))."""
        return self.intercept * tokens + self.slope * tokens * (tokens + 1) / 2

    def state_total(self, tokens: int) -> float:
        """Seconds for the first ``tokens`` tokens under linear attention (O(T))."""
        return self.constant * tokens

    def curves(self, longest: int, count: int = CURVE_POINTS) -> FitCurves:
        """The four lines sampled at ``count`` lengths from 0 to ``longest`` (for drawing)."""
        n = np.linspace(0.0, float(longest), count)
        return FitCurves(
            tokens=n,
            softmax_token=self.intercept + self.slope * n,
            state_token=np.full(count, self.constant),
            softmax_total=self.intercept * n + self.slope * n * (n + 1) / 2,
            state_total=self.constant * n,
        )


@dataclass(frozen=True)
class FitCurves:
    """The fitted lines at evenly spaced lengths: per token (O(n), O(1)) and in total."""

    tokens: np.ndarray
    softmax_token: np.ndarray
    state_token: np.ndarray
    softmax_total: np.ndarray
    state_total: np.ndarray


@dataclass(frozen=True)
class CostRow:
    """One cache length: what was measured and what the fits say."""

    tokens: int
    softmax_seconds: float
    state_seconds: float
    fit: Fit

    def to_dict(self) -> dict[str, float | int]:
        return {
            "tokens": self.tokens,
            "softmax_seconds": self.softmax_seconds,
            "state_seconds": self.state_seconds,
            "softmax_fit_seconds": self.fit.softmax_token(self.tokens),
            "state_fit_seconds": self.fit.state_token(self.tokens),
            "softmax_total_seconds": self.fit.softmax_total(self.tokens),
            "state_total_seconds": self.fit.state_total(self.tokens),
        }


def fit(
    tokens: Sequence[int],
    softmax_seconds: Sequence[float],
    state_seconds: Sequence[float],
    relative: bool = True,
) -> Fit:
    """The line ``a + b·n`` (``a, b ≥ 0``) closest to the softmax times, and the mean ``c``.

    ``relative``: least squares of the relative residuals ``(a + b·n − t) / t``,
    so that lengths a thousand times apart weigh alike (``linviz cost``'s
    lengths are often powers of ten); otherwise of the residuals themselves,
    for evenly spaced lengths (the cost lab's), where the long caches, the
    ones the contrast is about, are not outweighed by the short ones.
    """
    n = np.asarray(tokens, dtype=np.float64)
    t = np.asarray(softmax_seconds, dtype=np.float64)
    constant = float(np.mean(state_seconds))
    weight = 1.0 / np.where(t > 0, t, 1.0) if relative else np.ones(len(t))
    if len(set(n.tolist())) >= 2:
        rows = np.stack([weight, n * weight], axis=1)
        (intercept, slope), *_ = np.linalg.lstsq(rows, t * weight, rcond=None)
        intercept, slope = float(intercept), float(slope)
        if slope >= 0 and intercept >= 0:
            return Fit(intercept, slope, constant)
        if slope < 0:  # noise swamped a tiny slope: the flat line
            return Fit(float(np.mean(t)), 0.0, constant)
    # One length, or a negative intercept: the line through the origin.
    weighted = n * weight
    return Fit(0.0, float((weighted @ (t * weight)) / (weighted @ weighted)), constant)


def check_measurement(tokens: Sequence[int], d: int, repeat: int) -> None:
    """Refuse lengths, a head size or a repeat count out of range, or a cache too big."""
    for count in tokens:
        check_whole(count, "tokens", *TOKEN_RANGE)
    check_whole(d, "d", *HEAD_RANGE)
    check_whole(repeat, "repeat", *REPEAT_RANGE)
    if tokens and 2 * max(tokens) * d > MAX_CACHE_NUMBERS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "a cache of {tokens:,} tokens at d = {d} holds {numbers:,} numbers; "
                "at most {most:,}: ask for fewer tokens or a smaller d",
            ),
            tokens=max(tokens),
            d=d,
            numbers=2 * max(tokens) * d,
            most=MAX_CACHE_NUMBERS,
            field="tokens",
        )


def cache_lengths(longest: int, points: int) -> list[int]:
    """``points`` cache lengths evenly spaced up to ``longest`` (distinct, the last ``longest``).

    Even spacing, so that on linear axes the O(n) line is straight through them.
    """
    check_whole(longest, "tokens", *TOKEN_RANGE)
    check_whole(points, "points", *POINT_RANGE)
    lengths = np.round(np.linspace(0, longest, points + 1)[1:]).astype(np.int64)
    return np.unique(np.maximum(lengths, 1)).tolist()


#: How many lengths a measurement may be spread over.
POINT_RANGE = (1, 200)


def time_unit(seconds: float) -> tuple[str, float]:
    """The unit to write ``seconds`` in, and its size: ``("µs", 1e-6)`` for 12.3 µs."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return unit, scale
    return "ns", 1e-9


def measure_steps(
    tokens: Sequence[int],
    d: int = 64,
    repeat: int = 5,
    clock: Callable[[], float] = time.perf_counter,
    seed: int = 0,
) -> Iterator[tuple[int, float, float]]:
    """Time one new token at each length of ``tokens``, one length at a time.

    Yields ``(tokens, softmax_seconds, state_seconds)`` after each length, so
    that a caller can report progress, draw the points so far or stop between
    lengths. :func:`measure` runs it to the end and fits the lines.

    Raises
    ------
    ScenarioError
        For a length, head size or repeat count out of range (:func:`check_measurement`),
        before anything is timed.
    """
    lengths = [int(count) for count in tokens]
    check_measurement(lengths, d, repeat)
    if not lengths:
        return
    rng = np.random.default_rng(seed)
    longest = max(lengths)
    keys = rng.standard_normal((longest, d), dtype=np.float32) / np.float32(np.sqrt(d))
    values = rng.standard_normal((longest, d), dtype=np.float32)
    query = rng.standard_normal(d, dtype=np.float32) / np.float32(np.sqrt(d))
    new_key, new_value = keys[0].copy(), values[0].copy()
    state = np.zeros((d, d), dtype=np.float32)
    for count in lengths:
        read = functools.partial(_softmax_token, keys, values, count, new_key, new_value, query)
        softmax = _best(read, repeat, clock)
        linear = _best(lambda: _state_token(state, new_key, new_value, query), repeat, clock)
        yield count, softmax, linear


def rows_of(measured: Sequence[tuple[int, float, float]], relative: bool = True) -> list[CostRow]:
    """The rows of some measurements (:func:`measure_steps`), with the lines fitted through them.

    ``relative`` is :func:`fit`'s.
    """
    if not measured:
        return []
    lengths, softmax, linear = (list(column) for column in zip(*measured))
    lines = fit(lengths, softmax, linear, relative)
    return [CostRow(n, s, c, lines) for n, s, c in measured]


def measure(
    tokens: Sequence[int],
    d: int = 64,
    repeat: int = 5,
    clock: Callable[[], float] = time.perf_counter,
    seed: int = 0,
) -> list[CostRow]:
    """Time one new token at each cache length in ``tokens``, both ways, and fit the lines.

    Raises
    ------
    ScenarioError
        For a length, head size or repeat count out of range (:func:`check_measurement`).
    """
    return rows_of(list(measure_steps(tokens, d, repeat, clock, seed)))


def _softmax_token(
    keys: np.ndarray,
    values: np.ndarray,
    count: int,
    key: np.ndarray,
    value: np.ndarray,
    query: np.ndarray,
) -> np.ndarray:
    """Token ``count``: store its key and value as the cache's last row, read all ``count``."""
    keys[count - 1], values[count - 1] = key, value
    scores = keys[:count] @ query
    weights = np.exp(scores - scores.max())
    return (weights / weights.sum()) @ values[:count]


def _state_token(
    state: np.ndarray, key: np.ndarray, value: np.ndarray, query: np.ndarray
) -> np.ndarray:
    """One token of linear attention: ``S ← S + k vᵀ``, then ``Sᵀq``."""
    state += np.outer(key, value)
    return query @ state


def _best(run: Callable[[], object], repeat: int, clock: Callable[[], float]) -> float:
    """The shortest of ``repeat`` timed runs (after one untimed run that warms the caches)."""
    run()
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        run()
        best = min(best, clock() - start)
    return best
