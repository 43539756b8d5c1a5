"""A file's flat number columns written straight into the scenario's rows as they are read.

A columns-layout file holds its keys, values and queries as flat columns
(``keys`` the writes' keys one after another, ``queries`` the reads'); a
scenario holds one ``(steps, d_k)`` array of keys and queries and one
``(steps, d_v)`` array of values, zero at the reads. When the file gives
``ops`` and both sizes before its number columns (linviz writes them in
that order), each parsed block goes to its rows at once: a million steps
need neither a flat column grown by doubling (copied each time) nor its
rows spread afterwards: a million steps at d = 8 opened in 1.15 s against
1.24 s (median of three; the writes into rows, with their first page
faults, take back part of the 166 ms the two cost).

The outcome is the same as reading the columns flat: a column whose length
is not the one ``ops`` and the sizes ask for is handed back flat, in the
file's order, for the checks to word.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from linviz.model import limits
from linviz.model.column_checks import PlacedNumbers, check_ops
from linviz.model.errors import ScenarioError

#: Bytes a number takes in a file at least ("0,"): a file asking for more rows
#: than its size can hold is read flat (and refused), its tables never made.
_LEAST_NUMBER_BYTES = 2
#: The rows each number column fills: the writes' or the reads'.
_ROWS_OF = {"keys": "writes", "values": "writes", "queries": "reads"}


class RowPlacer:
    """Write a flat number column, block by block, into its rows of a table.

    Parameters
    ----------
    table
        The ``(steps, width)`` array the numbers go to.
    rows
        The rows (ascending) the column fills, ``width`` numbers each.
    """

    def __init__(self, table: np.ndarray, rows: np.ndarray) -> None:
        self._table, self._rows = table, rows
        self._width = table.shape[1]
        self._capacity = len(rows) * self._width
        self._held = 0
        #: Numbers past the last row (a column too long), kept to hand it back whole.
        self._beyond: list[np.ndarray] = []

    def take(self, block: np.ndarray) -> None:
        """Place the column's next numbers."""
        room = self._capacity - self._held
        if len(block) > room:
            self._beyond.append(block[room:])
            block = block[:room]
        table, rows, width = self._table, self._rows, self._width
        at, taken = self._held, 0
        row, column = divmod(at, width)
        if column and len(block):  # the rest of a row the last block began
            count = min(width - column, len(block))
            table[rows[row], column : column + count] = block[:count]
            taken, row = count, row + 1  # that row is done, or the block is
        whole = (len(block) - taken) // width
        if whole:
            table[rows[row : row + whole]] = block[taken : taken + whole * width].reshape(
                whole, width
            )
            taken, row = taken + whole * width, row + whole
        if taken < len(block):  # the start of a row the next block ends
            table[rows[row], : len(block) - taken] = block[taken:]
        self._held = at + len(block)

    @property
    def complete(self) -> bool:
        """Whether the column held exactly the numbers its rows take."""
        return self._held == self._capacity and not self._beyond

    def flat(self) -> np.ndarray:
        """The numbers taken, in the column's order (for a column of the wrong length)."""
        whole, part = divmod(self._held, self._width)
        pieces = [self._table[self._rows[:whole]].ravel()]
        if part:
            pieces.append(self._table[self._rows[whole], :part])
        return np.concatenate([*pieces, *self._beyond])


def _size(value: Any) -> int | None:
    """A size the scenario takes (``d_k``, ``d_v``), or ``None``."""
    if type(value) is int and limits.MIN_DIM <= value <= limits.MAX_DIM:
        return value
    return None


class Placing:
    """Decides, at a file's first number column, whether its columns go straight to rows.

    They do when the file gave ``ops`` (letters ``w`` and ``r`` only) and
    valid ``d_k`` and ``d_v`` before it; otherwise every column is read
    flat, as before.

    Parameters
    ----------
    header
        The file's top-level fields read so far.
    steps
        The steps object's members read so far.
    file_bytes
        The file's size.
    """

    def __init__(self, header: dict[str, Any], steps: dict[str, Any], file_bytes: int) -> None:
        self._header, self._steps, self._file_bytes = header, steps, file_bytes
        self._decided = False
        self._tables: PlacedNumbers | None = None
        self._rows: dict[str, np.ndarray] = {}
        self._placers: dict[str, RowPlacer] = {}

    def placer(self, column: str) -> RowPlacer | None:
        """The placer of number column ``column``; ``None``: read it flat."""
        if not self._decided:
            self._decided = True
            self._tables = self._make_tables()
        if self._tables is None:
            return None
        table = self._tables.values if column == "values" else self._tables.vectors
        placer = RowPlacer(table, self._rows[_ROWS_OF[column]])
        self._placers[column] = placer
        return placer

    def _make_tables(self) -> PlacedNumbers | None:
        ops = self._steps.get("ops")
        d_k, d_v = _size(self._header.get("d_k")), _size(self._header.get("d_v"))
        if type(ops) is not str or not ops.isascii() or d_k is None or d_v is None:
            return None
        # As an archive holds ops, the letters' codes: check_ops reads them without
        # decoding the text as UTF-32 (a million letters: 1 ms, not 8).
        letters = np.frombuffer(ops.encode("ascii"), dtype=np.uint8)
        try:
            is_write = check_ops(letters)
        except ScenarioError:  # refused by the checks, in their words, when read flat
            return None
        steps, writes = len(ops), int(is_write.sum())
        if (steps * d_k + writes * d_v) * _LEAST_NUMBER_BYTES > self._file_bytes:
            return None
        self._rows = {"writes": np.flatnonzero(is_write), "reads": np.flatnonzero(~is_write)}
        # Zeros: the reads' values stay zero; calloc'd pages cost nothing until written.
        return PlacedNumbers(np.zeros((steps, d_k)), np.zeros((steps, d_v)))

    def finish(self) -> PlacedNumbers | None:
        """The placed numbers when every column had its length; else ``None``.

        With ``None``, each column read went back into ``steps`` flat, for
        the checks to word what is wrong.
        """
        if self._tables is None:
            return None
        missing_rows = any(
            column not in self._placers and len(self._rows[rows])
            for column, rows in _ROWS_OF.items()
        )
        if not missing_rows and all(placer.complete for placer in self._placers.values()):
            return self._tables
        for column, placer in self._placers.items():
            self._steps[column] = placer.flat()
        return None
