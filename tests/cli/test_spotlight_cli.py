"""``linviz spotlight``: softmax and linear weights of one read, normalised alike."""

import json
import math

import pytest

from linviz.cli import main
from linviz.model.attention import DEFAULT_SHARPNESS, compare_read, spotlight_document
from linviz.model.lessons import resolve_scenario_path
from linviz.model.replay import Trace
from linviz.model.scenario_file import load_scenario


def crowding():
    return Trace(load_scenario(resolve_scenario_path("crowding-the-plane")))


def test_at_the_default_sharpness_softmax_concentrates_while_linear_stays_spread():
    # Crowding step 7 reads k3 = [0.8, 0.6]: scores 0.8, 0.6 and 1.
    comparison = compare_read(crowding(), 7)
    assert comparison.sharpness == DEFAULT_SHARPNESS == 10.0
    linear = [0.8 / 2.4, 0.6 / 2.4, 1 / 2.4]
    assert comparison.linear.shares.tolist() == pytest.approx(linear, rel=1e-12)
    assert comparison.linear.effective_keys == pytest.approx(
        math.exp(-sum(p * math.log(p) for p in linear)), rel=1e-12
    )
    assert round(comparison.linear.effective_keys, 1) == 2.9
    exps = [math.exp(-2), math.exp(-4), 1.0]
    softmax = [e / sum(exps) for e in exps]
    assert comparison.softmax.shares.tolist() == pytest.approx(softmax, rel=1e-12)
    assert comparison.softmax.effective_keys < 1.6 < 2.9 < comparison.linear.effective_keys
    # At sharpness 1 the two read as many keys (the 2.96 against 2.94).
    at_one = compare_read(crowding(), 7, 1.0)
    assert round(at_one.softmax.effective_keys, 2) == 2.96
    assert round(at_one.linear.effective_keys, 2) == 2.94


def test_the_json_document_has_one_row_per_sharpness_and_both_sides_sum_to_one(capsys):
    assert (
        main(
            [
                "spotlight",
                "crowding-the-plane",
                "--step",
                "7",
                "--sharpness",
                "0",
                "1",
                "10",
                "50",
                "--json",
            ]
        )
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"step", "labels", "rows", "default_sharpness"}
    assert document["default_sharpness"] == 10.0 and document["labels"] == ["k1", "k2", "k3"]
    assert [row["sharpness"] for row in document["rows"]] == [0, 1, 10, 50]
    for row in document["rows"]:
        assert set(row) == {"sharpness", "softmax", "linear"}
        for side in ("softmax", "linear"):
            assert set(row[side]) == {"weights", "effective_keys"}
            assert sum(row[side]["weights"]) == pytest.approx(1.0, abs=1e-12)
    keys = [row["softmax"]["effective_keys"] for row in document["rows"]]
    assert keys[0] == pytest.approx(3.0) and keys == sorted(keys, reverse=True)
    assert keys[-1] < 1.01  # sharp: all on k3
    linear = {row["linear"]["effective_keys"] for row in document["rows"]}
    assert len(linear) == 1  # linear attention has no sharpness to turn
    assert document == spotlight_document(crowding(), 7, [0, 1, 10, 50])


def test_without_sharpness_one_row_at_the_default(capsys):
    assert main(["spotlight", "crowding-the-plane", "--step", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["sharpness", "side", "k1", "k2", "k3", "effective", "keys"]
    assert lines[2].split() == ["10", "softmax", "0.117", "0.016", "0.867", "1.55"]
    assert lines[3].split() == ["linear", "0.333", "0.250", "0.417", "2.94"]
    assert lines[4].startswith("default sharpness 10")


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["--step", "1"], 1, "crowding-the-plane: step 1 is a write; expected a read"),
        (["--step", "9"], 1, "crowding-the-plane: step 9: expected a read, the scenario has 7"),
        (["--step", "0"], 2, "steps are counted from 1"),
        (["--step", "7", "--sharpness", "51"], 2, "expected a number from 0 to 50"),
    ],
)
def test_bad_steps_and_sharpness_are_one_line(capsys, argv, status, message):
    if status == 2:  # a usage error: argparse exits
        with pytest.raises(SystemExit) as exited:
            main(["spotlight", "crowding-the-plane", *argv])
        assert exited.value.code == 2
    else:
        assert main(["spotlight", "crowding-the-plane", *argv]) == status
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_scenario_too_large_for_memory_is_refused_in_one_line(capsys, monkeypatch):
    from linviz.commands import failing

    def no_memory(name, arrays=None):
        raise MemoryError

    monkeypatch.setattr(failing, "load", no_memory)
    assert main(["spotlight", "crowding-the-plane", "--step", "7"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "linviz: crowding-the-plane: not enough memory to read this scenario\n"
