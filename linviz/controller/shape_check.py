"""The shape check, tried in front of the room: would this key, query or value fit ``S``?

The course asks the instructor to offer one wrong-shaped multiplication to
the group (a key ``[1, 0, 2]`` against a 2×2 ``S``) and show that it is
refused before any arithmetic. :func:`try_vector` answers for a typed
vector without touching the scenario: no step is added, nothing goes on the
undo stack, the file stays as saved.

The text is read the way the table of steps reads a typed vector
(:func:`linviz.model.scenario.split_vector`, each token through
:func:`linviz.model.text_rules.number_from_text`: ASCII digits only)
and checked in the same order: a token that is no number, then a number
that is not finite, then the length. A key or query is compared with the
rows of ``S`` (``d_k``) and a value with its columns (``d_v``). The feature
map is applied element by element, so ``φ(k)`` has as many components as
``k``: under a map other than the identity the refusal says so, and the
stamp it names is ``φ(k) vᵀ``.

An accepted vector comes with what it would do, computed by the model at
the cursor's step: for a key, ``φ(k)`` and the stamp ``φ(k) vᵀ`` with the
value of the write at (or last before) the cursor, and what ``S`` already
holds at that key; for a query, the read ``φ(q)ᵀS`` (normalised when the
scenario normalises); for a value, the stamp with that write's key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TypedDict

import numpy as np

from linviz.controller.session import Session
from linviz.model.errors import shown
from linviz.model.readout import read_with
from linviz.model.report import fmt_matrix, fmt_vector
from linviz.model.scenario import split_vector
from linviz.model.text_rules import NumberTextError, number_from_text
from linviz.model.texts import counted

#: The roles a typed vector can be tried in.
ROLES = ("key", "query", "value")

#: Why a typed vector was refused (``None``: it fits).
NOT_A_NUMBER, NOT_FINITE, EMPTY, WRONG_LENGTH, OVERFLOW = (
    "not a number",
    "not finite",
    "empty",
    "wrong length",
    "overflow",
)


@dataclass(frozen=True, eq=False)
class ShapeCheck:
    """What :func:`try_vector` found: a refusal naming the shapes, or what the vector would do.

    Attributes
    ----------
    role
        ``"key"``, ``"query"`` or ``"value"``.
    text
        What was typed.
    numbers
        The typed numbers, in the length typed (empty when a token was no number).
    d_k, d_v
        The shape of ``S``.
    feature_map
        The scenario's feature map (``"identity"``, ``"elu+1"``, ``"relu"``).
    problem
        ``None`` when the vector fits, else one of :data:`NOT_A_NUMBER`,
        :data:`NOT_FINITE`, :data:`EMPTY`, :data:`WRONG_LENGTH`, :data:`OVERFLOW`.
    position, token
        The 1-based position and the text of the bad component (not a number,
        not finite).
    reason
        Why a token that Python would read as a number is refused (``٥``:
        a digit of another script; ``5_000``), a phrase the views translate;
        ``None`` otherwise.
    message
        The verdict in the course's words (English; the window says it in
        the user's language from the fields above).
    step
        The step whose ``S`` was used (the cursor; 0 is the empty memory).
    phi
        ``φ(k)`` or ``φ(q)`` of an accepted key or query.
    partner, partner_label
        For an accepted key, the value ``v`` it is stamped with (the write at,
        or last before, the cursor) and that write's label; for a value, the
        key ``φ(k)``. ``None`` when there is no write yet.
    stamp
        The outer product ``φ(k) vᵀ`` (``d_k × d_v``), when there is a partner.
    read
        For a query, ``φ(q)ᵀS``; for a key, what ``S`` holds at it now (the
        same read). ``None`` when hidden or refused.
    state
        ``S`` after the check's step, as the heatmap shows it (``None`` when
        the read there is hidden: the answer could be read off ``S``).
    hidden
        The cursor's read is hidden (predict first): ``S`` and every read
        are withheld.
    """

    role: str
    text: str
    numbers: tuple[float, ...]
    d_k: int
    d_v: int
    feature_map: str
    problem: str | None
    message: str
    step: int
    position: int | None = None
    token: str | None = None
    phi: np.ndarray | None = None
    partner: np.ndarray | None = None
    partner_label: str | None = None
    stamp: np.ndarray | None = None
    read: np.ndarray | None = None
    state: np.ndarray | None = None
    hidden: bool = False
    reason: str | None = None

    @property
    def accepted(self) -> bool:
        """Whether the vector fits ``S``."""
        return self.problem is None

    @property
    def components(self) -> int:
        """How many numbers were typed."""
        return len(self.numbers)

    @property
    def needed(self) -> int:
        """How many components the role needs: ``d_k`` for a key or query, ``d_v`` for a value."""
        return self.d_v if self.role == "value" else self.d_k

    @property
    def mapped(self) -> bool:
        """Whether a feature map other than the identity applies to this role."""
        return self.feature_map != "identity" and self.role != "value"

    @property
    def vector_shape(self) -> tuple[int, int]:
        """The typed vector as drawn: a column ``n × 1`` (key, query) or a row ``1 × n`` (vᵀ)."""
        n = self.components
        return (1, n) if self.role == "value" else (n, 1)

    @property
    def state_shape(self) -> tuple[int, int]:
        """The shape of ``S``: ``d_k × d_v``."""
        return self.d_k, self.d_v

    @property
    def product_shape(self) -> tuple[int, int]:
        """The shape of the product the role makes with the typed length.

        The stamp ``k vᵀ`` (``n × d_v``) for a key, ``k vᵀ`` (``d_k × n``) for a
        value, ``qᵀ`` (``1 × n``) for a query (its product with ``S`` exists
        only when ``n = d_k``).
        """
        n = self.components
        return {"key": (n, self.d_v), "value": (self.d_k, n)}.get(self.role, (1, n))


class _Common(TypedDict):
    """The fields every :class:`ShapeCheck` of one call shares, typed for ``ShapeCheck(**base)``."""

    state: np.ndarray | None
    hidden: bool
    role: str
    text: str
    d_k: int
    d_v: int
    feature_map: str
    step: int


def _plural(count: int, noun: str) -> str:
    return counted(count, noun, noun + "s")


def shape_message(role: str, got: int, d_k: int, d_v: int, feature_map: str = "identity") -> str:
    """The refusal of a wrong-length vector, naming both shapes (English).

    For the identity map a key's and a value's are the table of steps' own
    words (:func:`linviz.model.scenario.parse_vector`), as the course puts it:
    "key has 3 components but S has d_k = 2 rows: the stamp k vᵀ would be
    3×2, S is 2×2".
    """
    mapped = feature_map != "identity"
    k = "φ(k)" if mapped else "k"
    if role == "value":
        return (
            f"value has {_plural(got, 'component')} but S has d_v = {_plural(d_v, 'column')}: "
            f"the stamp {k} vᵀ would be {d_k}×{got}, S is {d_k}×{d_v}. "
            f"Give the value {_plural(d_v, 'component')}."
        )
    symbol = "φ(k)" if role == "key" else "φ(q)"
    also = f", so {symbol} has {got} too," if mapped else ""
    if role == "key":
        product = f"the stamp {k} vᵀ would be {got}×{d_v}, S is {d_k}×{d_v}"
    else:
        q = "φ(q)" if mapped else "q"
        product = f"{q}ᵀ would be 1×{got} and S is {d_k}×{d_v}, so {q}ᵀS cannot be formed"
    return (
        f"{role} has {_plural(got, 'component')}{also} but S has d_k = {_plural(d_k, 'row')}: "
        f"{product}. Give the {role} {_plural(d_k, 'component')}."
    )


def _last_write(session: Session, number: int) -> int | None:
    """The write at step ``number``, else the last write before it (``None``: none yet)."""
    if number < 1:
        return None
    mask = session.scenario.write_mask(0, number)
    found = np.flatnonzero(mask)
    return int(found[-1]) + 1 if found.size else None


def try_vector(
    session: Session,
    text: str,
    role: str,
    number: int | None = None,
    decimal_comma: bool = False,
) -> ShapeCheck:
    """Check ``text`` as a ``role`` against ``S`` after step ``number`` (default: the cursor).

    Nothing in the session changes. See the module's documentation.
    ``decimal_comma``: the text was typed where numbers show a decimal comma
    (French): ``"0,5"`` is one number (:func:`~linviz.model.field_checks.split_vector`).
    """
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}, not {role!r}")
    scenario = session.scenario
    number = session.cursor if number is None else number
    d_k, d_v = scenario.d_k, scenario.d_v
    hidden = session.is_hidden(number)
    base: _Common = {
        "state": None if hidden else session.snapshot(number).state,
        "hidden": hidden,
        "role": role,
        "text": text,
        "d_k": d_k,
        "d_v": d_v,
        "feature_map": scenario.feature_map,
        "step": number,
    }
    tokens = split_vector(text, decimal_comma)
    numbers: list[float] = []
    for position, token in enumerate(tokens, start=1):
        try:
            numbers.append(number_from_text(token))  # ASCII digits only: not ٥, not 5_000
        except NumberTextError as error:
            return ShapeCheck(
                **base,
                numbers=(),
                problem=NOT_A_NUMBER,
                position=position,
                token=token,
                reason=error.reason if error.looks_like_a_number else None,
                message=f"{role} component {position} must be a number, got {token!r}"
                + (f": {error.reason}" if error.looks_like_a_number else ""),
            )
    for position, (token, value) in enumerate(zip(tokens, numbers), start=1):
        if not math.isfinite(value):
            return ShapeCheck(
                **base,
                numbers=tuple(numbers),
                problem=NOT_FINITE,
                position=position,
                token=token,
                message=f"{role} component {position} must be finite, got {shown(value)}",
            )
    needed = d_v if role == "value" else d_k
    if not numbers:
        return ShapeCheck(
            **base,
            numbers=(),
            problem=EMPTY,
            message=f"type a {role} of {_plural(needed, 'number')}",
        )
    if len(numbers) != needed:
        return ShapeCheck(
            **base,
            numbers=tuple(numbers),
            problem=WRONG_LENGTH,
            message=shape_message(role, len(numbers), d_k, d_v, scenario.feature_map),
        )
    return _accepted(session, ShapeCheck(**base, numbers=tuple(numbers), problem=None, message=""))


def _accepted(session: Session, check: ShapeCheck) -> ShapeCheck:
    """Fill in what an accepted vector would do at the check's step."""
    scenario, trace, number = session.scenario, session.trace, check.step
    vector = np.array(check.numbers, dtype=np.float64)
    phi = partner = stamp = read = None
    partner_label = None
    hidden = check.hidden
    write = _last_write(session, number)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        if check.role == "value":
            if write is not None:
                partner = scenario.phi_vectors(write - 1, write)[0].copy()
                partner_label = scenario.label_at(write)
                stamp = np.outer(partner, vector)
        else:
            phi = trace.phi(vector)
            if check.role == "key" and write is not None:
                partner = scenario.values(write - 1, write)[0].copy()
                partner_label = scenario.label_at(write)
                stamp = np.outer(phi, partner)
            if not hidden:
                read = read_with(trace, number, vector)
    finite = all(part is None or np.isfinite(part).all() for part in (phi, partner, stamp, read))
    if not finite:
        return replace(
            check,
            problem=OVERFLOW,
            message=f"the arithmetic overflows (a number beyond ±1.8e308): "
            f"use a smaller {check.role}",
        )
    return replace(
        check,
        phi=phi,
        partner=partner,
        partner_label=partner_label,
        stamp=stamp,
        read=read,
        message=_accepted_message(check, phi, partner, partner_label, stamp, read, hidden),
    )


def _accepted_message(
    check: ShapeCheck,
    phi: np.ndarray | None,
    partner: np.ndarray | None,
    partner_label: str | None,
    stamp: np.ndarray | None,
    read: np.ndarray | None,
    hidden: bool,
) -> str:
    d_k, d_v = check.d_k, check.d_v
    n = check.components
    if check.role == "query":
        q = "φ(q)" if check.mapped else "q"
        head = (
            f"query has {_plural(n, 'component')}, S has d_k = {_plural(d_k, 'row')}: "
            f"{q}ᵀS is 1×{d_v}."
        )
        if hidden:
            return head + " Its read is hidden until the read at the cursor is revealed."
        assert read is not None  # an accepted query's read is withheld only when hidden
        return head + f" It reads {fmt_vector(read)} from S after step {check.step}."
    k = "k" if check.feature_map == "identity" else "φ(k)"
    if check.role == "key":
        head = (
            f"key has {_plural(n, 'component')}, S has d_k = {_plural(d_k, 'row')}: "
            f"the stamp {k} vᵀ is {d_k}×{d_v}, like S."
        )
    else:
        head = (
            f"value has {_plural(n, 'component')}, S has d_v = {_plural(d_v, 'column')}: "
            f"the stamp {k} vᵀ is {d_k}×{d_v}, like S."
        )
    if check.mapped and phi is not None:
        head += f" {k} = {fmt_vector(phi)}."
    if stamp is not None:
        assert partner is not None  # a stamp is made only with a partner
        head += f" With {partner_label}'s {'value' if check.role == 'key' else 'key'} "
        head += f"{fmt_vector(partner)}, {k} vᵀ = {fmt_matrix(stamp)}."
    if check.role == "key" and read is not None:
        head += f" S already holds {fmt_vector(read)} at this key."
    return head
