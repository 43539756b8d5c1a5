"""A long session, as a restless user: thousands of random actions on a real window.

Seeded (the same actions every run; the seed and the action number are in
every failure). Besides keys, drags, edits and exports, the hostile ones: Try
a vector with ``inf``, ``1e400, 1`` and 400-digit numbers, then projector
mode; extreme numbers (1e308, -1.797e308, 5e-324) typed into the step table's
cells; saves to places that cannot be written; closing the window while its
save fails. A watchdog fails the test with every thread's stack if the event
loop stalls for 10 s (:mod:`tests.views.watchdog`). After each action: no
exception reached the exception hook, the event queue settles (no layout that
feeds on itself), and the session's scenario, a fresh replay of it dumped and
loaded back, and the heatmap on screen agree on S at the cursor. And memory
does not grow across repeated lesson loads.
"""

from __future__ import annotations

import gc
import json
import os
import random
import re
from pathlib import Path

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.commands import Configure, InsertStep, RemoveStep, ReplaceStep, Resize
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import read, write
from linviz.model.scenario_file import dumps_scenario, load_scenario_bytes
from linviz.views.error_hook import ErrorReporter
from linviz.views.panels.step_table_model import VALUE, VECTOR
from tests.views.conftest import EXTREME_VALUE_MARKS, data_to_viewport
from tests.views.watchdog import Watchdog

pytestmark = EXTREME_VALUE_MARKS

SEED = 14
ACTIONS = int(os.environ.get("LINVIZ_MONKEY_ACTIONS", "2000"))
#: Up to this many actions run between two settles of the event loop (a quick user).
BURST = 3
#: Rounds of the event loop an action may take to settle; more is a layout loop.
SETTLE_ROUNDS = 40
#: The event loop not back for this long fails the test, with every thread's stack.
STALL_SECONDS = 10

#: What a hostile instructor types into Class ▸ Try a vector…
TRY_TEXTS = (
    "inf",
    "-inf, 1",
    "nan",
    "1e400, 1",
    "1e308, -1e308",
    "1.7976931348623157e308, 5e-324",
    "9" * 400,
    "-" + "9" * 400 + ", 1",
    "1e-300, 1e300, 1, 0",
)
#: Extreme numbers typed into a key or value cell of the step table.
EXTREME_NUMBERS = ("1e308", "-1.797e308", "5e-324", "-5e-324", "1.7976931348623157e308")

RULES = (
    Rule("additive"),
    Rule("delta", beta=0.5),
    Rule("delta", beta=1.0),
    Rule("gated", alpha=0.9),
    Rule("gated_delta", alpha=0.8, beta=0.7),
)


class LayoutWatch(QtCore.QObject):
    """Counts layout requests anywhere in the application while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QtCore.QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def settle(watch: LayoutWatch, beat=lambda where: None) -> int:
    """Run the event loop until a round brings no layout request; the rounds it took.

    ``beat`` is told after each round (the watchdog's heartbeat).
    """
    app = QtWidgets.QApplication.instance()
    for rounds in range(1, SETTLE_ROUNDS + 1):
        watch.count = 0
        app.processEvents()
        beat(f"settle round {rounds}")
        if watch.count == 0:
            return rounds
    return SETTLE_ROUNDS + 1


def unwritable_places(tmp_path) -> list:
    """Where no save can succeed: a read-only folder (sysfs as root), under a file, a folder."""
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        (locked / "probe").touch()
    except PermissionError:
        folder = locked
    else:  # root writes anywhere a mode allows nothing: sysfs refuses even root
        (locked / "probe").unlink()
        folder = Path("/sys/kernel")
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    (tmp_path / "folder.json").mkdir()
    return [
        folder / "lesson.json",
        tmp_path / "notes.txt" / "lesson.json",
        tmp_path / "folder.json",
        tmp_path / "gone" / "away" / "lesson.json",
    ]


def referenced(scenario, label: str) -> bool:
    """Whether a caption's field names ``label`` (``{y@r1}``).

    Removing such a step is accepted, but the scenario saved then cannot be
    opened again (see test_a_saved_scenario_whose_caption_names_a_removed_step_opens):
    the monkey leaves those steps alone so that it can check the rest.
    """
    captions = [scenario.caption] + [scenario.step(n).caption for n in range(1, len(scenario) + 1)]
    pattern = re.compile(r"\{[^{}]*[@,]" + re.escape(label) + r"[,}]")
    return any(caption and pattern.search(caption) for caption in captions)


def test_a_step_another_caption_quotes_cannot_be_removed_so_saved_files_reopen(lesson_session):
    scenario = lesson_session.scenario
    number = scenario.number_of("r1")
    quoting = [n for n, c in enumerate(scenario.captions(), start=1) if "@r1" in c]
    assert quoting, "the lesson quotes r1 from another caption"
    before = dumps_scenario(scenario)
    with pytest.raises(ScenarioError, match="quotes 'r1'.*edit that caption first"):
        lesson_session.execute(RemoveStep(number))
    assert dumps_scenario(lesson_session.scenario) == before
    # Its English rewritten, the French caption still quotes r1: still refused, and said.
    lesson_session.edit_caption(quoting[0], "plain words")
    with pytest.raises(ScenarioError, match=r"caption \(fr\) quotes 'r1'"):
        lesson_session.execute(RemoveStep(number))
    for n in quoting:  # once no caption quotes it, it goes, and the file reopens
        lesson_session.set_options(language="fr")
        lesson_session.edit_caption(n, "des mots simples")
        lesson_session.set_options(language="en")
        lesson_session.edit_caption(n, "plain words")
    lesson_session.execute(RemoveStep(lesson_session.scenario.number_of("r1")))
    load_scenario_bytes(dumps_scenario(lesson_session.scenario).encode("utf-8"), "saved")


class Monkey:
    """The random actions, on ``window``, drawn from ``rng``."""

    def __init__(self, window, rng: random.Random, tmp_path, monkeypatch) -> None:
        self.window = window
        self.session = window.session
        self.rng = rng
        self.tmp_path = tmp_path
        self.monkeypatch = monkeypatch
        self.nowhere = unwritable_places(tmp_path)
        self.exports = 0
        self.bad_file = tmp_path / "bad.json"
        self.bad_file.write_text(
            json.dumps({"format": "linviz-scenario", "version": 1, "d_k": "two", "steps": []}),
            encoding="utf-8",
        )

    def vector(self, size: int) -> list[float]:
        return [round(self.rng.uniform(-2, 2), 1) for _ in range(size)]

    def label(self) -> str:
        return f"m{self.rng.randrange(10**6)}"

    # -- the actions ----------------------------------------------------------------------
    def key(self) -> str:
        key = self.rng.choice(
            [Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End, Qt.Key.Key_Right]
        )
        QTest.keyClick(self.window, key)
        return f"key {key.name}"

    def undo_redo(self) -> str:
        if self.rng.random() < 0.5:
            QTest.keyClick(self.window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
            return "Ctrl+Z"
        QTest.keyClick(
            self.window,
            Qt.Key.Key_Z,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
        return "Ctrl+Shift+Z"

    def drag(self) -> str:
        """Press on an arrow's tip of the key plane, move, maybe undo/redo mid-drag, release."""
        plane = self.window.key_plane
        if not plane.isVisible():
            return "drag (plane hidden)"
        widget = plane.plot_widget
        viewport = widget.viewport()
        tips = [
            data_to_viewport(widget, *item.tip)
            for item in plane.arrows()
            if item.draggable and item.isVisible()
        ]
        tips = [tip for tip in tips if viewport.rect().adjusted(12, 12, -12, -12).contains(tip)]
        if not tips:
            return "drag (no arrow)"
        start = self.rng.choice(tips)
        QTest.mouseMove(viewport, start)
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
        point = start
        interrupt = self.rng.randrange(6)
        what = "drag"
        for step in range(5):
            point = QtCore.QPoint(
                max(2, min(viewport.width() - 2, point.x() + self.rng.choice([-1, 1]) * 14)),
                max(2, min(viewport.height() - 2, point.y() + self.rng.choice([-1, 1]) * 12)),
            )
            QTest.mouseMove(viewport, point)
            if step == interrupt:
                what += " with " + self.undo_redo()
        QTest.mouseRelease(
            viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point
        )
        return what

    def edit(self) -> str:
        """A typed edit, through the session's commands (refusals are fine)."""
        scenario = self.session.scenario
        count = len(scenario)
        choice = self.rng.random()
        try:
            if choice < 0.35 and count:
                number = self.rng.randint(1, count)
                step = scenario.step(number)
                field = "value" if step.is_write and self.rng.random() < 0.5 else "vector"
                size = scenario.d_v if field == "value" else scenario.d_k
                self.session.execute(
                    ReplaceStep(number, step.with_changes(**{field: self.vector(size)}))
                )
                return f"edit {field} of step {number}"
            if choice < 0.6 or count < 2:
                number = self.rng.randint(1, count + 1)
                step = (
                    write(self.vector(scenario.d_k), self.vector(scenario.d_v), self.label())
                    if self.rng.random() < 0.6
                    else read(self.vector(scenario.d_k), self.label())
                )
                self.session.execute(InsertStep(number, step))
                return f"insert step {number}"
            if choice < 0.75 and count > 1:
                number = self.rng.randint(1, count)
                if referenced(scenario, scenario.step(number).label):
                    return "remove (skipped: a caption names the step)"
                self.session.execute(RemoveStep(number))
                return f"remove step {number}"
            if choice < 0.85:
                model = self.window.step_table.model
                row = self.rng.randrange(count)
                from linviz.views.panels.step_table_model import CAPTION

                model.setData(model.index(row, CAPTION), f"typed caption {self.rng.random():.3f}")
                return f"caption typed in row {row}"
            d_k, d_v = self.rng.randint(1, 4), self.rng.randint(1, 4)
            self.session.execute(Resize(d_k, d_v))
            return f"d_k={d_k} d_v={d_v}"
        except ScenarioError as error:
            return f"refused: {error}"

    def rule(self) -> str:
        rule = self.rng.choice(RULES)
        try:
            self.session.execute(
                Configure(rule=rule, normalize=self.rng.random() < 0.2)
                if self.rng.random() < 0.3
                else Configure(rule=rule)
            )
        except ScenarioError as error:
            return f"rule refused: {error}"
        return f"rule {rule.name}"

    def projector(self) -> str:
        on = not self.session.options.projector
        self.window.set_projector_mode(on, full_screen=False)
        return f"projector {on}"

    def resize(self) -> str:
        width, height = self.rng.randint(800, 1400), self.rng.randint(600, 950)
        self.window.resize(width, height)
        return f"resize {width}x{height}"

    def export(self) -> str:
        self.exports += 1
        path = self.tmp_path / f"export-{self.exports}.png"
        written = self.window.exporter.export_view("window", path)
        assert written is not None and path.stat().st_size > 0
        return "export"

    def open_bad_file(self) -> str:
        before = dumps_scenario(self.session.scenario)
        self.session.end_drag()
        self.session.undo_stack.set_clean()  # no question about unsaved changes
        assert not self.window.open_path(self.bad_file)
        assert dumps_scenario(self.session.scenario) == before
        box = getattr(self.window, "error_box", None)
        if box is not None:
            box.close()
        return "open a bad file"

    def try_vector(self) -> str:
        """Class ▸ Try a vector… with an infinite, huge or 400-digit text, then projector mode."""
        before = dumps_scenario(self.session.scenario)
        self.window.classroom.open_try_box()
        box = self.window.classroom.try_box()
        role = self.rng.choice(("key", "query", "value"))
        box.roles[role].click()
        text = self.rng.choice(TRY_TEXTS)
        box.edit.setText(text)
        QTest.keyClick(box.edit, Qt.Key.Key_Return)  # Enter tries
        assert box.check is not None and box.verdict.text(), f"no verdict for {text[:30]!r}"
        was_projector = self.session.options.projector
        self.window.set_projector_mode(True, full_screen=False)
        QtWidgets.QApplication.processEvents()
        box.grab()  # the big picture drawn now, not at some later paint
        self.window.grab()
        if not was_projector and self.rng.random() < 0.7:
            self.window.set_projector_mode(False, full_screen=False)
        box.close()
        assert dumps_scenario(self.session.scenario) == before, "Try a vector changed the scenario"
        return f"try {text[:24]!r} as {role}, then projector"

    def typed_extreme(self) -> str:
        """An extreme number typed into a key or value cell of the step table, as a user types."""
        scenario = self.session.scenario
        if not len(scenario):
            return "typed (no step)"
        row = self.rng.randrange(len(scenario))
        step = scenario.step(row + 1)
        column = VALUE if step.is_write and self.rng.random() < 0.5 else VECTOR
        size = scenario.d_v if column == VALUE else scenario.d_k
        text = ", ".join(self.rng.choice(EXTREME_NUMBERS + ("1", "0")) for _ in range(size))
        before = dumps_scenario(scenario)
        table = self.window.step_table.table
        model = self.window.step_table.model
        index = model.index(row, column)
        how = "set"
        if table.isVisible():
            table.scrollTo(index)
            table.setCurrentIndex(index)
            table.edit(index)
            editor = QtWidgets.QApplication.focusWidget()
            if isinstance(editor, QtWidgets.QLineEdit) and table.isAncestorOf(editor):
                editor.selectAll()
                QTest.keyClicks(editor, text)
                QTest.keyClick(editor, Qt.Key.Key_Return)
                how = "typed"
        if how == "set":  # the table is not on screen (a compact window): as the model takes it
            model.setData(index, text)
        self.session.set_cursor(row + 1)
        QtWidgets.QApplication.processEvents()
        self.window.grab()  # every panel drawn with the extreme step at the cursor
        accepted = dumps_scenario(self.session.scenario) != before
        if accepted and self.rng.random() < 0.7:
            self.session.undo()  # most of the time, back to numbers the other actions can drag
        return f"typed {text!r} into row {row + 1} ({how}, {'accepted' if accepted else 'refused'})"

    def _failed_save_said(self, target) -> None:
        error = self.window.last_error or ""
        assert error.startswith("Could not save "), (target, error)
        box = getattr(self.window, "error_box", None)
        if box is not None:
            box.close()

    def save_nowhere(self) -> str:
        """File ▸ Save to a place that cannot be written: told, nothing lost."""
        target = self.rng.choice(self.nowhere)
        before, modified, path = (
            dumps_scenario(self.session.scenario),
            self.session.is_modified,
            self.session.path,
        )
        self.window.last_error = None
        assert not self.window.save_to(target), target
        self._failed_save_said(target)
        assert dumps_scenario(self.session.scenario) == before
        assert (self.session.is_modified, self.session.path) == (modified, path)
        return f"save to {target} (refused)"

    def close_failing(self) -> str:
        """Close → "Save changes?" → Save → the save fails: the window stays open."""
        if self.session.path is not None:
            return "close (skipped: the scenario has a file)"
        if not self.session.is_modified:
            step = write(
                self.vector(self.session.scenario.d_k),
                self.vector(self.session.scenario.d_v),
                self.label(),
            )
            try:
                self.session.execute(InsertStep(1, step))
            except ScenarioError as error:  # before extreme steps, S may overflow: refused
                return f"close (skipped: nothing to save, the edit was refused: {error})"
        target = self.rng.choice(self.nowhere)
        self.window.last_error = None
        with self.monkeypatch.context() as patched:
            patched.setattr(
                self.window, "ask_unsaved", lambda: QtWidgets.QMessageBox.StandardButton.Save
            )
            patched.setattr(
                QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "")
            )
            assert not self.window.close(), "the window closed although its save failed"
        assert self.window.isVisible() and self.session.is_modified
        self._failed_save_said(target)
        return f"close while saving to {target} fails"

    def act(self) -> str:
        """One random action; what it was. Any error names the action it broke in."""
        roll = self.rng.random()
        for share, action in (
            (0.22, self.key),
            (0.40, self.drag),
            (0.62, self.edit),
            (0.70, self.undo_redo),
            (0.77, self.rule),
            (0.81, self.projector),
            (0.86, self.resize),
            (0.875, self.export),
            (0.90, self.open_bad_file),
            (0.93, self.try_vector),
            (0.96, self.typed_extreme),
            (0.98, self.save_nowhere),
            (1.0, self.close_failing),
        ):
            if roll < share:
                try:
                    return action()
                except AssertionError:
                    raise
                except Exception as error:  # raised through a paint or an event: say which action
                    raise AssertionError(
                        f"{action.__name__} raised {type(error).__name__}: {error}"
                    ) from error
        raise AssertionError("unreachable")


#: The last dumped text, the fresh replay of it loaded back and the tolerance it
#: allows (most actions edit nothing).
_FRESH: dict[str, tuple[Trace, float]] = {}
#: Rounding allowed, in machine epsilons of the trace's largest |S|.
ROUNDING_EPS = 64


def fresh_replay(session) -> tuple[Trace, float]:
    """A fresh replay of the scenario, dumped and loaded back, and how far two
    replays of it may differ.

    Two sums of the same writes in another order differ by rounding, and the
    rounding is that of the largest numbers summed, not of the result: writes
    of ±1e308 that cancel leave a few units where a few units of 1e292 are
    rounding (seed 303 summed 0.6 × 1.8e308, small writes and 1.8e308 × −0.6;
    the session's S was 0, a fresh replay's −8e291, the exact sum 1.78). The
    tolerance is ``ROUNDING_EPS`` machine epsilons of the largest |S| over
    the trace, and never under 1e-9. The scenario is dumped every time; the replay
    of the last text is kept.
    """
    text = dumps_scenario(session.scenario)
    kept = _FRESH.get(text)
    if kept is None:
        for old, _ in _FRESH.values():
            old.close()
        _FRESH.clear()
        replay = Trace(load_scenario_bytes(text.encode("utf-8"), "dumped"))
        largest = max(
            (float(np.abs(replay.state(t)).max(initial=0.0)) for t in range(len(replay) + 1)),
            default=0.0,
        )
        # Not np.spacing: that of the largest float is inf.
        rounding = ROUNDING_EPS * float(np.finfo(np.float64).eps) * largest
        kept = _FRESH[text] = (replay, max(1e-9, rounding))
    return kept


def check_replay(session, where: str) -> None:
    """The session's S at the cursor is what a fresh replay of its scenario gives."""
    replay, tolerance = fresh_replay(session)
    np.testing.assert_allclose(
        session.snapshot().state, replay.state(session.cursor), atol=tolerance, err_msg=where
    )


def check_heatmap(window, where: str) -> None:
    """The heatmap on screen shows that S too (a hidden one catches up when it shows)."""
    if not window.heatmap.isVisible():
        return
    replay, tolerance = fresh_replay(window.session)
    np.testing.assert_allclose(
        window.heatmap.shown_matrix(),
        replay.state(window.session.cursor),
        atol=tolerance,
        err_msg=f"heatmap: {where}",
    )


def run_session(window, qtbot, tmp_path, monkeypatch, seed: int, actions: int):
    """``actions`` random actions with ``seed``, each checked (see the module); what was done.

    Returns the monkey and how many actions of each kind it took.
    """
    reporter = ErrorReporter(tmp_path / "logs")
    monkeypatch.setattr(reporter, "_show", lambda *args: None)  # recorded, not shown
    reporter.install()
    watch = LayoutWatch()
    app = QtWidgets.QApplication.instance()
    app.installEventFilter(watch)
    rng = random.Random(seed)
    monkey = Monkey(window, rng, tmp_path, monkeypatch)
    kinds: dict[str, int] = {}
    try:
        with qtbot.waitActive(window):
            window.activateWindow()
        number = 0
        with Watchdog(STALL_SECONDS) as dog:
            while number < actions:
                for _ in range(rng.randint(1, BURST)):
                    try:
                        what = monkey.act()
                    except AssertionError as error:
                        raise AssertionError(f"seed {seed}, action {number}: {error}") from error
                    where = f"seed {seed}, action {number}: {what}"
                    dog.beat(where)
                    kind = what.split(" ")[0]
                    kinds[kind] = kinds.get(kind, 0) + 1
                    number += 1
                    assert reporter.reported == [], f"{where}: {reporter.reported}"
                    assert not window.session.dragging, where
                    check_replay(window.session, where)
                rounds = settle(watch, lambda round_, where=where: dog.beat(f"{where}, {round_}"))
                assert reporter.reported == [], f"{where}: {reporter.reported}"
                assert rounds <= SETTLE_ROUNDS, f"{where}: the event queue never settles"
                check_heatmap(window, where)
                if QtWidgets.QApplication.activeWindow() is not window:
                    window.activateWindow()
    finally:
        app.removeEventFilter(watch)
        reporter.uninstall()
        if window.session.options.projector:
            window.set_projector_mode(False, full_screen=False)
    return monkey, kinds


def test_a_long_random_session(window, qtbot, tmp_path, monkeypatch):
    monkey, kinds = run_session(window, qtbot, tmp_path, monkeypatch, SEED, ACTIONS)
    # The actions that matter were all taken, many times.
    often = max(ACTIONS // 100, 1)
    for kind in ("key", "drag", "edit", "insert", "Ctrl+Z", "Ctrl+Shift+Z", "rule", "projector"):
        assert kinds.get(kind, 0) >= often, (kind, kinds)
    assert monkey.exports >= often // 4 and kinds.get("open", 0) >= often // 4, kinds
    for kind in ("try", "typed", "save", "close"):  # the hostile ones
        assert kinds.get(kind, 0) >= often // 4, (kind, kinds)


#: Seeds whose sessions once left a layout that never settled: what looped, and
#: how many actions reach it (the loop began at the 94th, 94th and 997th).
LOOPING_SEEDS = {
    202: ("the readout's scroll bar came and went (projector mode, 808×942)", 120),
    1001: ("the heatmap's column squeezed it to nothing and gave it back (1085×707)", 120),
    2323: ("the heatmap's legend went beside the plot and back under (1268×879)", 1000),
}


@pytest.mark.parametrize("seed", sorted(LOOPING_SEEDS))
def test_sessions_that_once_looped_settle_now(window, qtbot, tmp_path, monkeypatch, seed):
    run_session(window, qtbot, tmp_path, monkeypatch, seed, actions=LOOPING_SEEDS[seed][1])


def test_memory_does_not_grow_across_lesson_loads(window):
    lessons = [lesson.name for lesson in bundled_lessons()]
    app = QtWidgets.QApplication.instance()

    def load(times: int) -> None:
        for index in range(times):
            assert window.open_path(lessons[index % len(lessons)])
            window.session.set_cursor(len(window.session.scenario))
            for _ in range(3):
                app.processEvents()

    def rss() -> int:
        with open("/proc/self/statm") as stream:
            return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    load(len(lessons))  # every lesson once: caches and fonts are made
    load(5)
    gc.collect()
    objects, memory = len(gc.get_objects()), rss()
    load(30)
    gc.collect()
    grown_objects, grown_memory = len(gc.get_objects()) - objects, rss() - memory
    # Python objects: a few caches may fill up, not one more set per load.
    assert grown_objects < 0.02 * objects + 2_000, (objects, grown_objects)
    # The process: generous (allocators keep freed pages), far below a leak of a window a load.
    assert grown_memory < 60_000_000, grown_memory
