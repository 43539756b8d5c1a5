"""A panel in its own scroll area settles, whatever its minimum height does with its width."""

from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from linviz.views.panel_scroll import PanelScroll
from tests.views.conftest import settle_until_still

#: The area's height, and what the panel needs: more when wider (as the readout
#: does when its bars change arrangement), so that it fits beside a scroll bar
#: but not without one.
VIEW_HEIGHT, TALL_WHEN_WIDE, SHORT_WHEN_NARROW = 300, 320, 290


class WiderIsTaller(QtWidgets.QWidget):
    """A panel whose minimum height grows past the area's once it is a little wider."""

    def __init__(self, narrow_below: int) -> None:
        super().__init__()
        self.narrow_below = narrow_below
        self.setLayout(QtWidgets.QVBoxLayout())

    def minimumSizeHint(self) -> QtCore.QSize:
        wide = self.width() >= self.narrow_below
        return QtCore.QSize(100, TALL_WHEN_WIDE if wide else SHORT_WHEN_NARROW)

    def sizeHint(self) -> QtCore.QSize:
        return self.minimumSizeHint()


def test_a_panel_that_fits_only_beside_a_scroll_bar_does_not_toggle_it_for_ever(qtbot):
    # 400 px wide without a bar; with one, the panel would be 400 - bar wide.
    holder = QtWidgets.QWidget()
    area = PanelScroll(WiderIsTaller(narrow_below=0))  # the bar's width is not known yet
    bar = area.verticalScrollBar().sizeHint().width()
    panel = area.widget()
    panel.narrow_below = 400 - bar // 2  # narrow beside the bar, wide without it
    layout = QtWidgets.QVBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(area)
    qtbot.addWidget(holder)
    holder.resize(400, VIEW_HEIGHT)
    holder.show()
    qtbot.waitExposed(holder)
    panel.updateGeometry()  # as a new read's words would
    assert settle_until_still(quiet_rounds=1, most_rounds=60) <= 3
    # Settled where it fits: beside the bar's room, all of it in view, no bar.
    assert area.viewport().height() == VIEW_HEIGHT
    assert panel.height() <= area.viewport().height()
    assert panel.minimumSizeHint().height() <= panel.height()
    assert not area.verticalScrollBar().isVisible()
