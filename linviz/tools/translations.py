"""Keep the French translation in step with the code: ``update``, ``compile``, ``check``.

``python -m linviz.tools.translations update`` runs ``pyside6-lupdate`` over
every ``.py`` file of ``linviz/`` into ``resources/translations/linviz_fr.ts``:
new strings are added (unfinished), existing translations are kept, strings
gone from the code are dropped. Translate the unfinished entries (Qt Linguist,
``pyside6-linguist``, or any editor), then ``compile`` writes the ``.qm`` that
linviz loads (it is committed, so a plain ``pip install`` needs no build step).
``check`` exits with status 1 listing every entry that is unfinished, missing
from the ``.ts``, or whose ``.qm`` does not match its ``.ts``. English, the
language of the code, has a ``.ts`` too, holding only the plural forms of
texts counted with ``%Ln`` (``tr("%Ln changes", "", n)``: "1 change").

The ``.ts`` keeps no line numbers (``-locations none``): branches that add
strings in different files then merge without conflicts over moved lines.
No Qt import here: only the two tools shipped with PySide6-Essentials.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from linviz.assets import translations_folder

#: The languages linviz is translated into. English is the source language:
#: its file holds only the plural forms ("%Ln changes" → "1 change").
LANGUAGES = ("en", "fr")
#: Languages whose .ts holds plural forms only (their other texts are the sources).
PLURAL_ONLY = ("en",)
#: The code the strings are extracted from.
SOURCE_FOLDER = Path(__file__).resolve().parent.parent


def ts_path(language: str) -> Path:
    """The translation source of ``language``."""
    return translations_folder() / f"linviz_{language}.ts"


def qm_path(language: str) -> Path:
    """The compiled translation of ``language`` (what linviz loads)."""
    return translations_folder() / f"linviz_{language}.qm"


def tool(name: str) -> str:
    """The path of ``pyside6-NAME`` (``lupdate`` or ``lrelease``).

    The ``pyside6-*`` script beside this Python comes first, then the binary
    shipped inside the PySide6 package (an install without scripts on PATH),
    then whatever is on PATH.
    """
    script = Path(sys.executable).parent / f"pyside6-{name}"
    if script.is_file():
        return str(script)
    try:
        import importlib.util

        spec = importlib.util.find_spec("PySide6")
    except ImportError:  # pragma: no cover - PySide6 is a dependency
        spec = None
    if spec is not None and spec.origin:
        for candidate in (name, f"{name}.exe", f"Qt/libexec/{name}", f"Qt/bin/{name}"):
            binary = Path(spec.origin).parent / candidate
            if binary.is_file():
                return str(binary)
    found = shutil.which(f"pyside6-{name}") or shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"cannot find pyside6-{name} (install PySide6-Essentials)")
    return found


def source_files() -> list[Path]:
    """Every Python file whose strings are translated."""
    return sorted(SOURCE_FOLDER.rglob("*.py"))


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.strip()[-2000:]}")


def update(ts: Path, language: str) -> None:
    """Add the code's new strings to ``ts`` and drop vanished ones; keep translations."""
    files = [str(path) for path in source_files()]
    _run(
        [tool("lupdate"), *files, "-locations", "none", "-no-obsolete"]
        + (["-pluralonly"] if language in PLURAL_ONLY else [])
        + ["-target-language", language, "-ts", str(ts)]
    )
    # lupdate takes a "#:" comment before a string for a note to translators;
    # in linviz those document attributes (Sphinx), so they are dropped.
    text = ts.read_text(encoding="utf-8")
    ts.write_text(_EXTRA_COMMENT.sub("", text), encoding="utf-8")


_EXTRA_COMMENT = re.compile(r"\n *<extracomment>.*?</extracomment>", re.DOTALL)


def compile_ts(ts: Path, qm: Path) -> None:
    """Write the ``.qm`` of ``ts`` (unfinished entries are left out: they show in English)."""
    _run([tool("lrelease"), "-silent", str(ts), "-qm", str(qm)])


@dataclass(frozen=True)
class Entry:
    """One message of a ``.ts`` file."""

    context: str
    source: str
    finished: bool
    plural: bool


def entries(ts: Path) -> list[Entry]:
    """The messages of ``ts`` that are still in the code (not obsolete or vanished)."""
    found = []
    for context in ElementTree.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type") if translation is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            plural = message.get("numerus") == "yes"
            if translation is None:
                texts = []
            elif plural:
                texts = [form.text or "" for form in translation.iter("numerusform")]
            else:
                texts = [translation.text or ""]
            finished = kind != "unfinished" and bool(texts) and all(t.strip() for t in texts)
            source = message.findtext("source") or ""
            found.append(Entry(name, source, finished, plural))
    return found


def problems(language: str) -> list[str]:
    """Everything that keeps ``language``'s translation from being complete and current.

    Each line names one entry: unfinished in the ``.ts``, in the code but
    missing from the ``.ts`` (run ``update``), or a ``.qm`` that is missing or
    does not match its ``.ts`` (run ``compile``).
    """
    ts, qm = ts_path(language), qm_path(language)
    if not ts.is_file():
        return [f"{ts}: missing (run: python -m linviz.tools.translations update)"]
    lines = []
    with tempfile.TemporaryDirectory(prefix="linviz-ts-") as folder:
        fresh = Path(folder) / ts.name
        shutil.copyfile(ts, fresh)
        update(fresh, language)
        known = {(e.context, e.source) for e in entries(ts)}
        for entry in entries(fresh):
            where = f"{entry.context}: {entry.source!r}"
            if (entry.context, entry.source) not in known:
                lines.append(f"missing from {ts.name} (run update): {where}")
            elif not entry.finished:
                lines.append(f"unfinished in {ts.name}: {where}")
        compiled = Path(folder) / qm.name
        compile_ts(ts, compiled)
        if not qm.is_file():
            lines.append(f"{qm.name}: missing (run compile)")
        elif qm.read_bytes() != compiled.read_bytes():
            lines.append(f"{qm.name}: older than {ts.name} (run compile)")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``update``, ``compile`` or ``check``; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m linviz.tools.translations",
        description="Refresh, compile and check linviz's translations.",
    )
    parser.add_argument(
        "action",
        choices=("update", "compile", "check"),
        help="update: add new strings to the .ts files; compile: write the .qm files; "
        "check: list unfinished or missing entries and stale .qm files (status 1 if any)",
    )
    options = parser.parse_args(argv)
    status = 0
    for language in LANGUAGES:
        if options.action == "update":
            update(ts_path(language), language)
            left = [e for e in entries(ts_path(language)) if not e.finished]
            print(f"{ts_path(language)}: {len(left)} entries to translate")
        elif options.action == "compile":
            compile_ts(ts_path(language), qm_path(language))
            print(f"wrote {qm_path(language)}")
        else:
            found = problems(language)
            for line in found:
                print(line)
            if found:
                status = 1
            else:
                print(f"linviz_{language}: complete and compiled")
    return status


if __name__ == "__main__":
    sys.exit(main())
