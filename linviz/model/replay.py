"""Replay a scenario into a trace, with checkpoints so long traces stay fast.

The trace never holds a copy of ``S`` per step. It keeps one checkpoint of
``S`` (and of the normaliser ``z``) every ``checkpoint_every`` steps and asks
the kernel (:mod:`linviz.model.kernel`) to apply at most that many steps to
answer for any step. An edit drops only what it made stale; the rest is
rebuilt when (and as far as) someone asks for a later step.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from linviz.model.bounds import first_unsafe_row
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.features import feature_map
from linviz.model.kernel import (
    WriteRun,
    WriteSum,
    apply_writes,
    later_factors,
    read_denominator,
    read_memory,
    write_sum,
)
from linviz.model.norms import largest_finite
from linviz.model.rules import Rule
from linviz.model.scenario import Edit, Scenario, Step

#: Rows edited in place that update a segment's writer counts row by row (a drag
#: edits one); more are counted again with the segment, one matrix product.
RECOUNT_ROWS = 8

#: Steps between two checkpoints: replaying this many d=64 additive steps takes
#: under 1 ms, and 100,000 steps keep ~200 checkpoints (6 MB at d = 64).
DEFAULT_CHECKPOINT_EVERY = 512
#: Writes handled at once when a measure over every write is computed in pieces
#: (8,192 rows at d = 64 are 4 MB; the whole of 100,000 would be 50 MB).
CHUNK_WRITES = 8192
#: Edits remembered to tell whether an older decomposition is still valid.
EDIT_HISTORY = 256
#: Most ``writes² · d_k`` spent on telling replaced writes apart under a delta rule.
NET_COUNT_WORK = 20_000_000
#: A write's part of a cell below this share of the largest part is rounding
#: residue of a replacement, not an association still stored there.
NET_COUNT_SHARE = 1e-9


@dataclass(frozen=True)
class WriteRecord:
    """What one write did.

    ``state = decay * state_before + stamp`` and ``stamp = outer(phi_key,
    effective_value)``.
    """

    number: int
    step: Step
    phi_key: np.ndarray
    decay: float
    effective_value: np.ndarray
    stamp: np.ndarray
    state_before: np.ndarray
    state: np.ndarray

    @property
    def scale(self) -> float:
        """:func:`value_scale` of this write."""
        return value_scale(self.step.value, self.effective_value)

    @property
    def stamp_scale(self) -> float:
        """:func:`stamp_scale` of this write."""
        return stamp_scale(self.phi_key, self.step.value, self.effective_value)


def value_scale(value: np.ndarray | None, effective: np.ndarray) -> float:
    """The size of the numbers a write's stored value ``u`` was worked out from: the
    largest finite ``|component|`` of its value and of ``u`` (``u`` and what a
    delta write removed print as 0 only below 1e-12 of it).
    """
    written = largest_finite(value) if value is not None else 0.0
    return max(written, largest_finite(effective))


def stamp_scale(phi_key: np.ndarray, value: np.ndarray | None, effective: np.ndarray) -> float:
    """The size of the numbers a write's stamp ``outer(φ(k), u)`` was worked out
    from: ``|φ(k)|`` times :func:`value_scale`, largest finite components.

    A delta write that stores again what its key already returns has a stamp of
    rounding residue beside its value; a write of values near 1e-300 has none.
    """
    return largest_finite(phi_key) * value_scale(value, effective)


class _Blocks:
    """Rows kept as several arrays (the trace's per-segment caches), read as one.

    Holding references costs nothing: the arrays are the trace's own, and a
    cache entry is replaced, never changed, when an edit makes it stale.
    """

    def __init__(self, blocks: list[np.ndarray], shape: tuple[int, ...]) -> None:
        self._blocks = [block for block in blocks if len(block)]
        self._starts = np.cumsum([0] + [len(block) for block in self._blocks])
        self._shape = shape  # of one row

    def __len__(self) -> int:
        return int(self._starts[-1])

    def rows(self, start: int, stop: int) -> np.ndarray:
        """Rows ``start .. stop-1`` (a read-only view when they lie in one block)."""
        if stop <= start:
            return np.zeros((0,) + self._shape)
        first = int(np.searchsorted(self._starts, start, side="right")) - 1
        last = int(np.searchsorted(self._starts, stop, side="left"))
        pieces = []
        for block, offset in zip(self._blocks[first:last], self._starts[first:last]):
            pieces.append(block[max(start - offset, 0) : stop - offset])
        if not pieces:
            return np.zeros((0,) + self._shape)
        if len(pieces) == 1:
            view = pieces[0].view()
            view.flags.writeable = False
            return view
        return np.concatenate(pieces)


class Decomposition:
    """``S`` after step ``t`` as a sum of rank-1 terms, one per earlier write.

    ``S = Σ_i outer(φ(k_i), u_i)`` (to floating-point precision), where the
    effective values ``u_i`` already include every later decay. Nothing per
    write is copied up front but the writes' step numbers: a read late in a
    100,000-step trace at d = 64 would otherwise hold ~140 MB. Rows are
    computed from the scenario's columns (and the trace's caches) when asked
    for: :meth:`phi_key_rows` / :meth:`effective_value_rows` for a range of
    writes, :attr:`phi_keys` / :attr:`effective_values` for all of them.

    The scenario must not change at or before step ``t`` while this object
    is used: asking for rows afterwards raises ``RuntimeError``.

    Attributes
    ----------
    t
        The step after which ``S`` is decomposed.
    numbers
        The writes' 1-based step numbers (read-only).
    state, normaliser
        ``S`` and ``z`` after step ``t``.
    """

    def __init__(
        self,
        trace: Trace,
        t: int,
        numbers: np.ndarray,
        state: np.ndarray,
        normaliser: np.ndarray,
        later: np.ndarray | None,
        effective: tuple[_Blocks, _Blocks] | None,
    ) -> None:
        numbers.flags.writeable = False
        self.t = t
        self.numbers = numbers
        self.state = state
        self.normaliser = normaliser
        self._trace = trace
        self._scenario = trace.scenario
        self._generation = trace.generation
        self._later = later  # product of the alphas after each write; None: no decay
        self._effective = effective  # (values, sizes) under a delta rule, else None
        self._labels: list[str] | None = None

    def __len__(self) -> int:
        return len(self.numbers)

    def __bool__(self) -> bool:
        return True  # the empty memory decomposes too (into no terms)

    def _check(self) -> None:
        if not self._trace.unchanged_since(self._generation, self.t):
            raise RuntimeError(
                f"the scenario changed at or before step {self.t} "
                "after this decomposition was made: make a new one"
            )

    # -- rows, on demand ----------------------------------------------------------
    def phi_key_rows(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``φ(k_i)`` of writes ``start .. stop-1`` (a new array)."""
        self._check()
        rows = self.numbers[start:stop] - 1
        return self._scenario.phi_vectors(0, self.t)[rows]

    def effective_value_rows(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``u_i`` of writes ``start .. stop-1``, every later decay included (read-only)."""
        self._check()
        stop = len(self.numbers) if stop is None else min(stop, len(self.numbers))
        if self._effective is None:
            values = self._scenario.values(0, self.t)[self.numbers[start:stop] - 1]
        else:
            values = self._effective[0].rows(start, stop)
        if self._later is not None:
            values = values * self._later[start:stop, None]
        values.flags.writeable = False
        return values

    def effective_values_at(self, indices: np.ndarray) -> np.ndarray:
        """``u_i`` of the writes at positions ``indices`` (among the writes), a row each.

        The same numbers as :meth:`effective_value` of each, gathered in one pass
        (a read's panel shows its 40 largest terms on every frame of a drag).
        """
        self._check()
        indices = np.asarray(indices, dtype=np.intp)
        if self._effective is None:
            values = self._scenario.values(0, self.t)[self.numbers[indices] - 1]
        elif len(indices):
            rows = self._effective[0]
            values = np.stack([rows.rows(int(i), int(i) + 1)[0] for i in indices])
        else:
            values = np.zeros((0, self._scenario.d_v))
        if self._later is not None:
            values = values * self._later[indices, None]
        values.flags.writeable = False
        return values

    @property
    def phi_keys(self) -> np.ndarray:
        """``φ(k_i)`` of every write, one row each (computed on every access)."""
        return self.phi_key_rows()

    @property
    def effective_values(self) -> np.ndarray:
        """``u_i`` of every write, one row each (computed on every access)."""
        return self.effective_value_rows()

    def phi_key(self, index: int) -> np.ndarray:
        """``φ(k)`` of the ``index``-th write."""
        return self.phi_key_rows(index, index + 1)[0]

    def effective_value(self, index: int) -> np.ndarray:
        """``u`` of the ``index``-th write."""
        return self.effective_value_rows(index, index + 1)[0]

    def chunks(self, size: int = CHUNK_WRITES) -> Iterator[tuple[int, int]]:
        """``(start, stop)`` ranges of at most ``size`` writes covering them all."""
        for start in range(0, len(self.numbers), size):
            yield start, min(start + size, len(self.numbers))

    # -- whole-trace measures without per-write copies ----------------------------------
    def key_dots(self, vector: np.ndarray) -> np.ndarray:
        """``φ(k_i) · vector`` for every write (straight on the scenario's φ column)."""
        self._check()
        return (self._scenario.phi_vectors(0, self.t) @ vector)[self.numbers - 1]

    def written_value(self, index: int) -> np.ndarray:
        """What the ``index``-th write set out to add, ``β v`` (``v`` without a
        correction), scaled by every later decay as its term is.

        Under a delta rule the write added less: ``u = β v − c``, where ``c``
        (:meth:`correction`) is what it removed of what its key already
        retrieved. Without a correction ``u = v`` and ``c = 0``.
        """
        self._check()
        number = int(self.numbers[index])
        value = self._scenario.values(number - 1, number)[0]
        if self._effective is not None:
            beta = self._scenario.write_parameters(number - 1, number)[1][0]
            value = beta * value
        if self._later is not None:
            value = value * self._later[index]
        return value

    def later_factor(self, index: int) -> float:
        """The product of the decays of the writes after the ``index``-th (1 without a decay)."""
        return float(self._later[index]) if self._later is not None else 1.0

    def correction(self, index: int) -> np.ndarray:
        """What the ``index``-th write removed (``β v − u``, decayed as its term); 0 without."""
        return self.written_value(index) - self.effective_value(index)

    def value_sizes(self) -> np.ndarray:
        """``max_j |u_ij|`` for every write (so ``|w_i| ·`` it is ``max_j |term_ij|``)."""
        self._check()
        if self._effective is None:
            sizes = self._scenario.value_sizes(0, self.t)[self.numbers - 1]
        else:
            sizes = self._effective[1].rows(0, len(self.numbers))
        return sizes * self._later if self._later is not None else sizes

    def cell_amounts(self, row: int, column: int) -> np.ndarray:
        """What each write adds to cell ``(row, column)``: ``φ(k_i)[row] · u_i[column]``."""
        self._check()
        keys = self._scenario.phi_vectors(0, self.t)[self.numbers - 1, row]
        if self._effective is None:
            values = self._scenario.values(0, self.t)[self.numbers - 1, column]
        else:
            values = (
                np.concatenate(
                    [
                        self._effective[0].rows(start, stop)[:, column]
                        for start, stop in self.chunks()
                    ]
                )
                if len(self.numbers)
                else np.zeros(0)
            )
        if self._later is not None:
            values = values * self._later
        return keys * values

    # -- labels --------------------------------------------------------------------------
    @property
    def labels(self) -> list[str]:
        """The writes' labels, in order."""
        if self._labels is None:
            self._check()
            self._labels = [self._scenario.label_at(int(n)) for n in self.numbers]
        return self._labels

    def label_of(self, index: int) -> str:
        """The label of the ``index``-th write (without building every label)."""
        if self._labels is not None:
            return self._labels[index]
        self._check()
        return self._scenario.label_at(int(self.numbers[index]))


def _decayed(state: np.ndarray, decay: float | None) -> np.ndarray:
    """``A · S``: the state a segment starts from, scaled by the product of its
    decays (``None``: a rule without one, and ``S`` itself, not a copy).
    """
    return decay * state if decay is not None else state


class Trace:
    """The replay of a :class:`Scenario`, kept up to date as it is edited.

    Step numbers are 1-based as the user sees them; ``state(t)`` is ``S``
    after the first ``t`` steps, so ``state(0)`` is the empty memory.

    The steps are cut into segments of ``checkpoint_every`` steps. The trace
    keeps ``S`` and ``z`` at every segment boundary, and asks the kernel
    (:func:`~linviz.model.kernel.apply_writes`) for the rest:

    - Rules without a correction also keep each segment's own sum
      ``(P_c, Z_c, A_c)``, the segment applied to an empty memory, so that
      ``S`` at the next boundary is ``A_c · S + P_c``. An edit inside one
      segment recomputes that segment alone; the boundaries after it are
      rebuilt from the kept sums (one ``d_k × d_v`` product-and-add each),
      exactly as a fresh replay computes them.
    - The delta rules read the state each write finds, so a boundary comes
      from the one before it (a block of writes at a time, see
      :func:`~linviz.model.kernel.apply_writes`), with each write's
      effective value kept per segment for the decompositions.

    A change that touches no write (a read's query, a label, a caption)
    keeps every state.

    Parameters
    ----------
    scenario
        The scenario to replay. The trace subscribes to its changes.
    checkpoint_every
        Steps per segment.

    Attributes
    ----------
    phi
        The scenario's feature map ``φ`` (a vector, or one vector per row, in;
        the mapped vectors out), as every write and read of this trace applies it.
    """

    def __init__(
        self, scenario: Scenario, checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY
    ) -> None:
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        self.scenario = scenario
        self.checkpoint_every = checkpoint_every
        #: ``(S, z)`` after ``c · checkpoint_every`` steps, for c = 0, 1, … (a valid prefix).
        self._checkpoints: list[tuple[np.ndarray, np.ndarray]] = []
        # Rules without a correction: segment c applied to an empty memory, kept
        # once an edit has happened (see invalidate), so the checkpoints after an
        # edited segment are rebuilt without a matrix product each.
        self._sums: dict[int, tuple[np.ndarray, np.ndarray, float | None]] = {}
        # Delta rules: each write's effective value in segment c, and its max |component|.
        self._effective: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        # Writer counts per cell: of segment c alone; and over segments 0 .. c-1 (a prefix).
        self._touch: dict[int, np.ndarray] = {}
        self._touch_before: list[np.ndarray] = []
        # The last partial segment counted: (stop, counts of its rows). A drag
        # earlier in the trace leaves it as it is, and the cursor's step asks for
        # it on every frame.
        self._touch_tail: tuple[int, np.ndarray] | None = None
        # Rules without a correction: which cells each row of the segment last
        # counted in full writes into, as (segment, φ(k) ≠ 0, v ≠ 0), one row per
        # step (all False for a read). An edit of some of its rows in place (each
        # frame of a drag) then recounts those rows alone. Trusted only while that
        # segment's counts are kept: any other edit of its rows drops those counts,
        # and counting the segment again keeps its rows anew.
        self._touch_kept: tuple[int, np.ndarray, np.ndarray] | None = None
        self._last_advance: tuple[tuple[int, int, int], WriteRun] | None = None
        # Rules without a correction: the last partial segment's sum, as (start,
        # stop, rule, normalize, sum or None without writes). A drag earlier in the trace
        # leaves it as it is, so the cursor's state costs one addition a frame.
        self._tail_sum: tuple[int, int, Rule, bool, WriteSum | None] | None = None
        self.generation = 0
        self._state_generation = 0
        self._edits: deque[tuple[int, int]] = deque(maxlen=EDIT_HISTORY)
        self._reset()
        scenario.subscribe(self.invalidate)

    def close(self) -> None:
        """Stop following the scenario."""
        self.scenario.unsubscribe(self.invalidate)

    def __len__(self) -> int:
        return len(self.scenario)

    # -- cache management --------------------------------------------------
    def _reset(self) -> None:
        sc = self.scenario
        self.phi = feature_map(sc.feature_map)
        self._checkpoints = [(np.zeros((sc.d_k, sc.d_v)), np.zeros(sc.d_k))]
        self._sums.clear()
        self._effective.clear()
        self._touch.clear()
        self._touch_before = [np.zeros((sc.d_k, sc.d_v), dtype=np.int64)]
        self._touch_tail = None
        self._touch_kept = None
        self._last_advance = None
        self._tail_sum = None

    def invalidate(self, edit: Edit | int) -> None:
        """Forget what an edit made stale (an :class:`Edit`, or a first changed step)."""
        if isinstance(edit, int):
            edit = Edit(edit)
        self.generation += 1
        self._edits.append((self.generation, edit.first))
        if not edit.writes_changed:
            return
        self._state_generation += 1
        self._last_advance = None
        tail = self._tail_sum
        if tail is not None:
            start, stop = tail[:2]
            if edit.first <= stop and (edit.last is None or edit.last > start):
                self._tail_sum = None  # the edit changed some of its rows
        if edit.first <= 1 and edit.last is None:
            self._reset()
            return
        K = self.checkpoint_every
        segment = (max(edit.first, 1) - 1) // K
        # Only one segment's own sum changes when its rows changed in place.
        last_segment: int | None = None
        if edit.last is not None and not self.scenario.rule.corrects:
            last_segment = (edit.last - 1) // K
            self._keep_sums(last_segment + 1)
        recounted = last_segment is not None and self._recount_in_place(edit, segment, last_segment)
        del self._checkpoints[segment + 1 :]
        del self._touch_before[segment + 1 :]
        for cache in (self._sums, self._touch, self._effective):
            for stale in [c for c in cache if c >= segment]:
                if last_segment is None or stale <= last_segment:
                    if not (recounted and cache is self._touch):
                        del cache[stale]
        if self._touch_tail is not None:
            tail_segment = self._touch_tail[0] // K
            if tail_segment >= segment and (last_segment is None or tail_segment <= last_segment):
                self._touch_tail = None

    def unchanged_since(self, generation: int, t: int) -> bool:
        """Whether no edit since ``generation`` touched steps ``1 .. t``."""
        if generation == self.generation:
            return True
        if not self._edits or self._edits[0][0] > generation + 1:
            return False  # older than the edits remembered
        return all(first > t for when, first in self._edits if when > generation)

    @property
    def checkpoint_count(self) -> int:
        """How many checkpoints are currently valid (for tests and benchmarks)."""
        return len(self._checkpoints)

    # -- applying writes -----------------------------------------------------------
    def _writes(self, start: int, stop: int) -> tuple[np.ndarray, ...] | None:
        """``(φ(k), v, α, β)`` of the writes among steps ``start+1 .. stop``."""
        sc = self.scenario
        mask = sc.write_mask(start, stop)
        if not mask.any():
            return None
        alphas, betas = (column[mask] for column in sc.write_parameters(start, stop))
        return self.phi(sc.vectors(start, stop)[mask]), sc.values(start, stop)[mask], alphas, betas

    def _advance(
        self, state: np.ndarray, normaliser: np.ndarray, start: int, stop: int
    ) -> WriteRun:
        """Apply steps ``start+1 .. stop`` to ``(state, normaliser)`` with the kernel.

        The delta rules cost most (a solve per block of writes): the last
        such run is remembered, as the state, the decomposition and the
        writer counts of one step all ask for it.
        """
        sc = self.scenario
        writes = self._writes(start, stop)
        if writes is None:
            return WriteRun(state.copy(), normaliser.copy(), np.zeros((0, sc.d_v)), np.ones(0))
        key = (self._state_generation, start, stop)
        if sc.rule.corrects and self._last_advance is not None and self._last_advance[0] == key:
            kept = self._last_advance[1]
            return WriteRun(kept.state.copy(), kept.normaliser.copy(), kept.effective, kept.decays)
        run = apply_writes(sc.rule, sc.normalize, state, normaliser, *writes)
        if sc.rule.corrects:
            self._last_advance = (key, run)
            return WriteRun(run.state.copy(), run.normaliser.copy(), run.effective, run.decays)
        return run

    def _segment_decay(self, segment: int) -> float | None:
        """The product of segment ``segment``'s decays (``None`` without a decay), as
        :func:`~linviz.model.kernel.apply_writes` forms it.
        """
        sc = self.scenario
        if not sc.rule.decays:
            return None
        start, stop = segment * self.checkpoint_every, (segment + 1) * self.checkpoint_every
        alphas = sc.write_parameters(start, stop)[0][sc.write_mask(start, stop)]
        return float(alphas.prod())  # float64 already; 1.0 for a segment without writes

    def _keep_sums(self, first: int) -> None:
        """Keep the sums of segments ``first ..`` from the checkpoints around them.

        An edit of an earlier segment drops the checkpoints after it; each
        segment's sum ``P = S_after − A · S_before`` rebuilds its checkpoint
        with one addition instead of a matrix product (a drag at 100,000 steps
        replays one segment per move, not all 196). Worked out here, at the
        first edit, so opening a long scenario computes and keeps no sum.
        """
        checkpoints = self._checkpoints
        for segment in range(first, len(checkpoints) - 1):
            if segment in self._sums:
                continue
            (state, normaliser), (after, after_normaliser) = checkpoints[segment : segment + 2]
            decay = self._segment_decay(segment)
            self._sums[segment] = (
                after - _decayed(state, decay),
                after_normaliser - normaliser,
                decay,
            )

    def _ensure_checkpoint(self, segment: int) -> None:
        K = self.checkpoint_every
        corrects = self.scenario.rule.corrects
        while len(self._checkpoints) <= segment:
            last = len(self._checkpoints) - 1
            state, normaliser = self._checkpoints[last]
            kept = None if corrects else self._sums.get(last)
            if kept is None:
                run = self._advance(state, normaliser, last * K, (last + 1) * K)
                self._checkpoints.append((run.state, run.normaliser))
                if corrects:
                    self._effective[last] = (run.effective, _row_sizes(run.effective))
            else:
                # A · S + P, as apply_writes computes a whole segment from S.
                added, added_normaliser, decay = kept
                new_state = _decayed(state, decay) + added
                self._checkpoints.append((new_state, normaliser + added_normaliser))

    # -- queries -------------------------------------------------------------
    def _check_number(self, t: int, low: int = 0) -> None:
        if not low <= t <= len(self.scenario):
            raise IndexError(f"step {t} out of range {low}..{len(self.scenario)}")

    def steps_to_replay(self, t: int) -> int:
        """How many steps working out the state after step ``t`` replays from what is kept."""
        kept = (len(self._checkpoints) - 1) * self.checkpoint_every
        return t - kept if t > kept else t % self.checkpoint_every

    def state_and_normaliser(self, t: int) -> tuple[np.ndarray, np.ndarray]:
        """``(S, z)`` after the first ``t`` steps (fresh arrays)."""
        self._check_number(t)
        segment = t // self.checkpoint_every
        self._ensure_checkpoint(segment)
        state, normaliser = self._checkpoints[segment]
        start = segment * self.checkpoint_every
        if t == start:
            return state.copy(), normaliser.copy()
        if not self.scenario.rule.corrects:
            added = self._sum_of(start, t)
            if added is None:
                return state.copy(), normaliser.copy()
            after = added.normaliser_after(normaliser)
            return added.applied_to(state), after
        run = self._advance(state, normaliser, start, t)
        return run.state, run.normaliser

    def _sum_of(self, start: int, stop: int) -> WriteSum | None:
        """The :class:`~linviz.model.kernel.WriteSum` of steps ``start+1 .. stop`` (``None``:
        no write among them), kept for the last run asked for.
        """
        rule, normalize = self.scenario.rule, self.scenario.normalize
        kept = self._tail_sum
        if kept is not None and kept[:4] == (start, stop, rule, normalize):
            return kept[4]
        writes = self._writes(start, stop)
        added = None if writes is None else write_sum(rule, normalize, *writes[:3])
        self._tail_sum = (start, stop, rule, normalize, added)
        return added

    def state(self, t: int) -> np.ndarray:
        """``S`` after the first ``t`` steps (``t`` = 0 is the empty memory)."""
        return self.state_and_normaliser(t)[0]

    def write_record(self, t: int) -> WriteRecord:
        """Everything about write ``t``: its stamp and the state around it."""
        self._check_number(t, 1)
        sc = self.scenario
        if not sc.is_write(t):
            raise ValueError(f"step {t} is a read, not a write")
        step = sc.step(t)
        before, normaliser = self.state_and_normaliser(t - 1)
        writes = self._writes(t - 1, t)
        assert writes is not None
        run = apply_writes(sc.rule, sc.normalize, before, normaliser, *writes)
        phi_key, effective, decay = writes[0][0], run.effective[0], float(run.decays[0])
        # The state after is the kernel's (the one place a write is applied); the
        # stamp is what the views draw of it.
        stamp = np.outer(phi_key, effective)
        return WriteRecord(t, step, phi_key, decay, effective, stamp, before, run.state)

    def decomposition(self, t: int) -> Decomposition:
        """``S`` after step ``t`` as one rank-1 term per write up to ``t`` (computed lazily)."""
        self._check_number(t)
        sc = self.scenario
        numbers = np.flatnonzero(sc.write_mask(0, t)) + 1
        state, normaliser = self.state_and_normaliser(t)
        later = None
        if sc.rule.decays and len(numbers):
            later = self._later_factors(t, numbers)
        effective = self._effective_blocks(t) if sc.rule.corrects else None
        return Decomposition(self, t, numbers, state, normaliser, later, effective)

    def _later_factors(self, t: int, numbers: np.ndarray) -> np.ndarray:
        """For each write up to ``t``: the product of the alphas of the writes after it."""
        return later_factors(self.scenario.write_parameters(0, t)[0][numbers - 1])

    def _effective_blocks(self, t: int) -> tuple[_Blocks, _Blocks]:
        """Under a delta rule: each write's ``u_i`` (and max |component|), by segment."""
        K = self.checkpoint_every
        full = t // K
        self._ensure_checkpoint(full)
        parts = [self._effective[c] for c in range(full) if c in self._effective]
        state, normaliser = self._checkpoints[full]
        tail = self._advance(state, normaliser, full * K, t).effective
        if len(tail):
            parts.append((tail, _row_sizes(tail)))
        d_v = self.scenario.d_v
        return (
            _Blocks([values for values, _ in parts], (d_v,)),
            _Blocks([sizes for _, sizes in parts], ()),
        )

    # -- which writes share a cell ---------------------------------------------------
    def writer_counts(self, t: int) -> np.ndarray:
        """For each cell of ``S`` after step ``t``: how many writes put something there.

        A write puts something in cell ``(r, c)`` when ``φ(k)[r]`` and its
        effective value's ``c``-th component are both non-zero (after every
        later decay: a term decayed to exactly 0 no longer counts). Counts
        are kept per segment, so a later step costs one segment.
        """
        self._check_number(t)
        if self.scenario.rule.corrects:
            net = self._net_writer_counts(t)
            if net is not None:
                return net
        counts = self._touch_through(t)
        if self.scenario.rule.decays:
            numbers = np.flatnonzero(self.scenario.write_mask(0, t)) + 1
            if len(numbers):
                gone = np.flatnonzero(self._later_factors(t, numbers) == 0.0)
                if gone.size:  # decayed to nothing: a prefix of the writes
                    counts = counts - self._touch_through(int(numbers[gone[-1]]))
        return counts

    def _net_writer_counts(self, t: int) -> np.ndarray | None:
        """Under a delta rule: writes whose association is still in each cell after step ``t``.

        A delta write first removes what its key retrieves, so a write under a
        reused key replaces the old value instead of adding to it: the old
        write's effective term is still there, but the new one cancels it.
        Written as ``S = Σ_j K_j (β_j v_j)ᵀ`` with each write's key carried
        through every later write's ``α (I − β k kᵀ)``, a replaced write's
        ``K_j`` is 0 and it no longer counts. ``None`` when that costs too
        much (``writes² · d_k`` above :data:`NET_COUNT_WORK`): the caller then
        counts effective terms instead.
        """
        sc = self.scenario
        writes = self._writes(0, t)
        if writes is None:
            return np.zeros((sc.d_k, sc.d_v), dtype=np.int64)
        keys, values, alphas, betas = writes
        if len(keys) ** 2 * sc.d_k > NET_COUNT_WORK:
            return None
        carried = np.zeros((0, sc.d_k))
        with np.errstate(over="ignore", invalid="ignore"):
            for key, alpha, beta in zip(keys, alphas, betas):
                carried = carried - beta * np.outer(carried @ key, key)
                if sc.rule.decays:
                    carried = alpha * carried
                carried = np.vstack([carried, key])
            written = betas[:, None] * values
            # Cell (r, c) of write j's part: carried[j, r] · written[j, c].
            parts = np.abs(carried)[:, :, None] * np.abs(written)[:, None, :]
        scale = parts.max(initial=0.0)
        if not np.isfinite(scale):
            return None
        return np.count_nonzero(parts > NET_COUNT_SHARE * scale, axis=0).astype(np.int64)

    def _touch_through(self, stop: int) -> np.ndarray:
        """Writer counts per cell over steps ``1 .. stop`` (a new array)."""
        K = self.checkpoint_every
        full = stop // K
        while len(self._touch_before) <= full:
            segment = len(self._touch_before) - 1
            if segment not in self._touch:
                self._touch[segment] = self._touch_rows(segment * K, (segment + 1) * K)
            self._touch_before.append(self._touch_before[segment] + self._touch[segment])
        counts = self._touch_before[full].copy()
        if stop > full * K:
            if self._touch_tail is None or self._touch_tail[0] != stop:
                self._touch_tail = (stop, self._touch_rows(full * K, stop))
            counts += self._touch_tail[1]
        return counts

    def _recount_in_place(self, edit: Edit, segment: int, last_segment: int) -> bool:
        """Update the counts of the segment kept in :attr:`_touch_kept` for its rows
        ``edit.first .. edit.last`` changed in place; whether it could.

        Exact: a row's part of the counts is the 0/1 outer product of where its
        ``φ(k)`` and its value are non-zero, taken away as it was and added as it is.
        """
        kept = self._touch_kept
        if kept is None or kept[0] != segment or last_segment != segment:
            return False
        if segment not in self._touch or edit.last is None:
            return False
        if edit.last - edit.first >= RECOUNT_ROWS:
            return False  # many rows: counting the segment again costs less
        base = segment * self.checkpoint_every
        rows = slice(edit.first - 1 - base, edit.last - base)
        old_keys, old_values = kept[1][rows], kept[2][rows]
        new_keys, new_values = self._touch_patterns(edit.first - 1, edit.last)
        counts = self._touch[segment].copy()
        for keys, values, sign in ((old_keys, old_values, -1), (new_keys, new_values, 1)):
            for key, value in zip(keys, values):  # a drag's frame: one row
                counts += sign * (key[:, None] & value[None, :])
        kept[1][rows], kept[2][rows] = new_keys, new_values
        self._touch[segment] = counts
        return True

    def _touch_patterns(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        """Where each of steps ``start+1 .. stop`` writes: ``φ(k) ≠ 0`` and ``v ≠ 0``, row
        by row (all False for a read). Rules without a correction only.
        """
        sc = self.scenario
        writes = sc.write_mask(start, stop)[:, None]
        keys = (self.phi(sc.vectors(start, stop)) != 0) & writes
        return keys, (sc.values(start, stop) != 0) & writes

    def _touch_rows(self, start: int, stop: int) -> np.ndarray:
        """Writer counts per cell over steps ``start+1 .. stop`` (within one segment)."""
        sc = self.scenario
        K = self.checkpoint_every
        if not sc.rule.corrects:
            keys_nz, values_nz = self._touch_patterns(start, stop)
            if stop == start + K:  # a whole segment: a drag then recounts one row a frame
                self._touch_kept = (start // K, keys_nz, values_nz)
            return _touch_product(keys_nz, values_nz)
        # A delta rule: each write puts its effective value, which the state it finds sets.
        writes = self._writes(start, stop)
        if writes is None:
            return np.zeros((sc.d_k, sc.d_v), dtype=np.int64)
        segment = start // K
        self._ensure_checkpoint(segment)
        if stop == start + K:
            self._ensure_checkpoint(segment + 1)
            values = self._effective[segment][0]
        else:
            state, normaliser = self._checkpoints[segment]
            values = self._advance(state, normaliser, start, stop).effective
        return _touch_product(writes[0] != 0, values != 0)

    # -- overflow ----------------------------------------------------------------------
    def first_invalid_step(self) -> int | None:
        """The first step whose state or read output is not finite, else ``None``.

        A bound on every state and every read is worked out from each row's
        length alone (:func:`~linviz.model.bounds.first_unsafe_row`): one
        vectorised pass, no replay. Only from a row whose bound could reach
        the edge of the float range on is the trace replayed step by step
        to find the exact step (:meth:`_first_non_finite_from`).
        """
        unsafe = first_unsafe_row(self.scenario)
        if unsafe is None:
            return None
        start = (unsafe // self.checkpoint_every) * self.checkpoint_every
        return self._first_non_finite_from(start)

    def _first_non_finite_from(self, start: int) -> int | None:
        """Replay steps ``start+1 …`` one at a time; the first that is not finite."""
        sc = self.scenario
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            state, normaliser = self.state_and_normaliser(start)
            if not (np.isfinite(state).all() and np.isfinite(normaliser).all()):
                return start  # unreachable: the steps before start were safe
            for number in range(start + 1, len(sc) + 1):
                if sc.is_write(number):
                    writes = self._writes(number - 1, number)
                    assert writes is not None
                    run = apply_writes(sc.rule, sc.normalize, state, normaliser, *writes)
                    state, normaliser = run.state, run.normaliser
                    if not (np.isfinite(state).all() and np.isfinite(normaliser).all()):
                        return number
                    continue
                phi_query = self.phi(sc.vectors(number - 1, number)[0])
                output, denominator = read_memory(phi_query, state, normaliser, sc.normalize)
                if denominator == 0.0 or not np.isfinite(output).all():
                    return number
        return None

    def check_finite(self, file: str | None = None) -> None:
        """Raise :class:`ScenarioError` naming the first step that overflows."""
        bad = self.first_invalid_step()
        if bad is None:
            return
        sc = self.scenario
        if sc.is_write(bad):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "the state S overflows at this step (a number beyond ±1.8e308): "
                    "use smaller keys or values",
                ),
                file=file,
                step=bad,
                field="key",
            )
        phi_query = self.phi(sc.vectors(bad - 1, bad)[0])
        if sc.normalize:
            _, normaliser = self.state_and_normaliser(bad)
            if read_denominator(phi_query, normaliser) == 0.0:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError",
                        "the read divides by zero: its normaliser φ(q)ᵀz + ε is 0 here; "
                        "change the query or an earlier key",
                    ),
                    file=file,
                    step=bad,
                    field="query",
                )
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "the read's output overflows at this step (a number beyond ±1.8e308): "
                "use smaller keys, values or queries",
            ),
            file=file,
            step=bad,
            field="query",
        )


def _touch_product(keys: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Cell ``(r, c)``: how many rows have both ``keys[:, r]`` and ``values[:, c]`` (0/1)."""
    # 0/1 matrices multiplied in float32 (BLAS; an integer product is ~10x slower).
    # Exact: every partial sum is a whole number of writes, far below 2**24.
    product = keys.astype(np.float32).T @ values.astype(np.float32)
    return np.rint(product).astype(np.int64)


def _row_sizes(rows: np.ndarray) -> np.ndarray:
    """``max_j |rows[i, j]|`` of each row (0 for none)."""
    if not rows.size:
        return np.zeros(len(rows))
    return np.maximum(rows.max(axis=1), -rows.min(axis=1))
