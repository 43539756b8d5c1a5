"""``linviz trace`` stays linear: one forward walk, a bounded number of terms per read.

Reported: --json grew with the square of the steps (every read listed every
earlier write; every step replayed from its checkpoint): 5,000 steps took
198 s, 10,000 did not finish, 1,000,000 ended in MemoryError.
"""

import json

import numpy as np
import pytest

from linviz.cli import main
from linviz.model import trace_walk
from linviz.model.limits import LARGEST_LISTED_TERMS, MAX_LISTED_TERMS
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import save_scenario


def long_scenario(writes, rule=None, seed=0, reads_every=250):
    rng = np.random.default_rng(seed)
    steps = []
    for i in range(writes):
        steps.append(write(rng.normal(size=3), rng.normal(size=2), f"w{i + 1}"))
        if i % reads_every == reads_every - 1:
            steps.append(read(rng.normal(size=3), f"r{i + 1}"))
    return Scenario(3, 2, steps, rule=rule)


def traced(tmp_path, capsys, scenario, *options):
    path = tmp_path / "long.json"
    save_scenario(scenario, path)
    assert main(["trace", str(path), "--json", *options]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def no_replay(monkeypatch):
    """Fail if the walk asks the checkpointed trace for a step (a replay per step)."""

    def refuse(*args, **kwargs):
        raise AssertionError("linviz trace replayed a step from its checkpoint")

    for name in ("state", "state_and_normaliser", "write_record", "decomposition"):
        monkeypatch.setattr(Trace, name, refuse)


RULES = [None, Rule("delta", beta=0.6), Rule("gated", alpha=0.999), Rule("gated_delta", 0.99, 0.5)]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name if r else "additive")
def test_a_read_past_1000_writes_lists_its_largest_terms_and_a_rest(
    tmp_path, capsys, no_replay, rule
):
    scenario = long_scenario(1_500, rule)
    document = traced(tmp_path, capsys, scenario)
    reads = [step for step in document["steps"] if step["op"] == "read"]
    early, late = reads[:4], reads[4:]  # after 250 .. 1,000 writes, then 1,250 and 1,500
    for step in early:
        assert all("count" not in entry for entry in step["contributions"])
        assert len(step["contributions"]) == int(step["label"][1:])
    for step in late:
        entries = step["contributions"]
        rest = entries[-1]
        assert rest["label"] == "rest" and set(rest) == {"label", "count", "term"}
        assert len(entries) == LARGEST_LISTED_TERMS + 1
        assert rest["count"] == int(step["label"][1:]) - LARGEST_LISTED_TERMS
        total = np.sum([entry["term"] for entry in entries], axis=0)
        np.testing.assert_allclose(total, step["output"], rtol=1e-9, atol=1e-9)
        numbers = [scenario.number_of(entry["label"]) for entry in entries[:-1]]
        assert numbers == sorted(numbers)  # listed in step order
        assert step["target"] in [entry["label"] for entry in entries[:-1]]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name if r else "additive")
def test_listed_terms_are_the_exact_terms_of_those_writes(tmp_path, capsys, rule):
    scenario = long_scenario(1_300, rule, seed=3)
    document = traced(tmp_path, capsys, scenario)
    trace = Trace(scenario)
    for step in document["steps"]:
        if step["op"] != "read":
            continue
        exact = read_result(trace, step["index"])
        np.testing.assert_allclose(step["output"], exact.output, rtol=1e-9, atol=1e-12)
        by_label = {label: i for i, label in enumerate(exact.labels)}
        for entry in step["contributions"]:
            if "count" in entry:
                continue
            i = by_label[entry["label"]]
            assert entry["weight"] == pytest.approx(exact.weights[i], rel=1e-9, abs=1e-12)
            np.testing.assert_allclose(entry["term"], exact.term(i), rtol=1e-8, atol=1e-12)


def test_up_to_1000_writes_every_term_and_the_target_are_the_windows(tmp_path, capsys):
    scenario = long_scenario(MAX_LISTED_TERMS, seed=5, reads_every=100)
    document = traced(tmp_path, capsys, scenario)
    trace = Trace(scenario)
    for step in document["steps"]:
        if step["op"] == "read":
            exact = read_result(trace, step["index"])
            assert [c["label"] for c in step["contributions"]] == exact.labels
            assert step["target"] == exact.target
            np.testing.assert_allclose(step["interference"], exact.interference, atol=1e-12)


def test_the_largest_terms_of_a_long_trace_are_found(tmp_path, capsys):
    # Twelve writes early on carry values 1,000 times larger than the rest:
    # a read aligned with their key must list them, however old they are.
    rng = np.random.default_rng(9)
    steps = []
    for i in range(3_000):
        loud = i % 250 == 7
        key = [1.0, 0.0, 0.0] if loud else rng.normal(size=3) * 0.01
        value = rng.normal(size=2) * (1_000 if loud else 1)
        steps.append(write(key, value, f"w{i + 1}"))
    steps.append(read([1.0, 0.0, 0.0], "q"))
    scenario = Scenario(3, 2, steps)
    step = traced(tmp_path, capsys, scenario)["steps"][-1]
    listed = {entry["label"] for entry in step["contributions"]}
    exact = read_result(Trace(scenario), len(scenario))
    largest = {exact.labels[i] for i in exact.largest_terms(LARGEST_LISTED_TERMS)}
    assert {f"w{i + 1}" for i in range(7, 3_000, 250)} <= listed
    assert listed - {"rest"} == largest


def test_all_terms_lists_every_write(tmp_path, capsys):
    scenario = long_scenario(1_200, seed=1, reads_every=600)
    document = traced(tmp_path, capsys, scenario, "--all-terms")
    last = [step for step in document["steps"] if step["op"] == "read"][-1]
    assert len(last["contributions"]) == 1_200
    assert all("count" not in entry for entry in last["contributions"])
    np.testing.assert_allclose(
        np.sum([c["term"] for c in last["contributions"]], axis=0), last["output"], rtol=1e-9
    )


def test_work_per_read_is_bounded(tmp_path, capsys, monkeypatch):
    searched = []
    real = trace_walk._default_target

    def counting(keys, norms, query):
        searched.append(len(keys))
        return real(keys, norms, query)

    monkeypatch.setattr(trace_walk, "_default_target", counting)
    traced(tmp_path, capsys, long_scenario(4_000, seed=2, reads_every=500))
    assert max(searched) <= 2 * MAX_LISTED_TERMS + 1


def test_the_table_walks_forward_once_too(tmp_path, capsys, no_replay):
    path = tmp_path / "long.json"
    save_scenario(long_scenario(1_200, Rule("delta", beta=0.5)), path)
    assert main(["trace", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 + 1_200 + 4
    assert lines[-1].split()[:3] == ["1204", "write", "w1200"]


def test_an_empty_scenario_is_a_valid_document(tmp_path, capsys):
    document = traced(tmp_path, capsys, Scenario(2, 3))
    assert document == {"d_k": 2, "d_v": 3, "steps": []}


def test_a_read_that_divides_by_a_zero_normaliser_is_refused_naming_it(tmp_path, capsys):
    path = tmp_path / "zero.json"
    path.write_text(
        json.dumps(
            {
                "format": "linviz-scenario",
                "version": 1,
                "d_k": 1,
                "d_v": 1,
                "normalize": True,
                "steps": [
                    {"op": "write", "key": [-1e-6], "value": [1]},
                    {"op": "read", "query": [1]},
                ],
            }
        )
    )
    assert main(["trace", str(path), "--json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "step 2" in captured.err and "divides by zero" in captured.err


def test_json_on_a_terminal_that_is_not_utf8_is_escaped_not_a_crash(tmp_path, capsys, monkeypatch):
    import io
    import sys

    path = tmp_path / "accents.json"
    save_scenario(Scenario(1, 1, [write([1], [1], "clé"), read([1], "lü")], title="Mémoire"), path)
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    assert main(["trace", str(path), "--json"]) == 0
    sys.stdout.flush()
    document = json.loads(raw.getvalue().decode("ascii"))
    assert document["steps"][0]["label"] == "clé"
    raw2 = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw2, encoding="ascii"))
    assert main(["trace", str(path)]) == 0
    sys.stdout.flush()
    assert b"M\\xe9moire" in raw2.getvalue()
