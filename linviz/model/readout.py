"""What a read returns, and exactly where every part of it came from."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.limits import NORMALISER_EPS
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
    ``interference = output - expected`` splits into ``target_term -
    expected`` (the target's own term differs from its stored value under a
    normaliser or decay) plus ``crosstalk`` (every other term). Measures are
    ``None`` when there is no target or they are undefined.
    """

    def __init__(self, number: int, step: Step, phi_query: np.ndarray, output: np.ndarray,
                 parts: Decomposition, weights: np.ndarray, terms: np.ndarray,
                 denominator: float | None, target: str | None) -> None:
        self.number = number
        self.step = step
        self.phi_query = phi_query
        self.output = output
        self.numbers = parts.numbers
        self.weights = weights
        self.effective_values = parts.effective_values
        self.terms = terms
        self.denominator = denominator
        self.target = target
        self._parts = parts
        self._contributions: list[Contribution] | None = None
        self.expected = self.target_term = self.crosstalk = self.interference = None
        self.relative_error = self.crosstalk_share = self.cosine = None
        self.target_index: int | None = None

    @property
    def labels(self) -> list[str]:
        """Labels of the contributing writes, in order."""
        return self._parts.labels

    @property
    def contributions(self) -> list[Contribution]:
        """One :class:`Contribution` per earlier write (built on first use)."""
        if self._contributions is None:
            self._contributions = [
                Contribution(int(n), label, float(w), u, term)
                for n, label, w, u, term in zip(self.numbers, self.labels, self.weights,
                                                self.effective_values, self.terms)]
        return self._contributions

    def contribution_at(self, index: int) -> Contribution:
        """The ``index``-th contribution, built alone (the list of 100,000 is not)."""
        if self._contributions is not None:
            return self._contributions[index]
        return Contribution(int(self.numbers[index]), self._parts.label_of(index),
                            float(self.weights[index]), self.effective_values[index],
                            self.terms[index])

    def contribution(self, label: str) -> Contribution:
        """The contribution of the write labelled ``label``."""
        for item in self.contributions:
            if item.label == label:
                return item
        raise KeyError(label)


def cosine(a: np.ndarray, b: np.ndarray) -> float | None:
    """Cosine of two vectors, ``None`` when either is zero."""
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(a @ b) / norms if norms > 0 else None


def default_target(scenario: Scenario, number: int) -> str | None:
    """The write a read means to retrieve when the scenario does not say.

    The most recent earlier write whose key has the largest cosine with the
    query (ties go to the later write; a zero key or query counts as least
    similar); ``None`` if no write came before.
    """
    step = scenario.step(number)
    if step.target is not None:
        return step.target
    mask = scenario.write_mask(0, number - 1)
    rows = np.flatnonzero(mask)
    if not rows.size:
        return None
    keys = scenario.vectors(0, number - 1)[mask]
    norms = np.linalg.norm(keys, axis=1) * float(np.linalg.norm(step.vector))
    similarity = np.full(len(rows), -np.inf)
    np.divide(keys @ step.vector, norms, out=similarity, where=norms > 0)
    best = similarity.max()
    latest = np.flatnonzero(similarity >= best - 1e-12)[-1]
    return scenario.label_at(int(rows[latest]) + 1)


def read_output(trace: Trace, number: int) -> np.ndarray:
    """The output ``y`` of read ``number`` alone, as :func:`read_result` computes it.

    Without the decomposition: the cost does not grow with the number of
    earlier writes (comparing hundreds of reads of a long trace stays fast).
    """
    step = trace.scenario.step(number)
    if step.is_write:
        raise ValueError(f"step {number} is a write, not a read")
    phi_query = trace._phi(step.vector)
    state, normaliser = trace.state_and_normaliser(number)
    output = phi_query @ state
    if trace.scenario.normalize:
        output = output / (float(phi_query @ normaliser) + NORMALISER_EPS)
    return output


def read_result(trace: Trace, number: int,
                parts: Decomposition | None = None) -> ReadResult:
    """Evaluate read ``number`` of ``trace`` and decompose it exactly.

    ``parts``: ``trace.decomposition(number)`` if the caller already has it.
    """
    scenario = trace.scenario
    step = scenario.step(number)
    if step.is_write:
        raise ValueError(f"step {number} is a write, not a read")
    if parts is None:
        parts = trace.decomposition(number)
    phi_query = trace._phi(step.vector)
    weights = parts.phi_keys @ phi_query
    denominator = None
    if scenario.normalize:
        denominator = float(phi_query @ parts.normaliser) + NORMALISER_EPS
        weights = weights / denominator
    terms = weights[:, None] * parts.effective_values
    output = phi_query @ trace.state(number)
    if denominator is not None:
        output = output / denominator
    target = default_target(scenario, number)
    result = ReadResult(number, step, phi_query, output, parts, weights, terms,
                        denominator, target)
    if target is None:
        return result
    target_number = scenario.number_of(target)
    index = int(np.searchsorted(parts.numbers, target_number))
    expected = scenario.values(target_number - 1, target_number)[0].copy()
    target_term = terms[index]
    result.target_index = index
    result.expected = expected
    result.target_term = target_term
    result.crosstalk = output - target_term
    result.interference = output - expected
    size = float(np.linalg.norm(expected))
    result.relative_error = (float(np.linalg.norm(result.interference)) / size
                             if size > 0 else None)
    own, other = float(np.linalg.norm(target_term)), float(np.linalg.norm(result.crosstalk))
    result.crosstalk_share = other / (own + other) if own + other > 0 else None
    result.cosine = cosine(output, expected)
    return result
