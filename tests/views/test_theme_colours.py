"""Every theme's text is readable (WCAG AA) and its categories survive colour blindness.

Contrast is WCAG 2.1's relative-luminance ratio. Colour-vision deficiency is
simulated with colorspacious (Machado et al. 2009 at full severity, i.e.
deuteranopia and protanopia); distances are CIECAM02-UCS ΔE, where about 1 is
just noticeable and categories a glance must tell apart want well over 10.
"""

from __future__ import annotations

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE
from PySide6 import QtGui

from linviz.views.items.matrix_item import colormap_for
from linviz.views.theme import THEMES, Theme, theme_palette
from tests.views.conftest import opened_window

AA_TEXT = 4.5
#: The smallest ΔE (CAM02-UCS) two categories may have under simulated
#: deuteranopia or protanopia.
MIN_CVD_DISTANCE = 12.0
CVD = ("deuteranomaly", "protanomaly")  # at severity 100: deuteranopia, protanopia

Role = QtGui.QPalette.ColorRole


def rgb(color: str | QtGui.QColor) -> np.ndarray:
    """sRGB in 0..1 of ``#rrggbb`` or a QColor."""
    q = QtGui.QColor(color)
    return np.array([q.redF(), q.greenF(), q.blueF()])


def luminance(color) -> float:
    c = rgb(color)
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2])


def contrast(a, b) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def simulated(color: np.ndarray, kind: str) -> np.ndarray:
    space = {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}
    return np.clip(cspace_convert(color, space, "sRGB1"), 0.0, 1.0)


def cvd_distance(a: np.ndarray, b: np.ndarray) -> float:
    """The smaller ΔE of ``a`` and ``b`` as a deuteranope and a protanope see them."""
    return min(
        float(deltaE(simulated(a, kind), simulated(b, kind), input_space="sRGB1")) for kind in CVD
    )


#: Colours the views use for text (labels, legends, equation terms, arrow labels).
TEXT_ROLES = ("foreground", "muted", "accent", "warning", "write", "read", "target", "crosstalk")


def text_pairs(theme: Theme):
    for role in TEXT_ROLES:
        for ground in ("background", "panel"):
            yield f"{role} on {ground}", getattr(theme, role), getattr(theme, ground)
    for index, color in enumerate(theme.key_colors):
        yield f"key colour {index} on background", color, theme.background
    palette = theme_palette(theme)
    for text, ground in (
        (Role.WindowText, Role.Window),
        (Role.Text, Role.Base),
        (Role.ButtonText, Role.Button),
        (Role.ToolTipText, Role.ToolTipBase),
        (Role.HighlightedText, Role.Highlight),
        (Role.PlaceholderText, Role.Base),
    ):
        yield f"palette {text.name} on {ground.name}", palette.color(text), palette.color(ground)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_text_colour_meets_wcag_aa(name):
    ratios = {label: contrast(fg, bg) for label, fg, bg in text_pairs(THEMES[name])}
    low = {label: round(r, 2) for label, r in ratios.items() if r < AA_TEXT}
    assert not low, f"{name}: below {AA_TEXT}:1: {low}"
    # The known worst case, so a later edit can see how much room is left.
    assert min(ratios.values()) >= AA_TEXT, f"{name}: lowest {min(ratios.values()):.2f}:1"


def category_pairs(theme: Theme):
    lut = colormap_for(theme).getLookupTable(0.0, 1.0, 256, alpha=False) / 255.0
    yield "target vs crosstalk", rgb(theme.target), rgb(theme.crosstalk)
    yield "write vs read", rgb(theme.write), rgb(theme.read)
    yield "negative vs positive end of the colour map", lut[0], lut[-1]
    for index, color in enumerate(theme.key_colors):
        yield f"key colour {index} vs query (read)", rgb(color), rgb(theme.read)


@pytest.mark.parametrize("name", sorted(THEMES))
def test_categories_stay_apart_for_deuteranopes_and_protanopes(name):
    distances = {label: cvd_distance(a, b) for label, a, b in category_pairs(THEMES[name])}
    worst = min(distances, key=distances.get)
    close = {label: round(d, 1) for label, d in distances.items() if d < MIN_CVD_DISTANCE}
    assert not close, (
        f"{name}: categories closer than ΔE {MIN_CVD_DISTANCE} under simulated CVD: {close}; "
        f"minimum {distances[worst]:.1f} ({worst})"
    )
    print(f"{name}: minimum CVD distance ΔE {distances[worst]:.1f} ({worst})")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_unchecked_box_stands_out_from_its_page(qtbot, theme):
    """On the dark theme Fusion drew an unchecked box near-black on the near-black
    page (1.1:1): the normaliser's box, and every option of the export dialog. On
    the light theme its edge was 1.7:1; WCAG 2.1 asks 3:1 of a control's edge."""
    from PySide6 import QtWidgets

    window = opened_window(qtbot, "delta-repair", (1280, 800))
    window.set_theme(theme)
    (box,) = [b for b in window.findChildren(QtWidgets.QCheckBox) if b.isVisible()]
    assert not box.isChecked()
    dialog = QtWidgets.QDialog(window)  # a dialog takes its colours from the window's sheet
    in_dialog = QtWidgets.QCheckBox("option", dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for widget in (box, in_dialog):
        image = widget.grab().toImage()
        page = image.pixelColor(image.width() - 2, 1)  # the page, right of the words
        square = widget.style().subElementRect(
            QtWidgets.QStyle.SubElement.SE_CheckBoxIndicator, QtWidgets.QStyleOptionButton(), widget
        )
        best = max(
            contrast(image.pixelColor(x, y), page)
            for x in range(0, min(square.right() + 3, image.width()))
            for y in range(image.height())
        )
        assert best >= 3.0, (theme, widget.text(), best)
    dialog.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_spin_box_shows_its_arrows(qtbot, theme):
    """Under the window's style sheet the arrows' buttons were 5 px wide and Fusion's
    arrows did not show: d_k, d_v, α, β and the export's scale had none."""
    from PySide6 import QtWidgets

    window = opened_window(qtbot, "gated-forgetting", (1280, 800))
    window.set_theme(theme)
    spins = [s for s in window.settings_panel.findChildren(QtWidgets.QSpinBox) if s.isVisible()]
    assert spins
    for spin in spins:
        image = spin.grab().toImage()
        width, height = image.width(), image.height()
        field = image.pixelColor(width // 2, height // 2 - 4)
        # Inside each button, clear of its edges: only an arrow can stand out there.
        for rows in (range(2, height // 2 - 2), range(height // 2 + 1, height - 4)):
            arrow = max(
                contrast(image.pixelColor(x, y), field)
                for x in range(width - 14, width - 6)
                for y in rows
            )
            assert arrow >= 3.0, (theme, rows, arrow)
