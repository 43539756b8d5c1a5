"""The controlled recall test: how many associations a ``d × d`` memory keeps apart.

Store ``N`` key → value pairs in an empty memory, then read each back with its
own key and compare what comes out with the value that went in. Repeated over
independent trials, this measures interference, the course's controlled
recall test: with random unit keys the error grows like ``sqrt((N − 1)/d)``;
with orthogonal keys recall is exact up to ``N = d`` and cannot stay exact
beyond it.

Keys (every key has length 1)
    ``random``: uniform on the unit sphere. ``orthogonal``: the first
    ``min(N, d)`` orthonormal, the rest random unit keys. ``similar``:
    ``normalize(√c · shared + √(1 − c) · fresh)`` with a ``shared`` unit
    direction per trial and a ``fresh`` random unit direction per key, so the
    mean pairwise cosine is about ``c`` (each result reports the one measured).
Values
    Gaussian, ``d_v = d`` components each.
Rules
    ``additive``: ``S ← S + k vᵀ``. ``delta``: ``S ← S + β k (v − Sᵀk)ᵀ``
    (β = 1 by default). Reads are ``y = kᵀ S`` after all ``N`` writes.
Measures
    The mean relative error ``‖y_j − v_j‖ / ‖v_j‖`` over every pair of every
    trial, and the exact-recall rate: the share of reads whose relative
    error is below a tolerance (default 0.1).

Reproducible and comparable
    Trial ``t`` of dimension ``d`` draws its numbers from its own generator,
    seeded with ``(seed, d, t)``, in write order. So the same seed gives the
    same result; a sweep's points for ``N = 16`` and ``N = 32`` share their
    first 16 pairs (one memory filled further, which makes curves smooth and
    lets one pass over the writes serve every ``N``); and the additive and
    delta rules, every key kind and every similarity are measured on the
    same draws.

Fast
    Everything is batched over trials (``trials × d × d`` states, batched
    matrix products). The delta rule is sequential in its writes, but a run
    of writes is applied at once: within a chunk, the effective values
    ``u_i = β (v_i − S₀ᵀk_i − Σ_{j<i} (k_i·k_j) u_j)`` solve one unit
    lower-triangular system ``(I + β·tril(K Kᵀ, −1)) U = β (V − K S₀)``,
    then ``S ← S₀ + Kᵀ U``, exactly the write-by-write result.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term
from linviz.model.limits import MAX_DIM, MIN_DIM

#: Key kinds, in the order menus show them.
KEY_KINDS = ("random", "orthogonal", "similar")
#: Rules the recall test compares.
RECALL_RULES = ("additive", "delta")
#: Relative error under which a read counts as an exact recall.
DEFAULT_TOLERANCE = 0.1
#: Largest number of stored pairs and of trials.
MAX_PAIRS = 65_536
MAX_TRIALS = 10_000
#: Writes the delta rule applies at once (one triangular solve per chunk).
DELTA_CHUNK = 64
#: About how many bytes one array of keys (trials × N × d) may take: more trials
#: than fit are run in several batches.
BATCH_BYTES = 32 * 2**20

#: ``progress(done, total)``: how many stored pairs (summed over trials and
#: runs) are done out of how many.
Progress = Callable[[int, int], None]
#: ``should_stop()``: asked between units of work; ``True`` ends the run early.
ShouldStop = Callable[[], bool]


class Stopped(Exception):
    """Raised inside a run when ``should_stop()`` said so; caught by :func:`run_sweep`."""


# -- settings ------------------------------------------------------------------------------
def _whole(raw: object, field_name: str, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, (int, np.integer)) or not low <= raw <= high:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} must be a whole number from {low:,} to {high:,}, got {raw!r}",
            ),
            name=Term(field_name),
            low=low,
            high=high,
            raw=raw,
            field=field_name,
        )
    return int(raw)


def _number(raw: object, field_name: str) -> float:
    if isinstance(raw, bool) or not isinstance(raw, (int, float, np.integer, np.floating)):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be a number, got {raw!r}"),
            name=Term(field_name),
            raw=raw,
            field=field_name,
        )
    value = float(raw)
    if not math.isfinite(value):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be finite, got {raw!r}"),
            name=Term(field_name),
            raw=raw,
            field=field_name,
        )
    return value


def check_similarity(raw: object, field_name: str = "similarity") -> float:
    """Return ``raw`` if it is a mean key cosine in [0, 1)."""
    value = _number(raw, field_name)
    if not 0.0 <= value < 1.0:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} must be a number in [0, 1) (a mean cosine below 1), got {raw!r}",
            ),
            name=Term(field_name),
            raw=raw,
            field=field_name,
        )
    return value


def check_tolerance(raw: object, field_name: str = "tolerance") -> float:
    """Return ``raw`` if it is a relative error above 0."""
    value = _number(raw, field_name)
    if value <= 0.0:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} must be a relative error above 0, got {raw!r}"
            ),
            name=Term(field_name),
            raw=raw,
            field=field_name,
        )
    return value


def check_beta(raw: object, field_name: str = "beta") -> float:
    """Return ``raw`` if it is a writing strength in [0, 1]."""
    value = _number(raw, field_name)
    if not 0.0 <= value <= 1.0:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be a number in [0, 1], got {raw!r}"),
            name=Term(field_name),
            raw=raw,
            field=field_name,
        )
    return value


def _choice(raw: object, field_name: str, allowed: tuple[str, ...]) -> str:
    if raw not in allowed:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "unknown {name} {raw!r}; expected one of {allowed}"),
            name=Term(field_name),
            raw=raw,
            allowed=", ".join(allowed),
            field=field_name,
        )
    return raw


#: What a checked setting list holds: whole numbers, similarities or rule names.
_Item = TypeVar("_Item", int, float, str)


def _sorted_set(
    raw: Iterable[object], field_name: str, check: Callable[[object], _Item]
) -> tuple[_Item, ...]:
    items = tuple(raw)
    if not items:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} needs at least one value"),
            name=Term(field_name),
            field=field_name,
        )
    return tuple(sorted({check(item) for item in items}))


@dataclass(frozen=True)
class RecallSweep:
    """What to measure: every ``d`` × every ``N`` × every similarity × every rule.

    Values are checked when the object is made (a :class:`ScenarioError`
    names the field and the allowed range); lists are sorted and made unique.

    Attributes
    ----------
    dims
        Key (and value) sizes ``d``, each from 1 to 512.
    sizes
        Numbers of stored pairs ``N``, each from 1 to 65,536.
    similarities
        Mean key cosines ``c`` in [0, 1); only ``(0.0,)`` unless ``keys`` is
        ``"similar"``.
    keys
        One of :data:`KEY_KINDS`.
    rules
        Some of :data:`RECALL_RULES`.
    beta
        The delta rule's writing strength, in [0, 1].
    trials
        Independent memories per point, 1 to 10,000.
    tolerance
        Relative error below which a read counts as exact.
    seed
        Seed of every trial's generator (a whole number ≥ 0).
    """

    dims: tuple[int, ...]
    sizes: tuple[int, ...]
    similarities: tuple[float, ...] = (0.0,)
    keys: str = "random"
    rules: tuple[str, ...] = ("additive",)
    beta: float = 1.0
    trials: int = 100
    tolerance: float = DEFAULT_TOLERANCE
    seed: int = 0

    def __post_init__(self) -> None:
        keys = _choice(self.keys, "keys", KEY_KINDS)
        dims = _sorted_set(self.dims, "d", lambda d: _whole(d, "d", MIN_DIM, MAX_DIM))
        sizes = _sorted_set(self.sizes, "n", lambda n: _whole(n, "n", 1, MAX_PAIRS))
        similarities = _sorted_set(self.similarities, "similarity", check_similarity)
        if keys != "similar" and similarities != (0.0,):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "a similarity applies to similar keys only, not {keys!r} ones: "
                    "choose similar keys or leave the similarity at 0",
                ),
                keys=keys,
                field="similarity",
            )
        rules = tuple(
            rule
            for rule in RECALL_RULES
            if rule in _sorted_set(self.rules, "rule", lambda r: _choice(r, "rule", RECALL_RULES))
        )
        for name, value in (
            ("dims", dims),
            ("sizes", sizes),
            ("similarities", similarities),
            ("rules", rules),
            ("beta", check_beta(self.beta)),
            ("trials", _whole(self.trials, "trials", 1, MAX_TRIALS)),
            ("tolerance", check_tolerance(self.tolerance)),
            ("seed", _whole(self.seed, "seed", 0, 2**63 - 1)),
        ):
            object.__setattr__(self, name, value)

    @property
    def point_count(self) -> int:
        """How many points the sweep measures."""
        return len(self.dims) * len(self.sizes) * len(self.similarities) * len(self.rules)

    def batch_trials(self, d: int) -> int:
        """Trials per batch at size ``d``: as many as keep one array under :data:`BATCH_BYTES`."""
        return max(1, min(self.trials, BATCH_BYTES // (8 * self.sizes[-1] * d)))

    def total_work(self) -> int:
        """The ``total`` that progress reports count towards: pairs stored, all runs."""
        runs = len(self.similarities) * len(self.rules)
        return len(self.dims) * runs * self.trials * self.sizes[-1]


@dataclass(frozen=True)
class RecallPoint:
    """The recall test's result for one ``(d, N, similarity, rule)``.

    Attributes
    ----------
    d, n, similarity, rule, keys, beta, trials, tolerance
        What was measured (``beta`` is ``None`` for the additive rule).
    mean_relative_error
        ``‖y_j − v_j‖ / ‖v_j‖`` averaged over every pair and trial.
    exact_recall_rate
        Share of the ``n × trials`` reads with a relative error below ``tolerance``.
    trial_spread
        Standard deviation, over trials, of each trial's mean relative error
        (0 with one trial): how much one memory differs from the next.
    mean_cosine
        The measured mean cosine between two different keys of a trial,
        averaged over trials; ``None`` when ``n`` is 1.
    """

    d: int
    n: int
    similarity: float
    rule: str
    keys: str
    beta: float | None
    trials: int
    tolerance: float
    mean_relative_error: float
    exact_recall_rate: float
    trial_spread: float
    mean_cosine: float | None

    def to_row(self) -> dict[str, object]:
        """The row ``linviz capacity --json`` writes."""
        return {
            "d": self.d,
            "n": self.n,
            "similarity": self.similarity,
            "rule": self.rule,
            "mean_relative_error": self.mean_relative_error,
            "exact_recall_rate": self.exact_recall_rate,
        }


#: Columns of the CSV the command line and the lab export write.
ROW_FIELDS = ("d", "n", "similarity", "rule", "mean_relative_error", "exact_recall_rate")


@dataclass(frozen=True)
class SweepResult:
    """The points a sweep measured, in order ``d``, similarity, rule, ``N``.

    ``complete`` is ``False`` when the run was stopped early: ``points``
    then holds the points finished before it stopped (possibly none).
    """

    sweep: RecallSweep
    points: tuple[RecallPoint, ...]
    complete: bool = True

    def point(self, d: int, n: int, rule: str = "additive", similarity: float = 0.0) -> RecallPoint:
        """The point measured at ``(d, n, rule, similarity)``; ``KeyError`` if none."""
        for item in self.points:
            if (item.d, item.n, item.rule, item.similarity) == (d, n, rule, similarity):
                return item
        raise KeyError((d, n, rule, similarity))

    def curve(
        self, d: int, rule: str = "additive", similarity: float = 0.0
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(N, mean relative error, exact-recall rate)`` of one curve against ``N``."""
        chosen = [p for p in self.points if (p.d, p.rule, p.similarity) == (d, rule, similarity)]
        return (
            np.array([p.n for p in chosen], dtype=np.int64),
            np.array([p.mean_relative_error for p in chosen]),
            np.array([p.exact_recall_rate for p in chosen]),
        )


# -- drawing keys and values --------------------------------------------------------------------
def _unit_rows(x: np.ndarray) -> np.ndarray:
    """``x`` with every row along the last axis scaled to length 1 (zero rows stay 0)."""
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    return np.divide(x, norms, out=np.zeros_like(x), where=norms > 0)


@dataclass
class _Draws:
    """One batch of trials' raw numbers for size ``d`` (shared by every kind and rule)."""

    shared: np.ndarray  # (B, d) unit: the similar keys' common direction
    fresh: np.ndarray  # (B, N, d) unit: each key's own random direction
    values: np.ndarray  # (B, N, d) Gaussian
    basis: np.ndarray  # (B, min(N, d), d) orthonormal rows
    similar: dict[float, np.ndarray] = field(default_factory=dict)


def _trial_numbers(seed: int, d: int, trial: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Trial ``trial``'s shared direction (d) and, per write, a key and a value draw (n, 2, d).

    One generator per ``(seed, d, trial)``, drawn in write order: the first
    ``m`` writes' numbers are the same whatever ``n ≥ m`` is.
    """
    rng = np.random.default_rng([seed, d, trial])
    shared = rng.standard_normal(d)
    per_write = rng.standard_normal((n, 2, d))
    return shared, per_write


def _orthonormal_rows(gaussian: np.ndarray) -> np.ndarray:
    """Orthonormal rows spanning the first rows of ``gaussian`` (B, m, d), m ≤ d, in order.

    QR of the columns, with each ``R`` diagonal made positive so that row
    ``i`` depends only on rows ``1 .. i`` (Gram–Schmidt's answer, computed stably).
    """
    q, r = np.linalg.qr(np.swapaxes(gaussian, 1, 2))
    signs = np.sign(np.diagonal(r, axis1=1, axis2=2))
    signs[signs == 0] = 1.0
    return np.swapaxes(q * signs[:, None, :], 1, 2)


def _draw(seed: int, d: int, trials: range, n: int) -> _Draws:
    shared, per_write = zip(*(_trial_numbers(seed, d, t, n) for t in trials))
    numbers = np.stack(per_write)  # (B, n, 2, d)
    key_gaussian = numbers[:, :, 0, :]
    m = min(n, d)
    return _Draws(
        shared=_unit_rows(np.stack(shared)),
        fresh=_unit_rows(key_gaussian),
        values=np.ascontiguousarray(numbers[:, :, 1, :]),
        basis=_orthonormal_rows(key_gaussian[:, :m, :]),
    )


def _keys(draws: _Draws, kind: str, similarity: float) -> np.ndarray:
    """Unit keys (B, N, d) of ``kind`` from one batch's draws."""
    if kind == "random":
        return draws.fresh
    if kind == "orthogonal":
        keys = draws.fresh.copy()
        keys[:, : draws.basis.shape[1]] = draws.basis
        return keys
    cached = draws.similar.get(similarity)
    if cached is None:
        mixed = (
            math.sqrt(similarity) * draws.shared[:, None, :]
            + math.sqrt(1.0 - similarity) * draws.fresh
        )
        cached = draws.similar[similarity] = _unit_rows(mixed)
    return cached


def draw_pairs(
    d: int,
    n: int,
    *,
    keys: str = "random",
    similarity: float = 0.0,
    trials: int = 1,
    seed: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """The keys and values the recall test stores: two ``(trials, n, d)`` arrays.

    The same numbers :func:`run_sweep` uses for these settings (see the
    module docstring for how each kind of key is made).
    """
    sweep = RecallSweep(
        (d,), (n,), (similarity,) if keys == "similar" else (0.0,), keys, trials=trials, seed=seed
    )
    draws = _draw(sweep.seed, d, range(sweep.trials), n)
    return _keys(draws, sweep.keys, sweep.similarities[0]).copy(), draws.values.copy()


# -- storing and reading ------------------------------------------------------------------
def _relative_errors(keys: np.ndarray, values: np.ndarray, state: np.ndarray) -> np.ndarray:
    """``‖kᵀS − v‖ / ‖v‖`` for every stored pair (B, N)."""
    gaps = keys @ state
    gaps -= values
    return np.sqrt(np.einsum("bnd,bnd->bn", gaps, gaps) / np.einsum("bnd,bnd->bn", values, values))


def _delta_chunk(
    state: np.ndarray, keys: np.ndarray, values: np.ndarray, beta: float
) -> np.ndarray:
    """``S`` after the delta-rule writes ``(keys, values)`` (B, C, d), in order, from ``state``."""
    count = keys.shape[1]
    overlaps = keys @ np.swapaxes(keys, 1, 2)  # (B, C, C): k_i · k_j
    system = np.eye(count) + beta * np.tril(overlaps, -1)
    effective = np.linalg.solve(system, beta * (values - keys @ state))
    return state + np.swapaxes(keys, 1, 2) @ effective


def recall_errors(
    keys: np.ndarray,
    values: np.ndarray,
    sizes: Iterable[int],
    rule: str = "additive",
    beta: float = 1.0,
    *,
    should_stop: ShouldStop | None = None,
    on_stored: Callable[[int], None] | None = None,
) -> dict[int, np.ndarray]:
    """Store the pairs in order; after the first ``N`` of them, read each of those back.

    Parameters
    ----------
    keys, values
        ``(trials, n_max, d)`` arrays: the pairs, in writing order.
    sizes
        The ``N`` at which to read (each at most ``n_max``).
    rule, beta
        ``"additive"`` or ``"delta"`` (with writing strength ``beta``).
    should_stop
        Asked before every chunk of writes and every read-back; when it
        returns ``True``, :class:`Stopped` is raised.
    on_stored
        Called with how many pairs (per trial) were stored since the last call.

    Returns
    -------
    dict
        For each ``N``: the relative errors of its reads, ``(trials, N)``.
    """
    trials, _, d = keys.shape
    state = np.zeros((trials, d, d))
    stored = 0
    errors: dict[int, np.ndarray] = {}
    for size in sorted(set(sizes)):
        while stored < size:
            if should_stop is not None and should_stop():
                raise Stopped
            stop = min(size, stored + DELTA_CHUNK)
            chunk_keys, chunk_values = keys[:, stored:stop], values[:, stored:stop]
            if rule == "additive":
                state = state + np.swapaxes(chunk_keys, 1, 2) @ chunk_values
            else:
                state = _delta_chunk(state, chunk_keys, chunk_values, beta)
            if on_stored is not None:
                on_stored(stop - stored)
            stored = stop
        if should_stop is not None and should_stop():
            raise Stopped
        errors[size] = _relative_errors(keys[:, :size], values[:, :size], state)
    return errors


def _mean_cosine(keys: np.ndarray) -> np.ndarray:
    """Mean cosine of two different unit keys, per trial: ``(‖Σ k‖² − N) / (N (N − 1))``."""
    n = keys.shape[1]
    total = keys.sum(axis=1)
    return (np.einsum("bd,bd->b", total, total) - n) / (n * (n - 1))


# -- running ---------------------------------------------------------------------------------
def run_sweep(
    sweep: RecallSweep,
    progress: Progress | None = None,
    should_stop: ShouldStop | None = None,
) -> SweepResult:
    """Measure every point of ``sweep``.

    Safe to call on a worker thread: it uses nothing but its arguments.

    Parameters
    ----------
    sweep
        What to measure.
    progress
        Called as ``progress(done, total)`` after every chunk of writes
        (a few milliseconds of work apart), ``done`` reaching ``total``
        (:meth:`RecallSweep.total_work`) at the end.
    should_stop
        Asked between chunks of work (never more than a chunk of 64 writes
        for one batch of trials apart); once it returns ``True`` the run
        ends and the result so far is returned with ``complete=False``.

    Returns
    -------
    SweepResult
        Every point, in order ``d``, similarity, rule, ``N``.
    """
    total = sweep.total_work()
    done = 0
    points: list[RecallPoint] = []
    n_max = sweep.sizes[-1]

    def stored(count: int, trials: int) -> None:
        nonlocal done
        done += count * trials
        if progress is not None:
            progress(done, total)

    try:
        for d in sweep.dims:
            per_batch = sweep.batch_trials(d)
            batches = [
                range(start, min(start + per_batch, sweep.trials))
                for start in range(0, sweep.trials, per_batch)
            ]
            kept: _Draws | None = None
            for similarity in sweep.similarities:
                for rule in sweep.rules:
                    sums = {n: np.zeros(sweep.trials) for n in sweep.sizes}
                    exact = dict.fromkeys(sweep.sizes, 0)
                    cosines = {n: np.zeros(sweep.trials) for n in sweep.sizes}
                    for batch in batches:
                        if len(batches) == 1 and kept is not None:
                            draws = kept
                        else:
                            draws = _draw(sweep.seed, d, batch, n_max)
                            kept = draws if len(batches) == 1 else None
                        keys = _keys(draws, sweep.keys, similarity)
                        errors = recall_errors(
                            keys,
                            draws.values,
                            sweep.sizes,
                            rule,
                            sweep.beta,
                            should_stop=should_stop,
                            on_stored=functools.partial(stored, trials=len(batch)),
                        )
                        for n, error in errors.items():
                            sums[n][batch.start : batch.stop] = error.mean(axis=1)
                            exact[n] += int(np.count_nonzero(error < sweep.tolerance))
                            if n > 1:
                                cosines[n][batch.start : batch.stop] = _mean_cosine(keys[:, :n])
                    for n in sweep.sizes:
                        points.append(
                            RecallPoint(
                                d=d,
                                n=n,
                                similarity=similarity,
                                rule=rule,
                                keys=sweep.keys,
                                beta=sweep.beta if rule == "delta" else None,
                                trials=sweep.trials,
                                tolerance=sweep.tolerance,
                                mean_relative_error=float(sums[n].mean()),
                                exact_recall_rate=exact[n] / (n * sweep.trials),
                                trial_spread=float(sums[n].std()),
                                mean_cosine=float(cosines[n].mean()) if n > 1 else None,
                            )
                        )
    except Stopped:
        return SweepResult(sweep, tuple(points), complete=False)
    return SweepResult(sweep, tuple(points))


def measure_recall(
    d: int,
    n: int,
    *,
    keys: str = "random",
    similarity: float = 0.0,
    rule: str = "additive",
    beta: float = 1.0,
    trials: int = 100,
    tolerance: float = DEFAULT_TOLERANCE,
    seed: int = 0,
) -> RecallPoint:
    """The recall test at one point (a sweep of one); see :class:`RecallSweep`."""
    sweep = RecallSweep(
        (d,),
        (n,),
        (similarity,),
        keys,
        (rule,),
        beta=beta,
        trials=trials,
        tolerance=tolerance,
        seed=seed,
    )
    return run_sweep(sweep).points[0]
