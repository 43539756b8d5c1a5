"""A watchdog for long GUI tests: a stalled event loop fails the test with every thread's stack.

The test calls :meth:`Watchdog.beat` after each action and each round of the
event loop. If no beat comes for ``seconds``, a thread writes every thread's
Python stack (:func:`faulthandler.dump_traceback`, which works even while the
main thread is inside Qt) and sends the main thread a signal whose handler
raises :class:`Stalled` with that dump: the test fails with it, it does not
hang. A stall inside C code that never returns to Python cannot be
interrupted; the dump is printed to stderr at once, and again every
``seconds`` (``faulthandler.dump_traceback_later(repeat=True)``), so even then
the log says where it is stuck.
"""

from __future__ import annotations

import faulthandler
import signal
import sys
import tempfile
import threading
import time


class Stalled(AssertionError):
    """The event loop did not come back for the watchdog's time; the message holds the dump."""


class Watchdog:
    """Fails the test if :meth:`beat` is not called for ``seconds`` (a context manager).

    Attributes
    ----------
    dump : str | None
        Every thread's stack when the stall was seen (``None``: no stall).
    """

    def __init__(self, seconds: float = 10.0, what: str = "the event loop") -> None:
        self.seconds = seconds
        self.what = what
        self.dump: str | None = None
        self._last = self._armed = time.monotonic() - seconds
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="watchdog", daemon=True)
        self._main = threading.main_thread().ident
        self._old_handler = None
        self._where = ""

    def beat(self, where: str = "") -> None:
        """The loop came back (``where``: what it was doing, for the failure message)."""
        self._last = now = time.monotonic()
        self._where = where
        if now - self._armed > self.seconds / 10:  # re-armed now and then: it makes a thread
            self._armed = now
            faulthandler.cancel_dump_traceback_later()
            faulthandler.dump_traceback_later(self.seconds * 3, repeat=True)

    def __enter__(self) -> Watchdog:
        self._old_handler = signal.signal(signal.SIGUSR1, self._raise)
        self.beat("start")
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join()
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGUSR1, self._old_handler)
        if self.dump is not None and exc_info[0] is None:
            raise Stalled(self._message())

    def _message(self) -> str:
        return (
            f"{self.what} stalled for {self.seconds:g} s (last beat: {self._where}); "
            f"every thread's stack:\n{self.dump}"
        )

    def _raise(self, signum: int, frame: object) -> None:
        raise Stalled(self._message())

    def _watch(self) -> None:
        while not self._stop.wait(min(0.5, self.seconds / 4)):
            if time.monotonic() - self._last < self.seconds:
                continue
            with tempfile.TemporaryFile("w+") as out:
                faulthandler.dump_traceback(out, all_threads=True)
                out.seek(0)
                self.dump = out.read()
            sys.stderr.write(self._message() + "\n")
            sys.stderr.flush()
            if self._main is not None:
                signal.pthread_kill(self._main, signal.SIGUSR1)
            return
