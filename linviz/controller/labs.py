"""The state of the course's labs, without Qt: settings, cached results, notifications.

Each lab keeps its settings in a small frozen dataclass that checks itself
when made: a value out of range raises
:class:`~linviz.model.errors.ScenarioError` naming the field and the range
expected, and the lab keeps its old settings. ``lab.update(field=value)``
changes some settings; ``lab.changed`` (a
:class:`~linviz.controller.signals.Signal`, no arguments) tells the views
that what the lab shows may differ, and ``lab.result`` computes it, once,
when first asked for.

- :class:`MemoryLab`: KV cache against fixed state (no session needed).
- :class:`CapacityLab`: the controlled recall test. It can take seconds, so
  it is run as a :class:`CapacityJob` on a worker thread (see that class).
- :class:`SpotlightLab`, :class:`RuleLab`, :class:`SpectrumLab`: about the
  session's scenario; they take the :class:`~linviz.controller.session.Session`
  and follow its cursor and edits.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from linviz.controller.signals import Signal
from linviz.model import capacity, costs
from linviz.model.attention import (
    DEFAULT_SHARPNESS,
    SpotlightComparison,
    check_sharpness,
    compare_read,
)
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term
from linviz.model.rule_comparison import RuleComparison, RuleStep
from linviz.model.rules import check_parameter
from linviz.model.spectrum import DEFAULT_POINTS, SOURCES, Spectrum, affordable_points, spectrum

if TYPE_CHECKING:
    from linviz.controller.session import Session


def _changed_settings(settings: Any, changes: dict[str, object]) -> Any:
    """``settings`` with ``changes`` applied (and so checked); unknown names refused."""
    names = {f.name for f in fields(settings)}
    for name in changes:
        if name not in names:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "unknown setting {name!r}; expected one of {allowed}"
                ),
                name=name,
                allowed=", ".join(sorted(names)),
                field=name,
            )
    return replace(settings, **changes)


class _Lab:
    """What every lab shares: settings, ``changed``, a result cached per key."""

    settings: Any

    def __init__(self) -> None:
        self.changed = Signal()
        self._cache_key: object = None
        self._cached: object = None

    def update(self, **changes: object) -> None:
        """Change some settings (checked first: nothing changes on a bad value).

        Raises
        ------
        ScenarioError
            Naming the field and the range expected.
        """
        new = _changed_settings(self.settings, changes)
        if new != self.settings:
            self.settings = new
            self._settings_changed()
            self.changed.emit()

    def _settings_changed(self) -> None:
        """Hook for labs that must do more than recompute."""

    def _key(self) -> object:
        return self.settings

    def _compute(self) -> object:
        raise NotImplementedError

    def _result(self) -> Any:
        key = self._key()
        if key != self._cache_key or self._cached is None:
            self._cached = self._compute()
            self._cache_key = key
        return self._cached


# -- memory calculator ---------------------------------------------------------------------
@dataclass(frozen=True)
class MemorySettings:
    """The memory calculator's settings.

    ``layers``, ``heads``, ``head_dim``, ``dtype`` as in
    :class:`~linviz.model.costs.ModelShape`; ``tokens`` is the context
    length read out (0 to 10¹²); the curves run from 1 token to
    ``max_tokens`` (10 to 10¹²) on log axes.
    """

    layers: int = 1
    heads: int = 1
    head_dim: int = 128
    dtype: str = "bf16"
    tokens: int = 1_000
    max_tokens: int = 1_000_000

    def __post_init__(self) -> None:
        self.shape  # noqa: B018 -- made to be checked
        object.__setattr__(self, "tokens", costs.check_tokens(self.tokens))
        object.__setattr__(
            self,
            "max_tokens",
            costs.check_whole(self.max_tokens, "max_tokens", 10, costs.MAX_TOKENS),
        )

    @property
    def shape(self) -> costs.ModelShape:
        """The model shape these settings describe."""
        return costs.ModelShape(self.layers, self.heads, self.head_dim, self.dtype)


@dataclass(frozen=True)
class MemoryReading:
    """What the memory calculator shows.

    ``curve_tokens`` (log-spaced from 1 to ``max_tokens``) with the KV cache
    and state bytes there; the readout at ``tokens``; the crossover length.
    """

    shape: costs.ModelShape
    tokens: int
    kv_cache_bytes: int
    state_bytes: int
    crossover_tokens: int
    curve_tokens: np.ndarray
    curve_kv_cache_bytes: np.ndarray
    curve_state_bytes: np.ndarray

    @property
    def kv_cache_text(self) -> str:
        """The KV cache at ``tokens`` in binary units (``"500 KiB"``)."""
        return costs.human_size(self.kv_cache_bytes)

    @property
    def state_text(self) -> str:
        """The state in binary units (``"32 KiB"``)."""
        return costs.human_size(self.state_bytes)

    @property
    def ratio(self) -> float:
        """How many times the state the KV cache is at ``tokens``."""
        return self.kv_cache_bytes / self.state_bytes


#: Points on the memory calculator's curves.
MEMORY_CURVE_POINTS = 200


class MemoryLab(_Lab):
    """The memory calculator: KV cache against fixed state as the context grows."""

    def __init__(self, settings: MemorySettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else MemorySettings()
        #: The room's estimate of the KV cache at ``tokens``, in bytes (None: none asked).
        self.prediction_bytes: int | None = None

    def apply_preset(self, name: str) -> None:
        """Take the shape of preset ``name`` (a key of :data:`~linviz.model.costs.PRESETS`)."""
        if name not in costs.PRESETS:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "unknown preset {name!r}; expected one of {allowed}"
                ),
                name=name,
                allowed=", ".join(costs.PRESETS),
                field="preset",
            )
        shape = costs.PRESETS[name]
        self.update(
            layers=shape.layers, heads=shape.heads, head_dim=shape.head_dim, dtype=shape.dtype
        )

    def set_prediction(self, n_bytes: int | None) -> None:
        """Record the room's estimate of the KV cache at ``tokens`` (``None`` clears it)."""
        if n_bytes is not None:
            n_bytes = costs.check_whole(n_bytes, "prediction", 0, 2**80)
        if n_bytes != self.prediction_bytes:
            self.prediction_bytes = n_bytes
            self.changed.emit()

    def _compute(self) -> MemoryReading:
        settings = self.settings
        shape = settings.shape
        tokens = np.unique(
            np.rint(np.geomspace(1, settings.max_tokens, MEMORY_CURVE_POINTS)).astype(np.int64)
        )
        kv, state = shape.curves(tokens)
        return MemoryReading(
            shape=shape,
            tokens=settings.tokens,
            kv_cache_bytes=shape.kv_cache_bytes(settings.tokens),
            state_bytes=shape.state_bytes,
            crossover_tokens=shape.crossover_tokens,
            curve_tokens=tokens,
            curve_kv_cache_bytes=kv,
            curve_state_bytes=state,
        )

    @property
    def result(self) -> MemoryReading:
        """The reading for the current settings (cached)."""
        return self._result()


# -- capacity --------------------------------------------------------------------------
def _tuple_of(raw: object, field: str) -> tuple[object, ...]:
    if isinstance(raw, (str, bytes)) or not hasattr(raw, "__iter__"):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be a list of values, got {raw!r}"),
            name=Term(field),
            raw=raw,
            field=field,
        )
    return tuple(raw)


@dataclass(frozen=True)
class CapacitySettings:
    """The recall test's settings: two sweeps, against ``N`` and against similarity.

    Attributes
    ----------
    dims
        Sizes ``d``, one curve each (1 to 512).
    sizes
        The ``N`` of the curves against ``N`` (1 to 65,536).
    keys
        Key kind of the curves against ``N`` (:data:`~linviz.model.capacity.KEY_KINDS`).
    similarity
        The mean key cosine of those curves when ``keys`` is ``"similar"``, in [0, 1).
    similarities
        The cosines of the curves against similarity (similar keys), each in [0, 1).
    similarity_n
        How many pairs those curves store (1 to 65,536).
    rules, beta, trials, tolerance, seed
        As in :class:`~linviz.model.capacity.RecallSweep`.
    """

    dims: tuple[int, ...] = (16, 32, 64)
    sizes: tuple[int, ...] = (4, 8, 16, 24, 32, 48, 64, 80, 96, 128, 160, 192, 256)
    keys: str = "random"
    similarity: float = 0.5
    similarities: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
    similarity_n: int = 16
    rules: tuple[str, ...] = capacity.RECALL_RULES
    beta: float = 1.0
    trials: int = 100
    tolerance: float = capacity.DEFAULT_TOLERANCE
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("dims", "sizes", "similarities", "rules"):
            object.__setattr__(self, name, _tuple_of(getattr(self, name), name))
        against_n, against_similarity = self.sweeps()  # checks every value
        object.__setattr__(self, "similarity", capacity.check_similarity(self.similarity))
        for name, value in (
            ("dims", against_n.dims),
            ("sizes", against_n.sizes),
            ("similarities", against_similarity.similarities),
            ("similarity_n", against_similarity.sizes[0]),
            ("rules", against_n.rules),
            ("beta", against_n.beta),
            ("trials", against_n.trials),
            ("tolerance", against_n.tolerance),
            ("seed", against_n.seed),
        ):
            object.__setattr__(self, name, value)

    def sweeps(self) -> tuple[capacity.RecallSweep, capacity.RecallSweep]:
        """The sweep against ``N`` and the sweep against similarity."""
        common = {
            "dims": self.dims,
            "rules": self.rules,
            "beta": self.beta,
            "trials": self.trials,
            "tolerance": self.tolerance,
            "seed": self.seed,
        }
        similar = self.keys == "similar"
        against_n = capacity.RecallSweep(
            sizes=self.sizes,
            similarities=(capacity.check_similarity(self.similarity),) if similar else (0.0,),
            keys=self.keys,
            **common,  # type: ignore[arg-type]
        )
        try:
            against_similarity = capacity.RecallSweep(
                sizes=(self.similarity_n,),
                similarities=self.similarities,
                keys="similar",
                **common,  # type: ignore[arg-type]
            )
        except ScenarioError as error:
            if error.field == "n":
                raise ScenarioError.of(
                    error.template or error.message,
                    **{**error.values, "name": Term("similarity_n")},
                    field="similarity_n",
                ) from None
            raise
        return against_n, against_similarity


@dataclass(frozen=True)
class CapacityResult:
    """Both sweeps' results for some settings (``complete`` unless cancelled)."""

    settings: CapacitySettings
    against_n: capacity.SweepResult
    against_similarity: capacity.SweepResult

    @property
    def complete(self) -> bool:
        """Whether both sweeps ran to the end."""
        return self.against_n.complete and self.against_similarity.complete


class Cancellation:
    """A flag a GUI thread sets and a worker thread reads: ``should_stop`` for a job.

    ``token()`` is ``True`` once :meth:`cancel` was called (from any thread).
    """

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        """Ask the job to stop at its next check."""
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self._event.is_set()

    def __call__(self) -> bool:
        return self._event.is_set()


@dataclass(frozen=True)
class CapacityJob:
    """One run of the recall test for fixed settings, safe to run on any thread.

    It holds the settings only (no lab, no session), so a worker thread can
    run it while the GUI thread goes on; the result is handed back on the
    GUI thread with :meth:`CapacityLab.deliver`. A GUI does::

        job = lab.job()
        cancel = Cancellation()             # Cancel button: cancel.cancel()
        # on a worker thread (QThreadPool / QThread):
        result = job.run(progress, cancel)  # progress(done, total) runs on the
                                            # worker: forward it with a queued signal
        # back on the GUI thread (queued signal carrying result):
        lab.deliver(result)
    """

    settings: CapacitySettings

    @property
    def total_work(self) -> int:
        """The ``total`` that ``progress(done, total)`` counts towards."""
        against_n, against_similarity = self.settings.sweeps()
        return against_n.total_work() + against_similarity.total_work()

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> CapacityResult:
        """Run both sweeps; return early (``complete`` False) once ``should_stop()`` is true.

        ``progress(done, total)`` is called every few milliseconds of work,
        from the thread this runs on.
        """
        against_n, against_similarity = self.settings.sweeps()
        total = against_n.total_work() + against_similarity.total_work()
        first = against_n.total_work()

        def first_part(done: int, _: int) -> None:
            if progress is not None:
                progress(done, total)

        def second_part(done: int, _: int) -> None:
            if progress is not None:
                progress(first + done, total)

        n_result = capacity.run_sweep(against_n, first_part, should_stop)
        if n_result.complete:
            similarity_result = capacity.run_sweep(against_similarity, second_part, should_stop)
        else:
            similarity_result = capacity.SweepResult(against_similarity, (), complete=False)
        return CapacityResult(self.settings, n_result, similarity_result)


class CapacityLab(_Lab):
    """The controlled recall test: settings, and the last result delivered for them.

    ``changed`` is emitted when the settings change (the result shown is then
    stale: :attr:`result` is ``None`` until a run for the new settings is
    delivered) and when a result is delivered.
    """

    def __init__(self, settings: CapacitySettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else CapacitySettings()
        self._delivered: CapacityResult | None = None

    def job(self) -> CapacityJob:
        """A job for the current settings (run it on a worker thread)."""
        return CapacityJob(self.settings)

    def deliver(self, result: CapacityResult) -> bool:
        """Take a finished (or cancelled) job's result; on the GUI thread.

        Returns
        -------
        bool
            Whether it was kept: a result for settings that have changed
            since its job was made is dropped.
        """
        if result.settings != self.settings:
            return False
        self._delivered = result
        self.changed.emit()
        return True

    def run(
        self,
        progress: Callable[[int, int], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> CapacityResult:
        """Run a job here and now, deliver and return its result (tests, scripts)."""
        result = self.job().run(progress, should_stop)
        self.deliver(result)
        return result

    @property
    def result(self) -> CapacityResult | None:
        """The result for the current settings, ``None`` until one is delivered."""
        delivered = self._delivered
        return delivered if delivered is not None and delivered.settings == self.settings else None


# -- labs about the session's scenario ------------------------------------------------
class _SessionLab(_Lab):
    """A lab that follows the session: its scenario, edits and (if it cares) cursor.

    It listens to ``session.changed`` but does not read what the change was
    called: it compares the scenario, the trace's edit count and the cursor
    with what it showed last, and emits ``changed`` only if they differ.
    """

    follows_cursor = True

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._seen = self._position()
        session.changed.connect(self._session_changed)

    def _position(self) -> tuple[object, ...]:
        session = self.session
        cursor = session.cursor if self.follows_cursor else None
        return (session.trace, session.trace.generation, cursor)

    def _session_changed(self, *_: object) -> None:
        position = self._position()
        if position != self._seen:
            self._seen = position
            self.changed.emit()

    def _key(self) -> object:
        return (self._position(), self.settings)

    def close(self) -> None:
        """Stop following the session."""
        try:
            self.session.changed.disconnect(self._session_changed)
        except ValueError:
            pass


@dataclass(frozen=True)
class SpotlightSettings:
    """Softmax sharpness ``s`` (0 to 50; 0 weighs every key equally)."""

    sharpness: float = DEFAULT_SHARPNESS

    def __post_init__(self) -> None:
        object.__setattr__(self, "sharpness", check_sharpness(self.sharpness))


class SpotlightLab(_SessionLab):
    """Softmax against linear weights for the read at the cursor."""

    def __init__(self, session: Session, settings: SpotlightSettings | None = None) -> None:
        self.settings = settings if settings is not None else SpotlightSettings()
        super().__init__(session)

    def _compute(self) -> SpotlightComparison | None:
        session = self.session
        number = session.cursor
        if number < 1 or session.scenario.is_write(number):
            return None
        return compare_read(session.trace, number, self.settings.sharpness)

    @property
    def result(self) -> SpotlightComparison | None:
        """Both weightings of the read at the cursor; ``None`` when it is not a read."""
        key = self._key()
        if key != self._cache_key:
            self._cached = self._compute()
            self._cache_key = key
        return self._cached  # type: ignore[return-value]


@dataclass(frozen=True)
class RuleSettings:
    """The decay ``alpha`` (in (0, 1]) and writing strength ``beta`` (in [0, 1])."""

    alpha: float = 0.9
    beta: float = 1.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "alpha", check_parameter("alpha", self.alpha, "alpha"))
        object.__setattr__(self, "beta", check_parameter("beta", self.beta, "beta"))


class RuleLab(_SessionLab):
    """The session's scenario under every rule, at the cursor.

    The rules' views of the scenario (no copies) are made when :attr:`result`
    is first asked for, and their traces follow the scenario's edits from then
    on; call :meth:`close` when the lab goes.
    """

    def __init__(self, session: Session, settings: RuleSettings | None = None) -> None:
        if settings is None:
            rule = session.scenario.rule
            settings = RuleSettings(
                alpha=rule.alpha if rule.alpha is not None else 0.9,
                beta=rule.beta if rule.beta is not None else 1.0,
            )
        self.settings = settings
        self._comparison: RuleComparison | None = None
        super().__init__(session)

    def _settings_changed(self) -> None:
        if self._comparison is not None:
            self._comparison.set_parameters(self.settings.alpha, self.settings.beta)

    @property
    def comparison(self) -> RuleComparison:
        """The comparison of the session's current scenario (made on first use)."""
        scenario = self.session.scenario
        if self._comparison is None or self._comparison.scenario is not scenario:
            if self._comparison is not None:
                self._comparison.close()
            self._comparison = RuleComparison(scenario, self.settings.alpha, self.settings.beta)
        return self._comparison

    def _compute(self) -> dict[str, RuleStep]:
        return self.comparison.at(self.session.cursor, reference=self.session.trace)

    @property
    def result(self) -> dict[str, RuleStep]:
        """Each rule's state (and read) at the cursor, by rule name."""
        return self._result()

    def close(self) -> None:
        """Stop following the session and its scenario."""
        super().close()
        if self._comparison is not None:
            self._comparison.close()
            self._comparison = None


@dataclass(frozen=True)
class SpectrumSettings:
    """What the memory-filling plot measures: ``source`` and how many steps it samples."""

    source: str = "state"
    max_points: int = DEFAULT_POINTS

    def __post_init__(self) -> None:
        if self.source not in SOURCES:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "unknown source {name!r}; expected one of {allowed}"
                ),
                name=self.source,
                allowed=", ".join(SOURCES),
                field="source",
            )
        object.__setattr__(
            self, "max_points", costs.check_whole(self.max_points, "max_points", 2, 2_000)
        )


class SpectrumLab(_SessionLab):
    """Singular values and effective rank along the whole timeline.

    It does not depend on the cursor (the view marks it), only on the scenario.
    """

    follows_cursor = False

    def __init__(self, session: Session, settings: SpectrumSettings | None = None) -> None:
        self.settings = settings if settings is not None else SpectrumSettings()
        super().__init__(session)

    def _compute(self) -> Spectrum:
        settings, scenario = self.settings, self.session.scenario
        # Fewer sampled steps for a wide memory: recomputed at every edit while shown.
        points = affordable_points(scenario.d_k, scenario.d_v, settings.source, settings.max_points)
        return spectrum(self.session.trace, settings.source, points)

    @property
    def result(self) -> Spectrum:
        """The spectrum of the session's scenario (cached until an edit)."""
        return self._result()
