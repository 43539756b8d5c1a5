"""The rules a step must keep with the other steps of its scenario.

A step on its own is checked field by field (:mod:`linviz.model.field_checks`);
here are the rules that need the rest of the scenario: labels are unique, a
read's target is an earlier write, a caption quotes only labels that exist,
per-write ``alpha``/``beta`` only where the rule takes them, and no edit may
take away a write a read targets or a label a caption quotes.

Every function reads the scenario through its public, non-copying
accessors (:meth:`~linviz.model.scenario.Scenario.row_of`,
:meth:`~linviz.model.scenario.Scenario.text_view`, …) and never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol

import numpy as np

from linviz.model import limits
from linviz.model.caption_fields import check_caption, fields_of
from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, Term, shown
from linviz.model.field_checks import check_text, parse_vector
from linviz.model.rules import RULE_PARAMETERS, Rule, check_parameter
from linviz.model.step import OPS, READ, WRITE, Step, TextView
from linviz.model.text_rules import label_text, same_label
from linviz.model.texts import Texts, variants


class Scenario(Protocol):
    """What the checks read of a scenario (:class:`linviz.model.scenario.Scenario` has it).

    A protocol, not an import: the scenario calls these checks, so importing
    it here would make the two modules import each other.
    """

    @property
    def d_k(self) -> int: ...
    @property
    def d_v(self) -> int: ...
    @property
    def rule(self) -> Rule: ...
    @property
    def caption(self) -> str: ...
    def __len__(self) -> int: ...
    def row_of(self, label: str) -> int | None: ...
    def is_write(self, number: int) -> bool: ...
    def text_view(self) -> TextView: ...
    def has_step_captions(self) -> bool: ...
    def label_at(self, number: int) -> str: ...
    def parameter_overrides(
        self, start: int = 0, stop: int | None = None
    ) -> tuple[np.ndarray, np.ndarray]: ...


def check_step(
    scenario: Scenario,
    step: Step,
    earlier: Mapping[str, bool] | None = None,
    *,
    replacing: str | None = None,
    number: int | None = None,
) -> Step:
    """Return ``step`` with read-only float64 vectors, or raise :class:`ScenarioError`.

    Labels must be unique: against ``earlier`` (the labels of the steps
    before it, each mapped to whether it is a write, while a scenario is
    being built) or else against every label in ``scenario`` except
    ``replacing`` (the label of the step being replaced). A read's target
    must be a write before step ``number`` (or in ``earlier``).
    """
    if not isinstance(step.op, str) or step.op not in OPS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "unknown op {op}; expected 'write' or 'read'"),
            op=shown(step.op),
            field="op",
        )
    d_k, d_v = scenario.d_k, scenario.d_v
    vector = parse_vector(step.vector, step.vector_name, d_k, d_v)
    value = None
    if step.is_write:
        value = parse_vector(step.value, "value", d_k, d_v)
    elif step.value is not None:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "a read has no value"), field="value"
        )
    label = check_text(step.label, "label", limits.MAX_LABEL_CHARS, allow_empty=False)
    label = label_text(label)  # one form per look: é == e + U+0301; no invisible marks
    # Dictionary look-ups only: copying label sets per step made edits O(N).
    taken = label in earlier if earlier is not None else scenario.row_of(label) is not None
    if taken and label != replacing:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "label {label!r} is already used by another step"),
            label=label,
            field="label",
        )
    for name in ("caption", "notes", "question"):
        text = getattr(step, name)
        if type(text) is not str or text:  # most steps have none: "" needs no check
            check_text(text, name, limits.MAX_TEXT_CHARS, languages=True)
    if step.caption:
        for caption in variants(step.caption):  # live fields work in every language
            if "{" in caption or "}" in caption:
                check_caption(
                    caption, step.op, label_ops(scenario, earlier, replacing, label, step.op)
                )
    target = same_label(step.target) if isinstance(step.target, str) else step.target
    if target is not None:
        _check_target(scenario, step, target, earlier, number)
    _check_overrides(scenario.rule, step)
    if (
        vector is step.vector
        and value is step.value
        and (label, target) == (step.label, step.target)
    ):
        return step  # already read-only float64 (a long generated trace): no copy
    return replace(step, vector=vector, value=value, label=label, target=target)


def _check_target(
    scenario: Scenario,
    step: Step,
    target: object,
    earlier: Mapping[str, bool] | None,
    number: int | None,
) -> None:
    """Refuse a ``target`` (the step's, normalised) that is not the label of an earlier write."""
    if not isinstance(target, str):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "target must be the label of an earlier write, got {got}"
            ),
            got=shown(target),
            field="target",
        )
    if step.is_write:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "only a read has a target"), field="target"
        )
    if earlier is not None:
        ok = bool(earlier.get(target, False))
    else:
        row = scenario.row_of(target)
        ok = (
            row is not None
            and scenario.is_write(row + 1)
            and number is not None
            and row < number - 1
        )
    if not ok:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "target {target} is not the label of an earlier write"
            ),
            target=shown(target),
            field="target",
        )


def _check_overrides(rule: Rule, step: Step) -> None:
    """Refuse ``alpha``/``beta`` on a read, or one the rule does not take."""
    for parameter in ("alpha", "beta"):
        given = getattr(step, parameter)
        if given is None:
            continue
        if not step.is_write:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "a read takes no {parameter}"),
                parameter=Term(parameter),
                field=parameter,
            )
        if parameter not in RULE_PARAMETERS[rule.name]:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "the {rule} rule takes no {parameter}"),
                rule=rule.name,
                parameter=Term(parameter),
                field=parameter,
            )
        check_parameter(parameter, given, parameter)


def label_ops(
    scenario: Scenario,
    earlier: Mapping[str, bool] | None,
    replacing: str | None = None,
    new: str = "",
    new_op: str | None = None,
) -> Callable[[str], str | None]:
    """Look up the op of a labelled step (for the labels captions quote).

    ``new`` / ``new_op``: the label and op of the step being checked.
    """

    def op_of(label: str) -> str | None:
        if label == new and new_op is not None:
            return new_op
        if earlier is not None:
            is_write = earlier.get(label)
        elif label == replacing and label != new:
            return None  # the step being replaced is losing that label
        else:
            row = scenario.row_of(label)
            is_write = None if row is None else scenario.is_write(row + 1)
        return None if is_write is None else (WRITE if is_write else READ)

    return op_of


def check_scenario_caption(scenario: Scenario, caption: str) -> str:
    """Return the scenario's own ``caption`` if it can be shown (fields included)."""
    caption = check_text(caption, "caption", limits.MAX_TEXT_CHARS, languages=True)
    for text in variants(caption):
        if "{" in text or "}" in text:
            check_caption(text, None, label_ops(scenario, None))
    return caption


def check_no_read_targets(scenario: Scenario, label: str, after: int) -> None:
    """Refuse losing write ``label`` while a read after step ``after`` targets it."""
    view = scenario.text_view()
    try:  # list.index scans in C: a loop per step took 78 ms at a million steps
        row = view.targets.index(label, after, len(scenario))
    except ValueError:
        return
    raise ScenarioError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError",
            "read {read!r} targets {label!r}, which would no longer "
            "be an earlier write: change its target first",
        ),
        read=view.labels[row],
        label=label,
        step=row + 1,
        field="target",
    )


def check_not_quoted(scenario: Scenario, label: str, number: int) -> None:
    """Refuse losing label ``label`` (step ``number``'s) while another caption quotes it.

    A caption's ``{y@r1}`` names a step; a scenario saved without that step
    could not be opened again.
    """
    marker = "@"
    captioned: list[tuple[int | None, str]] = [(None, scenario.caption)]
    if scenario.has_step_captions():  # known edit by edit: no walk through a million rows
        captions = scenario.text_view().captions
        captioned += [(row + 1, caption) for row, caption in enumerate(captions) if caption]
    for step, caption in captioned:
        # Every language's words: the French may quote a step the English does not.
        by_language = caption.by_language if isinstance(caption, Texts) else {"en": caption}
        texts = [(lang, text) for lang, text in by_language.items() if marker in text]
        if step == number or not texts:
            continue
        for language, quoted in ((lang, f) for lang, text in texts for f in fields_of(text)):
            if label in quoted.labels:
                where = (
                    Phrase(QT_TRANSLATE_NOOP("ScenarioError", "the scenario's caption"))
                    if step is None
                    else Phrase(
                        QT_TRANSLATE_NOOP("ScenarioError", "step {number}'s caption"),
                        number=step,
                    )
                )
                if len(by_language) > 1:
                    where = Phrase(
                        QT_TRANSLATE_NOOP("ScenarioError", "{where} ({language})"),
                        where=where,
                        language=language,
                    )
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError",
                        "{where} quotes {label!r} ({quoted}): edit that caption first",
                    ),
                    where=where,
                    label=label,
                    quoted=quoted.text,
                    step=step,
                    field="caption",
                )


def check_move(scenario: Scenario, number: int, new_number: int) -> None:
    """Refuse moving step ``number`` to ``new_number`` if a read would lose its target."""
    low, high = sorted((number, new_number))
    view = scenario.text_view()
    # The targets of the steps in between are the only ones that can break.
    order = list(range(low - 1, high))
    moved = order.pop(number - low)
    order.insert(new_number - low, moved)
    seen = {view.labels[r]: scenario.is_write(r + 1) for r in range(low - 1)}
    for offset, row in enumerate(order):
        target = view.targets[row]
        if target is not None and not seen.get(target, False):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "read {read!r} targets {label!r}, which would no longer be an earlier write",
                ),
                read=view.labels[row],
                label=target,
                step=low + offset,
                field="target",
            )
        seen[view.labels[row]] = scenario.is_write(row + 1)


def check_rule_change(scenario: Scenario, rule: Rule) -> None:
    """Refuse ``rule`` while a write sets its own parameter the rule does not take.

    Such overrides are refused rather than silently dropped.
    """
    alphas, betas = scenario.parameter_overrides()
    for parameter, column in (("alpha", alphas), ("beta", betas)):
        if parameter in RULE_PARAMETERS[rule.name]:
            continue
        rows = np.flatnonzero(~np.isnan(column))
        if rows.size:
            row = int(rows[0])
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "write {write!r} sets its own {parameter}, which the "
                    "{rule} rule does not take: clear it first",
                ),
                write=scenario.label_at(row + 1),
                parameter=Term(parameter),
                rule=rule.name,
                step=row + 1,
                field=parameter,
            )
