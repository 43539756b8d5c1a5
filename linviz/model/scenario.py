"""Scenarios: settings plus an ordered list of write and read steps.

A :class:`Scenario` is the one thing a user edits. It stores its steps in
columns (one array of keys, one of values …) so that a 100,000-step trace is
a few large arrays rather than 100,000 small objects, and replay can slice
them; :meth:`Scenario.step` hands out immutable :class:`Step` copies. Every
change goes through a method that checks the input first (so bad input never
reaches the arithmetic) and then tells the observers from which step on the
replay is stale.

This module is the container only. A step and the columns are in
:mod:`linviz.model.step`; the checks of single fields (vectors, texts,
sizes, settings) in :mod:`linviz.model.field_checks`; the rules between
steps (labels, targets, quoted labels) in :mod:`linviz.model.step_checks`.
Their names are re-exported here, where most callers import them from.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from linviz.model import limits, step_checks
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.features import FEATURE_MAPS
from linviz.model.field_checks import (
    check_dimension,
    check_feature_map,
    check_settings,
    check_text,
    parse_vector,
    split_vector,
)
from linviz.model.rules import Rule
from linviz.model.step import OPS, READ, WRITE, Step, StepColumns, TextView, read, write

__all__ = [
    "KEPT_STEPS",
    "OPS",
    "READ",
    "WRITE",
    "Edit",
    "Observer",
    "Scenario",
    "Step",
    "StepColumns",
    "TextView",
    "check_dimension",
    "check_feature_map",
    "check_settings",
    "check_text",
    "parse_vector",
    "read",
    "split_vector",
    "write",
]

#: Most Step objects a scenario keeps for :meth:`Scenario.step` (about 1 kB each at d = 64).
KEPT_STEPS = 512


@dataclass(frozen=True)
class Edit:
    """What one change of a scenario touched, as its observers are told.

    Attributes
    ----------
    first
        The first 1-based step whose row changed (``len + 1`` when only the
        scenario's own title or caption changed).
    last
        The last changed step when rows ``first .. last`` changed in place and
        every other row kept its number; ``None`` when rows from ``first`` on
        may all differ (an insert, a delete, a move, new settings or sizes).
    writes_changed
        Whether anything a state depends on changed: a write's key, value or
        parameters, or which steps are writes. ``False`` for a read's query
        and for labels, targets and captions: every ``S`` stays the same.
    """

    first: int
    last: int | None = None
    writes_changed: bool = True


Observer = Callable[[Edit], None]


def _changes_writes(old: Step, new: Step) -> bool:
    """Whether replacing ``old`` by ``new`` can change any state ``S``."""
    if not (old.is_write or new.is_write):
        return False  # a read's query changes what it returns, not the memory
    if old.op != new.op or (old.alpha, old.beta) != (new.alpha, new.beta):
        return True
    if old.value is None or new.value is None:  # a read has no value: None equals only None
        return not (np.array_equal(old.vector, new.vector) and old.value is new.value)
    return not (np.array_equal(old.vector, new.vector) and np.array_equal(old.value, new.value))


#: Rows at most this wide are measured a column at a time (see :func:`_largest_sizes`).
NARROW_ROWS = 16


def _largest_sizes(rows: np.ndarray, out: np.ndarray) -> None:
    """``max_j |rows[i, j]|`` of each row, into ``out``.

    A reduction along each short row costs numpy a loop per row: for rows
    of at most :data:`NARROW_ROWS` numbers a pass per column is 2-5 times
    faster (a million rows of 8: 24 ms against 110). On wide rows
    ``max(max, -min)`` is the faster one, several times ``abs().max()``.
    """
    count, width = rows.shape
    if width > NARROW_ROWS or not count:
        np.maximum(rows.max(axis=1), -rows.min(axis=1), out=out)
        return
    np.abs(rows[:, 0], out=out)
    column = np.empty(count)
    for j in range(1, width):
        np.abs(rows[:, j], out=column)
        np.maximum(out, column, out=out)


def parameters_in_force(
    alpha: np.ndarray, beta: np.ndarray, rule: Rule
) -> tuple[np.ndarray, np.ndarray]:
    """Each write's own ``alpha`` and ``beta`` (NaN: none), with ``rule``'s where it has none
    (1 where the rule has none either).
    """
    rule_alpha = rule.alpha if rule.alpha is not None else 1.0
    rule_beta = rule.beta if rule.beta is not None else 1.0
    return (
        np.where(np.isnan(alpha), rule_alpha, alpha),
        np.where(np.isnan(beta), rule_beta, beta),
    )


#: Label lookups answered by a scan while the index of labels is not built (see
#: ``Scenario._row_of``).
SCANS_BEFORE_INDEX = 8
#: Rows moved at a time when rows shift to make or close a gap (see :func:`_shift_rows`).
SHIFT_ROWS = 8192


def _shift_rows(column: np.ndarray, start: int, stop: int, by: int) -> None:
    """Move rows ``start .. stop-1`` of ``column`` by ``by`` rows (1 or -1), in place.

    A block at a time, in the order that never overwrites a row before it
    moved: one slice assignment of overlapping halves makes numpy copy the
    whole block aside first (at a million rows of d = 8: a new 64 MB array,
    most of 0.17 s of inserting or removing one step).
    """
    if by > 0:  # down: the last block first
        for high in range(stop, start, -SHIFT_ROWS):
            low = max(start, high - SHIFT_ROWS)
            column[low + by : high + by] = column[low:high]
    else:  # up: the first block first
        for low in range(start, stop, SHIFT_ROWS):
            high = min(stop, low + SHIFT_ROWS)
            column[low + by : high + by] = column[low:high]


class Scenario:
    """Settings plus an ordered list of steps; the thing a user edits.

    Parameters
    ----------
    d_k, d_v
        Key and value sizes: ``S`` is ``d_k x d_v``.
    steps
        The steps, each checked against the settings.
    feature_map, normalize, rule
        How keys are mapped, whether reads are normalised, how writes update.
    title, caption
        Shown in the window title and the caption bar.

    Notes
    -----
    Row ``i`` of the columns is step number ``i + 1``. A read's row in the
    value column is zero and unused; an absent ``alpha``/``beta`` override is
    NaN. The columns keep spare capacity so appending is cheap.
    """

    # The columns, set by _allocate or adopt_columns (declared here for the type checker).
    _n: int
    _is_write: np.ndarray
    _vectors: np.ndarray
    _values: np.ndarray
    _alpha: np.ndarray
    _beta: np.ndarray
    _labels: list[str]
    _targets: list[str | None]
    _captions: list[str]
    _notes: list[str]
    _questions: list[str]
    _label_index: dict[str, int] | None  # None: made from the labels when first asked for
    #: Lookups answered by a scan since the index was last forgotten.
    _label_scans: int = 0
    _label_lengths: np.ndarray | None  # each label's length, as a reader measured them

    def __init__(
        self,
        d_k: int,
        d_v: int,
        steps: Iterable[Step] = (),
        *,
        feature_map: str = "identity",
        normalize: bool = False,
        rule: Rule | None = None,
        title: str = "Untitled",
        caption: str = "",
    ) -> None:
        self.d_k = check_dimension(d_k, "d_k")
        self.d_v = check_dimension(d_v, "d_v")
        self.rule = rule if rule is not None else Rule()
        check_settings(feature_map, normalize, self.rule)
        self.feature_map = feature_map
        self.normalize = normalize
        self.title = check_text(title, "title", limits.MAX_TEXT_CHARS, languages=True)
        self.caption = check_text(caption, "caption", limits.MAX_TEXT_CHARS, languages=True)
        self._observers: list[Observer] = []
        # Steps are taken one at a time (a generator never holds them all) and
        # copied into the columns; the length hint sizes the columns once.
        expected = operator.length_hint(steps)
        if expected > limits.MAX_STEPS:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "{count:,} steps; at most {limit:,} allowed"),
                count=expected,
                limit=limits.MAX_STEPS,
                field="steps",
            )
        self._allocate(expected)
        earlier: dict[str, bool] = {}
        for number, step in enumerate(steps, start=1):
            if number > limits.MAX_STEPS:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "more than {limit:,} steps"),
                    limit=limits.MAX_STEPS,
                    field="steps",
                )
            try:
                checked = self.check_step(step, earlier)
            except ScenarioError as error:
                raise error.located(step=number) from None
            earlier[checked.label] = checked.is_write
            self._insert_row(number - 1, checked)
        # Quotes steps by label: checked once they all exist.
        self.caption = self.check_scenario_caption(caption)
        #: For a caption kept as it was written for an earlier version of the
        #: scenario: its step's fingerprint then, by label ("" for the
        #: scenario's own caption). See linviz.model.captions.
        self.caption_written_for: dict[str, str] = {}
        #: What each stale note or question was written for, by (label, "notes"/"question").
        self.text_written_for: dict[tuple[str, str], str] = {}
        #: How its file arranges the steps: ``"steps"`` (one object per step) or
        #: ``"columns"`` (see linviz.model.column_layout). Saving keeps it.
        self.layout = "steps"

    def adopt_columns(self, columns: StepColumns) -> None:
        """Take ``columns`` as the steps of this empty scenario, without checking them again.

        For the file reader, which checks a million rows in bulk
        (:mod:`linviz.model.scenario_file`) and must not pay for a
        :class:`Step` per row. The columns must hold exactly what
        :meth:`check_step` would have accepted, row by row, under this
        scenario's settings; they become the scenario's own (no copy).
        """
        if self._n:
            raise ValueError("adopt_columns needs an empty scenario")
        n = len(columns.labels)
        if not (
            columns.is_write.shape == (n,)
            and columns.vectors.shape == (n, self.d_k)
            and columns.values.shape == (n, self.d_v)
            and columns.alpha.shape == columns.beta.shape == (n,)
            and len(columns.targets) == len(columns.captions) == n
            and (columns.by_label is None or len(columns.by_label) == n)
            and (columns.notes is None or len(columns.notes) == n)
            and (columns.questions is None or len(columns.questions) == n)
        ):
            raise ValueError("columns of different lengths or the wrong widths")
        self._n = n
        self._is_write, self._vectors, self._values = (
            columns.is_write,
            columns.vectors,
            columns.values,
        )
        self._alpha, self._beta = columns.alpha, columns.beta
        self._labels, self._targets, self._captions = (
            columns.labels,
            columns.targets,
            columns.captions,
        )
        self._label_index = columns.by_label
        self._notes = columns.notes if columns.notes is not None else [""] * n
        self._questions = columns.questions if columns.questions is not None else [""] * n
        self._forget_sizes()
        lengths = columns.label_lengths
        self._label_lengths = lengths if lengths is not None and len(lengths) == n else None
        if n == 0:
            self._allocate(0)

    # -- column storage ----------------------------------------------------------
    def _allocate(self, capacity: int) -> None:
        capacity = max(capacity, 8)
        self._n = 0
        self._is_write = np.zeros(capacity, dtype=bool)
        self._vectors = np.zeros((capacity, self.d_k))
        self._values = np.zeros((capacity, self.d_v))
        self._alpha = np.full(capacity, np.nan)
        self._beta = np.full(capacity, np.nan)
        self._labels = []
        self._targets = []
        self._captions = []
        self._notes = []
        self._questions = []
        self._label_index = {}
        self._label_lengths = None
        self._forget_sizes()

    def _forget_sizes(self) -> None:
        """Drop the cached row measures (see :meth:`key_norms`, :meth:`phi_vectors`)
        and the kept steps (see :meth:`step`): every row may have changed.
        """
        self._steps: dict[int, Step] = {}
        self._longest_writes: dict[int, tuple[str, ...]] = {}
        self._sizes_valid = 0
        self._key_norms = np.zeros(0)
        self._value_sizes = np.zeros(0)
        # φ of every key and query, and its length: kept only for a map that
        # changes vectors (under the identity they are the vectors themselves).
        self._phi_rows = np.zeros((0, self.d_k))
        self._phi_norms = np.zeros(0)
        self._any_step_caption: bool | None = None

    def _grow(self) -> None:
        capacity = 2 * len(self._is_write)
        for name in ("_is_write", "_vectors", "_values", "_alpha", "_beta"):
            old = getattr(self, name)
            new = np.zeros((capacity,) + old.shape[1:], dtype=old.dtype)
            if name in ("_alpha", "_beta"):
                new[:] = np.nan
            new[: self._n] = old[: self._n]
            setattr(self, name, new)

    def _write_row(self, i: int, step: Step, in_place: bool = False) -> None:
        """Fill row ``i``; ``in_place``: no other row moved (a replaced step)."""
        self._longest_writes.clear()
        self._label_lengths = None
        if in_place:
            self._steps.pop(i, None)
        else:
            self._steps.clear()
            self._sizes_valid = min(self._sizes_valid, i)
        self._is_write[i] = step.is_write
        self._vectors[i] = step.vector
        self._values[i] = step.value if step.value is not None else 0.0
        self._alpha[i] = np.nan if step.alpha is None else step.alpha
        self._beta[i] = np.nan if step.beta is None else step.beta
        self._labels[i] = step.label
        self._targets[i] = step.target
        # Known without a walk through every caption (a drag rewrites a row a frame).
        if step.caption:
            self._any_step_caption = True
        elif self._captions[i]:  # a caption taken away: it may have been the only one
            self._any_step_caption = None
        self._captions[i] = step.caption
        self._notes[i] = step.notes
        self._questions[i] = step.question
        if in_place and i < self._sizes_valid:
            self._measure_rows(i, i + 1)  # the others are still measured

    def _insert_row(self, i: int, step: Step) -> None:
        """Make room at row ``i`` (shifting later rows down) and fill it."""
        if self._n == len(self._is_write):
            self._grow()
        n = self._n
        for column in (self._is_write, self._vectors, self._values, self._alpha, self._beta):
            _shift_rows(column, i, n, 1)
        self._labels.insert(i, step.label)
        self._targets.insert(i, step.target)
        self._captions.insert(i, step.caption)
        self._notes.insert(i, step.notes)
        self._questions.insert(i, step.question)
        self._n += 1
        self._write_row(i, step)
        if i != n:
            self._reindex()
        elif self._label_index is not None:
            self._label_index[step.label] = i

    def _delete_row(self, i: int) -> None:
        self._steps.clear()
        self._longest_writes.clear()
        self._label_lengths = None
        self._sizes_valid = min(self._sizes_valid, i)
        n = self._n
        for column in (self._is_write, self._vectors, self._values, self._alpha, self._beta):
            _shift_rows(column, i + 1, n, -1)
        self._alpha[n - 1] = self._beta[n - 1] = np.nan
        if self._captions[i]:
            self._any_step_caption = None
        del self._labels[i], self._targets[i], self._captions[i]
        del self._notes[i], self._questions[i]
        self._n -= 1
        self._reindex()

    @property
    def _by_label(self) -> dict[str, int]:
        """Each label's row, built when first needed: a million labels take a second."""
        if self._label_index is None:
            self._label_index = dict(zip(self._labels, range(self._n)))
        return self._label_index

    @_by_label.setter
    def _by_label(self, index: dict[str, int]) -> None:
        self._label_index = index

    def _reindex(self) -> None:
        """Forget each label's row: rows moved. Rebuilt when next needed (see ``_by_label``):
        at a million steps the comprehension this was took 0.43 s of removing one step.
        """
        self._label_index = None
        self._label_scans = 0

    def _row_of(self, label: str) -> int | None:
        """``label``'s 0-based row, or ``None``.

        From the index of labels; while it is not built, from a scan of the
        labels (in C: 8 ms at a million steps, where building the index takes
        0.29 s), at most :data:`SCANS_BEFORE_INDEX` times: the one check of an
        edit that moved rows costs a scan, a screen of lookups one build.
        """
        if self._label_index is None and self._label_scans < SCANS_BEFORE_INDEX:
            self._label_scans += 1
            try:
                return self._labels.index(label)  # labels are unique
            except ValueError:
                return None
        return self._by_label.get(label)

    def _row_step(self, i: int) -> Step:
        """A fresh immutable :class:`Step` for row ``i`` (copies, read-only)."""
        vector = self._vectors[i].copy()
        vector.flags.writeable = False
        value = None
        if self._is_write[i]:
            value = self._values[i].copy()
            value.flags.writeable = False
        alpha, beta = self._alpha[i], self._beta[i]
        return Step(
            WRITE if self._is_write[i] else READ,
            vector,
            value,
            self._labels[i],
            self._targets[i],
            self._captions[i],
            None if np.isnan(alpha) else float(alpha),
            None if np.isnan(beta) else float(beta),
            self._notes[i],
            self._questions[i],
        )

    # -- columns for the arithmetic (read-only views; do not keep them) ----------
    def write_mask(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """Which of steps ``start+1 .. stop`` are writes (a read-only view)."""
        return self._view(self._is_write, start, stop)

    def vectors(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """Keys/queries of steps ``start+1 .. stop``, one row each (read-only view)."""
        return self._view(self._vectors, start, stop)

    def values(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """Values of steps ``start+1 .. stop`` (zero rows for reads; read-only view)."""
        return self._view(self._values, start, stop)

    def write_parameters(
        self, start: int = 0, stop: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """``(alpha, beta)`` in force at each of steps ``start+1 .. stop``."""
        alpha = self._view(self._alpha, start, stop)
        beta = self._view(self._beta, start, stop)
        return parameters_in_force(alpha, beta, self.rule)

    def overrides(self, parameter: str) -> np.ndarray:
        """1-based numbers of the writes that set their own ``"alpha"`` or ``"beta"``."""
        column = {"alpha": self._alpha, "beta": self._beta}[parameter]
        return np.flatnonzero(~np.isnan(column[: self._n])) + 1

    def _view(self, column: np.ndarray, start: int, stop: int | None) -> np.ndarray:
        stop = self._n if stop is None else min(stop, self._n)
        view = column[start:stop]
        view.flags.writeable = False
        return view

    def key_norms(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``|key|`` (or ``|query|``) of steps ``start+1 .. stop`` (read-only view).

        Kept between calls and recomputed only from the first edited row, so
        comparing a key with 100,000 earlier ones does not measure them all
        again on every cursor move.
        """
        self._update_sizes(self._n if stop is None else min(stop, self._n))
        return self._view(self._key_norms, start, stop)

    def rows_measured(self) -> bool:
        """Whether :meth:`key_norms` and :meth:`value_sizes` are kept for every row now.

        Asking for them then measures nothing.
        """
        return self._sizes_valid >= self._n

    def value_sizes(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``max_j |value_j|`` of steps ``start+1 .. stop`` (0 for reads; read-only view)."""
        self._update_sizes(self._n if stop is None else min(stop, self._n))
        return self._view(self._value_sizes, start, stop)

    def phi_vectors(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``φ(k)`` (or ``φ(q)``) of steps ``start+1 .. stop``: what the memory stores.

        Under the identity map these are :meth:`vectors`; otherwise kept
        between calls like :meth:`key_norms` (read-only view).
        """
        if self.feature_map == "identity":
            return self.vectors(start, stop)
        self._update_sizes(self._n if stop is None else min(stop, self._n))
        return self._view(self._phi_rows, start, stop)

    def phi_norms(self, start: int = 0, stop: int | None = None) -> np.ndarray:
        """``|φ(k)|`` (or ``|φ(q)|``) of steps ``start+1 .. stop`` (read-only view)."""
        if self.feature_map == "identity":
            return self.key_norms(start, stop)
        self._update_sizes(self._n if stop is None else min(stop, self._n))
        return self._view(self._phi_norms, start, stop)

    def _update_sizes(self, stop: int) -> None:
        """Measure rows ``_sizes_valid .. stop`` (in place, growing the arrays)."""
        start = self._sizes_valid
        if stop <= start:
            return
        capacity = len(self._is_write)
        if len(self._key_norms) < stop:
            for name in ("_key_norms", "_value_sizes"):
                grown = np.zeros(capacity)
                grown[:start] = getattr(self, name)[:start]
                setattr(self, name, grown)
        if self.feature_map != "identity" and len(self._phi_norms) < stop:
            rows, norms = np.zeros((capacity, self.d_k)), np.zeros(capacity)
            rows[:start], norms[:start] = self._phi_rows[:start], self._phi_norms[:start]
            self._phi_rows, self._phi_norms = rows, norms
        self._measure_rows(start, stop)
        self._sizes_valid = stop

    def _measure_rows(self, start: int, stop: int) -> None:
        """Store ``|key|`` and ``max |value|`` of rows ``start .. stop-1``."""
        keys, values = self._vectors[start:stop], self._values[start:stop]
        np.sqrt(np.einsum("ij,ij->i", keys, keys), out=self._key_norms[start:stop])
        _largest_sizes(values, self._value_sizes[start:stop])
        if self.feature_map != "identity" and len(self._phi_norms) >= stop:
            phi = FEATURE_MAPS[self.feature_map](keys)
            self._phi_rows[start:stop] = phi
            np.sqrt(np.einsum("ij,ij->i", phi, phi), out=self._phi_norms[start:stop])

    def parameter_overrides(
        self, start: int = 0, stop: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Each step's own ``(alpha, beta)``, NaN where it has none (read-only views)."""
        return self._view(self._alpha, start, stop), self._view(self._beta, start, stop)

    def text_columns(self) -> tuple[list[str], list[str | None], list[str]]:
        """Every step's label, target and caption, in order (copies)."""
        return list(self._labels), list(self._targets), list(self._captions)

    def teaching_columns(self) -> tuple[list[str], list[str]]:
        """Every step's instructor notes and check question, in order (copies)."""
        return list(self._notes), list(self._questions)

    def teaching_view(self) -> tuple[Sequence[str], Sequence[str]]:
        """The notes and question lists themselves (no copy: read them, never change them)."""
        return self._notes, self._questions

    def label_at(self, number: int) -> str:
        """The label of step ``number`` (1-based), without building a Step."""
        return self._labels[number - 1]

    # -- reading -------------------------------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        """A copy of the steps, in order (step number ``i`` is ``steps[i - 1]``).

        Builds one object per step: hot paths use the columns instead.
        """
        return tuple(self._row_step(i) for i in range(self._n))

    def __len__(self) -> int:
        return self._n

    def step(self, number: int) -> Step:
        """The step with 1-based ``number``.

        Kept until its row changes (a Step is immutable): the views ask for
        the same few steps many times per drag frame, and each new Step copies
        its vectors.
        """
        if not 1 <= number <= self._n:
            raise IndexError(f"step {number} out of range 1..{self._n}")
        kept = self._steps.get(number - 1)
        if kept is None:
            if len(self._steps) >= KEPT_STEPS:
                self._steps.clear()  # a long scrub must not keep every step
            kept = self._steps[number - 1] = self._row_step(number - 1)
        return kept

    def is_write(self, number: int) -> bool:
        """Whether step ``number`` is a write (without building a Step)."""
        return bool(self._is_write[number - 1])

    def labels(self) -> list[str]:
        """Every step's label, in order."""
        return list(self._labels)

    def longest_write_labels(self, count: int = 2) -> tuple[str, ...]:
        """The ``count`` longest labels of the writes (in characters), the longest last.

        As ``sorted(labels of the writes, key=len)[-count:]``: of labels as
        long, the later steps' are taken, in step order. Fewer when there are
        fewer writes. Found in a pass over the labels (a million take 25 ms;
        none when the file's reader measured them already) and kept until a
        row changes.
        """
        kept = self._longest_writes.get(count)
        if kept is None:
            n, is_write = self._n, self._is_write[: self._n]
            if self._label_lengths is not None:
                lengths = self._label_lengths.astype(np.int64)  # a copy, changed below
            else:
                lengths = np.fromiter(map(len, self._labels), dtype=np.int64, count=n)
            lengths[~is_write] = -1  # below any write's
            backwards = lengths[::-1]  # argmax finds the first: the last step of the longest
            chosen = []
            for _ in range(min(count, int(np.count_nonzero(is_write)))):
                row = n - 1 - int(np.argmax(backwards))
                chosen.append(self._labels[row])
                lengths[row] = -1
            kept = self._longest_writes[count] = tuple(reversed(chosen))
        return kept

    def captions(self) -> list[str]:
        """Every step's caption, in order (as written, fields unfilled)."""
        return list(self._captions)

    def has_step_captions(self) -> bool:
        """Whether some step has a caption of its own (worked out once per edit)."""
        if self._any_step_caption is None:
            self._any_step_caption = any(self._captions)
        return self._any_step_caption

    def number_of(self, label: str) -> int:
        """The 1-based number of the step labelled ``label`` (KeyError if none is)."""
        row = self._row_of(label)
        if row is None:
            raise KeyError(label)
        return row + 1

    def has_label(self, label: str) -> bool:
        """Whether some step is labelled ``label``."""
        return self._row_of(label) is not None

    def parameters_of(self, step: Step) -> tuple[float, float]:
        """``(alpha, beta)`` in force for a write: its overrides, else the rule's."""
        alpha = step.alpha if step.alpha is not None else (self.rule.alpha or 1.0)
        beta = (
            step.beta
            if step.beta is not None
            else (self.rule.beta if self.rule.beta is not None else 1.0)
        )
        return alpha, beta

    def copy(self) -> Scenario:
        """An independent copy without observers."""
        twin = Scenario.__new__(Scenario)
        twin.__dict__.update(self.__dict__)
        for name in ("_is_write", "_vectors", "_values", "_alpha", "_beta"):
            setattr(twin, name, getattr(self, name)[: max(self._n, 8)].copy())
        twin._forget_sizes()
        for name in ("_labels", "_targets", "_captions", "_notes", "_questions"):
            setattr(twin, name, list(getattr(self, name)))
        if self._label_index is not None:
            twin._label_index = dict(self._label_index)
        twin.caption_written_for = dict(self.caption_written_for)
        twin.text_written_for = dict(self.text_written_for)
        twin._observers = []
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Scenario):
            return NotImplemented
        n = self._n
        return (
            self.settings() == other.settings()
            and n == other._n
            and np.array_equal(self._is_write[:n], other._is_write[:n])
            and np.array_equal(self._vectors[:n], other._vectors[:n])
            and np.array_equal(self._values[:n], other._values[:n])
            and np.array_equal(self._alpha[:n], other._alpha[:n], equal_nan=True)
            and np.array_equal(self._beta[:n], other._beta[:n], equal_nan=True)
            and self._labels == other._labels
            and self._targets == other._targets
            and self._captions == other._captions
            and self._notes == other._notes
            and self._questions == other._questions
        )

    __hash__ = None  # type: ignore[assignment]

    def settings(self) -> dict[str, object]:
        """The settings as one comparable dictionary."""
        return {
            "title": self.title,
            "caption": self.caption,
            "d_k": self.d_k,
            "d_v": self.d_v,
            "feature_map": self.feature_map,
            "normalize": self.normalize,
            "rule": self.rule,
        }

    # -- checking (the rules are in linviz.model.step_checks) --------------------
    def check_step(
        self,
        step: Step,
        earlier: Mapping[str, bool] | None = None,
        *,
        replacing: str | None = None,
        number: int | None = None,
    ) -> Step:
        """Return ``step`` checked against this scenario (see :func:`step_checks.check_step`)."""
        return step_checks.check_step(self, step, earlier, replacing=replacing, number=number)

    def check_scenario_caption(self, caption: str) -> str:
        """Return the scenario's own ``caption`` if it can be shown (fields included)."""
        return step_checks.check_scenario_caption(self, caption)

    def row_of(self, label: str) -> int | None:
        """The 0-based row of the step labelled ``label``, or ``None``."""
        return self._row_of(label)

    def text_view(self) -> TextView:
        """The label, target and caption lists themselves (no copy): for the checks."""
        return TextView(self._labels, self._targets, self._captions)

    # -- editing ---------------------------------------------------------
    def subscribe(self, observer: Observer) -> None:
        """Call ``observer(edit)`` with an :class:`Edit` after every change."""
        self._observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop calling ``observer``."""
        self._observers.remove(observer)

    def _changed(
        self, first_step: int, last_step: int | None = None, writes_changed: bool = True
    ) -> None:
        edit = Edit(first_step, last_step, writes_changed)
        for observer in list(self._observers):
            observer(edit)

    def replace_step(self, number: int, step: Step) -> Step:
        """Replace step ``number`` (1-based); return the old step."""
        old = self.step(number)
        try:
            checked = self.check_step(step, replacing=old.label, number=number)
            if old.is_write and (checked.label != old.label or not checked.is_write):
                step_checks.check_no_read_targets(self, old.label, number)
            if checked.label != old.label or checked.op != old.op:
                step_checks.check_not_quoted(self, old.label, number)
        except ScenarioError as error:
            raise error.located(step=error.step or number) from None
        index = self._label_index  # kept up to date if built; else built when needed
        if index is not None:
            del index[old.label]
        self._write_row(number - 1, checked, in_place=True)
        if index is not None:
            index[checked.label] = number - 1
        self._changed(number, number, _changes_writes(old, checked))
        return old

    def insert_step(self, number: int, step: Step) -> None:
        """Insert ``step`` so that it becomes step ``number`` (1-based)."""
        if not 1 <= number <= self._n + 1:
            raise IndexError(f"cannot insert at step {number}")
        if self._n >= limits.MAX_STEPS:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "a scenario holds at most {limit:,} steps"),
                limit=limits.MAX_STEPS,
                field="steps",
            )
        try:
            checked = self.check_step(step, number=number)
        except ScenarioError as error:
            raise error.located(step=number) from None
        self._insert_row(number - 1, checked)
        self._changed(number)

    def remove_step(self, number: int) -> Step:
        """Remove step ``number`` (1-based) and return it."""
        old = self.step(number)
        if old.is_write:
            step_checks.check_no_read_targets(self, old.label, number)
        step_checks.check_not_quoted(self, old.label, number)
        self._delete_row(number - 1)
        self._changed(number)
        return old

    def move_step(self, number: int, new_number: int) -> None:
        """Move step ``number`` so that it becomes step ``new_number``."""
        step = self.step(number)
        self.step(new_number)
        step_checks.check_move(self, number, new_number)
        low = min(number, new_number)
        self._delete_row(number - 1)
        self._insert_row(new_number - 1, step)
        self._changed(low)

    def set_text(self, *, title: str | None = None, caption: str | None = None) -> None:
        """Change the title and/or the scenario's own caption (no replay needed)."""
        if title is not None:
            self.title = check_text(title, "title", limits.MAX_TEXT_CHARS)
        if caption is not None:
            self.caption = self.check_scenario_caption(caption)
        self._changed(self._n + 1, writes_changed=False)

    def configure(
        self,
        *,
        feature_map: str | None = None,
        normalize: bool | None = None,
        rule: Rule | None = None,
    ) -> None:
        """Change how the memory works; every step is replayed again.

        Per-write ``alpha``/``beta`` overrides that the new rule does not take
        are refused rather than silently dropped.
        """
        feature_map = self.feature_map if feature_map is None else feature_map
        normalize = self.normalize if normalize is None else normalize
        rule = self.rule if rule is None else rule
        check_settings(feature_map, normalize, rule)
        step_checks.check_rule_change(self, rule)
        if feature_map != self.feature_map:
            self._forget_sizes()  # φ of every row changes
        self.feature_map, self.normalize, self.rule = feature_map, normalize, rule
        self._changed(1)

    def resize(
        self,
        d_k: int,
        d_v: int,
        fill: tuple[np.ndarray | None, np.ndarray | None] = (None, None),
    ) -> None:
        """Change ``d_k``/``d_v``: vectors are cut or padded with zeros.

        ``fill``: the components the padding gets instead of zeros, for the
        keys and for the values (``n × added`` each; ``None``: zeros), as
        :meth:`cut_components` gave them: an undone cut, exactly.
        """
        d_k = check_dimension(d_k, "d_k")
        d_v = check_dimension(d_v, "d_v")
        capacity = len(self._is_write)
        vectors, values = np.zeros((capacity, d_k)), np.zeros((capacity, d_v))
        keep_k, keep_v = min(d_k, self.d_k), min(d_v, self.d_v)
        vectors[:, :keep_k] = self._vectors[:, :keep_k]
        values[:, :keep_v] = self._values[:, :keep_v]
        for table, keep, given in ((vectors, keep_k, fill[0]), (values, keep_v, fill[1])):
            if given is not None:
                table[: self._n, keep:] = given
        self._vectors, self._values = vectors, values
        self.d_k, self.d_v = d_k, d_v
        self._forget_sizes()
        self._changed(1)

    def cut_components(self, d_k: int, d_v: int) -> tuple[np.ndarray | None, np.ndarray | None]:
        """The components of every step a resize to ``d_k × d_v`` would cut (copies):
        the keys' and the values', ``None`` where nothing is cut.
        """
        n = self._n
        keys = self._vectors[:n, d_k:].copy() if d_k < self.d_k else None
        values = self._values[:n, d_v:].copy() if d_v < self.d_v else None
        return keys, values

    def replace_all(self, other: Scenario) -> None:
        """Take every setting and step of ``other`` (a copy of them)."""
        observers = self._observers
        self.__dict__.update(other.copy().__dict__)
        self._observers = observers
        self._changed(1)
