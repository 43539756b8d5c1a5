"""Check the steps of a scenario file in the columns layout, a column at a time.

In the columns layout (:mod:`linviz.model.column_layout`) a scenario's steps
are one object of columns: ``ops`` (one letter per step), flat number
arrays ``keys``, ``values`` and ``queries``, and lists of one item per step
for labels, targets, parameters and texts. Each column is checked whole
with numpy or one C-level pass; a step is checked on its own, through the
same per-step checks as the steps layout (:func:`~linviz.model.step_reader.parse_step`
and :meth:`~linviz.model.scenario.Scenario.check_step`), only where a
column's pass found something that may be wrong. So the first bad step is
named with the same words whichever layout the file has.

Order of refusals: first the columns' own shape (unknown key, ``ops``,
each column's type and length), then the first bad step and, in it, the
first bad field.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from linviz.model import limits
from linviz.model.caption_fields import check_written_for
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, Term, shown
from linviz.model.rules import RULE_PARAMETERS, Rule
from linviz.model.scenario import Scenario
from linviz.model.step import READ, WRITE, Step, StepColumns
from linviz.model.step_reader import TEXT_BASIS_KEYS, check_keys, parse_step
from linviz.model.text_measures import MeasuredTexts
from linviz.model.text_rules import same_label

#: Letters of ``ops``.
WRITE_LETTER, READ_LETTER = "w", "r"
#: Flat number columns: (name, rows it holds, per-step field in messages).
NUMBER_COLUMNS = ("keys", "values", "queries")
#: Columns of one item per step that a scenario archive holds as float64 arrays (NaN: none).
ARRAY_ROW_COLUMNS = frozenset({"alpha", "beta"})
#: Columns of one item per step, and the per-step field each one holds.
ROW_COLUMNS = {
    "labels": "label",
    "targets": "target",
    "alpha": "alpha",
    "beta": "beta",
    "captions": "caption",
    "caption_for": "caption_for",
    "notes": "notes",
    "questions": "question",
    "notes_for": "notes_for",
    "questions_for": "question_for",
}
COLUMN_KEYS = frozenset({"ops", *NUMBER_COLUMNS, *ROW_COLUMNS})
_MAX_LABEL, _MAX_TEXT = limits.MAX_LABEL_CHARS, limits.MAX_TEXT_CHARS


class _EarlierRows(Mapping[str, bool]):
    """The labels of the rows before ``row``, each mapped to whether it is a write."""

    def __init__(self, first_row: dict[str, int], is_write: np.ndarray, row: int) -> None:
        self._first_row, self._is_write, self._row = first_row, is_write, row

    def __getitem__(self, label: str) -> bool:
        row = self._first_row.get(label)
        if row is None or row >= self._row:
            raise KeyError(label)
        return bool(self._is_write[row])

    def __contains__(self, label: object) -> bool:
        row = self._first_row.get(label)  # type: ignore[call-overload]
        return row is not None and row < self._row

    def __iter__(self) -> Iterator[str]:  # pragma: no cover - not used by check_step
        return (label for label, row in self._first_row.items() if row < self._row)

    def __len__(self) -> int:  # pragma: no cover - not used by check_step
        return sum(1 for _ in self)


def _not_a_list(name: str, raw: Any) -> ScenarioError:
    return ScenarioError.of(
        QT_TRANSLATE_NOOP("ScenarioError", "{name} must be a list, one item per step, got {kind}"),
        name=Term(name),
        kind=type(raw).__name__,
        field=name,
    )


def check_ops(raw: Any) -> np.ndarray:
    """``ops`` as a boolean column (True: a write).

    Text of one letter per step, or (in a scenario archive) those letters'
    codes as a 1-D ``uint8`` array.
    """
    if isinstance(raw, np.ndarray):
        letters = raw
    elif not isinstance(raw, str):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "ops must be text of one letter per step, w (write) or r (read), got {kind}",
            ),
            kind=type(raw).__name__,
            field="ops",
        )
    else:
        letters = np.frombuffer(raw.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    if len(raw) > limits.MAX_STEPS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{count:,} steps; at most {limit:,} allowed"),
            count=len(raw),
            limit=limits.MAX_STEPS,
            field="steps",
        )
    is_write = letters == ord(WRITE_LETTER)
    bad = np.flatnonzero(~is_write & (letters != ord(READ_LETTER)))
    if bad.size:
        row = int(bad[0])
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "unknown op {op} in ops; expected 'w' (write) or 'r' (read)"
            ),
            op=shown(raw[row] if isinstance(raw, str) else chr(int(letters[row]))),
            step=row + 1,
            field="op",
        )
    return is_write


def _row_column(raw: dict[str, Any], name: str, count: int) -> list[Any] | None:
    """The column ``name`` (``None`` when absent), refused unless it has one item per step."""
    column = raw.get(name)
    if column is None:
        return None
    if not isinstance(column, list) and not (name in ARRAY_ROW_COLUMNS and _is_row_array(column)):
        raise _not_a_list(name, column)
    if len(column) != count:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} holds {held:,} items but ops has {count:,} steps"
            ),
            name=Term(name),
            held=len(column),
            count=count,
            field=name,
        )
    return column


def _is_row_array(column: Any) -> bool:
    """Whether ``column`` is a 1-D float64 array (``alpha``/``beta`` of a scenario archive)."""
    return isinstance(column, np.ndarray) and column.ndim == 1 and column.dtype == np.float64


def _number_column(raw: Any, name: str, rows: int, width: int, size: str) -> Any:
    """Refuse a number column that is not a list of ``rows`` × ``width`` items."""
    if raw is None:
        raw = []
    if not isinstance(raw, (list, np.ndarray)):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be a list of numbers, got {kind}"),
            name=Term(name),
            kind=type(raw).__name__,
            field=name,
        )
    if len(raw) != rows * width:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} holds {held:,} numbers, not {wanted:,}: {rows:,} rows of {size} = {width}",
            ),
            name=Term(name),
            held=len(raw),
            wanted=rows * width,
            rows=rows,
            size=size,
            width=width,
            field=name,
        )
    return raw


def _as_numbers(
    raw: list[Any] | np.ndarray, width: int, finite: bool = False
) -> tuple[np.ndarray, int | None]:
    """``raw`` as rows of float64, and the first row holding anything but a finite number.

    ``finite``: an array ``raw`` is known to hold finite numbers only.
    """
    if isinstance(raw, np.ndarray):  # float64, from the fast reader or an archive
        rows = raw.reshape(-1, width)
        if finite or np.isfinite(raw).all():
            return rows, None
        return np.zeros((0, width)), int(np.flatnonzero(~np.isfinite(rows).all(axis=1))[0])
    kinds = set(map(type, raw))
    if kinds <= {int, float}:
        try:
            block = np.array(raw, dtype=np.float64).reshape(-1, width)
        except OverflowError:
            block = None
        if block is not None and np.isfinite(block).all():
            return block, None
    for position, number in enumerate(raw):
        if type(number) not in (int, float):
            return np.zeros((0, width)), position // width
        try:
            if not np.isfinite(float(number)):
                return np.zeros((0, width)), position // width
        except OverflowError:
            return np.zeros((0, width)), position // width
    raise AssertionError("numbers refused, yet none is wrong")  # pragma: no cover


def _label_rows(labels: list[Any], texts_only: bool) -> tuple[list[int], np.ndarray | None]:
    """Rows whose label the quick pass cannot take (checked in full), and every label's length.

    ``texts_only``: whether every label is a text (``str``); the lengths
    are ``None`` otherwise.
    """
    if isinstance(labels, MeasuredTexts):  # ASCII, measured from the file's bytes
        lengths = labels.lengths
        odd = (lengths == 0) | (lengths > _MAX_LABEL) | labels.blank
        return np.flatnonzero(odd).tolist(), lengths
    if texts_only:
        lengths = np.fromiter(map(len, labels), dtype=np.int64, count=len(labels))
        odd = (lengths == 0) | (lengths > _MAX_LABEL)
        if not "".join(labels).isascii():
            odd |= ~np.fromiter(map(str.isascii, labels), dtype=bool, count=len(labels))
        if any(map(str.isspace, labels)):
            odd |= np.fromiter(map(str.isspace, labels), dtype=bool, count=len(labels))
        return np.flatnonzero(odd).tolist(), lengths
    return [row for row, label in enumerate(labels) if type(label) is not str], None


def _unique(labels: list[Any], texts_only: bool) -> bool:
    """Whether ``labels`` are texts (``texts_only``), each once.

    Texts whose hashes all differ differ: the hashes are sorted by numpy, in
    less than half the time a set of a million texts takes. Only when two
    hashes are equal (a label twice, or two labels by a one in a million
    million chance) does a set decide.
    """
    if not texts_only:
        return False
    packed = labels.packed if isinstance(labels, MeasuredTexts) else None
    if packed is not None:  # short ASCII labels: their bytes, compared as numbers
        packed = np.sort(packed)
        return not np.any(packed[1:] == packed[:-1])
    hashes = np.fromiter(map(hash, labels), dtype=np.int64, count=len(labels))
    hashes.sort()
    if not np.any(hashes[1:] == hashes[:-1]):
        return True
    return len(set(labels)) == len(labels)


def _first_rows(labels: list[Any]) -> dict[str, int]:
    """Each text label, in the form a scenario keeps it, mapped to the first row that has it.

    Keyed as :meth:`Scenario.check_step` looks labels up (normal form C), so
    a target or a repeated label written in the other form is found.
    """
    if set(map(type, labels)) <= {str} and "".join(labels).isascii():
        return dict(zip(reversed(labels), range(len(labels) - 1, -1, -1)))
    first: dict[str, int] = {}
    for row, label in enumerate(labels):
        if type(label) is str:
            first.setdefault(same_label(label), row)
    return first


def _text_rows(texts: list[Any] | None) -> list[int]:
    """Rows with a text other than ``""`` that the quick pass cannot take."""
    if texts is None:
        return []
    return [
        row
        for row, text in enumerate(texts)
        if not (
            type(text) is str
            and len(text) <= _MAX_TEXT
            and text.isascii()
            and "{" not in text
            and "}" not in text
        )
    ]


def _given_rows(column: list[Any] | None) -> list[int]:
    """Rows where ``column`` holds something (not ``null``)."""
    if column is None:
        return []
    return [row for row, item in enumerate(column) if item is not None]


def _odd_parameters(
    column: np.ndarray | None, name: str, is_write: np.ndarray, rule: Rule
) -> list[int]:
    """Rows of an ``alpha``/``beta`` array that the quick pass cannot take (NaN: none).

    A number in the parameter's range on a write whose rule takes it passes;
    anything else (on a read, a rule without it, out of range, infinite) is
    checked in full, which words the refusal.
    """
    if column is None:
        return []
    low_ok = column > 0.0 if name == "alpha" else column >= 0.0
    taken = name in RULE_PARAMETERS[rule.name]
    fine = is_write & low_ok & (column <= 1.0) if taken else np.zeros(len(column), dtype=bool)
    return np.flatnonzero(~np.isnan(column) & ~fine).tolist()


@dataclass(frozen=True)
class PlacedNumbers:
    """Every step's key or query and value, already in the scenario's rows (an archive's,
    or :mod:`~linviz.model.row_placing`'s).

    ``vectors`` is ``(steps, d_k)``, ``values`` ``(steps, d_v)`` with zero
    rows at the reads; both float64 arrays of their own, their numbers not
    yet checked.
    """

    vectors: np.ndarray
    values: np.ndarray


def _non_finite_rows(placed: PlacedNumbers) -> list[int]:
    """Rows holding a number that is not finite (one pass over each array when none does)."""
    vectors, values = placed.vectors, placed.values
    if np.isfinite(vectors).all() and np.isfinite(values).all():
        return []
    fine = np.isfinite(vectors).all(axis=1) & np.isfinite(values).all(axis=1)
    return np.flatnonzero(~fine).tolist()


class ColumnReader:
    """Checks one steps object of the columns layout and builds the columns.

    Parameters
    ----------
    shell
        An empty scenario with the file's settings: the steps are checked
        against its sizes and rule.
    raw
        The decoded steps object; its number columns may already be flat
        float64 arrays (read by the fast reader, or an archive's), and
        ``ops``, ``alpha`` and ``beta`` arrays (an archive's: letter codes,
        NaN where a step has none).
    owned
        Whether ``raw``'s lists may become the scenario's own (they were
        decoded for it); otherwise they are copied.
    finite_arrays
        Whether number columns given as arrays, or ``placed``, are known to
        hold finite numbers only (the fast reader checks each chunk it parses).
    placed
        The numbers already in the scenario's rows (a scenario archive's, or
        the fast reader's); ``raw`` then holds no number column.
    """

    def __init__(
        self,
        shell: Scenario,
        raw: dict[str, Any],
        owned: bool = True,
        finite_arrays: bool = False,
        placed: PlacedNumbers | None = None,
    ) -> None:
        self._finite = finite_arrays
        self._placed_numbers = placed
        self._shell = shell
        self._raw = raw
        self._owned = owned
        #: ``caption_for`` of the steps that have one, by label.
        self.written_for: dict[str, str] = {}
        #: ``notes_for`` and ``question_for`` of the steps that have one, by (label, kind).
        self.texts_written_for: dict[tuple[str, str], str] = {}

    def finish(self) -> StepColumns:
        """Check every column and step; return the steps as columns.

        Raises
        ------
        ScenarioError
            Naming the column, or the first bad step and its field.
        """
        shell, raw = self._shell, self._raw
        d_k, d_v = shell.d_k, shell.d_v
        check_keys(raw, COLUMN_KEYS, Term(QT_TRANSLATE_NOOP("ScenarioError", "the steps")))
        if "ops" not in raw:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "missing {name!r}"),
                name=Term("ops"),
                field="ops",
            )
        is_write = check_ops(raw["ops"])
        n = len(is_write)
        writes = int(is_write.sum())
        columns = {name: _row_column(raw, name, n) for name in ROW_COLUMNS}
        if not self._owned:
            columns = {name: None if c is None else list(c) for name, c in columns.items()}
        write_rows = np.flatnonzero(is_write)
        read_rows = np.flatnonzero(~is_write)
        placed = self._placed_numbers
        if placed is not None:
            flat: dict[str, Any] = {"vectors": placed.vectors, "values": placed.values}
            suspects = set() if self._finite else set(_non_finite_rows(placed))
        else:
            flat = {
                "keys": _number_column(raw.get("keys"), "keys", writes, d_k, "d_k"),
                "values": _number_column(raw.get("values"), "values", writes, d_v, "d_v"),
                "queries": _number_column(raw.get("queries"), "queries", n - writes, d_k, "d_k"),
            }
            keys, bad_key = _as_numbers(flat["keys"], d_k, self._finite)
            values, bad_value = _as_numbers(flat["values"], d_v, self._finite)
            queries, bad_query = _as_numbers(flat["queries"], d_k, self._finite)
            suspects = set()
            found = ((write_rows, bad_key), (write_rows, bad_value), (read_rows, bad_query))
            for rows, bad in found:
                if bad is not None:
                    suspects.add(int(rows[bad]))
        labels = columns["labels"]
        if labels is None:
            labels = _default_labels(is_write)
        texts_only = isinstance(labels, MeasuredTexts) or set(map(type, labels)) <= {str}
        odd_labels, label_lengths = _label_rows(labels, texts_only)
        suspects.update(odd_labels)
        for name in ("alpha", "beta"):
            column = columns[name]
            if isinstance(column, np.ndarray):
                suspects.update(_odd_parameters(column, name, is_write, shell.rule))
            else:
                suspects.update(_given_rows(column))
        for name in ("caption_for", "notes_for", "questions_for"):
            suspects.update(_given_rows(columns[name]))
        for name in ("captions", "notes", "questions"):
            suspects.update(_text_rows(columns[name]))
        targets = columns["targets"]
        # Each label's first row (a later one with the same label is refused by check_step):
        # a million labels take seconds, so it is made only when something needs it.
        first_row: dict[str, int] | None = None
        if suspects or _given_rows(targets) or not _unique(labels, texts_only):
            first_row = _first_rows(labels)
            if len(first_row) < n:
                suspects.update(
                    row
                    for row, label in enumerate(labels)
                    if type(label) is not str or first_row[same_label(label)] != row
                )
            suspects.update(self._target_rows(targets, is_write, first_row))

        # An archive's arrays are kept as they are (a row only passes if it is fine).
        alpha, beta = (
            np.array(column) if isinstance(column, np.ndarray) else np.full(n, np.nan)
            for column in (columns["alpha"], columns["beta"])
        )
        # The decoded lists become the scenario's own (no copy): changed only where checked.
        texts = {name: columns[name] for name in ("captions", "notes", "questions")}
        if targets is None:
            targets = [None] * n
        relabelled = False
        writes_before = np.cumsum(is_write) - is_write if suspects else is_write
        for row in sorted(suspects):
            assert first_row is not None  # made above whenever a row is suspect
            checked = self._check_row(
                row, is_write, int(writes_before[row]), flat, columns, labels, first_row
            )
            relabelled |= checked.label != labels[row]
            labels[row], targets[row] = checked.label, checked.target
            for name, field in (("captions", "caption"), ("notes", "notes")):
                if (text := texts[name]) is not None:
                    text[row] = getattr(checked, field)
            if texts["questions"] is not None:
                texts["questions"][row] = checked.question
            if checked.alpha is not None:
                alpha[row] = float(checked.alpha)
            if checked.beta is not None:
                beta[row] = float(checked.beta)
        # The flat columns are dropped as they are placed: a million rows are 64 MB each.
        flat.clear()
        if placed is not None:
            vectors, all_values = placed.vectors, placed.values
        else:
            numbers = {"keys": keys, "values": values, "queries": queries}
            del keys, values, queries  # the columns' only holders from here: spread in place
            vectors, all_values = self._place(numbers, write_rows, read_rows)
        by_label = first_row  # None: unique labels, mapped when the scenario needs it
        if relabelled:  # a label the checks rewrote may now equal another
            by_label = dict(zip(labels, range(n)))
            if len(by_label) < n:
                row = next(r for r, label in enumerate(labels) if by_label[label] != r)
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "label {label!r} is already used by another step"
                    ),
                    label=labels[row],
                    step=max(by_label[labels[row]], row) + 1,
                    field="label",
                )
        return StepColumns(
            is_write,
            vectors,
            all_values,
            alpha,
            beta,
            labels if type(labels) is list else list(labels),  # not the file's bytes with them
            targets,
            texts["captions"] if texts["captions"] is not None else [""] * n,
            by_label,
            texts["notes"] if texts["notes"] is not None else None,
            texts["questions"] if texts["questions"] is not None else None,
            None if relabelled else label_lengths,  # a rewritten label may be longer
        )

    def _place(
        self, numbers: dict[str, np.ndarray], write_rows: np.ndarray, read_rows: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """The flat number columns (taken out of ``numbers``) spread into the scenario's rows.

        Returns its vectors and values.
        """
        raw, d_k, d_v = self._raw, self._shell.d_k, self._shell.d_v
        n = len(write_rows) + len(read_rows)
        for name in NUMBER_COLUMNS:
            if isinstance(raw.get(name), np.ndarray):  # the fast reader's, not a caller's
                if self._owned:  # its own array, not a view: the rows are spread in it
                    numbers[name] = raw.pop(name)
                else:
                    del raw[name]
        vectors = _placed(numbers.pop("keys"), write_rows, read_rows, n, d_k)
        vectors[read_rows] = numbers.pop("queries").reshape(-1, d_k)
        all_values = _placed(numbers.pop("values"), write_rows, read_rows, n, d_v)
        return vectors, all_values

    @staticmethod
    def _target_rows(
        targets: list[Any] | None, is_write: np.ndarray, first_row: dict[str, int]
    ) -> list[int]:
        """Rows whose target is not plainly the label of an earlier write."""
        if targets is None:
            return []
        odd = []
        for row, target in enumerate(targets):
            if target is None:
                continue
            # A target not in its kept form (normal form C) is rewritten by the full check.
            at = first_row.get(target) if type(target) is str and target.isascii() else None
            if at is None or at >= row or is_write[row] or not is_write[at]:
                odd.append(row)
        return odd

    def _check_row(
        self,
        row: int,
        is_write: np.ndarray,
        writes_before: int,
        flat: dict[str, Any],
        columns: dict[str, list[Any] | None],
        labels: list[Any],
        first_row: dict[str, int],
    ) -> Step:
        """Check step ``row + 1`` in full, as the steps layout would hold it."""
        d_k, d_v = self._shell.d_k, self._shell.d_v
        write = bool(is_write[row])
        item: dict[str, Any] = {"op": WRITE if write else READ, "label": labels[row]}
        if "vectors" in flat:  # placed already: row by row
            item["key" if write else "query"] = flat["vectors"][row].tolist()
            if write:
                item["value"] = flat["values"][row].tolist()
        elif write:
            item["key"] = _row_numbers(flat["keys"], writes_before, d_k)
            item["value"] = _row_numbers(flat["values"], writes_before, d_v)
        else:
            item["query"] = _row_numbers(flat["queries"], row - writes_before, d_k)
        for name, field in ROW_COLUMNS.items():
            column = columns[name]
            if name == "labels" or column is None:
                continue
            value = column[row]
            if isinstance(column, np.ndarray):  # an archive's alpha or beta: NaN for none
                value = None if np.isnan(value) else float(value)
            if value is not None and value != "":
                item[field] = value
        try:
            step = parse_step(item, 0, 0)
            checked = self._shell.check_step(step, _EarlierRows(first_row, is_write, row))
            if "caption_for" in item:
                self.written_for[checked.label] = check_written_for(item["caption_for"])
            for kind, name in TEXT_BASIS_KEYS.items():
                if name in item:
                    digest = check_written_for(item[name], name)
                    self.texts_written_for[(checked.label, kind)] = digest
        except ScenarioError as error:
            raise error.located(step=row + 1) from None
        return checked


#: Rows moved at a time when a number column is spread in its own memory.
_SPREAD_ROWS = 8192


def _placed(
    numbers: np.ndarray, rows: np.ndarray, others: np.ndarray, n: int, width: int
) -> np.ndarray:
    """An ``(n, width)`` array: row ``k`` of ``numbers`` at row ``rows[k]``, zeros at ``others``.

    Made in the memory of ``numbers`` when it is an array of its own that
    nothing else holds (the fast reader's): grown in place (no copy of a
    large block) and its rows moved down from the last, so a million-row
    column costs no second array. Otherwise (a view, such as an archive's
    array read where it lies in the file) copied into a new one.
    """
    try:
        # resize refuses a view, or an array anything else holds; but one of the same
        # size it leaves as it is, without asking: a view is never kept.
        if not (numbers.flags.owndata and numbers.flags.writeable):
            raise ValueError("not an array of its own")
        numbers.resize(n * width)
    except ValueError:
        table = np.zeros((n, width))
        table[rows] = numbers.reshape(-1, width)
        return table
    table = numbers.reshape(n, width)
    # Row k goes to rows[k] >= k: moved from the last, none is overwritten before it moves.
    for stop in range(len(rows), 0, -_SPREAD_ROWS):
        start = max(0, stop - _SPREAD_ROWS)
        table[rows[start:stop]] = table[start:stop].copy()
    table[others] = 0.0
    return table


def _row_numbers(flat: list[Any] | np.ndarray, ordinal: int, width: int) -> list[Any]:
    """The numbers of one row of a flat column, as the steps layout would hold them."""
    part = flat[ordinal * width : (ordinal + 1) * width]
    return part.tolist() if isinstance(part, np.ndarray) else list(part)


def _default_labels(is_write: np.ndarray) -> list[str]:
    """``w1, w2 … r1, r2 …``: the labels the steps layout gives steps without one."""
    writes = np.cumsum(is_write).tolist()
    reads = np.cumsum(~is_write).tolist()
    return [f"w{w}" if flag else f"r{r}" for flag, w, r in zip(is_write.tolist(), writes, reads)]
