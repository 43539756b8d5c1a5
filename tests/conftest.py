"""Shared test set-up: Qt runs offscreen when there is no display."""

import os

if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from hypothesis import Phase, settings

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
