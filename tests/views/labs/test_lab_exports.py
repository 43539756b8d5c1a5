"""Each lab's exports: a PNG that shows its curves, an SVG with its text, a CSV of its numbers."""

from __future__ import annotations

import csv
import math
import xml.etree.ElementTree as ET

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui

from linviz.controller.labs import CapacitySettings
from linviz.model.capacity import ROW_FIELDS
from linviz.views.theme import LIGHT
from tests.views.labs.conftest import show_lab

SCALE = 2


def open_png(path) -> QtGui.QImage:
    image = QtGui.QImage(str(path))
    assert not image.isNull()
    return image


def figure_point(page, plot, x: float, y: float) -> QtCore.QPointF:
    """Where data point (x, y) of ``plot`` lands in the page's figure, in logical pixels."""
    scene = plot.getPlotItem().getViewBox().mapViewToScene(QtCore.QPointF(x, y))
    viewport = plot.mapFromScene(scene)
    return QtCore.QPointF(plot.viewport().mapTo(page.figure(), viewport))


def colour_near(image: QtGui.QImage, point: QtCore.QPointF, colour: str, radius: int = 3) -> bool:
    """Whether a pixel within ``radius`` (logical) of ``point`` has ``colour`` (±30 a channel)."""
    want = np.array(QtGui.QColor(colour).getRgb()[:3])
    cx, cy = round(point.x() * SCALE), round(point.y() * SCALE)
    reach = radius * SCALE
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            x, y = cx + dx, cy + dy
            if 0 <= x < image.width() and 0 <= y < image.height():
                got = np.array(image.pixelColor(x, y).getRgb()[:3])
                if np.abs(got - want).max() <= 30:
                    return True
    return False


def svg_text(path) -> str:
    root = ET.parse(path).getroot()
    text = " ".join(" ".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))
    return text.replace("\u00a0", " ").replace("\u2060", "")  # no-break spaces read as spaces


def read_csv(path) -> tuple[list[str], list[list[str]]]:
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    return rows[0], rows[1:]


@pytest.fixture
def lab(qtbot, lab_window):
    """Show a lab of a light window on the session trace, at its last read."""
    window = lab_window("session-trace", (1400, 900), projector=False)
    window.session.set_cursor(7)

    def show(name: str):
        if name == "recall":
            page = window.labs.page("recall")
            page.lab.update(dims=(8, 16), sizes=(4, 8, 16, 32), trials=5, similarity_n=8)
            window.labs.show_tab("recall")
            qtbot.waitUntil(lambda: page.lab.result is not None, timeout=60_000)
        return show_lab(window, name)

    return show


def test_memory_exports(lab, tmp_path):
    page = lab("memory")
    image = open_png(page.export_image(tmp_path / "memory.png", SCALE))
    reading = page.lab.result
    point = figure_point(page, page.plot, 3.0, math.log10(reading.kv_cache_bytes))
    assert colour_near(image, point, LIGHT.read)  # the KV cache's curve, at 1,000 tokens
    far = figure_point(page, page.plot, 1.0, math.log10(reading.kv_cache_bytes))
    assert not colour_near(image, far, LIGHT.read)  # (and not everywhere)
    text = svg_text(page.export_image(tmp_path / "memory.svg"))
    text = text.replace("\u202f", " ").replace("\u2060", "")  # no-break space, joiner
    assert "KV cache" in text and "500 KiB" in text and "65 tokens" in text
    header, rows = read_csv(page.export_csv(tmp_path / "memory.csv"))
    assert header == [
        "layers",
        "heads",
        "head_dim",
        "dtype",
        "tokens",
        "kv_cache_bytes",
        "state_bytes",
    ]
    assert ["1", "1", "128", "bf16", "1000", "512000", "32768"] in rows
    assert ["1", "1", "128", "bf16", "65", "33280", "32768"] in rows  # the crossover
    assert page.export_image(tmp_path / "memory.pdf").read_bytes().startswith(b"%PDF")


def test_recall_exports(lab, tmp_path):
    page = lab("recall")
    plot = page.figure_view.plots[("error", "additive")]
    image = open_png(page.export_image(tmp_path / "recall.png", SCALE))
    _, errors, _ = page.lab.result.against_n.curve(8, "additive")
    point = figure_point(page, plot, math.log2(16), float(errors[2]))
    assert colour_near(image, point, LIGHT.key_color(0))  # d = 8's curve at N = 16
    text = svg_text(page.export_image(tmp_path / "recall.svg"))
    assert "d = 8" in text and "additive rule" in text and "delta rule" in text
    header, rows = read_csv(page.export_csv(tmp_path / "recall.csv"))
    assert header == ["sweep", *ROW_FIELDS, "keys", "trials", "tolerance", "trial_spread"]
    settings: CapacitySettings = page.lab.settings
    against_n = len(settings.dims) * len(settings.sizes) * len(settings.rules)
    against_c = len(settings.dims) * len(settings.similarities) * len(settings.rules)
    assert len(rows) == against_n + against_c
    first = dict(zip(header, rows[0]))
    assert first["sweep"] == "against_n" and first["d"] == "8" and first["n"] == "4"
    assert float(first["mean_relative_error"]) == pytest.approx(errors[0])


def test_spotlight_exports(lab, tmp_path):
    page = lab("spotlight")
    soft, linear = page.shown_weights()
    image = open_png(page.export_image(tmp_path / "spotlight.png", SCALE))
    bar = figure_point(page, page.plot, -0.2, float(soft[0]) / 2)
    assert colour_near(image, bar, LIGHT.read)  # w1's softmax bar
    text = svg_text(page.export_image(tmp_path / "spotlight.svg"))
    assert "softmax" in text and "Read r4" in text and "[11, 12]" in text
    header, rows = read_csv(page.export_csv(tmp_path / "spotlight.csv"))
    assert header[:3] == ["read", "step", "key"] and "softmax_weight" in header
    assert [row[2] for row in rows] == ["w1", "w2", "w3"]
    weights = [float(row[header.index("softmax_weight")]) for row in rows]
    assert sum(weights) == pytest.approx(1.0)
    assert [float(row[header.index("linear_share")]) for row in rows] == list(linear)
    assert [float(row[header.index("linear_weight")]) for row in rows] == [1.0, 0.0, 1.0]


def test_rules_exports(lab, tmp_path):
    page = lab("rules")
    card = page.cards["additive"]
    image = open_png(page.export_image(tmp_path / "rules.png", SCALE))
    limit = card.matrix_item.limit
    colour = pg.colormap.get(LIGHT.colormap).map((11 / limit + 1) / 2, mode="qcolor")
    centre = figure_point(page, card.plot_widget, 0.5, 0.5)
    assert colour_near(image, centre, colour.name())  # the additive S[0, 0] = 11 cell
    text = svg_text(page.export_image(tmp_path / "rules.svg"))
    assert "gated delta" in text and "y = [9, 9]" in text
    header, rows = read_csv(page.export_csv(tmp_path / "rules.csv"))
    assert header[:5] == ["rule", "alpha", "beta", "step", "read"]
    last = {row[0]: row for row in rows if row[4] == "r4"}
    assert last["additive"][5] == "11.0 12.0" and last["delta"][5] == "9.0 9.0"
    assert len(rows) == 4 * 4  # four rules, four reads


def test_spectrum_exports(lab, tmp_path):
    page = lab("spectrum")
    image = open_png(page.export_image(tmp_path / "spectrum.png", SCALE))
    sigma = page.lab.result.singular_values
    point = figure_point(page, page.values_plot, 3.5, float(sigma[3, 0]))
    assert colour_near(image, point, LIGHT.key_color(0))  # σ1 between steps 3 and 4
    text = svg_text(page.export_image(tmp_path / "spectrum.svg"))
    assert "effective rank" in text and "d = 2" in text
    header, rows = read_csv(page.export_csv(tmp_path / "spectrum.csv"))
    assert header == [
        "source",
        "step",
        "writes",
        "effective_rank",
        "rank",
        "d",
        "sigma_1",
        "sigma_2",
    ]
    assert len(rows) == 8 and rows[-1][:3] == ["state", "7", "3"]


def test_the_export_button_asks_for_a_file_and_reports(lab, tmp_path, monkeypatch):
    page = lab("memory")
    button = page.export_button
    heard = []
    page.message.connect(heard.append)
    monkeypatch.setattr(button, "ask_path", lambda *args: str(tmp_path / "chosen"))
    button.csv_action.trigger()
    assert (tmp_path / "chosen.csv").exists() and "chosen.csv" in heard[-1]
    button.image_action.trigger()
    assert (tmp_path / "chosen.png").exists()
    failures = []
    page.failed.connect(lambda title, text: failures.append(text))
    monkeypatch.setattr(button, "ask_path", lambda *args: str(tmp_path / "no" / "x.svg"))
    button.image_action.trigger()
    assert failures and "cannot write" in failures[-1]
