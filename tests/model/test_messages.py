"""Every refusal says, word for word, which file, step (1-based) and field, and what to do.

ARCHITECTURE.md: bad input never reaches the arithmetic, and the error names
the file, the step as the user sees it, the field and what was expected.
The expected messages are the whole text a user reads (``linviz trace``
prints exactly ``linviz: <message>``).
"""

import json

import numpy as np
import pytest

from linviz.model import limits
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons, resolve_scenario_path
from linviz.model.rules import Rule, check_parameter
from linviz.model.scenario import READ, Scenario, Step, read, write
from linviz.model.scenario_file import load_scenario_bytes

FILE = "lesson.json"


def document(steps=None, **top):
    base = {"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2}
    if steps is None:
        steps = [{"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"}]
    return {**base, "steps": steps, **top}


def refusal(data):
    """The message loading ``data`` (bytes, or a document) gives."""
    if not isinstance(data, bytes):
        data = json.dumps(data).encode()
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(data, FILE)
    return str(caught.value)


W = {"op": "write", "key": [1, 0], "value": [2, 3]}
R = {"op": "read", "query": [1, 0]}


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "lesson.json: the file is empty; expected a JSON scenario"),
        (b"{\x00}", "lesson.json: this is a binary file, not a JSON scenario"),
        (b'{"title": "\xff"}', "lesson.json: not UTF-8 text (byte 12); expected a JSON scenario"),
        (
            b'{"a": 1,,}',
            "lesson.json: not valid JSON: Expecting property name enclosed in double quotes"
            " at line 1, column 9",
        ),
        (
            b'{"d_k": NaN}',
            "lesson.json, field 'd_k': d_k is NaN, which is not a number JSON allows;"
            " write a finite number",
        ),
        (
            b'{"format": 1, "format": 2}',
            "lesson.json, field 'format': the key 'format' appears twice in one object",
        ),
        (b"[1, 2]", "lesson.json: the file must hold one JSON object (a scenario)"),
        (
            document(format="linviz"),
            "lesson.json, field 'format': format must be 'linviz-scenario', got 'linviz'",
        ),
        (document(version=True), "lesson.json, field 'version': version must be 1, got True"),
        (document(version=2), "lesson.json, field 'version': version must be 1, got 2"),
        (
            document(colour="red"),
            "lesson.json, field 'colour': unknown key 'colour' in the scenario; allowed: caption,"
            " caption_for, d_k, d_v, feature_map, format, layout, normalize, rule, steps, title,"
            " version",
        ),
        (
            {k: v for k, v in document().items() if k != "d_v"},
            "lesson.json, field 'd_v': missing 'd_v'",
        ),
        (
            {k: v for k, v in document().items() if k != "steps"},
            "lesson.json, field 'steps': missing 'steps'",
        ),
        (document(steps={}), "lesson.json, field 'steps': steps must be a list"),
        (
            document(rule="delta"),
            'lesson.json, field \'rule\': rule must be an object like {"name": "additive"}',
        ),
        (document(rule={"beta": 1}), "lesson.json, field 'rule.name': rule needs a 'name'"),
        (
            document(rule={"name": "hebbian"}),
            "lesson.json, field 'rule.name': unknown rule 'hebbian'; expected one of additive,"
            " delta, gated, gated_delta",
        ),
        (
            document(rule={"name": "gated", "alpha": 0.5, "beta": 1}),
            "lesson.json, field 'rule.beta': the gated rule takes no 'beta'",
        ),
        (
            document(rule={"name": "gated"}),
            "lesson.json, field 'rule.alpha': rule 'gated' needs 'alpha' (a number in (0, 1])",
        ),
        (
            document(rule={"name": "delta", "beta": 1.5}),
            "lesson.json, field 'rule.beta': beta must be a number in [0, 1], got 1.5",
        ),
        (
            document(d_k=0),
            "lesson.json, field 'd_k': d_k must be a whole number from 1 to 512, got 0",
        ),
        (
            document(d_v=513),
            "lesson.json, field 'd_v': d_v must be a whole number from 1 to 512, got 513",
        ),
        (
            document(feature_map="tanh"),
            "lesson.json, field 'feature_map': unknown feature map 'tanh'; expected one of"
            " identity, elu+1, relu",
        ),
        (
            document(normalize="yes"),
            "lesson.json, field 'normalize': normalize must be true or false, got 'yes'",
        ),
        (
            document(normalize=True, rule={"name": "gated", "alpha": 0.5}),
            "lesson.json, field 'normalize': the normaliser z is defined only for the additive"
            " rule, not 'gated': turn normalize off or use the additive rule",
        ),
        (document(title=7), "lesson.json, field 'title': title must be text, got int"),
    ],
)
def test_a_file_that_cannot_be_used_says_why(data, message):
    assert refusal(data) == message


@pytest.mark.parametrize(
    "steps, message",
    [
        ([W, 3], "lesson.json, step 2: a step must be an object with an 'op'"),
        (
            [W, W, {"op": "erase"}],
            "lesson.json, step 3, field 'op': unknown op 'erase'; expected 'write' or 'read'",
        ),
        (
            [{**W, "lable": "a"}],
            "lesson.json, step 1, field 'lable': unknown key 'lable' in a write step; allowed:"
            " alpha, beta, caption, caption_for, key, label, notes, notes_for, op, question,"
            " question_for, value",
        ),
        (
            [W, {**R, "value": [1, 1]}],
            "lesson.json, step 2, field 'value': unknown key 'value' in a read step; allowed:"
            " caption, caption_for, label, notes, notes_for, op, query, question,"
            " question_for, target",
        ),
        (
            [W, {"op": "write", "key": [1, 0]}],
            "lesson.json, step 2, field 'value': a write needs a 'value'",
        ),
        ([{"op": "read"}], "lesson.json, step 1, field 'query': a read needs a 'query'"),
        (
            [W, {**R, "target": 1}],
            "lesson.json, step 2, field 'target': target must be the label of an earlier write,"
            " got 1",
        ),
        (
            [W, {**R, "target": "w2"}],
            "lesson.json, step 2, field 'target': target 'w2' is not the label of an earlier write",
        ),
        (
            [{**R, "label": "q"}, W, {**R, "target": "q"}],
            "lesson.json, step 3, field 'target': target 'q' is not the label of an earlier write",
        ),
        (
            [W, {**W, "key": [1, 0, 2]}],
            "lesson.json, step 2, field 'key': key has 3 components but S has d_k = 2 rows: the"
            " stamp k vᵀ would be 3×2, S is 2×2. Give the key 2 components.",
        ),
        (
            [W, W, {**R, "query": [1]}],
            "lesson.json, step 3, field 'query': query has 1 component but S has d_k = 2 rows:"
            " qᵀS needs a query of length 2. Give the query 2 components.",
        ),
        (
            [{**W, "value": [2]}],
            "lesson.json, step 1, field 'value': value has 1 component but S has d_v = 2"
            " columns: the stamp k vᵀ would be 2×1, S is 2×2. Give the value 2 components.",
        ),
        (
            [W, {**W, "key": [0, True]}],
            "lesson.json, step 2, field 'key': key component 2 must be a number, got True",
        ),
        (
            [{**W, "value": ["x" * 50, 1]}],
            "lesson.json, step 1, field 'value': value component 1 must be a number, got '"
            + "x" * 36
            + "...",
        ),
        (
            [{**W, "value": ["x" * 38, 1]}],
            "lesson.json, step 1, field 'value': value component 1 must be a number, got '"
            + "x" * 38
            + "'",
        ),
        (
            [{**W, "key": "10"}],
            "lesson.json, step 1, field 'key': key must be a list of 2 numbers, got str",
        ),
        (
            [W, {**W, "label": "w2"}, {**W, "label": "w2"}],
            "lesson.json, step 3, field 'label': label 'w2' is already used by another step",
        ),
        ([{**W, "label": " "}], "lesson.json, step 1, field 'label': label must not be empty"),
        (
            [{**W, "label": "x" * 65}],
            "lesson.json, step 1, field 'label': label is 65 characters; at most 64 allowed",
        ),
        (
            [{**W, "caption": 5}],
            "lesson.json, step 1, field 'caption': caption must be text, got int",
        ),
        (
            [W, {**W, "alpha": 0.5}],
            "lesson.json, step 2, field 'alpha': the additive rule takes no alpha",
        ),
    ],
)
def test_a_step_that_cannot_be_used_is_named_by_its_number_and_field(steps, message):
    assert refusal(document(steps)) == message


def test_a_number_beyond_the_float_range_is_named_with_a_short_excerpt():
    text = (
        '{"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, "steps": ['
        '{"op": "write", "key": [1, 0], "value": [2, 3]},'
        '{"op": "write", "key": [1, 1e999], "value": [2, 3]},'
        f'{{"op": "write", "key": [1, {"9" * 400}], "value": [2, 3]}}]}}'
    )
    assert refusal(text.encode()) == (
        "lesson.json, step 2, field 'key': key component 2 must be finite, got inf"
    )
    assert refusal(text.replace("1e999", "1").encode()) == (
        "lesson.json, step 3, field 'key': key component 2 must be finite, got " + "9" * 37 + "..."
    )


def test_deep_brackets_inside_text_are_not_nesting():
    # In the file the quotes and the backslash are escaped: \\ and \".
    caption = "[" * 30 + '\\"{{' * 30  # {{ is a brace: { opens a live field
    data = json.dumps(document(caption=caption)).encode()
    assert load_scenario_bytes(data, FILE).caption == caption
    # 20 levels are parsed (then refused for what they hold); 21 are not parsed.
    assert refusal(b"[" * 20 + b"]" * 20) == (
        "lesson.json: the file must hold one JSON object (a scenario)"
    )


def test_labels_default_to_w_and_r_counted_separately():
    steps = [W, R, {**W, "label": "mine"}, W, R]
    scenario = load_scenario_bytes(json.dumps(document(steps)).encode(), FILE)
    assert scenario.labels() == ["w1", "r1", "mine", "w3", "r2"]


def test_a_file_at_the_step_limit_is_refused_before_any_work(monkeypatch):
    monkeypatch.setattr(limits, "MAX_STEPS", 2)
    assert len(load_scenario_bytes(json.dumps(document([W, W])).encode(), FILE)) == 2
    assert refusal(document([W, W, W])) == (
        "lesson.json, field 'steps': 3 steps; at most 2 allowed"
    )


# -- edits of a scenario in the app -------------------------------------------------------
def scenario():
    return Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "a"),
            write([0, 1], [5, 1], "b", beta=0.5),
            read([1, 0], "r", target="a"),
        ],
        rule=Rule("delta", beta=1.0),
    )


def message(action):
    with pytest.raises(ScenarioError) as caught:
        action()
    return str(caught.value)


def test_an_edit_that_cannot_be_made_names_the_step_and_field():
    sc = scenario()
    assert message(lambda: sc.replace_step(2, write([1, 0, 0], [1, 1], "b"))) == (
        "step 2, field 'key': key has 3 components but S has d_k = 2 rows: the stamp k vᵀ"
        " would be 3×2, S is 2×2. Give the key 2 components."
    )
    assert message(lambda: sc.replace_step(2, write([1, 0], [1, 1], "a"))) == (
        "step 2, field 'label': label 'a' is already used by another step"
    )
    assert message(lambda: sc.replace_step(1, write([1, 0], [1, 1], "a2"))) == (
        "step 3, field 'target': read 'r' targets 'a', which would no longer be an earlier"
        " write: change its target first"
    )
    assert message(lambda: sc.replace_step(1, read([1, 0], "a"))) == (
        "step 3, field 'target': read 'r' targets 'a', which would no longer be an earlier"
        " write: change its target first"
    )
    assert message(lambda: sc.remove_step(1)) == (
        "step 3, field 'target': read 'r' targets 'a', which would no longer be an earlier"
        " write: change its target first"
    )
    assert message(lambda: sc.move_step(3, 1)) == (
        "step 1, field 'target': read 'r' targets 'a', which would no longer be an earlier write"
    )
    assert message(lambda: sc.move_step(1, 3)) == (
        "step 2, field 'target': read 'r' targets 'a', which would no longer be an earlier write"
    )
    assert message(lambda: sc.insert_step(2, read([1, 0], "s", target="b"))) == (
        "step 2, field 'target': target 'b' is not the label of an earlier write"
    )
    assert message(lambda: sc.insert_step(4, write([1, 0], [1, 1], "c", alpha=0.5))) == (
        "step 4, field 'alpha': the delta rule takes no alpha"
    )
    assert message(lambda: sc.insert_step(4, write([1, 0], [1, 1], "c", beta=-0.1))) == (
        "step 4, field 'beta': beta must be a number in [0, 1], got -0.1"
    )
    assert message(lambda: sc.insert_step(4, read([1, 0], "c", beta=0.5))) == (
        "step 4, field 'beta': a read takes no beta"
    )
    assert message(lambda: sc.insert_step(4, write([1, 0], [1, 1], "c", target="a"))) == (
        "step 4, field 'target': only a read has a target"
    )
    assert message(lambda: sc.insert_step(1, Step(READ, np.ones(2), np.ones(2), "c"))) == (
        "step 1, field 'value': a read has no value"
    )
    assert message(lambda: sc.insert_step(1, Step("erase", np.ones(2), None, "c"))) == (
        "step 1, field 'op': unknown op 'erase'; expected 'write' or 'read'"
    )
    assert message(lambda: sc.configure(rule=Rule())) == (
        "step 2, field 'beta': write 'b' sets its own beta, which the additive rule does not"
        " take: clear it first"
    )
    assert message(lambda: sc.configure(normalize=True)) == (
        "field 'normalize': the normaliser z is defined only for the additive rule, not"
        " 'delta': turn normalize off or use the additive rule"
    )
    assert message(lambda: sc.set_text(title="t" * 2001)) == (
        "field 'title': title is 2001 characters; at most 2000 allowed"
    )
    with pytest.raises(IndexError, match="cannot insert at step 5"):
        sc.insert_step(5, read([1, 0], "late"))
    with pytest.raises(IndexError, match="cannot insert at step 0"):
        sc.insert_step(0, read([1, 0], "early"))
    with pytest.raises(IndexError, match="step 4 out of range 1..3"):
        sc.step(4)
    assert sc == scenario()  # nothing was changed by any refusal


def test_a_move_that_keeps_every_target_earlier_is_allowed():
    sc = scenario()
    sc.move_step(2, 3)  # the read now comes before b: it still targets a, step 1
    assert sc.labels() == ["a", "r", "b"]
    sc.move_step(3, 1)
    assert sc.labels() == ["b", "a", "r"]
    sc.replace_step(3, read([0, 1], "r", target="b"))  # b is step 1, earlier: fine
    sc.remove_step(2)  # a is no longer anyone's target
    assert sc.labels() == ["b", "r"]


def test_the_step_limit_holds_for_inserts(monkeypatch):
    sc = scenario()
    monkeypatch.setattr(limits, "MAX_STEPS", 3)
    assert message(lambda: sc.insert_step(4, read([1, 0], "more"))) == (
        "field 'steps': a scenario holds at most 3 steps"
    )
    with pytest.raises(ScenarioError, match="4 steps; at most 3 allowed"):
        Scenario(2, 2, [read([1, 0], f"r{i}") for i in range(4)])
    with pytest.raises(ScenarioError, match="more than 3 steps"):
        Scenario(2, 2, (read([1, 0], f"r{i}") for i in range(4)))  # no length known


# -- parameters and rules -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, value, ok",
    [
        ("alpha", 1, True),
        ("alpha", 1.0, True),
        ("alpha", 1e-9, True),
        ("alpha", 0, False),
        ("alpha", 1.0000001, False),
        ("alpha", -0.5, False),
        ("beta", 0, True),
        ("beta", 1, True),
        ("beta", 0.5, True),
        ("beta", -1e-9, False),
        ("beta", 1.0000001, False),
        ("beta", float("nan"), False),
        ("beta", float("inf"), False),
        ("beta", True, False),
        ("beta", "0.5", False),
        ("alpha", None, False),
    ],
)
def test_alpha_and_beta_ranges_include_their_closed_ends(name, value, ok):
    if ok:
        assert check_parameter(name, value, "f") == float(value)
        assert type(check_parameter(name, value, "f")) is float
    else:
        expected = {"alpha": "a number in (0, 1]", "beta": "a number in [0, 1]"}[name]
        with pytest.raises(ScenarioError) as caught:
            check_parameter(name, value, "rule.x")
        assert str(caught.value) == f"field 'rule.x': {name} must be {expected}, got {value!r}"


def test_rules_describe_themselves_and_are_written_back_as_read():
    assert Rule().describe() == "additive"
    assert Rule("delta", beta=1).describe() == "delta (β = 1)"
    assert Rule("gated", alpha=0.8).describe() == "gated (α = 0.8)"
    assert Rule("gated_delta", alpha=0.9, beta=0.25).describe() == "gated_delta (α = 0.9, β = 0.25)"
    assert Rule("gated_delta", alpha=1, beta=0).to_dict() == {
        "name": "gated_delta",
        "alpha": 1.0,
        "beta": 0.0,
    }
    assert Rule().to_dict() == {"name": "additive"}
    assert (Rule("gated", alpha=0.5).decays, Rule("gated", alpha=0.5).corrects) == (True, False)
    assert (Rule("delta", beta=0.5).decays, Rule("delta", beta=0.5).corrects) == (False, True)
    assert message(lambda: Rule("additive", alpha=0.5)) == (
        "field 'rule.alpha': rule 'additive' takes no 'alpha'"
    )
    assert message(lambda: Rule("gated", alpha=0.5, beta=0.5)) == (
        "field 'rule.beta': rule 'gated' takes no 'beta'"
    )
    assert message(lambda: Rule("delta")) == (
        "field 'rule.beta': rule 'delta' needs 'beta' (a number in [0, 1])"
    )


def test_a_write_uses_its_own_parameters_else_the_rules():
    sc = Scenario(
        1,
        1,
        [write([1], [1], "own", alpha=0.5, beta=0.25), write([1], [1], "rule's")],
        rule=Rule("gated_delta", alpha=0.9, beta=0.75),
    )
    assert sc.parameters_of(sc.step(1)) == (0.5, 0.25)
    assert sc.parameters_of(sc.step(2)) == (0.9, 0.75)
    alphas, betas = sc.write_parameters()
    assert alphas.tolist() == [0.5, 0.9] and betas.tolist() == [0.25, 0.75]
    plain = Scenario(1, 1, [write([1], [1], "w")])
    assert plain.parameters_of(plain.step(1)) == (1.0, 1.0)
    assert [c.tolist() for c in plain.write_parameters()] == [[1.0], [1.0]]


# -- the error itself -------------------------------------------------------------------------
def test_an_error_keeps_what_it_knew_when_it_learns_more():
    error = ScenarioError("bad key", field="key")
    assert str(error) == "field 'key': bad key" and error.where() == "field 'key'"
    located = error.located(step=3).located(file="a.json")
    assert str(located) == "a.json, step 3, field 'key': bad key"
    assert (located.file, located.step, located.field, located.message) == (
        "a.json",
        3,
        "key",
        "bad key",
    )
    assert str(located.located(step=4)) == "a.json, step 4, field 'key': bad key"
    assert str(ScenarioError("plain")) == "plain" and ScenarioError("plain").where() == ""
    assert str(ScenarioError("m", file="f.json")) == "f.json: m"
    assert located.args == ("a.json, step 3, field 'key': bad key",)
    assert isinstance(located, ValueError)


# -- lessons by name ------------------------------------------------------------------------------
def test_a_lesson_is_found_by_name_number_or_file_name(tmp_path, monkeypatch):
    lessons = bundled_lessons()
    assert [lesson.name for lesson in lessons] == [
        "session-trace",
        "crowding-the-plane",
        "feature-map",
        "delta-repair",
        "gated-forgetting",
        "transfer-challenge",
    ]
    assert str(lessons[1].title) == "Crowding the plane"  # the English of {"en", "fr"}
    crowding = lessons[1].path
    assert resolve_scenario_path("crowding-the-plane") == crowding
    assert resolve_scenario_path("2") == crowding
    assert resolve_scenario_path("02-crowding-the-plane.json") == crowding
    assert resolve_scenario_path("02-crowding-the-plane") == crowding
    assert resolve_scenario_path("5") == lessons[4].path
    # A file of the same name in the working folder wins over the lesson.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "2").write_text("{}", encoding="utf-8")
    assert resolve_scenario_path("2").resolve() == (tmp_path / "2").resolve()
    assert message(lambda: resolve_scenario_path("7")) == (
        "7: no such file, and no lesson of that name (lessons: session-trace,"
        " crowding-the-plane, feature-map, delta-repair, gated-forgetting, transfer-challenge)"
    )


def test_the_lessons_folder_lists_numbered_files_in_order(tmp_path, monkeypatch):
    from linviz.model import lessons as lessons_module

    (tmp_path / "01.json").write_text("{}", encoding="utf-8")  # not a lesson: no name
    (tmp_path / "10-later.json").write_text('{"title": "Décalé"}', encoding="utf-8")
    (tmp_path / "02-untitled.json").write_text("{}", encoding="utf-8")
    (tmp_path / "03-readme.txt").write_text("", encoding="utf-8")
    monkeypatch.setattr(lessons_module, "lessons_folder", lambda: tmp_path)
    found = [(lesson.name, lesson.title, lesson.path.name) for lesson in bundled_lessons()]
    assert found == [
        ("untitled", "untitled", "02-untitled.json"),  # no title: the name stands in
        ("later", "Décalé", "10-later.json"),
    ]
