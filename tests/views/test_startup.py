"""Start-up builds what is on screen; the rest comes when a user first asks for it.

The window opens as ``linviz`` opens it, in a fresh interpreter (a test
process has long imported everything), and reports which of its parts exist
and which modules are loaded; then it takes the actions that need each part.
``linviz bench``'s ``startup_ms`` measures the time this saves.
"""

from __future__ import annotations

import json

from tests.views.child_probe import run_probe

#: Modules that only parts built on first use need.
LATER_MODULES = (
    "linviz.views.classroom.projector_stage",
    "linviz.views.classroom.before_after",
    "linviz.views.classroom.baseline_panel",
    "linviz.views.classroom.presenter_view",
    "linviz.views.classroom.prediction_box",
    "linviz.views.classroom.lab_notebook",
    "linviz.views.classroom.try_vector",
    "linviz.controller.lab_record",
    "linviz.views.export.images",
    "linviz.views.export.sequences",
    "linviz.views.export.options_dialog",
    "linviz.views.labs.lab_page",
    "logging.handlers",
)

PROBE = r"""
import json, sys
from pathlib import Path
from PySide6 import QtWidgets
from linviz.views.app import application, open_window

LATER = json.loads(sys.argv[1])
out = Path(sys.argv[2])
app = application(language="en")
window = open_window(None, offer_recovery=False)  # the first lesson, as `linviz` opens it
for _ in range(5):
    app.processEvents()


def parts():
    def named(kind, name):
        return window.findChild(kind, name) is not None

    return {
        "projector stage": named(QtWidgets.QWidget, "projector_stage"),
        "prediction box": named(QtWidgets.QDialog, "prediction_box"),
        "lab notebook": named(QtWidgets.QDialog, "lab_notebook"),
        "try a vector": named(QtWidgets.QDialog, "try_vector_box"),
        "audience cover": named(QtWidgets.QWidget, "audience_blank"),
        "baseline panel": named(QtWidgets.QWidget, "baseline"),
        "presenter view": any(
            w.objectName() == "presenter_view" for w in app.topLevelWidgets()
        ),
        "modules": sorted(m for m in LATER if m in sys.modules),
    }


report = {"at start": parts()}
report["menus"] = [a.text() for a in window.menuBar().actions()]
report["class menu"] = [a.text() for a in window.classroom.menu.actions() if a.text()]
report["shortcuts"] = {
    "presenter": window.presenter.show_action.shortcut().toString(),
    "blank": window.presenter.blank_action.shortcut().toString(),
    "predict": window.classroom.predict_action.shortcut().toString(),
    "projector": window.projector_action.shortcut().toString(),
}
session = window.session
read = next(n for n in range(1, len(session.scenario) + 1) if not session.scenario.is_write(n))
session.set_cursor(read)
window.classroom.predict_action.trigger()
box = window.classroom.prediction_box
report["prediction box shown"] = box.isVisible()
buttons = box.findChildren(QtWidgets.QPushButton)
report["prediction box tooltips"] = bool(buttons) and all(b.toolTip() for b in buttons)
box.hide()
window.classroom.try_action.trigger()
report["try box shown"] = window.findChild(QtWidgets.QDialog, "try_vector_box").isVisible()
window.presenter.show_action.trigger()
report["presenter shows the step"] = window.presenter.view().count_label.text()
window.presenter.blank_action.trigger()
report["cover shown"] = window.presenter.cover.isVisible()
window.presenter.blank_action.trigger()
window.activateWindow()
window.classroom.pin_action.trigger()
app.processEvents()
report["baseline dock shown"] = window.baseline_dock.isVisible()
window.classroom.lab_action.trigger()
report["lab notebook shown"] = window.findChild(QtWidgets.QDialog, "lab_notebook").isVisible()
window.projector_action.trigger()
app.processEvents()
report["stage shown"] = window.stage.widget.isVisible()
report["stage kind"] = window.stage.kind
window.leave_projector_action.trigger()
app.processEvents()
report["exported"] = str(window.exporter.export_view("heatmap", out / "heatmap.png"))
window.labs.show_tab("memory")
report["after use"] = parts()
print(json.dumps(report))
session.undo_stack.set_clean()
"""


def test_the_parts_off_screen_are_built_when_first_used(tmp_path):
    env = {
        "XDG_CONFIG_HOME": str(tmp_path / "config"),  # nothing remembered (projector mode)
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    report = run_probe(PROBE, tmp_path, [json.dumps(LATER_MODULES), str(tmp_path)], env)

    # At start: none of them, yet every menu, action and key is there.
    start = report["at start"]
    assert not any(start[part] for part in start), start
    assert report["menus"] == ["&File", "&Edit", "&Go", "&View", "&Class", "&Help"]
    assert "Enter &prediction…" in report["class menu"]
    assert "Pin &baseline" in report["class menu"]
    assert report["shortcuts"] == {
        "presenter": "X",
        "blank": ".",
        "predict": "P",
        "projector": "F5",
    }

    # Each action builds its part, which works as it always did.
    assert report["prediction box shown"] and report["prediction box tooltips"]
    assert report["try box shown"] and report["lab notebook shown"]
    assert report["presenter shows the step"].startswith("Step ")
    assert report["cover shown"]
    assert report["baseline dock shown"]
    assert report["stage shown"] and report["stage kind"] == "baseline"
    assert report["exported"] == str(tmp_path / "heatmap.png")
    assert (tmp_path / "heatmap.png").stat().st_size > 0
    after = report["after use"]
    assert all(after[part] for part in after if part != "modules"), after
    # No error was logged, no GIF made, no options dialog asked: those stay unloaded.
    unused = {
        "logging.handlers",
        "linviz.views.export.sequences",
        "linviz.views.export.options_dialog",
    }
    assert after["modules"] == sorted(set(LATER_MODULES) - unused)


SCAN_PROBE = r"""
import json, linecache, sys
import linviz.cli

for module in linviz.cli.BEFORE_QT:
    __import__(module)
installed = None
if sys.argv[1] == "answered":
    from linviz.views.source_scan import skip_known_source_scans

    installed = skip_known_source_scans()
else:
    import PySide6.QtCore
import pyqtgraph
from linviz.views.main_window import MainWindow  # every view module of the window

read = [name for name in linecache.cache if "linviz" in name or "pyqtgraph" in name]
print(json.dumps({"installed": installed, "read": len(read), "imported": sorted(sys.modules)}))
"""


def test_start_up_reads_no_source_of_linviz_or_pyqtgraph_for_pyside(tmp_path):
    """PySide6 reads each module imported after it (for ``__feature__``); the app
    answers for its own modules and pyqtgraph's instead (issue 29: start-up).
    """
    scanned = run_probe(SCAN_PROBE, tmp_path, ["scanned"])
    answered = run_probe(SCAN_PROBE, tmp_path, ["answered"])
    # Left alone, PySide6 reads the source of every view module and of pyqtgraph.
    assert scanned["read"] > 150, scanned
    assert answered["installed"] is True
    assert answered["read"] == 0, answered
    # The same modules, unread (and the one that answers).
    assert set(answered["imported"]) - set(scanned["imported"]) == {"linviz.views.source_scan"}
    assert set(scanned["imported"]) <= set(answered["imported"])
