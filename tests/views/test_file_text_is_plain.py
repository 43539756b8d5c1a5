"""Text from a file is data: HTML in every text field is shown literally, never loaded.

A label ``<img src='…'>`` once made Qt load that file as an image when the
key arrow's tooltip showed (``/dev/zero``: 23 GB, killed). Here every text
field of a scenario holds HTML naming a real image; the window shows every
step, hovers every arrow and matrix cell, shows their tooltips and the
error box of a refused file, and the image is never opened (inotify), while
the labels and tooltips hold the markup as text.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys

import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.plain_text import plain_tooltip
from tests.views.conftest import data_to_viewport, hover, settle

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify watches the image"),
    pytest.mark.qt_log_ignore(
        "This plugin does not support propagateSizeHints", "This plugin does not support raise"
    ),
]

IN_ACCESS, IN_OPEN = 0x1, 0x20


class OpenWatch:
    """Tells whether anything opened or read ``path`` since it was made (Linux inotify)."""

    def __init__(self, path: str) -> None:
        self._libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        assert self.fd >= 0
        watch = self._libc.inotify_add_watch(self.fd, path.encode(), IN_ACCESS | IN_OPEN)
        assert watch >= 0

    def touched(self) -> bool:
        try:
            return len(os.read(self.fd, 4096)) > 0
        except BlockingIOError:
            return False

    def close(self) -> None:
        os.close(self.fd)


def html(label: str, image: str) -> str:
    return f"<img src='{image}'><b>{label}</b>"


@pytest.fixture
def html_file(tmp_path, monkeypatch):
    """A scenario whose title, captions and labels are HTML naming ``i.png``; the watch on it."""
    image = QtGui.QImage(4, 4, QtGui.QImage.Format.Format_RGB32)
    image.fill(QtGui.QColor("red"))
    assert image.save(str(tmp_path / "i.png"))
    monkeypatch.chdir(tmp_path)  # the labels name it relatively (labels are short)
    full = str(tmp_path / "i.png")
    steps = [
        {"op": "write", "key": [1, 0], "value": [2, 3], "label": html("w1", "i.png")},
        {"op": "write", "key": [0.6, 0.8], "value": [1, -1], "label": html("w2", "i.png")},
        {"op": "read", "query": [1, 0], "label": html("r1", "i.png")},
        {"op": "write", "key": [0, 1], "value": [5, 1], "label": html("w3", "i.png")},
        {"op": "read", "query": [0.6, 0.8], "label": html("r2", "i.png")},
    ]
    steps[2]["target"] = html("w1", "i.png")
    for step in steps:
        step["caption"] = html(f"caption of {step['label']}", full)
    data = {
        "format": "linviz-scenario",
        "version": 1,
        "title": html("title", full),
        "d_k": 2,
        "d_v": 2,
        "caption": html("the scenario's caption", full),
        "steps": steps,
    }
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    watch = OpenWatch(full)
    yield path
    watch_touched = watch.touched()
    watch.close()
    assert not watch_touched, "the image named in the file's text was opened"


def rich_markup(text: str) -> bool:
    """Whether Qt would take ``text`` as rich text with a live ``<img>`` tag."""
    return QtGui.Qt.mightBeRichText(text) and "<img" in text


def show_tooltip(viewport: QtWidgets.QWidget, where: QtCore.QPoint) -> str:
    """Hover ``where`` and ask for the tooltip there, as Qt does after a pause."""
    hover(viewport, where)
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, where, viewport.mapToGlobal(where))
    QtWidgets.QApplication.sendEvent(viewport, event)
    settle()
    text = QtWidgets.QToolTip.text() if QtWidgets.QToolTip.isVisible() else ""
    QtWidgets.QToolTip.hideText()
    return text


def test_the_helper_escapes_only_what_would_be_rich():
    assert plain_tooltip("k1: +3") == "k1: +3"
    wrapped = plain_tooltip("<img src='x.png'><b>w1</b>")
    assert "<img" not in wrapped and "&lt;img src='x.png'&gt;" in wrapped


def test_html_in_a_file_is_shown_as_text_and_loads_nothing(window, html_file, qtbot):
    assert window.open_path(html_file)
    session = window.session
    assert session.title.startswith("<img")
    tooltips: list[str] = []
    for number in range(len(session.scenario) + 1):
        session.set_cursor(number)
        settle()
        window.grab()  # paints every label, as the screen would
        for label in window.findChildren(QtWidgets.QLabel):
            if label.objectName() == "qtooltip_label":
                continue  # Qt's own; the tooltips are checked below
            if "<img" in label.text():
                assert label.textFormat() == QtCore.Qt.TextFormat.PlainText or not (
                    QtGui.Qt.mightBeRichText(label.text())
                ), f"{label.objectName() or label!r} shows {label.text()!r} as rich text"
        for widget in window.findChildren(QtWidgets.QWidget):
            assert not rich_markup(widget.toolTip()), widget
        for action in window.findChildren(QtGui.QAction):
            assert not rich_markup(action.toolTip()), action.text()
        # Hover every arrow of both planes, and two cells of S, and show their tooltips.
        for plane in (window.key_plane, window.value_plane):
            viewport = plane.plot_widget.viewport()
            for item in plane.arrows():
                if item.tooltip_provider is None or not item.isVisible():
                    continue
                where = data_to_viewport(plane.plot_widget, *item.tip)
                if viewport.rect().contains(where):
                    tooltips.append(show_tooltip(viewport, where))
        heatmap = window.heatmap
        for x, y in ((0.5, 0.5), (1.5, 0.5), (0.5, 1.5)):
            where = data_to_viewport(heatmap.plot_widget, x, y)
            tooltips.append(show_tooltip(heatmap.plot_widget.viewport(), where))
    shown = [text for text in tooltips if text]
    assert shown, "no tooltip was shown"
    for text in shown:
        assert not rich_markup(text), text
    # The labels are in the tooltips, escaped: shown literally.
    assert any("&lt;img src='i.png'&gt;&lt;b&gt;w" in text for text in shown), shown


def test_an_error_naming_a_label_is_plain_text(window, html_file, tmp_path, qtbot):
    bad = json.loads(html_file.read_text(encoding="utf-8"))
    bad["steps"][1]["label"] = bad["steps"][0]["label"]  # the same label twice: refused
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert not window.open_path(path)
    box = window.error_box
    qtbot.waitUntil(box.isVisible)
    assert "<img" in box.text()
    assert box.textFormat() == QtCore.Qt.TextFormat.PlainText
    box.grab()
    box.close()


def test_a_refused_edit_naming_a_label_is_plain_text(window, html_file, qtbot):
    """Renaming step 2 to step 1's label is refused: the message (label and all) stays text."""
    from linviz.views.panels.step_table_model import LABEL

    assert window.open_path(html_file)
    table = window.step_table
    model = table.model
    first = window.session.scenario.step(1).label
    assert not model.setData(model.index(1, LABEL), first)
    label = table.message_label
    assert "<img" in label.text()
    assert label.textFormat() == QtCore.Qt.TextFormat.PlainText
    assert not rich_markup(label.toolTip())
    assert "&lt;img" in label.toolTip()
    QtWidgets.QToolTip.hideText()


def test_table_and_timeline_tooltips_show_a_caption_literally(window, html_file, qtbot):
    """The step table's caption tooltip and a timeline chip's tooltip: escaped, nothing loaded."""
    from linviz.views.panels.chip_strip import ChipStrip
    from linviz.views.panels.step_table_model import CAPTION

    assert window.open_path(html_file)
    session = window.session
    model = window.step_table.table.model()
    strip = window.findChild(ChipStrip)
    assert strip is not None
    window.grab()
    table_tips, chip_tips = [], []
    for number in range(1, len(session.scenario) + 1):
        table_tips.append(
            model.data(model.index(number - 1, CAPTION), QtCore.Qt.ItemDataRole.ToolTipRole)
        )
        rect = strip.chip_rect(number)
        if rect.isValid() and strip.rect().contains(rect.center()):
            chip_tips.append(show_tooltip(strip, rect.center()))
    assert len([tip for tip in table_tips if tip]) == len(session.scenario)
    assert [tip for tip in chip_tips if tip], "no chip showed a tooltip"
    for text in table_tips + chip_tips:
        assert not rich_markup(text or ""), text
    # The caption is there, escaped: a learner reads the markup, Qt loads nothing.
    assert any("&lt;img src=" in (text or "") for text in table_tips), table_tips
    assert any("&lt;img src=" in text for text in chip_tips), chip_tips
