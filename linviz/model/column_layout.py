"""The columns layout of a scenario file: read fast, written a column at a time.

The same JSON document as the steps layout (``"format": "linviz-scenario"``,
version 1) with ``"layout": "columns"``, whose ``"steps"`` is one object of
columns instead of a list of step objects (README, "Scenario files")::

    "steps": {
      "ops": "wwr",
      "labels": ["k1", "k2", "r1"],
      "targets": [null, null, "k1"],
      "keys": [1, 0,
               0, 1],
      "values": [1, 0,
                 0, 1],
      "queries": [1, 0]
    }

Reading a million steps builds no object per number: :func:`read_fast` walks
the file's bytes, decodes each small member with the standard library's
strict decoder, and reads the number columns half a megabyte at a time
straight into float64 arrays (with simdjson where it is installed, which
writes doubles without a float object each; else orjson, five times faster
than the standard library on numbers). It never holds the
document as text. Whatever it does not expect (invalid JSON, a number JSON
or a scenario does not allow, an unusual shape) makes it give up with
:class:`NotFast`; the caller then reads the file the slow, general way,
which words the refusal exactly as for any file.
"""

from __future__ import annotations

import codecs
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

import numpy as np

from linviz.model.beside import Beside
from linviz.model.column_checks import PlacedNumbers
from linviz.model.errors import ScenarioError
from linviz.model.json_reader import JsonSyntaxError, decode_value
from linviz.model.row_placing import Placing
from linviz.model.safe_files import Buffer, drop_pages
from linviz.model.text_measures import measured

try:  # five times faster than the standard library on a million rows of numbers
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; a build may lack a wheel
    # None stands for the missing module: each use checks for it first.
    orjson = None  # type: ignore[assignment]

LAYOUT_STEPS, LAYOUT_COLUMNS = "steps", "columns"
LAYOUTS = (LAYOUT_STEPS, LAYOUT_COLUMNS)
#: A scenario made from arrays with at least this many steps is filed in columns:
#: a million such steps saved one object each took 15 s to save and 13-40 s to open
#: again, in columns 3 s and about 1.5 s. Fewer steps stay readable, a step a line.
COLUMNS_FROM_STEPS = 10_000


def layout_for_steps(count: int) -> str:
    """The layout a new scenario of ``count`` steps is saved in (see COLUMNS_FROM_STEPS)."""
    return LAYOUT_COLUMNS if count >= COLUMNS_FROM_STEPS else LAYOUT_STEPS


#: The number columns, read in bulk.
NUMBER_COLUMNS = frozenset({"keys", "values", "queries"})
#: Bytes of a number column parsed at a time (~25,000 numbers). Small enough that
#: the float objects of one chunk reuse the memory the last one freed: with 4 MB
#: chunks the kernel's page faults took 1.6 s of a million-step open, with 512 kB 0.65 s.
NUMBER_CHUNK = 1 << 19
#: First window decoded for a small member; grown eightfold until the value fits.
WINDOW = 1 << 16

_SPACE = re.compile(rb"[ \t\n\r]*")
_KEY = re.compile(rb'"([^"\\\x00-\x1f]*)"[ \t\n\r]*:[ \t\n\r]*')
_NUMBER_START = re.compile(rb"\[[ \t\n\r]*[-0-9]")
_EMPTY_ARRAY = re.compile(rb"\[[ \t\n\r]*\]")


class NotFast(Exception):
    """The fast reader met what it does not expect: read the file the general way."""


class StepsLayout(Exception):
    """The file's ``steps`` is a list: the steps layout, read by the step reader."""


def _refuse_constant(name: str) -> Any:
    raise NotFast(name)


def _parse_numbers(text: bytes | bytearray | memoryview) -> list[Any]:
    """The numbers of the JSON array ``text`` (strict JSON); :class:`NotFast` for anything else."""
    try:
        if orjson is not None:
            return orjson.loads(text)
        return json.loads(bytes(text), parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        raise NotFast("not a list of numbers") from None


def simdjson_module() -> Any:
    """pysimdjson, imported at the first number column (start-up reads none): or ``None``.

    It reads a column's numbers straight into doubles, with no float object each.
    """
    try:
        import simdjson
    except ImportError:  # pragma: no cover - pysimdjson is a dependency; a build may lack a wheel
        return None
    return simdjson


def _block_reader() -> Callable[[memoryview], np.ndarray]:
    """A reader of JSON arrays of numbers (checked to hold no other value) into float64.

    simdjson's where it is installed: it writes the doubles straight into a
    buffer; a million-step file loads in about half the time it takes
    orjson's floats gathered by numpy.
    Refuses (:class:`NotFast`) what simdjson refuses: invalid JSON, a
    number beyond the float range, an integer beyond 64 bits.
    """
    simdjson = simdjson_module()
    if simdjson is None:
        return _numbers_as_floats
    parser = simdjson.Parser()  # one per column: a parser is reused, never shared

    def read(text: memoryview) -> np.ndarray:
        try:
            document = parser.parse(text)
        except (ValueError, RuntimeError):
            raise NotFast("not a list of numbers") from None
        try:
            if not isinstance(document, simdjson.Array):
                raise NotFast("not a list")
            return np.frombuffer(document.as_buffer(of_type="d"), dtype=np.float64)
        except (TypeError, ValueError, RuntimeError):
            raise NotFast("not a list of numbers") from None
        finally:
            del document  # the parser takes the next chunk only once it is gone

    return read


def _numbers_as_floats(text: memoryview) -> np.ndarray:
    """The numbers of the JSON array ``text`` as float64, through Python's floats."""
    numbers = _parse_numbers(text)
    try:
        return np.fromiter(numbers, dtype=np.float64, count=len(numbers))
    except (OverflowError, TypeError, ValueError):
        raise NotFast("an integer beyond the float range, or not a number") from None


#: Characters that start a JSON value other than a number (or a nested one).
_NOT_NUMBERS = (b'"', b"t", b"f", b"n", b"[", b"{", b"N", b"I")


class Passed:
    """The bytes of a file the fast reader is done with: their pages dropped.

    Parameters
    ----------
    data
        The file's bytes (or the file mapped).
    """

    def __init__(self, data: Buffer) -> None:
        self._data = data

    def upto(self, stop: int, first: int) -> None:
        """The reader is done with every byte before ``stop``; drop the pages from ``first``."""
        drop_pages(self._data, first, stop)


#: Bytes hashed at a time: the hashing thread drops each part's pages behind it.
HASH_CHUNK = 1 << 23


def hash_all(data: Buffer, hasher: Any, cancel: threading.Event | None = None) -> None:
    """Feed every byte of ``data`` to ``hasher`` in order, dropping a mapping's pages behind.

    Stops (the hasher part-fed) as soon as ``cancel`` is set.
    """
    with memoryview(data) as view:
        for start in range(0, len(data), HASH_CHUNK):
            if cancel is not None and cancel.is_set():
                return
            stop = min(start + HASH_CHUNK, len(data))
            hasher.update(view[start:stop])
            drop_pages(data, start, stop)


def read_number_column(
    data: Buffer, pos: int, passed: Passed | None = None
) -> tuple[np.ndarray, int]:
    """The flat numbers of the array at ``pos`` as float64; and the position after it.

    Refuses (:class:`NotFast`) anything but finite JSON numbers. The pages
    of a mapped file are dropped once their numbers are read (and hashed,
    with ``passed``).
    """
    # The numbers go straight into one array, grown by doubling (in place, for a large
    # one): no list of chunks to copy again at the end, nor twice the column's memory.
    numbers_read = np.empty(NUMBER_CHUNK // 8)
    held = 0

    def take(block: np.ndarray) -> None:
        nonlocal numbers_read, held
        if held + len(block) > len(numbers_read):
            numbers_read.resize(max(2 * len(numbers_read), held + len(block)), refcheck=False)
        numbers_read[held : held + len(block)] = block
        held += len(block)

    end = parse_number_column(data, pos, take, passed)
    numbers_read.resize(held, refcheck=False)
    return numbers_read, end


def parse_number_column(
    data: Buffer, pos: int, take: Callable[[np.ndarray], None], passed: Passed | None = None
) -> int:
    """Give ``take`` the numbers of the array at ``pos``, a float64 block at a time, in order.

    Returns the position after the array. Refuses (:class:`NotFast`)
    anything but finite JSON numbers. The array's end is found a chunk at a
    time, so its bytes are walked once; the pages of a mapped file are
    dropped once their numbers are read (and hashed, with ``passed``).
    """
    empty = _EMPTY_ARRAY.match(data, pos)
    if empty is not None:
        return empty.end()
    if _NUMBER_START.match(data, pos) is None:
        raise NotFast("not a number column")
    if passed is None:
        passed = Passed(data)
    read_block = _block_reader()
    # One buffer for every chunk, "[" + chunk + "]": each byte is copied once.
    buffer = bytearray(NUMBER_CHUNK + 2)
    buffer[0] = ord("[")
    start = pos + 1
    with memoryview(data) as view, memoryview(buffer) as into:
        while True:
            # The column's end, if it is within this chunk (numbers hold no "]").
            end = data.find(b"]", start, start + NUMBER_CHUNK + 1)
            cut = end if end >= 0 else data.rfind(b",", start, start + NUMBER_CHUNK)
            if end < 0 and cut <= start:
                raise NotFast("no comma in a chunk (or no end)")
            size = cut - start
            into[1 : size + 1] = view[start:cut]
            into[size + 1] = ord("]")
            # Only numbers: JSON's grammar then makes every item an int or a float.
            if any(buffer.find(mark, 1, size + 1) >= 0 for mark in _NOT_NUMBERS):
                raise NotFast("not only numbers")
            block = read_block(into[: size + 2])
            if not len(block):  # a chunk of spaces after a comma: "1, ]"
                raise NotFast("a comma too many")
            if not np.isfinite(block).all():
                raise NotFast("not finite")
            take(block)
            passed.upto(cut, start)
            if end >= 0:
                return end + 1
            start = cut + 1


def _texts_at(data: Buffer, pos: int, measure: bool = False) -> tuple[Any, int] | None:
    """A text, or a list of texts and nulls, at ``pos`` read by orjson; else ``None``.

    A million labels are read in one call instead of the standard library's
    growing windows. The value is cut at the first closing mark: if that
    mark was inside a text, the cut value does not parse, and ``None``
    sends it to the general decoder. Objects and numbers go there too (the
    standard library refuses a key twice; numbers keep Python's types).
    ``measure``: a list of texts only comes with what its bytes tell of
    each (:func:`~linviz.model.text_measures.measured`).
    """
    mark = data[pos : pos + 1]
    if orjson is None or mark not in (b"[", b'"'):
        return None
    end = data.find(b"]" if mark == b"[" else b'"', pos + 1) + 1
    if end <= 0:
        return None
    raw = data[pos:end]
    try:
        value = orjson.loads(raw)
    except ValueError:
        return None
    if isinstance(value, str):
        return value, end
    if measure and (texts := measured(value, raw)) is not value:
        return texts, end  # a list of texts only, measured
    if set(map(type, value)) <= {str, type(None)}:
        return value, end
    return None


def _decode_small(data: Buffer, pos: int, measure: bool = False) -> tuple[Any, int]:
    """The JSON value at ``pos`` (strictly decoded) and the position after it.

    ``measure``: see :func:`_texts_at`.
    """
    texts = _texts_at(data, pos, measure)
    if texts is not None:
        return texts
    size = WINDOW
    while True:
        at_end = pos + size >= len(data)
        decoder = codecs.getincrementaldecoder("utf-8")()
        try:
            text = decoder.decode(bytes(data[pos : pos + size]), final=at_end)
        except UnicodeDecodeError:
            raise NotFast("not UTF-8") from None
        try:
            value, end = decode_value(text, 0)
        except JsonSyntaxError:  # perhaps only cut off by the window
            if at_end:
                raise NotFast("not JSON") from None
            size *= 8
            continue
        except ScenarioError:  # NaN, a key twice …: the general reader words it
            raise NotFast("JSON a scenario does not hold") from None
        if end == len(text) and not at_end:  # a number may go on past the window
            size *= 8
            continue
        used = end if text.isascii() else len(text[:end].encode("utf-8"))
        return value, pos + used


def _walk(data: Buffer, pos: int, on_member: Callable[[str, int], int]) -> int:
    """Walk the object at ``pos`` (simple keys only, each once); return the end."""
    if data[pos : pos + 1] != b"{":
        raise NotFast("not an object")
    pos = _SPACE.match(data, pos + 1).end()  # type: ignore[union-attr]
    if data[pos : pos + 1] == b"}":
        return pos + 1
    seen: set[str] = set()
    while True:
        match = _KEY.match(data, pos)
        if match is None:
            raise NotFast("an unusual key")
        try:
            key = match.group(1).decode("utf-8")
        except UnicodeDecodeError:
            raise NotFast("not UTF-8") from None
        if key in seen:
            raise NotFast("a key twice")
        seen.add(key)
        pos = _SPACE.match(data, on_member(key, match.end())).end()  # type: ignore[union-attr]
        mark = data[pos : pos + 1]
        if mark == b",":
            pos = _SPACE.match(data, pos + 1).end()  # type: ignore[union-attr]
        elif mark == b"}":
            return pos + 1
        else:
            raise NotFast("not JSON")


def read_fast(data: Buffer, hasher: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The top-level fields and the steps object of a columns-layout file.

    The steps' number columns are float64 arrays of finite numbers. A
    ``hasher`` (:mod:`hashlib`) is fed the whole of ``data``, in a thread
    beside the parsing, when the file is read this way (it is left part-fed
    otherwise).

    Raises
    ------
    StepsLayout
        When ``steps`` is a list (the steps layout), as soon as it is met.
    NotFast
        For anything the fast path does not expect (the general reader then
        reads the file and words the refusal, if there is one).
    """
    header, steps, _ = _read_hashed(data, hasher, place=False)
    return header, steps


def read_fast_placed(
    data: Buffer, hasher: Any = None
) -> tuple[dict[str, Any], dict[str, Any], PlacedNumbers | None]:
    """As :func:`read_fast`, the number columns written straight into the scenario's rows.

    When the file gives ``ops``, ``d_k`` and ``d_v`` before its number
    columns, and each column has the length they ask for, the numbers come
    back placed (:mod:`linviz.model.row_placing`) and ``steps`` holds no
    number column; otherwise ``None`` and the columns flat, as
    :func:`read_fast` gives them.
    """
    return _read_hashed(data, hasher, place=True)


def _read_hashed(
    data: Buffer, hasher: Any, place: bool
) -> tuple[dict[str, Any], dict[str, Any], PlacedNumbers | None]:
    """:func:`read_fast_placed` (``place``) or :func:`read_fast`, the bytes hashed beside."""
    # The digest is taken from the very bytes read, in a thread beside the parsing; a
    # file this reader gives up on is hashed by the general one: the thread stops.
    cancel = threading.Event()
    digest = Beside(partial(hash_all, data, hasher, cancel)) if hasher is not None else None
    try:
        return _read_fast(data, place)
    except BaseException:
        cancel.set()
        raise
    finally:
        if digest is not None:
            digest.outcome()  # the bytes stay mapped until it is done


def _read_fast(
    data: Buffer, place: bool
) -> tuple[dict[str, Any], dict[str, Any], PlacedNumbers | None]:
    """The walk of the document (see :func:`read_fast_placed`)."""
    header: dict[str, Any] = {}
    steps: dict[str, Any] = {}
    found: list[str] = []
    passed = Passed(data)
    placing = Placing(header, steps, len(data)) if place else None

    def step_member(key: str, pos: int) -> int:
        if key in NUMBER_COLUMNS:
            placer = placing.placer(key) if placing is not None else None
            if placer is not None:
                return parse_number_column(data, pos, placer.take, passed)
            steps[key], end = read_number_column(data, pos, passed)
            return end
        steps[key], end = _decode_small(data, pos, measure=key == "labels")
        return end

    def member(key: str, pos: int) -> int:
        if key != "steps":
            header[key], end = _decode_small(data, pos)
            return end
        if data[pos : pos + 1] == b"[":
            raise StepsLayout
        found.append(key)
        return _walk(data, pos, step_member)

    pos = 3 if data[:3] == codecs.BOM_UTF8 else 0
    pos = _SPACE.match(data, pos).end()  # type: ignore[union-attr]
    end = _SPACE.match(data, _walk(data, pos, member)).end()  # type: ignore[union-attr]
    if end != len(data) or not found:
        raise NotFast("extra data, or no steps")
    passed.upto(len(data), len(data))
    return header, steps, placing.finish() if placing is not None else None


# -- writing ---------------------------------------------------------------------------------
def number_rows(array: np.ndarray) -> list[list[int | float]]:
    """Rows of numbers for JSON: integral ones without ``.0`` so files stay readable."""
    rows = (array + 0.0).tolist()  # + 0.0: no "-0.0"
    integral = (np.floor(array) == array) & (np.abs(array) < 2**53)
    for i in np.flatnonzero(integral.any(axis=1)).tolist():
        rows[i] = [int(x) if whole else x for x, whole in zip(rows[i], integral[i].tolist())]
    return rows


def number_lines(blocks: Iterable[np.ndarray], indent: str) -> Iterator[str]:
    """Blocks of rows of a number column as JSON text: one row per line, a comma between.

    Integral numbers are written without ``.0``, as in the steps layout.
    """
    separator = ""
    for rows in blocks:
        if not len(rows):
            continue
        block = number_rows(rows)
        if orjson is not None:
            text = orjson.dumps(block).decode("ascii")
        else:
            text = json.dumps(block, separators=(",", ":"), allow_nan=False)
        # "[[1,2],[3,4]]" → one row per line; numbers hold no brackets.
        lines = text[2:-2].replace(",", ", ").replace("], [", ",\n" + indent)
        yield separator + indent + lines
        separator = ",\n"
