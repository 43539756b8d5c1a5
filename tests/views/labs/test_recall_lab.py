"""The recall test's page: off the GUI thread, cancellable, the rules side by side."""

from __future__ import annotations

import math

import pytest
from PySide6 import QtCore
from PySide6.QtCore import Qt

from linviz.controller.labs import CapacityLab, CapacitySettings
from linviz.controller.session import Session
from linviz.views.labs.recall_page import RecallPage, parse_list
from tests.views.conftest import settle
from tests.views.labs.conftest import run_to_end, show_lab

SMALL = CapacitySettings(
    dims=(8, 16),
    sizes=(4, 8, 16, 32),
    similarities=(0.0, 0.5, 0.9),
    similarity_n=8,
    trials=5,
)
#: Settings that take a few seconds: long enough to act while it runs.
SLOW = CapacitySettings(
    dims=(64, 128), sizes=(64, 256, 1024, 2048), similarities=(0.0, 0.5), trials=60
)


@pytest.fixture
def small_page(qtbot, show):
    page = RecallPage(Session(), CapacityLab(SMALL), auto_run=False)
    show(page, 1200, 800)
    return page


def test_a_run_draws_one_curve_per_d_and_rule_and_marks_n_equals_d(qtbot, small_page):
    page = small_page
    assert page.lab.result is None
    assert page.figure_view.plots[("error", "additive")].notice.isVisible()
    run_to_end(qtbot, page)
    result = page.lab.result
    assert result is not None and result.complete
    curves = page.figure_view.curves
    assert {(rule, key[0]) for (_, rule, key) in curves} == {
        (rule, d) for rule in ("additive", "delta") for d in (8, 16)
    }
    x, y = curves[("error", "delta", (16, 0.0))].getData()
    assert list(x) == [math.log2(n) for n in (4, 8, 16, 32)]
    _, errors, _ = result.against_n.curve(16, "delta")
    assert list(y) == list(errors)
    marks = sorted(
        round(2 ** item.value())
        for item in page.figure_view.plots[("error", "additive")].items()
        if hasattr(item, "angle") and item.angle == 90
    )
    assert marks == [8, 16]  # N = d, one per curve
    assert not page.figure_view.plots[("error", "additive")].notice.isVisible()
    assert page.run_button.isEnabled() and not page.cancel_button.isEnabled()


def test_the_figure_shows_recall_rates_and_curves_against_similarity(qtbot, small_page):
    page = small_page
    run_to_end(qtbot, page)
    page.measure_combo.setCurrentIndex(page.measure_combo.findData("rate"))
    page.measure_combo.activated.emit(page.measure_combo.currentIndex())
    assert page.display.view.measure == "rate"
    assert set(page.figure_view.plots) == {("rate", "additive"), ("rate", "delta")}
    page.against_combo.setCurrentIndex(page.against_combo.findData("similarity"))
    page.against_combo.activated.emit(page.against_combo.currentIndex())
    assert page.display.view.against == "similarity"
    x, y = page.figure_view.curves[("rate", "additive", (8, 8.0))].getData()
    assert list(x) == [0.0, 0.5, 0.9]
    assert "8 pairs" in page.figure_view.title.text()


def test_a_run_can_be_cancelled_while_the_window_stays_responsive(qtbot, lab_window):
    window = lab_window("crowding-the-plane", (1280, 800), projector=False)
    page = window.labs.page("recall")  # built, not shown yet: nothing runs
    assert not page.runner.running
    page.lab.update(**{f: getattr(SLOW, f) for f in ("dims", "sizes", "trials")})
    seen: list[tuple[int, int]] = []
    page.runner.progressed.connect(lambda done, total: seen.append((done, total)))
    window.labs.show_tab("recall")  # the first show runs the test
    assert page.runner.running
    qtbot.waitUntil(lambda: len(seen) >= 3, timeout=30_000)
    # The GUI thread is free: a timer fires; back on the scenario, a cursor move
    # redraws its caption (a caption hidden behind the lab catches up when shown).
    timer = QtCore.QTimer()
    timer.setSingleShot(True)
    with qtbot.waitSignal(timer.timeout, timeout=2_000):
        timer.start(10)
    window.session.set_cursor(3)
    window.labs.show_tab("scenario")
    qtbot.waitUntil(lambda: "Step 3 of" in window.panels["caption"].text(), timeout=2_000)
    window.labs.show_tab("recall")
    assert page.runner.running, "the run ended before the test could cancel it"
    with qtbot.waitSignal(page.runner.finished, timeout=30_000) as finished:
        qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    result = finished.args[0]
    assert not result.complete
    total = seen[-1][1]
    done = [d for d, _ in seen]
    assert done == sorted(done) and done[-1] < total  # it advanced, and stopped early
    assert page.lab.result is result  # the points finished are kept
    assert "cancelled" in page.figure_view.subtitle.text()
    assert page.run_button.isEnabled() and not page.cancel_button.isEnabled()


def test_a_result_for_changed_settings_is_dropped(qtbot, small_page):
    page = small_page
    with qtbot.waitSignal(page.runner.finished, timeout=60_000):
        page.run()
        page.trials_spin.setValue(6)  # during the run: its result is for old settings
    settle()
    assert page.lab.settings.trials == 6 and page.lab.result is None
    assert page.figure_view.plots[("error", "additive")].notice.isVisible()


def type_into(edit, text: str) -> None:
    """Type ``text`` into a list field as a user does: edited, then left."""
    edit.setText(text)
    edit.setModified(True)
    edit.editingFinished.emit()


def test_settings_are_typed_into_the_lab_and_bad_ones_refused(qtbot, small_page):
    page = small_page
    heard = []
    page.message.connect(heard.append)
    type_into(page.dims_edit, "4, 12")
    assert page.lab.settings.dims == (4, 12)
    type_into(page.dims_edit, "4, twelve")
    assert page.lab.settings.dims == (4, 12) and page.dims_edit.text() == "4, 12"
    assert "twelve" in heard[-1]
    type_into(page.sizes_edit, "0, 8")
    assert page.lab.settings.sizes == SMALL.sizes and "n must" in heard[-1]
    page.keys_combo.setCurrentIndex(page.keys_combo.findData("similar"))
    page.keys_combo.activated.emit(page.keys_combo.currentIndex())
    assert page.lab.settings.keys == "similar" and page.similarity_spin.isEnabled()
    assert parse_list("16; 32 64", int) == (16, 32, 64)


def test_french_decimal_commas_are_read_as_decimal_marks(qtbot, small_page):
    """A French class types "0,3 ; 0,55": that was read as the values 0, 3, 0, 55."""
    from linviz.views.language import set_language

    # The rule every editor reads a typed vector by: a semicolon makes commas decimal.
    assert parse_list("0,3 ; 0,55", float) == (0.3, 0.55)
    assert parse_list("0.3, 0.55 0.7", float) == (0.3, 0.55, 0.7)
    assert parse_list("16 ; 32 ; 64", int) == parse_list("16, 32 64", int) == (16, 32, 64)
    page = small_page
    try:
        set_language("fr")
        type_into(page.similarities_edit, "0,3 ; 0,55")
        assert page.lab.settings.similarities == (0.3, 0.55)
        type_into(page.dims_edit, "4 ; 12")
        assert page.lab.settings.dims == (4, 12)
        # Shown back as French writes numbers, and read back the same.
        assert page.similarities_edit.text() == "0,3 ; 0,55"
        assert page.dims_edit.text() == "4 ; 12"
        # One similarity has no semicolon to say its comma is a decimal one; whole
        # numbers have no decimal comma, so a comma between them still separates.
        type_into(page.similarities_edit, "0,3")
        assert page.lab.settings.similarities == (0.3,)
        type_into(page.dims_edit, "4,16")
        assert page.lab.settings.dims == (4, 16)
        type_into(page.similarities_edit, "0,3 ; 0,55")
    finally:
        set_language("en")
    assert page.similarities_edit.text() in ("0,3 ; 0,55", "0.3, 0.55")


def test_projector_layout_hides_the_settings_form_only(qtbot, lab_window):
    window = lab_window("session-trace", (1024, 768), projector=True)
    page = show_lab(window, "recall")
    qtbot.waitUntil(lambda: not page.runner.running, timeout=60_000)
    assert not page.settings_box.isVisible()
    for widget in (page.keys_combo, page.run_button, page.cancel_button, page.progress):
        assert widget.isVisible()
    window.set_projector_mode(False)
    settle()
    assert page.settings_box.isVisible()


def test_one_trial_and_one_pair_are_said_in_the_singular(qtbot, show):
    """The least settings said "1 trials a point" and "Store 1 pairs of similar keys"."""
    from dataclasses import replace

    page = RecallPage(
        Session(), CapacityLab(replace(SMALL, trials=1, similarity_n=1)), auto_run=False
    )
    show(page, 1200, 800)
    page.display.update(against="similarity")
    settle()
    assert "· 1 trial a point ·" in page.figure_view.subtitle.text().replace("\u00a0", " ")
    assert page.figure_view.title.text() == "Store 1 pair of similar keys, read it back"
