"""``linviz capacity … --out FILE.png|.svg|.pdf``: the recall lab's curves without a window.

The command line measures the points (Qt-free); this module draws them as
the recall lab does, both measures down and the rules across, on the
offscreen platform when there is no display.
"""

from __future__ import annotations

from pathlib import Path

from linviz.model.capacity import SweepResult
from linviz.views.number_text import shown_number

#: The figure's size in logical pixels; a PNG is drawn at :data:`PNG_SCALE` times that.
FIGURE_SIZE = (1200, 800)
PNG_SCALE = 2.0


def write_recall_image(result: SweepResult, path: str | Path) -> Path:
    """Draw ``result``'s curves into ``path`` (.png .svg .pdf); return the path.

    Raises
    ------
    linviz.views.export.images.ExportError
        For an unsupported extension or a file that cannot be written.
    """
    from linviz.views.app import application

    app = application()
    from linviz.views.language import ensure_language

    ensure_language()  # English has its plural forms ("1 trial a point") from its translator
    from linviz.views.export import images
    from linviz.views.labs.recall_figure import RecallFigure
    from linviz.views.theme import LIGHT, theme_palette

    sweep = result.sweep
    figure = RecallFigure()
    figure.setPalette(theme_palette(LIGHT))
    figure.setAutoFillBackground(True)
    figure.layout().setContentsMargins(16, 12, 16, 12)
    figure.resize(*FIGURE_SIZE)
    translate = app.translate
    kinds = {
        "random": translate("RecallImage", "random keys"),
        "orthogonal": translate("RecallImage", "orthogonal keys"),
        "similar": translate("RecallImage", "similar keys"),
    }
    subtitle = translate(
        "RecallImage", "{trials} · seed {seed} · exact: relative error below {tol}"
    ).format(
        # The lab's own words for it (RecallPage's), with their plural forms.
        trials=translate("RecallPage", "%Ln trials a point", "", sweep.trials),
        seed=sweep.seed,
        tol=shown_number(sweep.tolerance),
    )
    if not result.complete:
        subtitle += " · " + translate("RecallImage", "stopped early: some points are missing")
    with images.harmless_messages_hidden(("This plugin does not support",)):
        figure.apply_theme(LIGHT, figure.font())
        figure.draw(
            result.points,
            against="n",
            measures=("error", "rate"),
            rules=sweep.rules,
            title=translate("RecallImage", "Store N pairs, read each back: {0}").format(
                kinds.get(sweep.keys, sweep.keys)
            ),
            subtitle=subtitle,
            keys=sweep.keys,
            tolerance=sweep.tolerance,
            beta=sweep.beta,
        )
        figure.show()
        try:
            images.settle()
            scale = PNG_SCALE if Path(path).suffix.lower() == ".png" else 1.0
            return images.export_widget(figure, path, scale)
        finally:
            figure.hide()
            figure.deleteLater()
            images.settle(1)
