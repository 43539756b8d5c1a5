"""The drawing bench times each hand-painted widget and its plain Qt version."""

from __future__ import annotations

import pytest

from linviz.bench import drawing_bench


@pytest.mark.parametrize(
    "figures",
    [
        lambda: drawing_bench.term_bars_figures(2),
        lambda: drawing_bench.chip_strip_figures(2, steps=30),
        lambda: drawing_bench.steady_axes_figures(2),
        lambda: drawing_bench.raster_scale_figures(2, labels=8),
        lambda: drawing_bench.arrow_item_figures(2, arrows=3),
        lambda: drawing_bench.cell_marks_figures(2, 8),
        lambda: drawing_bench.state_thumbnail_figures(2, 8),
    ],
    ids=[
        "term_bars",
        "chip_strip",
        "steady_axes",
        "raster_scale",
        "arrow_item",
        "cell_marks",
        "state_thumbnail",
    ],
)
def test_each_pair_gives_both_medians_and_their_ratio(qapp, figures):
    result = figures()
    assert result["linviz"]["n"] == 2 and result["plain"]["n"] == 2
    assert result["linviz"]["median"] > 0 and result["plain"]["median"] > 0
    ratio = result["plain"]["median"] / result["linviz"]["median"]
    assert result["plain_over_linviz"] == pytest.approx(ratio, abs=0.01)


def test_the_command_line_offers_the_drawing_part():
    from linviz.cli import _command_parser

    options = _command_parser("bench").parse_args(["bench", "--only", "drawing", "--quick"])
    assert options.only == "drawing"
