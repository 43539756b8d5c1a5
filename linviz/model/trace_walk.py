"""Walk a scenario forwards once, step by step, for ``linviz trace``.

:class:`~linviz.model.replay.Trace` answers for any step in any order, from
checkpoints; asking it for every step in turn replays up to a segment per
step (for the delta rules, 512 writes per step). Printing a whole trace
needs every step once, in order, so this walk carries ``S`` and ``z`` from
one step to the next, applies each write with the kernel
(:func:`~linviz.model.kernel.apply_writes`) and keeps what the reads
decompose into: each write's ``φ(k)`` and effective value.

The work per step is bounded, so the walk is linear in the number of steps:

- a read with at most ``limit`` earlier writes is decomposed exactly, one
  term per write, its default target searched among all of them (as the
  window does, :func:`~linviz.model.readout.read_result`);
- a read with more lists its ``limit`` largest terms *among candidates*:
  the ``limit`` most recent writes, the ``limit`` writes whose terms can be
  largest (the longest ``φ(k)`` times largest ``|u|``, decays included),
  and the read's target; a :class:`Rest` holds the sum of all the other
  terms, so the listed terms and the rest still add up to the output. A
  target the file does not name is searched among the same candidates.
  Finding the exact largest terms (or the exact default target) of every
  read needs every earlier write per read, which grows with the square of
  the steps: ``all_terms=True`` asks for that.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from linviz.model.error_parts import ErrorParts, other_terms, split_error
from linviz.model.features import feature_map
from linviz.model.kernel import apply_writes, later_factors, read_memory
from linviz.model.limits import LARGEST_LISTED_TERMS, MAX_LISTED_TERMS
from linviz.model.norms import square
from linviz.model.readout import is_exact, most_similar
from linviz.model.replay import stamp_scale
from linviz.model.rules import RULE_PARAMETERS
from linviz.model.scenario import Scenario


@dataclass(frozen=True)
class WalkedWrite:
    """What write ``number`` did: ``state = decay · old state + stamp``.

    ``parameters``: the ``(name, value)`` of each parameter the rule uses
    (``alpha``, ``beta``), as in force at this write (its own, else the rule's).
    """

    number: int
    label: str
    key: np.ndarray
    value: np.ndarray
    decay: float
    stamp: np.ndarray
    state: np.ndarray
    #: :func:`~linviz.model.replay.stamp_scale`: what residue of the stamp is small beside.
    stamp_scale: float
    parameters: tuple[tuple[str, float], ...] = ()


@dataclass(frozen=True)
class Rest:
    """The terms a read does not list: how many, and their sum."""

    count: int
    term: np.ndarray


@dataclass(frozen=True)
class WalkedRead:
    """What read ``number`` returned and the terms it is the sum of.

    ``output = Σ terms (+ rest.term)`` to floating-point precision; one
    label, weight and term row per listed write, in step order.
    """

    number: int
    label: str
    query: np.ndarray
    output: np.ndarray
    target: str | None
    expected: np.ndarray | None
    interference: np.ndarray | None
    tied: tuple[str, ...]
    exact: bool
    labels: list[str]
    weights: np.ndarray
    terms: np.ndarray
    rest: Rest | None
    state: np.ndarray
    error_parts: ErrorParts | None = None


#: Up to this many decays are multiplied one by one; a longer run is
#: ``exp`` of a difference of summed logs (a relative error near 1e-16 per decay).
_EXACT_RUN = 64


class _SameKeys:
    """For a write: the decayed sum of the earlier writes under its very key.

    The writes whose stored key is used again are found once, up front
    (rows of ``φ(k)`` compared byte for byte, ``-0.0`` as ``0.0``); each
    such key's writes are summed as they arrive, decayed as the state is.
    What the earlier writes under a key held when a write reused it is kept
    for the latest write of each key and for the writes a read names as its
    target; any other write's is summed again when asked for (a default
    target found among a long trace's candidates only). So a read's
    not-overwritten part costs O(d_v), and memory grows with the reused keys.
    """

    def __init__(self, phi_keys: np.ndarray, named: set[int], decays: bool) -> None:
        count = len(phi_keys)
        self._group = np.full(count, -1, dtype=np.int64)  # -1: a key used once
        if count:
            rows = np.ascontiguousarray(phi_keys + 0.0)
            as_bytes = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1])))
            _, inverse, counts = np.unique(
                as_bytes.reshape(-1), return_inverse=True, return_counts=True
            )
            inverse = inverse.reshape(-1)
            self._group = np.where(counts[inverse] > 1, inverse, -1)
        self._named = named
        self._decays = decays
        self._log = np.zeros(count + 1)  # Σ log α over writes 0 .. i-1
        # Per reused key: (latest write, Σ ũ through it, how many); and what the
        # earlier ones held when it wrote, with their number.
        self._sums: dict[int, tuple[int, np.ndarray, int]] = {}
        self._latest: dict[int, tuple[int, np.ndarray, int]] = {}
        self._held: dict[int, tuple[np.ndarray, int]] = {}

    def add(self, index: int, effective: np.ndarray, decays: np.ndarray) -> None:
        """Write ``index`` (its decay already in ``decays``) stored ``effective``."""
        if self._decays:
            self._log[index + 1] = self._log[index] + np.log(decays[index])
        group = int(self._group[index])
        if group < 0:
            return
        kept = self._sums.get(group)
        if kept is None:
            self._sums[group] = (index, effective.copy(), 1)
            return
        last, total, count = kept
        held = total * self.product(decays, last + 1, index + 1)
        self._sums[group] = (index, held + effective, count + 1)
        self._latest[group] = (index, held, count)
        if index in self._named:
            self._held[index] = (held, count)

    def before(
        self, index: int, effective: np.ndarray, decays: np.ndarray
    ) -> tuple[np.ndarray | None, int]:
        """``(Σ ũ_j, how many)`` over the writes ``j < index`` under write ``index``'s key,
        decayed through write ``index``'s own decay; ``(None, 0)`` without any.
        """
        group = int(self._group[index])
        if group < 0:
            return None, 0
        latest = self._latest.get(group)
        if latest is not None and latest[0] == index:
            return latest[1], latest[2]
        if index in self._held:
            return self._held[index]
        earlier = np.flatnonzero(self._group[:index] == group)
        if not earlier.size:
            return None, 0
        factors = [self.product(decays, int(j) + 1, index + 1) for j in earlier]
        return np.asarray(factors) @ effective[earlier], int(earlier.size)

    def product(self, decays: np.ndarray, start: int, stop: int) -> float:
        """``decays[start] · … · decays[stop-1]`` (1 for none, and without a decay)."""
        if not self._decays or stop <= start:
            return 1.0
        if stop - start <= _EXACT_RUN:
            return float(decays[start:stop].prod())
        return float(np.exp(self._log[stop] - self._log[start]))


class _Heaviest:
    """The ``size`` writes whose terms can be largest, kept as writes arrive.

    A write's term in a later read is at most ``|φ(q)| · |φ(k)| · max|u| ·
    (the decays after it)``. Every later decay scales all earlier writes
    alike, so their order never changes: each write is ranked once, by
    ``log(|φ(k)| · max|u|)`` less the log of every decay up to it. Writes
    are ranked in bulk when a read needs the ranking (:meth:`catch_up`).
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._heap: list[tuple[float, int]] = []
        self._indices: np.ndarray | None = None
        self.ranked = 0  # writes 0 .. ranked-1 are ranked, and their log_decay known

    def catch_up(
        self,
        written: int,
        phi_keys: np.ndarray,
        effective: np.ndarray,
        decays: np.ndarray,
        log_decay: np.ndarray,
    ) -> None:
        """Rank writes ``ranked .. written-1`` and fill in their ``log_decay``."""
        start = self.ranked
        if written <= start:
            return
        log_decay[start + 1 : written + 1] = log_decay[start] + np.cumsum(
            np.log(decays[start:written])
        )
        keys, values = phi_keys[start:written], effective[start:written]
        sizes = np.sqrt(np.einsum("ij,ij->i", keys, keys)) * np.abs(values).max(axis=1)
        with np.errstate(divide="ignore"):
            scores = np.log(sizes) - log_decay[start + 1 : written + 1]
        heap, size = self._heap, self._size
        changed = False
        for index, score in enumerate(scores.tolist(), start=start):
            if len(heap) < size:
                heapq.heappush(heap, (score, -index))
            elif (score, -index) > heap[0]:
                heapq.heapreplace(heap, (score, -index))
            else:
                continue
            changed = True
        if changed:
            self._indices = None
        self.ranked = written

    def indices(self) -> np.ndarray:
        """The ranked writes kept, in no order."""
        if self._indices is None:
            self._indices = np.array([-index for _, index in self._heap], dtype=np.int64)
        return self._indices


def walk(
    scenario: Scenario,
    *,
    all_terms: bool = False,
    decompose: bool = True,
    limit: int = MAX_LISTED_TERMS,
    largest: int = LARGEST_LISTED_TERMS,
) -> Iterator[WalkedWrite | WalkedRead]:
    """Each step of ``scenario`` in order, with the state after it.

    Parameters
    ----------
    scenario
        A checked scenario (its states are finite).
    all_terms
        List every term of every read, and search every earlier write for a
        default target, however many there are (the cost grows with the
        square of the steps).
    decompose
        Whether reads list their terms (the table does not show them).
    limit
        A read with at most this many earlier writes lists every term; past
        that, candidates are this many recent and this many heaviest writes.
    largest
        How many terms a read with more than ``limit`` earlier writes lists.
    """
    sc = scenario
    phi = feature_map(sc.feature_map)
    rule, normalize = sc.rule, sc.normalize
    mask = sc.write_mask()
    is_write = mask.tolist()
    write_rows = np.flatnonzero(mask)
    count = len(write_rows)
    labels, targets, _ = sc.text_columns()
    write_labels = [labels[row] for row in write_rows.tolist()]
    vectors, values = sc.vectors(), sc.values()
    alphas, betas = sc.write_parameters()
    used = RULE_PARAMETERS[rule.name]
    phi_vectors, phi_norms = sc.phi_vectors(), sc.phi_norms()
    # Per write, filled as the walk meets it: φ(k), effective value u, decay.
    phi_keys = np.empty((count, sc.d_k))
    effective = np.empty((count, sc.d_v))
    decays = np.ones(count)
    log_decay = np.zeros(count + 1)  # log of the product of the decays of writes 1 .. i (ranked)
    heaviest = _Heaviest(limit)
    named = {
        int(np.searchsorted(write_rows, sc.number_of(label) - 1))
        for label in set(targets)
        if label is not None
    }
    same_keys = _SameKeys(phi_vectors[write_rows], named, rule.decays)
    state, normaliser = np.zeros((sc.d_k, sc.d_v)), np.zeros(sc.d_k)
    written = 0
    for row in range(len(sc)):
        vector = vectors[row]
        if is_write[row]:
            value = values[row]
            phi_key = phi(vector)
            run = apply_writes(
                rule,
                normalize,
                state,
                normaliser,
                phi_key[None, :],
                value[None, :],
                alphas[row : row + 1],
                betas[row : row + 1],
            )
            u, decay = run.effective[0], float(run.decays[0])
            phi_keys[written], effective[written], decays[written] = phi_key, u, decay
            same_keys.add(written, u, decays)
            written += 1
            state, normaliser = run.state, run.normaliser
            stamp = np.outer(phi_key, u)
            parameters = tuple(
                (name, float(column[row]))
                for name, column in (("alpha", alphas), ("beta", betas))
                if name in used
            )
            yield WalkedWrite(
                row + 1,
                labels[row],
                vector,
                value,
                decay,
                stamp,
                state,
                stamp_scale(phi_key, value, u),
                parameters,
            )
            continue
        phi_query = phi(vector)
        output, denominator = read_memory(phi_query, state, normaliser, normalize)
        exact = all_terms or written <= limit
        if exact:
            candidates = np.arange(written)
        else:  # sorted: the heaviest older writes, then the recent ones
            heaviest.catch_up(written, phi_keys, effective, decays, log_decay)
            heavy = heaviest.indices()
            older = np.sort(heavy[heavy < written - limit])
            candidates = np.concatenate([older, np.arange(written - limit, written)])
        target, tied = targets[row], ()
        if target is None and written:
            rows = write_rows[candidates]
            found, ties = most_similar(phi_vectors, phi_norms[rows], phi_query, rows=rows)
            if found is not None:
                target = write_labels[int(candidates[found])]
            tied = tuple(write_labels[int(candidates[i])] for i in ties)
        target_index = None
        expected = interference = parts = None
        returns_target = False
        if target is not None:
            target_row = sc.number_of(target) - 1
            target_index = int(np.searchsorted(write_rows, target_row))
            expected = values[target_row].copy()
            interference = output - expected
            returns_target = is_exact(output, expected)
            phi_target = phi_keys[target_index]
            held, same = same_keys.before(target_index, effective, decays)
            later = same_keys.product(decays, target_index + 1, written)
            raw_weight = float(phi_query @ phi_target)
            beta = float(betas[target_row]) if rule.corrects else None
            crosstalk = None
            if exact:
                crosstalk = _crosstalk(
                    phi_keys[:written],
                    effective[:written],
                    decays[:written],
                    phi_query,
                    denominator,
                    target_index,
                    beta,
                )
            parts = split_error(
                output=output,
                expected=expected,
                raw_weight=raw_weight,
                denominator=denominator,
                beta=beta,
                later=later,
                key_square=square(phi_target),
                same_key_sum=held * later if held is not None else None,
                others=written - 1 - same > 0,
                decays=rule.decays,
                crosstalk=crosstalk,
            )
        listed, weights = np.zeros(0, dtype=np.int64), np.zeros(0)
        terms, rest = np.zeros((0, sc.d_v)), None
        if decompose:
            at = int(np.searchsorted(candidates, target_index)) if target_index is not None else 0
            if target_index is not None and (
                at == len(candidates) or candidates[at] != target_index
            ):
                candidates = np.insert(candidates, at, target_index)
            weights = phi_keys[candidates] @ phi_query
            if denominator is not None:
                weights = weights / denominator
            kept = effective[candidates]
            if rule.decays and written:
                start = 0 if exact else written - limit
                kept = kept * _later(decays, log_decay, candidates, written, start)[:, None]
            terms = weights[:, None] * kept
            listed = candidates
            if not exact:
                keep = _largest(terms, largest, at)
                listed, weights, terms = candidates[keep], weights[keep], terms[keep]
                rest = Rest(written - len(listed), output - terms.sum(axis=0))
        yield WalkedRead(
            row + 1,
            labels[row],
            vector,
            output,
            target,
            expected,
            interference,
            tied,
            returns_target,
            [write_labels[i] for i in listed.tolist()],
            weights,
            terms,
            rest,
            state,
            parts,
        )


def _crosstalk(
    phi_keys: np.ndarray,
    effective: np.ndarray,
    decays: np.ndarray,
    phi_query: np.ndarray,
    denominator: float | None,
    target: int,
    beta: float | None,
) -> np.ndarray:
    """The crosstalk of a read of write ``target``, term by term, over every earlier write."""
    weights = phi_keys @ phi_query
    if denominator is not None:
        weights = weights / denominator
    values = effective * later_factors(decays)[:, None]
    positions = np.arange(len(weights))
    same = np.zeros(len(weights), dtype=bool)
    same[:target] = (phi_keys[:target] == phi_keys[target]).all(axis=1)
    others = ~same & (positions != target)
    return other_terms(
        weights,
        phi_keys,
        values,
        others,
        positions < target,
        phi_keys[target],
        float(weights[target]),
        beta,
    )


def _later(
    decays: np.ndarray, log_decay: np.ndarray, candidates: np.ndarray, written: int, start: int
) -> np.ndarray:
    """For each candidate write: the product of the decays of every write after it.

    Exact products (as the trace computes them) for writes ``start`` on;
    from the logs of the decays for older ones (a relative error of about
    1e-16 per write in between).
    """
    recent = later_factors(decays[start:written])
    later = np.empty(len(candidates))
    near = candidates >= start
    later[near] = recent[candidates[near] - start]
    far = candidates[~near]
    if far.size:
        later[~near] = np.exp(log_decay[written] - log_decay[far + 1])
    return later


def _largest(terms: np.ndarray, limit: int, always: int | None) -> np.ndarray:
    """Positions (ascending) of the ``limit`` largest terms by max |component|.

    Ties go to the earlier write; ``always`` (the target's position) is kept
    in place of the smallest one kept, as the window's readout does.
    """
    count = len(terms)
    if count <= limit:
        return np.arange(count)
    if limit <= 0:
        return np.zeros(0, dtype=np.int64)
    sizes = np.abs(terms).max(axis=1) if terms.shape[1] else np.zeros(count)
    cut = np.partition(sizes, count - limit)[count - limit]
    above = np.flatnonzero(sizes > cut)
    keep = np.concatenate([above, np.flatnonzero(sizes == cut)[: limit - len(above)]])
    if always is not None and always not in keep:
        smallest = np.flatnonzero(sizes[keep] == sizes[keep].min())[-1]
        keep[smallest] = always
    return np.sort(keep)
