"""The arrows a vector plane shows at one refresh, and where their labels go.

A plane shows up to a hundred arrows and restyles them on every cursor
move. :class:`ArrowBatch` keeps the steps' arrows as columns (tips, looks,
depths, roles) and makes an arrow object (:class:`PlaneArrow`) only for the
few that need one (labelled, at the cursor, dragged, a read's own arrows),
and for the rest when the mouse comes to the plane. :func:`stack_labels`
and :func:`spread_labels` place the labels of those few.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from linviz.views.items.arrow_item import ArrowLook, label_rect, label_size, restyled

#: Roles whose arrows always paint themselves (the read at the cursor).
LIVE_ROLES = frozenset({"output", "target", "interference"})
#: Depth (z) of an arrow by its step's place relative to the cursor.
DEPTHS = {"cursor": 20.0, "past": 10.0, "future": 1.0}
#: A step's state by code (0, 1, 2), as the planes number them.
STATES = ("cursor", "past", "future")
#: DEPTHS by state code.
DEPTH_BY_CODE = np.array([DEPTHS[state] for state in STATES])
#: Order in which labels claim their spot: what the read at the cursor is about first.
_LABEL_PRIORITY = {"output": 0, "target": 1, "interference": 2}


@dataclass
class PlaneArrow:
    """One arrow to show: what it is, where it goes, how it looks."""

    role: str
    number: int
    origin: tuple[float, float]
    tip: tuple[float, float]
    look: ArrowLook
    z: float
    draggable: bool = False
    tooltip: Callable[[], str] | None = None
    #: Why a handle cannot move (empty: it can): shown when a drag is tried.
    refusal: str = ""


class ArrowBatch:
    """One arrow per step of ``numbers`` (as columns), then :attr:`extras`.

    Parameters
    ----------
    numbers
        The steps drawn, one arrow each, from the origin.
    roles
        Each step's role (``"key"``, ``"query"``, ``"value"``).
    tips
        ``(len(numbers), 2)`` tips in data coordinates.
    looks
        Each step's look (shared objects).
    depths
        Each step's depth (z).
    draggable
        Whether each step's tip can be dragged.
    tooltip
        ``tooltip(role, number)``: what a draggable arrow's handle shows on hover.
    refusal
        Why no tip of these steps can move now (empty: they can): their
        handles still show the tooltip, and say this when dragged.

    Attributes
    ----------
    special : dict[int, PlaneArrow]
        Arrows made so far, by index; a plane restyles these (labels, the
        cursor's arrow) and :meth:`layer` draws them with their own looks.
    extras : list[PlaneArrow]
        Arrows after the steps' ones (a read's output, target and gap).
    """

    def __init__(
        self,
        numbers: list[int],
        roles: list[str],
        tips: np.ndarray,
        looks: list[ArrowLook],
        depths: np.ndarray,
        draggable: np.ndarray,
        tooltip: Callable[[str, int], Callable[[], str]],
        refusal: str = "",
    ) -> None:
        self.numbers, self.roles, self.tips, self.looks = numbers, roles, tips, looks
        self.depths, self.draggable, self._tooltip = depths, draggable, tooltip
        self.refusal = refusal
        self.special: dict[int, PlaneArrow] = {}
        self.extras: list[PlaneArrow] = []

    @classmethod
    def empty(cls) -> ArrowBatch:
        """A batch with no arrow."""
        return cls(
            [],
            [],
            np.zeros((0, 2)),
            [],
            np.zeros(0),
            np.zeros(0, dtype=bool),
            lambda role, number: lambda: "",
        )

    def __len__(self) -> int:
        return len(self.numbers) + len(self.extras)

    def arrow(self, index: int) -> PlaneArrow:
        """The arrow at ``index`` (made, and kept, on first asking)."""
        count = len(self.numbers)
        if index >= count:
            return self.extras[index - count]
        arrow = self.special.get(index)
        if arrow is None:
            role, number = self.roles[index], self.numbers[index]
            x, y = self.tips[index].tolist()
            draggable = bool(self.draggable[index])
            arrow = self.special[index] = PlaneArrow(
                role,
                number,
                (0.0, 0.0),
                (x, y),
                self.looks[index],
                float(self.depths[index]),
                draggable,
                self._tooltip(role, number) if draggable else None,
                self.refusal if draggable else "",
            )
        return arrow

    def arrows(self) -> list[PlaneArrow]:
        """Every arrow, in order (all are made)."""
        return [self.arrow(index) for index in range(len(self))]

    def made(self) -> list[tuple[int, PlaneArrow]]:
        """``(index, arrow)`` of the arrows made so far and the extras, in index order."""
        count = len(self.numbers)
        return sorted(self.special.items(), key=lambda pair: pair[0]) + [
            (count + offset, arrow) for offset, arrow in enumerate(self.extras)
        ]

    def labelled(self) -> list[PlaneArrow]:
        """The arrows made so far that carry a label, in index order."""
        return [arrow for _, arrow in self.made() if arrow.look.label]

    def index_of(self, number: int, role: str) -> int | None:
        """Where the arrow of step ``number`` with ``role`` is, if shown."""
        for index, (shown, shown_role) in enumerate(zip(self.numbers, self.roles)):
            if shown == number and shown_role == role:
                return index
        for offset, arrow in enumerate(self.extras):
            if arrow.number == number and arrow.role == role:
                return len(self.numbers) + offset
        return None

    def extent(self) -> float:
        """The largest coordinate of any tip or origin (0 with no arrow)."""
        extent = float(np.abs(self.tips).max()) if len(self.numbers) else 0.0
        for arrow in self.extras:
            extent = max(extent, *(abs(v) for v in (*arrow.tip, *arrow.origin)))
        return extent

    def layer(self, live: set[int]) -> tuple[np.ndarray, np.ndarray, list[ArrowLook]]:
        """Origins, tips and looks of the arrows not in ``live``, shallowest first.

        What an :class:`~linviz.views.arrow_item.ArrowLayer` paints: arrows of
        equal depth keep their order.
        """
        count = len(self.numbers)
        looks = list(self.looks)
        for index, arrow in self.special.items():
            looks[index] = arrow.look
        keep = np.ones(count, dtype=bool)
        keep[[index for index in live if index < count]] = False
        rows = np.flatnonzero(keep)
        tips, depths = self.tips[rows], self.depths[rows]
        origins = np.zeros_like(tips)
        kept_looks = [looks[index] for index in rows.tolist()]
        extras = [arrow for offset, arrow in enumerate(self.extras) if count + offset not in live]
        if extras:
            origins = np.concatenate([origins, [arrow.origin for arrow in extras]])
            tips = np.concatenate([tips, [arrow.tip for arrow in extras]])
            depths = np.concatenate([depths, [arrow.z for arrow in extras]])
            kept_looks += [arrow.look for arrow in extras]
        order = np.argsort(depths, kind="stable")
        return origins[order], tips[order], [kept_looks[index] for index in order.tolist()]


# -- labels ------------------------------------------------------------------------------
def _label_direction(arrow: PlaneArrow) -> tuple[float, float]:
    """The arrow's direction on screen (y down), as ArrowItem places labels."""
    dx, dy = arrow.tip[0] - arrow.origin[0], arrow.origin[1] - arrow.tip[1]
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length > 0 else (0.7071, -0.7071)


def _is_free(
    left: float,
    top: float,
    right: float,
    bottom: float,
    taken: list[tuple[float, float, float, float]],
) -> bool:
    """Whether the box ``left, top, right, bottom`` overlaps none of ``taken`` (same form).

    Written out as one loop: a refresh asks a few hundred times.
    """
    for other_left, other_top, other_right, other_bottom in taken:
        if left < other_right and other_left < right and top < other_bottom and other_top < bottom:
            return False
    return True


def spread_labels(
    arrows: list[PlaneArrow], pixels_per_unit: float, half_size: tuple[float, float]
) -> None:
    """Keep every label inside the plot and off the labels placed before it.

    Labels claim their places in order: the read's output, target and
    interference, then by depth (the cursor's step, earlier steps, later
    ones). A label that would stick out of the plot (``half_size``: half its
    width and height in pixels, the origin in the middle) is pulled in; one
    that overlaps a label already placed tries one and two lines above and
    below, then one box aside, and takes the first free spot. With none
    free, the label of an ordinary step is left out (its tooltip still
    names it: overlapping words help nobody at the back of a room); the
    read's own labels and the cursor's stay. Boxes are worked out in
    pixels, as :func:`~linviz.views.arrow_item.label_rect` places them.
    """
    labelled = [arrow for arrow in arrows if arrow.look.label]
    if not labelled or pixels_per_unit <= 0:
        return
    labelled.sort(key=lambda arrow: (_LABEL_PRIORITY.get(arrow.role, 3), -arrow.z))
    half_w, half_h = half_size

    def pixels(point: tuple[float, float]) -> tuple[float, float]:
        return point[0] * pixels_per_unit, -point[1] * pixels_per_unit  # y points down

    def inside(box: tuple[float, float, float, float]) -> tuple[float, float]:
        """The move that brings ``box`` inside the plot (none if it is, or cannot be)."""
        left, top, width, height = box
        dx = max(0.0, -half_w - left) + min(0.0, half_w - (left + width))
        dy = max(0.0, -half_h - top) + min(0.0, half_h - (top + height))
        return dx, dy

    placed: list[tuple[float, float, float, float]] = []  # left, top, right, bottom
    for arrow in labelled:
        look = arrow.look
        box = label_rect(pixels(arrow.origin), pixels(arrow.tip), look, (0.0, 0.0))
        move_x, move_y = inside(box)
        left, top, width, height = box[0] + move_x, box[1] + move_y, box[2], box[3]
        if not _is_free(left, top, left + width, top + height, placed):
            line, aside = height + 2, width + 4
            for dx, dy in (
                (0, -line),
                (0, line),
                (0, -2 * line),
                (0, 2 * line),
                (aside, 0),
                (-aside, 0),
                (aside, -line),
                (-aside, line),
                (aside, line),
                (-aside, -line),
            ):
                x, y = left + dx, top + dy
                if (
                    -half_w <= x
                    and x + width <= half_w
                    and -half_h <= y
                    and y + height <= half_h
                    and _is_free(x, y, x + width, y + height, placed)
                ):
                    move_x, move_y, left, top = move_x + dx, move_y + dy, x, y
                    break
            else:
                if arrow.role not in _LABEL_PRIORITY and arrow.z < DEPTHS["cursor"]:
                    arrow.look = restyled(look, label="")
                    continue
        if move_x or move_y:
            shift = look.label_shift
            arrow.look = restyled(look, label_shift=(shift[0] + move_x, shift[1] + move_y))
        placed.append((left, top, left + width, top + height))


def stack_labels(arrows: list[PlaneArrow], tolerance: float) -> None:
    """Set the labels of arrows whose tips (nearly) coincide side by side.

    Along a mostly horizontal arrow they stack in a column away from it,
    along a mostly vertical one in a row, so none hides another.
    """
    groups: dict[tuple[int, int], list[PlaneArrow]] = {}
    for arrow in arrows:
        if arrow.look.label and arrow.look.label_at == "tip":
            cell = (round(arrow.tip[0] / tolerance), round(arrow.tip[1] / tolerance))
            groups.setdefault(cell, []).append(arrow)
    for group in groups.values():
        ux, uy = _label_direction(group[0])
        width, height = label_size(group[0].look)
        edge = ux * width / 2 + width / 2 if ux >= 0 else ux * width / 2 - width / 2
        offset = 0.0
        for index, arrow in enumerate(group):
            shift = (0.0, 0.0)
            if index:
                width, height = label_size(arrow.look)
                if abs(ux) >= abs(uy):  # a column, away from the arrow
                    shift = (0.0, offset if uy >= 0 else -offset)
                else:  # a row, on the side the arrow leans to
                    centre = edge + (4 + width / 2 if ux >= 0 else -4 - width / 2)
                    shift = (centre - ux * width / 2, 0.0)
                    edge = centre + (width / 2 if ux >= 0 else -width / 2)
            offset += height + 2
            if shift != arrow.look.label_shift:
                arrow.look = restyled(arrow.look, label_shift=shift)
