"""A minimal observer signal, so the controller can notify without Qt."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any


class Signal:
    """Call every connected function with the emitted arguments, in order.

    Bound methods are held weakly: a view that has been thrown away stops
    being called instead of being kept alive by the session it watched.
    """

    def __init__(self) -> None:
        self._slots: list[Callable[[], Callable[..., Any] | None]] = []

    @staticmethod
    def _reference(slot: Callable[..., Any]) -> Callable[[], Callable[..., Any] | None]:
        if hasattr(slot, "__self__") and hasattr(slot, "__func__"):
            return weakref.WeakMethod(slot)  # type: ignore[arg-type]
        return lambda: slot

    def connect(self, slot: Callable[..., Any]) -> None:
        """Call ``slot`` on every :meth:`emit`."""
        self._slots.append(self._reference(slot))

    def disconnect(self, slot: Callable[..., Any]) -> None:
        """Stop calling ``slot``; raises ValueError if it was not connected."""
        for reference in self._slots:
            if reference() == slot:
                self._slots.remove(reference)
                return
        raise ValueError("slot not connected")

    def emit(self, *args: Any) -> None:
        """Call every connected slot that still exists with ``args``."""
        alive = []
        for reference in list(self._slots):
            slot = reference()
            if slot is not None:
                alive.append(slot)
        self._slots = [r for r in self._slots if r() is not None]
        for slot in alive:
            slot(*args)
