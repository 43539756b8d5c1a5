"""``linviz export``: images without a display, every format, every mistake reported.

Most exports run the command line in this process (:func:`linviz`), which
costs a window, not an interpreter and Qt's start; the tests of the process
itself (no display, nothing on stderr, the exit status of a real process)
start one (:func:`run`).
"""

from __future__ import annotations

import gc
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import numpy as np
import pytest
from PIL import Image

from linviz.cli import main

MINUS = "\u2212"


@dataclass(frozen=True)
class Finished:
    """What an in-process run of the command line ended with, as a process would say it."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def linviz(qapp, capsys, monkeypatch):
    """``linviz …`` run in this process: its exit status, stdout and stderr (see :class:`Finished`).

    A usage error's ``SystemExit`` is its status, as for a process. What an
    export changes for the rest of the process (it is meant to run once per
    process) is put back: the language, QSettings' default format and folder
    (it points them at a throwaway one), the application's names, Qt's
    environment variables; its window is freed.
    """
    from PySide6 import QtCore

    from linviz.views.language import current_language, set_language

    language = current_language()
    settings_format = QtCore.QSettings.defaultFormat()
    names = (QtCore.QCoreApplication.organizationName(), QtCore.QCoreApplication.applicationName())
    for name in ("QT_NO_GUI_THREADPOOL", "QT_QPA_PLATFORM"):  # the app sets them if unset
        monkeypatch.setenv(name, os.environ.get(name, ""))  # teardown puts back the old value
        if not os.environ[name]:
            monkeypatch.delenv(name)

    def run_here(*args: str, cwd=None) -> Finished:
        capsys.readouterr()
        with monkeypatch.context() as inside:
            if cwd is not None:
                inside.chdir(cwd)
            try:
                status = main(list(args))
            except SystemExit as error:
                status = error.code
        captured = capsys.readouterr()
        return Finished(status, captured.out, captured.err)

    yield run_here
    # The export's window, freed: reference cycles keep a parentless widget of it
    # (the compact desk's readout area) alive until they are collected.
    gc.collect()
    set_language(language)
    ini = QtCore.QSettings.Format.IniFormat
    QtCore.QSettings.setDefaultFormat(settings_format)
    # Qt has no getter for the folder: back to its own default, the user's config folder.
    QtCore.QSettings.setPath(
        ini,
        QtCore.QSettings.Scope.UserScope,
        QtCore.QStandardPaths.writableLocation(
            QtCore.QStandardPaths.StandardLocation.GenericConfigLocation
        ),
    )
    QtCore.QCoreApplication.setOrganizationName(names[0])
    QtCore.QCoreApplication.setApplicationName(names[1])


def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    """``linviz …`` in a fresh process with no display and no Qt platform chosen."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    return subprocess.run(
        [sys.executable, "-m", "linviz", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def test_png_of_the_window_without_a_display(tmp_path):
    out = tmp_path / "slide.png"
    result = run(
        "export",
        "crowding-the-plane",
        "--out",
        str(out),
        "--step",
        "5",
        "--size",
        "1280x720",
        "--theme",
        "dark",
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no Qt chatter about the offscreen platform
    assert result.stdout.strip() == str(out)
    with Image.open(out) as image:
        assert image.size == (1280, 720)  # --size is the slide, menus left out
        pixels = np.asarray(image.convert("RGB"))
    assert pixels.mean() < 100  # the dark theme
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 200  # drawn, not blank


def test_scale_multiplies_the_pixels_of_one_panel(tmp_path, linviz):
    one, two = tmp_path / "one.png", tmp_path / "two.png"
    assert linviz("export", "session-trace", "--out", str(one), "--view", "heatmap").returncode == 0
    assert (
        linviz(
            "export", "session-trace", "--out", str(two), "--view", "heatmap", "--scale", "2"
        ).returncode
        == 0
    )
    with Image.open(one) as a, Image.open(two) as b:
        assert b.size == (2 * a.size[0], 2 * a.size[1])


def test_step_all_writes_one_svg_per_step(tmp_path, linviz):
    result = linviz(
        "export",
        "crowding-the-plane",
        "--out",
        str(tmp_path / "heat.svg"),
        "--view",
        "heatmap",
        "--step",
        "all",
        "--theme",
        "projector",
    )
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [f"heat-{n:03d}.svg" for n in range(0, 8)]  # step 0: the empty memory
    last = ET.parse(tmp_path / "heat-007.svg").getroot()
    texts = {"".join(t.itertext()).strip() for t in last.iter("{http://www.w3.org/2000/svg}text")}
    assert {"3", f"{MINUS}3", f"{MINUS}2", "1"} <= texts


def test_gif_and_pdf(tmp_path, linviz):
    gif, pdf = tmp_path / "a.gif", tmp_path / "s.pdf"
    assert (
        linviz(
            "export", "delta-repair", "--out", str(gif), "--view", "equation", "--duration", "400"
        ).returncode
        == 0
    )
    with Image.open(gif) as image:
        assert image.n_frames == 9 and image.info["duration"] == 400  # steps 0 … 8
    assert linviz("export", "delta-repair", "--out", str(pdf), "--step", "3").returncode == 0
    data = pdf.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)) == 1
    box = re.search(rb"/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    width, height = (float(v) for v in box.groups())
    assert width / height == pytest.approx(1600 / 1000, rel=0.01)


def test_view_list_and_unknown_view(tmp_path, linviz):
    listed = linviz("export", "crowding-the-plane", "--out", "x.png", "--view", "list")
    assert listed.returncode == 0
    names = listed.stdout.split()
    assert names[0] == "window"
    assert {"heatmap", "equation", "keys", "values", "readout", "timeline"} <= set(names)
    # A real process: Qt started, the window built, then status 1 and one line, no traceback.
    wrong = run("export", "crowding-the-plane", "--out", str(tmp_path / "x.png"), "--view", "nope")
    assert wrong.returncode == 1
    lines = wrong.stderr.strip().splitlines()
    assert len(lines) == 1 and "nope" in lines[0] and "heatmap" in lines[0]
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["--out", "{tmp}/x.bmp"], ".png"),
        (["--out", "{tmp}/x.png", "--step", "9"], "no step 9"),
        (["--out", "{tmp}/x.png", "--step", "two"], "--step"),
        (["--out", "{tmp}/x.png", "--size", "1920by1080"], "--size"),
        (["--out", "{tmp}/x.png", "--size", "10x10"], "--size"),
        (["--out", "{tmp}/x.png", "--scale", "8"], "--scale"),
        (["--out", "{tmp}/x.png", "--theme", "neon"], "neon"),
        (["--out", "{tmp}/x.gif", "--step", "3"], "GIF"),
        (["--out", "{tmp}/missing/x.png"], "no such folder"),
    ],
)
def test_mistakes_give_status_1_and_one_line(tmp_path, capsys, arguments, words):
    args = [a.replace("{tmp}", str(tmp_path)) for a in arguments]
    assert main(["export", "crowding-the-plane", *args]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and lines[0].startswith("linviz: ")
    assert captured.out == ""
    assert not list(tmp_path.iterdir())


def test_a_gif_of_more_steps_than_it_holds_is_refused_in_one_line(tmp_path, capsys):
    # A million steps as a GIF asked for ~60 GB and ended linviz without a word.
    from linviz.bench.workloads import random_scenario
    from linviz.model.scenario_file import save_scenario

    path = tmp_path / "long.npz"
    save_scenario(random_scenario(1_000, 2), path)  # steps 0 … 1,000: 1,001 frames
    assert main(["export", str(path), "--out", str(tmp_path / "x.gif")]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [
        "linviz: a GIF holds at most 1,000 frames, and steps 0 to 1,000 would make 1,001: "
        "export single steps, or a shorter scenario"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.npz"]


def test_bad_scenario_file_is_status_1_like_trace(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(
        '{"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, '
        '"steps": [{"op": "write", "key": [1, 0, 2], "value": [1, 1]}]}'
    )
    assert main(["export", str(path), "--out", str(tmp_path / "x.png")]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in lines[0]
    assert str(path) in lines[0] and "step 1" in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]


def test_french_is_accepted_without_a_translation(tmp_path, linviz):
    out = tmp_path / "fr.png"
    result = linviz(
        "export", "session-trace", "--out", str(out), "--lang", "fr", "--view", "caption"
    )
    assert result.returncode == 0 and result.stderr == ""
    assert out.is_file()


def test_transparent_png_has_a_clear_background_and_opaque_cells(tmp_path, linviz):
    out = tmp_path / "heat.png"
    done = linviz(
        "export",
        "crowding-the-plane",
        "--out",
        str(out),
        "--view",
        "heatmap",
        "--step",
        "5",
        "--transparent",
    )
    assert done.returncode == 0, done.stderr
    pixels = np.asarray(Image.open(out).convert("RGBA"))
    assert pixels[2, 2, 3] == 0
    assert (pixels[..., 3] == 255).mean() > 0.05  # the heatmap itself stays opaque
    refused = linviz(
        "export", "crowding-the-plane", "--out", str(tmp_path / "x.svg"), "--transparent"
    )
    assert refused.returncode == 1 and "--transparent needs a .png" in refused.stderr


def test_view_list_needs_no_out_but_an_image_does(tmp_path, linviz):
    listed = linviz("export", "crowding-the-plane", "--view", "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split()[0] == "window" and "heatmap" in listed.stdout.split()
    missing = run("export", "crowding-the-plane", cwd=tmp_path)  # a real process's status
    assert missing.returncode == 2  # a usage error, as argparse gives
    lines = missing.stderr.strip().splitlines()
    assert len(lines) == 1 and "--out" in lines[0]
    assert not list(tmp_path.iterdir())


def test_step_all_makes_its_folder_and_starts_at_step_0(tmp_path, linviz):
    result = linviz(
        "export",
        "session-trace",
        "--out",
        "steps/step.png",
        "--step",
        "all",
        "--view",
        "heatmap",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (tmp_path / "steps").iterdir())
    count = len(result.stdout.split())
    assert names == [f"step-{n:03d}.png" for n in range(count)] and count == 8  # 0 … 7
    # One file alone still needs its folder to exist (a typo must not make one).
    single = linviz("export", "session-trace", "--out", "other/x.png", cwd=tmp_path)
    assert single.returncode == 1 and "no such folder" in single.stderr


def test_step_0_is_the_empty_memory(tmp_path, linviz):
    out = tmp_path / "s0.png"
    result = linviz(
        "export", "crowding-the-plane", "--out", str(out), "--step", "0", "--view", "heatmap"
    )
    assert result.returncode == 0, result.stderr
    wrong = linviz("export", "crowding-the-plane", "--out", str(out), "--step", "-1")
    assert wrong.returncode == 1 and "steps 0 (the empty memory) to 7" in wrong.stderr


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["--size", "8000x8000", "--scale", "4"], "32000x32000 image (1024.0 megapixels)"),
        (["--size", "4000x4000", "--scale", "2.01"], "8040x8040 image (64.6 megapixels)"),
        (["--size", "6000x6000", "--scale", "1.5"], "9000x9000 image (81.0 megapixels)"),
    ],
)
def test_an_image_over_64_megapixels_is_refused_before_drawing(tmp_path, capsys, arguments, words):
    out = tmp_path / "huge.png"
    assert main(["export", "crowding-the-plane", "--out", str(out), *arguments]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "at most 64 megapixels" in err
    assert not out.exists()


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["--scale", "\u0662"], "the digit 2 of another script (ARABIC-INDIC DIGIT TWO)"),
        (["--duration", "1_000"], "without '_' between digits"),
    ],
)
def test_numbers_in_other_scripts_are_usage_errors_saying_why(tmp_path, capsys, arguments, words):
    with pytest.raises(SystemExit) as caught:
        main(["export", "crowding-the-plane", "--out", str(tmp_path / "x.png"), *arguments])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("arguments", [["--step", "\u0663"], ["--size", "\u0668\u0660\u0660x600"]])
def test_step_and_size_are_read_with_ascii_digits(tmp_path, capsys, arguments):
    assert main(["export", "crowding-the-plane", "--out", str(tmp_path / "x.png"), *arguments]) == 1
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("language, size", [("en", (480, 360)), ("fr", (560, 420))])
def test_a_small_window_export_is_the_size_asked(tmp_path, linviz, language, size):
    """The labs' tab bar, hidden in the export, still asked its 603 px (663 in
    French) and 28 px: a 480x360 export came out 603x380."""
    out = tmp_path / "small.png"
    size_text = f"{size[0]}x{size[1]}"
    done = linviz(
        "export", "delta-repair", "--size", size_text, "--lang", language, "--out", str(out)
    )
    assert done.returncode == 0, done.stderr
    with Image.open(out) as image:
        assert image.size == size


def test_a_window_export_smaller_than_the_window_can_be_is_refused(tmp_path, linviz):
    out = tmp_path / "tiny.png"
    done = linviz("export", "delta-repair", "--size", "300x250", "--out", str(out))
    assert done.returncode == 1 and not out.exists()
    found = re.search(
        r"--size 300x250: the window cannot be drawn smaller than (\d+)x(\d+)", done.stderr
    )
    assert found, done.stderr
    least = f"{found[1]}x{found[2]}"
    assert int(found[1]) > 300 and int(found[2]) > 250
    done = linviz("export", "delta-repair", "--size", least, "--out", str(out))  # that size works
    assert done.returncode == 0, done.stderr
    with Image.open(out) as image:
        assert image.size == (int(found[1]), int(found[2]))
