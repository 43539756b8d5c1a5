"""What the app sets up before its QApplication exists."""

import subprocess
import sys

from linviz.views import app


def test_qt_fills_stay_on_the_painting_thread(monkeypatch):
    # Qt's GUI thread pool made each fill of a few hundred spans wait on
    # other threads (README, Performance); the app turns it off ...
    monkeypatch.delenv("QT_NO_GUI_THREADPOOL", raising=False)
    app.serial_fills()
    assert app.os.environ["QT_NO_GUI_THREADPOOL"] == "1"


def test_a_users_choice_of_qt_thread_pool_is_kept(monkeypatch):
    # ... unless the user set Qt's switch, to any value, before starting it.
    monkeypatch.setenv("QT_NO_GUI_THREADPOOL", "0")
    app.serial_fills()
    assert app.os.environ["QT_NO_GUI_THREADPOOL"] == "0"


def test_the_switch_is_set_before_the_application_exists():
    # Qt reads it once, when the pool is first wanted: application() must set it.
    code = (
        "import os; os.environ.pop('QT_NO_GUI_THREADPOOL', None); "
        "os.environ['QT_QPA_PLATFORM'] = 'offscreen'; "
        "from linviz.views.app import application; application(); "
        "print(os.environ.get('QT_NO_GUI_THREADPOOL'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip().splitlines()[-1] == "1"
