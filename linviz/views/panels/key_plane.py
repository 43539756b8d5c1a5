"""The key plane: every key (solid) and query (dashed) as an arrow; drag a tip to move one.

It draws the keys as written (``k``) or what the memory stores (``φ(k)``,
with the queries as ``φ(q)``): a switch in its header and in View ▸ Key
plane shows, by default following the feature map. φ cannot be undone in
general (relu sends every negative number to 0), so a φ(k) tip cannot be
dragged: its tooltip, and a message when one tries, say to switch to ``k``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np
from PySide6 import QtWidgets

from linviz.model.interference import key_cosines
from linviz.model.readout import cosine
from linviz.views.items.arrow_item import ArrowItem, ArrowLook
from linviz.views.items.plane_arrows import (
    DEPTH_BY_CODE,
    ArrowBatch,
)
from linviz.views.number_text import grouped, shown_number, shown_vector, shown_written
from linviz.views.panels.plane_base import VectorPlanePanel
from linviz.views.theme import Theme

#: Up to this many steps a key's tooltip compares it with every other key.
ALL_PAIRS_STEPS = 500


#: Tooltips list at most this many cosines (the largest ones).
TOOLTIP_ROWS = 12


class KeyPlanePanel(VectorPlanePanel):
    """Keys (solid) and queries (dashed) as arrows; drag a tip to move one."""

    panel_name = "keys"
    space = "key"
    primary_roles = ("key", "query")

    def __init__(self, session, parent: QtWidgets.QWidget | None = None) -> None:
        self._shown_space: str | None = None
        #: The header's switch: which of k / φ(k) the plane draws (checked = shown).
        self.space_buttons: dict[str, QtWidgets.QToolButton] = {}
        super().__init__(session, parent)
        switch = QtWidgets.QWidget()
        row = QtWidgets.QHBoxLayout(switch)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        group = QtWidgets.QButtonGroup(switch)
        for space, text, tip in (
            (
                "k",
                self.tr("k"),
                self.tr("Show the keys and queries as written (drag to move them)"),
            ),
            (
                "phi",
                self.tr("φ(k)"),
                self.tr("Show what S stores: φ(k) for every key, φ(q) for every query"),
            ),
        ):
            button = QtWidgets.QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.setCheckable(True)
            button.setAutoRaise(True)
            button.clicked.connect(partial(self._space_chosen, space))
            group.addButton(button)
            row.addWidget(button)
            self.space_buttons[space] = button
        self.space_switch = switch
        # On a row of its own above the legend: beside it, at 1024 px, the legend
        # wrapped to six lines and took the plot's height.
        row.insertWidget(0, QtWidgets.QLabel(self.tr("shows:")))
        row.addStretch(1)
        layout = self.layout()
        layout.insertWidget(0, switch)
        self._sync_switch()

    def panel_title(self) -> str:
        return self.tr("Key plane")

    @property
    def shows_phi(self) -> bool:
        """Whether the plane draws φ(k) and φ(q) (else the keys as written)."""
        return self.session.key_space() == "phi"

    def _can_drag(self) -> bool:
        """A tip moves in ``k`` space only: φ(k) is draggable when φ is the identity."""
        return not self.shows_phi or self.session.scenario.feature_map == "identity"

    def _legend_text(self) -> str:
        if not self.shows_phi:
            return self.tr("solid: keys · dashed: queries · faded: later · drag a tip to move it")
        if self._can_drag():
            return self.tr(
                "solid: φ(k) = k · dashed: φ(q) = q · faded: later · drag a tip to move it"
            )
        # Short: at 1024 px the panel is narrow, and every legend line is a plot line less.
        return self.tr("solid: φ(k), what S stores · dashed: φ(q) · to drag, switch to k")

    def _axis_name(self, component: int) -> str:
        if self.shows_phi:
            return self.tr("φ(k) component {0}").format(component + 1)  # counted from 1
        return self.tr("key component {0}").format(component + 1)

    def _space_chosen(self, space: str) -> None:
        self.session.set_options(key_space=space)
        self._sync_switch()  # a click on the shown one changes nothing: keep it checked

    def _sync_switch(self) -> None:
        shown = self.session.key_space()
        for space, button in self.space_buttons.items():
            if button.isChecked() != (space == shown):
                button.setChecked(space == shown)

    def refresh(self) -> None:
        space = (self.session.key_space(), self.session.scenario.feature_map)
        if space != self._shown_space:
            self._shown_space = space
            self.set_legend(self._legend_text())
            if self.space_buttons:
                self._sync_switch()
        super().refresh()

    def _drag_field_of(self, item: ArrowItem) -> str:
        return "vector"

    def _arrows(
        self, theme: Theme, axes: tuple[int, int], size: int, ordinals: np.ndarray
    ) -> ArrowBatch:
        scenario = self.session.scenario
        numbers = self._numbers()
        # Columns, not Step objects or an object per arrow: this runs on every
        # cursor move and every frame of a drag.
        writes = scenario.write_mask()[np.asarray(numbers, dtype=np.int64) - 1]
        codes, states, colors, looks = self._styles(theme, numbers, writes, ordinals)
        shown = scenario.phi_vectors() if self.shows_phi else scenario.vectors()
        tips = self._tips(shown, numbers, axes, size)
        # A query lying on a key leaves the grab (and the tooltip) to the key
        # beneath; it becomes draggable when the cursor is on its read.
        # A set, not np.isin: past ten arrows isin calls np.unique, whose first call
        # imports numpy.ma (8 ms of opening a big scenario); a plane draws about 100.
        key_spots = set(zip(tips[writes, 0].tolist(), tips[writes, 1].tolist()))
        on_spot = [spot in key_spots for spot in zip(tips[:, 0].tolist(), tips[:, 1].tolist())]
        on_key = ~writes & np.array(on_spot, dtype=bool) & (codes != 0)
        # Dashed queries are drawn over keys so both stay visible.
        batch = ArrowBatch(
            numbers,
            ["key" if w else "query" for w in writes.tolist()],
            tips,
            looks,
            DEPTH_BY_CODE[codes] + 0.5 * ~writes,
            ~on_key,
            self._step_tooltip,
            "" if self._can_drag() else self._refusal(),
        )
        self._label_specials(batch, theme, states, colors, scenario.label_at)
        return batch

    def _refusal(self) -> str:
        return self.tr(
            "φ(k) is shown, and φ cannot be undone: switch the key plane to k to drag keys."
        )

    def _step_tooltip(self, role: str, number: int) -> Callable[[], str]:
        return partial(self._key_tooltip if role == "key" else self._query_tooltip, number)

    def _kind_look(
        self, theme: Theme, color: str, state: str, is_write: bool, label: str
    ) -> ArrowLook:
        if is_write:
            return self._look(theme, color, state, label=label)
        return self._look(theme, theme.read, state, dash="dash", head_filled=False, label=label)

    def _cosines_with_others(self, number: int) -> list[tuple[str, float]]:
        """Cosines of key ``number`` with the other keys (every key when few)."""
        scenario = self.session.scenario
        step = scenario.step(number)
        if len(scenario) <= ALL_PAIRS_STEPS:
            labels, matrix = key_cosines(scenario)
            if step.label not in labels:
                # A hover that reaches an arrow before it is redrawn after an edit
                # (seen after a redo mid-drag): its step is no longer a write.
                return []
            row = matrix[labels.index(step.label)]
            return [(label, float(c)) for label, c in zip(labels, row) if label != step.label]
        pairs = []
        stored = scenario.phi_vectors()  # overlaps are about what S stores
        for item in self._handles():  # too many keys: the ones drawn near the cursor
            if item.role == "key" and item.step_number != number:
                value = cosine(stored[number - 1], stored[item.step_number - 1])
                pairs.append((scenario.label_at(item.step_number), 0.0 if value is None else value))
        return pairs

    def _stored_line(self, number: int, name: str) -> list[str]:
        """``"stored as φ(k) = …"`` when φ is not the identity (else nothing to add)."""
        scenario = self.session.scenario
        if scenario.feature_map == "identity":
            return []
        return [
            self.tr("what S stores: {0} = {1}").format(
                name, shown_vector(scenario.phi_vectors()[number - 1])
            )
        ]

    def _drag_line(self, role: str) -> str:
        if not self._can_drag():
            return self._refusal()
        if role == "key":
            return self.tr("Drag the tip to move this key.")
        return self.tr("Drag the tip to move this query.")

    def _key_tooltip(self, number: int) -> str:
        scenario = self.session.scenario
        if not 1 <= number <= len(scenario) or not scenario.step(number).is_write:
            return ""  # an arrow hovered before it is redrawn after an edit
        step = scenario.step(number)
        lines = [
            self.tr("key {0} (step {1}) = {2}").format(
                step.label, grouped(number), shown_written(step.vector)
            )
        ]
        lines += self._stored_line(number, self.tr("φ(k)"))
        pairs = self._cosines_with_others(number)
        if not pairs:
            lines.append(self.tr("No other key to compare with yet."))
        else:
            if self.session.scenario.feature_map == "identity":
                lines.append(self.tr("cosine with every other key:"))
            else:
                lines.append(self.tr("cosine of φ(k) with every other stored φ(k):"))
            shown = pairs
            if len(pairs) > TOOLTIP_ROWS:
                shown = sorted(pairs, key=lambda pair: -abs(pair[1]))[:TOOLTIP_ROWS]
            lines += [
                self.tr("  {0}: {1}").format(label, shown_number(round(c, 4))) for label, c in shown
            ]
            if len(pairs) > len(shown):
                lines.append(self.tr("  … and %Ln more (smaller)", "", len(pairs) - len(shown)))
        lines.append(self._drag_line("key"))
        return "\n".join(lines)

    def _query_tooltip(self, number: int) -> str:
        session = self.session
        step = session.scenario.step(number)
        lines = [
            self.tr("query {0} (step {1}) = {2}").format(
                step.label, grouped(number), shown_written(step.vector)
            )
        ]
        lines += self._stored_line(number, self.tr("φ(q)"))
        result = session.snapshot(number).read
        if result is not None and not session.is_hidden(number):  # no hint of a hidden answer
            if result.target is not None:
                lines.append(self.tr("meant to retrieve {0}").format(result.target))
            elif result.tied:
                lines.append(
                    self.tr("no single target: {0} weigh the same").format(", ".join(result.tied))
                )
        lines.append(self._drag_line("query"))
        return "\n".join(lines)
