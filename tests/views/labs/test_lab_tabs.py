"""The labs as tabs of the main window: built when first shown, keys, tooltips, translations."""

from __future__ import annotations

import re

import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.views.labs.lab_tabs import LAB_NAMES
from tests.views.conftest import settle
from tests.views.labs.conftest import show_lab
from tests.views.labs.lab_text_boxes import plain

CONTROLS = (
    QtWidgets.QAbstractButton,
    QtWidgets.QComboBox,
    QtWidgets.QAbstractSpinBox,
    QtWidgets.QAbstractSlider,
    QtWidgets.QLineEdit,
)


def controls_of(page) -> list[QtWidgets.QWidget]:
    return [w for w in page.findChildren(QtWidgets.QWidget) if isinstance(w, CONTROLS)]


def test_each_lab_is_a_tab_built_the_first_time_it_shows(qtbot, lab_window):
    window = lab_window("session-trace", (1280, 800), projector=False)
    tabs = window.labs.tabs
    assert window.centralWidget() is tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == [
        "Scenario",
        "Memory cost",
        "Recall test",
        "Spotlight",
        "Rules",
        "Filling up",
        "Cost per token",
    ]
    assert tabs.widget(0).isAncestorOf(window.panels["heatmap"])
    assert window.labs.pages == {}  # nothing built until asked for
    tabs.setCurrentIndex(3)
    assert list(window.labs.pages) == ["spotlight"]
    menus = [action.text() for action in window.menuBar().actions()]
    assert menus == ["&File", "&Edit", "&Go", "&View", "&Class", "&Help"]  # no new menu
    labs_menu = window.labs.menu
    assert labs_menu.menuAction() in window.view_menu.actions()
    assert [a.shortcut().toString() for a in labs_menu.actions()] == [
        f"Ctrl+{n}" for n in range(1, 8)
    ]


def test_ctrl_digits_go_from_tab_to_tab_even_in_projector_mode(qtbot, lab_window):
    window = lab_window("session-trace", (1024, 768), projector=True)
    with qtbot.waitActive(window):
        window.activateWindow()
    assert not window.menuBar().isVisible()
    for number, name in enumerate(("scenario", *LAB_NAMES), start=1):
        qtbot.keyClick(
            window, getattr(Qt.Key, f"Key_{number}"), Qt.KeyboardModifier.ControlModifier
        )
        assert window.labs.current_name() == name
    for measuring in ("recall", "cost"):
        runner = window.labs.pages[measuring].runner
        qtbot.waitUntil(lambda runner=runner: not runner.running, timeout=60_000)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert window.labs.current_name() == "scenario"


def test_the_cursor_keys_still_move_the_cursor_on_a_lab(qtbot, lab_window):
    window = lab_window("session-trace", (1280, 800), projector=False)
    with qtbot.waitActive(window):
        window.activateWindow()
    page = show_lab(window, "rules")
    window.session.set_cursor(7)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    settle()
    assert window.session.cursor == 6 and "write w3" in page.title.text()


@pytest.mark.parametrize("name", LAB_NAMES)
def test_every_control_has_a_tooltip_and_takes_the_keyboard(qtbot, lab_window, name):
    window = lab_window("session-trace", (1280, 800), projector=False)
    with qtbot.waitActive(window):
        window.activateWindow()
    page = show_lab(window, name)
    if name == "recall":
        qtbot.waitUntil(lambda: not page.runner.running, timeout=60_000)
    if name == "memory":
        page.hide_box.setChecked(True)  # the estimate boxes show
        settle()
    controls = [w for w in controls_of(page) if w.isVisibleTo(page)]
    assert len(controls) >= 3
    for widget in controls:
        if isinstance(widget, QtWidgets.QLineEdit) and isinstance(
            widget.parentWidget(), QtWidgets.QAbstractSpinBox
        ):
            continue  # a spin box's own editor
        tip = widget.toolTip() or widget.parentWidget().toolTip()
        assert tip, (
            f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r} has no tooltip"
        )
    for plot in page.findChildren(pg.PlotWidget):
        if plot.isVisibleTo(page) and not plot.parentWidget().objectName().startswith("rule"):
            assert plot.toolTip() or plot.parentWidget().toolTip() or name in ("recall", "rules")
    # Tab visits every enabled control of the page.
    focusable = {
        w
        for w in controls
        if w.isEnabled()
        and w.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not isinstance(w.parentWidget(), QtWidgets.QAbstractSpinBox)
    }
    window.labs.tabs.tabBar().setFocus()
    visited = set()
    for _ in range(4 * len(focusable) + 40):
        window.focusNextChild()
        widget = window.focusWidget()
        if isinstance(widget.parentWidget(), QtWidgets.QAbstractSpinBox):
            widget = widget.parentWidget()
        visited.add(widget)
    missing = [f"{type(w).__name__}:{w.toolTip()[:30]}" for w in focusable - visited]
    assert not missing


class Marking(QtCore.QTranslator):
    """Translates every string to «string»: what shows unmarked was not translated."""

    def translate(self, context, source, disambiguation=None, n=-1):
        return f"«{source}»"


#: Texts that carry no words to translate: numbers, sizes, vectors, step labels.
DATA_ONLY = re.compile(r"^[\s\d.,:;%+\-−×/()\[\]?…]*(B|KiB|MiB|GiB|TiB|w\d+|r\d+|[a-z]?\d*)?$")


@pytest.mark.parametrize("name", LAB_NAMES)
def test_every_visible_word_goes_through_the_translator(qtbot, lab_window, monkeypatch, name):
    app = QtWidgets.QApplication.instance()
    marking = Marking()
    app.installTranslator(marking)
    try:
        window = lab_window("session-trace", (1600, 1000), projector=False)
        window.session.set_cursor(7)
        page = show_lab(window, name)
        if name == "recall":
            qtbot.waitUntil(lambda: not page.runner.running, timeout=60_000)
            settle()
        texts = []
        for widget in page.findChildren(QtWidgets.QWidget):
            if not widget.isVisibleTo(page):
                continue
            if isinstance(widget, QtWidgets.QLabel):
                texts.append(plain(widget.text()))
            elif isinstance(widget, QtWidgets.QAbstractButton):
                texts.append(widget.text())
            elif isinstance(widget, QtWidgets.QComboBox):
                texts.extend(widget.itemText(i) for i in range(widget.count()))
            if widget.toolTip():
                texts.append(widget.toolTip())
        for plot in page.findChildren(pg.PlotWidget):
            for axis in plot.getPlotItem().axes.values():
                texts.append(axis["item"].labelText)
        for item in (i for p in page.findChildren(pg.PlotWidget) for i in p.items()):
            if isinstance(item, pg.TextItem):
                texts.append(item.toPlainText())
        tab = window.labs.tabs
        texts.append(tab.tabText(tab.currentIndex()))
        untranslated = [t for t in texts if t and "«" not in t and not DATA_ONLY.match(t)]
        assert not untranslated
        assert sum("«" in t for t in texts) >= 10
    finally:
        app.removeTranslator(marking)


@pytest.mark.parametrize("name", ["rules", "spectrum", "memory"])
def test_a_lab_built_in_a_window_opened_dark_has_light_words(qtbot, lab_window, name):
    """The theme remembered from the last run is dark: the labs built afterwards too.

    Built then, the rules lab's "Step 10 of 10: read r6" and "Decay α" were
    near-black on its dark page (the light palette its style sheet had fixed
    before the page had a parent); switched to dark later, they were light.
    """
    from linviz.views.theme import theme_named

    QtCore.QSettings().setValue("theme", "dark")
    window = lab_window(projector=False, size=(1400, 900))
    assert window.session.options.theme == "dark"
    page = show_lab(window, name)
    dark = theme_named("dark")
    labels = [
        label
        for label in page.findChildren(QtWidgets.QLabel)
        if label.isVisible() and label.text().strip() and not label.styleSheet()
    ]
    assert labels
    for label in labels:
        words = label.palette().color(label.foregroundRole()).name()
        assert words == dark.foreground, (label.text(), words)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_narrow_window_scrolls_its_tabs_with_arrows_one_can_see(qtbot, lab_window, theme):
    """The seven tabs asked 603 px (663 in French): no window, and no figure of one,
    could be narrower. They now scroll; the arrows had no room in the window's
    button padding and were two blank boxes."""
    from linviz.views.language import set_language

    set_language("fr")
    try:
        window = lab_window("delta-repair", size=(560, 500), projector=False)
        window.set_theme(theme)
        settle()
        assert window.width() == 560
        bar = window.labs.tabs.tabBar()
        arrows = [b for b in bar.findChildren(QtWidgets.QToolButton) if b.isVisible()]
        assert len(arrows) == 2
        for arrow in arrows:
            image = arrow.grab().toImage()
            inside = image.copy(image.rect().adjusted(3, 3, -3, -3))
            colours = {
                inside.pixel(x, y) for x in range(inside.width()) for y in range(inside.height())
            }
            assert len(colours) > 2, (theme, arrow.width(), arrow.height())  # an arrow is drawn
    finally:
        set_language("en")
