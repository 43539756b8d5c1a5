"""A replayed scenario as the documented JSON document or a readable table.

Both walk the scenario forwards once (:mod:`linviz.model.trace_walk`) and
write as they go, so a million steps cost a million steps' work and memory
for one step's output at a time. The walker is imported by the functions
that walk: the window's captions need only this module's number formats, and
start-up then does without it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np

from linviz.model.error_parts import PART_TITLES
from linviz.model.limits import MAX_LISTED_TERMS
from linviz.model.norms import largest_finite
from linviz.model.readout import read_scale, shown_part_names
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario

if TYPE_CHECKING:
    from linviz.model.trace_walk import WalkedRead, WalkedWrite


def _plain(array: np.ndarray) -> Any:
    """Floats as JSON numbers; integral ones without ``.0``; -0.0 as 0."""
    return (np.asarray(array, dtype=np.float64) + 0.0).tolist()


def step_object(item: WalkedWrite | WalkedRead, *, with_state: bool = True) -> dict[str, Any]:
    """One step of the ``linviz trace --json`` document.

    A read that does not list every term ends its ``contributions`` with
    ``{"label": "rest", "count": n, "term": [...]}``: the sum of the ``n``
    terms not listed (the one entry with a ``count``).
    """
    from linviz.model.trace_walk import WalkedWrite

    if isinstance(item, WalkedWrite):
        return {
            "index": item.number,
            "op": "write",
            "label": item.label,
            "key": _plain(item.key),
            "value": _plain(item.value),
            **{name: value for name, value in item.parameters},
            "stamp": _plain(item.stamp),
            "state": _plain(item.state) if with_state else None,
        }
    contributions: list[dict[str, Any]] = [
        {"label": label, "weight": weight, "term": term}
        for label, weight, term in zip(
            item.labels, (item.weights + 0.0).tolist(), _plain(item.terms)
        )
    ]
    if item.rest is not None:
        contributions.append(
            {"label": "rest", "count": item.rest.count, "term": _plain(item.rest.term)}
        )
    return {
        "index": item.number,
        "op": "read",
        "label": item.label,
        "query": _plain(item.query),
        "output": _plain(item.output),
        "target": item.target,
        "tied": list(item.tied),
        "expected": None if item.expected is None else _plain(item.expected),
        "interference": None if item.interference is None else _plain(item.interference),
        "error_parts": None if item.error_parts is None else item.error_parts.as_json(),
        "contributions": contributions,
        "state": _plain(item.state) if with_state else None,
    }


def write_trace_json(
    scenario: Scenario,
    stream: TextIO,
    *,
    all_terms: bool = False,
    limit: int = MAX_LISTED_TERMS,
    ensure_ascii: bool = False,
) -> None:
    """Write the ``linviz trace --json`` document to ``stream``, one step at a time."""
    from linviz.model.trace_walk import walk

    encode = json.JSONEncoder(ensure_ascii=ensure_ascii, allow_nan=False).encode
    stream.write(f'{{"d_k": {scenario.d_k}, "d_v": {scenario.d_v}, "steps": [')
    separator = ""
    last_state: np.ndarray | None = None
    state_text = ""
    for item in walk(scenario, all_terms=all_terms, limit=limit):
        document = step_object(item, with_state=False)
        # "state" is written last, as text: a read's S is the step before's, and
        # at d = 512 writing its 262,144 numbers again would cost a tenth of a second.
        if item.state is not last_state:
            last_state, state_text = item.state, encode(_plain(item.state))
        del document["state"]
        stream.write(separator)
        stream.write(encode(document)[:-1])
        stream.write(', "state": ')
        stream.write(state_text)
        stream.write("}")
        separator = ", "
    stream.write("]}\n")


def trace_document(trace: Trace, *, all_terms: bool = False) -> dict[str, Any]:
    """The ``linviz trace --json`` document as one dictionary (small scenarios)."""
    from linviz.model.trace_walk import walk

    scenario = trace.scenario
    steps = [step_object(item) for item in walk(scenario, all_terms=all_terms)]
    return {"d_k": scenario.d_k, "d_v": scenario.d_v, "steps": steps}


#: Below this share of the numbers it was worked out from (the formatters'
#: ``at``; 1 when not given), a number shown to a person is rounding noise of
#: exact arithmetic (0.8·5 − 4 = 8.9e-16) and is written as 0.
DISPLAY_ZERO = 1e-12


def fmt_number(x: float, scale: float = 1.0, digits: int = 4, *, at: float | None = None) -> str:
    """A number as a person writes it: ``2``, ``-0.5``, ``1.2``, ``1.23e+08``.

    At most ``digits`` significant digits. Values smaller than
    :data:`DISPLAY_ZERO` times ``max(scale, 1)`` print as ``0``: they are
    floating-point residue, not interference. ``at``: the size of the
    numbers ``x`` was worked out from (a read's :func:`~linviz.model.readout.read_scale`);
    given (``scale`` is then not used), the residue is below :data:`DISPLAY_ZERO`
    times it, however small (a read of values near 1e-300 is no residue of
    numbers near 1).
    """
    x = float(x) + 0.0
    if abs(x) < _zero_below(abs(scale) if at is None else 0.0, at):
        x = 0.0
    return f"{x:.{digits}g}"


def _zero_below(size: float, at: float | None) -> float:
    """Below what a worked-out number of size ``size`` (or beside it) prints as 0."""
    if at is None:
        return DISPLAY_ZERO * max(size, 1.0)
    return DISPLAY_ZERO * max(size, at) if math.isfinite(at) else DISPLAY_ZERO * size


def fmt_vector(
    vector: np.ndarray,
    limit: int = 8,
    digits: int = 4,
    more: str = "… ({0} in all)",
    *,
    written: bool = False,
    at: float | None = None,
) -> str:
    """``[1, 0]``; long vectors are cut after ``limit`` numbers with ``more``
    (``{0}``: how many numbers there are in all; the views pass it in their language).

    ``written``: a vector the user wrote (a step's key, value or query):
    every number shows, however small. Only worked-out vectors can carry
    rounding residue; a query of ``[1e-308, 0]`` is no residue, and shown as
    ``[0, 0]`` beside the weights it gives it was a false statement.
    ``at``: the size of the numbers the vector was worked out from
    (:func:`fmt_number`); by default the larger of its own largest entry and 1.
    """
    # fmt_number's rules, applied to plain floats: the views format a few dozen
    # vectors per cursor move, and numpy scalars one by one cost ~4x more.
    values = np.asarray(vector, dtype=float).tolist()
    spec = f".{digits}g"
    if written:
        zero = 0.0
    else:
        # An entry beyond the floats would make every other one "residue" of it.
        size = max((abs(x) for x in values if math.isfinite(x)), default=0.0)
        zero = _zero_below(size if values else 1.0, at)
    shown = [format(0.0 if abs(x) < zero else x + 0.0, spec) for x in values[:limit]]
    if len(vector) > limit:
        shown.append(more.format(len(vector)))
    return "[" + ", ".join(shown) + "]"


def fmt_written(vector: np.ndarray) -> str:
    """:func:`fmt_vector` of a vector the user wrote: every number shows, however small."""
    return fmt_vector(vector, written=True)


def fmt_matrix(matrix: np.ndarray, limit: int = 16, *, at: float | None = None) -> str:
    """``[[2, 3], [0, 0]]`` for small matrices, a size and norm for large ones.

    ``at``: the size of the numbers the matrix was worked out from
    (:func:`fmt_number`); by default its own largest finite entry, so that a
    memory of values near 1e-300 is no matrix of zeros (as its heatmap shows).
    """
    if at is None:
        at = largest_finite(matrix)
    if matrix.size > limit:
        return (
            f"{matrix.shape[0]}×{matrix.shape[1]} matrix, largest |entry| "
            f"{fmt_number(np.abs(matrix).max(), at=at)}"
        )
    return "[" + ", ".join(fmt_vector(row, at=at) for row in matrix) + "]"


def trace_table(trace: Trace) -> str:
    """The step-by-step table ``linviz trace`` prints, like the worked cases."""
    return "\n".join(trace_table_lines(trace.scenario))


def trace_table_lines(sc: Scenario) -> Iterator[str]:
    """The lines of :func:`trace_table`, made one step at a time."""
    from linviz.model.trace_walk import WalkedWrite, walk

    yield sc.title
    normaliser = "normalised" if sc.normalize else "no normaliser"
    yield (
        f"d_k = {sc.d_k}, d_v = {sc.d_v}, feature map {sc.feature_map}, {normaliser}, "
        f"rule {sc.rule.describe(default=True)}"
    )
    yield ""
    yield f"{'step':>4}  {'op':<5}  {'label':<8}  what happened"
    yield f"{0:>4}  {'start':<5}  {'':<8}  S = {fmt_matrix(np.zeros((sc.d_k, sc.d_v)))}"
    for item in walk(sc, decompose=False):
        op = "write" if isinstance(item, WalkedWrite) else "read"
        head = f"{item.number:>4}  {op:<5}  {item.label:<8}  "
        if isinstance(item, WalkedWrite):
            decay = f"  (old S × {fmt_number(item.decay)})" if item.decay != 1 else ""
            settings = "".join(
                f"{_SYMBOLS[name]} = {fmt_number(value)}  " for name, value in item.parameters
            )
            yield (
                head + f"k = {fmt_written(item.key)}  v = {fmt_written(item.value)}  {settings}"
                f"stamp {fmt_matrix(item.stamp, at=item.stamp_scale)}{decay}  "
                f"S = {fmt_matrix(item.state)}"
            )
            continue
        at = walked_read_scale(item)
        text = f"q = {fmt_written(item.query)}  -> {fmt_vector(item.output, at=at)}"
        if item.target is not None:
            assert item.interference is not None and item.expected is not None
            verdict = "exact"
            if not item.exact:
                verdict = (
                    f"wanted {fmt_written(item.expected)}, off by "
                    f"{fmt_vector(item.interference, at=at)}{_parts_text(item, at)}"
                )
            text += f"  target {item.target}: {verdict}"
        elif item.tied:
            text += f"  no single target: {', '.join(item.tied)} weigh the same (a blend)"
        yield head + text


_SYMBOLS = {"alpha": "α", "beta": "β"}


def walked_read_scale(item: WalkedRead) -> float:
    """:func:`~linviz.model.readout.read_scale` of a walked read (its listed terms are
    its largest).
    """
    sizes = np.abs(item.terms).max(axis=1, initial=0.0) if len(item.terms) else np.zeros(0)
    return read_scale(item.output, item.expected, sizes)


def _parts_text(item: WalkedRead, at: float) -> str:
    """`` = forgetting [-3.6, -1.8]``: the error's parts that are not zero, largest first
    (``at``: the read's scale).
    """
    parts = item.error_parts
    # The parts that print as non-zero, as the readout names them: pure decay is no crosstalk.
    order = shown_part_names(parts, item.output, item.expected)
    if parts is None or not order:
        return ""
    return " = " + " + ".join(
        f"{PART_TITLES[name]} {fmt_vector(parts[name], at=at)}" for name in order
    )
