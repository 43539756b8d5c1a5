"""The timeline: keys, chips, playback, 100,000 steps, and the caption bar."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, read, write
from linviz.views.panels.caption import CaptionBar
from linviz.views.panels.timeline import TimelinePanel
from linviz.views.theme import theme_named
from tests.views.conftest import EventLog, shown_in_column

# The offscreen platform warns whenever a top-level window's size limits change.
# The offscreen platform warns when a window's size limits change or a tooltip is raised.
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


def show_window(qtbot, session: Session) -> tuple[QtWidgets.QWidget, TimelinePanel, CaptionBar]:
    """A window holding the caption bar and the timeline, shown and active.

    Keep the returned window referenced: it owns the panels.
    """
    caption = CaptionBar(session)
    timeline = TimelinePanel(session)
    window = shown_in_column(qtbot, (caption, timeline), 900, 260)
    return window, timeline, caption


def many_writes(count: int) -> Scenario:
    """``count`` writes cycling through a few keys (built quickly from arrays)."""
    keys = np.array([[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]])
    values = np.arange(2.0 * count).reshape(count, 2) % 7
    return Scenario(2, 2, [write(keys[i % 3], values[i], f"w{i + 1}") for i in range(count)])


def test_keys_step_the_cursor_and_the_caption_follows(qtbot, lesson_session):
    window, timeline, caption = show_window(qtbot, lesson_session)
    # A lesson opens on step 0: the empty memory, before any write.
    assert lesson_session.cursor == 0
    assert caption.heading.text() == "Step 0 of 7 · the empty memory, before any write"
    assert caption.caption.text() == lesson_session.text(lesson_session.scenario.caption)
    assert not timeline.first_action.isEnabled() and timeline.slider.value() == 0

    expected = [
        (Qt.Key.Key_Right, 1),
        (Qt.Key.Key_Right, 2),
        (Qt.Key.Key_Right, 3),
        (Qt.Key.Key_Left, 2),
        (Qt.Key.Key_End, 7),
        (Qt.Key.Key_Home, 0),
        (Qt.Key.Key_PageDown, 1),
        (Qt.Key.Key_PageDown, 2),
        (Qt.Key.Key_PageDown, 3),
        (Qt.Key.Key_PageUp, 2),
    ]
    for key, cursor in expected:
        qtbot.keyClick(timeline, key)
        assert lesson_session.cursor == cursor, key
    assert caption.heading.text() == "Step 2 of 7 · write k2"
    assert "Write k2 = [0, 1]" in caption.text()

    # Window-wide: the keys work when another part of the window has focus.
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert lesson_session.cursor == 7
    assert caption.heading.text() == "Step 7 of 7 · read r4"
    assert "The plane is full" in caption.text()


def test_actions_have_the_presentation_keys(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    shortcuts = {a.text(): [s.toString() for s in a.shortcuts()] for a in timeline.actions()}
    assert shortcuts == {
        "First step": ["Home"],
        "Previous step": ["Left", "PgUp"],
        "Play": ["Space"],
        "Next step": ["Right", "PgDown"],
        "Last step": ["End"],
    }
    assert all(a.shortcutContext() == Qt.ShortcutContext.WindowShortcut for a in timeline.actions())
    assert "(Left, PgUp)" in timeline.previous_action.toolTip()


def test_buttons_and_slider_move_the_cursor(qtbot, lesson_session):
    window, timeline, caption = show_window(qtbot, lesson_session)
    last_button = timeline.buttons[-1]
    qtbot.mouseClick(last_button, Qt.MouseButton.LeftButton)
    assert lesson_session.cursor == 7
    assert not timeline.next_action.isEnabled()
    timeline.slider.setValue(4)
    assert lesson_session.cursor == 4
    assert timeline.position_label.text() == "4 / 7"
    assert caption.heading.text() == "Step 4 of 7 · read r2"


def test_clicking_a_chip_jumps_there(qtbot, lesson_session):
    window, timeline, caption = show_window(qtbot, lesson_session)
    strip = timeline.strip
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=strip.chip_rect(6).center())
    assert lesson_session.cursor == 6
    assert timeline.slider.value() == 6
    assert caption.heading.text() == "Step 6 of 7 · read r3"
    # The gap between two chips is not a chip.
    rect = strip.chip_rect(3)
    qtbot.mouseClick(
        strip, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(rect.right() + 2, rect.center().y())
    )
    assert lesson_session.cursor == 6
    # The first chip is step 0, the empty memory.
    qtbot.mouseClick(strip, Qt.MouseButton.LeftButton, pos=strip.chip_rect(0).center())
    assert lesson_session.cursor == 0
    assert caption.heading.text().startswith("Step 0 of 7")


def test_the_current_chip_is_filled_and_others_are_not(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    lesson_session.set_cursor(5)
    strip = timeline.strip
    image = strip.grab().toImage()
    theme = theme_named("light")

    def inside_right_end(number: int) -> QtGui.QColor:
        rect = strip.chip_rect(number)
        return image.pixelColor(rect.right() - 4, rect.center().y())

    assert inside_right_end(5) == QtGui.QColor(theme.write)  # the cursor's write: solid
    assert inside_right_end(2) != QtGui.QColor(theme.write)  # another write: pale
    assert inside_right_end(2).lightness() > 200
    assert inside_right_end(6).red() > inside_right_end(6).blue()  # a read: orange tint


def test_play_advances_and_stops_at_the_end(qtbot, lesson_session):
    window, timeline, caption = show_window(qtbot, lesson_session)
    timeline.set_speed(4.0)
    lesson_session.set_cursor(5)
    qtbot.keyClick(timeline, Qt.Key.Key_Space)
    assert timeline.playing
    assert timeline.play_action.text() == "Pause"
    qtbot.waitUntil(lambda: lesson_session.cursor == 7, timeout=3000)
    qtbot.waitUntil(lambda: not timeline.playing, timeout=3000)
    assert lesson_session.cursor == 7
    assert caption.heading.text() == "Step 7 of 7 · read r4"
    assert timeline.play_action.text() == "Play"


def test_space_pauses_playback(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    qtbot.keyClick(timeline, Qt.Key.Key_Space)
    assert timeline.playing
    qtbot.keyClick(timeline, Qt.Key.Key_Space)
    assert not timeline.playing
    assert lesson_session.cursor == 0  # paused before the first tick


def test_play_at_the_end_starts_again_from_step_0(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    lesson_session.set_cursor(7)
    timeline.play_action.trigger()
    assert lesson_session.cursor == 0
    assert timeline.playing
    timeline.stop_playback()


def test_speed_sets_the_interval(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    timeline.set_speed(0.5)
    slow = timeline.timer.interval()
    timeline.set_speed(4.0)
    assert timeline.timer.interval() * 8 == slow


def test_a_hundred_thousand_steps_without_a_widget_per_step(qtbot):
    session = Session(many_writes(100_000))
    window, timeline, caption = show_window(qtbot, session)
    # A handful of widgets (buttons, slider, labels), not one per step.
    assert len(timeline.findChildren(QtWidgets.QWidget)) < 30
    session.set_cursor(99_999)
    strip = timeline.strip
    assert strip.rect().contains(strip.chip_rect(99_999))
    first, last = strip.visible_range()
    assert first <= 99_999 <= last
    assert last - first < 60  # only the chips in view are painted
    assert timeline.slider.value() == 99_999
    assert caption.heading.text() == "Step 99,999 of 100,000 · write w99999"
    qtbot.keyClick(timeline, Qt.Key.Key_Home)
    assert strip.rect().contains(strip.chip_rect(1))
    qtbot.keyClick(timeline, Qt.Key.Key_End)
    assert strip.rect().contains(strip.chip_rect(100_000))
    strip.repaint()


def test_stepping_keeps_the_cursor_chip_in_view(qtbot):
    session = Session(many_writes(200))
    window, timeline, _ = show_window(qtbot, session)
    session.set_cursor(1)
    for _ in range(60):
        qtbot.keyClick(timeline, Qt.Key.Key_Right)
        assert timeline.strip.rect().contains(timeline.strip.chip_rect(session.cursor))
    assert session.cursor == 61


def test_the_strip_follows_edits(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    from linviz.controller.commands import InsertStep

    lesson_session.execute(InsertStep(8, read([1, 0], "r5")))
    assert timeline.position_label.text() == "8 / 8"
    assert timeline.slider.maximum() == 8
    lesson_session.undo()
    assert timeline.slider.maximum() == 7


def test_caption_bar_with_no_steps_shows_the_scenario_caption(qtbot):
    session = Session(Scenario(2, 2, title="Empty", caption="Nothing stored yet."))
    window, timeline, caption = show_window(qtbot, session)
    assert session.cursor == 0
    assert caption.text() == "Empty\nNothing stored yet."
    assert not timeline.play_action.isEnabled()


def test_projector_theme_makes_the_chips_larger(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    small = timeline.strip.chip_rect(1).height()
    lesson_session.set_options(projector=True)
    assert timeline.strip.chip_rect(1).height() > 1.5 * small


def test_hovering_a_chip_shows_its_step_and_caption(qtbot, lesson_session):
    window, timeline, _ = show_window(qtbot, lesson_session)
    strip = timeline.strip
    spot = strip.chip_rect(5).center()
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, spot, strip.mapToGlobal(spot))
    QtWidgets.QApplication.sendEvent(strip, event)
    # The caption as shown: its live fields filled in.
    assert QtWidgets.QToolTip.text().startswith("Step 5: write k3\nWrite k3 = [0.8, 0.6]")


def test_long_scenarios_get_wider_chips_so_default_labels_fit(qtbot):
    session = Session(many_writes(100_000))
    window, timeline, _ = show_window(qtbot, session)
    strip = timeline.strip
    metrics = QtGui.QFontMetrics(strip.font())
    assert strip.chip_rect(1).width() > metrics.horizontalAdvance("W w100000")


def test_moving_the_cursor_repaints_the_old_and_the_new_chip(qtbot, lesson_session):
    window, timeline, caption = show_window(qtbot, lesson_session)
    strip = timeline.strip
    light = theme_named("light")

    def filled(number: int) -> bool:
        """Whether the chip's fill (left of its letter) is the solid write colour on
        screen (what the window last painted, not a fresh rendering)."""
        QtWidgets.QApplication.processEvents()
        spot = strip.mapTo(window, strip.chip_rect(number).topLeft()) + QtCore.QPoint(3, 12)
        shot = window.screen().grabWindow(window.winId()).toImage()
        return shot.pixelColor(spot) == QtGui.QColor(light.write)

    lesson_session.set_cursor(1)
    QtWidgets.QApplication.processEvents()
    paints = EventLog(QtCore.QEvent.Type.Paint, strip)
    lesson_session.set_cursor(2)
    qtbot.waitUntil(lambda: bool(paints.rects))
    # Only the two chips were repainted, not the whole strip.
    assert max(r.width() for r in paints.rects) < 3 * strip.pitch
    paints.stop()
    assert filled(2) and not filled(1)
    lesson_session.set_cursor(5)
    assert filled(5) and not filled(2)


def test_long_labels_sharing_a_start_stay_apart_on_the_chips(qtbot, monkeypatch):
    # An MQAR import's reads are "q@<position>:<key>": cut at the right, every chip
    # read "R q@…". Cut in the middle, each keeps its end.
    from linviz.views.panels import chip_strip

    labels = [f"q@{2000 + i}:{3836 + 17 * i}" for i in range(6)]
    scenario = Scenario(
        2, 2, [write([1, 0], [0, 1], "k"), *(read([1, 0], label) for label in labels)]
    )
    _window, timeline, _caption = show_window(qtbot, Session(scenario))
    drawn: list[str] = []
    real = chip_strip.draw_at
    monkeypatch.setattr(
        chip_strip,
        "draw_at",
        lambda painter, x, y, text, *rest: drawn.append(text) or real(painter, x, y, text, *rest),
    )
    timeline.strip.grab()
    shown = [text for text in drawn if text.startswith("q")]
    assert len(shown) == len(labels) and any("…" in text for text in shown), shown
    assert len(set(shown)) == len(labels), shown  # each chip still tells its read apart
