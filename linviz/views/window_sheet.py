"""The main window's style sheet: set once before its widgets exist, again only when it changes.

Colours and backgrounds come from the palette; the sheet only sizes the text
and flattens the controls. A sheet rule giving every widget a background (or
every frame a border) made each plot's repaint repaint all its parents too,
on every move of a drag. ``AA_UseStyleSheetPropagationInWidgetStyles`` lets
the palette reach widgets a sheet has polished (it would freeze theirs).

Set after the window's widgets existed, the sheet re-polished every one of
them (18 ms of the window's build); set again, unchanged, on every change of
the options (View ▸ Snap to grid, k / φ(k)), it re-polished and repainted the
whole window, 45-48 ms a toggle: :func:`apply_window_sheet` sets it only
when its text changes.
"""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.views.theme import Theme


def window_style_sheet(theme: Theme) -> str:
    """The style sheet of a main window in ``theme``."""
    return (
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
        # Under that border the arrows' buttons were 5 px wide (IndicatorStyle).
        f"QAbstractSpinBox::up-button, QAbstractSpinBox::down-button {{ "
        f"width: {max(16, round(theme.font_pt * 1.5))}px; }}"
        f"QPushButton, QToolButton {{ background: {theme.panel}; color: {theme.foreground}; "
        f"border: 1px solid {theme.grid}; padding: 3px 8px; }}"
    )


def apply_window_sheet(window: QtWidgets.QWidget, theme: Theme) -> None:
    """Give ``window`` the style sheet of ``theme``, unless it has it already."""
    QtCore.QCoreApplication.setAttribute(
        Qt.ApplicationAttribute.AA_UseStyleSheetPropagationInWidgetStyles
    )
    sheet = window_style_sheet(theme)
    if sheet != window.styleSheet():
        window.setStyleSheet(sheet)
