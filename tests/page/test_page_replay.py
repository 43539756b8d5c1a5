"""The page's JavaScript replay agrees with the Python model to 1e-9, in a real browser.

Every bundled lesson is exported and read back through ``window.linviz.trace()``;
200 random scenarios (every rule and feature map, d_k ≠ d_v, per-write α/β,
up to 1,000 steps) are fed to ``replay.js`` loaded once, and compared in the
page with the Python ``linviz trace --json`` document.
"""

import json
from importlib import resources

import numpy as np
import pytest

from linviz.model.lessons import bundled_lessons
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.report import step_object, trace_document
from linviz.model.scenario_file import load_scenario, scenario_from_dict, scenario_to_dict
from linviz.model.trace_walk import walk
from linviz.page.writer import write_lesson_page

TOLERANCE = 1e-9

#: Compares two JSON documents in the page: numbers to TOLERANCE (relative past 1),
#: everything else exactly. Returns the worst number gap and the first mismatch.
COMPARE_JS = """
function compare(want, got, path, out) {
  if (typeof want === "number") {
    if (typeof got !== "number") { out.bad = out.bad || path + ": " + got; return; }
    var gap = Math.abs(want - got) / Math.max(1, Math.abs(want));
    if (!(gap <= out.worst)) out.worst = Math.max(out.worst, gap);
    if (!(gap <= %(tol)r)) out.bad = out.bad || path + ": " + want + " != " + got;
    return;
  }
  if (want === null || typeof want !== "object") {
    if (want !== got) out.bad = out.bad || path + ": " + JSON.stringify([want, got]);
    return;
  }
  if (got === null || typeof got !== "object") { out.bad = out.bad || path + ": missing"; return; }
  if (Array.isArray(want) && want.length !== got.length) {
    out.bad = out.bad || path + ": length " + want.length + " != " + got.length; return;
  }
  for (var key in want) compare(want[key], got[key], path + "." + key, out);
}
""".replace("%(tol)r", repr(TOLERANCE))


def _replay_js() -> str:
    return resources.files("linviz.page").joinpath("replay.js").read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_every_lesson_traces_as_the_python_model_does(lesson, browser, tmp_path):
    scenario = load_scenario(lesson.path)
    page = write_lesson_page(scenario, tmp_path / "lesson.html", "fr", "light")
    browser.load(page)
    want = trace_document(Trace(scenario))
    got = browser.js("return window.linviz.trace();")
    assert got["d_k"] == want["d_k"] and got["d_v"] == want["d_v"]
    assert len(got["steps"]) == len(want["steps"]) == len(scenario)
    for a, b in zip(want["steps"], got["steps"]):
        for name in ("index", "op", "label", "target", "tied"):
            assert a.get(name) == b.get(name), (a["index"], name)
        for name in (
            "state",
            "key",
            "value",
            "stamp",
            "query",
            "output",
            "expected",
            "interference",
        ):
            if a.get(name) is None:
                assert b.get(name) is None
                continue
            np.testing.assert_allclose(b[name], a[name], rtol=TOLERANCE, atol=TOLERANCE)
        if a["op"] == "read" and "error_parts" in a:  # the model's account of the error
            assert (a["error_parts"] is None) == (b["error_parts"] is None), a["index"]
            if a["error_parts"] is not None:
                assert list(b["error_parts"]) == list(a["error_parts"]), a["index"]
                for name, part in a["error_parts"].items():
                    np.testing.assert_allclose(
                        b["error_parts"][name], part, rtol=TOLERANCE, atol=TOLERANCE
                    )
        if a["op"] == "read":
            assert [c["label"] for c in b["contributions"]] == [
                c["label"] for c in a["contributions"]
            ]
            for c, d in zip(a["contributions"], b["contributions"]):
                assert abs(c["weight"] - d["weight"]) <= TOLERANCE
                np.testing.assert_allclose(d["term"], c["term"], rtol=TOLERANCE, atol=TOLERANCE)


def test_the_errors_parts_add_up_and_name_the_courses_cases(browser, tmp_path):
    """CURRICULUM: delta-repair step 8's [4, 4] is not overwritten; gated step 5 forgets."""
    for lesson in bundled_lessons():
        page = write_lesson_page(load_scenario(lesson.path), tmp_path / "p.html")
        browser.load(page)
        for step in browser.js("return window.linviz.trace().steps;"):
            if step["op"] != "read" or step["error_parts"] is None:
                continue
            total = np.sum(list(step["error_parts"].values()), axis=0)
            np.testing.assert_allclose(total, step["interference"], atol=1e-12)
            if (lesson.name, step["index"]) == ("delta-repair", 8):
                assert step["error_parts"]["not_overwritten"] == [4, 4]
                assert step["error_parts"]["crosstalk"] == [0, 0]
            if (lesson.name, step["index"]) == ("gated-forgetting", 5):
                np.testing.assert_allclose(step["error_parts"]["forgetting"], [-3.6, -1.8])
                assert "not_overwritten" not in step["error_parts"]


RULES = ("additive", "delta", "gated", "gated_delta")


def random_document(rng: np.random.Generator, count: int, rule: str) -> dict:
    """A scenario with reused keys (so targets and ties happen), per-write α/β and explicit targets.

    Under the delta rules each write's β is kept at most 1 / ‖φ(k)‖² so that
    ``I − β φ(k) φ(k)ᵀ`` never grows the state (as normalised keys do in
    practice): a state that grows like 2^1000 would compare rounding, not rules.
    The normaliser (additive rule only) goes with the positive feature maps, as in
    the paper, never with the identity, whose denominators can cancel to ~0.
    """
    feature = str(rng.choice(["identity", "elu+1", "relu"]))
    normalize = rule == "additive" and feature != "identity" and bool(rng.random() < 0.5)
    d_k = int(rng.integers(1, 7))
    d_v = int(rng.choice([d for d in range(1, 7) if d != d_k]))
    settings: dict = {"name": rule}
    if rule in ("gated", "gated_delta"):
        settings["alpha"] = round(float(rng.uniform(0.5, 1.0)), 3)
    if rule in ("delta", "gated_delta"):
        settings["beta"] = round(float(rng.uniform(0.0, 1.0)), 3)
    pool = [np.round(rng.normal(size=d_k), 1) for _ in range(3)]
    steps, writes = [], []
    for number in range(1, count + 1):
        vector = pool[rng.integers(3)] if rng.random() < 0.4 else np.round(rng.normal(size=d_k), 2)
        if rng.random() < 0.6 or not writes:
            step = {
                "op": "write",
                "key": vector.tolist(),
                "value": rng.integers(-5, 6, d_v).tolist(),
            }
            if "alpha" in settings and rng.random() < 0.2:
                step["alpha"] = round(float(rng.uniform(0.3, 1.0)), 3)
            if "beta" in settings:
                phi = _phi(feature, vector)
                size = float(phi @ phi)
                beta = step_beta = settings["beta"] if rng.random() < 0.8 else float(rng.uniform())
                if size * beta > 1.0:
                    step_beta = 1.0 / size
                if step_beta != settings["beta"]:
                    step["beta"] = step_beta
            writes.append(number)
        else:
            step = {"op": "read", "query": vector.tolist()}
            if rng.random() < 0.1:
                step["target"] = f"w{int(rng.integers(1, len(writes) + 1))}"
        steps.append(step)
    return {
        "format": "linviz-scenario",
        "version": 1,
        "d_k": d_k,
        "d_v": d_v,
        "feature_map": feature,
        "normalize": normalize,
        "rule": settings,
        "steps": steps,
    }


def _phi(name: str, x: np.ndarray) -> np.ndarray:
    from linviz.model.features import feature_map

    return feature_map(name)(x)


def python_trace(scenario, every: int = 20) -> dict:
    """The Python ``trace --json`` document, every term of a read listed for a few reads.

    Up to 200 steps, every term of every read; past that, states, outputs,
    targets, ties and error parts of every step, and the terms of every
    ``every``-th read (from :func:`~linviz.model.readout.read_result`): every
    term of a 1,000-step trace is ~100 MB of JSON to carry into the page.
    """
    if len(scenario) <= 200:
        return trace_document(Trace(scenario))
    steps = [step_object(item) for item in walk(scenario, decompose=False)]
    trace, reads = Trace(scenario), 0
    for step in steps:
        if step["op"] != "read":
            continue
        reads += 1
        del step["contributions"]
        if reads % every == 0:
            result = read_result(trace, step["index"])
            step["contributions"] = [
                {"label": item.label, "weight": item.weight, "term": (item.term + 0.0).tolist()}
                for item in result.contributions
            ]
    return {"d_k": scenario.d_k, "d_v": scenario.d_v, "steps": steps}


def _sampled_terms(document: dict, every: int = 20) -> dict:
    """``document`` with the terms of every ``every``-th read past the first 50 steps only.

    States, outputs, targets and ties of every step are compared; every term of
    a 1,000-step trace would be ~100 MB of JSON to carry into the page.
    """
    reads = 0
    for step in document["steps"]:
        if step["op"] != "read":
            continue
        reads += 1
        if step["index"] > 50 and reads % every:
            del step["contributions"]
    return document


def _harness(tmp_path):
    """A page with replay.js alone: scenarios are fed to it, one call each."""
    page = tmp_path / "replay.html"
    page.write_text(
        "<!DOCTYPE html><meta charset='utf-8'><script>" + _replay_js() + COMPARE_JS + "</script>",
        encoding="utf-8",
    )
    return page


def test_200_random_scenarios_replay_as_the_python_model_does(browser, tmp_path):
    rng = np.random.default_rng(26)
    browser.load(_harness(tmp_path))
    worst = 0.0
    rules_seen, longest, targets, ties = set(), 0, 0, 0
    for index in range(200):
        rule = RULES[index % 4]
        # Four scenarios of 1,000 steps (one per rule), the rest spread over 1 … 1,000.
        count = 1000 if index < 4 else int(np.exp(rng.uniform(0, np.log(1000))))
        scenario = scenario_from_dict(random_document(rng, count, rule))
        want = python_trace(scenario)
        document = json.dumps(scenario_to_dict(scenario))
        answer = browser.js(
            f"var want = {json.dumps(want)};"
            f"var got = new LinvizReplay.Replay({document}).trace();"
            "var out = {worst: 0, bad: null}; compare(want, got, 'trace', out); return out;"
        )
        assert answer["bad"] is None, (index, rule, answer["bad"])
        worst = max(worst, answer["worst"])
        rules_seen.add(rule)
        longest = max(longest, len(scenario))
        reads = [step for step in want["steps"] if step["op"] == "read"]
        targets += sum(step["target"] is not None for step in reads)
        ties += sum(bool(step["tied"]) for step in reads)
    assert worst <= TOLERANCE
    assert rules_seen == set(RULES) and longest == 1000
    assert targets > 1000 and ties > 0  # the comparison met targets and ties, not only outputs


def test_an_edit_in_the_page_replays_from_the_edited_step_on(browser, tmp_path):
    """set() changes only what the model says it changes, across checkpoints."""
    rng = np.random.default_rng(7)
    browser.load(_harness(tmp_path))
    for rule in RULES:
        document = random_document(rng, 600, rule)
        scenario = scenario_from_dict(document)
        document = scenario_to_dict(scenario)
        number = next(n for n in range(300, 600) if document["steps"][n - 1]["op"] == "write")
        key = [0.5] * scenario.d_k
        scenario.replace_step(number, scenario.step(number).with_changes(vector=np.array(key)))
        want = _sampled_terms(trace_document(Trace(scenario)), every=5)
        answer = browser.js(
            f"var replay = new LinvizReplay.Replay({json.dumps(document)});"
            "replay.state(599);"  # checkpoints made before the edit must not survive it
            f"replay.set({number}, 'key', {json.dumps(key)});"
            f"var out = {{worst: 0, bad: null}};"
            f"compare({json.dumps(want)}, replay.trace(), 't', out);"
            "return out;"
        )
        assert answer["bad"] is None, (rule, answer["bad"])
