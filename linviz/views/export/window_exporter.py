"""File ▸ Export …, the panels' context menus, and the export options dialog.

The window builds one :class:`WindowExporter` (``window.exporter``) on its
desk; its :attr:`~WindowExporter.menu` is File ▸ Export. Its methods that take
explicit paths do the work and never open a dialog, so tests (and scripts)
call them directly; only the menu slots ask for a file name
(:meth:`WindowExporter.ask_path`) and options
(:meth:`WindowExporter.ask_options`), two hooks a test can replace.

The menu and its actions exist from the start; the drawing code (images,
sequences, the options dialog) is imported by the first export.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.desk import Desk

if TYPE_CHECKING:
    from linviz.views.export.options_dialog import ExportOptions
    from linviz.views.export.sequences import Progress

#: The name of the whole window among the export views (the panels use their panel_name).
WINDOW = "window"
#: Only exports that take longer than this show a progress dialog.
PROGRESS_DELAY_MS = 400


def slug(text: str) -> str:
    """``text`` fit for a file name: ``Crowding the plane`` → ``crowding-the-plane``."""
    words = re.sub(r"[^\w]+", "-", text.strip().lower(), flags=re.UNICODE).strip("-")
    return words or "linviz"


class WindowExporter(QtCore.QObject):
    """Every export of one window: the whole window or one panel, any format.

    Parameters
    ----------
    session
        The session drawn (its title names the files).
    desk
        The desk whose window and panels are drawn.
    actions
        Where File ▸ Export and its entries are declared.

    Attributes
    ----------
    actions : dict[str, QtGui.QAction]
        ``window``, ``animation``, ``steps`` and ``copy``, then one
        ``panel:NAME`` per panel (listed anew whenever :attr:`panel_menu` opens).
    menu : QtWidgets.QMenu
        File ▸ Export.
    panel_menu : QtWidgets.QMenu
        File ▸ Export ▸ Export panel.
    """

    #: A passing message for the status bar (an export written, cancelled, copied).
    message = QtCore.Signal(str)
    #: An export that failed: a title and the reason.
    error = QtCore.Signal(str, str)

    def __init__(self, session: Session, desk: Desk, actions: ActionRegistry) -> None:
        super().__init__(desk)
        self.session = session
        self.desk = desk
        self.settings = QtCore.QSettings(self)  # deleted with the exporter, not by the collector
        self.last_progress: QtWidgets.QProgressDialog | None = None
        #: The view the options dialog is asked for (the whole window offers "editors").
        self._asking_for = WINDOW
        self.menu = actions.declare_menu(
            "file.export",
            self.tr("&Export"),
            ("window", "sequences", "page", "copy"),
            parent="file",
            group="export",
        )
        self.actions: dict[str, QtGui.QAction] = {}
        for name, text, slot, group, keys in (
            ("window", self.tr("Export &window…"), self.export_view_dialog, "window", None),
            (
                "animation",
                self.tr("Export &animation (GIF)…"),
                self.export_animation_dialog,
                "sequences",
                None,
            ),
            ("steps", self.tr("Export all &steps…"), self.export_steps_dialog, "sequences", None),
            ("copy", self.tr("&Copy image to clipboard"), self.copy_view, "copy", "Ctrl+Shift+C"),
            (
                "page",
                self.tr("&Interactive page (HTML)…"),
                self.export_page_dialog,
                "page",
                None,
            ),
        ):
            spec = ActionSpec(
                f"export.{name}", text, lambda _=False, s=slot: s(), keys, "file.export", group
            )
            self.actions[name] = actions.add(spec)
            if name == "window":
                self.panel_menu = actions.declare_menu(
                    "file.export.panel",
                    self.tr("Export &panel"),
                    parent="file.export",
                    group="window",
                    dynamic=True,
                )
        self.panel_menu.aboutToShow.connect(self.refresh_panel_menu)
        self.refresh_panel_menu()

    # -- what can be exported ---------------------------------------------------------
    def view_names(self) -> list[str]:
        """``window`` and every panel's name."""
        return [WINDOW, *self.desk.panels]

    def widget_for(self, name: str) -> QtWidgets.QWidget:
        """The widget drawn for view ``name``; :class:`KeyError` if there is none."""
        if name == WINDOW:
            return self.desk.main
        return self.desk.panels[name]

    def view_title(self, name: str) -> str:
        """The view's name as the user reads it."""
        if name == WINDOW:
            return self.tr("Whole window")
        return self.desk.panels[name].panel_title()

    # -- exports with explicit paths (no dialogs) -------------------------------------------
    def export_view(
        self,
        name: str,
        path: str | Path,
        scale: float = 1.0,
        transparent: bool = False,
        editors: bool = False,
    ) -> Path | None:
        """Write view ``name`` to ``path`` (.png .svg .pdf); report the result to the user.

        The whole window leaves out the table of steps, the settings and the
        buttons unless ``editors``. Returns the file written, or ``None``
        after showing why it failed.
        """
        from linviz.views.export import images

        def job() -> Path:
            with self._slide(name, editors):
                return images.export_widget(self.widget_for(name), path, scale, transparent)

        return self._run(job, str(path))

    def _slide(self, name: str, editors: bool):
        """Leave the editing parts out of an export of the whole window (unless ``editors``)."""
        from linviz.views.export.slide import editors_hidden

        return editors_hidden(self.desk, hidden=name == WINDOW and not editors)

    def export_animation(
        self,
        path: str | Path,
        frame_ms: int,
        name: str = WINDOW,
        scale: float = 1.0,
        progress: Progress | None = None,
        editors: bool = False,
    ) -> Path | None:
        """An animated GIF of view ``name``, one frame per step from step 0 (progress
        dialog unless given; the window without its editing parts unless ``editors``).
        """
        from linviz.views.export import sequences

        frames = len(self.session.scenario) + 1  # from step 0
        progress = progress or self.progress_dialog(
            self.tr("Drawing %Ln frames…", "", frames), 2 * frames
        )

        def job() -> Path:
            with self._slide(name, editors):
                return sequences.export_gif(
                    self.widget_for(name), self.session, path, frame_ms, scale, progress
                )

        return self._run(job, str(path), busy=False)

    def export_steps(
        self,
        path: str | Path,
        name: str = WINDOW,
        scale: float = 1.0,
        transparent: bool = False,
        progress: Progress | None = None,
        editors: bool = False,
    ) -> list[Path] | None:
        """One numbered image per step next to ``path`` (``name-000.png`` for step 0 …)."""
        from linviz.views.export import sequences

        images_count = len(self.session.scenario) + 1  # from step 0
        progress = progress or self.progress_dialog(
            self.tr("Writing %Ln images…", "", images_count), images_count
        )
        where = str(Path(path).parent)

        def job() -> list[Path]:
            with self._slide(name, editors):
                return sequences.export_all_steps(
                    self.widget_for(name), self.session, path, scale, transparent, progress
                )

        return self._run(job, where, busy=False)

    def copy_view(self, name: str = WINDOW, scale: float | None = None) -> QtGui.QImage | None:
        """Put an image of view ``name`` on the clipboard."""
        from linviz.views.export import images

        options = self.last_options()
        scale = options.scale if scale is None else scale

        def job() -> QtGui.QImage:
            with self._slide(name, options.editors):
                return images.copy_to_clipboard(self.widget_for(name), scale)

        image = self._run(job, None)
        if image is not None:
            self.message.emit(
                self.tr("Copied an image of {0} ({1} × {2} px)").format(
                    self.view_title(name), image.width(), image.height()
                )
            )
        return image

    def _run(self, job: Callable[[], object], shown: str | None, busy: bool = True):
        """Run one export; report success or failure to the user, never raise.

        ``busy`` shows a wait cursor (exports with a progress dialog do without:
        the dialog's Cancel button must look clickable).
        """
        from linviz.views.export.images import ExportCancelled, ExportError

        if busy:
            QtWidgets.QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            result = job()
        except ExportCancelled:
            self.message.emit(self.tr("Export cancelled"))
            return None
        except ExportError as error:
            self.error.emit(self.tr("Export failed"), str(error))
            return None
        finally:
            if busy:
                QtWidgets.QApplication.restoreOverrideCursor()
            if self.last_progress is not None:
                self.last_progress.reset()
                self.last_progress.deleteLater()
                self.last_progress = None
        if shown is not None:
            self.message.emit(self.tr("Exported to {0}").format(shown))
        return result

    # -- hooks a test replaces -------------------------------------------------------------
    def ask_path(self, title: str, filters: str, suggested: str) -> str | None:
        """A save-file dialog; ``None`` if cancelled."""
        name, _ = QtWidgets.QFileDialog.getSaveFileName(self.desk.main, title, suggested, filters)
        return name or None

    def ask_options(self, suffix: str) -> ExportOptions | None:
        """The options dialog for format ``suffix``; ``None`` if cancelled."""
        from linviz.views.export.options_dialog import ExportOptionsDialog

        dialog = ExportOptionsDialog(
            suffix, self.last_options(), self.desk.main, whole_window=self._asking_for == WINDOW
        )
        if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return None
        options = dialog.options()
        self.remember_options(options)
        return options

    def progress_dialog(self, label: str, total: int) -> Progress:
        """A cancellable progress dialog, as a ``progress(done, total)`` callback."""
        dialog = QtWidgets.QProgressDialog(
            label, self.tr("Cancel"), 0, max(total, 1), self.desk.main
        )
        dialog.setWindowTitle(self.tr("Exporting"))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(PROGRESS_DELAY_MS)
        dialog.setAutoClose(True)
        dialog.setValue(0)
        self.last_progress = dialog

        def progress(done: int, total: int) -> bool:
            dialog.setMaximum(max(total, 1))
            dialog.setValue(done)  # a modal progress dialog lets events run here
            return not dialog.wasCanceled()

        return progress

    # -- remembered choices ------------------------------------------------------------------
    def last_options(self) -> ExportOptions:
        """The options used last time (defaults: 2×, opaque, 1.2 s per frame)."""
        from linviz.views.export import images
        from linviz.views.export.options_dialog import (
            DEFAULT_FRAME_MS,
            DEFAULT_SCALE,
            ExportOptions,
        )

        s = self.settings
        scale = float(s.value("export/scale", DEFAULT_SCALE))
        return ExportOptions(
            scale=min(max(scale, images.MIN_SCALE), images.MAX_SCALE),
            transparent=s.value("export/transparent", False, type=bool),
            frame_ms=int(s.value("export/frame_ms", DEFAULT_FRAME_MS)),
            editors=s.value("export/editors", False, type=bool),
        )

    def remember_options(self, options: ExportOptions) -> None:
        """Keep ``options`` for next time."""
        self.settings.setValue("export/scale", options.scale)
        self.settings.setValue("export/transparent", options.transparent)
        self.settings.setValue("export/frame_ms", options.frame_ms)
        self.settings.setValue("export/editors", options.editors)

    def suggested_path(self, name: str, suffix: str, numbered: bool = False) -> str:
        """A file name in the last export folder: ``lesson-heatmap-step7.png``."""
        folder = Path(str(self.settings.value("export/folder", str(Path.home()))))
        parts = [slug(self.session.title)]
        if name != WINDOW:
            parts.append(name)
        if not numbered:
            parts.append(f"step{self.session.cursor}")
        return str(folder / ("-".join(parts) + suffix))

    def _chosen(self, path: str) -> None:
        self.settings.setValue("export/folder", str(Path(path).parent))

    # -- menu slots (dialogs) ------------------------------------------------------------------
    def _ask(
        self, title: str, name: str, suffixes: tuple[str, ...], numbered: bool = False
    ) -> tuple[str, ExportOptions] | None:
        filters = {
            ".png": self.tr("PNG image (*.png)"),
            ".svg": self.tr("SVG drawing (*.svg)"),
            ".pdf": self.tr("PDF document (*.pdf)"),
            ".gif": self.tr("Animated GIF (*.gif)"),
        }
        path = self.ask_path(
            title,
            ";;".join(filters[s] for s in suffixes),
            self.suggested_path(name, suffixes[0], numbered),
        )
        if not path:
            return None
        if Path(path).suffix.lower() not in suffixes:
            if Path(path).suffix:
                self.error.emit(
                    self.tr("Export failed"),
                    self.tr("Choose a file name ending in {0}.").format(" ".join(suffixes)),
                )
                return None
            path += suffixes[0]
        self._chosen(path)
        self._asking_for = name
        options = self.ask_options(Path(path).suffix.lower())
        if options is None:
            return None
        return path, options

    def export_view_dialog(self, name: str = WINDOW) -> Path | None:
        """File ▸ Export ▸ Export window… / Export panel ▸ …"""
        title = self.tr("Export {0}").format(self.view_title(name))
        chosen = self._ask(title, name, (".png", ".svg", ".pdf"))
        if chosen is None:
            return None
        path, options = chosen
        return self.export_view(name, path, options.scale, options.transparent, options.editors)

    def export_animation_dialog(self, name: str = WINDOW) -> Path | None:
        """File ▸ Export ▸ Export animation (GIF)…"""
        chosen = self._ask(self.tr("Export animation"), name, (".gif",), numbered=True)
        if chosen is None:
            return None
        path, options = chosen
        return self.export_animation(
            path, options.frame_ms, name, options.scale, editors=options.editors
        )

    def export_steps_dialog(self, name: str = WINDOW) -> list[Path] | None:
        """File ▸ Export ▸ Export all steps… (files numbered ``name-000`` …)."""
        chosen = self._ask(
            self.tr(
                "Export all steps: choose a folder and a name; the files "
                "are numbered name-000 (the empty memory), name-001 …"
            ),
            name,
            (".png", ".svg", ".pdf"),
            numbered=True,
        )
        if chosen is None:
            return None
        path, options = chosen
        return self.export_steps(
            path, name, options.scale, options.transparent, editors=options.editors
        )

    # -- the interactive page ----------------------------------------------------------------
    def export_page(self, path: str | Path) -> Path | None:
        """Write the scenario as one interactive HTML page at ``path`` (File ▸ Export ▸
        Interactive page), opening at the step shown, in the window's language and theme.

        Returns the file written, or ``None`` after showing why it could not be.
        """
        from linviz.model.errors import ScenarioError
        from linviz.page.writer import write_lesson_page
        from linviz.views.error_text import shown_error
        from linviz.views.language import current_language

        options = self.session.options
        theme = "projector" if options.projector else options.theme
        try:
            return self._run(
                lambda: write_lesson_page(
                    self.session.scenario,
                    path,
                    current_language(),
                    theme if theme in ("light", "dark", "projector") else "light",
                    step=self.session.cursor,
                ),
                str(path),
            )
        except ScenarioError as error:  # too large for a page, or the file cannot be written
            self.error.emit(self.tr("Export failed"), shown_error(error))
            return None

    def export_page_dialog(self) -> Path | None:
        """File ▸ Export ▸ Interactive page (HTML)…"""
        path = self.ask_path(
            self.tr("Export an interactive page"),
            self.tr("Web page (*.html)"),
            self.suggested_path(WINDOW, ".html"),
        )
        if not path:
            return None
        if Path(path).suffix.lower() != ".html":
            if Path(path).suffix:
                self.error.emit(
                    self.tr("Export failed"),
                    self.tr("Choose a file name ending in {0}.").format(".html"),
                )
                return None
            path += ".html"
        self._chosen(path)
        return self.export_page(path)

    # -- menus ---------------------------------------------------------------------------
    def context_menu(self, name: str) -> QtWidgets.QMenu:
        """The right-click menu of panel ``name``."""
        menu = QtWidgets.QMenu(self.desk.main)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        export_action = menu.addAction(self.tr("Export this panel…"))
        export_action.triggered.connect(lambda: self.export_view_dialog(name))
        copy_action = menu.addAction(self.tr("Copy this panel"))
        copy_action.triggered.connect(lambda: self.copy_view(name))
        return menu

    def show_context_menu(self, name: str, global_position: QtCore.QPoint) -> None:
        """Pop up panel ``name``'s right-click menu at ``global_position``."""
        self.context_menu(name).popup(global_position)

    def refresh_panel_menu(self) -> None:
        """List every panel in File ▸ Export ▸ Export panel (those on screen enabled).

        Rebuilt each time the menu opens: panels may be added after the export
        actions (the classroom's baseline panel), and a panel in a closed dock
        cannot be drawn.
        """
        menu = self.panel_menu
        menu.clear()
        actions = self.actions
        for key in [k for k in actions if k.startswith("panel:")]:
            del actions[key]
        for name, panel in self.desk.panels.items():
            action = menu.addAction(panel.panel_title())
            action.triggered.connect(lambda _=False, n=name: self.export_view_dialog(n))
            action.setEnabled(panel.isVisible())
            actions[f"panel:{name}"] = action

    def install_context_menus(self) -> None:
        """Give every panel (not yet done) its right-click menu."""
        for name in self.desk.panels:
            target = self.desk.panel_frame(name)
            if target.property("export_menu_for") == name:
                continue
            target.setProperty("export_menu_for", name)
            target.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            target.customContextMenuRequested.connect(
                lambda position, n=name, w=target: self.show_context_menu(
                    n, w.mapToGlobal(position)
                )
            )
