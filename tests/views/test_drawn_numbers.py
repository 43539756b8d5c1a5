"""The views' own range formulas fail on the extremes; linviz.model.drawable does not.

Until the panels call :mod:`linviz.model.drawable` (window work), this
shows what each old formula does with ±1.797e308 and 5e-324, and that the
new ones give the same numbers for ordinary input (so wiring them in
changes no picture that was right).
"""

from __future__ import annotations

import math

from linviz.model import drawable as dr

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324


# -- what the views did, and why it failed --------------------------------------------------


def test_the_old_formulas_fail_on_the_extremes():
    from linviz.views.items.matrix_item import nice_limit as old_nice

    # (plane_base's own half_range, which raised OverflowError inside paint,
    # is gone: the planes take linviz.model.drawable's; tests/views/test_plane_frames.py.)
    assert old_nice(BIGGEST) == math.inf and old_nice(SMALLEST) == 0.0
    assert dr.half_range(BIGGEST, 20.0, 400.0) == 1.2e300
    assert dr.nice_limit(BIGGEST) == BIGGEST and dr.nice_limit(SMALLEST) == dr.MIN_SPAN


def test_what_stays_the_same_for_ordinary_numbers():
    from linviz.views.items.matrix_item import nice_limit as old_nice

    for largest in (0.0, 0.3, 1.0, 2.7, 3.0, 3.0000000000000004, 9.99, 11.0, 1e-5, 123456.0):
        assert dr.nice_limit(largest) == old_nice(largest), largest
