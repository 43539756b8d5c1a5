"""The session: one open scenario, its trace, the cursor, options and undo.

Views read from the session and call its methods; they never change the
scenario themselves. Every change is announced on :attr:`Session.changed`
with the set of :class:`~linviz.controller.changes.Change` members it touched,
so each view redraws only what it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from itertools import compress, count, islice
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

import numpy as np

from linviz.controller.changes import Change
from linviz.controller.commands import Command, ReplaceStep, SetText
from linviz.controller.signals import Signal
from linviz.controller.undo import UndoStack
from linviz.model.caption_fields import parse as parse_caption
from linviz.model.captions import PLAIN_NUMBERS, Numbers, render
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.lessons import bundled_lessons, resolve_scenario_path
from linviz.model.live_text import caption_basis, notes_basis
from linviz.model.replay import DEFAULT_CHECKPOINT_EVERY, Trace
from linviz.model.safe_files import DiskStamp, Saved, changed_on_disk
from linviz.model.scenario import Edit, Scenario
from linviz.model.scenario_file import load_scenario_stamped, write_scenario
from linviz.model.snapshot import Snapshot, snapshot
from linviz.model.step import Step
from linviz.model.texts import LANGUAGES, in_language, variants, with_language

if TYPE_CHECKING:
    # typing.Unpack is Python 3.11; only the type checker reads it here.
    from typing_extensions import Unpack

    from linviz.model.array_files import ArrayOptions

#: Snapshots kept for revisits, and the array bytes they may hold together.
SNAPSHOT_CACHE_SIZE, SNAPSHOT_CACHE_BYTES = 64, 32 * 2**20


def _snapshot_bytes(snap: Snapshot) -> int:
    """About how many bytes of arrays ``snap`` keeps alive."""
    size = 4 * snap.state.nbytes
    if snap.read is not None:  # a weight and a step number per earlier write
        size += snap.read.weights.nbytes + snap.read.numbers.nbytes
    return size


#: Captions kept as rendered until the next change (a screen of table rows, and more).
MAX_RENDERED_CAPTIONS = 512
#: Captions whose wording is watched for going stale (the rest count as fresh).
MAX_TRACKED_CAPTIONS = 2000


@dataclass(frozen=True)
class Caption:
    """A caption as shown: ``text`` with its fields filled in, from ``template``.

    ``step`` is the step whose caption it is (``None``: the scenario's own);
    ``stale`` says its own words state numbers the step no longer shows.
    """

    text: str
    template: str
    step: int | None
    stale: bool


@dataclass(frozen=True)
class StepText:
    """A step's notes or question as shown: ``text`` in the language shown.

    ``stale`` says it quotes numbers (or names a read's target) that the
    scenario no longer shows as it did when opened or last saved: the views
    mark it "written for the original numbers".
    """

    text: str
    stale: bool


#: The texts of a step watched for going stale, besides its caption.
STEP_TEXTS = ("notes", "question")


@dataclass(frozen=True)
class ViewOptions:
    """How the views show the session (saved with the window, not the file).

    ``key_axes``/``value_axes`` are the two components (0-based) the key and
    value planes show; ``snap_grid`` snaps dragged tips to a 0.1 grid and
    ``snap_unit`` to unit length. ``key_space`` is what the key plane draws:
    the keys as written (``"k"``), what the memory stores (``"phi"``: φ(k)
    and φ(q)), or ``"auto"``: φ(k) whenever the feature map is not the
    identity (see :meth:`Session.key_space`).
    """

    key_axes: tuple[int, int] = (0, 1)
    value_axes: tuple[int, int] = (0, 1)
    snap_grid: bool = True
    snap_unit: bool = False
    theme: str = "light"
    projector: bool = False
    key_space: str = "auto"
    #: The language of the texts a scenario gives by language (captions, notes,
    #: questions, title); English where a text has no version in it.
    language: str = "en"


class OptionChanges(TypedDict, total=False):
    """The keywords :meth:`Session.set_options` takes: any of :class:`ViewOptions`' fields."""

    key_axes: tuple[int, int]
    value_axes: tuple[int, int]
    snap_grid: bool
    snap_unit: bool
    theme: str
    projector: bool
    key_space: str
    language: str


class ChangedOnDisk(ScenarioError):
    """Refused: saving would overwrite what someone else wrote to the file since it was read."""

    def located(self, *, file: str | None = None, step: int | None = None) -> ChangedOnDisk:
        located = super().located(file=file, step=step)
        return ChangedOnDisk(
            located.message,
            file=located.file,
            step=located.step,
            field=located.field,
            template=located.template,
            values=located.values,
        )


#: What ``ViewOptions.key_space`` may be.
KEY_SPACES = ("auto", "k", "phi")
#: What each move of a drag changes (see :meth:`Session.is_drag_move`).
_DRAG_MOVE = frozenset({Change.SCENARIO})


def _numbers_with_text(texts: Sequence[str]) -> Iterator[int]:
    """The 1-based numbers of the steps whose text in ``texts`` is not empty.

    C-level passes (``any``, ``compress``): a million steps' captions or notes,
    usually all empty, are looked at in milliseconds, not a Python loop's tenths.
    """
    return compress(count(1), texts) if any(texts) else iter(())


class Session:
    """One open scenario and everything about how it is being looked at."""

    def __init__(
        self,
        scenario: Scenario | None = None,
        path: Path | None = None,
        checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY,
    ) -> None:
        self.changed = Signal()
        self.scenario = scenario if scenario is not None else Scenario(2, 2, title="Untitled")
        self.checkpoint_every = checkpoint_every
        self.trace = Trace(self.scenario, checkpoint_every)
        self.path: Path | None = path
        #: What :attr:`path` held when it was opened or last saved here (``None``: not known).
        self.disk_stamp: DiskStamp | None = None
        #: What the last save did (``None``: nothing saved yet); its ``notice``
        #: is something to tell the user (hard links broken).
        self.last_save: Saved | None = None
        self.cursor = len(self.scenario)
        self.options = ViewOptions()
        self.undo_stack = UndoStack()
        self._drag: tuple[int, str, Step] | None = None
        #: The dragged step as the latest :meth:`drag_to` left it, not yet shown.
        self._drag_pending: Step | None = None
        #: ``schedule(flush)``: run ``flush`` once the events waiting now are
        #: handled (the window sets it; see :meth:`drag_to`). ``None``: every
        #: move is applied at once.
        self.frame_scheduler: Callable[[Callable[[], None]], None] | None = None
        self._snapshots: dict[int, Snapshot] = {}
        self._caption_bases: dict[tuple[str, str], str] = {}
        #: The basis of each watched note or question, by (label, "notes"/"question", text).
        self._text_bases: dict[tuple[str, str, str], str] = {}
        #: Captions rendered, by step: (the last step they depend on, the Numbers
        #: used, the caption). A frame's table rows, caption bar and presenter ask
        #: for the same few, and a drag changes none that depend only on earlier steps.
        self._rendered: dict[int, tuple[int, Numbers, Caption]] = {}
        self.scenario.subscribe(self._scenario_edited)
        self.baseline: Scenario | None = None
        self.baseline_trace: Trace | None = None
        self.hide_outputs = False
        self.revealed: set[str] = set()
        self.predictions: dict[str, np.ndarray] = {}
        self._seed_caption_bases()
        self._seed_text_bases()

    # -- notifications ---------------------------------------------------------
    def _scenario_edited(self, edit: Edit) -> None:
        self._snapshots.clear()
        if edit.last is None:  # steps renumbered or new settings: every caption may differ
            self._rendered.clear()
        else:
            self._rendered = {n: kept for n, kept in self._rendered.items() if kept[0] < edit.first}
        d_v = self.scenario.d_v
        if any(len(prediction) != d_v for prediction in self.predictions.values()):
            # Made for another d_v: it no longer predicts anything (and would broadcast).
            self.predictions = {
                label: prediction
                for label, prediction in self.predictions.items()
                if len(prediction) == d_v
            }

    def _emit(self, *changes: Change) -> None:
        """Tell every listener what changed, as one ``frozenset[Change]``."""
        for change in changes:
            if not isinstance(change, Change):
                raise TypeError(f"the session announces Change members, not {change!r}")
        if Change.OPTIONS in changes or Change.REVEAL in changes:  # language, hidden reads
            self._rendered.clear()  # (edits of the scenario: see _scenario_edited)
        self.changed.emit(frozenset(changes))

    # -- reading -----------------------------------------------------------------
    @property
    def title(self) -> str:
        """The scenario's title, else the file name."""
        title = self.text(self.scenario.title)
        return title or (self.path.name if self.path else "Untitled")

    def text(self, text: str) -> str:
        """A caption, notes, question or title in the language shown (else in English)."""
        return in_language(text, self.options.language)

    @property
    def is_modified(self) -> bool:
        """Whether there are edits not yet saved."""
        return not self.undo_stack.is_clean()

    def snapshot(self, number: int | None = None) -> Snapshot:
        """What the views show at step ``number`` (default: the cursor), cached."""
        number = self.cursor if number is None else number
        cached = self._snapshots.get(number)
        if cached is None:
            cached = self._snapshots[number] = snapshot(self.trace, number)
            # A read late in a long trace holds a weight and a step number per
            # earlier write (1.4 MB at 100,000 steps): keep the newest within budget.
            total = 0
            for age, key in enumerate(reversed(list(self._snapshots))):
                total += _snapshot_bytes(self._snapshots[key])
                if age and (total > SNAPSHOT_CACHE_BYTES or age >= SNAPSHOT_CACHE_SIZE):
                    del self._snapshots[key]
        return cached

    # -- cursor ------------------------------------------------------------------
    def set_cursor(self, number: int) -> None:
        """Show step ``number``, clamped to the steps that exist (0: the empty memory)."""
        number = max(min(number, len(self.scenario)), 0)
        if number != self.cursor:
            self.cursor = number
            self._emit(Change.CURSOR)

    def step_by(self, delta: int) -> None:
        """Move the cursor ``delta`` steps (negative: back)."""
        self.set_cursor(self.cursor + delta)

    # -- editing -----------------------------------------------------------------
    def execute(self, command: Command) -> None:
        """Apply ``command`` and put it on the undo stack.

        A drag in progress is ended first, as its own undo entry: the edit
        may renumber the steps, and the drag's end must not write into
        whatever step then has its number.

        Raises
        ------
        ScenarioError
            If the edit is refused; then nothing has changed (but a drag in
            progress has ended, or was put back if it could not be kept).
        """
        self.end_drag()
        command.do(self.scenario)
        try:
            self.trace.check_finite()
        except ScenarioError:
            command.undo(self.scenario)
            raise
        self.undo_stack.push_done(command)
        self._after_edit(command)

    def _after_edit(self, command: Command | None) -> None:
        focus = command.focus() if command is not None else None
        if focus is not None:
            self.cursor = focus
        self.cursor = max(min(self.cursor, len(self.scenario)), 0)
        self._emit(Change.SCENARIO, Change.CURSOR, Change.FILE)

    def undo(self) -> None:
        """Undo the last edit (no-op when there is none); a drag in progress is cancelled first."""
        self.cancel_drag()
        command = self.undo_stack.undo(self.scenario)
        if command is not None:
            self._after_edit(command)

    def redo(self) -> None:
        """Redo the last undone edit; a drag in progress is cancelled first.

        Redo must replay the edit on the scenario it was undone from: with
        the drag still on, a re-inserted step would shift the dragged one.
        """
        self.cancel_drag()
        command = self.undo_stack.redo(self.scenario)
        if command is not None:
            self._after_edit(command)

    # -- dragging: a live preview, one undo entry when it ends ---------------------
    def begin_drag(self, number: int, field_name: str) -> None:
        """Start moving the ``"vector"`` (key/query) or ``"value"`` of step ``number``.

        Raises
        ------
        IndexError
            If there is no step ``number`` (then no drag is on).
        """
        self.cancel_drag()
        self._drag = (number, field_name, self.scenario.step(number))

    def _live_drag(self) -> tuple[int, str, Step] | None:
        """The drag in progress, if the dragged step is still where the drag began.

        Every edit through the session ends or cancels a drag first; a change
        made to the scenario behind the session's back drops the drag
        (there is nothing safe to put back).
        """
        if self._drag is None:
            return None
        number, _, original = self._drag
        if number <= len(self.scenario) and self.scenario.label_at(number) == original.label:
            return self._drag
        self._drag = self._drag_pending = None
        self._emit(Change.SCENARIO)
        return None

    def drag_to(self, vector: np.ndarray) -> None:
        """Move the dragged vector; every view follows, nothing is pushed yet.

        With a :attr:`frame_scheduler`, the move is checked now (a refusal is
        raised here) but only kept: the scheduler runs :meth:`flush_drag`
        once the events waiting are handled, and that shows the latest move.
        However many mouse moves arrive before then, the views refresh once.

        Raises
        ------
        ScenarioError
            If the vector cannot be used; the drag stays where it was.
        """
        drag = self._live_drag()
        if drag is None:
            return
        number, field_name, original = drag
        current = self.scenario.step(number)
        moved = current.with_changes(**{field_name: vector})
        if self.frame_scheduler is None:
            self.scenario.replace_step(number, moved)
            self._emit(Change.SCENARIO)
            return
        try:
            self.scenario.check_step(moved, replacing=current.label, number=number)
        except ScenarioError as error:  # named as replace_step names it: with the step
            raise error.located(step=error.step or number) from None
        waiting = self._drag_pending is not None
        self._drag_pending = moved
        if not waiting:
            self.frame_scheduler(self.flush_drag)

    def drag_vector(self) -> np.ndarray | None:
        """The dragged vector as the last :meth:`drag_to` left it (shown or not yet)."""
        drag = self._live_drag()
        if drag is None:
            return None
        number, field_name, _ = drag
        step = self._drag_pending if self._drag_pending is not None else self.scenario.step(number)
        return getattr(step, field_name)

    def flush_drag(self) -> None:
        """Show the latest move of the drag (no-op when every move is shown).

        Every method that reads or changes the scenario through the session
        in a way that matters (end, cancel, undo, an edit, saving) calls it
        or drops the move first.
        """
        moved, self._drag_pending = self._drag_pending, None
        if moved is None:
            return
        drag = self._live_drag()
        if drag is None:
            return
        self.scenario.replace_step(drag[0], moved)
        self._emit(Change.SCENARIO)

    @property
    def drag_pending(self) -> bool:
        """Whether a move of the drag waits to be shown (see :meth:`drag_to`)."""
        return self._drag_pending is not None

    def end_drag(self) -> None:
        """Finish the drag: the whole move becomes one undoable command."""
        drag = self._live_drag()
        if drag is None:
            self._drag_pending = None
            return
        number, field_name, original = drag
        shown = self.scenario.step(number)
        moved = self._drag_pending if self._drag_pending is not None else shown
        self._drag = self._drag_pending = None
        if moved == original:
            if shown != original:  # moved away and back before the last frame
                self.scenario.replace_step(number, original)
                self._emit(Change.SCENARIO)
            return
        self.scenario.replace_step(number, original)
        name = (
            "key"
            if field_name == "vector" and original.is_write
            else ("query" if field_name == "vector" else "value")
        )
        try:
            self.execute(
                ReplaceStep(number, moved, text=f"move {name} {original.label}", follow=False)
            )
        except ScenarioError:
            self._emit(Change.SCENARIO)
            raise

    def cancel_drag(self) -> None:
        """Abandon a drag in progress and put the vector back."""
        drag = self._live_drag()
        self._drag_pending = None
        if drag is None:
            return
        number, _, original = drag
        self._drag = None
        self.scenario.replace_step(number, original)
        self._emit(Change.SCENARIO)

    @property
    def dragging(self) -> bool:
        return self._drag is not None

    def is_drag_move(self, changes: frozenset[Change]) -> bool:
        """Whether ``changes`` are a move of the drag in progress: the dragged numbers only.

        No undo entry, file state, title or menu action changes until the drag
        ends (its end is an edit of its own, emitted with no drag on).
        """
        return self._drag is not None and changes == _DRAG_MOVE

    @property
    def dragged_step(self) -> int | None:
        """The number of the step being dragged, ``None`` when no drag is on."""
        return self._drag[0] if self._drag is not None else None

    # -- files -------------------------------------------------------------------
    def replace_scenario(
        self, scenario: Scenario, path: Path | None, stamp: DiskStamp | None = None
    ) -> None:
        """Show another scenario (already checked); the undo history starts over.

        ``stamp`` is what ``path`` held when ``scenario`` was read from it
        (``None``: unknown, saving there will not ask).
        """
        self.cancel_drag()
        self.scenario.unsubscribe(self._scenario_edited)
        self.trace.close()
        self.scenario = scenario
        self.trace = Trace(scenario, self.checkpoint_every)
        scenario.subscribe(self._scenario_edited)
        self._snapshots.clear()
        self._rendered.clear()
        self.path = path
        self.disk_stamp = stamp if path is not None else None
        self.cursor = 0  # a lesson starts from the empty memory
        self.undo_stack.clear()
        self.clear_baseline(emit=False)
        self.revealed.clear()
        self.predictions.clear()
        self._seed_caption_bases()
        self._seed_text_bases()
        self._emit(Change.SCENARIO, Change.CURSOR, Change.FILE, Change.BASELINE, Change.REVEAL)

    def open(self, name_or_path: str | Path, arrays: ArrayOptions | None = None) -> None:
        """Open a scenario file, arrays (``.npz``/``.npy``, read with ``arrays``) or a lesson.

        Arrays open without a file name (as a lesson does): saving asks for one.

        Raises
        ------
        ScenarioError
            If it cannot be used; the current scenario is kept untouched.
        """
        path = resolve_scenario_path(str(name_or_path))
        from linviz.model.sources import is_array_file

        stamp = None
        if is_array_file(path):  # arrays open untitled: Save asks for a .json name
            from linviz.model.sources import load_scenario_source

            scenario = load_scenario_source(path, arrays)
        else:
            scenario, stamp = load_scenario_stamped(path)
        lesson_folder = bundled_lessons()[0].path.parent if bundled_lessons() else None
        # A bundled lesson opens as a copy: saving must not write into the package.
        is_lesson = lesson_folder is not None and path.resolve().parent == lesson_folder.resolve()
        untitled = is_lesson or is_array_file(path)
        self.replace_scenario(scenario, None if untitled else Path(path), stamp)

    def save(
        self, path: str | Path | None = None, layout: str | None = None, *, overwrite: bool = False
    ) -> Path:
        """Save to ``path`` (default: where it came from), atomically.

        ``layout``: ``"steps"`` or ``"columns"`` (README, "Scenario files");
        by default the layout the scenario was opened in, and the one given
        is kept for later saves. A drag in progress is ended first. Returns the path saved to;
        :attr:`last_save` tells what the save did (its ``notice``: the file
        had hard links, which keep the old version).

        Saving over the file this session opened or last saved, after
        someone else changed it (another window, process or program; see
        :meth:`changed_on_disk`), is refused with :class:`ChangedOnDisk`
        unless ``overwrite``: the window asks first (overwrite, save under
        another name, or cancel).

        Raises
        ------
        ChangedOnDisk
            The file changed on disk since this session read or wrote it;
            nothing was written.
        ScenarioError
            If the file cannot be written (read-only, disk full, folder
            gone, text that cannot be encoded …): the file on disk is
            unchanged and the session stays modified.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("no file name yet: use save(path)")
        if not overwrite and self._is_own_file(target) and self.changed_on_disk():
            raise ChangedOnDisk.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "the file changed on disk since it was opened or last saved here "
                    "(another window or program wrote it): overwrite it, save under "
                    "another name, or cancel",
                ),
                file=str(target),
            )
        self.end_drag()  # what is saved is what the undo history knows
        kept = self.scenario.caption_written_for
        self.scenario.caption_written_for = self._stale_caption_bases()
        kept_texts = self.scenario.text_written_for
        self.scenario.text_written_for = self._stale_text_bases()
        try:
            saved = write_scenario(self.scenario, target, layout)
        except BaseException:  # a failed save changes nothing
            self.scenario.caption_written_for = kept
            self.scenario.text_written_for = kept_texts
            raise
        if layout is not None:
            self.scenario.layout = layout
        self.path = target
        self.disk_stamp = saved.stamp
        self.last_save = saved
        self.undo_stack.set_clean()
        self._seed_text_bases()  # notes are compared with the scenario as last saved
        self._emit(Change.FILE)
        return target

    def changed_on_disk(self) -> bool:
        """Whether :attr:`path` changed on disk since this session opened or saved it.

        Size, modification time and inode first, then the content's hash
        (a file only touched is not changed). ``False`` when there is no
        file, or it is gone.
        """
        if self.path is None:
            return False
        return changed_on_disk(self.path, self.disk_stamp)

    def _is_own_file(self, target: Path) -> bool:
        """Whether ``target`` is the file this session read or last wrote."""
        if self.path is None or self.disk_stamp is None:
            return False
        if target == self.path:
            return True
        try:
            return target.resolve() == self.path.resolve()
        except (OSError, RuntimeError):
            return False

    # -- captions ------------------------------------------------------------------------
    def caption(self, number: int | None = None, numbers: Numbers = PLAIN_NUMBERS) -> Caption:
        """The caption shown at step ``number`` (default: the cursor), fields filled in.

        Step 0, and a step without a caption of its own, show the scenario's
        own caption. A hidden read's answer fields show ``?``.
        """
        number = self.cursor if number is None else number
        kept = self._rendered.get(number)
        if kept is not None and kept[1] is numbers:
            return kept[2]  # nothing it depends on changed since, same numbers
        sc = self.scenario
        own = sc.step(number).caption if 1 <= number <= len(sc) else ""
        step = number if own else None
        template = self.text(own or sc.caption)
        text = render(
            template, self.trace, step, numbers, hidden=self.is_hidden, snapshot_of=self.snapshot
        )
        caption = Caption(text, template, step, self.caption_is_stale(step, template))
        if len(self._rendered) >= MAX_RENDERED_CAPTIONS:
            self._rendered.clear()
        self._rendered[number] = (self._caption_depends_on(step, template), numbers, caption)
        return caption

    def _caption_depends_on(self, step: int | None, template: str) -> int:
        """The last step a caption's text can depend on: its own and those it quotes.

        Every live field of step ``n`` is worked out from steps ``1 … n`` (a
        state, a read, a write's stamp) or from the steps it names (``{y@r1}``,
        ``{dot@k1,k3}``). The scenario's own caption counts as depending on
        every step and on its own text (edited as "step ``len + 1``").
        """
        sc = self.scenario
        if step is None:
            return len(sc) + 1
        last = step
        try:
            for part in parse_caption(template):
                if not isinstance(part, str):
                    for label in part.labels:
                        last = max(last, sc.number_of(label))
        except (ScenarioError, KeyError, ValueError):
            return len(sc) + 1
        return last

    def caption_is_stale(self, step: int | None, template: str) -> bool:
        """Whether ``template`` (step ``step``'s caption; ``None``: the scenario's)
        states numbers in its own words that the step no longer shows.
        """
        key = self._caption_key(step, template)
        basis = self._caption_bases.get(key)
        if basis is None:
            return False
        return basis != caption_basis(self.trace, step, template, self.snapshot)

    def edit_caption(self, number: int | None, text: str, follow: bool = True) -> None:
        """Give step ``number`` (``None``: the scenario itself) a new caption, undoably.

        ``follow=False`` leaves the cursor where it is (the user has moved on
        while typing).

        Raises
        ------
        ScenarioError
            If the caption cannot be shown (a bad field); nothing changes.
        """
        if number is None:
            caption = self.caption_edited(self.scenario.caption, text)
            self.execute(SetText(caption=caption, text="edit caption"))
        else:
            step = self.scenario.step(number)
            caption = self.caption_edited(step.caption, text)
            self.execute(
                ReplaceStep(
                    number,
                    step.with_changes(caption=caption),
                    text=f"edit caption {step.label}",
                    follow=follow,
                )
            )
        self._remember_caption(number, text)

    def caption_edited(self, caption: str, text: str) -> str:
        """``caption`` once its version in the language shown reads ``text``.

        A caption given by language keeps its other languages; a plain one
        edited in French keeps its English beside the French.
        """
        return with_language(caption, self.options.language, text)

    def _caption_key(self, step: int | None, template: str) -> tuple[str, str]:
        label = "" if step is None else self.scenario.label_at(step)
        return label, template

    def _remember_caption(self, step: int | None, template: str) -> None:
        """Note what step ``step`` shows as its caption is written (if it quotes any).

        A caption quotes what it states in its own numbers, and at a read the
        writes it names (whether the query is still their key, and the target).
        """
        if not template:
            return
        basis = caption_basis(self.trace, step, template, self.snapshot)
        if basis is not None:
            self._caption_bases[self._caption_key(step, template)] = basis
            self._rendered.clear()  # kept captions were marked stale against the old basis

    def _seed_caption_bases(self) -> None:
        """What each caption was written for: the file says so, else the scenario as opened."""
        self._caption_bases = {}
        sc = self.scenario
        written_for = sc.caption_written_for
        captions = sc.text_view().captions  # no copy: a million steps' are read, not kept
        # Only the steps with a caption are looked at: a million steps have few or none.
        numbers = islice(_numbers_with_text(captions), MAX_TRACKED_CAPTIONS - 1)
        captioned = [(None, sc.caption)] + [(n, captions[n - 1]) for n in numbers]
        for step, caption in captioned:
            for template in variants(caption):  # each language's words state numbers too
                if not template:
                    continue
                now = caption_basis(self.trace, step, template, self.snapshot)
                if now is None:
                    continue  # nothing it says can go stale
                key = self._caption_key(step, template)
                self._caption_bases[key] = written_for.get(key[0]) or now

    # -- notes and questions ---------------------------------------------------------
    def notes(self, number: int | None = None, numbers: Numbers = PLAIN_NUMBERS) -> StepText:
        """Step ``number``'s notes (default: the cursor) in the language shown, stale or not.

        Live fields (``{y}``, ``{dot@k1,k3}``) are filled in as in a caption,
        answers included (the notes are the instructor's).
        """
        return self._step_text("notes", number, numbers)

    def question(self, number: int | None = None, numbers: Numbers = PLAIN_NUMBERS) -> StepText:
        """Step ``number``'s check question (default: the cursor), stale or not."""
        return self._step_text("question", number, numbers)

    def _step_text(self, kind: str, number: int | None, numbers: Numbers) -> StepText:
        number = self.cursor if number is None else number
        sc = self.scenario
        if not 1 <= number <= len(sc):
            return StepText("", False)
        template = self.text(getattr(sc.step(number), kind))
        key = (sc.label_at(number), kind, template)
        basis = self._text_bases.get(key) if template else None
        stale = basis is not None and basis != notes_basis(
            self.trace, number, template, self.snapshot
        )
        text = template
        if "{" in template:  # only a text with braces can quote a live field
            text = render(template, self.trace, number, numbers, snapshot_of=self.snapshot)
        return StepText(text, stale)

    def _seed_text_bases(self) -> None:
        """What each step's notes and question quote in the scenario as opened (or saved).

        One pass over the two text columns: only the steps that have a text are
        looked at (a generated trace of 100,000 steps usually has none).
        """
        self._text_bases = {}
        sc = self.scenario
        written_for = sc.text_written_for  # a file keeps what a stale text was written for
        notes, questions = sc.teaching_view()  # no copies: only read here
        watched = 0
        for kind, column in zip(STEP_TEXTS, (notes, questions)):
            for number in _numbers_with_text(column):
                if watched >= MAX_TRACKED_CAPTIONS:
                    break
                raw = column[number - 1]
                for text in variants(raw):
                    basis = notes_basis(self.trace, number, text, self.snapshot) if text else None
                    if basis is not None:
                        label = sc.label_at(number)
                        self._text_bases[(label, kind, text)] = (
                            written_for.get((label, kind)) or basis
                        )
                        watched += 1

    def _stale_caption_bases(self) -> dict[str, str]:
        """``caption_for`` of every stale caption, by label, for the file."""
        sc = self.scenario
        stale = {}
        for (label, template), basis in self._caption_bases.items():
            if label and not sc.has_label(label):
                continue
            step = sc.number_of(label) if label else None
            current = sc.step(step).caption if step is not None else sc.caption
            if template in variants(current) and self.caption_is_stale(step, template):
                stale[label] = basis
        return stale

    def _stale_text_bases(self) -> dict[tuple[str, str], str]:
        """``notes_for``/``question_for`` of every stale note and question, for the file."""
        sc = self.scenario
        stale = {}
        for (label, kind, template), basis in self._text_bases.items():
            if not sc.has_label(label):
                continue
            number = sc.number_of(label)
            if template in variants(getattr(sc.step(number), kind)):
                if self._step_text(kind, number, PLAIN_NUMBERS).stale:
                    stale[(label, kind)] = basis
        return stale

    def mark_unsaved(self) -> None:
        """Mark the scenario as holding changes no file has (a recovered scenario)."""
        self.undo_stack.set_unsaved()
        self._emit(Change.FILE)

    # -- view options ----------------------------------------------------------------
    def set_options(self, **changes: Unpack[OptionChanges]) -> None:
        """Change view options (key_axes, snap_grid, theme …)."""
        names = {f.name for f in fields(ViewOptions)}
        unknown = set(changes) - names
        if unknown:
            raise ValueError(f"unknown view option(s): {', '.join(sorted(unknown))}")
        space = changes.get("key_space")
        if space is not None and space not in KEY_SPACES:
            raise ValueError(f"key_space {space!r}: choose one of {', '.join(KEY_SPACES)}")
        language = changes.get("language", LANGUAGES[0])
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        for axes_name, axes, size in (
            ("key_axes", changes.get("key_axes"), self.scenario.d_k),
            ("value_axes", changes.get("value_axes"), self.scenario.d_v),
        ):
            if axes is not None and not all(0 <= a < max(size, 1) for a in axes):
                raise ValueError(f"{axes_name} {axes} out of range for size {size}")
        new = replace(self.options, **changes)
        if new != self.options:
            self.options = new
            self._emit(Change.OPTIONS)

    def key_space(self) -> str:
        """What the key plane draws now: ``"k"`` (the keys) or ``"phi"`` (φ(k), φ(q)).

        ``"auto"`` follows the feature map: φ(k) when it is not the identity,
        since that is what ``S`` stores and what every overlap is about.
        """
        chosen = self.options.key_space
        if chosen == "auto":
            return "k" if self.scenario.feature_map == "identity" else "phi"
        return chosen

    def plane_axes(self, which: str) -> tuple[int, int]:
        """The two components the ``"key"`` or ``"value"`` plane shows, made valid.

        With a 1-component space the plane shows that component against 0.
        """
        size = self.scenario.d_k if which == "key" else self.scenario.d_v
        axes = self.options.key_axes if which == "key" else self.options.value_axes
        first = min(axes[0], size - 1)
        second = min(axes[1], size - 1)
        if second == first and size > 1:
            second = (first + 1) % size
        return first, second

    # -- predict, then reveal ---------------------------------------------------------
    def set_hide_outputs(self, on: bool) -> None:
        """Hide every read's output until it is revealed (predict first)."""
        if on != self.hide_outputs:
            self.hide_outputs = on
            self.revealed.clear()
            self._emit(Change.REVEAL)

    def is_hidden(self, number: int | None = None) -> bool:
        """Whether the output of step ``number`` (default: cursor) is hidden now.

        A hidden read hides what it returns: its output, and the state the
        heatmap shows after it (the answer could be read off ``S``).
        """
        number = self.cursor if number is None else number
        if not self.hide_outputs or number < 1 or number > len(self.scenario):
            return False
        return (
            not self.scenario.is_write(number)
            and self.scenario.label_at(number) not in self.revealed
        )

    def reveal(self, number: int | None = None) -> None:
        """Reveal the read at ``number`` (default: the cursor)."""
        number = self.cursor if number is None else number
        if self.is_hidden(number):
            self.revealed.add(self.scenario.label_at(number))
            self._emit(Change.REVEAL)

    def set_prediction(self, label: str, vector: np.ndarray | None) -> None:
        """Record the class's prediction for read ``label`` (``None`` clears it).

        Raises
        ------
        ScenarioError
            If the vector does not have ``d_v`` finite numbers.
        """
        from linviz.model.scenario import parse_vector

        if vector is None:
            self.predictions.pop(label, None)
        else:
            self.predictions[label] = parse_vector(
                vector, "value", self.scenario.d_k, self.scenario.d_v
            )
        self._emit(Change.REVEAL)

    def prediction_gap(self, number: int | None = None) -> tuple[np.ndarray, np.ndarray] | None:
        """``(prediction, output - prediction)`` for a revealed read, else ``None``."""
        number = self.cursor if number is None else number
        if number < 1 or self.scenario.is_write(number) or self.is_hidden(number):
            return None
        prediction = self.predictions.get(self.scenario.label_at(number))
        if prediction is None:
            return None
        read = self.snapshot(number).read
        assert read is not None  # a read step's snapshot has its read
        output = read.output
        if prediction.shape != output.shape:
            return None
        return prediction, output - prediction

    # -- baseline ------------------------------------------------------------------
    def pin_baseline(self) -> None:
        """Keep the scenario as it is now to compare later edits against."""
        self.clear_baseline(emit=False)
        self.baseline = self.scenario.copy()
        self.baseline_trace = Trace(self.baseline)
        self._emit(Change.BASELINE)

    def baseline_difference(self, number: int | None = None) -> np.ndarray | None:
        """``S - S_baseline`` after step ``number`` (default: the cursor).

        ``None`` without a baseline, or when the two cannot be compared (other
        sizes, or the baseline has fewer steps).
        """
        if self.baseline_trace is None or self.baseline is None:
            return None
        number = self.cursor if number is None else number
        base = self.baseline
        if (base.d_k, base.d_v) != (self.scenario.d_k, self.scenario.d_v) or number > len(base):
            return None
        return self.snapshot(number).state - self.baseline_trace.state(number)

    def baseline_state(self, number: int | None = None) -> np.ndarray | None:
        """``S_baseline`` after step ``number`` (default: the cursor).

        ``None`` without a baseline, or when the baseline has fewer steps.
        """
        if self.baseline_trace is None or self.baseline is None:
            return None
        number = self.cursor if number is None else number
        if number > len(self.baseline):
            return None
        return self.baseline_trace.state(number)

    def baseline_read_changes(self, limit: int = 200) -> list[tuple[str, np.ndarray, np.ndarray]]:
        """``(label, baseline output, current output)`` of the reads in both.

        Reads are matched by label, so inserting a step does not pair the
        wrong reads. At most ``limit`` reads, the nearest to the cursor, in
        step order (a long trace has more reads than anyone can look at).
        """
        from linviz.model.readout import read_output

        if self.baseline_trace is None or self.baseline is None:
            return []
        base = self.baseline
        if base.d_v != self.scenario.d_v:
            return []
        reads = np.flatnonzero(~self.scenario.write_mask()) + 1
        nearest = reads[np.argsort(np.abs(reads - self.cursor), kind="stable")[:limit]]
        changes = []
        for number in sorted(int(n) for n in nearest):
            label = self.scenario.label_at(number)
            if not base.has_label(label):
                continue
            old_number = base.number_of(label)
            if base.is_write(old_number):
                continue
            new = read_output(self.trace, number)  # the output alone: no decomposition
            old = read_output(self.baseline_trace, old_number)
            changes.append((label, old, new))
        return changes

    def baseline_read_deltas(
        self, limit: int = 200
    ) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]:
        """:meth:`baseline_read_changes` with each change ``now - baseline`` added."""
        return [
            (label, old, new, new - old) for label, old, new in self.baseline_read_changes(limit)
        ]

    def clear_baseline(self, emit: bool = True) -> None:
        """Stop comparing against a baseline."""
        if self.baseline_trace is not None:
            self.baseline_trace.close()
        self.baseline = self.baseline_trace = None
        if emit:
            self._emit(Change.BASELINE)
