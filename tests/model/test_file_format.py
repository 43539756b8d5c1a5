"""The saved file, byte for byte, and saving that never leaves half a file.

ARCHITECTURE.md: saving writes the same format it reads, atomically
(temporary file, then rename); files stay readable (one step per line,
whole numbers without ``.0``).
"""

import os

import pytest

from linviz.model.errors import ScenarioError
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import dumps_scenario, load_scenario, save_scenario


def small():
    return Scenario(
        2,
        2,
        [
            write([1, 0], [2.5, 3], "w1", caption="café"),
            write([0, 1], [-0.0, 1e300], "w2", alpha=0.25),
            read([1, 0], "r1", target="w1"),
        ],
        rule=Rule("gated", alpha=0.5),
        title="Saved",
        caption="Top caption",
    )


EXPECTED = """{
  "format": "linviz-scenario",
  "version": 1,
  "title": "Saved",
  "d_k": 2,
  "d_v": 2,
  "feature_map": "identity",
  "normalize": false,
  "rule": {
    "name": "gated",
    "alpha": 0.5
  },
  "caption": "Top caption",
  "steps": [
    {"op": "write", "key": [1, 0], "value": [2.5, 3], "label": "w1", "caption": "café"},
    {"op": "write", "key": [0, 1], "value": [0, 1e+300], "label": "w2", "alpha": 0.25},
    {"op": "read", "query": [1, 0], "label": "r1", "target": "w1"}
  ]
}
"""


def test_the_file_text_is_the_documented_format():
    assert dumps_scenario(small()) == EXPECTED


def test_an_empty_scenario_has_an_empty_step_list():
    text = dumps_scenario(Scenario(1, 3, title="Empty"))
    assert text.endswith('  "rule": {\n    "name": "additive"\n  },\n  "steps": []\n}\n')
    assert '"caption"' not in text


def test_large_whole_numbers_stay_exact():
    scenario = Scenario(1, 3, [write([2.0**53 - 1], [2.0**53, -(2.0**53), 0.5], "w")])
    text = dumps_scenario(scenario)
    assert '"key": [9007199254740991]' in text
    assert '"value": [9007199254740992.0, -9007199254740992.0, 0.5]' in text


def test_saving_replaces_the_file_whole(tmp_path):
    path = tmp_path / "lesson.json"
    path.write_text("old", encoding="utf-8")
    save_scenario(small(), path)
    assert path.read_text(encoding="utf-8") == EXPECTED
    assert load_scenario(path) == small()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.json"]


def test_a_failed_save_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "lesson.json"
    path.write_text("old", encoding="utf-8")

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(ScenarioError, match="the disk is full; the file on disk is unchanged"):
        save_scenario(small(), path)
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lesson.json"]
