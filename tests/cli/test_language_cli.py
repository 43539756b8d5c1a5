"""``--lang``: a French export is in French with decimal commas; an unknown language is refused."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from PIL import Image

from tests.cli.test_export_cli import run

SVG_TEXT = "{http://www.w3.org/2000/svg}text"


def svg_texts(path) -> str:
    return " ".join("".join(t.itertext()) for t in ET.parse(path).getroot().iter(SVG_TEXT))


def test_a_french_svg_export_has_french_words_and_decimal_commas(tmp_path):
    out = tmp_path / "slide.svg"
    done = run(
        "export",
        "crowding-the-plane",
        "--out",
        str(out),
        "--step",
        "7",
        "--lang",
        "fr",
        "--editors",
    )
    assert done.returncode == 0, done.stderr
    text = svg_texts(out)
    for french in ("Mémoire S", "Plan des clés", "Résultat de la lecture", "Étapes", "Paramètres"):
        assert french in text
    assert "[1,2 ; −1,8]" in text  # y of r4, as a French reader writes it
    assert "0,8" in text  # k1's weight
    for english in ("Memory S", "Key plane", "Readout", "Settings", "[1.2, −1.8]"):
        assert english not in text
    english = tmp_path / "slide-en.svg"
    assert run("export", "crowding-the-plane", "--out", str(english), "--step", "7").returncode == 0
    assert "Memory S" in svg_texts(english) and "[1.2, −1.8]" in svg_texts(english)


def test_a_french_png_export_differs_from_the_english_one(tmp_path):
    paths = {lang: tmp_path / f"{lang}.png" for lang in ("en", "fr")}
    for lang, path in paths.items():
        done = run(
            "export", "session-trace", "--out", str(path), "--view", "readout", "--lang", lang
        )
        assert done.returncode == 0, done.stderr
    a, b = (Image.open(p).convert("RGB") for p in paths.values())
    assert a.size == b.size and a.tobytes() != b.tobytes()


def test_files_json_and_trace_stay_locale_free_whatever_the_language(tmp_path):
    done = run("trace", "crowding-the-plane", "--json")
    assert done.returncode == 0
    document = json.loads(done.stdout)
    assert "1.2" in done.stdout and "1,2" not in json.dumps(document)


def test_an_unknown_language_is_status_2_and_one_line():
    for args in (["--lang", "de"], ["export", "session-trace", "--out", "x.png", "--lang", "de"]):
        done = run(*args)
        assert done.returncode == 2
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "'de'" in lines[0] and "'fr'" in lines[0], done.stderr


def test_the_app_opens_in_french_with_lang_fr(tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(
        QT_QPA_PLATFORM="offscreen",
        LINVIZ_BENCH_EXIT_AFTER_PAINT="1",
        XDG_CONFIG_HOME=str(tmp_path),  # remembered settings go here, not to the home folder
        HOME=str(tmp_path),
    )
    probe = (
        "from linviz import cli\n"
        "from PySide6 import QtWidgets\n"
        "from linviz.views.language import current_language\n"
        "status = cli.main(['--lang', 'fr'])\n"
        "win = [w for w in QtWidgets.QApplication.topLevelWidgets() if w.objectName() == '' "
        "and hasattr(w, 'view_menu')][0]\n"
        "print(current_language(), win.view_menu.title(), status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "fr &Affichage 0"
