"""``linviz export SCENARIO --out FILE.html``: the interactive page, without Qt.

Called by :mod:`linviz.views.export.command` once the scenario is open; the
page is text, so no window (and no display) is needed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from linviz.model.errors import ScenarioError
from linviz.model.safe_files import write_safely
from linviz.model.scenario import Scenario
from linviz.page.writer import PAGE_THEMES, page_html

#: The suffix that asks for a page rather than an image.
PAGE_SUFFIX = ".html"
#: Image options that mean nothing for a page; given, they are refused, not ignored.
_IMAGE_ONLY = (("transparent", "--transparent"), ("editors", "--editors"))


def is_page(out: str | None) -> bool:
    """Whether ``--out`` names an interactive page."""
    return out is not None and Path(out).suffix.lower() == PAGE_SUFFIX


def _fail(message: object) -> int:
    print(f"linviz: {message}", file=sys.stderr)
    return 1


def export_page(scenario: Scenario, options: argparse.Namespace) -> int:
    """Write the page ``options`` ask for; the exit status (1 with one line on stderr).

    ``--theme`` (light, dark, projector) and ``--lang`` (en, fr) apply, and
    ``--step N`` is the step the page opens at. The image options (``--view``,
    ``--scale``, ``--size``, ``--transparent``, ``--editors``) are refused: the
    page shows every step and fits its window.
    """
    theme = options.theme or "light"
    if theme not in PAGE_THEMES:
        return _fail(f"unknown theme {theme!r}: choose {', '.join(PAGE_THEMES)}")
    for name, flag in _IMAGE_ONLY:
        if getattr(options, name, False):
            return _fail(f"{flag} is for images; an .html page takes --theme and --lang")
    if getattr(options, "view", "window") not in (None, "window"):
        return _fail("--view is for images; an .html page shows the whole lesson")
    if getattr(options, "size", None) is not None or float(getattr(options, "scale", 1.0)) != 1.0:
        return _fail("--size and --scale are for images; an .html page fits its window")
    step = None
    if getattr(options, "step", None) is not None:
        try:
            step = int(options.step)
        except ValueError:
            return _fail(f"--step must be the step the page opens at, not {options.step!r}")
        if not 0 <= step <= len(scenario):
            return _fail(
                f"there is no step {step}: the scenario has steps 0 (the empty memory) "
                f"to {len(scenario)}"
            )
    out = Path(options.out)
    if not out.parent.is_dir():
        return _fail(f"cannot write {out}: no such folder {out.parent}")
    try:
        text = page_html(scenario, options.lang or "en", theme, file=options.scenario, step=step)
        written = write_safely(out, [text.encode("utf-8")])
    except ScenarioError as error:
        return _fail(error)
    print(written)
    return 0
