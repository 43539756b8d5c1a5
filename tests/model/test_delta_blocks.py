"""The delta rules applied a block of writes at a time give what write by write gives.

:func:`~linviz.model.kernel.apply_writes` applies runs of
``DELTA_BLOCK`` delta writes as one triangular solve. These compare it with
the same writes applied one by one (the block size set past the run), for
the state after the run and every write's effective value, on random
writes, on the cases a block form could get wrong (keys almost parallel,
reflections, decays that underflow, numbers near the ends of the floats),
and check that a block that cannot be taken falls back to single writes.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from linviz.model import kernel
from linviz.model.kernel import DELTA_BLOCK, apply_writes
from linviz.model.rules import Rule

DELTA = Rule("delta", beta=1.0)
GATED_DELTA = Rule("gated_delta", alpha=0.5, beta=1.0)


def by_write(rule, state, keys, values, alphas, betas):
    """The run with every write applied on its own."""
    block = kernel.DELTA_BLOCK
    kernel.DELTA_BLOCK = 10**9
    try:
        return apply_writes(rule, False, state, np.zeros(len(state)), keys, values, alphas, betas)
    finally:
        kernel.DELTA_BLOCK = block


def in_blocks(rule, state, keys, values, alphas, betas):
    return apply_writes(rule, False, state, np.zeros(len(state)), keys, values, alphas, betas)


#: Below this, numbers are a few steps of the smallest subnormal: rounding, not values.
SUBNORMAL_NOISE = 1e-320


def relative_gap(a: np.ndarray, b: np.ndarray) -> float:
    """The largest difference, relative to the largest entry of ``a``."""
    gap = float(np.abs(a - b).max())
    if gap <= SUBNORMAL_NOISE:
        return 0.0
    return gap / float(np.abs(a).max())


def assert_same_run(rule, keys, values, alphas, betas, state=None, rtol=1e-13):
    state = np.zeros((keys.shape[1], values.shape[1])) if state is None else state
    one = by_write(rule, state, keys, values, alphas, betas)
    blocks = in_blocks(rule, state, keys, values, alphas, betas)
    assert np.isfinite(one.state).all() and np.isfinite(blocks.state).all()
    assert relative_gap(one.state, blocks.state) <= rtol
    assert relative_gap(one.effective, blocks.effective) <= rtol
    return one, blocks


def unit_rows(rng, count, d):
    rows = rng.normal(size=(count, d))
    return rows / np.linalg.norm(rows, axis=1)[:, None]


@pytest.mark.parametrize("rule", [DELTA, GATED_DELTA])
def test_random_unit_keys_match_write_by_write(rule):
    rng = np.random.default_rng(7)
    count = 5 * DELTA_BLOCK + 17  # whole blocks and a tail of single writes
    keys, values = unit_rows(rng, count, 8), rng.normal(size=(count, 3))
    alphas, betas = rng.uniform(0.5, 1.0, count), rng.uniform(0.0, 1.0, count)
    assert_same_run(rule, keys, values, alphas, betas, state=rng.normal(size=(8, 3)))


def test_blocks_are_what_changes_the_numbers():
    """The comparison above can fail: a run that skipped the blocks' last
    write, or mixed up the decays, is caught by the same check."""
    rng = np.random.default_rng(8)
    count = 2 * DELTA_BLOCK
    keys, values = unit_rows(rng, count, 4), rng.normal(size=(count, 2))
    alphas, betas = rng.uniform(0.5, 1.0, count), np.ones(count)
    one = by_write(GATED_DELTA, np.zeros((4, 2)), keys, values, alphas, betas)
    wrong = by_write(GATED_DELTA, np.zeros((4, 2)), keys, values, alphas[::-1].copy(), betas)
    assert relative_gap(one.state, wrong.state) > 1e-3


def test_near_parallel_keys_each_overwriting_the_last():
    rng = np.random.default_rng(1)
    count = 4 * DELTA_BLOCK
    key = unit_rows(rng, 1, 4)[0]
    keys = key + 1e-6 * rng.normal(size=(count, 4))
    values = rng.normal(size=(count, 4))
    assert_same_run(DELTA, keys, values, np.ones(count), np.ones(count))


def test_reflections_at_the_edge_of_shrinking():
    """β‖k‖² = 2 (each write reflects what its key retrieves): still taken as blocks."""
    rng = np.random.default_rng(2)
    count = 3 * DELTA_BLOCK
    keys = unit_rows(rng, count, 4) * np.sqrt(2.0)
    values = rng.normal(size=(count, 4))
    assert_same_run(DELTA, keys, values, np.ones(count), np.ones(count), rtol=1e-12)


def test_writes_that_grow_what_they_retrieve_go_one_by_one(monkeypatch):
    """β‖k‖² > 2 (the retrieved part grows): the block form is not taken, and
    the numbers are exactly the write-by-write ones."""
    rng = np.random.default_rng(3)
    count = 2 * DELTA_BLOCK
    keys = unit_rows(rng, count, 3) * 1.5  # ‖k‖² = 2.25
    values = rng.normal(size=(count, 3))
    solves = []
    real_solve = np.linalg.solve
    monkeypatch.setattr(np.linalg, "solve", lambda *a: solves.append(1) or real_solve(*a))
    one = by_write(DELTA, np.zeros((3, 3)), keys, values, np.ones(count), np.ones(count))
    blocks = in_blocks(DELTA, np.zeros((3, 3)), keys, values, np.ones(count), np.ones(count))
    assert not solves
    np.testing.assert_array_equal(blocks.state, one.state)
    np.testing.assert_array_equal(blocks.effective, one.effective)


def test_a_block_that_overflows_is_redone_write_by_write():
    """An overflow is met where single writes meet it: the same infinities."""
    rng = np.random.default_rng(4)
    count = DELTA_BLOCK
    keys = unit_rows(rng, count, 2)
    values = np.full((count, 2), 1.5e308)
    with np.errstate(over="ignore", invalid="ignore"):  # as the trace's overflow check runs it
        one = by_write(DELTA, np.zeros((2, 2)), keys, values, np.ones(count), np.ones(count))
        blocks = in_blocks(DELTA, np.zeros((2, 2)), keys, values, np.ones(count), np.ones(count))
    assert not np.isfinite(one.state).all()
    np.testing.assert_array_equal(blocks.state, one.state)
    np.testing.assert_array_equal(blocks.effective, one.effective)


@pytest.mark.parametrize(
    "alpha_choices",
    [(5e-324,), (1e-300, 0.5, 1.0), (1e-160, 1.0)],
    ids=["least positive alpha", "alphas near underflow", "squares underflow"],
)
def test_decays_that_underflow(alpha_choices):
    rng = np.random.default_rng(5)
    count = 3 * DELTA_BLOCK
    keys, values = unit_rows(rng, count, 4), rng.normal(size=(count, 4))
    alphas = rng.choice(alpha_choices, count)
    assert_same_run(GATED_DELTA, keys, values, alphas, rng.uniform(0, 1, count))


@pytest.mark.parametrize(
    ("key_scale", "value_scale", "beta"),
    [(1e-300, 1e300, 1.0), (1.0, 1e300, 1.0), (1e150, 1.0, 1e-300), (1.0, 5e-324, 1.0)],
)
def test_numbers_near_the_ends_of_the_floats(key_scale, value_scale, beta):
    rng = np.random.default_rng(6)
    count = 2 * DELTA_BLOCK
    keys = unit_rows(rng, count, 3) * key_scale
    values = rng.normal(size=(count, 3)) * value_scale
    assert_same_run(DELTA, keys, values, np.ones(count), np.full(count, beta))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    blocks=st.integers(1, 3),
    tail=st.integers(0, DELTA_BLOCK - 1),
    d_k=st.integers(1, 6),
    d_v=st.integers(1, 4),
    gated=st.booleans(),
)
def test_any_shrinking_writes_match_write_by_write(seed, blocks, tail, d_k, d_v, gated):
    rng = np.random.default_rng(seed)
    count = blocks * DELTA_BLOCK + tail
    betas = rng.uniform(0.0, 1.0, count)
    # Any lengths with β‖k‖² ≤ 2, so every block is taken.
    lengths = np.sqrt(rng.uniform(0.0, 2.0, count) / np.maximum(betas, 1e-12))
    keys = unit_rows(rng, count, d_k) * np.minimum(lengths, 1e6)[:, None]
    values = rng.normal(size=(count, d_v)) * 10.0 ** rng.uniform(-3, 3)
    alphas = rng.uniform(0.1, 1.0, count) if gated else np.ones(count)
    assert_same_run(GATED_DELTA if gated else DELTA, keys, values, alphas, betas, rtol=1e-11)
