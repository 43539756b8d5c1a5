"""Captions filled in from the trace each time they are shown, so they stay true.

The syntax and its checks are in :mod:`linviz.model.caption_fields`. A
caption that also states numbers in its own words (digits outside braces)
cannot follow an edit: :func:`step_fingerprint` summarises what its step
showed when it was written, and when the step shows something else the
views mark the caption as written for the scenario as it was.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np

from linviz.model.caption_fields import (
    ANSWER_FIELDS,
    HIDDEN,
    PAIR_FIELDS,
    WRITE_FIELDS,
    Field,
    parse,
)
from linviz.model.error_parts import PART_TITLES, PART_WORDS
from linviz.model.errors import ScenarioError
from linviz.model.norms import cosine
from linviz.model.readout import ReadResult
from linviz.model.replay import Trace, WriteRecord
from linviz.model.report import fmt_matrix, fmt_number, fmt_vector, fmt_written
from linviz.model.scenario import Step
from linviz.model.snapshot import Snapshot, snapshot


@dataclass(frozen=True)
class Numbers:
    """How numbers are written: plain (files, English) or in a language's own way.

    The defaults print as ``linviz trace`` does; a view passes functions that
    follow the language (a decimal comma in French).
    """

    #: Called with ``at=`` for a read's weights.
    number: Callable[..., str] = fmt_number
    #: Called with ``at=`` (the read's scale) for what a read works out.
    vector: Callable[..., str] = fmt_vector
    #: A vector the user wrote (a key, value or query): no number taken for residue.
    written: Callable[[np.ndarray], str] = fmt_written
    #: Called with ``at=`` for a write's stamp.
    matrix: Callable[..., str] = fmt_matrix
    percent: Callable[[float], str] = lambda x: f"{100 * x:.1f} %"
    join: str = ", "
    none: str = "none"
    exact: str = "exact"
    off_by: str = "off by {0}"
    blend: str = "a blend of {0}, no single target"
    #: The error's parts as ``{parts}`` names them, and ``{cause}``'s words.
    part_titles: Mapping[str, str] = field(default_factory=lambda: dict(PART_TITLES))
    part_words: Mapping[str, str] = field(default_factory=lambda: dict(PART_WORDS))
    part_join: str = " + "
    no_error: str = "nothing: the read is exact"


#: Numbers as ``linviz trace`` prints them.
PLAIN_NUMBERS = Numbers()

#: Fields that quote what a step was given (a write's key and value, a read's
#: query): written from the step itself, with no state worked out.
_TYPED_FIELDS = frozenset({"k", "v", "q"})


def render(
    template: str,
    trace: Trace,
    number: int | None,
    numbers: Numbers = PLAIN_NUMBERS,
    hidden: Callable[[int], bool] = lambda n: False,
    snapshot_of: Callable[[int], Snapshot] | None = None,
) -> str:
    """The caption with every field replaced by its value now.

    ``number`` is the caption's step (``None``: the scenario's own caption);
    ``hidden(n)`` tells whether read ``n``'s output is hidden (its answer
    fields then show ``?``). A field that no longer fits (its label was
    deleted, its step changed kind) shows ``?`` instead of failing.
    ``snapshot_of(n)`` gives step ``n``'s snapshot of ``trace``: a caller
    that keeps snapshots (the session) passes its own, so a screen of
    captions quoting the same steps works each out once; by default each
    render works out the ones it quotes.
    """
    try:
        parts = parse(template)
    except ScenarioError:
        return template
    values = _Values(trace, numbers, snapshot_of)
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        try:
            out.append(values.text(part, number, hidden))
        except (KeyError, ValueError, IndexError):
            out.append(HIDDEN)
    return "".join(out)


class _Values:
    """The quantities of one trace, worked out once per step asked for."""

    def __init__(
        self, trace: Trace, numbers: Numbers, snapshot_of: Callable[[int], Snapshot] | None
    ) -> None:
        self.trace = trace
        self.numbers = numbers
        self._snapshot_of = snapshot_of
        self._snapshots: dict[int, Snapshot] = {}

    def _snapshot(self, number: int) -> Snapshot:
        if self._snapshot_of is not None:
            return self._snapshot_of(number)
        if number not in self._snapshots:
            self._snapshots[number] = snapshot(self.trace, number)
        return self._snapshots[number]

    def text(self, field: Field, number: int | None, hidden: Callable[[int], bool]) -> str:
        sc = self.trace.scenario
        fmt = self.numbers
        if field.name in PAIR_FIELDS:
            first, second = (sc.number_of(label) for label in field.labels)
            a = sc.phi_vectors(first - 1, first)[0]
            b = sc.phi_vectors(second - 1, second)[0]
            if field.name == "cos":
                value = cosine(a, b) or 0.0
            else:
                with np.errstate(over="ignore"):  # keys of 1e200: a dot product of inf
                    value = float(a @ b)
            return fmt.number(value)
        if field.name == "d_k":
            return str(sc.d_k)
        if field.name == "d_v":
            return str(sc.d_v)
        step_number = sc.number_of(field.labels[0]) if field.labels else number
        if field.name == "z":
            return fmt.vector(self.trace.state_and_normaliser(step_number or 0)[1])
        if step_number is None:
            raise ValueError("no step")
        if field.name in ANSWER_FIELDS and hidden(step_number):
            return HIDDEN
        if field.name == "step":
            return str(step_number)
        if field.name == "label":
            return sc.label_at(step_number)
        if field.name in _TYPED_FIELDS:
            return self._typed_text(field.name, sc.step(step_number))
        snap = self._snapshot(step_number)
        if field.name == "S":
            return fmt.matrix(snap.state)
        if field.name == "S_before":
            return fmt.matrix(snap.state_before)
        if field.name in WRITE_FIELDS:
            return self._write_text(field.name, snap.write)
        return self._read_text(field.name, snap.read)

    def _typed_text(self, name: str, step: Step) -> str:
        """A key, value or query as the step has it: no state needed (a write's
        caption quoting only its key and value works out no snapshot, on every
        frame of a drag of an earlier step).
        """
        if (name == "q") == step.is_write:
            raise ValueError("not a read" if name == "q" else "not a write")
        shown = step.value if name == "v" else step.vector
        assert shown is not None  # a write's step has its value
        return self.numbers.written(shown)

    def _write_text(self, name: str, record: WriteRecord | None) -> str:
        fmt = self.numbers
        if record is None:
            raise ValueError("not a write")
        value = record.step.value
        if name == "phi_k":
            return fmt.vector(record.phi_key)
        if name == "stamp":
            return fmt.matrix(record.stamp, at=record.stamp_scale)
        if name == "u":
            return fmt.vector(record.effective_value, at=record.scale)
        if name == "decay":
            return fmt.number(record.decay)
        alpha, beta = self.trace.scenario.parameters_of(record.step)
        if name == "alpha":
            return fmt.number(alpha)
        if name == "beta":
            return fmt.number(beta)
        # "removed": what a delta write took away before adding (β v − u); 0 otherwise.
        assert value is not None
        written = beta * value if self.trace.scenario.rule.corrects else value
        return fmt.vector(written - record.effective_value, at=record.scale)

    def _read_text(self, name: str, result: ReadResult | None) -> str:
        fmt = self.numbers
        if result is None:
            raise ValueError("not a read")
        if name == "phi_q":
            return fmt.vector(result.phi_query)
        if name == "y":
            return fmt.vector(result.output, at=result.scale)
        if name == "target":
            return result.target if result.target is not None else fmt.none
        if name == "weights":
            listed = result.largest_terms(8)
            return fmt.join.join(
                f"{result.label_of(i)} {fmt.number(result.weights[i], at=at)}"
                for i, at in zip(listed, result.weight_scales_at(listed))
            )
        if name == "denominator":
            return fmt.number(result.denominator) if result.denominator is not None else fmt.none
        if name == "verdict":
            if result.target is None:
                return fmt.blend.format(" + ".join(result.tied)) if result.tied else fmt.none
            if result.exact:
                return fmt.exact
            assert result.interference is not None  # a read with a target has its error
            return fmt.off_by.format(fmt.vector(result.interference, at=result.scale))
        if result.target is None:
            return fmt.none
        expected, interference = result.expected, result.interference
        assert expected is not None and interference is not None  # a read with a target has both
        if name == "expected":
            return fmt.written(expected)
        if name == "interference":
            return fmt.vector(interference, at=result.scale)
        parts = result.error_parts
        assert parts is not None  # a read with a target has its parts
        if name in _PART_FIELDS:
            return fmt.vector(parts.get(_PART_FIELDS[name]), at=result.scale)
        if name == "parts":
            # The parts that print as non-zero: a decayed read of orthogonal keys
            # has a crosstalk entry of zeros, and a caption must not name it.
            shown = result.shown_parts()
            if not shown:
                return fmt.no_error
            return fmt.part_join.join(
                f"{fmt.part_titles[part]} {fmt.vector(parts[part], at=result.scale)}"
                for part in shown
            )
        if name == "cause":
            cause = None if result.exact else parts.main_cause(result.scale)
            return fmt.part_words[cause] if cause is not None else fmt.no_error
        if name == "share":
            share = 0.0 if result.exact else parts.shares().get("crosstalk", 0.0)
            return fmt.percent(share)
        measure = result.relative_error
        return fmt.percent(measure) if measure is not None else fmt.none


#: Caption fields that quote one part of a read's error (its name in the account).
_PART_FIELDS = {
    "crosstalk": "crosstalk",
    "not_overwritten": "not_overwritten",
    "forgetting": "forgetting",
    "own_scale": "own_scale",
    "normaliser_part": "normaliser",
}


# -- staleness --------------------------------------------------------------------


def step_fingerprint(
    trace: Trace, number: int | None, snapshot_of: Callable[[int], Snapshot] | None = None
) -> str:
    """A short digest of what step ``number`` shows, as a caption could describe it.

    The settings, the step's vectors, ``S`` after it and, for a read, its
    output, target and expected value, each rounded to the 4 significant
    digits the views print (so rounding noise of an undo leaves it alone).
    ``None``: the scenario's own caption (the settings alone).
    ``snapshot_of(n)``: step ``n``'s snapshot of ``trace`` if the caller keeps
    them (see :func:`render`).
    """
    sc = trace.scenario
    pieces = [sc.d_k, sc.d_v, sc.feature_map, sc.normalize, sc.rule.describe()]
    if number is not None:
        snap = snapshot(trace, number) if snapshot_of is None else snapshot_of(number)
        step = snap.step
        assert step is not None  # only step 0, the empty memory, has none
        pieces += [step.op, _rounded(step.vector), _rounded(snap.state)]
        if step.is_write:
            assert step.value is not None  # a write has its value
            pieces.append(_rounded(step.value))
        else:
            result = snap.read
            assert result is not None  # a read step's snapshot has its read
            pieces += [_rounded(result.output), result.target, result.tied]
            if result.expected is not None:
                pieces.append(_rounded(result.expected))
    digest = hashlib.sha1(repr(pieces).encode("utf-8")).hexdigest()
    return digest[:12]


def _rounded(array: np.ndarray) -> tuple[str, ...]:
    return tuple(fmt_number(x) for x in np.ravel(array))
