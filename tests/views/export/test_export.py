"""Exports from the window: what a user finds in each file."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pyqtgraph as pg
import pytest
from PIL import Image
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.export import images as export
from linviz.views.export.images import ExportCancelled
from linviz.views.export.window_exporter import ExportOptions
from linviz.views.main_window import MainWindow
from linviz.views.theme import DARK
from tests.views.conftest import data_to_viewport

SVG = "{http://www.w3.org/2000/svg}"
MINUS = "\u2212"


@pytest.fixture
def window(qtbot, lesson_session):
    """The main window on crowding-the-plane at its last step (S = [[3, −3], [−2, 1]])."""
    w = MainWindow(lesson_session)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    qtbot.waitExposed(w)
    lesson_session.set_cursor(7)
    export.settle()
    return w


def open_png(path) -> np.ndarray:
    with Image.open(path) as image:
        return np.asarray(image.convert("RGBA"))


def map_ends() -> tuple[np.ndarray, np.ndarray]:
    """The heatmap's colours for −max and +max (the ends of its colour map)."""
    ends = pg.colormap.get("CET-D1A").map(np.array([0.0, 1.0]), mode="byte")
    return np.asarray(ends[0][:3], int), np.asarray(ends[1][:3], int)


def cell_pixel(panel, row: float, column: float, scale: float) -> tuple[int, int]:
    """Where data point (column, row) of the heatmap lands in an export of the panel."""
    plot = panel.plot_widget
    point = plot.mapTo(panel, data_to_viewport(plot, column, row))
    return round(point.x() * scale), round(point.y() * scale)


def near(pixel: np.ndarray, color: np.ndarray, tolerance: int = 6) -> bool:
    return bool(np.abs(pixel[:3].astype(int) - color).max() <= tolerance)


# -- PNG ---------------------------------------------------------------------------------
@pytest.mark.parametrize("scale", [1, 2, 3])
def test_png_is_scale_times_the_panel_and_shows_the_cells(window, tmp_path, scale):
    panel = window.panels["heatmap"]
    path = export.export_widget(panel, tmp_path / "heat.png", scale=scale)
    pixels = open_png(path)
    assert pixels.shape[:2] == (panel.height() * scale, panel.width() * scale)
    negative, positive = map_ends()
    # Away from the numbers and the corner marks: S[0,0] = 3 and S[0,1] = −3.
    x, y = cell_pixel(panel, 0.8, 0.25, scale)
    assert near(pixels[y, x], positive)
    x, y = cell_pixel(panel, 0.8, 1.25, scale)
    assert near(pixels[y, x], negative)
    assert (pixels[..., 3] == 255).all()  # opaque unless asked otherwise


def test_window_png_leaves_out_menu_and_status_bar(window, tmp_path):
    path = export.export_widget(window, tmp_path / "window.png", scale=2)
    pixels = open_png(path)
    menu_height = window.menuBar().height()
    status_height = window.statusBar().height()
    assert pixels.shape[:2] == (
        2 * (window.height() - menu_height - status_height),
        2 * window.width(),
    )
    negative, positive = map_ends()
    colors = pixels[..., :3].reshape(-1, 3).astype(int)
    assert (np.abs(colors - positive).max(axis=1) <= 6).sum() > 1000
    assert (np.abs(colors - negative).max(axis=1) <= 6).sum() > 1000


def test_transparent_png_has_alpha_0_at_the_background(window, tmp_path):
    panel = window.panels["heatmap"]
    pixels = open_png(export.export_widget(panel, tmp_path / "t.png", 2, transparent=True))
    assert pixels[2, 2, 3] == 0 and pixels[-3, -3, 3] == 0
    x, y = cell_pixel(panel, 0.8, 0.25, 2)
    assert pixels[y, x, 3] == 255 and near(pixels[y, x], map_ends()[1])
    # The white number in the dark cell is kept, though it has the background's colour.
    x0, y0 = cell_pixel(panel, 0.0, 0.0, 2)
    x1, y1 = cell_pixel(panel, 1.0, 1.0, 2)
    cell = pixels[y0 + 4 : y1 - 4, x0 + 4 : x1 - 4]
    assert ((cell[..., :3] == 255).all(axis=2) & (cell[..., 3] == 255)).sum() > 20
    # The window behind the panel was transparent too; the export is not a cut-out.
    assert (pixels[..., 3] == 0).mean() > 0.3


def test_transparent_png_clears_backgrounds_widgets_paint_themselves(window, tmp_path):
    """The readout's bars fill their own background; it goes, the text stays."""
    panel = window.panels["readout"]
    opaque = open_png(export.export_widget(panel, tmp_path / "o.png", 1))
    clear = open_png(export.export_widget(panel, tmp_path / "t.png", 1, transparent=True))
    assert (opaque[..., 3] == 0).sum() == 0
    assert (clear[..., 3] == 0).mean() > 0.5
    dark_text = (clear[..., 3] == 255) & (clear[..., :3].max(axis=2) < 80)
    assert dark_text.sum() > 500


def test_dark_theme_png_has_a_dark_background(window, lesson_session, tmp_path):
    lesson_session.set_options(theme="dark")
    pixels = open_png(export.export_widget(window, tmp_path / "dark.png"))
    background = np.array(QtGui.QColor(DARK.background).getRgb()[:3])
    assert near(pixels[3, 3], background, 2)
    assert pixels[..., :3].mean() < 100


def test_unsupported_extension_or_scale_is_refused(window, tmp_path):
    with pytest.raises(export.ExportError, match=r"\.png"):
        export.export_widget(window, tmp_path / "w.bmp")
    with pytest.raises(export.ExportError, match="between 1 and 4"):
        export.export_widget(window, tmp_path / "w.png", scale=5)
    assert not list(tmp_path.iterdir())


# -- SVG and PDF ---------------------------------------------------------------------------
def test_svg_parses_and_holds_the_cell_values_as_text(window, tmp_path):
    panel = window.panels["heatmap"]
    path = export.export_widget(panel, tmp_path / "heat.svg")
    root = ET.parse(path).getroot()
    texts = {"".join(t.itertext()).strip() for t in root.iter(f"{SVG}text")}
    assert {"3", f"{MINUS}3", f"{MINUS}2", "1"} <= texts
    assert root.get("viewBox") == f"0 0 {panel.width()} {panel.height()}"
    # The heatmap went in as a nearest-upsampled bitmap: cells stay crisp when scaled.
    sizes = []
    for image in root.iter(f"{SVG}image"):
        link = image.get("{http://www.w3.org/1999/xlink}href") or image.get("href") or ""
        data = base64.b64decode(link.split(",", 1)[1])
        with Image.open(io.BytesIO(data)) as bitmap:
            sizes.append(bitmap.size)
    assert max(sizes) >= (1024, 1024)
    assert panel.image_item.image.shape == (2, 2)  # and the screen has its own back


def test_pdf_is_one_page_with_the_panels_shape_and_a_lossless_heatmap(window, tmp_path):
    panel = window.panels["heatmap"]
    data = export.export_widget(panel, tmp_path / "heat.pdf").read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)) == 1
    box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    x0, y0, x1, y1 = (float(v) for v in box.groups())
    assert (x1 - x0) / (y1 - y0) == pytest.approx(panel.width() / panel.height(), rel=0.01)
    assert b"/DCTDecode" not in data  # no JPEG: the cell colours are exact


def test_window_pdf_gives_no_qt_warnings(window, tmp_path, qtlog):
    export.export_widget(window, tmp_path / "window.pdf")
    assert not [r.message for r in qtlog.records if not r.ignored]


# -- every step ---------------------------------------------------------------------------------
def test_gif_has_one_frame_per_step_and_keeps_the_cursor(window, lesson_session, tmp_path):
    lesson_session.set_cursor(3)
    seen = []
    path = export.export_gif(
        window.panels["heatmap"],
        lesson_session,
        tmp_path / "a.gif",
        300,
        progress=lambda done, total: seen.append((done, total)),
    )
    with Image.open(path) as gif:
        assert gif.n_frames == 7
        assert gif.info["duration"] == 300 and gif.info["loop"] == 0
    assert seen[-1] == (14, 14)
    assert lesson_session.cursor == 3


def test_all_steps_writes_one_numbered_file_per_step(window, lesson_session, tmp_path):
    panel = window.panels["heatmap"]
    written = export.export_all_steps(panel, lesson_session, tmp_path / "step.png")
    names = [f"step-{n:03d}.png" for n in range(1, 8)]
    assert [p.name for p in written] == names
    assert sorted(p.name for p in tmp_path.iterdir()) == names
    first, last = open_png(written[0]), open_png(written[-1])
    assert first.shape == last.shape == (panel.height(), panel.width(), 4)
    assert not np.array_equal(first, last)


def test_cancelled_exports_leave_nothing_behind(window, lesson_session, tmp_path):
    def stop_at_three(done, total):
        return done < 3

    with pytest.raises(ExportCancelled):
        export.export_all_steps(window, lesson_session, tmp_path / "s.png", progress=stop_at_three)
    with pytest.raises(ExportCancelled):
        export.export_gif(window, lesson_session, tmp_path / "a.gif", 200, progress=stop_at_three)
    assert not list(tmp_path.iterdir())
    assert lesson_session.cursor == 7


# -- the window's actions ---------------------------------------------------------------------
def test_file_menu_has_the_export_submenu(window):
    texts = [a.text() for a in window.file_menu.actions()]
    assert "&Export" in texts
    export_texts = [a.text() for a in window.exporter.menu.actions()]
    assert export_texts[:2] == ["Export &window…", "Export &panel"]
    assert "Export &animation (GIF)…" in export_texts
    assert "Export all &steps…" in export_texts
    panel_menu = window.exporter.menu.actions()[1].menu()
    panel_menu.aboutToShow.emit()  # the list is made as the menu opens
    assert [a.text() for a in panel_menu.actions()] == [
        p.panel_title() for p in window.panels.values()
    ]
    window.steps_dock.hide()  # a panel that is not on screen cannot be drawn
    panel_menu.aboutToShow.emit()
    assert not window.exporter.actions["panel:steps"].isEnabled()
    assert window.exporter.actions["panel:heatmap"].isEnabled()
    copy = window.exporter.actions["copy"]
    assert copy.shortcut() == QtGui.QKeySequence("Ctrl+Shift+C")


def test_copy_image_puts_the_scaled_panel_on_the_clipboard(window):
    panel = window.panels["heatmap"]
    image = window.exporter.copy_view("heatmap", scale=2)
    copied = QtGui.QGuiApplication.clipboard().image()
    assert (copied.width(), copied.height()) == (2 * panel.width(), 2 * panel.height())
    assert image is not None


def test_copy_shortcut_copies_the_window(window):
    QtGui.QGuiApplication.clipboard().clear()
    window.exporter.actions["copy"].trigger()
    copied = QtGui.QGuiApplication.clipboard().image()
    assert copied.width() == round(window.width() * window.exporter.last_options().scale)


def test_export_dialogs_write_what_was_chosen(window, tmp_path):
    exporter = window.exporter
    asked = []
    exporter.ask_path = lambda title, filters, suggested: (
        asked.append(suggested) or str(tmp_path / "slide.svg")
    )
    exporter.ask_options = lambda suffix: ExportOptions(scale=1.0)
    path = exporter.export_view_dialog("window")
    assert path is not None and ET.parse(path).getroot().tag == f"{SVG}svg"
    assert asked[0].endswith("crowding-the-plane-step7.png")
    # The next dialog starts in the folder used last.
    exporter.ask_path = lambda title, filters, suggested: (
        asked.append(suggested) or str(tmp_path / "anim.gif")
    )
    exporter.ask_options = lambda suffix: ExportOptions(scale=1.0, frame_ms=500)
    gif = exporter.export_animation_dialog()
    assert asked[1].startswith(str(tmp_path))
    with Image.open(gif) as image:
        assert image.n_frames == 7 and image.info["duration"] == 500


def test_cancelled_dialog_writes_nothing(window, tmp_path):
    window.exporter.ask_path = lambda *args: None
    assert window.exporter.export_steps_dialog() is None
    window.exporter.ask_path = lambda *args: str(tmp_path / "x.png")
    window.exporter.ask_options = lambda suffix: None
    assert window.exporter.export_view_dialog("heatmap") is None
    assert not list(tmp_path.iterdir())


def test_failures_are_shown_not_raised(window, tmp_path):
    assert window.exporter.export_view("heatmap", tmp_path / "no" / "such" / "x.png") is None
    assert "cannot write" in window.last_error
    window.steps_dock.hide()
    assert window.exporter.export_view("steps", tmp_path / "steps.png") is None
    assert "hidden" in window.last_error
    assert not list(tmp_path.iterdir())


def test_progress_dialog_can_cancel(window):
    progress = window.exporter.progress_dialog("Drawing…", 10)
    assert progress(1, 10) is True
    window.exporter.last_progress.cancel()
    assert progress(2, 10) is False


def test_right_click_on_a_panel_offers_to_export_it(window, tmp_path, monkeypatch):
    exporter = window.exporter
    panel = window.panels["heatmap"]
    opened = []
    monkeypatch.setattr(exporter, "show_context_menu", lambda name, position: opened.append(name))
    # A right click on the plot (which has no menu of its own) reaches the panel's frame.
    viewport = panel.plot_widget.viewport()
    where = QtCore.QPoint(viewport.width() // 2, viewport.height() // 2)
    event = QtGui.QContextMenuEvent(
        QtGui.QContextMenuEvent.Reason.Mouse, where, viewport.mapToGlobal(where)
    )
    QtWidgets.QApplication.sendEvent(viewport, event)
    assert opened == ["heatmap"]
    menu = exporter.context_menu("heatmap")
    export_action, copy_action = menu.actions()
    assert export_action.text() == "Export this panel…"
    assert copy_action.text() == "Copy this panel"
    exporter.ask_path = lambda *args: str(tmp_path / "heat.png")
    exporter.ask_options = lambda suffix: ExportOptions(scale=2.0)
    export_action.trigger()
    pixels = open_png(tmp_path / "heat.png")
    assert pixels.shape[:2] == (2 * panel.height(), 2 * panel.width())
    copy_action.trigger()
    assert QtGui.QGuiApplication.clipboard().image().width() == round(
        panel.width() * exporter.last_options().scale
    )
    menu.deleteLater()


def test_panels_added_after_the_export_actions_get_a_menu_too(window):
    for name, panel in window.panels.items():
        target = window.panel_frame(name)
        assert target is panel or target is panel.parentWidget()
        assert target.property("export_menu_for") == name
        assert target.contextMenuPolicy() == QtCore.Qt.ContextMenuPolicy.CustomContextMenu
