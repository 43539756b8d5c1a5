"""Every way a scenario file can be wrong: one clear message, never a crash."""

import json

import pytest

from linviz.model.errors import ScenarioError
from linviz.model.scenario_file import load_scenario


def scenario_text(steps=None, **top):
    document = {
        "format": "linviz-scenario",
        "version": 1,
        "title": "t",
        "d_k": 2,
        "d_v": 2,
        "steps": steps
        if steps is not None
        else [
            {"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"},
            {"op": "read", "query": [1, 0], "target": "a"},
        ],
    }
    document.update(top)
    return json.dumps(document)


def refused(tmp_path, text, name="bad.json"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    error = caught.value
    assert error.file == str(path)
    assert str(error).startswith(str(path))
    assert "\n" not in str(error)
    return error


def test_a_valid_file_loads(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(scenario_text())
    assert len(load_scenario(path)) == 2


def test_bad_json_names_line_and_column(tmp_path):
    error = refused(tmp_path, '{"format": "linviz-scenario",\n "version": 1,,}')
    assert "not valid JSON" in error.message and "line 2" in error.message


def test_wrong_key_shape_names_step_field_and_dimension(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "write", "key": [1, 0], "value": [2, 3]},
                {"op": "write", "key": [1, 0, 2], "value": [9, 9]},
            ]
        ),
    )
    assert (error.step, error.field) == (2, "key")
    assert "3 components" in error.message and "d_k = 2" in error.message


def test_wrong_value_shape(tmp_path):
    error = refused(tmp_path, scenario_text([{"op": "write", "key": [1, 0], "value": [2]}]))
    assert (error.step, error.field) == (1, "value") and "d_v = 2" in error.message


@pytest.mark.parametrize(
    "bad, reason",
    [
        ("true", "must be a number"),
        ('"1"', "must be a number"),
        ("null", "must be a number"),
        ("[1]", "must be a number"),
        ("NaN", "not a number JSON allows"),
        ("Infinity", "not a number JSON allows"),
        ("-Infinity", "not a number JSON allows"),
        ("1e400", "must be finite"),
    ],
)
def test_non_numeric_and_non_finite_numbers(tmp_path, bad, reason):
    text = (
        '{"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, "steps": ['
        '{"op": "write", "key": [1, 0], "value": [2, 3]},'
        f'{{"op": "write", "key": [0, {bad}], "value": [2, 3]}}]}}'
    )
    error = refused(tmp_path, text)
    assert reason in error.message
    if "JSON allows" not in reason:
        assert (error.step, error.field) == (2, "key")


def test_state_overflow_names_the_step(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "write", "key": [1, 0], "value": [1, 1]},
                {"op": "write", "key": [1e200, 0], "value": [1e200, 0]},
            ]
        ),
    )
    assert error.step == 2 and "overflows" in error.message


def test_read_overflow_names_the_step(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "write", "key": [1e300, 0], "value": [1, 0]},
                {"op": "read", "query": [1e300, 0]},
            ]
        ),
    )
    assert error.step == 2 and "output" in error.message


def test_unknown_op(tmp_path):
    error = refused(tmp_path, scenario_text([{"op": "erase", "key": [1, 0]}]))
    assert (error.step, error.field) == (1, "op") and "unknown op" in error.message


def test_unknown_step_key_is_a_typo_not_ignored(tmp_path):
    error = refused(
        tmp_path, scenario_text([{"op": "write", "key": [1, 0], "value": [2, 3], "lable": "a"}])
    )
    assert (error.step, error.field) == (1, "lable")


def test_unknown_top_level_key(tmp_path):
    error = refused(tmp_path, scenario_text(colour="red"))
    assert error.field == "colour" and error.step is None


def test_duplicate_json_key(tmp_path):
    error = refused(tmp_path, '{"format": "linviz-scenario", "format": "x"}')
    assert "twice" in error.message


@pytest.mark.parametrize(
    "top, field",
    [
        ({"d_k": 0}, "d_k"),
        ({"d_v": 513}, "d_v"),
        ({"d_k": 2.5}, "d_k"),
        ({"d_k": True}, "d_k"),
        ({"feature_map": "tanh"}, "feature_map"),
        ({"normalize": "yes"}, "normalize"),
        ({"rule": {"name": "delta", "beta": 2}}, "rule.beta"),
        ({"rule": {"name": "gated", "alpha": 0}}, "rule.alpha"),
        ({"rule": {"name": "gated", "alpha": 0.5, "beta": 1}}, "rule.beta"),
        ({"rule": {"name": "delta", "beta": 1}, "normalize": True}, "normalize"),
    ],
)
def test_out_of_range_settings(tmp_path, top, field):
    error = refused(tmp_path, scenario_text(**top))
    assert error.field == field


def test_per_write_beta_out_of_range(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [{"op": "write", "key": [1, 0], "value": [2, 3], "beta": -0.1}],
            rule={"name": "delta", "beta": 1},
        ),
    )
    assert (error.step, error.field) == (1, "beta")


def test_too_many_steps_is_refused_before_any_work(tmp_path, monkeypatch):
    monkeypatch.setattr("linviz.model.limits.MAX_STEPS", 3)
    error = refused(tmp_path, scenario_text([{"op": "read", "query": [1, 0]}] * 4))
    assert "at most 3" in error.message


def test_duplicate_label(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"},
                {"op": "write", "key": [0, 1], "value": [2, 3], "label": "a"},
            ]
        ),
    )
    assert (error.step, error.field) == (2, "label") and "already used" in error.message


def test_unknown_target(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"},
                {"op": "read", "query": [1, 0], "target": "b"},
            ]
        ),
    )
    assert (error.step, error.field) == (2, "target")


def test_target_must_be_an_earlier_write(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "read", "query": [1, 0], "target": "a"},
                {"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"},
            ]
        ),
    )
    assert (error.step, error.field) == (1, "target")


def test_target_cannot_be_a_read(tmp_path):
    error = refused(
        tmp_path,
        scenario_text(
            [
                {"op": "read", "query": [1, 0], "label": "x"},
                {"op": "read", "query": [1, 0], "target": "x"},
            ]
        ),
    )
    assert error.step == 2 and "earlier write" in error.message


@pytest.mark.parametrize(
    "top, field",
    [
        ({"format": "something-else"}, "format"),
        ({"version": 2}, "version"),
        ({"version": True}, "version"),
        ({"version": "1"}, "version"),
    ],
)
def test_wrong_format_or_version(tmp_path, top, field):
    assert refused(tmp_path, scenario_text(**top)).field == field


def test_empty_file(tmp_path):
    assert "empty" in refused(tmp_path, b"").message
    assert "empty" in refused(tmp_path, b"  \n ", "blank.json").message


def test_binary_file(tmp_path):
    assert "binary" in refused(tmp_path, bytes(range(256))).message


def test_not_utf8(tmp_path):
    assert "UTF-8" in refused(tmp_path, b'{"title": "\xff\xfe"}').message


def test_absurdly_nested_file(tmp_path):
    error = refused(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert "nested" in error.message


def test_not_an_object(tmp_path):
    assert "one JSON object" in refused(tmp_path, "[1, 2]").message


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(ScenarioError, match="no such file"):
        load_scenario(tmp_path / "missing.json")
    with pytest.raises(ScenarioError, match="folder"):
        load_scenario(tmp_path)


def test_missing_required_fields(tmp_path):
    error = refused(tmp_path, scenario_text([{"op": "write", "key": [1, 0]}]))
    assert (error.step, error.field) == (1, "value")
    document = json.loads(scenario_text())
    del document["d_k"]
    assert refused(tmp_path, json.dumps(document), "nodk.json").field == "d_k"
