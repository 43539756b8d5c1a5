"""The cost lab's controller: settings checked, partial results, stop, stale results dropped."""

import pytest

from linviz.controller.cost_lab import CostJob, CostLab, CostSettings
from linviz.model.errors import ScenarioError

SMALL = CostSettings(longest=400, points=4, d=4, repeat=1)


def test_settings_are_checked_and_give_evenly_spaced_lengths():
    assert SMALL.lengths() == [100, 200, 300, 400]
    with pytest.raises(ScenarioError, match="tokens"):
        CostSettings(longest=1_000_000, d=64)  # 128 M numbers: too big a cache
    with pytest.raises(ScenarioError, match="points"):
        CostSettings(points=0)
    lab = CostLab(SMALL)
    with pytest.raises(ScenarioError):
        lab.update(d=0)
    assert lab.settings == SMALL  # nothing changed on a bad value


def test_a_job_reports_each_length_and_stops_between_lengths():
    partials = []
    result = CostJob(SMALL).run(partials.append)
    assert result.complete and [row.tokens for row in result.rows] == [100, 200, 300, 400]
    assert [len(p.rows) for p in partials] == [1, 2, 3]  # the last one is the result
    assert all(not p.complete for p in partials)
    asked = []

    def stop_after_two() -> bool:
        asked.append(True)
        return len(asked) >= 2

    stopped = CostJob(SMALL).run(None, stop_after_two)
    assert not stopped.complete and len(stopped.rows) == 2
    assert stopped.fit == stopped.rows[0].fit  # the lines through the two measured


def test_a_result_for_old_settings_is_dropped():
    lab = CostLab(SMALL)
    changes = []
    lab.changed.connect(lambda: changes.append(True))
    old = lab.job().run()
    lab.update(points=2)
    assert lab.result is None
    assert not lab.deliver(old) and lab.result is None
    assert lab.run().complete and len(lab.result.rows) == 2
    assert len(changes) == 2  # the settings, then the result
