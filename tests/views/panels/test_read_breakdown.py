"""The readout: a read's terms as bars and numbers; a write's overlapping keys."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.drawable import bar_limits
from linviz.model.report import fmt_number
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.views.number_text import localised
from linviz.views.panels.equation import EquationPanel
from linviz.views.panels.read_breakdown import MAX_GROUPS, ReadoutPanel
from linviz.views.theme import theme_named
from tests.views.conftest import EventLog, settle, shown, shown_in_column

# The offscreen platform warns when a window's size limits change or a tooltip is raised.
pytestmark = pytest.mark.qt_log_ignore(
    "This plugin does not support propagateSizeHints", "This plugin does not support raise"
)


def show(qtbot, session: Session, width: int = 760) -> ReadoutPanel:
    return shown(qtbot, ReadoutPanel(session), width, 620)


def colours_inside(image: QtGui.QImage, rect) -> set[tuple[int, int, int]]:
    """The distinct colours well inside ``rect`` (away from its outline)."""
    r = rect.toRect().adjusted(4, 4, -4, -4)
    return {
        image.pixelColor(x, y).getRgb()[:3]
        for x in range(r.left(), r.right())
        for y in range(r.top(), r.bottom())
    }


def test_the_crowded_read_in_numbers(qtbot, lesson_session):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session)
    text = panel.text()
    assert "Read r4: query [0.8, 0.6] · target k3" in text
    # "target" and its label wrap together (a French heading left "c" alone on a line).
    assert panel.heading.text().endswith(" · target\xa0k3")
    assert "output y: [1.2, −1.8]" in text
    assert "expected v_target (k3): [0, −5]" in text
    # The error and the model's parts that add up to it: here all crosstalk.
    assert "error y − v_target: [1.2, 3.2]\n= crosstalk: [1.2, 3.2]\n" in text
    assert "relative error: 68.4 %" in text
    flat = " ".join(text.split())
    assert "largest part: crosstalk from other keys, 100.0 % of the error's parts, by size" in flat
    assert "of the read" not in text and "40.6" not in text
    assert "cosine(y, v_target): 0.832" in text
    assert "q·kᵢ: k1 0.8 k2 0.6 k3 1" in " ".join(text.split())


@pytest.mark.parametrize("width, orientation", [(760, "columns"), (260, "rows")])
def test_target_and_crosstalk_differ_by_label_colour_and_pattern(
    qtbot, lesson_session, width, orientation
):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session, width)
    bars = panel.bars
    kinds = [(g.label, g.kind, bars.kind_text(g.kind)) for g in bars.groups]
    assert kinds == [
        ("k1", "crosstalk", "crosstalk"),
        ("k2", "crosstalk", "crosstalk"),
        ("k3", "target", "target"),
        ("y", "output", "output y"),
        ("v(k3)", "expected", "wanted v_target"),
    ]
    # One bar per value component: k1's term is 0.8·(3, 1).
    np.testing.assert_allclose(bars.groups[0].values, [2.4, 0.8])
    assert bars.groups[0].note == "w = 0.8"

    image = bars.grab().toImage()
    assert bars.orientation == orientation  # narrow panels get one row per write
    rects = {(g, c): r for g, c, r in bars.bar_rects}
    target_bar = colours_inside(image, rects[(2, 1)])  # k3's -5
    crosstalk_bar = colours_inside(image, rects[(0, 0)])  # k1's 2.4
    assert target_bar == {QtGui.QColor(theme_named("light").target).getRgb()[:3]}
    assert len(crosstalk_bar) >= 2  # hatched: stripes over a pale fill
    assert target_bar.isdisjoint(crosstalk_bar)


def test_a_clean_read_has_no_crosstalk(qtbot, lesson_session):
    lesson_session.set_cursor(3)
    panel = show(qtbot, lesson_session)
    text = panel.text()
    assert "output y: [3, 1]" in text
    # Exact: nothing is called interference or crosstalk.
    assert "y − v_target: [0, 0]" in text
    assert "interference" not in text and "crosstalk" not in text
    assert "relative error: 0.0 %" in text
    assert "crosstalk" not in [g.kind for g in panel.bars.groups]
    np.testing.assert_allclose(panel.bars.groups[1].values, [0, 0])  # k2: orthogonal


def test_a_write_lists_the_keys_it_overlaps(qtbot, lesson_session):
    lesson_session.set_cursor(5)
    panel = show(qtbot, lesson_session)
    text = panel.text()
    assert "Write k3: key [0.8, 0.6], value [0, −5]" in text
    assert "overlaps k1: cos 0.80" in text
    assert "overlaps k2: cos 0.60" in text
    assert "so reads of them will pick up its value" in text  # additive rule
    assert not panel.bars.isVisible()


def test_an_overlapping_write_says_what_its_rule_does_to_earlier_reads(qtbot):
    """Additive: earlier reads pick the new value up; delta: they move toward it."""
    session = Session()
    session.open("delta-repair")
    session.set_cursor(4)  # w3 rewrites w1's key
    panel = show(qtbot, session)
    text = panel.text()
    flat = " ".join(text.split())
    assert "Write w3: key [1, 0], value [9, 9] · β = 1" in text
    assert (
        "w3 overlaps earlier keys. Under the delta rule, with β = 1, it adds "
        "u = β × (its value − what S returned for its key) = [7, 6]; a read whose key "
        "overlaps w3 moves by that key's dot product with w3 times u:"
    ) in flat
    assert "pick up its value" not in text
    assert "overlaps w1: cos 1.00" in text


def test_an_orthogonal_write_says_so(qtbot, lesson_session):
    lesson_session.set_cursor(2)
    panel = show(qtbot, lesson_session)
    assert "k2 is orthogonal to every earlier key" in panel.text()
    lesson_session.set_cursor(1)
    assert "nothing to overlap yet" in panel.text()


def test_the_readout_follows_an_edit(qtbot, lesson_session):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session)
    k3 = lesson_session.scenario.step(5)
    lesson_session.execute(ReplaceStep(5, k3.with_changes(vector=[0.0, 0.0])))
    lesson_session.set_cursor(7)
    # Dropping k3's key leaves the read with k1's and k2's terms only.
    assert "output y: [1.2, 3.2]" in panel.text()
    assert "target's own term: [0, 0]" in panel.text()
    lesson_session.undo()
    lesson_session.set_cursor(7)
    assert "output y: [1.2, −1.8]" in panel.text()


def test_many_writes_show_the_largest_terms_and_count_the_rest(qtbot):
    steps = [write([1.0, 0.1 * i], [float(i), 1.0], f"w{i}") for i in range(1, 61)]
    steps.insert(5, write([0.0, 1.0], [0.5, 0.5], "small"))
    steps.append(read([0.0, 1.0], "r", target="small"))
    session = Session(Scenario(2, 2, steps))
    panel = show(qtbot, session)
    groups = panel.bars.groups
    terms = [g for g in groups if g.kind in ("target", "crosstalk")]
    assert len(terms) == MAX_GROUPS
    assert panel.bars.hidden_count == 61 - MAX_GROUPS
    assert any(g.label == "small" and g.kind == "target" for g in terms)
    assert "w60" in [g.label for g in terms]  # the largest term is kept
    assert "w1" not in [g.label for g in terms]  # a small one is not
    # The weights: the largest 20 terms' (the target's among them), the rest counted.
    weights = panel.weights.plain_text()
    assert "(+41 more)" in weights
    assert "small" in weights and "w60" in weights and "w40 " not in weights


def test_a_read_with_no_earlier_write(qtbot):
    session = Session(Scenario(2, 2, [read([1, 0], "r1")]))
    panel = show(qtbot, session)
    assert "none: no earlier write" in panel.text()
    assert [g.kind for g in panel.bars.groups] == ["output"]


@pytest.mark.parametrize("projector", [False, True])
def test_every_lesson_step_renders(qtbot, projector):
    from linviz.model.lessons import bundled_lessons

    for lesson in bundled_lessons():
        session = Session()
        session.open(lesson.path)
        session.set_options(projector=projector)
        panel = show(qtbot, session)
        for number in range(1, len(session.scenario) + 1):
            session.set_cursor(number)
            assert not panel.grab().isNull()
        panel.detach()


def test_a_hidden_readout_catches_up_when_shown(qtbot, lesson_session):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session)
    panel.hide()
    lesson_session.set_cursor(5)
    panel.show()
    assert "overlaps k1: cos 0.80" in panel.text()


def test_hovering_a_bar_names_its_write(qtbot, lesson_session):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session)
    bars = panel.bars
    bars.grab()
    rect = next(r for g, c, r in bars.bar_rects if (g, c) == (1, 1))  # k2's 2.4
    spot = rect.center().toPoint()
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, spot, bars.mapToGlobal(spot))
    QtWidgets.QApplication.sendEvent(bars, event)
    assert QtWidgets.QToolTip.text() == "k2 · crosstalk · w = 0.6 · [−1.2, 2.4]"


def d64_session(writes: int = 12) -> Session:
    rng = np.random.default_rng(5)
    steps = [write(rng.normal(size=64), rng.normal(size=64), f"w{i}") for i in range(writes)]
    steps.append(read(steps[3].vector, "r", target="w3"))
    return Session(Scenario(64, 64, steps))


def test_many_value_components_are_drawn_as_colour_strips(qtbot):
    from linviz.views.items.matrix_item import colormap_for

    session = d64_session()
    session.set_cursor(len(session.scenario))
    panel = show(qtbot, session)
    bars = panel.bars
    image = bars.grab().toImage()
    assert bars.orientation == "strips" and not bars.bar_rects
    assert [i for i, _ in bars.strip_rects] == list(range(len(bars.groups)))
    # Each cell is a component, coloured like the heatmap on one scale for all strips.
    index = next(i for i, g in enumerate(bars.groups) if g.kind == "output")
    rect = dict(bars.strip_rects)[index]
    values = bars.groups[index].values
    scale = max(float(np.abs(g.values).max()) for g in bars.groups)
    lut = colormap_for(theme_named("light")).getLookupTable(0.0, 1.0, 256, alpha=False)
    for component in (0, 17, 63):
        x = rect.left() + (component + 0.5) * rect.width() / 64
        seen = image.pixelColor(round(x), round(rect.center().y())).getRgb()[:3]
        wanted = lut[int(np.clip(np.rint((values[component] / scale + 1) * 127.5), 0, 255))]
        assert np.abs(np.array(seen) - wanted).max() <= 2, (component, seen, wanted)
    # Hovering a cell names the write and the component's value.
    spot = QtCore.QPoint(round(rect.left() + 17.5 * rect.width() / 64), round(rect.center().y()))
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, spot, bars.mapToGlobal(spot))
    QtWidgets.QApplication.sendEvent(bars, event)
    assert QtWidgets.QToolTip.text().startswith("y · output y")
    # Counted from 1, as in the course: the 18th component is index 17.
    assert f"component 18: {fmt_number(values[17])}" in QtWidgets.QToolTip.text()


def test_a_heading_of_long_vectors_names_four_components_as_the_measures_do(qtbot):
    session = d64_session()
    session.set_cursor(len(session.scenario))
    panel = show(qtbot, session)
    query = session.scenario.step(len(session.scenario)).vector
    heading = panel.heading.text()
    # Four components and the count, as each measure below: two lines at most, not four.
    assert heading.startswith(f"Read r: query [{localised(fmt_number(query[0]))}, ")
    assert heading.count(",") == 4 and "…\xa0(64\xa0in\xa0all)]" in heading  # never split
    session.set_cursor(2)
    heading = panel.heading.text()
    assert heading.startswith("Write w1: key [") and heading.count("(64\xa0in\xa0all)]") == 2
    assert heading.count(",") == 9  # four and four, and the one between key and value


def test_short_on_room_the_strips_keep_the_largest_terms_and_the_answer(qtbot):
    session = d64_session(writes=30)
    session.set_cursor(len(session.scenario))
    panel = show(qtbot, session)
    panel.resize(760, 420)
    bars = panel.bars
    bars.grab()
    shown = [i for i, _ in bars.strip_rects]
    kinds = {bars.groups[i].kind for i in shown}
    assert len(shown) < len(bars.groups)
    assert {"target", "output", "expected"} <= kinds
    sizes = [float(np.abs(g.values).max()) for g in bars.groups]
    dropped = [sizes[i] for i in range(len(bars.groups)) if i not in shown]
    kept_crosstalk = [sizes[i] for i in shown if bars.groups[i].kind == "crosstalk"]
    assert min(kept_crosstalk) >= max(dropped)


def test_a_drag_changes_the_numbers_without_a_new_layout(qtbot, lesson_session):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session)
    QtWidgets.QApplication.processEvents()
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, panel)
    before = panel.text()
    lesson_session.begin_drag(1, "vector")
    for angle in (0.1, 0.2, 0.3):
        lesson_session.drag_to(np.array([np.cos(angle), np.sin(angle)]))
        QtWidgets.QApplication.processEvents()
    assert panel.text() != before  # the numbers followed the key
    assert requests.watched == []  # … and nothing was laid out again
    lesson_session.cancel_drag()


def test_on_a_projector_the_measures_keep_three_digits(qtbot):
    """Every value stays on one line on a projector, so all the measures fit."""
    session = Session()
    session.open("gated-forgetting")
    session.set_cursor(8)  # y = 0.8⁴ · [10, 5] = [4.096, 2.048]
    panel = show(qtbot, session)
    measures = dict(panel.measures)
    assert measures["output y"] == "[4.096, 2.048]"
    session.set_options(projector=True)
    measures = dict(panel.measures)
    assert measures["output y"] == "[4.1, 2.05]"
    assert measures["error y − v_target"] == "[−5.9, −2.95]"
    assert measures["= forgetting"] == "[−5.9, −2.95]"


def test_moving_between_writes_lays_no_panel_out(qtbot):
    """Headings change on every move; no panel nor the window is laid out again."""
    from linviz.bench.workloads import random_scenario
    from linviz.views.panels.caption import CaptionBar
    from linviz.views.panels.timeline import TimelinePanel

    session = Session(random_scenario(2000, 2))
    panels = (CaptionBar(session), ReadoutPanel(session), TimelinePanel(session))
    window = shown_in_column(qtbot, panels, 1100, 800)
    rng = np.random.default_rng(7)
    steps = rng.choice(np.arange(1000, 2001), 60, replace=False).tolist()
    writes = [n for n in steps if session.scenario.is_write(n)][:20]
    # One round first: the lists of overlaps grow from one line, and the
    # widest heading sets the window's smallest width.
    for number in writes:
        session.set_cursor(number)
        settle()
    requests = EventLog(QtCore.QEvent.Type.LayoutRequest, window, *panels)
    headings = []
    for number in writes:
        session.set_cursor(number)
        QtWidgets.QApplication.processEvents()
        headings.append(panels[1].heading.text())
    requests.stop()
    assert len(set(headings)) == 20 and headings[-1].startswith(f"Write w{writes[-1]}:")
    assert panels[0].heading.text().startswith(f"Step {writes[-1]:,} of 2,000")
    assert requests.watched == []
    # A read shows other widgets: that is laid out, and the heading still fits.
    session.set_cursor(10)
    qtbot.waitUntil(lambda: panels[1].bars.height() > 0)
    heading = panels[1].heading
    assert heading.height() == heading.heightForWidth(heading.width())
    assert heading.label.geometry() == heading.rect()
    for panel in panels:
        panel.detach()


# -- what the readout says is about what S stores (issue 10) ---------------------------------
def lesson_panel(qtbot, name: str, number: int, width: int = 760) -> tuple[Session, ReadoutPanel]:
    session = Session()
    session.open(name)
    session.set_cursor(number)
    return session, show(qtbot, session, width)


def test_a_feature_map_write_is_compared_by_what_s_stores(qtbot):
    # feature-map step 2: b = (0, 1) is orthogonal to a = (1, 0) as typed, but
    # elu+1 stores them as (1, 2) and (2, 1): cosine 0.8.
    _, panel = lesson_panel(qtbot, "feature-map", 2)
    text = " ".join(panel.text().split())
    assert "orthogonal to every earlier key" not in text
    assert "stores without disturbing" not in text
    assert "b is stored as φ(b) = [1, 2]" in text
    assert "overlaps φ(a) = [2, 1]: cos 0.80" in text
    assert "The keys as typed are orthogonal; what S stores is not." in text


def test_a_normalised_read_shows_z_and_the_divisor(qtbot):
    # feature-map step 3: z = φ(a) + φ(b) = (3, 3); φ(q) = (2, 1), so φ(q)ᵀz = 9.
    _, panel = lesson_panel(qtbot, "feature-map", 3)
    measures = dict(panel.measures)
    assert measures["z = Σ φ(kᵢ)"] == "[3, 3]"
    assert measures["divisor φ(q)ᵀz + ε"] == "9"


def test_the_divisor_has_the_equations_digits_on_a_projector(qtbot):
    # feature-map step 5: φ(q)ᵀz = 12.149. The equation divides by "12.15"; the
    # projector's measures (3 significant digits) said 12.1.
    session, panel = lesson_panel(qtbot, "feature-map", 5)
    session.set_options(projector=True)
    equation = EquationPanel(session)
    qtbot.addWidget(equation)
    equation.refresh()
    panel.refresh()
    assert dict(panel.measures)["divisor φ(q)ᵀz + ε"] == "12.15"
    assert equation.shown_operators()[2] == "\u00f7 12.15 ="
    assert dict(panel.measures)["output y"] == "[6.63, 3.37]"  # vectors keep 3 digits


def test_an_exact_delta_read_is_a_replacement_not_crosstalk(qtbot):
    # delta-repair step 5: w3 reused w1's key, removing w1's [2, 3] as it wrote.
    _, panel = lesson_panel(qtbot, "delta-repair", 5)
    text = " ".join(panel.text().split())
    measures = dict(panel.measures)
    assert measures["output y"] == "[9, 9]"
    assert not any("crosstalk" in name or "share" in name for name in measures)
    assert not any("interference" in name for name in measures)
    assert "w3 stored [9, 9] − [2, 3] = [7, 6]" in text
    assert "cancelling w1's [2, 3]" in text
    assert "w3 replaced w1's value" in text
    kinds = [g.kind for g in panel.bars.groups]
    assert "crosstalk" not in kinds
    assert [g.label for g in panel.bars.groups if g.kind == "cancelled"] == ["w1"]
    # The terms still add up to y: w1's [2, 3] plus w3's [7, 6].
    np.testing.assert_allclose(sum(g.values for g in panel.bars.groups[:3]), [9, 9])


def test_an_error_part_says_what_it_is(qtbot, lesson_session):
    lesson_session.set_cursor(7)
    panel = show(qtbot, lesson_session)
    tip = panel.numbers.tooltip_for("= crosstalk")
    assert tip == "crosstalk from other keys"
    # Hovering the row shows it.
    panel.numbers.grab()
    spot = panel.numbers.row_rect("= crosstalk").center().toPoint()
    event = QtGui.QHelpEvent(QtCore.QEvent.Type.ToolTip, spot, panel.numbers.mapToGlobal(spot))
    QtWidgets.QApplication.sendEvent(panel.numbers, event)
    assert QtWidgets.QToolTip.text() == tip


def test_a_half_replacement_says_what_its_correction_removed(qtbot):
    # delta-repair step 8: β = 0.5 stores half of [1, 1] and removes half of [9, 9].
    _, panel = lesson_panel(qtbot, "delta-repair", 8)
    text = " ".join(panel.text().split())
    assert "w4 stored [0.5, 0.5] − [4.5, 4.5] = [−4, −4]" in text
    # The [4, 4] is what β = 0.5 did not overwrite: not crosstalk, no share over 100 %.
    measures = dict(panel.measures)
    assert measures["error y − v_target"] == "[4, 4]"
    assert measures["= not overwritten"] == "[4, 4]"
    assert "crosstalk" not in text and "90" not in text and "4.5, 4.5] is" not in text
    assert "largest part: left behind by an earlier write under the same key, 100.0 %" in text
    assert "crosstalk" not in [g.kind for g in panel.bars.groups]
    # Half of w1's and w3's terms is left under w4's key: not "cancelled", as the bars
    # said beside "= not overwritten [4, 4]", but partly so.
    kinds = {g.label: g.kind for g in panel.bars.groups}
    assert kinds["w1"] == kinds["w3"] == "partly_cancelled" and kinds["w2"] == "term"
    assert panel.bars.kind_text("partly_cancelled") == "partly cancelled"


def test_a_term_left_under_the_targets_key_is_drawn_as_not_overwritten(qtbot):
    # session-trace step 7: w1's [2, 3] is still under w3's key; the measures call
    # the error [2, 3] "not overwritten", and so does w1's bar now (it said "term").
    _, panel = lesson_panel(qtbot, "session-trace", 7)
    kinds = {g.label: g.kind for g in panel.bars.groups}
    assert kinds["w1"] == "not_overwritten" and kinds["w2"] == "term"
    assert panel.bars.kind_text("not_overwritten") == "not overwritten"
    assert dict(panel.measures)["= not overwritten"] == "[2, 3]"


@pytest.mark.parametrize(
    "rule", [Rule("additive"), Rule("gated", alpha=0.8), Rule("delta", beta=0.5)], ids=str
)
def test_the_not_overwritten_bars_add_up_to_the_errors_part_of_that_name(qtbot, rule):
    steps = [
        write([1, 0], [2, 3], "a"),
        write([0, 1], [1, 1], "b"),
        write([1, 0], [5, 1], "c"),
        read([1, 0.2], "q"),
    ]
    session = Session(Scenario(2, 2, steps, rule=rule))
    session.set_cursor(4)
    panel = show(qtbot, session)
    result = session.snapshot().read
    left = result.error_parts.parts["not_overwritten"]
    drawn = [g.values for g in panel.bars.groups if g.kind == "not_overwritten"]
    if rule.name == "delta":
        # The target's write (β = 0.5) took part of a's value back: a is drawn as
        # partly cancelled, what is left of it being the error's "not overwritten".
        kinds = {g.label: g.kind for g in panel.bars.groups}
        assert drawn == [] and kinds["a"] == "partly_cancelled"
    else:
        np.testing.assert_allclose(np.sum(drawn, axis=0), left, atol=1e-12)


def test_the_notes_name_a_reads_error_as_the_readout_does(qtbot):
    # delta-repair step 8: the instructor's note said "the readout calls the gap to
    # [1, 1] interference"; the readout has not said "interference" since the error
    # was given its named parts: it says "not overwritten".
    session, panel = lesson_panel(qtbot, "delta-repair", 8)
    measures = dict(panel.measures)
    assert measures["= not overwritten"] == "[4, 4]"
    note = session.scenario.step(8).notes.by_language["en"]
    assert '"not overwritten"' in note and "interference" not in note
    assert not any("interference" in name for name in measures)


def test_a_query_weighing_two_keys_alike_has_no_single_target(qtbot):
    # session-trace step 5: q = [1, 1] weighs w1 and w2 equally; y = [7, 4] blends them.
    _, panel = lesson_panel(qtbot, "session-trace", 5)
    text = " ".join(panel.text().split())
    assert "no single target" in text
    assert "q has the same cosine with the keys of w1 and w2" in text
    assert "target w2" not in text and "expected" not in text
    assert "no earlier write" not in text
    assert [g.kind for g in panel.bars.groups] == ["term", "term", "output"]


def test_hidden_outputs_hide_the_target_in_the_heading(qtbot, lesson_session):
    lesson_session.set_cursor(7)  # target k3
    panel = show(qtbot, lesson_session)
    assert "target\xa0k3" in panel.heading.text()
    lesson_session.set_hide_outputs(True)
    assert panel.heading.text() == "Read r4: query [0.8, 0.6]"
    assert "k3" not in panel.text() and "expected" not in panel.text()
    lesson_session.reveal()
    assert "target\xa0k3" in panel.heading.text()


def test_a_drag_at_d64_writes_the_new_colour_scale_on_the_kept_legend(qtbot, monkeypatch):
    """The strips' legend names the colour scale of the frame shown; the rest of the
    legend is drawn once, not on every frame of a drag."""
    session = d64_session()
    session.set_cursor(len(session.scenario))
    panel = show(qtbot, session)
    bars = panel.bars
    bars.grab()
    drawn = []
    real_draw = bars._legend_stamp.draw
    monkeypatch.setattr(
        bars._legend_stamp, "draw", lambda *args: drawn.append(args[0]) or real_draw(*args)
    )
    written = []
    real_text = QtGui.QPainter.drawText

    def spy(painter, *args):
        written.append(args[-1])
        return real_text(painter, *args)

    monkeypatch.setattr(QtGui.QPainter, "drawText", spy)
    session.begin_drag(4, "vector")
    vector = session.scenario.step(4).vector
    scales = []
    for factor in (1.2, 1.5, 2.0):
        session.drag_to(vector * factor)
        session.flush_drag()
        bars.grab()
        # The scale the strips are drawn with (held during the drag: see the next test).
        fitted = bar_limits(np.concatenate([g.values for g in bars.groups]))
        scale = max(-bars.drawn_range(fitted)[0], bars.drawn_range(fitted)[1])
        scales.append(scale)
        wanted = f"component value −{fmt_number(scale)} … {fmt_number(scale)}"
        assert wanted.replace("-", "−") in [
            w.replace("-", "−") for w in written if isinstance(w, str)
        ]
    session.cancel_drag()
    assert len(set(scales)) == 3  # the scale really moved
    assert drawn == []  # … and the legend around it was not drawn again


def test_a_narrow_readout_s_legend_keeps_every_entry_inside_and_the_scale_s_numbers(qtbot):
    """At 1024×768 the readout column is ~280 px: "component value −836.9 … 836.9"
    (longer in French) ran past the edge, its upper bound cut off."""
    session = d64_session()
    steps = [
        s if s.value is None else s.with_changes(value=s.value * 30) for s in session.scenario.steps
    ]
    session = Session(Scenario(64, 64, steps))
    session.set_cursor(len(session.scenario))
    for width in (250, 300, 760):
        panel = show(qtbot, session, width)
        bars = panel.bars
        bars.grab()
        style = bars.style_for_paint()
        entries = bars._legend_kept[1].entries
        for kind, text, x, _y, swatch in entries:
            right = x + swatch + 5 + style.legend_m.horizontalAdvance(text)
            assert right <= bars.width() - 8, (width, kind, text, right, bars.width())
        scale = max(float(np.abs(g.values).max()) for g in bars.groups)
        (scale_text,) = [text for kind, text, *_ in entries if kind == "scale"]
        high = fmt_number(scale)
        assert scale_text.endswith(f"… {high}"), (width, scale_text)  # both bounds shown
        if width != 300:  # words too at 760 px; at 250, the numbers only
            assert ("component value" in scale_text) == (width == 760), (width, scale_text)


def test_the_story_never_wraps_inside_a_short_vector(qtbot):
    # delta-repair step 8: "= [−4, −4]" broke after "[−4," at some widths (a projector's
    # narrow readout column): from the back of a room, two numbers on two lines.
    _, panel = lesson_panel(qtbot, "delta-repair", 8)
    story = panel.story
    wrapped = 0
    for width in range(150, 520, 2):
        _, lines = story._lay_out(width)  # one placed piece per line
        wrapped += len(lines) > 1
        for line in lines:
            assert line.text.count("[") == line.text.count("]"), (width, line.text)
    assert wrapped > 100  # the story really wraps, at most of these widths


def test_the_largest_part_reads_as_a_sentence_when_it_is_the_own_scale(qtbot):
    """A head's read whose error was its own scale said "The error's largest part is
    the target's own term is not its value (its size or β)": two verbs in a row."""
    steps = [write([1.0, 0.0], [2.0, 2.0], "w1"), read([1.0, 0.0], "r1", target="w1")]
    session = Session(Scenario(2, 2, steps, rule=Rule("delta", beta=0.5)))
    session.set_cursor(2)
    panel = show(qtbot, session)
    text = " ".join(panel.text().split())
    assert (
        "The error's largest part: the target's own term is not its value (its size or β), "
        "100.0 % of the error's parts, by size." in text
    ), text
    assert " is the target's own term is " not in text


def test_room_left_by_bars_kept_hidden_goes_below_the_words(qtbot):
    """A 1024×768 projector keeps delta-repair step 8's bars hidden (the numbers come
    first); the room they left went into the heading, a gap of ~100 px under its line."""
    _, panel = lesson_panel(qtbot, "delta-repair", 8)
    panel.allow_bars(False)
    panel.resize(panel.width(), 900)
    qtbot.waitUntil(lambda: panel.height() == 900)
    settle()
    assert not panel.bars.isVisible() and panel.numbers.isVisible()
    heading = panel.heading.geometry()
    spacing = panel.layout().spacing()
    assert (
        panel.numbers.geometry().top() - heading.top()
        <= panel.heading.sizeHint().height() + spacing
    )
    panel.allow_bars(True)  # shown, the bars take the room
    settle()
    assert panel.bars.isVisible() and panel.bars.height() > 222


def test_short_of_rows_the_bars_say_the_weights_in_place_of_their_line(qtbot):
    """On a 1024×768 projector delta-repair step 8's bars were left out (69 px short),
    the step where "partly cancelled" is drawn. The line of weights gives way first:
    each write's row of bars then says its weight, and nothing the line said is lost."""
    _, panel = lesson_panel(qtbot, "delta-repair", 8)
    # Shown once each way first: the texts keep the height of their first layout
    # (laid out before the panel had its width) until they are laid out again.
    panel.allow_bars(True, weights_line=False)
    panel.allow_bars(True)
    settle()
    full = panel.minimumSizeHint().height()
    panel.allow_bars(True, weights_line=False)
    spared = panel.minimumSizeHint().height()
    assert spared < full
    panel.allow_bars(False)
    bare = panel.minimumSizeHint().height()
    assert bare < spared

    panel.fit_height(full)  # room for all of it
    assert panel.bars_allowed() and not panel.weights_spared()
    assert panel.bars.isVisible() and panel.weights.isVisible()

    panel.fit_height(full - 1)
    assert panel.bars_allowed() and panel.weights_spared()
    assert panel.bars.isVisible() and not panel.weights.isVisible()
    bars = panel.bars
    for height in (bars.minimumSizeHint().height(), 400):  # rows of one line, and roomy
        bars.resize(bars.width(), height)
        bars.repaint()
        said = {}
        for index, text in bars.drawn_words:
            said.setdefault(bars.groups[index].label, []).append(text)
        for label, weight in (("w1", "1"), ("w2", "0"), ("w3", "1"), ("w4", "1")):
            assert any(text.endswith(f"w = {weight}") for text in said[label]), said
    assert "Weight of each write" not in panel.text()  # what shows, and only that

    panel.fit_height(spared - 1)  # not even then: the numbers come first
    assert not panel.bars_allowed() and not panel.bars.isVisible()
    assert panel.weights.isVisible() and not panel.weights_spared()
    assert "Weight of each write" in panel.text()


def test_bars_with_terms_left_out_never_stand_for_the_weights(qtbot):
    """Bars that leave out the smallest terms cannot say every weight: the line stays."""
    steps = [write([1.0, 0.1 * n], [1.0, 0.0], f"w{n}") for n in range(60)]
    session = Session(Scenario(2, 2, [*steps, read([1.0, 0.0], "r1")]))
    session.set_cursor(len(session.scenario))
    panel = show(qtbot, session)
    assert panel.bars.hidden_count > 0
    assert not panel.bars.can_carry_notes()
    panel.allow_bars(True)
    full = panel.minimumSizeHint().height()
    panel.fit_height(full - 1)
    assert not panel.weights_spared() and panel.weights.isVisible()
    assert not panel.bars.isVisible()


def test_a_drag_keeps_what_fits_without_trying_the_rest(qtbot):
    """Each choice tried re-lays the readout out: on a projector, every frame of a
    drag at delta-repair step 8 tried two and hid the bars again (9.0-9.8 ms a
    move; 6.7-7.6 once steady). While it fits, what shows stays during a drag."""
    _, panel = lesson_panel(qtbot, "delta-repair", 8)
    panel.allow_bars(True, weights_line=False)
    roomy = panel.minimumSizeHint().height() + 500
    panel.fit_height(roomy, steady=True)
    assert panel.weights_spared()  # it fits: kept, not re-chosen mid-drag
    panel.fit_height(roomy)
    assert not panel.weights_spared() and panel.weights.isVisible()  # after it: the best
    panel.allow_bars(True, weights_line=False)
    spared = panel.minimumSizeHint().height()
    panel.allow_bars(True)
    assert panel.minimumSizeHint().height() > spared
    panel.fit_height(spared, steady=True)  # what shows does not fit: chosen again
    assert panel.bars_allowed() and panel.weights_spared()


def test_a_drag_leaves_the_bars_it_does_not_change_where_they_are(qtbot, lesson_session):
    """As the planes hold their frames: the bars were drawn over exactly their values'
    range, so every frame of a drag that moved y rescaled every bar, the terms the drag
    did not touch too. Once the drag ends they fit the values again."""
    session = lesson_session
    session.set_cursor(len(session.scenario))  # read r4: the terms of k1, k2, k3
    panel = show(qtbot, session)
    bars = panel.bars

    def rects(label: str) -> list[tuple[float, ...]]:
        index = next(i for i, g in enumerate(bars.groups) if g.label == label)
        return [rect.getRect() for i, _, rect in bars.bar_rects if i == index]

    key = session.scenario.step(1).vector  # k1: its term changes, k2's and k3's do not
    session.begin_drag(1, "vector")
    frames = []
    for factor in (1.02, 1.05, 1.08):
        session.drag_to(key * factor)
        session.flush_drag()
        bars.grab()
        frames.append({label: rects(label) for label in ("k1", "k3", "y")})
    assert frames[0]["k3"] == frames[1]["k3"] == frames[2]["k3"]  # held still
    assert frames[0]["k1"] != frames[2]["k1"] and frames[0]["y"] != frames[2]["y"]  # they move
    session.end_drag()
    bars.grab()
    fitted = bar_limits(np.concatenate([g.values for g in bars.groups]))
    assert not bars.hold_range and bars.drawn_range(fitted) == fitted
