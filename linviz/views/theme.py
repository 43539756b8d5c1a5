"""Themes: colours, fonts and line widths every view draws with.

``projector`` is the light high-contrast theme with fonts about twice as
large and thick lines, for the back of a lecture hall.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6 import QtGui

#: Write and read colours are also told apart by shape/pattern in every view,
#: so nothing depends on colour alone.


@dataclass(frozen=True)
class Theme:
    """One visual theme."""

    name: str
    background: str
    panel: str
    foreground: str
    muted: str
    grid: str
    write: str
    read: str
    target: str
    crosstalk: str
    warning: str
    accent: str
    key_colors: tuple[str, ...]
    colormap: str
    font_pt: float
    title_pt: float
    cell_label_px: int
    line_width: float
    arrow_width: float
    #: No text smaller than this (points; 0: no floor): words that shrink to
    #: make room stop here (a projector's back row reads 18 px).
    min_text_pt: float = 0.0

    def key_color(self, index: int) -> str:
        """The colour of the ``index``-th write (cycles)."""
        return self.key_colors[index % len(self.key_colors)]


# Okabe–Ito-based key colours, distinguishable with the common colour-vision
# deficiencies. They leave out the read (vermillion), target (green) and
# crosstalk (pink) colours so a key never looks like a query or a target, and
# each is dark enough for its arrow's label (WCAG AA, 4.5:1 on white). A
# deuteranope or protanope still tells each from the query's colour
# (tests/views/test_theme_colours.py).
_KEYS_LIGHT = ("#0072B2", "#6A3D9A", "#00697A", "#8C564B", "#404040", "#8B1E3F")

LIGHT = Theme(
    name="light",
    background="#ffffff",
    panel="#f4f5f7",
    foreground="#1b1d21",
    muted="#5f6672",
    grid="#d5d9e0",
    write="#0072B2",
    # Okabe–Ito's vermillion, green and pink, darkened to 4.5:1 on the panels:
    # they colour text as well as arrows and bars.
    read="#B84F00",
    target="#005c44",
    crosstalk="#b23a8a",
    warning="#c0392b",
    accent="#1a5fd0",
    key_colors=_KEYS_LIGHT,
    colormap="CET-D1A",
    font_pt=10.0,
    title_pt=11.0,
    cell_label_px=13,
    line_width=1.5,
    arrow_width=2.5,
)

DARK = Theme(
    name="dark",
    background="#1e1f24",
    panel="#26282e",
    foreground="#e8e9ec",
    muted="#a2a8b3",
    grid="#3b3f48",
    write="#56B4E9",
    read="#E69F00",
    target="#2fd39c",
    crosstalk="#e58ac2",
    warning="#ff6b5e",
    accent="#6ea8ff",
    key_colors=("#56B4E9", "#F0E442", "#b39ddb", "#ffffff", "#c8a27a", "#8ecae6"),
    colormap="CET-D1A",
    font_pt=10.0,
    title_pt=11.0,
    cell_label_px=13,
    line_width=1.5,
    arrow_width=2.5,
)

PROJECTOR = Theme(
    name="projector",
    background="#ffffff",
    panel="#ffffff",
    foreground="#000000",
    muted="#222222",
    grid="#b0b4bb",
    write="#0057a0",
    read="#b34700",
    # Farther apart in lightness than in hue: a deuteranope tells them apart.
    target="#005c40",
    crosstalk="#b0408a",
    warning="#b00000",
    accent="#003f9e",
    key_colors=_KEYS_LIGHT,
    colormap="CET-D1A",
    font_pt=18.0,
    title_pt=18.0,
    cell_label_px=26,
    line_width=3.0,
    arrow_width=5.0,
    min_text_pt=13.5,  # 18 px at 96 dpi
)

THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK, PROJECTOR)}


def theme_named(name: str) -> Theme:
    """The theme called ``name``; unknown names fall back to light."""
    return THEMES.get(name, LIGHT)


def label_style(color: str, point_size: float, bold: bool = False) -> str:
    """A label's colour and size as a style sheet (a window-wide sheet can't override it)."""
    weight = "bold" if bold else "normal"
    return f"color: {color}; font-size: {round(point_size)}pt; font-weight: {weight};"


def relative_luminance(color: str) -> float:
    """WCAG 2.1's relative luminance of ``#rrggbb`` (0 black … 1 white)."""
    q = QtGui.QColor(color)
    linear = [
        c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        for c in (q.redF(), q.greenF(), q.blueF())
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2.1's contrast ratio of two colours (1 … 21; text wants 4.5)."""
    high, low = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_on(background: str) -> str:
    """White or black, whichever reads better on ``background``."""
    on_white = contrast_ratio("#ffffff", background)
    return "#ffffff" if on_white >= contrast_ratio("#000000", background) else "#000000"


def qcolor(name: str, alpha: int = 255) -> QtGui.QColor:
    """A QColor from ``#rrggbb`` with an optional alpha."""
    color = QtGui.QColor(name)
    color.setAlpha(alpha)
    return color


def theme_palette(theme: Theme) -> QtGui.QPalette:
    """The widgets' colours in ``theme``: backgrounds, text, buttons, selection.

    Colours go through the palette, not a style sheet: a sheet that gives
    every widget a background makes each one paint it, so Qt repaints the
    whole chain of parents under a plot every time the plot changes.
    """
    Role, Group = QtGui.QPalette.ColorRole, QtGui.QPalette.ColorGroup
    background, panel = qcolor(theme.background), qcolor(theme.panel)
    foreground, muted, grid = qcolor(theme.foreground), qcolor(theme.muted), qcolor(theme.grid)
    dark_theme = background.lightness() < 128
    palette = QtGui.QPalette(
        *(
            QtGui.QBrush(c)
            for c in (
                foreground,
                panel,
                panel.lighter(115),
                grid.darker(130),
                grid,
                foreground,
                qcolor("#ffffff"),
                background,
                background,
            )
        )
    )
    for role, color in (
        (Role.Window, background),
        (Role.WindowText, foreground),
        (Role.AlternateBase, panel),
        (Role.ToolTipBase, panel),
        (Role.ToolTipText, foreground),
        (Role.PlaceholderText, muted),
        (Role.Highlight, qcolor(theme.accent)),
        (Role.HighlightedText, qcolor(text_on(theme.accent))),
        (Role.Link, qcolor(theme.accent)),
        (Role.Shadow, qcolor("#000000") if dark_theme else grid.darker(160)),
    ):
        palette.setColor(role, color)
    for role in (Role.WindowText, Role.Text, Role.ButtonText):
        palette.setColor(Group.Disabled, role, muted)
    return palette
