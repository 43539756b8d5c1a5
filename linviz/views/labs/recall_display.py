"""What the recall test's figure shows: which measure, against what (Qt-free).

The recall test's settings (and its result) belong to
:class:`~linviz.controller.labs.CapacityLab`; this is only the choice of
view, kept outside the widgets so a test, an export or the command line
can ask for the same figure the page shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from linviz.controller.signals import Signal
from linviz.model.errors import ScenarioError

#: The measures a figure can show.
MEASURES = ("error", "rate")
#: What the curves can run against: the number of pairs, or the keys' similarity.
AGAINST = ("n", "similarity")
#: The tasks the lab measures: the controlled recall test, or Zoology's MQAR.
TASKS = ("controlled", "mqar")


@dataclass(frozen=True)
class RecallView:
    """One choice of view: ``measure`` in :data:`MEASURES`, ``against`` in :data:`AGAINST`,
    ``task`` in :data:`TASKS`.
    """

    measure: str = "error"
    against: str = "n"
    task: str = "controlled"

    def __post_init__(self) -> None:
        for name, allowed in (("measure", MEASURES), ("against", AGAINST), ("task", TASKS)):
            if getattr(self, name) not in allowed:
                raise ScenarioError(
                    f"unknown {name} {getattr(self, name)!r}; expected one of {', '.join(allowed)}",
                    field=name,
                )


class RecallDisplay:
    """The recall figure's current view, and a ``changed`` signal (no arguments)."""

    def __init__(self, view: RecallView | None = None) -> None:
        self.view = view if view is not None else RecallView()
        self.changed = Signal()

    def update(self, **changes: str) -> None:
        """Show another measure or run against another variable (checked first)."""
        view = replace(self.view, **changes)
        if view != self.view:
            self.view = view
            self.changed.emit()
