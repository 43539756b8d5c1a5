"""Class ▸ Try a vector…: the shape check large in front of the room, nothing changed."""

from __future__ import annotations

import pytest
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linviz.controller.session import Session
from linviz.controller.shape_check import try_vector
from linviz.views.classroom.try_vector import (
    ShapePicture,
    TryVectorBox,
    accepted_text,
    refusal_text,
)
from linviz.views.main_window import MainWindow
from tests.views.conftest import settle_until_still

SMALLEST_TEXT_PX = 18


def _settled(qtbot) -> None:
    settle_until_still()


@pytest.fixture
def lesson_window(qtbot):
    """A function: a window on ``lesson`` at ``width × height``, in projector mode or not."""

    def make(lesson: str, width: int, height: int, projector: bool) -> MainWindow:
        session = Session()
        session.open(lesson)
        window = MainWindow(session)
        qtbot.addWidget(window)
        if projector:
            window.set_projector_mode(True, full_screen=False)
        window.resize(width, height)
        window.show()
        qtbot.waitExposed(window)
        qtbot.waitUntil(lambda: window.size() == QtCore.QSize(width, height))
        _settled(qtbot)
        return window

    return make


def _open_by_keys(qtbot, window: MainWindow) -> TryVectorBox:
    """T opens the box (the menu bar is hidden in projector mode: the key still works)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # a shortcut reaches the active window only
    QTest.keyClick(window, Qt.Key.Key_T)
    box = window.findChild(TryVectorBox)
    assert box is not None
    qtbot.waitUntil(box.isVisible)
    return box


def _type_and_try(qtbot, box: TryVectorBox, text: str) -> None:
    box.edit.clear()
    QTest.keyClicks(box.edit, text)
    QTest.keyClick(box.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: box.check is not None and box.check.text == text)
    _settled(qtbot)


def _labels(picture: ShapePicture) -> dict[str, str]:
    return {shape: picture.shape_items(shape, "label")[0].text() for shape in ("vector", "state")}


def _frame(picture: ShapePicture, shape: str) -> QtCore.QRectF:
    (frame,) = picture.shape_items(shape, "frame")
    return _rect(frame)


def _rect(item: QtWidgets.QGraphicsRectItem) -> QtCore.QRectF:
    """A cell's or frame's rectangle in the scene (without its pen's width)."""
    return item.mapRectToScene(item.rect())


def _px(widget: QtWidgets.QWidget) -> int:
    return QtGui.QFontInfo(widget.font()).pixelSize()


def test_the_courses_wrong_key_is_refused_large_and_nothing_changes(qtbot, lesson_window):
    window = lesson_window("session-trace", 1024, 768, projector=True)
    session = window.session
    session.set_cursor(2)  # after w1 and w2: S = [[2, 3], [5, 1]]
    before = session.scenario.copy()
    box = _open_by_keys(qtbot, window)
    assert box.roles["key"].isChecked()
    _type_and_try(qtbot, box, "[1, 0, 2]")

    # The refusal, in the course's words, and its verdict.
    assert box.verdict.text() == "Refused"
    shown = box.detail.text().replace("\u00a0", " ")
    assert shown == (
        "key has 3 components but S has d_k = 2 rows: the stamp k vᵀ would be 3×2, "
        "S is 2×2. Give the key 2 components."
    )
    assert shown == box.check.message  # the window says what the check found
    # Large enough for the back of the room at 1024×768.
    assert box.isVisible() and box.width() >= 0.8 * 1024
    for widget in (box.verdict, box.detail, box.edit, box.try_button, box.prompt):
        assert _px(widget) >= SMALLEST_TEXT_PX, widget.objectName()
    assert _px(box.verdict) > _px(box.detail) >= 24

    # The two shapes side by side, each labelled with its shape.
    picture = box.picture
    assert _labels(picture) == {"vector": "k  3×1", "state": "S  2×2"}
    vector, state = _frame(picture, "vector"), _frame(picture, "state")
    assert vector.right() < state.left()  # side by side, the key first
    assert abs(vector.top() - state.top()) < 1  # row 1 beside row 1
    cell = state.width() / 2
    assert vector.height() == pytest.approx(3 * cell)  # 3 rows …
    assert vector.width() == pytest.approx(cell)  # … of 1 column
    assert state.height() == pytest.approx(2 * cell)
    assert cell >= 48
    # The third component has no row of S to meet: hatched, with dashed room where S has none.
    (surplus,) = picture.shape_items("vector", "surplus")
    assert _rect(surplus).top() == pytest.approx(state.bottom())
    assert len(picture.shape_items("state", "absent")) == 2
    numbers = sorted(item.text() for item in picture.shape_items("vector", "number"))
    assert numbers == ["0", "1", "2"]
    assert sorted(item.text() for item in picture.shape_items("state", "number")) == [
        "1",
        "2",
        "3",
        "5",
    ]
    for item in picture.shape_items("vector", "label") + picture.shape_items("state", "label"):
        assert QtGui.QFontInfo(item.font()).pixelSize() >= SMALLEST_TEXT_PX
    # Everything drawn is inside the view.
    visible = picture.mapToScene(picture.viewport().rect()).boundingRect()
    assert visible.contains(picture.scene().itemsBoundingRect())

    # Nothing in the scenario changed: no step, no undo entry, no unsaved mark.
    assert session.scenario == before
    assert not session.undo_stack.can_undo()
    assert not session.is_modified
    assert not window.isWindowModified()
    assert session.cursor == 2

    # Esc closes the box; projector mode stays on.
    QTest.keyClick(box.edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not box.isVisible())
    assert session.options.projector


def test_an_accepted_query_reads_s_and_an_accepted_key_fits(qtbot, lesson_window):
    window = lesson_window("session-trace", 1024, 768, projector=True)
    session = window.session
    session.set_cursor(5)  # read r3
    box = _open_by_keys(qtbot, window)
    QTest.mouseClick(box.roles["query"], Qt.MouseButton.LeftButton)
    assert box.role() == "query"
    _type_and_try(qtbot, box, "1, 1")
    assert box.verdict.text() == "Fits"
    assert box.detail.text() == (
        "query has 2 components, S has d_k = 2 rows: qᵀS is 1×2. "
        "It reads [7, 4] from S after step 5."
    )
    picture = box.picture
    assert _labels(picture) == {"vector": "q  2×1", "state": "S  2×2"}
    assert not picture.shape_items("vector", "surplus")
    assert not picture.shape_items("state", "absent")
    vector, state = _frame(picture, "vector"), _frame(picture, "state")
    assert vector.height() == pytest.approx(state.height(), abs=1)  # the rows meet
    # The verdict follows the cursor: after w3 reused [1, 0], S = [[11, 12], [5, 1]].
    session.set_cursor(7)
    qtbot.waitUntil(lambda: "[16, 13]" in box.detail.text())
    assert not session.undo_stack.can_undo()


def test_a_key_then_a_value_in_normal_mode(qtbot, lesson_window):
    window = lesson_window("session-trace", 1280, 720, projector=False)
    session = window.session
    session.set_cursor(6)
    window.classroom.try_action.trigger()
    box = window.classroom.try_box()
    qtbot.waitUntil(box.isVisible)
    _type_and_try(qtbot, box, "1 0")
    assert box.verdict.text() == "Fits"
    assert box.detail.text().replace("\u00a0", " ") == (
        "key has 2 components, S has d_k = 2 rows: the stamp k vᵀ is 2×2, like S. "
        "With w3's value [9, 9], k vᵀ = [[9, 9], [0, 0]]. S already holds [11, 12] at this key."
    )
    # As a value, 3 numbers are one column too many: vᵀ over S's columns.
    box.roles["value"].setChecked(True)
    _type_and_try(qtbot, box, "1 2 3")
    assert box.verdict.text() == "Refused"
    assert "the stamp k vᵀ would be 2×3, S is 2×2" in box.detail.text().replace("\u00a0", " ")
    picture = box.picture
    assert _labels(picture) == {"vector": "vᵀ  1×3", "state": "S  2×2"}
    vector, state = _frame(picture, "vector"), _frame(picture, "state")
    assert vector.bottom() < state.top() and abs(vector.left() - state.left()) < 1
    assert len(picture.shape_items("state", "absent")) == 2
    assert not session.undo_stack.can_undo() and not session.is_modified


def test_the_window_says_what_the_check_says(qtbot):
    """English on screen is the controller's message, for every kind of verdict."""
    session = Session()
    session.open("feature-map")
    session.set_cursor(3)
    for text, role in (
        ("[1, 0, 2]", "key"),
        ("[1, 0, 2]", "query"),
        ("1 2 3", "value"),
        ("1 x", "key"),
        ("1 \u0665", "key"),  # Python reads ٥ as 5: refused, saying why
        ("5_000 1", "query"),
        ("1 inf", "query"),
        ("", "value"),
        ("1 0", "key"),
        ("1 1", "query"),
        ("3 4", "value"),
    ):
        check = try_vector(session, text, role)
        shown = accepted_text(check) if check.accepted else refusal_text(check)
        assert shown == check.message, (text, role)


def test_the_action_is_in_the_class_menu_and_the_shortcut_list(qtbot, lesson_window):
    window = lesson_window("session-trace", 1280, 720, projector=False)
    action = window.classroom.try_action
    assert action in window.classroom.menu.actions()
    assert action.shortcut().toString() == "T"
    assert action.toolTip() and action.statusTip()
    rows = dict(window.keyboard.shortcut_rows())
    assert rows["Try a vector"] == "T"
    box = window.classroom.try_box()
    for widget in (box.edit, *box.roles.values(), box.try_button):
        assert widget.accessibleName() or widget.text(), widget
        assert widget.toolTip(), widget
    assert box.edit.accessibleName() == "Vector to try"
    assert box.findChild(QtWidgets.QDialogButtonBox) is not None


def test_a_tall_s_fits_the_view_with_its_names_clear_of_each_other(qtbot):
    from linviz.model.scenario import Scenario, write

    scenario = Scenario(8, 3, [write([1] + [0] * 7, [1.5, -2, 3], "w1")], feature_map="relu")
    session = Session(scenario)
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.set_projector_mode(True, full_screen=False)
    window.resize(1024, 768)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 768))
    _settled(qtbot)
    box = _open_by_keys(qtbot, window)
    _type_and_try(qtbot, box, "1 2 3 4 5 6 7 8 9")
    assert "so φ(k) has 9 too" in box.detail.text()
    picture = box.picture
    assert _labels(picture) == {"vector": "k  9×1", "state": "S  8×3"}
    names = [picture.shape_items(s, "label")[0].sceneBoundingRect() for s in ("vector", "state")]
    assert not names[0].intersects(names[1])
    visible = picture.mapToScene(picture.viewport().rect()).boundingRect()
    assert visible.contains(picture.scene().itemsBoundingRect())
    assert len(picture.shape_items("vector", "number")) == 9
    # S's numbers all shown or none (a blank among them would read as a 0).
    assert len(picture.shape_items("state", "number")) in (0, 24)
    assert len(picture.shape_items("vector", "surplus")) == 1


def test_the_box_grows_when_projector_mode_starts_with_it_open(qtbot, lesson_window):
    window = lesson_window("session-trace", 1280, 800, projector=False)
    window.classroom.open_try_box()
    box = window.classroom.try_box()
    qtbot.waitUntil(box.isVisible)
    _type_and_try(qtbot, box, "[1, 0, 2]")
    small = box.width()
    assert _px(box.detail) < SMALLEST_TEXT_PX
    window.set_projector_mode(True, full_screen=False)
    qtbot.waitUntil(lambda: box.width() > small)
    assert _px(box.detail) >= SMALLEST_TEXT_PX
    assert box.verdict.text() == "Refused"


def test_in_french_the_refusal_is_french_with_its_shapes(qtbot, lesson_window):
    from linviz.views.language import set_language
    from tests.views.french_texts import english_texts

    set_language("fr")
    try:
        window = lesson_window("session-trace", 1024, 768, projector=True)
        box = _open_by_keys(qtbot, window)
        box.edit.clear()
        QTest.keyClicks(box.edit, "1 ; 0 ; 2")
        QTest.keyClick(box.edit, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: "Refusé" in box.verdict.text())
        shown = box.detail.text().replace("\u00a0", " ")
        # The field shows what was typed in full beside the longer French choices.
        typed = box.edit.fontMetrics().horizontalAdvance(box.edit.text())
        assert box.edit.contentsRect().width() > typed
        assert shown.startswith("la clé a 3 composantes mais S a d_k = 2 lignes")
        assert "l’empreinte k vᵀ serait 3×2, S est 2×2" in shown
        assert shown.endswith("Donnez 2 composantes à la clé.")
        found = english_texts(box)
        assert found == [], found
        box.close()
    finally:
        set_language("en")


def test_the_example_in_the_empty_field_is_written_as_the_language_writes_lists(
    qtbot, lesson_window
):
    """A French box showed "[1, 0, 2]" in its empty field, a list a French reader
    types "[1 ; 0 ; 2]" (its tooltip said so); View ▸ Language changes it too."""
    window = lesson_window("session-trace", 1024, 768, projector=False)
    box = _open_by_keys(qtbot, window)
    box.edit.clear()
    assert box.edit.placeholderText() == "[1, 0, 2]"
    try:
        window.set_language("fr")
        qtbot.waitUntil(lambda: box.edit.placeholderText() == "[1 ; 0 ; 2]")
    finally:
        window.set_language("en")
    qtbot.waitUntil(lambda: box.edit.placeholderText() == "[1, 0, 2]")
    box.close()
