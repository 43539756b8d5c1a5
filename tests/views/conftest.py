"""Fixtures and helpers for widget tests: sessions, real synthesized drags."""

from __future__ import annotations

import contextlib
from typing import NamedTuple

import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.session import Session
from linviz.views.language import set_language

#: The marks of a test module that types extreme values into the window (pytestmark).
EXTREME_VALUE_MARKS = [
    pytest.mark.qt_log_ignore(
        "This plugin does not support propagateSizeHints",
        "This plugin does not support raise",
        "Mouse event .* not accepted by receiving widget",
    ),
    # Extreme values make S or a read overflow to ±inf, which the engine accepts and the
    # views show as inf (numpy says so with a warning); what must not happen is an
    # exception or a crash.
    pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning"),
    pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning"),
]


@pytest.fixture(autouse=True, scope="session")
def english(qapp):
    """English with its plural forms ("3 components"), as the app starts (linviz.views.app).

    Without it a test run alone saw Qt's untranslated "3 component(s)".
    """
    set_language("en")


@pytest.fixture(autouse=True)
def no_mouse_rate_limit():
    """pyqtgraph drops mouse moves less than 10 ms apart; tests send them faster."""
    old = pg.getConfigOption("mouseRateLimit")
    pg.setConfigOption("mouseRateLimit", 0)
    yield
    pg.setConfigOption("mouseRateLimit", old)


@pytest.fixture(autouse=True)
def no_window_stays_on_screen(qapp):
    """Hide the windows a test left on screen (not through qtbot), after it.

    A window left visible stays on the offscreen screen under later tests of
    the same worker: a presenter view left open once took every mouse move
    meant for a panel below it, and that panel's hover test failed. Hidden,
    not closed: closing would ask about unsaved work after the fixture that
    answers it has gone.
    """
    before = {id(w) for w in QtWidgets.QApplication.topLevelWidgets() if w.isVisible()}
    yield
    for widget in QtWidgets.QApplication.topLevelWidgets():
        if widget.isVisible() and id(widget) not in before:
            widget.hide()


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path, monkeypatch):
    """QSettings go to a temporary folder: tests never share remembered state."""
    QtCore.QSettings.setDefaultFormat(QtCore.QSettings.Format.IniFormat)
    QtCore.QSettings.setPath(
        QtCore.QSettings.Format.IniFormat,
        QtCore.QSettings.Scope.UserScope,
        str(tmp_path / "settings"),
    )
    yield


@pytest.fixture(autouse=True)
def isolated_data_folder(tmp_path, monkeypatch):
    """Recovery files and error logs go to a temporary folder, never the user's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield


@pytest.fixture
def lesson_session():
    """A session on the crowding-the-plane lesson."""
    session = Session()
    session.open("crowding-the-plane")
    return session


def data_to_viewport(plot_widget: pg.PlotWidget, x: float, y: float) -> QtCore.QPoint:
    """Where data point (x, y) of a PlotWidget is, in its viewport's pixels."""
    scene_point = plot_widget.getPlotItem().getViewBox().mapViewToScene(QtCore.QPointF(x, y))
    return plot_widget.mapFromScene(scene_point)


def hover(viewport: QtWidgets.QWidget, where: QtCore.QPoint) -> None:
    """Move the mouse onto ``where`` of ``viewport`` with a real move event.

    Qt drops a move to the point the cursor is already at: a test run after
    another that left the mouse there (same window size, same point) would
    get no event at all. The mouse first goes to a point beside it.
    """
    beside = (
        where + QtCore.QPoint(7, 7)
        if where.x() < 7 or where.y() < 7
        else where - QtCore.QPoint(7, 7)
    )
    QTest.mouseMove(viewport, beside)
    QTest.mouseMove(viewport, where)


def drag(
    plot_widget: pg.PlotWidget, start: QtCore.QPoint, end: QtCore.QPoint, steps: int = 6
) -> None:
    """A real press-move-release drag on the viewport (moves ≥ 10 px each)."""
    viewport = plot_widget.viewport()
    QTest.mouseMove(viewport, start)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for i in range(1, steps + 1):
        t = i / steps
        QTest.mouseMove(
            viewport,
            QtCore.QPoint(
                round(start.x() + t * (end.x() - start.x())),
                round(start.y() + t * (end.y() - start.y())),
            ),
        )
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def shown_main_window(qtbot, session):
    """A main window on ``session``, 1400×900, shown and active; closed at teardown.

    (The autouse fixture in tests/conftest.py answers "discard" to the
    unsaved-changes question, so closing at teardown never waits.)
    """
    from linviz.views.main_window import MainWindow

    win = MainWindow(session)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    with qtbot.waitExposed(win):
        win.show()
    win.activateWindow()
    return win


@pytest.fixture
def window(qtbot, lesson_session):
    """The main window on the crowding-the-plane lesson, shown and active."""
    return shown_main_window(qtbot, lesson_session)


class DrawnLabel(NamedTuple):
    """A plane label as painted: its box (device pixels), its look, and whether it
    was placed at paint time (held inside the view: "too large to draw")."""

    box: QtCore.QRectF
    look: object
    placed_at_paint: bool


@pytest.fixture
def drawn_labels(monkeypatch) -> list[DrawnLabel]:
    """Every plane label painted from now on (the layer's and the arrows')."""
    from linviz.views.drawing import arrow_layer
    from linviz.views.items import arrow_item

    drawn: list[DrawnLabel] = []
    original = arrow_item.paint_label

    def recording(painter, start, end, look, zero, inside=None, taken=None):
        box = original(painter, start, end, look, zero, inside, taken)
        drawn.append(DrawnLabel(QtCore.QRectF(box), look, inside is not None))
        return box

    for module in (arrow_item, arrow_layer):
        monkeypatch.setattr(module, "paint_label", recording)
    return drawn


def opened_window(qtbot, lesson: str | Session, size: tuple[int, int]):
    """A shown main window on ``lesson`` (a name: a new session of it), ``size`` large
    (closed at teardown)."""
    from linviz.views.main_window import MainWindow

    session = lesson
    if not isinstance(session, Session):
        session = Session()
        session.open(lesson)
    win = MainWindow(session)
    qtbot.addWidget(win)
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    return win


@contextlib.contextmanager
def module_window(tmp_path_factory, name: str, session: Session, size: tuple[int, int]):
    """A shown main window on ``session`` for a module's tests, its settings and files
    in a folder of its own (``name``); closed and deleted afterwards.
    """
    from linviz.views.main_window import MainWindow

    folder = tmp_path_factory.mktemp(name)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder / "data"))
        QtCore.QSettings.setDefaultFormat(QtCore.QSettings.Format.IniFormat)
        QtCore.QSettings.setPath(
            QtCore.QSettings.Format.IniFormat,
            QtCore.QSettings.Scope.UserScope,
            str(folder / "settings"),
        )
        win = MainWindow(session)
        win.ask_unsaved = lambda: QtWidgets.QMessageBox.StandardButton.Discard
        win.resize(*size)
        win.show()
        assert QTest.qWaitForWindowExposed(win)
        try:
            yield win
        finally:
            win.close()
            win.deleteLater()
            QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


@pytest.fixture(scope="module")
def shared_window(qapp, tmp_path_factory):
    """One main window for the tests of a module that only read it (see :func:`read_window`).

    Built once, on the crowding-the-plane lesson, its settings and files in a
    folder of its own; closed after the module's last test.
    """
    session = Session()
    session.open("crowding-the-plane")
    with module_window(tmp_path_factory, "shared_window", session, (1400, 900)) as win:
        win.activateWindow()
        yield win


def _window_state(win) -> tuple:
    session = win.session
    undo = session.undo_stack
    return (
        id(session.scenario),
        len(session.scenario),
        session.cursor,
        session.options,
        (undo.undo_text(), undo.redo_text(), undo.is_clean()),
        win.labs.current_name(),
        win.size(),
        [dock.isVisible() for dock in win.findChildren(QtWidgets.QDockWidget)],
    )


@pytest.fixture
def read_window(shared_window):
    """The module's shared main window, for a test that only reads it (menus, texts, exports).

    As :func:`window` shows it, without building one per test (about 0.5 s
    each). The test fails if it changed the window's session, tab, size or
    docks: such a test takes ``window``.
    """
    before = _window_state(shared_window)
    yield shared_window
    assert _window_state(shared_window) == before, "a test changed the shared window"


class EventLog(QtCore.QObject):
    """Records the events of one kind that ``widgets`` receive, in order.

    ``watched`` lists the receivers; ``rects`` the rectangle of each (a paint's
    area; empty for other kinds). :meth:`stop` removes the filters.
    """

    def __init__(self, kind: QtCore.QEvent.Type, *widgets) -> None:
        super().__init__(widgets[0])
        self.kind = kind
        self.widgets = widgets
        self.watched: list[QtCore.QObject] = []
        self.rects: list[QtCore.QRect] = []
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == self.kind:
            self.watched.append(watched)
            self.rects.append(
                QtCore.QRect(event.rect())
                if isinstance(event, QtGui.QPaintEvent)
                else QtCore.QRect()
            )
        return False

    def stop(self) -> None:
        """Stop recording."""
        for widget in self.widgets:
            widget.removeEventFilter(self)


def shown(qtbot, widget, width: int, height: int):
    """``widget`` at ``width``×``height``, shown and exposed (closed at teardown)."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    with qtbot.waitExposed(widget):
        widget.show()
    return widget


def shown_in_column(qtbot, widgets, width: int, height: int):
    """``widgets`` one above the other in a shown, active window (so keys reach them).

    Keep the window returned: it owns the widgets (pytest-qt holds it only weakly).
    """
    from PySide6 import QtWidgets

    window = QtWidgets.QWidget()
    layout = QtWidgets.QVBoxLayout(window)
    for widget in widgets:
        widget.setParent(window)
        layout.addWidget(widget)
    shown(qtbot, window, width, height)
    with qtbot.waitActive(window):
        window.activateWindow()
    return window


def settle() -> None:
    """Let layouts that react to a resize or a new font finish (no waiting on time)."""
    from PySide6 import QtWidgets

    for _ in range(3):
        QtWidgets.QApplication.processEvents()


class _LayoutActivity(QtCore.QObject):
    """Counts the events a layout still settling sends: requests, resizes, repaints."""

    KINDS = frozenset(
        {
            QtCore.QEvent.Type.LayoutRequest,
            QtCore.QEvent.Type.Resize,
            QtCore.QEvent.Type.UpdateRequest,
            QtCore.QEvent.Type.Paint,
            QtCore.QEvent.Type.Timer,
        }
    )

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:
        if event.type() in self.KINDS:
            self.count += 1
        return False


def settle_until_still(quiet_rounds: int = 2, most_rounds: int = 100) -> int:
    """Run the event loop until ``quiet_rounds`` rounds in a row bring no layout request,
    resize, repaint or timer (the plots fit their aspect after a resize through them).

    Returns the rounds it took; waits on the window's own events, never on time.
    """
    from PySide6 import QtWidgets

    app = QtWidgets.QApplication.instance()
    activity = _LayoutActivity()
    app.installEventFilter(activity)
    try:
        quiet = 0
        for rounds in range(1, most_rounds + 1):
            before = activity.count
            app.sendPostedEvents()
            app.processEvents()
            quiet = quiet + 1 if activity.count == before else 0
            if quiet >= quiet_rounds:
                return rounds
        return most_rounds
    finally:
        app.removeEventFilter(activity)


@pytest.fixture
def show(qtbot):
    """Show a panel (default 800×320); keep it alive until the test's teardown.

    pytest-qt holds widgets only weakly, and a panel is otherwise kept only by
    its reference cycle with the session: the garbage collector could delete
    it while the events processed after the test body paint it.
    """
    kept = []

    def show_panel(panel, width: int = 800, height: int = 320) -> None:
        kept.append(panel)
        qtbot.addWidget(panel)
        panel.resize(width, height)
        panel.show()
        qtbot.waitExposed(panel)
        settle()

    yield show_panel
    for panel in kept:
        panel.close()
    kept.clear()


def in_a_column(qtbot, *widgets, width: int = 300):
    """``widgets`` one above the other over a stretch, in a shown window ``width`` wide."""
    from PySide6 import QtWidgets

    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    layout = QtWidgets.QVBoxLayout(host)
    for widget in widgets:
        layout.addWidget(widget)
    layout.addStretch(1)
    host.resize(width, 400)
    with qtbot.waitExposed(host):
        host.show()
    return host
