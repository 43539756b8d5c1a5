"""A minimal observer signal, so the controller can notify without Qt."""

from __future__ import annotations

from typing import Any, Callable


class Signal:
    """Call every connected function with the emitted arguments, in order."""

    def __init__(self) -> None:
        self._slots: list[Callable[..., Any]] = []

    def connect(self, slot: Callable[..., Any]) -> None:
        """Call ``slot`` on every :meth:`emit`."""
        self._slots.append(slot)

    def disconnect(self, slot: Callable[..., Any]) -> None:
        """Stop calling ``slot``."""
        self._slots.remove(slot)

    def emit(self, *args: Any) -> None:
        """Call every connected slot with ``args``."""
        for slot in list(self._slots):
            slot(*args)
