"""Which keys overlap and which writes share a cell, on worked case 2; snapshots; stale parts.

Worked case 2 (CURRICULUM.md): k1 = (1,0) → (3,1), k2 = (0,1) → (-2,4), then
k3 = (0.8,0.6) → (0,-5), whose stamp [[0,-4],[0,-3]] lands on the cells k1
and k2 already use in column 2.
"""

import numpy as np
import pytest

from linviz.model import snapshot as snapshot_module
from linviz.model.interference import (
    cell_contributions,
    cell_writer_counts,
    earlier_key_cosines,
    key_cosines,
    strongest_earlier_overlaps,
)
from linviz.model.replay import EDIT_HISTORY, Trace
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, read, write
from linviz.model.snapshot import snapshot


def crowding():
    return Scenario(
        2,
        2,
        [
            write([1, 0], [3, 1], "k1"),
            write([0, 1], [-2, 4], "k2"),
            read([1, 0], "r1"),
            write([0.8, 0.6], [0, -5], "k3"),
            read([1, 0], "r2"),
        ],
    )


def test_the_third_key_overlaps_both_others():
    labels, cosines = key_cosines(crowding())
    assert labels == ["k1", "k2", "k3"]
    np.testing.assert_allclose(cosines, [[1, 0, 0.8], [0, 1, 0.6], [0.8, 0.6, 1]], atol=1e-15)
    assert earlier_key_cosines(crowding(), 4) == [
        ("k1", pytest.approx(0.8)),
        ("k2", pytest.approx(0.6)),
    ]
    assert earlier_key_cosines(crowding(), 5) == [
        ("k1", 1.0),
        ("k2", 0.0),
        ("k3", pytest.approx(0.8)),
    ]
    assert earlier_key_cosines(crowding(), 1) == []
    pairs, overlapping, earlier = strongest_earlier_overlaps(crowding(), 5, limit=2)
    assert pairs == [("k1", 1.0), ("k3", pytest.approx(0.8))] and (overlapping, earlier) == (2, 3)
    assert strongest_earlier_overlaps(crowding(), 5, limit=0) == ([], 2, 3)
    assert strongest_earlier_overlaps(crowding(), 5, limit=5, eps=0.9) == ([("k1", 1.0)], 1, 3)
    assert strongest_earlier_overlaps(crowding(), 1, limit=5) == ([], 0, 0)
    assert strongest_earlier_overlaps(crowding(), 2, limit=5) == ([], 0, 1)  # k2 ⟂ k1


def test_a_zero_key_overlaps_nothing_and_cosines_stay_within_one():
    # (-2.8, -2.9) with itself gives 1.0000000000000002 in floating point.
    scenario = Scenario(
        2,
        1,
        [
            write([-2.8, -2.9], [1], "a"),
            write([0, 0], [1], "zero"),
            write([2.8, 2.9], [1], "b"),
            read([-2.8, -2.9], "q"),
        ],
    )
    assert earlier_key_cosines(scenario, 4) == [("a", 1.0), ("zero", 0.0), ("b", -1.0)]
    assert strongest_earlier_overlaps(scenario, 4, limit=3) == ([("a", 1.0), ("b", -1.0)], 2, 3)
    labels, cosines = key_cosines(scenario)
    assert cosines[1].tolist() == [0, 0, 0] and cosines[:, 1].tolist() == [0, 0, 0]
    labels, cosines = key_cosines(Scenario(2, 1, [read([1, 0], "r")]))
    assert labels == [] and cosines.shape == (0, 0)
    # (0.6, 1.4, 0.3) scaled to unit length has a dot product of 1.0000000000000002 with itself.
    twins = Scenario(3, 1, [write([0.6, 1.4, 0.3], [1], "p"), write([-0.6, -1.4, -0.3], [1], "n")])
    _, cosines = key_cosines(twins)
    assert cosines.tolist() == [[1.0, -1.0], [-1.0, 1.0]]


def test_cells_written_by_several_keys_are_counted_and_itemised():
    trace = Trace(crowding(), checkpoint_every=2)
    assert cell_writer_counts(trace, 0).tolist() == [[0, 0], [0, 0]]
    assert cell_writer_counts(trace, 2).tolist() == [[1, 1], [1, 1]]
    assert cell_writer_counts(trace, 4).tolist() == [[1, 2], [1, 2]]
    assert cell_writer_counts(trace, 5).tolist() == [[1, 2], [1, 2]]
    assert cell_contributions(trace, 4, 0, 1) == [("k1", 1.0), ("k3", pytest.approx(-4.0))]
    assert cell_contributions(trace, 4, 1, 0) == [("k2", -2.0)]
    assert cell_contributions(trace, 2, 0, 1) == [("k1", 1.0)]
    # A value of 0 puts nothing in its column, whatever the key.
    trace.scenario.replace_step(4, write([0.8, 0.6], [0, 0], "k3"))
    assert cell_writer_counts(trace, 5).tolist() == [[1, 1], [1, 1]]


def test_a_term_decayed_to_nothing_no_longer_counts():
    # α = 1e-200 twice: the first write's term is scaled by 1e-400, which is 0.
    scenario = Scenario(
        1,
        1,
        [
            write([1], [1], "a"),
            write([1], [1], "b", alpha=1e-200),
            write([1], [1], "c", alpha=1e-200),
        ],
        rule=Rule("gated", alpha=0.5),
    )
    trace = Trace(scenario, checkpoint_every=2)
    assert cell_writer_counts(trace, 2).tolist() == [[2]]
    assert cell_writer_counts(trace, 3).tolist() == [[2]]  # a is gone, b (×1e-200) is not
    assert cell_contributions(trace, 3, 0, 0) == [("b", 1e-200), ("c", 1.0)]


def test_snapshots_of_the_empty_memory_a_write_and_a_read(monkeypatch):
    trace = Trace(crowding())
    empty = snapshot(trace, 0)
    assert (empty.number, empty.step, empty.write, empty.read) == (0, None, None, None)
    assert empty.state.tolist() == empty.state_before.tolist() == [[0, 0], [0, 0]]
    assert empty.writer_counts.tolist() == [[0, 0], [0, 0]]
    stamp = snapshot(trace, 4)
    assert stamp.step.label == "k3" and stamp.read is None
    assert stamp.state_before.tolist() == [[3, 1], [-2, 4]]
    np.testing.assert_allclose(stamp.state, [[3, -3], [-2, 1]], atol=1e-12)
    np.testing.assert_allclose(stamp.write.stamp, [[0, -4], [0, -3]], atol=1e-12)
    assert stamp.writer_counts.tolist() == [[1, 2], [1, 2]]
    looked = snapshot(trace, 5)
    assert looked.write is None and looked.read.target == "k1"
    np.testing.assert_allclose(looked.read.output, [3, -3], atol=1e-12)
    assert looked.state is looked.state_before
    # Counting writers stops at (steps so far × cells) = MAX_OVERLAP_WORK.
    monkeypatch.setattr(snapshot_module, "MAX_OVERLAP_WORK", 5 * 2 * 2)
    assert snapshot(trace, 5).writer_counts is not None
    monkeypatch.setattr(snapshot_module, "MAX_OVERLAP_WORK", 5 * 2 * 2 - 1)
    assert snapshot(trace, 5).writer_counts is None
    assert snapshot(trace, 4).writer_counts.tolist() == [[1, 2], [1, 2]]


def test_a_decomposition_stays_usable_until_its_own_steps_change():
    scenario = crowding()
    trace = Trace(scenario, checkpoint_every=2)
    parts = trace.decomposition(3)
    scenario.replace_step(4, write([1, 1], [1, 1], "k3"))  # after step 3: still valid
    scenario.replace_step(5, read([0, 1], "r2"))
    np.testing.assert_array_equal(parts.effective_values, [[3, 1], [-2, 4]])
    assert parts.labels == ["k1", "k2"]
    scenario.replace_step(3, read([0, 1], "r1", caption="now"))  # step 3 itself changed
    with pytest.raises(RuntimeError, match="changed at or before step 3"):
        parts.phi_key_rows()
    fresh = trace.decomposition(2)
    for _ in range(EDIT_HISTORY):  # as many edits as the trace remembers, all after step 2
        scenario.replace_step(5, read([1, 0], "r2"))
    assert fresh.labels == ["k1", "k2"]
    scenario.replace_step(5, read([1, 0], "r2"))  # one more: too old to tell
    with pytest.raises(RuntimeError, match="changed at or before step 2"):
        fresh.key_dots(np.array([1.0, 0.0]))
    again = trace.decomposition(2)
    np.testing.assert_array_equal(again.key_dots(np.array([1.0, 0.0])), [1, 0])
    np.testing.assert_array_equal(again.cell_amounts(1, 1), [0, 4])
    np.testing.assert_array_equal(again.value_sizes(), [3, 4])
    assert again.phi_key(1).tolist() == [0, 1] and again.effective_value(0).tolist() == [3, 1]
    assert again.label_of(1) == "k2" and len(again) == 2 and bool(trace.decomposition(0))


def test_a_snapshot_counts_writers_when_asked_and_refuses_once_the_trace_changed():
    scenario = crowding()
    trace = Trace(scenario)
    early, kept = snapshot(trace, 4), snapshot(trace, 4)
    assert kept.writer_counts.tolist() == [[1, 2], [1, 2]]  # worked out now, then kept
    scenario.replace_step(4, scenario.step(4).with_changes(vector=np.array([1.0, 0.0])))
    assert kept.writer_counts.tolist() == [[1, 2], [1, 2]]
    # Never asked before the edit: it would count the edited trace's writers.
    with pytest.raises(RuntimeError, match="step 4 is older than the trace"):
        _ = early.writer_counts
    assert snapshot(trace, 4).writer_counts.tolist() == [[1, 2], [1, 1]]  # k3 now on row 1 only


def effective_writer_counts(scenario: Scenario, t: int) -> np.ndarray:
    """Cells each write's effective term reaches, by the definition: one write at a time."""
    beta = scenario.rule.beta
    state = np.zeros((scenario.d_k, scenario.d_v))
    counts = np.zeros((scenario.d_k, scenario.d_v), dtype=np.int64)
    for number in range(1, t + 1):
        step = scenario.step(number)
        if not step.is_write:
            continue
        key, value = np.asarray(step.vector, float), np.asarray(step.value, float)
        effective = beta * (value - state.T @ key)
        state = state + np.outer(key, effective)
        counts += np.outer(key != 0, effective != 0)
    return counts


@pytest.mark.parametrize("every", [2, 3, 64])
def test_a_delta_rules_counts_follow_the_effective_terms_when_the_net_count_costs_too_much(
    monkeypatch, every
):
    # Beyond NET_COUNT_WORK the net count (who is still in each cell) is skipped and
    # each write's effective term counts: a write whose key already returns its value
    # in a component puts nothing there (w2 in the first column, w4 in the second,
    # w5 nowhere).
    import linviz.model.replay as replay

    scenario = Scenario(
        2,
        2,
        [
            write([1, 0], [2, 3], "w1"),
            write([1, 0], [2, 5], "w2"),
            write([0, 1], [1, 1], "w3"),
            read([1, 0], "r"),
            write([0, 1], [4, 1], "w4"),
            write([1, 1], [6, 6], "w5"),
            write([0, 0.5], [1, 1], "w6"),
        ],
        rule=Rule("delta", beta=1.0),
    )
    monkeypatch.setattr(replay, "NET_COUNT_WORK", 0)
    trace = Trace(scenario, checkpoint_every=every)
    for t in (7, 1, 2, 3, 4, 5, 6, 7, 0):  # later steps first: segments cached, then reused
        expected = effective_writer_counts(scenario, t)
        assert trace.writer_counts(t).tolist() == expected.tolist(), t
    assert effective_writer_counts(scenario, 7).tolist() == [[1, 2], [3, 2]]


def test_short_keys_have_the_cosines_of_their_directions():
    # Norms 0.5 and 0.5: cos = (0.5 · 0.3) / (0.5 · 0.5) = 0.6, whatever the lengths.
    scenario = Scenario(2, 1, [write([0.5, 0], [1], "a"), write([0.3, 0.4], [1], "b")])
    labels, cosines = key_cosines(scenario)
    assert labels == ["a", "b"]
    np.testing.assert_allclose(cosines, [[1.0, 0.6], [0.6, 1.0]], rtol=1e-15)
