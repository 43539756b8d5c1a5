"""The window's questions before a save or a close: unsaved changes, a file changed on disk.

Their texts keep the translation context ``MainWindow``, where they were first asked.
"""

from __future__ import annotations

from pathlib import Path

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.model.errors import printable

translate = QtCore.QCoreApplication.translate


def ask_unsaved(parent: QtWidgets.QWidget, title: str) -> QtWidgets.QMessageBox.StandardButton:
    """Save, Discard or Cancel for the unsaved changes of the scenario called ``title``."""
    buttons = (
        QtWidgets.QMessageBox.StandardButton.Save
        | QtWidgets.QMessageBox.StandardButton.Discard
        | QtWidgets.QMessageBox.StandardButton.Cancel
    )
    box = QtWidgets.QMessageBox(
        QtWidgets.QMessageBox.Icon.Question,
        translate("MainWindow", "Unsaved changes"),
        translate("MainWindow", "“%1” has changes that are not saved. Save them first?").replace(
            "%1", title
        ),
        buttons,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # the title comes from the file
    box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Save)
    return QtWidgets.QMessageBox.StandardButton(box.exec())


def ask_changed_on_disk(parent: QtWidgets.QWidget, path: Path) -> str:
    """``"overwrite"``, ``"save_as"`` or ``"cancel"``: ``path`` changed since read or saved."""
    box = QtWidgets.QMessageBox(
        QtWidgets.QMessageBox.Icon.Warning,
        translate("MainWindow", "File changed on disk"),
        translate(
            "MainWindow",
            "%1 changed on disk since it was opened or last saved here "
            "(another window or program wrote it).\n\n"
            "Overwrite it with this window's scenario, save under another name, or cancel?",
        ).replace("%1", printable(str(path))),
        QtWidgets.QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setTextFormat(Qt.TextFormat.PlainText)  # a file name is not markup
    Role = QtWidgets.QMessageBox.ButtonRole
    choices = {
        box.addButton(translate("MainWindow", "&Overwrite"), Role.DestructiveRole): "overwrite",
        box.addButton(translate("MainWindow", "Save &As…"), Role.AcceptRole): "save_as",
    }
    cancel = box.addButton(QtWidgets.QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)  # Enter overwrites nothing
    box.setEscapeButton(cancel)
    box.exec()
    choice = choices.get(box.clickedButton(), "cancel")
    box.deleteLater()
    return choice
