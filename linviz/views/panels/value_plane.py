"""The value plane: the stored values and, at a read, y, its target and their gap."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from linviz.views.items.arrow_item import ArrowItem, ArrowLook, restyled
from linviz.views.items.plane_arrows import (
    DEPTH_BY_CODE,
    ArrowBatch,
    PlaneArrow,
)
from linviz.views.number_text import shown_number, shown_vector
from linviz.views.panels.plane_base import VectorPlanePanel
from linviz.views.theme import Theme


class ValuePlanePanel(VectorPlanePanel):
    """Stored values as arrows; at a read, ``y``, the target and their gap."""

    panel_name = "values"
    space = "value"
    primary_roles = ("value", "output")
    show_unit_circle = False

    def panel_title(self) -> str:
        return self.tr("Value plane")

    def _legend_text(self) -> str:
        return self.tr(
            "solid: stored values · at a read: y (thick), "
            "target (dashed), interference y − target (dotted)"
        )

    def _axis_name(self, component: int) -> str:
        return self.tr("value component {0}").format(component)

    def _drag_field_of(self, item: ArrowItem) -> str:
        return "value"

    def _arrows(
        self, theme: Theme, axes: tuple[int, int], size: int, ordinals: np.ndarray
    ) -> ArrowBatch:
        session = self.session
        scenario, cursor = session.scenario, session.cursor
        is_write = scenario.write_mask()
        numbers = [n for n in self._numbers() if is_write[n - 1]]
        writes = np.ones(len(numbers), dtype=bool)
        codes, states, colors, looks = self._styles(theme, numbers, writes, ordinals)
        batch = ArrowBatch(
            numbers,
            ["value"] * len(numbers),
            self._tips(scenario.values(), numbers, axes, size),
            looks,
            DEPTH_BY_CODE[codes] + 0.5,
            writes,
            self._step_tooltip,
        )
        name = self.tr("v({0})")
        self._label_specials(
            batch, theme, states, colors, lambda number: name.format(scenario.label_at(number))
        )
        arrows = batch.extras
        result = session.snapshot().read if cursor else None
        if result is None:
            return batch
        hidden = session.hide_outputs and result.step.label not in session.revealed
        if result.expected is not None:
            target = self._point(result.expected, axes, size)
            label = self.tr("target")
            for arrow in batch.labelled():
                # The stored value it lies on: one label "target = v(k)", not two stacked.
                if (
                    arrow.tip == target
                    and arrow.look.label
                    and scenario.label_at(arrow.number) == result.target
                ):
                    label = self.tr("target = {0}").format(arrow.look.label)
                    arrow.look = restyled(arrow.look, label="")
            look = self._look(theme, theme.target, "past", dash="dash", weight=1.3, label=label)
            arrows.append(
                PlaneArrow(
                    "target",
                    cursor,
                    (0.0, 0.0),
                    target,
                    look,
                    30.0,
                    tooltip=partial(self._read_tooltip, "target"),
                )
            )
        if hidden:
            return batch  # predict first: y and the gap stay hidden until revealed
        output = self._point(result.output, axes, size)
        look = self._look(theme, theme.read, "cursor", label=self.tr("y"), weight=1.2)
        arrows.append(
            PlaneArrow(
                "output",
                cursor,
                (0.0, 0.0),
                output,
                look,
                31.0,
                tooltip=partial(self._read_tooltip, "output"),
            )
        )
        if result.expected is not None and output != target:
            look = self._look(
                theme,
                theme.warning,
                "past",
                dash="dot",
                weight=1.2,
                label=self.tr("interference"),
                label_at="middle",
            )
            arrows.append(
                PlaneArrow(
                    "interference",
                    cursor,
                    target,
                    output,
                    look,
                    32.0,
                    tooltip=partial(self._read_tooltip, "interference"),
                )
            )
        return batch

    def _kind_look(
        self, theme: Theme, color: str, state: str, is_write: bool, label: str
    ) -> ArrowLook:
        return self._look(theme, color, state, label=label)

    def _step_tooltip(self, role: str, number: int) -> Callable[[], str]:
        return partial(self._value_tooltip, number)

    def _value_tooltip(self, number: int) -> str:
        step = self.session.scenario.step(number)
        return "\n".join(
            [
                self.tr("value stored by {0} (step {1}) = {2}").format(
                    step.label, number, shown_vector(step.value)
                ),
                self.tr("Drag the tip to change this value."),
            ]
        )

    def _read_tooltip(self, role: str) -> str:
        result = self.session.snapshot().read
        if result is None:
            return ""
        if role == "output":
            return self.tr("y, the output of read {0} = {1}").format(
                result.step.label, shown_vector(result.output)
            )
        if role == "target":
            return self.tr("the target value, stored by {0} = {1}").format(
                result.target, shown_vector(result.expected)
            )
        text = self.tr("interference y − target = {0}").format(shown_vector(result.interference))
        if result.relative_error is not None:
            text += "\n" + self.tr("relative error {0}").format(shown_number(result.relative_error))
        return text
