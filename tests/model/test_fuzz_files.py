"""Thousands of generated files through the loader and ``linviz trace --json``.

Valid files, almost valid ones (one field swapped for a hostile value, one
key dropped, added or doubled), malformed text (cut short, bytes flipped),
odd encodings, lone surrogates, long integers, huge and tiny numbers and
deep nesting. Each must give a scenario or the project's own error (exit
status 1 and one line on standard error), never anything else, quickly and
in bounded memory. Seeded (derandomised) and bounded so it runs in seconds.
"""

from __future__ import annotations

import contextlib
import io
import json
import time
import tracemalloc

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from linviz.cli import main
from linviz.model.errors import ScenarioError
from linviz.model.scenario import Scenario
from linviz.model.scenario_file import load_scenario_bytes

#: Per example: far more than a small file needs, far less than a hang.
SECONDS, PEAK_BYTES = 10.0, 64 * 2**20


class Raw:
    """Text put into the document as it is (``NaN``, a 4,301-digit integer …)."""

    def __init__(self, text: str) -> None:
        self.text = text


def to_text(value, ascii_only: bool) -> str:
    """JSON text for ``value``; a list of pairs is an object (keys may repeat)."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Pairs):
        inner = ", ".join(f"{to_text(k, ascii_only)}: {to_text(v, ascii_only)}" for k, v in value)
        return "{" + inner + "}"
    if isinstance(value, dict):
        return to_text(Pairs(value.items()), ascii_only)
    if isinstance(value, list):
        return "[" + ", ".join(to_text(item, ascii_only) for item in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


class Pairs(list):
    """An object as a list of (key, value) pairs."""


# -- values ----------------------------------------------------------------------------

RAW_NUMBERS = [
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-1e400",
    "1e-400",
    "-0",
    "0.0",
    "1" * 4301,
    "-" + "9" * 5000,
    "1" * 400,
    "1" * 4000,
    "1.5e308",
    "2.2250738585072014e-308",
    "4.9e-324",
    "01",
    "1.",
    ".5",
    "+1",
    "0x10",
]
TEXTS = [
    "",
    " ",
    "\udc00",
    "a\ud800b",
    "k₁",
    "😀",
    "<img src='/dev/zero'>",
    "<b>bold</b>",
    "\n\t\x00",
    "w1",
    "r1",
    "x" * 65,
    "y" * 2001,
]

scalars = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6),
    st.integers(min_value=-(2**1100), max_value=2**1100),
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(min_value=-1e-300, max_value=1e-300),
    st.booleans(),
    st.none(),
    st.sampled_from(RAW_NUMBERS).map(Raw),
    st.sampled_from(TEXTS),
    st.text(max_size=8),
)
deep = st.integers(min_value=1, max_value=5000).map(lambda n: Raw("[" * n + "]" * n))
values = st.one_of(
    st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["name", "op", "key", "x"]), inner, max_size=3)
        ),
        max_leaves=5,
    ),
    deep,
)


# -- documents -----------------------------------------------------------------------


@st.composite
def valid_documents(draw):
    d_k, d_v = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    rule = draw(
        st.sampled_from(
            [
                {"name": "additive"},
                {"name": "delta", "beta": 0.5},
                {"name": "gated", "alpha": 0.9},
                {"name": "gated_delta", "alpha": 0.9, "beta": 1},
            ]
        )
    )
    normalize = rule["name"] == "additive" and draw(st.booleans())
    number = st.sampled_from([0, 1, -1, 2, 0.5, -0.25]) | st.floats(-5, 5, allow_nan=False)
    steps = []
    for i in range(draw(st.integers(0, 5))):
        if i and draw(st.booleans()):
            steps.append(
                {"op": "read", "query": draw(st.lists(number, min_size=d_k, max_size=d_k))}
            )
        else:
            steps.append(
                {
                    "op": "write",
                    "key": draw(st.lists(number, min_size=d_k, max_size=d_k)),
                    "value": draw(st.lists(number, min_size=d_v, max_size=d_v)),
                    "label": f"k{i}",
                }
            )
    return {
        "format": "linviz-scenario",
        "version": 1,
        "title": "fuzz",
        "d_k": d_k,
        "d_v": d_v,
        "feature_map": draw(st.sampled_from(["identity", "elu+1", "relu"])),
        "normalize": normalize,
        "rule": rule,
        "steps": steps,
    }


TOP = ["format", "version", "title", "caption", "d_k", "d_v", "feature_map", "normalize", "rule"]
STEP = ["op", "key", "value", "query", "label", "target", "caption", "alpha", "beta"]


@st.composite
def mutated(draw, document):
    """``document`` with a few fields swapped, dropped, added or doubled."""
    pairs = Pairs(document.items())
    steps = [Pairs(step.items()) for step in document["steps"]]
    pairs = Pairs((k, steps if k == "steps" else v) for k, v in pairs)
    for _ in range(draw(st.integers(0, 3))):
        objects = [step for step in steps if isinstance(step, Pairs)]
        where = pairs if not objects or draw(st.booleans()) else draw(st.sampled_from(objects))
        names = TOP if where is pairs else STEP
        action = draw(st.sampled_from(["set", "drop", "double", "steps"]))
        name = draw(st.sampled_from(names))
        if action == "set":
            kept = Pairs((k, v) for k, v in where if k != name)
            where[:] = [*kept, (name, draw(values))]
        elif action == "drop" and where:
            del where[draw(st.integers(0, len(where) - 1))]
        elif action == "double":
            where.append((name, draw(values)))
        elif steps:
            steps[draw(st.integers(0, len(steps) - 1))] = draw(values)
    return pairs


@st.composite
def files(draw):
    """Bytes of a file: valid, almost valid, malformed or oddly encoded."""
    document = draw(valid_documents())
    value = document if draw(st.integers(0, 3)) == 0 else draw(mutated(document))
    text = to_text(value, ascii_only=draw(st.booleans()))
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "utf-8-sig", "utf-16", "latin-1"]))
    data = text.encode(
        encoding, errors="surrogatepass" if encoding.startswith("utf") else "replace"
    )
    damage = draw(st.sampled_from(["none", "none", "cut", "flip", "append"]))
    if damage == "cut" and data:
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif damage == "flip" and data:
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    elif damage == "append":
        data += draw(st.binary(max_size=8))
    return data


def bounded(call):
    """Run ``call()``; fail if it takes too long or allocates too much."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        return call()
    finally:
        elapsed = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert elapsed < SECONDS, f"took {elapsed:.1f} s"
        assert peak < PEAK_BYTES, f"allocated {peak / 2**20:.0f} MB"


FUZZ = settings(
    max_examples=1700,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(files())
def test_the_loader_returns_a_scenario_or_its_own_error(data):
    try:
        scenario = bounded(lambda: load_scenario_bytes(data, "fuzz.json"))
    except ScenarioError as error:
        message = str(error)
        assert message.startswith("fuzz.json") and "\n" not in message
        message.encode("utf-8")  # printable
        return
    assert isinstance(scenario, Scenario)
    for number in range(1, len(scenario) + 1):  # what was kept is printable text
        scenario.label_at(number).encode("utf-8")


@settings(FUZZ, max_examples=300)
@given(files())
def test_trace_json_prints_a_document_or_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.json"
    path.write_bytes(data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = bounded(lambda: main(["trace", str(path), "--json"]))
    if status == 0:
        document = json.loads(out.getvalue())
        assert err.getvalue() == "" and "steps" in document
    else:
        assert status == 1 and out.getvalue() == ""
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"linviz: {path}")
