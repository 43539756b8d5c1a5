"""A replayed scenario as the documented JSON document or a readable table."""

from __future__ import annotations

from typing import Any

import numpy as np

from linviz.model.readout import read_result
from linviz.model.replay import Trace


def _plain(array: np.ndarray) -> Any:
    """Floats as JSON numbers; integral ones without ``.0``; -0.0 as 0."""
    return (np.asarray(array, dtype=np.float64) + 0.0).tolist()


def trace_document(trace: Trace) -> dict[str, Any]:
    """The ``linviz trace --json`` document (ARCHITECTURE.md)."""
    scenario = trace.scenario
    steps = []
    for number, step in enumerate(scenario.steps, start=1):
        item: dict[str, Any] = {"index": number, "op": step.op, "label": step.label}
        if step.is_write:
            record = trace.write_record(number)
            item.update(
                key=_plain(step.vector),
                value=_plain(step.value),
                stamp=_plain(record.stamp),
                state=_plain(record.state),
            )
        else:
            result = read_result(trace, number)
            item.update(
                query=_plain(step.vector),
                output=_plain(result.output),
                target=result.target,
                tied=list(result.tied),
                expected=None if result.expected is None else _plain(result.expected),
                interference=None if result.interference is None else _plain(result.interference),
                contributions=[
                    {"label": c.label, "weight": c.weight, "term": _plain(c.term)}
                    for c in result.contributions
                ],
                state=_plain(trace.state(number)),
            )
        steps.append(item)
    return {"d_k": scenario.d_k, "d_v": scenario.d_v, "steps": steps}


#: Below this, a number shown to a person is rounding noise of exact
#: arithmetic (0.8·5 − 4 = 8.9e-16) and is written as 0.
DISPLAY_ZERO = 1e-12


def fmt_number(x: float, scale: float = 1.0, digits: int = 4) -> str:
    """A number as a person writes it: ``2``, ``-0.5``, ``1.2``, ``1.23e+08``.

    At most ``digits`` significant digits. Values smaller than
    :data:`DISPLAY_ZERO` times ``max(scale, 1)`` print as ``0``: they are
    floating-point residue, not interference.
    """
    x = float(x) + 0.0
    if abs(x) < DISPLAY_ZERO * max(abs(scale), 1.0):
        x = 0.0
    return f"{x:.{digits}g}"


def fmt_vector(vector: np.ndarray, limit: int = 8, digits: int = 4) -> str:
    """``[1, 0]``; long vectors are cut with an ellipsis."""
    scale = float(np.abs(vector).max()) if len(vector) else 1.0
    # fmt_number's rules, applied to plain floats: the views format a few dozen
    # vectors per cursor move, and numpy scalars one by one cost ~4x more.
    zero, spec = DISPLAY_ZERO * max(abs(scale), 1.0), f".{digits}g"
    shown = [
        format(0.0 if abs(x) < zero else x + 0.0, spec)
        for x in np.asarray(vector[:limit], dtype=float).tolist()
    ]
    if len(vector) > limit:
        shown.append(f"… ({len(vector)} in all)")
    return "[" + ", ".join(shown) + "]"


def fmt_matrix(matrix: np.ndarray, limit: int = 16) -> str:
    """``[[2, 3], [0, 0]]`` for small matrices, a size and norm for large ones."""
    if matrix.size > limit:
        return (
            f"{matrix.shape[0]}×{matrix.shape[1]} matrix, largest |entry| "
            f"{fmt_number(np.abs(matrix).max())}"
        )
    return "[" + ", ".join(fmt_vector(row) for row in matrix) + "]"


def trace_table(trace: Trace) -> str:
    """The step-by-step table ``linviz trace`` prints, like the worked cases."""
    sc = trace.scenario
    lines = [
        sc.title,
        f"d_k = {sc.d_k}, d_v = {sc.d_v}, feature map {sc.feature_map}, "
        f"{'normalised' if sc.normalize else 'no normaliser'}, rule {sc.rule.describe()}",
        "",
        f"{'step':>4}  {'op':<5}  {'label':<8}  what happened",
        f"{0:>4}  {'start':<5}  {'':<8}  S = {fmt_matrix(trace.state(0))}",
    ]
    for number, step in enumerate(sc.steps, start=1):
        head = f"{number:>4}  {step.op:<5}  {step.label:<8}  "
        if step.is_write:
            record = trace.write_record(number)
            decay = f"  (old S × {fmt_number(record.decay)})" if record.decay != 1 else ""
            lines.append(
                head + f"k = {fmt_vector(step.vector)}  v = {fmt_vector(step.value)}  "
                f"stamp {fmt_matrix(record.stamp)}{decay}  S = {fmt_matrix(record.state)}"
            )
        else:
            result = read_result(trace, number)
            text = f"q = {fmt_vector(step.vector)}  -> {fmt_vector(result.output)}"
            if result.target is not None:
                verdict = (
                    "exact"
                    if result.exact
                    else f"wanted {fmt_vector(result.expected)}, interference "
                    f"{fmt_vector(result.interference)}"
                )
                text += f"  target {result.target}: {verdict}"
            elif result.tied:
                text += f"  no single target: {', '.join(result.tied)} weigh the same (a blend)"
            lines.append(head + text)
    return "\n".join(lines)
