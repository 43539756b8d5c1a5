"""The views' own range formulas fail on the extremes; linviz.model.drawable does not.

Until the panels call :mod:`linviz.model.drawable` (window work), this
shows what each old formula does with ±1.797e308 and 5e-324, and that the
new ones give the same numbers for ordinary input (so wiring them in
changes no picture that was right).
"""

from __future__ import annotations

import pytest

from linviz.model import drawable as dr

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324


# -- what the views did, and why it failed --------------------------------------------------


def test_the_old_formulas_fail_on_the_extremes():
    from linviz.views.panels.plane_base import half_range as old_half_range

    with pytest.raises(OverflowError):
        old_half_range(BIGGEST, 20.0, 400.0)  # the OverflowError raised inside paint
    assert dr.half_range(BIGGEST, 20.0, 400.0) == 1.2e300
    assert dr.nice_limit(BIGGEST) == BIGGEST and dr.nice_limit(SMALLEST) == dr.MIN_SPAN


def test_what_stays_the_same_for_ordinary_numbers():
    from linviz.views.panels.plane_base import half_range as old_half_range

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
    for extent in (0.0, 0.5, 1.0, 3.3, 10.0, 1e6):
        for margin, plot in ((20.0, 400.0), (0.0, 50.0), (300.0, 400.0)):
            assert dr.half_range(extent, margin, plot) == old_half_range(extent, margin, plot)
