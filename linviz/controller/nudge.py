"""Moving a key or query by a small step from the keyboard (arrow keys in the key plane)."""

from __future__ import annotations

import numpy as np

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session

#: How far one arrow key moves a vector, and with Shift held.
NUDGE, LARGE_NUDGE = 0.1, 0.5


def nudge_vector(session: Session, number: int, right: float, up: float) -> bool:
    """Move the key (or query) of step ``number`` by ``right`` and ``up`` along the
    two components the key plane shows: one undoable edit.

    Returns whether anything moved (there must be a step ``number``).
    """
    if not 1 <= number <= len(session.scenario):
        return False
    step = session.scenario.step(number)
    first, second = session.plane_axes("key")
    vector = np.array(step.vector, dtype=float)
    vector[first] += right
    if second != first:
        vector[second] += up
    # 0.1 + 0.2 is 0.30000000000000004: keep the numbers a user typed round.
    vector = np.round(vector, 9)
    if np.array_equal(vector, step.vector):
        return False
    name = "key" if step.is_write else "query"
    session.execute(
        ReplaceStep(number, step.with_changes(vector=vector), text=f"nudge {name} {step.label}")
    )
    return True
