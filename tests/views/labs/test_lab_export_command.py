"""``linviz export SCENARIO --view LAB``: a lab's figure for slides, without a window on screen."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

from PySide6 import QtGui

from linviz.views.theme import LIGHT


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "linviz", *args], capture_output=True, text=True, timeout=180
    )


def test_the_labs_are_views_of_linviz_export(tmp_path):
    listed = run("export", "session-trace", "--out", "x.png", "--view", "list")
    assert listed.stdout.split()[-6:] == [
        "memory",
        "recall",
        "spotlight",
        "rules",
        "spectrum",
        "cost",
    ]
    out = tmp_path / "spotlight.png"
    result = run(
        "export",
        "session-trace",
        "--view",
        "spotlight",
        "--step",
        "7",
        "--theme",
        "projector",
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    image = QtGui.QImage(str(out))
    assert not image.isNull() and image.width() > 800


def test_the_recall_figure_is_measured_before_it_is_drawn(tmp_path):
    out = tmp_path / "recall.svg"
    result = run("export", "session-trace", "--view", "recall", "--out", str(out))
    assert result.returncode == 0, result.stderr
    root = ET.parse(out).getroot()
    text = " ".join(" ".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))
    text = text.replace("\u00a0", " ")  # no-break spaces read as spaces
    assert "d = 16" in text and "Press Run" not in text


def test_a_slide_of_the_window_leaves_the_tabs_out(tmp_path):
    out = tmp_path / "window.png"
    result = run("export", "crowding-the-plane", "--out", str(out), "--size", "1280x720")
    assert result.returncode == 0, result.stderr
    image = QtGui.QImage(str(out))
    # No tab bar: the shown tab's underline (the accent colour) is nowhere near the top.
    accent = QtGui.QColor(LIGHT.accent)
    top = {image.pixelColor(x, y).name() for x in range(0, 200) for y in range(0, 60)}
    assert accent.name() not in top


def test_the_cost_lab_measures_when_exported(tmp_path):
    out = tmp_path / "cost.png"
    result = run("export", "session-trace", "--view", "cost", "--out", str(out))
    assert result.returncode == 0, result.stderr
    image = QtGui.QImage(str(out))
    assert not image.isNull() and image.width() > 800
    read = QtGui.QColor(LIGHT.read)
    drawn = [
        image.pixelColor(x, y)
        for x in range(0, image.width(), 3)
        for y in range(0, image.height(), 3)
    ]
    near = [
        c
        for c in drawn
        if max(
            abs(c.red() - read.red()), abs(c.green() - read.green()), abs(c.blue() - read.blue())
        )
        < 30
    ]
    assert len(near) > 50  # the softmax points and lines were measured and drawn


def test_a_lab_exported_in_the_dark_theme_is_dark_with_light_words(tmp_path):
    """Exported dark, the rules lab was a light grey page with near-white headings."""
    from linviz.views.theme import theme_named

    out = tmp_path / "rules.png"
    result = run(
        "export", "transfer-challenge", "--view", "rules", "--theme", "dark",
        "--step", "10", "--size", "1280x720", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    image = QtGui.QImage(str(out))
    dark = QtGui.QColor(theme_named("dark").background)
    corner = image.pixelColor(image.width() - 3, image.height() - 3)
    assert corner == dark, corner.name()
    # The heading's first line: light words on the dark page.
    heading = [image.pixelColor(x, y) for x in range(0, 500) for y in range(2, 24)]
    assert max(colour.lightness() for colour in heading) > 200
    assert sum(colour == dark for colour in heading) > len(heading) / 2
