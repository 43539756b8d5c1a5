"""Checks of the single fields of a scenario: vectors, texts, sizes and settings.

Each function takes one raw value (typed, or decoded from a file) and
returns it checked, or raises a :class:`~linviz.model.errors.ScenarioError`
naming the field; the caller adds the step. The rules that need other
steps (unique labels, targets, quoted labels) are in
:mod:`linviz.model.step_checks`.
"""

from __future__ import annotations

import math
import re

import numpy as np

from linviz.model import limits
from linviz.model.errors import QT_TRANSLATE_NOOP, Counted, ScenarioError, Term, shown
from linviz.model.features import FEATURE_MAPS
from linviz.model.rules import Rule
from linviz.model.texts import Texts, from_json, variants


def _shape_refusal(name: str, got: int, d_k: int, d_v: int) -> ScenarioError:
    """Say which product a wrong-length vector breaks and what to fix."""
    if name == "key":
        template = QT_TRANSLATE_NOOP(
            "ScenarioError",
            "key has {count} but S has d_k = {rows}: "
            "the stamp k vᵀ would be {got}×{d_v}, S is {d_k}×{d_v}. "
            "Give the key {wanted}.",
        )
    elif name == "query":
        template = QT_TRANSLATE_NOOP(
            "ScenarioError",
            "query has {count} but S has d_k = {rows}: "
            "qᵀS needs a query of length {d_k}. "
            "Give the query {wanted}.",
        )
    else:
        template = QT_TRANSLATE_NOOP(
            "ScenarioError",
            "value has {count} but S has d_v = {columns}: "
            "the stamp k vᵀ would be {d_k}×{got}, S is {d_k}×{d_v}. "
            "Give the value {wanted}.",
        )
    wanted = d_v if name == "value" else d_k
    return ScenarioError.of(
        template,
        count=Counted(got, "component"),
        got=got,
        d_k=d_k,
        d_v=d_v,
        rows=Counted(d_k, "row"),  # "d_k = 1 row": d_k may be 1
        columns=Counted(d_v, "column"),
        wanted=Counted(wanted, "component"),
        field=name,
    )


#: A comma between two digits: a decimal one where the text says so (:func:`split_vector`).
_COMMA_BETWEEN_DIGITS = re.compile(r"(?<=\d),(?=\d)")


def decimal_points(text: str) -> str:
    """``text`` with each comma between two digits read as a decimal point, unless the
    text already writes decimal points: ``"0,5"`` → ``"0.5"``, ``"α=0,9 ; β=0,5"`` →
    ``"α=0.9 ; β=0.5"``, but ``"[0.6,0.8]"`` (pasted as English writes it) is kept.

    How text typed in a language that writes a decimal comma (French) is read
    before it is split into numbers; the caller knows the language, the model
    does not.
    """
    return text if "." in text else _COMMA_BETWEEN_DIGITS.sub(".", text)


def split_vector(text: str, decimal_comma: bool = False) -> list[str]:
    """The tokens of a typed vector: ``"[1, 0]"``, ``"1, 0"`` and ``"1 0"`` all give two.

    How every editor reads a typed key, query or value; each token is then
    read with ``float`` and the numbers checked by :func:`parse_vector`. With
    a semicolon between components, a comma is a decimal one, as French
    writes it: ``"0,8 ; −0,6"`` gives ``0.8`` and ``-0.6`` (a real minus sign
    reads as a hyphen). ``decimal_comma``: the text was typed where numbers
    are shown with a decimal comma, so a comma between two digits is a
    decimal one even without a semicolon (:func:`decimal_points`): ``"0,5"``
    is one component, ``"0,5 0,3"`` two.
    """
    body = text.strip().replace("\u2212", "-")
    if body[:1] in "[(" and body[-1:] in "])":
        body = body[1:-1]
    if ";" in body:
        return [token.replace(",", ".") for token in re.split(r"[;\s]+", body.strip()) if token]
    if decimal_comma:
        body = decimal_points(body)
    return [token for token in re.split(r"[,;\s]+", body.strip()) if token]


def parse_vector(raw: object, name: str, d_k: int, d_v: int) -> np.ndarray:
    """Return ``raw`` as a float64 vector of the length ``name`` needs.

    ``name`` is ``"key"``, ``"query"`` or ``"value"``. Refuses anything but a
    flat list of finite numbers of exactly the right length: booleans,
    strings, nested lists, NaN and infinities never reach the arithmetic.
    """
    expected = d_v if name == "value" else d_k
    vector: np.ndarray | None  # None: np.array could not read it
    if isinstance(raw, np.ndarray):
        if raw.ndim == 1 and raw.dtype.kind in "fiu":
            # A read-only float64 array is kept as is (no copy per step of a
            # long trace); anything else is copied so no caller can mutate it.
            shared = raw.dtype == np.float64 and not raw.flags.writeable
            vector = raw if shared else raw.astype(np.float64)
            if vector.size == expected and np.isfinite(vector).all():
                vector.flags.writeable = False
                return vector
        raw = raw.tolist()
    if not isinstance(raw, (list, tuple)):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} must be a list of {expected} numbers, got {kind}"
            ),
            name=Term(name),
            expected=expected,
            kind=type(raw).__name__,
            field=name,
        )
    # np.array would silently turn "1" and True into 1.0: accept real numbers only.
    if len(raw) == expected and all(
        isinstance(x, (int, float)) and type(x) is not bool for x in raw
    ):
        try:
            vector = np.array(raw, dtype=np.float64)
        except (TypeError, ValueError, OverflowError):
            vector = None
        if vector is not None and vector.ndim == 1 and np.isfinite(vector).all():
            vector.flags.writeable = False
            return vector
    # Slow path: find the first bad component and say exactly what is wrong.
    for position, number in enumerate(raw, start=1):
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{name} component {position} must be a number, got {got}"
                ),
                name=Term(name),
                position=position,
                got=shown(number),
                field=name,
            )
        try:
            finite = math.isfinite(float(number))
        except OverflowError:  # an int with more digits than a float holds
            finite = False
        if not finite:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{name} component {position} must be finite, got {got}"
                ),
                name=Term(name),
                position=position,
                got=shown(number),
                field=name,
            )
    raise _shape_refusal(name, len(raw), d_k, d_v)


def check_text(
    raw: object, name: str, max_chars: int, *, allow_empty: bool = True, languages: bool = False
) -> str:
    r"""Return ``raw`` if it is a string of acceptable length that can be printed.

    With ``languages``, ``raw`` may also be a mapping by language
    (:mod:`linviz.model.texts`), returned as a :class:`Texts` whose every
    version is checked.

    A lone surrogate (U+DC00, written ``"\udc00"`` in JSON) is not a character: it
    cannot be written to a terminal or a UTF-8 file, so it is refused here
    rather than when the text is first printed.
    """
    if languages:
        raw = from_json(raw, name)
        if isinstance(raw, Texts):
            for text in variants(raw):
                check_text(text, name, max_chars, allow_empty=allow_empty)
            return raw
    if not isinstance(raw, str):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must be text, got {kind}"),
            name=Term(name),
            kind=type(raw).__name__,
            field=name,
        )
    if not allow_empty and not raw.strip():
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} must not be empty"),
            name=Term(name),
            field=name,
        )
    if len(raw) > max_chars:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} is {length} characters; at most {limit} allowed"
            ),
            name=Term(name),
            length=len(raw),
            limit=max_chars,
            field=name,
        )
    if not raw.isascii():
        try:
            raw.encode("utf-8")
        except UnicodeEncodeError as error:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "{name} holds {char} at character {position}, "
                    "half of a UTF-16 pair and not a character: remove it",
                ),
                name=Term(name),
                char=shown(raw[error.start]),
                position=error.start + 1,
                field=name,
            ) from None
    return raw


def check_dimension(raw: object, name: str) -> int:
    """Return ``raw`` if it is an allowed ``d_k``/``d_v``."""
    if (
        isinstance(raw, bool)
        or not isinstance(raw, int)
        or not (limits.MIN_DIM <= raw <= limits.MAX_DIM)
    ):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "{name} must be a whole number from {low} to {high}, got {got}"
            ),
            name=name,
            low=limits.MIN_DIM,
            high=limits.MAX_DIM,
            got=shown(raw),
            field=name,
        )
    return raw


def check_feature_map(raw: object) -> str:
    """Return ``raw`` if it names a feature map."""
    if not isinstance(raw, str) or raw not in FEATURE_MAPS:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "unknown feature map {got}; expected one of {allowed}"
            ),
            got=shown(raw),
            allowed=", ".join(FEATURE_MAPS),
            field="feature_map",
        )
    return raw


def check_settings(feature_map: str, normalize: object, rule: Rule) -> None:
    """Refuse combinations of settings the mathematics does not define."""
    check_feature_map(feature_map)
    if not isinstance(normalize, bool):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "normalize must be true or false, got {got}"),
            got=shown(normalize),
            field="normalize",
        )
    if normalize and rule.name != "additive":
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "the normaliser z is defined only for the additive rule, not {rule!r}: "
                "turn normalize off or use the additive rule",
            ),
            rule=rule.name,
            field="normalize",
        )
