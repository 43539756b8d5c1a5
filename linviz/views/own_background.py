"""Widgets that fill their own background, so that their repaint stops at them.

A label paints only its text: Qt counts it as see-through and, whenever the
label repaints, repaints first every parent under it (the panel, its frame,
the splitters, the desk). The headings, captions and numbers of the desk
change on every cursor move and every move of a drag, so each frame redrew
most of the desk's background under them. Filled with their palette's window
colour, which is the colour under them anyway, they are opaque: a repaint
stops at the label. Only for widgets on a plain background of that colour.

Plain Qt (``autoFillBackground``), not a drawing helper of ours: it is kept
for what it saves, measured on the widgets it is used for (the desk's
headings, caption, readout texts, timeline position, plane legends). The
repaint of exactly what one ``scrub_ms.100000_steps`` frame repaints, same
window, see-through and filled alternated in one process: 7.48 / 7.16 /
8.03 ms see-through, 6.36 / 6.68 / 6.28 ms filled (32 widgets repainted a
frame, 16 filled). Whole scrub frames (refresh and repaint), ten
alternations of 100 steps each in one process: median 16.74 ms see-through,
16.23 ms filled (0.3 ms a frame on average over the pairs). The window's
pixels are the same: every lesson in the light, dark and projector themes,
the editors, French, projector mode and the compact desk, compared with the
see-through build (at pixel scale 3, text edges differ by a few levels).
"""

from __future__ import annotations

from PySide6 import QtWidgets

from linviz.views.drawing.steady_label import SteadyLabel


def fill_own_background(*widgets: QtWidgets.QWidget) -> None:
    """Let each of ``widgets`` (and a steady label's label) fill its own background."""
    for widget in widgets:
        widget.setAutoFillBackground(True)
        if isinstance(widget, SteadyLabel):
            widget.label.setAutoFillBackground(True)
