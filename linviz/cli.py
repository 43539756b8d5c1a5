"""The ``linviz`` command.

``trace`` and ``lessons`` never import Qt: they must work on a server with
no display and start fast. The app, ``export`` and the view benchmarks
import Qt only when they run.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from linviz import __version__
from linviz.model.errors import ScenarioError

COMMANDS = ("lessons", "trace", "export", "bench")


def _app_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="linviz",
        description="See how linear attention stores associations in one fixed-size "
        "matrix S, and how they blend once keys overlap.",
        epilog="Other commands: linviz lessons | trace | export | bench "
        "(linviz COMMAND --help for each).",
    )
    parser.add_argument(
        "scenario",
        nargs="?",
        default=None,
        help="a scenario file or the name of a bundled lesson (default: the first lesson)",
    )
    parser.add_argument("--version", action="version", version=f"linviz {__version__}")
    return parser


def _command_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="linviz")
    parser.add_argument("--version", action="version", version=f"linviz {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("lessons", help="list the bundled lessons: name, title")
    trace = commands.add_parser("trace", help="replay a scenario without a window")
    trace.add_argument("scenario", help="a scenario file or a lesson name")
    trace.add_argument("--json", action="store_true", help="print one JSON document")
    export = commands.add_parser(
        "export", help="write one image (.png .svg .pdf) or an animation (.gif)"
    )
    export.add_argument("scenario", help="a scenario file or a lesson name")
    export.add_argument(
        "--out",
        required=True,
        help="output file; its extension sets the format (.png .svg .pdf .gif)",
    )
    export.add_argument(
        "--step",
        default=None,
        help="step number to show (default: the last), or 'all' for one numbered file per step",
    )
    export.add_argument(
        "--view", default="window", help="'window' (default), a panel name, or 'list' to print them"
    )
    export.add_argument("--scale", type=float, default=1.0, help="pixel scale, 1 to 4")
    export.add_argument("--theme", default=None, help="light, dark or projector")
    export.add_argument("--lang", default="en", choices=("en", "fr"), help="language")
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
    export.add_argument("--duration", type=int, default=1200, help="GIF: milliseconds per frame")
    bench = commands.add_parser("bench", help="measure performance")
    bench.add_argument("--json", action="store_true", help="print one JSON document")
    bench.add_argument("--quick", action="store_true", help="fewer repetitions (for a smoke test)")
    bench.add_argument(
        "--only", choices=("model", "views"), default=None, help="run one half of the benchmark"
    )
    return parser


def _fail(error: ScenarioError | str) -> int:
    print(f"linviz: {error}", file=sys.stderr)
    return 1


def _load(name: str):
    from linviz.model.lessons import resolve_scenario_path
    from linviz.model.scenario_file import load_scenario

    return load_scenario(resolve_scenario_path(name))


def run_lessons() -> int:
    """Print each bundled lesson's name and title."""
    from linviz.model.lessons import bundled_lessons

    lessons = bundled_lessons()
    width = max(len(lesson.name) for lesson in lessons)
    for lesson in lessons:
        print(f"{lesson.name:<{width}}  {lesson.title}")
    return 0


def run_trace(name: str, as_json: bool) -> int:
    """Replay a scenario and print it as a table or as JSON."""
    from linviz.model.replay import Trace
    from linviz.model.report import trace_document, trace_table

    try:
        scenario = _load(name)
    except ScenarioError as error:
        return _fail(error)
    trace = Trace(scenario)
    if as_json:
        json.dump(trace_document(trace), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(trace_table(trace))
    return 0


def run_app(name: str | None) -> int:
    """Open the main window on ``name`` (default: the first lesson)."""
    from linviz.views.app import run

    return run(name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if args and args[0] in COMMANDS:
            options = _command_parser().parse_args(args)
            if options.command == "lessons":
                return run_lessons()
            if options.command == "trace":
                return run_trace(options.scenario, options.json)
            if options.command == "export":
                from linviz.views.export.command import run_export

                return run_export(options)
            from linviz.bench import run_bench

            return run_bench(options)
        options = _app_parser().parse_args(args)
        return run_app(options.scenario)
    except BrokenPipeError:  # `linviz trace x | head` must not print a traceback
        return 0
    except KeyboardInterrupt:
        return 130
