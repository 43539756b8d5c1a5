"""Long exports (300 steps): a progress dialog with Cancel, and nothing left when cancelled."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from PySide6 import QtWidgets

from linviz.controller.session import Session
from linviz.model.scenario import Scenario, write
from linviz.views.export import images, sequences
from linviz.views.export.command import TerminalProgress
from linviz.views.main_window import MainWindow

STEPS = 300


@pytest.fixture
def long_window(qtbot):
    """A window on a 300-step scenario (writes turning round the circle)."""
    steps = [write([1, (n % 7) / 7], [(n % 5) / 5, 1], f"w{n + 1}") for n in range(STEPS)]
    session = Session(Scenario(2, 2, steps, title="Long"))
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    qtbot.waitExposed(window)
    images.settle()
    return window


def watched_dialogs(exporter, monkeypatch, cancel_at: int | None = None) -> list[tuple]:
    """Record each progress call of the window's own dialog (done, total, its maximum, its
    value); at ``cancel_at`` press the dialog's Cancel button as a user would.
    """
    seen: list[tuple] = []
    made = exporter.progress_dialog

    def progress_dialog(label: str, total: int):
        progress = made(label, total)
        dialog = exporter.last_progress
        seen.append(("dialog", label, dialog.findChild(QtWidgets.QPushButton).text()))

        def watched(done: int, total: int) -> bool:
            if done == cancel_at:
                dialog.findChild(QtWidgets.QPushButton).click()
            value = dialog.value()
            going_on = progress(done, total)
            seen.append((done, total, dialog.maximum(), value))
            return going_on

        return watched

    monkeypatch.setattr(exporter, "progress_dialog", progress_dialog)
    return seen


def test_a_300_step_gif_shows_progress_to_the_end(long_window, tmp_path, monkeypatch):
    exporter = long_window.exporter
    seen = watched_dialogs(exporter, monkeypatch)
    path = exporter.export_animation(tmp_path / "long.gif", 20, name="heatmap", scale=1)
    assert path == tmp_path / "long.gif", long_window.last_error
    assert seen[0] == ("dialog", f"Drawing {STEPS + 1} frames…", "Cancel")
    calls = seen[1:]
    total = 2 * (STEPS + 1)  # each frame drawn, then encoded
    assert [c[0] for c in calls] == list(range(1, total + 1))  # every frame counted, in order
    assert {c[1] for c in calls} == {total} and {c[2] for c in calls} == {total}
    with Image.open(path) as gif:
        assert gif.n_frames >= 2
    assert exporter.last_progress is None  # closed and gone
    assert long_window.session.cursor == STEPS


def test_cancelling_a_300_step_gif_leaves_no_file(long_window, tmp_path, monkeypatch):
    exporter = long_window.exporter
    seen = watched_dialogs(exporter, monkeypatch, cancel_at=40)
    assert exporter.export_animation(tmp_path / "long.gif", 20, name="heatmap", scale=1) is None
    assert seen[-1][0] == 40  # stopped at once
    assert not list(tmp_path.iterdir())
    assert long_window.statusBar().currentMessage() == "Export cancelled"
    assert long_window.session.cursor == STEPS


def test_cancelling_a_gif_while_it_is_encoded_leaves_no_file(window, tmp_path, monkeypatch):
    exporter = window.exporter  # the lesson's 7 steps: 8 frames drawn, then encoded
    seen = watched_dialogs(exporter, monkeypatch, cancel_at=8 + 3)
    assert exporter.export_animation(tmp_path / "a.gif", 20, name="heatmap", scale=1) is None
    assert seen[-1][:2] == (11, 16)
    assert not list(tmp_path.iterdir())


def test_cancelling_300_step_images_removes_those_written(long_window, tmp_path, monkeypatch):
    exporter = long_window.exporter
    seen = watched_dialogs(exporter, monkeypatch, cancel_at=120)
    assert exporter.export_steps(tmp_path / "step.png", name="heatmap", scale=1) is None
    assert seen[0] == ("dialog", f"Writing {STEPS + 1} images…", "Cancel")
    assert seen[-1][:2] == (120, STEPS + 1)
    assert not list(tmp_path.iterdir())


def test_a_failure_part_way_removes_the_images_written(long_window, tmp_path, monkeypatch):
    written = []
    real = images.write_file

    def disk_full_at_the_tenth(path, data):
        if len(written) == 9:
            raise images.ExportError(f"cannot write {path}: the disk is full")
        written.append(real(path, data))
        return written[-1]

    monkeypatch.setattr(images, "write_file", disk_full_at_the_tenth)
    with pytest.raises(images.ExportError):
        sequences.export_all_steps(
            long_window.panels["heatmap"], long_window.session, tmp_path / "s.png"
        )
    assert len(written) == 9 and not list(tmp_path.iterdir())


def test_the_command_line_shows_progress_on_one_terminal_line():
    stream = io.StringIO()
    progress = TerminalProgress(stream)
    for done in range(1, 5):
        assert progress(done, 4) is True
    progress.clear()
    text = stream.getvalue()
    assert text.split("\r")[1:5] == [
        "linviz: exporting, 25% (1 of 4)",
        "linviz: exporting, 50% (2 of 4)",
        "linviz: exporting, 75% (3 of 4)",
        "linviz: exporting, 100% (4 of 4)",
    ]
    assert text.endswith("\r" + " " * len("linviz: exporting, 100% (4 of 4)") + "\r")


def test_an_export_written_aside_keeps_links_and_modes_and_leaves_no_temporary(tmp_path):
    real = tmp_path / "real.png"
    real.write_bytes(b"old")
    real.chmod(0o640)
    link = tmp_path / "link.png"
    link.symlink_to(real)
    assert images.write_file(link, b"new") == link
    assert link.is_symlink() and real.read_bytes() == b"new"
    assert real.stat().st_mode & 0o777 == 0o640
    with pytest.raises(images.ExportError, match="cannot write"):
        images.write_file(tmp_path / "gone" / "x.png", b"data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.png", "real.png"]
