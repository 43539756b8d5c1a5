"""Every extreme value the engine accepts, in every layout mode and lab, hovered: no error.

The values that crashed the window (issue 27): ±1.797e308 (the largest
float), 5e-324 (the smallest subnormal), 1e-300 beside 1e300 in one vector,
and S of 1×1 and 64×64. Each scenario is loaded into one shared window,
shown full, compact and in projector mode, its steps scrubbed, every lab
opened, and the mouse moved over every item of every plot. Nothing may reach
the error hook (the app's :class:`ErrorReporter`), and no override error may
be printed by shiboken instead (it never reaches a hook: checked on stderr).
"""

from __future__ import annotations

import sys
import traceback

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.model.scenario import Scenario, read, write
from linviz.views.error_hook import ErrorReporter
from linviz.views.labs.lab_tabs import SCENARIO
from linviz.views.panels.step_table_model import VECTOR
from tests.views.conftest import EXTREME_VALUE_MARKS, opened_window

pytestmark = EXTREME_VALUE_MARKS

BIGGEST = 1.7976931348623157e308
SMALLEST = 5e-324


def _scenarios() -> dict[str, Scenario]:
    spread = [10.0 ** (-300 + 600 * i / 63) for i in range(64)]  # 1e-300 .. 1e300
    return {
        "largest float": Scenario(
            2,
            2,
            [
                write([1.0, 0.0], [BIGGEST, -BIGGEST], "w1"),
                write([0.0, 1.0], [1e308, 1.0], "w2"),
                read([1.0, 0.0], "r1"),
                read([1.0, 1.0], "r2"),
            ],
            title="largest float",
        ),
        "largest keys": Scenario(
            2,
            2,
            [write([BIGGEST, -BIGGEST], [1.0, 0.0], "w1"), read([BIGGEST, 0.0], "r1")],
            title="largest keys",
        ),
        "subnormals": Scenario(
            2,
            2,
            [
                write([SMALLEST, 0.0], [SMALLEST, -SMALLEST], "w1"),
                read([SMALLEST, SMALLEST], "r1"),
            ],
            title="subnormals",
        ),
        "mixed magnitudes": Scenario(
            3,
            3,
            [
                write([1e-300, 1e300, 1.0], [1e300, 1e-300, -1e300], "w1"),
                read([1e-300, 1e300, 0.0], "r1"),
            ],
            title="mixed magnitudes",
        ),
        "d = 1": Scenario(
            1,
            1,
            [write([BIGGEST], [1.0], "w1"), write([SMALLEST], [BIGGEST], "w2"), read([1.0], "r1")],
            title="d = 1",
        ),
        "d = 64": Scenario(
            64,
            64,
            [
                write([(-1) ** i * (BIGGEST / 64) * (i + 1) for i in range(64)], spread, "w1"),
                read([1.0] * 64, "r1"),
            ],
            title="d = 64",
        ),
    }


SCENARIOS = _scenarios()


class Recorder:
    """The app's error hook, recording instead of showing; and shiboken's printed errors."""

    def __init__(self, folder) -> None:
        self.reporter = ErrorReporter(folder)
        self.reporter._show = lambda *args: None  # recorded, not shown
        self.traces: list[str] = []
        self._hook = None

    def install(self) -> None:
        self.reporter.install()
        self._hook = sys.excepthook

        def hook(kind, error, trace) -> None:
            self.traces.append("".join(traceback.format_exception(kind, error, trace)))
            self._hook(kind, error, trace)

        sys.excepthook = hook
        from linviz.controller import signals

        previous = signals.set_error_handler(None)

        def handler(error, slot) -> None:
            self.traces.append("".join(traceback.format_exception(error)))
            previous(error, slot)

        signals.set_error_handler(handler)

    def uninstall(self) -> None:
        sys.excepthook = self._hook
        self.reporter.uninstall()


@pytest.fixture
def recorder(tmp_path):
    recorder = Recorder(tmp_path / "logs")
    recorder.install()
    yield recorder
    recorder.uninstall()


@pytest.fixture
def drawn_too_large(monkeypatch):
    """Every "too large to draw" text the arrows composed while painting."""
    from linviz.views.drawing import arrow_layer
    from linviz.views.items import arrow_item

    texts: list[str] = []
    for module in (arrow_layer, arrow_item):
        original = module.too_large_text

        def recording(values, original=original):
            text = original(values)
            if text is not None:
                texts.append(text)
            return text

        monkeypatch.setattr(module, "too_large_text", recording)
    return texts


def settle() -> None:
    for _ in range(3):
        QtWidgets.QApplication.processEvents()


def hover_plots(window) -> int:
    """Move the mouse over every visible item of every shown plot; how many moves."""
    moves = 0
    for plot in window.findChildren(pg.GraphicsView):
        if not plot.isVisible():
            continue
        plot.grab()  # painted now, whatever the platform's backing store does
        viewport = plot.viewport()
        rect = viewport.rect()
        points = [
            QtCore.QPoint(int(rect.width() * fx), int(rect.height() * fy))
            for fx in (0.2, 0.5, 0.8)
            for fy in (0.25, 0.75)
        ]
        for item in plot.scene().items()[:80]:
            if item.isVisible() and item.acceptHoverEvents():
                centre = plot.mapFromScene(item.sceneBoundingRect().center())
                if rect.contains(centre):
                    points.append(centre)
        for point in points:
            QTest.mouseMove(viewport, point)
            moves += 1
    settle()
    return moves


def scrub(window) -> None:
    session = window.session
    for number in range(len(session.scenario) + 1):
        session.set_cursor(number)
        settle()


def check(recorder: Recorder, capfd, where: str) -> None:
    where = where if len(where) <= 40 else f"{where[:12]}… ({len(where)} characters)"
    assert recorder.traces == [], f"{where}:\n" + "\n".join(recorder.traces[:3])
    printed = capfd.readouterr().err
    assert "Error calling Python override" not in printed, f"{where}:\n{printed[-3000:]}"


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_extreme_in_every_mode_and_lab_draws_without_an_error(
    name, shared_window, recorder, capfd, drawn_too_large
):
    window = shared_window
    window.session.replace_scenario(SCENARIOS[name].copy(), None)
    settle()
    assert window.labs.current_name() == SCENARIO
    try:
        for mode in ("full", "compact", "projector"):
            if mode == "compact":
                window.resize(800, 600)
            elif mode == "projector":
                window.resize(1400, 900)
                settle()
                window.set_projector_mode(True, full_screen=False)
            settle()
            assert window.desk.mode == mode
            scrub(window)
            if mode == "compact":  # one view at a time: each tab in turn
                bar = window.compact.tab_bar
                moves = 0
                for tab in range(bar.count()):
                    bar.setCurrentIndex(tab)
                    settle()
                    moves += hover_plots(window)
                bar.setCurrentIndex(0)
            else:
                moves = hover_plots(window)
            assert moves > 0
            if mode == "projector":
                window.set_projector_mode(False, full_screen=False)
        window.resize(1400, 900)
        settle()
        for lab in window.labs.names():
            window.labs.show_tab(lab)
            settle()
            hover_plots(window)
    finally:
        window.labs.show_tab(SCENARIO)
        window.resize(1400, 900)
        settle()
    check(recorder, capfd, name)
    if name in ("largest float", "largest keys", "d = 1"):
        # The arrows out at 1.8e308 are cut at the plane's edge and say why.
        assert "too large to draw: 1.8e308" in drawn_too_large
    if name == "subnormals":
        assert drawn_too_large == []  # tiny is drawable: scaled up, not refused


@pytest.mark.parametrize("text", ["1e308, 1", "-1.797e308, 0", "5e-324, 5e-324", "1e400, 1"])
def test_an_extreme_typed_into_a_key_cell_is_kept_or_refused_without_an_error(
    text, shared_window, recorder, capfd, qtbot
):
    window = shared_window
    window.session.replace_scenario(SCENARIOS["subnormals"].copy(), None)
    settle()
    panel = window.step_table
    table, model = panel.table, panel.model
    index = model.index(0, VECTOR)
    table.setCurrentIndex(index)
    table.edit(index)
    editor = table.indexWidget(index)
    assert isinstance(editor, QtWidgets.QLineEdit), "no editor opened"
    editor.selectAll()
    QTest.keyClick(editor, Qt.Key.Key_Backspace)
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: table.state() != QtWidgets.QAbstractItemView.State.EditingState)
    settle()
    key = window.session.scenario.step(1).vector
    if text == "1e400, 1":  # not finite: refused, the key stays
        assert key.tolist() == [SMALLEST, 0.0]
    else:
        expected = [float(part) for part in text.split(",")]
        assert key.tolist() == expected
    scrub(window)
    hover_plots(window)
    check(recorder, capfd, text)


@pytest.mark.parametrize(
    "text",
    ["inf", "1e400, 1", "1" * 400, "1e308, 1e308"],
    ids=["inf", "1e400", "400 digits", "1e308"],
)
def test_try_a_vector_refuses_what_it_cannot_use_and_projector_mode_then_draws(
    text, shared_window, recorder, capfd
):
    from linviz.controller.shape_check import NOT_FINITE, OVERFLOW

    window = shared_window
    window.session.replace_scenario(SCENARIOS["largest float"].copy(), None)
    window.session.set_cursor(2)
    settle()
    box = window.classroom.try_box()
    try:
        box.open_box()
        box.edit.setText(text)
        check_ = box.try_now()
        settle()
        assert not check_.accepted and box.verdict.text() == "Refused"
        if text == "1e308, 1e308":  # finite, but the stamp with v = (1.8e308, …) overflows
            assert check_.problem == OVERFLOW and "overflows" in box.detail.text()
        else:
            assert check_.problem == NOT_FINITE and "finite" in box.detail.text()
        window.set_projector_mode(True, full_screen=False)
        settle()
        box.try_now()
        settle()
        hover_plots(window)
        window.set_projector_mode(False, full_screen=False)
        settle()
    finally:
        box.hide()
        if window.session.options.projector:
            window.set_projector_mode(False, full_screen=False)
    check(recorder, capfd, text)


def test_the_largest_float_in_the_heatmap_is_labelled_and_coloured(shared_window, recorder):
    window = shared_window
    window.session.replace_scenario(SCENARIOS["largest float"].copy(), None)
    window.session.set_cursor(1)
    settle()
    heatmap = window.heatmap
    assert heatmap.color_range() == (-BIGGEST, BIGGEST)
    np.testing.assert_array_equal(heatmap.shown_matrix(), [[BIGGEST, -BIGGEST], [0.0, 0.0]])
    labels = [text for level in heatmap.color_bar.axis._tickLevels for _, text in level]
    assert "1.8e+308" in labels
    assert recorder.traces == []


def test_a_too_large_label_is_drawn_whole_inside_its_plot(qtbot, monkeypatch):
    """ "too large to draw: 9e307" beside a tip held at the value plane's edge was
    cut by the plot's edge ("rge to draw: 9e307"): its words are longer than the
    label the placer placed."""
    from linviz.controller.session import Session
    from linviz.views.items import arrow_item
    from linviz.views.main_window import MainWindow

    scenario = Scenario(
        2,
        2,
        [
            write([BIGGEST, SMALLEST], [1e-300, 1.0], "a"),
            write([1e-300, 1.0], [1e300, -BIGGEST], "b"),
            read([0.5, 1e-300], "r"),
        ],
        title="too large",
    )
    session = Session(scenario)
    session.set_cursor(3)
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    plot = window.panels["values"].plot_widget
    drawn: list[tuple[str, QtCore.QRectF]] = []
    original = arrow_item.draw_centred

    def recording(painter, box, text, *rest):
        if "too large to draw" in text:
            drawn.append((text, QtCore.QRectF(box)))
        return original(painter, box, text, *rest)

    monkeypatch.setattr(arrow_item, "draw_centred", recording)
    plot.grab()  # painted now, into a pixmap of the plot's own pixels
    view = plot.getPlotItem().getViewBox()
    area = QtCore.QRectF(plot.mapFromScene(view.sceneBoundingRect()).boundingRect())
    texts = {text for text, _ in drawn}
    assert texts == {"too large to draw: 9e307", "too large to draw: -1.8e308"}  # y, v(b)
    for text, box in drawn:
        assert area.contains(box), f"{text!r} at {box.getRect()} outside {area.getRect()}"


def test_a_too_large_label_moved_in_keeps_off_the_labels_before_it(qapp):
    """Held inside its plot, the words of a flat arrow's label came back over the
    shaft and the labels placed there: they go above it (or below) instead."""
    from linviz.views.items.arrow_item import label_inside

    inside = QtCore.QRectF(0, 0, 300, 200)
    start, end = QtCore.QPointF(40, 100), QtCore.QPointF(290, 100)  # held at the right edge
    box = QtCore.QRectF(300, 92, 160, 16)  # beyond the tip: out of the plot
    other = QtCore.QRectF(150, 90, 40, 20)  # another label, on the shaft
    moved = label_inside(box, start, end, inside, [other])
    assert inside.contains(moved) and not moved.intersects(other)
    assert moved.bottom() <= 100 and moved.right() == 300  # above the shaft, by the tip
    # With the room above taken too, below; with nothing taken, just moved in.
    above = QtCore.QRectF(0, 0, 300, 88)
    below = label_inside(box, start, end, inside, [other, above])
    assert below.top() >= 100 and not below.intersects(above)
    assert label_inside(box, start, end, inside, []) == QtCore.QRectF(140, 92, 160, 16)


def test_a_too_large_label_wider_than_a_narrow_plane_is_broken_not_cut(qtbot, drawn_labels):
    """At 1024×768 the value plane is ~190 px wide: "v(b): too large to draw: -1.8e308"
    was held at its left edge and cut by its right one. It goes on lines of its own."""
    from linviz.controller.session import Session
    from linviz.views.items import arrow_item

    scenario = Scenario(
        2,
        2,
        [
            write([BIGGEST, SMALLEST], [1e-300, 1.0], "a"),
            write([1e-300, 1.0], [1e300, -BIGGEST], "b"),
            read([0.5, 1e-300], "r", target="a"),
        ],
        title="too large",
    )
    session = Session(scenario)
    window = opened_window(qtbot, session, (1024, 768))
    session.set_cursor(3)
    settle()
    plot = window.panels["values"].plot_widget
    drawn_labels.clear()
    plot.grab()
    placed = [label for label in drawn_labels if label.placed_at_paint]
    drawn = [(label.look.label, label.box) for label in placed]
    looks = [label.look for label in placed]
    view = plot.getPlotItem().getViewBox()
    area = QtCore.QRectF(plot.mapFromScene(view.sceneBoundingRect()).boundingRect())
    assert area.width() < 260  # a narrow plane
    labels = {label for label, _ in drawn}
    assert labels == {"too large to draw: 9e307", "too large to draw: -1.8e308"}  # y, v(b)
    for label, box in drawn:
        assert area.contains(box), f"{label!r} at {box.getRect()} outside {area.getRect()}"
    widest = max(looks, key=lambda look: len(look.label))
    one_line = arrow_item._label_box(widest.label, widest.font_pt, widest.label_bold)
    assert one_line[0] > area.width()  # it could not have stood on one line
    assert any(box.height() > 1.5 * one_line[1] for _, box in drawn)  # broken, not cut
