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
