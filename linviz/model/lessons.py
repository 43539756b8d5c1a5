"""The lessons bundled with linviz (scenario files shipped in the package)."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path

from linviz.assets import lessons_folder
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.texts import Texts

_NAME = re.compile(r"^(\d+)-(.+)\.json$")


@dataclass(frozen=True)
class Lesson:
    """A bundled lesson: its short name (``"crowding-the-plane"``), title and file."""

    name: str
    title: str
    path: Path


def bundled_lessons() -> list[Lesson]:
    """Every bundled lesson, in teaching order."""
    return list(_lessons_in(lessons_folder()))


@functools.lru_cache(maxsize=4)
def _lessons_in(folder: Path) -> tuple[Lesson, ...]:
    """The lessons of ``folder``, read once: their files ship with linviz.

    Starting the window asked for them five times (the lesson to open, its
    folder twice, File ▸ Lessons), each reading every lesson's JSON for its
    title: about 0.8 ms each time after the first.
    """
    found = []
    for path in sorted(folder.glob("*.json")):
        match = _NAME.match(path.name)
        if not match:
            continue
        title = json.loads(path.read_text(encoding="utf-8")).get("title", match.group(2))
        # A title by language ({"en": …, "fr": …}) as a Texts: English unless asked.
        title = Texts(title) if isinstance(title, dict) else title
        found.append(Lesson(match.group(2), title, path))
    return tuple(found)


def resolve_scenario_path(name_or_path: str) -> Path:
    """A path as given, or the file of the lesson called ``name_or_path``.

    An existing file wins over a lesson of the same name. Lessons may also be
    named by number (``"2"``) or file name.
    """
    path = Path(name_or_path)
    try:
        if path.exists() or path.is_symlink():
            return path  # load_scenario says what is wrong with it, if anything
    except (OSError, ValueError):
        # A name over 255 bytes, a folder without permission, a NUL character:
        # load_scenario words the reason.
        return path
    for number, lesson in enumerate(bundled_lessons(), start=1):
        if name_or_path in (lesson.name, lesson.path.name, lesson.path.stem, str(number)):
            return lesson.path
    names = ", ".join(lesson.name for lesson in bundled_lessons())
    raise ScenarioError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "no such file, and no lesson of that name (lessons: {names})"
        ),
        names=names,
        file=name_or_path,
    )
