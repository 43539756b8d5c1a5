"""Read and write scenario files (JSON, ``"format": "linviz-scenario"``, version 1).

Every way a file can be wrong ends in one :class:`ScenarioError` that names
the file, the step (1-based) and the field. Which problem is named when a
file has several: first what makes it unreadable (no such file, not a
regular file, over :data:`~linviz.model.limits.MAX_FILE_BYTES`, not UTF-8),
then the first place where it is not JSON or holds what JSON a scenario
never holds (``NaN``, a key twice, an integer too long to convert), then
the top-level fields (format, version, unknown keys, rule, sizes, settings,
texts), then the first bad step and, in it, the first bad field.

A file is read without building an object per step: the top-level object
is walked by :mod:`linviz.model.json_reader` and each step, as it is
decoded, is copied into the scenario's columns by
:class:`~linviz.model.step_reader.StepReader`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from linviz.model import limits
from linviz.model.column_checks import ColumnReader
from linviz.model.column_layout import (
    LAYOUT_COLUMNS,
    LAYOUT_STEPS,
    NotFast,
    StepsLayout,
    number_lines,
    number_rows,
    read_fast_placed,
)
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.file_kinds import is_zip, names_archive
from linviz.model.file_parts import (
    STEP_SETTINGS,
    adopt,
    checked_finite,
    head_of,
    row_columns,
    settings_scenario,
)
from linviz.model.json_reader import (
    ArrayItems,
    decode_json_text,
    decode_value,
    skip_space,
    syntax_error,
    walk_object,
)
from linviz.model.safe_files import (
    Buffer,
    DiskStamp,
    Saved,
    digest_hasher,
    digest_of,
    mapped_limited,
    read_limited,
    remove_leftovers,
    save_file,
    size_words,
)
from linviz.model.scenario import Scenario
from linviz.model.step import READ, WRITE
from linviz.model.step_reader import StepReader
from linviz.model.texts import as_json


def scenario_from_dict(document: Any) -> Scenario:
    """Build a checked :class:`Scenario` from a decoded JSON document."""
    if not isinstance(document, dict):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "the file must hold one JSON object (a scenario)")
        )
    header = {key: value for key, value in document.items() if key != "steps"}
    steps = document.get("steps")
    count = len(steps) if isinstance(steps, list) else 0
    scenario = settings_scenario(header, steps, count)
    if isinstance(steps, dict):
        adopt(scenario, ColumnReader(scenario, steps, owned=False), header)
        return scenario
    assert isinstance(steps, list)  # _settings_scenario refused anything else
    reader = StepReader(scenario)
    for raw in steps:
        reader.add(raw)
    adopt(scenario, reader, header)
    return scenario


class _DocumentReader:
    """Reads one scenario document from its text (see the module's docstring)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.header: dict[str, Any] = {}
        self.steps: Any = None  # [] once a steps array is met (it is read apart)
        self.steps_at = -1
        self.step_count = 0
        self.after_steps: set[str] = set()
        self.reader: StepReader | None = None
        self.refusal: ScenarioError | None = None  # the first bad step, reported last

    def read(self) -> Scenario:
        text = self.text
        pos = skip_space(text, 0)
        if not text.startswith("{", pos):
            _, end = decode_value(text, pos)  # what is not JSON is said first
            self._expect_end(skip_space(text, end))
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "the file must hold one JSON object (a scenario)"
                )
            )
        self._expect_end(skip_space(text, walk_object(text, pos, self._member)))
        scenario = settings_scenario(self.header, self.steps, self.step_count)
        if isinstance(self.steps, dict):  # the columns layout
            adopt(scenario, ColumnReader(scenario, self.steps), self.header)
            return scenario
        if self.reader is None or self.after_steps & STEP_SETTINGS:
            # The steps came before the settings they are checked against: read them again.
            self.refusal = None
            self.reader = StepReader(scenario)
            self._read_steps(self.reader)
        if self.refusal is not None:
            raise self.refusal
        adopt(scenario, self.reader, self.header)
        return scenario

    def _expect_end(self, pos: int) -> None:
        if pos != len(self.text):
            raise syntax_error("Extra data", self.text, pos)

    def _member(self, key: str, pos: int) -> int:
        if self.steps is not None:
            self.after_steps.add(key)
        if key != "steps" or not self.text.startswith("[", pos):
            value, end = decode_value(self.text, pos, key)
            if key == "steps":
                self.steps = value
            else:
                self.header[key] = value
            return end
        self.steps, self.steps_at = [], pos
        try:
            self.reader = StepReader(settings_scenario(self.header, [], 0))
        except ScenarioError:
            self.reader = None  # settings still to come (or wrong): read the steps later
        return self._read_steps(self.reader)

    def _read_steps(self, reader: StepReader | None) -> int:
        """Decode every step; give each to ``reader`` until one is refused."""
        items = ArrayItems(self.text, self.steps_at)
        count = 0
        for raw in items:
            count += 1
            if reader is None or self.refusal is not None or count > limits.MAX_STEPS:
                continue
            try:
                reader.add(raw)
            except ScenarioError as error:
                self.refusal = error  # JSON errors later in the file come first
        self.step_count = count
        return items.end


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and check the scenario file at ``path``; check its numbers stay finite.

    Raises
    ------
    ScenarioError
        Naming the file, the step and the field of the first problem.
    """
    name = os.fspath(path)
    with mapped_limited(name, limits.MAX_FILE_BYTES) as mapping:
        scenario = None if mapping is None else _read_columnar(mapping, name)
    if scenario is not None:
        return checked_finite(scenario, name)
    return _scenario_from_bytes(read_limited(name, limits.MAX_FILE_BYTES), name)


def _scenario_from_bytes(data: bytearray, name: str) -> Scenario:
    """The scenario in ``data`` read the general way (``data`` is emptied: held once)."""
    scenario = _read_columnar(data, name, archive_only=True)
    if scenario is not None:
        return checked_finite(scenario, name)
    try:
        text = decode_json_text(data)
    except ScenarioError as error:
        raise error.located(file=name) from None
    del data[:]  # the text alone from here: a large file is not held twice
    return _scenario_from_text(text, name)


def _read_columnar(
    data: Buffer, name: str, hasher: Any = None, archive_only: bool = False
) -> Scenario | None:
    """The scenario of a scenario archive or a columns-layout file read the fast way, or ``None``.

    ``None``: the file is JSON in the steps layout, or holds something the
    fast reader does not expect; the general reader then reads it (and words
    any refusal). ``archive_only``: ``None`` for any JSON. ``hasher`` is fed
    every byte of ``data`` when it is read this way (see
    :func:`~linviz.model.column_layout.read_fast_placed`).
    """
    if is_zip(data):  # a scenario archive (or arrays): never JSON
        from linviz.model.scenario_archive import read_archive

        try:
            return read_archive(data, hasher)
        except ScenarioError as error:
            raise error.located(file=name) from None
    if archive_only:
        return None
    try:
        header, steps, placed = read_fast_placed(data, hasher)
    except (NotFast, StepsLayout):
        return None
    try:
        scenario = settings_scenario(header, steps, 0)
        if placed is not None and (
            placed.vectors.shape[1] != scenario.d_k or placed.values.shape[1] != scenario.d_v
        ):
            return None  # sizes the settings changed: the general reader reads it
        reader = ColumnReader(scenario, steps, finite_arrays=True, placed=placed)
        adopt(scenario, reader, header)
    except ScenarioError as error:
        raise error.located(file=name) from None
    return scenario


def _stat_or_none(name: str) -> os.stat_result | None:
    try:
        return os.stat(name)
    except (OSError, ValueError):
        return None


def load_scenario_stamped(path: str | os.PathLike[str]) -> tuple[Scenario, DiskStamp]:
    """Like :func:`load_scenario`, with the file's :class:`DiskStamp` taken from the bytes read.

    The metadata is taken before the read, so a change made while the file
    was being read shows as a change later. Temporary files that killed
    saves of this file left beside it are removed.

    Raises
    ------
    ScenarioError
        As :func:`load_scenario`.
    """
    name = os.fspath(path)
    before = _stat_or_none(name)  # None: read_limited says why, or it appeared since
    fast, hasher = None, digest_hasher()
    with mapped_limited(name, limits.MAX_FILE_BYTES) as mapping:
        if mapping is not None:
            # Hashed as it is read: one pass over the file's pages, each dropped once done.
            fast = _read_columnar(mapping, name, hasher)
    if fast is not None:  # an archive or a columns-layout file: never decoded as one text
        info = before or _stat_or_none(name)
        stamp = DiskStamp.of(info, hasher.hexdigest()) if info else DiskStamp(-1, 0, 0, 0, "")
        scenario = checked_finite(fast, name)
        remove_leftovers(Path(name).parent, Path(name).name)
        return scenario, stamp
    data = read_limited(name, limits.MAX_FILE_BYTES)
    info = before or _stat_or_none(name)
    # No metadata at all (gone again at once): a stamp no file matches, so a save asks.
    stamp = DiskStamp.of(info, digest_of(data)) if info else DiskStamp(-1, 0, 0, 0, "")
    scenario = _scenario_from_bytes(data, name)
    remove_leftovers(Path(name).parent, Path(name).name)
    return scenario, stamp


def load_scenario_bytes(data: bytes | bytearray, name: str) -> Scenario:
    """Like :func:`load_scenario` for bytes already read; ``name`` is used in errors."""
    if len(data) > limits.MAX_FILE_BYTES:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "the file holds {held}; a scenario file may hold at most {limit}"
            ),
            held=size_words(len(data)),
            limit=size_words(limits.MAX_FILE_BYTES),
            file=name,
        )
    scenario = _read_columnar(data, name)
    if scenario is not None:
        return checked_finite(scenario, name)
    try:
        text = decode_json_text(data)
    except ScenarioError as error:
        raise error.located(file=name) from None
    return _scenario_from_text(text, name)


def _scenario_from_text(text: str, name: str) -> Scenario:
    try:
        scenario = _DocumentReader(text).read()
    except ScenarioError as error:
        raise error.located(file=name) from None
    return checked_finite(scenario, name)


#: Steps turned into JSON objects at a time when a scenario is written.
WRITE_CHUNK = 8192


def step_objects(scenario: Scenario) -> Iterator[dict[str, Any]]:
    """Each step as the JSON object a file holds, built from the columns a chunk at a time."""
    labels, targets, captions = scenario.text_columns()
    notes, questions = scenario.teaching_columns()
    written_for = scenario.caption_written_for
    texts_for = scenario.text_written_for
    for start in range(0, len(scenario), WRITE_CHUNK):
        stop = min(start + WRITE_CHUNK, len(scenario))
        is_write = scenario.write_mask(start, stop).tolist()
        vectors = number_rows(scenario.vectors(start, stop))
        values = number_rows(scenario.values(start, stop))
        alphas, betas = (column.tolist() for column in scenario.parameter_overrides(start, stop))
        for row in range(stop - start):
            i = start + row
            item: dict[str, Any]
            if is_write[row]:
                item = {"op": WRITE, "key": vectors[row], "value": values[row]}
            else:
                item = {"op": READ, "query": vectors[row]}
            item["label"] = labels[i]
            if targets[i] is not None:
                item["target"] = targets[i]
            if alphas[row] == alphas[row]:  # not NaN
                item["alpha"] = alphas[row]
            if betas[row] == betas[row]:
                item["beta"] = betas[row]
            if captions[i]:
                item["caption"] = as_json(captions[i])
                if labels[i] in written_for:
                    item["caption_for"] = written_for[labels[i]]
            if notes[i]:
                item["notes"] = as_json(notes[i])
                if (labels[i], "notes") in texts_for:
                    item["notes_for"] = texts_for[(labels[i], "notes")]
            if questions[i]:
                item["question"] = as_json(questions[i])
                if (labels[i], "question") in texts_for:
                    item["question_for"] = texts_for[(labels[i], "question")]
            yield item


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """The scenario as the JSON document :func:`save_scenario` writes (steps layout)."""
    return {**head_of(scenario), "steps": list(step_objects(scenario))}


def scenario_text(scenario: Scenario, layout: str | None = None) -> Iterator[str]:
    """The file text in pieces of a few thousand steps.

    ``layout``: ``"steps"`` (two-space indent, one step per line) or
    ``"columns"`` (one column per member, one vector per line); by default
    the layout the scenario was read in (:attr:`Scenario.layout`).
    """
    layout = scenario.layout if layout is None else layout
    if layout == LAYOUT_COLUMNS:
        yield from _columns_text(scenario)
        return
    if layout != LAYOUT_STEPS:
        raise ValueError(f"unknown layout {layout!r}")
    head = json.dumps(head_of(scenario), indent=2, ensure_ascii=False, allow_nan=False)
    yield head[:-2] + ",\n"
    if not len(scenario):
        yield '  "steps": []\n}\n'
        return
    encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    lines = ['  "steps": [\n']
    separator = "    "
    for item in step_objects(scenario):
        lines.append(separator + encode(item))
        separator = ",\n    "
        if len(lines) >= WRITE_CHUNK:
            yield "".join(lines)
            lines.clear()
    lines.append("\n  ]\n}\n")
    yield "".join(lines)


def _columns_text(scenario: Scenario) -> Iterator[str]:
    """The file text in the columns layout (see :mod:`linviz.model.column_layout`)."""
    head = json.dumps(
        head_of(scenario, LAYOUT_COLUMNS), indent=2, ensure_ascii=False, allow_nan=False
    )
    is_write = scenario.write_mask()
    ops = np.where(is_write, ord("w"), ord("r")).astype(np.uint8).tobytes().decode("ascii")
    yield head[:-2] + ',\n  "steps": {\n    "ops": "' + ops + '"'
    encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
    columns = row_columns(scenario)
    for name, column in columns.items():
        if name in ("captions", "notes", "questions"):  # one text per line
            items = ",\n      ".join(map(encode, column))
            yield f',\n    "{name}": [\n      {items}\n    ]'
        else:
            yield f',\n    "{name}": ' + encode(column)
    for name, rows in (("keys", True), ("values", True), ("queries", False)):
        yield f',\n    "{name}": ['
        blocks = _selected_blocks(scenario, is_write if rows else ~is_write, name == "values")
        empty = True
        for piece in number_lines(blocks, "      "):
            yield ("\n" if empty else "") + piece
            empty = False
        yield "]" if empty else "\n    ]"
    yield "\n  }\n}\n"


def _selected_blocks(scenario: Scenario, rows: np.ndarray, values: bool) -> Iterator[np.ndarray]:
    """The vectors (or values) of the ``rows`` selected, a chunk of steps at a time."""
    for start in range(0, len(scenario), WRITE_CHUNK):
        stop = min(start + WRITE_CHUNK, len(scenario))
        block = scenario.values(start, stop) if values else scenario.vectors(start, stop)
        yield block[rows[start:stop]]


def dumps_scenario(scenario: Scenario, layout: str | None = None) -> str:
    """The file text (see :func:`scenario_text`)."""
    return "".join(scenario_text(scenario, layout))


def save_scenario(
    scenario: Scenario, path: str | os.PathLike[str], layout: str | None = None
) -> Path:
    """Write ``scenario`` to ``path`` atomically, as a careful editor saves.

    ``layout``: ``"steps"`` or ``"columns"``; by default the one the scenario
    was read in (:attr:`Scenario.layout`), so a file keeps its layout.

    A crash or a full disk leaves either the old file or the new one, never
    half of one; the file keeps its permissions, a symbolic link is written
    through, a read-only file is refused (see :mod:`linviz.model.safe_files`).
    Returns the file written (a link's target).

    Raises
    ------
    ScenarioError
        For any failure, naming the file and the reason; the old file is intact.
    """
    return write_scenario(scenario, path, layout).path


def write_scenario(
    scenario: Scenario, path: str | os.PathLike[str], layout: str | None = None
) -> Saved:
    """Like :func:`save_scenario`, telling what the save did (:class:`Saved`).

    Raises
    ------
    ScenarioError
        For any failure, naming the file and the reason; the old file is intact.
    """
    name = os.fspath(path)
    if names_archive(name):
        from linviz.model.scenario_archive import archive_pieces

        return save_file(name, archive_pieces(scenario))
    # Written as it is made: a million steps never exist as one text.
    pieces = (piece.encode("utf-8") for piece in scenario_text(scenario, layout))
    return save_file(name, pieces)
