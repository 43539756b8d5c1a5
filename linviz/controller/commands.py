"""Every edit of a scenario as an undoable command.

A command changes the scenario through its checked methods, so it can fail
with a :class:`~linviz.model.errors.ScenarioError` before anything changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, Step


class Command:
    """One undoable edit. ``text`` names it in Edit ▸ Undo …"""

    text = "edit"

    def do(self, scenario: Scenario) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def undo(self, scenario: Scenario) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def focus(self) -> int | None:
        """The step the cursor should go to after do/undo, if any."""
        return None


@dataclass
class ReplaceStep(Command):
    """Replace one step (a moved key, a new caption, a changed label …)."""

    number: int
    new: Step
    text: str = "edit step"
    #: Whether the cursor goes to the step (not after a drag: the user is
    #: watching some later read change and must keep seeing it).
    follow: bool = True
    old: Step | None = field(default=None, init=False)

    def do(self, scenario: Scenario) -> None:
        self.old = scenario.replace_step(self.number, self.new)

    def undo(self, scenario: Scenario) -> None:
        assert self.old is not None
        scenario.replace_step(self.number, self.old)

    def focus(self) -> int | None:
        return self.number if self.follow else None


@dataclass
class InsertStep(Command):
    """Insert a step so that it becomes step ``number``."""

    number: int
    step: Step
    text: str = "add step"

    def do(self, scenario: Scenario) -> None:
        scenario.insert_step(self.number, self.step)

    def undo(self, scenario: Scenario) -> None:
        scenario.remove_step(self.number)

    def focus(self) -> int | None:
        return self.number


@dataclass
class RemoveStep(Command):
    """Delete step ``number``."""

    number: int
    text: str = "delete step"
    old: Step | None = field(default=None, init=False)

    def do(self, scenario: Scenario) -> None:
        self.old = scenario.remove_step(self.number)

    def undo(self, scenario: Scenario) -> None:
        assert self.old is not None
        scenario.insert_step(self.number, self.old)

    def focus(self) -> int | None:
        return self.number


@dataclass
class MoveStep(Command):
    """Move step ``number`` to position ``new_number``."""

    number: int
    new_number: int
    text: str = "move step"

    def do(self, scenario: Scenario) -> None:
        scenario.move_step(self.number, self.new_number)

    def undo(self, scenario: Scenario) -> None:
        scenario.move_step(self.new_number, self.number)

    def focus(self) -> int | None:
        return self.new_number


@dataclass
class Configure(Command):
    """Change the feature map, the normaliser and/or the update rule."""

    feature_map: str | None = None
    normalize: bool | None = None
    rule: Rule | None = None
    text: str = "change settings"
    old: tuple[str, bool, Rule] | None = field(default=None, init=False)

    def do(self, scenario: Scenario) -> None:
        old = (scenario.feature_map, scenario.normalize, scenario.rule)
        scenario.configure(feature_map=self.feature_map, normalize=self.normalize, rule=self.rule)
        self.old = old

    def undo(self, scenario: Scenario) -> None:
        assert self.old is not None
        feature_map, normalize, rule = self.old
        scenario.configure(feature_map=feature_map, normalize=normalize, rule=rule)


@dataclass
class Resize(Command):
    """Change ``d_k``/``d_v``; undo restores the cut components exactly."""

    d_k: int
    d_v: int
    text: str = "change dimensions"
    #: The sizes before, and the components the resize cut (keys', values'; None: none).
    old: tuple[int, int, np.ndarray | None, np.ndarray | None] | None = field(
        default=None, init=False
    )

    def do(self, scenario: Scenario) -> None:
        # Only what is cut is kept (not a copy of the scenario: 145 MB a resize at a
        # million steps, and every one stays on the undo stack).
        cut = scenario.cut_components(self.d_k, self.d_v)
        old = (scenario.d_k, scenario.d_v, *cut)
        scenario.resize(self.d_k, self.d_v)
        self.old = old

    def undo(self, scenario: Scenario) -> None:
        assert self.old is not None
        d_k, d_v, keys, values = self.old
        scenario.resize(d_k, d_v, fill=(keys, values))


@dataclass
class SetText(Command):
    """Change the scenario's title and/or its own caption."""

    title: str | None = None
    caption: str | None = None
    text: str = "edit title"
    old: tuple[str, str] | None = field(default=None, init=False)

    def do(self, scenario: Scenario) -> None:
        old = (scenario.title, scenario.caption)
        scenario.set_text(title=self.title, caption=self.caption)
        self.old = old

    def undo(self, scenario: Scenario) -> None:
        assert self.old is not None
        scenario.set_text(title=self.old[0], caption=self.old[1])
