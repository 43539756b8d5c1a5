"""Long scenarios through ``linviz trace --json``, checked against an independent replay.

Longer than two checkpoint intervals (512 steps each), under every rule, so
that every path of the replay (boundaries, segment sums, write-by-write
delta runs, the overflow check) is crossed.
"""

import json

import numpy as np
import pytest

from linviz.cli import main
from tests.reference import replay


def trace_json(tmp_path, capsys, document):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["trace", str(path), "--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def check_against_reference(document, traced):
    states, outputs = replay(document)
    assert len(traced["steps"]) == len(document["steps"])
    for step in traced["steps"]:
        number = step["index"]
        np.testing.assert_allclose(step["state"], states[number], rtol=1e-9, atol=1e-9)
        if step["op"] == "read":
            np.testing.assert_allclose(step["output"], outputs[number], rtol=1e-9, atol=1e-9)
            terms = np.array([c["term"] for c in step["contributions"]]).reshape(
                -1, len(outputs[number])
            )
            np.testing.assert_allclose(terms.sum(axis=0), step["output"], rtol=1e-9, atol=1e-9)


def test_513_delta_writes_trace_without_error(tmp_path, capsys):
    # Used to stop with "index 512 is out of bounds" after the first checkpoint.
    document = {
        "format": "linviz-scenario",
        "version": 1,
        "d_k": 1,
        "d_v": 1,
        "rule": {"name": "delta", "beta": 1},
        "steps": [{"op": "write", "key": [1], "value": [1]} for _ in range(513)],
    }
    traced = trace_json(tmp_path, capsys, document)
    assert traced["steps"][-1]["state"] == [[1]]
    check_against_reference(document, traced)


RULES = [
    ({"name": "additive"}, "identity", False),
    ({"name": "additive"}, "elu+1", True),
    ({"name": "delta", "beta": 0.7}, "identity", False),
    ({"name": "gated", "alpha": 0.97}, "relu", False),
    ({"name": "gated_delta", "alpha": 0.95, "beta": 0.6}, "elu+1", False),
]


@pytest.mark.parametrize(("rule", "feature_map", "normalize"), RULES)
def test_1300_steps_under_every_rule_match_the_reference(
    tmp_path, capsys, rule, feature_map, normalize
):
    rng = np.random.default_rng(len(str(rule)) + normalize)
    d_k, d_v = 3, 2
    steps = []
    for i in range(1300):
        key = np.round(rng.normal(size=d_k) / np.sqrt(d_k), 3).tolist()
        if i % 7 == 6:
            steps.append({"op": "read", "query": key})
            continue
        step = {"op": "write", "key": key, "value": np.round(rng.normal(size=d_v), 3).tolist()}
        if "alpha" in rule and i % 11 == 3:
            step["alpha"] = 0.5  # a per-write override
        if "beta" in rule and i % 13 == 5:
            step["beta"] = 0.25
        steps.append(step)
    document = {
        "format": "linviz-scenario",
        "version": 1,
        "d_k": d_k,
        "d_v": d_v,
        "feature_map": feature_map,
        "normalize": normalize,
        "rule": rule,
        "steps": steps,
    }
    check_against_reference(document, trace_json(tmp_path, capsys, document))
