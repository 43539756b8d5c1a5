"""What kind of file a scenario comes from or goes to, told without importing a reader.

A scenario file is JSON text or a scenario archive (a zip of NumPy arrays,
:mod:`linviz.model.scenario_archive`): the first bytes tell which, whatever
the file's name. Saving, the name decides: one ending in ``.npz`` is
written as an archive, any other as JSON. The readers themselves are
imported only when such a file is met, so start-up does without them.
"""

from __future__ import annotations

import os

#: What every zip file starts with (a local file header, or the end of an empty one).
ZIP_STARTS = (b"PK\x03\x04", b"PK\x05\x06")
#: The name ending of a scenario saved as an archive.
ARCHIVE_SUFFIX = ".npz"
#: The array that makes an ``.npz`` a scenario archive, not arrays to import (it
#: holds the scenario's JSON head).
SCENARIO_MARK = "linviz_scenario"


def is_zip(data: bytes | bytearray | memoryview | object) -> bool:
    """Whether ``data`` (bytes, or a file mapped) is a zip: an archive, never JSON text."""
    return bytes(data[:4]) in ZIP_STARTS  # type: ignore[index]


def names_archive(path: str | os.PathLike[str]) -> bool:
    """Whether a scenario saved to ``path`` is written as an archive (its name ends in .npz)."""
    return os.fspath(path).lower().endswith(ARCHIVE_SUFFIX)
