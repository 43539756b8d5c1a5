"""Memory filling up: the singular values of ``S`` (or of the keys) along the timeline.

A ``d_k × d_v`` state has at most ``min(d_k, d_v)`` independent directions.
As writes come in, its singular values fill up one by one; once there are
more than ``d_k`` distinct key directions, new ones must overlap old ones.
Two sources can be measured at each step ``t``:

``"state"``
    the singular values of ``S`` after step ``t`` (what a read can recover,
    decays and corrections included);
``"keys"``
    the singular values of the matrix of mapped keys ``φ(k_i)`` written up
    to step ``t``, one row per write (how many key directions were used),
    computed from the ``d_k × d_k`` Gram matrix ``Σ φ(k_i) φ(k_i)ᵀ``.

Two ranks are reported at each step:

effective rank
    ``exp(H)`` with ``H = −Σ p_i ln p_i`` and ``p_i = σ_i / Σ_j σ_j`` (Roy and
    Vetterli, 2007): a smooth count of the directions that carry weight,
    1 for a single direction, ``r`` for ``r`` equal ones; 0 for an empty memory.
rank
    how many ``σ_i`` exceed ``RANK_RTOL · σ_max`` (numpy's ``matrix_rank``
    uses a similar cut): the number of independent directions.

Long traces are sampled: at most ``max_points`` steps, spread evenly from 0
to the last step (always both ends), each state found with the trace's
``state(t)`` (which costs at most one checkpoint segment).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from linviz.model.features import feature_map
from linviz.model.norms import scaled
from linviz.model.replay import Trace

#: Singular values below this share of the largest do not count towards :attr:`Spectrum.rank`.
RANK_RTOL = 1e-9
#: Default number of sampled steps.
DEFAULT_POINTS = 200
#: What the default sampling may cost, in units of ``d_k · d_v · min(d_k, d_v)``
#: (about one SVD of a state): 200 SVDs of a 128 × 128 state, about half a
#: second on a 2-core machine. Wider memories get fewer sampled steps (see
#: :func:`affordable_points`): at d = 512 one SVD takes 50 ms, and 200 of them
#: froze the window for 10 s at every edit while the lab was shown.
POINT_BUDGET = DEFAULT_POINTS * 128**3
#: Fewest steps the budget leaves a spectrum (16 SVDs at d = 512: about 0.8 s).
MIN_POINTS = 16

Source = Literal["state", "keys"]
SOURCES: tuple[str, ...] = ("state", "keys")


def sample_steps(length: int, max_points: int = DEFAULT_POINTS) -> np.ndarray:
    """At most ``max_points`` step numbers from 0 to ``length``, evenly spread, both ends in."""
    if max_points < 2:
        raise ValueError("max_points must be at least 2")
    if length + 1 <= max_points:
        return np.arange(length + 1)
    return np.unique(np.rint(np.linspace(0, length, max_points)).astype(np.int64))


def affordable_points(
    d_k: int, d_v: int, source: str = "state", max_points: int = DEFAULT_POINTS
) -> int:
    """How many steps to sample within :data:`POINT_BUDGET`: ``max_points`` for a memory up
    to 128 wide, fewer for wider ones, never fewer than :data:`MIN_POINTS` (nor more
    than ``max_points``). ``source`` ``"keys"`` measures a ``d_k × d_k`` Gram matrix.
    """
    side = d_k if source == "keys" else min(d_k, d_v)
    cost = (d_k if source == "keys" else d_v) * d_k * side
    return min(max_points, max(MIN_POINTS, POINT_BUDGET // cost))


def effective_rank(singular_values: np.ndarray) -> np.ndarray:
    """``exp`` of the entropy of ``σ / Σσ`` along the last axis (0 where every σ is 0)."""
    sigma = np.asarray(singular_values, dtype=np.float64)
    total = sigma.sum(axis=-1, keepdims=True)
    shares = np.divide(sigma, total, out=np.zeros_like(sigma), where=total > 0)
    logs = np.log(shares, out=np.zeros_like(shares), where=shares > 0)
    entropy = -(shares * logs).sum(axis=-1)
    return np.where(total[..., 0] > 0, np.exp(entropy), 0.0)


def numerical_rank(singular_values: np.ndarray, rtol: float = RANK_RTOL) -> np.ndarray:
    """How many ``σ_i`` exceed ``rtol · σ_max`` along the last axis."""
    sigma = np.asarray(singular_values, dtype=np.float64)
    if not sigma.shape[-1]:
        return np.zeros(sigma.shape[:-1], dtype=np.int64)
    top = sigma.max(axis=-1, keepdims=True)
    return np.count_nonzero((sigma > rtol * top) & (top > 0), axis=-1)


@dataclass(frozen=True)
class Spectrum:
    """Singular values and ranks at sampled steps.

    Attributes
    ----------
    source
        ``"state"`` or ``"keys"``.
    steps
        The sampled step numbers (0 = the empty memory), ascending.
    writes
        How many writes came up to each sampled step.
    singular_values
        One row per sampled step, largest first: ``min(d_k, d_v)`` values for
        the state, ``d_k`` for the keys.
    effective_rank, rank
        See the module docstring.
    d
        The most independent directions the source can hold:
        ``min(d_k, d_v)`` for the state, ``d_k`` for the keys (the line to mark).
    """

    source: str
    steps: np.ndarray
    writes: np.ndarray
    singular_values: np.ndarray
    effective_rank: np.ndarray
    rank: np.ndarray
    d: int


def spectrum(
    trace: Trace,
    source: Source = "state",
    max_points: int = DEFAULT_POINTS,
    steps: np.ndarray | None = None,
) -> Spectrum:
    """The :class:`Spectrum` of ``trace`` at ``steps`` (default: :func:`sample_steps`).

    Raises
    ------
    ValueError
        For an unknown ``source`` or a step out of range.
    """
    if source not in SOURCES:
        raise ValueError(f"unknown source {source!r}; expected one of {', '.join(SOURCES)}")
    scenario = trace.scenario
    length = len(scenario)
    steps = sample_steps(length, max_points) if steps is None else np.unique(steps)
    if steps.size and (steps[0] < 0 or steps[-1] > length):
        raise ValueError(f"steps must lie in 0..{length}")
    mask = scenario.write_mask()
    writes = np.concatenate([[0], np.cumsum(mask)])[steps]
    if source == "state":
        # Each state scaled by a power of two when its entries would overflow or
        # underflow the SVD's squares (exact; none in the usual range): S of 1e308
        # had singular values inf and NaN, "rank 0" and "effective rank nan".
        scaled_states = [scaled(trace.state(int(t))) for t in steps]
        states = np.stack([state for state, _ in scaled_states])
        exponents = np.array([exponent for _, exponent in scaled_states], dtype=np.int64)
        relative = np.linalg.svd(states, compute_uv=False)
        d = min(scenario.d_k, scenario.d_v)
    else:
        relative, exponents = _key_singular_values(trace, steps)
        d = scenario.d_k
    with np.errstate(over="ignore"):  # a σ beyond the floats is inf, as it should be
        sigma = np.ldexp(relative, exponents[:, None]) if len(steps) else relative
    return Spectrum(
        source=source,
        steps=steps,
        writes=writes,
        singular_values=sigma,
        # Both ranks are ratios of the σ of one step: measured before scaling back.
        effective_rank=effective_rank(relative),
        rank=numerical_rank(relative),
        d=d,
    )


def _key_singular_values(trace: Trace, steps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Singular values of the mapped keys written up to each of ``steps``, as
    ``σ / 2**e`` with ``e`` a row (0 unless keys beyond 2**±480 were written).

    The Gram matrix ``Σ φ(k_i) φ(k_i)ᵀ`` is summed once along the trace, stretch
    by stretch between sampled steps; its eigenvalues are the squared
    singular values of the key matrix. Keys whose squares would leave the
    floats are summed divided by a power of two (the sum so far rescaled to
    match): exact, and a key of 1e308 no longer makes the sum inf.
    """
    scenario = trace.scenario
    phi = feature_map(scenario.feature_map)
    gram = np.zeros((scenario.d_k, scenario.d_k))
    exponent: int | None = None  # gram holds Σ (φ(k) / 2**exponent)(φ(k) / 2**exponent)ᵀ
    rows, exponents = [], []
    done = 0
    for t in steps.tolist():
        if t > done:
            mask = scenario.write_mask(done, t)
            keys = phi(scenario.vectors(done, t)[mask])
            _, needed = scaled(keys)
            if keys.size and (exponent is None or needed > exponent):
                if exponent is not None:  # the sum so far in the new, larger unit
                    gram = np.ldexp(gram, 2 * (exponent - needed))
                exponent = needed
            keys = np.ldexp(keys, -exponent) if exponent else keys
            gram += keys.T @ keys
            done = t
        rows.append(gram.copy())
        exponents.append(exponent or 0)
    eigenvalues = np.linalg.eigvalsh(np.stack(rows))[..., ::-1]
    return np.sqrt(np.maximum(eigenvalues, 0.0)), np.array(exponents, dtype=np.int64)
