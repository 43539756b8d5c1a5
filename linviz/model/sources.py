"""Where a scenario comes from: a scenario file, or arrays saved by NumPy.

The one place that decides by a file's ending: ``.npy`` is read as arrays
(:mod:`linviz.model.array_files`), and so is an ``.npz`` unless it is a
scenario archive (it holds ``linviz_scenario.npy``,
:mod:`linviz.model.scenario_archive`); anything else is a scenario file
(:mod:`linviz.model.scenario_file`, which reads JSON and archives alike).
``linviz trace``, ``linviz export``, the window and the Python API all open
files here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from linviz.model.array_files import ArrayOptions
    from linviz.model.scenario import Scenario

#: File name endings read as arrays (the readers are imported when one is opened:
#: start-up does without them).
ARRAY_SUFFIXES = (".npz", ".npy")


def is_array_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names arrays to import, not a scenario file.

    By its ending (``.npz``, ``.npy``); an ``.npz`` that is a scenario archive
    is a scenario file (its zip directory alone is read to tell).
    """
    suffix = Path(path).suffix.lower()
    if suffix not in ARRAY_SUFFIXES:
        return False
    if suffix == ".npz":
        from linviz.model.scenario_archive import is_scenario_archive

        return not is_scenario_archive(path)
    return True


def load_scenario_source(
    path: str | os.PathLike[str], arrays: ArrayOptions | None = None
) -> Scenario:
    """The scenario in ``path``: arrays (with ``arrays``' options) or a scenario file.

    Raises
    ------
    ScenarioError
        Naming the file and the first problem.
    """
    if is_array_file(path):
        from linviz.model.array_files import read_array_file

        return read_array_file(path, arrays)
    from linviz.model.scenario_file import load_scenario

    return load_scenario(path)


def load(
    name_or_path: str | os.PathLike[str],
    *,
    batch: int | None = None,
    head: int | None = None,
    rule: str | None = None,
    scale: float | str | None = None,
    title: str | None = None,
) -> Scenario:
    """The scenario in a file (scenario or arrays) or the bundled lesson of that name.

    The keywords read an ``.npz``/``.npy`` file (see
    :class:`~linviz.model.array_files.ArrayOptions`).
    """
    from linviz.model.array_files import ArrayOptions
    from linviz.model.lessons import resolve_scenario_path

    path = resolve_scenario_path(os.fspath(name_or_path))
    options = ArrayOptions(batch=batch, head=head, rule=rule, scale=scale, title=title)
    return load_scenario_source(path, options if options != ArrayOptions() else None)
