"""A lesson page of numbers near the ends of the float range draws every step, and
measures a read's error as the app does."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.model.captions import render
from linviz.model.drawable import snap_step
from linviz.model.norms import cosine, vector_norm
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, read, write
from linviz.page.writer import write_lesson_page
from linviz.views.number_text import localised
from tests.page.browser import svg_to_client
from tests.tiny_scenarios import tiny_keys, tiny_values

BIGGEST = 1.79e308


def extreme_scenario(caption: str = "") -> Scenario:
    return Scenario(
        2,
        2,
        [
            write([BIGGEST, 5e-324], [1e-300, 1.0], "a"),
            write([1e-300, 1.0], [1e300, -BIGGEST], "b"),
            read([0.5, 1e-300], "r", target="a", caption=caption),
            read([5e-324, 1.0], "r2", target="b"),
        ],
        title="Extremes",
    )


def test_every_step_draws_and_the_error_parts_are_shared_out(browser, tmp_path):
    # The planes' half-range was extent·1.15 = Infinity: every coordinate NaN, an error
    # per line; then the parts' norms were Infinity and their shares "— %".
    page = write_lesson_page(extreme_scenario(), tmp_path / "extremes.html", "en", "light")
    browser.load(page, 1280, 1000)  # raises on any error the page reports
    for number in range(5):
        browser.js(f"window.linviz.hideOutputs(false); window.linviz.go({number}); return 1;")
    browser.js("window.linviz.go(3); return 1;")
    parts = browser.js(
        "return Array.from(document.querySelectorAll('.part')).map(e => e.textContent);"
    )
    assert any(text.replace("\u202f", " ").endswith("(100.0 %)") for text in parts), parts
    assert not any("—" in text for text in parts), parts
    positions = browser.js(
        "return Array.from(document.querySelectorAll('svg line, svg text'))"
        ".map(e => ['x', 'x1', 'y', 'y1'].map(n => e.getAttribute(n)).join(' '));"
    )
    assert positions and not any("NaN" in text for text in positions)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([1e200, 1e200], [2e200, 0.0]),
        ([1e300, -1e300], [5e-324, 0.0]),
        ([3e-320, 4e-320], [1.0, 2.0]),
        ([0.3, -1.7], [2.5, 0.25]),
    ],
)
def test_the_page_sizes_and_cosines_are_the_apps_to_the_last_bit(browser, tmp_path, a, b):
    browser.load(write_lesson_page(extreme_scenario(), tmp_path / "x.html", "en", "light"))
    asked = f"var R = window.LinvizReplay; return [R.size({a}), R.cosine({a}, {b})];"
    size, cos = browser.js(asked)
    assert size == vector_norm(np.array(a))
    assert cos == cosine(np.array(a), np.array(b))


def test_a_scenario_without_words_shows_no_empty_what_happens_box(browser, tmp_path):
    # Arrays from a model carry no caption: the page showed "What happens" over nothing
    # on every step. A lesson with words keeps the box on every step, empty or not.
    visible = "return !document.querySelector('section.story').hidden;"
    browser.load(write_lesson_page(extreme_scenario(), tmp_path / "bare.html", "en", "light"))
    for number in range(5):
        assert browser.js(f"window.linviz.go({number}); " + visible) is False
    worded = extreme_scenario(caption="r reads what a wrote.")
    browser.load(write_lesson_page(worded, tmp_path / "worded.html", "en", "light"))
    for number in range(5):
        assert browser.js(f"window.linviz.go({number}); " + visible) is True


def test_an_error_beyond_the_floats_in_per_cent_is_its_number_not_infinity(
    qtbot, browser, tmp_path
):
    """y = [0, 8.95e307] for v = [0, 1]: the relative error is 8.95e307, 8.95e309 %,
    which the window's readout and the page's caption both said as "∞ %"."""
    from linviz.controller.session import Session
    from linviz.views.number_text import WORD_JOINER
    from linviz.views.panels.read_breakdown import ReadoutPanel

    scenario = extreme_scenario(caption="off by {error}")
    browser.load(write_lesson_page(scenario, tmp_path / "error.html", "en", "light"))
    caption = browser.js(
        "window.linviz.go(3); return document.querySelector('.caption').textContent;"
    )
    assert caption.replace("\u202f", " ") == "off by 8.95e+309 %"
    session = Session(scenario)
    session.set_cursor(3)
    panel = ReadoutPanel(session)
    qtbot.addWidget(panel)
    panel.resize(760, 700)
    panel.show()
    qtbot.waitExposed(panel)
    text = panel.text().replace(WORD_JOINER, "").replace("\u202f", " ")
    assert "relative error: 8.95e+309 %" in text and "∞" not in text


def test_tiny_keys_and_queries_read_as_written_as_in_the_app(browser, tmp_path):
    # A query of [1e-308, 0] read "q = [0, 0]" beside the output [1.79, 0] it gives:
    # the rule for rounding residue was applied to what the user wrote.
    scenario = Scenario(
        2,
        2,
        [
            write([BIGGEST, -BIGGEST], [1.0, 0.0], "w1"),
            write([1e-300, 0.0], [1e-13, 1.0], "w2", caption="k {k}, v {v}"),
            read([1e-308, 0.0], "r1", caption="q {q}, y {y}"),
        ],
    )
    browser.load(write_lesson_page(scenario, tmp_path / "tiny.html", "en", "light"))
    shown = (
        "window.linviz.hideOutputs(false); window.linviz.go({0}); return ["
        "document.querySelector('.caption').textContent,"
        " document.querySelector('.equation-lines').textContent];"
    )

    def texts(number: int) -> list[str]:  # lists are kept on one line by no-break spaces
        return [text.replace("\xa0", " ") for text in browser.js(shown.format(number))]

    # The model's text, and the page's as the app shows it: signs as real minus signs.
    caption, equation = texts(2)
    assert render("k {k}, v {v}", Trace(scenario), 2) == "k [1e-300, 0], v [1e-13, 1]"
    assert caption == "k [1e−300, 0], v [1e−13, 1]"
    assert "k = [1e−300, 0]" in equation and "v = [1e−13, 1]" in equation
    caption, equation = texts(3)
    assert render("q {q}, y {y}", Trace(scenario), 3) == "q [1e-308, 0], y [1.79, 0]"
    assert caption == "q [1e−308, 0], y [1.79, 0]"
    assert "q = [1e−308, 0]" in equation


@pytest.mark.parametrize(
    ("query", "target", "words"),
    [
        ([1e-308, 0.0], "w2", None),  # plain norms: 0 for q, inf for w1's key
        ([0.0, 0.0], None, "no target: every weight is 0"),
    ],
)
def test_the_page_chooses_a_reads_target_as_the_app_does_at_any_size(
    browser, tmp_path, query, target, words
):
    # A query of [1e-308, 0] has a plain norm of 0: the page said "no target: no
    # earlier write" after two writes, where the app's readout and trace say w2.
    scenario = Scenario(
        2,
        2,
        [
            write([BIGGEST, -BIGGEST], [1.0, 0.0], "w1"),
            write([1e-300, 0.0], [0.0, 1.0], "w2"),
            read(query, "r1"),
        ],
    )
    assert read_result(Trace(scenario), 3).target == target
    browser.load(write_lesson_page(scenario, tmp_path / "target.html", "en", "light"))
    shown = browser.js(
        "window.linviz.hideOutputs(false); window.linviz.go(3);"
        " return document.querySelector('section.readout').textContent;"
    )
    if target is not None:
        assert f"target{target}" in shown.replace(" ", "")
    else:
        assert words in shown


def test_a_read_of_tiny_values_says_its_numbers_as_the_app_does(browser, tmp_path):
    # Residue was taken below 1e-12 of 1: a read of values near 1e-300 said
    # "y [0, 0]" and "off by [0, 0]" beside a relative error of 60 %.
    template = "y {y}, error {interference}, {parts}, {cause}"
    scenario = tiny_values(write_caption="{u} {stamp} {S}", read_caption=template)
    stored = render("{u} {stamp} {S}", Trace(scenario), 2)
    assert stored == "[0, 1e-300] [[0, 6e-301], [0, 8e-301]] [[1e-300, 6e-301], [0, 8e-301]]"
    want = render(template, Trace(scenario), 3)
    assert want == (
        "y [1e-300, 6e-301], error [0, 6e-301], crosstalk [0, 6e-301], crosstalk from other keys"
    )
    browser.load(write_lesson_page(scenario, tmp_path / "tiny.html", "en", "light"))
    page_stored = browser.js(
        "window.linviz.go(2); return document.querySelector('.caption').textContent;"
    )
    assert page_stored.replace("\xa0", " ") == localised(stored)
    caption, readout = browser.js(
        "window.linviz.hideOutputs(false); window.linviz.go(3); return ["
        "document.querySelector('.caption').textContent,"
        " document.querySelector('section.readout').textContent];"
    )
    assert caption.replace("\xa0", " ") == localised(want)
    readout = readout.replace("\xa0", " ")
    assert "[1e−300, 6e−301]" in readout and "[0, 6e−301]" in readout
    assert "[0, 0]" not in readout


def test_the_weights_of_tiny_keys_read_as_in_the_app(browser, tmp_path):
    scenario = tiny_keys(read_caption="{weights}")
    want = render("{weights}", Trace(scenario), 3)
    assert want == "w1 1e-160, w2 2e-160"
    browser.load(write_lesson_page(scenario, tmp_path / "weights.html", "en", "light"))
    caption, cells = browser.js(
        "window.linviz.hideOutputs(false); window.linviz.go(3); return ["
        "document.querySelector('.caption').textContent,"
        " Array.from(document.querySelectorAll('table.terms td.number')).map(e => e.textContent)];"
    )
    assert caption.replace("\xa0", " ") == localised(want) == "w1 1e−160, w2 2e−160"
    assert "1e−160" in cells and "2e−160" in cells


def test_keys_near_a_hundredth_fill_the_plane_and_a_drag_snaps_on_its_fine_grid(browser, tmp_path):
    # On a plane of ±1.2 such keys were dots on its origin, and a drag snapped them to 0.
    scenario = Scenario(
        2,
        2,
        [
            write([0.01, 0.0], [0.012, 0.004], "a"),
            write([0.006, 0.008], [-0.003, 0.015], "b"),
            read([0.01, 0.0], "r1", target="a"),
        ],
        title="Small vectors",
    )
    browser.load(write_lesson_page(scenario, tmp_path / "small.html", "en", "light"), 1024, 768)
    points = browser.js(
        "window.linviz.go(2); window.scrollTo(0, 0);"
        "document.getElementById('key-plane').scrollIntoView();"
        + svg_to_client('#key-plane .hit[data-step="2"]')
        + "var scale = (tip[0] - o[0]) / 0.006;"
        "function at(x, y) { return client([o[0] + x * scale, o[1] - y * scale]); }"
        "return {length: Math.hypot(tip[0] - o[0], tip[1] - o[1]),"
        " path: [at(0.006, 0.008), at(0.005, 0.01), at(0.0037, 0.0118)]};"
    )
    assert points["length"] > 60  # of the plane's 300 units: an arrow one can grab
    browser.drag(points["path"])
    moved = browser.js("return window.linviz.trace();")["steps"][1]["key"]
    step = snap_step(2 * 0.015)  # the app's grid on a plane as wide (half-width 0.015)
    assert moved == pytest.approx([0.0037, 0.0118], abs=step / 2 + 0.0003)
    assert moved != [0.0, 0.0]
    assert all(abs(c / step - round(c / step)) < 1e-9 for c in moved)


@pytest.mark.parametrize(("language", "shown"), [("en", "12,345"), ("fr", "12\u202f345")])
def test_a_long_page_groups_the_step_numbers_as_the_app(browser, tmp_path, language, shown):
    # "Step 12345 of 12345" where the app's cursor line says "Step 12,345 of 12,345".
    steps = [write([1.0, 0.0], [0.0, 1.0], f"w{i}") for i in range(1, 12_345)]
    scenario = Scenario(2, 2, [*steps, read([1.0, 0.0], "last")], title="Long")
    page = write_lesson_page(scenario, tmp_path / "long.html", language, "light")
    browser.load(page, 1280, 1000)
    browser.js("window.linviz.go(12345); return 1;")
    position = browser.js("return document.querySelector('.position').textContent;")
    assert position.startswith(f"{'Étape' if language == 'fr' else 'Step'} {shown} ")
    assert f" {shown} · " in position
