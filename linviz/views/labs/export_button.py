"""A lab's Export button: an image of its figure, or its numbers as CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6 import QtCore, QtWidgets

from linviz.views.export.images import ExportError

Qt = QtCore.Qt


class Exportable(Protocol):
    """What the button exports: a lab page (:class:`~linviz.views.labs.lab_page.LabPage`).

    Named here, not imported: the page builds its button.
    """

    message: QtCore.SignalInstance
    failed: QtCore.SignalInstance

    def file_stem(self) -> str: ...

    def export_image(self, path: str | Path) -> Path: ...

    def export_csv(self, path: str | Path) -> Path: ...


class ExportButton(QtWidgets.QToolButton):
    """The "Export ▾" button, with two entries: the figure as PNG, SVG or PDF, the numbers as CSV.

    The file name is asked by :meth:`ask_path` (a hook tests replace); the
    work is the page's :meth:`~LabPage.export_image` and
    :meth:`~LabPage.export_csv`, and the outcome goes to the page's
    ``message`` or ``failed`` signal.

    Parameters
    ----------
    page
        The lab page it exports (also its parent).
    """

    def __init__(self, page: Exportable) -> None:
        super().__init__(page)  # a page is a widget: the button sits on it
        self.page = page
        self.setText(self.tr("E&xport"))
        self.setToolTip(
            self.tr("Save this lab's figure as an image (PNG, SVG or PDF) or its numbers as CSV")
        )
        self.setPopupMode(QtWidgets.QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        menu = QtWidgets.QMenu(self)
        self.image_action = menu.addAction(self.tr("&Image (PNG, SVG or PDF)…"))
        self.image_action.setToolTip(self.tr("The figure as it is on screen, for slides"))
        self.csv_action = menu.addAction(self.tr("&Numbers (CSV)…"))
        self.csv_action.setToolTip(self.tr("Every number the figure shows, one row each"))
        self.image_action.triggered.connect(self.export_image_dialog)
        self.csv_action.triggered.connect(self.export_csv_dialog)
        self.setMenu(menu)

    def ask_path(self, title: str, suggested: str, filters: str) -> str:
        """Ask for a file name; ``""`` if cancelled (tests replace this)."""
        name, _ = QtWidgets.QFileDialog.getSaveFileName(self, title, suggested, filters)
        return name

    def _start(self) -> str:
        return str(Path.home() / self.page.file_stem())

    def export_image_dialog(self) -> Path | None:
        """Export ▸ Image…: ask for a file, write the figure there."""
        name = self.ask_path(
            self.tr("Export the figure"),
            self._start() + ".png",
            self.tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
        )
        if not name:
            return None
        if Path(name).suffix == "":
            name += ".png"
        return self._run(lambda: self.page.export_image(name))

    def export_csv_dialog(self) -> Path | None:
        """Export ▸ Numbers (CSV)…: ask for a file, write the numbers there."""
        name = self.ask_path(
            self.tr("Export the numbers"), self._start() + ".csv", self.tr("CSV table (*.csv)")
        )
        if not name:
            return None
        if Path(name).suffix == "":
            name += ".csv"
        return self._run(lambda: self.page.export_csv(name))

    def _run(self, work) -> Path | None:
        try:
            path = work()
        except ExportError as error:
            self.page.failed.emit(self.tr("Export failed"), str(error))
            return None
        self.page.message.emit(self.tr("Exported {0}").format(path))
        return path
