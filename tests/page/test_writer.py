"""The interactive page as a file: one self-contained, deterministic, bounded text."""

import json
import re
import subprocess
import sys

import pytest

from linviz.cli import main
from linviz.model.features import FEATURE_MAPS
from linviz.model.lessons import bundled_lessons
from linviz.model.rules import RULE_NAMES
from linviz.model.scenario_file import load_scenario, scenario_from_dict
from linviz.page.writer import (
    MAX_PAGE_DIM,
    MAX_PAGE_STEPS,
    PAGE_THEMES,
    PageTooLarge,
    page_html,
    page_strings,
    write_lesson_page,
)

LESSONS = bundled_lessons()
HOSTILE = "<img src=x onerror=window.__pwned=1></script>&amp;"


def hostile_scenario():
    return scenario_from_dict(
        {
            "format": "linviz-scenario",
            "version": 1,
            "title": HOSTILE,
            "d_k": 2,
            "d_v": 2,
            "steps": [
                {"op": "write", "key": [1, 0], "value": [2, 3], "label": HOSTILE[:60]},
                {"op": "read", "query": [1, 0], "caption": HOSTILE},
            ],
        }
    )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_lesson_is_one_small_file_the_same_every_time(lesson, language, tmp_path):
    scenario = load_scenario(lesson.path)
    first = write_lesson_page(scenario, tmp_path / "a.html", language, "projector").read_bytes()
    again = write_lesson_page(
        load_scenario(lesson.path), tmp_path / "b.html", language, "projector"
    )
    assert again.read_bytes() == first
    assert len(first) <= 1_000_000
    text = first.decode("utf-8")
    # Nothing in the file names anything outside it: no URL scheme, no src/href, no CSS url().
    assert not re.search(r"\b(?:https?|ftp|wss?|data|blob|file):", text, re.IGNORECASE)
    assert not re.search(r"\b(?:src|href|srcset|action)\s*=", text, re.IGNORECASE)
    assert not re.search(r"url\(|@import", text, re.IGNORECASE)
    assert text.count("<script") == 4  # the scenario, the strings, the options, the code
    assert f'<html lang="{language}">' in text


def test_the_page_embeds_the_scenario_as_the_file_format_writes_it():
    scenario = load_scenario(LESSONS[0].path)
    text = page_html(scenario)
    embedded = re.search(r'id="linviz-scenario">(.*?)</script>', text, re.DOTALL).group(1)
    document = json.loads(embedded)
    assert document["d_k"] == 2 and len(document["steps"]) == len(scenario)
    assert [step["label"] for step in document["steps"]][:2] == ["w1", "w2"]


def test_text_from_the_file_cannot_end_the_script_or_become_markup():
    text = page_html(hostile_scenario())
    assert "<img" not in text
    assert "</script>&" not in text
    # The title is the one piece of file text outside a script: escaped as text.
    assert (
        "<title>&lt;img src=x onerror=window.__pwned=1&gt;&lt;/script&gt;&amp;amp;</title>" in text
    )


def test_the_page_code_never_writes_markup():
    """Text reaches the page through textContent only: no call that parses HTML."""
    for name in ("replay.js", "page.js"):
        code = _asset_text(name)
        for call in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert call not in code, (name, call)
        assert "new Function" not in code
    assert _asset_text("page.js").count(".textContent = ") >= 5


def test_another_theme_or_language_changes_the_page_and_nothing_else_does():
    scenario = load_scenario(LESSONS[1].path)
    pages = {
        page_html(scenario, lang, theme) for lang in ("en", "fr") for theme in ("light", "dark")
    }
    assert len(pages) == 4
    assert page_html(scenario, "fr", "dark") == page_html(
        load_scenario(LESSONS[1].path), "fr", "dark"
    )


def test_every_page_string_exists_in_both_languages():
    english, french = page_strings("en"), page_strings("fr")
    assert english.keys() == french.keys()
    assert all(french[key].strip() for key in french)
    for key, text in english.items():  # the same {0} fields on both sides
        assert sorted(re.findall(r"\{\d\}", text)) == sorted(re.findall(r"\{\d\}", french[key]))
    used = set(re.findall(r'T\("([a-z_+0-9]+)"[,)]', _asset_text("page.js")))
    # Keys made from a name: every rule, feature map and theme has its string.
    used |= {f"rule_{name}" for name in RULE_NAMES} | {f"eq_{name}" for name in RULE_NAMES}
    used |= {f"map_{name}" for name in FEATURE_MAPS} | {f"theme_{name}" for name in PAGE_THEMES}
    parts = ("crosstalk", "not_overwritten", "forgetting", "own_scale", "normaliser")
    used |= {f"part_{name}" for name in parts} | {f"words_{name}" for name in parts}
    assert len(used) > 60
    assert used <= english.keys(), sorted(used - english.keys())


def _asset_text(name):
    from importlib import resources

    return resources.files("linviz.page").joinpath(name).read_text(encoding="utf-8")


def _many_steps(count, d=2):
    steps = [{"op": "write", "key": [1] + [0] * (d - 1), "value": [1] * d}] * count
    return {"format": "linviz-scenario", "version": 1, "d_k": d, "d_v": d, "steps": steps}


def test_a_scenario_too_large_for_a_page_is_refused_with_the_limit(tmp_path, capsys):
    big = tmp_path / "big.json"
    big.write_text(json.dumps(_many_steps(MAX_PAGE_STEPS + 1)), encoding="utf-8")
    wide = tmp_path / "wide.json"
    wide.write_text(json.dumps(_many_steps(3, MAX_PAGE_DIM + 1)), encoding="utf-8")
    for path, limit in ((big, "20000"), (wide, "64")):
        out = tmp_path / "page.html"
        assert main(["export", str(path), "--out", str(out)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert "too large for an interactive page" in err and limit in err and path.name in err
        assert not out.exists()
    with pytest.raises(PageTooLarge):
        page_html(scenario_from_dict(_many_steps(MAX_PAGE_STEPS + 1)))
    # The limit itself is a page.
    page_html(scenario_from_dict(_many_steps(3, MAX_PAGE_DIM)))


def test_export_writes_a_page_and_refuses_image_options(tmp_path, capsys):
    out = tmp_path / "lesson.html"
    assert main(["export", "delta-repair", "--out", str(out), "--lang", "fr"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    assert '<html lang="fr">' in out.read_text(encoding="utf-8")
    assert main(["export", "delta-repair", "--out", str(out), "--theme", "sepia"]) == 1
    assert "choose light, dark, projector" in capsys.readouterr().err
    assert main(["export", "delta-repair", "--out", str(out), "--transparent"]) == 1
    assert "--transparent is for images" in capsys.readouterr().err
    assert main(["export", "delta-repair", "--out", str(out), "--size", "800x600"]) == 1
    assert "--size and --scale are for images" in capsys.readouterr().err
    assert main(["export", "delta-repair", "--out", str(out), "--step", "9"]) == 1
    assert "there is no step 9" in capsys.readouterr().err
    assert main(["export", "delta-repair", "--out", str(out), "--step", "4"]) == 0
    assert '"step":4' in out.read_text(encoding="utf-8")
    assert main(["export", "delta-repair", "--out", str(tmp_path / "no" / "x.html")]) == 1
    assert "no such folder" in capsys.readouterr().err


def test_export_of_a_page_loads_no_qt(tmp_path):
    out = tmp_path / "lesson.html"
    code = (
        "import sys\nfrom linviz.cli import main\n"
        f"assert main(['export', 'crowding-the-plane', '--out', {str(out)!r}]) == 0\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert not loaded & {"PySide6", "shiboken6", "pyqtgraph"}
    assert out.stat().st_size > 10_000
