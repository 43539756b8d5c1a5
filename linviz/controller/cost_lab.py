"""The cost lab's controller: what to measure, and the measurements delivered so far.

The time per new token is measured on the user's machine
(:mod:`linviz.model.token_costs`): at each cache length, a softmax read over
the whole cache against one state update and read. A :class:`CostJob` holds
the settings only, so a worker thread can run it while the GUI thread goes
on; its partial results (the lengths measured so far, with the lines fitted
through them) and its final one come back to :meth:`CostLab.deliver` on the
GUI thread, as for the recall test (:class:`~linviz.controller.labs.CapacityJob`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from linviz.controller.labs import _Lab
from linviz.model import token_costs
from linviz.model.costs import check_whole
from linviz.model.token_costs import CostRow


def rows_of(measured: list[tuple[int, float, float]]) -> list[CostRow]:
    """The rows with the lines fitted in plain least squares: the lengths are evenly spaced."""
    return token_costs.rows_of(measured, relative=False)


@dataclass(frozen=True)
class CostSettings:
    """The longest cache, how many lengths up to it, the head size ``d``, runs per length."""

    longest: int = 200_000
    points: int = 12
    d: int = 64
    repeat: int = 5

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "longest", check_whole(self.longest, "longest", *token_costs.TOKEN_RANGE)
        )
        object.__setattr__(
            self, "points", check_whole(self.points, "points", *token_costs.POINT_RANGE)
        )
        object.__setattr__(self, "d", check_whole(self.d, "d", *token_costs.HEAD_RANGE))
        object.__setattr__(
            self, "repeat", check_whole(self.repeat, "repeat", *token_costs.REPEAT_RANGE)
        )
        token_costs.check_measurement([self.longest], self.d, self.repeat)

    def lengths(self) -> list[int]:
        """The cache lengths measured, shortest first."""
        return token_costs.cache_lengths(self.longest, self.points)


@dataclass(frozen=True)
class CostResult:
    """The lengths measured so far for some settings, with the lines fitted through them.

    Attributes
    ----------
    settings
        What was measured.
    rows
        One row per length measured, shortest first (empty before the first).
    complete
        Whether every length was measured (not stopped, not still running).
    """

    settings: CostSettings
    rows: tuple[CostRow, ...]
    complete: bool

    @property
    def fit(self) -> token_costs.Fit | None:
        """The lines through the measurements; ``None`` before the first."""
        return self.rows[0].fit if self.rows else None


@dataclass(frozen=True)
class CostJob:
    """One measurement for fixed settings, safe to run on any thread."""

    settings: CostSettings

    @property
    def total_work(self) -> int:
        """How many lengths it measures."""
        return len(self.settings.lengths())

    def run(
        self,
        progress: Callable[[CostResult], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> CostResult:
        """Measure every length; stop between lengths once ``should_stop()`` is true.

        ``progress(partial)`` is called after each length, from the thread
        this runs on, with the lengths measured so far.
        """
        settings = self.settings
        measured: list[tuple[int, float, float]] = []
        lengths = settings.lengths()
        for row in token_costs.measure_steps(lengths, settings.d, settings.repeat):
            measured.append(row)
            if progress is not None and len(measured) < len(lengths):
                progress(CostResult(settings, tuple(rows_of(measured)), False))
            if should_stop is not None and should_stop():
                break
        rows = tuple(rows_of(measured))
        return CostResult(settings, rows, len(rows) == len(lengths))


class CostLab(_Lab):
    """Settings, and the last measurement delivered for them.

    ``changed`` is emitted when the settings change (the result shown is then
    stale: :attr:`result` is ``None`` until a measurement for the new settings
    is delivered) and when a result, partial or final, is delivered.
    """

    def __init__(self, settings: CostSettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else CostSettings()
        self._delivered: CostResult | None = None

    def job(self) -> CostJob:
        """A job for the current settings (run it on a worker thread)."""
        return CostJob(self.settings)

    def deliver(self, result: CostResult) -> bool:
        """Take a partial or final result on the GUI thread; ``False`` if the settings changed."""
        if result.settings != self.settings:
            return False
        self._delivered = result
        self.changed.emit()
        return True

    def run(self, should_stop: Callable[[], bool] | None = None) -> CostResult:
        """Measure here and now, deliver and return the result (exports, tests)."""
        result = self.job().run(None, should_stop)
        self.deliver(result)
        return result

    @property
    def result(self) -> CostResult | None:
        """The measurement for the current settings, ``None`` until one is delivered."""
        delivered = self._delivered
        return delivered if delivered is not None and delivered.settings == self.settings else None
