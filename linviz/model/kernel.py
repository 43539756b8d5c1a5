"""The one place where writes change the memory, and the one place a read is formed.

Every read, wherever it is computed, is :func:`read_memory`:
``y = φ(q)ᵀS``, divided by ``φ(q)ᵀz + ε`` under the normaliser
(:data:`~linviz.model.limits.NORMALISER_EPS` is ``ε``).

Every rule is applied here and nowhere else: checkpoints, the state at any
step, a write's record, the effective values a read decomposes into and the
overflow check all call :func:`apply_writes`. Every rule has the shape

    S_t = decay_t · S_{t-1} + φ(k_t) u_tᵀ          z_t = z_{t-1} + φ(k_t)

with a decay factor and an *effective value* ``u_t``:

- additive: ``decay = 1``, ``u = v``
- gated: ``decay = α``, ``u = v``
- delta: ``decay = 1``, ``u = β (v − Sᵀφ(k))``
- gated delta: ``decay = α``, ``u = β (v − α Sᵀφ(k))``, since
  ``α (I − β k kᵀ) S + β k vᵀ = α S + k (β v − α β Sᵀk)ᵀ``.

That shape is what lets every read decompose into one term per write.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from linviz.model.limits import NORMALISER_EPS
from linviz.model.rules import Rule

#: Delta writes applied as one block (:func:`_delta_block`). 100,000 writes take,
#: by block size 16 / 32 / 64 / 128: 0.16 / 0.11 / 0.10 / 0.16 s at d = 8 and
#: 0.30 / 0.24 / 0.24 / 0.40 s at d = 64 (write by write: 0.48 and 0.88 s).
#: A run's writes past its last whole block go write by write, so a run
#: shorter than this (every lesson's) gives exactly the numbers it always did.
DELTA_BLOCK = 64


@dataclass(frozen=True)
class WriteRun:
    """What a run of writes did to a state.

    Attributes
    ----------
    state
        ``S`` after the run (a new array).
    normaliser
        ``z`` after the run (a new array; unchanged without a normaliser).
    effective
        The effective value ``u_i`` of each write, one row each (read-only).
    decays
        The factor each write scaled the state before it by.
    """

    state: np.ndarray
    normaliser: np.ndarray
    effective: np.ndarray
    decays: np.ndarray


def read_denominator(phi_query: np.ndarray, normaliser: np.ndarray) -> float:
    """The normalised read's divisor ``φ(q)ᵀz + ε``."""
    return float(phi_query @ normaliser) + NORMALISER_EPS


def read_memory(
    phi_query: np.ndarray, state: np.ndarray, normaliser: np.ndarray, normalize: bool
) -> tuple[np.ndarray, float | None]:
    """What a read with the mapped query ``φ(q)`` returns from ``(S, z)``.

    Returns ``(y, denominator)``: ``y = φ(q)ᵀS / (φ(q)ᵀz + ε)`` and that
    divisor under the normaliser; ``y = φ(q)ᵀS`` and ``None`` without it.
    A zero divisor divides (to ``inf``/``nan``) as numpy does: callers that
    must refuse it check ``denominator == 0`` (see the trace's overflow check).
    """
    output = phi_query @ state
    if not normalize:
        return output, None
    denominator = read_denominator(phi_query, normaliser)
    return output / denominator, denominator


def later_factors(decays: np.ndarray) -> np.ndarray:
    """For each write: the product of the decays of the writes after it.

    A write's stamp is scaled by every later write's decay, so its term in
    the state at the end of the run is ``later[i] · outer(φ(k_i), u_i)``.
    """
    if not len(decays):
        return np.ones(0)
    return np.append(np.cumprod(decays[::-1])[::-1][1:], 1.0)


def apply_writes(
    rule: Rule,
    normalize: bool,
    state: np.ndarray,
    normaliser: np.ndarray,
    phi_keys: np.ndarray,
    values: np.ndarray,
    alphas: np.ndarray,
    betas: np.ndarray,
) -> WriteRun:
    """Apply the writes ``(φ(k_i), v_i)``, in order, to ``(state, normaliser)``.

    Parameters
    ----------
    rule
        The update rule; its ``decays`` / ``corrects`` decide the formula.
    normalize
        Whether ``z`` accumulates the mapped keys.
    state, normaliser
        ``S`` (``d_k × d_v``) and ``z`` (``d_k``) before the first write; not changed.
    phi_keys, values
        One row per write: the mapped key ``φ(k_i)`` and the value ``v_i``.
    alphas, betas
        The decay and writing strength in force at each write (ignored by
        rules that do not use them).

    Returns
    -------
    WriteRun
        The new state and normaliser, each write's effective value and decay.

    Notes
    -----
    Rules without a correction need nothing but the writes, so the run is one
    matrix product: ``(Π decays) · S + Σ_i later_i φ(k_i) v_iᵀ``. The delta
    rules read the state each write finds: they go a block of
    :data:`DELTA_BLOCK` writes at a time (:func:`_delta_block`), and write by
    write for a run's last writes and for a block the block form must not
    take.
    """
    count = len(phi_keys)
    decays = np.asarray(alphas, dtype=np.float64) if rule.decays else np.ones(count)
    if count and not rule.corrects:
        added = write_sum(rule, normalize, phi_keys, values, decays)
        effective = values.view()
        effective.flags.writeable = False
        after = added.normaliser_after(normaliser)
        return WriteRun(added.applied_to(state), after, effective, decays)
    if normalize:
        normaliser = normaliser + phi_keys.sum(axis=0)
    else:
        normaliser = normaliser.copy()
    if not count:
        return WriteRun(state.copy(), normaliser, np.zeros((0, state.shape[1])), decays)
    new_state = state.copy()
    effective = np.empty_like(values)
    betas = np.asarray(betas, dtype=np.float64)
    start = 0
    while count - start >= DELTA_BLOCK:
        stop = start + DELTA_BLOCK
        block = _delta_block(
            new_state,
            phi_keys[start:stop],
            values[start:stop],
            decays[start:stop] if rule.decays else None,
            betas[start:stop],
        )
        if block is None:
            _delta_by_write(new_state, effective, phi_keys, values, decays, betas, start, stop)
        else:
            new_state, effective[start:stop] = block
        start = stop
    _delta_by_write(new_state, effective, phi_keys, values, decays, betas, start, count)
    effective.flags.writeable = False
    return WriteRun(new_state, normaliser, effective, decays)


@dataclass(frozen=True)
class WriteSum:
    """What a run of writes adds under a rule without a correction.

    Such a run is ``S' = decay · S + product``, whatever ``S`` it starts from:
    kept, it gives the state after the run from a new ``S`` with one
    addition (a drag of an earlier step leaves the cursor's run as it was).

    Attributes
    ----------
    product
        ``Σ_i later_i φ(k_i) v_iᵀ``.
    decay
        The product of the run's decays; ``None`` for a rule without one.
    key_sum
        ``Σ_i φ(k_i)``: what the run adds to ``z``; ``None`` without the normaliser.
    """

    product: np.ndarray
    decay: np.float64 | None
    key_sum: np.ndarray | None

    def applied_to(self, state: np.ndarray) -> np.ndarray:
        """``decay · S + product``, exactly as :func:`apply_writes` forms it (a new array)."""
        if self.decay is None:
            return state + self.product
        return self.decay * state + self.product

    def normaliser_after(self, normaliser: np.ndarray) -> np.ndarray:
        """``z`` after the run (a new array): ``z + Σ φ(k_i)`` under the normaliser."""
        return normaliser.copy() if self.key_sum is None else normaliser + self.key_sum


def write_sum(
    rule: Rule, normalize: bool, phi_keys: np.ndarray, values: np.ndarray, decays: np.ndarray
) -> WriteSum:
    """The :class:`WriteSum` of a run of writes under ``rule`` (one without a correction),
    with ``z`` under the normaliser (``normalize``).

    ``decays``: each write's decay, as :func:`apply_writes` takes them (ignored
    by a rule without one).
    """
    if rule.corrects:
        raise ValueError(f"{rule.name} corrects: its run depends on the state it starts from")
    key_sum = phi_keys.sum(axis=0) if normalize else None
    if not rule.decays:
        return WriteSum(phi_keys.T @ values, None, key_sum)
    decays = np.asarray(decays, dtype=np.float64)
    weighted = phi_keys * later_factors(decays)[:, None]
    return WriteSum(weighted.T @ values, decays.prod(), key_sum)


@functools.lru_cache(maxsize=4)
def _block_masks(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The strict lower triangle as 1.0 and as True, and the identity; read-only, made once."""
    below, is_below, identity = np.tri(size, k=-1), np.tri(size, k=-1, dtype=bool), np.eye(size)
    for mask in (below, is_below, identity):
        mask.flags.writeable = False
    return below, is_below, identity


def _delta_by_write(
    state: np.ndarray,
    effective: np.ndarray,
    phi_keys: np.ndarray,
    values: np.ndarray,
    decays: np.ndarray,
    betas: np.ndarray,
    start: int,
    stop: int,
) -> None:
    """Apply delta writes ``start .. stop - 1`` one by one, in place; fill their ``effective``."""
    for row in range(start, stop):
        key, decay = phi_keys[row], decays[row]
        # u = β (v − decay · Sᵀφ(k)): what the key retrieves after the decay.
        retrieved = state.T @ key
        if decay != 1.0:
            state *= decay
            retrieved *= decay
        effective[row] = betas[row] * (values[row] - retrieved)
        state += np.outer(key, effective[row])


def _delta_block(
    state: np.ndarray,
    phi_keys: np.ndarray,
    values: np.ndarray,
    decays: np.ndarray | None,
    betas: np.ndarray,
) -> tuple[np.ndarray, np.ndarray] | None:
    """A block of delta writes at once: ``(S after it, effective values)``, or ``None``.

    With ``γ_t`` the decays' product from the block's start through write
    ``t`` (1 without a decay) and ``S₀`` the state before the block, each
    effective value is

        u_t = β_t (v_t − γ_t S₀ᵀφ(k_t) − Σ_{j<t} (γ_t / γ_j) (φ(k_t)·φ(k_j)) u_j)

    so all of them solve one unit lower-triangular system (the "UT
    transform" of chunked DeltaNet kernels), and ``S = γ S₀ + Σ_j (γ/γ_j)
    φ(k_j) u_jᵀ``. About ten numpy calls a block instead of five a write
    (see :data:`DELTA_BLOCK` for the times); the state and the effective
    values come within ~1e-15 of the write-by-write ones, relative to their
    size (tests/model/test_delta_blocks.py).

    ``None`` (go write by write) when a write would not shrink what its key
    retrieves (``β‖φ(k)‖² > 2``: the write-by-write rounding grows there, and
    a block would round differently), or when the block's numbers do not all
    come out finite (an overflow is then met exactly where writes meet it).
    """
    gram = phi_keys @ phi_keys.T
    with np.errstate(all="ignore"):
        if not np.all(betas * np.diagonal(gram) <= 2.0):  # NaN fails too
            return None
        below, is_below, identity = _block_masks(len(betas))
        retrieved = phi_keys @ state  # S₀ᵀφ(k_t), one row per write
        if decays is None:
            ratios = reach = None
        else:
            # γ_t / γ_j = α_{j+1} ⋯ α_t below the diagonal (1 elsewhere), multiplied
            # out as the writes scale S: no quotient of products that underflow.
            ratios = np.cumprod(np.where(is_below, decays[:, None], 1.0), axis=0)
            gram = gram * ratios
            reach = np.cumprod(decays)
            retrieved *= reach[:, None]
        # I + diag(β) · (the Gram matrix's strict lower triangle).
        system = gram * below
        system *= betas[:, None]
        system += identity
        wanted = betas[:, None] * (values - retrieved)
        try:
            effective = np.linalg.solve(system, wanted)
        except np.linalg.LinAlgError:
            return None
        if ratios is None or reach is None:
            new_state = state + phi_keys.T @ effective
        else:
            new_state = reach[-1] * state + (phi_keys * ratios[-1][:, None]).T @ effective
    if not (np.isfinite(effective).all() and np.isfinite(new_state).all()):
        return None
    return new_state, effective
