"""The scenario archive: a whole scenario in one ``.npz``, its numbers as arrays.

A zip of NumPy ``.npy`` files (README, "The scenario archive")::

    linviz_scenario.npy  uint8 [bytes]       the UTF-8 text of one JSON document: the
                                             head of a scenario file ("format",
                                             "version", "layout": "columns", "title",
                                             "d_k" … "caption") whose "steps" holds the
                                             columns of text: labels, targets, captions,
                                             caption_for, notes, questions, notes_for,
                                             questions_for (README, "The columns layout")
    ops.npy              uint8 [steps]        ord("w") for a write, ord("r") for a read
    keys.npy             float64 [writes, d_k]
    values.npy           float64 [writes, d_v]
    queries.npy          float64 [reads, d_k]
    alpha.npy, beta.npy  float64 [steps]      optional; NaN where a step has none

The member ``linviz_scenario`` is what tells this archive from arrays to
import (``q``, ``k``, ``v`` …, :mod:`linviz.model.array_files`), which never
hold it. Numbers may be stored as any real type (float32, integers); they
are read as float64.

Reading checks what the columns layout checks, with the same words: the
arrays' headers first (no object arrays: nothing is ever unpickled; the
types and shapes the steps need; at most :data:`~linviz.model.limits.MAX_FILE_BYTES`
unpacked), then the JSON head, then every column at once
(:class:`~linviz.model.column_checks.ColumnReader`), which names the first
bad step and field. A stored array is read where it lies in the file's
mapping and copied once, into the scenario's own columns.
"""

from __future__ import annotations

import io
import os
import zipfile
from collections.abc import Iterator
from functools import partial
from typing import Any

import numpy as np

from linviz.model import limits
from linviz.model.beside import Beside
from linviz.model.column_checks import ColumnReader, PlacedNumbers, check_ops
from linviz.model.column_layout import LAYOUT_COLUMNS, NotFast, StepsLayout, read_fast
from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, Term, shown
from linviz.model.file_kinds import SCENARIO_MARK
from linviz.model.file_parts import adopt, head_of, row_columns, settings_scenario
from linviz.model.json_reader import parse_json
from linviz.model.npz_members import Member, NpzDamage, NpzReader
from linviz.model.safe_files import Buffer, size_words
from linviz.model.scenario import Scenario
from linviz.model.step_reader import check_keys

try:  # the JSON head holds a million labels: orjson writes them ten times faster
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; a build may lack a wheel
    orjson = None  # type: ignore[assignment]

#: The member that holds the JSON head and marks a scenario archive.
MARKER = SCENARIO_MARK
#: The arrays of the steps, and whether each is required.
STEP_ARRAYS = ("ops", "keys", "values", "queries", "alpha", "beta")
MEMBERS = (MARKER, *STEP_ARRAYS)
#: The columns of text the JSON head's steps may hold (the others are arrays).
TEXT_COLUMNS = frozenset(
    {
        "labels",
        "targets",
        "captions",
        "caption_for",
        "notes",
        "questions",
        "notes_for",
        "questions_for",
    }
)
#: Rows written at a time.
WRITE_ROWS = 1 << 16


def is_scenario_archive(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is a zip holding :data:`MARKER` (its directory alone is read).

    ``False`` for anything else, unreadable files included (their reader says why).
    """
    try:
        with zipfile.ZipFile(path) as archive:
            return f"{MARKER}.npy" in archive.namelist()
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zipfile.LargeZipFile):
        return False


# -- reading ---------------------------------------------------------------------------------
def _refusal(template: str, field: str | None = None, **values: Any) -> ScenarioError:
    return ScenarioError.of(template, field=field, **values)


def _damaged(damage: NpzDamage) -> ScenarioError:
    return _refusal(
        QT_TRANSLATE_NOOP("ScenarioError", "this scenario archive cannot be read: {reason}"),
        reason=damage.reason,
    )


def _wrong_array(member: Member, expected: str) -> ScenarioError:
    """``expected``: a :class:`Term` or :class:`Phrase` (translated by the views)."""
    kind = "Python objects" if member.dtype.hasobject else str(member.dtype)
    return _refusal(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "{array} holds {kind}, shape {shape}; expected {expected}"
        ),
        member.name,
        array=member.name,
        kind=kind,
        shape=_shape_text(member.shape),
        expected=expected,
    )


def _shape_text(shape: tuple[int, ...]) -> str:
    return "[" + ", ".join(f"{size:,}" for size in shape) + "]"


class _ArchiveReader:
    """Reads one scenario archive held in ``data`` (see the module's docstring)."""

    def __init__(self, npz: NpzReader) -> None:
        self.npz = npz
        self.read: list[Member] = []

    def scenario(self) -> Scenario:
        npz = self.npz
        unknown = sorted(set(npz.infos) - set(MEMBERS))
        if unknown:
            raise _refusal(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "unknown array {array} in a scenario archive; expected arrays named {allowed}",
                ),
                unknown[0],
                array=shown(unknown[0]),
                allowed=", ".join(MEMBERS),
            )
        for required in (MARKER, "ops"):
            if required not in npz.infos:
                raise _refusal(
                    QT_TRANSLATE_NOOP("ScenarioError", "missing {name!r}"),
                    required,
                    name=Term(required),
                )
        unpacked = sum(info.file_size for info in npz.infos.values())
        if unpacked > limits.MAX_FILE_BYTES:
            raise _refusal(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "the archive holds {held} once unpacked; a scenario archive may hold "
                    "at most {limit}",
                ),
                held=size_words(unpacked),
                limit=size_words(limits.MAX_FILE_BYTES),
            )
        header, steps = self._head()
        scenario = settings_scenario(header, steps, 0)
        if header.get("layout") != LAYOUT_COLUMNS:
            raise _refusal(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "a scenario archive holds its steps as columns: layout must be {columns!r}, "
                    "got {got}",
                ),
                "layout",
                columns=LAYOUT_COLUMNS,
                got=shown(header.get("layout")),
            )
        check_keys(
            steps, TEXT_COLUMNS, Term(QT_TRANSLATE_NOOP("ScenarioError", "the archive's steps"))
        )
        ops = self._array("ops", np.uint8, None)
        steps["ops"] = ops
        is_write = check_ops(ops)  # an unknown letter is named before the shapes it sets
        placed = PlacedNumbers(
            np.zeros((len(ops), scenario.d_k)), np.zeros((len(ops), scenario.d_v))
        )
        for name, rows, into in (
            ("keys", is_write, placed.vectors),
            ("values", is_write, placed.values),
            ("queries", ~is_write, placed.vectors),
        ):
            if name in npz.infos:
                self._place(name, (int(np.count_nonzero(rows)), into.shape[1]), into, rows)
        for name in ("alpha", "beta"):
            if name in npz.infos:
                steps[name] = self._array(name, np.float64, (len(ops),))
        adopt(scenario, ColumnReader(scenario, steps, placed=placed), header)
        return scenario

    def _head(self) -> tuple[dict[str, Any], Any]:
        """The JSON head's top-level fields and its steps (checked by the caller)."""
        member = self._checked(MARKER, np.uint8, None)
        text = bytes(self.npz.array(member))
        self.npz.done_with(member)
        steps: Any
        try:
            header, steps = read_fast(text)
        except (NotFast, StepsLayout):  # the general decoder words what is wrong, if anything
            try:
                document = parse_json(text)
            except ScenarioError as error:
                raise ScenarioError(
                    error.message,
                    field=error.field or MARKER,
                    template=error.template,
                    values=error.values,
                ) from None
            if not isinstance(document, dict):
                raise _refusal(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "{array} must hold one JSON object (a scenario's head)"
                    ),
                    MARKER,
                    array=MARKER,
                ) from None
            steps = document.get("steps")
            header = {key: value for key, value in document.items() if key != "steps"}
        return header, steps

    def _checked(self, name: str, dtype: type, shape: tuple[int, ...] | None) -> Member:
        """The member ``name``, refused unless its header has the type and ``shape`` expected.

        ``shape`` ``None``: one dimension, of any length.
        """
        try:
            member = self.npz.member(name)
        except NpzDamage as damage:
            raise _damaged(damage) from None
        kind = member.dtype.kind
        if dtype is np.uint8:
            fits = member.dtype == np.uint8 and len(member.shape) == 1
            expected: str = {
                MARKER: Term(
                    QT_TRANSLATE_NOOP("ScenarioError", "the UTF-8 bytes (uint8) of a JSON text")
                ),
                "ops": Term(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "one letter per step as bytes (uint8): w or r"
                    )
                ),
            }[name]
            if fits and name == "ops" and member.shape[0] > limits.MAX_STEPS:
                raise _refusal(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "{count:,} steps; at most {limit:,} allowed"
                    ),
                    "steps",
                    count=member.shape[0],
                    limit=limits.MAX_STEPS,
                )
        else:
            numbers = "f" if name in ("alpha", "beta") else "fiu"  # NaN, a step's none, is a float
            fits = not member.dtype.hasobject and kind in numbers and member.shape == shape
            assert shape is not None  # the number arrays' shapes follow from ops
            expected = _expected_numbers(name, shape)
        if not fits:
            raise _wrong_array(member, expected)
        self.read.append(member)
        return member

    def _view(self, name: str, dtype: type, shape: tuple[int, ...] | None) -> tuple[Member, Any]:
        """The member ``name`` checked by its header, and its data (a view of the file's bytes)."""
        member = self._checked(name, dtype, shape)
        try:
            return member, self.npz.array(member)
        except NpzDamage as damage:
            raise _damaged(damage) from None

    def _array(self, name: str, dtype: type, shape: tuple[int, ...] | None) -> np.ndarray:
        """The member ``name`` checked by its header, copied out of the file as ``dtype``."""
        member, view = self._view(name, dtype, shape)
        array: np.ndarray = np.array(view, dtype=dtype)
        del view
        self.npz.done_with(member)
        return array

    def _place(self, name: str, shape: tuple[int, int], into: np.ndarray, rows: np.ndarray) -> None:
        """Copy the number array ``name`` (of ``shape``) into the ``rows`` of ``into``.

        Read once, where it lies in the file; its pages are dropped at once,
        so the file's bytes and the scenario's columns are not held together.
        """
        member, view = self._view(name, np.float64, shape)
        into[rows] = view  # any real type is read as float64 on the way
        del view
        self.npz.done_with(member)


def _expected_numbers(name: str, shape: tuple[int, ...]) -> Phrase:
    """What a number array must hold, in words (its shape, and why)."""
    if name in ("alpha", "beta"):
        return Phrase(
            QT_TRANSLATE_NOOP("ScenarioError", "floats {shape}: one per step, NaN where none"),
            shape=_shape_text(shape),
        )
    return Phrase(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "numbers {shape}: one row of {size} = {width} per {kind}"
        ),
        shape=_shape_text(shape),
        size="d_v" if name == "values" else "d_k",
        width=shape[1],
        kind=Term("write" if name in ("keys", "values") else "read"),
    )


def read_archive(data: Buffer, hasher: Any = None) -> Scenario:
    """The scenario in the archive ``data`` (bytes, or a file mapped), checked.

    Every byte's CRC-32 is checked (and fed to ``hasher``, a :mod:`hashlib`
    object, for the file's stamp) in a thread beside the reading: hashing and
    the CRC let the reading run meanwhile. A damaged archive is refused as
    such, before what its damage may have made of a step.

    Its replay is not checked here (see :func:`~linviz.model.file_parts.checked_finite`).
    No array of ``data`` is held once this returns: a mapping may be closed.

    Raises
    ------
    ScenarioError
        Naming the array or the first bad step and its field (the caller adds the file).
    """
    try:
        npz = NpzReader(data, limits.MAX_FILE_BYTES)
    except NpzDamage as damage:
        raise _damaged(damage) from None
    if MARKER not in npz.infos:
        npz.close()
        raise _refusal(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "this archive holds arrays to import, not a scenario (it has no {marker}): "
                "open it from a file named .npz, or convert it with linviz import",
            ),
            marker=f"{MARKER}.npy",
        )
    reader = _ArchiveReader(npz)
    checks = Beside(partial(npz.check_bytes, hasher))
    refusal = None
    try:
        try:
            scenario = reader.scenario()
        except ScenarioError as error:
            # A copy, raised once the original is gone: its frames hold views of the file.
            refusal = error.located()
        try:
            checks.outcome()  # damage first
        except NpzDamage as damage:
            raise _damaged(damage) from None
        if refusal is not None:
            raise refusal
        return scenario
    finally:
        checks.join()  # nothing reads data once it may be closed
        for member in reader.read:
            npz.done_with(member)
        npz.close()


# -- writing ---------------------------------------------------------------------------------
class _Collected(io.RawIOBase):
    """A stream that only collects what is written to it (zipfile writes into it)."""

    def __init__(self) -> None:
        super().__init__()
        self.pieces: list[bytes] = []
        self.position = 0

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        piece = bytes(data)
        self.pieces.append(piece)
        self.position += len(piece)
        return len(piece)

    def tell(self) -> int:
        return self.position

    def take(self) -> list[bytes]:
        """What was written since the last call."""
        pieces, self.pieces = self.pieces, []
        return pieces


def _npy_header(dtype: np.dtype, shape: tuple[int, ...]) -> bytes:
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(
        header,
        {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False, "shape": shape},
    )
    return header.getvalue()


def _json_head(scenario: Scenario) -> bytes:
    document = head_of(scenario, LAYOUT_COLUMNS)
    document["steps"] = row_columns(scenario, parameters=False)
    if orjson is not None:
        return orjson.dumps(document)
    import json

    return json.dumps(document, ensure_ascii=False, allow_nan=False).encode("utf-8")


def _member_blocks(scenario: Scenario) -> Iterator[tuple[str, np.dtype, tuple[int, ...], Any]]:
    """Each array member: name, type, shape and its data in blocks (a callable giving them)."""
    n = len(scenario)
    is_write = scenario.write_mask()
    writes = int(np.count_nonzero(is_write))
    head = np.frombuffer(_json_head(scenario), dtype=np.uint8)
    yield MARKER, np.dtype(np.uint8), head.shape, lambda: iter([head])
    ops = np.where(is_write, ord("w"), ord("r")).astype(np.uint8)
    yield "ops", np.dtype(np.uint8), ops.shape, lambda: iter([ops])
    f8 = np.dtype("<f8")
    for name, rows, width, values in (
        ("keys", is_write, scenario.d_k, False),
        ("values", is_write, scenario.d_v, True),
        ("queries", ~is_write, scenario.d_k, False),
    ):
        count = writes if rows is is_write else n - writes
        yield (
            name,
            f8,
            (count, width),
            partial(_rows, scenario, rows, values),
        )
    for name, column in zip(("alpha", "beta"), scenario.parameter_overrides()):
        if not np.isnan(column).all():
            yield name, f8, column.shape, lambda column=column: iter([column])


def _rows(scenario: Scenario, rows: np.ndarray, values: bool) -> Iterator[np.ndarray]:
    """The vectors (or values) of the ``rows`` selected, a block of steps at a time."""
    for start in range(0, len(scenario), WRITE_ROWS):
        stop = start + WRITE_ROWS
        block = scenario.values(start, stop) if values else scenario.vectors(start, stop)
        yield block[rows[start:stop]]


def archive_pieces(scenario: Scenario) -> Iterator[bytes]:
    """The bytes of the scenario archive of ``scenario``, a few megabytes at a time.

    Every array is stored uncompressed (as ``np.savez`` does), little-endian.
    """
    sink = _Collected()
    with zipfile.ZipFile(sink, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, dtype, shape, blocks in _member_blocks(scenario):
            header = _npy_header(dtype, shape)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.file_size = len(header) + int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
            with archive.open(info, "w") as member:
                member.write(header)
                for block in blocks():
                    member.write(np.ascontiguousarray(block, dtype=dtype).data)
                    yield from sink.take()
            yield from sink.take()
    yield from sink.take()
