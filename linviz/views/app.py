"""Start the application: QApplication, translations, the main window."""

from __future__ import annotations

import os
import sys

from PySide6 import QtCore, QtWidgets

from linviz.views.guarded import guarded
from linviz.views.indicator_style import use_indicator_style
from linviz.views.language import LANGUAGES, SETTINGS_KEY, set_language, system_language

#: ``linviz bench`` sets this to 1: the app prints :data:`PAINTED_LINE` once its
#: window has painted for the first time, then quits (start-up time).
EXIT_AFTER_PAINT = "LINVIZ_BENCH_EXIT_AFTER_PAINT"
PAINTED_LINE = "linviz-bench-painted"
#: Printed just before :data:`PAINTED_LINE`: this process's peak resident memory (MB).
PEAK_RSS_PREFIX = "linviz-bench-peak-rss-mb"


def ensure_platform() -> None:
    """Use the offscreen platform when there is no display (Qt aborts otherwise)."""
    if (
        sys.platform.startswith("linux")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def has_display() -> bool:
    """Whether a window can be shown (a platform was chosen, or a display exists)."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serial_fills() -> None:
    """Keep Qt's raster fills on the painting thread (before any painting).

    Qt hands every fill of 96 or more spans to a thread pool and waits for it.
    The views paint hundreds of small translucent shapes (faded arrows, label
    boxes): there the hand-off costs far more than the fill (a path of 30
    faded arrow heads took 94 µs instead of 8), and a cursor move paid ~1.5 ms
    for it. ``QT_NO_GUI_THREADPOOL`` is Qt's own switch for that pool; a value
    set by the user is left alone.
    """
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def application(
    argv: list[str] | None = None, language: str | None = None
) -> QtWidgets.QApplication:
    """The one QApplication, created on first use, with names for QSettings."""
    ensure_platform()
    serial_fills()
    app = QtWidgets.QApplication.instance()
    if app is None:
        app = QtWidgets.QApplication(argv if argv is not None else sys.argv[:1])
    use_indicator_style(app)  # type: ignore[arg-type]
    QtCore.QCoreApplication.setOrganizationName("linviz")
    QtCore.QCoreApplication.setApplicationName("linviz")
    if language is not None:
        set_language(language)
    return app  # type: ignore[return-value]


def chosen_language(asked: str | None) -> str:
    """The language to start in: ``--lang``, else the one last chosen, else the system's."""
    if asked is not None:
        return asked
    remembered = QtCore.QSettings().value(SETTINGS_KEY, None)
    return remembered if remembered in LANGUAGES else system_language()


def open_session(name: str | None, arrays=None):
    """A session on ``name`` (a file or lesson; default the first lesson), or ``None``.

    ``arrays`` (:class:`~linviz.model.array_files.ArrayOptions`): how to read
    an ``.npz``/``.npy`` file.

    Needs no Qt: a name that is no file and no lesson is the mistake to report,
    display or not (the reason is printed).
    """
    from linviz.controller.session import Session
    from linviz.model.errors import ScenarioError
    from linviz.model.lessons import bundled_lessons

    session = Session()
    target = name if name is not None else bundled_lessons()[0].name
    try:
        session.open(target, arrays)
    except ScenarioError as error:
        print(f"linviz: {error}", file=sys.stderr)
        return None
    return session


def main_window(session):
    """A new linviz window on ``session``, not shown yet (the one place it is made)."""
    from linviz.views.main_window import MainWindow

    return MainWindow(session)


def open_window(name_or_session, offer_recovery: bool = True):
    """A shown main window on a session or a name (a file or lesson; ``None``: the first lesson).

    Then, if a linviz that ended without saving left work behind, the window
    offers it back (:meth:`MainWindow.offer_recovery`). ``None`` if the name
    cannot be opened (the reason is printed).
    """
    from linviz.controller.session import Session

    session = name_or_session
    if not isinstance(session, Session):
        session = open_session(name_or_session)
        if session is None:
            return None
    window = main_window(session)
    window.show()
    window.restore_projector_mode()
    if offer_recovery:
        window.offer_recovery()
    return window


def install_error_reporter(app: QtCore.QCoreApplication):
    """Show and log the exceptions no code caught (:class:`ErrorReporter`), once per app."""
    from linviz.views.error_hook import ErrorReporter

    reporter = app.property("linviz_error_reporter")
    if reporter is None:
        reporter = ErrorReporter(parent=app).install()
        app.setProperty("linviz_error_reporter", reporter)
    return reporter


def run(name: str | None, language: str | None = None, arrays=None) -> int:
    """Open the main window on ``name`` (a file or lesson; default the first lesson).

    ``language`` (``--lang``) overrides the language remembered from the last run.
    """
    session = open_session(name, arrays)
    if session is None:
        return 1
    if not has_display():
        print(
            "linviz: no display to open a window on (DISPLAY is not set). "
            "`linviz trace` and `linviz export` work without one.",
            file=sys.stderr,
        )
        return 1
    app = application()
    reporter = install_error_reporter(app)
    set_language(chosen_language(language))
    # The window lives as long as this reference: until app.exec() returns.
    _window = open_window(session, offer_recovery=os.environ.get(EXIT_AFTER_PAINT) != "1")
    if os.environ.get(EXIT_AFTER_PAINT) == "1":
        # Watched from here on: nothing paints before the event loop runs, and a
        # filter installed sooner would have taxed each of the ~10,000 events of
        # building the window with a Python call no user's start-up makes.
        app.setProperty("linviz_first_paint", _FirstPaint(app))
    try:
        return app.exec()
    finally:
        reporter.uninstall()


class _FirstPaint(QtCore.QObject):
    """Prints :data:`PAINTED_LINE` after the first paint of any widget, then quits.

    The line comes from a zero-delay timer, i.e. once the paint pass that
    drew the window has finished. Made once the window is built and shown,
    just before the event loop starts (the first paint happens in it).
    """

    def __init__(self, app: QtCore.QCoreApplication) -> None:
        super().__init__(app)
        self._app = app
        self._seen = False
        app.installEventFilter(self)

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if not self._seen and event.type() == QtCore.QEvent.Type.Paint:
            self._seen = True
            self._app.removeEventFilter(self)
            QtCore.QTimer.singleShot(0, self._report)
        return False

    def _report(self) -> None:
        from linviz.bench.memory import resident_mb

        print(f"{PEAK_RSS_PREFIX} {resident_mb()[1]:.1f}", flush=True)
        print(PAINTED_LINE, flush=True)
        self._app.quit()
