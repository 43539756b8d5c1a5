"""MQAR sequences have zoology's structure, and its memory recalls as the rules say."""

import numpy as np
import pytest

from linviz.model.errors import ScenarioError
from linviz.model.mqar import (
    IGNORED,
    RECALL_ROWS,
    attention_state_size,
    gap_probabilities,
    linear_state_size,
    mqar_rule,
    mqar_scenario,
    mqar_sequence,
    recall_accuracy,
    recalled,
)
from linviz.model.readout import read_output
from linviz.model.replay import Trace


def zoology_example(vocab, length, seed, pairs, power_a=0.01):
    """zoology/data/multiquery_ar.py's arithmetic for num_examples = 1, num_passes = 1,
    random_non_queries = False, with the global generator as zoology seeds it."""
    np.random.seed(seed)
    context = pairs * 2
    half = vocab // 2
    keys = np.apply_along_axis(
        np.random.choice, 1, np.tile(np.arange(1, half), (1, 1)), replace=False, size=pairs
    )
    values = np.apply_along_axis(
        np.random.choice, 1, np.tile(np.arange(half, vocab), (1, 1)), replace=False, size=pairs
    )
    kvs = np.zeros((1, context), dtype=np.int64)
    kvs[:, 0::2], kvs[:, 1::2] = keys, values
    space = (length - context) // 2
    p = power_a * np.arange(1, space + 1) ** (power_a - 1)
    p = p / p.sum()
    x = np.stack([np.arange(space, dtype=int)])
    gaps = np.apply_along_axis(np.random.choice, axis=1, arr=x, replace=False, p=p, size=pairs)
    queries = np.zeros((1, length - context + 1), dtype=np.int64)
    np.put_along_axis(queries, gaps * 2, values=keys, axis=1)
    examples = np.concatenate([kvs, queries], axis=1)
    labels = np.full((1, length + 1), -100, dtype=np.int64)
    np.put_along_axis(labels, gaps * 2 + context + 1, values=values, axis=1)
    return examples[0, :-1], labels[0, 1:]


@pytest.mark.parametrize("seed", [0, 1, 7, 123])
@pytest.mark.parametrize("pairs, length, vocab", [(4, 64, 8192), (16, 64, 100), (8, 256, 300)])
def test_the_sequence_is_zoologys_own(seed, pairs, length, vocab):
    sequence = mqar_sequence(pairs, length, vocab, seed)
    inputs, labels = zoology_example(vocab, length, seed, pairs)
    np.testing.assert_array_equal(sequence.inputs, inputs)
    np.testing.assert_array_equal(sequence.labels, labels)


@pytest.mark.parametrize("seed", range(6))
def test_the_sequence_has_the_mqar_structure(seed):
    pairs, length, vocab = 12, 96, 512
    s = mqar_sequence(pairs, length, vocab, seed)
    assert len(s.inputs) == len(s.labels) == length and 4 * pairs <= length
    # Keys from [1, V/2), values from [V/2, V), all distinct; pairs first, k v k v …
    assert ((1 <= s.keys) & (s.keys < vocab // 2)).all() and len(set(s.keys)) == pairs
    assert ((vocab // 2 <= s.values) & (s.values < vocab)).all() and len(set(s.values)) == pairs
    assert s.inputs[0 : 2 * pairs : 2].tolist() == s.keys.tolist()
    assert s.inputs[1 : 2 * pairs : 2].tolist() == s.values.tolist()
    # Each key asked once, at an even offset after the pairs, labelled with its value.
    positions = s.query_positions
    assert len(set(positions)) == pairs and (positions >= 2 * pairs).all()
    assert ((positions - 2 * pairs) % 2 == 0).all() and (positions < length).all()
    assert s.inputs[positions].tolist() == s.keys.tolist()
    assert s.labels[positions].tolist() == s.values.tolist()
    asked = np.flatnonzero(s.labels != IGNORED)
    assert sorted(asked.tolist()) == sorted(positions.tolist())
    # Labels only at the queries; every other position after the pairs is empty.
    rest = np.setdiff1d(np.arange(2 * pairs, length), positions)
    assert (s.inputs[rest] == 0).all()


def test_gaps_follow_the_power_law():
    space = 40
    p = gap_probabilities(space)
    assert p.sum() == pytest.approx(1.0)
    assert p[0] / p[9] == pytest.approx(10**0.99)  # p ∝ i^(a-1), a = 0.01
    firsts = [mqar_sequence(1, 2 + 2 * space, 200, seed).gaps[0] for seed in range(400)]
    # Most single queries come right after the pair, as p_1 = 0.23 says.
    assert abs(np.mean(np.array(firsts) == 0) - p[0]) < 0.07


@pytest.mark.parametrize(
    "pairs, length, vocab, field, words",
    [
        (17, 64, 8192, "length", "17 pairs need a length of at least 4N = 68, got 64"),
        (4, 63, 8192, "length", "length must be even"),
        (4, 64, 64, "vocab", "vocab must be larger than the length (64), got 64"),
        (0, 64, 8192, "pairs", "pairs must be a whole number from 1"),
    ],
)
def test_what_zoology_asserts_is_refused(pairs, length, vocab, field, words):
    with pytest.raises(ScenarioError) as caught:
        mqar_sequence(pairs, length, vocab)
    assert caught.value.field == field and words in str(caught.value)


def test_random_non_queries_fill_the_empty_positions_only():
    plain = mqar_sequence(8, 64, 500, 3)
    filled = mqar_sequence(8, 64, 500, 3, random_non_queries=True)
    kept = plain.inputs != 0
    np.testing.assert_array_equal(filled.inputs[kept], plain.inputs[kept])
    assert (filled.inputs[~kept] != 0).mean() > 0.9
    np.testing.assert_array_equal(filled.labels, plain.labels)


@pytest.mark.parametrize("rule", ["additive", "delta"])
def test_the_scenario_writes_each_pair_and_reads_each_query_in_order(rule):
    s = mqar_sequence(6, 64, 400, 5)
    scenario = mqar_scenario(s, 16, seed=5, rule=mqar_rule(rule))
    assert len(scenario) == 12 and scenario.write_mask().tolist() == [True] * 6 + [False] * 6
    assert scenario.label_at(1) == f"{s.keys[0]}→{s.values[0]}"
    positions, order = s.queries_in_order()
    assert (np.diff(positions) > 0).all()
    assert scenario.label_at(7) == f"q@{positions[0] + 1}:{s.keys[order[0]]}"
    # The nearest stored value to each read's output, by the scenario's own replay.
    trace = Trace(scenario)
    values = scenario.values(0, 6)
    outputs = np.array([read_output(trace, n) for n in range(7, 13)])
    replayed = np.argmax(outputs @ values.T, axis=1) == order
    np.testing.assert_array_equal(replayed, recalled(s, 16, mqar_rule(rule), seed=5)[order])
    np.testing.assert_allclose(np.linalg.norm(values, axis=1), 1.0)


def test_recall_rises_with_the_state_size_and_is_exact_with_room():
    points = recall_accuracy(8, (2, 4, 64), trials=8, seed=1)
    by = {(p.rule, p.d): p.accuracy for p in points}
    for rule in ("additive", "delta"):
        assert by[rule, 2] < by[rule, 64] == 1.0
    assert [p.state_size for p in points[:3]] == [4, 16, 4096]


def test_recall_at_the_largest_sizes_holds_no_pairs_by_pairs_table():
    """`linviz mqar --pairs 16384` peaked at 2.2 GB: every read against every value at once."""
    import tracemalloc

    from linviz.model.kernel import apply_writes
    from linviz.model.mqar import embeddings

    pairs, d = 3 * RECALL_ROWS + 5, 8  # three whole blocks of reads and a part
    sequence = mqar_sequence(pairs, None, 8 * pairs, 2)
    rule = mqar_rule("delta")
    tracemalloc.start()
    try:
        got = recalled(sequence, d, rule, seed=2)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < pairs * pairs * 8 / 2  # the whole table would be 19 MB
    # The same answers as the whole table gives.
    keys, values = embeddings(sequence.keys, d, 2), embeddings(sequence.values, d, 2)
    ones = np.ones(pairs)
    state = apply_writes(rule, False, np.zeros((d, d)), np.zeros(d), keys, values, ones, ones).state
    whole = np.argmax((keys @ state) @ values.T, axis=1) == np.arange(pairs)
    np.testing.assert_array_equal(got, whole)
    assert 0 < got.sum() < pairs  # some recalled, some not: the comparison means something


def test_zoologys_state_sizes():
    assert linear_state_size(heads=16, d_k=128, d_v=128) == 16 * 128 * 128
    assert attention_state_size(d_model=64, length=512) == 2 * 64 * 512


def test_the_scenario_s_title_and_caption_are_given_in_both_languages():
    """A French window showed the MQAR scenario's caption in English."""
    from linviz.model.texts import in_language

    scenario = mqar_scenario(mqar_sequence(pairs=16, length=64, vocab=8192, seed=1), 32)
    assert in_language(scenario.title, "en") == "MQAR: 16 pairs, L = 64, d = 32"
    assert in_language(scenario.title, "fr") == "MQAR\u202f: 16 paires, L = 64, d = 32"
    english, french = in_language(scenario.caption, "en"), in_language(scenario.caption, "fr")
    assert english.startswith("Zoology's multi-query associative recall: 16 key → value pairs")
    assert english.endswith("(state d × d = 1,024 numbers).")
    assert french.startswith("Le rappel associatif multi-requêtes de Zoology\u202f: 16 paires")
    assert french.endswith("(état d × d = 1\u202f024 nombres).")
