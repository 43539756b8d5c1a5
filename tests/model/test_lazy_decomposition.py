"""A read's decomposition is computed on demand, and agrees with the full arrays."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from linviz.model.interference import cell_contributions, cell_writer_counts
from linviz.model.readout import read_result
from linviz.model.replay import Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from tests.model.test_properties import numbers, scenarios


def brute_counts(parts) -> np.ndarray:
    """Writer counts from the full per-write arrays (the old definition)."""
    touched_keys = (parts.phi_keys != 0).astype(np.int64)
    touched_values = (parts.effective_values != 0).astype(np.int64)
    return touched_keys.T @ touched_values


@given(scenarios(), st.integers(1, 4))
def test_term_sizes_are_exactly_the_largest_component_of_each_term(scenario, every):
    trace = Trace(scenario, checkpoint_every=every)
    for number in range(1, len(scenario) + 1):
        if scenario.is_write(number):
            continue
        result = read_result(trace, number)
        terms = result.terms
        expected = np.abs(terms).max(axis=1) if len(terms) else np.zeros(0)
        np.testing.assert_array_equal(result.term_sizes(), expected)
        for index in range(len(result)):
            np.testing.assert_array_equal(result.term(index), terms[index])
            np.testing.assert_array_equal(result.contribution_at(index).term, terms[index])


@given(scenarios(), st.integers(1, 4), st.data())
def test_contributions_built_together_are_those_built_alone(scenario, every, data):
    """A panel asks for a read's largest terms at once: the same numbers as one by one."""
    trace = Trace(scenario, checkpoint_every=every)
    reads = [n for n in range(1, len(scenario) + 1) if not scenario.is_write(n)]
    for number in reads:
        together = read_result(trace, number)
        alone = read_result(trace, number)
        count = len(together)
        indices = data.draw(st.lists(st.integers(0, count - 1), max_size=8)) if count else []
        built = together.contributions_at(indices)
        assert [c.label for c in built] == [alone.contribution_at(i).label for i in indices]
        for contribution, index in zip(built, indices):
            single = alone.contribution_at(index)
            assert (contribution.number, contribution.weight) == (single.number, single.weight)
            np.testing.assert_array_equal(contribution.effective_value, single.effective_value)
            np.testing.assert_array_equal(contribution.term, single.term)
            np.testing.assert_array_equal(contribution.term, together.terms[index])


ADDING_RULES = [Rule(), Rule("gated", alpha=0.9)]


@given(scenarios(rules=ADDING_RULES, max_steps=20), st.integers(1, 5), st.data())
def test_writer_counts_match_the_full_arrays_before_and_after_an_edit(scenario, every, data):
    trace = Trace(scenario, checkpoint_every=every)
    for t in range(len(scenario) + 1):
        np.testing.assert_array_equal(
            cell_writer_counts(trace, t), brute_counts(trace.decomposition(t))
        )
    if not len(scenario):
        return
    number = data.draw(st.integers(1, len(scenario)))
    step = scenario.step(number)
    if step.is_write:
        zeros = data.draw(st.booleans())
        value = (
            np.zeros(scenario.d_v)
            if zeros
            else np.array(
                data.draw(st.lists(numbers, min_size=scenario.d_v, max_size=scenario.d_v))
            )
        )
        scenario.replace_step(number, step.with_changes(value=value))
    else:
        scenario.remove_step(number)
    for t in range(len(scenario), -1, -1):
        np.testing.assert_array_equal(
            cell_writer_counts(trace, t), brute_counts(trace.decomposition(t))
        )


@given(scenarios(), st.data())
def test_cell_contributions_match_the_full_arrays(scenario, data):
    trace = Trace(scenario, checkpoint_every=3)
    t = data.draw(st.integers(0, len(scenario)))
    row = data.draw(st.integers(0, scenario.d_k - 1))
    column = data.draw(st.integers(0, scenario.d_v - 1))
    parts = trace.decomposition(t)
    amounts = parts.phi_keys[:, row] * parts.effective_values[:, column]
    expected = [(label, float(a)) for label, a in zip(parts.labels, amounts) if a != 0]
    assert cell_contributions(trace, t, row, column) == expected


@given(scenarios(), st.integers(1, 3))
def test_rows_in_chunks_equal_the_whole(scenario, size):
    trace = Trace(scenario, checkpoint_every=2)
    parts = trace.decomposition(len(scenario))
    keys = [parts.phi_key_rows(a, b) for a, b in parts.chunks(size)]
    values = [parts.effective_value_rows(a, b) for a, b in parts.chunks(size)]
    if len(parts):
        np.testing.assert_array_equal(np.concatenate(keys), parts.phi_keys)
        np.testing.assert_array_equal(np.concatenate(values), parts.effective_values)
    else:
        assert keys == values == []


def sorted_selection(sizes: np.ndarray, limit: int, target: int | None) -> list[int]:
    """The ``limit`` largest terms by a plain stable sort, the target in place of the last."""
    order = sorted(range(len(sizes)), key=lambda i: -sizes[i])[:limit]
    if target is not None and target not in order:
        order[-1] = target
    return sorted(order)


@pytest.mark.parametrize(
    "rule",
    [
        Rule(),
        Rule("gated", alpha=0.9),
        Rule("delta", beta=0.5),
        Rule("gated_delta", alpha=0.9, beta=0.5),
    ],
    ids=lambda rule: rule.name,
)
def test_largest_terms_pick_what_sorting_every_term_would(rule):
    rng = np.random.default_rng(5)
    steps = [write(rng.normal(size=3), rng.integers(-3, 4, size=2), f"w{i}") for i in range(300)]
    steps.insert(40, write([0.01, 0, 0], [0.1, 0.1], "small"))
    steps.append(read([1, 0, 0], "r", target="small"))
    trace = Trace(Scenario(3, 2, steps, rule=rule), checkpoint_every=64)
    result = read_result(trace, len(steps))
    sizes = np.abs(result.terms).max(axis=1)
    for limit in (1, 5, 24, 400):
        picked = result.largest_terms(limit)
        assert picked == sorted_selection(sizes, limit, result.target_index)
        assert result.target_index in picked


def test_a_decomposition_refuses_rows_after_an_earlier_step_changed():
    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [3, 1], "k1"),
            write([0, 1], [2, 2], "k2"),
            read([1, 0], "r1"),
            write([1, 1], [1, 1], "k3"),
        ],
    )
    trace = Trace(scenario, checkpoint_every=2)
    result = read_result(trace, 3)
    np.testing.assert_array_equal(result.terms, [[3, 1], [0, 0]])
    scenario.replace_step(4, scenario.step(4).with_changes(value=[5, 5]))  # after the read
    np.testing.assert_array_equal(result.terms, [[3, 1], [0, 0]])
    scenario.replace_step(2, scenario.step(2).with_changes(value=[7, 7]))  # before it
    with pytest.raises(RuntimeError, match="changed"):
        _ = result.terms


def carried_keys_counts(scenario, t):
    """Under a delta rule: writes still present in each cell, with explicit matrices.

    S_t = Σ_j (M_t ⋯ M_{j+1} φ(k_j)) (β_j v_j)ᵀ with M_i = α_i (I − β_i φ(k_i) φ(k_i)ᵀ).
    """
    from tests.reference import phi

    writes = [(n, scenario.step(n)) for n in range(1, t + 1) if scenario.is_write(n)]
    parts = []
    for index, (_, step) in enumerate(writes):
        carried = phi(scenario.feature_map, step.vector)
        for _, later in writes[index + 1 :]:
            k = phi(scenario.feature_map, later.vector)
            alpha, beta = scenario.parameters_of(later)
            M = (alpha if scenario.rule.decays else 1.0) * (np.eye(len(k)) - beta * np.outer(k, k))
            carried = M @ carried
        beta = scenario.parameters_of(step)[1]
        parts.append(np.abs(np.outer(carried, beta * step.value)))
    if not parts:
        return np.zeros((scenario.d_k, scenario.d_v), dtype=int)
    parts = np.array(parts)
    return np.count_nonzero(parts > 1e-9 * parts.max(), axis=0)


CORRECTING_RULES = [Rule("delta", beta=1.0), Rule("delta", beta=0.6), Rule("gated_delta", 0.8, 1.0)]


@given(scenarios(rules=CORRECTING_RULES, max_steps=12, maps=("identity",)))
def test_delta_writer_counts_leave_out_what_later_writes_replaced(scenario):
    trace = Trace(scenario, checkpoint_every=3)
    for t in range(len(scenario) + 1):
        np.testing.assert_array_equal(trace.writer_counts(t), carried_keys_counts(scenario, t))


def _sparse_scenario(rule: Rule, steps: int = 23, d: int = 4, seed: int = 7) -> Scenario:
    """Writes whose keys and values have zeros, so each cell has its own count."""
    rng = np.random.default_rng(seed)
    made = []
    for n in range(1, steps + 1):
        key = rng.normal(size=d) * (rng.random(d) < 0.5)
        value = rng.normal(size=d) * (rng.random(d) < 0.5)
        made.append(read(key, f"r{n}") if n % 5 == 0 else write(key, value, f"w{n}"))
    return Scenario(d, d, made, rule=rule)


@pytest.mark.parametrize(
    "rule",
    [Rule(), Rule("gated", alpha=0.9), Rule("delta", beta=0.8), Rule("gated_delta", 0.9, 0.8)],
    ids=lambda rule: rule.name,
)
def test_writer_counts_follow_a_drag_before_and_inside_the_last_partial_segment(rule):
    # The counts of the steps after the last whole segment are kept between
    # frames: a drag earlier must leave them right, one inside them must not.
    scenario = _sparse_scenario(rule)
    trace = Trace(scenario, checkpoint_every=8)  # segments 1-8, 9-16; steps 17-23 left over
    rng = np.random.default_rng(3)
    for number in (2, 2, 12, 19, 19, 2, 21):
        step = scenario.step(number)
        key = rng.normal(size=4) * (rng.random(4) < 0.5)
        scenario.replace_step(number, step.with_changes(vector=key))
        for t in (len(scenario), 20, len(scenario)):
            fresh = Trace(scenario, checkpoint_every=8)
            np.testing.assert_array_equal(trace.writer_counts(t), fresh.writer_counts(t))
