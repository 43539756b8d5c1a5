"""One step of a scenario, and steps as columns.

A :class:`Step` is an immutable write (store ``key -> value``) or read
(``query``); :class:`StepColumns` is how a :class:`~linviz.model.scenario.Scenario`
stores many of them. Nothing here checks anything: see
:mod:`linviz.model.field_checks` and :mod:`linviz.model.step_checks`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import numpy as np

WRITE = "write"
READ = "read"
OPS = (WRITE, READ)


@dataclass
class StepColumns:
    """Steps as columns, the way a :class:`Scenario` stores them.

    Row ``i`` is step ``i + 1``; a read's value row is zero; an absent
    ``alpha``/``beta`` is NaN; ``by_label`` maps each label to its row
    (``None``: the labels are known to be unique, the map is built when needed).
    """

    is_write: np.ndarray
    vectors: np.ndarray
    values: np.ndarray
    alpha: np.ndarray
    beta: np.ndarray
    labels: list[str]
    targets: list[str | None]
    captions: list[str]
    by_label: dict[str, int] | None
    #: Instructor notes and check questions, one per row (``None``: all empty).
    notes: list[str] | None = None
    questions: list[str] | None = None
    #: Each label's length in characters, when the reader measured them (``None``: not known).
    label_lengths: np.ndarray | None = None


@dataclass(frozen=True, eq=False, slots=True)
class Step:
    """One write (store ``key -> value``) or read (``query``).

    Attributes
    ----------
    op
        ``"write"`` or ``"read"``.
    vector
        The key of a write or the query of a read, float64, length ``d_k``.
    value
        The value of a write (float64, length ``d_v``); ``None`` for a read.
    label
        Unique name shown in every view (``"k1"``, ``"w3"`` …).
    target
        For a read: the label of the earlier write it means to retrieve.
    caption
        What the instructor says about this step.
    alpha, beta
        Per-write overrides of the rule's parameters.
    notes
        What the instructor reads on the presenter view: what to point at,
        what to ask the room, the common wrong answer. Never shown to the room.
    question
        A check question to put to the room at this step.
    """

    op: str
    vector: np.ndarray
    value: np.ndarray | None
    label: str
    target: str | None = None
    caption: str = ""
    alpha: float | None = None
    beta: float | None = None
    notes: str = ""
    question: str = ""

    @property
    def is_write(self) -> bool:
        """Whether this step writes to the state."""
        return self.op == WRITE

    @property
    def vector_name(self) -> str:
        """``"key"`` for a write, ``"query"`` for a read."""
        return "key" if self.op == WRITE else "query"

    # Any: callers name the field at run time (a drag's, a rule's parameter); replace()
    # refuses a name that is no field.
    def with_changes(self, **changes: Any) -> Step:
        """A copy with some fields replaced (vectors are converted to float64)."""
        for name in ("vector", "value"):
            if changes.get(name) is not None:
                changes[name] = np.array(changes[name], dtype=np.float64)
        return replace(self, **changes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        same_value = (self.value is None and other.value is None) or (
            self.value is not None
            and other.value is not None
            and np.array_equal(self.value, other.value)
        )
        return (
            self.op == other.op
            and np.array_equal(self.vector, other.vector)
            and same_value
            and (self.label, self.target, self.caption, self.alpha, self.beta)
            == (other.label, other.target, other.caption, other.alpha, other.beta)
            and (self.notes, self.question) == (other.notes, other.question)
        )

    __hash__ = None  # type: ignore[assignment]


# ``extra``: any of Step's other fields, unchecked like the rest (Any, as in with_changes).
def write(key: Sequence[float], value: Sequence[float], label: str, **extra: Any) -> Step:
    """Convenience constructor of a write step (no checks: see ``check_step``)."""
    return Step(
        WRITE, np.array(key, dtype=np.float64), np.array(value, dtype=np.float64), label, **extra
    )


def read(query: Sequence[float], label: str, **extra: Any) -> Step:
    """Convenience constructor of a read step (no checks: see ``check_step``)."""
    return Step(READ, np.array(query, dtype=np.float64), None, label, **extra)


class TextView(NamedTuple):
    """A scenario's own label, target and caption lists (read them; never change them)."""

    labels: Sequence[str]
    targets: Sequence[str | None]
    captions: Sequence[str]
