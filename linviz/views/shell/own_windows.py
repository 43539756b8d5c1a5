"""The windows that belong to the main window, closed with it."""

from __future__ import annotations

from PySide6 import QtWidgets

from linviz.views.classroom.presenter import Presenter


def close_own_windows(window: QtWidgets.QWidget, presenter: Presenter) -> None:
    """Close the windows of ``window``: its dialogs and its presenter view.

    In a notebook (``linviz.show``) the app runs on after the window closes:
    the try-a-vector box, the lab notebook, an error box or the presenter
    view would stay on screen, working on a window that is gone.
    """
    presenter.close_view()  # a window of its own, not a child
    for child in window.findChildren(QtWidgets.QWidget):
        if child.isWindow() and child.isVisible():
            child.close()
