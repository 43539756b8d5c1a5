"""Every step as numbered images, or as one animated GIF."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from linviz.views.export import sequences
from linviz.views.export.images import ExportCancelled
from tests.views.export.conftest import open_png


# -- every step ---------------------------------------------------------------------------------
def test_gif_has_one_frame_per_step_and_keeps_the_cursor(window, lesson_session, tmp_path):
    lesson_session.set_cursor(3)
    seen = []
    path = sequences.export_gif(
        window.panels["heatmap"],
        lesson_session,
        tmp_path / "a.gif",
        300,
        progress=lambda done, total: seen.append((done, total)),
    )
    with Image.open(path) as gif:
        assert gif.n_frames == 8  # step 0, the empty memory, then the 7 steps
        assert gif.info["duration"] == 300 and gif.info["loop"] == 0
    assert seen[-1] == (16, 16)
    assert lesson_session.cursor == 3


def test_all_steps_writes_one_numbered_file_per_step(window, lesson_session, tmp_path):
    panel = window.panels["heatmap"]
    written = sequences.export_all_steps(panel, lesson_session, tmp_path / "step.png")
    names = [f"step-{n:03d}.png" for n in range(0, 8)]  # from step 0, the empty memory
    assert [p.name for p in written] == names
    assert sorted(p.name for p in tmp_path.iterdir()) == names
    empty, first, last = (open_png(written[n]) for n in (0, 1, -1))
    assert first.shape == last.shape == (panel.height(), panel.width(), 4)
    assert empty.shape[1] == panel.width()  # its legend is shorter: maybe another height
    assert not np.array_equal(first, last)


def test_cancelled_exports_leave_nothing_behind(window, lesson_session, tmp_path):
    def stop_at_three(done, total):
        return done < 3

    with pytest.raises(ExportCancelled):
        sequences.export_all_steps(
            window, lesson_session, tmp_path / "s.png", progress=stop_at_three
        )
    with pytest.raises(ExportCancelled):
        sequences.export_gif(
            window, lesson_session, tmp_path / "a.gif", 200, progress=stop_at_three
        )
    assert not list(tmp_path.iterdir())
    assert lesson_session.cursor == 7


# -- how many ------------------------------------------------------------------------------------
def test_a_gif_or_step_images_beyond_the_limit_are_refused_before_anything_is_drawn(
    window, lesson_session, tmp_path, monkeypatch
):
    """A million steps as a GIF held every frame in memory (~60 GB) and ended the app;
    as images, most of a day. Refused up front, saying how many and what to do."""
    from linviz.views.export.images import ExportError

    drawn = []
    monkeypatch.setattr(sequences, "render_image", lambda *a: drawn.append(a))
    monkeypatch.setattr(sequences, "export_widget", lambda *a: drawn.append(a))
    monkeypatch.setattr(sequences, "MAX_GIF_FRAMES", 7)  # the lesson: steps 0 … 7, 8 frames
    monkeypatch.setattr(sequences, "MAX_STEP_IMAGES", 7)
    lesson_session.set_cursor(2)
    with pytest.raises(ExportError) as caught:
        sequences.export_gif(window, lesson_session, tmp_path / "a.gif", 200)
    assert str(caught.value) == (
        "a GIF holds at most 7 frames, and steps 0 to 7 would make 8: "
        "export single steps, or a shorter scenario"
    )
    with pytest.raises(ExportError, match="at most 7 images are written at once, and steps 0"):
        sequences.export_all_steps(window, lesson_session, tmp_path / "s.png")
    assert drawn == [] and not list(tmp_path.iterdir()) and lesson_session.cursor == 2
