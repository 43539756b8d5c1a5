"""Every lab's text fits, at projector sizes and on a laptop: nothing cut, nothing overlaps."""

from __future__ import annotations

import pytest

from tests.views.conftest import settle
from tests.views.labs.conftest import show_lab
from tests.views.labs.lab_text_boxes import all_boxes, problems

LABS = ("memory", "recall", "spotlight", "rules", "spectrum", "cost")
#: The smallest text a projector may show at 1024×768 (pixels).
SMALLEST_PROJECTOR_PX = 18


def wait_for_recall(qtbot, page) -> None:
    if page.lab_name in ("recall", "cost"):  # the labs that measure on a worker
        qtbot.waitUntil(lambda: not page.runner.running, timeout=60_000)
        settle()  # what the run's end laid out, as the next paint shows it


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
@pytest.mark.parametrize("lab", LABS)
def test_every_lab_fits_in_projector_mode(qtbot, lab_window, monkeypatch, lab, size):
    window = lab_window("session-trace", size, projector=True)
    window.session.set_cursor(len(window.session.scenario))  # a read: every part shows
    page = show_lab(window, lab)
    wait_for_recall(qtbot, page)
    assert (window.width(), window.height()) == size
    boxes = all_boxes(page, monkeypatch)
    assert len(boxes) >= 8
    assert any(box.where in ("tick", "cell number") for box in boxes)
    smallest = SMALLEST_PROJECTOR_PX if size == (1024, 768) else None
    found = problems(boxes, smallest)
    assert not found, "\n".join(found)
    assert min(box.font_px for box in boxes) >= SMALLEST_PROJECTOR_PX


@pytest.mark.parametrize(
    ("lesson", "cursor"), [("gated-forgetting", 8), ("feature-map", 3), ("delta-repair", 4)]
)
def test_the_rules_fit_in_projector_mode_with_longer_numbers(
    qtbot, lab_window, monkeypatch, lesson, cursor
):
    window = lab_window(lesson, (1024, 768), projector=True)
    window.session.set_cursor(cursor)
    page = show_lab(window, "rules")
    found = problems(all_boxes(page, monkeypatch), SMALLEST_PROJECTOR_PX)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lab", LABS)
def test_every_lab_fits_a_laptop_screen(qtbot, lab_window, monkeypatch, lab):
    window = lab_window("crowding-the-plane", (1024, 768), projector=False)
    window.session.set_cursor(5)
    page = show_lab(window, lab)
    wait_for_recall(qtbot, page)
    found = problems(all_boxes(page, monkeypatch))
    assert not found, "\n".join(found)


def _lines(label) -> list[str]:
    """The lines word-wrapped ``label`` shows (plain or rich text), as Qt lays them out,
    no-break spaces as spaces."""
    from PySide6 import QtCore, QtGui

    document = QtGui.QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    if label.textFormat() == QtCore.Qt.TextFormat.RichText:
        document.setHtml(label.text())
    else:
        document.setPlainText(label.text())
    document.setTextWidth(label.contentsRect().width())
    document.documentLayout()  # lays it out
    lines = []
    block = document.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for index in range(layout.lineCount()):
            line = layout.lineAt(index)
            lines.append(text[line.textStart() : line.textStart() + line.textLength()])
        block = block.next()
    return [" ".join(line.replace("\u00a0", " ").replace("\u2060", "").split()) for line in lines]


def _parts(label) -> list[str]:
    """The parts of a legend or a " · " list ``label`` shows, each to stay on one line."""
    import html
    import re

    from linviz.views.typography import LEGEND_GAP, UNBROKEN_PART_CHARS

    text = label.text()
    if LEGEND_GAP in text:
        entries = [html.unescape(re.sub(r"<[^>]+>", "", entry)) for entry in text.split(LEGEND_GAP)]
    else:
        entries = [part for part in text.split(" · ") if len(part) <= UNBROKEN_PART_CHARS]
        if len(entries) < 2:
            return []
    return [
        " ".join(entry.replace("\u00a0", " ").replace("\u2060", "").split()) for entry in entries
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("lab", [lab for lab in LABS if lab != "rules"])  # rules: none
def test_a_legend_or_a_list_of_parts_wraps_only_between_them(qtbot, lab_window, lab, language):
    """On a 1024×768 projector the cost lab's legend ended a line at "one state update
    and" ("read" under it), the spectrum readout at "σ = 4.754," and the memory lab's
    at "· head" ("size 128" under it)."""
    from PySide6 import QtWidgets

    from linviz.views.language import set_language

    set_language(language)
    try:
        window = lab_window("crowding-the-plane", (1024, 768), projector=True)
        window.session.set_cursor(len(window.session.scenario))
        page = show_lab(window, lab)
        wait_for_recall(qtbot, page)
        checked = 0
        for label in page.findChildren(QtWidgets.QLabel):
            if not label.isVisibleTo(page) or not label.wordWrap():
                continue
            parts = _parts(label)
            if not parts:
                continue
            lines = _lines(label)
            for part in parts:
                assert any(part in line for line in lines), (part, lines)
            checked += 1
        assert checked  # every lab shows a legend or a list of parts
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_rules_lab_keeps_each_setting_on_one_line(qtbot, lab_window, language):
    """On a 1024×768 projector the French title ended a line at "β par défaut" ("= 1)"
    under it) and the gated delta card at "; β" ("par défaut = 1" under it)."""
    import re

    from linviz.views.language import set_language

    setting = re.compile(r"(?:default )?[αβ](?: par défaut)? = [\d.,]+")
    set_language(language)
    try:
        window = lab_window("crowding-the-plane", (1024, 768), projector=True)
        window.session.set_cursor(len(window.session.scenario))  # a read: defaults shown
        page = show_lab(window, "rules")
        labels = [page.title] + [card.settings for card in page.cards.values()]
        found = 0
        for label in labels:
            text = " ".join(label.text().replace("\u00a0", " ").split())
            lines = _lines(label)
            for match in setting.finditer(text):
                assert any(match[0] in line for line in lines), (match[0], lines)
                found += 1
        assert found >= 5  # the title's two, and the cards' with α or β
    finally:
        set_language("en")
