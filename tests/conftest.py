"""Shared test set-up: Qt runs offscreen when there is no display, the suite on every core,
and nothing a test (or a program it starts) remembers reaches the user's home."""

import atexit
import os
import shutil
import tempfile

import pytest
from hypothesis import Phase, settings

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Settings (QSettings), recovery files, error logs and caches of this test process
# and of every program it starts go to a folder of its own: the user's are never
# read or overwritten, and two processes running tests side by side (pytest-xdist's
# workers) never share one. Set before anything reads them (Qt keeps the paths).
_HOME = tempfile.mkdtemp(prefix="linviz-tests-")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_name] = os.path.join(_HOME, _name[4:-5].lower())

# Shared CI machines are slow and noisy: no per-example deadline.
settings.register_profile("linviz", deadline=None, max_examples=60)
# Mutation testing runs the tests once per mutant, thousands of times: fewer
# examples, the same ones every run, and a failure is not shrunk (a mutant is
# caught by any failing example) ([tool.mutmut] in pyproject.toml selects it).
settings.register_profile(
    "mutation",
    deadline=None,
    max_examples=12,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
settings.load_profile("linviz")


def pytest_configure(config):
    """pytest-qt's wait loops are deleted by Qt once a wait is over, not by the collector.

    Each ``qtbot.waitSignal``/``waitSignals``/``waitCallback`` makes a
    ``QEventLoop`` of Python's own, in a reference cycle with its blocker
    (through its timer's connection), which only the garbage collector then
    frees: at whatever moment it runs, inside a Qt call too, where the
    loop's ``~QObject`` can wait on the signal-slot lock for good (a test
    worker hung so once). Handed to
    :func:`~linviz.views.qt_disposal.dispose` when its wait ends, it is
    deleted with the test's other deferred deletes instead.
    """
    if not config.pluginmanager.hasplugin("pytest-qt"):
        return
    import functools

    from pytestqt import wait_signal

    from linviz.views.qt_disposal import dispose

    def disposing(method):
        @functools.wraps(method)
        def wrapper(self, *args, **kwargs):
            __tracebackhide__ = True
            try:
                return method(self, *args, **kwargs)
            finally:
                loop = getattr(self, "_loop", None)
                if loop is not None:
                    dispose(loop)

        return wrapper

    for blocker in (wait_signal._AbstractSignalBlocker, wait_signal.CallbackBlocker):
        blocker.wait = disposing(blocker.wait)
        blocker.__exit__ = disposing(blocker.__exit__)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """``pytest`` alone runs the suite on every core (pytest-xdist), a file per worker.

    A file's tests stay together, in order, in one process, so a module's shared
    window or browser is built once. ``-n 0`` or ``-p no:xdist`` runs them in this
    process; ``-n N`` chooses the number of workers. Set here rather than in
    ``addopts``: there ``-n`` would be refused when xdist is switched off.
    """
    if not config.pluginmanager.hasplugin("xdist") or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    if config.option.numprocesses is None:
        config.option.numprocesses = "auto"
    if config.option.dist == "no" and config.option.numprocesses != 0:
        config.option.dist = "loadfile"
        # Files in the order pytest_collection_modifyitems gives, not by test count.
        config.option.loadscopereorder = False
        # A worker that crashes (a segfault in Qt) is not replaced: under loadfile,
        # pytest-xdist 3.8's replacement can wait forever (pytest-xdist#784), and
        # the run hung with no summary. Not replaced, the run ends at once, saying
        # "worker gwN crashed while running <test>".
        if config.option.maxworkerrestart is None:
            config.option.maxworkerrestart = 0


#: The test files that take longest, started first when workers share the suite,
#: so that none of them starts last and ends the run alone (seconds of their tests
#: on a quiet 2-core machine, summed from ``--junitxml``, for issue 25). The rest
#: keep pytest's order.
LONGEST_FIRST = (
    "tests/views/test_monkey.py",  # 2,000 random actions, ~54 s
    "tests/views/classroom/test_projector_layouts.py",  # every step of every lesson, ~39 s
    "tests/views/test_window_lifetimes.py",  # 20 windows in a child, lessons and labs, ~25 s
    "tests/page/test_page_lesson.py",  # a lesson's page in a headless browser, ~20 s
    "tests/test_bench.py",  # a whole `linviz bench --smoke`, ~19 s
    "tests/views/labs/test_lab_text_fits.py",  # ~13 s
    "tests/page/test_page_replay.py",  # ~13 s
    "tests/views/export/test_long_exports.py",  # ~11 s
    "tests/model/test_fuzz_files.py",  # ~11 s
    "tests/views/test_recovery_steady.py",  # waits for the recovery timer, ~10 s
    "tests/views/test_extreme_values.py",  # ~10 s
    "tests/cli/test_export_cli.py",  # exports in-process, three `linviz` processes, ~9 s
)


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist, the longest files first (see :data:`LONGEST_FIRST`)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))


@pytest.fixture(autouse=True)
def never_ask_to_save(request, monkeypatch):
    """Closing a modified window at teardown must not wait on a modal question."""
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        return
    from PySide6 import QtWidgets

    from linviz.views.main_window import MainWindow

    monkeypatch.setattr(
        MainWindow, "ask_unsaved", lambda self: QtWidgets.QMessageBox.StandardButton.Discard
    )
    # Nor on "the file changed on disk": nothing is overwritten unless a test says so.
    monkeypatch.setattr(MainWindow, "ask_changed_on_disk", lambda self, path: "cancel")


@pytest.fixture(autouse=True)
def parentless_widgets_deleted(request):
    """Delete, after the test, the top-level widgets it made and left to Python.

    A panel made without a parent and not given to qtbot lives on in a
    reference cycle (with its session) until the garbage collector frees it,
    at whatever moment, in whatever order: freed that way, an EquationPanel or
    a HeatmapPanel crashed the process (``QWidget::destroy``, segfault), in
    the middle of whichever test ran then. Deleted here through Qt, the same
    widgets go without harm. Windows from before the test (a module's) stay.
    """
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        yield
        return
    import shiboken6
    from PySide6 import QtCore, QtWidgets

    def address(widget) -> int:
        return shiboken6.getCppPointer(widget)[0]

    before = {address(widget) for widget in QtWidgets.QApplication.topLevelWidgets()}
    yield
    left = [
        widget
        for widget in QtWidgets.QApplication.topLevelWidgets()
        if widget.parent() is None
        and address(widget) not in before
        and shiboken6.ownedByPython(widget)
    ]
    for widget in left:
        widget.hide()
        widget.deleteLater()
    # Those, and what the test let go of through dispose() (pytest-qt's wait loops
    # among them, see pytest_configure), go now, by Qt.
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
