"""A wheel built from the checkout ships the lessons and finds them when installed."""

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contains_and_finds_the_lessons(tmp_path):
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (tmp_path / "dist").glob("linviz-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    lessons = [n for n in names if n.startswith("linviz/resources/lessons/")]
    assert len(lessons) == 5
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    probe = "import linviz.model.lessons as l; ls = l.bundled_lessons(); print(len(ls), ls[0].path)"
    out = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {probe}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    ).stdout
    count, path = out.split(maxsplit=1)
    assert count == "5" and path.strip().startswith(str(target))
