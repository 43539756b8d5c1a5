"""Spotlight versus floodlight: how softmax and linear attention weigh the stored keys.

For one read of a scenario, the same query and the same earlier writes are
weighed two ways:

softmax (the spotlight)
    ``w_i = exp(s · q·k_i) / Σ_j exp(s · q·k_j)`` over every earlier write's
    key ``k_i`` as written (a KV cache keeps each token, a reused key twice),
    with a sharpness ``s ≥ 0``; its output is ``Σ_i w_i v_i`` with the stored
    values. The weights sum to 1, and a large ``s`` puts almost all of the
    weight on the best-matching key. Each weight depends on every other
    score through the sum, which is why softmax cannot be folded into a
    fixed-size ``S``.
linear (the floodlight)
    ``w_i = φ(q)·φ(k_i)``, divided by ``φ(q)ᵀz + ε`` when the normaliser is
    on: exactly the weights of linviz's read decomposition
    (:func:`linviz.model.readout.read_result`), whose output is the read's
    own output ``Σ_i w_i ũ_i`` (effective values under the delta and gated
    rules; the stored values under the additive rule).

Like is compared with like: both sides are normalised the same way, ``p_i =
|w_i| / Σ_j |w_j|`` (absolute values, since linear weights can be negative;
the *shares*, summing to 1 on both sides), with its entropy ``H = −Σ p_i ln
p_i`` in nats (``0 ln 0 = 0``) and the effective number of keys read
``exp(H)``: 1 when one key takes all the weight, ``n`` when ``n`` keys share
it equally. Linear weights with the normaliser off do not sum to 1 (2 to 2.4
in the lessons): comparing them raw with softmax's would compare a sum with
a share.

At sharpness 1 softmax spreads as widely as linear does (crowding step 7:
2.96 against 2.94 keys); :data:`DEFAULT_SHARPNESS` is where it visibly
concentrates on the best match while linear, which has no sharpness, stays
spread (crowding step 7: 1.55 against 2.94 keys).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term
from linviz.model.norms import largest_finite
from linviz.model.readout import read_result
from linviz.model.replay import Trace

#: Sharpness range the lab offers (``s = 0`` weighs every key equally).
SHARPNESS_RANGE = (0.0, 50.0)

#: The sharpness a comparison starts at: softmax puts 87 % of crowding step 7's
#: weight on k3 (1.55 effective keys) while linear spreads it over 2.94.
DEFAULT_SHARPNESS = 10.0


def check_sharpness(raw: object, field: str = "sharpness") -> float:
    """Return ``raw`` if it is a finite sharpness ``s ≥ 0``."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, np.integer, np.floating)):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be a number, got {raw!r}"),
            name=Term(field),
            raw=raw,
            field=field,
        )
    value = float(raw)
    low, high = SHARPNESS_RANGE
    if not (math.isfinite(value) and low <= value <= high):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} must be a number from {low:g} to {high:g}, got {raw!r}"
            ),
            name=Term(field),
            low=low,
            high=high,
            raw=raw,
            field=field,
        )
    return value


def softmax_weights(scores: np.ndarray, sharpness: float) -> np.ndarray:
    """``exp(s · score_i) / Σ_j exp(s · score_j)``, computed without overflow.

    The largest scaled score is subtracted before ``exp`` (the weights do
    not change, and no ``exp`` exceeds 1). A score too large for a float
    (±inf, from keys near 1.8e308) takes the limit: the largest scores
    share all the weight. An empty ``scores`` gives an empty array.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = float(sharpness) * np.asarray(scores, dtype=np.float64)
    if not scaled.size:
        return scaled
    if not np.isfinite(scaled).all():
        scaled = np.nan_to_num(scaled, nan=-np.inf)
        top = scaled == scaled.max()
        return top / np.count_nonzero(top)
    exps = np.exp(scaled - scaled.max())
    return exps / exps.sum()


def match_scores(keys: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``q·k_i`` for each row of ``keys``: ±inf where it overflows, never NaN.

    Each key and the query are scaled to a largest component of 1 before the
    dot product, so that ``1.8e308·1 − 1.8e308·1`` is 0, not ``inf − inf``.
    """
    keys = np.asarray(keys, dtype=np.float64)
    query = np.asarray(query, dtype=np.float64)
    key_scale = np.abs(keys).max(axis=1, initial=0.0) if keys.size else np.zeros(len(keys))
    query_scale = float(np.abs(query).max(initial=0.0))
    if query_scale == 0.0:
        return np.zeros(len(keys))
    safe = np.where(key_scale > 0, key_scale, 1.0)
    unit = (keys / safe[:, None]) @ (query / query_scale)
    with np.errstate(over="ignore", under="ignore"):
        combined = key_scale * query_scale
        return np.where(np.isfinite(combined), unit * combined, unit * key_scale * query_scale)


def weight_entropy(weights: np.ndarray) -> float | None:
    """Entropy (nats) of ``|w| / Σ|w|``; ``None`` when every weight is 0 (or none exist).

    The sizes are scaled by the largest first, so weights near 1.8e308 add up;
    infinite ones (an overflowed product) share the whole between them.
    """
    sizes = np.abs(np.asarray(weights, dtype=np.float64))
    sizes = sizes[~np.isnan(sizes)]
    if not sizes.size:
        return None
    largest = float(sizes.max())
    if not largest > 0:
        return None
    sizes = (sizes == largest).astype(np.float64) if math.isinf(largest) else sizes / largest
    shares = sizes[sizes > 0] / float(sizes.sum())
    shares = shares[shares > 0]  # a subnormal weight beside 1e308 has a share of 0: no term
    return float(-(shares * np.log(shares)).sum())


def effective_keys(weights: np.ndarray) -> float:
    """``exp(entropy)`` of :func:`weight_entropy`: how many keys the read really reads.

    0 when every weight is 0 (the read reads nothing).
    """
    entropy = weight_entropy(weights)
    return 0.0 if entropy is None else math.exp(entropy)


@dataclass(frozen=True)
class Weighting:
    """One way of weighing the stored keys for a read.

    Attributes
    ----------
    weights
        One weight per earlier write, in step order.
    output
        What the read returns under these weights.
    entropy
        Of ``|w| / Σ|w|`` in nats; ``None`` when every weight is 0.
    effective_keys
        ``exp(entropy)``; 0 when every weight is 0.
    scale
        What the output's numbers are residue beside (the formatters' ``at``):
        the size of the terms it sums, as a read's scale is.
    """

    weights: np.ndarray
    output: np.ndarray
    entropy: float | None
    effective_keys: float
    scale: float | None = None

    @property
    def shares(self) -> np.ndarray:
        """``|w_i| / Σ_j |w_j|``: the weights normalised to sum 1, as both sides are compared.

        All zeros when every weight is 0.
        """
        sizes = np.abs(self.weights)
        total = float(sizes.sum())
        return sizes / total if total > 0 and math.isfinite(total) else np.zeros_like(sizes)

    @property
    def largest(self) -> int | None:
        """Index of the write with the largest ``|weight|`` (the earliest on a tie)."""
        return int(np.argmax(np.abs(self.weights))) if self.weights.size else None


def _weighting(weights: np.ndarray, output: np.ndarray, scale: float) -> Weighting:
    weights.flags.writeable = False
    output.flags.writeable = False
    return Weighting(weights, output, weight_entropy(weights), effective_keys(weights), scale)


@dataclass(frozen=True)
class SpotlightComparison:
    """Softmax and linear weights for the same read, side by side.

    Attributes
    ----------
    number
        The read's 1-based step number.
    labels
        The earlier writes' labels, in step order (one per weight).
    scores
        ``q·k_i`` for each earlier write (raw query and keys).
    sharpness
        The ``s`` the softmax weights were computed with.
    softmax, linear
        The two :class:`Weighting`.
    target_index
        Index of the read's target among the writes, ``None`` without one.
    """

    number: int
    labels: tuple[str, ...]
    scores: np.ndarray
    sharpness: float
    softmax: Weighting
    linear: Weighting
    target_index: int | None


def compare_read(
    trace: Trace, number: int, sharpness: float = DEFAULT_SHARPNESS
) -> SpotlightComparison:
    """Weigh read ``number``'s earlier writes with softmax and with the linear map.

    Raises
    ------
    ValueError
        If step ``number`` is a write.
    ScenarioError
        If ``sharpness`` is out of :data:`SHARPNESS_RANGE`.
    """
    sharpness = check_sharpness(sharpness)
    scenario = trace.scenario
    result = read_result(trace, number)
    rows = result.numbers - 1
    keys = scenario.vectors(0, number)[rows]
    values = scenario.values(0, number)[rows]
    query = scenario.vectors(number - 1, number)[0]
    scores = match_scores(keys, query)
    weights = softmax_weights(scores, sharpness)
    soft_output = weights @ values if len(weights) else np.zeros(scenario.d_v)
    scores.flags.writeable = False
    return SpotlightComparison(
        number=number,
        labels=tuple(result.labels),
        scores=scores,
        sharpness=sharpness,
        # Softmax weights are at most 1: its terms are no larger than the values.
        softmax=_weighting(
            weights, soft_output, max(largest_finite(soft_output), largest_finite(values))
        ),
        linear=_weighting(np.array(result.weights), np.array(result.output), result.scale),
        target_index=result.target_index,
    )


def spotlight_document(
    trace: Trace, number: int, sharpnesses: list[float] | None = None
) -> dict[str, object]:
    """The ``linviz spotlight --json`` document of read ``number``.

    ``{"rows": [{"sharpness": s, "softmax": {"weights": [...], "effective_keys": e},
    "linear": {...}}], "default_sharpness": s0}`` plus the read's ``"step"`` and the
    writes' ``"labels"``; ``"weights"`` are the shares ``|w| / Σ|w|`` of each side
    (summing to 1). One row per sharpness (default: :data:`DEFAULT_SHARPNESS`).
    """
    comparisons = [
        compare_read(trace, number, sharpness)
        for sharpness in (sharpnesses if sharpnesses else [DEFAULT_SHARPNESS])
    ]
    rows = [
        {
            "sharpness": comparison.sharpness,
            "softmax": _side(comparison.softmax),
            "linear": _side(comparison.linear),
        }
        for comparison in comparisons
    ]
    return {
        "step": number,
        "labels": list(comparisons[0].labels),
        "rows": rows,
        "default_sharpness": DEFAULT_SHARPNESS,
    }


def _side(weighting: Weighting) -> dict[str, object]:
    return {
        "weights": (weighting.shares + 0.0).tolist(),
        "effective_keys": weighting.effective_keys,
    }


#: Sharpnesses at which :func:`spread_curve` samples softmax's effective keys.
CURVE_POINTS = 101
#: At most this many ``exp`` a curve computes (fewer sharpnesses for many keys).
CURVE_BUDGET = 1_000_000
#: Effective key counts closer than this read as "the same spread".
SAME_SPREAD = 0.05


def spread_curve(scores: np.ndarray, points: int = CURVE_POINTS) -> tuple[np.ndarray, np.ndarray]:
    """Softmax's effective number of keys across :data:`SHARPNESS_RANGE`.

    Returns ``(sharpnesses, keys)``: evenly spaced sharpnesses from the lowest
    to the highest the lab offers (``points`` of them, fewer, down to 11, when
    there are so many keys that ``points × keys`` would pass
    :data:`CURVE_BUDGET`), and at each the effective number of keys of
    ``softmax_weights(scores, s)``. The linear side has no sharpness: its count
    is one number (:attr:`Weighting.effective_keys`).
    """
    low, high = SHARPNESS_RANGE
    scores = np.asarray(scores, dtype=np.float64)
    count = max(len(scores), 1)
    points = int(min(points, max(11, CURVE_BUDGET // count)))
    sharpnesses = np.linspace(low, high, points)
    if not len(scores):
        return sharpnesses, np.zeros(points)
    if not np.isfinite(scores).all():  # overflowed scores: the limit, one sharpness at a time
        counts = [effective_keys(softmax_weights(scores, float(s))) for s in sharpnesses]
        return sharpnesses, np.array(counts)
    scaled = sharpnesses[:, None] * scores[None, :]
    scaled -= scaled.max(axis=1, keepdims=True)
    weights = np.exp(scaled)
    shares = weights / weights.sum(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(shares > 0, shares * np.log(shares), 0.0)
    return sharpnesses, np.exp(-terms.sum(axis=1))


def spread_order(comparison: SpotlightComparison) -> str:
    """How softmax's spread compares with linear's at the comparison's sharpness.

    ``"narrower"`` when softmax reads fewer effective keys than linear (by more
    than :data:`SAME_SPREAD`), ``"wider"`` when it reads more, ``"same"``
    otherwise (also when every key scores alike: no sharpness can then single
    one out).
    """
    gap = comparison.softmax.effective_keys - comparison.linear.effective_keys
    if gap < -SAME_SPREAD:
        return "narrower"
    if gap > SAME_SPREAD:
        return "wider"
    return "same"


def best_matches(comparison: SpotlightComparison) -> int:
    """How many writes share the best score ``q·k_i`` (0 without writes).

    Softmax splits its weight evenly among them at every sharpness: two writes
    under the same key always count as two keys.
    """
    scores = comparison.scores
    if not len(scores):
        return 0
    best = float(scores.max())
    return int(np.sum(np.isclose(scores, best, rtol=1e-9, atol=1e-12)))
