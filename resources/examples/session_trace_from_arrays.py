"""The course's session trace (worked case 1), built from arrays instead of a file.

    python resources/examples/session_trace_from_arrays.py [--out DIR]

Writes session-trace.json (open it with `linviz session-trace.json`) and
prints the trace. With --out DIR the files go to DIR (default: here).
"""

import argparse
from pathlib import Path

import numpy as np

import linviz
from linviz.model.errors import ScenarioError
from linviz.model.report import trace_table_lines
from linviz.model.scenario import read, write

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--out", type=Path, default=Path.cwd(), help="folder for the files")
parser.add_argument("--figure", action="store_true", help="also draw the window as a PNG")
options = parser.parse_args()

# Two writes, then three reads: the pairs layout (keys and values written in
# order, then every query read).
keys = np.array([[1, 0], [0, 1]])
values = np.array([[2, 3], [5, 1]])
queries = np.array([[1, 0], [0, 1], [1, 1]])
scenario = linviz.scenario_from_arrays(keys, values, queries, title="Session trace, from arrays")

# The scenario is the project's own: the course's reused key is one more write
# and one more read at the end.
scenario.insert_step(len(scenario) + 1, write([1, 0], [9, 9], "w3"))
scenario.insert_step(len(scenario) + 1, read([1, 0], "r4"))

# A key of the wrong size is refused before any arithmetic.
try:
    scenario.insert_step(len(scenario) + 1, write([1, 0, 2], [1, 1], "w4"))
except ScenarioError as error:
    print(f"refused: {error}")

for line in trace_table_lines(scenario):
    print(line)

options.out.mkdir(parents=True, exist_ok=True)
print("wrote", scenario.save(options.out / "session-trace.json"))
if options.figure:
    print("wrote", linviz.figure(scenario, step=5, size=(1200, 750)).save(options.out / "r3.png"))
