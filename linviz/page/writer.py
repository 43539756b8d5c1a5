"""Write a scenario as one self-contained, interactive HTML page (no Qt, no network).

The page is the template below with our own CSS (``page.css``) and
JavaScript (``replay.js``, ``page.js``) inlined, the scenario embedded as
JSON and the page's strings in the chosen language. Nothing in it names
another file or a server: it opens from ``file://`` on a school laptop or a
phone with the network off. The same scenario, language and theme always
give the same bytes (no date, no random identifier, keys in a fixed order).
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path

from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.safe_files import write_safely
from linviz.model.scenario import Scenario
from linviz.model.scenario_file import scenario_to_dict

#: Largest scenario a page takes: a phone replays 20,000 steps of d = 64 in well
#: under a second, and the file stays a few megabytes at most.
MAX_PAGE_STEPS = 20_000
MAX_PAGE_DIM = 64
#: Languages and themes a page can be written in.
PAGE_LANGUAGES = ("en", "fr")
PAGE_THEMES = ("light", "dark", "projector")
#: The files inlined into the page, in this order.
SCRIPTS = ("replay.js", "page.js")
STYLES = ("page.css",)

_TEMPLATE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="linviz {version}">
<title>{title}</title>
<style>
{css}
</style>
</head>
<body class="theme-{theme}">
<noscript><p>{noscript}</p></noscript>
<svg id="svg-namespace" width="0" height="0" aria-hidden="true"></svg>
<main id="linviz-page"></main>
<script type="application/json" id="linviz-scenario">{scenario}</script>
<script type="application/json" id="linviz-strings">{strings}</script>
<script type="application/json" id="linviz-options">{options}</script>
<script>
{js}
</script>
</body>
</html>
"""

_NOSCRIPT = {
    "en": "This lesson needs JavaScript to run in your browser.",
    "fr": "Cette leçon a besoin de JavaScript dans votre navigateur.",
}


class PageTooLarge(ScenarioError):
    """A scenario beyond what one page holds (steps or sizes)."""


def _asset(name: str) -> str:
    return resources.files("linviz.page").joinpath(name).read_text(encoding="utf-8")


def page_strings(language: str) -> dict[str, str]:
    """The page's own strings in ``language`` (``strings.json``)."""
    return json.loads(_asset("strings.json"))[language]


def _script_json(document: object) -> str:
    """JSON that can sit inside ``<script>``: no ``<``, ``>`` or ``&`` can end it early.

    Text from the file (a label such as ``</script><img …>``) stays data:
    the page reads it with ``JSON.parse`` and inserts it as text, never as HTML.
    """
    text = json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _escape_text(text: str) -> str:
    """``text`` for an HTML text node (the ``<title>``)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _title_text(title: object, language: str) -> str:
    if isinstance(title, dict):
        return str(title.get(language) or title.get("en") or next(iter(title.values()), ""))
    return str(title or "linviz")


def check_page_size(scenario: Scenario, file: str | None = None) -> None:
    """Refuse a scenario too large for a page, with one line saying the limit.

    Raises
    ------
    PageTooLarge
        Over :data:`MAX_PAGE_STEPS` steps, or ``d_k`` / ``d_v`` over :data:`MAX_PAGE_DIM`.
    """
    if len(scenario) > MAX_PAGE_STEPS:
        raise PageTooLarge.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "too large for an interactive page: {count} steps (a page holds at most {limit})",
            ),
            file=file,
            count=len(scenario),
            limit=MAX_PAGE_STEPS,
        )
    for name, size in (("d_k", scenario.d_k), ("d_v", scenario.d_v)):
        if size > MAX_PAGE_DIM:
            raise PageTooLarge.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "too large for an interactive page: {name} = {size} "
                    "(a page takes at most {limit})",
                ),
                file=file,
                field=name,
                name=name,
                size=size,
                limit=MAX_PAGE_DIM,
            )


def page_html(
    scenario: Scenario,
    language: str = "en",
    theme: str = "light",
    file: str | None = None,
    step: int | None = None,
) -> str:
    """The whole page for ``scenario`` as text.

    Parameters
    ----------
    scenario
        The lesson (checked: its states are finite).
    language
        ``"en"`` or ``"fr"``: the page's strings, the lesson's texts and how
        numbers are written (a decimal comma in French).
    theme
        ``"light"``, ``"dark"`` or ``"projector"`` (the page can switch later).
    file
        The scenario's name, for the refusal of one too large.
    step
        The step the page opens at (0: the empty memory); by default the first.

    Raises
    ------
    ValueError
        For a language or theme not listed above.
    PageTooLarge
        For a scenario over the page's limits.
    """
    from linviz import __version__

    if language not in PAGE_LANGUAGES:
        raise ValueError(f"unknown page language {language!r}: choose {', '.join(PAGE_LANGUAGES)}")
    if theme not in PAGE_THEMES:
        raise ValueError(f"unknown page theme {theme!r}: choose {', '.join(PAGE_THEMES)}")
    check_page_size(scenario, file)
    if step is not None and not 0 <= step <= len(scenario):
        raise ValueError(f"there is no step {step}: the scenario has steps 0 to {len(scenario)}")
    document = scenario_to_dict(scenario)
    options: dict[str, object] = {"language": language, "theme": theme}
    if step is not None:
        options["step"] = step
    return _TEMPLATE.format(
        lang=language,
        version=_escape_text(__version__),
        title=_escape_text(_title_text(document.get("title"), language)),
        css="\n".join(_asset(name).rstrip("\n") for name in STYLES),
        theme=theme,
        noscript=_NOSCRIPT[language],
        scenario=_script_json(document),
        strings=_script_json(page_strings(language)),
        options=_script_json(options),
        js="\n".join(_asset(name).rstrip("\n") for name in SCRIPTS),
    )


def write_lesson_page(
    scenario: Scenario,
    path: str | os.PathLike[str],
    language: str = "en",
    theme: str = "light",
    step: int | None = None,
) -> Path:
    """Write ``scenario`` as an interactive page at ``path`` (atomically); the file written.

    What File ▸ Export ▸ Interactive page calls (``step``: the step the page
    opens at, e.g. the one the window shows; by default the first). Raises :class:`ScenarioError`
    (a :class:`PageTooLarge` for a scenario over the limits, or one naming the
    file that cannot be written) and ``ValueError`` for an unknown language
    or theme.
    """
    text = page_html(scenario, language, theme, step=step)
    return write_safely(os.fspath(path), [text.encode("utf-8")])
