"""``linviz memory`` and ``linviz capacity``: the course's numbers, and refusals."""

import csv
import json
import math
import subprocess
import sys

import pytest

from linviz.cli import main


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "linviz", *args], capture_output=True, text=True, timeout=120
    )


def json_of(capsys, *args):
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


# -- memory -------------------------------------------------------------------------
def test_memory_json_gives_the_course_numbers(capsys):
    document = json_of(capsys, "memory", "--tokens", "1000", "100000", "--json")
    assert document == {
        "rows": [
            {"tokens": 1000, "kv_cache_bytes": 512_000, "state_bytes": 32_768},
            {"tokens": 100000, "kv_cache_bytes": 51_200_000, "state_bytes": 32_768},
        ]
    }


def test_memory_json_for_a_whole_model(capsys):
    document = json_of(
        capsys, "memory", "--layers", "32", "--heads", "8", "--tokens", "1000", "--json"
    )
    assert document["rows"] == [
        {"tokens": 1000, "kv_cache_bytes": 131_072_000, "state_bytes": 8_388_608}
    ]


def test_memory_fp32_and_head_size(capsys):
    document = json_of(
        capsys, "memory", "--head-dim", "64", "--dtype", "fp32", "--tokens", "10", "--json"
    )
    assert document["rows"] == [{"tokens": 10, "kv_cache_bytes": 5_120, "state_bytes": 16_384}]


def test_memory_table_reads_like_the_course(capsys):
    assert main(["memory", "--tokens", "1000", "100000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 layer, 1 head, head size 128, bf16"
    assert lines[2].split() == [
        "1,000",
        "500",
        "KiB",
        "(512,000",
        "B)",
        "32",
        "KiB",
        "(32,768",
        "B)",
    ]
    assert "48.8 MiB (51,200,000 B)" in lines[3]
    assert lines[-1] == "The KV cache is larger than the state from 65 tokens on."


# -- capacity -------------------------------------------------------------------------
def test_capacity_json_rows_for_every_combination(capsys):
    document = json_of(
        capsys, "capacity", "--d", "16", "--n", "8", "16", "17", "--keys", "orthogonal",
        "--rule", "additive", "delta", "--trials", "10", "--json",
    )  # fmt: skip
    rows = document["rows"]
    assert [(r["d"], r["n"], r["rule"]) for r in rows] == [
        (16, 8, "additive"), (16, 16, "additive"), (16, 17, "additive"),
        (16, 8, "delta"), (16, 16, "delta"), (16, 17, "delta"),
    ]  # fmt: skip
    assert all(
        set(r) == {"d", "n", "similarity", "rule", "mean_relative_error", "exact_recall_rate"}
        for r in rows
    )
    by = {(r["n"], r["rule"]): r for r in rows}
    # Orthogonal keys: exact up to N = d, not beyond.
    for rule in ("additive", "delta"):
        assert by[(16, rule)]["exact_recall_rate"] == 1.0
        assert by[(16, rule)]["mean_relative_error"] < 1e-12
        assert by[(17, rule)]["exact_recall_rate"] < 1.0


def test_capacity_random_keys_err_like_sqrt_n_minus_1_over_d(capsys):
    document = json_of(capsys, "capacity", "--d", "64", "--n", "65", "--trials", "30", "--json")
    (row,) = document["rows"]
    assert row["similarity"] == 0.0 and row["rule"] == "additive"
    assert row["mean_relative_error"] == pytest.approx(math.sqrt(64 / 64), rel=0.08)


def test_capacity_is_reproducible_with_a_seed(capsys):
    args = ["capacity", "--d", "8", "--n", "12", "--trials", "5", "--json"]
    first = json_of(capsys, *args, "--seed", "4")
    again = json_of(capsys, *args, "--seed", "4")
    other = json_of(capsys, *args, "--seed", "5")
    assert first == again and first != other


def test_capacity_similar_keys_err_more_as_they_get_similar(capsys):
    document = json_of(
        capsys, "capacity", "--d", "32", "--n", "16", "--keys", "similar",
        "--similarity", "0", "0.5", "0.9", "--trials", "20", "--json",
    )  # fmt: skip
    assert [r["similarity"] for r in document["rows"]] == [0.0, 0.5, 0.9]
    errors = [r["mean_relative_error"] for r in document["rows"]]
    assert errors == sorted(errors) and errors[0] < errors[-1]


def test_capacity_tolerance_decides_what_counts_as_exact(capsys):
    args = ["capacity", "--d", "64", "--n", "2", "--trials", "50", "--json"]
    strict = json_of(capsys, *args, "--tolerance", "0.01")["rows"][0]
    loose = json_of(capsys, *args, "--tolerance", "0.5")["rows"][0]
    assert strict["exact_recall_rate"] < loose["exact_recall_rate"] == 1.0


def test_capacity_writes_csv(tmp_path):
    out = tmp_path / "recall.csv"
    result = run("capacity", "--d", "8", "--n", "4", "8", "--trials", "3", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    rows = list(csv.DictReader(out.read_text(encoding="utf-8").splitlines()))
    assert [(r["d"], r["n"], r["rule"]) for r in rows] == [
        ("8", "4", "additive"),
        ("8", "8", "additive"),
    ]
    assert list(rows[0]) == [
        "d",
        "n",
        "similarity",
        "rule",
        "mean_relative_error",
        "exact_recall_rate",
    ]
    assert 0 <= float(rows[1]["exact_recall_rate"]) <= 1


def test_capacity_table(capsys):
    assert main(["capacity", "--d", "8", "--n", "8", "--keys", "orthogonal", "--trials", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "orthogonal keys, 4 trials, exact = relative error below 0.1"
    assert lines[1].split()[:4] == ["d", "n", "similarity", "rule"]
    assert lines[2].split() == ["8", "8", "0", "additive", "0.000", "100.0%"]


def test_one_trial_is_one_trial(capsys):
    assert main(["capacity", "--d", "4", "--n", "4", "--keys", "random", "--trials", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("random keys, 1 trial, exact")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["memory", "--layers", "-1", "--tokens", "5"], "--layers"),
        (["memory", "--head-dim", "0", "--tokens", "5"], "--head-dim"),
        (["memory", "--tokens", "-5"], "--tokens"),
        (["memory", "--dtype", "fp4", "--tokens", "5"], "fp4"),
        (["memory"], "--tokens"),
        (["capacity", "--d", "64", "--n", "0"], "--n"),
        (["capacity", "--d", "-64", "--n", "8"], "--d"),
        (["capacity", "--d", "64", "--n", "8", "--keys", "similar", "--similarity", "1"], "[0, 1)"),
        (
            ["capacity", "--d", "64", "--n", "8", "--keys", "similar", "--similarity", "-0.2"],
            "[0, 1)",
        ),
        (["capacity", "--d", "64", "--n", "8", "--keys", "similar"], "--similarity"),
        (["capacity", "--d", "64", "--n", "8", "--similarity", "0.5"], "--keys similar"),
        (["capacity", "--d", "64", "--n", "8", "--trials", "0"], "--trials"),
        (["capacity", "--d", "64", "--n", "8", "--tolerance", "-1"], "--tolerance"),
        (["capacity", "--d", "64", "--n", "8", "--rule", "gated"], "gated"),
        (["capacity", "--d", "64", "--n", "8", "--out", "curves.txt"], ".csv"),
        (["capacity", "--d", "64", "--n", "8", "--out", "curves.jpg"], ".png"),
        (["capacity", "--d", "64", "--n", "8", "--json", "--out", "x.csv"], "--json"),
    ],
)
def test_bad_arguments_give_status_2_and_one_line(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"linviz {args[0]}: error:") and words in lines[0]


def test_an_image_of_the_curves_is_written(tmp_path):
    # The recall lab's own figure (tests/views/labs checks what it shows).
    out = tmp_path / "curves.png"
    result = run("capacity", "--d", "8", "--n", "8", "--trials", "2", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unwritable_csv_is_status_1_and_one_line(tmp_path):
    result = run("capacity", "--d", "8", "--n", "8", "--out", str(tmp_path / "no" / "x.csv"))
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "cannot write" in lines[0] and "Traceback" not in result.stderr
