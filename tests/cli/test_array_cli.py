"""Arrays on the command line: trace, import, export and their refusals."""

import json

import numpy as np
import pytest

from linviz.cli import main


def save_head(path, heads=1, batch=1, t=8, seed=0):
    rng = np.random.default_rng(seed)
    k = rng.normal(size=(batch, t, heads, 4))
    k /= np.linalg.norm(k, axis=-1, keepdims=True)
    np.savez(
        path,
        q=rng.normal(size=(batch, t, heads, 4)).astype(np.float32),
        k=k.astype(np.float32),
        v=rng.normal(size=(batch, t, heads, 3)).astype(np.float32),
        beta=rng.uniform(size=(batch, t, heads)).astype(np.float32),
        g=-rng.uniform(0, 0.5, size=(batch, t, heads)).astype(np.float32),
    )
    return path


def output(capsys, *args):
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("as_json", [False, True])
def test_trace_of_an_npz_is_the_trace_of_its_converted_file(tmp_path, capsys, as_json):
    arrays = save_head(tmp_path / "layer.npz", heads=3, batch=2)
    converted = tmp_path / "layer.json"
    picks = ["--batch", "1", "--head", "2", "--q-scale", "fla"]
    assert output(capsys, "import", str(arrays), "--out", str(converted), *picks)[0] == 0
    json_flag = ["--json"] if as_json else []
    status, direct, _ = output(capsys, "trace", str(arrays), *picks, *json_flag)
    assert status == 0
    status, again, _ = output(capsys, "trace", str(converted), *json_flag)
    assert status == 0 and direct == again
    if as_json:
        steps = json.loads(direct)["steps"]
        assert [s["op"] for s in steps[:4]] == ["write", "read", "write", "read"]
    else:
        assert "rule gated_delta" in direct


def test_import_prints_the_file_and_writes_a_scenario(tmp_path, capsys):
    arrays = save_head(tmp_path / "a.npz")
    status, out, _ = output(capsys, "import", str(arrays), "--out", str(tmp_path / "a.json"))
    assert status == 0 and out.strip() == str(tmp_path / "a.json")
    document = json.loads((tmp_path / "a.json").read_text())
    assert document["format"] == "linviz-scenario" and len(document["steps"]) == 16
    assert document["title"] == "a.npz"
    assert document["rule"]["name"] == "gated_delta"
    status, _, _ = output(
        capsys,
        "import",
        str(arrays),
        "--rule",
        "additive",
        "--title",
        "t",
        "--out",
        str(tmp_path / "b.json"),
    )
    document = json.loads((tmp_path / "b.json").read_text())
    assert document["rule"] == {"name": "additive"} and document["title"] == "t"


@pytest.mark.parametrize(
    "arguments, field, words",
    [
        (["--head", "3"], "head", "--head must be from 0 to 1 (q holds 2 heads), got 3"),
        ([], "q", "q holds 2 heads (shape [1, 8, 2, 4]): choose one with --head from 0 to 1"),
    ],
)
def test_refusals_are_one_line_naming_the_file_and_array(tmp_path, capsys, arguments, field, words):
    arrays = save_head(tmp_path / "two.npz", heads=2)
    for command in (["trace", str(arrays)], ["import", str(arrays), "--out", "x.json"]):
        status, out, err = output(capsys, *command, *arguments)
        assert status == 1 and out == ""
        assert err.count("\n") == 1
        assert err.startswith(f"linviz: {arrays}, field '{field}': ") and words in err


def test_a_pickled_array_is_refused_by_trace(tmp_path, capsys):
    path = tmp_path / "objects.npz"
    np.savez(path, k=np.array([object()], dtype=object))
    status, _, err = output(capsys, "trace", str(path))
    assert status == 1 and "never unpickles" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "arguments, words",
    [
        (["trace", "session-trace", "--head", "1"], "--head reads arrays: it needs an .npz"),
        (["trace", "x.npz", "--head", "-1"], "expected an index from 0"),
        (["trace", "x.npz", "--q-scale", "0"], "expected a number above 0"),
        (["trace", "x.npz", "--rule", "nope"], "invalid choice"),
        (["import", "session-trace", "--out", "x.json"], "expected an .npz or .npy file"),
        (["import", "x.npz", "--out", "y.npy"], "is JSON (.json) or an archive (.npz)"),
        (["import", "x.npz"], "required: --out"),
    ],
)
def test_usage_errors_are_status_2(capsys, arguments, words):
    with pytest.raises(SystemExit) as caught:
        main(arguments)
    assert caught.value.code == 2
    assert words in capsys.readouterr().err


def test_export_draws_an_npz(tmp_path, capsys):
    arrays = save_head(tmp_path / "h.npz", heads=2)
    out = tmp_path / "h.png"
    status, printed, err = output(
        capsys,
        "export",
        str(arrays),
        "--head",
        "1",
        "--view",
        "heatmap",
        "--out",
        str(out),
        "--step",
        "4",
        "--size",
        "600x400",
    )
    assert (status, err) == (0, "") and printed.strip() == str(out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    status, _, err = output(capsys, "export", str(arrays), "--out", str(out))
    assert status == 1 and "choose one with --head" in err


def test_linviz_file_npz_passes_the_options_to_the_window(tmp_path, monkeypatch):
    from linviz import cli
    from linviz.model.array_files import ArrayOptions

    seen = []
    monkeypatch.setattr("linviz.views.app.run", lambda *args: seen.append(args) or 0)
    assert cli.main([str(tmp_path / "layer.npz"), "--head", "1", "--lang", "fr"]) == 0
    ((name, language, arrays),) = seen
    assert (name, language, arrays) == (str(tmp_path / "layer.npz"), "fr", ArrayOptions(head=1))
    with pytest.raises(SystemExit) as caught:
        cli.main(["session-trace", "--head", "1"])
    assert caught.value.code == 2


def test_import_out_of_memory_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    from linviz.model import array_files

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(array_files, "read_array_file", no_memory)
    arrays = save_head(tmp_path / "one.npz")
    status, out, err = output(capsys, "import", str(arrays), "--out", str(tmp_path / "a.json"))
    assert (status, out) == (1, "")
    assert err == f"linviz: {arrays}: not enough memory to read them\n"
    assert not (tmp_path / "a.json").exists()
