"""The labs' controller state: checked settings, cached results, change notifications."""

import threading

import numpy as np
import pytest

from linviz.controller.commands import ReplaceStep, Resize
from linviz.controller.labs import (
    Cancellation,
    CapacityLab,
    CapacitySettings,
    MemoryLab,
    MemorySettings,
    RuleLab,
    RuleSettings,
    SpectrumLab,
    SpotlightLab,
)
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.scenario import write


class Heard:
    """Counts emissions of a lab's ``changed`` (held strongly by the test)."""

    def __init__(self, lab):
        self.count = 0
        lab.changed.connect(self.hear)

    def hear(self, *args):
        self.count += 1


def lesson_session(name="session-trace"):
    session = Session()
    session.open(name)
    return session


# -- memory calculator ------------------------------------------------------------------
def test_memory_lab_reads_out_the_course_numbers():
    lab = MemoryLab()
    reading = lab.result
    assert (reading.kv_cache_bytes, reading.state_bytes) == (512_000, 32_768)
    assert (reading.kv_cache_text, reading.state_text) == ("500 KiB", "32 KiB")
    assert reading.crossover_tokens == 65
    lab.update(tokens=100_000)
    assert lab.result.kv_cache_text == "48.8 MiB"
    assert lab.result.ratio == pytest.approx(51_200_000 / 32_768)


def test_memory_curves_run_on_log_spaced_lengths_to_the_maximum():
    lab = MemoryLab(MemorySettings(max_tokens=1_000_000))
    reading = lab.result
    assert reading.curve_tokens[0] == 1 and reading.curve_tokens[-1] == 1_000_000
    assert np.array_equal(reading.curve_kv_cache_bytes, 512.0 * reading.curve_tokens)
    assert (reading.curve_state_bytes == 32_768).all()


def test_presets_set_the_shape_and_tell_the_views_once():
    lab = MemoryLab()
    heard = Heard(lab)
    lab.apply_preset("model")
    assert heard.count == 1
    assert lab.result.state_bytes == 8_388_608
    lab.apply_preset("model")  # nothing changes: nothing is said
    assert heard.count == 1
    with pytest.raises(ScenarioError):
        lab.apply_preset("huge")


@pytest.mark.parametrize(
    ("changes", "field", "range_text"),
    [
        ({"layers": 0}, "layers", "from 1 to 1,024"),
        ({"head_dim": 70_000}, "head_dim", "from 1 to 65,536"),
        ({"tokens": -1}, "tokens", "from 0 to"),
        ({"dtype": "int4"}, "dtype", "fp32, bf16, fp16, fp8"),
        ({"colour": "red"}, "colour", "expected one of"),
    ],
)
def test_a_bad_setting_names_the_field_and_keeps_the_old_settings(changes, field, range_text):
    lab = MemoryLab()
    heard = Heard(lab)
    before = lab.settings
    with pytest.raises(ScenarioError) as caught:
        lab.update(**changes)
    assert caught.value.field == field and range_text in str(caught.value)
    assert lab.settings == before and heard.count == 0


def test_the_memory_result_is_computed_once_per_settings():
    lab = MemoryLab()
    assert lab.result is lab.result
    first = lab.result
    lab.update(dtype="fp32")
    assert lab.result is not first and lab.result.state_bytes == 65_536


def test_the_room_can_predict_the_cache():
    lab = MemoryLab()
    heard = Heard(lab)
    lab.set_prediction(400_000)
    assert lab.prediction_bytes == 400_000 and heard.count == 1
    with pytest.raises(ScenarioError):
        lab.set_prediction(-5)


# -- capacity -------------------------------------------------------------------------
SMALL = CapacitySettings(
    dims=(8, 16), sizes=(4, 8, 16, 32), similarities=(0.0, 0.5, 0.9), similarity_n=8, trials=5
)


def test_capacity_lab_runs_both_sweeps_and_keeps_the_result():
    lab = CapacityLab(SMALL)
    heard = Heard(lab)
    assert lab.result is None
    result = lab.run()
    assert result.complete and lab.result is result and heard.count == 1
    n, errors, rates = result.against_n.curve(8, "additive")
    assert n.tolist() == [4, 8, 16, 32]
    assert rates[-1] < rates[0] or errors[-1] > errors[0]
    c = [p.similarity for p in result.against_similarity.points if p.rule == "delta" and p.d == 16]
    assert c == [0.0, 0.5, 0.9]


def test_a_result_for_old_settings_is_dropped():
    lab = CapacityLab(SMALL)
    job = lab.job()
    lab.update(trials=6)  # the settings moved on while the job ran
    assert not lab.deliver(job.run())
    assert lab.result is None


def test_new_settings_make_the_result_stale():
    lab = CapacityLab(SMALL)
    lab.run()
    heard = Heard(lab)
    lab.update(keys="orthogonal")
    assert heard.count == 1 and lab.result is None


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"dims": (0,)}, "d"),
        ({"sizes": (0, 4)}, "n"),
        ({"similarity": 1.0}, "similarity"),
        ({"similarities": (0.2, 1.5)}, "similarity"),
        ({"similarity_n": 0}, "similarity_n"),
        ({"trials": 0}, "trials"),
        ({"keys": "lattice"}, "keys"),
        ({"dims": 8}, "dims"),
    ],
)
def test_bad_capacity_settings_name_the_field(changes, field):
    lab = CapacityLab(SMALL)
    with pytest.raises(ScenarioError) as caught:
        lab.update(**changes)
    assert caught.value.field == field
    assert lab.settings == SMALL


def test_a_capacity_job_runs_on_another_thread_and_can_be_cancelled():
    lab = CapacityLab(CapacitySettings(dims=(64,), sizes=(512, 4096), trials=50))
    job = lab.job()
    cancel = Cancellation()
    progressed = threading.Event()
    finished = threading.Event()
    outcome = {}

    def progress(done, total):
        outcome["progress"] = (done, total)
        progressed.set()

    def work():
        outcome["result"] = job.run(progress, cancel)
        finished.set()

    worker = threading.Thread(target=work)
    worker.start()
    assert progressed.wait(timeout=30)  # it reports progress while it runs
    cancel.cancel()
    assert finished.wait(timeout=30)  # and stops soon after being asked
    worker.join()
    result = outcome["result"]
    assert not result.complete
    done, total = outcome["progress"]
    assert 0 < done < total == job.total_work
    assert lab.deliver(result)  # a cancelled run is kept: its points are shown


# -- labs about the session ---------------------------------------------------------
def test_spotlight_lab_follows_the_cursor_to_each_read():
    session = lesson_session()
    lab = SpotlightLab(session)
    heard = Heard(lab)
    session.set_cursor(6)
    assert heard.count == 1 and lab.result is None  # a write: nothing to weigh
    session.set_cursor(5)
    assert heard.count == 2
    assert lab.result.linear.output.tolist() == [7.0, 4.0]
    assert lab.result is lab.result  # cached
    lab.update(sharpness=20.0)
    assert heard.count == 3 and lab.result.sharpness == 20.0
    with pytest.raises(ScenarioError) as caught:
        lab.update(sharpness=-1)
    assert caught.value.field == "sharpness" and "from 0 to 50" in str(caught.value)


def test_spotlight_lab_sees_an_edit_of_the_scenario():
    session = lesson_session()
    lab = SpotlightLab(session)
    session.set_cursor(5)
    assert lab.result.linear.output.tolist() == [7.0, 4.0]
    heard = Heard(lab)
    session.execute(ReplaceStep(1, write([1, 0], [1, 1], "w1"), follow=False))
    assert heard.count == 1
    assert lab.result.linear.output.tolist() == [6.0, 2.0]


def test_rule_lab_shows_every_rule_at_the_cursor_and_follows_edits():
    session = lesson_session()
    lab = RuleLab(session, RuleSettings(alpha=0.5, beta=1.0))
    session.set_cursor(7)
    result = lab.result
    assert result["additive"].read.output.tolist() == [11.0, 12.0]
    assert result["delta"].read.output.tolist() == [9.0, 9.0]
    session.execute(ReplaceStep(6, write([1, 0], [1, 1], "w3"), follow=False))
    assert lab.result["delta"].read.output.tolist() == [1.0, 1.0]
    lab.update(alpha=0.25)
    assert lab.result["gated"].state.tolist()[0] == pytest.approx([0.5 * 0.25 + 1, 0.75 * 0.25 + 1])
    with pytest.raises(ScenarioError) as caught:
        lab.update(alpha=0)
    assert caught.value.field == "alpha"
    lab.close()


def test_rule_lab_starts_from_the_scenarios_own_parameters_and_a_new_file():
    session = lesson_session("gated-forgetting")  # alpha = 0.8
    lab = RuleLab(session)
    assert lab.settings.alpha == 0.8
    session.set_cursor(2)
    assert lab.result["gated"].read.output.tolist() == [10.0, 5.0]
    session.open("session-trace")
    session.set_cursor(7)
    assert lab.result["additive"].read.output.tolist() == [11.0, 12.0]
    assert lab.comparison.scenario is session.scenario
    lab.close()


def test_spectrum_lab_ignores_the_cursor_but_not_edits():
    session = lesson_session()
    lab = SpectrumLab(session)
    heard = Heard(lab)
    first = lab.result
    assert first.rank.tolist() == [0, 1, 2, 2, 2, 2, 2, 2]
    session.set_cursor(2)
    assert heard.count == 0 and lab.result is first
    session.execute(ReplaceStep(2, write([1, 0], [5, 1], "w2"), follow=False))
    assert heard.count == 1
    assert lab.result.rank.tolist() == [0, 1, 1, 1, 1, 1, 1, 1]  # every key is [1,0] now
    lab.update(source="keys")
    assert lab.result.source == "keys"
    with pytest.raises(ScenarioError):
        lab.update(source="values")


@pytest.mark.parametrize(("d", "points"), [(64, 200), (128, 200), (256, 25), (512, 16)])
def test_a_wide_memory_samples_fewer_steps_for_its_spectrum(d, points):
    """At d = 512 one SVD of S takes 50 ms: 200 sampled steps froze the window for 10 s
    at every edit while the lab was shown. The lab keeps within about half a second."""
    from linviz.bench.workloads import random_scenario

    session = Session(random_scenario(300, 2))
    session.execute(Resize(d, d))
    lab = SpectrumLab(session)
    assert len(lab.result.steps) == points  # steps 0 … 300 sampled evenly, both ends in
    assert lab.result.steps[0] == 0 and lab.result.steps[-1] == 300
    lab.update(source="keys")
    assert len(lab.result.steps) == points
    lab.close()
