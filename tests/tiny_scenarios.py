"""Scenarios of tiny numbers the tests of the residue rule share.

A number worked out for a read is rounding residue only below 1e-12 of the
numbers it was worked out from (its scale), not of 1: these scenarios hold
nothing near 1, so every view must say their numbers as they are.
"""

from __future__ import annotations

from linviz.model.scenario import Scenario, read, write


def tiny_values(write_caption: str = "", read_caption: str = "") -> Scenario:
    """Values near 1e-300 under keys of length 1; read r1 of k1 is 60 % off.

    y = [1e-300, 6e-301], v_target = [1e-300, 0], error = crosstalk [0, 6e-301].
    """
    return Scenario(
        2,
        2,
        [
            write([1.0, 0.0], [1e-300, 0.0], "k1"),
            write([0.6, 0.8], [0.0, 1e-300], "k2", caption=write_caption),
            read([1.0, 0.0], "r1", target="k1", caption=read_caption),
        ],
        title="tiny values",
    )


def tiny_keys(read_caption: str = "") -> Scenario:
    """Keys near 1e-160 under values of size 1: read r1 weighs them 1e-160 and 2e-160."""
    return Scenario(
        2,
        2,
        [
            write([1e-160, 0.0], [1.0, 0.0], "w1"),
            write([0.0, 2e-160], [0.0, 1.0], "w2"),
            read([1.0, 1.0], "r1", caption=read_caption),
        ],
    )
