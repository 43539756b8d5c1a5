"""Captions, notes, questions and titles given per language: loaded, checked, saved, shown."""

import json
import re

import pytest

from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario_file import dumps_scenario, load_scenario
from linviz.model.texts import Texts, in_language, variants, with_language

FIELD = re.compile(r"\{[^}]*\}")


def document(steps, **header):
    return {
        "format": "linviz-scenario",
        "version": 1,
        "title": "t",
        "d_k": 2,
        "d_v": 2,
        **header,
        "steps": steps,
    }


def written(tmp_path, steps, **header):
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(document(steps, **header), ensure_ascii=False), encoding="utf-8")
    return path


def refused(path):
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.file == str(path)
    assert "\n" not in str(caught.value)
    return caught.value


TWO = {"en": "Store {v} under {k}.", "fr": "On range {v} sous {k}."}


def test_a_text_by_language_loads_saves_as_a_mapping_and_a_plain_one_stays_plain(tmp_path):
    path = written(
        tmp_path,
        [
            {
                "op": "write",
                "key": [1, 0],
                "value": [2, 3],
                "label": "a",
                "caption": TWO,
                "notes": {"en": "Point.", "fr": "Montrez."},
                "question": "Which row?",
            },
            {
                "op": "read",
                "query": [1, 0],
                "label": "r",
                "caption": "Plain {y}.",
                "question": {"en": "Why?", "fr": "Pourquoi ?"},
            },
        ],
        title={"en": "Title", "fr": "Titre"},
        caption={"en": "Own", "fr": "Propre"},
    )
    scenario = load_scenario(path)
    first = scenario.step(1)
    assert isinstance(first.caption, Texts) and str(first.caption) == TWO["en"]
    assert in_language(first.caption, "fr") == TWO["fr"]
    assert in_language(first.notes, "fr") == "Montrez."
    assert first.question == "Which row?" and not isinstance(first.question, Texts)
    assert in_language(scenario.title, "fr") == "Titre"
    saved = json.loads(dumps_scenario(scenario))
    assert saved["version"] == 1
    assert saved["title"] == {"en": "Title", "fr": "Titre"}
    assert saved["caption"] == {"en": "Own", "fr": "Propre"}
    assert saved["steps"][0]["caption"] == TWO
    assert saved["steps"][0]["notes"] == {"en": "Point.", "fr": "Montrez."}
    assert saved["steps"][0]["question"] == "Which row?"
    assert saved["steps"][1]["caption"] == "Plain {y}."
    assert saved["steps"][1]["question"] == {"en": "Why?", "fr": "Pourquoi ?"}


@pytest.mark.parametrize(
    ("caption", "words"),
    [
        ({"en": "x", "de": "y"}, "caption has a text in unknown language 'de'; use 'en' or 'fr'"),
        ({"fr": "seulement"}, "caption by language needs an 'en' text"),
        ({"en": "x", "fr": 3}, "caption['fr'] must be text, got int"),
        ({"en": "{y}", "fr": "{nope}"}, "{nope}"),
    ],
)
def test_a_bad_mapping_is_refused_naming_file_step_and_field(tmp_path, caption, words):
    path = written(
        tmp_path,
        [
            {"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"},
            {"op": "read", "query": [1, 0], "label": "r", "caption": caption},
        ],
    )
    error = refused(path)
    assert error.step == 2 and error.field == "caption"
    assert words in str(error)
    assert str(path.name) in str(error) and "step 2" in str(error)


def test_notes_by_language_are_checked_too(tmp_path):
    path = written(
        tmp_path,
        [{"op": "write", "key": [1, 0], "value": [2, 3], "notes": {"en": "x", "es": "y"}}],
    )
    error = refused(path)
    assert error.field == "notes" and "'es'" in str(error)


def test_the_session_shows_its_language_with_english_as_fallback_and_fields_filled(tmp_path):
    path = written(
        tmp_path,
        [
            {"op": "write", "key": [1, 0], "value": [2, 3], "label": "a", "caption": TWO},
            {"op": "read", "query": [1, 0], "label": "r", "caption": "y = {y}"},
        ],
        title={"en": "Title", "fr": "Titre"},
    )
    session = Session()
    session.open(path)
    assert session.caption(1).text == "Store [2, 3] under [1, 0]."
    assert session.title == "Title"
    session.set_options(language="fr")
    assert session.caption(1).text == "On range [2, 3] sous [1, 0]."
    assert session.caption(2).text == "y = [2, 3]"  # only English given: English shown
    assert session.title == "Titre"
    with pytest.raises(ValueError, match="unknown language 'de'"):
        session.set_options(language="de")


def test_editing_a_caption_in_french_keeps_the_english_and_undo_restores_it(tmp_path):
    path = written(tmp_path, [{"op": "write", "key": [1, 0], "value": [2, 3], "caption": "Hi"}])
    session = Session()
    session.open(path)
    session.set_options(language="fr")
    session.edit_caption(1, "Salut")
    caption = session.scenario.step(1).caption
    assert caption.by_language == {"en": "Hi", "fr": "Salut"}
    session.set_options(language="en")
    assert session.caption(1).text == "Hi"
    session.undo()
    assert session.scenario.step(1).caption == "Hi"
    assert with_language("Hi", "en", "Hello") == "Hello"


def test_every_bundled_lesson_text_has_french_with_the_same_live_fields():
    for lesson in bundled_lessons():
        scenario = load_scenario(lesson.path)
        texts = [("title", scenario.title), ("caption", scenario.caption)]
        for number, step in enumerate(scenario.steps, start=1):
            texts += [
                (f"step {number} {name}", getattr(step, name))
                for name in ("caption", "notes", "question")
            ]
        for where, text in texts:
            if not text:
                continue
            assert isinstance(text, Texts), f"{lesson.name} {where} has no French"
            english, french = text.by_language["en"], text.by_language["fr"]
            assert french and french != english, f"{lesson.name} {where}"
            assert set(FIELD.findall(french)) == set(FIELD.findall(english)), (
                f"{lesson.name} {where}"
            )
            assert len(variants(text)) == 2


def test_an_old_file_with_plain_strings_loads_unchanged():
    # The lessons as shipped before French: every text a plain string.
    doc = document(
        [{"op": "write", "key": [1, 0], "value": [2, 3], "caption": "c", "notes": "n"}],
        caption="own",
    )
    from linviz.model.scenario_file import scenario_from_dict

    scenario = scenario_from_dict(doc)
    assert json.loads(dumps_scenario(scenario))["steps"][0]["caption"] == "c"
    assert scenario.caption == "own" and not isinstance(scenario.caption, Texts)
