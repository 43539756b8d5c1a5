"""The session's snapshot cache: a revisit is free, memory stays bounded."""

import tracemalloc

import numpy as np

from linviz.bench.workloads import random_scenario
from linviz.controller.session import SNAPSHOT_CACHE_BYTES, Session, _snapshot_bytes


def test_a_revisited_step_is_not_recomputed():
    session = Session(random_scenario(100, 2))
    assert session.snapshot(40) is session.snapshot(40)


def test_late_reads_of_a_long_trace_are_kept_within_the_budget():
    session = Session(random_scenario(20_000, 64))
    reads = [n for n in range(19_000, 20_001) if not session.scenario.is_write(n)][:6]
    for number in reads:
        session.snapshot(number)
    kept = list(session._snapshots.values())
    newest = session.snapshot(reads[-1])
    assert kept[-1] is newest
    assert sum(_snapshot_bytes(s) for s in kept) <= SNAPSHOT_CACHE_BYTES + _snapshot_bytes(newest)
    # A weight and a step number per earlier write, nothing d_v wide per write.
    assert _snapshot_bytes(newest) < 18_000 * 16 + 4 * newest.state.nbytes + 1024


def test_a_read_after_90000_writes_holds_no_per_write_arrays():
    session = Session(random_scenario(100_000, 64))
    last = len(session.scenario)
    assert not session.scenario.is_write(last)
    session.trace.state(last)  # the checkpoints belong to the trace,
    session.scenario.key_norms()  # the key lengths to the scenario
    tracemalloc.start()
    try:
        snap = session.snapshot(last)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    result = snap.read
    assert len(result) == 90_000
    # φ(k), u and the term of every write would be 3 × 46 MB; a weight and a
    # step number per write are 1.4 MB.
    assert kept < 4 * 2**20
    assert peak < 16 * 2**20
    # The terms are still there when asked for, and add up to the output.
    np.testing.assert_allclose(result.terms.sum(axis=0), result.output, rtol=1e-9, atol=1e-9)


def test_at_most_64_snapshots_are_kept_the_newest_first():
    session = Session(random_scenario(100, 2))
    for number in range(1, 101):
        session.snapshot(number)
    assert list(session._snapshots) == list(range(37, 101))
    assert session.snapshot(100) is session.snapshot(100)
    first = session.snapshot(1)  # computed again, and now the newest
    assert list(session._snapshots)[-1] == 1 and len(session._snapshots) == 64
    assert first is session.snapshot(1)
