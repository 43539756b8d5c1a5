"""Everything the views show for one step, computed once per change."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.interference import cell_writer_counts
from linviz.model.readout import ReadResult, read_result
from linviz.model.replay import Trace, WriteRecord
from linviz.model.scenario import Step

#: Above this many (writes × cells), counting writers per cell is skipped:
#: the views then draw no overlap marks instead of stalling a drag (the
#: trace keeps counts per segment, but a drag of an early step drops them).
MAX_OVERLAP_WORK = 20_000_000


@dataclass(frozen=True)
class Snapshot:
    """Step ``number`` of a trace, as every view needs it.

    ``state`` is ``S`` after the step and ``state_before`` before it (equal
    for a read). Exactly one of ``write`` / ``read`` is set, unless
    ``number`` is 0 (the empty memory, before the first step).
    """

    number: int
    step: Step | None
    state: np.ndarray
    state_before: np.ndarray
    write: WriteRecord | None
    read: ReadResult | None
    writer_counts: np.ndarray | None


def snapshot(trace: Trace, number: int) -> Snapshot:
    """Compute the :class:`Snapshot` of step ``number`` (0 = empty memory).

    It keeps no array with a row per earlier write but a read's weights and
    step numbers: the rest of a read's terms is computed when asked for.
    """
    scenario = trace.scenario
    if number == 0:
        state = trace.state(0)
        return Snapshot(0, None, state, state, None, None, np.zeros(state.shape, dtype=int))
    step = scenario.step(number)
    record = result = None
    writes_so_far = number  # an upper bound is enough to decide
    counting = writes_so_far * scenario.d_k * scenario.d_v <= MAX_OVERLAP_WORK
    if step.is_write:
        record = trace.write_record(number)
        state, before = record.state, record.state_before
    else:
        result = read_result(trace, number)
        state = before = result.state
    counts = cell_writer_counts(trace, number) if counting else None
    return Snapshot(number, step, state, before, record, result, counts)
