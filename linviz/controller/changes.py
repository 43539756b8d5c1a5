"""What a change of the session touched: the members of :attr:`Session.changed`'s sets.

Each view lists the changes it redraws for. They are enum members, not
strings: a misspelt name is an ``AttributeError`` at import, where a
misspelt string would silently stop a view from refreshing.
"""

from __future__ import annotations

import enum


class Change(enum.Enum):
    """One aspect of a :class:`~linviz.controller.session.Session` that changed."""

    #: The steps or the settings of the scenario (an edit, a drag, undo, another file).
    SCENARIO = enum.auto()
    #: The step shown.
    CURSOR = enum.auto()
    #: The file: its path, or whether there are unsaved edits.
    FILE = enum.auto()
    #: How the views show the session (:class:`~linviz.controller.session.ViewOptions`).
    OPTIONS = enum.auto()
    #: The pinned baseline (pinned, cleared).
    BASELINE = enum.auto()
    #: Hidden outputs, revealed reads and the class's predictions.
    REVEAL = enum.auto()
