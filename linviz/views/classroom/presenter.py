"""The presenter view, its screens, and the keys that drive both windows.

:class:`Presenter` ties the instructor's window
(:class:`~linviz.views.classroom.presenter_view.PresenterView`: the current
and the next step, the caption, the step's notes and check question, the
step count and a stopwatch) to the desk's window:

- With two screens, projector mode (F5) puts the main window full-screen on
  the audience screen (the one that is not the primary screen) and the
  presenter view on the primary one (the laptop).
- With one screen, X swaps between the two windows; with two, X swaps the
  screens they are on.
- The clicker keys drive both windows: the actions declared for the
  presenter (the timeline's Right and Page Down, Left and Page Up, Space,
  Home, End; F5, Esc, R, B, L) are shared with the presenter view, and "."
  blanks the audience screen (B already pins a baseline).

The actions exist from the start; the presenter view and the audience
screen's black cover are built the first time they are needed (most
sessions never show them). Everything shown comes from the session; the
stopwatch is a Qt-free :class:`~linviz.controller.stopwatch.Stopwatch` on an
injectable clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.controller.stopwatch import Stopwatch
from linviz.views.call_soon import call_soon
from linviz.views.guarded import guarded
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.desk import Desk

if TYPE_CHECKING:
    from linviz.views.classroom.presenter_view import PresenterView

Qt = QtCore.Qt


class BlankCover(QtWidgets.QWidget):
    """A black cover over the whole main window: the audience screen goes dark."""

    def __init__(self, window: QtWidgets.QWidget) -> None:
        super().__init__(window)
        self.setObjectName("audience_blank")
        self.setAutoFillBackground(True)
        palette = self.palette()
        palette.setColor(QtGui.QPalette.ColorRole.Window, QtGui.QColor("black"))
        self.setPalette(palette)
        self.hide()
        window.installEventFilter(self)

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if event.type() == QtCore.QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self.parentWidget().rect())
        return False

    def cover(self, on: bool) -> None:
        """Cover the window (``True``) or show it again."""
        if on:
            self.setGeometry(self.parentWidget().rect())
            self.show()
            self.raise_()
        else:
            self.hide()


class Presenter(QtCore.QObject):
    """The presenter view of a window, its screens, and the keys that drive both.

    Parameters
    ----------
    session
        The session both windows show.
    desk
        The desk of the window the audience sees (moved between screens).
    actions
        Where View ▸ Presenter view and the keys it shares are declared.
    stopwatch
        The elapsed time (default: a new one on the monotonic clock).

    Attributes
    ----------
    show_action : QtGui.QAction
        View ▸ Presenter view: show it, or swap it with the audience view (X).
    blank_action : QtGui.QAction
        View ▸ Blank the audience screen (.).
    keys_action : QtGui.QAction
        Help ▸ Presenter and clicker keys.
    stopwatch : Stopwatch
        The session's elapsed time.
    blank : bool
        Whether the audience screen is blanked now.
    """

    def __init__(
        self,
        session: Session,
        desk: Desk,
        actions: ActionRegistry,
        stopwatch: Stopwatch | None = None,
    ) -> None:
        super().__init__(desk)
        #: The window the audience sees (a widget: moved between screens, covered when blanked).
        self.audience = desk.main
        self.session = session
        self.registry = actions
        self.stopwatch = stopwatch if stopwatch is not None else Stopwatch()
        self._view: PresenterView | None = None
        #: Where the main window was before projector mode moved it to the audience screen.
        self._moved_from: tuple[QtGui.QScreen, QtCore.QRect] | None = None
        self.blank = False
        #: Built the first time the audience screen is blanked (see :attr:`cover`).
        self._cover: BlankCover | None = None
        self.show_action = actions.add(
            ActionSpec(
                "view.presenter",
                self.tr("Pr&esenter view (swap with the audience view)"),
                lambda _=False: self.swap(),
                "X",
                "view",
                "presenter",
                tooltip=True,
                presenter=True,
                tip=self.tr(
                    "Notes, question, next step and time for the instructor; X swaps it with "
                    "the audience view"
                ),
            )
        )
        self.blank_action = actions.add(
            ActionSpec(
                "view.blank",
                self.tr("&Blank the audience screen"),
                lambda _=False: self.toggle_blank(),
                ".",
                "view",
                "presenter",
                tip=self.tr("Black out the audience view; press . again to show it"),
                tooltip=True,
                checkable=True,
                presenter=True,
            )
        )
        self.keys_action = actions.add(
            ActionSpec(
                "help.presenter_keys",
                self.tr("&Presenter and clicker keys"),
                self.show_keys,
                menu="help",
                group="presenter",
            )
        )
        self._projector = self.session.options.projector
        self.session.changed.connect(self._on_session_changed)

    # -- the view -----------------------------------------------------------------------------
    def view(self) -> PresenterView:
        """The presenter view, built the first time (with the window's keys shared)."""
        if self._view is None:
            from linviz.views.classroom.presenter_view import PresenterView

            view = self._view = PresenterView(self.session, self.stopwatch)
            view.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
            window = self.audience
            # The same actions, so the same keys do the same thing in both windows.
            for action in self.shared_actions():
                view.addAction(action)
            view.set_blank_shown(self.blank)
            window.destroyed.connect(view.deleteLater)
        return self._view

    def close_view(self) -> None:
        """Close the presenter view, if it was ever built (the audience window has closed).

        Without it the view stayed on screen after its window closed wherever
        closing the window does not end the app (a notebook, the Python API).
        """
        if self._view is not None:
            self._view.close()

    def shared_actions(self) -> list[QtGui.QAction]:
        """The actions whose keys work in the presenter view too (declared so)."""
        return self.registry.presenter_actions()

    @staticmethod
    def screens() -> list[QtGui.QScreen]:
        """The screens Qt knows, the primary (the laptop's, by convention) first."""
        primary = QtGui.QGuiApplication.primaryScreen()
        others = [s for s in QtGui.QGuiApplication.screens() if s is not primary]
        return [primary, *others] if primary is not None else others

    def swap(self) -> None:
        """X: with one screen, bring the presenter view or the audience view to the front;
        with two, exchange the screens they are on.
        """
        view = self.view()
        window = self.audience
        screens = self.screens()
        if len(screens) > 1 and view.isVisible() and window.screen() is not view.screen():
            audience, laptop = view.screen(), window.screen()
            self._place(window, audience, full_screen=window.isFullScreen())
            self._place(view, laptop, full_screen=False)
            return
        if view.isVisible() and view.isActiveWindow():
            view.hide()
            window.raise_()
            window.activateWindow()
            return
        if len(screens) > 1 and window.screen() is screens[0]:
            self._place(view, screens[1], full_screen=False)
        elif window.isFullScreen():
            view.setGeometry(window.geometry())
            view.showFullScreen()
        else:
            view.show()
        view.raise_()
        view.activateWindow()

    @staticmethod
    def _place(widget: QtWidgets.QWidget, screen: QtGui.QScreen, full_screen: bool) -> None:
        """Show ``widget`` on ``screen``, full screen or filling its free area."""
        handle = widget.windowHandle()
        if widget.isFullScreen() or widget.isMaximized():
            widget.showNormal()
        if handle is not None:
            handle.setScreen(screen)
        widget.setGeometry(screen.availableGeometry())
        if full_screen:
            widget.showFullScreen()
        else:
            widget.show()
        widget.raise_()

    # -- projector mode on two screens ---------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):
            self.session.changed.disconnect(self._on_session_changed)
            return
        if Change.OPTIONS not in changes:
            return
        projector = self.session.options.projector
        if projector == self._projector:
            return
        self._projector = projector
        if projector:
            self._enter_projector()
        else:
            # Once the window has its normal fonts back: at projector sizes its
            # minimum size would stretch the geometry being put back.
            call_soon(self, self._leave_projector)

    def _enter_projector(self) -> None:
        screens = self.screens()
        if len(screens) < 2:
            return  # one screen: X brings the presenter view when it is wanted
        laptop, audience = screens[0], screens[1]
        window = self.audience
        self._moved_from = None
        if window.screen() is not audience:
            self._moved_from = (window.screen(), QtCore.QRect(window.normalGeometry()))
            full = window.isFullScreen()
            handle = window.windowHandle()
            if handle is not None:
                handle.setScreen(audience)
            window.setGeometry(audience.geometry())
            if full:
                window.showFullScreen()
        self._place(self.view(), laptop, full_screen=False)
        self.view().activateWindow()

    def _leave_projector(self) -> None:
        if self._view is not None:
            self._view.hide()
        if self._moved_from is not None:
            screen, geometry = self._moved_from
            self._moved_from = None
            window = self.audience
            if window.isFullScreen():
                window.showNormal()
            handle = window.windowHandle()
            if handle is not None:
                handle.setScreen(screen)
            window.setGeometry(geometry)
        self.audience.raise_()
        self.audience.activateWindow()
        if self.blank:
            self.toggle_blank()

    # -- blank ------------------------------------------------------------------------------------
    @property
    def cover(self) -> BlankCover:
        """The black cover over the main window, built the first time it is asked for."""
        if self._cover is None:
            self._cover = BlankCover(self.audience)
        return self._cover

    def toggle_blank(self) -> None:
        """Black out the audience view, or show it again."""
        self.blank = not self.blank
        self.cover.cover(self.blank)
        with QtCore.QSignalBlocker(self.blank_action):
            self.blank_action.setChecked(self.blank)
        if self._view is not None:
            self._view.set_blank_shown(self.blank)

    # -- help -----------------------------------------------------------------------------------
    def keys_text(self) -> str:
        """Every key of the presenter and the clicker, one a line."""
        return "\n".join(
            (
                self.tr("Right, Page Down: next step (both windows)"),
                self.tr("Left, Page Up: previous step"),
                self.tr("Space: play or pause; Home, End: first and last step"),
                self.tr(". : blank the audience screen, or show it again"),
                self.tr(
                    "X: presenter view; with one screen it swaps with the audience view, "
                    "with two it swaps their screens"
                ),
                self.tr(
                    "F5: projector mode (with two screens: the audience view on the "
                    "projector, the presenter view on the laptop); Esc leaves it"
                ),
                self.tr("R: reveal the hidden output; B: pin a baseline; L: lab notebook"),
            )
        )

    def show_keys(self) -> None:
        """Help ▸ Presenter and clicker keys."""
        box = QtWidgets.QMessageBox(
            QtWidgets.QMessageBox.Icon.Information,
            self.tr("Presenter and clicker keys"),
            self.keys_text(),
            QtWidgets.QMessageBox.StandardButton.Ok,
            self.audience,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.keys_box = box
