"""Fixtures and helpers of the export tests: the window at a known step, pixels to check."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PIL import Image

from linviz.views.export import images
from linviz.views.main_window import MainWindow
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
    images.settle()
    return w


@pytest.fixture(scope="module")
def shared_window(shared_window):
    """The module's shared window (``read_window``), at the last step as :func:`window`."""
    shared_window.session.set_cursor(7)
    images.settle()
    return shared_window


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
