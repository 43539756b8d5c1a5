"""The step as an equation: S_before + k vᵀ = S_after for a write, qᵀ × S = y for a read."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.number_text import MINUS
from linviz.views.panels.equation import EquationPanel, row_layout
from tests.views.conftest import settle

# The offscreen platform says this whenever a window's size hints change; harmless.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def panel(show, lesson_session):
    equation = EquationPanel(lesson_session)
    show(equation)
    return equation


def viewport_rect(panel: EquationPanel, item) -> QtCore.QRectF:
    """Where a graphics item is drawn, in the view's pixels."""
    return panel.graphics.mapFromScene(item.sceneBoundingRect()).boundingRect().toRectF()


def assert_side_by_side(panel: EquationPanel) -> None:
    """Parts, operators and captions are inside the view, left to right, not overlapping."""
    view = QtCore.QRectF(panel.graphics.viewport().rect()).adjusted(-1, -1, 1, 1)
    parts = [viewport_rect(panel, item) for item in panel.parts]
    captions = [viewport_rect(panel, item) for item in panel.caption_items]
    operators = [
        viewport_rect(panel, item)
        for item, text in zip(panel.operator_items, panel.shown_operators())
        if text
    ]
    for rect in parts + captions + operators:
        assert view.contains(rect), (rect, view)
    for row in (parts, captions):
        for left, right in zip(row, row[1:]):
            assert left.right() <= right.left() + 0.5
    for part, caption in zip(parts, captions):
        assert caption.top() >= part.bottom() - 0.5  # the caption is under its part
    for operator in operators:
        assert not any(operator.intersects(p) for p in parts)


# -- a write ---------------------------------------------------------------------------------
def test_a_write_shows_before_plus_stamp_equals_after(panel, lesson_session):
    lesson_session.set_cursor(5)  # k3 = (0.8, 0.6), v3 = (0, -5)
    parts = panel.shown_parts()
    assert [caption for caption, _ in parts] == ["S before", "stamp k v\u1d40", "S after"]
    np.testing.assert_allclose(parts[0][1], [[3, 1], [-2, 4]])
    np.testing.assert_allclose(parts[1][1], [[0, -4], [0, -3]])
    np.testing.assert_allclose(parts[2][1], [[3, -3], [-2, 1]])
    assert panel.shown_operators() == ["", "+", "="]
    assert "write k3" in panel.heading.text()
    assert_side_by_side(panel)


def test_the_stamp_rows_are_lit(panel, lesson_session):
    lesson_session.set_cursor(5)  # k3 touches both rows
    assert all(item.marks.lit_rows() == [0, 1] for item in panel.parts)
    lesson_session.set_cursor(2)  # k2 = (0, 1): only row 1
    assert all(item.marks.lit_rows() == [1] for item in panel.parts)


def test_numbers_show_in_a_lesson(panel, lesson_session):
    lesson_session.set_cursor(5)
    stamp = panel.parts[1]
    assert stamp.labels.texts() == [["0", f"{MINUS}4"], ["0", f"{MINUS}3"]]
    cell = viewport_rect(panel, stamp).width() / 2
    assert cell > 40
    assert stamp.labels.fitted_font_px(cell, cell) is not None


def test_a_decay_is_shown_as_a_factor(show):
    session = Session()
    session.open("gated-forgetting")
    equation = EquationPanel(session)
    show(equation)
    session.set_cursor(3)  # the lesson's second write
    record = session.snapshot().write
    assert record is not None and record.decay == pytest.approx(0.8)
    assert equation.shown_operators()[0] == "0.8 \u00d7"
    (_, before), (_, stamp), (_, after) = equation.shown_parts()
    np.testing.assert_allclose(after, 0.8 * before + stamp)
    heading = equation.heading.text()
    assert heading.replace("\xa0", " ").endswith(
        "S \u2190 \u03b1\u00b7S + k v\u1d40 with \u03b1 = 0.8"
    )
    # Each formula whole: a 1024x768 projector ended a line at "with α" ("= 0.8" under it).
    for formula in ("S \u2190 \u03b1\u00b7S + k v\u1d40", "\u03b1 = 0.8"):
        assert formula.replace(" ", "\xa0") in heading
    assert_side_by_side(equation)


# -- a read ----------------------------------------------------------------------------------
def test_a_read_shows_query_times_state_equals_output(panel, lesson_session):
    lesson_session.set_cursor(7)  # read k3 = (0.8, 0.6) -> (1.2, -1.8)
    parts = panel.shown_parts()
    assert [caption for caption, _ in parts] == ["query q\u1d40", "S", "output y"]
    np.testing.assert_allclose(parts[0][1], [[0.8, 0.6]])
    np.testing.assert_allclose(parts[1][1], [[3, -3], [-2, 1]])
    np.testing.assert_allclose(parts[2][1], [[1.2, -1.8]])
    assert panel.shown_operators() == ["", "\u00d7", "="]
    assert_side_by_side(panel)
    # Rows and columns counted from 1, as in the course.
    assert panel.parts[2].tooltip_for(0, 1) == f"output y [1, 2] = {MINUS}1.8"


def test_the_rows_a_query_touches_are_lit(panel, lesson_session):
    lesson_session.set_cursor(3)  # read with k1 = (1, 0)
    query, state, output = panel.parts
    assert state.marks.lit_rows() == [0]
    assert query.marks.lit_columns() == [0]
    assert output.marks.lit_rows() == [] and output.marks.lit_columns() == []


def test_a_normalised_read_shows_the_division(show):
    scenario = Scenario(
        2, 2, [write([1, 0], [2, 4], "a"), read([1, 0], "r")], feature_map="elu+1", normalize=True
    )
    session = Session(scenario)
    equation = EquationPanel(session)
    show(equation)
    session.set_cursor(2)
    result = session.snapshot().read
    assert result is not None and result.denominator is not None
    assert equation.shown_operators()[2].startswith("\u00f7")
    assert equation.shown_parts()[0][0] == "query \u03c6(q)\u1d40"
    np.testing.assert_allclose(equation.shown_parts()[2][1], [result.output])
    # z and the divisor as numbers, not only "÷ 5": φ(a) = (2, 1) = z, φ(q) = (2, 1).
    assert equation.shown_operators()[2] == "\u00f7 5 ="
    heading = equation.heading.text().replace("\xa0", " ")
    assert "z = [2, 1], \u03c6(q)\u1d40z = 5" in heading


def test_a_long_operator_never_covers_the_matrices_beside_it(show):
    """feature-map step 5 in a narrow panel (the desk's at 1024×768, French).

    The layout shrank "÷ 12,15 =" to fit its gap; the next refresh set the
    full size back, and the text covered S and the output's first cell.
    """
    from linviz.views.language import set_language

    session = Session()
    session.open("feature-map")
    session.set_cursor(5)
    try:
        set_language("fr")
        equation = EquationPanel(session)
        show(equation, 274, 125)

        for _ in range(2):  # laid out, then refreshed with nothing to lay out anew
            equation.refresh()
            settle()
            divide = equation.operator_items[2]
            assert divide.toPlainText().startswith("\u00f7 12,15")
            text = viewport_rect(equation, divide.textItem)
            s, y = (
                viewport_rect(equation, equation.parts[1]),
                viewport_rect(equation, equation.parts[2]),
            )
            assert s.right() <= text.left() + 4 and text.right() <= y.left() + 4, (s, text, y)
    finally:
        set_language("en")


# -- following the cursor, empty memory, large d ------------------------------------------
def test_the_equation_follows_the_cursor(panel, lesson_session):
    lesson_session.set_cursor(1)
    assert panel.shown_parts()[0][0] == "S before"
    np.testing.assert_allclose(panel.shown_parts()[2][1], [[3, 1], [0, 0]])
    lesson_session.set_cursor(3)
    assert panel.shown_parts()[0][0] == "query q\u1d40"


def test_empty_memory_shows_a_message(show):
    equation = EquationPanel(Session())
    show(equation)
    assert equation.shown_parts() == []
    assert equation.empty_label.isVisible()
    assert not equation.graphics.isVisible()
    assert "nothing has been written" in equation.empty_label.text()


def test_a_first_write_replaces_the_message(show):
    session = Session()
    equation = EquationPanel(session)
    show(equation)
    from linviz.controller.commands import InsertStep

    session.execute(InsertStep(1, write([1, 0], [2, 3], "w1")))
    assert equation.graphics.isVisible() and not equation.empty_label.isVisible()
    np.testing.assert_allclose(equation.shown_parts()[1][1], [[2, 3], [0, 0]])


def test_large_states_degrade_to_colours(show):
    d = 64
    rng = np.random.default_rng(5)
    steps = [write(rng.normal(size=d), rng.normal(size=d), f"w{i}") for i in range(5)]
    steps.append(read(np.eye(d)[3], "r"))
    session = Session(Scenario(d, d, steps))
    equation = EquationPanel(session)
    show(equation, 900, 360)
    for number in (5, 6):
        session.set_cursor(number)
        settle()
        state = equation.parts[1]
        cell = viewport_rect(equation, equation.parts[2]).width() / d
        assert state.labels.fitted_font_px(cell, cell) is None  # no numbers, just colours
        assert_side_by_side(equation)
    # The 1 × 64 query and output are drawn thicker than one 64th of S.
    query_rect = viewport_rect(equation, equation.parts[0])
    assert query_rect.height() >= 12
    assert equation.parts[1].marks.lit_rows() == [3]


@pytest.mark.parametrize("width", [900, 480])
def test_projector_theme_keeps_everything_apart(panel, lesson_session, width):
    panel.resize(width, 300)
    lesson_session.set_options(projector=True)
    for number in (5, 7):
        lesson_session.set_cursor(number)
        settle()
        assert_side_by_side(panel)


def test_row_layout_keeps_wide_captions_apart():
    total, lefts, operators = row_layout(10.0, [1, 2, 1], [0.0, 30.0, 30.0], [80.0, 20.0, 80.0])
    centres = [left + width * 10 / 2 for left, width in zip(lefts, [1, 2, 1])]
    assert centres[0] >= 40.0  # the first caption is not cut off
    assert centres[1] - centres[0] >= (80 + 20) / 2  # neighbours' captions do not meet
    assert total - centres[2] >= 40.0
    assert len(operators) == 3


def test_a_drag_at_d64_writes_no_cell_label_but_a_lesson_still_sizes_its_numbers(
    show, lesson_session, monkeypatch
):
    """At d = 64 the cells are too low for numbers: their 4,096 labels are not written
    on every move. In a 2×2 lesson the cells still widen for "−1.8"."""
    from linviz.views.drawing import label_grid

    written = []
    real = label_grid.cell_texts
    monkeypatch.setattr(
        label_grid, "cell_texts", lambda values, limit: written.append(1) or real(values, limit)
    )
    d = 64
    rng = np.random.default_rng(5)
    steps = [write(rng.normal(size=d), rng.normal(size=d), f"w{i}") for i in range(5)]
    session = Session(Scenario(d, d, steps))
    equation = EquationPanel(session)
    show(equation, 900, 360)
    session.set_cursor(5)
    settle()
    session.begin_drag(5, "vector")
    for scale in (1.1, 1.2, 1.3):
        session.drag_to(steps[4].vector * scale)
        settle()
    session.end_drag()
    assert written == []
    # The lesson: its numbers are measured, and shown.
    lesson = EquationPanel(lesson_session)
    show(lesson)
    lesson_session.set_cursor(1)
    settle()
    assert written
    stamp = lesson.parts[1]
    cell = viewport_rect(lesson, stamp).width() / 2
    assert stamp.labels.fitted_font_px(cell, cell) is not None
