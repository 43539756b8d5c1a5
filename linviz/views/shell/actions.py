"""Every action of the window, declared once: menus, shortcut help and presenter keys.

An :class:`ActionSpec` says what an action is (its id, its text in the
language shown, its keys, its menu and group, what it does, when it is
enabled or checked). The :class:`ActionRegistry` makes the ``QAction`` from
it (the only place one is made for the window), keeps its enabled and
checked state in step with the session, and builds from the specs

- every menu of the menu bar (:meth:`ActionRegistry.build`), in the order of
  each menu's groups, a separator between groups;
- the rows of Help ▸ Keyboard shortcuts (:meth:`ActionRegistry.shortcut_rows`);
- the keys the presenter view shares (:meth:`ActionRegistry.presenter_actions`).

A panel that shows its own actions on buttons (the timeline's transport,
the table of steps' edits) declares them with specs too and makes them with
:func:`make_action`, the same factory; the window hands them to the
registry (:meth:`ActionRegistry.adopt`), so they are listed in their menu,
in the help and among the presenter's keys like the rest.
Texts come translated (each owner calls its own ``tr()``); a change of
language swaps them as it swaps every text of the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session

#: Keys of an action: a portable text ("Ctrl+Shift+S"), a standard key, or several texts.
Keys = str | QtGui.QKeySequence.StandardKey | Sequence[str] | None


@dataclass(frozen=True)
class ActionSpec:
    """One action of the window, as its owner declares it.

    Attributes
    ----------
    id
        A stable name (``"file.save"``): :meth:`ActionRegistry.__getitem__` finds it.
    text
        The menu text, already translated (with its ``&`` mnemonic).
    callback
        Run when the action is triggered (given ``checked`` if it takes it).
    shortcut
        Its keys; they work with the menu bar hidden (projector mode) too.
    menu, group
        The menu it is listed in (a declared menu id, or ``None``: keys only)
        and the group of that menu it sits in.
    tip
        The status tip; also the tooltip when ``tooltip`` is true (a text: that tooltip).
    icon, context
        An icon (a button shows it), and where the keys work (default: the
        whole window; ``WidgetWithChildrenShortcut``: only with the focus in
        the action's widget).
    checkable, checked_when, enabled_when
        A check mark, and what the session says of it and of being enabled
        (asked after every change of the session).
    exclusive
        The name of the group of actions of which only one is checked.
    presenter
        Whether its keys work in the presenter view too.
    """

    id: str
    text: str
    callback: Callable[..., object]
    shortcut: Keys = None
    menu: str | None = None
    group: str = ""
    tip: str | None = None
    tooltip: bool | str = False
    icon: QtGui.QIcon | None = None
    context: QtCore.Qt.ShortcutContext | None = None
    checkable: bool = False
    checked_when: Callable[[], bool] | None = None
    enabled_when: Callable[[], bool] | None = None
    exclusive: str | None = None
    presenter: bool = False


@dataclass
class _Menu:
    menu: QtWidgets.QMenu
    parent: str | None
    group: str
    groups: tuple[str, ...]
    dynamic: bool
    separated: bool
    entries: list[tuple[str, QtGui.QAction | QtWidgets.QMenu]] = field(default_factory=list)


def key_sequences(keys: Keys) -> list[QtGui.QKeySequence]:
    """``keys`` as Qt's key sequences (a standard key: its first binding on this platform)."""
    if keys is None:
        return []
    listed = [keys] if isinstance(keys, (str, QtGui.QKeySequence.StandardKey)) else keys
    # A standard key this platform does not bind (Quit on some) is no key.
    return [s for s in (QtGui.QKeySequence(k) for k in listed) if not s.isEmpty()]


def make_action(spec: ActionSpec, parent: QtCore.QObject) -> QtGui.QAction:
    """The ``QAction`` ``spec`` declares, child of ``parent`` (the one factory of actions)."""
    action = QtGui.QAction(spec.text, parent)
    if spec.icon is not None:
        action.setIcon(spec.icon)
    action.setShortcuts(key_sequences(spec.shortcut))
    if spec.context is not None:
        action.setShortcutContext(spec.context)
    action.setCheckable(spec.checkable)
    if spec.tip:
        action.setStatusTip(spec.tip)
    if isinstance(spec.tooltip, str):
        action.setToolTip(spec.tooltip)
    elif spec.tooltip and spec.tip:
        action.setToolTip(spec.tip)
    action.triggered.connect(spec.callback)
    return action


class ActionRegistry(QtCore.QObject):
    """The window's actions and menus, built from their declarations.

    Parameters
    ----------
    host
        The widget whose keys the actions answer (the window): each action
        is its child and one of its actions, so its keys work anywhere in it.
    session
        What ``enabled_when`` and ``checked_when`` look at; they are asked again
        after each of its changes.
    """

    def __init__(self, host: QtWidgets.QWidget, session: Session) -> None:
        super().__init__(host)
        self.host = host
        self.session = session
        self._specs: dict[str, ActionSpec] = {}
        self._actions: dict[str, QtGui.QAction] = {}
        self._menus: dict[str, _Menu] = {}
        self._groups: dict[str, QtGui.QActionGroup] = {}
        self._presenter: list[QtGui.QAction] = []
        self._synced: list[tuple[ActionSpec, QtGui.QAction]] = []
        session.changed.connect(self.sync)

    # -- declaring ---------------------------------------------------------------------
    def declare_menu(
        self,
        menu_id: str,
        title: str,
        groups: Sequence[str] = ("",),
        parent: str | None = None,
        group: str = "",
        dynamic: bool = False,
        separated: bool = True,
    ) -> QtWidgets.QMenu:
        """A menu (``parent=None``: of the menu bar; else in ``group`` of menu ``parent``).

        Its entries come in the order of ``groups``, a separator between two
        (unless not ``separated``), and in each group in the order declared;
        ``dynamic``: its owner fills it (the registry never clears it).
        """
        menu = QtWidgets.QMenu(title, self.host)
        self._menus[menu_id] = _Menu(menu, parent, group, tuple(groups), dynamic, separated)
        if parent is not None:
            self._menus[parent].entries.append((group, menu))
        return menu

    def add(self, spec: ActionSpec) -> QtGui.QAction:
        """Make the action ``spec`` declares, in its menu; return it."""
        if spec.id in self._specs:
            raise ValueError(f"action {spec.id!r} is declared twice")
        action = make_action(spec, self.host)
        action.setObjectName(spec.id)
        if spec.exclusive is not None:
            group = self._groups.get(spec.exclusive)
            if group is None:
                group = self._groups[spec.exclusive] = QtGui.QActionGroup(self.host)
            group.addAction(action)
        self.host.addAction(action)  # its keys work with the menu bar hidden too
        self._specs[spec.id] = spec
        self._register(spec.id, action, spec.menu, spec.group, spec.presenter)
        if spec.enabled_when is not None or spec.checked_when is not None:
            self._synced.append((spec, action))
        return action

    def adopt(
        self,
        action_id: str,
        action: QtGui.QAction,
        menu: str | None = None,
        group: str = "",
        presenter: bool = False,
    ) -> QtGui.QAction:
        """List an action another part made (a dock's toggle) like the rest."""
        self._register(action_id, action, menu, group, presenter)
        return action

    def adopt_all(self, made: Sequence[tuple[ActionSpec, QtGui.QAction]]) -> None:
        """List the actions a panel made from its specs, in the menus the specs name."""
        for spec, action in made:
            self._register(spec.id, action, spec.menu, spec.group, spec.presenter)

    def _register(
        self, action_id: str, action: QtGui.QAction, menu: str | None, group: str, presenter: bool
    ) -> None:
        if action_id in self._actions:
            raise ValueError(f"action {action_id!r} is declared twice")
        self._actions[action_id] = action
        if menu is not None:
            self._menus[menu].entries.append((group, action))
        if presenter:
            self._presenter.append(action)

    # -- finding -------------------------------------------------------------------------
    def __getitem__(self, action_id: str) -> QtGui.QAction:
        return self._actions[action_id]

    def __contains__(self, action_id: str) -> bool:
        return action_id in self._actions

    def menu(self, menu_id: str) -> QtWidgets.QMenu:
        """The declared menu ``menu_id``."""
        return self._menus[menu_id].menu

    def actions(self, prefix: str = "") -> dict[str, QtGui.QAction]:
        """Every action whose id starts with ``prefix``, by id, in the order declared."""
        return {k: a for k, a in self._actions.items() if k.startswith(prefix)}

    def presenter_actions(self) -> list[QtGui.QAction]:
        """The actions whose keys work in the presenter view too."""
        return list(self._presenter)

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(action, keys) for every action with keys, by name, in the language shown."""
        rows: dict[str, str] = {}
        native = QtGui.QKeySequence.SequenceFormat.NativeText
        for action in self._actions.values():
            keys = ", ".join(s.toString(native) for s in action.shortcuts() if not s.isEmpty())
            name = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            name = name.replace("…", "").strip()
            if keys and name and name not in rows:
                rows[name] = keys
        return sorted(rows.items(), key=lambda row: row[0].casefold())

    # -- building and following ------------------------------------------------------------
    def build(self, bar: QtWidgets.QMenuBar, order: Sequence[str]) -> None:
        """Fill every menu from the declarations; the top-level ones go into ``bar``
        in ``order`` (their ids).
        """
        for entry in self._menus.values():
            if entry.dynamic:
                continue
            entry.menu.clear()
            first = True
            for group in entry.groups:
                items = [item for g, item in entry.entries if g == group]
                if not items:
                    continue
                if not first and entry.separated:
                    entry.menu.addSeparator()
                first = False
                for item in items:
                    if isinstance(item, QtWidgets.QMenu):
                        entry.menu.addMenu(item)
                    else:
                        entry.menu.addAction(item)
        bar.clear()
        for menu_id in order:
            bar.addMenu(self._menus[menu_id].menu)
        self.sync()

    def sync(self, changes: frozenset[Change] | None = None) -> None:
        """Enabled and checked as the session says now (no action is triggered by it).

        Not on a drag's moves: what the actions look at (undo, options, the
        cursor, the steps there are) stays as it is until the drag ends.
        """
        if changes is not None and self.session.is_drag_move(changes):
            return
        for spec, action in self._synced:
            if spec.enabled_when is not None:
                enabled = bool(spec.enabled_when())
                if action.isEnabled() != enabled:
                    action.setEnabled(enabled)
            if spec.checked_when is not None:
                checked = bool(spec.checked_when())
                if action.isChecked() != checked:
                    with QtCore.QSignalBlocker(action):
                        action.setChecked(checked)
