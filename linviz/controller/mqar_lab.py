"""The recall lab's MQAR mode, without Qt: settings, the cached result, notifications.

Zoology's multi-query associative recall (:mod:`linviz.model.mqar`): for
``pairs`` pairs, the share of queries recalled at each key size ``d`` (state
``d × d``), for the additive and the delta rule, over ``trials`` sequences.
The window measures it on a worker thread (:meth:`MqarLab.job`, then
:meth:`MqarLab.deliver`): at the largest settings it takes several seconds
(256 pairs, 50 sequences, sizes 2 to 64: 5.6 s), once per change.
:attr:`MqarLab.result` measures here and now (exports, scripts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from linviz.controller.labs import _Lab, _tuple_of
from linviz.model import limits, mqar
from linviz.model.costs import check_whole
from linviz.model.rules import check_parameter

#: Bounds of the settings (one measurement at all of them: about 10 s).
MAX_PAIRS = 256
MAX_SIZES = 8
MAX_TRIALS = 50
#: The rules the mode compares.
RULES = ("additive", "delta")


@dataclass(frozen=True)
class MqarSettings:
    """What the MQAR mode measures.

    Attributes
    ----------
    pairs
        ``N``, the key-value pairs of each sequence (1 to 256); the sequence
        has zoology's smallest length, ``max(64, 4N)`` tokens.
    dims
        Key sizes ``d`` (state ``d × d``), 1 to 512, at most 8 of them.
    trials, seed
        Sequences per point (1 to 50), and the first one's seed.
    beta
        The delta rule's writing strength, in [0, 1].
    """

    pairs: int = 16
    dims: tuple[int, ...] = (2, 4, 8, 16, 32, 64)
    trials: int = 8
    seed: int = 0
    beta: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "pairs", check_whole(self.pairs, "pairs", 1, MAX_PAIRS))
        dims = _tuple_of(self.dims, "dims")
        check_whole(len(dims), "dims", 1, MAX_SIZES)
        dims = tuple(sorted({check_whole(d, "dims", limits.MIN_DIM, limits.MAX_DIM) for d in dims}))
        object.__setattr__(self, "dims", dims)
        object.__setattr__(self, "trials", check_whole(self.trials, "trials", 1, MAX_TRIALS))
        object.__setattr__(self, "seed", check_whole(self.seed, "seed", 0, 2**31 - 1))
        object.__setattr__(self, "beta", check_parameter("beta", self.beta, "beta"))

    @property
    def length(self) -> int:
        """Tokens per sequence."""
        return mqar.default_length(self.pairs)


@dataclass(frozen=True)
class MqarResult:
    """The points measured for ``settings``; ``complete`` unless the run was stopped."""

    settings: MqarSettings
    points: tuple[mqar.RecallPoint, ...]
    complete: bool


@dataclass(frozen=True)
class MqarJob:
    """One measurement for fixed settings, safe to run on any thread (it holds no lab)."""

    settings: MqarSettings

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> MqarResult:
        """Measure every rule and size; stop early once ``should_stop()`` is true.

        ``progress(done, total)`` counts sequences measured, from the thread this runs on.
        """
        s = self.settings
        points = mqar.recall_accuracy(
            s.pairs,
            s.dims,
            RULES,
            trials=s.trials,
            length=s.length,
            seed=s.seed,
            beta=s.beta,
            progress=progress,
            should_stop=should_stop,
        )
        return MqarResult(s, tuple(points), len(points) == len(RULES) * len(s.dims))


class MqarLab(_Lab):
    """Settings, the recall measured for them, and the last result a worker delivered."""

    def __init__(self, settings: MqarSettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else MqarSettings()
        self._delivered: MqarResult | None = None

    def _compute(self) -> tuple[mqar.RecallPoint, ...]:
        delivered = self.delivered
        if delivered is None or not delivered.complete:
            delivered = self.job().run()  # here and now (an export, a script)
            self.deliver(delivered)
        return delivered.points

    def job(self) -> MqarJob:
        """A job for the current settings (run it on a worker thread)."""
        return MqarJob(self.settings)

    def deliver(self, result: MqarResult) -> bool:
        """Take a finished (or stopped) job's result, on the GUI thread; whether it was kept
        (one for settings changed since its job was made is dropped, and a stopped
        one after a complete one for the same settings).
        """
        if result.settings != self.settings:
            return False
        kept = self.delivered
        if kept is not None and kept.complete and not result.complete:
            return False  # a run stopped after the same settings were measured here
        self._delivered = result
        return True

    @property
    def delivered(self) -> MqarResult | None:
        """The last result delivered for the current settings, ``None`` if none was."""
        delivered = self._delivered
        return delivered if delivered is not None and delivered.settings == self.settings else None

    @property
    def result(self) -> tuple[mqar.RecallPoint, ...]:
        """One point per rule and size, rules in :data:`RULES` order."""
        return self._result()

    def attention_state(self, d_model: int) -> int:
        """Attention's KV cache for one sequence at ``d_model``, zoology's ``2 · d_model · L``."""
        return mqar.attention_state_size(d_model, self.settings.length)
