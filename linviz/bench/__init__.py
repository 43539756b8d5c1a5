"""``linviz bench``: performance figures anyone can rerun.

The model half needs no Qt; the views half runs in a child process on the
offscreen platform so its figures do not depend on a display. The views
half's targets are ratios against a peer, the same four views in a
matplotlib figure (:mod:`linviz.bench.peer_bench`, the ``bench`` extra);
without matplotlib those figures are reported missing and their targets
not checked.
"""

from __future__ import annotations

import argparse
import sys


def run_bench(options: argparse.Namespace) -> int:
    """Run the benchmarks and print the figures (``--json``: one document)."""
    # Imported here: the command line imports linviz.bench.levels for every command.
    import json
    import os
    import subprocess

    from linviz.bench.levels import chosen_level, level_arguments
    from linviz.bench.model_bench import model_figures

    level = chosen_level(options)
    figures: dict[str, object] = {}
    if options.only in (None, "model"):
        figures.update(model_figures(level))
    # The drawing pairs (linviz.bench.drawing_bench) run only when asked for:
    # they compare widgets, not a target of the app.
    for part, module in (("views", "view_bench"), ("drawing", "drawing_bench")):
        if options.only != part and (part == "drawing" or options.only is not None):
            continue
        env = dict(os.environ)
        if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
            env.setdefault("QT_QPA_PLATFORM", "offscreen")
        args = [sys.executable, "-m", f"linviz.bench.{module}", *level_arguments(level)]
        done = subprocess.run(args, capture_output=True, text=True, env=env)
        if done.returncode != 0:
            print(f"linviz: the {part} benchmark failed:\n{done.stderr}", file=sys.stderr)
            return 1
        figures.update(json.loads(done.stdout))
    warn_missing_peer(figures)
    if options.json:
        print(json.dumps(figures, indent=2))
    else:
        print(format_figures(figures))
    return 0


def warn_missing_peer(figures: dict[str, object]) -> None:
    """One line on stderr when the peer figures are missing (matplotlib not installed)."""
    peer = figures.get("peer_ms")
    if isinstance(peer, dict) and "missing" in peer:
        print(f"linviz bench: {peer['missing']}", file=sys.stderr)


def format_figures(figures: dict[str, object], indent: str = "") -> str:
    """Nested figures as an indented, readable list."""
    lines = []
    for name, value in figures.items():
        if isinstance(value, dict):
            lines.append(f"{indent}{name}:")
            lines.append(format_figures(value, indent + "  "))
        else:
            lines.append(f"{indent}{name}: {value}")
    return "\n".join(lines)
