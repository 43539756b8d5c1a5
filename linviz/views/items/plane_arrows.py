"""The arrows a vector plane shows at one refresh, and where their labels go.

A plane shows up to a hundred arrows and restyles them on every cursor
move. :class:`ArrowBatch` keeps the steps' arrows as columns (tips, looks,
depths, roles) and makes an arrow object (:class:`PlaneArrow`) only for the
few that need one (labelled, at the cursor, dragged, a read's own arrows),
and for the rest when the mouse comes to the plane. :func:`place_labels`
places the labels of those few.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from linviz.model.drawable import undrawable_rows
from linviz.views.items.arrow_item import ArrowLook, label_rect, label_size, restyled

#: Roles whose arrows always paint themselves (the step at the cursor).
LIVE_ROLES = frozenset({"output", "target", "interference", "held"})
#: Depth (z) of an arrow by its step's place relative to the cursor.
DEPTHS = {"cursor": 20.0, "past": 10.0, "future": 1.0}
#: A step's state by code (0, 1, 2), as the planes number them.
STATES = ("cursor", "past", "future")
#: DEPTHS by state code.
DEPTH_BY_CODE = np.array([DEPTHS[state] for state in STATES])
#: Order in which labels claim their spot: what the read at the cursor is about first.
_LABEL_PRIORITY = {"output": 0, "target": 1, "interference": 2, "held": 2}


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

    def segments(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Origins and tips (data units, ``(n, 2)``) of every arrow, and the
        length (pixels) of each head.
        """
        count = len(self.numbers)
        origins = np.zeros((count, 2))
        tips = np.asarray(self.tips, dtype=float).reshape(count, 2)
        heads = np.array([look.head for look in self.looks], dtype=float)
        if self.extras:
            origins = np.concatenate([origins, [arrow.origin for arrow in self.extras]])
            tips = np.concatenate([tips, [arrow.tip for arrow in self.extras]])
            heads = np.concatenate([heads, [arrow.look.head for arrow in self.extras]])
        return origins, tips, heads

    def any_too_large(self) -> bool:
        """Whether some arrow has a number too large to draw to scale."""
        extras = [(*arrow.origin, *arrow.tip) for arrow in self.extras]
        return bool(undrawable_rows(self.tips).any() or undrawable_rows(extras).any())

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
#: Shorter forms a read's own label may fall back to when its full text fits nowhere.
_SHORT_FORMS = {"target": lambda label: label.split(" = ")[0]}


def segments_hit_each(boxes: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Whether any segment ``starts[i] → ends[i]`` (pixels, ``(n, 2)``) meets each box.

    ``boxes`` is ``(m, 4)``: left, top, right, bottom. Every box is first
    compared with every segment's bounding box, at once; only the pairs whose
    boxes overlap (a few in a hundred: a label is small beside the plot) are
    clipped, Liang–Barsky, in one numpy pass (a label's candidate places
    checked one call each cost 4 of the 10 ms a d = 64 drag move spent
    placing labels, under cProfile; clipping every pair cost 0.6 ms a plane
    in ``scrub_ms.100000_steps``). A zero-length segment is a point, met when
    inside. Returns ``(m,)`` booleans.
    """
    boxes = np.asarray(boxes, dtype=float).reshape(-1, 4)
    hit = np.zeros(len(boxes), dtype=bool)
    if not len(starts) or not len(boxes):
        return hit
    low, high = np.minimum(starts, ends), np.maximum(starts, ends)
    near = (
        (low[:, 0] <= boxes[:, 2, None])
        & (high[:, 0] >= boxes[:, 0, None])
        & (low[:, 1] <= boxes[:, 3, None])
        & (high[:, 1] >= boxes[:, 1, None])
    )  # (m, n): a segment can meet a box only where their bounding boxes overlap
    rows, columns = np.nonzero(near)
    if not len(rows):
        return hit
    box, start = boxes[rows], starts[columns]
    d = ends[columns] - start
    p = np.column_stack([-d[:, 0], d[:, 0], -d[:, 1], d[:, 1]])  # (k, 4)
    x, y = start[:, 0], start[:, 1]
    q = np.column_stack([x - box[:, 0], box[:, 2] - x, y - box[:, 1], box[:, 3] - y])
    parallel = p == 0
    outside = (parallel & (q < 0)).any(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
    enter = np.where(~parallel & (p < 0), ratio, -np.inf).max(axis=-1)
    leave = np.where(~parallel & (p > 0), ratio, np.inf).min(axis=-1)
    met = ~outside & (np.maximum(enter, 0.0) <= np.minimum(leave, 1.0))
    hit[rows[met]] = True
    return hit


def _boxes_meet(
    box: tuple[float, float, float, float], taken: list[tuple[float, float, float, float]]
) -> bool:
    left, top, right, bottom = box
    for other_left, other_top, other_right, other_bottom in taken:
        if left < other_right and other_left < right and top < other_bottom and other_top < bottom:
            return True
    return False


def _candidates(
    start: tuple[float, float],
    end: tuple[float, float],
    look: ArrowLook,
    zero: tuple[float, float],
) -> list[tuple[float, float]]:
    """Top-left corners to try for a label, best first (pixels).

    First where :func:`label_rect` puts it (beyond the tip, or beside the
    shaft's middle), then around the tip at two distances (right, left,
    above, below and the four corners), then beside the shaft; a label
    beside its shaft tries the shaft first. Never farther: a label away
    from its arrow would name the wrong one.
    """
    width, height = label_size(look)
    plain = restyled(look, label_shift=(0.0, 0.0))
    left, top, _, _ = label_rect(start, end, plain, zero)
    corners = [(left, top)]
    gap = look.width + 5 + look.head * 0.5
    along = []
    for t in (0.5, 0.3, 0.7, 0.15, 0.85) if look.label_at == "middle" else (0.7, 0.5):
        x = start[0] + t * (end[0] - start[0])
        y = start[1] + t * (end[1] - start[1])
        for dx, dy in ((gap, -height / 2), (-gap - width, -height / 2)):
            along.append((x + dx, y + dy))
        for dx, dy in ((-width / 2, -gap - height), (-width / 2, gap)):
            along.append((x + dx, y + dy))
    if look.label_at == "middle":
        return corners + along
    x, y = end
    for step in (1.0, 2.2):
        g = gap * step
        corners += [
            (x + g, y - height / 2),
            (x - g - width, y - height / 2),
            (x - width / 2, y - g - height),
            (x - width / 2, y + g),
            (x + g * 0.7, y - g * 0.7 - height),
            (x - g * 0.7 - width, y - g * 0.7 - height),
            (x + g * 0.7, y + g * 0.7),
            (x - g * 0.7 - width, y + g * 0.7),
        ]
    return corners + along


#: A placed label, by what it names (role, step, text): its arrow's start and tip
#: in pixels, its box (``None``: left out), and the arrow's look before and after
#: placing (with the text shown, maybe a read's short form, and its shift), so a
#: drag's next frame can keep it.
Placements = dict[
    tuple[str, int, str],
    tuple[tuple[float, ...], tuple[float, ...] | None, ArrowLook, ArrowLook],
]


def place_labels(
    arrows: list[PlaneArrow],
    to_pixels: Callable[[tuple[float, float]], tuple[float, float]],
    size: tuple[float, float],
    shafts: tuple[np.ndarray, np.ndarray],
    heads: np.ndarray,
    kept: Placements | None = None,
    moved: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> Placements:
    """Place every label where it meets no other label and no arrow, or leave it out.

    A small greedy placer. Labels claim their places in order: the read's
    output, target and gap, then by depth (the cursor's step, earlier
    steps, later ones). Each takes the first of a few candidate boxes around
    its tip (see :func:`_candidates`) that lies inside the plot (``size``:
    its width and height in pixels), overlaps no label placed before and
    meets no arrow: ``shafts`` (start and end pixels of every arrow drawn)
    nor a head (``heads``: ``(n, 3)``, a disc around each head: centre
    pixels and radius). A read's
    own label that fits nowhere tries its short form (``target = v(k3)`` →
    ``target``); any label that still fits nowhere is left out (its
    tooltip names the arrow: overlapping words help nobody). A label whose
    tip is outside the plot is left out too: pulled in, it would name
    nothing in sight. Sets each look's ``label_shift`` (or clears its label).

    ``kept``: the placements of the previous frame of a drag, at the same
    scale. A label whose arrow has not moved keeps its place (or stays left
    out) unless an arrow that moved (``moved``: its shafts' start and end
    pixels and its heads, as ``shafts`` and ``heads``) now meets it; only
    the others are placed anew. Labels then stand still while one arrow
    moves among them, and a frame places one or two labels, not every one.
    Returns the placements made, for the next frame.
    """
    made: Placements = {}
    labelled = [arrow for arrow in arrows if arrow.look.label]
    if not labelled:
        return made
    labelled.sort(key=lambda arrow: (_LABEL_PRIORITY.get(arrow.role, 3), -arrow.z))
    width_px, height_px = size
    zero = to_pixels((0.0, 0.0))
    placed: list[tuple[float, float, float, float]] = []
    if kept:
        labelled = _keep_still_labels(labelled, to_pixels, kept, moved, placed, made)
    ends_of = [to_pixels(arrow.origin) + to_pixels(arrow.tip) for arrow in labelled]
    inside = [0 <= x <= width_px and 0 <= y <= height_px for *_, x, y in ends_of]
    looks = [restyled(arrow.look, label_shift=(0.0, 0.0)) for arrow in labelled]
    # Every label's open places at once (in the plot, off every head and shaft):
    # only the labels placed before it are left to rule out, one by one.
    requests = [(e[:2], e[2:], look) for e, look, shown in zip(ends_of, looks, inside) if shown]
    open_places = iter(_open_places(requests, zero, size, shafts, heads))
    for arrow, ends, look, in_plot in zip(labelled, ends_of, looks, inside):
        start, end = ends[:2], ends[2:]
        key = (arrow.role, arrow.number, arrow.look.label)
        base = arrow.look
        box = None
        if in_plot:  # else left out: pulled in, it would name nothing in sight
            box = next((b for b in next(open_places) if not _boxes_meet(b, placed)), None)
            short = _SHORT_FORMS.get(arrow.role)
            if box is None and short is not None and short(base.label) != base.label:
                look = restyled(look, label=short(base.label))
                places = _open_places([(start, end, look)], zero, size, shafts, heads)[0]
                box = next((b for b in places if not _boxes_meet(b, placed)), None)
        if box is None:
            arrow.look = restyled(base, label="")
            made[key] = (ends, None, base, arrow.look)
            continue
        default = label_rect(start, end, look, zero)
        shift = (box[0] - default[0], box[1] - default[1])
        arrow.look = restyled(look, label_shift=(round(shift[0], 3), round(shift[1], 3)))
        placed.append(box)
        made[key] = (ends, box, base, arrow.look)
    return made


def _open_places(
    requests: list[tuple[tuple[float, float], tuple[float, float], ArrowLook]],
    zero: tuple[float, float],
    size: tuple[float, float],
    shafts: tuple[np.ndarray, np.ndarray],
    heads: np.ndarray,
) -> list[list[tuple[float, float, float, float]]]:
    """For each label (its arrow's start and end pixels, and its look): its candidate
    boxes (see :func:`_candidates`), best first, that lie in the plot and meet no
    head and no shaft.

    All the labels' candidates in one numpy pass: label by label, the checks
    cost a numpy call each (11 a step of ``scrub_ms.100_steps``).
    """
    width_px, height_px = size
    boxes: list[tuple[float, float, float, float]] = []
    owner: list[int] = []
    for index, (start, end, look) in enumerate(requests):
        width, height = label_size(look)
        for left, top in _candidates(start, end, look, zero):
            boxes.append((left, top, left + width, top + height))
            owner.append(index)
    places: list[list[tuple[float, float, float, float]]] = [[] for _ in requests]
    if not boxes:
        return places
    array = np.array(boxes)
    open_ = (
        (array[:, 0] >= 1)
        & (array[:, 1] >= 1)
        & (array[:, 2] <= width_px - 1)
        & (array[:, 3] <= height_px - 1)
    )
    rows = np.flatnonzero(open_)
    open_[rows] = ~_boxes_meet_arrows(array[rows], shafts, heads)
    for row in np.flatnonzero(open_).tolist():
        places[owner[row]].append(boxes[row])
    return places


def _boxes_meet_arrows(
    boxes: np.ndarray, shafts: tuple[np.ndarray, np.ndarray], heads: np.ndarray
) -> np.ndarray:
    """Whether each box (``(m, 4)``, pixels) meets a head's disc or comes within a
    pixel of a shaft (``shafts``: start and end pixels), as ``(m,)`` booleans.

    The heads rule out most boxes, and cost less: only the others are clipped
    against the shafts.
    """
    meet = _boxes_meet_heads(boxes, heads)
    rows = np.flatnonzero(~meet)
    if len(rows):
        margin = np.array([-1.0, -1.0, 1.0, 1.0])  # a pixel clear of every shaft
        meet[rows] = segments_hit_each(boxes[rows] + margin, *shafts)
    return meet


def _boxes_meet_heads(boxes: np.ndarray, heads: np.ndarray) -> np.ndarray:
    """Whether each box (``(m, 4)``: left, top, right, bottom, pixels) meets a head's
    disc (``heads``: centre x, y and radius, pixels), as ``(m,)`` booleans.
    """
    if not len(heads) or not len(boxes):
        return np.zeros(len(boxes), dtype=bool)
    x, y, radius = heads[:, 0], heads[:, 1], heads[:, 2]
    left, top, right, bottom = (boxes[:, i, None] for i in range(4))
    meet = (x + radius > left) & (x - radius < right) & (y + radius > top) & (y - radius < bottom)
    return meet.any(axis=1)


def _keep_still_labels(
    labelled: list[PlaneArrow],
    to_pixels: Callable[[tuple[float, float]], tuple[float, float]],
    kept: Placements,
    moved: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
    placed: list[tuple[float, float, float, float]],
    made: Placements,
) -> list[PlaneArrow]:
    """Keep the labels of arrows that stand still (see :func:`place_labels`).

    Fills ``placed`` and ``made`` with the kept ones; returns the arrows
    still to place, in their order.
    """
    still = []
    rest = []
    for arrow in labelled:
        key = (arrow.role, arrow.number, arrow.look.label)
        before = kept.get(key)
        if before is not None and before[2] == arrow.look:
            ends = to_pixels(arrow.origin) + to_pixels(arrow.tip)
            if max(abs(a - b) for a, b in zip(before[0], ends)) < 0.01:
                still.append((arrow, key, before))
                continue
        rest.append(arrow)
    boxes = np.array([before[1] for *_, before in still if before[1] is not None]).reshape(-1, 4)
    hit = np.zeros(len(boxes), dtype=bool)
    if len(boxes) and moved is not None and len(moved[0]):
        starts, ends, heads = moved
        hit = _boxes_meet_arrows(boxes, (starts, ends), heads)
    hits = iter(hit.tolist())
    pushed = set()
    for arrow, key, before in still:
        box = before[1]
        if box is not None and next(hits):
            pushed.add(id(arrow))  # an arrow moved onto it: placed anew
            continue
        arrow.look = before[3]
        made[key] = before
        if box is not None:
            placed.append(box)
    if pushed:  # back in the order labels claim their places
        pushed |= {id(arrow) for arrow in rest}
        rest = [arrow for arrow in labelled if id(arrow) in pushed]
    return rest
