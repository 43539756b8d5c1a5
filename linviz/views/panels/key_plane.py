"""The key plane: every key (solid) and query (dashed) as an arrow; drag a tip to move one."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from linviz.model.interference import key_cosines
from linviz.model.readout import cosine
from linviz.views.items.arrow_item import ArrowItem, ArrowLook
from linviz.views.items.plane_arrows import (
    DEPTH_BY_CODE,
    ArrowBatch,
)
from linviz.views.number_text import shown_number, shown_vector
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

    def panel_title(self) -> str:
        return self.tr("Key plane")

    def _legend_text(self) -> str:
        return self.tr("solid: keys · dashed: queries · faded: later steps · drag a tip to move it")

    def _axis_name(self, component: int) -> str:
        return self.tr("key component {0}").format(component)

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
        tips = self._tips(scenario.vectors(), numbers, axes, size)
        # A query lying on a key leaves the grab (and the tooltip) to the key
        # beneath; it becomes draggable when the cursor is on its read.
        spots = tips[:, 0] + 1j * tips[:, 1]
        on_key = ~writes & np.isin(spots, spots[writes]) & (codes != 0)
        # Dashed queries are drawn over keys so both stay visible.
        batch = ArrowBatch(
            numbers,
            ["key" if w else "query" for w in writes.tolist()],
            tips,
            looks,
            DEPTH_BY_CODE[codes] + 0.5 * ~writes,
            ~on_key,
            self._step_tooltip,
        )
        self._label_specials(batch, theme, states, colors, scenario.label_at)
        return batch

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
            row = matrix[labels.index(step.label)]
            return [(label, float(c)) for label, c in zip(labels, row) if label != step.label]
        pairs = []
        vectors = scenario.vectors()
        self._place_handles()
        for item in self._items:  # too many keys: the ones drawn near the cursor
            if item.role == "key" and item.step_number != number:
                value = cosine(step.vector, vectors[item.step_number - 1])
                pairs.append((scenario.label_at(item.step_number), 0.0 if value is None else value))
        return pairs

    def _key_tooltip(self, number: int) -> str:
        step = self.session.scenario.step(number)
        lines = [
            self.tr("key {0} (step {1}) = {2}").format(
                step.label, number, shown_vector(step.vector)
            )
        ]
        pairs = self._cosines_with_others(number)
        if not pairs:
            lines.append(self.tr("No other key to compare with yet."))
        else:
            lines.append(self.tr("cosine with every other key:"))
            shown = pairs
            if len(pairs) > TOOLTIP_ROWS:
                shown = sorted(pairs, key=lambda pair: -abs(pair[1]))[:TOOLTIP_ROWS]
            lines += [
                self.tr("  {0}: {1}").format(label, shown_number(round(c, 4))) for label, c in shown
            ]
            if len(pairs) > len(shown):
                lines.append(self.tr("  … and %Ln more (smaller)", "", len(pairs) - len(shown)))
        lines.append(self.tr("Drag the tip to move this key."))
        return "\n".join(lines)

    def _query_tooltip(self, number: int) -> str:
        step = self.session.scenario.step(number)
        lines = [
            self.tr("query {0} (step {1}) = {2}").format(
                step.label, number, shown_vector(step.vector)
            )
        ]
        result = self.session.snapshot(number).read
        if result is not None and result.target is not None:
            lines.append(self.tr("meant to retrieve {0}").format(result.target))
        lines.append(self.tr("Drag the tip to move this query."))
        return "\n".join(lines)
