"""The recall lab's MQAR mode, without Qt: settings, the cached result, notifications.

Zoology's multi-query associative recall (:mod:`linviz.model.mqar`): for
``pairs`` pairs, the share of queries recalled at each key size ``d`` (state
``d × d``), for the additive and the delta rule, over ``trials`` sequences.
Small enough to measure on the GUI thread (the sizes and trials are bounded).
"""

from __future__ import annotations

from dataclasses import dataclass

from linviz.controller.labs import _Lab, _tuple_of
from linviz.model import limits, mqar
from linviz.model.costs import check_whole
from linviz.model.rules import check_parameter

#: Bounds that keep one measurement under about a second.
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


class MqarLab(_Lab):
    """Settings and the recall measured for them (computed once, when asked for)."""

    def __init__(self, settings: MqarSettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else MqarSettings()

    def _compute(self) -> tuple[mqar.RecallPoint, ...]:
        s = self.settings
        return tuple(
            mqar.recall_accuracy(
                s.pairs, s.dims, RULES, trials=s.trials, length=s.length, seed=s.seed, beta=s.beta
            )
        )

    @property
    def result(self) -> tuple[mqar.RecallPoint, ...]:
        """One point per rule and size, rules in :data:`RULES` order."""
        return self._result()

    def attention_state(self, d_model: int) -> int:
        """Attention's KV cache for one sequence at ``d_model``, zoology's ``2 · d_model · L``."""
        return mqar.attention_state_size(d_model, self.settings.length)
