"""The normal window on the screens of most classroom laptops: every step of every lesson legible.

At 1280×720 the full desk used to give the heatmap cells of 24 px (16 px for
the transfer challenge's 3×2 S, no number in them), the equation's vectors
10 px cells with no number, and a scroll bar over the transport row (the
heatmap's legend grew a line at the first blended cell and raised the desk's
smallest height past the window's). Each step is measured as the window shows
it: the scroll bar, the cells' pixels and the size the heatmap draws its
numbers at, each visible title's text against its label's width.
"""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtWidgets

from linviz.controller.session import Session
from linviz.model.lessons import bundled_lessons
from linviz.views.export.images import settle
from tests.views.classroom.screen_texts import axis_titles_cut, lost_numbers
from tests.views.conftest import module_window

#: Laptops' screens (every step of every lesson), and the sizes that worked before.
LAPTOPS = ((1280, 720), (1366, 768))
OTHERS = ((1024, 768), (1920, 1080))
LESSONS = tuple(lesson.name for lesson in bundled_lessons())


@pytest.fixture(scope="module")
def desk_window(qapp, tmp_path_factory):
    """One main window for the module (a build costs seconds), its settings its own."""
    with module_window(tmp_path_factory, "small_screens", Session(), LAPTOPS[0]) as win:
        yield win


def _settled() -> None:
    for _ in range(3):  # the desk fits its columns once laid out (a posted call)
        settle()


def assert_steps_fit(window, numbers) -> None:
    """Each of steps ``numbers`` shows with nothing cut, hidden or overlapping."""
    faults = []
    for number in numbers:
        window.session.set_cursor(number)
        _settled()
        faults += [f"step {number}: {fault}" for fault in _faults(window)]
    assert not faults, "\n".join(faults)


def _open(window, lesson: str, size: tuple[int, int]) -> None:
    window.resize(*size)
    window.session.open(lesson)
    _settled()
    assert window.size() == QtCore.QSize(*size)
    assert window.desk.mode == "full"


def _titles_cut(root: QtWidgets.QWidget) -> list[str]:
    """Visible one-line labels whose text is wider than the label (Qt cuts it)."""
    cut = []
    for label in root.findChildren(QtWidgets.QLabel):
        if not label.isVisibleTo(root) or label.wordWrap() or not label.text().strip():
            continue
        if label.textFormat() == QtCore.Qt.TextFormat.RichText or "<" in label.text():
            continue  # measured as laid out, not as typed
        needed = label.fontMetrics().horizontalAdvance(label.text())
        if needed > label.contentsRect().width() + 1:
            cut.append(f"{label.objectName() or label.text()!r}: {needed} px in {label.width()}")
    return cut


def _faults(window) -> list[str]:
    """What a class would miss at the step shown (empty: all legible)."""
    desk = window.desk
    faults = []
    area = desk.area
    if area.verticalScrollBar().isVisible():
        faults.append("the desk has a vertical scroll bar")
    timeline = desk.timeline
    where = QtCore.QRect(timeline.mapTo(area.viewport(), QtCore.QPoint(0, 0)), timeline.size())
    if not area.viewport().rect().contains(where):
        faults.append(f"transport row {where.getRect()} not inside {area.viewport().rect()}")
    heatmap = desk.heatmap
    rows, columns = heatmap.shown_matrix().shape
    if max(rows, columns) <= 4:
        grid = heatmap.matrix_item.labels
        needed = grid.cell_width_for(grid.smallest_font_px())
        if heatmap.cell_pixels() < needed or heatmap.numbers_font_px() is None:
            faults.append(f"heatmap cells {heatmap.cell_pixels():.1f} px print no number")
    faults += lost_numbers(area)  # the heatmap's and the equation's parts
    faults += _titles_cut(area)
    faults += axis_titles_cut(area)
    return faults


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_step_is_legible_on_a_laptop(desk_window, lesson, size):
    window = desk_window
    _open(window, lesson, size)
    assert_steps_fit(window, range(len(window.session.scenario) + 1))


@pytest.mark.parametrize("size", OTHERS, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lesson", ["crowding-the-plane", "gated-forgetting", "transfer-challenge"])
def test_the_other_sizes_stay_legible(desk_window, lesson, size):
    window = desk_window
    _open(window, lesson, size)
    assert_steps_fit(window, (1, 6, len(window.session.scenario)))


def test_the_heatmap_cells_grew_at_1280_by_720(qapp, tmp_path_factory):
    # Measured before: 24 px cells (2×2), 16 px (3×2) beside a three-line legend.
    # A window opened at that size: the desk's columns keep the proportions that
    # earlier sizes left them (the module's window has been through several).
    with module_window(tmp_path_factory, "cells_1280", Session(), (1280, 720)) as window:
        for lesson, least_px in (("crowding-the-plane", 34.0), ("transfer-challenge", 26.0)):
            _open(window, lesson, (1280, 720))
            window.session.set_cursor(6)
            _settled()
            heatmap = window.desk.heatmap
            cells = heatmap.cell_pixels()
            assert cells >= least_px, lesson
            assert heatmap.numbers_font_px() == heatmap.theme.cell_label_px
            # The same cells after the window was another size and came back.
            for size in ((1366, 768), (1280, 720)):
                window.resize(*size)
                _settled()
            assert heatmap.cell_pixels() == pytest.approx(cells), lesson


def test_titles_come_back_on_a_tall_window(desk_window):
    window = desk_window
    _open(window, "session-trace", (1280, 720))
    titles = window.desk.titles.values()
    assert not any(title.isVisibleTo(title.parentWidget()) for title in titles)
    _open(window, "session-trace", (1920, 1080))
    assert all(title.isVisibleTo(title.parentWidget()) for title in titles)


@pytest.fixture
def french(qapp):
    from linviz.views.language import set_language

    set_language("fr")
    yield
    set_language("en")


#: French words are longer: the lessons with the longest, at a laptop's and a projector's size.
FRENCH_CASES = (
    ("gated-forgetting", (1280, 720)),
    ("gated-forgetting", (1024, 768)),
    ("transfer-challenge", (1280, 720)),
    ("transfer-challenge", (1024, 768)),
)


@pytest.mark.parametrize(
    ("lesson", "size"), FRENCH_CASES, ids=[f"{name}-{w}x{h}" for name, (w, h) in FRENCH_CASES]
)
def test_every_step_is_legible_in_french(desk_window, french, lesson, size):
    # The value plane's "composante 1 de la valeur" (179 px) ran past its 247 px
    # plot here, cut at the panel's edge: a title that does not fit names the
    # component only.
    window = desk_window
    _open(window, lesson, size)
    assert_steps_fit(window, range(len(window.session.scenario) + 1))
