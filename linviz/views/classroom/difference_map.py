"""The heatmap's plot and colour bar showing ``S − S_baseline``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from linviz.controller.changes import Change
from linviz.views.panels.heatmap import HeatmapPanel
from linviz.views.theme import Theme

if TYPE_CHECKING:
    pass


class DifferenceMap(HeatmapPanel):
    """The heatmap's plot and colour bar, showing ``S − S_baseline``.

    Driven by :class:`BaselinePanel` through :meth:`show_matrix`; it never
    redraws ``S`` on its own.
    """

    panel_name = "baseline_map"
    listens_to: frozenset[Change] = frozenset()

    def refresh(self) -> None:
        """Nothing: the baseline panel says what to show."""

    def _apply_theme(self, theme: Theme) -> None:
        super()._apply_theme(theme)
        # A small map in a dock: the row and column numbers say enough.
        plot = self.plot_widget.getPlotItem()
        for name in ("left", "top"):
            plot.getAxis(name).showLabel(False)
        self.color_bar.axis.setLabel(
            self.tr("S − S_baseline"), color=theme.foreground, **{"font-size": f"{theme.font_pt}pt"}
        )
