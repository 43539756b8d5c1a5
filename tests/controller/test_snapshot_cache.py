"""The session's snapshot cache: a revisit is free, memory stays bounded."""

from linviz.bench.workloads import random_scenario
from linviz.controller.session import SNAPSHOT_CACHE_BYTES, Session, _snapshot_bytes


def test_a_revisited_step_is_not_recomputed():
    session = Session(random_scenario(100, 2))
    assert session.snapshot(40) is session.snapshot(40)


def test_late_reads_of_a_long_trace_are_not_all_kept():
    # A read after 18,000 writes at d = 64 keeps ~28 MB of arrays alive:
    # scrubbing over reads must not keep 64 of them.
    session = Session(random_scenario(20_000, 64))
    reads = [n for n in range(19_000, 20_001) if not session.scenario.is_write(n)][:6]
    for number in reads:
        session.snapshot(number)
    kept = list(session._snapshots.values())
    newest = session.snapshot(reads[-1])
    assert kept[-1] is newest
    assert sum(_snapshot_bytes(s) for s in kept) <= SNAPSHOT_CACHE_BYTES + _snapshot_bytes(newest)
    assert len(kept) < len(reads)
