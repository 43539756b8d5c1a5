"""Whether a caption, a step's notes or its question still hold after an edit.

A text that states numbers in its own words, or names a read's target
("Read k3" while ``q`` is k3's key), cannot follow an edit the way a live
field (``{y}``) does. Each watched text gets a *basis*: a short digest of
what it can quote, worked out from the trace. The session keeps the basis
the text had when the scenario was opened (or last saved) and marks the text
stale when the basis now differs. Undoing the edit brings the basis back.

What a text can quote:

- a caption: its own step (:func:`~linviz.model.captions.step_fingerprint`,
  when it states numbers) and, at a read, which of the writes it names by
  label have the query's key and which is the read's target;
- notes and questions: when they state numbers, their own step, the steps
  they name by label and the step after theirs (notes prepare the next step:
  "ask what the next key [0, 1] will fill"); at a read, as for a caption,
  which named writes have the query's key and which is the target.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable

from linviz.model.caption_fields import parse
from linviz.model.captions import _rounded, step_fingerprint
from linviz.model.errors import ScenarioError
from linviz.model.readout import target_choice
from linviz.model.replay import Trace
from linviz.model.snapshot import Snapshot


def _words(template: str) -> str:
    """A caption's own words (its live fields left out); a text that is no template, as is."""
    try:
        return "".join(part for part in parse(template) if isinstance(part, str))
    except ScenarioError:
        return template


def _tokens(words: str) -> list[str]:
    """``words`` cut into word tokens and what separates them (a label is one token)."""
    return [piece for piece in re.split(r"(\w+)", words) if piece]


def named_labels(text: str, is_label: Callable[[str], bool]) -> list[str]:
    """The step labels ``text`` names in its own words (not inside a live field), in order.

    A label is named when it is a whole word of the text (``old's`` names
    ``old``). One pass over the text's words, whatever the number of steps.
    """
    found = [token for token in _tokens(_words(text)) if token[0].isalnum() and is_label(token)]
    return list(dict.fromkeys(found))


def states_numbers(text: str, is_label: Callable[[str], bool]) -> bool:
    """Whether ``text`` writes digits in its own words (digits of step labels do not count)."""
    return any(
        ch.isdigit()
        for token in _tokens(_words(text))
        if not (token[0].isalnum() and is_label(token))
        for ch in token
    )


def naming(
    trace: Trace, number: int, named: Iterable[str]
) -> tuple[tuple[str, bool | None, bool], ...]:
    """At read ``number``: for each write named, whether the query is its key, and its target.

    ``(label, q equals the write's key (4 significant digits), the write is
    the read's target)``; a label that names no step gives ``None``. Empty
    at a write.
    """
    sc = trace.scenario
    step = sc.step(number)
    if step.is_write:
        return ()
    # The target alone (one pass over the earlier keys), not the read's decomposition.
    target = target_choice(sc, number)[0]
    query = _rounded(step.vector)
    out: list[tuple[str, bool | None, bool]] = []
    for label in named:
        if not sc.has_label(label):
            out.append((label, None, False))
            continue
        other = sc.step(sc.number_of(label))
        if other.is_write:
            out.append((label, _rounded(other.vector) == query, label == target))
    return tuple(out)


def _digest(pieces: object) -> str:
    return hashlib.sha1(repr(pieces).encode("utf-8")).hexdigest()[:12]


def caption_basis(
    trace: Trace,
    number: int | None,
    template: str,
    snapshot_of: Callable[[int], Snapshot] | None = None,
) -> str | None:
    """What caption ``template`` of step ``number`` (``None``: the scenario's) quotes.

    ``None`` when there is nothing to watch: no number in its own words and
    no write named at a read. A caption that only states numbers has the
    step's fingerprint as its basis (what ``caption_for`` in a file keeps).
    """
    is_label = trace.scenario.has_label
    numbers = states_numbers(template, is_label)
    names: tuple[tuple[str, bool | None, bool], ...] = ()
    if number is not None:
        names = naming(trace, number, named_labels(template, is_label))
    if not numbers and not names:
        return None
    fingerprint = step_fingerprint(trace, number, snapshot_of) if numbers else ""
    return fingerprint if not names else _digest((fingerprint, names))


def notes_basis(
    trace: Trace,
    number: int,
    text: str,
    snapshot_of: Callable[[int], Snapshot] | None = None,
) -> str | None:
    """What step ``number``'s notes (or question) ``text`` quotes; ``None``: nothing to watch."""
    sc = trace.scenario
    named = named_labels(text, sc.has_label)
    numbers = states_numbers(text, sc.has_label)
    if not named and not numbers:
        return None
    # A text without numbers of its own only names: it holds while the names do.
    quoted = [sc.label_at(number), *named] if numbers else []
    if numbers and number < len(sc):
        quoted.append(sc.label_at(number + 1))
    pieces: list[object] = []
    for label in dict.fromkeys(quoted):
        step = sc.number_of(label) if sc.has_label(label) else None
        fingerprint = None if step is None else step_fingerprint(trace, step, snapshot_of)
        pieces.append((label, fingerprint))
    pieces.append(naming(trace, number, named))
    return _digest(pieces)
