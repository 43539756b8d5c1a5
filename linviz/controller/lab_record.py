"""The causal lab's record: what changed since the baseline, and the lab notebook.

The course's central activity is "predict, change one variable, run, explain
the change". After a baseline is pinned (:meth:`Session.pin_baseline`),
:func:`changes_since` lists every difference between the baseline scenario
and the current one (step, field, old → new; and the settings) and names
the *variables* among them: the changes that can move a number the memory
computes. More than one variable means the experiment no longer says which
change caused what.

A :class:`LabEntry` records one run of the experiment: the room's
prediction, what was observed, a one-line explanation, and, taken from the
session when the entry is made, the changes, how the reads moved and a
summary of the trace. :class:`LabNotebook` keeps the entries and writes
them as Markdown under the course's exit-ticket headings
(:data:`EXIT_TICKET_HEADINGS`).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from linviz.controller.session import Session
from linviz.controller.signals import Signal
from linviz.model.readout import compared_scale
from linviz.model.report import fmt_number, fmt_vector, fmt_written, trace_table_lines
from linviz.model.scenario import Scenario

#: The course's exit ticket, in order: every exported entry has these sections.
EXIT_TICKET_HEADINGS = (
    "Mechanism",
    "Trace",
    "Observation",
    "Boundary",
    "Evidence",
    "Next experiment",
)

#: Changes listed one by one; past this only their number is given.
MAX_LISTED_CHANGES = 200
#: Lines of the trace kept in an entry (a long trace is summarised by its start).
MAX_TRACE_LINES = 40
#: Reads whose change is listed in an entry.
MAX_LISTED_READS = 20
#: Longest quoted text in a change (captions, notes …).
MAX_QUOTED_CHARS = 60

#: Step fields that cannot move a number the memory computes.
TEXT_FIELDS = frozenset({"label", "target", "caption", "notes", "question"})


@dataclass(frozen=True)
class FieldChange:
    """One difference between the baseline and the scenario now.

    Attributes
    ----------
    step
        The step's 1-based number now (in the baseline for a removed step);
        ``None`` for a setting.
    label
        The step's label now (in the baseline for a removed step).
    field
        ``"key"``, ``"value"``, ``"query"``, ``"alpha"``, ``"beta"``,
        ``"op"``, ``"position"``, ``"step"`` (added or removed), a text field
        (``"label"``, ``"target"``, ``"caption"``, ``"notes"``,
        ``"question"``) or a setting (``"d_k"``, ``"rule"`` …).
    old, new
        The field before and after, as a person reads them (``"—"``: none).
    variable
        Whether the change can move a number the memory computes (text
        fields and the title cannot).
    """

    step: int | None
    label: str | None
    field: str
    old: str
    new: str
    variable: bool = True

    @property
    def variable_name(self) -> str:
        """What the change varies, as a person names it: ``"key of k3"``, ``"rule"``."""
        if self.label is None:
            return self.field
        return f"{self.field} of {self.label}"

    def describe(self) -> str:
        """``"step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]"``; a setting without a step."""
        where = "settings" if self.step is None else f"step {self.step} ({self.label})"
        return f"{where}, {self.field}: {self.old} → {self.new}"


@dataclass(frozen=True)
class ChangeReport:
    """Every change since the baseline, and the variables among them.

    ``changes`` holds at most :data:`MAX_LISTED_CHANGES`; ``total`` counts
    them all. ``variables`` names each changed variable once, in order.
    """

    changes: tuple[FieldChange, ...]
    total: int
    variables: tuple[str, ...]

    @property
    def more_than_one_variable(self) -> bool:
        """Whether the experiment changed more than one variable (warn)."""
        return len(self.variables) > 1

    def warning(self) -> str | None:
        """The warning to show when more than one variable changed, else ``None``."""
        if not self.more_than_one_variable:
            return None
        shown = ", ".join(self.variables[:4]) + (", …" if len(self.variables) > 4 else "")
        return (
            f"{len(self.variables)} variables changed since the baseline ({shown}): "
            "a fair experiment changes one, or the result cannot say which change caused it."
        )

    def lines(self) -> list[str]:
        """One line per listed change, and one for those not listed."""
        lines = [change.describe() for change in self.changes]
        if self.total > len(self.changes):
            lines.append(f"… and {self.total - len(self.changes):,} more changes")
        return lines


def _quoted(text: str | None) -> str:
    if not text:
        return "—"
    one_line = " ".join(text.split())
    if len(one_line) > MAX_QUOTED_CHARS:
        one_line = one_line[: MAX_QUOTED_CHARS - 1] + "…"
    return f"“{one_line}”"


def _parameter(value: float) -> str:
    return "—" if value != value else fmt_number(value)  # NaN: no override


def _kept_in_order(sequence: list[int]) -> set[int]:
    """Indexes of a longest increasing subsequence of ``sequence`` (steps that did not move)."""
    tails: list[int] = []  # smallest tail value of an increasing run of each length
    tail_at: list[int] = []
    before = [-1] * len(sequence)
    for index, value in enumerate(sequence):
        length = bisect_left(tails, value)
        if length == len(tails):
            tails.append(value)
            tail_at.append(index)
        else:
            tails[length], tail_at[length] = value, index
        before[index] = tail_at[length - 1] if length else -1
    kept: set[int] = set()
    index = tail_at[-1] if tail_at else -1
    while index >= 0:
        kept.add(index)
        index = before[index]
    return kept


def _pairs(
    base: Scenario, now: Scenario, base_labels: list[str], now_labels: list[str]
) -> tuple[np.ndarray, np.ndarray, list[int], list[int]]:
    """Rows of the same step in both: by label, then leftover rows in order (a rename).

    Returns the paired rows (baseline rows, rows now; in the current order),
    the baseline rows removed and the current rows added.
    """
    if base_labels == now_labels:  # the usual experiment: steps edited in place
        rows = np.arange(len(now_labels))
        return rows, rows, [], []
    base_rows = {label: row for row, label in enumerate(base_labels)}
    pairs, added = [], []
    for row, label in enumerate(now_labels):
        old = base_rows.pop(label, None)
        if old is None:
            added.append(row)
        else:
            pairs.append((old, row))
    removed = sorted(base_rows.values())
    # A renamed step is the same step under another label: pair the leftovers in order.
    renamed = min(len(added), len(removed))
    pairs.extend(zip(removed[:renamed], added[:renamed]))
    pairs.sort(key=lambda pair: pair[1])
    old_rows = np.array([old for old, _ in pairs], dtype=np.intp)
    new_rows = np.array([new for _, new in pairs], dtype=np.intp)
    return old_rows, new_rows, removed[renamed:], added[renamed:]


def _setting_changes(base: Scenario, now: Scenario) -> list[FieldChange]:
    changes = []
    for name, old, new, variable in (
        ("title", _quoted(base.title), _quoted(now.title), False),
        ("caption", _quoted(base.caption), _quoted(now.caption), False),
        ("d_k", str(base.d_k), str(now.d_k), True),
        ("d_v", str(base.d_v), str(now.d_v), True),
        ("feature map", base.feature_map, now.feature_map, True),
        (
            "normaliser",
            "on" if base.normalize else "off",
            "on" if now.normalize else "off",
            True,
        ),
        ("rule", base.rule.describe(), now.rule.describe(), True),
    ):
        if old != new:
            changes.append(FieldChange(None, None, name, old, new, variable))
    return changes


def _step_summary(sc: Scenario, row: int) -> str:
    step = sc.step(row + 1)
    if step.is_write:
        return f"write k = {fmt_written(step.vector)}, v = {fmt_written(step.value)}"  # type: ignore[arg-type]
    return f"read q = {fmt_written(step.vector)}"


def _shown(name: str, text: str | None) -> str:
    """A text column's entry as a change shows it: a label as it is, any other text quoted."""
    if name == "label":
        assert text is not None  # every step has a label
        return text
    return _quoted(text)


def _text_columns(scenario: Scenario) -> tuple[Sequence[str | None], ...]:
    """Every step's label, target, caption, notes and question, in that order."""
    return scenario.text_columns() + scenario.teaching_columns()


def changes_since(base: Scenario, now: Scenario, limit: int = MAX_LISTED_CHANGES) -> ChangeReport:
    """Every difference between ``base`` (the pinned baseline) and ``now``.

    Steps are matched by label, so inserting a step does not make every
    later one look changed; a step that lost its label to a rename is
    matched with the new one in order. Vectors are compared only where the
    sizes are the same (a resize is one change of ``d_k`` or ``d_v``).
    """
    changes: list[FieldChange] = []
    total = 0
    variables: dict[str, None] = {}

    def add(change: FieldChange) -> None:
        nonlocal total
        total += 1
        if change.variable:
            variables.setdefault(change.variable_name)
        if len(changes) < limit:
            changes.append(change)

    for change in _setting_changes(base, now):
        add(change)
    base_labels, now_labels = base.labels(), now.labels()
    old_rows, new_rows, removed, added = _pairs(base, now, base_labels, now_labels)
    if len(old_rows):
        in_place = old_rows is new_rows
        differs = _differing_fields(base, now, None if in_place else (old_rows, new_rows))
        moved = set() if in_place else set(range(len(old_rows))) - _kept_in_order(old_rows.tolist())
        text_names = ("label", "target", "caption", "notes", "question")
        # Only the text columns that differ are walked (a long trace has a million rows).
        texts = [
            (name, before, after)
            for name, before, after in zip(text_names, _text_columns(base), _text_columns(now))
            if not (in_place and before == after)
        ]
        rows = sorted(set(differs) | moved) if not texts else range(len(old_rows))
        for index in rows:
            old, new = int(old_rows[index]), int(new_rows[index])
            number, label = new + 1, now_labels[new]
            if index in moved:
                add(FieldChange(number, label, "position", f"step {old + 1}", f"step {number}"))
            for name, before, after in differs.get(index, ()):
                add(FieldChange(number, label, name, before, after))
            for name, before_column, after_column in texts:
                old_text, new_text = before_column[old], after_column[new]
                if old_text != new_text:
                    shown_before, shown_after = _shown(name, old_text), _shown(name, new_text)
                    add(FieldChange(number, label, name, shown_before, shown_after, False))
    for row in removed:
        add(FieldChange(row + 1, base_labels[row], "step", _step_summary(base, row), "removed"))
    for row in added:
        add(FieldChange(row + 1, now_labels[row], "step", "—", _step_summary(now, row)))
    return ChangeReport(tuple(changes), total, tuple(variables))


def _differing_fields(
    base: Scenario, now: Scenario, rows: tuple[np.ndarray, np.ndarray] | None
) -> dict[int, list[tuple[str, str, str]]]:
    """``{pair index: [(field, old, new), …]}`` for the number fields of paired steps.

    ``rows``: the paired rows of each, ``None`` when every row is paired with itself.
    """
    found: dict[int, list[tuple[str, str, str]]] = {}

    def old_of(column: np.ndarray) -> np.ndarray:
        return column if rows is None else column[rows[0]]

    def new_of(column: np.ndarray) -> np.ndarray:
        return column if rows is None else column[rows[1]]

    def row(index: int, which: int) -> int:
        return index if rows is None else int(rows[which][index])

    old_write, new_write = old_of(base.write_mask()), new_of(now.write_mask())
    for index in np.flatnonzero(old_write != new_write).tolist():
        found.setdefault(index, []).append(
            (
                "op",
                _step_summary(base, row(index, 0)),
                _step_summary(now, row(index, 1)),
            )
        )
    same_op = old_write == new_write
    if base.d_k == now.d_k:
        old_vectors, new_vectors = old_of(base.vectors()), new_of(now.vectors())
        for index in np.flatnonzero(same_op & (old_vectors != new_vectors).any(axis=1)).tolist():
            name = "key" if new_write[index] else "query"
            found.setdefault(index, []).append(
                (name, fmt_written(old_vectors[index]), fmt_written(new_vectors[index]))
            )
    if base.d_v == now.d_v:
        old_values, new_values = old_of(base.values()), new_of(now.values())
        both_write = same_op & new_write
        for index in np.flatnonzero(both_write & (old_values != new_values).any(axis=1)).tolist():
            found.setdefault(index, []).append(
                ("value", fmt_written(old_values[index]), fmt_written(new_values[index]))
            )
    old_params, new_params = base.parameter_overrides(), now.parameter_overrides()
    for name, old_column, new_column in zip(("alpha", "beta"), old_params, new_params):
        before, after = old_of(old_column), new_of(new_column)
        unequal = ~((before == after) | (np.isnan(before) & np.isnan(after)))
        for index in np.flatnonzero(unequal).tolist():
            found.setdefault(index, []).append(
                (name, _parameter(float(before[index])), _parameter(float(after[index])))
            )
    return found


@dataclass(frozen=True)
class LabEntry:
    """One run of the causal lab, as the exit ticket records it.

    Attributes
    ----------
    prediction
        What the room predicted (P), before the run.
    observed
        What the run showed.
    explanation
        One line: why the change did what it did (the mechanism).
    boundary
        Where the explanation stops holding (optional).
    next_experiment
        What to change next (optional).
    title
        The scenario's title when the entry was made.
    step
        The step at the cursor then.
    changes
        What changed since the baseline (:func:`changes_since`).
    reads
        How each read moved: ``"r3: [3, 1] → [3, -3] (change [0, -4])"``.
    trace
        The trace of the scenario as the entry was made (its first lines).
    made
        When the entry was made.
    """

    prediction: str
    observed: str
    explanation: str
    boundary: str = ""
    next_experiment: str = ""
    title: str = ""
    step: int = 0
    changes: ChangeReport | None = None
    reads: tuple[str, ...] = ()
    trace: tuple[str, ...] = ()
    made: datetime = field(default_factory=datetime.now)


def one_line(text: str) -> str:
    """``text`` on one line: every run of whitespace (newlines included) becomes a space."""
    return " ".join(text.split())


def _or_missing(text: str) -> str:
    return text if text.strip() else "(not written)"


def entry_markdown(entry: LabEntry, number: int = 1) -> str:
    """``entry`` as Markdown, one section per exit-ticket heading.

    The texts are written as typed: Markdown is a plain-text format, and
    the PDF export shows these lines as text, never as markup.
    """
    mechanism, trace, observation, boundary, evidence, next_experiment = EXIT_TICKET_HEADINGS
    lines = [
        f"# Lab entry {number}: {entry.title}",
        "",
        f"Recorded {entry.made:%Y-%m-%d %H:%M} at step {entry.step}.",
        "",
        f"## {mechanism}",
        "",
        _or_missing(entry.explanation),
        "",
        f"## {trace}",
        "",
    ]
    lines += [f"    {line}" for line in entry.trace] or ["(no steps)"]
    lines += [
        "",
        f"## {observation}",
        "",
        f"- Prediction (P): {_or_missing(entry.prediction)}",
        f"- Observed: {_or_missing(entry.observed)}",
        "",
        f"## {boundary}",
        "",
        _or_missing(entry.boundary),
        "",
        f"## {evidence}",
        "",
    ]
    report = entry.changes
    if report is None:
        lines.append("No baseline was pinned: nothing to compare with.")
    else:
        lines.append("Changes since the baseline:")
        lines.append("")
        lines += [f"- {line}" for line in report.lines()] or ["- none"]
        warning = report.warning()
        if warning:
            lines += ["", f"Warning: {warning}"]
    if entry.reads:
        lines += ["", "Reads, baseline → now:", ""]
        lines += [f"- {line}" for line in entry.reads]
    lines += ["", f"## {next_experiment}", "", _or_missing(entry.next_experiment), ""]
    return "\n".join(lines)


class LabNotebook:
    """The lab entries of a session, and what the next entry will record.

    Parameters
    ----------
    session
        The session whose baseline and scenario the entries compare.

    Attributes
    ----------
    entries : list[LabEntry]
        The entries recorded, oldest first.
    changed : Signal
        Emitted (no arguments) after an entry is added or the notebook cleared.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.entries: list[LabEntry] = []
        self.changed = Signal()

    # -- what the lab shows before an entry is made ----------------------------------------
    def changes(self) -> ChangeReport | None:
        """Every change since the pinned baseline; ``None`` without one."""
        session = self.session
        if session.baseline is None:
            return None
        return changes_since(session.baseline, session.scenario)

    def read_lines(self, limit: int = MAX_LISTED_READS) -> list[str]:
        """How each read in both scenarios moved, nearest the cursor first, in step order."""
        lines = []
        for label, old, new, delta in self.session.baseline_read_deltas(limit):
            at = compared_scale(old, new)
            moved = "unchanged" if not np.any(delta) else f"change {fmt_vector(delta, at=at)}"
            lines.append(f"{label}: {fmt_vector(old, at=at)} → {fmt_vector(new, at=at)} ({moved})")
        return lines

    def suggested_prediction(self) -> str:
        """The room's prediction for the read at the cursor, if one was entered (P)."""
        session = self.session
        number = session.cursor
        if number < 1 or session.scenario.is_write(number):
            return ""
        label = session.scenario.label_at(number)
        prediction = session.predictions.get(label)
        return "" if prediction is None else f"{label} = {fmt_written(prediction)}"

    def suggested_observation(self) -> str:
        """What the read at the cursor returns now (and with the baseline), else ``""``."""
        session = self.session
        number = session.cursor
        if number < 1 or session.scenario.is_write(number) or session.is_hidden(number):
            return ""
        label = session.scenario.label_at(number)
        read = session.snapshot(number).read
        assert read is not None  # a read's snapshot has its read
        output = read.output
        for read_label, old, _new, _delta in session.baseline_read_deltas():
            if read_label == label:
                at = compared_scale(old, output)
                return f"{label} = {fmt_vector(output, at=at)} (baseline {fmt_vector(old, at=at)})"
        return f"{label} = {fmt_vector(output, at=read.scale)}"

    def trace_summary(self, limit: int = MAX_TRACE_LINES) -> list[str]:
        """The trace of the scenario now, as ``linviz trace`` prints it (its first lines)."""
        scenario = self.session.scenario
        lines = list(itertools.islice(trace_table_lines(scenario), limit + 5))
        head = 5  # title, settings, blank line, column names, step 0
        if len(lines) > limit + head - 1 or len(scenario) > len(lines) - head:
            kept = lines[: limit + head - 1]
            shown_steps = len(kept) - head
            kept.append(f"… and {len(scenario) - shown_steps:,} more steps")
            return kept
        return lines

    # -- entries ------------------------------------------------------------------------------
    def record(
        self,
        prediction: str,
        observed: str,
        explanation: str,
        boundary: str = "",
        next_experiment: str = "",
    ) -> LabEntry:
        """Add an entry; the changes, reads and trace are taken from the session now.

        The explanation is kept on one line (the course asks for one).
        """
        session = self.session
        entry = LabEntry(
            prediction=prediction.strip(),
            observed=observed.strip(),
            explanation=one_line(explanation),
            boundary=boundary.strip(),
            next_experiment=next_experiment.strip(),
            title=session.title,
            step=session.cursor,
            changes=self.changes(),
            reads=tuple(self.read_lines()),
            trace=tuple(self.trace_summary()),
        )
        self.entries.append(entry)
        self.changed.emit()
        return entry

    def clear(self) -> None:
        """Forget every entry."""
        self.entries.clear()
        self.changed.emit()

    def markdown(self) -> str:
        """Every entry as one Markdown document (the exit tickets of the session)."""
        if not self.entries:
            return "# Lab notebook\n\nNo entries yet.\n"
        parts = [entry_markdown(entry, number) for number, entry in enumerate(self.entries, 1)]
        return "\n".join(parts)
