"""The value plane: the stored values and, at a read, y, its target and their gap.

It frames the step at the cursor: at a read, ``y``, the target's value and
the gap between them; at a write, the value written and what the memory
held at that key just before. Other values may then reach past the edge.
A hidden read (predict first) shows no hint of its answer: no ``y``, no
target, no framing around either.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from linviz.model.readout import held_at_key
from linviz.views.error_words import parts_text
from linviz.views.items.arrow_item import ArrowItem, ArrowLook, restyled
from linviz.views.items.plane_arrows import (
    DEPTH_BY_CODE,
    ArrowBatch,
    PlaneArrow,
)
from linviz.views.number_text import grouped, shown_percent, shown_vector, shown_written
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

    def _fixed_legends(self) -> dict[str, str]:
        """The legends that name no step, by when they show (each text written once)."""
        return {
            "values": self.tr("solid: stored values"),
            "write": self.tr("solid: stored values · dotted: held at this key before"),
            "no target": self.tr("thick: y · no target"),
            "read": self.tr("thick y · dashed target · dotted y − target"),
        }

    def _legend_text(self) -> str:
        """What the marks of the step at the cursor mean (short: the plot needs the room)."""
        session = self.session
        cursor = session.cursor
        legends = self._fixed_legends()
        if not cursor or session.is_hidden(cursor):
            return legends["values"]
        if session.scenario.is_write(cursor):
            return legends["write"]
        result = session.snapshot().read
        if result is not None and result.expected is None:
            if result.tied:
                return self.tr("thick: y · no single target: {0} weigh the same").format(
                    ", ".join(result.tied)
                )
            return legends["no target"]
        return legends["read"]

    def _legend_texts(self) -> tuple[str, ...]:
        # All but a tie's (it names the tied writes): one height at a write and a read.
        return tuple(self._fixed_legends().values())

    def refresh(self) -> None:
        if self._theme is not None:
            self.set_legend(self._legend_text())
        super().refresh()

    def _axis_name(self, component: int) -> str:
        return self.tr("value component {0}").format(component + 1)  # counted from 1

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
        tips = self._tips(scenario.values(), numbers, axes, size)
        batch = ArrowBatch(
            numbers,
            ["value"] * len(numbers),
            tips,
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
        if cursor and scenario.is_write(cursor):
            self._add_held(batch, theme, axes, size, cursor)
            return batch
        result = session.snapshot().read if cursor else None
        if result is None:
            return batch
        if session.is_hidden(cursor):
            return batch  # predict first: no y, no target, no gap, no framing around them
        # Every value drawn that the read collects (a weight not 0) is framed with y
        # and the target: crosstalk is seen coming from them (crowding the plane, r4).
        collected = np.asarray(result.numbers)[np.asarray(result.weights) != 0]
        drawn = np.isin(np.asarray(numbers, dtype=np.int64), collected)
        collected_tips = list(map(tuple, tips[drawn].tolist()))
        self._frame_points.extend(collected_tips)
        self._written_points.extend(collected_tips)
        target = None
        if result.expected is not None:
            target = self._point(result.expected, axes, size)
            self._frame_points.append(target)
            self._written_points.append(target)
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
        output = self._point(result.output, axes, size)
        self._frame_points.append(output)
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
        if target is not None and output != target:
            look = self._look(
                theme,
                theme.warning,
                "past",
                dash="dot",
                weight=1.2,
                # The gap is the read's error, whatever it is made of (decay is
                # not interference): its parts are named in the tooltip.
                label=self.tr("error"),
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

    def _add_held(
        self, batch: ArrowBatch, theme: Theme, axes: tuple[int, int], size: int, number: int
    ) -> None:
        """At a write: frame its value and what the memory held at its key before."""
        scenario = self.session.scenario
        written = self._point(scenario.step(number).value, axes, size)
        self._frame_points.append(written)
        self._written_points.append(written)
        held = held_at_key(self.session.trace, number)
        if not np.any(np.abs(held) > 1e-12):
            return  # nothing there yet: the write starts from zero
        tip = self._point(held, axes, size)
        self._frame_points.append(tip)
        look = self._look(
            theme, theme.muted, "past", dash="dot", weight=1.1, label=self.tr("held before")
        )
        batch.extras.append(
            PlaneArrow(
                "held",
                number,
                (0.0, 0.0),
                tip,
                look,
                29.0,
                tooltip=partial(self._held_tooltip, number, held),
            )
        )

    def _held_tooltip(self, number: int, held: np.ndarray) -> str:
        label = self.session.scenario.label_at(number)
        return self.tr(
            "What the memory held at key {0} just before this write: {1}\n"
            "(what a read of that key would have returned)"
        ).format(label, shown_vector(held))

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
                    step.label, grouped(number), shown_written(step.value)
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
                result.step.label, shown_vector(result.output, at=result.scale)
            )
        if role == "target":
            return self.tr("the target value, stored by {0} = {1}").format(
                result.target, shown_written(result.expected)
            )
        text = self.tr("error y − v_target = {0}").format(
            shown_vector(result.interference, at=result.scale)
        )
        parts, names = result.error_parts, result.shown_parts()
        if parts is not None and names:
            text += "\n= " + parts_text(parts, names, result.scale)
        if result.relative_error is not None:
            text += "\n" + self.tr("relative error {0}").format(
                shown_percent(result.relative_error)
            )
        return text
