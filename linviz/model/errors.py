"""The one error type for input the model refuses, and how its values are shown."""

from __future__ import annotations

#: Longest repr of a refused value quoted in a message.
SHOWN_CHARS = 40


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
    ) -> None:
        self.message = message
        self.file = file
        self.step = step
        self.field = field
        super().__init__(str(self))

    def located(self, *, file: str | None = None, step: int | None = None) -> ScenarioError:
        """Return a copy that also names ``file`` and/or ``step``."""
        return ScenarioError(
            self.message,
            file=file if file is not None else self.file,
            step=step if step is not None else self.step,
            field=self.field,
        )

    def where(self) -> str:
        """The location part alone: ``"lesson.json, step 3, field 'key'"``."""
        parts = []
        if self.file is not None:
            parts.append(printable(str(self.file)))
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        message = printable(self.message)
        return f"{where}: {message}" if where else message
