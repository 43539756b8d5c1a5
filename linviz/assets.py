"""Where linviz's installed files are: lessons, translations, icons, desktop entry.

The files live in the top-level ``resources/`` folder of the source tree,
which packaging installs as the package ``linviz.resources``. This module
is the one place that knows both: the installed copy is used when there is
one, the checkout's ``resources/`` otherwise (an editable install maps only
``linviz`` itself). No Qt here: the model and the command line use it too.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

#: The source checkout's resources folder (used when nothing is installed).
CHECKOUT_RESOURCES = Path(__file__).resolve().parent.parent / "resources"


def resources_folder() -> Path:
    """The folder holding ``lessons/``, ``translations/``, ``icons/``."""
    # files("linviz") is a plain folder; files("linviz.resources") would be a
    # namespace package's MultiplexedPath, which is no file-system path.
    installed = Path(str(resources.files("linviz"))) / "resources"
    return installed if (installed / "lessons").is_dir() else CHECKOUT_RESOURCES


def lessons_folder() -> Path:
    """The bundled lesson files (``NN-name.json``)."""
    return resources_folder() / "lessons"


def translations_folder() -> Path:
    """The translations: ``linviz_<lang>.ts`` sources and compiled ``.qm`` files."""
    return resources_folder() / "translations"


def icon_names() -> dict[str, Path]:
    """Every icon, by file stem."""
    folder = resources_folder() / "icons"
    return {path.stem: path for path in sorted(folder.glob("*.svg"))}


def icon_path(name: str) -> Path:
    """The SVG file of icon ``name``.

    Raises
    ------
    ValueError
        When there is no such icon (a typo must not give a blank icon).
    """
    icons = icon_names()
    if name not in icons:
        raise ValueError(f"unknown icon {name!r}; known icons: {', '.join(icons)}")
    return icons[name]


def desktop_entry() -> Path:
    """The freedesktop ``.desktop`` file that puts linviz in application menus."""
    return resources_folder() / "linviz.desktop"
