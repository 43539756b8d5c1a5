"""The monkey's watchdog: a stalled main thread fails with every thread's stack, not a hang."""

from __future__ import annotations

import time

import pytest

from tests.views.watchdog import Stalled, Watchdog

#: However slow the machine, the watchdog must have spoken by then.
GIVE_UP_SECONDS = 60


def stuck_in_a_loop(dog: Watchdog) -> None:
    """A main thread that never comes back to the event loop (until the watchdog speaks)."""
    deadline = time.monotonic() + GIVE_UP_SECONDS
    while time.monotonic() < deadline:
        pass
    raise AssertionError(f"the watchdog never spoke in {GIVE_UP_SECONDS} s")


def test_a_stall_fails_with_every_threads_stack():
    with pytest.raises(Stalled) as stalled:
        with Watchdog(0.5, what="the test loop") as dog:
            dog.beat("before the loop")
            stuck_in_a_loop(dog)
    message = str(stalled.value)
    assert message.startswith("the test loop stalled for 0.5 s (last beat: before the loop)")
    assert "stuck_in_a_loop" in message  # the main thread's stack, where it is stuck
    assert "_watch" in message  # and the other threads' (the watchdog's own)


def test_beats_keep_it_quiet():
    with Watchdog(0.5) as dog:
        start = time.monotonic()
        while time.monotonic() - start < 1.5:  # longer than the limit, beating all along
            dog.beat("busy but alive")
    assert dog.dump is None
