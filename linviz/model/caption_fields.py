"""The live fields a caption may quote, and the checks a caption must pass.

A caption is plain text in which ``{name}`` stands for a quantity of its
step, worked out from the trace each time the caption is shown:

    "Read k3: y = {y}, wanted {expected}: {verdict}."

``{name@label}`` takes the quantity from the step labelled ``label``
(``{y@r1}``: what read r1 returned) and ``{cos@k1,k3}`` / ``{dot@k1,k3}``
compare two stored keys. ``{{`` and ``}}`` write a brace. Field names are
checked when a scenario is loaded or a caption edited: an unknown name, a
read's quantity in a write's caption or an unknown label is refused.

This module knows the syntax alone (no trace): the scenario checks every
caption with it. :mod:`linviz.model.captions` fills the fields in.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.text_rules import same_label

WRITE_FIELDS = {
    "k": "the key",
    "v": "the value",
    "phi_k": "the key as stored, φ(k)",
    "stamp": "the stamp φ(k) uᵀ the write adds",
    "u": "the value the write adds (β v minus what it removed, under the delta rule)",
    "removed": "what a delta write removed first (what its key already retrieved)",
    "decay": "the factor the write scales S by first (α, or 1 without a decay)",
    "alpha": "the decay α in force at this write",
    "beta": "the writing strength β in force at this write",
}
READ_FIELDS = {
    "q": "the query",
    "phi_q": "the query as the memory sees it, φ(q)",
    "y": "the output y",
    "target": "the write the read means to retrieve",
    "expected": "the target's value",
    "interference": "y minus the target's value",
    "crosstalk": "the error's crosstalk: other keys' terms, net of what a delta write cancelled",
    "not_overwritten": "the error's part an earlier write under the target's key left behind",
    "forgetting": "the error's part lost to decay of what the target stored",
    "own_scale": "the error's part from the target's own term not being its value",
    "normaliser_part": "the error's part from the normaliser's division",
    "parts": "the error as its named parts, largest first",
    "cause": "the error's largest part, in words",
    "error": "the relative error, in per cent",
    "share": "crosstalk's share of the error's parts, by size, in per cent",
    "weights": "each earlier write's weight",
    "denominator": "the divisor φ(q)ᵀz + ε of a normalised read",
    "verdict": "exact, off by …, or a blend with no single target",
}
ANY_FIELDS = {
    "step": "the step's number",
    "label": "the step's label",
    "S": "the state S after the step",
    "S_before": "the state S before the step",
    "d_k": "the key size d_k",
    "d_v": "the value size d_v",
    "z": "the normaliser z after the step (the sum of the stored keys φ(k))",
}
PAIR_FIELDS = {
    "cos": "the cosine of two stored keys, {cos@k1,k3}",
    "dot": "the dot product of two stored keys, {dot@k1,k3}",
}
#: Every field a caption may quote, with what it shows.
FIELDS = {**ANY_FIELDS, **WRITE_FIELDS, **READ_FIELDS, **PAIR_FIELDS}
#: What a hidden read's output would give away: shown as "?" until revealed.
ANSWER_FIELDS = frozenset(
    {
        "y",
        "target",
        "expected",
        "interference",
        "crosstalk",
        "not_overwritten",
        "forgetting",
        "own_scale",
        "normaliser_part",
        "parts",
        "cause",
        "error",
        "share",
        "weights",
        "verdict",
        "S",
    }
)
HIDDEN = "?"

_DIGEST = re.compile(r"[0-9a-f]{12}")
_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_FIELD = re.compile(r"^\s*([A-Za-z_]+)\s*(?:@\s*([^@{}]+?)\s*)?$")


@dataclass(frozen=True)
class Field:
    """One ``{…}`` of a caption: a field name and the labels it names (maybe none)."""

    name: str
    labels: tuple[str, ...]
    text: str  # as written, braces included


def parse(template: str) -> list[str | Field]:
    """Split a caption into literal text and :class:`Field` items.

    Raises
    ------
    ScenarioError
        For a lone brace, an empty or malformed ``{…}`` or an unknown field.
    """
    return list(_parsed(template))


@functools.lru_cache(maxsize=1024)
def _parsed(template: str) -> tuple[str | Field, ...]:
    """:func:`parse`, kept per template: a drag re-renders the same captions on every move.

    A refused template raises each time (``lru_cache`` keeps no exceptions).
    """
    parts: list[str | Field] = []
    position = 0
    for match in _TOKEN.finditer(template):
        parts.append(template[position : match.start()])
        position = match.end()
        token = match.group(0)
        if token in ("{{", "}}"):
            parts.append(token[0])
            continue
        if token in ("{", "}"):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "a lone {token!r} in the caption: write {doubled} for a brace, "
                    "or {{name}} for a live field",
                ),
                token=token,
                doubled=token * 2,
                field="caption",
            )
        field = _FIELD.match(match.group(1))
        if field is None:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{token} is not a live field: write {{name}} or {{name@label}}"
                ),
                token=token,
                field="caption",
            )
        name, where = field.group(1), field.group(2)
        if name not in FIELDS:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "unknown live field {{{name}}} in the caption; known fields: {known}",
                ),
                name=name,
                known=", ".join(FIELDS),
                field="caption",
            )
        # Labels quoted as the scenario keeps them (NFC): {y@cafe\u0301} finds café.
        labels = tuple(same_label(part.strip()) for part in where.split(",")) if where else ()
        wanted = 2 if name in PAIR_FIELDS else (0, 1)
        if (name in PAIR_FIELDS and len(labels) != 2) or (
            name not in PAIR_FIELDS and len(labels) > 1
        ):
            shape = (
                QT_TRANSLATE_NOOP("ScenarioError", "{token} needs two labels, {{cos@k1,k3}}")
                if wanted == 2
                else QT_TRANSLATE_NOOP("ScenarioError", "{token} needs at most one label, {{y@r1}}")
            )
            raise ScenarioError.of(shape, token=token, field="caption")
        parts.append(Field(name, labels, token))
    parts.append(template[position:])
    return tuple(part for part in parts if part != "")


def check_written_for(raw: object, field: str = "caption_for") -> str:
    """A ``caption_for`` (or ``notes_for``, ``question_for``) value from a file.

    The digest a stale text keeps (12 hex digits): what the numbers were when
    it was written, so that it stays marked once saved and opened again.
    """
    if not isinstance(raw, str) or not _DIGEST.fullmatch(raw):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} must be 12 hexadecimal digits (written by linviz), got {raw}",
            ),
            name=field,
            raw=repr(raw)[:93],
            field=field,
        )
    return raw


def fields_of(template: str) -> list[Field]:
    """The live fields a caption quotes, in order."""
    return [part for part in parse(template) if isinstance(part, Field)]


def states_own_numbers(template: str, labels: Iterable[str] = ()) -> bool:
    """Whether a caption writes numbers in its own words (digits outside its fields).

    Digits inside step labels (``k1``, ``r3``) do not count: they name, they
    do not state.
    """
    words = "".join(part for part in parse(template) if isinstance(part, str))
    for label in sorted(labels, key=len, reverse=True):
        if any(ch.isdigit() for ch in label):
            words = re.sub(rf"(?<!\w){re.escape(label)}(?!\w)", " ", words)
    return any(ch.isdigit() for ch in words)


def check_caption(template: str, op: str | None, labels: Callable[[str], str | None]) -> None:
    """Refuse a caption whose fields do not fit its step.

    Parameters
    ----------
    template
        The caption.
    op
        ``"write"``, ``"read"``, or ``None`` for the scenario's own caption.
    labels
        The op (``"write"``/``"read"``) of the step with a given label, or ``None``.

    Raises
    ------
    ScenarioError
        Naming the field: an unknown one, one of the wrong kind of step, or a
        label that names no step.
    """
    for field in fields_of(template):
        ops = [labels(label) for label in field.labels]
        for label, label_op in zip(field.labels, ops):
            if label_op is None:
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "{quoted}: no step is labelled {label!r}"),
                    quoted=field.text,
                    label=label,
                    field="caption",
                )
        if field.name in PAIR_FIELDS:
            if any(label_op != "write" for label_op in ops):
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "{quoted} compares two writes' keys"),
                    quoted=field.text,
                    field="caption",
                )
            continue
        step_op = ops[0] if ops else op
        if step_op is None and field.name not in ("d_k", "d_v", "z"):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "{quoted}: the scenario's own caption can quote only {{d_k}}, "
                    "{{d_v}} and fields of a labelled step ({{y@r1}})",
                ),
                quoted=field.text,
                field="caption",
            )
        if field.name in WRITE_FIELDS and step_op != "write":
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "{quoted} is a write's quantity"),
                quoted=field.text,
                field="caption",
            )
        if field.name in READ_FIELDS and step_op != "read":
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "{quoted} is a read's quantity"),
                quoted=field.text,
                field="caption",
            )
