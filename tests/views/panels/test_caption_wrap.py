"""A wrapped caption never splits a short vector across two lines."""

import re

import pytest
from PySide6 import QtCore, QtGui

from linviz.controller.session import Session
from linviz.views.language import set_language
from linviz.views.main_window import MainWindow
from linviz.views.number_text import unbroken_lists
from tests.views.conftest import opened_window, settle_until_still

SHORT_LIST = re.compile(r"\[[^\[\]]{1,26}\]")


def laid_out_lines(label) -> list[tuple[int, int]]:
    """(start, end) of each line the word-wrapped ``label`` shows, as Qt lays it out."""
    layout = QtGui.QTextLayout(label.text(), label.font())
    option = QtGui.QTextOption()
    option.setWrapMode(QtGui.QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(label.contentsRect().width())
        lines.append((line.textStart(), line.textStart() + line.textLength()))
    layout.endLayout()
    return lines


def test_short_lists_are_held_together_and_long_ones_may_break():
    assert unbroken_lists("non [0 ; −5].") == "non [0\u00a0;\u00a0−5]."
    matrix = unbroken_lists("S = [[3 ; −3] ; [−2 ; 1]]")
    assert matrix == "S = [[3\u00a0;\u00a0−3] ; [−2\u00a0;\u00a01]]"  # breaks between rows only
    long = "[1.234, 2.345, 3.456, 4.567, 5.678]"
    assert unbroken_lists(long) == long


@pytest.fixture
def projector_caption(qtbot):
    """Makes a window on a lesson in a language, in projector mode at 1024x768.

    Returns its session and caption label; English again at teardown.
    """

    def make(lesson: str, language: str):
        set_language(language)
        session = Session()
        session.open(lesson)
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.set_projector_mode(True, full_screen=False)
        window.resize(1024, 768)
        window.show()
        qtbot.waitExposed(window)
        qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 768))
        return session, window.panels["caption"].caption

    yield make
    set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_line_of_a_projector_caption_splits_a_vector(projector_caption, language):
    session, label = projector_caption("crowding-the-plane", language)
    for cursor in range(1, len(session.scenario) + 1):
        session.set_cursor(cursor)
        text = label.text()
        lines = laid_out_lines(label)
        for found in SHORT_LIST.finditer(text):
            held = any(a <= found.start() and found.end() <= b for a, b in lines)
            assert held, (cursor, found[0], [text[a:b] for a, b in lines])


#: A number, the spaces after it, and a per cent sign.
NUMBER_PERCENT = re.compile(r"\d(\s*)%")
#: The spaces a line may not break at (no-break, narrow no-break, word joiner).
UNBREAKABLE = set("\u00a0\u202f\u2060")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_percentage_in_the_caption_stays_with_its_number(projector_caption, language):
    # Gated forgetting, step 5, on a projector at 1024x768: "Relative error 36.0 %" wrapped
    # with the "%" alone on the last line.
    session, label = projector_caption("gated-forgetting", language)
    session.set_cursor(5)
    text = label.text()
    found = list(NUMBER_PERCENT.finditer(text))
    assert [m[0][0] + m[0][-1] for m in found] == ["0%"], text  # 36.0 % or 36,0 %
    lines = laid_out_lines(label)
    for match in found:
        assert match[1] and set(match[1]) <= UNBREAKABLE, repr(match[0])
        held = any(a <= match.start() and match.end() <= b for a, b in lines)
        assert held, [text[a:b] for a, b in lines]


def test_an_equals_sign_stays_with_its_name_and_a_short_value():
    """A caption read "… component: S" then "= [[3, −3], [−2, 1]]." on a projector."""
    from linviz.views.typography import spaced

    nbsp = "\u00a0"
    joined = f"component: S{nbsp}={nbsp}[[3, -3], [-2, 1]]."
    assert spaced("component: S = [[3, -3], [-2, 1]].") == joined
    assert spaced("at s = 10, softmax") == f"at s{nbsp}={nbsp}10, softmax"
    # A long value may start the next line; the sign itself never does.
    long = "S = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]] is long"
    assert spaced(long) == long.replace("S = ", f"S{nbsp}= ")


def test_typed_percentages_are_joined_to_their_number_in_both_languages():
    from linviz.views.number_text import set_number_language
    from linviz.views.typography import spaced

    typed = "a relative error of 36 %, and 20 % off; 100 %"
    joined = "a relative error of 36\u202f%, and 20\u202f% off; 100\u202f%"
    assert spaced(typed) == joined
    assert spaced("y = ? %") == "y\u00a0=\u00a0? %"  # a hidden field is no number
    set_number_language("fr")
    try:
        assert spaced("une erreur de 36,0 % : oui") == "une erreur de 36,\u20600\u202f%\u202f: oui"
    finally:
        set_number_language("en")


class _Events(QtCore.QObject):
    """Counts the events of some types each watched widget receives."""

    def __init__(self, types):
        super().__init__()
        self.types, self.seen = set(types), []

    def eventFilter(self, watched, event):
        if event.type() in self.types:
            self.seen.append((watched.objectName() or type(watched).__name__, event.type().name))
        return False


def at_the_last_read(qtbot):
    """A 1600×1000 window on session-trace at its last read, whose caption states numbers:
    the session, the window and its caption bar."""
    window = opened_window(qtbot, "session-trace", (1600, 1000))
    session = window.session
    session.set_cursor(len(session.scenario))
    return session, window, window.panels["caption"]


def test_a_drag_under_a_live_caption_lays_out_and_restyles_nothing(qtbot):
    """Each move changes the caption's numbers (the last read's output, marked stale);
    its wrapped height stays, so the window is not laid out again, nor the mark restyled."""
    session, window, bar = at_the_last_read(qtbot)
    session.begin_drag(1, "vector")
    key = session.scenario.step(1).vector.copy()
    session.drag_to(key * 1.02)  # the caption turns stale and gets its mark
    qtbot.waitUntil(bar.stale_mark.isVisible)
    # The mark, newly shown, is laid out (its own layout request, delivered now).
    QtCore.QCoreApplication.sendPostedEvents()
    QtCore.QCoreApplication.processEvents()
    before = bar.caption.text()
    events = _Events({QtCore.QEvent.Type.LayoutRequest, QtCore.QEvent.Type.StyleChange})
    for widget in (window.desk.area, bar, bar.stale_mark):
        widget.installEventFilter(events)
    for step in range(1, 6):
        session.drag_to(key * (1.02 + step / 50))
        QtCore.QCoreApplication.processEvents()
    session.end_drag()
    assert bar.caption.text() != before  # the live numbers followed the drag
    assert bar.stale_mark.isVisible()
    assert events.seen == [], (events.seen, bar.caption.text())


def test_a_caption_turning_stale_mid_drag_leaves_the_plots_their_size(qtbot):
    """The stale mark shows beside the step's heading: the caption bar keeps its height,
    so the plane under the mouse keeps its size; a narrow bar cuts the mark, not the words."""
    session, window, bar = at_the_last_read(qtbot)
    settle_until_still()
    assert not bar.stale_shown()
    sizes = (bar.height(), window.key_plane.size(), window.value_plane.size())
    session.begin_drag(1, "vector")
    session.drag_to(session.scenario.step(1).vector * 1.02)  # the caption turns stale
    qtbot.waitUntil(bar.stale_shown)
    settle_until_still()
    assert (bar.height(), window.key_plane.size(), window.value_plane.size()) == sizes
    mark = bar.stale_mark
    assert mark.y() < bar.caption_box.y()  # in the heading's row, above the caption
    assert "\u26a0 written for an earlier version of this scenario" in bar.text()
    assert mark.text() == mark.full_text()  # all of it fits at this width
    window.resize(1024, 768)  # the whole mark no longer fits beside the heading: in short
    qtbot.waitUntil(lambda: mark.text() == "\u26a0 out of date")
    assert mark.full_text() in bar.text()
    assert mark.fontMetrics().horizontalAdvance(mark.text()) <= mark.contentsRect().width()
    session.cancel_drag()
    qtbot.waitUntil(lambda: not bar.stale_shown())


@pytest.mark.parametrize(
    "text, formula",
    [
        ("its weights sum to 2.4, each bar is |wᵢ| / Σ|w|", "|wᵢ| / Σ|w|"),
        ("dotted: √((N − 1)/d), the random-key estimate", "√((N − 1)/d)"),
        ("delta rule (β = 1): S ← S + β k (v − Sᵀk)ᵀ", "S ← S + β k (v − Sᵀk)ᵀ"),
    ],
)
def test_a_formula_in_running_text_is_never_split(qapp, text, formula):
    """The labs' formulas broke at "|", "/" and inside "(v − Sᵀk)" on a projector."""
    from linviz.views.number_text import WORD_JOINER
    from linviz.views.typography import with_unbroken

    shown = with_unbroken(text, formula)
    assert shown.replace(WORD_JOINER, "").replace("\u00a0", " ") == text
    start = shown.index(formula[0])
    stop = start + len(shown) - len(text) + len(formula)  # the formula, joiners and all
    font = QtGui.QFont()
    font.setPointSizeF(20)
    layout = QtGui.QTextLayout(shown, font)
    option = QtGui.QTextOption()
    option.setWrapMode(QtGui.QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    for width in range(60, 900, 7):
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            end = line.textStart() + line.textLength()
            assert not start < end < stop or end == len(shown), (width, shown[:end])
        layout.endLayout()
