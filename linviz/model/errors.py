"""The one error type for input the model refuses, and how its values are shown.

Every refusal is written from an English template with named fields,
``ScenarioError.of(QT_TRANSLATE_NOOP("ScenarioError", "{name} must be text"),
name=…)``: ``str(error)`` is the English sentence (the command line, logs,
``linviz trace``), and the views say the same refusal in the language shown
(:func:`linviz.views.error_text.shown_error`) by translating the template
and writing the fields' numbers their way. The model stays free of Qt:
:func:`QT_TRANSLATE_NOOP` only marks the literal for ``pyside6-lupdate``,
which reads this exact name and form (a literal context, a literal text).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # typing.Self is Python 3.11; only the type checker reads it here.
    from typing_extensions import Self

#: Longest repr of a refused value quoted in a message.
SHOWN_CHARS = 40
#: The translation context of every refusal's template, location and terms.
CONTEXT = "ScenarioError"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for translation in ``context``; return it unchanged.

    ``pyside6-lupdate`` extracts the literal from every call written
    ``QT_TRANSLATE_NOOP("ScenarioError", "…")``; the views translate it
    when they show the message.
    """
    return text


class Term(str):
    """A word or phrase inside a message that the views translate (context ``ScenarioError``).

    A field's name (``key``), an op (``write``), what a file is (``a device``).
    The English text is the string itself; the phrase must also be written
    somewhere as ``QT_TRANSLATE_NOOP("ScenarioError", "…")`` to be translated.
    """

    __slots__ = ()


class Phrase(str):
    """A part of a message written from its own template: ``key component 2``.

    The views translate its template and fill it as they do a whole message's.
    """

    template: str
    values: dict[str, Any]

    def __new__(cls, template: str, **values: Any) -> Phrase:
        self = super().__new__(cls, template.format_map(values))
        self.template = template
        self.values = values
        return self


class Counted(str):
    """A count and its noun, ``"3 components"``: the views say it with their plural forms."""

    # The count shadows str.count on purpose (the views read it as a number), which
    # the type checker can only see as overriding a method with an int.
    count: int  # type: ignore[assignment]
    noun: str

    def __new__(cls, count: int, noun: str) -> Counted:
        self = super().__new__(cls, f"{count} {noun}{'s' * (count != 1)}")
        self.count = count
        self.noun = noun
        return self


#: Terms whose value comes from a variable (a field's name, an op): listed so
#: that lupdate extracts them. The field names are those a file or a lab setting
#: uses; the views translate the location ``field 'key'`` with them too.
TERMS = (
    QT_TRANSLATE_NOOP("ScenarioError", "key"),
    QT_TRANSLATE_NOOP("ScenarioError", "query"),
    QT_TRANSLATE_NOOP("ScenarioError", "value"),
    QT_TRANSLATE_NOOP("ScenarioError", "label"),
    QT_TRANSLATE_NOOP("ScenarioError", "target"),
    QT_TRANSLATE_NOOP("ScenarioError", "caption"),
    QT_TRANSLATE_NOOP("ScenarioError", "notes"),
    QT_TRANSLATE_NOOP("ScenarioError", "question"),
    QT_TRANSLATE_NOOP("ScenarioError", "title"),
    QT_TRANSLATE_NOOP("ScenarioError", "write"),
    QT_TRANSLATE_NOOP("ScenarioError", "read"),
    QT_TRANSLATE_NOOP("ScenarioError", "alpha"),
    QT_TRANSLATE_NOOP("ScenarioError", "beta"),
    QT_TRANSLATE_NOOP("ScenarioError", "steps"),
    QT_TRANSLATE_NOOP("ScenarioError", "similarity"),
    QT_TRANSLATE_NOOP("ScenarioError", "tokens"),
    QT_TRANSLATE_NOOP("ScenarioError", "sharpness"),
    # The labs' settings.
    QT_TRANSLATE_NOOP("ScenarioError", "keys"),
    QT_TRANSLATE_NOOP("ScenarioError", "rule"),
    QT_TRANSLATE_NOOP("ScenarioError", "trials"),
    QT_TRANSLATE_NOOP("ScenarioError", "seed"),
    QT_TRANSLATE_NOOP("ScenarioError", "tolerance"),
    QT_TRANSLATE_NOOP("ScenarioError", "layers"),
    QT_TRANSLATE_NOOP("ScenarioError", "heads"),
    QT_TRANSLATE_NOOP("ScenarioError", "head_dim"),
    QT_TRANSLATE_NOOP("ScenarioError", "max_tokens"),
    QT_TRANSLATE_NOOP("ScenarioError", "max_points"),
    QT_TRANSLATE_NOOP("ScenarioError", "prediction"),
    QT_TRANSLATE_NOOP("ScenarioError", "state estimate"),
    QT_TRANSLATE_NOOP("ScenarioError", "similarity_n"),
    # The parts of a file's dotted field names (rule.name, rule.beta).
    QT_TRANSLATE_NOOP("ScenarioError", "name"),
)


def shown(raw: object, limit: int = SHOWN_CHARS) -> str:
    """A short, one-line, printable repr of ``raw`` for a message.

    A 400-digit number or a 2,000-character string must not fill the
    screen, and an integer too long for Python to print (over 4,300 digits)
    must not raise while the message that refuses it is being built.
    """
    if isinstance(raw, int) and not isinstance(raw, bool) and raw.bit_length() > 4_000:
        digits = int(raw.bit_length() * 0.30103) + 1
        return f"an integer of about {digits:,} digits"
    try:
        text = repr(raw)
    except (ValueError, RecursionError):
        return f"a {type(raw).__name__}"
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def printable(text: str) -> str:
    """``text`` with control characters and lone surrogates escaped (one printable line)."""
    if text.isprintable():
        return text
    return "".join(
        char
        if char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF
        else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


class ScenarioError(ValueError):
    """Input that cannot be used: a bad file, step, field or setting.

    Parameters
    ----------
    message
        What is wrong and what was expected, in plain words.
    file
        The file the input came from, when there is one.
    step
        The 1-based step number, as the user sees it.
    field
        The field of the step or file (``"key"``, ``"rule.alpha"`` …).
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        step: int | None = None,
        field: str | None = None,
        template: str | None = None,
        values: Mapping[str, Any] | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.step = step
        self.field = field
        #: The English template the message was written from (``None``: the
        #: message is shown as it is, e.g. one a view wrote already translated).
        self.template = template
        #: The template's named fields.
        self.values: dict[str, Any] = dict(values or {})
        super().__init__(str(self))

    @classmethod
    def of(
        cls,
        template: str,
        *,
        file: str | None = None,
        step: int | None = None,
        field: str | None = None,
        **values: Any,
    ) -> Self:
        """The refusal written from ``template`` (``str.format`` fields, ``{{`` for a brace).

        ``template`` is a ``QT_TRANSLATE_NOOP("ScenarioError", "…")`` literal;
        ``values`` fill its fields: numbers as numbers (the views write them
        in their language), :class:`Term` for words they translate,
        :class:`Counted` for counted nouns, anything else as text.
        """
        return cls(
            template.format_map(values),
            file=file,
            step=step,
            field=field,
            template=template,
            values=values,
        )

    def located(self, *, file: str | None = None, step: int | None = None) -> ScenarioError:
        """Return a copy that also names ``file`` and/or ``step``."""
        return ScenarioError(
            self.message,
            file=file if file is not None else self.file,
            step=step if step is not None else self.step,
            field=self.field,
            template=self.template,
            values=self.values,
        )

    def where(self) -> str:
        """The location part alone: ``"lesson.json, step 3, field 'key'"``."""
        parts = []
        if self.file is not None:
            parts.append(printable(str(self.file)))
        if self.step is not None:
            parts.append(STEP_PLACE.format(number=f"{self.step:,}"))  # step 1,000,000
        if self.field is not None:
            parts.append(FIELD_PLACE.format(name=self.field))
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        message = printable(self.message)
        return LOCATED.format(where=where, message=message) if where else message


#: The parts of a refusal's location, and how it leads the message.
STEP_PLACE = QT_TRANSLATE_NOOP("ScenarioError", "step {number}")
FIELD_PLACE = QT_TRANSLATE_NOOP("ScenarioError", "field '{name}'")
LOCATED = QT_TRANSLATE_NOOP("ScenarioError", "{where}: {message}")
