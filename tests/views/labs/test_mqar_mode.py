"""The recall lab's MQAR mode: recall of Zoology's task against the state size, both rules."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.labs import CapacityLab, CapacitySettings
from linviz.controller.mqar_lab import MqarJob, MqarLab, MqarSettings
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.mqar import recall_accuracy
from linviz.views.labs.recall_page import RecallPage
from tests.views.conftest import settle


@pytest.fixture
def page(qtbot, show):
    page = RecallPage(Session(), CapacityLab(CapacitySettings(trials=2)), auto_run=False)
    show(page, 1200, 800)
    return page


def choose_mqar(qtbot, page):
    combo = page.task_combo
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down)  # the second task: MQAR
    settle()
    assert page.display.view.task == "mqar"
    measured(qtbot, page)


def measured(qtbot, page) -> None:
    """Wait until the worker has measured the current settings and the view drew them."""
    view = page.mqar
    qtbot.waitUntil(
        lambda: (
            view.lab.delivered is not None
            and view.lab.delivered.complete
            and not view.runner.running
        ),
        timeout=60_000,
    )
    settle()


def test_choosing_mqar_shows_its_curves_and_zoologys_state_sizes(qtbot, page):
    assert not page.mqar.isVisible() and page.figure() is page.figure_view
    choose_mqar(qtbot, page)
    assert page.mqar.isVisible() and not page.run_button.isVisible()
    assert page.figure() is page.mqar.figure_box
    settings = page.mqar.lab.settings
    expected = recall_accuracy(settings.pairs, settings.dims, trials=settings.trials)
    for rule in ("additive", "delta"):
        x, y = page.mqar.curves[rule].getData()
        points = [p for p in expected if p.rule == rule]
        assert list(x) == [math.log2(p.d * p.d) for p in points]  # d_k · d_v, log scale
        assert list(y) == [p.accuracy for p in points]
    assert y[0] < 0.5 and y[-1] == 1.0  # crowded at d = 2, every query recalled at d = 64
    text = page.mqar.formulas.text()
    assert "H · d_k · d_v numbers (4,096 for one head at d = 64)" in text
    assert "2 · d_model · L (8,192 at d_model = 64, L = 64)" in text
    assert page.mqar.title.text() == "MQAR (Zoology): 16 pairs in 64 tokens, 8 sequences a point"


def test_a_new_setting_measures_again(qtbot, page):
    choose_mqar(qtbot, page)
    spin = page.mqar.pairs_spin
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "32")
    QTest.keyClick(spin, Qt.Key.Key_Return)
    measured(qtbot, page)
    assert page.mqar.lab.settings.pairs == 32
    assert "32 pairs in 128 tokens" in page.mqar.title.text()
    edit = page.mqar.dims_edit
    edit.setFocus()
    edit.selectAll()
    QTest.keyClicks(edit, "8, 64")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    measured(qtbot, page)
    assert page.mqar.lab.settings.dims == (8, 64)
    x, _ = page.mqar.curves["delta"].getData()
    assert list(x) == [6.0, 12.0]


def test_a_bad_size_is_refused_and_the_settings_kept(qtbot, page):
    choose_mqar(qtbot, page)
    messages = []
    page.message.connect(messages.append)
    edit = page.mqar.dims_edit
    edit.setFocus()
    edit.selectAll()
    QTest.keyClicks(edit, "8, 999")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    settle()
    assert messages and "512" in messages[-1]
    assert page.mqar.lab.settings.dims == MqarSettings().dims
    assert edit.text() == "2, 4, 8, 16, 32, 64"
    edit.setFocus()
    edit.selectAll()
    QTest.keyClicks(edit, "8, x")
    QTest.keyClick(edit, Qt.Key.Key_Return)
    settle()
    assert messages[-1] == "not a number: x"


def test_the_lab_checks_its_settings():
    lab = MqarLab()
    with pytest.raises(ScenarioError, match="pairs must be a whole number from 1 to 256"):
        lab.update(pairs=300)
    with pytest.raises(ScenarioError, match="beta must be a number in"):
        lab.update(beta=1.5)
    lab.update(dims=(16, 4, 4))
    assert lab.settings.dims == (4, 16)
    assert lab.attention_state(64) == 2 * 64 * 64


def test_the_controlled_test_does_not_pay_for_mqar(qtbot, show, monkeypatch):
    runs = []
    real = MqarJob.run
    monkeypatch.setattr(MqarJob, "run", lambda job, *a: runs.append(1) or real(job, *a))
    page = RecallPage(Session(), CapacityLab(CapacitySettings(trials=2)), auto_run=False)
    show(page, 1200, 800)
    page.display.update(measure="rate")
    settle()
    assert runs == []
    choose_mqar(qtbot, page)
    assert runs == [1]


def test_the_title_counts_one_pair_and_one_sequence_in_the_singular(qtbot, page):
    """The least MQAR said "1 pairs in 4 tokens, 1 sequences a point"."""
    from linviz.views.language import set_language

    choose_mqar(qtbot, page)
    page.mqar.pairs_spin.setValue(1)
    page.mqar.trials_spin.setValue(1)
    measured(qtbot, page)
    assert page.mqar.lab.settings.pairs == 1 and page.mqar.lab.settings.trials == 1
    length = page.mqar.lab.settings.length
    assert page.mqar.title.text() == (
        f"MQAR (Zoology): 1 pair in {length} tokens, 1 sequence a point"
    )
    try:
        set_language("fr")
        page.mqar.refresh(force=True)
        assert page.mqar.title.text() == (
            f"MQAR (Zoology) : 1 paire en {length} jetons, 1 séquence par point"
        )
    finally:
        set_language("en")


def test_a_long_measurement_runs_off_the_window_with_progress_and_follows_new_settings(qtbot, page):
    """256 pairs, 50 sequences a point took 5.6 s on the GUI thread, at every change of a
    spin box. It runs on a worker: the window answers, a bar says how far it is, and a
    change during a run stops it and measures the new settings."""
    choose_mqar(qtbot, page)
    view = page.mqar
    before = view.title.text()
    view.trials_spin.setValue(50)
    assert view.runner.running and view.progress.isVisible()
    assert view.title.text() == before  # the figure still says what it shows
    with qtbot.waitSignal(view.runner.progressed, timeout=60_000):
        pass
    view.pairs_spin.setValue(24)  # while it runs: stopped, then measured again
    measured(qtbot, page)
    assert not view.progress.isVisible()
    assert view.lab.delivered.settings.pairs == 24 and view.lab.delivered.settings.trials == 50
    assert "24 pairs in 96 tokens, 50 sequences a point" in view.title.text()
    settings = view.lab.settings
    expected = recall_accuracy(settings.pairs, settings.dims, trials=settings.trials)
    _, y = view.curves["delta"].getData()
    assert list(y) == [p.accuracy for p in expected if p.rule == "delta"]


def test_a_stopped_measurement_keeps_only_whole_points():
    lab = MqarLab(MqarSettings(pairs=8, dims=(2, 4, 8), trials=4))
    calls = []
    result = lab.job().run(lambda done, total: calls.append((done, total)), lambda: len(calls) >= 6)
    assert calls[:6] == [(n, 24) for n in range(1, 7)]  # 2 rules × 3 sizes × 4 sequences
    assert not result.complete and [p.d for p in result.points] == [2]  # one whole point
    assert lab.deliver(result) and lab.delivered is result
    lab.update(pairs=9)
    assert lab.delivered is None and not lab.deliver(result)  # for other settings


def test_an_export_during_a_measurement_draws_the_whole_result_and_keeps_it(qtbot, page):
    choose_mqar(qtbot, page)
    view = page.mqar
    view.trials_spin.setValue(40)
    assert view.runner.running
    view.refresh(force=True)  # an export: measured here and now
    assert view.lab.delivered.complete and "40 sequences a point" in view.title.text()
    qtbot.waitUntil(lambda: not view.runner.running, timeout=60_000)
    settle()
    # The stopped run's partial points did not replace them, nor started another run.
    assert view.lab.delivered.complete and not view.runner.running
    assert not view.progress.isVisible()


def test_a_failed_measurement_says_why_and_stops_waiting(qtbot, page, monkeypatch):
    choose_mqar(qtbot, page)
    view = page.mqar

    def broken(job, *args):
        raise RuntimeError("no memory left")

    monkeypatch.setattr(MqarJob, "run", broken)
    with qtbot.waitSignal(page.message, timeout=60_000) as said:
        view.trials_spin.setValue(3)
    assert said.args == ["no memory left"]
    qtbot.waitUntil(lambda: not view.runner.running)
    assert not view.progress.isVisible()
