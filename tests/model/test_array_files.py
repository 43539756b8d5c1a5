"""Arrays saved by NumPy open as scenarios; every bad file is refused in one line naming it."""

import zipfile

import numpy as np
import pytest

from linviz.model import array_files
from linviz.model.array_files import ArrayOptions, read_array_file
from linviz.model.arrays import scenario_from_arrays
from linviz.model.errors import ScenarioError
from linviz.model.sources import load, load_scenario_source


def token_arrays(seed=0, shape=(6,), d_k=4, d_v=3):
    rng = np.random.default_rng(seed)
    return {
        "q": rng.normal(size=(*shape, d_k)).astype(np.float32),
        "k": rng.normal(size=(*shape, d_k)).astype(np.float32),
        "v": rng.normal(size=(*shape, d_v)).astype(np.float32),
        "beta": rng.uniform(size=shape).astype(np.float32),
        "g": -rng.uniform(0, 1, size=shape).astype(np.float32),
    }


def test_an_npz_opens_as_the_same_arrays_would(tmp_path):
    arrays = token_arrays()
    np.savez(tmp_path / "head.npz", **arrays, labels=np.array(list("abcdef")))
    scenario = read_array_file(tmp_path / "head.npz")
    assert scenario == scenario_from_arrays(**arrays, labels=list("abcdef"), title="head.npz")
    assert scenario.rule.name == "gated_delta"


def test_the_fla_layout_with_batch_and_head(tmp_path):
    arrays = token_arrays(1, shape=(2, 6, 3))
    np.savez_compressed(tmp_path / "layer.npz", **arrays, title=np.array("layer 3"))
    scenario = read_array_file(tmp_path / "layer.npz", ArrayOptions(batch=1, head=2))
    picked = {name: array[1, :, 2] for name, array in arrays.items()}
    assert scenario == scenario_from_arrays(**picked, title="layer 3")
    assert load(tmp_path / "layer.npz", batch=1, head=2, title="x").title == "x"


def test_npy_files_named_after_their_arrays_are_read_together(tmp_path):
    arrays = token_arrays(2)
    for name, array in arrays.items():
        np.save(tmp_path / f"layer3_{name}.npy", array)
    np.save(tmp_path / "other_q.npy", arrays["q"][:2])  # another prefix: not read
    scenario = load_scenario_source(tmp_path / "layer3_k.npy")
    assert scenario == scenario_from_arrays(**arrays, title="layer3_k.npy")
    np.save(tmp_path / "keys.npy", arrays["k"])
    np.save(tmp_path / "values.npy", arrays["v"])
    pairs = read_array_file(tmp_path / "values.npy")
    assert len(pairs) == 6 and pairs.write_mask().all()


def refusal(path, options=None):
    with pytest.raises(ScenarioError) as caught:
        read_array_file(path, options)
    error = caught.value
    assert error.file == str(path)
    assert "\n" not in str(error)
    return error


def test_a_pickled_object_array_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "objects.npz"
    np.savez(path, q=np.array([{"a": 1}, None], dtype=object))

    def never(*args, **kwargs):
        raise AssertionError("the array was read")

    monkeypatch.setattr(np.lib.format, "read_array", never)
    error = refusal(path)
    assert error.field == "q"
    assert "linviz never unpickles" in str(error)


def test_np_load_is_always_asked_not_to_unpickle(tmp_path, monkeypatch):
    np.savez(tmp_path / "a.npz", **token_arrays())
    seen = []
    real = np.load

    def spy(*args, **kwargs):
        seen.append(kwargs.get("allow_pickle"))
        return real(*args, **kwargs)

    monkeypatch.setattr(np, "load", spy)
    read_array_file(tmp_path / "a.npz")
    for name, array in token_arrays().items():
        np.save(tmp_path / f"{name}.npy", array)
    read_array_file(tmp_path / "q.npy")
    assert seen and all(flag is False for flag in seen)


@pytest.mark.parametrize(
    "contents, field, words",
    [
        ({"Q": np.zeros((2, 2))}, "Q", "unknown array 'Q'; expected arrays named keys, values"),
        ({"q": np.zeros((2, 2), dtype=np.complex64)}, "q", "q holds complex64; expected real"),
        ({"q": np.zeros((2, 2), dtype=bool)}, "q", "q holds bool"),
        ({"labels": np.zeros(3)}, "labels", "labels holds float64; expected text"),
        ({**token_arrays(), "v": np.zeros((5, 3))}, "v", "v has 5 rows but k has 6 rows"),
        ({**token_arrays(), "labels": np.array([["a"]])}, "labels", "expected [T]"),
        ({"q": np.zeros((6, 4)), "k": np.zeros((6, 4))}, "v", "v is missing"),
        ({**token_arrays(), "q": np.full((6, 4), np.nan)}, "q", "q holds nan at index [0, 0]"),
        ({**token_arrays(shape=(6, 2))}, "q", "q holds 2 heads (shape [6, 2, 4])"),
    ],
)
def test_each_bad_npz_is_refused_naming_the_array(tmp_path, contents, field, words):
    path = tmp_path / "bad.npz"
    np.savez(path, **contents)
    error = refusal(path)
    assert error.field == field
    assert words in str(error)


def test_an_out_of_range_head_is_refused(tmp_path):
    path = tmp_path / "heads.npz"
    np.savez(path, **token_arrays(shape=(6, 2)))
    error = refusal(path, ArrayOptions(head=5))
    assert "--head must be from 0 to 1 (q holds 2 heads), got 5" in str(error)


def test_a_huge_array_is_refused_from_its_header(tmp_path, monkeypatch):
    np.savez(tmp_path / "big.npz", **token_arrays())
    monkeypatch.setattr(array_files, "MAX_ARRAY_BYTES", 64)
    error = refusal(tmp_path / "big.npz")
    assert error.field == "q"
    assert "q holds 96 bytes (shape [6, 4]); linviz reads at most 64 bytes an array" in str(error)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.write_bytes(b"not a zip"), "not a NumPy file that can be read"),
        (lambda p: p.write_bytes(b""), "not a NumPy file that can be read"),
        (lambda p: p.mkdir(), "this is a folder"),
        (lambda p: None, "no such file"),
        (
            lambda p: (
                np.save(p.with_suffix(".npy"), np.zeros(3)) or p.with_suffix(".npy").rename(p)
            ),
            "it holds one array",
        ),
    ],
)
def test_files_that_are_not_arrays(tmp_path, make, words):
    path = tmp_path / "x.npz"
    make(path)
    assert words in str(refusal(path))


def test_a_truncated_member_is_refused(tmp_path):
    path = tmp_path / "cut.npz"
    np.savez(path, **token_arrays())
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "not a NumPy file that can be read" in str(refusal(path))
    with zipfile.ZipFile(tmp_path / "odd.npz", "w") as archive:
        archive.writestr("q.npy", b"\x93NUMPY garbage")
    assert "not a NumPy file" in str(refusal(tmp_path / "odd.npz"))


def test_npy_names_must_name_an_array(tmp_path):
    np.save(tmp_path / "weights.npy", np.zeros((2, 2)))
    error = refusal(tmp_path / "weights.npy")
    assert "a .npy file holds one array and is named after it" in str(error)
    np.save(tmp_path / "q.npy", np.array([None], dtype=object))
    assert "linviz never unpickles" in str(refusal(tmp_path / "q.npy"))


def test_the_layout_is_read_from_the_headers_alone(tmp_path, monkeypatch):
    from linviz.model.array_files import array_layout

    np.savez(tmp_path / "fla.npz", **token_arrays(shape=(2, 6, 3)))
    np.savez(tmp_path / "three.npz", **token_arrays(shape=(6, 5)))
    for name, array in token_arrays().items():
        np.save(tmp_path / f"{name}.npy", array)

    def never(*args, **kwargs):
        raise AssertionError("an array was read")

    monkeypatch.setattr(np.lib.format, "read_array", never)
    layout = array_layout(tmp_path / "fla.npz")
    assert (layout.batches, layout.rows, layout.heads) == (2, 6, 3)
    assert layout.names == ("q", "k", "v", "beta", "g")
    assert (array_layout(tmp_path / "three.npz").heads, array_layout(tmp_path / "q.npy").rows) == (
        5,
        6,
    )
    np.savez(tmp_path / "objects.npz", k=np.array([None], dtype=object))
    with pytest.raises(ScenarioError, match="never unpickles"):
        array_layout(tmp_path / "objects.npz")
