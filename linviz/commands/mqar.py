"""``linviz mqar``: Zoology's multi-query associative recall as a scenario file (no Qt)."""

from __future__ import annotations

import argparse
import sys

from linviz.model.errors import ScenarioError
from linviz.model.texts import counted

RULES = ("additive", "delta", "gated", "gated_delta")


def _whole(low: int, high: int):
    def convert(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"expected {low:,} to {high:,}, got {number:,}")
        return number

    return convert


def _unit(low_open: bool):
    def convert(text: str) -> float:
        try:
            number = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if not ((0.0 < number) if low_open else (0.0 <= number)) or not number <= 1.0:
            raise argparse.ArgumentTypeError(
                f"expected a number in {'(0, 1]' if low_open else '[0, 1]'}, got {text!r}"
            )
        return number

    return convert


def add_mqar_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """``linviz mqar --pairs N --d D … --out FILE.json``."""
    from linviz.model import limits

    command = commands.add_parser(
        "mqar",
        help="Zoology's associative-recall task (MQAR) as a scenario file",
        description="Build the token sequence of Zoology's multi-query associative recall "
        "(HazyResearch/zoology, multiquery_ar.py): N key-value pairs k v k v …, then each key "
        "asked again at a power-law gap. Each pair becomes a write, each query a read, with "
        "seeded random unit embeddings of dimension D.",
    )
    command.add_argument("--pairs", required=True, type=_whole(1, 16_384), metavar="N")
    command.add_argument(
        "--d",
        required=True,
        type=_whole(limits.MIN_DIM, limits.MAX_DIM),
        metavar="D",
        help=f"embedding size d_k = d_v, {limits.MIN_DIM} to {limits.MAX_DIM}",
    )
    command.add_argument(
        "--vocab", type=_whole(4, 1 << 20), default=8192, metavar="V", help="default 8192"
    )
    command.add_argument(
        "--length",
        type=_whole(4, 1 << 20),
        default=None,
        metavar="L",
        help="tokens in the sequence, even, at least 4N (default: 64 or 4N)",
    )
    command.add_argument("--seed", type=_whole(0, 2**32 - 1), default=0, help="default 0")
    command.add_argument("--rule", choices=RULES, default="additive", help="default additive")
    command.add_argument(
        "--beta", type=_unit(False), default=1.0, help="delta rules' writing strength (1)"
    )
    command.add_argument("--alpha", type=_unit(True), default=1.0, help="gated rules' decay (1)")
    command.add_argument("--out", required=True, help="the scenario file to write (.json)")
    return command


def run_mqar(options: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Write the MQAR scenario; print the file and how many queries its memory recalls."""
    from linviz.model.mqar import (
        mqar_rule,
        mqar_scenario,
        mqar_sequence,
        pair_embeddings,
        recalled,
    )
    from linviz.model.scenario_file import save_scenario

    try:
        sequence = mqar_sequence(options.pairs, options.length, options.vocab, options.seed)
        rule = mqar_rule(options.rule, beta=options.beta, alpha=options.alpha)
        # Made once for the file and for the count of what it recalls.
        embedded = pair_embeddings(sequence, options.d, options.seed)
        scenario = mqar_scenario(sequence, options.d, options.seed, rule, embedded)
    except ScenarioError as error:
        # A setting zoology refuses (4N > L, V ≤ L, L odd): a usage error.
        parser.error(str(error).removeprefix(f"field '{error.field}': "))
    try:
        written = save_scenario(scenario, options.out)
    except ScenarioError as error:
        print(f"linviz: {error}", file=sys.stderr)
        return 1
    hits = int(recalled(sequence, options.d, rule, options.seed, embedded).sum())
    print(
        f"{written}: {counted(sequence.pairs, 'pair', 'pairs')} in "
        f"{counted(len(sequence.inputs), 'token', 'tokens')}, d = {options.d}, "
        f"rule {rule.describe()}: {hits} of {sequence.pairs} queries recalled"
    )
    return 0
