"""Everything the views show for one step, computed once per change."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

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
    :attr:`writer_counts` is worked out when first asked for: a caption
    quoting a step needs its numbers, not its overlap marks.
    """

    number: int
    step: Step | None
    state: np.ndarray
    state_before: np.ndarray
    write: WriteRecord | None
    read: ReadResult | None
    trace: Trace = field(repr=False, compare=False)
    #: The trace's generation the snapshot was made at.
    generation: int = field(repr=False, compare=False)

    @cached_property
    def writer_counts(self) -> np.ndarray | None:
        """How many writes put something in each cell of ``state`` (see
        :meth:`Trace.writer_counts`); ``None`` when counting would stall a drag
        (:data:`MAX_OVERLAP_WORK`).

        Raises
        ------
        RuntimeError
            If the trace was edited since the snapshot was made (it would
            count the edited trace's writers).
        """
        if self.trace.generation != self.generation:
            raise RuntimeError(f"the snapshot of step {self.number} is older than the trace")
        scenario = self.trace.scenario
        if self.number == 0:
            return np.zeros(self.state.shape, dtype=int)
        writes_so_far = self.number  # an upper bound is enough to decide
        if writes_so_far * scenario.d_k * scenario.d_v > MAX_OVERLAP_WORK:
            return None
        return cell_writer_counts(self.trace, self.number)


def snapshot(trace: Trace, number: int) -> Snapshot:
    """Compute the :class:`Snapshot` of step ``number`` (0 = empty memory).

    It keeps no array with a row per earlier write but a read's weights and
    step numbers: the rest of a read's terms is computed when asked for.
    """
    scenario = trace.scenario
    generation = trace.generation
    if number == 0:
        state = trace.state(0)
        return Snapshot(0, None, state, state, None, None, trace, generation)
    step = scenario.step(number)
    record = result = None
    if step.is_write:
        record = trace.write_record(number)
        state, before = record.state, record.state_before
    else:
        result = read_result(trace, number)
        state = before = result.state
    return Snapshot(number, step, state, before, record, result, trace, generation)
