"""Text given in several languages: a caption, notes, a question or a title.

A scenario file may give such a field as a plain string or as a mapping by
language, ``{"en": "…", "fr": "…"}`` (the file format's version stays 1: a
plain string is still what most files hold). The model keeps a mapping as
:class:`Texts`, a ``str`` whose value is the English text, so every part of
linviz that only needs *a* text keeps working; the views ask for the text in
their language with :func:`in_language`, and saving writes the mapping back.
"""

from __future__ import annotations

from collections.abc import Mapping

from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, Term

#: The languages a text may be given in; the first is the fallback.
LANGUAGES = ("en", "fr")
FALLBACK = LANGUAGES[0]


class Texts(str):
    """One text in several languages; as a ``str``, the English one.

    Two :class:`Texts` are equal when every language's text is; a plain
    string equals a :class:`Texts` only when that holds English alone.
    """

    by_language: dict[str, str]

    def __new__(cls, by_language: Mapping[str, str]) -> Texts:
        texts = {code: by_language[code] for code in LANGUAGES if code in by_language}
        made = super().__new__(cls, texts.get(FALLBACK, ""))
        made.by_language = texts
        return made

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Texts):
            return self.by_language == other.by_language
        if isinstance(other, str):
            return str.__eq__(self, other) and set(self.by_language) <= {FALLBACK}
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = str.__hash__

    def __reduce__(self) -> tuple[type, tuple[dict[str, str]]]:
        return (Texts, (dict(self.by_language),))

    def __repr__(self) -> str:
        return f"Texts({self.by_language!r})"


def counted(count: int, one: str, more: str) -> str:
    """``"1 pair"``, ``"3 pairs"``: a count and its noun (a generated title's words)."""
    return f"{count} {one if count == 1 else more}"


def in_language(text: str, language: str) -> str:
    """``text`` in ``language``, else in English (a plain string: itself)."""
    if isinstance(text, Texts):
        return text.by_language.get(language) or text.by_language.get(FALLBACK, "")
    return text


def variants(text: str) -> list[str]:
    """Every language's version of ``text`` (a plain string: just it)."""
    return list(text.by_language.values()) if isinstance(text, Texts) else [text]


def with_language(text: str, language: str, new: str) -> str:
    """``text`` with its ``language`` version replaced by ``new``.

    A plain string edited in English stays a plain string; edited in another
    language it becomes a :class:`Texts` that keeps the English.
    """
    if isinstance(text, Texts):
        return Texts({**text.by_language, language: new})
    if language == FALLBACK:
        return new
    return Texts({FALLBACK: text, language: new})


def as_json(text: str) -> str | dict[str, str]:
    """What a file holds for ``text``: the plain string, or the mapping by language."""
    return dict(text.by_language) if isinstance(text, Texts) else str(text)


def from_json(raw: object, name: str) -> object:
    """``raw`` as read from a file: a mapping by language becomes a :class:`Texts`.

    Anything else is returned as it is (the caller checks it as a string).

    Raises
    ------
    ScenarioError
        For a mapping with an unknown language, no English, or a value that
        is not text (naming the field).
    """
    if not isinstance(raw, dict):
        return raw
    for code, value in raw.items():
        if code not in LANGUAGES:
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{name} has a text in unknown language {code!r}; use {known}"
                ),
                name=Term(name),
                code=code,
                known=_either(LANGUAGES),
                field=name,
            )
        if not isinstance(value, str):
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP("ScenarioError", "{name}[{code!r}] must be text, got {kind}"),
                name=name,
                code=code,
                kind=type(value).__name__,
                field=name,
            )
    if FALLBACK not in raw:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "{name} by language needs an {fallback!r} text (shown when a language has none)",
            ),
            name=Term(name),
            fallback=FALLBACK,
            field=name,
        )
    return Texts(raw)


def _either(codes: tuple[str, ...]) -> str:
    """``'en' or 'fr'``, as a phrase the views translate."""
    known: str = repr(codes[0])
    for code in codes[1:]:
        known = Phrase(
            QT_TRANSLATE_NOOP("ScenarioError", "{known} or {code!r}"), known=known, code=code
        )
    return known
