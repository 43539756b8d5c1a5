"""The one error type for input the model refuses."""

from __future__ import annotations


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
            parts.append(str(self.file))
        if self.step is not None:
            parts.append(f"step {self.step}")
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        return ", ".join(parts)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message
