"""Memory filling up: singular values and ranks along the timeline, d marked, cheap while hidden."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.controller.commands import RemoveStep
from linviz.controller.session import Session
from linviz.views.labs.spectrum_page import SpectrumPage
from tests.views.conftest import settle


def shown(label) -> str:
    """A label's text with its no-break spaces as the spaces a reader sees."""
    return label.text().replace("\u00a0", " ")


def spectrum_page(show, lesson: str = "crowding-the-plane", cursor: int = 7) -> SpectrumPage:
    session = Session()
    session.open(lesson)
    session.set_cursor(cursor)
    page = SpectrumPage(session)
    show(page, 1100, 760)
    return page


def test_the_rank_fills_up_to_d_and_d_is_marked(qtbot, show):
    page = spectrum_page(show)
    steps, effective = page.effective_curve.getData()
    _, rank = page.rank_curve.getData()
    assert list(steps) == list(range(len(page.session.scenario) + 1))
    assert rank[0] == 0 and rank.max() == 2  # two directions, then no more
    assert page.d_line.value() == 2
    assert "d = 2" in page.d_label.toPlainText()
    assert effective.max() <= 2 + 1e-9
    sigma = page.lab.result.singular_values
    for index, curve in enumerate(page.value_curves[:2]):
        np.testing.assert_allclose(curve.getData()[1], sigma[:, index])


def test_the_cursor_line_and_readout_follow_the_cursor(qtbot, show):
    page = spectrum_page(show, cursor=7)
    drawn = page.draw_count
    page.session.set_cursor(3)
    settle()
    assert all(line.value() == 3 for line in page.cursor_lines)
    assert shown(page.readout).startswith("At step 3: 2 writes · effective rank")
    assert page.draw_count == drawn  # a cursor move does not recompute the spectrum


def test_keys_can_be_measured_instead_of_the_state(qtbot, show):
    page = spectrum_page(show)
    page.source_combo.setCurrentIndex(page.source_combo.findData("keys"))
    page.source_combo.activated.emit(page.source_combo.currentIndex())
    settle()
    assert page.lab.settings.source == "keys" and page.lab.result.source == "keys"
    assert "stored keys" in page.title.text()


def test_a_drag_redraws_at_most_every_few_tenths_of_a_second(qtbot, show):
    page = spectrum_page(show)
    session = page.session
    drawn = page.draw_count
    session.begin_drag(1, "vector")
    for step in range(1, 11):
        session.drag_to(np.array([1.0, 0.05 * step]))
    assert page.draw_count == drawn  # not once per move
    qtbot.waitUntil(lambda: page.draw_count == drawn + 1, timeout=3_000)
    session.end_drag()
    assert page.draw_count == drawn + 2  # caught up at once when the drag ends
    np.testing.assert_allclose(session.scenario.step(1).vector, [1.0, 0.5])


def test_a_hidden_page_computes_nothing(qtbot, show):
    page = spectrum_page(show)
    page.hide()
    drawn = page.draw_count
    page.session.execute(RemoveStep(7))  # an edit, then a cursor move: the lab changes twice
    page.session.set_cursor(2)
    settle()
    assert page.draw_count == drawn
    page.show()
    settle()
    assert page.draw_count == drawn + 1
    assert page.effective_curve.getData()[0][-1] == pytest.approx(6)


def test_a_state_near_the_largest_float_is_drawn_to_scale_and_said_truly(qtbot, show):
    """S of 1.79e308: the σ plot's range ran to inf (the curves off the plot, the axis
    "σ (x1e+27)" with one tick), and the readout said "effective rank nan · rank 0"."""
    from linviz.model.scenario import Scenario, write

    scenario = Scenario(
        2,
        2,
        [
            write([1.79e308, 5e-324], [1e-300, 1.0], "a"),
            write([1e-300, 1.0], [1e300, -1.79e308], "b"),
        ],
    )
    session = Session(scenario)
    session.set_cursor(2)
    page = SpectrumPage(session)
    show(page, 1100, 760)
    qtbot.waitUntil(lambda: page.lab.result is not None and "rank 2" in shown(page.readout))
    settle()
    assert "nan" not in page.readout.text()
    (_, _), (low, high) = page.values_plot.view_box.viewRange()
    assert np.isfinite([low, high]).all() and 0 < high <= 1.1e300
    for curve in page.value_curves[:2]:
        _, sigma = curve.getData()
        assert np.isfinite(sigma).all() and sigma.max() <= high
    axis = page.values_plot.getPlotItem().getAxis("left")
    assert "x1e" not in axis.labelString() and len(page.values_plot.shown_ticks("left")) >= 2


def test_both_plots_line_up_and_mark_whole_steps(qtbot, show):
    """The σ plot's wider labels ("5e+299") shifted it right of the rank plot below,
    and a 4-step scenario had ticks at step 0.5, 1.5 …"""
    from linviz.model.scenario import Scenario, read, write

    scenario = Scenario(
        2,
        2,
        [
            write([1e300, 0.0], [1.0, 0.0], "a"),
            write([0.0, 1.0], [0.0, 1.0], "b"),
            read([1.0, 0.0], "r"),
            read([0.0, 1.0], "r2"),
        ],
    )
    session = Session(scenario)
    session.set_cursor(3)
    page = SpectrumPage(session)
    show(page, 1100, 760)
    qtbot.waitUntil(lambda: page.lab.result is not None)
    settle()
    plots = (page.values_plot, page.rank_plot)
    values, ranks = (plot.view_box.sceneBoundingRect() for plot in plots)
    assert "e+" in " ".join(text for _, text in page.values_plot.shown_ticks("left"))
    assert values.left() == ranks.left() and values.width() == ranks.width()
    steps = [value for value, _ in page.rank_plot.shown_ticks("bottom")]
    assert steps == [0.0, 1.0, 2.0, 3.0, 4.0]
