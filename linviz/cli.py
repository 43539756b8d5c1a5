"""The ``linviz`` command.

``trace``, ``lessons``, ``memory``, ``capacity`` and the commands of
:mod:`linviz.commands` never import Qt: they must work on a server with no
display and start fast. The app, ``export``
and the view benchmarks import Qt only when they run.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from linviz import __version__
from linviz.commands.arrays import (
    add_array_options,
    add_import_parser,
    array_options,
    check_array_options,
)
from linviz.commands.cost import add_cost_parser
from linviz.commands.failing import fail, load
from linviz.commands.mqar import add_mqar_parser
from linviz.commands.spotlight import add_spotlight_parser
from linviz.model.errors import ScenarioError
from linviz.model.limits import MAX_LISTED_TERMS
from linviz.model.text_rules import NumberTextError, number_from_text, whole_from_text
from linviz.model.texts import counted

#: The languages of the window and of exports (no Qt import: the CLI starts fast).
LANGUAGES = ("en", "fr")
COMMANDS = (
    "lessons",
    "trace",
    "export",
    "bench",
    "memory",
    "capacity",
    "import",
    "mqar",
    "spotlight",
    "cost",
)
#: Files ``linviz capacity --out`` draws the recall lab's curves into.
IMAGE_SUFFIXES = (".png", ".svg", ".pdf")


class _OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _checked(parse: Callable[[str], object], check: Callable[[object], object]):
    """An argparse ``type`` that parses a string, then checks it with a model checker.

    ``int`` and ``float`` are read with the digits 0-9 only (Python's own
    also read ``٥`` and ``5_000``), and the refusal says why.
    """
    reader = {int: whole_from_text, float: number_from_text}.get(parse, parse)

    def convert(text: str) -> object:
        try:
            value = reader(text)  # type: ignore[operator]
        except ValueError as error:
            kind = "a whole number" if parse is int else "a number"
            why = ""
            if isinstance(error, NumberTextError) and error.looks_like_a_number:
                why = f": {error.reason}"
            raise argparse.ArgumentTypeError(f"expected {kind}, got {text!r}{why}") from None
        try:
            return check(value)
        except ScenarioError as error:
            # "--layers must be …" after argparse's "argument --layers:" says it twice.
            message = error.message
            if error.field and message.startswith(f"{error.field} "):
                message = message[len(error.field) + 1 :]
            raise argparse.ArgumentTypeError(message) from None

    return convert


def _whole(low: int, high: int, name: str):
    from linviz.model.costs import check_whole

    return _checked(int, lambda value: check_whole(value, name, low, high))


def _app_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="linviz",
        description="See how linear attention stores associations in one fixed-size "
        "matrix S, and how they blend once keys overlap.",
        epilog="Other commands: linviz lessons | trace | export | bench | memory | capacity | "
        "import | mqar | spotlight | cost "
        "(linviz COMMAND --help for each).",
    )
    parser.add_argument(
        "scenario",
        nargs="?",
        default=None,
        help="a scenario file or the name of a bundled lesson (default: the first lesson)",
    )
    parser.add_argument("--version", action="version", version=f"linviz {__version__}")
    parser.add_argument(
        "--lang",
        default=None,
        choices=LANGUAGES,
        help="language of the window: en or fr (default: the last chosen, else the system's)",
    )
    add_array_options(parser)
    return parser


def _command_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``linviz COMMAND …``.

    ``memory`` and ``capacity`` take their limits from the model modules
    that check them; those are imported (and their options built) only when
    ``command`` is theirs or ``None``: ``linviz trace`` does not pay for them.
    """
    parser = _OneLineParser(prog="linviz")
    parser.add_argument("--version", action="version", version=f"linviz {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("lessons", help="list the bundled lessons: name, title")
    trace = commands.add_parser("trace", help="replay a scenario without a window")
    trace.add_argument("scenario", help="a scenario file or a lesson name")
    trace.add_argument("--json", action="store_true", help="print one JSON document")
    trace.add_argument(
        "--all-terms",
        action="store_true",
        help=f"--json: list every term of every read (by default a read with more than "
        f"{MAX_LISTED_TERMS:,} earlier writes lists its {MAX_LISTED_TERMS:,} largest and "
        "one 'rest' entry); the time grows with the square of the steps",
    )
    add_array_options(trace)
    export = commands.add_parser(
        "export",
        help="write one image (.png .svg .pdf), an animation (.gif) or an interactive page (.html)",
    )
    export.add_argument("scenario", help="a scenario file or a lesson name")
    export.add_argument(
        "--out",
        default=None,
        help="output file; its extension sets the format (.png .svg .pdf .gif .html); "
        "with --step all, its folder is made if need be (not needed with --view list)",
    )
    export.add_argument(
        "--step",
        default=None,
        help="step number to show (default: the last), or 'all' for one numbered file per step",
    )
    export.add_argument(
        "--view", default="window", help="'window' (default), a panel name, or 'list' to print them"
    )
    export.add_argument(
        "--scale", type=_checked(float, float), default=1.0, help="pixel scale, 1 to 4"
    )
    export.add_argument("--theme", default=None, help="light, dark or projector")
    export.add_argument(
        "--lang", default="en", choices=LANGUAGES, help="language of the image: en or fr"
    )
    export.add_argument(
        "--size",
        default=None,
        help="drawing area WxH in pixels (default 1600x1000); 1920x1080 gives a full-HD 16:9 slide",
    )
    export.add_argument(
        "--transparent",
        action="store_true",
        help="PNG: transparent background (for slides with their own)",
    )
    export.add_argument(
        "--duration", type=_checked(int, int), default=1200, help="GIF: milliseconds per frame"
    )
    export.add_argument(
        "--editors",
        action="store_true",
        help="--view window: keep the table of steps, the settings and the buttons "
        "(left out by default)",
    )
    add_array_options(export)
    add_import_parser(commands)
    add_mqar_parser(commands)
    bench = commands.add_parser("bench", help="measure performance")
    bench.add_argument("--json", action="store_true", help="print one JSON document")
    from linviz.bench.levels import add_level_options  # argparse only: no Qt, no numpy

    add_level_options(bench)
    bench.add_argument(
        "--only",
        choices=("model", "views", "drawing"),
        default=None,
        help="run one part: the model, the views, or hand-painted widgets against plain Qt",
    )
    for name, add in (("memory", _add_memory_parser), ("capacity", _add_capacity_parser)):
        if command in (None, name):
            add(commands)
        else:
            commands.add_parser(name, help=_LAB_COMMAND_HELP[name])
    add_spotlight_parser(commands)
    add_cost_parser(commands)
    return parser


#: The one-line help of the commands whose options are built on demand.
_LAB_COMMAND_HELP = {
    "memory": "KV cache against the fixed state S, in bytes, at some context lengths",
    "capacity": "the controlled recall test: store N pairs in a d×d memory, read each back",
}


def _add_memory_parser(commands: argparse._SubParsersAction) -> None:
    from linviz.model.costs import BYTES_PER_NUMBER, MAX_TOKENS, SHAPE_RANGES

    memory = commands.add_parser(
        "memory",
        help=_LAB_COMMAND_HELP["memory"],
        description="Bytes of a softmax model's KV cache (2 · layers · heads · head size · "
        "bytes per number · tokens) against linear attention's fixed state "
        "(layers · heads · head size² · bytes per number). The defaults are the course's "
        "head: 1 layer, 1 head, head size 128, bf16.",
    )
    for flag, field in (("--layers", "layers"), ("--heads", "heads"), ("--head-dim", "head_dim")):
        low, high = SHAPE_RANGES[field]
        memory.add_argument(
            flag,
            type=_whole(low, high, flag),
            default={"layers": 1, "heads": 1, "head_dim": 128}[field],
            help=f"{low} to {high:,} (default %(default)s)",
        )
    memory.add_argument(
        "--dtype",
        choices=tuple(BYTES_PER_NUMBER),
        default="bf16",
        help="number format: fp32 (4 bytes), bf16 or fp16 (2), fp8 (1); default bf16",
    )
    memory.add_argument(
        "--tokens",
        nargs="+",
        required=True,
        type=_whole(0, MAX_TOKENS, "--tokens"),
        metavar="T",
        help="context lengths, in tokens",
    )
    memory.add_argument("--json", action="store_true", help="print one JSON document")


def _add_capacity_parser(commands: argparse._SubParsersAction) -> None:
    from linviz.model import capacity
    from linviz.model.limits import MAX_DIM, MIN_DIM

    recall = commands.add_parser(
        "capacity",
        help=_LAB_COMMAND_HELP["capacity"],
        description="Store N key -> value pairs in an empty d×d memory, read each back with "
        "its own key, and measure the mean relative error |y - v|/|v| and the share of "
        "reads within a tolerance, over independent trials.",
    )
    recall.add_argument(
        "--d",
        nargs="+",
        required=True,
        type=_whole(MIN_DIM, MAX_DIM, "--d"),
        metavar="D",
        help=f"key and value sizes, {MIN_DIM} to {MAX_DIM}",
    )
    recall.add_argument(
        "--n",
        nargs="+",
        required=True,
        type=_whole(1, capacity.MAX_PAIRS, "--n"),
        metavar="N",
        help=f"numbers of stored pairs, 1 to {capacity.MAX_PAIRS:,}",
    )
    recall.add_argument(
        "--keys",
        choices=capacity.KEY_KINDS,
        default="random",
        help="random unit keys (default), orthogonal ones (the first d), or similar ones",
    )
    recall.add_argument(
        "--similarity",
        nargs="+",
        type=_checked(float, capacity.check_similarity),
        default=None,
        metavar="C",
        help="with --keys similar: the mean cosine between keys, in [0, 1)",
    )
    recall.add_argument(
        "--rule",
        nargs="+",
        choices=capacity.RECALL_RULES,
        default=["additive"],
        help="additive (default) and/or delta",
    )
    recall.add_argument(
        "--beta",
        type=_checked(float, capacity.check_beta),
        default=1.0,
        help="the delta rule's writing strength, in [0, 1] (default 1)",
    )
    recall.add_argument(
        "--trials",
        type=_whole(1, capacity.MAX_TRIALS, "--trials"),
        default=100,
        help="independent memories per point (default 100)",
    )
    recall.add_argument(
        "--seed", type=_whole(0, 2**63 - 1, "--seed"), default=0, help="random seed (default 0)"
    )
    recall.add_argument(
        "--tolerance",
        type=_checked(float, capacity.check_tolerance),
        default=capacity.DEFAULT_TOLERANCE,
        help="a read within this relative error counts as exact (default 0.1)",
    )
    output = recall.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON document")
    output.add_argument(
        "--out",
        metavar="FILE",
        help="write the rows to FILE.csv, or draw the curves into FILE.png, .svg or .pdf",
    )


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The sub-command parser called ``name`` (to report a usage error as it would)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices[name]
    raise KeyError(name)


def run_lessons() -> int:
    """Print each bundled lesson's name and title."""
    from linviz.model.lessons import bundled_lessons

    lessons = bundled_lessons()
    width = max(len(lesson.name) for lesson in lessons)
    for lesson in lessons:
        print(f"{lesson.name:<{width}}  {lesson.title}")
    return 0


def _unicode_stream(stream: TextIO) -> bool:
    """Whether ``stream`` takes any text (a UTF-8 terminal or file, or an in-memory one)."""
    encoding = getattr(stream, "encoding", None)
    return encoding is None or codecs.lookup(encoding).name == "utf-8"


def run_trace(name: str, as_json: bool, all_terms: bool = False, arrays=None) -> int:
    """Replay a scenario (or arrays read with ``arrays``) and print it as a table or as JSON."""
    from linviz.model.report import trace_table_lines, write_trace_json

    try:
        scenario = load(name, arrays)
    except ScenarioError as error:
        return fail(error)
    except MemoryError:
        return fail(f"{name}: not enough memory to read this scenario")
    out = sys.stdout
    if not _unicode_stream(out) and isinstance(out, io.TextIOWrapper):
        # A terminal that cannot show "ᵀ" or a label's "é": escape, never crash.
        out.reconfigure(errors="backslashreplace")
    try:
        if as_json:
            write_trace_json(
                scenario, out, all_terms=all_terms, ensure_ascii=not _unicode_stream(out)
            )
        else:
            for line in trace_table_lines(scenario):
                out.write(line + "\n")
    except MemoryError:
        return fail(f"{name}: not enough memory to trace this scenario")
    return 0


def run_memory(options: argparse.Namespace) -> int:
    """Print the KV cache and state sizes at each requested length."""
    from linviz.model.costs import ModelShape, human_size, memory_rows

    shape = ModelShape(options.layers, options.heads, options.head_dim, options.dtype)
    rows = memory_rows(shape, options.tokens)
    if options.json:
        print(json.dumps({"rows": [row.to_dict() for row in rows]}))
        return 0
    table = [("tokens", "KV cache", "state")] + [
        (
            f"{row.tokens:,}",
            f"{human_size(row.kv_cache_bytes)} ({row.kv_cache_bytes:,} B)",
            f"{human_size(row.state_bytes)} ({row.state_bytes:,} B)",
        )
        for row in rows
    ]
    widths = [max(len(line[column]) for line in table) for column in range(3)]
    print(shape.describe())
    for tokens, cache, state in table:
        print(f"{tokens:>{widths[0]}}  {cache:<{widths[1]}}  {state}")
    print(f"The KV cache is larger than the state from {shape.crossover_tokens:,} tokens on.")
    return 0


def run_capacity(options: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run the recall test and print its rows (a table, JSON, or a CSV file)."""
    from linviz.model.capacity import ROW_FIELDS, RecallSweep, run_sweep

    similar = options.keys == "similar"
    if similar and options.similarity is None:
        parser.error("--keys similar needs --similarity C (a mean cosine in [0, 1))")
    if not similar and options.similarity is not None:
        parser.error(f"--similarity applies to --keys similar only, not --keys {options.keys}")
    image = options.out is not None and options.out.lower().endswith(IMAGE_SUFFIXES)
    if options.out is not None and not image and not options.out.lower().endswith(".csv"):
        parser.error(
            f"--out {options.out}: expected a file name ending in .csv (the numbers) "
            "or .png, .svg, .pdf (the recall lab's curves)"
        )
    sweep = RecallSweep(
        dims=tuple(options.d),
        sizes=tuple(options.n),
        similarities=tuple(options.similarity) if similar else (0.0,),
        keys=options.keys,
        rules=tuple(options.rule),
        beta=options.beta,
        trials=options.trials,
        tolerance=options.tolerance,
        seed=options.seed,
    )
    result = run_sweep(sweep)
    rows = [point.to_row() for point in result.points]
    if image:  # the only branch that loads Qt
        from linviz.views.export.images import ExportError
        from linviz.views.labs.recall_image import write_recall_image

        try:
            write_recall_image(result, options.out)
        except ExportError as error:
            return fail(str(error))
        return 0
    if options.json:
        print(json.dumps({"rows": rows}))
        return 0
    if options.out is not None:
        import csv

        try:
            with open(options.out, "w", newline="", encoding="utf-8") as file:
                writer = csv.DictWriter(file, fieldnames=ROW_FIELDS)
                writer.writeheader()
                writer.writerows(rows)
        except OSError as error:
            return fail(f"cannot write {options.out}: {error.strerror or error}")
        return 0
    print(_capacity_table(rows, options.keys, options.trials, options.tolerance))
    return 0


def _capacity_table(rows: list[dict], keys: str, trials: int, tolerance: float) -> str:
    """The recall test's rows as an aligned table."""
    header = ("d", "n", "similarity", "rule", "mean relative error", "exact recall")
    lines = [header] + [
        (
            str(row["d"]),
            str(row["n"]),
            f"{row['similarity']:g}",
            row["rule"],
            f"{row['mean_relative_error']:.3f}",
            f"{100 * row['exact_recall_rate']:.1f}%",
        )
        for row in rows
    ]
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]
    text = [
        f"{keys} keys, {counted(trials, 'trial', 'trials')}, "
        f"exact = relative error below {tolerance:g}"
    ]
    for line in lines:
        cells = [
            cell.ljust(width) if column == 3 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(line, widths))
        ]
        text.append("  ".join(cells).rstrip())
    return "\n".join(text)


#: The window's modules that import no Qt, most of numpy with them: imported before
#: PySide6, whose import hook reads the source of every module imported after it
#: (looking for ``from __feature__ import``). 105 fewer sources read at start-up;
#: for those that need Qt, see :mod:`linviz.views.source_scan`.
BEFORE_QT = ("linviz.controller.session", "linviz.model.drawable")


def run_app(name: str | None, language: str | None = None, arrays=None) -> int:
    """Open the main window on ``name`` (default: the first lesson), in ``language``.

    ``arrays``: how to read ``name`` if it is an ``.npz``/``.npy`` file.
    """
    import importlib

    for module in BEFORE_QT:
        importlib.import_module(module)
    from linviz.views.source_scan import skip_known_source_scans

    skip_known_source_scans()  # Qt, then the views and pyqtgraph without their sources read
    from linviz.views.app import run

    return run(name, language, arrays) if arrays is not None else run(name, language)


def no_huge_pages_for_numpy() -> None:
    """Ask numpy, before it is first imported, not to mark its arrays for huge pages.

    numpy advises transparent huge pages for every array of 4 MB or more.
    Where the kernel then compacts memory when such a page is first touched
    (THP ``defrag`` set to ``madvise``, the default of common distributions),
    filling a million-step scenario's columns cost 100-250 ms more, and more
    the longer the machine has run: ``linviz FILE`` on a 1,000,000-step d = 8
    archive took a median 1472 ms (1162-1550) against 1262 ms (1229-1361)
    without, in 8 alternate runs. The arrays are read through once or twice
    a session; what huge pages save in address translation is far less. A
    value the user set is kept; numpy already imported (linviz called from
    Python) is left as it is.
    """
    if "numpy" not in sys.modules:
        os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    no_huge_pages_for_numpy()
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] in COMMANDS:
            parser = _command_parser(args[0])
            options = parser.parse_args(args)
            if options.command in ("trace", "export"):
                check_array_options(_subparser(parser, options.command), options)
            if options.command == "memory":
                return run_memory(options)
            if options.command == "capacity":
                return run_capacity(options, _subparser(parser, "capacity"))
            if options.command == "lessons":
                return run_lessons()
            if options.command == "trace":
                return run_trace(
                    options.scenario, options.json, options.all_terms, array_options(options)
                )
            if options.command == "import":
                from linviz.commands.arrays import run_import

                return run_import(options, _subparser(parser, "import"))
            if options.command == "mqar":
                from linviz.commands.mqar import run_mqar

                return run_mqar(options, _subparser(parser, "mqar"))
            if options.command == "spotlight":
                from linviz.commands.spotlight import run_spotlight

                return run_spotlight(options)
            if options.command == "cost":
                from linviz.commands.cost import run_cost

                return run_cost(options)
            if options.command == "export":
                from linviz.views.export.command import run_export

                if options.out is None and options.view != "list":
                    _subparser(parser, "export").error(
                        "the following arguments are required: --out"
                    )

                return run_export(options)
            from linviz.bench import run_bench

            return run_bench(options)
        app_parser = _app_parser()
        options = app_parser.parse_args(args)
        check_array_options(app_parser, options)
        return run_app(options.scenario, options.lang, array_options(options))
    except BrokenPipeError:  # `linviz trace x | head` must not print a traceback
        return 0
    except KeyboardInterrupt:
        return 130
