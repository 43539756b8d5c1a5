"""What a read's error is made of: ``y − v_target`` as named parts that add up to it.

Definition (complete; a port must follow it formula by formula)
---------------------------------------------------------------

Notation. The read has the mapped query ``φ(q)``; the state it reads holds
the writes ``i = 1 … n`` (in order), write ``i`` with stored key
``φ(k_i)``, value ``v_i``, decay ``α_i`` (1 for rules without a decay) and
writing strength ``β_i``. Every rule writes ``S_i = α_i S_{i−1} + φ(k_i) u_iᵀ``
(see :mod:`linviz.model.kernel`) with the effective value

- ``u_i = v_i`` (additive, gated: ``β`` is not used), or
- ``u_i = β_i (v_i − α_i S_{i−1}ᵀ φ(k_i))`` (delta, gated delta).

``L_i = α_{i+1} · … · α_n`` is the product of the decays of the writes after
``i`` (1 for the last write, and for rules without a decay), ``ũ_i = L_i u_i``,
``a_i = φ(q)·φ(k_i)``, ``D = φ(q)ᵀz + ε`` under the normaliser (else
``D = 1``) and ``w_i = a_i / D``. The read is ``y = Σ_i w_i ũ_i``.

The target ``t`` is the write the read means (the step's ``target``, else the
latest write whose stored key has the largest cosine with ``φ(q)``); its
value ``v = v_t`` is what the read should return and the error is
``e = y − v`` (``"interference"`` in ``linviz trace --json``). Write
``a = a_t``, ``w = w_t``, ``L = L_t``, ``κ = ‖φ(k_t)‖²`` and ``β = β_t`` under
a delta rule, ``β = 1`` otherwise.

*Same key*: an earlier write ``j < t`` whose stored key equals the target's,
``φ(k_j) = φ(k_t)`` component for component, ``-0`` equal to ``0`` (the
reuse of a key, as the target search understands it). ``R = Σ_{j<t, same key} ũ_j`` is the sum of
their effective values, decayed to the read. Since their keys are the
target's, each weighs ``w`` in the read.

Under a delta rule the target's own write first removed what its key
retrieved: ``w ũ_t = w β L v − w β Σ_{j<t} (φ(k_t)·φ(k_j)) ũ_j``. The removed
part is assigned to the writes it cancels: ``w β κ R`` to the earlier writes
under the same key, the rest to the other writes.

The parts (each a ``d_v`` vector):

``own_scale``
    The target's own term is not its value because of its size:
    ``(a − 1) v`` (``‖φ(k)‖² ≠ 1``, a query longer or shorter than the key,
    or pointing elsewhere), plus, under a delta rule when no earlier write
    used the target's key, ``a (β − 1) v`` (``β < 1`` stored only part of
    ``v``).
``forgetting``
    Decay of what the target stored: ``a β (L − 1) v``.
``normaliser``
    The normaliser's share: the division of the target's own term,
    ``a β L (1/D − 1) v``.
``not_overwritten``
    What earlier writes under the same key left behind:
    ``w R − [delta] w β κ R``, plus, under a delta rule, ``a (β − 1) v``
    (then not in ``own_scale``): with ``β < 1`` the write moves the key's
    output only part of the way from what it held towards ``v``
    (delta-repair step 8: ``0.5 · ([9, 9] − [1, 1]) = [4, 4]``, all of the
    error). The normaliser exists only under the additive rule, so ``D = 1``
    wherever ``β`` enters.
``crosstalk``
    Every other write's term, net of what the target's correction cancelled
    of it: ``Σ_{j other} w_j ũ_j − (w β Σ_{j<t} (φ(k_t)·φ(k_j)) ũ_j − w β κ R)``,
    where "other" is every write but the target and the earlier writes under
    its key (a later write under the target's own key, possible only when a
    file names an older target, counts here). Summed term by term
    (:func:`other_terms`); past :data:`~linviz.model.limits.MAX_LISTED_TERMS`
    earlier writes ``linviz trace`` and the window take it as what is left,
    ``e − own_scale − forgetting − normaliser − not_overwritten``, which
    equals that sum in exact arithmetic.

They add up to ``e``: ``own_scale + forgetting + normaliser`` is
``(a β L / D − 1) v`` (the own chain ``v → a v → a β v → a β L v → a β L v / D``,
one factor at a time), and the rest is every other term.

Which entries a read has (the rule for ``"error_parts"``): ``crosstalk`` when
some write other than the target and the earlier writes under its key was
made before the read (even when its weight is 0: "no crosstalk" is then a
fact worth showing); ``forgetting`` under a rule with a decay; ``normaliser``
when the normaliser is on; ``not_overwritten`` when an earlier write used the
target's key; ``own_scale`` when any of its components is not exactly
zero. A read without a target has no parts (``"error_parts": null``).
Entries are listed in the order crosstalk, not_overwritten, forgetting,
own_scale, normaliser (:data:`PART_NAMES`), each a list of ``d_v`` numbers
(``-0.0`` written as ``0``).

A *share* is a part's size over the sum of all parts' sizes,
``‖part‖ / Σ ‖parts‖`` (Euclidean norms), so shares lie in [0, 1] and add up
to 1 (all 0 when every part is 0); "share of the error's parts, by size".
It is never a fraction of ``y`` nor of ``‖e‖`` (parts may point in opposite
directions and cancel). The *main cause* is the largest part by size, none
when every part is below ``1e-9 · max(1, max|e_j|)``; a caption calls an
exact read exact whatever its parts (``{cause}``, ``{share}``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from linviz.model.errors import QT_TRANSLATE_NOOP
from linviz.model.norms import vector_norm

#: The parts, in the order they are listed.
PART_NAMES = ("crosstalk", "not_overwritten", "forgetting", "own_scale", "normaliser")

#: Each part's short title (``linviz trace``'s table; ``{parts}`` in a caption).
PART_TITLES = {
    "crosstalk": QT_TRANSLATE_NOOP("ErrorParts", "crosstalk"),
    "not_overwritten": QT_TRANSLATE_NOOP("ErrorParts", "not overwritten"),
    "forgetting": QT_TRANSLATE_NOOP("ErrorParts", "forgetting"),
    "own_scale": QT_TRANSLATE_NOOP("ErrorParts", "own scale"),
    "normaliser": QT_TRANSLATE_NOOP("ErrorParts", "normaliser"),
}

#: Each part in plain words (translated by the views in context "ErrorParts").
PART_WORDS = {
    "crosstalk": QT_TRANSLATE_NOOP("ErrorParts", "crosstalk from other keys"),
    "not_overwritten": QT_TRANSLATE_NOOP(
        "ErrorParts", "left behind by an earlier write under the same key"
    ),
    "forgetting": QT_TRANSLATE_NOOP("ErrorParts", "forgetting (decay of what the target stored)"),
    "own_scale": QT_TRANSLATE_NOOP(
        "ErrorParts", "the target's own term is not its value (its size or β)"
    ),
    "normaliser": QT_TRANSLATE_NOOP("ErrorParts", "the normaliser's division"),
}

#: How a share is worded: what it is a share of.
SHARE_WORDS = QT_TRANSLATE_NOOP("ErrorParts", "share of the error's parts, by size")


@dataclass(frozen=True)
class ErrorParts:
    """A read's error ``y − v_target`` as named parts (module docstring: the definition).

    Attributes
    ----------
    error
        ``y − v_target``.
    parts
        The entries that apply, by name (:data:`PART_NAMES` order), each a vector;
        they add up to ``error`` to floating-point precision.
    """

    error: np.ndarray
    parts: dict[str, np.ndarray]

    def __iter__(self) -> Iterator[tuple[str, np.ndarray]]:
        return iter(self.parts.items())

    def __contains__(self, name: object) -> bool:
        return name in self.parts

    def __getitem__(self, name: str) -> np.ndarray:
        return self.parts[name]

    def get(self, name: str) -> np.ndarray:
        """The part ``name``, or zeros when it does not apply to this read."""
        part = self.parts.get(name)
        return part if part is not None else np.zeros_like(self.error)

    def sizes(self) -> dict[str, float]:
        """``‖part‖`` of each entry (``inf`` only where the norm itself is beyond the floats)."""
        return {name: vector_norm(part) for name, part in self.parts.items()}

    def largest_first(self) -> list[str]:
        """The entries' names, largest part first (ties keep :data:`PART_NAMES` order)."""
        sizes = self.sizes()
        return sorted(self.parts, key=lambda name: -sizes[name])

    def shares(self) -> dict[str, float]:
        """Each entry's ``‖part‖ / Σ ‖parts‖``: in [0, 1], adding up to 1 (0s for no error).

        Worked out on the parts scaled by their largest entry: parts near
        1e308 have norms (and a sum) beyond the float range, and inf / inf
        made every share NaN (the readout said "— %").
        """
        largest = max(
            (float(np.abs(part).max(initial=0.0)) for part in self.parts.values()), default=0.0
        )
        if not largest > 0 or not math.isfinite(largest):
            return {name: 0.0 for name in self.parts}
        sizes = {name: vector_norm(np.asarray(part) / largest) for name, part in self.parts.items()}
        total = sum(sizes.values())
        return {name: (size / total if total > 0 else 0.0) for name, size in sizes.items()}

    def main_cause(self, scale: float | None = None) -> str | None:
        """The part with the largest size, or ``None`` when every part is rounding residue.

        ``scale``: the size below which a part is residue is ``1e-9 · scale``
        (default: the largest of ``|error|`` and 1).
        """
        sizes = self.sizes()
        if not sizes:
            return None
        if scale is None:
            scale = max(float(np.abs(self.error).max(initial=0.0)), 1.0)
        name = max(sizes, key=lambda part: sizes[part])
        return name if sizes[name] > 1e-9 * scale else None

    def as_json(self) -> dict[str, list[float]]:
        """The ``"error_parts"`` object of ``linviz trace --json``."""
        return {name: (np.asarray(part) + 0.0).tolist() for name, part in self.parts.items()}


def split_error(
    *,
    output: np.ndarray,
    expected: np.ndarray,
    raw_weight: float,
    denominator: float | None,
    beta: float | None,
    later: float,
    key_square: float,
    same_key_sum: np.ndarray | None,
    others: bool,
    decays: bool,
    crosstalk: np.ndarray | None = None,
) -> ErrorParts:
    """Split ``output − expected`` into its named parts.

    Parameters
    ----------
    output, expected
        ``y`` and the target's value ``v``.
    raw_weight
        ``a = φ(q)·φ(k_t)``.
    denominator
        ``D = φ(q)ᵀz + ε`` under the normaliser, else ``None``.
    beta
        The target write's ``β`` under a delta rule, else ``None``.
    later
        ``L``, the product of the decays of the writes after the target.
    key_square
        ``κ = ‖φ(k_t)‖²``.
    same_key_sum
        ``R``, the decayed effective values of the earlier writes under the
        target's key, summed; ``None`` when there are none.
    others
        Whether any write but the target and those was made before the read.
    decays
        Whether the rule decays (``forgetting`` then applies).
    crosstalk
        The crosstalk summed term by term (:func:`other_terms`), if the caller
        has it; else what is left of the error once the other parts are taken.
    """
    error = output - expected
    scale = 1.0 / denominator if denominator is not None else 1.0
    b = 1.0 if beta is None else beta
    weight = raw_weight * scale
    beta_part = raw_weight * (b - 1.0) * expected
    own_scale = (raw_weight - 1.0) * expected
    parts: dict[str, np.ndarray] = {}
    left = None
    if same_key_sum is not None:
        kept = 1.0 - (b * key_square if beta is not None else 0.0)
        left = weight * kept * same_key_sum
        if beta is not None:
            left = left + beta_part
    elif beta is not None:
        own_scale = own_scale + beta_part
    forgetting = raw_weight * b * (later - 1.0) * expected
    normaliser = raw_weight * b * later * (scale - 1.0) * expected
    if crosstalk is None:
        crosstalk = error - own_scale - forgetting - normaliser
        if left is not None:
            crosstalk = crosstalk - left
    if others:
        parts["crosstalk"] = crosstalk
    if left is not None:
        parts["not_overwritten"] = left
    if decays:
        parts["forgetting"] = forgetting
    if own_scale.any():
        parts["own_scale"] = own_scale
    if denominator is not None:
        parts["normaliser"] = normaliser
    return ErrorParts(error, {name: parts[name] for name in PART_NAMES if name in parts})


def other_terms(
    weights: np.ndarray,
    phi_keys: np.ndarray,
    values: np.ndarray,
    others: np.ndarray,
    before: np.ndarray,
    phi_target: np.ndarray,
    target_weight: float,
    beta: float | None,
) -> np.ndarray:
    """``Σ (w_j − [delta, j < t] w β φ(k_t)·φ(k_j)) ũ_j`` over the rows in ``others``.

    One row per write (of a chunk): its weight ``w_j``, ``φ(k_j)`` and
    decayed effective value ``ũ_j``; ``others`` and ``before`` mark the
    other writes and those before the target. ``beta``: the target's ``β``
    under a delta rule, else ``None`` (nothing was cancelled).
    """
    coefficients = np.where(others, weights, 0.0)
    if beta is not None:
        cancelled = target_weight * beta * (phi_keys @ phi_target)
        coefficients = coefficients - np.where(others & before, cancelled, 0.0)
    return coefficients @ values
