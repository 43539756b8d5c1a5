"""When unsaved work is next written aside: a debounce that steady editing cannot starve.

A plain debounce (write once the edits pause for ``delay``) never writes
while a user keeps editing faster than ``delay``: 20 s of an edit a second
left no recovery file at all, and a kill lost all 20 edits (issue 27).
:class:`WriteSchedule` adds a *max-wait*: the write is due ``delay`` after
the last change, but never later than ``max_wait`` after the first change
not yet written. So a recovery file holding any change exists at most
``max_wait`` (plus the time the write itself takes) after it was made,
however steadily the edits come, and a burst of quick edits is still one
write.

Qt-free, with the clock injected, so a test steps time by hand; the GUI's
timer (:class:`linviz.views.recovery_writer.RecoveryWriter`) asks it how
long to wait.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: After the last change, in seconds: a burst of edits is one write.
WRITE_DELAY = 1.0
#: After the first change not yet written, in seconds: the write is never later.
#: Half a second under the 2 s promise leaves room for the write itself.
MAX_WAIT = 1.5


class WriteSchedule:
    """Tracks the changes not yet written and says when the write is due.

    Parameters
    ----------
    delay
        Seconds after the last change (the debounce).
    max_wait
        Seconds after the first unwritten change, at most.
    clock
        Seconds, monotonic (default :func:`time.monotonic`).
    """

    def __init__(
        self,
        delay: float = WRITE_DELAY,
        max_wait: float = MAX_WAIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not (delay >= 0 and max_wait >= 0):
            raise ValueError(f"delay and max_wait must be >= 0, not {delay!r}, {max_wait!r}")
        self.delay = float(delay)
        self.max_wait = float(max_wait)
        self.clock = clock
        self._first: float | None = None  # the first change not yet written
        self._last: float | None = None

    @property
    def pending(self) -> bool:
        """Whether some change is not written yet."""
        return self._first is not None

    def changed(self) -> float:
        """Note a change now; return the seconds until the write is due."""
        now = self.clock()
        if self._first is None:
            self._first = now
        self._last = now
        return self.due_in()  # type: ignore[return-value]

    def deadline(self) -> float | None:
        """The clock time the write is due at (``None``: nothing to write)."""
        if self._first is None or self._last is None:
            return None
        return min(self._last + self.delay, self._first + self.max_wait)

    def due_in(self) -> float | None:
        """Seconds until the write is due, 0 when it is due now (``None``: nothing pending)."""
        deadline = self.deadline()
        if deadline is None:
            return None
        return max(deadline - self.clock(), 0.0)

    def is_due(self) -> bool:
        """Whether a change is waiting and its write is due now."""
        return self.due_in() == 0.0

    def written(self) -> None:
        """Every change so far is written (or there is nothing unsaved): nothing is pending."""
        self._first = self._last = None
