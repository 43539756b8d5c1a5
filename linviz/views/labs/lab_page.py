"""The base of every lab page: theme, projector layout, refresh while shown, exports."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

import shiboken6
from PySide6 import QtCore, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.export import images
from linviz.views.guarded import guarded
from linviz.views.labs.export_button import ExportButton
from linviz.views.labs.lab_csv import write_csv
from linviz.views.panels.panel import session_theme
from linviz.views.shell.busy import busy
from linviz.views.theme import Theme, theme_palette

Qt = QtCore.Qt


#: From this many steps, a lab shown for the first time since a change shows the wait
#: cursor and says so while it works itself out.
BUSY_FROM_STEPS = 100_000


class LabPage(QtWidgets.QWidget):
    """One lab as a page of the main window.

    A page shows one controller of :mod:`linviz.controller.labs` and turns
    its controls into calls of that controller's ``update``: the settings
    live there, never only in a widget. Subclasses build their widgets,
    then implement :meth:`refresh` (draw the controller's result),
    :meth:`apply_theme`, :meth:`set_compact` (the projector layout),
    :meth:`figure` (what an image shows) and :meth:`csv_table` (what the
    CSV holds).

    A page draws only while it is shown: :meth:`request_refresh` on a hidden
    page marks it stale, and it catches up when it shows.

    Parameters
    ----------
    session
        The window's session: its theme and projector mode, and for some
        labs the scenario and cursor.
    parent
        Optional parent widget.

    Attributes
    ----------
    message : QtCore.Signal(str)
        Something for the status bar (an export written, a setting refused).
    failed : QtCore.Signal(str, str)
        A title and a reason the user must see (an export that failed).
    export_button : ExportButton
        Image and CSV exports of this lab.
    """

    message = QtCore.Signal(str)
    failed = QtCore.Signal(str, str)

    #: Stable name (tab order, file names, ``linviz export --view``).
    lab_name = "lab"

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName(f"{self.lab_name}_lab")
        self._stale = True
        self._styled: tuple[str, bool] | None = None
        self.export_button = ExportButton(self)
        session.changed.connect(self._on_session_changed)

    def stack_at_cursor(
        self, step_bar: QtWidgets.QWidget, controls: QtWidgets.QLayout, figure: QtWidgets.QWidget
    ) -> None:
        """Lay out a page that follows the cursor: the step bar beside the export
        button, then the page's ``controls``, then its ``figure`` taking the rest.
        """
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(step_bar, 1)
        top.addWidget(self.export_button)
        layout.addLayout(top)
        layout.addLayout(controls)
        layout.addWidget(figure, 1)

    # -- what subclasses give -------------------------------------------------------------
    def lab_title(self) -> str:
        """The lab's name as its tab shows it (translated)."""
        return self.lab_name

    def figure(self) -> QtWidgets.QWidget:
        """The part of the page an image export draws (default: the whole page)."""
        return self

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """The header and rows of the lab's CSV export."""
        return (), []

    def refresh(self) -> None:
        """Draw the controller's result (subclasses)."""

    def apply_theme(self, theme: Theme) -> None:
        """Colours and text sizes from ``theme`` (subclasses)."""

    def set_compact(self, on: bool) -> None:
        """The projector layout: fewer controls, more room for the figure (subclasses)."""

    def session_changed(self, changes: frozenset[Change]) -> None:
        """The session changed (subclasses that follow the scenario or cursor)."""

    # -- theme and refresh ------------------------------------------------------------------
    @property
    def theme(self) -> Theme:
        """The theme in use (projector mode overrides the chosen one)."""
        return session_theme(self.session)

    @property
    def compact(self) -> bool:
        """Whether the page has its projector layout."""
        return self.session.options.projector

    def restyle(self, force: bool = False) -> None:
        """Follow the session's theme and projector mode (once per change)."""
        key = (self.theme.name, self.compact)
        if key == self._styled and not force:
            return
        self._styled = key
        theme = self.theme
        # The theme's colours, given here: a page built while the window was already
        # dark (a remembered theme) kept the light palette its style sheet fixed
        # before it had a parent: black step and slider labels on a dark page.
        self.setPalette(theme_palette(theme))
        # A check box's square follows the text size (Fusion keeps it at 13 px).
        side = round(theme.font_pt * 96 / 72 * 0.75)
        self.setStyleSheet(f"QCheckBox::indicator {{ width: {side}px; height: {side}px; }}")
        self.ensurePolished()
        self.set_compact(self.compact)
        self.apply_theme(theme)

    def retranslate(self) -> None:
        """Write every text again in the language now in use (after View ▸ Language)."""
        self.restyle(force=True)
        self.request_refresh()

    def request_refresh(self) -> None:
        """Redraw now if the page is shown, else as soon as it shows."""
        if self.isVisible():
            self._stale = False
            self.refresh()
        else:
            self._stale = True

    @guarded()
    def showEvent(self, event: object) -> None:
        self.restyle()
        if self._stale:
            self._stale = False
            # Working a lab out for a long scenario can take seconds (the rules lab on
            # the last of a million steps replays four rules: 3.7 s): say so.
            working = self.tr("Working out the lab “%1”…").replace("%1", self.lab_title())
            long = len(self.session.scenario) >= BUSY_FROM_STEPS
            with busy(self.window(), working) if long else contextlib.nullcontext():
                self.refresh()
        super().showEvent(event)

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # Qt deleted the page: stop listening
            self.close_lab()
            return
        if Change.OPTIONS in changes:
            self.restyle()
        self.session_changed(changes)

    def close_lab(self) -> None:
        """Stop following the session (before the page is thrown away)."""
        try:
            self.session.changed.disconnect(self._on_session_changed)
        except ValueError:
            pass

    # -- exports --------------------------------------------------------------------------
    def file_stem(self) -> str:
        """A file name for this lab's exports, without extension."""
        return f"linviz-{self.lab_name}"

    def export_image(self, path: str | Path, scale: float = 1.0, transparent: bool = False) -> Path:
        """Write :meth:`figure` to ``path`` (.png .svg .pdf).

        Raises
        ------
        linviz.views.export.images.ExportError
            Unsupported extension, bad scale, or the file cannot be written.
        """
        if self._stale:
            self._stale = False
            self.refresh()
        return images.export_widget(self.figure(), path, scale, transparent)

    def export_csv(self, path: str | Path) -> Path:
        """Write the lab's numbers (:meth:`csv_table`) to ``path``.

        Raises
        ------
        linviz.views.export.images.ExportError
            If the file cannot be written.
        """
        header, rows = self.csv_table()
        try:
            return write_csv(path, header, rows)
        except OSError as error:
            raise images.ExportError(
                self.tr("cannot write {0}: {1}").format(path, error.strerror or error)
            ) from error
