"""File ▸ Export … and the panels' context menus (being built: see issue 4)."""

from __future__ import annotations


def install_export_actions(window) -> None:
    """Add the export actions to ``window`` (a MainWindow)."""
