"""Fixtures for the labs' tests: a main window at a given size, in projector mode or not."""

from __future__ import annotations

import pytest

from linviz.controller.session import Session
from tests.views.conftest import settle


@pytest.fixture
def lab_window(qtbot):
    """Make a main window on a lesson, shown at a size, optionally in projector mode.

    Its recall runs are stopped at teardown (a worker must not outlive the test).
    """
    from linviz.views.main_window import MainWindow

    made = []

    def make(lesson: str = "session-trace", size=(1024, 768), projector: bool = True):
        session = Session()
        session.open(lesson)
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.resize(*size)
        with qtbot.waitExposed(window):
            window.show()
        if projector:
            window.set_projector_mode(True, full_screen=False)
        window.resize(*size)
        settle()
        made.append(window)
        return window

    yield make
    for window in made:
        recall = window.labs.pages.get("recall")
        if recall is not None:
            recall.runner.stop()


def show_lab(window, name: str):
    """Show lab ``name``'s tab; return its page once laid out."""
    window.labs.show_tab(name)
    page = window.labs.pages[name]
    settle()
    settle()
    return page


def run_to_end(qtbot, page) -> None:
    """Click a lab page's Run button and wait until its run has finished."""
    from PySide6.QtCore import Qt

    with qtbot.waitSignal(page.runner.finished, timeout=60_000):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    settle()
