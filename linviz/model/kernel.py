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

from dataclasses import dataclass

import numpy as np

from linviz.model.limits import NORMALISER_EPS
from linviz.model.rules import Rule


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
    rules read the state each write finds, so they go write by write.
    """
    count = len(phi_keys)
    decays = np.asarray(alphas, dtype=np.float64) if rule.decays else np.ones(count)
    if normalize:
        normaliser = normaliser + phi_keys.sum(axis=0)
    else:
        normaliser = normaliser.copy()
    if not count:
        return WriteRun(state.copy(), normaliser, np.zeros((0, state.shape[1])), decays)
    if not rule.corrects:
        effective = values.view()
        effective.flags.writeable = False
        if rule.decays:
            weighted = phi_keys * later_factors(decays)[:, None]
            new_state = decays.prod() * state + weighted.T @ values
        else:
            new_state = state + phi_keys.T @ values
        return WriteRun(new_state, normaliser, effective, decays)
    new_state = state.copy()
    effective = np.empty_like(values)
    for row in range(count):
        key, decay = phi_keys[row], decays[row]
        # u = β (v − decay · Sᵀφ(k)): what the key retrieves after the decay.
        retrieved = new_state.T @ key
        if decay != 1.0:
            new_state *= decay
            retrieved *= decay
        effective[row] = betas[row] * (values[row] - retrieved)
        new_state += np.outer(key, effective[row])
    effective.flags.writeable = False
    return WriteRun(new_state, normaliser, effective, decays)
