"""The window's shell: menus built from one registry, the desk's modes, the document's reports."""

from __future__ import annotations

import pytest
from PySide6 import QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.views.shell.actions import ActionRegistry, ActionSpec

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def _entries(menu: QtWidgets.QMenu) -> list[str]:
    """A menu's entries by text, ``-`` for a separator, submenus as ``title >``."""
    return [
        "-" if a.isSeparator() else f"{a.text()} >" if a.menu() else a.text()
        for a in menu.actions()
    ]


def test_a_registry_builds_its_menus_in_group_order_and_follows_the_session(qtbot):
    host = QtWidgets.QWidget()
    qtbot.addWidget(host)
    session = Session()
    session.open("crowding-the-plane")
    registry = ActionRegistry(host, session)
    registry.declare_menu("go", "&Go", ("far", "near"))
    registry.declare_menu("go.more", "&More", parent="go", group="far")
    moved = []
    # Declared out of order: the groups decide where each shows.
    registry.add(ActionSpec("go.next", "&Next", lambda: moved.append(1), "Ctrl+N", "go", "near"))
    registry.add(
        ActionSpec(
            "go.start",
            "&Start",
            lambda: session.set_cursor(0),
            "Ctrl+Home",
            "go",
            "far",
            presenter=True,
            enabled_when=lambda: session.cursor > 0,
        )
    )
    registry.add(ActionSpec("go.end", "&End", lambda: None, menu="go.more"))
    bar = QtWidgets.QMenuBar()
    registry.build(bar, ("go",))
    assert [a.text() for a in bar.actions()] == ["&Go"]
    assert _entries(registry.menu("go")) == ["&More >", "&Start", "-", "&Next"]
    assert _entries(registry.menu("go.more")) == ["&End"]
    assert registry.presenter_actions() == [registry["go.start"]]
    assert registry.shortcut_rows() == [("Next", "Ctrl+N"), ("Start", "Ctrl+Home")]
    # Its keys are the host's: they work with no menu bar shown.
    assert registry["go.next"] in host.actions()
    # enabled_when is asked again after each change of the session.
    session.set_cursor(3)
    assert registry["go.start"].isEnabled()
    registry["go.start"].trigger()
    assert session.cursor == 0
    assert not registry["go.start"].isEnabled()
    with pytest.raises(ValueError, match="declared twice"):
        registry.add(ActionSpec("go.next", "again", lambda: None))


def _menu_actions(menu: QtWidgets.QMenu) -> list[QtGui.QAction]:
    found = []
    for action in menu.actions():
        if action.isSeparator():
            continue
        if action.menu() is not None:
            found += _menu_actions(action.menu())
        else:
            found.append(action)
    return found


#: Menus whose entries change with files and panels (their owners fill them).
DYNAMIC = ("file.recent", "file.lessons", "file.export.panel")


def test_every_fixed_menu_entry_and_every_key_of_the_window_is_the_registry_s(read_window):
    window = read_window  # it only reads: the module's shared window
    registry = window.registry
    declared = set(registry.actions().values())
    window.exporter.refresh_panel_menu()
    dynamic = {a for name in DYNAMIC for a in registry.menu(name).actions()}
    in_menus = [
        a
        for bar_action in window.menuBar().actions()
        for a in _menu_actions(bar_action.menu())
        if a not in dynamic
    ]
    assert len(in_menus) > 40
    assert [a.text() for a in in_menus if a not in declared] == []
    # Every action with keys anywhere in the window is declared (so the help lists it).
    keyed = [a for a in window.findChildren(QtGui.QAction) if a.shortcuts()]
    assert [a.text() for a in keyed if a not in declared] == []
    rows = dict(window.keyboard.shortcut_rows())
    assert rows["Next step"] == "Right, PgDown"
    assert rows["Undo"] == "Ctrl+Z"
    assert rows["Pin baseline"] == "B"


def test_the_presenter_view_shares_the_keys_declared_for_it(read_window):
    window = read_window  # it only reads: the module's shared window
    shared = {a.text() for a in window.presenter.shared_actions()}
    assert {"Next step", "Previous step", "Play", "&Projector mode", "&Reveal"} <= shared
    assert "Pin &baseline" in shared and "&Lab notebook…" in shared
    assert "&Undo" not in shared  # undo stays the instructor's, in the main window


def test_the_desk_says_when_its_mode_changes(qtbot, window):
    desk = window.desk
    modes = []
    desk.mode_changed.connect(modes.append)
    assert desk.mode == "full"
    window.resize(860, 620)
    qtbot.waitUntil(lambda: desk.mode == "compact")
    desk.set_projector_mode(True, full_screen=False)
    assert desk.mode == "projector"
    desk.set_projector_mode(False)
    window.resize(1400, 900)
    qtbot.waitUntil(lambda: desk.mode == "full")
    assert modes[0] == "compact" and "projector" in modes and modes[-1] == "full"
    # The labs' tab bar, hidden on the projector, is back.
    assert window.labs.widget.tabBar().isVisible()


def test_the_document_reports_through_its_signals(qtbot, window, tmp_path):
    document = window.document
    with qtbot.waitSignal(document.error) as failed:
        assert not document.open_path(tmp_path / "missing.json")
    assert "missing.json" in failed.args[1]
    assert window.last_error == failed.args[1]  # the window shows what it reports
    with qtbot.waitSignal(document.message) as saved:
        assert document.save_to(tmp_path / "mine")
    assert saved.args == [f"Saved {tmp_path / 'mine.json'}"]
    assert document.recent_files() == [str((tmp_path / "mine.json").resolve())]


def test_the_grid_snap_says_its_step_follows_a_small_plane(read_window):
    action = read_window.registry["view.snap_grid"]
    assert action.text().replace("&", "") == "Snap to 0.1 grid"
    assert "0.1" in action.statusTip() and "narrower than 1" in action.statusTip()
