"""``linviz cost``: the time per new token, measured here, softmax against linear attention.

Never imports Qt. The measurement and the fits are :mod:`linviz.model.token_costs`.
"""

from __future__ import annotations

import argparse
import json
import sys

from linviz.model.errors import ScenarioError

#: The command's one-line help.
HELP = (
    "measure the time per new token: softmax over a growing cache (O(n)) "
    "against one state update and read (O(1))"
)


def _whole(name: str, limits: str):
    """An argparse ``type``: a whole number in ``token_costs``'s range called ``limits``.

    The range is looked up when an argument is converted, so that building the
    parser (which every ``linviz`` command does) does not load the model module.
    """

    def convert(text: str) -> int:
        from linviz.model import token_costs

        low, high = getattr(token_costs, limits)
        try:
            value = int(text.replace(",", "").replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low:,} to {high:,}, got {text!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low:,} to {high:,}, got {text!r}"
            )
        return value

    convert.__name__ = name  # argparse names the type in its messages
    return convert


def add_cost_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add ``cost`` to ``linviz``'s sub-commands."""
    cost = commands.add_parser("cost", help=HELP)
    cost.add_argument(
        "--tokens",
        type=_whole("tokens", "TOKEN_RANGE"),
        nargs="+",
        required=True,
        metavar="T",
        help="cache lengths to measure at (the token's position n)",
    )
    cost.add_argument(
        "--d", type=_whole("d", "HEAD_RANGE"), default=64, help="head size d (default 64)"
    )
    cost.add_argument(
        "--repeat",
        type=_whole("repeat", "REPEAT_RANGE"),
        default=5,
        help="runs per length; the best is kept (default 5)",
    )
    cost.add_argument("--json", action="store_true", help="print one JSON document")
    return cost


def run_cost(options: argparse.Namespace) -> int:
    """Measure, fit and print; 1 with one line for a cache too large."""
    from linviz.commands.failing import fail
    from linviz.model.token_costs import measure

    tokens = sorted(set(options.tokens))
    try:
        rows = measure(tokens, options.d, options.repeat)
    except ScenarioError as error:
        return fail(error)
    except MemoryError:
        return fail(f"not enough memory for a cache of {max(tokens):,} tokens")
    lines = rows[0].fit
    if options.json:
        document = {
            "d": options.d,
            "repeat": options.repeat,
            "fit": {
                "softmax_seconds": {"intercept": lines.intercept, "slope": lines.slope},
                "state_seconds": {"constant": lines.constant},
            },
            "rows": [row.to_dict() for row in rows],
        }
        sys.stdout.write(json.dumps(document, allow_nan=False) + "\n")
        return 0
    sys.stdout.write("\n".join(table_lines(rows, options.d, options.repeat)) + "\n")
    return 0


def _time(seconds: float) -> str:
    """``12.3 µs``, ``4.56 ms``, ``1.2 s``: three significant digits."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            return f"{seconds / scale:.3g} {unit}"
    raise AssertionError("unreachable")


def table_lines(rows: list, d: int, repeat: int) -> list[str]:
    """The measurements and the fits as a table."""
    fit = rows[0].fit
    head = (
        "tokens",
        "softmax/token",
        "fit a + b·n",
        "state/token",
        "fit c",
        "softmax total",
        "state total",
    )
    table = [head] + [
        (
            f"{row.tokens:,}",
            _time(row.softmax_seconds),
            _time(fit.softmax_token(row.tokens)),
            _time(row.state_seconds),
            _time(fit.state_token(row.tokens)),
            _time(fit.softmax_total(row.tokens)),
            _time(fit.state_total(row.tokens)),
        )
        for row in rows
    ]
    widths = [max(len(line[column]) for line in table) for column in range(len(head))]
    lines = [
        f"Time per new token at position n, measured on this machine (d = {d}, float32, "
        f"best of {repeat})",
        "softmax re-reads its whole cache (O(n) a token, O(T²) in all); linear attention "
        "updates and reads one d × d state (O(1) a token, O(T) in all)",
    ]
    lines += ["  ".join(cell.rjust(width) for cell, width in zip(line, widths)) for line in table]
    lines.append(
        f"fits: softmax a = {_time(fit.intercept)}, b = {_time(fit.slope)} a cached token; "
        f"state c = {_time(fit.constant)}; totals for T tokens: a·T + b·T(T+1)/2 and c·T"
    )
    return lines
