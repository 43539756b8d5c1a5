"""Read arrays saved by NumPy (``.npz``, ``.npy``) into a scenario.

An ``.npz`` holds arrays named as :func:`~linviz.model.arrays.scenario_from_arrays`
takes them (``q``, ``k``, ``v``, ``beta``, ``g`` or ``alpha``; or ``keys``,
``values``, ``queries``), plus optionally ``labels`` (1-D text) and ``title``
(one text). A ``.npy`` holds one array and is named after it (``q.npy``,
``layer3_q.npy``): its siblings of the same prefix (``layer3_k.npy`` …) are
read with it.

Nothing is ever unpickled (``allow_pickle=False`` always): an array of
Python objects is refused, named, before it is read. Each array's header is
read first, so a wrong type or a huge array is refused without reading it.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, cast

import numpy as np

from linviz.model.arrays import (
    ARRAY_NAMES,
    VECTOR_ARRAYS,
    ArrayScenario,
    scenario_from_arrays,
    shape_refusal,
    shape_text,
)
from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, shown
from linviz.model.file_kinds import SCENARIO_MARK
from linviz.model.npz_members import npy_header
from linviz.model.rules import Rule
from linviz.model.safe_files import size_words

#: Texts an ``.npz`` may hold besides the arrays.
TEXT_NAMES = ("labels", "title")
KNOWN_NAMES = ARRAY_NAMES + TEXT_NAMES
#: Largest array read, in bytes as stored (a [4, 4096, 32, 128] float32 array is 256 MiB).
MAX_ARRAY_BYTES = 2 * 2**30

_NPY_NAME = re.compile(
    r"^(?P<prefix>.*?[._-])?(?P<name>"
    + "|".join(sorted(KNOWN_NAMES, key=len, reverse=True))
    + r")$"
)


@dataclass(frozen=True)
class ArrayOptions:
    """How to read an array file: which head, which rule, what query scale.

    Attributes
    ----------
    batch, head
        Indices (from 0) into flash-linear-attention's ``[B, T, H, d]`` axes.
    rule
        A rule name overriding the one the arrays imply.
    scale
        Multiplies every query (``"fla"``: ``d_k^-½``).
    title
        The scenario's title (default: the file's own, else a description).
    """

    batch: int | None = None
    head: int | None = None
    rule: str | Rule | None = None
    scale: float | str | None = None
    title: str | None = None


def _refusal(template: str, name: str, field: str | None = None, **values: Any) -> ScenarioError:
    return ScenarioError.of(template, file=name, field=field, **values)


def _check_regular(name: str) -> None:
    try:
        info = os.stat(name)
    except FileNotFoundError:
        raise _refusal(QT_TRANSLATE_NOOP("ScenarioError", "no such file"), name) from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise _refusal(
            QT_TRANSLATE_NOOP("ScenarioError", "cannot be read: {reason}"), name, reason=reason
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise _refusal(
            QT_TRANSLATE_NOOP("ScenarioError", "this is a folder, not a scenario file"), name
        )
    if not stat.S_ISREG(info.st_mode):
        raise _refusal(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "not a regular file: linviz reads regular files only"
            ),
            name,
        )


def _header(stream: IO[bytes]) -> tuple[tuple[int, ...], np.dtype]:
    """The shape and type an ``.npy`` stream declares (its data is not read)."""
    shape, _, dtype = npy_header(stream)
    return shape, dtype


def _check_header(shape: tuple[int, ...], dtype: np.dtype, array: str, name: str) -> None:
    if dtype.hasobject:
        raise _refusal(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{array} is an array of Python objects, which only pickle reads, and linviz "
                "never unpickles: save it as numbers (float32 or float64)",
            ),
            name,
            array,
            array=array,
        )
    text = array in TEXT_NAMES
    if (dtype.kind not in "fiu" and not text) or (text and dtype.kind != "U"):
        expected = "text (a NumPy str array)" if text else "real numbers (float or int)"
        raise _refusal(
            QT_TRANSLATE_NOOP("ScenarioError", "{array} holds {kind}; expected {expected}"),
            name,
            array,
            array=array,
            kind=str(dtype),
            expected=expected,
        )
    size = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    if size > MAX_ARRAY_BYTES:
        raise _refusal(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{array} holds {held} (shape {shape}); linviz reads at most {limit} an array: "
                "save the batch and head you want to see",
            ),
            name,
            array,
            array=array,
            held=size_words(size),
            shape=shape_text(shape),
            limit=size_words(MAX_ARRAY_BYTES),
        )


def _unknown(array: str, name: str) -> ScenarioError:
    if array == SCENARIO_MARK:
        return _refusal(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "this is a scenario archive, not arrays to import: open it as a scenario "
                "(linviz FILE, File ▸ Open)",
            ),
            name,
        )
    return _refusal(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "unknown array {array}; expected arrays named {allowed}"
        ),
        name,
        array,
        array=shown(array),
        allowed=", ".join(KNOWN_NAMES),
    )


def _not_numpy(name: str, error: BaseException) -> ScenarioError:
    reason = str(error).splitlines()[0] if str(error) else type(error).__name__
    return _refusal(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "this is not a NumPy file that can be read (.npz or .npy): {reason}"
        ),
        name,
        reason=shown(reason, 120),
    )


@contextmanager
def _numpy_errors(name: str) -> Iterator[None]:
    """Whatever NumPy or zipfile raise for a damaged file, said in one line naming it."""
    try:
        yield
    except ScenarioError:
        raise
    except MemoryError:
        raise _refusal(
            QT_TRANSLATE_NOOP("ScenarioError", "not enough memory to read this file"), name
        ) from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError, TypeError) as error:
        raise _not_numpy(name, error) from None


def read_npz(path: str | os.PathLike[str]) -> dict[str, np.ndarray]:
    """The arrays of an ``.npz`` file, each checked from its header before it is read."""
    name = os.fspath(path)
    _check_regular(name)
    arrays: dict[str, np.ndarray] = {}
    # Opened here, not by np.load: a damaged archive must not leave the file open.
    with _numpy_errors(name), open(name, "rb") as stream:
        archive = np.load(stream, allow_pickle=False)
        if not isinstance(archive, np.lib.npyio.NpzFile):
            raise _not_numpy(name, ValueError("it holds one array: name it q.npy, keys.npy …"))
        with archive:
            assert archive.zip is not None  # open until its with ends
            for array in archive.files:
                if array not in KNOWN_NAMES:
                    raise _unknown(array, name)
                with archive.zip.open(f"{array}.npy") as member:
                    shape, dtype = _header(member)
                _check_header(shape, dtype, array, name)
                arrays[array] = archive[array]
    return arrays


def read_npy_group(path: str | os.PathLike[str]) -> dict[str, np.ndarray]:
    """``path`` (``q.npy``, ``layer3_q.npy`` …) and its siblings of the same prefix."""
    name = os.fspath(path)
    _check_regular(name)
    file = Path(name)
    match = _NPY_NAME.match(file.stem)
    if match is None:
        raise _refusal(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "a .npy file holds one array and is named after it ({allowed}; e.g. q.npy or "
                "layer3_q.npy), not {got}",
            ),
            name,
            allowed=", ".join(KNOWN_NAMES),
            got=shown(file.name),
        )
    prefix = match.group("prefix") or ""
    arrays: dict[str, np.ndarray] = {}
    for array in KNOWN_NAMES:
        sibling = file.with_name(f"{prefix}{array}{file.suffix}")
        if not sibling.exists():
            continue
        where = os.fspath(sibling)
        _check_regular(where)
        with _numpy_errors(where):
            with open(where, "rb") as stream:
                shape, dtype = _header(stream)
            _check_header(shape, dtype, array, where)
            arrays[array] = np.load(where, allow_pickle=False, mmap_mode="r")
    return arrays


@dataclass(frozen=True)
class ArrayLayout:
    """What an array file holds, read from its headers alone (for a dialog to offer).

    Attributes
    ----------
    names
        Its arrays, in file order.
    batches, heads
        The sizes of flash-linear-attention's ``B`` and ``H`` axes (1 when absent).
    rows
        ``T`` (tokens) or ``N`` (pairs).
    """

    names: tuple[str, ...]
    batches: int
    heads: int
    rows: int


def array_layout(path: str | os.PathLike[str]) -> ArrayLayout:
    """The :class:`ArrayLayout` of an ``.npz`` or ``.npy`` group; no data is read.

    Raises
    ------
    ScenarioError
        As :func:`read_array_file` does for an unreadable file or a refused header.
    """
    name = os.fspath(path)
    _check_regular(name)
    headers: dict[str, tuple[tuple[int, ...], np.dtype]] = {}
    if Path(name).suffix.lower() == ".npz":
        with _numpy_errors(name), zipfile.ZipFile(name) as archive:
            for member in archive.namelist():
                array = member.removesuffix(".npy")
                if array not in KNOWN_NAMES:
                    raise _unknown(array, name)
                with archive.open(member) as stream:
                    headers[array] = _header(stream)
    else:
        arrays = read_npy_group(name)  # memory-mapped: the headers are all that is read
        headers = {array: (value.shape, value.dtype) for array, value in arrays.items()}
    for array, (shape, dtype) in headers.items():
        _check_header(shape, dtype, array, name)
    vectors = [shape for array, (shape, _) in headers.items() if array in VECTOR_ARRAYS]
    shape = vectors[0] if vectors else (0, 0)
    batches, rows, heads = {4: shape[:3], 3: (1, *shape[:2])}.get(len(shape), (1, shape[0], 1))
    return ArrayLayout(tuple(headers), int(batches), int(heads), int(rows))


def _texts(arrays: dict[str, np.ndarray], name: str) -> tuple[list[str] | None, str | None]:
    labels = arrays.pop("labels", None)
    title = arrays.pop("title", None)
    if labels is not None and labels.ndim != 1:
        expected = Phrase(
            QT_TRANSLATE_NOOP("ScenarioError", "[T]: one text per token (or per step)")
        )
        raise shape_refusal("labels", labels.shape, expected).located(file=name)
    if title is not None and title.ndim != 0:
        expected = Phrase(QT_TRANSLATE_NOOP("ScenarioError", "[]: one text"))
        raise shape_refusal("title", title.shape, expected).located(file=name)
    return (
        None if labels is None else [str(x) for x in labels.tolist()],
        None if title is None else str(title[()]),
    )


def read_array_file(
    path: str | os.PathLike[str], options: ArrayOptions | None = None
) -> ArrayScenario:
    """The scenario the arrays in ``path`` (``.npz`` or ``.npy``) describe.

    Raises
    ------
    ScenarioError
        Naming the file, the array (its ``field``) and what was expected.
    """
    options = options or ArrayOptions()
    name = os.fspath(path)
    reader: Callable[[str], dict[str, np.ndarray]] = (
        read_npz if Path(name).suffix.lower() == ".npz" else read_npy_group
    )
    arrays = reader(name)
    labels, title = _texts(arrays, name)
    if options.title is not None:
        title = options.title
    elif title is None:
        title = Path(name).name
    try:
        with _numpy_errors(name):
            return scenario_from_arrays(
                # The names were checked against KNOWN_NAMES as they were read.
                **cast(dict[str, Any], arrays),
                rule=options.rule,
                labels=labels,
                title=title,
                scale=options.scale,
                batch=options.batch,
                head=options.head,
            )
    except ScenarioError as error:
        raise error.located(file=name) from None
