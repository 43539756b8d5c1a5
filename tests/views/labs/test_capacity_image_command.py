"""``linviz capacity … --out FILE.png|.svg``: the recall lab's figure, from the command line."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
from PySide6 import QtGui

from linviz.views.theme import LIGHT


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "linviz", *args], capture_output=True, text=True, timeout=180
    )


def test_capacity_writes_a_png_of_the_recall_curves(tmp_path):
    out = tmp_path / "x.png"
    result = run("capacity", "--d", "8", "--n", "4", "8", "16", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    image = QtGui.QImage(str(out))
    assert not image.isNull() and image.width() >= 1200 and image.height() >= 800
    image = image.convertToFormat(QtGui.QImage.Format.Format_RGB888)
    pixels = (
        np.frombuffer(image.constBits(), np.uint8)
        .reshape(image.height(), image.bytesPerLine())[:, : 3 * image.width()]
        .reshape(image.height(), image.width(), 3)
    )
    curve = np.array(QtGui.QColor(LIGHT.key_color(0)).getRgb()[:3])
    near = (np.abs(pixels.astype(int) - curve).max(axis=2) <= 20).sum()
    assert near > 200  # d = 8's curves, markers and legend swatch


def test_capacity_writes_an_svg_with_both_rules(tmp_path):
    out = tmp_path / "x.svg"
    result = run(
        "capacity",
        "--d",
        "8",
        "16",
        "--n",
        "4",
        "8",
        "16",
        "--rule",
        "additive",
        "delta",
        "--trials",
        "5",
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    root = ET.parse(out).getroot()
    text = " ".join(" ".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))
    text = text.replace("\u00a0", " ")  # no-break spaces read as spaces
    for words in ("additive rule", "delta rule", "d = 8", "d = 16", "exact recall"):
        assert words in text
    assert "5 trials a point" in text


def test_one_trial_is_said_in_the_singular(tmp_path):
    out = tmp_path / "one.svg"
    result = run("capacity", "--d", "4", "--n", "4", "--trials", "1", "--out", str(out))
    assert result.returncode == 0, result.stderr
    root = ET.parse(out).getroot()
    text = " ".join(" ".join(el.itertext()) for el in root.iter() if el.tag.endswith("text"))
    assert "1 trial a point" in text and "1 trials" not in text


def test_an_unwritable_image_is_status_1_and_one_line(tmp_path):
    result = run("capacity", "--d", "8", "--n", "4", "--out", str(tmp_path / "no" / "x.png"))
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "cannot write" in lines[0]
