"""The presenter's stopwatch, on a fake clock: start, pause, reset."""

from linviz.controller.stopwatch import Stopwatch, clock_text


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_counts_only_while_running_and_resets_to_zero():
    clock = FakeClock()
    watch = Stopwatch(clock)
    clock.now += 50
    assert watch.elapsed() == 0 and not watch.running
    watch.start()
    clock.now += 65
    assert watch.elapsed() == 65
    watch.pause()
    clock.now += 600
    assert watch.elapsed() == 65 and not watch.running
    watch.toggle()
    watch.start()  # already running: the start time is kept
    clock.now += 10
    assert watch.elapsed() == 75
    watch.reset()
    assert watch.elapsed() == 0 and not watch.running


def test_clock_text_reads_minutes_and_hours():
    assert clock_text(0) == "00:00"
    assert clock_text(65.9) == "01:05"
    assert clock_text(3723) == "1:02:03"
    assert clock_text(-3) == "00:00"
