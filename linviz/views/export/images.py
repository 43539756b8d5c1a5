"""One image of the window or of a panel: PNG, SVG, PDF, or the clipboard.

Everything here renders the live widgets, so an export shows exactly what is
on screen, in the theme and language in use:

- PNG: render into a QImage with a device pixel ratio, so text is drawn at
  1–4× (``QWidget.grab()`` on the offscreen platform is 1× only);
- SVG: QSvgGenerator at the widget's resolution, so text stays text
  (pyqtgraph's own SVG exporter fails on the plots' closed paths);
- PDF: QPdfWriter, one page of the widget's size, images stored losslessly.

For SVG and PDF every heatmap is swapped for a nearest-upsampled copy while
it is drawn, so viewers that smooth embedded bitmaps still show crisp cells.
"""

from __future__ import annotations

import math
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.model.safe_files import write_atomically
from linviz.views.export.transparency import (
    graphics_views,
    key_out_background,
    transparent_background,
)
from linviz.views.export.whole_lines import cut_rows
from linviz.views.items.matrix_item import MatrixItem
from linviz.views.theme import Theme, theme_named

#: Formats of a single image, by file extension.
IMAGE_SUFFIXES = (".png", ".svg", ".pdf")
#: Pixel scales offered (1× to 4×).
MIN_SCALE, MAX_SCALE = 1.0, 4.0
#: Heatmaps are upsampled to at least this many pixels a side for SVG and PDF.
CRISP_PIXELS = 1024
#: Times the event loop runs before a render, so layouts and repaints have settled.
SETTLE_ROUNDS = 3


class ExportError(Exception):
    """An export that cannot be done; the message is for the user."""


class ExportCancelled(Exception):
    """The user cancelled a long export; nothing was left behind."""


# -- helpers -------------------------------------------------------------------------
def settle(rounds: int = SETTLE_ROUNDS) -> None:
    """Let pending layouts and repaints run (a render taken too early is stale)."""
    app = QtWidgets.QApplication.instance()
    if app is None:
        return
    for _ in range(rounds):
        app.sendPostedEvents()
        app.processEvents()


def content_rect(widget: QtWidgets.QWidget) -> QtCore.QRect:
    """The part of ``widget`` an export shows: a main window without its menu and status bar."""
    rect = widget.rect()
    if isinstance(widget, QtWidgets.QMainWindow):
        menu = widget.menuWidget()
        if menu is not None and menu.isVisible():
            rect.setTop(menu.geometry().bottom() + 1)
        status = widget.findChild(QtWidgets.QStatusBar)
        if status is not None and status.isVisible() and status.parentWidget() is widget:
            rect.setBottom(status.geometry().top() - 1)
    return rect


def export_size(widget: QtWidgets.QWidget) -> QtCore.QSize:
    """The size, in logical pixels, of an export of ``widget`` at 1×."""
    return content_rect(widget).size()


def check_suffix(path: str | Path, allowed: tuple[str, ...] = IMAGE_SUFFIXES) -> str:
    """The format of ``path`` from its extension; :class:`ExportError` if unsupported."""
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        raise ExportError(
            QtCore.QCoreApplication.translate(
                "export", "cannot export to “{0}”: use one of {1}"
            ).format(Path(path).name, " ".join(allowed))
        )
    return suffix


def check_scale(scale: float) -> float:
    """``scale`` if it is between 1 and 4; :class:`ExportError` otherwise."""
    if not (MIN_SCALE <= scale <= MAX_SCALE) or not math.isfinite(scale):
        raise ExportError(
            QtCore.QCoreApplication.translate(
                "export", "the scale must be between 1 and 4, not {0:g}"
            ).format(scale)
        )
    return float(scale)


def _session_of(widget: QtWidgets.QWidget) -> Session | None:
    while widget is not None:
        session = getattr(widget, "session", None)
        if isinstance(session, Session):
            return session
        widget = widget.parentWidget()
    return None


def theme_of(widget: QtWidgets.QWidget) -> Theme | None:
    """The theme ``widget`` is drawn in (from the session it shows), if any."""
    session = _session_of(widget)
    if session is None:
        return None
    options = session.options
    return theme_named("projector" if options.projector else options.theme)


def background_color(widget: QtWidgets.QWidget) -> QtGui.QColor:
    """The background ``widget`` is drawn on."""
    theme = theme_of(widget)
    if theme is None:
        return widget.palette().color(QtGui.QPalette.ColorRole.Window)
    return QtGui.QColor(theme.background)


#: Qt messages an export may cause that say nothing to the user: Fusion's gradients
#: (buttons, scroll bars) mix colour specs that the PDF engine then draws flat.
HARMLESS_MESSAGES = ("QPdfEngine: unable to create a gradient between colors of different spec",)


@contextmanager
def harmless_messages_hidden(extra: tuple[str, ...] = ()) -> Iterator[None]:
    """While inside, Qt's harmless export messages (and those starting with one of
    ``extra``) are dropped; the others pass on to the handler installed before.
    """
    previous = None
    harmless = HARMLESS_MESSAGES + tuple(extra)

    def handler(mode: QtCore.QtMsgType, context: QtCore.QMessageLogContext, message: str) -> None:
        if message.startswith(harmless):
            return
        if previous is not None:
            previous(mode, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous = QtCore.qInstallMessageHandler(handler)
    try:
        yield
    finally:
        QtCore.qInstallMessageHandler(previous)


def check_shown(widget: QtWidgets.QWidget) -> None:
    """:class:`ExportError` if ``widget`` is hidden (it would be drawn stale or empty)."""
    if not widget.isVisible():
        raise ExportError(
            QtCore.QCoreApplication.translate(
                "export", "this panel is hidden: show it, then export it"
            )
        )


def _new_file_mode(path: Path) -> int:
    """The permission bits an export gets: those of the file it replaces, else the umask's."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_file(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path``; :class:`ExportError` (for the user) if that fails.

    Through a temporary file renamed over ``path``: a failed or interrupted
    write leaves the old file (or none), never half an image.
    """
    path = Path(path)
    target = path.resolve() if path.is_symlink() else path  # a link stays a link
    try:
        write_atomically(target, data, _new_file_mode(target))
    except OSError as error:
        raise ExportError(
            QtCore.QCoreApplication.translate("export", "cannot write {0}: {1}").format(
                path, error.strerror or error
            )
        ) from error
    return path


def _render_into(
    widget: QtWidgets.QWidget,
    painter: QtGui.QPainter,
    flags: QtWidgets.QWidget.RenderFlag | None = None,
) -> None:
    """Draw the exported part of ``widget`` with its top-left corner at the origin.

    A line a scrolled panel cuts in two is left out (:func:`cut_rows`): the
    background shows there.
    """
    rect = content_rect(widget)
    region = QtGui.QRegion(rect)
    holes = [hole for hole in cut_rows(widget) if rect.intersects(hole)]
    for hole in holes:
        region -= QtGui.QRegion(hole)
    # Rendered with the region's top-left at the target offset.
    offset = region.boundingRect().topLeft() - rect.topLeft()
    if flags is None:
        widget.render(painter, offset, region)
    else:
        widget.render(painter, offset, region, flags)
    background = background_color(widget) if holes else None
    for hole in holes:
        painter.fillRect(hole.translated(-rect.topLeft()), background)


# -- crisp heatmaps for vector formats --------------------------------------------------
def _scenes(widget: QtWidgets.QWidget) -> list[QtWidgets.QGraphicsScene]:
    scenes: list[QtWidgets.QGraphicsScene] = []
    for view in graphics_views(widget):
        scene = view.scene()
        if scene is not None and scene not in scenes:
            scenes.append(scene)
    return scenes


@contextmanager
def crisp_matrices(widget: QtWidgets.QWidget) -> Iterator[int]:
    """While inside, every heatmap under ``widget`` holds a nearest-upsampled image.

    SVG and PDF embed a heatmap as a ``rows × columns`` bitmap and viewers
    smooth it into a blur; a copy upsampled ``k`` times, drawn on the same
    rectangle, keeps sharp cell edges. Yields how many images
    were swapped; everything is put back on the way out.
    """
    swapped: list[tuple[pg.ImageItem, np.ndarray, QtGui.QTransform]] = []
    try:
        for scene in _scenes(widget):
            for item in scene.items():
                if not isinstance(item, pg.ImageItem) or not isinstance(
                    item.parentItem(), MatrixItem
                ):
                    continue
                image = item.image
                if image is None or image.ndim != 2 or image.size == 0:
                    continue
                rows, columns = image.shape
                k = math.ceil(CRISP_PIXELS / max(rows, columns))
                if k <= 1:
                    continue
                transform = item.transform()
                swapped.append((item, image, transform))
                item.setImage(np.repeat(np.repeat(image, k, axis=0), k, axis=1), autoLevels=False)
                item.setRect(transform.mapRect(QtCore.QRectF(0, 0, columns, rows)))
        yield len(swapped)
    finally:
        for item, image, transform in reversed(swapped):
            item.setImage(image, autoLevels=False)
            item.setTransform(transform)


@contextmanager
def lossless_views(widget: QtWidgets.QWidget) -> Iterator[None]:
    """While inside, graphics views under ``widget`` ask for lossless images.

    A view paints with its own painter and its own render hints, not the
    exporter's; without this hint a PDF stores the heatmap as JPEG.
    """
    hint = QtGui.QPainter.RenderHint.LosslessImageRendering
    changed = [view for view in graphics_views(widget) if not view.renderHints() & hint]
    for view in changed:
        view.setRenderHint(hint, True)
    try:
        yield
    finally:
        for view in changed:
            view.setRenderHint(hint, False)


# -- still images ---------------------------------------------------------------------------
def render_image(
    widget: QtWidgets.QWidget, scale: float = 1.0, transparent: bool = False
) -> QtGui.QImage:
    """``widget`` as an image ``scale`` times its size, text drawn at that scale.

    Parameters
    ----------
    widget
        The window or panel to draw (a main window loses its menu and status bar).
    scale
        Device pixels per logical pixel; text is drawn at that resolution, not scaled.
    transparent
        Leave the theme's background transparent (alpha 0).
    """
    settle()
    rect = content_rect(widget)
    image = QtGui.QImage(
        max(1, round(rect.width() * scale)),
        max(1, round(rect.height() * scale)),
        QtGui.QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(scale)
    background = background_color(widget)
    image.fill(QtCore.Qt.GlobalColor.transparent if transparent else background)
    flags = QtWidgets.QWidget.RenderFlag.DrawChildren
    if not transparent:
        flags |= QtWidgets.QWidget.RenderFlag.DrawWindowBackground
    with transparent_background(widget, background) if transparent else nullcontext():
        if transparent:
            settle()
        painter = QtGui.QPainter(image)
        try:
            painter.setRenderHints(
                QtGui.QPainter.RenderHint.Antialiasing | QtGui.QPainter.RenderHint.TextAntialiasing
            )
            _render_into(widget, painter, flags)
        finally:
            painter.end()
    if transparent:
        settle()
        theme = theme_of(widget)
        inks = () if theme is None else (QtGui.QColor(theme.foreground), QtGui.QColor(theme.muted))
        key_out_background(image, background, inks)
    return image


def png_bytes(image: QtGui.QImage) -> bytes:
    """``image`` encoded as PNG."""
    data = QtCore.QByteArray()
    buffer = QtCore.QBuffer(data)
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise ExportError(
            QtCore.QCoreApplication.translate("export", "could not encode the PNG image")
        )
    buffer.close()
    return bytes(data.data())


def svg_bytes(widget: QtWidgets.QWidget, title: str = "") -> bytes:
    """``widget`` as an SVG document: text as text, heatmap cells crisp."""
    settle()
    size = export_size(widget)
    data = QtCore.QByteArray()
    buffer = QtCore.QBuffer(data)
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    from PySide6 import QtSvg  # imported here: ~17 ms of start-up for SVG export only

    generator = QtSvg.QSvgGenerator()
    generator.setOutputDevice(buffer)
    # Without the widget's resolution (default 72 dpi) the axes shrink and move.
    generator.setResolution(widget.logicalDpiX())
    generator.setSize(size)
    generator.setViewBox(QtCore.QRect(QtCore.QPoint(), size))
    generator.setTitle(title or "linviz")
    generator.setDescription("linviz")
    with crisp_matrices(widget):
        painter = QtGui.QPainter(generator)
        try:  # an unfinished painter after an exception crashed at exit
            _render_into(widget, painter)
        finally:
            painter.end()
    buffer.close()
    return bytes(data.data())


def pdf_bytes(widget: QtWidgets.QWidget, title: str = "") -> bytes:
    """``widget`` as a one-page PDF of its size; images are stored losslessly."""
    settle()
    size = export_size(widget)
    dpi = widget.logicalDpiX()  # one device unit per widget pixel: fonts as on screen
    data = QtCore.QByteArray()
    buffer = QtCore.QBuffer(data)
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    writer = QtGui.QPdfWriter(buffer)
    writer.setResolution(dpi)
    writer.setCreator("linviz")
    writer.setTitle(title or "linviz")
    points = QtCore.QSizeF(size.width() * 72.0 / dpi, size.height() * 72.0 / dpi)
    page = QtGui.QPageSize(
        points, QtGui.QPageSize.Unit.Point, "", QtGui.QPageSize.SizeMatchPolicy.ExactMatch
    )
    writer.setPageLayout(
        QtGui.QPageLayout(page, QtGui.QPageLayout.Orientation.Portrait, QtCore.QMarginsF())
    )
    with crisp_matrices(widget), lossless_views(widget), harmless_messages_hidden():
        painter = QtGui.QPainter(writer)
        try:
            # Without it the heatmap is stored as JPEG and its colours shift.
            painter.setRenderHint(QtGui.QPainter.RenderHint.LosslessImageRendering)
            _render_into(widget, painter)
        finally:
            painter.end()
    buffer.close()
    return bytes(data.data())


def export_widget(
    widget: QtWidgets.QWidget, path: str | Path, scale: float = 1.0, transparent: bool = False
) -> Path:
    """Write ``widget`` to ``path``; the extension (.png .svg .pdf) picks the format.

    Parameters
    ----------
    widget
        The main window (without its menu and status bar) or one panel.
    path
        The file to write (replaced if it exists).
    scale
        PNG only: pixels per logical pixel, 1 to 4.
    transparent
        PNG only: leave the background transparent.

    Raises
    ------
    ExportError
        Unsupported extension, bad scale, or the file cannot be written.
    """
    suffix = check_suffix(path)
    check_shown(widget)
    session = _session_of(widget)
    title = f"{session.title} — linviz" if session is not None else ""
    if suffix == ".png":
        data = png_bytes(render_image(widget, check_scale(scale), transparent))
    elif suffix == ".svg":
        data = svg_bytes(widget, title)
    else:
        data = pdf_bytes(widget, title)
    return write_file(path, data)


def copy_to_clipboard(widget: QtWidgets.QWidget, scale: float = 1.0) -> QtGui.QImage:
    """Put an image of ``widget`` (``scale`` ×) on the clipboard; return it."""
    check_shown(widget)
    image = render_image(widget, check_scale(scale))
    QtGui.QGuiApplication.clipboard().setImage(image)
    return image
