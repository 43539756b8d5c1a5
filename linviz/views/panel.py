"""The base class of every panel in the main window."""

from __future__ import annotations

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.session import Session
from linviz.views.theme import Theme, theme_named


class Panel(QtWidgets.QWidget):
    """A widget that draws part of a :class:`Session` and follows its changes.

    Subclasses set :attr:`panel_name` (stable, used by ``linviz export
    --view``), implement :meth:`panel_title` (translated) and :meth:`refresh`,
    and list in :attr:`listens_to` the session aspects that require a refresh.
    """

    panel_name = "panel"
    listens_to: frozenset[str] = frozenset({"scenario", "cursor", "options"})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setObjectName(self.panel_name)
        session.changed.connect(self._on_session_changed)

    def panel_title(self) -> str:
        """The panel's name as the user sees it (translated)."""
        return self.panel_name

    @property
    def theme(self) -> Theme:
        """The theme in use (projector mode overrides the chosen theme)."""
        options = self.session.options
        return theme_named("projector" if options.projector else options.theme)

    def _on_session_changed(self, aspects: frozenset[str]) -> None:
        if not shiboken6.isValid(self):  # Qt deleted the widget; stop listening
            self.detach()
            return
        if aspects & self.listens_to:
            self.refresh()

    def refresh(self) -> None:
        """Redraw from the session (subclasses)."""

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


def qcolor(name: str, alpha: int = 255) -> QtGui.QColor:
    """A QColor from ``#rrggbb`` with an optional alpha."""
    color = QtGui.QColor(name)
    color.setAlpha(alpha)
    return color


Qt = QtCore.Qt
