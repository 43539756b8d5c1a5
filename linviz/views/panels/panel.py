"""The base class of every panel in the main window."""

from __future__ import annotations

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.guarded import guarded
from linviz.views.theme import Theme, theme_named


class Panel(QtWidgets.QWidget):
    """A widget that draws part of a :class:`Session` and follows its changes.

    Subclasses set :attr:`panel_name` (stable, used by ``linviz export
    --view``), implement :meth:`panel_title` (translated) and :meth:`refresh`,
    and list in :attr:`listens_to` the session changes that require a refresh.

    A panel out of sight in a shown window (a tab behind another in the
    compact desk, a closed dock) does not refresh on a change: it refreshes
    once when it shows again, or when something asks what it shows
    (:meth:`catch_up`). A scrub of the first lesson in the compact desk
    (900×650) took 9.05 ms a step with the four panels behind the tabs
    refreshing, 6.30 without (in one process, ten interleaved blocks of 40
    random steps). Projector mode refreshes every panel but the readout
    (see :meth:`out_of_sight`; waiting gained nothing on the lesson there:
    21.5 and 21.6 ms).
    Nothing draws a hidden panel: an export of one is refused
    (``images.check_shown``) and File ▸ Export ▸ Export panel disables it.

    Attributes
    ----------
    message : QtCore.Signal(str)
        Something the user should read in the status bar (a refused edit, a
        cancelled drag); the main window shows every panel's messages.
    legend : QtWidgets.QWidget or None
        A line that explains the panel's marks, if it has one (projector
        mode hides it: there the instructor explains).
    """

    message = QtCore.Signal(str)

    panel_name = "panel"
    #: Whether the panel refreshes while out of sight: one whose actions (and their
    #: shortcuts, which work window-wide) are enabled by step must.
    refreshes_hidden = False
    #: Whether it waits to be shown in projector mode too (see :meth:`out_of_sight`).
    waits_in_projector = False
    listens_to: frozenset[Change] = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.legend: QtWidgets.QWidget | None = None
        self._styled_theme: str | None = None
        #: A change came while the panel was out of sight: refresh when it shows.
        self._behind = False
        self._catching_up = False
        self.setObjectName(self.panel_name)
        session.changed.connect(self._on_session_changed)

    def panel_title(self) -> str:
        """The panel's name as the user sees it (translated)."""
        return self.panel_name

    @property
    def theme(self) -> Theme:
        """The theme in use (projector mode overrides the chosen theme)."""
        return session_theme(self.session)

    def theme_changed(self) -> bool:
        """Whether the theme differs from the one the panel last styled itself for.

        Records the current theme, so a panel restyles once per change of
        theme and not on every refresh.
        """
        name = self.theme.name
        if name == self._styled_theme:
            return False
        self._styled_theme = name
        return True

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # Qt deleted the widget; stop listening
            self.detach()
            return
        if changes & self.listens_to:
            if self.out_of_sight():
                self._behind = True
            else:
                self.refresh()

    def out_of_sight(self) -> bool:
        """Whether the panel is hidden while its window shows (it then refreshes when shown)."""
        if self.refreshes_hidden or self._catching_up:
            return False
        if self.session.options.projector and not self.waits_in_projector:
            # The projector stage lays out only the panels a step shows: one it hides
            # keeps a stale size, and refreshed when shown fitted its frame (held by
            # hysteresis) and the equation's cells to that size, not the stage's.
            return False
        return not self.isVisible() and self.window().isVisible()

    def catch_up(self) -> None:
        """Refresh now if a change came while out of sight (before reading what it shows)."""
        if self._behind:
            self._behind = False
            self._catching_up = True  # even while hidden: a layout is about to measure it
            try:
                self.refresh()
            finally:
                self._catching_up = False

    @guarded()
    def showEvent(self, event: QtGui.QShowEvent) -> None:
        super().showEvent(event)
        self.catch_up()

    def refresh(self) -> None:
        """Redraw from the session (subclasses)."""

    def retranslate(self) -> None:
        """Write every text again in the language now in use (after View ▸ Language).

        The window has already swapped the texts set once; this restyles
        (headings and axis titles are set there) and refreshes.
        """
        self._styled_theme = None
        self.refresh()

    def show_chrome(self, shown: bool) -> None:
        """Show or hide what only explains the panel (projector mode hides it)."""
        if self.legend is not None:
            self.legend.setVisible(shown)

    def detach(self) -> None:
        """Stop following the session (before the panel is thrown away)."""
        try:
            self.session.changed.disconnect(self._on_session_changed)
        except ValueError:
            pass

    def font_for(self, point_size: float, bold: bool = False) -> QtGui.QFont:
        """The application font at ``point_size`` (themes scale text this way)."""
        font = QtGui.QFont(self.font())
        font.setPointSizeF(point_size)
        font.setBold(bold)
        return font


def session_theme(session: Session) -> Theme:
    """The theme ``session``'s options ask for (projector mode overrides the chosen one)."""
    options = session.options
    return theme_named("projector" if options.projector else options.theme)
