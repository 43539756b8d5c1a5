"""Check the steps of a scenario file and copy them straight into columns.

A step of the common shape (a write or read with a flat list of the right
length, a short printable label, no per-write parameters) is taken by a few
dictionary look-ups, its numbers appended to a flat list; every
:data:`CHUNK_STEPS` steps the numbers are checked all at once with numpy
(numbers only, no booleans, finite). Any other step goes through the full
check (:func:`parse_step` and :meth:`Scenario.check_step`), which also
builds the message when something is wrong: the first bad step and field
are named with the same words whichever path found the problem.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from linviz.model import limits
from linviz.model.caption_fields import check_written_for
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term, shown
from linviz.model.field_checks import check_text, parse_vector
from linviz.model.scenario import Scenario
from linviz.model.step import READ, WRITE, Step, StepColumns

#: What the presenter view shows the instructor: optional on every step.
TEACHING_KEYS = frozenset({"notes", "question"})
#: The digests that keep a stale note or question marked in a file (as ``caption_for``).
TEXT_BASIS_KEYS = {"notes": "notes_for", "question": "question_for"}
#: Which keys each kind of step may have.
STEP_KEYS = {
    WRITE: frozenset({"op", "key", "value", "label", "caption", "caption_for", "alpha", "beta"})
    | TEACHING_KEYS
    | frozenset(TEXT_BASIS_KEYS.values()),
    READ: frozenset({"op", "query", "label", "target", "caption", "caption_for"})
    | TEACHING_KEYS
    | frozenset(TEXT_BASIS_KEYS.values()),
}
REQUIRED_STEP = {WRITE: ("key", "value"), READ: ("query",)}

#: Steps whose numbers are checked together.
CHUNK_STEPS = 8192

_FAST_WRITE = frozenset({"op", "key", "value", "label", "caption"})
_FAST_READ = frozenset({"op", "query", "label", "target", "caption"})
_MISSING: Any = object()
_MAX_LABEL, _MAX_TEXT = limits.MAX_LABEL_CHARS, limits.MAX_TEXT_CHARS
_NUMBER_TYPES = frozenset({int, float})


#: Where an unknown key was found, by op (in messages).
_A_STEP = {
    "write": Term(QT_TRANSLATE_NOOP("ScenarioError", "a write step")),
    "read": Term(QT_TRANSLATE_NOOP("ScenarioError", "a read step")),
}


def check_keys(obj: dict[str, Any], allowed: frozenset[str] | set[str], where: str) -> None:
    """Refuse the first key of ``obj`` that is not in ``allowed``."""
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "unknown key {key} in {where}; allowed: {allowed}"),
            key=shown(unknown[0]),
            where=where,
            allowed=", ".join(sorted(allowed)),
            field=unknown[0],
        )


def parse_step(raw: Any, writes: int, reads: int) -> Step:
    """A :class:`Step` from one decoded step object (shapes and numbers unchecked).

    ``writes``/``reads`` count the steps of each kind so far, this one
    included, for the default labels ``w<n>``/``r<n>``.
    """
    if not isinstance(raw, dict):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "a step must be an object with an 'op'")
        )
    op = raw.get("op")
    if not isinstance(op, str) or op not in STEP_KEYS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "unknown op {op}; expected 'write' or 'read'"),
            op=shown(op),
            field="op",
        )
    check_keys(raw, STEP_KEYS[op], _A_STEP[op])
    for required in REQUIRED_STEP[op]:
        if required not in raw:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "a {op} needs a {name!r}"),
                op=Term(op),
                name=Term(required),
                field=required,
            )
    label = raw.get("label", f"w{writes}" if op == WRITE else f"r{reads}")
    target = raw.get("target")
    if target is not None and not isinstance(target, str):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "target must be the label of an earlier write, got {got}"
            ),
            got=shown(target),
            field="target",
        )
    caption = check_text(raw.get("caption", ""), "caption", limits.MAX_TEXT_CHARS, languages=True)
    notes = check_text(raw.get("notes", ""), "notes", limits.MAX_TEXT_CHARS, languages=True)
    question = check_text(
        raw.get("question", ""), "question", limits.MAX_TEXT_CHARS, languages=True
    )
    vector = raw["key"] if op == WRITE else raw["query"]
    # Shapes and numbers are checked by Scenario.check_step; keep raw lists here.
    return Step(
        op,
        vector,
        raw.get("value"),
        label,
        target,
        caption,
        raw.get("alpha"),
        raw.get("beta"),
        notes,
        question,
    )


class _Earlier(Mapping[str, bool]):
    """The labels read so far, each mapped to whether it is a write (for check_step)."""

    def __init__(self, reader: StepReader) -> None:
        self._reader = reader

    def __getitem__(self, label: str) -> bool:
        return bool(self._reader._is_write[self._reader._by_label[label]])

    def __contains__(self, label: object) -> bool:
        return label in self._reader._by_label

    def __iter__(self) -> Iterator[str]:  # pragma: no cover - not used by check_step
        return iter(self._reader._by_label)

    def __len__(self) -> int:  # pragma: no cover - not used by check_step
        return len(self._reader._by_label)


class StepReader:
    """Takes decoded steps one at a time, checks them, and builds the columns.

    Parameters
    ----------
    shell
        An empty scenario with the file's settings: the steps are checked
        against its sizes and rule.
    """

    def __init__(self, shell: Scenario) -> None:
        self._shell = shell
        self._d_k, self._d_v = shell.d_k, shell.d_v
        self.count = 0
        self._writes = self._reads = 0
        self._is_write = bytearray()
        self._labels: list[str] = []
        self._targets: list[str | None] = []
        self._captions: list[str] = []
        #: Instructor notes and check questions by row, for the rows that have any.
        self._notes: dict[int, str] = {}
        self._questions: dict[int, str] = {}
        self._by_label: dict[str, int] = {}
        #: ``caption_for`` of the steps that have one, by label.
        self.written_for: dict[str, str] = {}
        #: ``notes_for`` and ``question_for`` of the steps that have one, by (label, kind).
        self.texts_written_for: dict[tuple[str, str], str] = {}
        self._alpha: dict[int, float] = {}
        self._beta: dict[int, float] = {}
        self._vector_blocks: list[np.ndarray] = []
        self._value_blocks: list[np.ndarray] = []
        self._pending_start = 0  # row of the first step not yet checked in bulk
        self._pending_vectors: list[Any] = []
        self._pending_values: list[Any] = []
        self._earlier = _Earlier(self)

    # -- one step ------------------------------------------------------------------
    def add(self, raw: Any) -> None:
        """Check the next step and keep it.

        Raises
        ------
        ScenarioError
            Naming the first bad step (this one or one whose numbers were
            waiting to be checked) and its field.
        """
        self.count += 1
        if type(raw) is dict:
            # The common shape, inline: this runs a million times for a large file.
            op = raw.get("op")
            vector = value = target = None
            if op == WRITE:
                self._writes += 1
                if raw.keys() <= _FAST_WRITE:
                    vector, value = raw.get("key"), raw.get("value")
                    if not (type(value) is list and len(value) == self._d_v):
                        vector = None
                    label = raw.get("label", _MISSING)
                    if label is _MISSING:
                        label = f"w{self._writes}"
            elif op == READ:
                self._reads += 1
                if raw.keys() <= _FAST_READ:
                    vector = raw.get("query")
                    target = raw.get("target")
                    if target is not None:
                        row = self._by_label.get(target) if type(target) is str else None
                        if row is None or not self._is_write[row]:
                            vector = None
                    label = raw.get("label", _MISSING)
                    if label is _MISSING:
                        label = f"r{self._reads}"
            if type(vector) is list and len(vector) == self._d_k:
                caption = raw.get("caption", "")
                if (
                    type(label) is str
                    and 0 < len(label) <= _MAX_LABEL
                    and label.isascii()
                    and label not in self._by_label
                    and not label.isspace()
                    and type(caption) is str
                    and len(caption) <= _MAX_TEXT
                    and caption.isascii()
                    and "{" not in caption  # live fields are checked in full
                    and "}" not in caption
                ):
                    self._keep(value is not None, vector, value, label, target, caption)
                    return
        self._add_checked(raw)

    def _add_checked(self, raw: Any) -> None:
        """Take a step of any shape through the full check (which words the refusal)."""
        try:
            step = parse_step(raw, self._writes, self._reads)
            checked = self._shell.check_step(step, self._earlier)
            if "caption_for" in raw:
                self.written_for[checked.label] = check_written_for(raw["caption_for"])
            for kind, name in TEXT_BASIS_KEYS.items():
                if name in raw:
                    digest = check_written_for(raw[name], name)
                    self.texts_written_for[(checked.label, kind)] = digest
        except ScenarioError as error:
            self._check_pending()  # an earlier step's numbers may be wrong
            raise error.located(step=self.count) from None
        row = self.count - 1
        if checked.alpha is not None:
            self._alpha[row] = float(checked.alpha)
        if checked.beta is not None:
            self._beta[row] = float(checked.beta)
        if checked.notes:
            self._notes[row] = checked.notes
        if checked.question:
            self._questions[row] = checked.question
        self._keep(
            checked.is_write,
            checked.vector.tolist(),
            None if checked.value is None else checked.value.tolist(),
            checked.label,
            checked.target,
            checked.caption,
        )

    def _keep(
        self,
        is_write: bool,
        vector: list[Any],
        value: list[Any] | None,
        label: str,
        target: str | None,
        caption: str,
    ) -> None:
        row = len(self._labels)
        self._is_write.append(is_write)
        self._pending_vectors += vector
        if value is not None:
            self._pending_values += value
        self._labels.append(label)
        self._targets.append(target)
        self._captions.append(caption)
        self._by_label[label] = row
        if row + 1 - self._pending_start >= CHUNK_STEPS:
            self._check_pending()

    # -- numbers, in bulk ------------------------------------------------------------
    def _check_pending(self) -> None:
        """Check the numbers of the steps not yet checked; keep them as arrays."""
        start, stop = self._pending_start, len(self._labels)
        if stop == start:
            return
        vectors = _as_block(self._pending_vectors, self._d_k)
        values = _as_block(self._pending_values, self._d_v)
        if vectors is None or values is None:
            self._refuse_numbers(start, stop)
        self._vector_blocks.append(vectors)  # type: ignore[arg-type]
        self._value_blocks.append(values)  # type: ignore[arg-type]
        self._pending_vectors, self._pending_values = [], []
        self._pending_start = stop

    def _refuse_numbers(self, start: int, stop: int) -> None:
        """Raise the exact message for the first bad vector among rows ``start .. stop-1``."""
        d_k, d_v = self._d_k, self._d_v
        write_ordinal = 0
        for row in range(start, stop):
            offset = row - start
            is_write = self._is_write[row]
            name = "key" if is_write else "query"
            try:
                parse_vector(
                    self._pending_vectors[offset * d_k : (offset + 1) * d_k], name, d_k, d_v
                )
                if is_write:
                    parse_vector(
                        self._pending_values[write_ordinal * d_v : (write_ordinal + 1) * d_v],
                        "value",
                        d_k,
                        d_v,
                    )
            except ScenarioError as error:
                raise error.located(step=row + 1) from None
            write_ordinal += bool(is_write)
        raise AssertionError("numbers refused, yet no row is wrong")  # pragma: no cover

    def finish(self) -> StepColumns:
        """Check what is left and return the steps as columns."""
        self._check_pending()
        n = len(self._labels)
        is_write = np.frombuffer(bytes(self._is_write), dtype=np.uint8).astype(bool)
        self._is_write = bytearray()
        vectors = _join(self._vector_blocks, self._d_k)
        written = _join(self._value_blocks, self._d_v)
        self._vector_blocks, self._value_blocks = [], []
        values = np.zeros((n, self._d_v))
        values[is_write] = written
        del written
        alpha, beta = np.full(n, np.nan), np.full(n, np.nan)
        for column, given in ((alpha, self._alpha), (beta, self._beta)):
            for row, number in given.items():
                column[row] = number
        notes = questions = None
        if self._notes or self._questions:
            notes, questions = [""] * n, [""] * n
            for texts, given_text in ((notes, self._notes), (questions, self._questions)):
                for row, text in given_text.items():
                    texts[row] = text
        return StepColumns(
            is_write,
            vectors,
            values,
            alpha,
            beta,
            self._labels,
            self._targets,
            self._captions,
            self._by_label,
            notes,
            questions,
        )


def _as_block(flat: list[Any], width: int) -> np.ndarray | None:
    """``flat`` as rows of ``width`` float64 numbers, or ``None`` if any is not a finite number.

    Booleans, strings, ``None`` and nested lists are refused by their type
    (``np.array`` would turn ``True`` and ``"1"`` into 1.0); integers beyond
    the float range and numbers like ``1e400`` by being infinite.
    """
    if not flat:
        return np.zeros((0, width))
    if not set(map(type, flat)) <= _NUMBER_TYPES:
        return None
    try:
        block = np.array(flat, dtype=np.float64)
    except OverflowError:
        return None
    if not np.isfinite(block).all():
        return None
    return block.reshape(-1, width)


def _join(blocks: list[np.ndarray], width: int) -> np.ndarray:
    if not blocks:
        return np.zeros((0, width))
    if len(blocks) == 1:
        return blocks[0]
    return np.concatenate(blocks)
