"""The page's captions say what the app's say, in English and French, and mark stale text."""

import contextlib
from collections.abc import Iterator

import pytest

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.captions import Numbers, render
from linviz.model.error_parts import PART_NAMES
from linviz.model.lessons import bundled_lessons
from linviz.model.replay import Trace
from linviz.model.scenario_file import load_scenario, scenario_from_dict
from linviz.model.texts import in_language
from linviz.page.writer import page_strings, write_lesson_page

LESSONS = bundled_lessons()


@contextlib.contextmanager
def app_numbers(language: str) -> Iterator[None]:
    """The app writes numbers (and spaces text) in ``language`` inside; English after."""
    from linviz.views import number_text

    number_text.set_number_language(language)
    try:
        yield
    finally:
        number_text.set_number_language("en")


def as_shown(text: str, language: str) -> str:
    """``text`` as the app's caption shows it (``typography.spaced`` over
    ``unbroken_lists``), without the word joiners the page leaves out, no-break
    spaces as spaces (the page's and the app's lists agree on those)."""
    from linviz.views import number_text
    from linviz.views.typography import spaced

    with app_numbers(language):
        shown = spaced(number_text.unbroken_lists(text))
    return shown.replace(number_text.WORD_JOINER, "").replace("\u00a0", " ")


def english_numbers() -> Numbers:
    """The app's English caption numbers: the model's, each sign a real minus."""
    from linviz.views import number_text

    return number_text.caption_numbers()


def french_numbers() -> Numbers:
    """The app's French caption numbers (views.number_text) and the .ts's French words.

    number_text writes French while its language is set to it: each call sets
    it and puts English back, so no other test sees French numbers.
    """
    from linviz.views import number_text

    page = page_strings("fr")

    def french(function):
        def call(*args, **keywords):
            with app_numbers("fr"):
                return function(*args, **keywords)

        return call

    return Numbers(
        number=french(number_text.shown_number),
        vector=french(number_text.shown_vector),
        written=french(number_text.shown_written),
        matrix=french(number_text.shown_matrix),
        percent=french(lambda x: number_text.shown_percent(x, " ")),
        join=" ; ",
        none="aucun",
        exact="exact",
        off_by="écart {0}",
        blend="un mélange de {0}, sans cible unique",
        # The parts' names as the page writes them in French (the .ts has none yet).
        part_titles={name: page[f"part_{name}"] for name in PART_NAMES},
        part_words={name: page[f"words_{name}"] for name in PART_NAMES},
        no_error=page["no_error"],
    )


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_caption_reads_as_the_apps_does(lesson, language, browser, tmp_path):
    scenario = load_scenario(lesson.path)
    trace = Trace(scenario)
    numbers = english_numbers() if language == "en" else french_numbers()
    browser.load(write_lesson_page(scenario, tmp_path / "p.html", language))
    shown = browser.js(
        "var out = [];"
        "for (var n = 1; n <= window.linviz.trace().steps.length; n++) {"
        " window.linviz.go(n); out.push(document.querySelector('.caption').textContent); }"
        "return out;"
    )
    for number, text in enumerate(shown, start=1):
        template = in_language(scenario.step(number).caption, language)
        want = render(template, trace, number, numbers)
        assert text.replace("\u00a0", " ") == as_shown(want, language), number


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_huge_relative_error_reads_as_the_apps_does(language, browser, tmp_path):
    """A read of a state that diverged said "595659747151998720.0 %" (every digit of
    the float's noise) in both the app and the page; both now give four digits."""
    from linviz.model.scenario import Scenario
    from linviz.model.step import read, write
    from linviz.views.number_text import caption_numbers

    steps = [
        write([1.0, 0.0], [1.0, 0.0], "w1"),
        write([1.0, 0.0], [5.957e15, 0.0], "w2"),
        write([0.0, 1.0], [1.0, 2.0], "w3"),
        read([1.0, 0.0], "r1", target="w1", caption="off by {error}; crosstalk {share}"),
    ]
    scenario = Scenario(2, 2, steps)
    numbers = caption_numbers() if language == "en" else french_numbers()
    want = render(scenario.step(4).caption, Trace(scenario), 4, numbers)
    assert want == (
        "off by 5.\u2060957e+17 %; crosstalk 100.0 %"
        if language == "en"
        else "off by 5,\u2060957e+17 %; crosstalk 100,0 %"
    )
    browser.load(write_lesson_page(scenario, tmp_path / "p.html", language))
    shown = browser.js(
        "window.linviz.go(4); return document.querySelector('.caption').textContent;"
    )
    assert shown.replace("\u00a0", " ") == as_shown(want, language)


@pytest.mark.parametrize(
    "language, want",
    [
        ("en", "S = 5×5 matrix, largest |entry| 2.5; k = [1, 0, 0, 0, 0]"),
        ("fr", "S = matrice 5×5, plus grand |coefficient| 2,5; k = [1 ; 0 ; 0 ; 0 ; 0]"),
    ],
)
def test_a_large_state_is_named_as_the_app_names_it(language, want, browser, tmp_path):
    """In French the page wrote "5×5 matrice ; plus grand |coefficient| 2,5": its words
    in English order, and their comma turned into a list's " ; "."""
    from linviz.model.scenario import Scenario
    from linviz.model.step import write

    key = [1.0, 0.0, 0.0, 0.0, 0.0]
    steps = [write(key, [2.5, 0, 0, 0, -1], "w1", caption="S = {S}; k = {k}")]
    browser.load(write_lesson_page(Scenario(5, 5, steps), tmp_path / "p.html", language))
    shown = browser.js(
        "window.linviz.go(1); return document.querySelector('.caption').textContent;"
    )
    assert shown.replace("\u00a0", " ") == as_shown(want, language)


def test_text_that_states_its_own_numbers_is_marked_once_an_edit_changes_them(browser, tmp_path):
    lesson = next(item for item in LESSONS if item.name == "crowding-the-plane")
    browser.load(write_lesson_page(load_scenario(lesson.path), tmp_path / "p.html"))
    marked = (
        "var out = [];"
        "for (var n = 1; n <= 7; n++) { window.linviz.go(n);"
        " out.push(getComputedStyle(document.querySelector('.stale')).visibility === 'visible'); }"
        "return out;"
    )
    assert browser.js(marked) == [False] * 7
    browser.js("window.linviz.set(5, 'key', [0.3, 0.9]); return 1;")
    # Steps 1 to 4 show what they showed; 5 to 7 (k3 and the reads after it) do not.
    assert browser.js(marked) == [False] * 4 + [True] * 3
    assert browser.js("return !document.querySelector('.edited').hidden;")


def test_a_change_to_s_below_its_largest_entry_marks_the_text_too(browser, tmp_path):
    """The page summed S up by its largest entry alone: an edit of w1 that left S's
    10 where it was did not mark step 2's text, which quotes S, while the app did."""
    from linviz.model.scenario import Scenario
    from linviz.model.step import write

    steps = [
        write([0.0, 1.0], [1.0, 1.0], "w1", caption="w1 stores [1, 1]."),
        write([1.0, 0.0], [10.0, 0.0], "w2", caption="S is [[10, 0], [1, 1]] now."),
    ]
    scenario = Scenario(2, 2, steps)
    session = Session(scenario)
    browser.load(write_lesson_page(scenario, tmp_path / "p.html"))
    marked = (
        "var out = [];"
        "for (var n = 1; n <= 2; n++) { window.linviz.go(n);"
        " out.push(getComputedStyle(document.querySelector('.stale')).visibility === 'visible'); }"
        "return out;"
    )
    assert browser.js(marked) == [False, False]
    browser.js("window.linviz.set(1, 'value', [2, 1]); return 1;")
    session.execute(ReplaceStep(1, scenario.step(1).with_changes(value=[2.0, 1.0])))
    app = [session.caption_is_stale(n, session.scenario.step(n).caption) for n in (1, 2)]
    assert app == [True, True]
    assert browser.js(marked) == app


def _every_field_scenario(rule: dict, feature_map: str, normalize: bool):
    """Steps whose captions quote every live field a caption may use."""
    from linviz.model.caption_fields import ANY_FIELDS, PAIR_FIELDS, READ_FIELDS, WRITE_FIELDS

    def caption(fields):
        return " | ".join(f"{name} {{{name}}}" for name in fields)

    pairs = " | ".join(f"{name} {{{name}@w1,w3}}" for name in PAIR_FIELDS)
    write = caption([*ANY_FIELDS, *WRITE_FIELDS])
    read = caption([*ANY_FIELDS, *READ_FIELDS])
    last = read + " | " + pairs + " | y@r1 {y@r1} | k@w2 {k@w2}"
    vectors = [([1, 0], [2, 3]), ([0.6, 0.8], [5, -1]), ([1, 0], [9, 9]), ([0.8, -0.6], [1, 4])]
    steps = []
    for number, (key, value) in enumerate(vectors, start=1):
        steps.append({"op": "write", "key": key, "value": value, "label": f"w{number}"})
        steps[-1]["caption"] = write
        steps.append({"op": "read", "query": key, "label": f"r{number}", "caption": read})
    steps.append({"op": "read", "query": [1, 1], "label": "r5", "caption": last})
    steps.append({"op": "read", "query": [0.6, 0.8], "target": "w1", "caption": last})
    if rule["name"] == "gated_delta":
        steps[4]["beta"] = 0.25
    return scenario_from_dict(
        {
            "format": "linviz-scenario",
            "version": 1,
            "d_k": 2,
            "d_v": 2,
            "feature_map": feature_map,
            "normalize": normalize,
            "rule": rule,
            "steps": steps,
        }
    )


@pytest.mark.parametrize(
    ("rule", "feature_map", "normalize"),
    [
        ({"name": "gated_delta", "alpha": 0.9, "beta": 0.5}, "identity", False),
        ({"name": "additive"}, "elu+1", True),
    ],
)
def test_every_live_field_reads_as_the_apps_does(rule, feature_map, normalize, browser, tmp_path):
    scenario = _every_field_scenario(rule, feature_map, normalize)
    trace = Trace(scenario)
    browser.load(write_lesson_page(scenario, tmp_path / "p.html"))
    shown = browser.js(
        "var out = [];"
        "for (var n = 1; n <= window.linviz.trace().steps.length; n++) {"
        " window.linviz.go(n); out.push(document.querySelector('.caption').textContent); }"
        "return out;"
    )
    for number, text in enumerate(shown, start=1):
        want = render(scenario.step(number).caption, trace, number, english_numbers())
        assert "?" not in want
        assert text.replace("\u00a0", " ") == as_shown(want, "en"), number


def test_the_page_readout_names_only_the_parts_the_app_names(browser, tmp_path):
    lesson = next(item for item in LESSONS if item.name == "gated-forgetting")
    browser.load(write_lesson_page(load_scenario(lesson.path), tmp_path / "p.html"))
    text = browser.js("window.linviz.go(5); return document.querySelector('#readout').textContent;")
    # Pure decay: the error is forgetting, and no crosstalk is named.
    text = text.replace("\u2212", "-").replace("\xa0", " ")
    assert "forgetting" in text and "[-3.6, -1.8]" in text, text
    assert "crosstalk" not in text


#: Texts whose hyphens are signs, or not: labels, exponents, infinities, words.
SIGN_CASES = [
    "[1.2, -1.8]",
    "key-1 reads [-2, 4]",
    "-inf, -∞, 2e-05, 1E-5, -.5",
    "a-1 _-2 é-3 φ-4 ²-5 1-2 (-3) x--5 e-5 1e-x",
    "w3-2 stored [0.5, 0.5] − [4.5, 4.5] = [-4, -4]",
]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_page_writes_signs_as_the_app_does(language, browser, tmp_path):
    """The page's JavaScript finds a number's sign as the app's regular expression does
    (it may not use a lookbehind: a browser before 2023 would refuse the whole page)."""
    from linviz.views import number_text

    browser.load(write_lesson_page(load_scenario(LESSONS[0].path), tmp_path / "p.html", language))
    shown = browser.js(f"return {SIGN_CASES!r}.map(window.linviz.localised);")
    with app_numbers(language):
        wanted = [number_text.localised(text) for text in SIGN_CASES]
    assert shown == wanted
    assert wanted[1] == ("key-1 reads [−2, 4]" if language == "en" else "key-1 reads [−2 ; 4]")


#: Running texts whose spaces the app's typography.spaced joins, or leaves.
SPACED_CASES = [
    "component: S = [[3, -3], [-2, 1]].",
    "at s = 10, softmax; y = ? %",
    "S = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]] is long",
    "a relative error of 36 %, and 20 % off; 100 %",
    " = at the start, x = y = 2, T = 200,000 tokens",
    "Pourquoi ? « Oui » : la lecture ; fin !",
    "une erreur de 36,0 % : oui (k1) ; [0 ; 5] ?",
]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_page_spaces_running_text_as_the_app_does(language, browser, tmp_path):
    """Captions, questions and notes: the page joins a number to its "%", an equals
    sign to its name and a short value, and (in French) the narrow space before ":",
    as typography.spaced does (a browser broke "component: S" from "= [[3, −3], …")."""
    from linviz.views import number_text
    from linviz.views.typography import spaced

    browser.load(write_lesson_page(load_scenario(LESSONS[0].path), tmp_path / "p.html", language))
    shown = browser.js(f"return {SPACED_CASES!r}.map(window.linviz.spaced);")
    with app_numbers(language):
        wanted = [spaced(text).replace(number_text.WORD_JOINER, "") for text in SPACED_CASES]
    assert shown == wanted
    assert wanted[0] == "component: S\u00a0=\u00a0[[3, -3], [-2, 1]]."


def test_a_page_caption_keeps_an_equals_sign_with_its_name(browser, tmp_path):
    lesson = next(item for item in LESSONS if item.name == "crowding-the-plane")
    browser.load(write_lesson_page(load_scenario(lesson.path), tmp_path / "p.html"))
    caption = browser.js(
        "window.linviz.go(5); return document.querySelector('.caption').textContent;"
    )
    assert "S\u00a0=\u00a0[[3,\u00a0−3]," in caption, caption
