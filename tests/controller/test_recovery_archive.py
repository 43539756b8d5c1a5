"""Recovery files hold the scenario as an archive: fast to write after every edit.

As JSON text, the recovery write that follows each edit froze the window
for 4.6 s at 1,000,000 steps and 8.4 s at 100,000 steps of d = 64. The
archive must keep everything the text kept (texts in both languages,
targets, α and β, the layout the file was saved in), and files written as
text by earlier versions must still come back.
"""

from __future__ import annotations

import json

import pytest

from linviz.controller import recovery
from linviz.controller.recovery import RecoveryFile, restore
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario_file import dumps_scenario, load_scenario, scenario_text


@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_every_lesson_comes_back_from_a_recovery_file_field_for_field(lesson, tmp_path):
    scenario = load_scenario(lesson.path)
    file = RecoveryFile("main", tmp_path)
    try:
        file.write(scenario, path=lesson.path, cursor=3)
        head, _, body = file.path.read_bytes().partition(b"\n")
        assert json.loads(head)["body"] == "archive" and body.startswith(b"PK\x03\x04")
        restored = restore(file.path)
    finally:
        file.remove()
    back = restored.scenario
    assert back == scenario and back.title == scenario.title
    assert back.caption_written_for == scenario.caption_written_for
    assert back.layout == scenario.layout == "steps"  # saved again, the file keeps its layout
    assert dumps_scenario(back) == dumps_scenario(scenario)
    assert restored.path == lesson.path and restored.cursor == 3


def test_a_recovery_file_written_as_text_still_comes_back(tmp_path):
    lesson = bundled_lessons()[0]
    scenario = load_scenario(lesson.path)
    path = tmp_path / f"123-1-abcdefgh{recovery.SUFFIX}"
    header = {"format": "linviz-recovery", "version": 1, "pid": 123, "window": "1"}
    header |= {"written": 1.0, "title": "old", "path": None, "cursor": 2, "disk": None}
    path.write_bytes((json.dumps(header) + "\n" + "".join(scenario_text(scenario))).encode())
    restored = restore(path)
    assert restored.scenario == scenario and restored.cursor == 2
    assert dumps_scenario(restored.scenario) == dumps_scenario(scenario)


@pytest.mark.parametrize(("body", "layout"), [("zip", None), ("archive", "rows")])
def test_an_unknown_body_or_layout_is_refused_as_no_recovery_file(tmp_path, body, layout):
    file = RecoveryFile("main", tmp_path)
    try:
        file.write(load_scenario(bundled_lessons()[0].path))
        head, _, rest = file.path.read_bytes().partition(b"\n")
    finally:
        file.remove()
    header = json.loads(head) | {"body": body, "layout": layout}
    path = tmp_path / f"123-1-abcdefgh{recovery.SUFFIX}"
    path.write_bytes(json.dumps(header).encode() + b"\n" + rest)
    with pytest.raises(ScenarioError, match="not a linviz recovery file") as caught:
        restore(path)
    assert caught.value.file == str(path)


def test_a_damaged_archive_is_refused_naming_the_recovery_file(tmp_path):
    file = RecoveryFile("main", tmp_path)
    try:
        file.write(load_scenario(bundled_lessons()[0].path))
        data = bytearray(file.path.read_bytes())
    finally:
        file.remove()
    data[len(data) // 2] ^= 0xFF  # one flipped byte inside a member
    path = tmp_path / f"123-1-abcdefgh{recovery.SUFFIX}"
    path.write_bytes(bytes(data))
    with pytest.raises(ScenarioError) as caught:
        restore(path)
    assert caught.value.file == str(path)
