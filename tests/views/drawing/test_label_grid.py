"""The matrix numbers' grid: the widest label sizes the cells, whatever labels it holds."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.views.drawing.label_grid import LabelGrid, _label_font
from linviz.views.drawing.static_text import metrics

VALUES = st.floats(-1e6, 1e6, allow_nan=False) | st.sampled_from([0.0, -1.8, 1234.0, 5e-324])


@settings(max_examples=60, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=24), st.sampled_from([0.01, 1.0, 12.0, 1e5]))
def test_the_widest_label_is_found(qapp, values, limit):
    grid = LabelGrid()
    grid.set_values(np.array(values, dtype=float).reshape(1, -1), limit)
    font_metrics = metrics(_label_font(grid._font_px, grid._bold))
    widest = max(
        sum(font_metrics.horizontalAdvance(character) for character in text)
        for row in grid.texts()
        for text in row
    )
    assert grid.cell_width_for(grid._font_px) == pytest.approx(max(14.0, widest + 4.0), rel=1e-12)


def test_a_long_negative_number_widens_the_cells(qapp):
    grid = LabelGrid()
    grid.set_values(np.array([[1.0, 2.0]]), 12.0)
    narrow = grid.cell_width_for(13)
    grid.set_values(np.array([[1.0, -1234.0]]), 2000.0)
    assert grid.texts() == [["1", "−1234"]]
    assert grid.cell_width_for(13) > narrow
