"""What the commands share: one line on stderr for a refusal, a scenario read by name.

A scenario (or arrays) that cannot be read is refused the same way by every
command: a :class:`ScenarioError` says why, and running out of memory names the
file (:data:`READ_FAILURES`, :func:`read_failed`).

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


#: What reading a scenario or arrays may raise that is told in one line, not a traceback.
READ_FAILURES = (ScenarioError, MemoryError)


def read_failed(error: ScenarioError | MemoryError, name: str, what: str = "this scenario") -> int:
    """Refuse ``name``, which could not be read: the error's line, or too little memory; 1."""
    if isinstance(error, MemoryError):
        return fail(f"{name}: not enough memory to read {what}")
    return fail(error)


def load(name: str, arrays=None):
    """The scenario of a file or a bundled lesson called ``name`` (arrays read with ``arrays``)."""
    from linviz.model.lessons import resolve_scenario_path
    from linviz.model.sources import load_scenario_source

    return load_scenario_source(resolve_scenario_path(name), arrays)
