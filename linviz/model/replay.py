"""Replay a scenario into a trace, with checkpoints so long traces stay fast.

The trace never holds a copy of ``S`` per step. It keeps one checkpoint of
``S`` (and of the normaliser ``z``) every ``checkpoint_every`` steps and
replays at most that many steps to answer for any step. An edit of step
``i`` drops only the checkpoints after ``i``; they are rebuilt when (and as
far as) someone asks for a later step.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from linviz.model.errors import ScenarioError
from linviz.model.features import feature_map
from linviz.model.rules import write_update
from linviz.model.scenario import Scenario, Step

#: Steps between two checkpoints: replaying this many d=64 additive steps takes
#: under 1 ms, and 100,000 steps keep ~200 checkpoints (6 MB at d = 64).
DEFAULT_CHECKPOINT_EVERY = 512


@dataclass(frozen=True)
class WriteRecord:
    """What one write did.

    ``state = decay * state_before + stamp`` and ``stamp = outer(phi_key,
    effective_value)``.
    """

    number: int
    step: Step
    phi_key: np.ndarray
    decay: float
    effective_value: np.ndarray
    stamp: np.ndarray
    state_before: np.ndarray
    state: np.ndarray


class Decomposition:
    """``S`` after some step as a sum of rank-1 terms, one per earlier write.

    ``S = Σ_i outer(phi_keys[i], effective_values[i])`` (to floating-point
    precision), where ``effective_values`` already include every later decay.
    ``numbers`` are the writes' 1-based step numbers; ``labels`` are built
    only when asked for (a 100,000-write trace rarely needs them all).
    """

    def __init__(self, numbers: np.ndarray, phi_keys: np.ndarray,
                 effective_values: np.ndarray, normaliser: np.ndarray,
                 scenario: Scenario) -> None:
        self.numbers = numbers
        self.phi_keys = phi_keys
        self.effective_values = effective_values
        self.normaliser = normaliser
        self._scenario = scenario
        self._labels: list[str] | None = None

    @property
    def labels(self) -> list[str]:
        """The writes' labels, in order."""
        if self._labels is None:
            self._labels = [self._scenario.label_at(int(n)) for n in self.numbers]
        return self._labels

    def label_of(self, index: int) -> str:
        """The label of the ``index``-th write (without building every label)."""
        if self._labels is not None:
            return self._labels[index]
        return self._scenario.label_at(int(self.numbers[index]))


class Trace:
    """The replay of a :class:`Scenario`, kept up to date as it is edited.

    Step numbers are 1-based as the user sees them; ``state(t)`` is ``S``
    after the first ``t`` steps, so ``state(0)`` is the empty memory.

    Parameters
    ----------
    scenario
        The scenario to replay. The trace subscribes to its changes.
    checkpoint_every
        Steps between two stored checkpoints.
    """

    def __init__(self, scenario: Scenario,
                 checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY) -> None:
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        self.scenario = scenario
        self.checkpoint_every = checkpoint_every
        self._checkpoints: list[tuple[np.ndarray, np.ndarray]] = []
        self._effective: dict[int, np.ndarray] = {}
        self._reset()
        scenario.subscribe(self.invalidate)

    def close(self) -> None:
        """Stop following the scenario."""
        self.scenario.unsubscribe(self.invalidate)

    def __len__(self) -> int:
        return len(self.scenario)

    # -- cache management --------------------------------------------------
    def _reset(self) -> None:
        sc = self.scenario
        self._phi = feature_map(sc.feature_map)
        self._checkpoints = [(np.zeros((sc.d_k, sc.d_v)), np.zeros(sc.d_k))]
        self._effective.clear()

    def invalidate(self, first_step: int) -> None:
        """Forget everything that depends on step ``first_step`` or later."""
        if first_step <= 1:
            self._reset()
            return
        segment = (first_step - 1) // self.checkpoint_every
        del self._checkpoints[segment + 1:]
        for stale in [c for c in self._effective if c >= segment]:
            del self._effective[stale]

    @property
    def checkpoint_count(self) -> int:
        """How many checkpoints are currently valid (for tests and benchmarks)."""
        return len(self._checkpoints)

    def _advance(self, state: np.ndarray, normaliser: np.ndarray, start: int, stop: int
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """Apply steps ``start+1 .. stop``; return new copies and effective values.

        Rules without a correction are applied in one matrix product; the
        delta rules need each write's current state, so they loop.
        """
        sc = self.scenario
        mask = sc.write_mask(start, stop)
        if not mask.any():
            return state.copy(), normaliser.copy(), None
        rule = sc.rule
        keys = self._phi(sc.vectors(start, stop)[mask])
        values = sc.values(start, stop)[mask]
        alphas, betas = (column[mask] for column in sc.write_parameters(start, stop))
        if not rule.corrects:
            if rule.decays:
                # later[i] = product of the alphas of the writes after write i
                later = np.append(np.cumprod(alphas[::-1])[::-1][1:], 1.0)
                state = alphas.prod() * state + (keys * later[:, None]).T @ values
            else:
                state = state + keys.T @ values
            if sc.normalize:
                normaliser = normaliser + keys.sum(axis=0)
            return state, normaliser.copy(), None
        state = state.copy()
        effective = np.empty_like(values)
        for row in range(len(values)):
            decay, effective[row] = write_update(rule, state, keys[row], values[row],
                                                 alphas[row], betas[row])
            if decay != 1.0:
                state *= decay
            state += np.outer(keys[row], effective[row])
        return state, normaliser.copy(), effective

    def _ensure_checkpoint(self, segment: int) -> None:
        K = self.checkpoint_every
        while len(self._checkpoints) <= segment:
            last = len(self._checkpoints) - 1
            state, normaliser = self._checkpoints[last]
            new_state, new_norm, effective = self._advance(
                state, normaliser, last * K, (last + 1) * K)
            self._checkpoints.append((new_state, new_norm))
            if effective is not None:
                self._effective[last] = effective

    # -- queries -------------------------------------------------------------
    def _check_number(self, t: int, low: int = 0) -> None:
        if not low <= t <= len(self.scenario):
            raise IndexError(f"step {t} out of range {low}..{len(self.scenario)}")

    def state_and_normaliser(self, t: int) -> tuple[np.ndarray, np.ndarray]:
        """``(S, z)`` after the first ``t`` steps (fresh arrays)."""
        self._check_number(t)
        segment = t // self.checkpoint_every
        self._ensure_checkpoint(segment)
        state, normaliser = self._checkpoints[segment]
        start = segment * self.checkpoint_every
        if t == start:
            return state.copy(), normaliser.copy()
        state, normaliser, _ = self._advance(state, normaliser, start, t)
        return state, normaliser

    def state(self, t: int) -> np.ndarray:
        """``S`` after the first ``t`` steps (``t`` = 0 is the empty memory)."""
        return self.state_and_normaliser(t)[0]

    def write_record(self, t: int) -> WriteRecord:
        """Everything about write ``t``: its stamp and the state around it."""
        self._check_number(t, 1)
        step = self.scenario.step(t)
        if not step.is_write:
            raise ValueError(f"step {t} is a read, not a write")
        before = self.state(t - 1)
        phi_key = self._phi(step.vector)
        alpha, beta = self.scenario.parameters_of(step)
        decay, effective = write_update(self.scenario.rule, before, phi_key, step.value,
                                        alpha, beta)
        stamp = np.outer(phi_key, effective)
        return WriteRecord(t, step, phi_key, decay, effective, stamp, before,
                           decay * before + stamp)

    def decomposition(self, t: int) -> Decomposition:
        """``S`` after step ``t`` as one rank-1 term per write up to ``t``."""
        self._check_number(t)
        sc = self.scenario
        mask = sc.write_mask(0, t)
        numbers = np.flatnonzero(mask) + 1
        _, normaliser = self.state_and_normaliser(t)
        phi_keys = self._phi(sc.vectors(0, t)[mask])
        values = self._effective_values(t, mask)
        if sc.rule.decays and len(numbers):
            alphas = sc.write_parameters(0, t)[0][mask]
            later = np.append(np.cumprod(alphas[::-1])[::-1][1:], 1.0)
            values = values * later[:, None]
        return Decomposition(numbers, phi_keys, values, normaliser, sc)

    def _effective_values(self, t: int, mask: np.ndarray) -> np.ndarray:
        """Each write's effective value ``u_i`` at the moment it was written."""
        if not self.scenario.rule.corrects:
            return self.scenario.values(0, t)[mask]
        K = self.checkpoint_every
        full = t // K
        self._ensure_checkpoint(full)
        parts = [self._effective[c] for c in range(full) if c in self._effective]
        state, normaliser = self._checkpoints[full]
        _, _, tail = self._advance(state, normaliser, full * K, t)
        if tail is not None:
            parts.append(tail)
        return np.concatenate(parts) if parts else np.zeros((0, self.scenario.d_v))

    def first_invalid_step(self) -> int | None:
        """The first step whose state or read output is not finite, else ``None``.

        One sequential pass that also refills every checkpoint: run it when a
        file is loaded or an edit is committed, not on every mouse move.
        """
        sc = self.scenario
        K = self.checkpoint_every
        self._reset()
        state, normaliser = self._checkpoints[0]
        state, normaliser = state.copy(), normaliser.copy()
        effective: list[np.ndarray] = []
        is_write, vectors, values = sc.write_mask(), sc.vectors(), sc.values()
        alphas, betas = sc.write_parameters()
        with np.errstate(over="ignore", invalid="ignore"):
            for row in range(len(sc)):
                number = row + 1
                phi = self._phi(vectors[row])
                if is_write[row]:
                    decay, u = write_update(sc.rule, state, phi, values[row], alphas[row],
                                            betas[row])
                    if decay != 1.0:
                        state *= decay
                    state += np.outer(phi, u)
                    if sc.normalize:
                        normaliser += phi
                    effective.append(u)
                    if not np.isfinite(state).all():
                        self._reset()
                        return number
                elif not np.isfinite(phi @ state).all():
                    self._reset()
                    return number
                if number % K == 0:
                    self._checkpoints.append((state.copy(), normaliser.copy()))
                    if sc.rule.corrects:
                        self._effective[number // K - 1] = np.array(
                            effective).reshape(-1, sc.d_v)
                    effective = []
        return None

    def check_finite(self, file: str | None = None) -> None:
        """Raise :class:`ScenarioError` naming the first step that overflows."""
        bad = self.first_invalid_step()
        if bad is not None:
            step = self.scenario.step(bad)
            what = "the state S" if step.is_write else "the read's output"
            raise ScenarioError(
                f"{what} overflows at this step (a number beyond ±1.8e308): "
                "use smaller keys or values", file=file, step=bad, field=step.vector_name)
