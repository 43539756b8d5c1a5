"""The scenarios the benchmarks run on, built fast from numpy arrays."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from linviz.model.scenario import READ, WRITE, Scenario, Step, StepColumns


class _GeneratedSteps:
    """Steps made one at a time as the scenario copies them into its columns."""

    def __init__(self, keys: np.ndarray, values: np.ndarray, read_every: int) -> None:
        self.keys, self.values, self.read_every = keys, values, read_every

    def __len__(self) -> int:
        return len(self.keys)

    def __iter__(self) -> Iterator[Step]:
        every = self.read_every
        for i in range(len(self.keys)):
            if every and i % every == every - 1:
                yield Step(READ, self.keys[i - 1], None, f"r{i + 1}")
            else:
                yield Step(WRITE, self.keys[i], self.values[i], f"w{i + 1}")


def random_scenario(steps: int, d: int, read_every: int = 10, seed: int = 0) -> Scenario:
    """``steps`` steps of d=``d`` unit keys and normal values; every n-th step a read.

    A read asks for the key written just before it.
    """
    rng = np.random.default_rng(seed)
    keys = rng.normal(size=(steps, d))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    values = rng.normal(size=(steps, d))
    # Read-only rows are checked without a copy (see parse_vector).
    keys.flags.writeable = values.flags.writeable = False
    return Scenario(
        d, d, _GeneratedSteps(keys, values, read_every), title=f"{steps:,} steps, d = {d}"
    )


def bench_scenario(steps: int, d: int, level: str = "full") -> Scenario:
    """:func:`random_scenario`; at the ``smoke`` level the equal scenario built as columns.

    Both give the same steps (``tests/test_bench.py`` checks it), but columns
    are built ten times faster (no Step per row, no check of each: 0.3 s
    against 3.8 s for 100,000 steps at d = 64). A smoke run tests that every
    figure is measured, not the building of six big scenarios; the other
    levels build them step by step as before, since memory figures include
    what building leaves behind.
    """
    if level == "smoke":
        return random_columns_scenario(steps, d)
    return random_scenario(steps, d)


def random_columns_scenario(steps: int, d: int, read_every: int = 10, seed: int = 0) -> Scenario:
    """What :func:`random_scenario` holds (labels ``w<i>``/``r<i>``), built as columns at once.

    For the million-step file of the open benchmark: no Step per row, no
    per-row check (the rows are made valid).
    """
    rng = np.random.default_rng(seed)
    keys = rng.normal(size=(steps, d))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    values = rng.normal(size=(steps, d))
    rows = np.arange(steps)
    is_write = np.ones(steps, dtype=bool)
    if read_every:
        is_write = rows % read_every != read_every - 1
    reads = np.flatnonzero(~is_write)
    keys[reads] = keys[reads - 1]  # a read asks for the key written just before it
    values[reads] = 0.0
    labels = [f"w{i + 1}" if w else f"r{i + 1}" for i, w in enumerate(is_write.tolist())]
    scenario = Scenario(d, d, title=f"{steps:,} steps, d = {d}")
    scenario.adopt_columns(
        StepColumns(
            is_write,
            keys,
            values,
            np.full(steps, np.nan),
            np.full(steps, np.nan),
            labels,
            [None] * steps,
            [""] * steps,
            {label: row for row, label in enumerate(labels)},
        )
    )
    return scenario
