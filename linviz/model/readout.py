"""What a read returns, and exactly where every part of it came from."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from linviz.model.error_parts import ErrorParts, other_terms, split_error
from linviz.model.kernel import read_memory
from linviz.model.limits import MAX_LISTED_TERMS
from linviz.model.norms import cosine, largest_finite, row_cosines, square, vector_norm
from linviz.model.replay import Decomposition, Trace
from linviz.model.scenario import Scenario, Step


@dataclass(frozen=True)
class Contribution:
    """One earlier write's share of a read: ``term = weight * effective_value``."""

    number: int
    label: str
    weight: float
    effective_value: np.ndarray
    term: np.ndarray


class ReadResult:
    """A read, its exact decomposition and how far it is from what was wanted.

    ``output == terms.sum(axis=0)`` to floating-point precision, one row of
    ``terms`` per earlier write (``weights[i] * effective_values[i]``).

    With a target (the write the read means to retrieve), ``expected`` is the
    target's value ``v`` and ``interference = output − expected``, the
    read's error. :attr:`error_parts` is the one account of that error a
    screen names (:mod:`linviz.model.error_parts`): crosstalk, not
    overwritten, forgetting, own scale and the normaliser's share, adding up
    to ``interference``. ``own_value`` is the target's value as this read
    weighs it (``w · β · v``, decayed); under a delta rule the target's write
    first removed what its key already retrieved (``correction``), so its
    term is ``own_value − correction``.

    When the read returns ``expected`` to display precision (``exact``), a
    screen calls it exact whatever its parts. When the largest cosine is
    shared by writes with different stored keys (``tied``), there is no
    target and no expected value. Measures are ``None`` when there is no
    target or they are undefined.

    Only the weights and the step numbers are kept per write: ``terms``,
    ``effective_values`` and ``phi_keys`` are computed on each access (a read
    after 90,000 writes at d = 64 would hold ~140 MB of them). Use
    :meth:`term`, :meth:`contribution_at`, :meth:`term_sizes` and
    :meth:`largest_terms` to look at a few terms of a long trace.
    """

    def __init__(
        self,
        number: int,
        step: Step,
        phi_query: np.ndarray,
        output: np.ndarray,
        parts: Decomposition,
        weights: np.ndarray,
        denominator: float | None,
        target: str | None,
        scenario: Scenario,
    ) -> None:
        weights.flags.writeable = False
        self.number = number
        self.step = step
        self.phi_query = phi_query
        self.output = output
        self.state = parts.state  # the S the query read
        self.numbers = parts.numbers
        self.weights = weights
        self.denominator = denominator
        self.target = target
        self._parts = parts
        self._scenario = scenario
        self._contributions: list[Contribution] | None = None
        #: Contributions built alone (by :meth:`contribution_at`), by index.
        self._built: dict[int, Contribution] = {}
        self.tied: tuple[str, ...] = ()
        # Set by read_result when the read has a target; None without one.
        self.expected: np.ndarray | None = None
        self.target_term: np.ndarray | None = None
        self.interference: np.ndarray | None = None
        self.own_value: np.ndarray | None = None
        self.correction: np.ndarray | None = None
        self.relative_error: float | None = None
        self.cosine: float | None = None
        self.exact = False
        self.target_index: int | None = None
        self._error_parts: ErrorParts | None = None
        self._scale: float | None = None
        self._weight_scales: dict[int, float] = {}
        self._term_sizes: np.ndarray | None = None

    @property
    def error_parts(self) -> ErrorParts | None:
        """The error ``y − v_target`` as its named parts; ``None`` without a target.

        Worked out on first use: one pass over the writes before the target
        (to find those under its key).
        """
        if self._error_parts is None and self.target_index is not None:
            self._error_parts = _split(self)
        return self._error_parts

    @property
    def scale(self) -> float:
        """:func:`read_scale` of this read (worked out on first use)."""
        if self._scale is None:
            self._scale = read_scale(self.output, self.expected, self.term_sizes())
        return self._scale

    def weight_scales_at(self, indices: list[int]) -> list[float]:
        """For the writes at ``indices``: the size of the numbers each one's weight was
        worked out from, ``|φ(q)| · |φ(k)|`` (components' sizes multiplied and
        summed), over ``|φ(q)ᵀz + ε|`` when normalised.

        A weight below :data:`~linviz.model.report.DISPLAY_ZERO` of it is
        rounding residue (orthogonal keys' 0.6·0.8 − 0.8·0.6); a weight of keys
        near 1e-160 is not. Worked out once per write (a frame asks for a
        read's listed weights some 60 times).
        """
        missing = [i for i in dict.fromkeys(indices) if i not in self._weight_scales]
        if missing:
            rows = self._scenario.phi_vectors(0, self.number - 1)[self.numbers[missing] - 1]
            with np.errstate(over="ignore", invalid="ignore"):
                sizes = np.abs(rows) @ np.abs(self.phi_query)
                if self.denominator is not None and self.denominator != 0:
                    sizes = sizes / abs(self.denominator)
            self._weight_scales.update(zip(missing, sizes.tolist()))
        return [self._weight_scales[i] for i in indices]

    @property
    def target_beta(self) -> float | None:
        """The β in force at the target's write (its own or the rule's); ``None``
        without a target. Under a delta rule, the share of what its key returned
        that the write took back.
        """
        if self.target_index is None:
            return None
        number = int(self.numbers[self.target_index])
        return float(self._scenario.write_parameters(number - 1, number)[1][0])

    def shown_parts(self) -> list[str]:
        """The error's parts a screen names, largest first: those that print as non-zero.

        A part below :data:`EXACT_SHARE` of the read's scale (its largest
        component of ``y`` or ``v_target``) prints as 0 beside the other
        numbers: a decayed read of orthogonal keys has a crosstalk entry of
        zeros, and a screen must not call any of its error crosstalk. Empty
        without a target, and for an exact read.
        """
        if self.exact:
            return []
        return shown_part_names(self.error_parts, self.output, self.expected)

    def under_target_key(self, index: int) -> bool:
        """Whether the ``index``-th write is an earlier write under the target's stored key.

        Such a write's term is not crosstalk: what is left of it is the
        error's ``not_overwritten`` part (:mod:`linviz.model.error_parts`).
        """
        return bool(self.under_target_key_rows([index])[0])

    def under_target_key_rows(self, indices: list[int]) -> np.ndarray:
        """:meth:`under_target_key` of each of ``indices``, in one pass (a bool per index)."""
        target = self.target_index
        rows = np.asarray(indices, dtype=np.intp)
        if target is None or not rows.size:
            return np.zeros(rows.size, dtype=bool)
        keys = self._scenario.phi_vectors(0, self.number - 1)
        own = keys[int(self.numbers[target]) - 1]
        same = (keys[self.numbers[rows] - 1] == own).all(axis=1)
        return same & (rows < target)

    def __len__(self) -> int:
        """How many earlier writes contribute (one term each)."""
        return len(self.weights)

    def __bool__(self) -> bool:
        return True  # a read before any write is still a read

    @property
    def normaliser(self) -> np.ndarray:
        """``z``, the sum of the stored keys ``φ(k_i)`` this read sees.

        A normalised read divides by ``φ(q)ᵀz + ε`` (:attr:`denominator`).
        """
        return self._parts.normaliser

    @property
    def labels(self) -> list[str]:
        """Labels of the contributing writes, in order."""
        return self._parts.labels

    def label_of(self, index: int) -> str:
        """The label of the ``index``-th contributing write."""
        return self._parts.label_of(index)

    @property
    def effective_values(self) -> np.ndarray:
        """Each write's effective value, one row each (computed on every access)."""
        return self._parts.effective_values

    @property
    def phi_keys(self) -> np.ndarray:
        """Each write's ``φ(k)``, one row each (computed on every access)."""
        return self._parts.phi_keys

    @property
    def terms(self) -> np.ndarray:
        """Every term ``weights[i] * effective_values[i]`` (computed on every access).

        Prefer :meth:`term` or :meth:`largest_terms` in a long trace.
        """
        return self.weights[:, None] * self._parts.effective_values

    def term(self, index: int) -> np.ndarray:
        """The ``index``-th write's term, alone."""
        return self.weights[index] * self._parts.effective_value(index)

    def term_sizes(self) -> np.ndarray:
        """``max_j |term_ij|`` of every term, equal to ``np.abs(terms).max(axis=1)``.

        From the weights and the sizes of the effective values, without the terms;
        worked out once (a frame asks for the largest terms and the scale).
        """
        if self._term_sizes is None:
            self._term_sizes = np.abs(self.weights) * self._parts.value_sizes()
            self._term_sizes.flags.writeable = False
        return self._term_sizes

    def largest_terms(self, limit: int) -> list[int]:
        """Indices (ascending) of the ``limit`` largest terms by :meth:`term_sizes`.

        Ties go to the earlier write, and the target's term is always in
        (in place of the smallest one kept). All of them when there are
        ``limit`` or fewer.
        """
        count = len(self.weights)
        if count <= limit:
            return list(range(count))
        if limit <= 0:
            return []
        sizes = self.term_sizes()
        cut = np.partition(sizes, count - limit)[count - limit]
        ties = np.flatnonzero(sizes >= cut)  # a stable sort's first `limit`
        order = ties[np.argsort(-sizes[ties], kind="stable")][:limit].tolist()
        keep = set(order)
        target = self.target_index
        if target is not None and target not in keep:
            keep.discard(order[-1])
            keep.add(target)
        return sorted(keep)

    @property
    def contributions(self) -> list[Contribution]:
        """One :class:`Contribution` per earlier write (built on first use)."""
        if self._contributions is None:
            values = self.effective_values
            terms = self.weights[:, None] * values
            self._contributions = [
                Contribution(int(n), label, float(w), u, term)
                for n, label, w, u, term in zip(
                    self.numbers, self.labels, self.weights, values, terms
                )
            ]
        return self._contributions

    def contribution_at(self, index: int) -> Contribution:
        """The ``index``-th contribution, built alone (the list of 100,000 is not)."""
        return self.contributions_at([index])[0]

    def contributions_at(self, indices: list[int]) -> list[Contribution]:
        """The contributions at ``indices``, the missing ones built in one pass and kept.

        A read's panel asks for its largest terms two or three times a frame.
        """
        if self._contributions is not None:
            return [self._contributions[i] for i in indices]
        missing = [i for i in dict.fromkeys(indices) if i not in self._built]
        if missing:
            values = self._parts.effective_values_at(np.array(missing, dtype=np.intp))
            for row, index in enumerate(missing):
                weight = self.weights[index]
                self._built[index] = Contribution(
                    int(self.numbers[index]),
                    self._parts.label_of(index),
                    float(weight),
                    values[row],
                    weight * values[row],
                )
        return [self._built[i] for i in indices]

    def contribution(self, label: str) -> Contribution:
        """The contribution of the write labelled ``label``."""
        for item in self.contributions:
            if item.label == label:
                return item
        raise KeyError(label)


#: Cosines closer than this count as equal (a tie between stored keys).
TIE_TOLERANCE = 1e-12
#: Lengths ``|φ(k)|``, ``|φ(q)|`` between these multiply and divide within the floats.
SAFE_LENGTHS = (1e-150, 1e150)


def lengths_beyond_floats(query: np.ndarray, norms: np.ndarray) -> bool:
    """Whether cosines of ``query`` with keys of lengths ``norms`` (at least one)
    must be worked out from scaled vectors (:func:`~linviz.model.norms.row_cosines`): a length
    beyond :data:`SAFE_LENGTHS`, where products of lengths over- or underflow.
    A zero query is not (its cosines are 0 either way).
    """
    low, high = SAFE_LENGTHS
    length = math.sqrt(square(query))
    return (not low <= length <= high and bool(query.any())) or float(norms.max()) > high


#: A read is "exact" when every component of ``output − expected`` is below
#: this share of the largest component of either: the two then print alike at
#: the 4 significant digits the views show.
EXACT_SHARE = 1e-5


def most_similar(
    keys: np.ndarray,
    norms: np.ndarray,
    query: np.ndarray,
    dots: np.ndarray | None = None,
    rows: np.ndarray | None = None,
) -> tuple[int | None, np.ndarray]:
    """Which stored key ``φ(k)`` a query ``φ(q)`` means.

    Among ``keys[rows]`` (all of ``keys`` without ``rows``; oldest first),
    returns ``(index, tied)``: the position (in ``rows``) of the latest key
    with the largest cosine, when every key sharing that cosine is the same
    stored key (a reused key); else ``None`` and the positions of the
    different keys that share it (a tie). ``(None, [])`` when nothing is
    similar: no keys, a zero query, or only zero keys. ``norms``: the
    considered keys' lengths; ``dots``: their dot products with the query,
    if the caller has them (only the few best keys are then looked at).
    """
    empty = np.zeros(0, dtype=np.int64)
    if not len(norms):
        return None, empty
    if dots is None:
        dots = (keys if rows is None else keys[rows]) @ query
    if lengths_beyond_floats(query, norms):
        # Lengths or products beyond the floats (a key of ±1.8e308, a query of
        # 1e-308): the cosines from the vectors scaled to at most 1 first.
        similarity = row_cosines(keys if rows is None else keys[rows], query)
    else:
        similarity = np.full(len(norms), -np.inf)
        scale = norms * float(np.linalg.norm(query))
        np.divide(dots, scale, out=similarity, where=scale > 0)
    best = similarity.max()
    if best == -np.inf:
        return None, empty
    candidates = np.flatnonzero(similarity >= best - TIE_TOLERANCE)
    chosen = keys[candidates if rows is None else rows[candidates]]
    if len(candidates) > 1 and not (chosen == chosen[-1]).all():
        return None, candidates
    return int(candidates[-1]), empty


def target_choice(
    scenario: Scenario, number: int, dots: np.ndarray | None = None
) -> tuple[str | None, tuple[str, ...]]:
    """The write read ``number`` means to retrieve, or the writes it cannot choose between.

    Returns ``(target, tied)``. The scenario's own ``target`` wins. Otherwise
    the earlier write whose stored key ``φ(k)`` has the largest cosine with
    ``φ(q)`` (:func:`most_similar`): the latest of them when several share
    that cosine with the same stored key (a reused key), and none at all
    when they are different keys — then ``tied`` names them (``q = (1, 1)``
    weighs ``k = (1, 0)`` and ``k = (0, 1)`` equally: the read blends them by
    design). ``dots``: ``φ(k_i) · φ(q)`` for each of steps ``1 .. number-1``
    if the caller has them already.
    """
    step_target = scenario.step(number).target
    if step_target is not None:
        return step_target, ()
    rows = np.flatnonzero(scenario.write_mask(0, number - 1))
    if not rows.size:
        return None, ()
    query = scenario.phi_vectors(number - 1, number)[0]
    keys = scenario.phi_vectors(0, number - 1)  # a view: only the best rows are copied
    # Lengths are kept by the scenario: no pass over every key per read.
    norms = scenario.phi_norms(0, number - 1)[rows]
    row_dots = None if dots is None else dots[rows]
    found, tied = most_similar(keys, norms, query, row_dots, rows)
    if found is None:
        return None, tuple(scenario.label_at(int(rows[i]) + 1) for i in tied)
    return scenario.label_at(int(rows[found]) + 1), ()


def default_target(scenario: Scenario, number: int, dots: np.ndarray | None = None) -> str | None:
    """The target of :func:`target_choice` alone (``None`` on a tie)."""
    return target_choice(scenario, number, dots)[0]


def read_output(trace: Trace, number: int) -> np.ndarray:
    """The output ``y`` of read ``number`` alone, as :func:`read_result` computes it.

    Without the decomposition: the cost does not grow with the number of
    earlier writes (comparing hundreds of reads of a long trace stays fast).
    """
    step = trace.scenario.step(number)
    if step.is_write:
        raise ValueError(f"step {number} is a write, not a read")
    return read_with(trace, number, step.vector)


def read_with(trace: Trace, number: int, query: np.ndarray) -> np.ndarray:
    """What a read with ``query`` would return from ``S`` after step ``number``.

    ``φ(q)ᵀS``, divided by ``φ(q)ᵀz + ε`` under the normaliser: the arithmetic
    of every read, for a query that is not (or not yet) a step of the trace.
    ``query`` must have ``d_k`` components (nothing here checks it).
    """
    state, normaliser = trace.state_and_normaliser(number)
    return read_memory(trace.phi(query), state, normaliser, trace.scenario.normalize)[0]


def held_at_key(trace: Trace, number: int) -> np.ndarray:
    """What the memory held at write ``number``'s key just before it wrote.

    The output a read with the write's own key as query would have returned
    one step earlier (``φ(k)ᵀS``, divided by ``φ(k)ᵀz + ε`` under the
    normaliser): what the write adds onto, or, under a delta rule, replaces.
    """
    step = trace.scenario.step(number)
    if not step.is_write:
        raise ValueError(f"step {number} is a read, not a write")
    phi_key = trace.scenario.phi_vectors(number - 1, number)[0]
    state, normaliser = trace.state_and_normaliser(number - 1)
    # No read makes this product, so no check kept it finite: beyond the floats it
    # is inf (the views say "too large to draw"), not a warning on the console.
    with np.errstate(over="ignore", invalid="ignore"):
        return read_memory(phi_key, state, normaliser, trace.scenario.normalize)[0]


def read_result(trace: Trace, number: int, parts: Decomposition | None = None) -> ReadResult:
    """Evaluate read ``number`` of ``trace`` and decompose it exactly.

    ``parts``: ``trace.decomposition(number)`` if the caller already has it.
    The cost is one pass over the earlier keys (their dot products with the
    query); no per-write array but the weights is made.
    """
    scenario = trace.scenario
    step = scenario.step(number)
    if step.is_write:
        raise ValueError(f"step {number} is a write, not a read")
    if parts is None:
        parts = trace.decomposition(number)
    phi_query = scenario.phi_vectors(number - 1, number)[0].copy()
    # φ(q) · φ(k_i) of every earlier step serves both the weights and the target.
    dots = scenario.phi_vectors(0, number - 1) @ phi_query
    weights = dots[parts.numbers - 1]
    output, denominator = read_memory(phi_query, parts.state, parts.normaliser, scenario.normalize)
    if denominator is not None:
        weights = weights / denominator
    target, tied = target_choice(scenario, number, dots)
    result = ReadResult(
        number, step, phi_query, output, parts, weights, denominator, target, scenario
    )
    result.tied = tied
    if target is None:
        return result
    target_number = scenario.number_of(target)
    index = int(np.searchsorted(parts.numbers, target_number))
    expected = scenario.values(target_number - 1, target_number)[0].copy()
    result.target_index = index
    result.expected = expected
    result.target_term = result.term(index)
    result.own_value = float(weights[index]) * parts.written_value(index)
    result.correction = result.own_value - result.target_term
    result.interference = output - expected
    result.exact = is_exact(output, expected)
    size = vector_norm(expected)
    # Python floats: an error beyond the floats times its value is inf, no warning.
    result.relative_error = vector_norm(result.interference) / size if size > 0 else None
    result.cosine = cosine(output, expected)
    return result


def read_scale(output: np.ndarray, expected: np.ndarray | None, term_sizes: np.ndarray) -> float:
    """The size of the numbers a read was worked out from: the largest finite
    ``|component|`` of ``y``, of ``v_target`` and of its largest term.

    A number worked out for the read (``y``, its error, the error's parts)
    below :data:`~linviz.model.report.DISPLAY_ZERO` of it is rounding residue
    and prints as 0 (the formatters' ``at``). Without it the residue was taken
    below 1e-12 of 1: a read of values near 1e-300 said ``y = [0, 0]`` and
    "error [0, 0]" beside a relative error of 60 %.
    """
    scale = max(largest_finite(output), largest_finite(term_sizes))
    return scale if expected is None else max(scale, largest_finite(expected))


def compared_scale(old: np.ndarray, new: np.ndarray) -> float:
    """The scale two vectors shown side by side, and their difference, are printed at
    (a read's output before and after a change; a rule's output and the value it
    wants): the larger of their largest finite ``|component|``.
    """
    return max(largest_finite(old), largest_finite(new))


def sizes_that_show(sizes: np.ndarray, reference: np.ndarray | None) -> np.ndarray:
    """For each of ``sizes`` (a vector's largest ``|component|``): whether it prints
    as non-zero beside ``reference``.

    It shows when it is above :data:`EXACT_SHARE` of ``reference``'s largest
    component; with no reference, or an all-zero one, when it is not zero
    (the same test: sizes are never negative).
    """
    scale = float(np.abs(reference).max(initial=0.0)) if reference is not None else 0.0
    return np.asarray(sizes, dtype=float) > EXACT_SHARE * scale


def rows_that_show(vectors: np.ndarray, reference: np.ndarray | None) -> np.ndarray:
    """For each row of ``vectors``: whether it prints as non-zero beside ``reference``
    (:func:`sizes_that_show` of its largest ``|component|``).
    """
    return sizes_that_show(np.abs(vectors).max(axis=1, initial=0.0), reference)


def is_exact(output: np.ndarray, expected: np.ndarray) -> bool:
    """Whether ``output`` equals ``expected`` to the precision the views print."""
    scale = max(float(np.abs(output).max(initial=0.0)), float(np.abs(expected).max(initial=0.0)))
    return bool(np.abs(output - expected).max(initial=0.0) <= EXACT_SHARE * scale)


def _earlier_same_keys(result: ReadResult, index: int, phi_target: np.ndarray) -> np.ndarray:
    """Positions (before ``index``) of the writes whose stored key is the target's.

    Narrowed one key component at a time, gathering only the rows still in
    question: after 90,000 writes of 64 components, copying every key to
    compare it took ~50 ms; random keys leave the first component's test
    with a handful. ``-0`` equals ``0``, as ``==`` has it.
    """
    parts = result._parts
    keys = result._scenario.phi_vectors(0, result.number - 1)
    rows = parts.numbers[:index] - 1
    positions = np.arange(index)
    for component, value in enumerate(phi_target):
        positions = positions[keys[rows[positions], component] == value]
        if not positions.size:
            break
    return positions


def _split(result: ReadResult) -> ErrorParts:
    """:func:`~linviz.model.error_parts.split_error` of a read with a target."""
    parts, index = result._parts, result.target_index
    assert index is not None and result.expected is not None
    scenario = result._scenario
    rule = scenario.rule
    phi_target = parts.phi_key(index)
    beta = result.target_beta if rule.corrects else None
    target_weight = float(result.weights[index])
    same_sum, same = np.zeros(scenario.d_v), 0
    # Term by term up to as many writes as linviz trace lists; past that, as it
    # does, what is left of the error (the same in exact arithmetic, one pass less).
    direct = len(parts) <= MAX_LISTED_TERMS
    crosstalk: np.ndarray | None = np.zeros(scenario.d_v) if direct else None
    same_keys = None if direct else _earlier_same_keys(result, index, phi_target)
    for start, stop in parts.chunks():
        if start >= index and not direct:
            break
        positions = np.arange(start, stop)
        if same_keys is None:
            keys = parts.phi_key_rows(start, stop)
            under = (positions < index) & (keys == phi_target).all(axis=1)
        else:
            under = np.isin(positions, same_keys)
            if not under.any():
                continue
        values = parts.effective_value_rows(start, stop)
        if under.any():
            same += int(under.sum())
            same_sum = same_sum + values[under].sum(axis=0)
        if crosstalk is not None:
            crosstalk = crosstalk + other_terms(
                result.weights[start:stop],
                keys,
                values,
                ~under & (positions != index),
                positions < index,
                phi_target,
                target_weight,
                beta,
            )
    later = parts.later_factor(index)
    return split_error(
        output=result.output,
        expected=result.expected,
        raw_weight=float(result.phi_query @ phi_target),
        denominator=result.denominator,
        beta=beta,
        later=later,
        key_square=square(phi_target),
        same_key_sum=same_sum if same else None,
        others=len(parts) - 1 - same > 0,
        decays=rule.decays,
        crosstalk=crosstalk,
    )


def shown_part_names(
    parts: ErrorParts | None, output: np.ndarray, expected: np.ndarray | None
) -> list[str]:
    """The parts of ``parts`` that print as non-zero beside ``output`` and ``expected``.

    Largest first; a part below :data:`EXACT_SHARE` of the read's scale (its
    largest component of ``y`` or ``v_target``) is left out. The readout and
    ``linviz trace`` name the same parts this way.
    """
    if parts is None or expected is None:
        return []
    scale = max(float(np.abs(output).max(initial=0.0)), float(np.abs(expected).max(initial=0.0)))
    return [
        name
        for name in parts.largest_first()
        if float(np.abs(parts[name]).max(initial=0.0)) > EXACT_SHARE * scale
    ]
