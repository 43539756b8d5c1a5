"""The exported page as a learner uses it, in a real headless browser (QtWebEngine).

A drag with the mouse (Qt input events) or a finger (touch pointer events)
moves a key as the app's drag does; the keys a presentation clicker sends
step; outputs hide and reveal; the text never overlaps or spills at
1024 × 768 and on a 390 × 844 phone; the page asks the network for nothing;
text from the file stays text.
"""

import numpy as np
import pytest

from linviz.controller.session import Session
from linviz.model.lessons import bundled_lessons
from linviz.model.replay import Trace
from linviz.model.report import trace_document
from linviz.model.scenario_file import load_scenario, scenario_from_dict
from linviz.page.writer import write_lesson_page
from tests.page.browser import svg_to_client

LESSONS = bundled_lessons()

#: Every element that holds text itself, and what is wrong with the layout:
#: two texts that overlap, a text wider than its box, a text outside the window
#: or outside its plane. Returns a list of problems (empty: all legible).
LAYOUT_JS = r"""
var problems = [], boxes = [];
// The part of an element that shows: its box cut by every ancestor that clips (scrolls).
function visibleRect(el) {
  var r = el.getBoundingClientRect();
  var box = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  for (var up = el.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflow === "visible") continue;
    var c = up.getBoundingClientRect();
    box.left = Math.max(box.left, c.left); box.right = Math.min(box.right, c.right);
    box.top = Math.max(box.top, c.top); box.bottom = Math.min(box.bottom, c.bottom);
  }
  if (box.right - box.left < 1 || box.bottom - box.top < 1) return null;
  box.width = box.right - box.left; box.height = box.bottom - box.top;
  return box;
}
var skip = {SCRIPT: 1, STYLE: 1, TITLE: 1, OPTION: 1, NOSCRIPT: 1, title: 1};
var width = document.documentElement.clientWidth;
if (document.documentElement.scrollWidth > width + 1) {
  problems.push("the page is wider than the window: " + document.documentElement.scrollWidth);
}
document.querySelectorAll("body *").forEach(function (el) {
  if (skip[el.tagName]) return;
  var own = Array.prototype.some.call(el.childNodes, function (n) {
    return n.nodeType === 3 && n.textContent.trim();
  });
  if (!own) return;
  if (!el.checkVisibility({visibilityProperty: true})) return;  // closed notes, hidden marks
  var r = visibleRect(el), whole = el.getBoundingClientRect();
  if (r === null) return;  // not shown, or scrolled out of its list
  var name = el.tagName + "." + (el.getAttribute("class") || "") + " '" +
    el.textContent.slice(0, 30) + "'";
  boxes.push({el: el, r: r, name: name});
  if (whole.left < -1 || whole.right > width + 1) problems.push(name + " is outside the window");
  if (el instanceof SVGElement) {
    var plane = el.ownerSVGElement.getBoundingClientRect();
    if (whole.left < plane.left - 1 || whole.right > plane.right + 1 ||
        whole.top < plane.top - 1 || whole.bottom > plane.bottom + 1) {
      problems.push(name + " is cut by its plane");
    }
  } else if (getComputedStyle(el).display !== "inline" && el.scrollWidth > el.clientWidth + 1) {
    problems.push(name + " is wider than its box: " + el.scrollWidth + " > " + el.clientWidth);
  }
});
for (var i = 0; i < boxes.length; i++) {
  for (var j = i + 1; j < boxes.length; j++) {
    var a = boxes[i], b = boxes[j];
    if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
    var x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    var y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (x > 1 && y > 1) problems.push(a.name + " overlaps " + b.name);
  }
}
return {problems: problems, texts: boxes.length};
"""


def _page(tmp_path, lesson, language="en", theme="light"):
    scenario = load_scenario(lesson.path) if hasattr(lesson, "path") else lesson
    return write_lesson_page(scenario, tmp_path / "lesson.html", language, theme)


@pytest.mark.parametrize(
    ("width", "height", "theme"),
    [(1024, 768, "light"), (390, 844, "light"), (1024, 768, "projector"), (390, 844, "dark")],
)
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_no_text_overlaps_or_spills_at_any_step(lesson, width, height, theme, browser, tmp_path):
    browser.load(_page(tmp_path, lesson, "fr" if width < 500 else "en", theme), width, height)
    steps = browser.js("return window.linviz.trace().steps.length;")
    for number in range(steps + 1):
        for hidden in (False, True):  # hidden outputs, and the instructor's notes open
            flag = str(hidden).lower()
            answer = browser.js(
                f"window.linviz.hideOutputs({flag}); window.linviz.go({number});"
                f"document.querySelector('details.notes').open = {flag};" + LAYOUT_JS
            )
            assert answer["texts"] > 30
            assert answer["problems"] == [], (number, hidden, answer["problems"][:5])
    browser.js("window.linviz.hideOutputs(false); window.linviz.go(1); return true;")
    browser.screenshot(tmp_path / f"{lesson.name}-{width}x{height}-{theme}.png")


def test_the_page_asks_the_network_for_nothing(browser, tmp_path):
    for lesson in LESSONS:
        browser.load(_page(tmp_path, lesson))
        key = [0.5] * load_scenario(lesson.path).d_k
        browser.js(f"window.linviz.go(3); window.linviz.set(1, 'key', {key}); return 1;")
        assert browser.requests() == []
    # The log is real: a page that does reach out is caught.
    leaky = tmp_path / "leaky.html"
    leaky.write_text("<img src='http://192.0.2.1/x.png'>", encoding="utf-8")
    browser.load(leaky)
    assert browser.requests() == ["http://192.0.2.1/x.png"]


def test_text_from_the_file_is_shown_as_text(browser, tmp_path):
    hostile = "<img src=x onerror=window.__pwned=1>"
    scenario = scenario_from_dict(
        {
            "format": "linviz-scenario",
            "version": 1,
            "title": hostile,
            "d_k": 2,
            "d_v": 2,
            "steps": [
                {"op": "write", "key": [1, 0], "value": [2, 3], "label": hostile},
                {"op": "read", "query": [1, 0], "caption": "read " + hostile + " {y}"},
            ],
        }
    )
    browser.load(_page(tmp_path, scenario))
    answer = browser.js(
        "window.linviz.go(2);"
        "return {text: document.body.innerText, images: document.images.length,"
        " pwned: window.__pwned === 1, title: document.title};"
    )
    assert answer["images"] == 0 and not answer["pwned"]
    assert answer["title"] == hostile
    assert "read " + hostile + " [2,\u00a03]" in answer["text"]  # a list held on one line
    assert answer["text"].count(hostile) >= 4  # title, caption, readout's terms, plane label


def _app_drag(lesson_name: str, number: int, field: str, vector) -> dict:
    """The trace after the app's drag of step ``number`` to ``vector`` (a session command)."""
    session = Session()
    session.open(lesson_name)
    session.set_cursor(number)
    session.begin_drag(number, field)
    session.drag_to(np.array(vector, dtype=float))
    session.end_drag()
    return trace_document(Trace(session.scenario))


def test_a_mouse_drag_of_a_key_changes_s_as_the_apps_drag_does(browser, tmp_path):
    lesson = next(item for item in LESSONS if item.name == "crowding-the-plane")
    browser.load(_page(tmp_path, lesson), 1024, 768)
    # Step 5 writes k3 = (0.8, 0.6): drag its tip to (0.3, 0.9), through the plane.
    points = browser.js(
        "window.linviz.go(5); window.scrollTo(0, 0);"
        "document.getElementById('key-plane').scrollIntoView();"
        + svg_to_client('#key-plane .hit[data-step="5"]')
        + "var scale = (tip[0] - o[0]) / 0.8;"
        "function at(x, y) { return client([o[0] + x * scale, o[1] - y * scale]); }"
        "return [at(0.8, 0.6), at(0.7, 0.7), at(0.5, 0.8), at(0.3, 0.9)];"
    )
    browser.drag(points)
    got = browser.js("return window.linviz.trace();")
    assert got["steps"][4]["key"] == [0.3, 0.9]
    want = _app_drag(lesson.path, 5, "vector", [0.3, 0.9])
    for a, b in zip(want["steps"], got["steps"]):
        np.testing.assert_allclose(b["state"], a["state"], rtol=1e-9, atol=1e-12)
        if a["op"] == "read":
            np.testing.assert_allclose(b["output"], a["output"], rtol=1e-9, atol=1e-12)
            assert b["target"] == a["target"]
    # The page shows the new state: S after step 5, as its heatmap prints it.
    cells = browser.js(
        "return Array.from(document.querySelectorAll('#heatmap td')).map(c => c.textContent);"
    )
    assert cells == [_cell(x) for x in np.ravel(want["steps"][4]["state"])]
    # [[3, 1], [−2, 4]] + (0.3, 0.9)ᵀ (0, −5): 1 − 1.5 and 4 − 4.5.
    assert cells == ["3", "\u22120.5", "\u22122", "\u22120.5"]


def _cell(x: float) -> str:
    text = f"{round(x, 2) + 0.0:.3g}"
    return "0" if float(text) == 0 else text.replace("-", "\u2212")


def test_a_touch_drag_of_a_value_moves_it(browser, tmp_path):
    lesson = next(item for item in LESSONS if item.name == "session-trace")
    browser.load(_page(tmp_path, lesson), 390, 844)
    answer = browser.js(
        "window.linviz.go(2);"
        + svg_to_client('#value-plane .hit[data-step="1"]')
        + "var scale = (tip[0] - o[0]) / 2;"  # w1's value is (2, 3)
        "function at(x, y) { return client([o[0] + x * scale, o[1] - y * scale]); }"
        "function send(type, p) {"
        " var target = type === 'pointerdown' ?"
        "  document.querySelector('#value-plane .hit[data-step=\"1\"]') :"
        "  document.elementFromPoint(p[0], p[1]) || document;"
        " target.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: 'touch',"
        "  isPrimary: true, clientX: p[0], clientY: p[1], bubbles: true, cancelable: true})); }"
        "send('pointerdown', at(2, 3)); send('pointermove', at(1, 2));"
        "send('pointermove', at(-1, 2));"
        "send('pointerup', at(-1, 2));"
        "return window.linviz.trace().steps[1].state;"
    )
    assert answer == [[-1, 2], [5, 1]]  # S = k1 v1ᵀ + k2 v2ᵀ with v1 now (−1, 2)


def test_the_page_opens_at_the_step_it_was_exported_at(browser, tmp_path):
    scenario = load_scenario(LESSONS[1].path)
    browser.load(write_lesson_page(scenario, tmp_path / "p.html", step=5))
    assert browser.js("return window.linviz.step();") == 5
    assert browser.js("return document.querySelector('.chip-button.current').textContent;") == (
        "5k3"
    )


def test_clicker_keys_step_through_the_lesson(browser, tmp_path):
    browser.load(_page(tmp_path, LESSONS[0]))
    shown = browser.js(
        "function key(k) { document.body.dispatchEvent(new KeyboardEvent('keydown',"
        " {key: k, bubbles: true, cancelable: true})); return window.linviz.step(); }"
        "window.linviz.go(1);"
        "return [key('ArrowRight'), key('PageDown'), key('ArrowLeft'), key('PageUp'),"
        " key('End'), key('ArrowRight'), key('Home'), key('ArrowLeft')];"
    )
    assert shown == [2, 3, 2, 1, 7, 7, 0, 0]
    assert browser.js("return document.querySelector('.position').textContent;") == (
        "Step 0: the empty memory"
    )


def test_outputs_hide_until_revealed(browser, tmp_path):
    lesson = next(item for item in LESSONS if item.name == "delta-repair")
    browser.load(_page(tmp_path, lesson, "fr"))
    readout = (
        "return {out: document.querySelector('#readout .pair.output .pair-value').textContent,"
        " cells: Array.from(document.querySelectorAll('#heatmap td')).map(c => c.textContent),"
        " caption: document.querySelector('.caption').textContent,"
        " reveal: !document.querySelector('nav button:nth-of-type(4)').hidden};"
    )
    browser.js("window.linviz.go(8); return 1;")
    shown = browser.js(readout)
    assert shown["out"] == "[5\u00a0;\u00a05]"  # French: decimal comma, " ; ", held on one line
    # As the app's caption: "β = 0,5" joined, a narrow no-break space before ";".
    assert "β\u00a0=\u00a00,5" in shown["caption"] and "[5\u202f;\u00a05]" in shown["caption"]
    browser.js("document.querySelector('nav button:nth-of-type(3)').click(); return 1;")
    hidden = browser.js(readout)
    assert hidden["out"] == "?" and set(hidden["cells"]) == {"?"} and hidden["reveal"]
    assert "[5" not in hidden["caption"]
    browser.js("document.querySelector('nav button:nth-of-type(4)').click(); return 1;")
    assert browser.js(readout) == shown


def test_a_large_memory_is_a_picture_that_names_the_cell_under_the_pointer(browser, tmp_path):
    rng = np.random.default_rng(3)
    d = 24
    steps = [
        {"op": "write", "key": np.round(rng.normal(size=d), 2).tolist(), "value": [1] * d}
        for _ in range(30)
    ] + [{"op": "read", "query": [1] + [0] * (d - 1)}]
    scenario = scenario_from_dict(
        {"format": "linviz-scenario", "version": 1, "d_k": d, "d_v": d, "steps": steps}
    )
    state = np.asarray(trace_document(Trace(scenario))["steps"][29]["state"])
    for width, height in ((1024, 768), (390, 844)):
        browser.load(_page(tmp_path, scenario), width, height)
        answer = browser.js(
            "window.linviz.go(30);"
            "var canvas = document.querySelector('#heatmap canvas');"
            "var box = canvas.getBoundingClientRect();"
            "canvas.dispatchEvent(new PointerEvent('pointermove', {bubbles: true,"
            " clientX: box.left + box.width * 4.5 / 24,"
            " clientY: box.top + box.height * 2.5 / 24}));"
            "var named = document.querySelector('#heatmap .heat-cell').textContent;"
            "var layout = (function () {" + LAYOUT_JS + "})();"
            "return {cells: document.querySelectorAll('#heatmap td').length, named: named,"
            " layout: layout.problems, wide: canvas.width};"
        )
        assert answer["cells"] == 0 and answer["wide"] == 24 * 10
        assert answer["named"] == f"row 3, column 5: {_shown(state[2, 4])}"
        assert answer["layout"] == []


def _shown(x: float) -> str:
    from linviz.model.report import fmt_number

    return fmt_number(x)
