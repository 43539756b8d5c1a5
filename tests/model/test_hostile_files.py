"""Files a hostile user would open: each reported failure is one clear ScenarioError.

Every test here failed on main before issue 14 (a traceback, a hang, an
unbounded read, or a message without the step).
"""

import json
import os
import threading

import pytest

from linviz.model import limits
from linviz.model.errors import ScenarioError
from linviz.model.scenario_file import load_scenario, load_scenario_bytes


def document(steps=None, **top):
    base = {
        "format": "linviz-scenario",
        "version": 1,
        "d_k": 2,
        "d_v": 2,
        "steps": steps
        if steps is not None
        else [{"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"}],
    }
    base.update(top)
    return base


def refused(tmp_path, text, name="bad.json"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    error = caught.value
    assert error.file == str(path) and str(error).startswith(str(path))
    assert "\n" not in str(error)
    str(error).encode("utf-8")  # printable: no lone surrogate in the message
    return error


# -- type confusion (was: TypeError: unhashable type) ---------------------------------


@pytest.mark.parametrize(
    ("top", "field"),
    [
        ({"feature_map": ["relu"]}, "feature_map"),
        ({"feature_map": {"a": 1}}, "feature_map"),
        ({"rule": {"name": {}}}, "rule.name"),
        ({"rule": {"name": ["delta"]}}, "rule.name"),
        ({"rule": ["additive"]}, "rule"),
        ({"title": ["x"]}, "title"),
        ({"caption": {"x": 1}}, "caption"),
        ({"normalize": []}, "normalize"),
        ({"d_k": [2]}, "d_k"),
        ({"format": {"x": []}}, "format"),
        ({"version": [1]}, "version"),
    ],
)
def test_type_confusion_in_settings_names_the_field(tmp_path, top, field):
    assert refused(tmp_path, json.dumps(document(**top))).field == field


@pytest.mark.parametrize(
    ("step", "field"),
    [
        ({"op": []}, "op"),
        ({"op": {}}, "op"),
        ({"op": None}, "op"),
        ({"op": "write", "key": [1, 0], "value": [2, 3], "label": ["a"]}, "label"),
        ({"op": "write", "key": [1, 0], "value": [2, 3], "label": {"a": 1}}, "label"),
        ({"op": "write", "key": {"x": 1}, "value": [2, 3]}, "key"),
        ({"op": "write", "key": [1, 0], "value": "23"}, "value"),
        ({"op": "write", "key": [[1], 0], "value": [2, 3]}, "key"),
        ({"op": "read", "query": [1, 0], "target": ["a"]}, "target"),
        ({"op": "read", "query": [1, 0], "target": {"a": 1}}, "target"),
        ({"op": "write", "key": [1, 0], "value": [2, 3], "caption": []}, "caption"),
    ],
)
def test_type_confusion_in_a_step_names_step_and_field(tmp_path, step, field):
    steps = [{"op": "write", "key": [1, 0], "value": [2, 3], "label": "a"}, step]
    error = refused(tmp_path, json.dumps(document(steps)))
    assert (error.step, error.field) == (2, field)


# -- numbers Python cannot convert (was: ValueError: Exceeds the limit) ---------------

LONG = "1" * 4301


def test_a_4301_digit_beta_names_the_field(tmp_path):
    text = json.dumps(document(rule={"name": "delta", "beta": 0})).replace(
        '"beta": 0', f'"beta": {LONG}'
    )
    error = refused(tmp_path, text)
    assert error.field == "rule.beta" and "4,301 digits" in error.message


def test_a_4301_digit_component_names_step_field_and_component(tmp_path):
    steps = [
        {"op": "write", "key": [1, 0], "value": [2, 3]},
        {"op": "write", "key": [0, 1], "value": [7, 3]},
    ]
    text = json.dumps(document(steps)).replace("[7, 3]", f"[2, {LONG}]")
    error = refused(tmp_path, text)
    assert (error.step, error.field) == (2, "value")
    assert "component 2" in error.message and "4,301 digits" in error.message


def test_a_per_write_beta_beyond_the_float_range(tmp_path):
    steps = [{"op": "write", "key": [1, 0], "value": [2, 3], "beta": 10**400}]
    error = refused(tmp_path, json.dumps(document(steps, rule={"name": "delta", "beta": 1})))
    assert (error.step, error.field) == (1, "beta")
    assert len(error.message) < 200  # the number is shortened, not printed whole


def test_a_huge_d_k_is_refused_in_short_words(tmp_path):
    error = refused(tmp_path, json.dumps(document(d_k=10**4000)))
    assert error.field == "d_k" and len(str(error)) < 300


# -- lone surrogates (was: UnicodeEncodeError when the table was printed) --------------


@pytest.mark.parametrize("field", ["label", "caption"])
def test_a_lone_surrogate_in_a_step_text_is_refused_on_load(tmp_path, field):
    step = {"op": "write", "key": [1, 0], "value": [2, 3], field: "k\udc00"}
    error = refused(tmp_path, json.dumps(document([step])))
    assert (error.step, error.field) == (1, field)
    assert "\\udc00" in error.message


@pytest.mark.parametrize("field", ["title", "caption"])
def test_a_lone_surrogate_in_a_title_or_caption(tmp_path, field):
    error = refused(tmp_path, json.dumps(document(**{field: "\ud800 lesson"})))
    assert error.field == field


def test_surrogate_pairs_and_other_scripts_are_fine(tmp_path):
    path = tmp_path / "ok.json"
    steps = [{"op": "write", "key": [1, 0], "value": [2, 3], "label": "k₁ 😀 é"}]
    path.write_text(json.dumps(document(steps, title="Mémoire 😀")), encoding="utf-8")
    assert load_scenario(path).label_at(1) == "k₁ 😀 é"


# -- NaN and Infinity now name the step ----------------------------------------------------


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_name_the_step_and_field(tmp_path, constant):
    text = (
        '{"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, "steps": ['
        '{"op": "write", "key": [1, 0], "value": [2, 3]},'
        '{"op": "write", "key": [1, 0], "value": [2, 3]},'
        f'{{"op": "read", "query": [0, {constant}]}}]}}'
    )
    error = refused(tmp_path, text)
    assert (error.step, error.field) == (3, "query")
    assert "component 2" in error.message and constant in error.message


def test_nan_in_a_setting_names_the_field(tmp_path):
    text = json.dumps(document(rule={"name": "gated", "alpha": 0.5})).replace("0.5", "NaN")
    assert refused(tmp_path, text).field == "rule.alpha"


# -- the first problem is the one named -------------------------------------------------


def test_the_first_bad_step_is_named_whichever_check_finds_it(tmp_path):
    steps = [{"op": "write", "key": [1, 0], "value": [2, 3]} for _ in range(20_000)]
    steps[9_000]["key"] = [1, True]  # found by the bulk check of numbers
    steps[12_000]["op"] = "erase"  # found step by step
    error = refused(tmp_path, json.dumps(document(steps)))
    assert (error.step, error.field) == (9_001, "key")
    assert "component 2 must be a number" in error.message


def test_invalid_json_later_in_the_file_comes_before_a_bad_step(tmp_path):
    text = json.dumps(document([{"op": "erase"}] + [{"op": "read", "query": [1, 0]}] * 3))
    error = refused(tmp_path, text[:-2])
    assert "not valid JSON" in error.message


def test_settings_after_the_steps_still_apply_to_them(tmp_path):
    text = (
        '{"steps": [{"op": "write", "key": [1, 0, 0], "value": [2], "beta": 0.5}],'
        ' "format": "linviz-scenario", "version": 1, "d_v": 1, "d_k": 3,'
        ' "rule": {"name": "delta", "beta": 1}}'
    )
    path = tmp_path / "late.json"
    path.write_text(text)
    scenario = load_scenario(path)
    assert (scenario.d_k, scenario.d_v, scenario.step(1).beta) == (3, 1, 0.5)
    error = refused(tmp_path, text.replace('"delta", "beta": 1', '"additive"'), "late2.json")
    assert (error.step, error.field) == (1, "beta")


def test_a_bad_setting_comes_before_a_bad_step(tmp_path):
    error = refused(tmp_path, json.dumps(document([{"op": "erase"}], d_v=0)))
    assert error.field == "d_v" and error.step is None


def test_deep_nesting_inside_a_step_is_refused(tmp_path):
    text = json.dumps(document()).replace("[2, 3]", "[2, " + "[" * 50_000 + "]" * 50_000 + "]")
    error = refused(tmp_path, text)
    assert error.step == 1


def test_duplicate_key_inside_a_step_names_the_step(tmp_path):
    text = json.dumps(document()).replace('"label": "a"', '"label": "a", "label": "b"')
    error = refused(tmp_path, text)
    assert (error.step, error.field) == (1, "label") and "twice" in error.message


# -- files that are not files, or too large (was: a hang, an unbounded read) -------------


def load_in_thread(path):
    """Load ``path`` on a thread; the test fails (rather than hangs) if it blocks."""
    outcome = {}

    def run():
        try:
            outcome["scenario"] = load_scenario(path)
        except BaseException as error:
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "load_scenario blocked"
    return outcome


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    error = load_in_thread(fifo)["error"]
    assert isinstance(error, ScenarioError) and "FIFO" in error.message


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_is_refused_without_reading_it():
    error = load_in_thread("/dev/zero")["error"]
    assert isinstance(error, ScenarioError) and "device" in error.message


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(document()))
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 100)

    def no_parsing(*args, **kwargs):
        raise AssertionError("parsed a file over the limit")

    monkeypatch.setattr("linviz.model.scenario_file._DocumentReader.read", no_parsing)
    with pytest.raises(ScenarioError, match="at most 100 bytes") as caught:
        load_scenario(path)
    assert caught.value.file == str(path)
    with pytest.raises(ScenarioError, match="at most 100 bytes"):
        load_scenario_bytes(path.read_bytes(), "big.json")


def test_the_size_limit_fits_a_million_steps_at_d_8():
    numbers = ", ".join(["-0.12345678901234567"] * 8)
    step = f'{{"op": "write", "key": [{numbers}], "value": [{numbers}], "label": "w1000000"}}'
    line = f"    {step},\n"
    assert 1_000_000 * len(line) <= limits.MAX_FILE_BYTES


def test_a_name_over_255_bytes_is_a_message(tmp_path):
    error = pytest.raises(ScenarioError, load_scenario, tmp_path / ("é" * 200 + ".json")).value
    assert "too long" in error.message


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads anything")
def test_a_folder_without_permission_is_a_message(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "x.json").write_text(json.dumps(document()))
    folder.chmod(0)
    try:
        error = pytest.raises(ScenarioError, load_scenario, folder / "x.json").value
    finally:
        folder.chmod(0o755)
    assert "permission denied" in error.message


def test_permission_denied_is_a_message_even_for_root(tmp_path, monkeypatch):
    path = tmp_path / "locked" / "x.json"
    real_stat = os.stat

    def stat(name, *args, **kwargs):
        if "locked" in os.fspath(name):
            raise PermissionError(13, "Permission denied", os.fspath(name))
        return real_stat(name, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    error = pytest.raises(ScenarioError, load_scenario, path).value
    assert "permission denied" in error.message and error.file == str(path)


def test_a_name_with_a_nul_character_is_a_message(tmp_path):
    error = pytest.raises(ScenarioError, load_scenario, str(tmp_path / "a\x00b.json")).value
    assert "NUL" in error.message and "\x00" not in str(error)


def test_a_control_character_in_a_file_name_keeps_the_message_on_one_line(tmp_path):
    path = tmp_path / "two\nlines.json"
    path.write_text("{")
    error = pytest.raises(ScenarioError, load_scenario, path).value
    assert "\n" not in str(error) and "two\\nlines.json" in str(error)
