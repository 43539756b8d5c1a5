"""``linviz export``: images of a scenario without opening a window on screen.

The same window as the app is built on the offscreen platform (chosen when
there is no display), set to the requested theme, size and step, and drawn
by :mod:`linviz.views.export.images`. Every input is checked before Qt starts, so a
mistake costs one line on standard error and exit status 1, as for ``trace``.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.text_rules import whole_from_text
from linviz.page import export as page

if TYPE_CHECKING:
    from PySide6 import QtWidgets
    from PySide6.QtWidgets import QMainWindow

THEMES = ("light", "dark", "projector")
#: The window's drawing area (without menu and status bar) when --size is not given.
DEFAULT_SIZE = (1600, 1000)
#: Window sizes accepted by ``--size`` (each side, in pixels).
MIN_SIDE, MAX_SIDE = 200, 8000
#: The largest image an export draws (width × height after --scale), in pixels.
MAX_PIXELS = 64 * 10**6
SUFFIXES = (".png", ".svg", ".pdf", ".gif")
#: Messages of the offscreen platform that mean nothing for an export.
OFFSCREEN_MESSAGES = ("This plugin does not support",)


class UsageError(Exception):
    """A value the export cannot use; the message names it."""


@dataclass(frozen=True)
class Plan:
    """A checked ``linviz export`` request."""

    out: Path
    suffix: str
    step: int | None  # None: every step (--step all, or a GIF)
    view: str
    scale: float
    theme: str
    size: tuple[int, int]
    language: str | None
    frame_ms: int
    transparent: bool = False
    editors: bool = False  # the window keeps its table of steps, settings and buttons


def parse_size(text: str | None) -> tuple[int, int]:
    """``"1920x1080"`` → ``(1920, 1080)``; ``None`` → the default 1600×1000."""
    if text is None:
        return DEFAULT_SIZE
    match = re.fullmatch(r"\s*([0-9]+)\s*[x×X]\s*([0-9]+)\s*", text)  # not \d: ٥ is a digit
    if match is None:
        raise UsageError(f"--size must look like 1920x1080, not {text!r}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise UsageError(
            f"--size {width}x{height}: each side must be {MIN_SIDE} to {MAX_SIDE} pixels"
        )
    return width, height


def check_pixels(size: tuple[int, int], scale: float) -> None:
    """Refuse an image of more than :data:`MAX_PIXELS` before anything is drawn.

    8000×8000 at scale 4 would be a 1-gigapixel, 4 GB image: the export
    would run out of memory long after it started.
    """
    width, height = round(size[0] * scale), round(size[1] * scale)
    if width * height > MAX_PIXELS:
        raise UsageError(
            f"--size {size[0]}x{size[1]} at --scale {scale:g} makes a {width}x{height} image "
            f"({width * height / 1e6:.1f} megapixels); at most {MAX_PIXELS // 10**6} megapixels: "
            "lower --size or --scale"
        )


def parse_step(text: str | None, count: int, suffix: str) -> int | None:
    """The step to draw (default: the last); ``None`` for every step."""
    if suffix == ".gif":
        if text not in (None, "all"):
            raise UsageError("a GIF shows every step: leave out --step (or use --step all)")
        return None
    if text is None:
        return count
    if text.strip().lower() == "all":
        return None
    try:
        number = whole_from_text(text)  # 0-9 only: int() also reads ٥ and 5_000
    except ValueError:
        raise UsageError(f"--step must be a step number or 'all', not {text!r}") from None
    if not 0 <= number <= count:
        raise UsageError(
            f"there is no step {number}: the scenario has steps 0 (the empty memory) to {count}"
        )
    return number


def make_plan(options: argparse.Namespace, count: int) -> Plan:
    """Check every option that does not need the window (raises :class:`UsageError`)."""
    out = Path(options.out if options.out is not None else "list.png")
    suffix = out.suffix.lower()
    listing = options.view == "list"
    every_step = options.step is not None and options.step.strip().lower() == "all"
    if not listing:
        if suffix not in SUFFIXES:
            raise UsageError(
                f"cannot export to {out.name!r}: the file name must end in " + ", ".join(SUFFIXES)
            )
        # One file per step goes in a folder of its own: --step all makes it.
        if not out.parent.is_dir() and not (every_step and suffix != ".gif"):
            raise UsageError(f"cannot write {out}: no such folder {out.parent}")
    scale = float(options.scale)
    if not 1.0 <= scale <= 4.0:
        raise UsageError(f"--scale must be between 1 and 4, not {scale:g}")
    theme = options.theme or "light"
    if theme not in THEMES:
        raise UsageError(f"unknown theme {theme!r}: choose {', '.join(THEMES)}")
    step = parse_step(options.step, count, suffix) if options.view != "list" else count
    if step is None and count == 0:
        raise UsageError("the scenario has no steps to export")
    frame_ms = int(options.duration)
    if not 20 <= frame_ms <= 60_000:
        raise UsageError(f"--duration must be 20 to 60000 ms, not {frame_ms}")
    transparent = bool(getattr(options, "transparent", False))
    if transparent and suffix != ".png":
        raise UsageError("--transparent needs a .png file")
    size = parse_size(options.size)
    check_pixels(size, scale)
    return Plan(
        out=out,
        suffix=suffix,
        step=step,
        view=options.view,
        scale=scale,
        theme=theme,
        size=size,
        language=options.lang,
        frame_ms=frame_ms,
        transparent=transparent,
        editors=bool(getattr(options, "editors", False)),
    )


def _fail(message: object) -> int:
    print(f"linviz: {message}", file=sys.stderr)
    return 1


def _make_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) for the files of ``--step all``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot make the folder {folder}: {error.strerror or error}") from None


def run_export(options: argparse.Namespace) -> int:
    """Run ``linviz export``; return the exit status (0, or 1 with one line on stderr).

    Meant to run once per process (the ``linviz export`` command): it points
    QSettings at a throwaway folder for good.
    """
    session = Session()
    try:
        from linviz.commands.arrays import array_options

        session.open(options.scenario, arrays=array_options(options))
        if page.is_page(options.out):  # an interactive page is text: no Qt
            return page.export_page(session.scenario, options)
        plan = make_plan(options, len(session.scenario))
        if plan.view != "list" and plan.step is None and plan.suffix != ".gif":
            _make_folder(plan.out.parent)
    except (ScenarioError, UsageError) as error:
        return _fail(error)
    # Remembered window settings must not change what the command draws, nor be
    # changed by it: QSettings go to a throwaway folder for this run.
    with tempfile.TemporaryDirectory(prefix="linviz-export-") as settings_folder:
        return _export(session, plan, settings_folder)


def _export(session: Session, plan: Plan, settings_folder: str) -> int:
    from linviz.views.app import application, main_window

    app = application(language=plan.language)
    from PySide6 import QtCore

    from linviz.views.export import images

    ini = QtCore.QSettings.Format.IniFormat
    QtCore.QSettings.setDefaultFormat(ini)
    QtCore.QSettings.setPath(ini, QtCore.QSettings.Scope.UserScope, settings_folder)
    with images.harmless_messages_hidden(OFFSCREEN_MESSAGES):
        window = main_window(session)
        try:
            return _draw(window, session, plan)
        finally:
            window.hide()
            window.deleteLater()
            app.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


def view_names(window: QMainWindow) -> list[str]:
    """What ``--view`` may name: the window, each panel, each lab."""
    return ["window", *window.panels, *window.labs.names()]


def _draw(window: QMainWindow, session: Session, plan: Plan) -> int:
    from linviz.views.export import images
    from linviz.views.export.slide import editors_hidden

    names = view_names(window)
    if plan.view == "list":
        for name in names:
            print(name)
        return 0
    if plan.view not in names:
        return _fail(f"unknown view {plan.view!r}: choose one of {', '.join(names)}")
    widget = prepare_view(window, session, plan)
    try:
        with editors_hidden(window.desk, hidden=plan.view == "window" and not plan.editors):
            check_window_size(widget, plan)
            written = _write(widget, session, plan)
    except (images.ExportError, UsageError) as error:
        return _fail(error)
    for path in written:
        print(path)
    return 0


def prepare_view(window: QMainWindow, session: Session, plan: Plan) -> QtWidgets.QWidget:
    """Set ``window`` to the plan's theme and size and return the widget of its view.

    ``plan.view`` must be one of :func:`view_names`.
    """
    from PySide6 import QtWidgets

    from linviz.views.export import images

    labs = window.labs.names()
    projector = plan.theme == "projector"
    session.set_options(theme="light" if projector else plan.theme)
    if plan.view in labs or plan.view == "window":  # a lab's figure, or a slide without tabs
        widget = window.labs.prepare_export(plan.view)
    else:
        widget = window.panels[plan.view]
    if projector:  # as projector mode shows it, minus going full screen
        # A slide or a lab as the room sees it; one panel as the desk has it.
        window.set_projector_mode(True, full_screen=False, stage=plan.view not in window.panels)
    for dock in window.findChildren(QtWidgets.QDockWidget):
        if dock.isAncestorOf(widget):
            dock.show()  # the panel asked for is shown even if its dock starts hidden
        elif projector:
            dock.hide()
    width, height = plan.size
    window.resize(width, height)
    window.show()
    images.settle()
    # --size is the drawing area, so 1920x1080 gives a 1920×1080 slide: the menu and
    # status bar, left out of the image, get room of their own.
    chrome = window.height() - images.content_rect(window).height()
    window.resize(width, height + chrome)
    if plan.view in window.panels:
        window.compact.reveal(plan.view)  # a small window shows one panel at a time
    images.settle()
    return widget


def check_window_size(widget: QtWidgets.QWidget, plan: Plan) -> None:
    """Refuse a window export the window cannot be drawn at (raises :class:`UsageError`).

    Below its smallest size (about 420×350 px: one panel at a time, the caption
    and the timeline) the window keeps that size, and the image would not be
    the size asked for.
    """
    from linviz.views.export import images

    if plan.view != "window":
        return
    size = images.export_size(widget)
    drawn = (size.width(), size.height())
    if drawn != tuple(plan.size):
        raise UsageError(
            f"--size {plan.size[0]}x{plan.size[1]}: the window cannot be drawn smaller than "
            f"{max(drawn[0], plan.size[0])}x{max(drawn[1], plan.size[1])} pixels; ask at "
            "least that, or for one view (--view)"
        )


class TerminalProgress:
    """How far a sequence export is (a ``progress(done, total)``), on one terminal line.

    For a person at a terminal only (the caller checks ``isatty``): a script
    reading stderr sees nothing but errors. Ctrl+C stops the export; the
    files written so far are removed (:func:`sequences.export_all_steps`).
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = ""

    def __call__(self, done: int, total: int) -> bool:
        text = f"linviz: exporting, {100 * done // max(total, 1)}% ({done} of {total})"
        if text != self.shown:
            self.stream.write("\r" + text.ljust(len(self.shown)))
            self.stream.flush()
            self.shown = text
        return True

    def clear(self) -> None:
        """Erase the line (what follows is the list of files, or an error)."""
        if self.shown:
            self.stream.write("\r" + " " * len(self.shown) + "\r")
            self.stream.flush()
            self.shown = ""


def _write(widget: object, session: Session, plan: Plan) -> list[Path]:
    """Draw the export ``plan`` asks for; the files written."""
    from linviz.views.export import images, sequences

    progress = TerminalProgress(sys.stderr) if sys.stderr.isatty() else None
    try:
        if plan.suffix == ".gif":
            return [
                sequences.export_gif(
                    widget, session, plan.out, plan.frame_ms, plan.scale, progress=progress
                )
            ]
        if plan.step is None:
            return sequences.export_all_steps(
                widget,
                session,
                plan.out,
                plan.scale,
                transparent=plan.transparent,
                progress=progress,
            )
    finally:
        if progress is not None:
            progress.clear()
    session.set_cursor(plan.step)
    return [images.export_widget(widget, plan.out, plan.scale, transparent=plan.transparent)]
