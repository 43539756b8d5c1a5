"""The main window: every panel around one session, menus, files, undo."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz import __version__
from linviz.controller import recovery
from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario import Scenario, write
from linviz.model.texts import in_language
from linviz.views.accessibility import Accessibility
from linviz.views.call_soon import call_soon
from linviz.views.classroom.class_menu import Classroom
from linviz.views.classroom.presenter import Presenter
from linviz.views.compact_desk import COMPACT_BELOW, CompactDesk
from linviz.views.error_text import shown_error
from linviz.views.export.window_exporter import WindowExporter
from linviz.views.keyboard import Keyboard
from linviz.views.labs.lab_tabs import LabTabs
from linviz.views.language import (
    LANGUAGES,
    SETTINGS_KEY,
    current_language,
    ensure_language,
    retranslate,
    set_language,
)
from linviz.views.panel_scroll import PanelScroll
from linviz.views.panels.caption import CaptionBar
from linviz.views.panels.equation import EquationPanel
from linviz.views.panels.heatmap import HeatmapPanel
from linviz.views.panels.key_plane import KeyPlanePanel
from linviz.views.panels.panel import Panel
from linviz.views.panels.read_breakdown import ReadoutPanel
from linviz.views.panels.settings import SettingsPanel
from linviz.views.panels.step_table import StepEditorPanel
from linviz.views.panels.timeline import TimelinePanel
from linviz.views.panels.value_plane import ValuePlanePanel
from linviz.views.recovery_writer import RecoveryDialog, RecoveryWriter, restore_and_take_over
from linviz.views.theme import theme_named, theme_palette

if TYPE_CHECKING:
    from linviz.views.classroom.baseline_panel import BaselinePanel
    from linviz.views.classroom.projector_stage import ProjectorStage

MAX_RECENT = 8
#: The table of steps' share of the window's height when the window first shows,
#: and its bounds in pixels.
DOCK_SHARE, DOCK_MIN_PX, DOCK_MAX_PX = 0.2, 130, 300
#: The settings dock's narrowest width (its form scrolls sideways below its own width).
SETTINGS_MIN_PX = 200


class MainWindow(QtWidgets.QMainWindow):
    """The linviz window: S, the step as an equation, the planes, the readout,
    the timeline and the editors, all following one :class:`Session`.

    The window builds every part itself: the panels (each also in
    :attr:`panels` by name, for exports), the docks, the Class menu
    (:attr:`classroom`) and File ▸ Export (:attr:`exporter`). Every menu,
    action and key exists from the start; what is not on screen when the
    window first shows is built, and its module imported, the first time it
    is needed: projector mode's layouts (:attr:`stage`), the baseline panel
    (:meth:`baseline_panel`), the presenter view and the audience screen's
    cover (:attr:`presenter`), the Class menu's boxes, the labs' pages and
    the exports' drawing code. The window then opens sooner.

    Parameters
    ----------
    session
        The session to show and edit.
    """

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.settings = QtCore.QSettings()
        self.last_error: str | None = None
        # Captions, notes and questions given by language follow the window's language.
        ensure_language()
        session.set_options(language=current_language())
        # The panels, in the order they follow the session (the order they refresh in).
        self.heatmap = HeatmapPanel(session)
        self.equation = EquationPanel(session)
        self.key_plane = KeyPlanePanel(session)
        self.value_plane = ValuePlanePanel(session)
        self.readout = ReadoutPanel(session)
        self.caption = CaptionBar(session)
        self.timeline = TimelinePanel(session)
        self.step_table = StepEditorPanel(session)
        self.settings_panel = SettingsPanel(session)
        #: Built the first time its dock shows (see :meth:`baseline_panel`): most
        #: sessions never pin one, and it costs a heatmap's start-up time.
        self._baseline_panel: BaselinePanel | None = None
        #: Projector mode's layouts, built when projector mode first starts (see
        #: :attr:`stage`): nothing of it shows before, and most sessions never use it.
        self._stage: ProjectorStage | None = None
        #: Every panel by its ``panel_name`` (the views ``linviz export --view`` knows).
        self.panels: dict[str, Panel] = {}
        #: The frame holding each panel under its title, by panel name.
        self._frames: dict[str, QtWidgets.QFrame] = {}
        self._titles: dict[str, QtWidgets.QLabel] = {}
        for panel in (
            self.heatmap,
            self.equation,
            self.key_plane,
            self.value_plane,
            self.readout,
            self.caption,
            self.timeline,
            self.step_table,
            self.settings_panel,
        ):
            self._add_panel(panel)
        #: Whether projector mode was on at the last restyle.
        self._projector = session.options.projector
        #: Docks shown and splitter sizes before projector mode, to put back after it.
        self._docks_before = (True, True)
        self._geometry_before: QtCore.QRect | None = None
        self._was_maximized = False
        self._tab_bar_before = True
        self._docks_fitted = False
        #: The docks (QMainWindow.saveState) and splitters as the full desk had
        #: them, kept while the window is large: a small window's compact desk
        #: hides the docks and borrows the panels; growing again puts all back.
        self._desk_state: tuple[QtCore.QByteArray, list[list[int]]] | None = None
        #: While the panels move between the desks (or to the projector's stage):
        #: a resize then (docks coming back can widen the window) decides nothing.
        self._compact_busy = False
        self._build_layout()
        self._build_actions()
        self.exporter = WindowExporter(self)
        self.classroom = Classroom(session, self)
        self._build_menus()
        #: The presenter view, its screens and the clicker keys (View ▸ Presenter view, X).
        self.presenter = Presenter(self)
        #: The labs, a tab each beside the scenario's views (View ▸ Labs, Ctrl+1 … Ctrl+6).
        self.labs = LabTabs(self)
        #: F6 between panels, arrow keys in the key plane, Help ▸ Keyboard shortcuts.
        self.keyboard = Keyboard(self)
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.keyboard.next_panel_action)
        self.view_menu.addAction(self.keyboard.previous_panel_action)
        self.help_menu.insertAction(self.about_action, self.keyboard.shortcuts_action)
        #: Accessible names, descriptions and tooltips (for screen readers).
        self.accessibility = Accessibility(self)
        self.exporter.install_context_menus()
        self.statusBar()
        self._restore_settings()
        session.changed.connect(self._on_session_changed)
        #: Unsaved work written aside a moment after each change (crash recovery).
        self.recovery = RecoveryWriter(session, parent=self)
        self.recovery.failed.connect(self.show_message)
        self.step_table.refusal.connect(self._show_refusal_large)
        self._sync_baseline_dock(fit=False)
        self._apply_theme()
        self._update_title()
        self._update_undo_actions()

    # -- construction -------------------------------------------------------------
    def _add_panel(self, panel: Panel) -> None:
        self.panels[panel.panel_name] = panel
        panel.message.connect(self.show_message)

    def panel_frame(self, name: str) -> QtWidgets.QWidget:
        """The widget that holds panel ``name`` on screen: its titled frame, else the panel."""
        return self._frames.get(name) or self.panels[name]

    def _titled(self, panel: Panel, scrolls: bool = False) -> QtWidgets.QWidget:
        """The panel under a small title (the title follows theme and language);
        ``scrolls``: in a :class:`PanelScroll`, so its content never makes the window taller.
        """
        box = QtWidgets.QFrame()
        box.setObjectName(f"{panel.panel_name}_box")
        layout = QtWidgets.QVBoxLayout(box)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        title = QtWidgets.QLabel(panel.panel_title())
        title.setObjectName("panelTitle")
        layout.addWidget(title)
        layout.addWidget(PanelScroll(panel) if scrolls else panel, 1)
        self._frames[panel.panel_name] = box
        self._titles[panel.panel_name] = title
        return box

    def _build_layout(self) -> None:
        left = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self._titled(self.heatmap))
        left.addWidget(self._titled(self.equation))
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 2)
        # The planes side by side: each gets the column's full height. Stacked,
        # their legends and axes left each plot a strip ~75 px high at 1280×720,
        # and a read's y was ~20 px long.
        middle = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        middle.addWidget(self._titled(self.key_plane))
        middle.addWidget(self._titled(self.value_plane))
        plots = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        plots.addWidget(left)
        plots.addWidget(middle)
        plots.setStretchFactor(0, 4)
        plots.setStretchFactor(1, 3)
        story = QtWidgets.QWidget()
        column = QtWidgets.QVBoxLayout(story)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(plots, 1)
        column.addWidget(self.caption)
        column.addWidget(self.timeline)
        # The readout spans the full height: its numbers are what a class reads.
        top = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(story)
        # Its height follows the read at the cursor: it scrolls in its column
        # rather than give the whole desk a scroll bar (every plot 14 px narrower).
        top.addWidget(self._titled(self.readout, scrolls=True))
        top.setStretchFactor(0, 7)
        top.setStretchFactor(1, 3)
        top.setSizes([700, 300])  # proportions; Qt scales them to the width
        desk = QtWidgets.QWidget()
        desk.setObjectName("desk")
        outer = QtWidgets.QVBoxLayout(desk)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(top)
        # In a window smaller than the panels need (800×600), the panels keep
        # a legible size and scroll rather than squeeze the window's minimum
        # past the screen.
        desk_area = QtWidgets.QScrollArea()
        desk_area.setObjectName("desk_area")
        desk_area.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        desk_area.setWidgetResizable(True)
        desk_area.setWidget(desk)
        # Projector mode shows another page (:attr:`stage`, added when first
        # needed): what the step needs, large (the stage borrows the panels from
        # the desk and gives them back).
        central = QtWidgets.QWidget()
        central.setObjectName("scenario_view")
        self._pages = QtWidgets.QStackedLayout(central)
        self._pages.addWidget(desk_area)
        self.desk = desk_area
        # A small window shows one panel at a time, under tabs (COMPACT_BELOW).
        self.compact = CompactDesk(self)
        self._pages.addWidget(self.compact.widget)
        self.setCentralWidget(central)
        self.splitters = (top, plots, left, middle)

        self.steps_dock = self._dock(
            self.step_table, "steps_dock", Qt.DockWidgetArea.BottomDockWidgetArea
        )
        # In a scroll area: its form must not hold the docks (and the table of
        # steps beside it) taller than a laptop screen can spare.
        self.settings_dock = self._dock(
            self.settings_panel,
            "settings_dock",
            Qt.DockWidgetArea.BottomDockWidgetArea,
            scroll=True,
        )
        # Side by side under the plots: the readout keeps the window's full height.
        self.splitDockWidget(self.steps_dock, self.settings_dock, Qt.Orientation.Horizontal)
        self.resizeDocks(
            [self.steps_dock, self.settings_dock],
            [1400 - self._settings_width, self._settings_width],
            Qt.Orientation.Horizontal,
        )
        # The baseline panel, built when the dock first shows: beside the table of
        # steps, in front of the settings (a tab away): an edit and what it changes.
        self.baseline_dock = QtWidgets.QDockWidget(
            QtCore.QCoreApplication.translate("BaselinePanel", "Baseline: what changed"), self
        )
        self.baseline_dock.setObjectName("baseline_dock")
        self.baseline_dock.visibilityChanged.connect(
            lambda visible: visible and self.baseline_panel()
        )
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.baseline_dock)
        self.tabifyDockWidget(self.settings_dock, self.baseline_dock)
        self.baseline_dock.hide()
        self.resize(1400, 900)

    def _dock(
        self, panel: Panel, name: str, area: Qt.DockWidgetArea, scroll: bool = False
    ) -> QtWidgets.QDockWidget:
        dock = QtWidgets.QDockWidget(panel.panel_title(), self)
        dock.setObjectName(name)
        if scroll:
            area_widget = QtWidgets.QScrollArea()
            area_widget.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
            area_widget.setWidgetResizable(True)
            area_widget.setWidget(panel)
            # As wide as the form needs when there is room; in a window 800 px
            # wide it gives way to the table of steps and scrolls sideways too.
            self._settings_width = (
                panel.minimumSizeHint().width() + area_widget.verticalScrollBar().sizeHint().width()
            )
            area_widget.setMinimumWidth(min(SETTINGS_MIN_PX, self._settings_width))
            dock.setWidget(area_widget)
        else:
            dock.setWidget(panel)
        self.addDockWidget(area, dock)
        return dock

    def _action(
        self, text: str, slot, shortcut=None, checkable: bool = False, tip: str | None = None
    ) -> QtGui.QAction:
        action = QtGui.QAction(text, self)
        if shortcut is not None:
            if isinstance(shortcut, (list, tuple)):
                action.setShortcuts([QtGui.QKeySequence(s) for s in shortcut])
            else:
                action.setShortcut(QtGui.QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        K = QtGui.QKeySequence.StandardKey
        self.new_action = self._action(self.tr("&New"), self.new_scenario, K.New)
        self.open_action = self._action(self.tr("&Open…"), self.open_dialog, K.Open)
        self.import_arrays_action = self._action(
            self.tr("&Import arrays…"), self.import_arrays_dialog
        )
        self.save_action = self._action(self.tr("&Save"), self.save, K.Save)
        self.save_as_action = self._action(
            self.tr("Save &As…"), self.save_as_dialog, "Ctrl+Shift+S"
        )
        self.quit_action = self._action(self.tr("&Quit"), self.close, K.Quit)
        self.undo_action = self._action(self.tr("&Undo"), self.session.undo, K.Undo)
        self.redo_action = self._action(
            self.tr("&Redo"), self.session.redo, ["Ctrl+Shift+Z", "Ctrl+Y"]
        )
        self.projector_action = self._action(
            self.tr("&Projector mode"),
            self.set_projector_mode,
            "F5",
            checkable=True,
            tip=self.tr("Large high-contrast view for a lecture hall (Esc leaves)"),
        )
        self.leave_projector_action = self._action(
            self.tr("Leave projector mode"), self._escape, "Esc"
        )
        self.snap_grid_action = self._action(
            self.tr("Snap to 0.1 &grid"),
            lambda on: self.session.set_options(snap_grid=on),
            checkable=True,
        )
        self.snap_unit_action = self._action(
            self.tr("Snap to &unit length"),
            lambda on: self.session.set_options(snap_unit=on),
            checkable=True,
        )
        # What the key plane draws: the keys as written or what S stores.
        self.key_space_group = QtGui.QActionGroup(self)
        self.key_space_actions: dict[str, QtGui.QAction] = {}
        for space, label, tip in (
            (
                "auto",
                self.tr("&Follow the feature map"),
                self.tr("φ(k) when the feature map is not the identity, else k"),
            ),
            ("k", self.tr("&Keys as written, k"), self.tr("Keys and queries as written")),
            (
                "phi",
                self.tr("&What S stores, φ(k)"),
                self.tr("φ(k) for every key, φ(q) for every query"),
            ),
        ):
            action = self._action(
                label,
                lambda _=False, s=space: self.session.set_options(key_space=s),
                checkable=True,
                tip=tip,
            )
            self.key_space_group.addAction(action)
            self.key_space_actions[space] = action
        self.theme_group = QtGui.QActionGroup(self)
        self.theme_actions: dict[str, QtGui.QAction] = {}
        for name, label in (("light", self.tr("&Light")), ("dark", self.tr("&Dark"))):
            action = self._action(label, lambda _=False, n=name: self.set_theme(n), checkable=True)
            self.theme_group.addAction(action)
            self.theme_actions[name] = action
        self.about_action = self._action(self.tr("&About linviz"), self.about)
        #: View ▸ Language: each language named in its own words (never translated).
        self._language = current_language()
        self.language_group = QtGui.QActionGroup(self)
        self.language_actions: dict[str, QtGui.QAction] = {}
        for code, name in LANGUAGES.items():
            action = self._action(
                f"&{name}", lambda _=False, c=code: self.set_language(c), checkable=True
            )
            action.setChecked(code == self._language)
            self.language_group.addAction(action)
            self.language_actions[code] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.new_action)
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.import_arrays_action)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.lessons_menu = file_menu.addMenu(self.tr("&Lessons"))
        self._fill_lessons_menu()
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        file_menu.addMenu(self.exporter.menu)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        self.file_menu = file_menu
        edit_menu = bar.addMenu(self.tr("&Edit"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        for action in self.step_table.actions():
            edit_menu.addAction(action)
        self.edit_menu = edit_menu
        go_menu = bar.addMenu(self.tr("&Go"))
        for action in self.timeline.actions():
            go_menu.addAction(action)
        view_menu = bar.addMenu(self.tr("&View"))
        view_menu.addAction(self.projector_action)
        theme_menu = view_menu.addMenu(self.tr("&Theme"))
        for action in self.theme_actions.values():
            theme_menu.addAction(action)
        self.language_menu = view_menu.addMenu(self.tr("L&anguage"))
        for action in self.language_actions.values():
            self.language_menu.addAction(action)
        view_menu.addSeparator()
        self.key_space_menu = view_menu.addMenu(self.tr("&Key plane shows"))
        for action in self.key_space_actions.values():
            self.key_space_menu.addAction(action)
        view_menu.addAction(self.snap_grid_action)
        view_menu.addAction(self.snap_unit_action)
        view_menu.addSeparator()
        for dock, text in (
            (self.steps_dock, self.tr("&Steps")),
            (self.settings_dock, self.tr("Setti&ngs")),
        ):
            toggle = dock.toggleViewAction()
            toggle.setText(text)  # a mnemonic: the menu is reached by keys too
            view_menu.addAction(toggle)
        self.view_menu = view_menu
        bar.addMenu(self.classroom.menu)
        help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self.about_action)
        self.help_menu = help_menu
        self._refresh_recent_menu()

    def _fill_lessons_menu(self) -> None:
        """File ▸ Lessons: each bundled lesson by its title in the language shown."""
        self.lessons_menu.clear()
        for number, lesson in enumerate(bundled_lessons(), start=1):
            title = in_language(lesson.title, self.session.options.language)
            action = self.lessons_menu.addAction(f"&{number}  {title}")
            action.triggered.connect(lambda _=False, n=lesson.name: self.open_path(n))

    # -- settings remembered between runs ------------------------------------------
    def _restore_settings(self) -> None:
        theme = str(self.settings.value("theme", "light"))
        snap_grid = self.settings.value("snap_grid", True, type=bool)
        snap_unit = self.settings.value("snap_unit", False, type=bool)
        self.session.set_options(
            theme=theme if theme in ("light", "dark") else "light",
            snap_grid=snap_grid,
            snap_unit=snap_unit,
        )
        geometry = self.settings.value("geometry")
        if isinstance(geometry, QtCore.QByteArray):
            self.restoreGeometry(geometry)
        self._sync_option_actions()

    def _save_settings(self) -> None:
        options = self.session.options
        self.settings.setValue("theme", options.theme)
        self.settings.setValue("snap_grid", options.snap_grid)
        self.settings.setValue("snap_unit", options.snap_unit)
        self.settings.setValue("projector", options.projector)
        if not options.projector:
            self.settings.setValue("geometry", self.saveGeometry())
        self.settings.sync()

    def restore_projector_mode(self) -> None:
        """Enter projector mode if it was on when linviz last closed."""
        if self.settings.value("projector", False, type=bool):
            self.set_projector_mode(True)

    def recent_files(self) -> list[str]:
        """Recently opened or saved files, newest first (existing ones only)."""
        value = self.settings.value("recent", [])
        files = [value] if isinstance(value, str) else list(value or [])
        return [f for f in files if Path(f).is_file()]

    def _remember(self, path: Path) -> None:
        files = [str(path.resolve())] + [f for f in self.recent_files() if f != str(path.resolve())]
        self.settings.setValue("recent", files[:MAX_RECENT])
        self._refresh_recent_menu()

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for number, name in enumerate(files, start=1):
            action = self.recent_menu.addAction(f"&{number}  {Path(name).name}")
            action.setStatusTip(name)
            action.triggered.connect(lambda _=False, n=name: self.open_path(n))
        self.recent_menu.setEnabled(bool(files))

    # -- session follow-up ----------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if changes & {Change.FILE, Change.SCENARIO}:
            self._update_title()
            self._update_undo_actions()
        if Change.BASELINE in changes:
            self._sync_baseline_dock()
        if Change.OPTIONS in changes:
            projector_changed = self.session.options.projector != self._projector
            self._apply_theme()
            self._sync_option_actions()
            if projector_changed:  # larger or smaller text: room for it once laid out
                call_soon(self, self._fit_baseline_dock)

    # -- the baseline dock ----------------------------------------------------------
    def baseline_panel(self) -> BaselinePanel:
        """The baseline panel in its dock (and among :attr:`panels`), built if need be."""
        if self._baseline_panel is None:
            from linviz.views.classroom.baseline_panel import BaselinePanel

            panel = self._baseline_panel = BaselinePanel(self.session)
            self._add_panel(panel)
            self.baseline_dock.setWidget(panel)
            self.exporter.install_context_menus()  # its right-click menu, as every panel has
        return self._baseline_panel

    def _sync_baseline_dock(self, fit: bool = True) -> None:
        """Show the dock while a baseline is pinned, hide it when there is none."""
        dock = self.baseline_dock
        pinned = self.session.baseline is not None
        if self.session.options.projector or self.compact.active:
            # Projector mode shows the before/after layout instead (the stage), a
            # small window a tab of the compact desk.
            dock.hide()
            return
        if pinned and not dock.isVisible():
            self.baseline_panel()
            dock.show()
            dock.raise_()
            if fit:
                call_soon(self, self._fit_baseline_dock)  # once laid out
        elif not pinned:
            dock.hide()

    def _fit_baseline_dock(self) -> None:
        """Room in the baseline dock for a legible map and a few rows of the list."""
        dock = self.baseline_dock
        if not dock.isVisible():
            return
        if self.steps_dock.isVisible():
            self.resizeDocks([self.steps_dock, dock], [3, 2], Qt.Orientation.Horizontal)
        height = round(self.height() * 0.3)
        if dock.height() < height:
            self.resizeDocks([dock], [height], Qt.Orientation.Vertical)

    def _update_title(self) -> None:
        s = self.session
        where = s.path.name if s.path is not None else self.tr("lesson (not saved)")
        self.setWindowTitle(f"{s.title} — {where}[*] — linviz")
        self.setWindowModified(s.is_modified)

    def _update_undo_actions(self) -> None:
        stack = self.session.undo_stack
        self.undo_action.setEnabled(stack.can_undo())
        self.redo_action.setEnabled(stack.can_redo())
        self.undo_action.setText(
            self.tr("&Undo %1").replace("%1", self._undo_words(stack.undo_text()))
            if stack.can_undo()
            else self.tr("&Undo")
        )
        self.redo_action.setText(
            self.tr("&Redo %1").replace("%1", self._undo_words(stack.redo_text()))
            if stack.can_redo()
            else self.tr("&Redo")
        )

    def _undo_words(self, text: str) -> str:
        """An edit's name from the controller ("nudge key k1") in the language shown."""
        fixed = {
            "edit step": self.tr("edit step"),
            "add step": self.tr("add step"),
            "delete step": self.tr("delete step"),
            "move step": self.tr("move step"),
            "change settings": self.tr("change settings"),
            "change dimensions": self.tr("change dimensions"),
            "edit title": self.tr("edit title"),
            "edit caption": self.tr("edit caption"),
        }
        if text in fixed:
            return fixed[text]
        vectors = {"key": self.tr("key"), "query": self.tr("query"), "value": self.tr("value")}
        found = re.fullmatch(r"(nudge|move) (key|query|value) (.+)", text, re.DOTALL)
        if found:
            verb = self.tr("nudge {0} {1}") if found[1] == "nudge" else self.tr("move {0} {1}")
            return verb.format(vectors[found[2]], found[3])
        found = re.fullmatch(r"edit caption (.+)", text, re.DOTALL)
        if found:
            return self.tr("edit caption {0}").format(found[1])
        return text

    def _sync_option_actions(self) -> None:
        options = self.session.options
        for action, on in (
            (self.snap_grid_action, options.snap_grid),
            (self.snap_unit_action, options.snap_unit),
            (self.projector_action, options.projector),
        ):
            with QtCore.QSignalBlocker(action):
                action.setChecked(on)
        for name, action in self.theme_actions.items():
            with QtCore.QSignalBlocker(action):
                action.setChecked(options.theme == name)
        for space, action in self.key_space_actions.items():
            with QtCore.QSignalBlocker(action):
                action.setChecked(options.key_space == space)
        self.leave_projector_action.setEnabled(options.projector)

    def _apply_theme(self) -> None:
        options = self.session.options
        self._projector = options.projector
        theme = theme_named("projector" if options.projector else options.theme)
        # On a projector the instructor explains the marks; the room needs the space.
        for panel in self.panels.values():
            panel.show_chrome(not options.projector)
        self._show_titles()
        # Untitled on a projector: the frames keep no border of their own either.
        for frame in self._frames.values():
            margin = 0 if options.projector else 4
            frame.layout().setContentsMargins(margin, margin, margin, margin)
        # Colours and backgrounds come from the palette; the sheet only sizes the
        # text and flattens the controls. A sheet rule giving every widget a
        # background (or every frame a border) made each plot's repaint repaint
        # all its parents too, on every move of a drag. The attribute lets the
        # palette reach widgets a sheet has polished (it would freeze theirs).
        QtCore.QCoreApplication.setAttribute(
            Qt.ApplicationAttribute.AA_UseStyleSheetPropagationInWidgetStyles
        )
        self.setPalette(theme_palette(theme))
        for view in self.findChildren(QtWidgets.QAbstractItemView):
            if not isinstance(view.parentWidget(), QtWidgets.QComboBox):
                view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.setStyleSheet(
            f"QWidget {{ font-size: {theme.font_pt}pt; }}"
            # Dialogs and pop-ups are windows: they do not inherit the palette.
            f"QDialog, QDialog QWidget, QComboBox QAbstractItemView {{ "
            f"background: {theme.background}; color: {theme.foreground}; }}"
            f"QDialog QFrame {{ border: none; }}"
            f"QLabel#panelTitle {{ font-size: {theme.title_pt}pt; font-weight: bold; "
            f"color: {theme.muted}; }}"
            f"QMenuBar, QMenu, QStatusBar {{ background: {theme.panel}; "
            f"color: {theme.foreground}; }}"
            f"QMenu::item:selected {{ background: {theme.accent}; color: white; }}"
            f"QTableView {{ gridline-color: {theme.grid}; }}"
            f"QHeaderView::section {{ background: {theme.panel}; color: {theme.foreground}; }}"
            f"QLineEdit, QSpinBox, QDoubleSpinBox, QComboBox, QPlainTextEdit {{ "
            f"background: {theme.panel}; color: {theme.foreground}; "
            f"border: 1px solid {theme.grid}; }}"
            f"QPushButton, QToolButton {{ background: {theme.panel}; color: {theme.foreground}; "
            f"border: 1px solid {theme.grid}; padding: 3px 8px; }}"
        )

    # -- files ------------------------------------------------------------------------
    def ask_unsaved(self) -> QtWidgets.QMessageBox.StandardButton:
        """Ask what to do with unsaved changes (tests replace this)."""
        buttons = (
            QtWidgets.QMessageBox.StandardButton.Save
            | QtWidgets.QMessageBox.StandardButton.Discard
            | QtWidgets.QMessageBox.StandardButton.Cancel
        )
        box = QtWidgets.QMessageBox(
            QtWidgets.QMessageBox.Icon.Question,
            self.tr("Unsaved changes"),
            self.tr("“%1” has changes that are not saved. Save them first?").replace(
                "%1", self.session.title
            ),
            buttons,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # the title comes from the file
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Save)
        return QtWidgets.QMessageBox.StandardButton(box.exec())

    def may_discard_changes(self) -> bool:
        """Whether the current scenario may be replaced (asking if it is modified)."""
        if not self.session.is_modified:
            return True
        answer = self.ask_unsaved()
        if answer == QtWidgets.QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QtWidgets.QMessageBox.StandardButton.Discard

    def open_path(self, name_or_path: str | Path) -> bool:
        """Open a file or lesson; on failure show why and keep the current one."""
        if not self.may_discard_changes():
            return False
        try:
            self.session.open(name_or_path)
        except ScenarioError as error:
            self.show_error(self.tr("This scenario cannot be opened"), shown_error(error))
            return False
        if self.session.path is not None:
            self._remember(self.session.path)
        self.show_message(self.tr("Opened %1").replace("%1", self.session.title))
        return True

    def _file_filter(self) -> str:
        return self.tr("linviz scenarios (*.json);;All files (*)")

    def open_dialog(self) -> None:
        """File ▸ Open…"""
        start = str(self.session.path.parent) if self.session.path else str(Path.home())
        name, _ = QtWidgets.QFileDialog.getOpenFileName(
            self, self.tr("Open scenario"), start, self._file_filter()
        )
        if name:
            self.open_path(name)

    def import_arrays_dialog(self) -> None:
        """File ▸ Import arrays… (:mod:`linviz.views.import_arrays`)."""
        from linviz.views.import_arrays import import_arrays

        import_arrays(self)

    def new_scenario(self) -> None:
        """File ▸ New: a 2×2 memory with one write to start from."""
        if not self.may_discard_changes():
            return
        scenario = Scenario(2, 2, [write([1, 0], [1, 0], "w1")], title=self.tr("Untitled"))
        self.session.replace_scenario(scenario, None)

    def save(self) -> bool:
        """File ▸ Save (asks for a name the first time)."""
        if self.session.path is None:
            return self.save_as_dialog()
        return self.save_to(self.session.path)

    def save_to(self, path: str | Path) -> bool:
        """Save to ``path``; report failures without losing anything."""
        path = Path(path)
        if path.suffix == "":
            path = path.with_suffix(".json")
        try:
            self.session.save(path)
        except OSError as error:
            self.show_error(self.tr("Could not save"), f"{path}: {error.strerror or error}")
            return False
        self._remember(path)
        self.show_message(self.tr("Saved %1").replace("%1", str(path)))
        return True

    def save_as_dialog(self) -> bool:
        """File ▸ Save As…"""
        start = str(self.session.path or Path.home() / f"{self.session.title}.json")
        name, _ = QtWidgets.QFileDialog.getSaveFileName(
            self, self.tr("Save scenario"), start, self._file_filter()
        )
        return self.save_to(name) if name else False

    # -- modes ----------------------------------------------------------------------------
    def set_language(self, language: str) -> None:
        """View ▸ Language: speak ``language`` at once, and from now on (remembered)."""
        self.settings.setValue(SETTINGS_KEY, language)
        self.settings.sync()
        set_language(language)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 (Qt name)
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.LanguageChange:
            self.retranslate()

    def retranslate(self) -> None:
        """Speak the language now in use: texts set once are swapped, the rest redrawn."""
        old, new = self._language, current_language()
        if old == new:
            return
        self._language = new
        retranslate(self, old)
        self.session.set_options(language=new)
        self._fill_lessons_menu()
        for code, action in self.language_actions.items():
            with QtCore.QSignalBlocker(action):
                action.setChecked(code == new)
        for name, title in self._titles.items():
            title.setText(self.panels[name].panel_title())
        for panel in self.panels.values():
            panel.retranslate()
        self.compact.retranslate()
        self.labs.retranslate()
        self._update_title()
        self._update_undo_actions()

    def set_theme(self, name: str) -> None:
        """Use the light or dark theme (remembered)."""
        self.session.set_options(theme=name)
        self._save_settings()

    @property
    def stage(self) -> ProjectorStage:
        """Projector mode's layouts, a page of the scenario view, built the first time
        they are asked for (projector mode starting, or a refusal shown large).
        """
        if self._stage is None:
            from linviz.views.classroom.projector_stage import ProjectorStage

            self._stage = ProjectorStage(self)
            self._pages.addWidget(self._stage.widget)
        return self._stage

    def set_projector_mode(self, on: bool, full_screen: bool = True, stage: bool = True) -> None:
        """Projector mode: large high-contrast view, editors hidden, full screen.

        ``full_screen=False`` keeps the window's size (exports at a chosen
        slide size use that). ``stage=False`` keeps every panel where the
        desk has it (the export of one panel at every step: a read's layout
        would hide the heatmap).
        """
        if on == self.session.options.projector:
            return
        if on:
            # The panels come back to the desk first: the stage borrows them from it
            # (and stay there however the docks coming back resize the window).
            self._leave_compact()
            self._compact_busy = True
            self._docks_before = (self.steps_dock.isVisible(), self.settings_dock.isVisible())
            # The window as it was, to put back exactly when projector mode ends.
            self._geometry_before = self.geometry()
            self._was_maximized = self.isMaximized()
            for dock in (self.steps_dock, self.settings_dock, self.baseline_dock):
                dock.hide()
            self.menuBar().hide()
            # Its messages would be cut at projector sizes; a refusal shows large instead.
            self.statusBar().hide()
            # The labs' tabs too: Ctrl+1 … Ctrl+6 switch (as the menus, the keys
            # drive projector mode); their rows go to the readout's numbers.
            self._tab_bar_before = self.labs.tabs.tabBar().isVisible()
            self.labs.tabs.tabBar().hide()
            # A tab widget counts its bar in its minimum even hidden; the stage
            # below it knows its own minimum (a full screen cannot grow anyway).
            self.labs.tabs.setMinimumSize(1, 1)
            if stage:
                self.stage.enter()
                self._pages.setCurrentWidget(self.stage.widget)
            self.session.set_options(projector=True)
            self._compact_busy = False
            if full_screen:
                self.showFullScreen()
        else:
            if self._stage is not None:
                self._stage.leave()
            self._pages.setCurrentWidget(self.desk)
            # Normal fonts first: at projector sizes the desk's minimum size
            # would widen the window as it comes back.
            self.session.set_options(projector=False)
            steps, settings = self._docks_before
            self.steps_dock.setVisible(steps)
            self.settings_dock.setVisible(settings)
            self.menuBar().show()
            self.statusBar().show()
            self.labs.tabs.tabBar().setVisible(self._tab_bar_before)
            self.labs.tabs.setMinimumSize(0, 0)
            self._sync_baseline_dock(fit=False)
            if self.isFullScreen():
                self.showNormal()
            self._restore_geometry_before()
            # Once laid out again (a full-screen window settles after the event loop).
            call_soon(self, self._restore_geometry_before)
            self.update_compact()  # a window left small shows the compact desk
        self._save_settings()

    def _escape(self) -> None:
        """Esc: take a refusal's banner away, else leave projector mode."""
        if self._stage is not None and self._stage.banner.isVisible():
            self._stage.hide_banner()
        else:
            self.set_projector_mode(False)

    def _show_refusal_large(self, where: str, why: str) -> None:
        """In projector mode, a refused edit shows as a banner the room can read."""
        if self.session.options.projector:
            self.stage.show_banner(why, where)

    def _restore_geometry_before(self) -> None:
        geometry = self._geometry_before
        if geometry is None or self.session.options.projector:
            return
        if self._was_maximized:
            self.showMaximized()
        else:
            self.setGeometry(geometry)

    # -- small windows ---------------------------------------------------------------------
    def is_small(self) -> bool:
        """Whether the window is below :data:`COMPACT_BELOW` (the compact desk's sizes)."""
        return self.width() < COMPACT_BELOW.width() or self.height() < COMPACT_BELOW.height()

    def update_compact(self) -> None:
        """The compact desk in a small window, the full desk in a large one.

        Decided on the window's size, not the desk's: the docks the compact
        desk hides would otherwise make room and bring the full desk back.
        Projector mode has its own layouts.
        """
        if self.session.options.projector or self._compact_busy:
            return
        if not self.is_small():
            self._leave_compact()
            self._remember_desk()
            return
        if self.compact.active:
            return
        if self._desk_state is None:  # first shown small: the desk as built
            self._desk_state = (self.saveState(), [s.sizes() for s in self.splitters])
        self._compact_busy = True
        try:
            for dock in (self.steps_dock, self.settings_dock, self.baseline_dock):
                dock.hide()  # View ▸ Steps and View ▸ Settings show them again
            self.compact.enter()
            self._pages.setCurrentWidget(self.compact.widget)
            self._show_titles()
        finally:
            self._compact_busy = False

    def _leave_compact(self) -> None:
        """Back to the full desk, its docks as they were before the window was small."""
        if not self.compact.active:
            return
        self._compact_busy = True
        try:
            self.compact.leave()
            self._pages.setCurrentWidget(self.desk)
            if self._desk_state is not None:
                self.restoreState(self._desk_state[0])
                self._restore_splitters()
                # Once the docks and the desk have their sizes (splitters keep
                # proportions of the size they had when set).
                call_soon(self, self._restore_splitters)
            self._sync_baseline_dock(fit=False)
        finally:
            self._compact_busy = False
        self._show_titles()
        if not self._docks_fitted and self.isVisible():  # first shown small
            self._docks_fitted = True
            call_soon(self, self._fit_docks_to_height)

    def _restore_splitters(self) -> None:
        if self._desk_state is None or self.compact.active or self.session.options.projector:
            return
        self.layout().activate()
        for splitter, sizes in zip(self.splitters, self._desk_state[1]):
            splitter.setSizes(sizes)

    def _remember_desk(self) -> None:
        """Keep the full desk's docks and splitters as they are once laid out.

        Deferred: a resize has already laid the docks out at the new size
        when the window hears of it; a window made small meanwhile keeps the
        last large desk.
        """
        call_soon(self, self._remember_desk_now)

    def _remember_desk_now(self) -> None:
        if self.compact.active or self.session.options.projector or self.is_small():
            return
        self._desk_state = (self.saveState(), [s.sizes() for s in self.splitters])

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt name)
        # Compact before the first layout: the full desk's docks in French ask
        # 837 px, and would widen an 800 px window before it could be compact.
        if visible:
            self.update_compact()
        super().setVisible(visible)

    def _show_titles(self) -> None:
        """Panel titles on the desk; not on a projector, nor under the compact tabs."""
        shown = not self.session.options.projector and not self.compact.active
        for title in self._titles.values():
            title.setVisible(shown)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self.update_compact()

    def event(self, event: QtCore.QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QtCore.QEvent.Type.MouseButtonRelease:
            self._remember_desk()  # a dock's separator dragged to a new size
        return handled

    # -- messages -----------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        """A passing message in the status bar."""
        self.statusBar().showMessage(text, 8000)

    def show_error(self, title: str, text: str) -> None:
        """An error the user must see; non-blocking so nothing waits on it."""
        self.last_error = text
        self.statusBar().showMessage(text, 15000)
        box = QtWidgets.QMessageBox(
            QtWidgets.QMessageBox.Icon.Warning,
            title,
            text,
            QtWidgets.QMessageBox.StandardButton.Ok,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)  # messages name labels from the file
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.error_box = box

    def about(self) -> None:
        """Help ▸ About."""
        QtWidgets.QMessageBox.about(
            self,
            self.tr("About linviz"),
            self.tr(
                "linviz %1\n\nLinear attention keeps its memory in one fixed-size "
                "matrix S. Every write adds an outer product; every read is a "
                "weighted sum of everything stored, so overlapping keys blend."
            ).replace("%1", __version__),
        )

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        if not self._docks_fitted:
            self._docks_fitted = True
            # Once laid out at its real size (a laptop's 768 rows or a full-HD screen).
            call_soon(self, self._fit_docks_to_height)

    def _fit_docks_to_height(self) -> None:
        """Give the table of steps about a fifth of the window's height.

        Its natural height suits a tall screen; on a laptop's 768 rows it
        left the plots a sliver. Five or six rows of steps are enough to edit
        with; the plots are what the window is for.
        """
        if self.compact.active:
            self._docks_fitted = False  # fitted when the window is large again
            return
        if not self.steps_dock.isVisible() or self.steps_dock.isFloating():
            return
        height = round(min(max(DOCK_SHARE * self.height(), DOCK_MIN_PX), DOCK_MAX_PX))
        self.resizeDocks([self.steps_dock], [height], Qt.Orientation.Vertical)
        self._remember_desk()

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if not self.may_discard_changes():
            event.ignore()
            return
        self._save_settings()
        self.recovery.remove()  # a clean exit: nothing to recover
        event.accept()

    # -- crash recovery -------------------------------------------------------------------
    def ask_recovery(
        self, entries: list[recovery.Recoverable]
    ) -> tuple[str, recovery.Recoverable | None]:
        """Ask what to do with work left by a linviz that ended without saving.

        Returns ``("restore" | "discard" | "later", the entry chosen)`` (tests replace this).
        """
        dialog = RecoveryDialog(entries, self)
        dialog.exec()
        choice, chosen = dialog.choice, dialog.chosen
        dialog.deleteLater()
        return choice, chosen

    def offer_recovery(self, folder: Path | None = None) -> bool:
        """At start: offer the recovery files of processes that are gone.

        Returns whether a scenario was restored into this window.
        """
        entries = recovery.list_recoverable(folder)
        if not entries:
            return False
        choice, entry = self.ask_recovery(entries)
        if entry is None or choice == "later":
            return False
        if choice == "discard":
            recovery.discard(entry)
            return False
        try:
            restore_and_take_over(self.recovery, entry)
        except ScenarioError as error:
            self.show_error(self.tr("This work cannot be recovered"), shown_error(error))
            return False
        self.show_message(self.tr("Recovered %1").replace("%1", self.session.title))
        return True
