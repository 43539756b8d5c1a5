"""The scenarios the benchmarks run on, built fast from numpy arrays."""

from __future__ import annotations

import numpy as np

from linviz.model.scenario import READ, WRITE, Scenario, Step


def random_scenario(steps: int, d: int, read_every: int = 10, seed: int = 0) -> Scenario:
    """``steps`` steps of d=``d`` unit keys and normal values; every n-th step a read."""
    rng = np.random.default_rng(seed)
    keys = rng.normal(size=(steps, d))
    keys /= np.linalg.norm(keys, axis=1, keepdims=True)
    values = rng.normal(size=(steps, d))
    # Read-only rows are shared by the steps instead of copied (see parse_vector).
    keys.flags.writeable = values.flags.writeable = False
    out = []
    for i in range(steps):
        if read_every and i % read_every == read_every - 1:
            out.append(Step(READ, keys[i - 1], None, f"r{i + 1}"))
        else:
            out.append(Step(WRITE, keys[i], values[i], f"w{i + 1}"))
    return Scenario(d, d, out, title=f"{steps:,} steps, d = {d}")
