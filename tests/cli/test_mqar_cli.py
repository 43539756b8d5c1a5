"""``linviz mqar`` writes zoology's task as a scenario file that traces."""

import json

import pytest

from linviz.cli import main
from linviz.model.mqar import mqar_sequence


def test_mqar_writes_a_scenario_of_the_sequence(tmp_path, capsys):
    out = tmp_path / "mqar.json"
    arguments = ["mqar", "--pairs", "8", "--d", "32", "--vocab", "200", "--seed", "3"]
    assert main([*arguments, "--rule", "delta", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{out}: 8 pairs in 64 tokens, d = 32, rule delta (β = 1): ")
    assert printed.rstrip().endswith("of 8 queries recalled")
    document = json.loads(out.read_text())
    assert document["rule"] == {"name": "delta", "beta": 1.0}
    assert (document["d_k"], document["d_v"]) == (32, 32)
    sequence = mqar_sequence(8, 64, 200, 3)
    writes = [s["label"] for s in document["steps"] if s["op"] == "write"]
    assert writes == [f"{k}→{v}" for k, v in zip(sequence.keys, sequence.values)]
    assert main(["trace", str(out)]) == 0
    assert "q@" in capsys.readouterr().out


def test_one_pair_is_one_pair(tmp_path, capsys):
    out = tmp_path / "one.json"
    assert main(["mqar", "--pairs", "1", "--d", "4", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: 1 pair in 64 tokens, d = 4, ")


@pytest.mark.parametrize(
    "arguments, words",
    [
        (
            ["--pairs", "20", "--d", "8", "--length", "64"],
            "20 pairs need a length of at least 4N = 80, got 64",
        ),
        (["--pairs", "4", "--d", "8", "--length", "65"], "length must be even"),
        (["--pairs", "4", "--d", "8", "--vocab", "50"], "vocab must be larger than the length"),
        (["--pairs", "4", "--d", "513"], "expected 1 to 512"),
        (["--pairs", "4", "--d", "8", "--beta", "2"], "expected a number in [0, 1]"),
    ],
)
def test_settings_zoology_refuses_are_usage_errors(tmp_path, capsys, arguments, words):
    with pytest.raises(SystemExit) as caught:
        main(["mqar", *arguments, "--out", str(tmp_path / "x.json")])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_each_tokens_embedding_is_drawn_once(tmp_path, capsys, monkeypatch):
    """One generator per token, drawn for the file and again for the count of what it
    recalls: 0.6 of the 4.7 s of ``--pairs 16384 --d 64``. Now once, the same count."""
    import linviz.model.mqar as mqar

    drawn = []
    real = mqar.embeddings

    def counted(tokens, d, seed=0):
        drawn.append(len(tokens))
        return real(tokens, d, seed)

    monkeypatch.setattr(mqar, "embeddings", counted)
    out = tmp_path / "mqar.json"
    assert main(["mqar", "--pairs", "8", "--d", "16", "--seed", "2", "--out", str(out)]) == 0
    assert drawn == [8, 8]  # the keys, the values
    sequence = mqar.mqar_sequence(8, 64, 8192, 2)
    hits = int(real_recalled(sequence).sum())
    assert capsys.readouterr().out.rstrip().endswith(f": {hits} of 8 queries recalled")


def real_recalled(sequence):
    """What the command's count is, worked out from scratch."""
    from linviz.model.mqar import mqar_rule, recalled

    return recalled(sequence, 16, mqar_rule("additive"), 2)
