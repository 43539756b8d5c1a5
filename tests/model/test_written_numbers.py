"""What the user wrote shows as written: no key, value or query prints as 0 unless it is 0.

Worked-out numbers (an output, an error, a state) may carry rounding
residue of exact arithmetic and print it as 0 (``DISPLAY_ZERO``). A key,
value or query is typed, not worked out: a query of ``[1e-308, 0]`` shown
as ``[0, 0]`` beside the weights 1.798 it gives was a false statement.
"""

from __future__ import annotations

import numpy as np

from linviz.model.captions import render
from linviz.model.replay import Trace
from linviz.model.report import fmt_vector, fmt_written, trace_table
from linviz.model.scenario import Scenario, read, write

BIGGEST = 1.7976931348623157e308


def _tiny_query() -> Scenario:
    return Scenario(
        2,
        2,
        [
            write([BIGGEST, -BIGGEST], [1.0, 0.0], "w1", caption="k {k}, v {v}"),
            write([1e-300, 5e-324], [1e-13, 1.0], "w2"),
            read([1e-308, 0.0], "r1", caption="query {q}, output {y}"),
        ],
    )


def test_a_written_vector_keeps_every_number_a_worked_out_one_drops_residue():
    tiny = np.array([1e-308, 0.0])
    assert fmt_written(tiny) == "[1e-308, 0]"
    assert fmt_vector(tiny) == "[0, 0]"  # as an output it would be residue
    assert fmt_written(np.array([5e-324, -1e-13, 2.0])) == "[4.941e-324, -1e-13, 2]"
    assert fmt_written(np.array([-0.0, 1.0])) == "[0, 1]"


def test_the_trace_prints_keys_values_and_queries_as_written():
    lines = trace_table(Trace(_tiny_query())).splitlines()
    write_line = next(line for line in lines if " w2 " in line)
    read_line = next(line for line in lines if " r1 " in line)
    assert "k = [1e-300, 4.941e-324]  v = [1e-13, 1]" in write_line
    assert "q = [1e-308, 0]" in read_line
    assert "-> [1.798, 0]" in read_line  # the weight 1.798 × w1's value


def test_captions_quote_keys_values_and_queries_as_written():
    trace = Trace(_tiny_query())
    scenario = trace.scenario
    assert render(scenario.step(3).caption, trace, 3) == "query [1e-308, 0], output [1.798, 0]"
    assert render("{k@w2} {v@w2}", trace, None) == "[1e-300, 4.941e-324] [1e-13, 1]"
