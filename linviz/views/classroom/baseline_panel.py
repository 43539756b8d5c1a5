"""What changed since the pinned baseline: ``S − S_baseline`` at the cursor and every read."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.model.readout import compared_scale
from linviz.views.classroom.difference_map import DifferenceMap
from linviz.views.guarded import guarded
from linviz.views.number_text import grouped, shown_vector
from linviz.views.panels.panel import Panel
from linviz.views.theme import Theme, label_style, theme_palette

if TYPE_CHECKING:
    pass


#: Most reads listed in the baseline panel (the nearest to the cursor): more
#: than anyone reads, and each costs a replay from a checkpoint on every change.
MAX_LISTED_READS = 100


class BaselinePanel(Panel):
    """What changed since the baseline: ``S − S_baseline`` at the cursor and every read.

    Parameters
    ----------
    session
        The session to compare with its pinned baseline.
    parent
        Optional parent widget.

    Attributes
    ----------
    map : DifferenceMap
        The difference heatmap (red: S grew, blue: S shrank; white: unchanged).
    reads : QtWidgets.QTableWidget
        One row per read: label, output with the baseline → output now, change.
    notice : QtWidgets.QLabel
        Shown instead of the map when there is nothing to compare.
    """

    panel_name = "baseline"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.BASELINE})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self._rows: list[tuple[str, str, str, str]] = []
        self._wide: bool | None = None
        self.map = DifferenceMap(session)
        self.notice = QtWidgets.QLabel()
        self.notice.setObjectName("baseline_message")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.reads_heading = QtWidgets.QLabel(self.tr("How every read's output moved"))
        self.reads_heading.setWordWrap(True)
        self.reads = QtWidgets.QTableWidget(0, 3)
        self.reads.setHorizontalHeaderLabels(
            [self.tr("read"), self.tr("baseline → now"), self.tr("change Δ")]
        )
        self.reads.verticalHeader().hide()
        self.reads.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.reads.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self.reads.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # arrows stay the timeline's
        self.reads.horizontalHeader().setStretchLastSection(True)
        self.reads.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)  # as the window's lists
        self.clear_button = QtWidgets.QPushButton(self.tr("Clear baseline"))
        self.clear_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.clear_button.clicked.connect(lambda: self.session.clear_baseline())

        left = QtWidgets.QStackedWidget()
        left.addWidget(self.map)
        left.addWidget(self.notice)
        self._left = left
        right = QtWidgets.QVBoxLayout()
        right.setContentsMargins(0, 0, 0, 0)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.reads_heading, 1)
        top.addWidget(self.clear_button)
        right.addLayout(top)
        right.addWidget(self.reads, 1)
        self._layout = QtWidgets.QBoxLayout(QtWidgets.QBoxLayout.Direction.LeftToRight, self)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self._layout.addWidget(left, 2)
        self._layout.addLayout(right, 3)
        self.refresh()

    @guarded()
    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:
        # Side by side in a wide dock, map above the list in a tall one.
        wide = event.size().width() >= 1.2 * event.size().height()
        if wide != self._wide:
            self._wide = wide
            self._layout.setDirection(
                QtWidgets.QBoxLayout.Direction.LeftToRight
                if wide
                else QtWidgets.QBoxLayout.Direction.TopToBottom
            )
        super().resizeEvent(event)

    def panel_title(self) -> str:
        return self.tr("Baseline: what changed")

    # -- for tests and export -----------------------------------------------------
    def shown_difference(self) -> np.ndarray | None:
        """The difference on screen, ``None`` when the message shows instead."""
        if self._left.currentWidget() is not self.map:
            return None
        return self.map.shown_matrix()

    def rows(self) -> list[tuple[str, str, str, str]]:
        """The read list as text: ``(label, baseline, now, change)`` per read."""
        return list(self._rows)

    # -- refresh ---------------------------------------------------------------------
    def _apply_theme(self, theme: Theme) -> None:
        # Built the first time a baseline is pinned, before it has a parent: in a
        # window opened dark it kept the application's light palette (a white list
        # of light words) without the theme's own.
        self.setPalette(theme_palette(theme))
        self.setFont(self.font_for(theme.font_pt))
        self.reads.setFont(self.font_for(theme.font_pt))
        self.reads.horizontalHeader().setFont(self.font_for(theme.font_pt * 0.9, bold=True))
        self.reads.verticalHeader().setDefaultSectionSize(
            QtGui.QFontMetrics(self.font_for(theme.font_pt)).height() + 8
        )
        self.reads_heading.setStyleSheet(label_style(theme.muted, theme.font_pt, bold=True))
        self.notice.setStyleSheet(
            f"QLabel#baseline_message {{ color: {theme.muted}; padding: 12px;"
            f" font-size: {round(theme.title_pt)}pt; }}"
        )

    def refresh(self) -> None:
        theme = self.theme
        if self.theme_changed():
            self._apply_theme(theme)
        session = self.session
        if session.baseline is None:
            self._show_message(
                self.tr(
                    "No baseline pinned. Class ▸ Pin baseline (B) keeps the scenario as it is "
                    "now; change something and this shows the difference."
                )
            )
            self._fill_reads([])
            return
        difference = session.baseline_difference()
        if difference is None:
            self._show_message(
                self.tr(
                    "The baseline cannot be compared at this step: it has other sizes, "
                    "or fewer steps."
                )
            )
        else:
            self._left.setCurrentWidget(self.map)
            self.map.show_matrix(
                difference, self.tr("S − S_baseline after step {0}").format(grouped(session.cursor))
            )
        if session.dragging:
            return  # the map follows the drag live; the list catches up when it ends
        self._fill_reads(session.baseline_read_deltas(MAX_LISTED_READS))

    def _show_message(self, text: str) -> None:
        self.notice.setText(text)
        self._left.setCurrentWidget(self.notice)

    def _fill_reads(self, deltas: list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]) -> None:
        theme = self.theme
        current = (
            self.session.scenario.label_at(self.session.cursor) if self.session.cursor else None
        )
        self._rows = []
        table = self.reads
        table.setRowCount(len(deltas))
        for row, (label, old, new, delta) in enumerate(deltas):
            moved = bool(np.any(delta != 0))
            at = compared_scale(old, new)
            texts = (
                label,
                shown_vector(old, at=at),
                shown_vector(new, at=at),
                shown_vector(delta, at=at) if moved else self.tr("unchanged"),
            )
            self._rows.append(texts)
            cells = (label, f"{texts[1]} → {texts[2]}", texts[3])
            for column, text in enumerate(cells):
                item = table.item(row, column)
                if item is None:
                    item = QtWidgets.QTableWidgetItem()
                    table.setItem(row, column, item)
                item.setText(text)
                font = self.font_for(
                    theme.font_pt, bold=label == current or (column == 2 and moved)
                )
                item.setFont(font)
                color = theme.foreground
                if column == 2:
                    color = theme.warning if moved else theme.muted
                item.setForeground(QtGui.QBrush(QtGui.QColor(color)))
        table.resizeColumnsToContents()
        if not deltas:
            self.reads_heading.setText(self.tr("No read to compare yet."))
        else:
            self.reads_heading.setText(self.tr("How every read's output moved"))
