"""Opening, saving and importing show the wait cursor and say what is going on.

A million steps take one or two seconds to open and four or five to save
as JSON text; the window cannot answer meanwhile. Without a sign it looked
hung.
"""

from __future__ import annotations

import numpy as np
from PySide6 import QtWidgets
from PySide6.QtCore import Qt

from linviz.model.errors import ScenarioError


def watch_while(monkeypatch, owner, name: str, window, fail: bool = False) -> list:
    """Replace ``owner.name`` by a call that notes the cursor and the status bar's text."""
    seen = []
    real = getattr(owner, name)

    def watched(*args, **kwargs):
        cursor = QtWidgets.QApplication.overrideCursor()
        seen.append(
            (None if cursor is None else cursor.shape(), window.statusBar().currentMessage())
        )
        if fail:
            raise ScenarioError("broken on purpose", file="x.json")
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, watched)
    return seen


def test_opening_and_saving_a_file_wait_visibly_then_say_what_was_done(
    qtbot, window, tmp_path, monkeypatch
):
    path = tmp_path / "big.json"
    window.session.save(path)
    seen = watch_while(monkeypatch, window.session, "open", window)
    assert window.open_path(path)
    assert seen == [(Qt.CursorShape.WaitCursor, "Opening big.json…")]
    assert QtWidgets.QApplication.overrideCursor() is None
    assert window.statusBar().currentMessage().startswith("Opened ")

    seen = watch_while(monkeypatch, window.session, "save", window)
    assert window.save_to(tmp_path / "copy.json")
    assert seen == [(Qt.CursorShape.WaitCursor, "Saving copy.json…")]
    assert QtWidgets.QApplication.overrideCursor() is None
    assert window.statusBar().currentMessage() == f"Saved {tmp_path / 'copy.json'}"


def test_a_file_that_cannot_be_opened_gives_the_cursor_back(qtbot, window, monkeypatch):
    seen = watch_while(monkeypatch, window.session, "open", window, fail=True)
    with qtbot.waitSignal(window.document.error):
        assert not window.open_path("x.json")
    assert seen == [(Qt.CursorShape.WaitCursor, "Opening x.json…")]
    assert QtWidgets.QApplication.overrideCursor() is None
    assert window.statusBar().currentMessage() != "Opening x.json…"
    window.error_box.close()


def test_importing_arrays_waits_visibly(qtbot, window, tmp_path, monkeypatch):
    from linviz.views.import_arrays import import_arrays

    path = tmp_path / "model.npz"
    rng = np.random.default_rng(0)
    np.savez(path, **{name: rng.standard_normal((6, 4)) for name in ("q", "k", "v")})
    seen = watch_while(monkeypatch, window.session, "open", window)
    assert import_arrays(window.document, path, ask=lambda dialog: True)
    assert seen == [(Qt.CursorShape.WaitCursor, "Importing model.npz…")]
    assert QtWidgets.QApplication.overrideCursor() is None
