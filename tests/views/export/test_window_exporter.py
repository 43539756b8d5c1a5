"""File ▸ Export, Copy image and the panels' right-click menus."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PIL import Image
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.export.options_dialog import ExportOptions
from tests.views.export.conftest import SVG, open_png


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


def test_copy_image_puts_the_scaled_panel_on_the_clipboard(read_window):
    window = read_window  # it only reads: the module's shared window
    panel = window.panels["heatmap"]
    image = window.exporter.copy_view("heatmap", scale=2)
    copied = QtGui.QGuiApplication.clipboard().image()
    assert (copied.width(), copied.height()) == (2 * panel.width(), 2 * panel.height())
    assert image is not None


def test_copy_shortcut_copies_the_window(read_window):
    window = read_window  # it only reads: the module's shared window
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
        assert image.n_frames == 8 and image.info["duration"] == 500  # steps 0 … 7


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


def test_right_click_on_the_readout_reaches_its_frame_through_its_scroll_area(
    read_window, monkeypatch
):
    window = read_window  # it only reads: the module's shared window
    exporter = window.exporter
    opened = []
    monkeypatch.setattr(exporter, "show_context_menu", lambda name, position: opened.append(name))
    heading = window.readout.heading
    where = QtCore.QPoint(heading.width() // 2, heading.height() // 2)
    event = QtGui.QContextMenuEvent(
        QtGui.QContextMenuEvent.Reason.Mouse, where, heading.mapToGlobal(where)
    )
    QtWidgets.QApplication.sendEvent(heading, event)
    assert opened == ["readout"]


def test_panels_added_after_the_export_actions_get_a_menu_too(read_window):
    window = read_window  # it only reads: the module's shared window
    for name, panel in window.panels.items():
        target = window.panel_frame(name)
        assert target is panel or target.isAncestorOf(panel)  # its titled frame
        assert target.property("export_menu_for") == name
        assert target.contextMenuPolicy() == QtCore.Qt.ContextMenuPolicy.CustomContextMenu


def test_the_window_is_exported_without_its_table_settings_and_buttons(
    window, tmp_path, monkeypatch
):
    from linviz.views.export import images

    drawn = images.export_widget
    seen = []

    def spy(widget, path, *args, **kwargs):
        timeline, caption = window.panels["timeline"], window.panels["caption"]
        seen.append(
            {
                "table": window.steps_dock.isVisible(),
                "settings": window.settings_dock.isVisible(),
                "buttons": any(b.isVisible() for b in timeline.buttons)
                or caption.edit_button.isVisible(),
                "heatmap height": window.panels["heatmap"].height(),
            }
        )
        return drawn(widget, path, *args, **kwargs)

    monkeypatch.setattr(images, "export_widget", spy)
    before = window.panels["heatmap"].height()
    assert window.exporter.export_view("window", tmp_path / "slide.png") is not None
    shown = seen[-1]
    assert not shown["table"] and not shown["settings"] and not shown["buttons"]
    assert shown["heatmap height"] > before  # the room goes to what the slide shows
    # The window is as it was afterwards.
    assert window.steps_dock.isVisible() and window.settings_dock.isVisible()
    assert window.panels["timeline"].buttons[0].isVisible()
    assert window.panels["heatmap"].height() == before
    # Asked for, they stay; a panel's export never touches the window.
    window.exporter.export_view("window", tmp_path / "full.png", editors=True)
    assert seen[-1]["table"] and seen[-1]["buttons"]
    window.exporter.export_view("heatmap", tmp_path / "heat.png")
    assert seen[-1]["table"]
    # The options dialog offers the choice for the whole window only.
    from linviz.views.export.options_dialog import ExportOptionsDialog

    dialog = ExportOptionsDialog(".png", ExportOptions(), window, whole_window=True)
    assert not dialog.editors_box.isChecked() and dialog.editors_box.parent() is not None
    dialog.editors_box.setChecked(True)
    assert dialog.options().editors
    assert not ExportOptionsDialog(".png", ExportOptions(editors=True), window).options().editors


def _page_options(path):
    """The options a written page opens with (its ``linviz-options`` JSON)."""
    import json
    import re

    text = path.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="linviz-options">(.*?)</script>', text)
    return json.loads(found.group(1)), text


def test_interactive_page_writes_the_lesson_at_the_step_shown(window, tmp_path):
    exporter = window.exporter
    window.session.set_cursor(5)
    window.session.set_options(projector=False, theme="dark")
    asked = []
    exporter.ask_path = lambda title, filters, suggested: (
        asked.append((filters, suggested)) or str(tmp_path / "lesson")
    )
    exporter.actions["page"].trigger()  # File ▸ Export ▸ Interactive page (HTML)…
    page = tmp_path / "lesson.html"  # the suffix is added when none is typed
    assert page.exists() and "*.html" in asked[0][0] and asked[0][1].endswith("step5.html")
    options, text = _page_options(page)
    assert options == {"language": "en", "theme": "dark", "step": 5}
    assert window.session.title in text and "http://" not in text and "https://" not in text
    assert "Interactive" in exporter.actions["page"].text()


def test_interactive_page_too_large_is_refused_with_the_limit(window, tmp_path, monkeypatch):
    errors = []
    window.exporter.error.connect(lambda title, text: errors.append(text))
    monkeypatch.setattr("linviz.page.writer.MAX_PAGE_STEPS", 3)
    assert window.exporter.export_page(tmp_path / "big.html") is None
    assert not (tmp_path / "big.html").exists()
    assert errors and "at most 3" in errors[0], errors
