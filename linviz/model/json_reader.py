"""Read a JSON document one value at a time, refusing what a scenario never holds.

A million-step scenario decoded whole is a million dictionaries and sixteen
million float objects (over a gigabyte). The reader here walks the top-level
object itself and hands out one value at a time, each decoded by the
standard library's C scanner, so that the steps can be copied into columns
and dropped as they come (:mod:`linviz.model.step_reader`).

What the JSON grammar allows but a scenario never holds is refused while
parsing, as :func:`json.loads` would meet it, with a
:class:`~linviz.model.errors.ScenarioError` that names the field (and the
caller adds the step): ``NaN``/``Infinity``, a key twice in one object,
integers too long to convert (Python's 4,300-digit limit), nesting deeper
than the interpreter can follow.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, Term, shown

_SPACE = re.compile(r"[ \t\n\r]*")
_BLANK = re.compile(rb"[ \t\n\r\x0b\x0c]*\Z")
_COMMA = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")


def skip_space(text: str, pos: int) -> int:
    """The first position at or after ``pos`` that is not JSON whitespace."""
    return _SPACE.match(text, pos).end()  # type: ignore[union-attr]


class JsonSyntaxError(ScenarioError):
    """The text is not JSON at all (as opposed to JSON a scenario does not allow)."""


def syntax_error(message: str, text: str, pos: int) -> JsonSyntaxError:
    """The error :func:`json.loads` would give, as a one-line :class:`ScenarioError`."""
    error = json.JSONDecodeError(message, text, pos)
    return JsonSyntaxError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError", "not valid JSON: {reason} at line {line}, column {column}"
        ),
        reason=Term(error.msg),
        line=error.lineno,
        column=error.colno,
    )


#: What Python's JSON decoder says is wrong, as terms the views translate.
JSON_REASONS = (
    QT_TRANSLATE_NOOP("ScenarioError", "Expecting value"),
    QT_TRANSLATE_NOOP("ScenarioError", "Expecting property name enclosed in double quotes"),
    QT_TRANSLATE_NOOP("ScenarioError", "Expecting ':' delimiter"),
    QT_TRANSLATE_NOOP("ScenarioError", "Expecting ',' delimiter"),
    QT_TRANSLATE_NOOP("ScenarioError", "Extra data"),
    QT_TRANSLATE_NOOP("ScenarioError", "Unterminated string starting at"),
    QT_TRANSLATE_NOOP("ScenarioError", "Invalid control character at"),
    QT_TRANSLATE_NOOP("ScenarioError", "Invalid \\escape"),
    QT_TRANSLATE_NOOP("ScenarioError", "Invalid \\uXXXX escape"),
)


class _Refused(Exception):
    """Raised from inside the C scanner; turned into a located ScenarioError outside it."""


def _refuse_constant(name: str) -> Any:
    raise _Refused(name)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _twice(key)
            seen.add(key)
    return out


def _twice(key: str) -> ScenarioError:
    return ScenarioError.of(
        QT_TRANSLATE_NOOP("ScenarioError", "the key {key} appears twice in one object"),
        key=shown(key),
        field=key,
    )


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, object_pairs_hook=_no_duplicate_keys)


class _Constant:
    """Stands for a ``NaN``/``Infinity`` while a refused value is searched."""

    def __init__(self, name: str) -> None:
        self.name = name


class _LongInteger:
    """Stands for an integer too long to convert while a refused value is searched."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _diagnostic_int(text: str) -> int | _LongInteger:
    digits = len(text.lstrip("-"))
    if digits > 4_000:
        return _LongInteger(digits)
    return int(text)


def _keep_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    return dict(pairs)


_DIAGNOSTIC = json.JSONDecoder(
    parse_constant=_Constant, parse_int=_diagnostic_int, object_pairs_hook=_keep_pairs
)


def _first_marker(value: Any, path: tuple[Any, ...] = ()) -> tuple[tuple[Any, ...], Any] | None:
    """Where the first :class:`_Constant`/:class:`_LongInteger` is, in file order."""
    if isinstance(value, (_Constant, _LongInteger)):
        return path, value
    items: Any = ()
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    for key, item in items:
        found = _first_marker(item, (*path, key))
        if found is not None:
            return found
    return None


def _describe(field: str | None, path: tuple[Any, ...]) -> tuple[str | None, str]:
    """``(field, words)`` for a place in a value: ``("key", "key component 2")``."""
    names = [part for part in path if isinstance(part, str)]
    if field is not None:
        names = [field, *names]
    dotted = ".".join(names) if names else None
    index = next((part for part in path if isinstance(part, int)), None)
    words: Term | Phrase
    if index is None:
        words = Term(dotted) if dotted else Term(QT_TRANSLATE_NOOP("ScenarioError", "a value"))
    elif dotted:
        words = Phrase(
            QT_TRANSLATE_NOOP("ScenarioError", "{name} component {position}"),
            name=Term(dotted),
            position=index + 1,
        )
    else:
        words = Phrase(
            QT_TRANSLATE_NOOP("ScenarioError", "a value (item {position})"), position=index + 1
        )
    return dotted, words


def _refusal(text: str, pos: int, field: str | None) -> ScenarioError:
    """Decode the value at ``pos`` again, leniently, to say what was refused where."""
    try:
        value, _ = _DIAGNOSTIC.raw_decode(text, pos)
    except (ValueError, RecursionError):  # pragma: no cover - the strict pass failed first
        value = None
    found = _first_marker(value)
    if found is None:  # pragma: no cover - defensive
        return ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "a number JSON does not allow"), field=field
        )
    path, marker = found
    dotted, words = _describe(field, path)
    if isinstance(marker, _Constant):
        return ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{place} is {constant}, which is not a number JSON allows; write a finite number",
            ),
            place=words,
            constant=marker.name,
            field=dotted,
        )
    return ScenarioError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError",
            "{place} is an integer of {digits:,} digits, far beyond the largest "
            "number linviz can use (about 1.8e308)",
        ),
        place=words,
        digits=marker.digits,
        field=dotted,
    )


def decode_value(text: str, pos: int, field: str | None = None) -> tuple[Any, int]:
    """Decode the one JSON value starting at ``pos``; return it and where it ends.

    Parameters
    ----------
    text
        The whole document.
    pos
        Where the value starts (no whitespace before it).
    field
        The name the value has in the document (``"rule"``, a step's nothing),
        used in messages.

    Raises
    ------
    ScenarioError
        For invalid JSON (naming line and column) and for what a scenario
        never holds (naming the field).
    """
    try:
        return _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError as error:
        raise syntax_error(error.msg, text, error.pos) from None
    except ScenarioError as error:  # a key twice in one object
        dotted, _ = _describe(field, (error.field,) if error.field else ())
        raise ScenarioError(
            error.message, field=dotted, template=error.template, values=error.values
        ) from None
    except _Refused:
        raise _refusal(text, pos, field) from None
    except RecursionError:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "JSON nested too deeply; a scenario needs 4 levels")
        ) from None
    except ValueError:  # an integer over Python's int-conversion limit
        raise _refusal(text, pos, field) from None


def walk_object(text: str, pos: int, on_member: Callable[[str, int], int]) -> int:
    """Walk the object at ``pos``; ``on_member(key, value_pos)`` returns where the value ends.

    Refuses a key that appears twice. Returns the position after the ``}``.
    """
    if not text.startswith("{", pos):
        raise syntax_error("Expecting value", text, pos)
    pos = skip_space(text, pos + 1)
    if text.startswith("}", pos):
        return pos + 1
    seen: set[str] = set()
    while True:
        if not text.startswith('"', pos):
            raise syntax_error("Expecting property name enclosed in double quotes", text, pos)
        try:
            key, pos = json.decoder.scanstring(text, pos + 1, True)  # type: ignore[attr-defined]
        except json.JSONDecodeError as error:
            raise syntax_error(error.msg, text, error.pos) from None
        pos = skip_space(text, pos)
        if not text.startswith(":", pos):
            raise syntax_error("Expecting ':' delimiter", text, pos)
        pos = skip_space(text, pos + 1)
        if key in seen:
            raise _twice(key)
        seen.add(key)
        pos = skip_space(text, on_member(key, pos))
        if text.startswith(",", pos):
            pos = skip_space(text, pos + 1)
            continue
        if text.startswith("}", pos):
            return pos + 1
        raise syntax_error("Expecting ',' delimiter", text, pos)


class ArrayItems:
    """The items of the array at ``pos``, decoded one at a time.

    Iterate to get each item; afterwards :attr:`end` is the position after
    the ``]``. Problems name the item (1-based) as ``step``.
    """

    def __init__(self, text: str, pos: int) -> None:
        if not text.startswith("[", pos):
            raise syntax_error("Expecting value", text, pos)
        self._text = text
        self._start = pos
        self.end = -1

    def __iter__(self) -> Iterator[Any]:
        text = self._text
        # Set by JSONDecoder.__init__ (the C scanner); typeshed does not declare it.
        scan = _DECODER.scan_once  # type: ignore[attr-defined]
        pos = skip_space(text, self._start + 1)
        if text.startswith("]", pos):
            self.end = pos + 1
            return
        number = 0
        while True:
            number += 1
            try:
                item, pos = scan(text, pos)
            except (StopIteration, ValueError, _Refused, RecursionError):
                # Decode it again, slowly, for the words (and the field) of the refusal.
                try:
                    decode_value(text, pos)
                except JsonSyntaxError:
                    raise
                except ScenarioError as error:
                    raise error.located(step=number) from None
                raise AssertionError("decoded on the second try") from None  # pragma: no cover
            yield item
            match = _COMMA.match(text, pos)
            if match is not None:
                pos = match.end()
                continue
            pos = skip_space(text, pos)
            if text.startswith("]", pos):
                self.end = pos + 1
                return
            raise syntax_error("Expecting ',' delimiter", text, pos)


def parse_json(data: bytes | bytearray) -> Any:
    """Decode ``data`` as one JSON document, refusing what a scenario never holds."""
    text = decode_json_text(data)
    pos = skip_space(text, 0)
    value, end = decode_value(text, pos)
    end = skip_space(text, end)
    if end != len(text):
        raise syntax_error("Extra data", text, end)
    return value


def decode_json_text(data: bytes | bytearray) -> str:
    """``data`` as text: UTF-8 (a byte-order mark allowed), refused if empty or binary."""
    if _BLANK.match(data):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "the file is empty; expected a JSON scenario")
        )
    if b"\x00" in data:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "this is a binary file, not a JSON scenario")
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "not UTF-8 text (byte {position}); expected a JSON scenario"
            ),
            position=error.start + 1,
        ) from None
