"""Predict, then reveal, for the memory calculator (Qt-free).

The room estimates both sizes at the chosen length before seeing them. The
KV cache estimate is the :class:`~linviz.controller.labs.MemoryLab`'s own
``prediction_bytes``; this object adds what the lab does not keep: the
estimate of the state, whether the sizes are hidden, and whether they were
revealed. A new question (another length, shape or number format) hides
the answer again and forgets the old estimates.
"""

from __future__ import annotations

from dataclasses import dataclass

from linviz.controller.labs import MemoryLab, MemorySettings
from linviz.controller.signals import Signal
from linviz.model import costs


@dataclass(frozen=True)
class Gap:
    """How far an estimate was from the true size.

    Attributes
    ----------
    estimate, actual
        Bytes.
    ratio
        ``actual / estimate`` (``inf`` for an estimate of 0).
    """

    estimate: int
    actual: int

    @property
    def ratio(self) -> float:
        """How many times the estimate the true size is."""
        return self.actual / self.estimate if self.estimate else float("inf")

    @property
    def difference(self) -> int:
        """``actual − estimate`` in bytes (negative when the estimate was too high)."""
        return self.actual - self.estimate


class MemoryQuiz:
    """Whether the memory calculator hides its sizes, and the room's estimates.

    Parameters
    ----------
    lab
        The memory calculator whose sizes are asked about.

    Attributes
    ----------
    changed : Signal
        Emitted (no arguments) when something the views show changed.
    """

    def __init__(self, lab: MemoryLab) -> None:
        self.lab = lab
        self.changed = Signal()
        self.hiding = False
        self.revealed = False
        self.state_prediction_bytes: int | None = None
        self._question: MemorySettings = lab.settings
        lab.changed.connect(self._lab_changed)

    @property
    def hidden(self) -> bool:
        """Whether the sizes are hidden now (asked, and not yet revealed)."""
        return self.hiding and not self.revealed

    def set_hiding(self, on: bool) -> None:
        """Hide the sizes until they are revealed (predict first), or stop hiding them."""
        if on != self.hiding or self.revealed:
            self.hiding = on
            self.revealed = False
            self.changed.emit()

    def reveal(self) -> None:
        """Show the sizes (and how far the estimates were)."""
        if self.hidden:
            self.revealed = True
            self.changed.emit()

    def set_estimates(self, kv_cache_bytes: int | None, state_bytes: int | None) -> None:
        """Record the room's estimates of both sizes (``None``: no estimate).

        Raises
        ------
        linviz.model.errors.ScenarioError
            For a negative or absurdly large estimate; nothing changes then.
        """
        if state_bytes is not None:
            state_bytes = costs.check_whole(state_bytes, "state estimate", 0, 2**80)
        self.lab.set_prediction(kv_cache_bytes)  # checks, and says so if it changed
        if state_bytes != self.state_prediction_bytes:
            self.state_prediction_bytes = state_bytes
            self.changed.emit()

    def gaps(self) -> tuple[Gap | None, Gap | None]:
        """``(KV cache, state)`` gaps between the estimates and the truth, once revealed."""
        if self.hidden:
            return None, None
        reading = self.lab.result
        kv = self.lab.prediction_bytes
        state = self.state_prediction_bytes
        return (
            None if kv is None else Gap(kv, reading.kv_cache_bytes),
            None if state is None else Gap(state, reading.state_bytes),
        )

    def _lab_changed(self) -> None:
        if self.lab.settings != self._question:  # a new question: ask it afresh
            self._question = self.lab.settings
            self.revealed = False
            self.state_prediction_bytes = None
            if self.lab.prediction_bytes is not None:
                self.lab.set_prediction(None)  # comes back here with the same settings
                return
        self.changed.emit()
