"""Still images of the window or a panel: what a user finds in each file."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image
from PySide6 import QtGui

from linviz.views.export import images
from linviz.views.theme import DARK
from tests.views.export.conftest import MINUS, SVG, cell_pixel, map_ends, near, open_png


# -- PNG ---------------------------------------------------------------------------------
@pytest.mark.parametrize("scale", [1, 2, 3])
def test_png_is_scale_times_the_panel_and_shows_the_cells(read_window, tmp_path, scale):
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["heatmap"]
    path = images.export_widget(panel, tmp_path / "heat.png", scale=scale)
    pixels = open_png(path)
    assert pixels.shape[:2] == (panel.height() * scale, panel.width() * scale)
    negative, positive = map_ends()
    # Away from the numbers and the corner marks: S[0,0] = 3 and S[0,1] = −3.
    x, y = cell_pixel(panel, 0.8, 0.25, scale)
    assert near(pixels[y, x], positive)
    x, y = cell_pixel(panel, 0.8, 1.25, scale)
    assert near(pixels[y, x], negative)
    assert (pixels[..., 3] == 255).all()  # opaque unless asked otherwise


def test_window_png_leaves_out_menu_and_status_bar(read_window, tmp_path):
    window = read_window  # it only reads: the module's shared window
    path = images.export_widget(window, tmp_path / "window.png", scale=2)
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


def test_transparent_png_has_alpha_0_at_the_background(read_window, tmp_path):
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["heatmap"]
    pixels = open_png(images.export_widget(panel, tmp_path / "t.png", 2, transparent=True))
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


def test_transparent_png_clears_backgrounds_widgets_paint_themselves(read_window, tmp_path):
    """The readout's bars fill their own background; it goes, the text stays."""
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["readout"]
    opaque = open_png(images.export_widget(panel, tmp_path / "o.png", 1))
    clear = open_png(images.export_widget(panel, tmp_path / "t.png", 1, transparent=True))
    assert (opaque[..., 3] == 0).sum() == 0
    assert (clear[..., 3] == 0).mean() > 0.5
    dark_text = (clear[..., 3] == 255) & (clear[..., :3].max(axis=2) < 80)
    assert dark_text.sum() > 500


def test_transparent_png_draws_text_straight_onto_transparency(read_window, tmp_path):
    """The readout's sentences and numbers fill their own background: it is left
    unpainted, not keyed out after, which left a light fringe around each letter."""
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["readout"]
    clear = open_png(images.export_widget(panel, tmp_path / "t.png", 1, transparent=True))
    texts = [panel.heading, panel.numbers, panel.weights, panel.overlaps, panel.story]
    shown = [text for text in texts if text.isVisible() and text.height() > 0]
    assert len(shown) >= 3
    for text in shown:
        corner = text.mapTo(panel, text.rect().topLeft())
        area = clear[
            corner.y() : corner.y() + text.height(), corner.x() : corner.x() + text.width()
        ]
        ink = area[..., 3] > 0
        assert ink.sum() > 50, text  # its words are there
        light = ink & (area[..., 3] > 64) & (area[..., :3].min(axis=2) > 200)
        assert light.sum() == 0, text  # and no light edge around them


def test_dark_theme_png_has_a_dark_background(window, lesson_session, tmp_path):
    lesson_session.set_options(theme="dark")
    pixels = open_png(images.export_widget(window, tmp_path / "dark.png"))
    background = np.array(QtGui.QColor(DARK.background).getRgb()[:3])
    assert near(pixels[3, 3], background, 2)
    assert pixels[..., :3].mean() < 100


def test_unsupported_extension_or_scale_is_refused(read_window, tmp_path):
    window = read_window  # it only reads: the module's shared window
    with pytest.raises(images.ExportError, match=r"\.png"):
        images.export_widget(window, tmp_path / "w.bmp")
    with pytest.raises(images.ExportError, match="between 1 and 4"):
        images.export_widget(window, tmp_path / "w.png", scale=5)
    assert not list(tmp_path.iterdir())


# -- SVG and PDF ---------------------------------------------------------------------------
def test_svg_parses_and_holds_the_cell_values_as_text(read_window, tmp_path):
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["heatmap"]
    path = images.export_widget(panel, tmp_path / "heat.svg")
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


def test_pdf_is_one_page_with_the_panels_shape_and_a_lossless_heatmap(read_window, tmp_path):
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["heatmap"]
    data = images.export_widget(panel, tmp_path / "heat.pdf").read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)) == 1
    box = re.search(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    x0, y0, x1, y1 = (float(v) for v in box.groups())
    assert (x1 - x0) / (y1 - y0) == pytest.approx(panel.width() / panel.height(), rel=0.01)
    assert b"/DCTDecode" not in data  # no JPEG: the cell colours are exact


def test_window_pdf_gives_no_qt_warnings(read_window, tmp_path, qtlog):
    window = read_window  # it only reads: the module's shared window
    images.export_widget(window, tmp_path / "window.pdf")
    assert not [r.message for r in qtlog.records if not r.ignored]
