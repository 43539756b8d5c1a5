"""The document: the scenario as a file, opened, saved, remembered and recovered.

:class:`Document` holds File ▸ New, Open…, Import arrays…, Open Recent,
Lessons, Save and Save As…, the list of recent files, and the crash recovery of unsaved work
(written aside a moment after each change, offered back at the next start).
It never raises at the user: what fails is reported through :attr:`error`
(a title and the reason), what succeeds through :attr:`message`. The
questions it may ask (unsaved changes, work to recover, a file changed on
disk by someone else) are functions it is given, so the window (or a test)
decides how they are asked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller import recovery
from linviz.controller.session import ChangedOnDisk, Session
from linviz.model.column_layout import LAYOUT_COLUMNS, LAYOUT_STEPS
from linviz.model.errors import ScenarioError
from linviz.model.file_kinds import ARCHIVE_SUFFIX, names_archive
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario import Scenario, write
from linviz.model.texts import in_language
from linviz.views.error_text import shown_error
from linviz.views.recovery_writer import RecoveryWriter, restore_and_take_over
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.busy import busy
from linviz.views.shell.save_failure import save_failed_text

#: How many recent files File ▸ Open Recent lists.
MAX_RECENT = 8
#: The ending a scenario saved as JSON gets.
JSON_SUFFIX = ".json"

Answer = QtWidgets.QMessageBox.StandardButton
#: Asked which of the work left by a linviz that ended without saving to take back.
AskRecovery = Callable[[list[recovery.Recoverable]], tuple[str, "recovery.Recoverable | None"]]
#: Asked what to do when the file changed on disk since it was read or saved here:
#: ``"overwrite"``, ``"save_as"`` or ``"cancel"``.
AskChangedOnDisk = Callable[[Path], str]


class Document(QtCore.QObject):
    """The session's scenario as a file: File's entries, recent files, crash recovery.

    Parameters
    ----------
    session
        The session whose scenario is opened and saved.
    parent
        The widget the file dialogs are shown over (the window).
    settings
        Where the recent files are remembered.
    actions
        The registry the File entries are declared in (menu ``file``).
    ask_unsaved
        Asks what to do with unsaved changes (Save, Discard or Cancel).
    ask_recovery
        Asks what to do with work left behind (see :meth:`offer_recovery`).
    ask_changed_on_disk
        Asks what to do when the file to save over changed on disk since it
        was opened or saved here: ``"overwrite"``, ``"save_as"`` or ``"cancel"``
        (default: cancel, nothing is overwritten unasked).

    Attributes
    ----------
    recovery : RecoveryWriter
        Writes unsaved work aside a moment after each change.
    recent_menu, lessons_menu : QtWidgets.QMenu
        File ▸ Open Recent and File ▸ Lessons.
    """

    #: A passing message for the status bar.
    message = QtCore.Signal(str)
    #: Something the user must see: a title and the reason.
    error = QtCore.Signal(str, str)

    def __init__(
        self,
        session: Session,
        parent: QtWidgets.QWidget,
        settings: QtCore.QSettings,
        actions: ActionRegistry,
        ask_unsaved: Callable[[], Answer],
        ask_recovery: AskRecovery,
        ask_changed_on_disk: AskChangedOnDisk | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.parent_widget = parent
        self.settings = settings
        self.ask_unsaved = ask_unsaved
        self.ask_recovery = ask_recovery
        self.ask_changed_on_disk = ask_changed_on_disk or (lambda _path: "cancel")
        K = QtGui.QKeySequence.StandardKey
        for spec in (
            ActionSpec("file.new", self.tr("&New"), self.new_scenario, K.New, "file", "new"),
            ActionSpec("file.open", self.tr("&Open…"), self.open_dialog, K.Open, "file", "new"),
            ActionSpec(
                "file.import_arrays",
                self.tr("&Import arrays…"),
                self.import_arrays_dialog,
                menu="file",
                group="new",
            ),
        ):
            actions.add(spec)
        self.recent_menu = actions.declare_menu(
            "file.recent", self.tr("Open &Recent"), parent="file", group="new", dynamic=True
        )
        self.lessons_menu = actions.declare_menu(
            "file.lessons", self.tr("&Lessons"), parent="file", group="new", dynamic=True
        )
        for spec in (
            ActionSpec("file.save", self.tr("&Save"), self.save, K.Save, "file", "save"),
            ActionSpec(
                "file.save_as",
                self.tr("Save &As…"),
                self.save_as_dialog,
                "Ctrl+Shift+S",
                "file",
                "save",
            ),
        ):
            actions.add(spec)
        self.fill_lessons_menu()
        self._refresh_recent_menu()
        #: Unsaved work written aside a moment after each change (crash recovery).
        self.recovery = RecoveryWriter(session, parent=self)
        self.recovery.failed.connect(self.message)

    # -- menus ---------------------------------------------------------------------------
    def fill_lessons_menu(self) -> None:
        """File ▸ Lessons: each bundled lesson by its title in the language shown."""
        self.lessons_menu.clear()
        for number, lesson in enumerate(bundled_lessons(), start=1):
            title = in_language(lesson.title, self.session.options.language)
            action = self.lessons_menu.addAction(f"&{number}  {title}")
            action.triggered.connect(lambda _=False, n=lesson.name: self.open_path(n))

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

    # -- files -----------------------------------------------------------------------------
    def may_discard_changes(self) -> bool:
        """Whether the current scenario may be replaced (asking if it is modified)."""
        if not self.session.is_modified:
            return True
        answer = self.ask_unsaved()
        if answer == Answer.Save:
            return self.save()
        return answer == Answer.Discard

    def open_path(self, name_or_path: str | Path) -> bool:
        """Open a file or lesson; on failure show why and keep the current one."""
        if not self.may_discard_changes():
            return False
        opening = self.tr("Opening %1…").replace("%1", Path(name_or_path).name)
        try:
            with busy(self.parent_widget, opening):
                self.session.open(name_or_path)
        except ScenarioError as error:
            self.error.emit(self.tr("This scenario cannot be opened"), shown_error(error))
            return False
        if self.session.path is not None:
            self._remember(self.session.path)
        self.message.emit(self.tr("Opened %1").replace("%1", self.session.title))
        return True

    def _file_filter(self) -> str:
        return self.tr("linviz scenarios (*.json *.npz);;All files (*)")

    def _save_filters(self) -> dict[str, tuple[str, str | None]]:
        """File ▸ Save As…'s choices of format: each with the ending it writes and,
        for JSON, the layout of its steps (README, "The columns layout").
        """
        return {
            self.tr("linviz scenario, JSON (*.json)"): (JSON_SUFFIX, LAYOUT_STEPS),
            self.tr("linviz scenario, JSON in columns: big ones open faster (*.json)"): (
                JSON_SUFFIX,
                LAYOUT_COLUMNS,
            ),
            self.tr("linviz scenario archive, NumPy (*.npz)"): (ARCHIVE_SUFFIX, None),
        }

    def _suffix(self) -> str:
        """The ending a name without one gets: the format the scenario was opened or saved in."""
        path = self.session.path
        return ARCHIVE_SUFFIX if path is not None and names_archive(path) else JSON_SUFFIX

    def open_dialog(self) -> None:
        """File ▸ Open… (scenario files: JSON, or archives)."""
        start = str(self.session.path.parent) if self.session.path else str(Path.home())
        name, _ = QtWidgets.QFileDialog.getOpenFileName(
            self.parent_widget, self.tr("Open scenario"), start, self._file_filter()
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

    def save_to(
        self,
        path: str | Path,
        *,
        overwrite: bool = False,
        suffix: str | None = None,
        layout: str | None = None,
    ) -> bool:
        """Save to ``path``; report failures without losing anything.

        A name ending in ``.npz`` is saved as a scenario archive, any other as
        JSON; a name without an ending gets ``suffix`` (by default the format
        the scenario was opened or last saved in). ``layout`` (``"steps"`` or
        ``"columns"``) arranges a JSON file's steps, kept for later saves; by
        default the layout it was opened or last saved in.
        If the file changed on disk since it was opened or saved here (another
        window or program wrote it), asks first: overwrite, save under another
        name, or cancel. Whatever a save raises is shown as "Could not save
        FILE: reason" and the work stays open, modified. Returns whether it was saved.
        """
        path = Path(path)
        if path.suffix == "":
            path = path.with_suffix(suffix or self._suffix())
        try:
            with busy(self.parent_widget, self.tr("Saving %1…").replace("%1", path.name)):
                as_json = not names_archive(path)
                self.session.save(path, layout if as_json else None, overwrite=overwrite)
        except ChangedOnDisk:
            choice = self.ask_changed_on_disk(path)
            if choice == "overwrite":
                return self.save_to(path, overwrite=True, layout=layout)
            if choice == "save_as":
                return self.save_as_dialog()
            return False
        except Exception as error:  # whatever it is, the user is told and the work is kept
            self.error.emit(*save_failed_text(path, error))
            return False
        self._remember(path)
        saved = self.session.last_save
        if saved is not None and saved.notice is not None:
            # "FILE: saved as a new file: … (hard links), which keep the old version"
            self.message.emit(shown_error(saved.notice))
        else:
            self.message.emit(self.tr("Saved %1").replace("%1", str(path)))
        return True

    def save_as_dialog(self) -> bool:
        """File ▸ Save As…: JSON a step an object, JSON in columns, or an archive; the
        format it was opened in (or, new, the one it would be saved in) chosen first.
        """
        suffix = self._suffix()
        start = str(self.session.path or Path.home() / f"{self.session.title}{suffix}")
        filters = self._save_filters()
        layout = None if suffix == ARCHIVE_SUFFIX else self.session.scenario.layout
        chosen = next(name for name, kind in filters.items() if kind == (suffix, layout))
        name, picked = QtWidgets.QFileDialog.getSaveFileName(
            self.parent_widget,
            self.tr("Save scenario"),
            start,
            ";;".join([*filters, self.tr("All files (*)")]),
            chosen,
        )
        if not name:
            return False
        ending, layout = filters.get(picked, (None, None))
        return self.save_to(name, suffix=ending, layout=layout)

    def close(self) -> bool:
        """The window closes: whether it may (asking about unsaved changes); if so,
        nothing is left to recover (a clean exit).
        """
        if not self.may_discard_changes():
            return False
        self.recovery.remove()
        return True

    # -- crash recovery -------------------------------------------------------------------
    def offer_recovery(self, folder: Path | None = None) -> bool:
        """At start: offer the recovery files of processes that are gone.

        Returns whether a scenario was restored into this session.
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
            self.error.emit(self.tr("This work cannot be recovered"), shown_error(error))
            return False
        self.message.emit(self.tr("Recovered %1").replace("%1", self.session.title))
        return True
