"""The cost lab: it measures here, draws the fitted lines through its points, stops when asked."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from linviz.controller.cost_lab import CostLab, CostResult, CostSettings
from linviz.controller.session import Session
from linviz.model import token_costs
from linviz.views.labs.cost_page import CostPage
from linviz.views.number_text import NARROW_NO_BREAK, WORD_JOINER
from tests.views.conftest import settle
from tests.views.labs.conftest import show_lab
from tests.views.labs.lab_text_boxes import all_boxes, problems

SMALL = CostSettings(longest=2_000, points=4, d=8, repeat=1)


def plain(label) -> str:
    text = label.text().replace(WORD_JOINER, "")
    return text.replace(NARROW_NO_BREAK, " ").replace("\u00a0", " ")


def cost_page(show, settings: CostSettings = SMALL) -> CostPage:
    page = CostPage(Session(), CostLab(settings), auto_run=False)
    show(page, 1200, 760)
    return page


def measured(qtbot, page: CostPage) -> None:
    """Press Measure and wait for the run's end."""
    with qtbot.waitSignal(page.runner.finished, timeout=120_000):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    settle()


def test_a_small_measurement_runs_to_completion(qtbot, show):
    page = cost_page(show)
    assert page.lab.result is None and "press Measure" in page.status.text()
    assert page.token_plot.notice.isVisible()
    measured(qtbot, page)
    result = page.lab.result
    assert result is not None and result.complete
    assert [row.tokens for row in result.rows] == [500, 1_000, 1_500, 2_000]
    assert all(row.softmax_seconds > 0 and row.state_seconds > 0 for row in result.rows)
    assert page.progress.value() == page.progress.maximum() == 4
    assert page.status.text() == "Measured 4 lengths"
    assert page.run_button.isEnabled() and not page.stop_button.isEnabled()
    assert not page.token_plot.notice.isVisible()
    readout = plain(page.readout)
    assert "per cached token" in readout and "Measured at n = 2,000" in readout
    header, rows = page.csv_table()
    assert header[0] == "tokens" and [row[0] for row in rows] == [500, 1_000, 1_500, 2_000]


def test_the_lines_are_the_fit_through_the_points_drawn(qtbot, show):
    page = cost_page(show)
    measured(qtbot, page)
    rows = page.lab.result.rows
    tokens = [row.tokens for row in rows]
    lines = token_costs.fit(
        tokens,
        [row.softmax_seconds for row in rows],
        [row.state_seconds for row in rows],
        relative=False,  # evenly spaced lengths: plain least squares
    )
    assert rows[0].fit == lines  # the model's fit of exactly these measurements
    x, soft, state = page.shown_points()
    np.testing.assert_array_equal(x, tokens)
    scale = soft[0] / rows[0].softmax_seconds  # the plot's time unit
    np.testing.assert_allclose(state, [row.state_seconds * scale for row in rows])
    line_x, line_y = page.soft_line.getData()
    assert line_x[0] == 0 and line_x[-1] == 2_000
    # The O(n) line at each measured length is the fit's a + b·n; the O(1) line is c.
    at_points = np.interp(tokens, line_x, line_y)
    np.testing.assert_allclose(at_points, [lines.softmax_token(n) * scale for n in tokens])
    _, flat = page.state_line.getData()
    np.testing.assert_allclose(flat, lines.constant * scale)
    total_x, total_y = page.soft_total.getData()
    _, state_total = page.state_total.getData()
    ratio = total_y[-1] / lines.softmax_total(2_000)
    assert state_total[-1] == pytest.approx(lines.state_total(2_000) * ratio)
    assert [tag.toPlainText() for tag in (page.soft_tag, page.state_tag)] == [
        "softmax O(n)",
        "state O(1)",
    ]
    assert page.soft_total_tag.toPlainText() == "softmax O(T²)"


def test_curves_that_end_together_keep_their_labels_apart(qtbot, show, monkeypatch):
    # A short cache on a busy computer: softmax and the state take the same time,
    # so both lines end at one spot and their labels were drawn over each other.
    page = cost_page(show)
    lengths = page.lab.settings.lengths()
    seconds = [2e-6] * len(lengths)
    fit = token_costs.fit(lengths, seconds, seconds, relative=False)
    rows = tuple(token_costs.CostRow(n, 2e-6, 2e-6, fit) for n in lengths)
    page.lab.deliver(CostResult(page.lab.settings, rows, complete=True))
    settle()
    tags = [page.soft_tag, page.state_tag, page.soft_total_tag, page.state_total_tag]
    assert all(tag.isVisible() for tag in tags)
    found = problems(all_boxes(page, monkeypatch))
    assert not found, "\n".join(found)
    # Each label still names its own line: the one moved stays beside the lines' end.
    for plot, soft, state in (
        (page.token_plot, page.soft_tag, page.state_tag),
        (page.total_plot, page.soft_total_tag, page.state_total_tag),
    ):
        area = plot.view_box.sceneBoundingRect()
        boxes = [tag.mapRectToScene(tag.boundingRect()) for tag in (soft, state)]
        assert all(area.contains(box) for box in boxes)
        assert abs(boxes[0].center().y() - boxes[1].center().y()) < 3 * boxes[0].height()


def test_stop_keeps_the_lengths_measured_so_far(qtbot, show):
    page = cost_page(show, CostSettings(longest=200_000, points=50, d=64, repeat=5))
    with qtbot.waitSignal(page.runner.progressed, timeout=120_000):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    assert page.runner.running and page.stop_button.isEnabled()
    assert not page.run_button.isEnabled()
    with qtbot.waitSignal(page.runner.finished, timeout=120_000) as finished:
        qtbot.mouseClick(page.stop_button, Qt.MouseButton.LeftButton)
    settle()
    result = finished.args[0]
    assert not result.complete and 1 <= len(result.rows) < 50
    assert page.lab.result is result
    assert page.status.text() == f"Stopped: {len(result.rows)} of 50 lengths measured"
    assert page.run_button.isEnabled() and not page.stop_button.isEnabled()
    assert len(page.shown_points()[0]) == len(result.rows)  # what was measured is drawn


def test_closing_the_page_stops_its_run(qtbot, show):
    page = cost_page(show, CostSettings(longest=200_000, points=50, d=64, repeat=5))
    with qtbot.waitSignal(page.runner.progressed, timeout=120_000):
        page.run()
    page.close_lab()
    assert not page.runner.running
    assert page.runner._ended.is_set()  # the worker has returned


def test_a_setting_out_of_range_is_refused_in_the_status_bar(qtbot, show):
    page = cost_page(show)
    with qtbot.waitSignal(page.message) as said:
        page.d_spin.setValue(512)  # 2,000 tokens at d = 512 still fits …
        page.longest_spin.setValue(1_000_000)  # … a million does not
    assert "tokens" in said.args[0]
    assert page.lab.settings.longest == 2_000 and page.longest_spin.value() == 2_000


def test_in_projector_mode_it_measures_by_itself_and_every_text_fits(
    qtbot, lab_window, monkeypatch, tmp_path
):
    window = lab_window("session-trace", (1024, 768), projector=True)
    page = show_lab(window, "cost")  # the first showing measures the default lengths
    qtbot.waitUntil(
        lambda: page.lab.result is not None and page.lab.result.complete, timeout=120_000
    )
    settle()
    assert page.compact and len(page.shown_points()[0]) == len(page.lab.settings.lengths())
    assert not page.d_spin.isVisible() and page.run_button.isVisible()
    found = problems(all_boxes(page, monkeypatch), 18)
    assert not found, "\n".join(found)
    image = page.export_image(tmp_path / "cost.png")
    assert image.stat().st_size > 0
