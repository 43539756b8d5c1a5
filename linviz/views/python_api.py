"""linviz from Python: ``linviz.figure``, ``linviz.show`` and ``linviz.run``.

Following napari (``napari.imshow(data)``, ``napari.run()``) and bertviz
(``head_view(...)`` inline in a notebook):

- :func:`figure` draws any view of a scenario offscreen, as ``linviz
  export`` does, and returns a :class:`Figure` that a notebook shows inline
  (``_repr_png_``, ``_repr_svg_``) and that can ``save`` itself;
- :func:`show` opens the window: inside IPython or Jupyter it turns on Qt's
  event-loop integration (``%gui qt``) and returns at once; in a plain
  script it runs the event loop until the window is closed;
- :func:`run` runs the event loop until every window :func:`show` opened
  with ``block=False`` is closed.
"""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import shiboken6
from PySide6 import QtCore, QtWidgets

from linviz.controller.session import Session
from linviz.model.scenario import Scenario
from linviz.model.texts import in_language

#: Windows :func:`show` opened: kept alive until they are closed.
_WINDOWS: list[QtWidgets.QMainWindow] = []
#: A figure's drawing area when no size is given (a notebook cell's width).
DEFAULT_FIGURE_SIZE = (1200, 750)


def _scenario_of(scenario: Any, arrays: dict[str, Any]) -> Scenario:
    """A scenario, a file or lesson name, or the arguments of ``scenario_from_arrays``."""
    if scenario is None:
        if not arrays:
            raise TypeError("give a scenario, a file name, or arrays (q=, k=, v= …)")
        from linviz.model.arrays import scenario_from_arrays

        return scenario_from_arrays(**arrays)
    if arrays:
        raise TypeError(f"give a scenario or arrays, not both (got {', '.join(arrays)})")
    if isinstance(scenario, Scenario):
        return scenario
    if isinstance(scenario, (str, os.PathLike)):
        from linviz.model.sources import load

        return load(scenario)
    raise TypeError(f"expected a Scenario, a file name or arrays, got {type(scenario).__name__}")


def _session_on(scenario: Scenario) -> Session:
    session = Session()
    session.replace_scenario(scenario.copy(), None)  # the caller's scenario stays as it is
    return session


# -- figures ------------------------------------------------------------------------------
@contextmanager
def _throwaway_settings() -> Iterator[None]:
    """QSettings in a temporary folder while a window is built, then where they were.

    Remembered docks and sizes must not change a figure, nor a figure change them.
    """
    ini = QtCore.QSettings.Format.IniFormat
    user = QtCore.QSettings.Scope.UserScope
    before_format = QtCore.QSettings.defaultFormat()
    probe = QtCore.QSettings(ini, user, "linviz", "linviz")
    before_path = str(Path(probe.fileName()).parent.parent)
    del probe
    with tempfile.TemporaryDirectory(prefix="linviz-figure-") as folder:
        QtCore.QSettings.setDefaultFormat(ini)
        QtCore.QSettings.setPath(ini, user, folder)
        try:
            yield
        finally:
            QtCore.QSettings.setPath(ini, user, before_path)
            QtCore.QSettings.setDefaultFormat(before_format)


class Figure:
    """One view of a scenario at one step, drawn offscreen when it is asked for.

    A notebook shows it inline (PNG, or SVG where the front end prefers it);
    :meth:`save` writes ``.png``, ``.svg`` or ``.pdf``. Drawn once per format.
    """

    def __init__(
        self,
        scenario: Scenario,
        step: int | None,
        view: str,
        theme: str,
        size: tuple[int, int],
        scale: float,
        language: str,
    ) -> None:
        from linviz.views.export.command import THEMES, UsageError, parse_size, parse_step

        self.scenario = scenario.copy()
        try:
            self.size = parse_size(size if isinstance(size, str) else f"{size[0]}x{size[1]}")
            self.step = parse_step(None if step is None else str(step), len(scenario), ".png")
        except UsageError as error:
            raise ValueError(str(error).replace("--", "")) from None
        if theme not in THEMES:
            raise ValueError(f"unknown theme {theme!r}: choose {', '.join(THEMES)}")
        if not 1.0 <= scale <= 4.0:
            raise ValueError(f"scale must be between 1 and 4, not {scale:g}")
        self.view, self.theme, self.scale, self.language = view, theme, scale, language
        self._drawn: dict[str, bytes] = {}

    def __repr__(self) -> str:
        return (
            # The title as written (a repr would spell "Tableaux\u202f: …" out).
            f"<linviz.Figure {self.view!r} of '{in_language(self.scenario.title, self.language)}' "
            f"at step {self.step}, "
            f"{self.size[0]}×{self.size[1]}>"
        )

    def _repr_png_(self) -> bytes:
        return self.data(".png")

    def _repr_svg_(self) -> str:
        return self.data(".svg").decode("utf-8")

    def data(self, suffix: str = ".png") -> bytes:
        """The figure encoded as ``suffix`` (``.png``, ``.svg`` or ``.pdf``)."""
        suffix = suffix.lower()
        if suffix not in (".png", ".svg", ".pdf"):
            raise ValueError(f"cannot draw {suffix!r}: use .png, .svg or .pdf")
        if suffix not in self._drawn:
            self._drawn[suffix] = self._draw(suffix)
        return self._drawn[suffix]

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the figure to ``path``; its ending (.png .svg .pdf) picks the format."""
        from linviz.views.export.images import write_file

        return write_file(path, self.data(Path(path).suffix))

    def _draw(self, suffix: str) -> bytes:
        from linviz.views.app import application, main_window
        from linviz.views.export import images
        from linviz.views.export.command import (
            OFFSCREEN_MESSAGES,
            Plan,
            UsageError,
            check_window_size,
            prepare_view,
            view_names,
        )
        from linviz.views.export.slide import editors_hidden

        app = application(language=self.language)
        session = _session_on(self.scenario)
        plan = Plan(
            out=Path(f"figure{suffix}"),
            suffix=suffix,
            step=self.step,
            view=self.view,
            scale=self.scale,
            theme=self.theme,
            size=self.size,
            language=self.language,
            frame_ms=1200,
        )
        with _throwaway_settings(), images.harmless_messages_hidden(OFFSCREEN_MESSAGES):
            window = main_window(session)
            # Drawn, never put on a screen (a notebook on a desktop has a display).
            window.setAttribute(QtCore.Qt.WidgetAttribute.WA_DontShowOnScreen, True)
            try:
                names = view_names(window)
                if self.view not in names:
                    known = ", ".join(names)
                    raise ValueError(f"unknown view {self.view!r}: choose one of {known}")
                widget = prepare_view(window, session, plan)
                if widget is not window:
                    widget = _alone(window, widget, self.size)
                with editors_hidden(window.desk, hidden=self.view == "window"):
                    session.set_cursor(self.step)
                    images.settle()
                    try:
                        check_window_size(widget, plan)
                    except UsageError as error:  # as the constructor says the command's
                        raise ValueError(str(error).replace("--", "")) from None
                    if suffix == ".png":
                        return images.png_bytes(images.render_image(widget, self.scale))
                    title = f"{session.title} — linviz"
                    if suffix == ".svg":
                        return images.svg_bytes(widget, title)
                    return images.pdf_bytes(widget, title)
            finally:
                for shown in {window, widget} if "widget" in locals() else {window}:
                    shown.hide()
                    shown.deleteLater()
                app.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


def _alone(
    window: QtWidgets.QMainWindow, widget: QtWidgets.QWidget, size: tuple[int, int]
) -> QtWidgets.QWidget:
    """``widget`` taken out of ``window`` and given ``size``, drawn as the window draws it.

    A panel's size in the window is what the layout leaves it; a figure of
    one panel is the size asked for.
    """
    from linviz.views.export import images

    # A frame of exactly that size: a panel with a largest size of its own sits in it.
    frame = QtWidgets.QWidget()
    frame.session = window.session  # the export finds the theme through it
    frame.setAttribute(QtCore.Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    frame.setPalette(window.palette())
    frame.setStyleSheet(window.styleSheet())
    frame.setAutoFillBackground(True)
    layout = QtWidgets.QVBoxLayout(frame)
    layout.setContentsMargins(0, 0, 0, 0)
    scrolled = False
    for area in window.findChildren(QtWidgets.QScrollArea):
        if area.widget() is widget:
            # Out of the scroll area that holds it in the window: the area fitted the
            # panel to its own width (the readout 573 px wide in a 480 px figure, cut).
            area.takeWidget()
            scrolled = True
    if scrolled:
        # As the window's column shows it, without its scroll bar: as wide as the
        # figure, as tall as the figure or as its words need at that width (then cut
        # at the bottom). Squeezed to the figure's height, the readout's lines overlapped.
        view = QtWidgets.QScrollArea()
        view.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        view.setHorizontalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setWidgetResizable(True)
        view.setWidget(widget)
        layout.addWidget(view)
    else:
        layout.addWidget(widget)
    frame.setFixedSize(*size)
    frame.show()
    widget.show()
    images.settle()
    return frame


def figure(
    scenario: Any = None,
    step: int | None = None,
    view: str = "window",
    theme: str = "light",
    size: tuple[int, int] | str = DEFAULT_FIGURE_SIZE,
    *,
    scale: float = 1.0,
    language: str = "en",
    **arrays: Any,
) -> Figure:
    """One view of ``scenario`` at ``step`` (default: the last), drawn offscreen.

    Parameters
    ----------
    scenario
        A :class:`~linviz.model.scenario.Scenario`, a file or lesson name; or
        leave it out and give the arrays of ``scenario_from_arrays``.
    step
        0 (the empty memory) to the number of steps.
    view
        ``"window"``, a panel (``"heatmap"``, ``"planes"`` …) or a lab, as
        ``linviz export --view list`` names them.
    theme
        ``"light"``, ``"dark"`` or ``"projector"``.
    size
        The drawing area in pixels, ``(width, height)`` or ``"1920x1080"``.
    scale
        PNG pixels per logical pixel, 1 to 4 (the image is ``scale × size``).
    language
        ``"en"`` or ``"fr"``.
    """
    return Figure(_scenario_of(scenario, arrays), step, view, theme, size, scale, language)


# -- the window ---------------------------------------------------------------------------
def _ipython():
    """The running IPython shell or kernel, if any."""
    module = sys.modules.get("IPython")
    if module is None:
        return None
    try:
        return module.get_ipython()
    except Exception:  # an IPython that is imported but broken is no IPython
        return None


def _forget_closed() -> None:
    """Drop the windows closed since, and those Qt deleted (a script's ``deleteLater``)."""
    _WINDOWS[:] = [
        window for window in _WINDOWS if shiboken6.isValid(window) and window.isVisible()
    ]


def show(
    scenario: Any = None,
    *,
    step: int | None = None,
    language: str | None = None,
    block: bool | None = None,
    **arrays: Any,
) -> QtWidgets.QMainWindow:
    """Open the window on ``scenario`` (or on the arrays given, as ``scenario_from_arrays``).

    Parameters
    ----------
    scenario
        A scenario, a file or lesson name; or leave it out and give arrays.
    step
        The step to show first (default: 0, the empty memory, as a lesson opens).
    language
        ``"en"`` or ``"fr"`` (default: the last chosen, else the system's).
    block
        Run the event loop until the window is closed. Default: not inside
        IPython/Jupyter (where ``%gui qt`` keeps the window alive while cells
        run), yes in a plain script.

    Returns
    -------
    The main window (its ``session`` is the scenario's controller).
    """
    from linviz.views.app import (
        application,
        chosen_language,
        has_display,
        install_error_reporter,
        open_window,
    )
    from linviz.views.language import set_language

    if not has_display():
        raise RuntimeError(
            "no display to open a window on (DISPLAY is not set): use linviz.figure() instead"
        )
    session = _session_on(_scenario_of(scenario, arrays))
    shell = _ipython()
    block = shell is None if block is None else block
    app = application()
    install_error_reporter(app)
    set_language(chosen_language(language))
    window = open_window(session, offer_recovery=False)
    if step is not None:
        session.set_cursor(step)
    _forget_closed()
    _WINDOWS.append(window)
    if shell is not None:
        try:
            shell.enable_gui("qt")
        except Exception as error:  # e.g. a kernel without Qt support: say what to type
            warnings.warn(f"linviz: could not turn on %gui qt ({error}); run %gui qt", stacklevel=2)
    if block:
        run()
    return window


def run() -> int:
    """Run the event loop until every window opened by :func:`show` is closed.

    Returns at once when none is open, or inside IPython with ``%gui qt`` on
    (the shell runs the loop).
    """
    _forget_closed()
    app = QtWidgets.QApplication.instance()
    if app is None or not _WINDOWS:
        return 0
    shell = _ipython()
    if shell is not None and getattr(shell, "active_eventloop", None) in ("qt", "qt6", "qt5"):
        return 0
    return app.exec()
