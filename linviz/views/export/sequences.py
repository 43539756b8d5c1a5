"""Every step of a scenario as numbered images, or as one animated GIF."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.views.export.images import (
    ExportCancelled,
    ExportError,
    background_color,
    check_scale,
    check_shown,
    check_suffix,
    export_widget,
    png_bytes,
    render_image,
    settle,
    theme_of,
    write_file,
)
from linviz.views.number_text import grouped
from linviz.views.panels.plane_base import fitted_every_step

#: The animation's format.
ANIMATION_SUFFIX = ".gif"


#: The GIF palette is built from a montage of all frames, shrunk to about this area.
MONTAGE_PIXELS = 4_000_000
#: Most frames of an animated GIF (steps 0 … 999). Every frame is held until the
#: GIF is written (about 60 kB each at 1600×1000), and the GIF too: a million
#: steps asked for some 60 GB and ended the app without a word.
MAX_GIF_FRAMES = 1_000
#: Most images "every step" writes (steps 0 … 19,999): about 20 minutes and a
#: gigabyte at 1600×1000; a million steps would have taken most of a day.
MAX_STEP_IMAGES = 20_000


#: ``progress(done, total)`` → keep going? (``False`` cancels the export).
Progress = Callable[[int, int], bool]


def _report(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None and progress(done, total) is False:
        raise ExportCancelled()


@contextmanager
def cursor_kept(session: Session) -> Iterator[None]:
    """Put the session's cursor back where it was on the way out."""
    before = session.cursor
    try:
        yield
    finally:
        session.set_cursor(before)
        settle()


def numbered_paths(path: str | Path, count: int) -> list[Path]:
    """``name-000.png`` (step 0, the empty memory) … ``name-NNN.png`` next to ``path``.

    At least 3 digits, so the files sort in step order.
    """
    path = Path(path)
    digits = max(3, len(str(count)))
    return [
        path.with_name(f"{path.stem}-{number:0{digits}d}{path.suffix}")
        for number in range(0, count + 1)
    ]


def _steps(session: Session, most: int, too_many: str) -> int:
    """The scenario's number of steps, if steps 0 … make at most ``most`` files or frames.

    Else refused with ``too_many`` (translated), whose ``{0}``, ``{1}`` and ``{2}`` are
    ``most``, the last step and how many steps 0 … would make.
    """
    count = len(session.scenario)
    if count == 0:
        raise ExportError(
            QtCore.QCoreApplication.translate("export", "the scenario has no steps to export")
        )
    if count + 1 > most:
        raise ExportError(too_many.format(grouped(most), grouped(count), grouped(count + 1)))
    return count


def export_all_steps(
    widget: QtWidgets.QWidget,
    session: Session,
    path: str | Path,
    scale: float = 1.0,
    transparent: bool = False,
    progress: Progress | None = None,
) -> list[Path]:
    """One image per step, numbered: ``name-000.png`` (step 0, the empty memory),
    ``name-001.png`` … for ``path`` = ``name.png``.

    ``progress(done, total)`` is called after each file; if it returns
    ``False`` the files written so far are removed and :class:`ExportCancelled`
    is raised. They are removed too if the export fails or is interrupted
    (Ctrl+C): no half sequence is left. The cursor is put back afterwards.
    """
    check_suffix(path)
    check_scale(scale)
    check_shown(widget)
    too_many = QtCore.QCoreApplication.translate(
        "export",
        "at most {0} images are written at once, and steps 0 to {1} would make {2}: "
        "export single steps, or a shorter scenario",
    )
    count = _steps(session, MAX_STEP_IMAGES, too_many)
    targets = numbered_paths(path, count)
    written: list[Path] = []
    try:
        with cursor_kept(session), fitted_every_step():
            for number, target in enumerate(targets):
                session.set_cursor(number)
                written.append(export_widget(widget, target, scale, transparent))
                _report(progress, number + 1, count + 1)
    except BaseException:  # cancelled, failed or interrupted: no half sequence
        for done in written:
            done.unlink(missing_ok=True)
        raise
    return written


def qimage_to_array(image: QtGui.QImage) -> np.ndarray:
    """An ``h × w × 3`` uint8 copy of ``image``'s colours."""
    image = image.convertToFormat(QtGui.QImage.Format.Format_RGB888)
    height, width = image.height(), image.width()
    rows = np.frombuffer(image.constBits(), np.uint8, count=image.sizeInBytes())
    return (
        rows.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).copy()
    )


def export_gif(
    widget: QtWidgets.QWidget,
    session: Session,
    path: str | Path,
    frame_ms: int,
    scale: float = 1.0,
    progress: Progress | None = None,
) -> Path:
    """An animated GIF of ``widget``, one frame per step from step 0 (the empty
    memory), ``frame_ms`` each, looping.

    All frames share one palette built from a montage of every frame, so the
    saturated colours of late steps survive (a palette taken from the first
    frame alone loses them), and quantizing to it is about four times faster
    than Pillow's palette per frame. A panel may change
    height from step to step (a longer legend); every frame is then drawn on
    a canvas of the largest size, in the theme's background. Two consecutive
    frames that are identical pixel for pixel become one frame shown twice as
    long (Pillow merges them); it looks the same. Frames are kept as PNG in
    memory while the steps are drawn, so long scenarios do not exhaust memory.
    """
    from PIL import Image  # imported here: only GIFs need Pillow, start-up stays short

    check_suffix(path, (ANIMATION_SUFFIX,))
    check_scale(scale)
    check_shown(widget)
    if not 20 <= frame_ms <= 60_000:
        raise ExportError(
            QtCore.QCoreApplication.translate(
                "export", "a frame must last 20 ms to 60 s, not {0} ms"
            ).format(frame_ms)
        )
    too_many = QtCore.QCoreApplication.translate(
        "export",
        "a GIF holds at most {0} frames, and steps 0 to {1} would make {2}: "
        "export single steps, or a shorter scenario",
    )
    frames_count = _steps(session, MAX_GIF_FRAMES, too_many) + 1  # steps 0 … count
    total = 2 * frames_count
    encoded: list[bytes] = []
    samples: list[np.ndarray] = []
    width = height = 0
    stride = 1
    with cursor_kept(session), fitted_every_step():
        for number in range(frames_count):
            session.set_cursor(number)
            image = render_image(widget, scale)
            if number == 0:
                area = frames_count * image.width() * image.height()
                stride = max(1, math.ceil(math.sqrt(area / MONTAGE_PIXELS)))
            width, height = max(width, image.width()), max(height, image.height())
            samples.append(qimage_to_array(image)[::stride, ::stride].reshape(-1, 3))
            encoded.append(png_bytes(image))
            _report(progress, number + 1, total)
    colors = np.concatenate(samples)
    del samples
    side = 1024
    colors = np.concatenate([colors, np.repeat(colors[-1:], -len(colors) % side, axis=0)])
    montage = Image.fromarray(colors.reshape(-1, side, 3), "RGB")
    back = background_color(widget)
    canvas_color = (back.red(), back.green(), back.blue())
    theme = theme_of(widget)
    exact = [canvas_color]
    if theme is not None:
        ink = QtGui.QColor(theme.foreground)
        exact.append((ink.red(), ink.green(), ink.blue()))
    # Median cut averages the background with its neighbours (an off-white page);
    # the background and the text colour get entries of their own.
    palette = montage.quantize(256 - len(exact), method=Image.Quantize.MEDIANCUT)
    entries = (palette.getpalette() or [])[: 3 * (256 - len(exact))]
    entries += [0] * (3 * (256 - len(exact)) - len(entries))
    shared = Image.new("P", (1, 1))
    shared.putpalette(entries + [c for color in exact for c in color])
    exact_index = {color: 256 - len(exact) + i for i, color in enumerate(exact)}
    del colors, montage, palette

    def frames() -> Iterator[Image.Image]:
        for number, data in enumerate(encoded, start=1):
            with Image.open(io.BytesIO(data)) as frame:
                canvas = Image.new("RGB", (width, height), canvas_color)
                canvas.paste(frame.convert("RGB"), (0, 0))
            indexed = canvas.quantize(palette=shared, dither=Image.Dither.NONE)
            # Pillow's palette lookup is approximate; exact colours get their entry.
            rgb = np.asarray(canvas)
            index = np.array(indexed)
            for color, entry in exact_index.items():
                index[(rgb == color).all(axis=2)] = entry
            fixed = Image.fromarray(index, "P")
            fixed.putpalette(shared.getpalette())
            yield fixed
            _report(progress, frames_count + number, total)

    sequence = frames()
    first = next(sequence)
    out = io.BytesIO()
    first.save(
        out,
        format="GIF",
        save_all=True,
        append_images=sequence,
        duration=int(frame_ms),
        loop=0,
        optimize=True,
    )
    return write_file(path, out.getvalue())
