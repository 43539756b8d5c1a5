"""The window's theme: colours reach every widget, and a plot repaints alone."""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.views.theme import theme_named
from tests.views.conftest import EventLog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

Role = QtGui.QPalette.ColorRole


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_theme_chosen_later_reaches_every_widget(window, lesson_session, theme):
    lesson_session.set_options(theme="dark")
    lesson_session.set_options(theme=theme)  # and back: nothing keeps the old colours
    colors = theme_named(theme)
    legend = window.panels["keys"].legend
    table = window.panels["steps"].findChild(QtWidgets.QTableView)
    assert legend.palette().color(Role.WindowText) == QtGui.QColor(colors.foreground)
    assert table.palette().color(Role.Base) == QtGui.QColor(colors.background)
    assert table.palette().color(Role.Text) == QtGui.QColor(colors.foreground)
    image = window.grab().toImage()
    assert image.pixelColor(3, window.height() // 2) == QtGui.QColor(colors.background)


def test_a_plot_repaints_without_repainting_the_panels_under_it(qtbot, window):
    """What makes a drag cheap: no style sheet background under the plots."""
    viewport = window.panels["heatmap"].plot_widget.viewport()
    for _ in range(10):  # whatever the window still had to paint
        QtWidgets.QApplication.processEvents()
    paints = EventLog(QtCore.QEvent.Type.Paint, window, *window.findChildren(QtWidgets.QWidget))
    viewport.update()
    qtbot.waitUntil(lambda: viewport in paints.watched)
    QtWidgets.QApplication.processEvents()
    paints.stop()
    assert set(paints.watched) == {viewport}, [type(w).__name__ for w in paints.watched]
