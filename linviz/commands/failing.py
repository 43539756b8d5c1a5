"""What the commands share: one line on stderr for a refusal, a scenario read by name.

Kept apart from :mod:`linviz.cli`, which imports every command: a command that
imported it back would close a circle.
"""

from __future__ import annotations

import sys

from linviz.model.errors import ScenarioError


def fail(error: ScenarioError | str) -> int:
    """Print ``linviz: error`` on stderr; the exit status 1."""
    print(f"linviz: {error}", file=sys.stderr)
    return 1


def load(name: str, arrays=None):
    """The scenario of a file or a bundled lesson called ``name`` (arrays read with ``arrays``)."""
    from linviz.model.lessons import resolve_scenario_path
    from linviz.model.sources import load_scenario_source

    return load_scenario_source(resolve_scenario_path(name), arrays)
