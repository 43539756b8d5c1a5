"""The main window: the shell's parts put together around one session.

The window is the composition root: it makes the :class:`ActionRegistry`
(every action and menu), the :class:`Desk` (the panels, their docks and
the layout mode) and the :class:`Document` (files, recent files, crash
recovery), then gives the helpers (Class menu, exports, presenter, labs,
keyboard, accessibility) the session, the desk and the actions, never the
window itself. Helpers speak back through their ``message``/``error``
signals, shown here in the status bar. What is left here is the window's
own: its title, theme, language, remembered settings and messages.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz import __version__
from linviz.controller import recovery
from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.accessibility import Accessibility
from linviz.views.classroom.class_menu import Classroom
from linviz.views.classroom.presenter import Presenter
from linviz.views.compact_desk import CompactDesk
from linviz.views.export.window_exporter import WindowExporter
from linviz.views.guarded import guarded
from linviz.views.indicator_style import use_indicator_style
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
from linviz.views.one_paint import pace_frames
from linviz.views.panels.panel import session_theme
from linviz.views.recovery_writer import RecoveryDialog
from linviz.views.shell import questions
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.desk import PROJECTOR, Desk, Layout
from linviz.views.shell.document import Document
from linviz.views.shell.own_windows import close_own_windows
from linviz.views.theme import theme_palette
from linviz.views.undo_words import Words
from linviz.views.window_sheet import apply_window_sheet

#: The menus of the menu bar, left to right (their ids in the registry).
MENU_BAR = ("file", "edit", "go", "view", "class", "help")


def _projector_stage(session: Session, desk: Desk) -> Layout:
    """Projector mode's layouts (imported the first time projector mode starts)."""
    from linviz.views.classroom.projector_stage import ProjectorStage

    return ProjectorStage(session, desk)


class MainWindow(QtWidgets.QMainWindow):
    """The linviz window: S, the step as an equation, the planes, the readout,
    the timeline and the editors, all following one :class:`Session`.

    Every menu, action and key exists from the start; what is not on screen
    when the window first shows is built, and its module imported, the first
    time it is needed: projector mode's layouts (:attr:`stage`), the baseline
    panel, the presenter view and the audience screen's cover, the Class
    menu's boxes, the labs' pages and the exports' drawing code.

    Parameters
    ----------
    session
        The session to show and edit.

    Attributes
    ----------
    registry : ActionRegistry
        Every action and menu.
    desk : Desk
        The panels, their frames and docks, and the layout mode.
    document : Document
        Open, save, recent files and crash recovery.
    """

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        use_indicator_style(QtWidgets.QApplication.instance())  # dark check boxes show
        super().__init__(parent)
        self.session = session
        self.settings = QtCore.QSettings(self)  # deleted with the window, not by the collector
        self.last_error: str | None = None
        # Before the widgets: each is polished once, as it first shows (window_sheet).
        apply_window_sheet(self, session_theme(session))
        # Captions, notes and questions given by language follow the window's language.
        ensure_language()
        session.set_options(language=current_language())
        self._language = current_language()
        self.registry = registry = ActionRegistry(self, session)
        self.desk = desk = Desk(session, self, self.settings, CompactDesk, _projector_stage)
        self._mode = desk.mode
        self._declare_menus()
        self.document = Document(
            session,
            self,
            self.settings,
            registry,
            ask_unsaved=lambda: self.ask_unsaved(),
            ask_recovery=lambda entries: self.ask_recovery(entries),
            ask_changed_on_disk=lambda path: self.ask_changed_on_disk(path),
        )
        self.exporter = WindowExporter(session, desk, registry)
        self._declare_actions()
        self.classroom = Classroom(session, desk, registry)
        #: The presenter view, its screens and the clicker keys (View ▸ Presenter view, X).
        self.presenter = Presenter(session, desk, registry)
        #: The labs, a tab each beside the scenario's views (View ▸ Labs, Ctrl+1 … Ctrl+6).
        self.labs = LabTabs(session, desk, registry)
        desk.tabs = self.labs.widget
        self.setCentralWidget(self.labs.widget)
        #: F6 between panels, arrow keys in the key plane, Help ▸ Keyboard shortcuts.
        self.keyboard = Keyboard(session, desk, registry)
        registry.build(self.menuBar(), MENU_BAR)
        #: Accessible names, descriptions and tooltips (for screen readers).
        self.accessibility = Accessibility(session, desk)
        self.classroom.built.connect(self.accessibility.fill)
        self.exporter.install_context_menus()
        desk.panel_added.connect(lambda _name: self.exporter.install_context_menus())
        for part in (desk, self.document, self.exporter, self.classroom, self.labs, self.keyboard):
            part.message.connect(self.show_message)
        for part in (self.document, self.exporter, self.labs):
            part.error.connect(self.show_error)
        desk.mode_changed.connect(self._mode_changed)
        self.statusBar()
        self._restore_settings()
        session.changed.connect(self._on_session_changed)
        self.paint_hold = pace_frames(session, self)  # a refresh a frame, a paint a change
        self.recovery = self.document.recovery
        self._shortcuts()
        desk.sync_baseline_dock(fit=False)
        self._apply_theme()
        self._update_title()
        self._update_undo_actions()

    def _shortcuts(self) -> None:
        """The parts' objects under the names scripts, tests and ``linviz export`` use."""
        desk, document, registry = self.desk, self.document, self.registry
        self.panels, self.panel_frame, self.compact = desk.panels, desk.panel_frame, desk.compact
        self.heatmap, self.equation = desk.heatmap, desk.equation
        self.key_plane, self.value_plane, self.readout = (
            desk.key_plane,
            desk.value_plane,
            desk.readout,
        )
        self.caption, self.timeline, self.step_table = desk.caption, desk.timeline, desk.step_table
        self.settings_panel, self.baseline_panel = desk.settings_panel, desk.baseline_panel
        self.steps_dock, self.settings_dock = desk.steps_dock, desk.settings_dock
        self.baseline_dock, self.set_projector_mode = desk.baseline_dock, desk.set_projector_mode
        self.open_path, self.save_to, self.save = (
            document.open_path,
            document.save_to,
            document.save,
        )
        self.new_scenario, self.recent_files = document.new_scenario, document.recent_files
        self.offer_recovery, self.lessons_menu = document.offer_recovery, document.lessons_menu
        self.may_discard_changes = document.may_discard_changes
        self.import_arrays_action = registry["file.import_arrays"]
        self.projector_action = registry["view.projector"]
        self.leave_projector_action = registry["view.leave_projector"]
        self.key_space_actions = {k[15:]: a for k, a in registry.actions("view.key_space.").items()}
        self.theme_actions = {k[11:]: a for k, a in registry.actions("view.theme.").items()}
        self.language_actions = {k[14:]: a for k, a in registry.actions("view.language.").items()}
        self.file_menu, self.view_menu = registry.menu("file"), registry.menu("view")
        self.edit_menu, self.help_menu = registry.menu("edit"), registry.menu("help")

    @property
    def stage(self):
        """Projector mode's layouts (built the first time they are asked for)."""
        return self.desk.stage

    # -- construction -------------------------------------------------------------
    def _declare_menus(self) -> None:
        declare = self.registry.declare_menu
        declare("file", self.tr("&File"), ("new", "save", "export", "quit"))
        declare("edit", self.tr("&Edit"), ("undo", "steps"))
        declare("go", self.tr("&Go"))
        views = ("mode", "plane", "docks", "presenter", "labs", "panels")
        declare("view", self.tr("&View"), views)
        declare("help", self.tr("&Help"), ("keys", "about", "presenter"), separated=False)

    def _declare_actions(self) -> None:
        K = QtGui.QKeySequence.StandardKey
        session, desk, add = self.session, self.desk, self.registry.add
        stack = session.undo_stack
        for spec in (
            ActionSpec("file.quit", self.tr("&Quit"), self.close, K.Quit, "file", "quit"),
            ActionSpec(
                "edit.undo",
                self.tr("&Undo"),
                session.undo,
                K.Undo,
                "edit",
                "undo",
                enabled_when=stack.can_undo,
            ),
            ActionSpec(
                "edit.redo",
                self.tr("&Redo"),
                session.redo,
                ["Ctrl+Shift+Z", "Ctrl+Y"],
                "edit",
                "undo",
                enabled_when=stack.can_redo,
            ),
            ActionSpec(
                "view.projector",
                self.tr("&Projector mode"),
                desk.set_projector_mode,
                "F5",
                "view",
                "mode",
                checkable=True,
                presenter=True,
                tip=self.tr("Large high-contrast view for a lecture hall (Esc leaves)"),
                checked_when=lambda: session.options.projector,
            ),
            ActionSpec(
                "view.leave_projector",
                self.tr("Leave projector mode"),
                desk.escape,
                "Esc",
                presenter=True,
                enabled_when=lambda: session.options.projector,
            ),
        ):
            add(spec)
        self.registry.declare_menu("view.theme", self.tr("&Theme"), parent="view", group="mode")
        for name, label in (("light", self.tr("&Light")), ("dark", self.tr("&Dark"))):
            add(
                ActionSpec(
                    f"view.theme.{name}",
                    label,
                    lambda _=False, n=name: self.set_theme(n),
                    menu="view.theme",
                    checkable=True,
                    exclusive="theme",
                    checked_when=lambda n=name: session.options.theme == n,
                )
            )
        #: View ▸ Language: each language named in its own words (never translated).
        self.registry.declare_menu(
            "view.language", self.tr("L&anguage"), parent="view", group="mode"
        )
        for code, name in LANGUAGES.items():
            add(
                ActionSpec(
                    f"view.language.{code}",
                    f"&{name}",
                    lambda _=False, c=code: self.set_language(c),
                    menu="view.language",
                    checkable=True,
                    exclusive="language",
                    checked_when=lambda c=code: self._language == c,
                )
            )
        # What the key plane draws: the keys as written or what S stores.
        self.registry.declare_menu(
            "view.key_space", self.tr("&Key plane shows"), parent="view", group="plane"
        )
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
            add(
                ActionSpec(
                    f"view.key_space.{space}",
                    label,
                    lambda _=False, s=space: session.set_options(key_space=s),
                    menu="view.key_space",
                    tip=tip,
                    checkable=True,
                    exclusive="key_space",
                    checked_when=lambda s=space: session.options.key_space == s,
                )
            )
        snap_tips: dict[str, str | None] = {
            "snap_grid": self.tr(
                "A dragged tip lands on a multiple of 0.1; on a plane narrower than 1, "
                "of a round step about a tenth of it"
            ),
            "snap_unit": None,
        }
        for key, label in (
            ("snap_grid", self.tr("Snap to 0.1 &grid")),
            ("snap_unit", self.tr("Snap to &unit length")),
        ):
            add(
                ActionSpec(
                    f"view.{key}",
                    label,
                    lambda on, k=key: session.set_options(**{k: on}),
                    menu="view",
                    group="plane",
                    tip=snap_tips[key],
                    checkable=True,
                    checked_when=lambda k=key: getattr(session.options, k),
                )
            )
        adopt = self.registry.adopt
        for dock, text in (
            (desk.steps_dock, self.tr("&Steps")),
            (desk.settings_dock, self.tr("Setti&ngs")),
        ):
            toggle = dock.toggleViewAction()
            toggle.setText(text)  # a mnemonic: the menu is reached by keys too
            adopt(f"view.{dock.objectName()}", toggle, "view", "docks")
        # The actions the table of steps and the timeline show on their buttons.
        self.registry.adopt_all(desk.step_table.made_actions)
        self.registry.adopt_all(desk.timeline.made_actions)
        add(
            ActionSpec(
                "help.about", self.tr("&About linviz"), self.about, menu="help", group="about"
            )
        )

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
        self.registry.sync()

    def _save_settings(self) -> None:
        options = self.session.options
        self.settings.setValue("theme", options.theme)
        self.settings.setValue("snap_grid", options.snap_grid)
        self.settings.setValue("snap_unit", options.snap_unit)
        self.settings.setValue("projector", options.projector)
        if not options.projector:
            self.settings.setValue("geometry", self.saveGeometry())
        self.settings.sync()

    def _mode_changed(self, mode: str) -> None:
        """Projector mode on or off is remembered (the next start opens in it)."""
        was, self._mode = self._mode, mode
        if (was == PROJECTOR) != (mode == PROJECTOR):
            self._save_settings()

    def restore_projector_mode(self) -> None:
        """Enter projector mode if it was on when linviz last closed."""
        if self.settings.value("projector", False, type=bool):
            self.desk.set_projector_mode(True)

    # -- session follow-up ----------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        # A drag's moves change no title and no undo entry: its end does.
        if changes & {Change.FILE, Change.SCENARIO} and not self.session.is_drag_move(changes):
            self._update_title()
            self._update_undo_actions()
        self.desk.session_changed(changes)
        if Change.OPTIONS in changes:
            self._apply_theme()

    def _update_title(self) -> None:
        s = self.session
        # No file yet: a lesson, a new scenario, arrays (not all lessons: say only that).
        where = s.path.name if s.path is not None else self.tr("not saved")
        title = f"{s.title} — {where}[*] — linviz"
        # Asked on every move of a drag (an edit): the window system is told only news.
        if title != self.windowTitle():
            self.setWindowTitle(title)
        if s.is_modified != self.isWindowModified():
            self.setWindowModified(s.is_modified)

    def _update_undo_actions(self) -> None:
        stack = self.session.undo_stack
        undo, redo = self.registry["edit.undo"], self.registry["edit.redo"]
        texts = (
            self.tr("&Undo %1").replace("%1", self._undo_words(stack.undo_text()))
            if stack.can_undo()
            else self.tr("&Undo"),
            self.tr("&Redo %1").replace("%1", self._undo_words(stack.redo_text()))
            if stack.can_redo()
            else self.tr("&Redo"),
        )
        for action, enabled, text in zip(
            (undo, redo), (stack.can_undo(), stack.can_redo()), texts, strict=True
        ):
            # A new text re-lays the Edit menu out: set only what changed (every drag move).
            if action.isEnabled() != enabled:
                action.setEnabled(enabled)
            if action.text() != text:
                action.setText(text)

    def _undo_words(self, text: str) -> str:
        """An edit's name from the controller ("nudge key k1") in the language shown."""
        if isinstance(text, Words):  # a view's edit: its own words, said again now
            return text.shown()
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

    def _apply_theme(self) -> None:
        theme = session_theme(self.session)
        self.desk.restyle()
        self.setPalette(theme_palette(theme))
        apply_window_sheet(self, theme)  # only if the theme changed it
        for view in self.findChildren(QtWidgets.QAbstractItemView):
            if not isinstance(view.parentWidget(), QtWidgets.QComboBox):
                view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)

    # -- language and theme ----------------------------------------------------------------
    def set_language(self, language: str) -> None:
        """View ▸ Language: speak ``language`` at once, and from now on (remembered)."""
        self.settings.setValue(SETTINGS_KEY, language)
        self.settings.sync()
        set_language(language)

    @guarded()
    def changeEvent(self, event: QtCore.QEvent) -> None:
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
        self.document.fill_lessons_menu()
        self.registry.sync()
        self.desk.retranslate()
        self.labs.retranslate()
        self._update_title()
        self._update_undo_actions()

    def set_theme(self, name: str) -> None:
        """Use the light or dark theme (remembered)."""
        self.session.set_options(theme=name)
        self._save_settings()

    # -- the window's own events -----------------------------------------------------------
    def setVisible(self, visible: bool) -> None:
        # Compact before the first layout: the full desk's docks in French ask
        # 837 px, and would widen an 800 px window before it could be compact.
        if visible:
            self.desk.update_compact()
        if visible and not self.isVisible():
            self.desk.first_show(lambda: super(MainWindow, self).setVisible(True))
        else:
            super().setVisible(visible)

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        super().resizeEvent(event)
        self.desk.update_compact()

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QtCore.QEvent.Type.MouseButtonRelease:
            self.desk.remember_desk()  # a dock's separator dragged to a new size
        return handled

    @guarded()
    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self.desk.shown()

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:
        try:
            may_close = self.document.close()  # asks about unsaved changes; saves if told to
        except Exception:
            # Qt would close the window anyway (the event is accepted by default), losing
            # the work: it stays open, and the error goes to the error hook, once.
            event.ignore()
            sys.excepthook(*sys.exc_info())
            return
        if not may_close:  # cancelled, or the save failed: the work stays open
            event.ignore()
            return
        self._save_settings()
        close_own_windows(self, self.presenter)
        event.accept()

    # -- messages and questions ---------------------------------------------------------------
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

    def ask_unsaved(self) -> QtWidgets.QMessageBox.StandardButton:
        """Ask what to do with unsaved changes (tests replace this)."""
        return questions.ask_unsaved(self, self.session.title)

    def ask_changed_on_disk(self, path: Path) -> str:
        """Ask what to do: the file changed on disk since it was opened or saved here.

        Returns ``"overwrite"``, ``"save_as"`` or ``"cancel"`` (tests replace this).
        """
        return questions.ask_changed_on_disk(self, path)

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
