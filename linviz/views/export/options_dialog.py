"""The export options dialog: pixel scale, transparent background, frame duration,
and (for the whole window) whether to keep the editing parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6 import QtWidgets

from linviz.views.export import images

if TYPE_CHECKING:
    pass


#: Defaults of the options dialog: 2× suits slides; 1.2 s a step is time to read it.
DEFAULT_SCALE = 2.0


DEFAULT_FRAME_MS = 1200


@dataclass(frozen=True)
class ExportOptions:
    """What the export options dialog asks: pixel scale, transparency, frame duration,
    and whether an export of the whole window keeps the table of steps, the
    settings and the buttons (``editors``; by default it leaves them out).
    """

    scale: float = DEFAULT_SCALE
    transparent: bool = False
    frame_ms: int = DEFAULT_FRAME_MS
    editors: bool = False


class ExportOptionsDialog(QtWidgets.QDialog):
    """Scale (1–4×), transparent background (PNG) and frame duration (GIF) for one export.

    Parameters
    ----------
    suffix
        The format, from the chosen file's extension (``.png``, ``.svg``, ``.pdf``, ``.gif``).
    options
        The values to start from (the last ones used).
    parent
        The window.
    """

    def __init__(
        self,
        suffix: str,
        options: ExportOptions,
        parent: QtWidgets.QWidget | None = None,
        whole_window: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export options"))
        self.suffix = suffix
        form = QtWidgets.QFormLayout(self)
        form.addRow(self.tr("Format:"), QtWidgets.QLabel(suffix.lstrip(".").upper()))
        self.scale_box = QtWidgets.QDoubleSpinBox()
        self.scale_box.setRange(images.MIN_SCALE, images.MAX_SCALE)
        self.scale_box.setSingleStep(0.5)
        self.scale_box.setDecimals(1)
        self.scale_box.setSuffix("×")
        self.scale_box.setValue(options.scale)
        self.scale_box.setToolTip(self.tr("Pixels per screen pixel: 2× or more for slides"))
        self.transparent_box = QtWidgets.QCheckBox(self.tr("Transparent background"))
        self.transparent_box.setChecked(options.transparent)
        self.frame_box = QtWidgets.QSpinBox()
        self.frame_box.setRange(100, 10_000)
        self.frame_box.setSingleStep(100)
        self.frame_box.setSuffix(self.tr(" ms per step"))
        self.frame_box.setValue(options.frame_ms)
        self.editors_box = QtWidgets.QCheckBox(
            self.tr("Include the table of steps, the settings and the buttons")
        )
        self.editors_box.setChecked(options.editors)
        self.editors_box.setToolTip(
            self.tr("Left out by default: a slide shows the memory, not the editors")
        )
        raster = suffix in (".png", ".gif")
        if raster:
            form.addRow(self.tr("Scale:"), self.scale_box)
        if suffix == ".png":
            form.addRow("", self.transparent_box)
        if suffix == ".gif":
            form.addRow(self.tr("Frame duration:"), self.frame_box)
        if not raster:
            note = QtWidgets.QLabel(self.tr("Vector image: sharp at any size."))
            form.addRow("", note)
        if whole_window:
            form.addRow("", self.editors_box)
        self.whole_window = whole_window
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def options(self) -> ExportOptions:
        """The values chosen."""
        return ExportOptions(
            scale=self.scale_box.value(),
            transparent=self.transparent_box.isChecked() and self.suffix == ".png",
            frame_ms=self.frame_box.value(),
            editors=self.editors_box.isChecked() and self.whole_window,
        )
