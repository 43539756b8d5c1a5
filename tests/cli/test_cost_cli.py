"""``linviz cost``: measured time per new token, as a table or one JSON document."""

import json

import pytest

from linviz.cli import main


def test_cost_json_has_rows_and_fits_that_grow_as_the_course_says(capsys):
    assert (
        main(["cost", "--tokens", "4096", "64", "512", "--d", "8", "--repeat", "2", "--json"]) == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert set(document) == {"d", "repeat", "fit", "rows"}
    assert (document["d"], document["repeat"]) == (8, 2)
    assert set(document["fit"]) == {"softmax_seconds", "state_seconds"}
    assert document["fit"]["softmax_seconds"]["slope"] >= 0
    assert document["fit"]["softmax_seconds"]["intercept"] >= 0
    rows = document["rows"]
    assert [row["tokens"] for row in rows] == [64, 512, 4096]  # sorted
    for key in ("softmax_fit_seconds", "softmax_total_seconds", "state_total_seconds"):
        assert [row[key] for row in rows] == sorted(row[key] for row in rows)
    assert all(row["softmax_seconds"] > 0 and row["state_seconds"] > 0 for row in rows)
    # O(T²) against O(T): the totals are the fits summed over every position.
    fit = document["fit"]
    last = rows[-1]
    a, b = fit["softmax_seconds"]["intercept"], fit["softmax_seconds"]["slope"]
    assert last["softmax_total_seconds"] == pytest.approx(a * 4096 + b * 4096 * 4097 / 2)
    assert last["state_total_seconds"] == pytest.approx(fit["state_seconds"]["constant"] * 4096)


def test_cost_table(capsys):
    assert main(["cost", "--tokens", "100", "1000", "--d", "4", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Time per new token at position n, measured on this machine")
    assert lines[2].split()[:2] == ["tokens", "softmax/token"]
    assert lines[3].split()[0] == "100" and lines[4].split()[0] == "1,000"
    assert lines[-1].startswith("fits: softmax a = ")


def test_a_cache_too_large_is_one_line_and_status_1(capsys):
    assert main(["cost", "--tokens", "1000000", "--d", "512"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("linviz: ") and len(err.strip().splitlines()) == 1


def test_bad_numbers_are_usage_errors(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["cost", "--tokens", "0"])
    assert exited.value.code == 2
    assert "expected a whole number from 1 to 1,000,000" in capsys.readouterr().err
