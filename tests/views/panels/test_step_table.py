"""The table of steps: typed vectors, refusals shown inline, add/delete/move."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario, write
from linviz.views.panels.step_table import StepEditorPanel
from linviz.views.panels.step_table_model import CAPTION, LABEL, PARAMETERS, TARGET, VALUE, VECTOR
from linviz.views.panels.timeline import TimelinePanel
from linviz.views.panels.typed_text import parse_parameters, split_vector
from tests.views.conftest import shown, shown_in_column

# The offscreen platform warns when a window's size limits change or a tooltip is raised.
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


def show(qtbot, session: Session) -> StepEditorPanel:
    return shown(qtbot, StepEditorPanel(session), 1000, 400)


def type_into(qtbot, panel: StepEditorPanel, row: int, column: int, text: str) -> None:
    """Open the cell's editor as a user would, type ``text`` and press Enter."""
    table = panel.table
    index = panel.model.index(row, column)
    table.setCurrentIndex(index)
    table.edit(index)
    # The editor of this edit (an earlier one may still await deletion).
    editor = table.indexWidget(index)
    assert isinstance(editor, QtWidgets.QLineEdit), "no editor opened"
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor, text)  # QTest types ASCII only
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits on the next turn of the event loop.
    qtbot.waitUntil(lambda: table.state() != QtWidgets.QAbstractItemView.State.EditingState)


def cell(panel: StepEditorPanel, row: int, column: int) -> str:
    return panel.model.index(row, column).data()


def test_the_table_shows_every_step(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    assert panel.model.rowCount() == 7
    assert [cell(panel, 4, c) for c in range(7)] == [
        "5",
        "W write",
        "k3",
        "[0.8, 0.6]",
        "[0, −5]",
        "",
        "",
    ]
    assert cell(panel, 6, TARGET) == "k3"
    # The caption as shown, live fields filled in; the editor gets the template.
    assert cell(panel, 6, CAPTION).startswith("Read k3: [1.2, −1.8], wanted [0, −5].")
    assert (
        panel.model.index(6, CAPTION)
        .data(Qt.ItemDataRole.EditRole)
        .startswith("Read k3: {y}, wanted {expected}.")
    )


def test_a_key_of_the_wrong_length_is_refused_inline(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    before = lesson_session.scenario.steps
    with qtbot.waitSignal(panel.message) as heard:  # also told to the status bar
        type_into(qtbot, panel, 0, VECTOR, "1, 0, 2")
    message = panel.message_label.text()
    assert heard.args == [message]
    assert "key has 3 components but S has d_k = 2 rows" in message
    assert "step 1" in message
    assert panel.message_label.isVisible()
    assert panel.message_label.toolTip() == message
    assert lesson_session.scenario.steps == before
    assert not lesson_session.undo_stack.can_undo()
    assert cell(panel, 0, VECTOR) == "[1, 0]"


@pytest.mark.parametrize(
    "typed, says",
    [
        ("nan, 0", "key component 1 must be finite"),
        ("1, inf", "key component 2 must be finite"),
        ("1, x", "key component 2 must be a number, got 'x'"),
        ("", "key has 0 components"),
    ],
)
def test_non_numbers_and_non_finite_numbers_are_refused(qtbot, lesson_session, typed, says):
    panel = show(qtbot, lesson_session)
    before = lesson_session.scenario.steps
    type_into(qtbot, panel, 4, VECTOR, typed)
    assert says in panel.message_label.text()
    assert lesson_session.scenario.steps == before
    assert not lesson_session.undo_stack.can_undo()


def test_a_valid_edit_changes_the_model_and_is_undoable(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    type_into(qtbot, panel, 4, VECTOR, "[0.6, 0.8]")
    assert panel.message_label.text() == ""
    np.testing.assert_array_equal(lesson_session.scenario.step(5).vector, [0.6, 0.8])
    assert cell(panel, 4, VECTOR) == "[0.6, 0.8]"
    # The read of k1 now picks up 0.6·(0, -5) instead of 0.8·(0, -5).
    np.testing.assert_allclose(lesson_session.snapshot(6).read.output, [3, -2])
    lesson_session.undo()
    np.testing.assert_array_equal(lesson_session.scenario.step(5).vector, [0.8, 0.6])
    assert cell(panel, 4, VECTOR) == "[0.8, 0.6]"


def test_a_refusal_goes_away_after_a_good_edit(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    type_into(qtbot, panel, 0, VALUE, "1 2 3")
    assert "value has 3 components but S has d_v = 2 columns" in panel.message_label.text()
    type_into(qtbot, panel, 0, VALUE, "1 2")
    assert panel.message_label.isHidden()
    np.testing.assert_array_equal(lesson_session.scenario.step(1).value, [1, 2])


def test_labels_targets_captions_and_parameters(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    type_into(qtbot, panel, 1, LABEL, "k1")
    assert "label 'k1' is already used" in panel.message_label.text()
    type_into(qtbot, panel, 6, TARGET, "k9")
    assert "target 'k9' is not the label of an earlier write" in panel.message_label.text()
    type_into(qtbot, panel, 6, TARGET, "k1")
    assert lesson_session.scenario.step(7).target == "k1"
    type_into(qtbot, panel, 0, CAPTION, "first write")
    caption = lesson_session.scenario.step(1).caption
    assert lesson_session.text(caption) == "first write"  # the English; the French is kept
    type_into(qtbot, panel, 0, PARAMETERS, "beta=0.5")
    assert "the additive rule takes no beta" in panel.message_label.text()
    assert lesson_session.undo_stack.can_undo()
    lesson_session.undo()
    lesson_session.undo()
    assert lesson_session.scenario.step(7).target == "k3"


def test_only_fitting_cells_are_editable(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    editable = Qt.ItemFlag.ItemIsEditable
    flags = panel.model.flags
    assert flags(panel.model.index(0, VALUE)) & editable
    assert not flags(panel.model.index(2, VALUE)) & editable  # a read has no value
    assert flags(panel.model.index(2, TARGET)) & editable
    assert not flags(panel.model.index(0, TARGET)) & editable  # a write has no target


def test_selecting_a_row_moves_the_cursor_and_back(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    table = panel.table
    row_center = table.visualRect(panel.model.index(3, LABEL)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=row_center)
    assert lesson_session.cursor == 4
    lesson_session.set_cursor(6)
    assert table.currentIndex().row() == 5
    assert table.selectionModel().isRowSelected(5)


def click(qtbot, panel: StepEditorPanel, name: str) -> None:
    qtbot.mouseClick(panel.buttons[name], Qt.MouseButton.LeftButton)


def test_add_write_and_read_after_the_current_step(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    lesson_session.set_cursor(2)
    click(qtbot, panel, "Add write")
    step = lesson_session.scenario.step(3)
    assert (step.op, step.label) == ("write", "w4")
    np.testing.assert_array_equal(step.vector, [1, 0])
    np.testing.assert_array_equal(step.value, [0, 0])
    assert lesson_session.cursor == 3
    assert panel.table.currentIndex().row() == 2
    click(qtbot, panel, "Add read")
    step = lesson_session.scenario.step(4)
    assert (step.op, step.label) == ("read", "r5")
    assert len(lesson_session.scenario) == 9
    lesson_session.undo()
    lesson_session.undo()
    assert lesson_session.scenario.labels() == ["k1", "k2", "r1", "r2", "k3", "r3", "r4"]


def test_duplicate_delete_and_move(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    original = lesson_session.scenario.labels()
    lesson_session.set_cursor(5)
    click(qtbot, panel, "Duplicate")
    assert lesson_session.scenario.labels()[4:6] == ["k3", "k3-2"]
    np.testing.assert_array_equal(lesson_session.scenario.step(6).vector, [0.8, 0.6])
    click(qtbot, panel, "Move up")
    assert lesson_session.scenario.labels()[3:6] == ["r2", "k3-2", "k3"]
    assert lesson_session.cursor == 5
    click(qtbot, panel, "Move down")
    assert lesson_session.scenario.labels()[4:6] == ["k3", "k3-2"]
    click(qtbot, panel, "Delete")
    assert lesson_session.scenario.labels() == original
    for _ in range(4):
        lesson_session.undo()
    assert lesson_session.scenario.labels() == original
    assert not lesson_session.undo_stack.can_undo()


def test_a_refused_delete_says_why(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    lesson_session.set_cursor(1)
    click(qtbot, panel, "Delete")  # r1 and r3 target k1
    assert "targets 'k1'" in panel.message_label.text()
    assert len(lesson_session.scenario) == 7
    assert not panel.buttons["Move up"].isEnabled()


def test_typing_a_space_in_the_table_does_not_start_playback(qtbot, lesson_session):
    timeline = TimelinePanel(lesson_session)
    panel = StepEditorPanel(lesson_session)
    _window = shown_in_column(qtbot, (timeline, panel), 1000, 500)  # kept: it owns both
    type_into(qtbot, panel, 0, VALUE, "7, 8")
    assert not timeline.playing
    np.testing.assert_array_equal(lesson_session.scenario.step(1).value, [7, 8])


def test_a_hundred_thousand_rows(qtbot):
    steps = [write((1.0, 0.0), (float(i % 5), 1.0), f"w{i}") for i in range(1, 100_001)]
    session = Session(Scenario(2, 2, steps))
    panel = show(qtbot, session)
    assert panel.model.rowCount() == 100_000
    session.set_cursor(99_999)
    assert panel.table.currentIndex().row() == 99_998
    index = panel.model.index(99_998, LABEL)
    assert panel.table.viewport().rect().intersects(panel.table.visualRect(index))


def test_typed_text_is_split_but_not_judged():
    assert split_vector("[1, 0]") == ["1", "0"]
    assert split_vector(" (1 ,0.5) ") == ["1", "0.5"]
    assert split_vector("1 -2") == ["1", "-2"]
    assert parse_parameters("α=0.9, β=0.5", "gated_delta") == {"alpha": 0.9, "beta": 0.5}
    assert parse_parameters("0.5", "delta") == {"alpha": None, "beta": 0.5}
    assert parse_parameters("", "gated") == {"alpha": None, "beta": None}
    assert parse_parameters("α=0.9, 0.5", "gated_delta") == {"alpha": 0.9, "beta": 0.5}


@pytest.mark.parametrize(
    ("text", "rule"),
    [("α=0, 9", "gated"), ("0, 5", "delta"), ("0.9, 1, 2", "gated_delta"), ("β=0.5, b=1", "delta")],
)
def test_a_parameter_given_twice_or_a_number_too_many_is_refused(qapp, text, rule):
    # "α=0,9" typed in English was α = 0 and then a bare 9: α = 9, silently.
    with pytest.raises(ScenarioError) as refused:
        parse_parameters(text, rule)
    assert "write α/β as α=0.9, β=0.5" in str(refused.value)


# -- what the painted cells look like ------------------------------------------------
def _ink_pixels(image, rect, color: str, tolerance: float = 60.0) -> int:
    """How many pixels inside ``rect`` of ``image`` are close to ``color``."""
    from PySide6 import QtGui

    target = QtGui.QColor(color)
    wanted = np.array([target.red(), target.green(), target.blue()], dtype=float)
    count = 0
    for y in range(rect.top(), rect.bottom()):
        for x in range(rect.left(), rect.right()):
            pixel = image.pixelColor(x, y)
            seen = np.array([pixel.red(), pixel.green(), pixel.blue()], dtype=float)
            count += np.linalg.norm(seen - wanted) < tolerance
    return count


def _cell_image(panel: StepEditorPanel):
    viewport = panel.table.viewport()
    return viewport.grab().toImage()


def test_op_cells_are_painted_in_the_write_and_read_colours(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    lesson_session.set_cursor(7)  # the selection is away from rows 1 and 3
    qtbot.waitUntil(lambda: panel.table.currentIndex().row() == 6)
    theme = panel.theme
    image = _cell_image(panel)
    write_cell = panel.table.visualRect(panel.model.index(0, 1))  # step 1: W write
    read_cell = panel.table.visualRect(panel.model.index(2, 1))  # step 3: R read
    assert _ink_pixels(image, write_cell, theme.write) > 10
    assert _ink_pixels(image, write_cell, theme.read) == 0
    assert _ink_pixels(image, read_cell, theme.read) > 10
    assert _ink_pixels(image, read_cell, theme.write) == 0


def test_a_long_key_is_cut_with_an_ellipsis_inside_its_cell(qtbot):
    long_key = np.linspace(-1, 1, 64)
    session = Session(Scenario(64, 1, [write(long_key, [1.0], "w"), write(-long_key, [2.0], "x")]))
    panel = show(qtbot, session)
    session.set_cursor(2)  # row 1 unselected: its text in the plain ink
    panel.table.setColumnWidth(VECTOR, 160)
    delegate = panel.delegate
    font = panel.table.font()
    from PySide6 import QtGui

    metrics = QtGui.QFontMetrics(font)
    shown = delegate._shown(cell(panel, 0, VECTOR), 160 - 8, False, metrics)
    assert shown.endswith("…") and metrics.horizontalAdvance(shown) <= 152
    # On screen the text stops short of the cell's right edge (a margin, no ink),
    # while the cell's left part is full of it.
    qtbot.waitUntil(lambda: panel.table.columnWidth(VECTOR) == 160)
    image = _cell_image(panel)
    key_cell = panel.table.visualRect(panel.model.index(0, VECTOR))
    from PySide6 import QtCore

    margin = QtCore.QRect(key_cell.right() - 3, key_cell.top() + 1, 3, key_cell.height() - 2)
    start = QtCore.QRect(key_cell.left() + 4, key_cell.top() + 1, 40, key_cell.height() - 2)
    ink = panel.theme.foreground
    assert _ink_pixels(image, start, ink, tolerance=120) > 10
    assert _ink_pixels(image, margin, ink, tolerance=120) == 0


def test_shaped_texts_are_kept_from_their_second_use(qapp):
    from PySide6 import QtGui

    from linviz.views.drawing.static_text import shaped

    font = QtGui.QFont()
    text = "w-unique-0.123456"
    assert shaped(text, font) is None  # first use: drawn plainly
    kept = shaped(text, font)
    assert kept is not None and kept.text() == text
    assert shaped(text, font) is kept  # and reused from then on


# -- all visible cells painted in one pass ---------------------------------------------
@pytest.fixture
def one_pass_log(monkeypatch) -> list[bool]:
    """Whether each paint of a step table was done by the one-pass painter (True)
    or left to Qt's cell-by-cell painting (False)."""
    import linviz.views.panels.step_table as step_editor

    log: list[bool] = []
    painter = step_editor.paint_cells

    def logged(*args) -> bool:
        log.append(painter(*args))
        return log[-1]

    monkeypatch.setattr(step_editor, "paint_cells", logged)
    return log


def _painted(table, one_pass: bool, region=None):
    """The viewport as painted by the one-pass painter or by Qt cell by cell.

    With ``region``, only that part is painted (a paint event for just that
    region, as after a selection change), over a magenta image.
    """
    table.paint_in_one_pass = one_pass
    try:
        viewport = table.viewport()
        if region is None:
            return viewport.grab().toImage()
        image = QtGui.QImage(viewport.size(), QtGui.QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QtGui.QColor("#ff00ff"))
        viewport.render(image, QtCore.QPoint(), region)
        return image
    finally:
        table.paint_in_one_pass = True


def _assert_painted_alike(table, log: list[bool], region=None) -> None:
    """One pass paints exactly the pixels Qt's own painting of the cells gives."""
    expected = _painted(table, one_pass=False, region=region)
    del log[:]
    actual = _painted(table, one_pass=True, region=region)
    assert log and all(log), "the one-pass painter did not paint"
    assert not expected.isNull() and expected.size() == actual.size()
    if actual != expected:
        differ = np.argwhere(_pixels(actual) != _pixels(expected))
        pytest.fail(f"{len(differ)} pixels differ, the first at (x, y) = {tuple(differ[0][::-1])}")


def _pixels(image) -> np.ndarray:
    image = image.convertToFormat(QtGui.QImage.Format.Format_ARGB32)
    words = np.frombuffer(image.constBits(), np.uint32).reshape(
        image.height(), image.bytesPerLine() // 4
    )
    return words[:, : image.width()]


def _color_at(image, x: int, y: int) -> str:
    return image.pixelColor(x, y).name()


@pytest.mark.parametrize("theme", ["light", "dark", "projector"])
def test_one_pass_paints_the_cells_as_qt_does(qtbot, window, theme, one_pass_log):
    session = window.session
    if theme == "projector":
        session.set_options(projector=True)
    else:
        session.set_options(theme=theme)
    panel = window.panels["steps"]
    table = panel.table
    # Room for every step, whatever the theme's font size.
    window.resizeDocks([window.steps_dock], [600], Qt.Orientation.Vertical)
    for cursor, focused in ((7, False), (2, True), (5, False), (1, True)):
        session.set_cursor(cursor)
        if focused:
            table.setFocus()
            qtbot.waitUntil(table.hasFocus)
        else:
            table.clearFocus()
            qtbot.waitUntil(lambda: not table.hasFocus())
        _assert_painted_alike(table, one_pass_log)
        # What a user sees, checked apart from Qt: the selected row in the
        # highlight, the others alternating base colours (left margin of "#").
        image = _painted(table, one_pass=True)
        palette = table.palette()
        for row in range(panel.model.rowCount()):
            rect = table.visualRect(panel.model.index(row, 0))
            if not image.rect().contains(rect.left() + 1, rect.center().y()):
                continue
            if row == cursor - 1:
                wanted = palette.color(QtGui.QPalette.ColorRole.Highlight)
            elif row % 2:
                wanted = palette.color(QtGui.QPalette.ColorRole.AlternateBase)
            else:
                wanted = palette.color(QtGui.QPalette.ColorRole.Base)
            assert _color_at(image, rect.left() + 1, rect.center().y()) == wanted.name(), row


def test_one_pass_paints_any_part_of_a_scrolled_table_as_qt_does(qtbot, one_pass_log):
    from linviz.bench.workloads import random_scenario

    session = Session(random_scenario(100_000, 8))
    panel = show(qtbot, session)
    table = panel.table
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    # A row cut by the top edge, then one step chosen cell by cell, not as a row.
    table.setVerticalScrollMode(QtWidgets.QAbstractItemView.ScrollMode.ScrollPerPixel)
    session.set_cursor(50_000)
    bar = table.verticalScrollBar()
    bar.setValue(bar.value() + table.rowHeight(0) // 2 + 1)
    index = panel.model.index(50_001, VALUE)
    table.selectionModel().select(index, QtCore.QItemSelectionModel.SelectionFlag.Select)
    table.setColumnWidth(VECTOR, 90)  # keys cut with an ellipsis
    qtbot.waitUntil(lambda: table.columnWidth(VECTOR) == 90)
    viewport = table.viewport().rect()
    a_cell = table.visualRect(index)
    top_row = table.visualRect(panel.model.index(table.rowAt(0), LABEL))
    assert viewport.contains(a_cell) and top_row.top() < 0 < top_row.bottom()
    for region in (
        QtGui.QRegion(viewport),
        # what a selection change repaints: two rows, one cut in half
        QtGui.QRegion(a_cell.adjusted(-300, 0, 300, 0))
        + QtGui.QRegion(QtCore.QRect(0, 3, viewport.width() // 2, a_cell.height())),
        QtGui.QRegion(QtCore.QRect(a_cell.center(), viewport.bottomRight())),
    ):
        _assert_painted_alike(table, one_pass_log, region)
    _assert_painted_alike(table, one_pass_log)


def test_qt_paints_the_cells_where_one_pass_could_differ(qtbot, lesson_session, one_pass_log):
    panel = show(qtbot, lesson_session)
    table = panel.table
    for change, undo in (
        (lambda: table.setSpan(0, CAPTION, 2, 1), table.clearSpans),
        (lambda: table.setEnabled(False), lambda: table.setEnabled(True)),
        (lambda: table.hideColumn(TARGET), lambda: table.showColumn(TARGET)),
        (
            lambda: table.setItemDelegateForColumn(LABEL, QtWidgets.QStyledItemDelegate(table)),
            lambda: table.setItemDelegateForColumn(LABEL, None),
        ),
    ):
        change()
        table.viewport().grab()
        assert one_pass_log[-1] is False
        undo()
        table.viewport().grab()
        assert one_pass_log[-1] is True
    index = panel.model.index(0, LABEL)
    table.setCurrentIndex(index)
    table.edit(index)
    qtbot.waitUntil(lambda: table.indexWidget(index) is not None)
    table.viewport().grab()
    assert one_pass_log[-1] is False


def test_step_0_has_no_row_and_focusing_the_table_keeps_it(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    lesson_session.set_cursor(3)
    assert panel.table.currentIndex().row() == 2
    lesson_session.set_cursor(0)  # the empty memory: no step, no row
    assert not panel.table.selectionModel().hasSelection()
    panel.table.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(panel.table.hasFocus)
    assert lesson_session.cursor == 0
    # A click on the first row still goes to step 1.
    rect = panel.table.visualRect(panel.model.index(0, LABEL))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert lesson_session.cursor == 1


def test_mid_drag_the_table_follows_the_dragged_key_and_every_live_caption(qtbot, lesson_session):
    """crowding-the-plane: dragging k3 (step 5) onto k2 moves r4's answer in step 7's caption."""
    session = lesson_session
    panel = show(qtbot, session)
    model = panel.model

    def cell(number: int, column: int) -> str:
        return model.look_at(number - 1, column)[0]

    assert "Read k3: [1.2, −1.8]" in cell(7, CAPTION)
    k1_before, label_before = cell(1, VECTOR), cell(6, LABEL)
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.0, 1.0]))  # not released: no command yet
    assert cell(5, VECTOR) == "[0, 1]"
    assert "Read k3: [1.2, 0.2]" in cell(7, CAPTION)
    assert (cell(1, VECTOR), cell(6, LABEL)) == (k1_before, label_before)
    session.drag_to(np.array([0.8, 0.6]))
    assert "Read k3: [1.2, −1.8]" in cell(7, CAPTION)
    session.end_drag()


class _PaintedRegions(QtCore.QObject):
    """What a widget repaints, region by region."""

    def __init__(self, widget: QtWidgets.QWidget) -> None:
        super().__init__(widget)
        self.region = QtGui.QRegion()
        widget.installEventFilter(self)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.Paint:
            self.region = self.region.united(event.region())
        return False


def test_a_drag_repaints_the_captions_it_changes_and_no_other(qtbot, lesson_session):
    """Dragging k3 changes the captions of steps 5 to 7 only (1 to 4 quote k1 and k2)."""
    session = lesson_session
    panel = show(qtbot, session)
    table, model = panel.table, panel.model
    painted = _PaintedRegions(table.viewport())
    table.viewport().repaint()  # every caption in view painted once
    assert painted.region.contains(table.visualRect(model.index(6, CAPTION)))
    session.begin_drag(5, "vector")
    painted.region = QtGui.QRegion()
    session.drag_to(np.array([0.0, 1.0]))
    caption_of = {n: table.visualRect(model.index(n - 1, CAPTION)) for n in range(1, 8)}
    qtbot.waitUntil(lambda: all(painted.region.intersects(caption_of[n]) for n in (5, 6, 7)))
    assert painted.region.intersects(table.visualRect(model.index(4, VECTOR)))
    # The unchanged captions were not painted again (a full column would cost a drag ~2 ms).
    assert not any(painted.region.intersects(caption_of[n]) for n in (1, 2, 3, 4))
    assert "Read k3: [1.2, 0.2]" in model.look_at(6, CAPTION)[0]
    session.end_drag()


def test_a_hidden_table_formats_no_caption_during_a_drag(qtbot, lesson_session, monkeypatch):
    session = lesson_session
    panel = show(qtbot, session)
    panel.hide()
    asked: list[int | None] = []
    caption = Session.caption
    monkeypatch.setattr(
        Session,
        "caption",
        lambda self, number=None, *rest: asked.append(number) or caption(self, number, *rest),
    )
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.0, 1.0]))
    assert asked == []  # nothing on screen to follow the drag
    session.end_drag()
    panel.show()
    qtbot.waitUntil(lambda: "Read k3: [1.2, 0.2]" in panel.model.look_at(6, CAPTION)[0])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_op_column_shows_its_words_whole_in_either_language(qtbot, lesson_session, language):
    """In French "É écriture" was cut to "É écrit…": the column was sized for "W write"."""
    from linviz.views.language import set_language
    from linviz.views.panels.step_table_model import OP

    set_language(language)
    try:
        panel = show(qtbot, lesson_session)
        panel.retranslate()
        bold = QtGui.QFont(panel.table.font())
        bold.setBold(True)
        metrics = QtGui.QFontMetrics(bold)
        room = panel.table.columnWidth(OP) - 12  # the cell's own margins
        for row in (0, 2):  # a write and a read in the lesson
            text = cell(panel, row, OP)
            assert metrics.horizontalAdvance(text) <= room, (text, room)
    finally:
        set_language("en")


def test_an_edit_in_the_table_is_named_in_french_field_included(qtbot, lesson_session):
    """Edit ▸ Undo said "modification de key de k1": the field was the column's
    English name inside a French sentence."""
    from linviz.views.language import set_language
    from linviz.views.panels.step_table_model import CAPTION, VECTOR

    set_language("fr")
    try:
        panel = show(qtbot, lesson_session)
        model, stack = panel.model, lesson_session.undo_stack
        assert model.setData(model.index(0, VECTOR), "0,5 ; 0,5")
        assert stack.undo_text().shown() == "modification de la clé de k1"
        assert model.setData(model.index(0, CAPTION), "bonjour")
        assert stack.undo_text().shown() == "modification de la légende de k1"
    finally:
        set_language("en")
    assert model.setData(model.index(1, VECTOR), "0.5, 0.5")
    assert stack.undo_text().shown() == "edit key of k2"


def test_an_edit_that_fails_unexpectedly_is_reported_and_refused(
    qtbot, lesson_session, monkeypatch
):
    """setData is a Qt override: an error inside it is reported and the edit refused,
    never raised into Qt's call (its guard had slipped onto a helper above it)."""
    import sys

    from linviz.views.panels.step_table_model import CAPTION

    panel = show(qtbot, lesson_session)
    seen = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, error, trace: seen.append(kind.__name__))

    def broken(*_args):
        raise RuntimeError("broken")

    monkeypatch.setattr(panel.model, "changed_step", broken)
    assert panel.model.setData(panel.model.index(0, CAPTION), "x") is False
    assert seen == ["RuntimeError"]
    assert lesson_session.scenario.step(1).caption != "x"
