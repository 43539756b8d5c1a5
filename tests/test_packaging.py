"""The wheel ships the top-level resources/ folder, and an installed linviz finds it."""

import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["-w", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (found,) = dist.glob("linviz-*.whl")
    return found


def test_wheel_holds_every_resource(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    in_checkout = {
        "linviz/resources/" + path.relative_to(ROOT / "resources").as_posix()
        for path in (ROOT / "resources").rglob("*")
        if path.is_file() and path.name != ".gitkeep"
    }
    assert in_checkout <= names
    packages = {
        path.parent.relative_to(ROOT).as_posix() + "/__init__.py"
        for path in (ROOT / "linviz").rglob("__init__.py")
    }
    assert packages <= names, f"pyproject.toml leaves out {sorted(packages - names)}"
    assert sum(n.startswith("linviz/resources/lessons/") for n in names) >= 5
    assert "linviz/resources/linviz.desktop" in names
    assert "linviz/resources/icons/linviz.svg" in names
    assert "linviz/resources/translations/linviz_fr.qm" in names
    assert "linviz/resources/translations/linviz_en.qm" in names
    assert "linviz/resources/translations/linviz_fr.ts" in names


def test_installed_wheel_finds_its_resources_in_a_fresh_environment(wheel, tmp_path):
    env = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    # A PYTHONPATH holding a checkout would make pip think linviz is installed already.
    clean_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        env=clean_env,
    )
    # Lessons and assets need no numpy or Qt: the fresh environment has neither.
    probe = (
        "import json, linviz.assets as a, linviz.model.lessons as l\n"
        "print(json.dumps({'folder': str(a.resources_folder()),\n"
        "  'lessons': [x.name for x in l.bundled_lessons()],\n"
        "  'icon': a.icon_path('linviz').is_file(), 'desktop': a.desktop_entry().is_file()}))"
    )
    ran = subprocess.run(
        [str(python), "-I", "-c", probe], capture_output=True, text=True, cwd=tmp_path
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    found = json.loads(ran.stdout)
    assert Path(found["folder"]).resolve().is_relative_to(env.resolve())
    assert found["lessons"][:2] == ["session-trace", "crowding-the-plane"]
    assert found["icon"] and found["desktop"]


def test_the_checkout_finds_its_resources_without_an_install():
    from linviz import assets

    assert (assets.lessons_folder() / "01-session-trace.json").is_file()
    with pytest.raises(ValueError, match="unknown icon 'nope'"):
        assets.icon_path("nope")
