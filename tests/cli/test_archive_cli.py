"""Scenario archives on the command line: every command that takes a scenario takes one."""

import json

import numpy as np
import pytest

from linviz.cli import main
from linviz.model.lessons import bundled_lessons
from linviz.model.scenario_file import load_scenario, save_scenario
from tests.cli.test_array_cli import save_head


def output(capsys, *args):
    status = main([str(arg) for arg in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(params=[lesson.name for lesson in bundled_lessons()])
def both_files(request, tmp_path):
    """A lesson saved as JSON and as an archive."""
    scenario = load_scenario(next(x.path for x in bundled_lessons() if x.name == request.param))
    as_json, as_archive = tmp_path / "lesson.json", tmp_path / "lesson.npz"
    save_scenario(scenario, as_json)
    save_scenario(scenario, as_archive)
    return as_json, as_archive


@pytest.mark.parametrize("flags", [[], ["--json"], ["--json", "--all-terms"]])
def test_trace_of_an_archive_is_the_trace_of_its_json(capsys, both_files, flags):
    as_json, as_archive = both_files
    status, from_json, _ = output(capsys, "trace", as_json, *flags)
    assert status == 0
    status, from_archive, err = output(capsys, "trace", as_archive, *flags)
    assert (status, err) == (0, "")
    assert from_archive == from_json


def test_spotlight_of_an_archive_is_the_spotlight_of_its_json(capsys, tmp_path):
    scenario = load_scenario(bundled_lessons()[1].path)  # crowding the plane: step 7 reads
    save_scenario(scenario, tmp_path / "c.json")
    save_scenario(scenario, tmp_path / "c.npz")
    answers = [
        output(capsys, "spotlight", tmp_path / name, "--step", "7", "--json")
        for name in ("c.json", "c.npz")
    ]
    assert answers[0] == answers[1] and answers[0][0] == 0
    assert json.loads(answers[1][1])


def test_export_draws_an_archive_as_it_draws_its_json(capsys, tmp_path):
    scenario = load_scenario(bundled_lessons()[1].path)
    save_scenario(scenario, tmp_path / "c.json")
    save_scenario(scenario, tmp_path / "c.npz")
    images = []
    for name in ("c.json", "c.npz"):
        out = tmp_path / f"{name}.png"
        status, printed, err = output(
            capsys, "export", tmp_path / name, "--view", "heatmap", "--step", "5", "--out", out
        )
        assert status == 0, err
        images.append(out.read_bytes())
    assert images[0] == images[1]


def test_import_writes_an_archive_whose_trace_is_the_arrays(capsys, tmp_path):
    arrays = save_head(tmp_path / "layer.npz", heads=2)
    converted = tmp_path / "head1.npz"
    status, printed, _ = output(capsys, "import", arrays, "--head", "1", "--out", converted)
    assert status == 0 and printed.strip() == str(converted)
    with np.load(converted, allow_pickle=False) as archive:
        assert "linviz_scenario" in archive.files
    direct = output(capsys, "trace", arrays, "--head", "1", "--json")
    again = output(capsys, "trace", converted, "--json")
    assert direct == again


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["trace", "{archive}", "--head", "1"], "is a scenario archive, not arrays to import"),
        (["import", "{archive}", "--out", "x.json"], "a scenario archive, not arrays"),
    ],
)
def test_array_options_with_a_scenario_archive_are_usage_errors(capsys, tmp_path, arguments, words):
    archive = tmp_path / "s.npz"
    save_scenario(load_scenario(bundled_lessons()[0].path), archive)
    with pytest.raises(SystemExit) as caught:
        main([arg.replace("{archive}", str(archive)) for arg in arguments])
    assert caught.value.code == 2
    assert words in capsys.readouterr().err


def test_a_damaged_archive_is_one_line_naming_the_file_status_1(capsys, tmp_path):
    archive = tmp_path / "s.npz"
    save_scenario(load_scenario(bundled_lessons()[0].path), archive)
    with np.load(archive, allow_pickle=False) as opened:
        members = {name: opened[name] for name in opened.files}
    members["keys"] = members["keys"].copy()
    members["keys"][1, 0] = np.nan  # the second write: step 2
    np.savez(archive, **members)
    status, out, err = output(capsys, "trace", archive)
    assert (status, out) == (1, "")
    assert err == (
        f"linviz: {archive}, step 2, field 'key': key component 1 must be finite, got nan\n"
    )
