"""MQAR, the multi-query associative recall task of Zoology (Arora et al., 2023).

The sequence follows ``zoology/data/multiquery_ar.py`` (HazyResearch/zoology)
for one example (``num_examples = 1``, ``num_passes = 1``):

- keys are ``N`` distinct tokens from ``[1, V/2)``, values ``N`` distinct
  tokens from ``[V/2, V)``;
- the pairs come first, ``k₁ v₁ k₂ v₂ …`` (positions ``0 … 2N − 1``);
- each key is asked once more, at position ``2N + 2·gap``, where the ``N``
  gaps are distinct, drawn from ``0 … (L − 2N)/2 − 1`` with probability
  ``p_i ∝ i^(a − 1)`` (``i = gap + 1``, ``a = 0.01``): most queries come
  soon after the pairs, a few much later;
- the label of a query position is its key's value; every other label is
  ``−100`` (ignored);
- ``L`` is even, ``V > L`` and ``4N ≤ L``.

Drawn with ``numpy.random.RandomState(seed)`` in zoology's order (keys,
values, gaps), so a seed gives zoology's own sequence. Positions left empty
are 0, or (``random_non_queries``) random tokens from ``[0, V)``, as zoology
fills them, but from NumPy's generator, not torch's.

As a memory: each pair is one write ``emb(k) → emb(v)`` and each query a
read ``emb(k)``, with seeded random unit embeddings of dimension ``d``. A
read is recalled when the stored value nearest to its output (by cosine) is
its key's value. Zoology compares architectures by state size: attention
keeps ``2 · d_model · L`` numbers (its KV cache), DeltaNet and Gated
DeltaNet ``H · d_k · d_v``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from linviz.model import limits
from linviz.model.costs import check_whole
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError
from linviz.model.kernel import apply_writes
from linviz.model.rules import RULE_PARAMETERS, Rule
from linviz.model.texts import Texts, counted

if TYPE_CHECKING:
    from linviz.model.arrays import ArrayScenario

#: Zoology's power-law exponent and its usual vocabulary.
POWER_A = 0.01
DEFAULT_VOCAB = 8192
#: The label of a position that asks nothing.
IGNORED = -100
#: Largest number of pairs and of vocabulary tokens.
MAX_PAIRS = 16_384
MAX_VOCAB = 1 << 20
MAX_TRIALS = 1_000
#: Reads compared with every stored value at a time in :func:`recalled`: all of them at
#: once made a pairs × pairs table (2.1 GB at 16,384 pairs); these many rows, 67 MB.
RECALL_ROWS = 512


def default_length(pairs: int) -> int:
    """``L`` when none is given: zoology's smallest, 64, or ``4N`` if that is more."""
    return max(64, 4 * pairs)


def check_task(pairs: int, length: int, vocab: int) -> None:
    """Refuse what zoology's assertions refuse: ``L`` odd, ``V ≤ L``, ``4N > L``."""
    check_whole(pairs, "pairs", 1, MAX_PAIRS)
    check_whole(vocab, "vocab", 4, MAX_VOCAB)
    check_whole(length, "length", 4, MAX_VOCAB)
    if length % 2:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "length must be even (pairs of tokens), got {got}"),
            got=length,
            field="length",
        )
    if vocab <= length:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "vocab must be larger than the length ({length}), got {got}",
            ),
            length=length,
            got=vocab,
            field="vocab",
        )
    if 4 * pairs > length:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{pairs} pairs need a length of at least 4N = {needed}, got {got}",
            ),
            pairs=pairs,
            needed=4 * pairs,
            got=length,
            field="length",
        )


@dataclass(frozen=True)
class MqarSequence:
    """One MQAR example.

    Attributes
    ----------
    inputs, labels
        ``L`` tokens, and the token each position must predict (``-100``: none).
    keys, values
        The pairs, in the order they are written.
    gaps
        Each key's gap (key ``i`` is asked at ``2N + 2·gaps[i]``).
    vocab
        ``V``.
    """

    inputs: np.ndarray
    labels: np.ndarray
    keys: np.ndarray
    values: np.ndarray
    gaps: np.ndarray
    vocab: int

    @property
    def pairs(self) -> int:
        return len(self.keys)

    @property
    def query_positions(self) -> np.ndarray:
        """Where each key is asked (0-based, in key order)."""
        return 2 * self.pairs + 2 * self.gaps

    def queries_in_order(self) -> tuple[np.ndarray, np.ndarray]:
        """``(positions, pair indices)`` of the queries, as the sequence reads them."""
        order = np.argsort(self.query_positions, kind="stable")
        return self.query_positions[order], order


def gap_probabilities(space: int, power_a: float = POWER_A) -> np.ndarray:
    """``p_i ∝ a · i^(a − 1)`` for ``i = 1 … space``, as zoology draws the gaps."""
    p = power_a * np.arange(1, space + 1) ** (power_a - 1)
    return p / p.sum()


def mqar_sequence(
    pairs: int,
    length: int | None = None,
    vocab: int = DEFAULT_VOCAB,
    seed: int = 0,
    *,
    power_a: float = POWER_A,
    random_non_queries: bool = False,
) -> MqarSequence:
    """One MQAR example of ``pairs`` pairs and ``length`` tokens (see the module's docstring)."""
    length = default_length(pairs) if length is None else length
    check_task(pairs, length, vocab)
    check_whole(seed, "seed", 0, 2**32 - 1)
    random = np.random.RandomState(seed)
    context = 2 * pairs
    half = vocab // 2
    keys = random.choice(np.arange(1, half), replace=False, size=pairs)
    values = random.choice(np.arange(half, vocab), replace=False, size=pairs)
    space = (length - context) // 2
    gaps = random.choice(
        np.arange(space), replace=False, p=gap_probabilities(space, power_a), size=pairs
    )
    inputs = np.zeros(length + 1, dtype=np.int64)
    inputs[0:context:2], inputs[1:context:2] = keys, values
    inputs[context + 2 * gaps] = keys
    labels = np.full(length + 1, IGNORED, dtype=np.int64)
    labels[context + 2 * gaps + 1] = values
    inputs, labels = inputs[:-1], labels[1:]  # each position predicts the next token
    if random_non_queries:
        empty = inputs == 0
        inputs[empty] = random.randint(vocab, size=length)[empty]
    return MqarSequence(inputs, labels, keys, values, gaps, vocab)


def embeddings(tokens: np.ndarray, d: int, seed: int = 0) -> np.ndarray:
    """A random unit vector of ``d`` numbers per token, the same for a token whatever else is drawn.

    Token ``t`` draws from its own generator seeded with ``(seed, d, t)``.
    """
    rows = np.empty((len(tokens), d))
    for row, token in enumerate(np.asarray(tokens).tolist()):
        vector = np.random.default_rng([seed, d, int(token)]).standard_normal(d)
        rows[row] = vector / np.linalg.norm(vector)
    return rows


def mqar_rule(name: str = "additive", beta: float = 1.0, alpha: float = 1.0) -> Rule:
    """The rule ``name`` with the parameters it takes."""
    taken = RULE_PARAMETERS.get(name, ())
    return Rule(
        name,
        alpha=alpha if "alpha" in taken else None,
        beta=beta if "beta" in taken else None,
    )


def pair_embeddings(sequence: MqarSequence, d: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The :func:`embeddings` of the sequence's keys and of its values, pair by pair.

    One generator a token: 0.3 s for 16,384 pairs at d = 64. A caller that
    both builds the scenario and counts what it recalls (``linviz mqar``)
    makes them once and hands them to both.
    """
    check_whole(d, "d", limits.MIN_DIM, limits.MAX_DIM)
    return embeddings(sequence.keys, d, seed), embeddings(sequence.values, d, seed)


def mqar_scenario(
    sequence: MqarSequence,
    d: int,
    seed: int = 0,
    rule: Rule | None = None,
    embedded: tuple[np.ndarray, np.ndarray] | None = None,
) -> ArrayScenario:
    """The sequence as a memory: one write per pair, one read per query, in sequence order.

    Labels name the tokens: write ``17→4120`` stores key 17's value 4120;
    read ``q@37:17`` asks for key 17 at position 37 (from 1). ``embedded``:
    :func:`pair_embeddings` of the same sequence, ``d`` and ``seed``, if the
    caller has them.
    """
    from linviz.model.arrays import scenario_from_arrays

    check_whole(d, "d", limits.MIN_DIM, limits.MAX_DIM)
    positions, order = sequence.queries_in_order()
    keys, values = embedded if embedded is not None else pair_embeddings(sequence, d, seed)
    write_labels = [f"{k}→{v}" for k, v in zip(sequence.keys.tolist(), sequence.values.tolist())]
    read_labels = [
        f"q@{position + 1}:{sequence.keys[pair]}"
        for position, pair in zip(positions.tolist(), order.tolist())
    ]
    scenario = scenario_from_arrays(
        keys=keys,
        values=values,
        queries=keys[order],
        rule=rule,
        labels=write_labels + read_labels,
        title=Texts(
            {
                "en": f"MQAR: {counted(sequence.pairs, 'pair', 'pairs')}, "
                f"L = {len(sequence.inputs)}, d = {d}",
                "fr": f"MQAR\u202f: {counted(sequence.pairs, 'paire', 'paires')}, "
                f"L = {len(sequence.inputs)}, d = {d}",
            }
        ),
    )
    # In both of the course's languages, as the lessons are: a French window showed
    # this caption in English.
    cells = f"{d * d:,}"
    cells_fr = cells.replace(",", "\u202f")  # French groups thousands with a narrow space
    scenario.set_text(
        caption=Texts(
            {
                "en": f"Zoology's multi-query associative recall: {sequence.pairs} key → value "
                f"pairs written as tokens k v k v …, then each key asked again; random unit "
                f"embeddings of d = {d} (state d × d = {cells} numbers).",
                "fr": f"Le rappel associatif multi-requêtes de Zoology\u202f: {sequence.pairs} "
                f"paires clé → valeur écrites en jetons k v k v …, puis chaque clé demandée "
                f"de nouveau\u202f; plongements unitaires aléatoires de d = {d} (état d × d = "
                f"{cells_fr} nombres).",
            }
        )
    )
    return scenario


def recalled(
    sequence: MqarSequence,
    d: int,
    rule: Rule,
    seed: int = 0,
    embedded: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """For each query (in key order): whether the nearest stored value to its read is its own.

    ``embedded``: :func:`pair_embeddings` of the same sequence, ``d`` and
    ``seed``, if the caller has them.
    """
    keys, values = embedded if embedded is not None else pair_embeddings(sequence, d, seed)
    count = len(keys)
    run = apply_writes(
        rule,
        False,
        np.zeros((d, d)),
        np.zeros(d),
        keys,
        values,
        np.full(count, rule.alpha if rule.alpha is not None else 1.0),
        np.full(count, rule.beta if rule.beta is not None else 1.0),
    )
    outputs = keys @ run.state
    # Values are unit vectors: the largest dot product is the largest cosine.
    nearest = np.empty(count, dtype=np.int64)
    for start in range(0, count, RECALL_ROWS):
        stop = min(start + RECALL_ROWS, count)
        nearest[start:stop] = np.argmax(outputs[start:stop] @ values.T, axis=1)
    return nearest == np.arange(count)


@dataclass(frozen=True)
class RecallPoint:
    """Recall accuracy at one key size, for one rule."""

    d: int
    rule: str
    pairs: int
    accuracy: float

    @property
    def state_size(self) -> int:
        """``d_k · d_v`` numbers of one head's state."""
        return linear_state_size(1, self.d, self.d)


def recall_accuracy(
    pairs: int,
    dims: tuple[int, ...],
    rules: tuple[str, ...] = ("additive", "delta"),
    *,
    trials: int = 10,
    length: int | None = None,
    vocab: int = DEFAULT_VOCAB,
    seed: int = 0,
    beta: float = 1.0,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[RecallPoint]:
    """The share of MQAR queries recalled, against the state size ``d × d``.

    Trial ``t`` uses the sequence of seed ``seed + t`` and embeddings of the
    same seed; every rule and size sees the same sequences.

    ``progress(done, total)`` is called after each sequence measured (``total``:
    rules × sizes × trials); once ``should_stop()`` is true, the points finished
    so far are returned (a point is all its trials or none).
    """
    length = default_length(pairs) if length is None else length
    check_task(pairs, length, vocab)
    check_whole(trials, "trials", 1, MAX_TRIALS)
    for d in dims:
        check_whole(d, "d", limits.MIN_DIM, limits.MAX_DIM)
    sequences = [mqar_sequence(pairs, length, vocab, seed + t) for t in range(trials)]
    points: list[RecallPoint] = []
    total, done = len(rules) * len(dims) * trials, 0
    for name in rules:
        rule = mqar_rule(name, beta=beta)
        for d in dims:
            hits = []
            for t, sequence in enumerate(sequences):
                if should_stop is not None and should_stop():
                    return points
                hits.append(recalled(sequence, d, rule, seed + t).mean())
                done += 1
                if progress is not None:
                    progress(done, total)
            points.append(RecallPoint(d, name, pairs, float(np.mean(hits))))
    return points


def linear_state_size(heads: int, d_k: int, d_v: int) -> int:
    """DeltaNet's and Gated DeltaNet's state, as zoology counts it: ``H · d_k · d_v``."""
    return heads * d_k * d_v


def attention_state_size(d_model: int, length: int) -> int:
    """Attention's KV cache, as zoology counts it: ``2 · d_model · L``."""
    return 2 * d_model * length
