"""The columns layout holds the same scenario as the steps layout, and refuses the same way."""

import copy
import hashlib
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from linviz.controller.session import Session
from linviz.model import column_checks, column_layout
from linviz.model.column_layout import NotFast, read_fast
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.rules import Rule
from linviz.model.safe_files import changed_on_disk, stamp_file
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import (
    dumps_scenario,
    load_scenario,
    load_scenario_bytes,
    load_scenario_stamped,
    save_scenario,
    scenario_from_dict,
    scenario_to_dict,
)
from tests.model import test_fuzz_files as fuzz
from tests.model.test_fuzz_files import valid_documents


def columns_of(scenario):
    return json.loads(dumps_scenario(scenario, "columns"))


def load_bytes(document):
    text = json.dumps(document, ensure_ascii=False).replace('"HUGE"', "1e400")
    return load_scenario_bytes(text.encode(), "lesson.json")


def same(one, other):
    assert one == other
    assert one.caption_written_for == other.caption_written_for
    assert one.title == other.title and one.caption == other.caption


@pytest.fixture(params=["simdjson", "orjson", "stdlib"])
def parser(request, monkeypatch):
    """Run a test with simdjson's numbers, orjson's, then the standard library's alone."""
    if request.param == "simdjson" and column_layout.simdjson_module() is None:
        pytest.skip("pysimdjson is not installed")
    if request.param != "simdjson":
        monkeypatch.setattr(column_layout, "simdjson_module", lambda: None)
    if request.param == "stdlib":
        monkeypatch.setattr(column_layout, "orjson", None)
    return request.param


@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_every_lesson_reads_the_same_in_both_layouts(lesson, tmp_path, parser):
    by_steps = load_scenario(lesson.path)
    text = dumps_scenario(by_steps, "columns")
    path = tmp_path / "columns.json"
    path.write_text(text, encoding="utf-8")
    header, steps = read_fast(path.read_bytes())  # the fast reader takes the writer's file
    assert isinstance(steps["keys"], np.ndarray)
    for by_columns in (load_scenario(path), scenario_from_dict(json.loads(text))):
        same(by_columns, by_steps)
        assert by_columns.layout == "columns"
    assert by_steps.layout == "steps"
    assert dumps_scenario(load_scenario(path), "steps") == dumps_scenario(by_steps)


@settings(max_examples=60, deadline=None)
@given(valid_documents())
def test_generated_scenarios_read_the_same_in_both_layouts(document):
    by_steps = scenario_from_dict(document)
    text = dumps_scenario(by_steps, "columns")
    same(load_scenario_bytes(text.encode(), "x.json"), by_steps)
    same(scenario_from_dict(json.loads(text)), by_steps)  # the general reader


def rich():
    """Targets, parameters, captions with fields, notes and questions: every column."""
    return Scenario(
        2,
        2,
        [
            write([1, 0], [1, 2], "k1", caption="first {v}", notes="point at S"),
            write([0, 1], [3, 4], "k2", alpha=0.5, question="what is S?"),
            read([1, 0], "r1", target="k1", caption="y = {y@r1}"),
            write([0.5, 0.5], [-1, 1e-3], "k3", beta=0.25),
            read([0, 1], "r2", target="k2"),
        ],
        rule=Rule("gated_delta", alpha=0.9, beta=0.5),
        title="rich",
        caption="see {y@r1}",
    )


def test_every_column_round_trips(parser):
    scenario = rich()
    scenario.caption_written_for = {"r1": "0123456789ab"}
    text = dumps_scenario(scenario, "columns")
    columns = json.loads(text)["steps"]
    assert set(columns) == {
        "ops",
        "labels",
        "targets",
        "alpha",
        "beta",
        "captions",
        "caption_for",
        "notes",
        "questions",
        "keys",
        "values",
        "queries",
    }
    assert columns["ops"] == "wwrwr"
    assert columns["keys"] == [1, 0, 0, 1, 0.5, 0.5]
    assert columns["alpha"] == [None, 0.5, None, None, None]
    same(load_scenario_bytes(text.encode(), "x.json"), scenario)


def test_labels_may_be_left_out_as_in_the_steps_layout():
    document = {
        "format": "linviz-scenario",
        "version": 1,
        "layout": "columns",
        "d_k": 1,
        "d_v": 1,
        "steps": {"ops": "wrw", "keys": [1, 2], "values": [3, 4], "queries": [1]},
    }
    assert load_bytes(document).labels() == ["w1", "r1", "w2"]


# -- refusals ------------------------------------------------------------------------------
def both(change):
    """The steps-layout and columns-layout documents of ``rich()``, changed alike."""
    scenario = rich()
    by_steps, by_columns = scenario_to_dict(scenario), columns_of(scenario)
    change(by_steps["steps"], by_columns["steps"])
    return by_steps, by_columns


def refusal(document):
    with pytest.raises(ScenarioError) as caught:
        load_bytes(document)
    return caught.value


def _label(steps, columns):
    steps[3]["label"] = "k1"
    columns["labels"][3] = "k1"


def _target(steps, columns):
    steps[2]["target"] = "k3"
    columns["targets"][2] = "k3"


def _key(steps, columns):
    steps[1]["key"][1] = "x"
    columns["keys"][3] = "x"


def _boolean(steps, columns):
    steps[3]["value"][0] = True
    columns["values"][4] = True


def _huge(steps, columns):
    steps[4]["query"][0] = "HUGE"  # written 1e400: JSON, but beyond a float
    columns["queries"][2] = "HUGE"


def _alpha_on_a_read(steps, columns):
    steps[2]["alpha"] = 0.5
    columns["alpha"][2] = 0.5


def _caption(steps, columns):
    steps[0]["caption"] = "see {y@nowhere}"
    columns["captions"][0] = "see {y@nowhere}"


def _blank_label(steps, columns):
    steps[1]["label"] = "  "
    columns["labels"][1] = "  "


@pytest.mark.parametrize(
    "change, step, field",
    [
        (_label, 4, "label"),
        (_target, 3, "target"),
        (_key, 2, "key"),
        (_boolean, 4, "value"),
        (_huge, 5, "query"),
        (_alpha_on_a_read, 3, "alpha"),
        (_caption, 1, "caption"),
        (_blank_label, 2, "label"),
    ],
    ids=lambda x: getattr(x, "__name__", str(x)),
)
def test_a_bad_step_is_refused_with_the_words_of_the_steps_layout(change, step, field, parser):
    by_steps, by_columns = both(change)
    expected, got = refusal(by_steps), refusal(by_columns)
    assert (got.step, got.field) == (step, field)
    assert str(got) == str(expected)


def test_the_first_bad_step_is_named_whatever_column_it_is_in():
    def change(steps, columns):
        _target(steps, columns)  # step 3
        _label(steps, columns)  # step 4
        _key(steps, columns)  # step 2

    by_steps, by_columns = both(change)
    assert refusal(by_columns).step == refusal(by_steps).step == 2


def column_document(**steps):
    document = columns_of(rich())
    document["steps"].update(steps)
    return {**document, "steps": {k: v for k, v in document["steps"].items() if v is not None}}


@pytest.mark.parametrize(
    "document, message",
    [
        (
            column_document(ops="wwxwr"),
            "lesson.json, step 3, field 'op': unknown op 'x' in ops; "
            "expected 'w' (write) or 'r' (read)",
        ),
        (
            column_document(ops=5),
            "lesson.json, field 'ops': ops must be text of one letter per step, "
            "w (write) or r (read), got int",
        ),
        (column_document(ops=None), "lesson.json, field 'ops': missing 'ops'"),
        (
            column_document(keys=[1, 0, 0, 1, 0.5]),
            "lesson.json, field 'keys': keys holds 5 numbers, not 6: 3 rows of d_k = 2",
        ),
        (
            column_document(queries={"a": 1}),
            "lesson.json, field 'queries': queries must be a list of numbers, got dict",
        ),
        (
            column_document(labels=["a", "b"]),
            "lesson.json, field 'labels': labels holds 2 items but ops has 5 steps",
        ),
        (
            column_document(targets="k1"),
            "lesson.json, field 'targets': targets must be a list, one item per step, got str",
        ),
        (
            column_document(colour=[]),
            "lesson.json, field 'colour': unknown key 'colour' in the steps; allowed: alpha, beta,"
            " caption_for, captions, keys, labels, notes, notes_for, ops, queries, questions,"
            " questions_for, targets, values",
        ),
        (
            {**columns_of(rich()), "layout": "rows"},
            "lesson.json, field 'layout': layout must be 'steps' or 'columns', got 'rows'",
        ),
        (
            {**columns_of(rich()), "steps": []},
            "lesson.json, field 'steps': in the columns layout, steps must be an object of columns",
        ),
        (
            {**scenario_to_dict(rich()), "steps": columns_of(rich())["steps"]},
            "lesson.json, field 'steps': steps must be a list",
        ),
    ],
)
def test_a_bad_column_is_refused_by_name(document, message, parser):
    assert str(refusal(document)) == message


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace('"keys": [', '"keys": [NaN, ', 1),
        lambda text: text.replace('"ops"', '"labels": [], "ops"', 1),
        lambda text: text.replace('"keys": [', '"keys": [1,,', 1),
        lambda text: text.replace('"keys": [', '"keys": [01, ', 1),
        lambda text: text.replace('"keys": [\n      1, 0,', '"keys": [\n      1, [0],', 1),
        lambda text: text.replace('"keys": [', '"keys": [1e400, ', 1),
        lambda text: text.replace('"keys": [', '"keys": [true, ', 1),
    ],
    ids=["nan", "key twice", "empty item", "leading zero", "nested", "beyond", "true"],
)
def test_what_the_fast_reader_does_not_expect_is_worded_by_the_general_one(damage, parser):
    text = damage(dumps_scenario(rich(), "columns"))
    with pytest.raises(NotFast):
        read_fast(text.encode())
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(text.encode(), "lesson.json")
    assert str(caught.value).startswith("lesson.json")


def test_a_steps_layout_file_is_left_to_the_step_reader():
    with pytest.raises(column_layout.StepsLayout):
        read_fast(dumps_scenario(rich()).encode())


# -- saving --------------------------------------------------------------------------------
def test_saving_keeps_the_layout_the_file_was_opened_in(tmp_path):
    path = tmp_path / "rich.json"
    save_scenario(rich(), path, layout="columns")
    opened = load_scenario(path)
    assert opened.layout == "columns"
    opened.replace_step(1, opened.step(1).with_changes(vector=[2, 0]))
    save_scenario(opened, path)  # no layout given: the one it was opened in
    assert json.loads(path.read_text("utf-8"))["layout"] == "columns"
    again = load_scenario(path)
    same(again, opened)
    assert again.copy().layout == "columns"


def test_a_session_saves_in_the_layout_it_opened_unless_told_otherwise(tmp_path):
    path = tmp_path / "rich.json"
    save_scenario(rich(), path, layout="columns")
    session = Session()
    session.open(path)
    session.save()
    assert json.loads(path.read_text("utf-8"))["layout"] == "columns"
    session.save(tmp_path / "by_steps.json", layout="steps")
    by_steps = json.loads((tmp_path / "by_steps.json").read_text("utf-8"))
    assert "layout" not in by_steps and isinstance(by_steps["steps"], list)
    assert session.scenario.layout == "steps"  # what it was last saved as


def test_a_steps_layout_file_says_no_layout():
    lesson = bundled_lessons()[0]
    assert "layout" not in json.loads(dumps_scenario(load_scenario(lesson.path)))


def test_the_number_columns_hold_one_vector_per_line():
    scenario = Scenario(3, 2, [write([1, 2, 3], [4, 5], "a"), write([0.5, 0, -1], [1, 1], "b")])
    text = dumps_scenario(scenario, "columns")
    assert '"keys": [\n      1, 2, 3,\n      0.5, 0, -1\n    ]' in text
    assert '"queries": []' in text
    assert copy.deepcopy(json.loads(text))["steps"]["values"] == [4, 5, 1, 1]


def test_a_document_given_to_scenario_from_dict_stays_the_callers():
    document = columns_of(rich())
    before = copy.deepcopy(document)
    scenario = scenario_from_dict(document)
    scenario.replace_step(4, scenario.step(4).with_changes(label="k9"))
    assert document == before


def test_a_recovery_file_keeps_the_layout(tmp_path):
    from linviz.controller.recovery import RecoveryFile, restore

    scenario = load_scenario_bytes(dumps_scenario(rich(), "columns").encode(), "rich.json")
    recovery = RecoveryFile(1, folder=tmp_path)
    try:
        written = recovery.write(scenario, cursor=3)
        assert b'"layout": "columns"' in written.read_bytes()
        restored = restore(written)
    finally:
        recovery.remove()
    same(restored.scenario, scenario)
    assert restored.scenario.layout == "columns" and restored.cursor == 3


# -- hostile columns -----------------------------------------------------------------------
COLUMN_NAMES = sorted(column_checks.COLUMN_KEYS) + ["colour"]


@st.composite
def hostile_columns(draw):
    """A columns file of a generated scenario with a few columns (or items) made hostile."""
    document = columns_of(scenario_from_dict(draw(valid_documents())))
    steps = document["steps"]
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(COLUMN_NAMES))
        column = steps.get(name)
        if isinstance(column, list) and column and draw(st.booleans()):
            column[draw(st.integers(0, len(column) - 1))] = draw(fuzz.values)
        elif draw(st.booleans()):
            steps[name] = draw(fuzz.values)
        else:
            steps.pop(name, None)
    data = fuzz.to_text(document, ascii_only=draw(st.booleans())).encode(
        "utf-8", errors="surrogatepass"
    )
    damage = draw(st.sampled_from(["none", "none", "cut", "flip"]))
    if damage == "cut":
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif damage == "flip":
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    return data


@settings(fuzz.FUZZ, max_examples=400)
@given(hostile_columns())
def test_a_hostile_columns_file_gives_a_scenario_or_one_refusal(data):
    try:
        scenario = fuzz.bounded(lambda: load_scenario_bytes(data, "fuzz.json"))
    except ScenarioError as error:
        message = str(error)
        assert message.startswith("fuzz.json") and "\n" not in message
        message.encode("utf-8")
        with pytest.raises(ScenarioError) as general:
            general_read(data)
        assert str(general.value) == message
        return
    assert isinstance(scenario, Scenario)
    same(general_read(data), scenario)


def general_read(data):
    """The file read by the general reader alone (text, then the document walk)."""
    from linviz.model import json_reader, scenario_file

    try:
        text = json_reader.decode_json_text(data)
    except ScenarioError as error:
        raise error.located(file="fuzz.json") from None
    return scenario_file._scenario_from_text(text, "fuzz.json")


@pytest.mark.parametrize(
    "labels, targets",
    [
        (["e\u0301", "r"], [None, "\u00e9"]),  # é as e + U+0301, its target as one character
        (["\u00e9", "r"], [None, "e\u0301"]),
        (["e\u0301", "\u00e9"], None),  # the same label twice
        (["k\u200b", "r"], None),  # a label with an invisible character
    ],
)
def test_labels_in_either_unicode_form_read_as_in_the_steps_layout(labels, targets):
    columns = {"ops": "wr", "labels": labels, "keys": [1], "values": [2], "queries": [1]}
    if targets is not None:
        columns["targets"] = targets
    head = {"format": "linviz-scenario", "version": 1, "d_k": 1, "d_v": 1}
    by_steps = {
        **head,
        "steps": [
            {"op": "write", "key": [1], "value": [2], "label": labels[0]},
            {"op": "read", "query": [1], "label": labels[1]}
            | ({"target": targets[1]} if targets else {}),
        ],
    }
    by_columns = {**head, "layout": "columns", "steps": columns}
    try:
        expected = load_bytes(by_steps)
    except ScenarioError as error:
        assert str(refusal(by_columns)) == str(error)
        return
    same(load_bytes(by_columns), expected)


# -- number columns read a chunk at a time ---------------------------------------------------
def many_steps():
    return scenario_from_dict(
        {
            "format": "linviz-scenario",
            "version": 1,
            "d_k": 2,
            "d_v": 3,
            "steps": [
                {"op": "write", "key": [i / 7, -i], "value": [i, 0.5, -1e-9 * i], "label": f"k{i}"}
                if i % 4
                else {"op": "read", "query": [1, i * 1e300], "label": f"q{i}"}
                for i in range(1, 41)
            ],
        }
    )


@pytest.mark.parametrize("chunk", [8, 23, 64, 1 << 19])
def test_a_column_read_in_chunks_of_any_size_reads_the_same(chunk, monkeypatch, parser):
    monkeypatch.setattr(column_layout, "NUMBER_CHUNK", chunk)
    scenario = many_steps()
    same(load_scenario_bytes(dumps_scenario(scenario, "columns").encode(), "x.json"), scenario)


@pytest.mark.parametrize("chunk", range(8, 40))
def test_a_comma_before_a_column_end_is_refused_wherever_a_chunk_ends(chunk, monkeypatch):
    # A chunk holding only the spaces after the last comma parsed as no numbers at all.
    monkeypatch.setattr(column_layout, "NUMBER_CHUNK", chunk)
    text = dumps_scenario(rich(), "columns").replace("0.5, 0.5\n    ]", "0.5, 0.5,       \n  ]")
    assert "0.5,       \n" in text
    with pytest.raises(NotFast):
        read_fast(text.encode())
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(text.encode(), "lesson.json")
    assert str(caught.value).startswith("lesson.json")


@pytest.mark.parametrize("chunk", [8, 1 << 19])
def test_the_stamp_of_a_columns_file_is_the_digest_of_all_its_bytes(chunk, tmp_path, monkeypatch):
    # The fast reader hashes the file as it reads it: every byte, once, in order.
    monkeypatch.setattr(column_layout, "NUMBER_CHUNK", chunk)
    path = tmp_path / "columns.json"
    save_scenario(many_steps(), path, layout="columns")
    scenario, stamp = load_scenario_stamped(path)
    same(scenario, many_steps())
    assert stamp.digest == hashlib.sha256(path.read_bytes()).hexdigest()
    assert stamp == stamp_file(path) and not changed_on_disk(path, stamp)


@pytest.mark.parametrize("layout", ["steps", "columns-then-damaged"])
def test_a_file_the_fast_reader_gives_up_on_is_stamped_by_the_general_one(layout, tmp_path):
    # The fast reader hashes in a thread beside its parsing; giving up, it stops that
    # thread: no thread is left running, and the stamp is still the whole file's digest.
    import threading

    path = tmp_path / "given-up.json"
    if layout == "steps":
        save_scenario(many_steps(), path, layout="steps")
    else:  # NaN is not JSON: the fast reader gives up at the keys, the general one refuses
        text = dumps_scenario(many_steps(), "columns").replace('"keys": [', '"keys": [NaN, ', 1)
        path.write_text(text, encoding="utf-8")
    threads = threading.active_count()
    if layout == "steps":
        scenario, stamp = load_scenario_stamped(path)
        same(scenario, many_steps())
        assert stamp.digest == hashlib.sha256(path.read_bytes()).hexdigest()
    else:
        with pytest.raises(ScenarioError, match="NaN"):
            load_scenario_stamped(path)
    assert threading.active_count() == threads


@pytest.mark.parametrize(
    "labels, unique",
    [
        (["k1", "k2", "r1"], True),
        (["k1", "k2", "k1"], False),
        (["\u00e9", "e\u0301", "\u6f22"], True),  # told apart as written (the checks see NFC)
        (["k1", 1, "k2"], False),  # not every label is a text: the full check looks
        ([], True),
        ([f"k{i}" for i in range(5000)] + ["k4999"], False),
    ],
)
def test_labels_are_unique_exactly_when_no_text_is_there_twice(labels, unique):
    texts_only = all(type(label) is str for label in labels)
    assert column_checks._unique(labels, texts_only) is unique


@pytest.mark.parametrize("rows_every", [1, 2, 3, 7])
def test_a_number_column_is_placed_at_its_rows_in_place_or_copied(rows_every, monkeypatch):
    monkeypatch.setattr(column_checks, "_SPREAD_ROWS", 5)  # many moves, some overlapping
    n, width = 40, 3
    is_write = np.arange(n) % rows_every == 0
    rows, others = np.flatnonzero(is_write), np.flatnonzero(~is_write)
    numbers = np.arange(len(rows) * width, dtype=np.float64) + 1.0
    wanted = np.zeros((n, width))
    wanted[rows] = numbers.reshape(-1, width)
    held = numbers.copy()
    view = held.reshape(-1, width)  # held elsewhere: copied, left as it was
    assert np.array_equal(column_checks._placed(held, rows, others, n, width), wanted)
    assert np.array_equal(view.ravel(), numbers)
    del view
    assert np.array_equal(column_checks._placed(numbers.copy(), rows, others, n, width), wanted)


#: Numbers whose parsing is easy to get wrong: subnormals, the float range's ends,
#: integers at the edges of 53 and 64 bits, halfway cases and negative zero.
EDGE_NUMBERS = [
    "5e-324",
    "2.4703282292062328e-324",
    "2.2250738585072014e-308",
    "1.7976931348623157e308",
    "-1.8e307",
    "1e-400",
    "-0",
    "-0.0",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "0.1",
    "1E5",
    "1e+5",
    "123456789012345678901234567890e-20",
]


@given(
    numbers=st.lists(
        st.floats(allow_nan=False, allow_infinity=False).map(repr)
        | st.integers(-(2**63), 2**64 - 1).map(str)
        | st.sampled_from(EDGE_NUMBERS),
        min_size=1,
        max_size=40,
    )
)
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_a_number_column_holds_exactly_the_doubles_the_steps_layout_reads(numbers, parser):
    # The steps layout reads numbers with the standard library: "-0" is the integer 0.
    text = f"[{', '.join(numbers)}]".encode()
    expected = np.array([float(json.loads(number)) for number in numbers])
    read = column_layout.read_number_column(text, 0)[0]
    assert read.tobytes() == expected.tobytes()  # the same bits: -0.0 and subnormals too
