"""Measures of overlap between keys, and of which writes share a cell of S."""

from __future__ import annotations

import numpy as np

from linviz.model.replay import Decomposition, Trace
from linviz.model.scenario import Scenario


def key_cosines(scenario: Scenario) -> tuple[list[str], np.ndarray]:
    """Labels of the writes and the cosine of every pair of their keys.

    A zero key has cosine 0 with everything (it stores nothing anywhere).
    """
    mask = scenario.write_mask()
    labels = [scenario.label_at(int(n) + 1) for n in np.flatnonzero(mask)]
    if not labels:
        return labels, np.zeros((0, 0))
    keys = scenario.vectors()[mask]
    norms = np.linalg.norm(keys, axis=1)
    safe = np.where(norms > 0, norms, 1.0)
    unit = keys / safe[:, None]
    cosines = unit @ unit.T
    cosines[norms == 0, :] = 0.0
    cosines[:, norms == 0] = 0.0
    return labels, np.clip(cosines, -1.0, 1.0)


def cell_writer_counts(trace: Trace, t: int,
                       parts: Decomposition | None = None) -> np.ndarray:
    """For each cell of ``S`` after step ``t``: how many writes put something there.

    A cell counted 2 or more holds a blend of several associations.
    ``parts``: ``trace.decomposition(t)`` if the caller already has it.
    """
    if parts is None:
        parts = trace.decomposition(t)
    # 0/1 matrices multiplied in float32 (BLAS; an integer product is ~10x slower).
    # Exact: every partial sum is a whole number of writes, far below 2**24.
    keys_touch = (parts.phi_keys != 0).astype(np.float32)
    values_touch = (parts.effective_values != 0).astype(np.float32)
    return np.rint(keys_touch.T @ values_touch).astype(np.int64)


def cell_contributions(trace: Trace, t: int, row: int, column: int
                       ) -> list[tuple[str, float]]:
    """The non-zero amounts each write adds to cell ``(row, column)`` after step ``t``."""
    parts = trace.decomposition(t)
    amounts = parts.phi_keys[:, row] * parts.effective_values[:, column]
    return [(label, float(a)) for label, a in zip(parts.labels, amounts) if a != 0]


def earlier_key_cosines(scenario: Scenario, number: int) -> list[tuple[str, float]]:
    """Cosine of step ``number``'s key (or query) with every earlier write's key.

    One pass over the earlier steps, so it stays cheap at 100,000 steps where
    :func:`key_cosines` (every pair of writes) would not. A zero key has
    cosine 0 with everything.
    """
    vector = scenario.step(number).vector
    mask = scenario.write_mask(0, number - 1)
    rows = np.flatnonzero(mask)
    if not rows.size:
        return []
    keys = scenario.vectors(0, number - 1)[mask]
    norms = np.linalg.norm(keys, axis=1) * float(np.linalg.norm(vector))
    dots = keys @ vector
    cosines = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)
    return [(scenario.label_at(int(r) + 1), c)
            for r, c in zip(rows, np.clip(cosines, -1.0, 1.0).tolist())]


def strongest_earlier_overlaps(scenario: Scenario, number: int, limit: int,
                               eps: float = 0.0) -> tuple[list[tuple[str, float]], int, int]:
    """The earlier keys that step ``number``'s key overlaps most.

    Returns ``(pairs, overlapping, earlier)``: at most ``limit`` pairs
    ``(label, cosine)`` with ``|cosine| > eps``, largest ``|cosine|`` first
    (ties in step order), as sorting :func:`earlier_key_cosines` would give;
    how many earlier keys have ``|cosine| > eps``; how many earlier writes
    there are. Only the returned pairs get labels, so it stays fast at
    100,000 steps.
    """
    vector = scenario.step(number).vector
    rows = np.flatnonzero(scenario.write_mask(0, number - 1))
    if not rows.size:
        return [], 0, 0
    keys = scenario.vectors(0, number - 1)
    # einsum, not @: BLAS is ~10x slower on this read-only view of the column.
    dots = np.einsum("ij,j->i", keys, vector)[rows]
    norms = np.sqrt(np.einsum("ij,ij->i", keys, keys))[rows] * float(np.linalg.norm(vector))
    cosines = np.clip(np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0),
                      -1.0, 1.0)
    sizes = np.abs(cosines)
    hits = np.flatnonzero(sizes > eps)
    overlapping = int(hits.size)
    if overlapping > limit:  # only hits at least as large as the limit-th largest
        cut = np.partition(sizes[hits], overlapping - limit)[overlapping - limit]
        hits = hits[sizes[hits] >= cut]
    best = hits[np.argsort(-sizes[hits], kind="stable")][:limit]
    pairs = [(scenario.label_at(int(rows[i]) + 1), float(cosines[i])) for i in best]
    return pairs, overlapping, int(rows.size)
