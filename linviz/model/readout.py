"""What a read returns, and exactly where every part of it came from."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.limits import NORMALISER_EPS
from linviz.model.replay import Trace
from linviz.model.scenario import Scenario, Step


@dataclass(frozen=True)
class Contribution:
    """One earlier write's share of a read: ``term = weight * effective_value``."""

    number: int
    label: str
    weight: float
    effective_value: np.ndarray
    term: np.ndarray


@dataclass(frozen=True)
class ReadResult:
    """A read, its exact decomposition and how far it is from what was wanted.

    ``output == sum(c.term for c in contributions)`` to floating-point
    precision. ``interference = output - expected`` splits into
    ``target_term - expected`` (the target's own term differs from its stored
    value under a normaliser or decay) plus ``crosstalk`` (every other term).
    Measures are ``None`` when there is no target or they are undefined.
    """

    number: int
    step: Step
    phi_query: np.ndarray
    output: np.ndarray
    contributions: list[Contribution]
    denominator: float | None
    target: str | None
    expected: np.ndarray | None
    target_term: np.ndarray | None
    crosstalk: np.ndarray | None
    interference: np.ndarray | None
    relative_error: float | None
    crosstalk_share: float | None
    cosine: float | None

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
    query (ties go to the later write); ``None`` if no write came before.
    """
    step = scenario.step(number)
    if step.target is not None:
        return step.target
    best_label, best = None, -np.inf
    for earlier in scenario.steps[: number - 1]:
        if not earlier.is_write:
            continue
        similarity = cosine(step.vector, earlier.vector)
        similarity = -np.inf if similarity is None else similarity
        if best_label is None or similarity >= best - 1e-12:
            best_label, best = earlier.label, max(similarity, best)
    return best_label


def read_result(trace: Trace, number: int) -> ReadResult:
    """Evaluate read ``number`` of ``trace`` and decompose it exactly."""
    scenario = trace.scenario
    step = scenario.step(number)
    if step.is_write:
        raise ValueError(f"step {number} is a write, not a read")
    parts = trace.decomposition(number)
    phi = trace._phi
    phi_query = phi(step.vector)
    weights = parts.phi_keys @ phi_query
    denominator = None
    if scenario.normalize:
        denominator = float(phi_query @ parts.normaliser) + NORMALISER_EPS
        weights = weights / denominator
    terms = weights[:, None] * parts.effective_values
    output = phi_query @ trace.state(number)
    if denominator is not None:
        output = output / denominator
    contributions = [
        Contribution(int(n), label, float(w), u, term)
        for n, label, w, u, term in zip(parts.numbers, parts.labels, weights,
                                        parts.effective_values, terms)
    ]
    target = default_target(scenario, number)
    if target is None:
        return ReadResult(number, step, phi_query, output, contributions, denominator,
                          None, None, None, None, None, None, None, None)
    expected = scenario.step(scenario.number_of(target)).value
    target_term = next(c.term for c in contributions if c.label == target)
    crosstalk = output - target_term
    interference = output - expected
    size = float(np.linalg.norm(expected))
    relative_error = float(np.linalg.norm(interference)) / size if size > 0 else None
    own, other = float(np.linalg.norm(target_term)), float(np.linalg.norm(crosstalk))
    share = other / (own + other) if own + other > 0 else None
    return ReadResult(number, step, phi_query, output, contributions, denominator, target,
                      expected, target_term, crosstalk, interference, relative_error, share,
                      cosine(output, expected))
