"""Measures of overlap between keys, and of which writes share a cell of S."""

from __future__ import annotations

import numpy as np

from linviz.model.replay import Trace
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


def cell_writer_counts(trace: Trace, t: int) -> np.ndarray:
    """For each cell of ``S`` after step ``t``: how many writes put something there.

    A cell counted 2 or more holds a blend of several associations.
    """
    parts = trace.decomposition(t)
    keys_touch = (parts.phi_keys != 0).astype(np.int64)
    values_touch = (parts.effective_values != 0).astype(np.int64)
    return keys_touch.T @ values_touch


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
