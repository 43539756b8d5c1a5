"""The scenario archive (.npz) holds what a scenario file holds, and refuses the same way."""

import io
import json
import pickle
import re
import warnings
import zipfile

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model import limits
from linviz.model.errors import ScenarioError
from linviz.model.lessons import bundled_lessons
from linviz.model.rules import Rule
from linviz.model.safe_files import changed_on_disk
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_archive import MARKER, archive_pieces, is_scenario_archive
from linviz.model.scenario_file import (
    dumps_scenario,
    load_scenario,
    load_scenario_bytes,
    load_scenario_stamped,
    save_scenario,
    scenario_from_dict,
)
from linviz.model.sources import is_array_file, load
from linviz.model.texts import as_json
from tests.model.test_columns_layout import rich
from tests.model.test_fuzz_files import valid_documents

LARGEST, SMALLEST = 1.7976931348623157e308, 5e-324


def archive_of(scenario: Scenario) -> bytes:
    return b"".join(archive_pieces(scenario))


def members_of(data: bytes) -> dict[str, np.ndarray]:
    with np.load(io.BytesIO(data), allow_pickle=False) as archive:
        return {name: archive[name] for name in archive.files}


def repacked(members: dict[str, np.ndarray], compressed: bool = False) -> bytes:
    """An archive of ``members`` written by NumPy itself."""
    out = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(out, **members)
    return out.getvalue()


def head_of(members: dict[str, np.ndarray]) -> dict:
    return json.loads(members[MARKER].tobytes())


def with_head(members: dict[str, np.ndarray], head: dict) -> dict[str, np.ndarray]:
    text = json.dumps(head).encode()
    return {**members, MARKER: np.frombuffer(text, dtype=np.uint8)}


def same(one: Scenario, other: Scenario) -> None:
    assert one == other
    assert one.caption_written_for == other.caption_written_for
    assert one.text_written_for == other.text_written_for
    assert (one.title, one.caption) == (other.title, other.caption)


def refusal(data: bytes, name: str = "lesson.npz") -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_bytes(data, name)
    return caught.value


# -- round trips --------------------------------------------------------------------------------
@pytest.mark.parametrize("lesson", bundled_lessons(), ids=lambda lesson: lesson.name)
def test_every_lesson_round_trips_through_an_archive_field_for_field(lesson, tmp_path):
    scenario = load_scenario(lesson.path)
    path = tmp_path / f"{lesson.name}.npz"
    save_scenario(scenario, path)
    back = load_scenario(path)
    same(back, scenario)
    assert back.layout == "columns"  # saved as JSON later, it keeps its columns
    # Any NumPy reads it without pickle: the text is one JSON document, the rest numbers.
    members = members_of(path.read_bytes())
    assert members["ops"].tobytes().decode() == "".join(
        "w" if scenario.is_write(n) else "r" for n in range(1, len(scenario) + 1)
    )
    assert head_of(members)["title"] == as_json(scenario.title)  # both languages
    assert dumps_scenario(back, "steps") == dumps_scenario(scenario, "steps")


def test_every_field_of_a_rich_scenario_round_trips():
    scenario = rich()  # targets, α and β of its own, captions with fields, notes, questions
    scenario.caption_written_for = {"r1": "0123456789ab", "": "ba9876543210"}
    scenario.text_written_for = {("k1", "notes"): "00112233aabb"}
    data = archive_of(scenario)
    same(load_scenario_bytes(data, "rich.npz"), scenario)
    members = members_of(data)
    assert set(members) == {MARKER, "ops", "keys", "values", "queries", "alpha", "beta"}
    np.testing.assert_array_equal(members["keys"], [[1, 0], [0, 1], [0.5, 0.5]])
    np.testing.assert_array_equal(members["queries"], [[1, 0], [0, 1]])
    np.testing.assert_array_equal(members["alpha"], [np.nan, 0.5, np.nan, np.nan, np.nan])
    np.testing.assert_array_equal(members["beta"], [np.nan, np.nan, np.nan, 0.25, np.nan])
    head = head_of(members)
    assert head["rule"] == {"name": "gated_delta", "alpha": 0.9, "beta": 0.5}
    assert head["steps"]["targets"] == [None, None, "k1", None, "k2"]
    assert head["steps"]["notes_for"] == ["00112233aabb", None, None, None, None]
    assert head["caption_for"] == "ba9876543210"


def test_extreme_finite_numbers_round_trip_to_the_bit():
    scenario = Scenario(
        2,
        2,
        [
            write([SMALLEST, 0.0], [LARGEST, -LARGEST], "tiny-key"),
            write([-LARGEST, 0.0], [SMALLEST, -SMALLEST], "huge-key"),
            read([-0.0, SMALLEST], "r"),
        ],
        title="extremes",
    )
    back = load_scenario_bytes(archive_of(scenario), "x.npz")
    for name in ("vectors", "values"):
        ours, theirs = getattr(back, name)(), getattr(scenario, name)()
        assert ours.tobytes() == theirs.tobytes()  # -0.0 and 5e-324 included


@settings(max_examples=60, deadline=None)
@given(valid_documents())
def test_generated_scenarios_round_trip_through_an_archive(document):
    scenario = scenario_from_dict(document)
    same(load_scenario_bytes(archive_of(scenario), "x.npz"), scenario)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.booleans(),
            st.lists(st.floats(-1e10, 1e10, allow_nan=False), min_size=3, max_size=3),
            st.sampled_from(["k", "é", "日本", "a b", "x" * 60]),
            st.sampled_from(["", "a {{brace}}", "ça", "note"]),
            st.none() | st.floats(0.01, 1.0),
        ),
        max_size=12,
    ),
    st.sampled_from(["float32", ">f8", "int64", "fortran"]),
)
def test_arrays_numpy_wrote_in_any_real_type_or_order_read_as_float64(rows, kind):
    steps = [
        write(v[:2], v[2:], f"{label}{i}", caption=caption, alpha=alpha)
        if is_write
        else read(v[:2], f"{label}{i}", caption=caption)
        for i, (is_write, v, label, caption, alpha) in enumerate(rows)
    ]
    scenario = Scenario(2, 1, steps, rule=Rule("gated", alpha=0.9))
    members = members_of(archive_of(scenario))
    for name in ("keys", "values", "queries"):
        if kind == "fortran":
            members[name] = np.asfortranarray(members[name])
        elif kind == "int64":
            members[name] = np.rint(members[name]).astype(np.int64)
        else:
            members[name] = members[name].astype(kind)
    back = load_scenario_bytes(repacked(members, compressed=kind == "int64"), "x.npz")
    expected = {name: members[name].astype(np.float64) for name in ("keys", "values", "queries")}
    writes = back.write_mask()
    np.testing.assert_array_equal(back.vectors()[writes], expected["keys"].reshape(-1, 2))
    np.testing.assert_array_equal(back.vectors()[~writes], expected["queries"].reshape(-1, 2))
    np.testing.assert_array_equal(back.values()[writes], expected["values"].reshape(-1, 1))
    assert back.labels() == scenario.labels() and back.captions() == scenario.captions()


def test_a_compressed_archive_reads_the_same(tmp_path):
    scenario = rich()
    path = tmp_path / "packed.npz"
    path.write_bytes(repacked(members_of(archive_of(scenario)), compressed=True))
    same(load_scenario(path), scenario)


def test_a_file_is_read_by_what_it_holds_and_saved_by_its_name(tmp_path):
    scenario = rich()
    json_named = tmp_path / "archive-inside.json"
    json_named.write_bytes(archive_of(scenario))
    same(load_scenario(json_named), scenario)  # a zip is never read as JSON text
    save_scenario(scenario, tmp_path / "out.NPZ")
    assert (tmp_path / "out.NPZ").read_bytes()[:4] == b"PK\x03\x04"
    save_scenario(scenario, tmp_path / "out.json")
    assert (tmp_path / "out.json").read_text().startswith("{")


def test_the_stamp_is_the_digest_of_the_archives_bytes(tmp_path):
    path = tmp_path / "stamped.npz"
    save_scenario(rich(), path)
    scenario, stamp = load_scenario_stamped(path)
    import hashlib

    assert stamp.digest == hashlib.sha256(path.read_bytes()).hexdigest()
    assert not changed_on_disk(path, stamp)
    save_scenario(Scenario(1, 1, [write([1], [2], "other")]), path)
    assert changed_on_disk(path, stamp)


def test_arrays_to_import_and_scenario_archives_are_told_apart(tmp_path):
    arrays = tmp_path / "layer.npz"
    np.savez(arrays, q=np.eye(2), k=np.eye(2), v=np.eye(2))
    archive = tmp_path / "scenario.npz"
    save_scenario(rich(), archive)
    assert is_array_file(arrays) and not is_scenario_archive(arrays)
    assert is_scenario_archive(archive) and not is_array_file(archive)
    assert len(load(arrays)) == 4  # arrays: a write and a read per token
    same(load(archive), rich())
    with pytest.raises(ScenarioError) as caught:
        load_scenario(arrays)  # arrays are not a scenario file, whatever their name
    assert str(caught.value).startswith(f"{arrays}: this archive holds arrays to import")


# -- refusals -------------------------------------------------------------------------------------
def rich_members() -> dict[str, np.ndarray]:
    return members_of(archive_of(rich()))


def changed(**members) -> bytes:
    kept = {k: v for k, v in {**rich_members(), **members}.items() if v is not None}
    return repacked(kept)


class Trap:
    """Unpickling it would create a file: proof that nothing is unpickled."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


@pytest.mark.parametrize(
    "data, message",
    [
        (changed(ops=None), "lesson.npz, field 'ops': missing 'ops'"),
        (
            changed(colour=np.zeros(3)),
            "lesson.npz, field 'colour': unknown array 'colour' in a scenario archive; expected "
            "arrays named linviz_scenario, ops, keys, values, queries, alpha, beta",
        ),
        (
            changed(keys=np.zeros((3, 2), dtype=complex)),
            "lesson.npz, field 'keys': keys holds complex128, shape [3, 2]; expected numbers "
            "[3, 2]: one row of d_k = 2 per write",
        ),
        (
            changed(keys=np.zeros((3, 2), dtype=bool)),
            "lesson.npz, field 'keys': keys holds bool, shape [3, 2]; expected numbers [3, 2]: "
            "one row of d_k = 2 per write",
        ),
        (
            changed(queries=np.zeros((2, 3))),
            "lesson.npz, field 'queries': queries holds float64, shape [2, 3]; expected numbers "
            "[2, 2]: one row of d_k = 2 per read",
        ),
        (
            changed(values=np.zeros(6)),
            "lesson.npz, field 'values': values holds float64, shape [6]; expected numbers "
            "[3, 2]: one row of d_v = 2 per write",
        ),
        (
            changed(beta=np.zeros(4)),
            "lesson.npz, field 'beta': beta holds float64, shape [4]; expected floats [5]: one "
            "per step, NaN where none",
        ),
        (
            changed(ops=np.frombuffer(b"wwrw", dtype=np.uint8).astype(np.int32)),
            "lesson.npz, field 'ops': ops holds int32, shape [4]; expected one letter per step "
            "as bytes (uint8): w or r",
        ),
        (
            changed(ops=np.frombuffer(b"wwxwr", dtype=np.uint8)),
            "lesson.npz, step 3, field 'op': unknown op 'x' in ops; expected 'w' (write) or "
            "'r' (read)",
        ),
        (  # the shapes ops would set are not looked at before its letters
            changed(ops=np.frombuffer(b"wwxwr", dtype=np.uint8), queries=np.zeros((1, 2))),
            "lesson.npz, step 3, field 'op': unknown op 'x' in ops; expected 'w' (write) or "
            "'r' (read)",
        ),
        (
            changed(linviz_scenario=np.array("{}")),
            "lesson.npz, field 'linviz_scenario': linviz_scenario holds <U2, shape []; expected "
            "the UTF-8 bytes (uint8) of a JSON text",
        ),
        (
            changed(linviz_scenario=np.frombuffer(b'{"format": ', dtype=np.uint8)),
            "lesson.npz, field 'linviz_scenario': not valid JSON: Expecting value at line 1, "
            "column 12",
        ),
        (
            changed(linviz_scenario=np.frombuffer(b'{"d_k": NaN}', dtype=np.uint8)),
            "lesson.npz, field 'd_k': d_k is NaN, which is not a number JSON allows; write a "
            "finite number",
        ),
    ],
    ids=lambda x: x[:50] if isinstance(x, str) else "",
)
def test_a_bad_array_is_refused_by_name(data, message):
    assert str(refusal(data)) == message


def head_changed(change) -> bytes:
    members = rich_members()
    head = head_of(members)
    change(head)
    return repacked(with_head(members, head))


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda head: head["steps"].update(keys=[1, 0]),
            "lesson.npz, field 'keys': unknown key 'keys' in the archive's steps; allowed: "
            "caption_for, captions, labels, notes, notes_for, questions, questions_for, targets",
        ),
        (
            lambda head: head.update(layout="steps"),
            "lesson.npz, field 'steps': steps must be a list",
        ),
        (
            lambda head: head.update(steps=[]),
            "lesson.npz, field 'steps': in the columns layout, steps must be an object of columns",
        ),
        (
            lambda head: head.update(version=2),
            "lesson.npz, field 'version': version must be 1, got 2",
        ),
        (
            lambda head: head["rule"].update(name="fast"),
            "lesson.npz, field 'rule.name': unknown rule 'fast'; expected one of additive, delta,"
            " gated, gated_delta",
        ),
        (
            lambda head: head["steps"]["labels"].__setitem__(3, "k1"),
            "lesson.npz, step 4, field 'label': label 'k1' is already used by another step",
        ),
        (
            lambda head: head["steps"].update(labels=["a", "b"]),
            "lesson.npz, field 'labels': labels holds 2 items but ops has 5 steps",
        ),
    ],
)
def test_a_bad_head_is_refused_with_the_words_of_a_json_file(change, message):
    assert str(refusal(head_changed(change))) == message


def test_a_steps_layout_head_is_refused_as_holding_no_columns():
    members = rich_members()
    head = head_of(members)
    head["layout"] = "steps"
    head["steps"] = []
    assert str(refusal(repacked(with_head(members, head)))) == (
        "lesson.npz, field 'layout': a scenario archive holds its steps as columns: layout "
        "must be 'columns', got 'steps'"
    )


@pytest.mark.parametrize(
    "member, row, bad, step, field",
    [
        ("keys", 1, np.nan, 2, "key"),
        ("keys", 2, np.inf, 4, "key"),
        ("values", 0, -np.inf, 1, "value"),
        ("queries", 1, np.nan, 5, "query"),
    ],
)
def test_a_number_that_is_not_finite_names_its_step_and_field(member, row, bad, step, field):
    members = rich_members()
    members[member] = members[member].copy()
    members[member][row, 1] = bad
    got = refusal(repacked(members))
    assert (got.file, got.step, got.field) == ("lesson.npz", step, field)
    # The words a step with that number gets anywhere (typed, or in a JSON file).
    scenario = rich()
    changed_step = scenario.step(step)
    vector = (changed_step.value if field == "value" else changed_step.vector).copy()
    vector[1] = bad
    with pytest.raises(ScenarioError) as caught:
        scenario.check_step(
            changed_step.with_changes(**{"value" if field == "value" else "vector": vector}),
            replacing=changed_step.label,
            number=step,
        )
    assert got.message == caught.value.message


@pytest.mark.parametrize(
    "parameter, step, value, message",
    [
        ("alpha", 2, 1.5, "alpha must be a number in (0, 1], got 1.5"),
        ("alpha", 2, 0.0, "alpha must be a number in (0, 1], got 0.0"),
        ("beta", 4, np.inf, "beta must be a number in [0, 1], got inf"),
        # As a JSON file words α on a read (its step object may not hold one).
        (
            "alpha",
            3,
            0.5,
            "unknown key 'alpha' in a read step; allowed: caption, caption_for, label, notes, "
            "notes_for, op, query, question, question_for, target",
        ),
    ],
)
def test_a_bad_parameter_names_its_step(parameter, step, value, message):
    members = rich_members()
    members[parameter] = members[parameter].copy()
    members[parameter][step - 1] = value
    got = refusal(repacked(members))
    assert str(got) == f"lesson.npz, step {step}, field '{parameter}': {message}"


def test_a_parameter_the_rule_does_not_take_is_refused_at_its_step():
    members = rich_members()
    head = head_of(members)
    head["rule"] = {"name": "gated", "alpha": 0.9}  # no β: step 4's own β is refused
    got = refusal(repacked(with_head(members, head)))
    assert str(got) == "lesson.npz, step 4, field 'beta': the gated rule takes no beta"


def test_the_first_bad_step_is_named_whatever_array_it_is_in():
    members = rich_members()
    members["queries"] = members["queries"].copy()
    members["queries"][1, 0] = np.nan  # step 5
    members["alpha"] = members["alpha"].copy()
    members["alpha"][3] = 7.0  # step 4
    members["keys"] = members["keys"].copy()
    members["keys"][1, 0] = np.inf  # step 2
    assert refusal(repacked(members)).step == 2


def test_an_array_of_python_objects_is_refused_unread(tmp_path):
    trap = tmp_path / "unpickled"
    members = rich_members()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, array in members.items():
            with archive.open(f"{name}.npy", "w") as member:
                if name == "keys":
                    np.lib.format.write_array(
                        member, np.array([Trap(trap)], dtype=object), allow_pickle=True
                    )
                else:
                    np.lib.format.write_array(member, array)
    got = refusal(out.getvalue())
    assert str(got) == (
        "lesson.npz, field 'keys': keys holds Python objects, shape [1]; expected numbers "
        "[3, 2]: one row of d_k = 2 per write"
    )
    assert not trap.exists()
    assert pickle.dumps(Trap(trap))  # the trap would have worked


def test_a_cut_short_or_damaged_archive_is_refused_as_such():
    data = archive_of(rich())
    assert str(refusal(data[: len(data) // 2])) == (
        "lesson.npz: this scenario archive cannot be read: not a zip archive, or one cut short "
        "or damaged"
    )
    assert str(refusal(data[:-10])).startswith("lesson.npz: this scenario archive cannot be read")
    # A byte of step 2's key changed: a different number, but not the one written.
    members = rich_members()
    keys = members["keys"].tobytes()
    at = data.index(keys) + 8 + 2
    damaged = data[:at] + bytes([data[at] ^ 0x40]) + data[at + 1 :]
    assert str(refusal(damaged)) == (
        "lesson.npz: this scenario archive cannot be read: keys is damaged: its bytes do not "
        "match their CRC-32"
    )


def test_a_member_twice_or_not_an_array_is_refused():
    data = archive_of(rich())
    out = io.BytesIO(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the name it is told to repeat
        with zipfile.ZipFile(out, "a") as archive:
            archive.writestr("keys.npy", b"")
    assert str(refusal(out.getvalue())) == (
        "lesson.npz: this scenario archive cannot be read: it holds 'keys.npy' twice"
    )
    out = io.BytesIO(data)
    with zipfile.ZipFile(out, "a") as archive:
        archive.writestr("readme.txt", b"hello")
    assert str(refusal(out.getvalue())) == (
        "lesson.npz: this scenario archive cannot be read: it holds 'readme.txt', which is not"
        " an array (NAME.npy)"
    )


def test_a_header_that_claims_more_data_than_its_member_holds_is_refused():
    members = rich_members()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, array in members.items():
            with archive.open(f"{name}.npy", "w") as member:
                if name == "keys":  # says 3,000,000 rows, holds 3
                    header = {"descr": "<f8", "fortran_order": False, "shape": (3_000_000, 2)}
                    np.lib.format.write_array_header_1_0(member, header)
                    member.write(array.tobytes())
                else:
                    np.lib.format.write_array(member, array)
    assert str(refusal(out.getvalue())) == (
        "lesson.npz: this scenario archive cannot be read: keys declares 48,000,000 bytes of "
        "data but holds 48"
    )


def test_an_archive_larger_than_the_limit_once_unpacked_is_refused_before_it_is_unpacked(
    monkeypatch,
):
    scenario = Scenario(2, 2, [write([1, 0], [0, 1], f"w{i}") for i in range(300)])
    data = repacked(members_of(archive_of(scenario)), compressed=True)
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 8_000)
    assert len(data) < 8_000
    inflated = []
    monkeypatch.setattr(zipfile.ZipFile, "open", lambda *a, **k: inflated.append(a) or 1 / 0)
    assert re.fullmatch(
        r"lesson\.npz: the archive holds [\d,]+ bytes once unpacked; a scenario archive may "
        r"hold at most 8,000 bytes",
        str(refusal(data)),
    )
    assert not inflated


def test_a_scenario_archive_whose_replay_overflows_names_the_step():
    members = members_of(archive_of(Scenario(1, 1, [write([1], [1], "w1"), write([1], [1], "w2")])))
    members["keys"] = np.array([[1.0], [1e160]])
    members["values"] = np.array([[1.0], [1e160]])
    assert str(refusal(repacked(members))) == (
        "lesson.npz, step 2, field 'key': the state S overflows at this step (a number beyond"
        " ±1.8e308): use smaller keys or values"
    )


def test_a_scenario_is_its_own_once_read_never_a_view_of_the_file(tmp_path):
    # Writes only: the keys fill the scenario's column exactly, the case where numpy
    # would have kept the file's bytes rather than copy them.
    path = tmp_path / "writes.npz"
    scenario = Scenario(2, 2, [write([i, 1], [1, -i], f"w{i}") for i in range(5)])
    save_scenario(scenario, path)
    back = load_scenario(path)  # the file's mapping is closed by now
    path.write_bytes(b"gone")
    back.replace_step(1, back.step(1).with_changes(vector=[7, 7]))  # writable, its own
    assert back.step(2).vector.tolist() == [1, 1] and back.step(1).vector.tolist() == [7, 7]


def test_a_scenario_archive_given_as_arrays_to_import_says_what_it_is(tmp_path):
    from linviz.model.array_files import array_layout, read_array_file

    path = tmp_path / "scenario.npz"
    save_scenario(rich(), path)
    for reader in (read_array_file, array_layout):  # File ▸ Import arrays… reads the layout
        with pytest.raises(ScenarioError) as caught:
            reader(path)
        assert str(caught.value) == (
            f"{path}: this is a scenario archive, not arrays to import: open it as a scenario "
            "(linviz FILE, File ▸ Open)"
        )
