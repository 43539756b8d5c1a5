"""The labs' numbers as CSV files (Qt-free)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from pathlib import Path


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """``header`` and ``rows`` as CSV text (comma-separated, one line a row)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return out.getvalue()


def write_csv(path: str | Path, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Path:
    """Write ``header`` and ``rows`` to ``path`` as CSV (UTF-8); return the path.

    Raises
    ------
    OSError
        If the file cannot be written.
    """
    path = Path(path)
    path.write_text(csv_text(header, rows), encoding="utf-8")
    return path
