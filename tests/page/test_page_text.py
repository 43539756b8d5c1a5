"""The page's captions say what the app's say, in English and French, and mark stale text."""

import pytest

from linviz.model.captions import Numbers, render
from linviz.model.lessons import bundled_lessons
from linviz.model.replay import Trace
from linviz.model.scenario_file import load_scenario
from linviz.model.texts import in_language
from linviz.page.writer import write_lesson_page

LESSONS = bundled_lessons()


def french_numbers() -> Numbers:
    """The app's French caption numbers (views.number_text) and the .ts's French words.

    number_text writes French while its language is set to it: each call sets
    it and puts English back, so no other test sees French numbers.
    """
    from linviz.views import number_text

    def french(function):
        def call(*args):
            number_text.set_number_language("fr")
            try:
                return function(*args)
            finally:
                number_text.set_number_language("en")

        return call

    return Numbers(
        number=french(number_text.shown_number),
        vector=french(number_text.shown_vector),
        matrix=french(number_text.shown_matrix),
        percent=french(lambda x: number_text.localised(f"{100 * x:.1f} %")),
        join=" ; ",
        none="aucun",
        exact="exact",
        off_by="écart {0}",
        blend="un mélange de {0}, sans cible unique",
    )


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_every_caption_reads_as_the_apps_does(lesson, language, browser, tmp_path):
    scenario = load_scenario(lesson.path)
    trace = Trace(scenario)
    numbers = Numbers() if language == "en" else french_numbers()
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
        assert text.replace("\u00a0", " ") == want, number


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
