"""The recovery write cannot be starved: due a moment after the last change, never later
than the max-wait after the first unwritten one (a clock stepped by hand)."""

from __future__ import annotations

import pytest

from linviz.controller.write_schedule import MAX_WAIT, WRITE_DELAY, WriteSchedule


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def run(schedule: WriteSchedule, clock: Clock, edits: list[float], until: float) -> list[float]:
    """Edit at the times ``edits``; write whenever due (checked every 10 ms): the write times."""
    writes, pending = [], sorted(edits)
    start = clock.now
    for tick in range(int(until * 100) + 1):
        clock.now = start + tick / 100
        while pending and pending[0] <= tick / 100 + 1e-9:
            pending.pop(0)
            schedule.changed()
        if schedule.is_due():
            writes.append(round(clock.now - start, 2))
            schedule.written()
    return writes


def test_the_bound_the_issue_asks_for():
    assert WRITE_DELAY <= MAX_WAIT <= 2.0 - 0.5  # half a second left for the write itself


def test_nothing_pending_nothing_due(clock):
    schedule = WriteSchedule(clock=clock)
    assert not schedule.pending and schedule.due_in() is None and not schedule.is_due()


def test_a_single_change_is_written_a_delay_later(clock):
    schedule = WriteSchedule(1.0, 1.5, clock)
    assert schedule.changed() == 1.0
    clock.now += 0.99
    assert not schedule.is_due()
    clock.now += 0.01
    assert schedule.is_due()


def test_a_burst_of_quick_edits_is_one_write(clock):
    writes = run(WriteSchedule(1.0, 1.5, clock), clock, [0.0, 0.1, 0.2, 0.3], until=5)
    assert writes == [1.3]


def test_steady_editing_is_written_within_the_max_wait_of_each_first_change(clock):
    # An edit every 0.5 s for 10 s: a plain 1 s debounce would never write.
    edits = [i * 0.5 for i in range(21)]
    writes = run(WriteSchedule(1.0, 1.5, clock), clock, edits, until=15)
    assert writes[0] == 1.5 and len(writes) >= 6
    for edit in edits:  # every edit is on disk at most 1.5 s after it was made
        assert any(edit <= written <= edit + 1.5 for written in writes), edit
    assert writes[-1] == 11.0  # after the last edit (10.0): the plain delay


def test_a_plain_debounce_would_starve(clock):
    # The same edits with no max-wait (what the window had): no write until they stop.
    edits = [i * 0.5 for i in range(21)]
    assert run(WriteSchedule(1.0, 1e9, clock), clock, edits, until=15) == [11.0]


def test_the_first_change_after_a_write_starts_a_new_wait(clock):
    schedule = WriteSchedule(1.0, 1.5, clock)
    schedule.changed()
    clock.now += 1.5
    assert schedule.is_due()
    schedule.written()
    assert not schedule.pending
    clock.now += 10.0
    assert schedule.changed() == 1.0  # not due at once because an old change once waited


def test_negative_times_are_refused():
    with pytest.raises(ValueError):
        WriteSchedule(-1.0, 1.0)
