"""Every slot runs even when one fails; the failure goes to an error handler."""

import numpy as np
import pytest

from linviz.controller import signals
from linviz.controller.commands import SetText
from linviz.controller.session import Session
from linviz.controller.signals import Signal
from linviz.model.scenario import Scenario, write


@pytest.fixture(autouse=True)
def no_global_handler():
    previous = signals.set_error_handler(None)
    yield
    signals.set_error_handler(previous)


def test_a_failing_slot_does_not_stop_the_next_ones():
    signal, heard = Signal(), []

    def broken(value):
        raise RuntimeError("view failed")

    signal.connect(lambda value: heard.append(("first", value)))
    signal.connect(broken)
    signal.connect(lambda value: heard.append(("last", value)))
    with pytest.raises(RuntimeError, match="view failed"):  # no handler: raised after all ran
        signal.emit(7)
    assert heard == [("first", 7), ("last", 7)]


def test_the_error_handler_gets_each_failure_and_nothing_is_raised():
    signal, seen = Signal(), []
    signal.error_handler = lambda error, slot: seen.append((str(error), slot.__name__))

    def first(value):
        raise ValueError("one")

    def second(value):
        raise KeyError("two")

    signal.connect(first)
    signal.connect(second)
    signal.emit(1)
    assert seen == [("one", "first"), ("'two'", "second")]


def test_the_module_handler_serves_every_signal_without_its_own():
    seen = []
    signals.set_error_handler(lambda error, slot: seen.append(type(error)))
    signal = Signal()
    signal.connect(lambda: 1 / 0)
    signal.emit()
    assert seen == [ZeroDivisionError]


def test_several_unhandled_failures_raise_the_first_and_log_the_rest(caplog):
    signal = Signal()
    signal.connect(lambda: 1 / 0)
    signal.connect(lambda: [][1])
    with pytest.raises(ZeroDivisionError):
        signal.emit()
    assert any("IndexError" in record.exc_text for record in caplog.records if record.exc_text)


def test_a_broken_handler_does_not_stop_the_slots():
    signal, heard = Signal(), []

    def handler(error, slot):
        raise RuntimeError("handler broke")

    signal.error_handler = handler
    signal.connect(lambda: 1 / 0)
    signal.connect(lambda: heard.append("ran"))
    with pytest.raises(RuntimeError, match="handler broke"):
        signal.emit()
    assert heard == ["ran"]


def test_one_failing_view_leaves_the_others_up_to_date():
    # Reported: the timeline kept showing "1 / 2" after another view failed.
    session = Session(Scenario(2, 2, [write([1, 0], [1, 0], "a")]))
    failures, timeline = [], []
    signals.set_error_handler(lambda error, slot: failures.append(error))

    class BrokenView:
        def on_changed(self, aspects):
            raise ValueError("operands could not be broadcast together")

    class Timeline:
        def on_changed(self, aspects):
            timeline.append(f"{session.cursor} / {len(session.scenario)}")

    broken, shown = BrokenView(), Timeline()
    session.changed.connect(broken.on_changed)
    session.changed.connect(shown.on_changed)
    session.execute(SetText(title="renamed"))
    session.scenario.insert_step(2, write([0, 1], [0, 1], "b"))
    session.set_cursor(2)
    assert timeline[-1] == "2 / 2"
    assert len(failures) == 2 and session.scenario.title == "renamed"
    assert np.array_equal(session.snapshot().state, [[1, 0], [0, 1]])
