"""The recall test's points as curves: one per rule, size ``d`` and fixed value (Qt-free)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from linviz.model.capacity import RecallPoint


@dataclass(frozen=True)
class Series:
    """One curve of the recall figure.

    Attributes
    ----------
    rule, d
        The rule and the size it was measured for.
    fixed
        What stays fixed along the curve: the similarity for a curve
        against ``N``, ``N`` for a curve against similarity.
    x
        ``N`` or the similarity, ascending.
    error, rate
        Mean relative error and exact-recall rate at each ``x``.
    """

    rule: str
    d: int
    fixed: float
    x: np.ndarray
    error: np.ndarray
    rate: np.ndarray

    @property
    def key(self) -> tuple[int, float]:
        """What identifies the curve across rules (same colour in every plot)."""
        return self.d, self.fixed


def series_of(points: Iterable[RecallPoint], against: str) -> list[Series]:
    """The curves through ``points`` against ``"n"`` or ``"similarity"``.

    Sorted by ``d``, then by the value held fixed along the curve.
    """
    groups: dict[tuple[str, int, float], list[RecallPoint]] = {}
    for point in points:
        fixed = point.similarity if against == "n" else float(point.n)
        groups.setdefault((point.rule, point.d, fixed), []).append(point)
    found = []
    for (rule, d, fixed), chosen in groups.items():
        chosen.sort(key=lambda p: p.n if against == "n" else p.similarity)
        found.append(
            Series(
                rule=rule,
                d=d,
                fixed=fixed,
                x=np.array([p.n if against == "n" else p.similarity for p in chosen], dtype=float),
                error=np.array([p.mean_relative_error for p in chosen]),
                rate=np.array([p.exact_recall_rate for p in chosen]),
            )
        )
    found.sort(key=lambda s: (s.d, s.fixed))
    return found
