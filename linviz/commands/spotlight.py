"""``linviz spotlight``: softmax and linear weights of one read, like with like.

Never imports Qt. Each side's weights are printed as shares ``|w| / Σ|w|``
(summing to 1 on both sides) with its effective number of keys
``exp(entropy)`` (:mod:`linviz.model.attention`).
"""

from __future__ import annotations

import argparse
import json
import sys

from linviz.model.errors import ScenarioError

#: The command's one-line help.
HELP = "softmax (spotlight) against linear (floodlight) weights of one read"


def _sharpness(text: str) -> float:
    from linviz.model.attention import SHARPNESS_RANGE, check_sharpness

    low, high = SHARPNESS_RANGE
    try:
        return check_sharpness(float(text))
    except (ValueError, ScenarioError):
        raise argparse.ArgumentTypeError(
            f"expected a number from {low:g} to {high:g}, got {text!r}"
        ) from None


def _step(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a step number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"steps are counted from 1, got {value}")
    return value


def add_spotlight_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add ``spotlight`` to ``linviz``'s sub-commands."""
    spotlight = commands.add_parser("spotlight", help=HELP)
    spotlight.add_argument("scenario", help="a scenario file or a lesson name")
    spotlight.add_argument("--step", type=_step, required=True, help="the read's step number")
    spotlight.add_argument(
        "--sharpness",
        type=_sharpness,
        nargs="+",
        default=None,
        metavar="S",
        help="softmax sharpness s, 0 to 50; several give one row each "
        "(default: the lab's default sharpness)",
    )
    spotlight.add_argument("--json", action="store_true", help="print one JSON document")
    return spotlight


def run_spotlight(options: argparse.Namespace) -> int:
    """Print the comparison as a table or as JSON; 1 with one line for a bad step."""
    from linviz.commands.failing import READ_FAILURES, fail, load, read_failed
    from linviz.model.attention import spotlight_document
    from linviz.model.replay import Trace

    try:
        scenario = load(options.scenario)
    except READ_FAILURES as error:
        return read_failed(error, options.scenario)
    number = options.step
    if number > len(scenario):
        return fail(
            f"{options.scenario}: step {number}: expected a read, the scenario has "
            f"{len(scenario)} steps"
        )
    if scenario.is_write(number):
        return fail(f"{options.scenario}: step {number} is a write; expected a read")
    document = spotlight_document(Trace(scenario), number, options.sharpness)
    if options.json:
        sys.stdout.write(json.dumps(document, allow_nan=False) + "\n")
        return 0
    sys.stdout.write("\n".join(table_lines(document, scenario.label_at(number))) + "\n")
    return 0


def table_lines(document: dict, label: str) -> list[str]:
    """The comparison as a table: one line per side and sharpness."""
    from linviz.model.report import fmt_number

    labels = document["labels"]
    lines = [
        f"step {document['step']} (read {label}): each side's weights as shares "
        "|w| / Σ|w|, summing to 1",
    ]
    if not labels:
        lines.append("no earlier write: nothing to weigh")
        return lines
    head = ["sharpness", "side", *labels, "effective keys"]
    rows = []
    for row in document["rows"]:
        for side in ("softmax", "linear"):
            weights = row[side]["weights"]
            sharpness = fmt_number(row["sharpness"]) if side == "softmax" else ""
            rows.append(
                [
                    sharpness,
                    side,
                    *(f"{w:.3f}" for w in weights),
                    fmt_number(row[side]["effective_keys"], digits=3),
                ]
            )
    widths = [max(len(line[column]) for line in [head, *rows]) for column in range(len(head))]
    for line in [head, *rows]:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip())
    lines.append(
        f"default sharpness {fmt_number(document['default_sharpness'])}; linear attention "
        "has no sharpness: its weights are the same on every row"
    )
    return lines
