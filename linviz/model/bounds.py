"""Where a scenario could overflow, told from the lengths of its rows alone.

Replaying 100,000 steps to look for a number beyond the float range costs
seconds; a bound on every state and every read costs one vectorised pass
over numbers the scenario keeps anyway (each key's length, each value's
largest component). Only where the bound could reach the edge of the float
range does the trace replay step by step to find the exact step.

The bound: with ``b_t`` a bound on the spectral norm of ``S`` after write
``t`` (``b_0 = 0``),

    b_t = g_t · b_{t-1} + c_t,   c_t = s_t · |φ(k_t)| · |v_t|,
    g_t = α_t · max(1, β_t |φ(k_t)|² − 1)   (the factors a rule applies)

where ``α_t`` is 1 without a decay, ``s_t = β_t`` and the ``max`` only for
the delta rules (``‖I − β k kᵀ‖₂ = max(1, |1 − β|k|²|)``). Every entry of
``S`` is at most ``b_t``, and a read returns at most ``|φ(q)| · b_t`` per
component, divided by ``|φ(q)ᵀz + ε|`` when normalised.
"""

from __future__ import annotations

import math

import numpy as np

from linviz.model.limits import NORMALISER_EPS
from linviz.model.scenario import Scenario

#: Bounds below this are safe: far enough under the largest float (1.8e308)
#: that the rounding of a few thousand additions cannot cross it.
SAFE_BOUND = 1e300


def phi_norm_bounds(scenario: Scenario, norms: np.ndarray) -> np.ndarray:
    """Upper bounds on ``|φ(x)|`` from ``|x|`` for the scenario's feature map.

    ``elu(x) + 1`` is at most ``|x| + 1`` per component, so its length is at
    most ``|x| + √d_k``; ReLU and the identity never lengthen a vector.
    """
    if scenario.feature_map == "elu+1":
        return norms + math.sqrt(scenario.d_k)
    return norms


def state_bounds(scenario: Scenario, write_rows: np.ndarray, phi_norms: np.ndarray) -> np.ndarray:
    """``b_t`` after each write (rows ``write_rows``, 0-based), in order."""
    rule = scenario.rule
    alphas, betas = scenario.write_parameters()
    keys = phi_norms[write_rows]
    with np.errstate(over="ignore", invalid="ignore"):
        grow = keys * scenario.value_sizes()[write_rows] * math.sqrt(scenario.d_v)
        factors = np.ones(len(write_rows))
        if rule.corrects:
            beta = betas[write_rows]
            grow = grow * beta
            factors = np.maximum(1.0, beta * keys * keys - 1.0)
        if rule.decays:
            factors = factors * alphas[write_rows]
        if not (factors > 1.0).any():
            # No factor above 1: b_t ≤ b_{t-1} + c_t, so the running sum bounds it.
            return np.cumsum(grow)
        bounds = np.empty(len(write_rows))
        bound = 0.0
        for i, (factor, add) in enumerate(zip(factors.tolist(), grow.tolist())):
            bound = factor * bound + add
            bounds[i] = bound
        return bounds


def safe_at_a_glance(scenario: Scenario) -> bool:
    """Whether one bound for the whole scenario keeps every state and read finite.

    With ``a`` the longest key or query (at most ``√d_k`` times its largest
    component in absolute value, which is what a scenario whose rows were
    never measured gives), ``v`` the largest component of any value and
    ``w`` the number of writes: every
    ``|φ(k)| ≤ p = a`` (plus ``√d_k`` under ``elu+1``) and every
    ``c_t ≤ β · p · √d_v · v`` (``β`` the largest a write uses, 1 without
    the delta correction). When no write scales ``S`` up (``α ≤ 1`` always;
    the delta rules' ``β |φ(k)|² − 1 ≤ 1``), ``b_t ≤ w · c``, and a read
    returns at most ``p · w · c``. Four reductions over two columns, where
    the per-row bound measures every row: a million rows at d = 8 in about
    15 ms against 70. ``False`` (look row by row) with the normaliser, whose
    denominators belong to each read, and whenever the glance is not enough.
    """
    if scenario.normalize or not len(scenario):
        return False
    root = math.sqrt(scenario.d_k)
    largest_length = math.inf
    if scenario.rows_measured():
        # An edit re-measures its own row only: the kept lengths and sizes answer
        # in two reductions over one number a row (not over every component).
        largest_length = float(scenario.key_norms().max())
        largest_value = float(scenario.value_sizes().max())
    if not largest_length < math.inf:  # not measured, or a length whose square overflowed
        vectors, values = scenario.vectors(), scenario.values()
        largest_length = root * max(float(vectors.max()), -float(vectors.min()))
        largest_value = max(float(values.max()), -float(values.min()))
    phi = largest_length + (root if scenario.feature_map == "elu+1" else 0.0)
    beta = 1.0
    if scenario.rule.corrects:
        # fmax passes over the NaN of the writes without a β of their own.
        overrides = scenario.parameter_overrides()[1]
        beta = float(np.fmax.reduce(overrides, initial=scenario.rule.beta or 0.0))
        if not beta * phi * phi - 1.0 <= 1.0:
            return False
    writes = int(np.count_nonzero(scenario.write_mask()))
    state = writes * beta * phi * math.sqrt(scenario.d_v) * largest_value
    reads = len(scenario) - writes
    return state < SAFE_BOUND and (not reads or phi * state < SAFE_BOUND)


def first_unsafe_row(scenario: Scenario) -> int | None:
    """The first 0-based row whose state or read output the bound cannot keep finite.

    ``None`` when every state and every read is safely finite. A row given
    here may still turn out finite: only a step-by-step replay from there
    says which step overflows, if any.
    """
    n = len(scenario)
    if not n or safe_at_a_glance(scenario):
        return None
    is_write = scenario.write_mask()
    phi_norms = phi_norm_bounds(scenario, scenario.key_norms())
    write_rows = np.flatnonzero(is_write)
    read_rows = np.flatnonzero(~is_write)
    bounds = state_bounds(scenario, write_rows, phi_norms)
    unsafe = [int(write_rows[i]) for i in np.flatnonzero(~(bounds < SAFE_BOUND))[:1]]
    if read_rows.size:
        writes_before = np.searchsorted(write_rows, read_rows)
        state_bound = np.concatenate([[0.0], bounds])[writes_before]  # 0 before any write
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            output_bound = phi_norms[read_rows] * state_bound
            if scenario.normalize:
                denominators, normaliser_ok = _read_denominators(scenario, write_rows, read_rows)
                output_bound = output_bound / np.abs(denominators)
                output_bound[~normaliser_ok] = np.inf
        unsafe += [int(read_rows[i]) for i in np.flatnonzero(~(output_bound < SAFE_BOUND))[:1]]
    return min(unsafe) if unsafe else None


def _read_denominators(
    scenario: Scenario, write_rows: np.ndarray, read_rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``φ(q)ᵀz + ε`` at every read, and whether that read's ``z`` is finite."""
    from linviz.model.features import feature_map

    phi = feature_map(scenario.feature_map)
    vectors = scenario.vectors()
    with np.errstate(over="ignore", invalid="ignore"):
        totals = np.cumsum(phi(vectors[write_rows]), axis=0)
        writes_before = np.searchsorted(write_rows, read_rows)
        normalisers = np.zeros((len(read_rows), scenario.d_k))
        seen = writes_before > 0
        normalisers[seen] = totals[writes_before[seen] - 1]
        denominators = np.einsum("ij,ij->i", phi(vectors[read_rows]), normalisers)
    # asarray: all(axis=1) of a 2-D array is an array, which numpy's stubs cannot tell.
    return denominators + NORMALISER_EPS, np.asarray(np.isfinite(normalisers).all(axis=1))
