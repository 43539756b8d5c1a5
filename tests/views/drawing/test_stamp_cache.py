"""Stamps and kept axis pictures: drawn once, sharp at their pixel ratio, forgotten when asked."""

from __future__ import annotations

from PySide6 import QtCore, QtGui

from linviz.views.drawing.axis_pictures import AxisPictures
from linviz.views.drawing.stamp_cache import StampCache


def _red_square(calls: list[int]):
    def draw(painter: QtGui.QPainter) -> None:
        calls.append(1)
        painter.fillRect(QtCore.QRectF(0, 0, 5, 5), QtGui.QColor("#ff0000"))

    return draw


def test_a_stamp_is_drawn_once_and_kept_at_its_pixel_ratio(qapp):
    cache, calls = StampCache(capacity=2), []
    assert cache.get(("chip", 3.0)) is None
    stamp = cache.draw(("chip", 3.0), (30, 30), 3.0, _red_square(calls))
    assert cache.get(("chip", 3.0)) is stamp and calls == [1]
    # Drawn in widget pixels: a 5 px square fills 15 device pixels at 3×.
    image = stamp.toImage()
    assert stamp.devicePixelRatio() == 3.0 and (image.width(), image.height()) == (30, 30)
    assert image.pixelColor(14, 14) == QtGui.QColor("#ff0000")
    assert image.pixelColor(16, 16).alpha() == 0  # the rest stays transparent


def test_a_full_stamp_cache_starts_again_and_clear_forgets(qapp):
    cache, calls = StampCache(capacity=2), []
    for key in ("a", "b", "c"):
        cache.draw(key, (5, 5), 1.0, _red_square(calls))
    assert len(cache) == 1 and cache.get("c") is not None and cache.get("a") is None
    cache.clear()
    assert cache.get("c") is None


def test_a_filled_stamp_has_its_background(qapp):
    stamp = StampCache().draw("legend", (8, 8), 1.0, lambda painter: None, QtGui.QColor("#123456"))
    assert stamp.toImage().pixelColor(7, 7) == QtGui.QColor("#123456")


def test_axis_pictures_are_recalled_by_limit_until_cleared(qapp):
    pictures, drawn = AxisPictures(capacity=2), QtGui.QPicture()
    pictures.keep(0.5, None)  # nothing drawn yet: nothing kept
    assert len(pictures) == 0
    pictures.keep(0.5, drawn)
    assert pictures.recall(0.5) is drawn and pictures.recall(1.0) is None
    pictures.keep(1.0, QtGui.QPicture())
    pictures.keep(2.0, QtGui.QPicture())  # over capacity: the old ones go
    assert pictures.recall(0.5) is None and pictures.recall(2.0) is not None
    pictures.clear()
    assert pictures.recall(2.0) is None
