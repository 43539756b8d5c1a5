"""The presenter's stopwatch: how long the session has been running, with pauses.

Qt-free and driven by an injectable clock, so the presenter view only
displays it and a test can move time forward without waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Stopwatch:
    """Elapsed time that can be started, paused and reset.

    Parameters
    ----------
    clock
        Seconds from some fixed point (default :func:`time.monotonic`); tests
        give a fake one.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._banked = 0.0  # seconds counted before the last start
        self._started: float | None = None

    @property
    def running(self) -> bool:
        """Whether time is being counted now."""
        return self._started is not None

    def elapsed(self) -> float:
        """Seconds counted so far (never negative)."""
        running = 0.0 if self._started is None else max(0.0, self.clock() - self._started)
        return self._banked + running

    def start(self) -> None:
        """Start (or go on) counting; no-op while running."""
        if self._started is None:
            self._started = self.clock()

    def pause(self) -> None:
        """Stop counting, keeping what was counted; no-op while paused."""
        if self._started is not None:
            self._banked = self.elapsed()
            self._started = None

    def toggle(self) -> None:
        """Start when paused, pause when running."""
        if self.running:
            self.pause()
        else:
            self.start()

    def reset(self) -> None:
        """Back to 0, paused."""
        self._banked = 0.0
        self._started = None


def clock_text(seconds: float) -> str:
    """``"04:05"`` for 245 s; ``"1:02:03"`` past an hour (whole seconds, rounded down)."""
    whole = int(max(0.0, seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
