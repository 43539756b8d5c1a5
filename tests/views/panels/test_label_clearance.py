"""A label box is ruled out exactly where an arrow's shaft touches it.

:func:`segments_hit_each` decides which of a label's candidate places meet
a shaft; it skips the pairs whose bounding boxes do not overlap. The oracle
here is another test altogether (separating axes, in exact integer
arithmetic): a segment misses a closed box when one lies wholly beside the
other along x or y, or when all four corners lie strictly on one side of
the segment's line.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.views.items.plane_arrows import segments_hit_each


def meets(box: tuple[int, int, int, int], start: tuple[int, int], end: tuple[int, int]) -> bool:
    """Whether the segment start → end touches the closed box (separating axes)."""
    left, top, right, bottom = box
    (x0, y0), (x1, y1) = start, end
    if max(x0, x1) < left or min(x0, x1) > right or max(y0, y1) < top or min(y0, y1) > bottom:
        return False
    sides = [
        (x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)
        for cx, cy in ((left, top), (right, top), (left, bottom), (right, bottom))
    ]
    return not (all(side > 0 for side in sides) or all(side < 0 for side in sides))


coordinate = st.integers(0, 60)
point = st.tuples(coordinate, coordinate)
box = st.tuples(coordinate, coordinate, st.integers(0, 20), st.integers(0, 20)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3])
)


@settings(max_examples=300, deadline=None)
@given(st.lists(box, max_size=12), st.lists(st.tuples(point, point), max_size=12))
def test_a_box_is_met_exactly_where_a_shaft_touches_it(boxes, segments):
    starts = np.array([s for s, _ in segments], dtype=float).reshape(-1, 2)
    ends = np.array([e for _, e in segments], dtype=float).reshape(-1, 2)
    expected = [any(meets(b, s, e) for s, e in segments) for b in boxes]
    assert segments_hit_each(np.array(boxes, dtype=float), starts, ends).tolist() == expected


def test_touching_an_edge_a_corner_or_lying_inside_meets_and_a_near_miss_does_not():
    box = np.array([[10.0, 10.0, 20.0, 20.0]])

    def hit(start, end) -> bool:
        return bool(segments_hit_each(box, np.array([start], float), np.array([end], float))[0])

    assert hit((20, 0), (20, 30))  # runs along the right edge
    assert hit((0, 0), (10, 10))  # ends on the top-left corner
    assert hit((12, 12), (12, 12))  # a point inside
    assert hit((0, 15), (30, 15))  # crosses through
    assert not hit((0, 9), (30, 9))  # passes just above
    assert not hit((0, 2), (9, 11))  # a diagonal stopping short of the corner
    assert not hit((21, 21), (21, 21))  # a point outside
    assert not segments_hit_each(box, np.zeros((0, 2)), np.zeros((0, 2))).any()
