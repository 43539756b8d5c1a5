"""The window's first show: the desk laid out once, at its size, with the docks fitted.

Until the window shows, the tab page holding the desk has no size; shown
with the window, the desk used to be laid out first at Qt's default page
size (540×360: a key plane ~138×125 px), then at its own, every plot
resized and redrawn each time, and the docks were fitted to the window's
height only after the first paint, which made the window jump.
"""

from __future__ import annotations

from PySide6 import QtCore

from linviz.views.shell.desk import DOCK_MAX_PX, DOCK_MIN_PX, DOCK_SHARE


class FirstPaintWatch(QtCore.QObject):
    """Every size the key plane's plot gets, and the docks' heights at the first paint."""

    def __init__(self, window) -> None:
        super().__init__()
        self.window = window
        self.plot = window.key_plane.plot_widget
        self.sizes: list[tuple[int, int]] = []
        self.at_first_paint: dict[str, object] | None = None

    def eventFilter(self, watched, event):
        kind = event.type()
        if watched is self.plot and kind == QtCore.QEvent.Type.Resize:
            self.sizes.append((event.size().width(), event.size().height()))
        if kind == QtCore.QEvent.Type.Paint and self.at_first_paint is None:
            self.at_first_paint = {
                "steps dock": self.window.steps_dock.height(),
                "settings dock": self.window.settings_dock.height(),
                "plot sizes": list(self.sizes),
            }
        return False


def test_the_first_paint_shows_the_desk_at_its_size_with_the_docks_fitted(
    qtbot, lesson_session, qapp
):
    from linviz.views.main_window import MainWindow

    window = MainWindow(lesson_session)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    watch = FirstPaintWatch(window)
    qapp.installEventFilter(watch)
    try:
        window.show()
        qtbot.waitUntil(lambda: watch.at_first_paint is not None)
    finally:
        qapp.removeEventFilter(watch)
    first = watch.at_first_paint
    fitted = round(min(max(DOCK_SHARE * window.height(), DOCK_MIN_PX), DOCK_MAX_PX))
    assert first["steps dock"] == fitted == first["settings dock"]  # no jump after it
    # Laid out at the window's size only: never at the default page's 540×360.
    assert first["plot sizes"], "the plot was never laid out before the first paint"
    assert all(height > 300 for _, height in first["plot sizes"]), first["plot sizes"]
    assert len(first["plot sizes"]) <= 2, first["plot sizes"]  # its size, then the columns' fit


def test_the_desk_and_its_docks_work_after_the_first_show(qtbot, window):
    """The desk shows, and View ▸ Steps hides and shows its dock, as before."""
    assert window.desk.area.isVisible() and window.key_plane.isVisible()
    toggle = window.registry["view.steps_dock"]
    toggle.trigger()
    qtbot.waitUntil(lambda: not window.steps_dock.isVisible())
    toggle.trigger()
    qtbot.waitUntil(window.steps_dock.isVisible)
