"""The causal lab on the projector: the baseline and now, side by side.

Pinning a baseline (B) in projector mode shows this instead of the
baseline dock: ``S`` with the baseline, ``S`` now (the window's own
heatmap, borrowed) and their difference in one row; under them, the read
at the cursor with the baseline and now, and every change since the pin
with the one-variable warning the course asks for.
"""

from __future__ import annotations

import numpy as np
from PySide6 import QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.lab_record import LabNotebook
from linviz.controller.session import Session
from linviz.model.readout import compared_scale
from linviz.views.classroom.difference_map import DifferenceMap
from linviz.views.number_text import grouped, shown_vector
from linviz.views.panels.heatmap import HeatmapPanel
from linviz.views.panels.panel import Panel
from linviz.views.theme import Theme

#: Changes listed on the projector (the rest are counted): a room reads a few.
MAX_SHOWN_CHANGES = 3


class BaselineMap(HeatmapPanel):
    """The heatmap showing ``S`` as the baseline had it after the cursor's step."""

    panel_name = "baseline_state"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.BASELINE})

    def refresh(self) -> None:
        session = getattr(self, "session", None)
        if session is None or session.baseline is None:
            return
        state = session.baseline_state()
        if state is None:
            return
        self.show_matrix(
            state, self.tr("Baseline: S after step {0}").format(grouped(session.cursor))
        )
        self._legend_parts = (False, None, "")
        self._update_legend()

    def _apply_theme(self, theme: Theme) -> None:
        super()._apply_theme(theme)
        _compact_axes(self, theme)


class BeforeAfterDifference(DifferenceMap):
    """``S − S_baseline`` at the cursor, following the session on its own."""

    panel_name = "baseline_difference"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.BASELINE})

    def refresh(self) -> None:
        session = getattr(self, "session", None)
        if session is None or session.baseline is None:
            return
        difference = session.baseline_difference()
        if difference is None:
            return
        self.show_matrix(difference, self.tr("Difference: S − S_baseline"))
        self._legend_parts = (False, None, "")
        self._update_legend()

    def _apply_theme(self, theme: Theme) -> None:
        super()._apply_theme(theme)
        _compact_axes(self, theme)


def _compact_axes(panel: HeatmapPanel, theme: Theme) -> None:
    """Row and column numbers only: three maps share the width."""
    panel.show_axis_titles(False)


class BeforeAfter(Panel):
    """The before/after layout of projector mode while a baseline is pinned.

    Parameters
    ----------
    session
        The session and its pinned baseline.
    notebook
        Lists the changes since the pin (and names the variables among them).

    Attributes
    ----------
    baseline_map : BaselineMap
        ``S`` with the baseline, after the cursor's step.
    difference : BeforeAfterDifference
        ``S − S_baseline``.
    read_line : QtWidgets.QLabel
        The read at the cursor (or the nearest one): its output with the
        baseline and now.
    edits_label : QtWidgets.QLabel
        The changes since the pin, one a line.
    warning_label : QtWidgets.QLabel
        The one-variable warning (hidden when one variable or none changed).
    message_label : QtWidgets.QLabel
        Why nothing can be compared (other sizes, fewer steps).
    """

    panel_name = "before_after"
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS, Change.BASELINE})

    def __init__(
        self,
        session: Session,
        notebook: LabNotebook,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(session, parent)
        self.notebook = notebook
        self.baseline_map = BaselineMap(session)
        self.difference = BeforeAfterDifference(session)
        self._now_slot = QtWidgets.QVBoxLayout()
        self._now_slot.setContentsMargins(0, 0, 0, 0)
        self.read_line = self._label("before_after_read")
        self.edits_label = self._label("before_after_edits")
        self.warning_label = self._label("before_after_warning")
        self.message_label = self._label("before_after_message")

        maps = QtWidgets.QHBoxLayout()
        maps.setSpacing(8)
        maps.addWidget(self.baseline_map, 1)
        maps.addLayout(self._now_slot, 1)
        maps.addWidget(self.difference, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addLayout(maps, 1)
        layout.addWidget(self.message_label)
        layout.addWidget(self.read_line)
        layout.addWidget(self.edits_label)
        layout.addWidget(self.warning_label)
        self.refresh()

    def _label(self, name: str) -> QtWidgets.QLabel:
        label = QtWidgets.QLabel()
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        return label

    def panel_title(self) -> str:
        return self.tr("Before and after")

    def hold(self, frame: QtWidgets.QWidget) -> None:
        """Show ``frame`` (the window's heatmap: ``S`` now) between the two maps."""
        self._now_slot.addWidget(frame)
        frame.show()

    # -- refresh ---------------------------------------------------------------------------
    def refresh(self) -> None:
        theme = self.theme
        if self.theme_changed():
            self._apply_theme(theme)
        session = self.session
        if session.baseline is None:
            return
        comparable = session.baseline_difference() is not None
        self.baseline_map.setVisible(comparable)
        self.difference.setVisible(comparable)
        self.message_label.setVisible(not comparable)
        if not comparable:
            self.message_label.setText(
                self.tr(
                    "The baseline cannot be compared at this step: it has other sizes, "
                    "or fewer steps."
                )
            )
        self.read_line.setText(self._read_text())
        report = self.notebook.changes()
        if report is None or report.total == 0:
            self.edits_label.setText(self.tr("No change since the baseline yet."))
        else:
            lines = report.lines()
            shown = lines[:MAX_SHOWN_CHANGES]
            if len(lines) > MAX_SHOWN_CHANGES:
                shown.append(self.tr("… and {0} more").format(report.total - len(shown)))
            self.edits_label.setText(
                self.tr("Changed since the baseline:") + "\n" + "\n".join(shown)
            )
        warning = report.warning() if report is not None else None
        self.warning_label.setVisible(warning is not None)
        self.warning_label.setText(warning or "")

    def _read_text(self) -> str:
        session = self.session
        deltas = session.baseline_read_deltas(limit=1)
        if not deltas:
            return self.tr("No read in both scenarios to compare.")
        number = session.cursor
        at_cursor = number >= 1 and not session.scenario.is_write(number)
        label, old, new, delta = deltas[0]
        if session.is_hidden(session.scenario.number_of(label)):
            return self.tr("Read {0}: hidden until the room predicts it.").format(label)
        moved = bool(np.any(delta != 0))
        at = compared_scale(old, new)
        shift = (
            self.tr("change {0}").format(shown_vector(delta, at=at))
            if moved
            else self.tr("unchanged")
        )
        where = self.tr("Read {0}") if at_cursor else self.tr("Nearest read, {0}")
        return (
            where.format(label)
            + ": "
            + self.tr("baseline y = {0}   now y = {1}   ({2})").format(
                shown_vector(old, at=at), shown_vector(new, at=at), shift
            )
        )

    def _apply_theme(self, theme: Theme) -> None:
        size = round(theme.font_pt)
        for label, colour, bold in (
            (self.read_line, theme.foreground, True),
            (self.edits_label, theme.foreground, False),
            (self.warning_label, theme.warning, True),
            (self.message_label, theme.muted, False),
        ):
            weight = "bold" if bold else "normal"
            label.setStyleSheet(
                f"QLabel#{label.objectName()} {{ color: {colour}; font-size: {size}pt;"
                f" font-weight: {weight}; }}"
            )
