"""The French translation is complete, current, compiled, and keeps every placeholder."""

import re
import subprocess
import sys

import pytest

from linviz.tools import translations

PLACEHOLDER = re.compile(r"\{[^}]*\}|%L?\d|%L?n")


def placeholders(text: str) -> set[str]:
    """The fields of ``text``; ``{{`` and ``}}`` write a brace and are no field."""
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def test_every_string_in_the_code_has_a_finished_french_translation_and_a_current_qm():
    # Lists exactly what is wrong: unfinished or missing entries, a stale .qm.
    assert translations.problems("fr") == []


def test_every_counted_english_text_has_its_plural_forms_and_a_current_qm():
    assert translations.problems("en") == []


@pytest.mark.parametrize("language", translations.LANGUAGES)
def test_every_translation_keeps_the_placeholders_of_its_source(language):
    import xml.etree.ElementTree as ElementTree

    root = ElementTree.parse(translations.ts_path(language)).getroot()
    wrong = []
    for message in root.iter("message"):
        source = message.findtext("source") or ""
        forms = [f.text or "" for f in message.iter("numerusform")] or [
            message.findtext("translation") or ""
        ]
        for text in forms:
            if not placeholders(source) <= placeholders(text):
                wrong.append((source, text))
            if source.count("&") - source.count("&&") != text.count("&") - text.count("&&"):
                wrong.append((source, text))
    assert wrong == []


def test_check_names_an_unfinished_entry_and_a_stale_qm(tmp_path, monkeypatch):
    ts = tmp_path / "linviz_fr.ts"
    text = translations.ts_path("fr").read_text(encoding="utf-8")
    ts.write_text(
        text.replace(
            "<translation>&amp;Fichier</translation>",
            '<translation type="unfinished"></translation>',
        ),
        encoding="utf-8",
    )
    (tmp_path / "linviz_fr.qm").write_bytes(translations.qm_path("fr").read_bytes())
    monkeypatch.setattr(translations, "translations_folder", lambda: tmp_path)
    found = translations.problems("fr")
    assert "unfinished in linviz_fr.ts: MainWindow: '&File'" in found
    assert "linviz_fr.qm: older than linviz_fr.ts (run compile)" in found
    assert len(found) == 2


def test_check_exits_non_zero_on_a_missing_entry(tmp_path, monkeypatch):
    ts = tmp_path / "linviz_fr.ts"
    text = translations.ts_path("fr").read_text(encoding="utf-8")
    start = text.index("<message>\n        <source>&amp;Quit</source>")
    end = text.index("</message>", start) + len("</message>")
    ts.write_text(text[:start] + text[end:], encoding="utf-8")
    translations.compile_ts(ts, tmp_path / "linviz_fr.qm")
    monkeypatch.setattr(translations, "translations_folder", lambda: tmp_path)
    assert translations.main(["check"]) == 1
    assert translations.problems("fr") == [
        "missing from linviz_fr.ts (run update): MainWindow: '&Quit'"
    ]


def test_the_tools_are_found_beside_pyside6():
    for name in ("lupdate", "lrelease"):
        ran = subprocess.run([translations.tool(name), "-help"], capture_output=True, text=True)
        assert "Usage" in ran.stdout + ran.stderr, name
    assert sys.executable


def _refusal_templates():
    """Every refusal template of the model and controller, and the raise sites that have none.

    A template is the literal of ``QT_TRANSLATE_NOOP("ScenarioError", "…")``;
    a ``ScenarioError(…)`` built from a message (an f-string, say) would reach
    the French window in English.
    """
    import ast
    from pathlib import Path

    root = Path(translations.SOURCE_FOLDER)
    templates, unmarked = set(), []
    for path in sorted([*root.glob("model/*.py"), *root.glob("controller/*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "QT_TRANSLATE_NOOP" and len(node.args) == 2:
                context, text = node.args
                assert isinstance(context, ast.Constant), f"{path.name}:{node.lineno}"
                assert isinstance(text, ast.Constant), f"{path.name}:{node.lineno}: not a literal"
                # Other contexts are words the views show (a read's error parts), not refusals.
                assert context.value in ("ScenarioError", "ErrorParts"), context.value
                if context.value == "ScenarioError":
                    templates.add(text.value)
            is_class = isinstance(node.func, ast.Name) and node.func.id == "ScenarioError"
            if (
                is_class
                and path.name != "errors.py"
                and "template" not in {keyword.arg for keyword in node.keywords}
            ):
                unmarked.append(f"{path.relative_to(root)}:{node.lineno}")
    return templates, unmarked


def test_every_refusal_of_the_model_is_raised_from_a_template_french_translates():
    import xml.etree.ElementTree as ElementTree

    templates, unmarked = _refusal_templates()
    assert unmarked == []  # ScenarioError.of(QT_TRANSLATE_NOOP("ScenarioError", "…"), …)
    assert len(templates) > 100
    french = {}
    root = ElementTree.parse(translations.ts_path("fr")).getroot()
    for context in root.iter("context"):
        if context.findtext("name") == "ScenarioError":
            for message in context.iter("message"):
                french[message.findtext("source")] = message.findtext("translation") or ""
    missing = sorted(text for text in templates if not french.get(text, "").strip())
    assert missing == []
