"""Arrays on the command line: the options that read them, and ``linviz import``.

``linviz trace``, ``linviz export``, ``linviz FILE`` and ``linviz import``
take ``--batch``, ``--head``, ``--rule``, ``--q-scale`` and ``--title`` for
an ``.npz``/``.npy`` file (:mod:`linviz.model.array_files`). No Qt here.
"""

from __future__ import annotations

import argparse

#: The options of this group, as argparse stores them.
ARRAY_OPTIONS = ("batch", "head", "array_rule", "q_scale", "title")
RULES = ("additive", "delta", "gated", "gated_delta")


def _index(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if number < 0:
        raise argparse.ArgumentTypeError(f"expected an index from 0, got {number}")
    return number


def _scale(text: str) -> float | str:
    if text.strip().lower() == "fla":
        return "fla"
    try:
        number = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number or 'fla', got {text!r}") from None
    if not number > 0 or number == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
    return number


def add_array_options(parser: argparse.ArgumentParser) -> None:
    """Add the options that read an ``.npz``/``.npy`` file to ``parser``."""
    group = parser.add_argument_group(
        "arrays (.npz, .npy)",
        "q, k, v [T, d] (or [T, H, d], [B, T, H, d]), beta, g or alpha [T] "
        "(or [T, H], [B, T, H]); "
        "or keys, values, queries. See README, 'Your own arrays'.",
    )
    group.add_argument(
        "--batch", type=_index, default=None, help="the batch entry to show, from 0 (FLA layout)"
    )
    group.add_argument(
        "--head", type=_index, default=None, help="the head to show, from 0 (FLA layout)"
    )
    group.add_argument(
        "--rule",
        dest="array_rule",
        choices=RULES,
        default=None,
        help="the update rule (default: beta gives delta, g or alpha gated, both gated_delta)",
    )
    group.add_argument(
        "--q-scale",
        type=_scale,
        default=None,
        metavar="X",
        help="multiply every query by X; 'fla' is d_k^-1/2, as flash-linear-attention's "
        "kernels do (default 1: y = qᵀS)",
    )
    group.add_argument("--title", default=None, help="the scenario's title")


def array_options(options: argparse.Namespace):
    """The :class:`~linviz.model.array_files.ArrayOptions` of parsed ``options``, or ``None``."""
    given = {name: getattr(options, name, None) for name in ARRAY_OPTIONS}
    if all(value is None for value in given.values()):
        return None
    from linviz.model.array_files import ArrayOptions

    return ArrayOptions(
        batch=given["batch"],
        head=given["head"],
        rule=given["array_rule"],
        scale=given["q_scale"],
        title=given["title"],
    )


def check_array_options(parser: argparse.ArgumentParser, options: argparse.Namespace) -> None:
    """A usage error (status 2) for array options given with a scenario file."""
    from linviz.model.file_kinds import names_archive
    from linviz.model.sources import is_array_file

    name = getattr(options, "scenario", None)
    used = [option for option in ARRAY_OPTIONS if getattr(options, option, None) is not None]
    if not used or (name is not None and is_array_file(name)):
        return
    flag = {"array_rule": "--rule", "q_scale": "--q-scale"}.get(used[0], f"--{used[0]}")
    if name is not None and names_archive(name):  # an .npz, not arrays: it holds linviz_scenario
        parser.error(f"{flag} reads arrays: {name} is a scenario archive, not arrays to import")
    parser.error(f"{flag} reads arrays: it needs an .npz or .npy file, not {name}")


def add_import_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """``linviz import FILE.npz --out FILE.json``."""
    command = commands.add_parser(
        "import",
        help="convert arrays (.npz, .npy) into a scenario file",
        description="Read q, k, v (and beta, g or alpha) or keys, values, queries from an "
        ".npz or .npy file and write the scenario file linviz opens.",
    )
    command.add_argument("scenario", metavar="FILE", help="an .npz file, or one .npy of a group")
    command.add_argument(
        "--out",
        required=True,
        help=(
            "the scenario file to write: .json (in columns from 10,000 steps on), "
            "or .npz for a scenario archive"
        ),
    )
    add_array_options(command)
    return command


def run_import(options: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Convert the arrays of ``options.scenario`` into the scenario file ``options.out``."""
    from linviz.commands.failing import READ_FAILURES, read_failed
    from linviz.model.array_files import ArrayOptions, read_array_file
    from linviz.model.file_kinds import names_archive
    from linviz.model.scenario_file import save_scenario
    from linviz.model.sources import is_array_file

    if not is_array_file(options.scenario):
        if names_archive(options.scenario):  # an .npz, not arrays: it holds linviz_scenario
            parser.error(f"{options.scenario}: a scenario archive, not arrays: open it as it is")
        parser.error(f"{options.scenario}: expected an .npz or .npy file")
    if options.out.lower().endswith(".npy"):
        parser.error(
            f"--out {options.out}: the scenario file is JSON (.json) or an archive (.npz), "
            "not one array"
        )
    try:
        scenario = read_array_file(options.scenario, array_options(options) or ArrayOptions())
        written = save_scenario(scenario, options.out)
    except READ_FAILURES as error:
        return read_failed(error, options.scenario, "them")
    print(written)
    return 0
