"""Measures of overlap between keys, and of which writes share a cell of S.

Overlap is about what the memory stores: every cosine here is between mapped
keys ``φ(k)`` (and a mapped query ``φ(q)``), since two keys that differ can
still be stored along close directions once the feature map has acted (under
``elu + 1``, ``(1, 0)`` and ``(0, 1)`` are stored as ``(2, 1)`` and ``(1, 2)``,
cosine 0.8).
"""

from __future__ import annotations

import math

import numpy as np

from linviz.model.norms import row_cosines
from linviz.model.readout import lengths_beyond_floats
from linviz.model.replay import Decomposition, Trace
from linviz.model.scenario import Scenario


def key_cosines(scenario: Scenario) -> tuple[list[str], np.ndarray]:
    """Labels of the writes and the cosine of every pair of their stored keys ``φ(k)``.

    A zero ``φ(k)`` has cosine 0 with everything (it stores nothing anywhere).
    """
    mask = scenario.write_mask()
    labels = [scenario.label_at(int(n) + 1) for n in np.flatnonzero(mask)]
    if not labels:
        return labels, np.zeros((0, 0))
    keys = scenario.phi_vectors()[mask]
    norms = scenario.phi_norms()[mask]
    safe = np.where(norms > 0, norms, 1.0)
    unit = keys / safe[:, None]
    cosines = unit @ unit.T
    cosines[norms == 0, :] = 0.0
    cosines[:, norms == 0] = 0.0
    return labels, np.clip(cosines, -1.0, 1.0)


def cell_writer_counts(trace: Trace, t: int, parts: Decomposition | None = None) -> np.ndarray:
    """For each cell of ``S`` after step ``t``: how many writes put something there.

    A cell counted 2 or more holds a blend of several associations. The
    trace keeps the counts per segment of steps, so this costs one segment,
    not one pass over every write. ``parts`` is accepted for compatibility
    and not needed.
    """
    return trace.writer_counts(t)


def cell_contributions(trace: Trace, t: int, row: int, column: int) -> list[tuple[str, float]]:
    """The non-zero amounts each write adds to cell ``(row, column)`` after step ``t``."""
    parts = trace.decomposition(t)
    amounts = parts.cell_amounts(row, column)
    nonzero = np.flatnonzero(amounts)
    # Labels of the writes that add something only (not of all 100,000).
    return [(parts.label_of(int(i)), float(amounts[i])) for i in nonzero]


def earlier_key_cosines(scenario: Scenario, number: int) -> list[tuple[str, float]]:
    """Cosine of step ``number``'s ``φ(k)`` (or ``φ(q)``) with every earlier write's ``φ(k)``.

    One pass over the earlier steps, so it stays cheap at 100,000 steps where
    :func:`key_cosines` (every pair of writes) would not. A zero vector has
    cosine 0 with everything.
    """
    vector = scenario.phi_vectors(number - 1, number)[0]
    mask = scenario.write_mask(0, number - 1)
    rows = np.flatnonzero(mask)
    if not rows.size:
        return []
    at_any_size = _cosines_at_any_size(scenario, number, vector)
    if at_any_size is None:
        norms = scenario.phi_norms(0, number - 1)[rows] * float(np.linalg.norm(vector))
        dots = (scenario.phi_vectors(0, number - 1) @ vector)[rows]
        cosines = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0)
        if np.any((norms == 0) & (dots != 0)):  # a key so short its length underflowed
            at_any_size = _scaled_earlier_cosines(scenario, number, vector)
    if at_any_size is not None:
        cosines = at_any_size[rows]
    return [
        (scenario.label_at(int(r) + 1), c)
        for r, c in zip(rows, np.clip(cosines, -1.0, 1.0).tolist())
    ]


def strongest_earlier_overlaps(
    scenario: Scenario, number: int, limit: int, eps: float = 0.0
) -> tuple[list[tuple[str, float]], int, int]:
    """The earlier stored keys ``φ(k)`` that step ``number``'s ``φ(k)`` overlaps most.

    Parameters
    ----------
    scenario
        The scenario.
    number
        The 1-based step whose key (or query) is compared.
    limit
        Most pairs returned.
    eps
        Cosines with ``|cosine| <= eps`` count as orthogonal.

    Returns
    -------
    pairs, overlapping, earlier
        At most ``limit`` pairs ``(label, cosine)`` with ``|cosine| > eps``,
        largest ``|cosine|`` first (ties in step order), exactly as sorting
        :func:`earlier_key_cosines` would give; how many earlier keys have
        ``|cosine| > eps``; how many earlier writes there are.

    Notes
    -----
    Every cosine is worked out as :func:`earlier_key_cosines` does (same
    product, same division), so the values are the same to the last bit.
    The work is done over all earlier rows at once, reads included and then
    zeroed, with no copy of the writes' rows, and only the returned pairs
    get labels: it stays well under a millisecond at 100,000 steps.
    """
    mask = scenario.write_mask(0, number - 1)
    earlier = int(np.count_nonzero(mask))
    if not earlier:
        return [], 0, 0
    vector = scenario.phi_vectors(number - 1, number)[0]
    cosines = _cosines_at_any_size(scenario, number, vector)
    if cosines is None:
        # One product over the column; the lengths are kept by the scenario.
        cosines = scenario.phi_vectors(0, number - 1) @ vector
        # |query| as np.linalg.norm works it out (sqrt of the dot product), 15× faster.
        length = math.sqrt(float(vector @ vector))
        norms = np.multiply(scenario.phi_norms(0, number - 1), length)
        # A zero key or query has a dot product of exactly 0: dividing it by the
        # smallest float gives cosine 0 without a (slow) masked division.
        np.maximum(norms, np.finfo(np.float64).tiny, out=norms)
        np.divide(cosines, norms, out=cosines)
        sizes = np.abs(cosines, out=norms)
    else:
        sizes = np.abs(cosines)
    overlapping, best = _strongest(sizes, mask, limit, eps)
    if best.size and float(np.abs(cosines[best]).max()) > 1.0 + 1e-9:
        # A key so short that its length underflowed to 0: |cosine| came out above 1.
        cosines = _scaled_earlier_cosines(scenario, number, vector)
        overlapping, best = _strongest(np.abs(cosines), mask, limit, eps)
    pairs = [(scenario.label_at(int(i) + 1), min(max(float(cosines[i]), -1.0), 1.0)) for i in best]
    return pairs, overlapping, earlier


def _cosines_at_any_size(scenario: Scenario, number: int, vector: np.ndarray) -> np.ndarray | None:
    """:func:`_scaled_earlier_cosines` when a length is beyond the floats' safe range
    (:func:`~linviz.model.readout.lengths_beyond_floats`); else ``None`` (the
    quicker product is exact enough).

    A key of ``[1.8e308, -1.8e308]`` has a length of ``inf``: divided by it,
    a key of ``[1.8e308, 0]`` was "orthogonal" to it (cosine 0, not 0.707).
    """
    if not lengths_beyond_floats(vector, scenario.phi_norms(0, number - 1)):
        return None
    return _scaled_earlier_cosines(scenario, number, vector)


def _scaled_earlier_cosines(scenario: Scenario, number: int, vector: np.ndarray) -> np.ndarray:
    """Cosine of ``vector`` with each of steps ``1 .. number-1``'s ``φ`` (0 for a zero
    one), from vectors scaled first (:func:`~linviz.model.norms.row_cosines`).
    """
    cosines = row_cosines(scenario.phi_vectors(0, number - 1), vector)
    cosines[cosines == -np.inf] = 0.0  # a zero vector: cosine 0 with everything
    return cosines


def _strongest(
    sizes: np.ndarray, mask: np.ndarray, limit: int, eps: float
) -> tuple[int, np.ndarray]:
    """How many ``sizes`` (|cosines|, changed in place) of writes exceed ``eps``,
    and the rows of the ``limit`` largest, largest first.
    """
    # |clip(c, -1, 1)| = min(|c|, 1): the returned few are clipped one by one.
    np.minimum(sizes, 1.0, out=sizes)
    sizes *= mask  # a read's query is no key: size 0, never listed nor counted
    overlapping = int(np.count_nonzero(sizes > eps))
    count = min(limit, overlapping)
    if count <= 0:
        return overlapping, np.zeros(0, dtype=np.int64)
    return overlapping, _largest_first(sizes, count)


#: Rows per stretch whose largest size :func:`_largest_first` looks at first.
STRETCH = 256


def _largest_first(sizes: np.ndarray, count: int) -> np.ndarray:
    """Indices of the ``count`` largest ``sizes``, largest first, ties in index order.

    ``count`` must be at least 1 and at most the number of sizes above 0. A
    NaN size (a key so long that its square overflows) counts as 0.

    The largest size of each stretch of :data:`STRETCH` rows is found first:
    the ``count``-th largest of those is reached by at least ``count`` sizes,
    so every one of the ``count`` largest sizes lies in a stretch that
    reaches it, and only those few stretches are sorted (a partition of all
    the sizes cost ~4× more).
    """
    n = len(sizes)
    starts = np.arange(0, n, STRETCH)
    tops = np.maximum.reduceat(sizes, starts)
    if np.isnan(tops).any():  # rare: NaN would sort above every size
        sizes = np.where(np.isnan(sizes), 0.0, sizes)
        tops = np.maximum.reduceat(sizes, starts)
    if len(tops) > 2 * count:
        floor = np.partition(tops, len(tops) - count)[len(tops) - count]
        rows = (starts[tops >= floor][:, None] + np.arange(STRETCH)).ravel()
        rows = rows[rows < n]  # the last stretch may be short
    else:
        rows = np.arange(n)
    picked = sizes[rows]
    # The count-th largest size; every size at least as large is a candidate
    # (ties kept, in step order, for the stable sort).
    cut = np.partition(picked, len(picked) - count)[len(picked) - count]
    hits = rows[picked >= cut]
    return hits[np.argsort(-sizes[hits], kind="stable")][:count]
