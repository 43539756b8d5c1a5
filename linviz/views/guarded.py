"""Python overrides Qt calls, guarded: an error is reported once and a fallback is drawn.

Qt calls ``paint``, ``paintEvent``, ``resizeEvent``, ``data``, event filters
and the like from C++. An exception raised in one of them never reaches
:data:`sys.excepthook`: shiboken prints it and Qt goes on with whatever it
had half done, which ended in segfaults (issue 27). Each such override is
decorated here instead:

- :func:`guarded_paint` for a graphics item's or a delegate's ``paint``;
- :func:`guarded_paint_event` for a widget's ``paintEvent``;
- :func:`guarded` for every other override, with what to return after an error.

An error is handed to :data:`sys.excepthook` (the app's
:class:`~linviz.views.error_hook.ErrorReporter`) once per object and kind of
override, not once per repaint; the paint fallbacks fill the area with the
background and say "cannot draw this view: <reason>".
"""

from __future__ import annotations

import functools
import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.model.drawable import clamp_point

F = TypeVar("F", bound=Callable[..., Any])

#: The attribute, on a guarded object, of the kinds of override that already reported.
_REPORTED = "_linviz_guard_reported"
#: Reasons in the fallback text are cut after this many characters.
REASON_CHARS = 160


def _reason(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}"
    return text if len(text) <= REASON_CHARS else text[: REASON_CHARS - 1] + "…"


def fallback_text(error: BaseException) -> str:
    """``"cannot draw this view: <reason>"``, translated."""
    return QtCore.QCoreApplication.translate("Guarded", "cannot draw this view: %1").replace(
        "%1", _reason(error)
    )


def report_once(owner: object, kind: str, error: BaseException) -> bool:
    """Hand ``error`` to :data:`sys.excepthook` unless ``owner`` reported ``kind`` before.

    Whether it was handed on. The traceback's frames are cleared afterwards,
    so a painter the failed override made is ended now, not when the
    traceback is collected.
    """
    try:
        reported = owner.__dict__.setdefault(_REPORTED, set())
    except (AttributeError, TypeError):  # no __dict__: report every time rather than never
        reported = set()
    first = kind not in reported
    if first:
        reported.add(kind)
        try:
            sys.excepthook(type(error), error, error.__traceback__)
        except Exception:  # the hook itself failed: stderr is all that is left
            sys.__excepthook__(type(error), error, error.__traceback__)
    if error.__traceback__ is not None:
        traceback.clear_frames(error.__traceback__)
    return first


def guarded(default: Any = None, *, factory: bool = False) -> Callable[[F], F]:
    """Guard an override that returns a value (``data``, ``eventFilter``, ``sizeHint`` …).

    After an error it returns ``default`` (``default()`` when ``factory``:
    a fresh ``QSize`` or ``QRectF``).
    """

    def decorate(method: F) -> F:
        kind = method.__name__

        @functools.wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except Exception as error:
                report_once(self, kind, error)
                return default() if factory else default

        return wrapper  # type: ignore[return-value]

    return decorate


def _background(widget: QtWidgets.QWidget | None) -> QtGui.QColor:
    palette = widget.palette() if widget is not None else QtGui.QGuiApplication.palette()
    return palette.color(QtGui.QPalette.ColorRole.Window)


def _ink(widget: QtWidgets.QWidget | None) -> QtGui.QColor:
    palette = widget.palette() if widget is not None else QtGui.QGuiApplication.palette()
    return palette.color(QtGui.QPalette.ColorRole.WindowText)


def draw_fallback(
    painter: QtGui.QPainter, rect: QtCore.QRectF, text: str, widget: QtWidgets.QWidget | None
) -> None:
    """Fill ``rect`` (device pixels) with the background and write ``text`` in it."""
    painter.fillRect(rect, _background(widget))
    painter.setPen(_ink(widget))
    flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    painter.drawText(rect.adjusted(4, 2, -4, -2), int(flags), text)


def _item_fallback(
    item: QtWidgets.QGraphicsItem,
    painter: QtGui.QPainter,
    widget: QtWidgets.QWidget | None,
    error: BaseException,
) -> None:
    """The fallback of a graphics item: its area on screen (within the widget), in pixels."""
    painter.save()
    try:
        transform = painter.transform()
        painter.resetTransform()
        if widget is not None:
            box = QtCore.QRectF(widget.rect())
        else:
            device = painter.device()
            box = QtCore.QRectF(0, 0, device.width(), device.height())
        try:
            area = transform.mapRect(item.boundingRect())
        except Exception:
            area = box
        edges = (box.left(), box.top(), box.right(), box.bottom())
        left, top = clamp_point((area.left(), area.top()), edges)
        right, bottom = clamp_point((area.right(), area.bottom()), edges)
        shown = QtCore.QRectF(QtCore.QPointF(left, top), QtCore.QPointF(right, bottom))
        if shown.width() < 40 or shown.height() < 12:
            shown = box
        draw_fallback(painter, shown, fallback_text(error), widget)
    finally:
        painter.restore()


def guarded_paint(method: F) -> F:
    """Guard ``paint(painter, option, widget)`` of a graphics item.

    The painter's state is saved around the call (a paint that failed
    half-way leaves no transform behind); after an error the item's area
    is filled and says why it cannot be drawn.
    """

    @functools.wraps(method)
    def wrapper(self: Any, painter: QtGui.QPainter, *args: Any, **kwargs: Any) -> Any:
        painter.save()
        try:
            return method(self, painter, *args, **kwargs)
        except Exception as error:
            report_once(self, "paint", error)
            painter.restore()
            painter.save()
            widget = args[1] if len(args) > 1 else kwargs.get("widget")
            try:
                if isinstance(self, QtWidgets.QStyledItemDelegate):
                    option = args[0]
                    draw_fallback(
                        painter, QtCore.QRectF(option.rect), fallback_text(error), option.widget
                    )
                else:
                    _item_fallback(self, painter, widget, error)
            except Exception:  # the fallback failed too: draw nothing rather than crash
                pass
            return None
        finally:
            painter.restore()

    return wrapper  # type: ignore[return-value]


def guarded_paint_event(method: F) -> F:
    """Guard a widget's ``paintEvent``; after an error the widget says why it cannot draw."""

    @functools.wraps(method)
    def wrapper(self: QtWidgets.QWidget, event: QtGui.QPaintEvent) -> None:
        try:
            method(self, event)
        except Exception as error:
            report_once(self, "paintEvent", error)  # ends the painter the failed paint made
            text = fallback_text(error)
            painter = QtGui.QPainter()
            if not painter.begin(self):
                return
            try:
                draw_fallback(painter, QtCore.QRectF(self.rect()), text, self)
            except Exception:
                pass
            finally:
                painter.end()

    return wrapper  # type: ignore[return-value]


#: ``boundingRect`` guarded: an empty rectangle after an error.
guarded_rect = guarded(QtCore.QRectF, factory=True)
#: ``shape`` guarded: an empty path after an error.
guarded_shape = guarded(QtGui.QPainterPath, factory=True)
#: ``sizeHint`` and ``minimumSizeHint`` guarded: an invalid size (Qt's "no hint") after an error.
guarded_size = guarded(QtCore.QSize, factory=True)
