"""A minimal observer signal, so the controller can notify without Qt.

Every connected slot runs on every emit, even when an earlier one raises:
one broken view must not leave the others showing a stale scenario. What a
slot raises goes to an error handler; the window installs its exception
hook there (:func:`set_error_handler`, or :attr:`Signal.error_handler` for
one signal). Without a handler, the first error is raised again once every
slot has run, and any further ones are logged.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from typing import Any

#: ``handler(error, slot)``: told about an exception a slot raised.
ErrorHandler = Callable[[Exception, Callable[..., Any]], None]

_LOG = logging.getLogger("linviz.controller.signals")
_default_handler: ErrorHandler | None = None


def set_error_handler(handler: ErrorHandler | None) -> ErrorHandler | None:
    """Send what any signal's slots raise to ``handler`` (``None``: raise after all ran).

    Returns the handler it replaces, so a test or a window can put it back.
    """
    global _default_handler
    previous, _default_handler = _default_handler, handler
    return previous


def error_handler() -> ErrorHandler | None:
    """The handler every signal without its own uses (``None``: raise after all ran)."""
    return _default_handler


class Signal:
    """Call every connected function with the emitted arguments, in order.

    Bound methods are held weakly: a view that has been thrown away stops
    being called instead of being kept alive by the session it watched.

    Attributes
    ----------
    error_handler
        Where this signal's slot errors go; ``None`` uses the module's
        handler (:func:`set_error_handler`).
    """

    def __init__(self, error_handler: ErrorHandler | None = None) -> None:
        self._slots: list[Callable[[], Callable[..., Any] | None]] = []
        self.error_handler = error_handler

    @staticmethod
    def _reference(slot: Callable[..., Any]) -> Callable[[], Callable[..., Any] | None]:
        if hasattr(slot, "__self__") and hasattr(slot, "__func__"):
            return weakref.WeakMethod(slot)
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
        """Call every connected slot that still exists with ``args``.

        A slot that raises does not stop the others. Its error goes to the
        error handler; without one, the first error is raised again after
        the last slot ran (later ones are logged).
        """
        alive = []
        for reference in list(self._slots):
            slot = reference()
            if slot is not None:
                alive.append(slot)
        self._slots = [r for r in self._slots if r() is not None]
        unhandled: list[Exception] = []
        for slot in alive:
            try:
                slot(*args)
            except Exception as error:
                handler = self.error_handler or _default_handler
                if handler is None:
                    unhandled.append(error)
                    continue
                try:
                    handler(error, slot)
                except Exception as failure:
                    unhandled.append(failure)
        if not unhandled:
            return
        for extra in unhandled[1:]:
            _LOG.error("a slot of a signal failed too", exc_info=extra)
        raise unhandled[0]
