"""The ranges the views draw with come from linviz.model.drawable: finite on the extremes.

The heatmap's and the planes' own range formulas (``matrix_item.nice_limit``,
``plane_base.half_range``) raised OverflowError inside ``paint`` on ±1.797e308;
both are gone, and drawable's give the ranges the heatmap showed before for
ordinary input (so wiring them in changed no picture that was right).
"""

from __future__ import annotations

import pytest

from linviz.model import drawable as dr

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324


def test_the_extremes_get_finite_ranges():
    assert dr.half_range(BIGGEST, 20.0, 400.0) == 1.2e300
    assert dr.nice_limit(BIGGEST) == BIGGEST and dr.nice_limit(SMALLEST) == dr.MIN_SPAN


def test_the_heatmap_keeps_its_round_colour_limits_for_ordinary_numbers():
    # The colour ranges the heatmap showed before it took them from drawable.
    for largest, limit in (
        (0.0, 1.0),
        (0.3, 0.3),
        (2.7, 3.0),
        (3.0000000000000004, 3.0),
        (9.99, 10.0),
        (11.0, 12.0),
        (1e-5, 1e-5),
        (123456.0, 150000.0),
    ):
        assert dr.nice_limit(largest) == pytest.approx(limit), largest


def test_no_view_keeps_a_range_formula_of_its_own():
    from linviz.views.items import matrix_item
    from linviz.views.panels import plane_base

    # Either absent, or the very function drawable defines (imported to be used).
    for module, name in (
        (plane_base, "half_range"),
        (matrix_item, "nice_limit"),
        (matrix_item, "symmetric_limit"),
    ):
        assert getattr(module, name, None) in (None, getattr(dr, name, None)), (module, name)
