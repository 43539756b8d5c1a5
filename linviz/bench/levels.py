"""How many times ``linviz bench`` measures each figure: a full run, ``--quick`` or ``--smoke``.

``full`` gives the figures to publish, ``quick`` a shorter run of the same
figures, ``smoke`` every figure measured the fewest times that still give a
median and a p95 (two samples where a figure has a sample count, no untimed
warm-up processes, the big scenarios built as columns): for testing the bench itself,
its values mean little. Every level names its figures alike; ``quick`` and
``smoke`` open the same smaller file.
"""

from __future__ import annotations

import argparse

#: The repetition levels, most repetitions first.
LEVELS = ("full", "quick", "smoke")
#: The help of each level's command-line option (``--quick``, ``--smoke``).
LEVEL_HELP = {
    "quick": "fewer repetitions (a shorter run of the same figures)",
    "smoke": (
        "every figure, measured the fewest times that still give a median and p95: "
        "for testing the bench itself"
    ),
}


def repeats(level: str, full: int, quick: int, smoke: int) -> int:
    """The count of ``level``: ``full``, ``quick`` or ``smoke``.

    Raises
    ------
    ValueError
        When ``level`` is not one of :data:`LEVELS`.
    """
    return (full, quick, smoke)[_index(level)]


def add_level_options(parser: argparse.ArgumentParser) -> None:
    """``--quick`` and ``--smoke`` (one or the other; neither: the full run)."""
    group = parser.add_mutually_exclusive_group()
    for level in LEVELS[1:]:
        group.add_argument(f"--{level}", action="store_true", help=LEVEL_HELP[level])


def chosen_level(options: argparse.Namespace) -> str:
    """The level :func:`add_level_options`'s options chose."""
    return next((level for level in LEVELS[1:] if getattr(options, level, False)), "full")


def level_arguments(level: str) -> list[str]:
    """The options that run a child benchmark at ``level`` (none for the full run)."""
    return [f"--{level}"] if _index(level) else []


def _index(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(f"unknown bench level {level!r}: choose {', '.join(LEVELS)}")
    return LEVELS.index(level)
