"""Scenarios: settings plus an ordered list of write and read steps.

A :class:`Scenario` is the one thing a user edits. It stores its steps in
columns (one array of keys, one of values …) so that a 100,000-step trace is
a few large arrays rather than 100,000 small objects, and replay can slice
them; :meth:`Scenario.step` hands out immutable :class:`Step` copies. Every
change goes through a method that checks the input first (so bad input never
reaches the arithmetic) and then tells the observers from which step on the
replay is stale.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from linviz.model import limits
from linviz.model.caption_fields import check_caption, fields_of
from linviz.model.errors import QT_TRANSLATE_NOOP, Counted, Phrase, ScenarioError, Term, shown
from linviz.model.features import FEATURE_MAPS
from linviz.model.rules import RULE_PARAMETERS, Rule, check_parameter
from linviz.model.text_rules import label_text, same_label
from linviz.model.texts import Texts, from_json, variants

WRITE = "write"
READ = "read"
OPS = (WRITE, READ)
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


@dataclass
class StepColumns:
    """Steps as columns, the way a :class:`Scenario` stores them.

    Row ``i`` is step ``i + 1``; a read's value row is zero; an absent
    ``alpha``/``beta`` is NaN; ``by_label`` maps each label to its row.
    """

    is_write: np.ndarray
    vectors: np.ndarray
    values: np.ndarray
    alpha: np.ndarray
    beta: np.ndarray
    labels: list[str]
    targets: list[str | None]
    captions: list[str]
    by_label: dict[str, int]
    #: Instructor notes and check questions, one per row (``None``: all empty).
    notes: list[str] | None = None
    questions: list[str] | None = None


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

    def with_changes(self, **changes: object) -> Step:
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


def write(key: Sequence[float], value: Sequence[float], label: str, **extra: object) -> Step:
    """Convenience constructor of a write step (no checks: see ``check_step``)."""
    return Step(
        WRITE, np.array(key, dtype=np.float64), np.array(value, dtype=np.float64), label, **extra
    )  # type: ignore[arg-type]


def read(query: Sequence[float], label: str, **extra: object) -> Step:
    """Convenience constructor of a read step (no checks: see ``check_step``)."""
    return Step(READ, np.array(query, dtype=np.float64), None, label, **extra)  # type: ignore[arg-type]


def _changes_writes(old: Step, new: Step) -> bool:
    """Whether replacing ``old`` by ``new`` can change any state ``S``."""
    if not (old.is_write or new.is_write):
        return False  # a read's query changes what it returns, not the memory
    if old.op != new.op or (old.alpha, old.beta) != (new.alpha, new.beta):
        return True
    return not (np.array_equal(old.vector, new.vector) and np.array_equal(old.value, new.value))


def _shape_refusal(name: str, got: int, d_k: int, d_v: int) -> ScenarioError:
    """Say which product a wrong-length vector breaks and what to fix."""
    if name == "key":
        template = QT_TRANSLATE_NOOP(
            "ScenarioError",
            "key has {count} but S has d_k = {d_k} rows: "
            "the stamp k vᵀ would be {got}×{d_v}, S is {d_k}×{d_v}. "
            "Give the key {wanted}.",
        )
    elif name == "query":
        template = QT_TRANSLATE_NOOP(
            "ScenarioError",
            "query has {count} but S has d_k = {d_k} rows: "
            "qᵀS needs a query of length {d_k}. "
            "Give the query {wanted}.",
        )
    else:
        template = QT_TRANSLATE_NOOP(
            "ScenarioError",
            "value has {count} but S has d_v = {d_v} columns: "
            "the stamp k vᵀ would be {d_k}×{got}, S is {d_k}×{d_v}. "
            "Give the value {wanted}.",
        )
    wanted = d_v if name == "value" else d_k
    return ScenarioError.of(
        template,
        count=Counted(got, "component"),
        got=got,
        d_k=d_k,
        d_v=d_v,
        wanted=Counted(wanted, "component"),
        field=name,
    )


def split_vector(text: str) -> list[str]:
    """The tokens of a typed vector: ``"[1, 0]"``, ``"1, 0"`` and ``"1 0"`` all give two.

    How every editor reads a typed key, query or value; each token is then
    read with ``float`` and the numbers checked by :func:`parse_vector`. With
    a semicolon between components, a comma is a decimal one, as French
    writes it: ``"0,8 ; −0,6"`` gives ``0.8`` and ``-0.6`` (a real minus sign
    reads as a hyphen).
    """
    body = text.strip().replace("\u2212", "-")
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1]
    if ";" in body:
        return [token.replace(",", ".") for token in re.split(r"[;\s]+", body.strip()) if token]
    return [token for token in re.split(r"[,;\s]+", body.strip()) if token]


def parse_vector(raw: object, name: str, d_k: int, d_v: int) -> np.ndarray:
    """Return ``raw`` as a float64 vector of the length ``name`` needs.

    ``name`` is ``"key"``, ``"query"`` or ``"value"``. Refuses anything but a
    flat list of finite numbers of exactly the right length: booleans,
    strings, nested lists, NaN and infinities never reach the arithmetic.
    """
    expected = d_v if name == "value" else d_k
    if isinstance(raw, np.ndarray):
        if raw.ndim == 1 and raw.dtype.kind in "fiu":
            # A read-only float64 array is kept as is (no copy per step of a
            # long trace); anything else is copied so no caller can mutate it.
            shared = raw.dtype == np.float64 and not raw.flags.writeable
            vector = raw if shared else raw.astype(np.float64)
            if vector.size == expected and np.isfinite(vector).all():
                vector.flags.writeable = False
                return vector
        raw = raw.tolist()
    if not isinstance(raw, (list, tuple)):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} must be a list of {expected} numbers, got {kind}"
            ),
            name=Term(name),
            expected=expected,
            kind=type(raw).__name__,
            field=name,
        )
    # np.array would silently turn "1" and True into 1.0: accept real numbers only.
    if len(raw) == expected and all(
        isinstance(x, (int, float)) and type(x) is not bool for x in raw
    ):
        try:
            vector = np.array(raw, dtype=np.float64)
        except (TypeError, ValueError, OverflowError):
            vector = None
        if vector is not None and vector.ndim == 1 and np.isfinite(vector).all():
            vector.flags.writeable = False
            return vector
    # Slow path: find the first bad component and say exactly what is wrong.
    for position, number in enumerate(raw, start=1):
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{name} component {position} must be a number, got {got}"
                ),
                name=Term(name),
                position=position,
                got=shown(number),
                field=name,
            )
        try:
            finite = math.isfinite(float(number))
        except OverflowError:  # an int with more digits than a float holds
            finite = False
        if not finite:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{name} component {position} must be finite, got {got}"
                ),
                name=Term(name),
                position=position,
                got=shown(number),
                field=name,
            )
    raise _shape_refusal(name, len(raw), d_k, d_v)


def check_text(
    raw: object, name: str, max_chars: int, *, allow_empty: bool = True, languages: bool = False
) -> str:
    r"""Return ``raw`` if it is a string of acceptable length that can be printed.

    With ``languages``, ``raw`` may also be a mapping by language
    (:mod:`linviz.model.texts`), returned as a :class:`Texts` whose every
    version is checked.

    A lone surrogate (U+DC00, written ``"\udc00"`` in JSON) is not a character: it
    cannot be written to a terminal or a UTF-8 file, so it is refused here
    rather than when the text is first printed.
    """
    if languages:
        raw = from_json(raw, name)
        if isinstance(raw, Texts):
            for text in variants(raw):
                check_text(text, name, max_chars, allow_empty=allow_empty)
            return raw
    if not isinstance(raw, str):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be text, got {kind}"),
            name=Term(name),
            kind=type(raw).__name__,
            field=name,
        )
    if not allow_empty and not raw.strip():
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must not be empty"),
            name=Term(name),
            field=name,
        )
    if len(raw) > max_chars:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} is {length} characters; at most {limit} allowed"
            ),
            name=Term(name),
            length=len(raw),
            limit=max_chars,
            field=name,
        )
    if not raw.isascii():
        try:
            raw.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "{name} holds {char} at character {position}, "
                    "half of a UTF-16 pair and not a character: remove it",
                ),
                name=Term(name),
                char=shown(raw[error.start]),
                position=error.start + 1,
                field=name,
            ) from None
    return raw


def check_dimension(raw: object, name: str) -> int:
    """Return ``raw`` if it is an allowed ``d_k``/``d_v``."""
    if (
        isinstance(raw, bool)
        or not isinstance(raw, int)
        or not (limits.MIN_DIM <= raw <= limits.MAX_DIM)
    ):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} must be a whole number from {low} to {high}, got {got}"
            ),
            name=name,
            low=limits.MIN_DIM,
            high=limits.MAX_DIM,
            got=shown(raw),
            field=name,
        )
    return raw


def check_feature_map(raw: object) -> str:
    """Return ``raw`` if it names a feature map."""
    if not isinstance(raw, str) or raw not in FEATURE_MAPS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "unknown feature map {got}; expected one of {allowed}"
            ),
            got=shown(raw),
            allowed=", ".join(FEATURE_MAPS),
            field="feature_map",
        )
    return raw  # type: ignore[return-value]


def check_settings(feature_map: str, normalize: object, rule: Rule) -> None:
    """Refuse combinations of settings the mathematics does not define."""
    check_feature_map(feature_map)
    if not isinstance(normalize, bool):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "normalize must be true or false, got {got}"),
            got=shown(normalize),
            field="normalize",
        )
    if normalize and rule.name != "additive":
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "the normaliser z is defined only for the additive rule, not {rule!r}: "
                "turn normalize off or use the additive rule",
            ),
            rule=rule.name,
            field="normalize",
        )


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
            and len(columns.targets) == len(columns.captions) == len(columns.by_label) == n
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
        self._by_label = columns.by_label
        self._notes = columns.notes if columns.notes is not None else [""] * n
        self._questions = columns.questions if columns.questions is not None else [""] * n
        self._forget_sizes()
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
        self._labels: list[str] = []
        self._targets: list[str | None] = []
        self._captions: list[str] = []
        self._notes: list[str] = []
        self._questions: list[str] = []
        self._by_label: dict[str, int] = {}
        self._forget_sizes()

    def _forget_sizes(self) -> None:
        """Drop the cached row measures (see :meth:`key_norms`, :meth:`phi_vectors`)
        and the kept steps (see :meth:`step`): every row may have changed.
        """
        self._steps: dict[int, Step] = {}
        self._sizes_valid = 0
        self._key_norms = np.zeros(0)
        self._value_sizes = np.zeros(0)
        # φ of every key and query, and its length: kept only for a map that
        # changes vectors (under the identity they are the vectors themselves).
        self._phi_rows = np.zeros((0, self.d_k))
        self._phi_norms = np.zeros(0)

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
            column[i + 1 : n + 1] = column[i:n]
        self._labels.insert(i, step.label)
        self._targets.insert(i, step.target)
        self._captions.insert(i, step.caption)
        self._notes.insert(i, step.notes)
        self._questions.insert(i, step.question)
        self._n += 1
        self._write_row(i, step)
        if i == n:
            self._by_label[step.label] = i
        else:
            self._reindex()

    def _delete_row(self, i: int) -> None:
        self._steps.clear()
        self._sizes_valid = min(self._sizes_valid, i)
        n = self._n
        for column in (self._is_write, self._vectors, self._values, self._alpha, self._beta):
            column[i : n - 1] = column[i + 1 : n]
        self._alpha[n - 1] = self._beta[n - 1] = np.nan
        del self._labels[i], self._targets[i], self._captions[i]
        del self._notes[i], self._questions[i]
        self._n -= 1
        self._reindex()

    def _reindex(self) -> None:
        self._by_label = {label: i for i, label in enumerate(self._labels)}

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
        rule_alpha = self.rule.alpha if self.rule.alpha is not None else 1.0
        rule_beta = self.rule.beta if self.rule.beta is not None else 1.0
        return (
            np.where(np.isnan(alpha), rule_alpha, alpha),
            np.where(np.isnan(beta), rule_beta, beta),
        )

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
        # max(max, -min) is several times faster than abs().max() on wide rows.
        np.maximum(values.max(axis=1), -values.min(axis=1), out=self._value_sizes[start:stop])
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

    def captions(self) -> list[str]:
        """Every step's caption, in order (as written, fields unfilled)."""
        return list(self._captions)

    def number_of(self, label: str) -> int:
        """The 1-based number of the step labelled ``label``."""
        return self._by_label[label] + 1

    def has_label(self, label: str) -> bool:
        """Whether some step is labelled ``label``."""
        return label in self._by_label

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
        twin._by_label = dict(self._by_label)
        twin.caption_written_for = dict(self.caption_written_for)
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

    # -- checking --------------------------------------------------------
    def check_step(
        self,
        step: Step,
        earlier: dict[str, bool] | None = None,
        *,
        replacing: str | None = None,
        number: int | None = None,
    ) -> Step:
        """Return ``step`` with read-only float64 vectors, or raise :class:`ScenarioError`.

        Labels must be unique: against ``earlier`` (the labels of the steps
        before it, each mapped to whether it is a write, while a scenario is
        being built) or else against every
        label in the scenario except ``replacing`` (the label of the step
        being replaced). A read's target must be a write before step
        ``number`` (or in ``earlier``).
        """
        if not isinstance(step.op, str) or step.op not in OPS:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "unknown op {op}; expected 'write' or 'read'"),
                op=shown(step.op),
                field="op",
            )
        vector = parse_vector(step.vector, step.vector_name, self.d_k, self.d_v)
        value = None
        if step.is_write:
            value = parse_vector(step.value, "value", self.d_k, self.d_v)
        elif step.value is not None:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "a read has no value"), field="value"
            )
        label = check_text(step.label, "label", limits.MAX_LABEL_CHARS, allow_empty=False)
        label = label_text(label)  # one form per look: é == e + U+0301; no invisible marks
        # Dictionary look-ups only: copying label sets per step made edits O(N).
        taken = self._by_label if earlier is None else earlier
        if label in taken and label != replacing:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "label {label!r} is already used by another step"
                ),
                label=label,
                field="label",
            )
        for name in ("caption", "notes", "question"):
            text = getattr(step, name)
            if type(text) is not str or text:  # most steps have none: "" needs no check
                check_text(text, name, limits.MAX_TEXT_CHARS, languages=True)
        if step.caption:
            for caption in variants(step.caption):  # live fields work in every language
                if "{" in caption or "}" in caption:
                    check_caption(
                        caption, step.op, self._label_ops(earlier, replacing, label, step.op)
                    )
        target = same_label(step.target) if isinstance(step.target, str) else step.target
        if target is not None:
            if not isinstance(target, str):
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "target must be the label of an earlier write, got {got}"
                    ),
                    got=shown(target),
                    field="target",
                )
            if step.is_write:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "only a read has a target"), field="target"
                )
            if earlier is not None:
                ok = bool(earlier.get(target, False))
            else:
                row = self._by_label.get(target)
                ok = (
                    row is not None
                    and bool(self._is_write[row])
                    and number is not None
                    and row < number - 1
                )
            if not ok:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "target {target} is not the label of an earlier write"
                    ),
                    target=shown(target),
                    field="target",
                )
        for parameter in ("alpha", "beta"):
            given = getattr(step, parameter)
            if given is None:
                continue
            if not step.is_write:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "a read takes no {parameter}"),
                    parameter=Term(parameter),
                    field=parameter,
                )
            if parameter not in RULE_PARAMETERS[self.rule.name]:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "the {rule} rule takes no {parameter}"),
                    rule=self.rule.name,
                    parameter=Term(parameter),
                    field=parameter,
                )
            check_parameter(parameter, given, parameter)
        if (
            vector is step.vector
            and value is step.value
            and (label, target)
            == (
                step.label,
                step.target,
            )
        ):
            return step  # already read-only float64 (a long generated trace): no copy
        return replace(step, vector=vector, value=value, label=label, target=target)

    def _label_ops(
        self,
        earlier: dict[str, bool] | None,
        replacing: str | None = None,
        new: str = "",
        new_op: str | None = None,
    ) -> Callable[[str], str | None]:
        """Look up the op of a labelled step (for the labels captions quote).

        ``new`` / ``new_op``: the label and op of the step being checked.
        """

        def op_of(label: str) -> str | None:
            if label == new and new_op is not None:
                return new_op
            if earlier is not None:
                is_write = earlier.get(label)
            elif label == replacing and label != new:
                return None  # the step being replaced is losing that label
            else:
                row = self._by_label.get(label)
                is_write = None if row is None else bool(self._is_write[row])
            return None if is_write is None else (WRITE if is_write else READ)

        return op_of

    def check_scenario_caption(self, caption: str) -> str:
        """Return the scenario's own ``caption`` if it can be shown (fields included)."""
        caption = check_text(caption, "caption", limits.MAX_TEXT_CHARS, languages=True)
        for text in variants(caption):
            if "{" in text or "}" in text:
                check_caption(text, None, self._label_ops(None))
        return caption

    def _check_no_read_targets(self, label: str, after: int) -> None:
        """Refuse losing write ``label`` while a read after step ``after`` targets it."""
        for row in range(after, self._n):
            if self._targets[row] == label:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError",
                        "read {read!r} targets {label!r}, which would no longer "
                        "be an earlier write: change its target first",
                    ),
                    read=self._labels[row],
                    label=label,
                    step=row + 1,
                    field="target",
                )

    def _check_not_quoted(self, label: str, number: int) -> None:
        """Refuse losing label ``label`` (step ``number``'s) while another caption quotes it.

        A caption's ``{y@r1}`` names a step; a scenario saved without that step
        could not be opened again.
        """
        marker = "@"
        captioned = [(None, self.caption)] + [
            (row + 1, caption) for row, caption in enumerate(self._captions) if caption
        ]
        for step, caption in captioned:
            # Every language's words: the French may quote a step the English does not.
            by_language = caption.by_language if isinstance(caption, Texts) else {"en": caption}
            texts = [(lang, text) for lang, text in by_language.items() if marker in text]
            if step == number or not texts:
                continue
            for language, quoted in ((lang, f) for lang, text in texts for f in fields_of(text)):
                if label in quoted.labels:
                    where = (
                        Phrase(QT_TRANSLATE_NOOP("ScenarioError", "the scenario's caption"))
                        if step is None
                        else Phrase(
                            QT_TRANSLATE_NOOP("ScenarioError", "step {number}'s caption"),
                            number=step,
                        )
                    )
                    if len(by_language) > 1:
                        where = Phrase(
                            QT_TRANSLATE_NOOP("ScenarioError", "{where} ({language})"),
                            where=where,
                            language=language,
                        )
                    raise ScenarioError.of(
                        QT_TRANSLATE_NOOP(
                            "ScenarioError",
                            "{where} quotes {label!r} ({quoted}): edit that caption first",
                        ),
                        where=where,
                        label=label,
                        quoted=quoted.text,
                        step=step,
                        field="caption",
                    )

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
                self._check_no_read_targets(old.label, number)
            if checked.label != old.label or checked.op != old.op:
                self._check_not_quoted(old.label, number)
        except ScenarioError as error:
            raise error.located(step=error.step or number) from None
        del self._by_label[old.label]
        self._write_row(number - 1, checked, in_place=True)
        self._by_label[checked.label] = number - 1
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
            self._check_no_read_targets(old.label, number)
        self._check_not_quoted(old.label, number)
        self._delete_row(number - 1)
        self._changed(number)
        return old

    def move_step(self, number: int, new_number: int) -> None:
        """Move step ``number`` so that it becomes step ``new_number``."""
        step = self.step(number)
        self.step(new_number)
        low, high = sorted((number, new_number))
        # The targets of the steps in between are the only ones that can break.
        order = list(range(low - 1, high))
        moved = order.pop(number - low)
        order.insert(new_number - low, moved)
        seen = {self._labels[r]: bool(self._is_write[r]) for r in range(low - 1)}
        for offset, row in enumerate(order):
            target = self._targets[row]
            if target is not None and not seen.get(target, False):
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError",
                        "read {read!r} targets {label!r}, "
                        "which would no longer be an earlier write",
                    ),
                    read=self._labels[row],
                    label=target,
                    step=low + offset,
                    field="target",
                )
            seen[self._labels[row]] = bool(self._is_write[row])
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
        for parameter, column in (("alpha", self._alpha), ("beta", self._beta)):
            if parameter in RULE_PARAMETERS[rule.name]:
                continue
            rows = np.flatnonzero(~np.isnan(column[: self._n]))
            if rows.size:
                row = int(rows[0])
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError",
                        "write {write!r} sets its own {parameter}, which the "
                        "{rule} rule does not take: clear it first",
                    ),
                    write=self._labels[row],
                    parameter=Term(parameter),
                    rule=rule.name,
                    step=row + 1,
                    field=parameter,
                )
        if feature_map != self.feature_map:
            self._forget_sizes()  # φ of every row changes
        self.feature_map, self.normalize, self.rule = feature_map, normalize, rule
        self._changed(1)

    def resize(self, d_k: int, d_v: int) -> None:
        """Change ``d_k``/``d_v``: vectors are cut or padded with zeros."""
        d_k = check_dimension(d_k, "d_k")
        d_v = check_dimension(d_v, "d_v")
        capacity = len(self._is_write)
        vectors, values = np.zeros((capacity, d_k)), np.zeros((capacity, d_v))
        keep_k, keep_v = min(d_k, self.d_k), min(d_v, self.d_v)
        vectors[:, :keep_k] = self._vectors[:, :keep_k]
        values[:, :keep_v] = self._values[:, :keep_v]
        self._vectors, self._values = vectors, values
        self.d_k, self.d_v = d_k, d_v
        self._forget_sizes()
        self._changed(1)

    def replace_all(self, other: Scenario) -> None:
        """Take every setting and step of ``other`` (used by undo of big edits)."""
        observers = self._observers
        self.__dict__.update(other.copy().__dict__)
        self._observers = observers
        self._changed(1)
