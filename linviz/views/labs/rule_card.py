"""One rule's card in "Rules side by side": its name, settings, ``S`` as a heatmap, its read."""

from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtWidgets

from linviz.views.items.matrix_item import MatrixItem
from linviz.views.items.plots import still_plot
from linviz.views.theme import Theme, label_style

Qt = QtCore.Qt


class RuleCard(QtWidgets.QWidget):
    """A rule's name and update, its state ``S`` at the cursor, and its answer to a read.

    Attributes
    ----------
    title, formula, settings, output, normalised, error, warning : QtWidgets.QLabel
        The rule's name, its update, the α/β the step uses, what its read
        returns (and, additive only, what it returns with the normaliser), how
        far that is, and a warning when a delta write overshoots.
    plot_widget : pg.PlotWidget
        Holds :attr:`matrix_item` (row 0 at the top).
    matrix_item : MatrixItem
        ``S`` under this rule.
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QtWidgets.QLabel()
        self.formula = QtWidgets.QLabel()
        self.settings = QtWidgets.QLabel()
        self.output = QtWidgets.QLabel()
        self.normalised = QtWidgets.QLabel()
        self.error = QtWidgets.QLabel()
        self.warning = QtWidgets.QLabel()
        labels = (
            self.title,
            self.formula,
            self.settings,
            self.output,
            self.normalised,
            self.error,
            self.warning,
        )
        for label in labels:
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
        self.plot_widget = still_plot()
        self.plot_widget.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        plot = self.plot_widget.getPlotItem()
        for name in ("left", "bottom"):
            plot.hideAxis(name)
        view_box = plot.getViewBox()
        view_box.invertY(True)
        view_box.setAspectLocked(True)
        view_box.setMouseEnabled(x=False, y=False)
        view_box.disableAutoRange()
        self.matrix_item = MatrixItem()
        plot.addItem(self.matrix_item)
        self.plot_widget.setMinimumSize(80, 80)
        layout = QtWidgets.QGridLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for row, label in enumerate(labels):
            layout.addWidget(label, row, 0)
        layout.addWidget(self.plot_widget, 0, 1, len(labels) + 1, 1)
        layout.setRowStretch(len(labels), 1)
        layout.setColumnStretch(0, 3)  # the words need more room than a small heatmap
        layout.setColumnStretch(1, 2)

    def show_state(self, state: np.ndarray, limit: float) -> None:
        """Show ``state`` with colours ±``limit`` (shared by every card)."""
        rows, columns = state.shape
        self.matrix_item.set_matrix(state, limit)
        self.plot_widget.getPlotItem().getViewBox().setRange(
            xRange=(0, columns), yRange=(0, rows), padding=0.02
        )

    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes from ``theme``."""
        self.plot_widget.setBackground(theme.background)
        self.matrix_item.apply_theme(theme)
        self.title.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        self.formula.setStyleSheet(label_style(theme.muted, theme.font_pt))
        self.settings.setStyleSheet(label_style(theme.muted, theme.font_pt))
        self.output.setStyleSheet(label_style(theme.foreground, theme.font_pt, bold=True))
        self.normalised.setStyleSheet(label_style(theme.foreground, theme.font_pt))
        self.warning.setStyleSheet(label_style(theme.warning, theme.font_pt, bold=True))

    def set_error_style(self, theme: Theme, good: bool) -> None:
        """The error line in the target colour when the read is exact, else the warning one."""
        colour = theme.target if good else theme.warning
        self.error.setStyleSheet(label_style(colour, theme.font_pt, bold=True))
