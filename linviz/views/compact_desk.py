"""The desk in a small window: one panel at a time, under a tab bar.

Below :data:`COMPACT_BELOW` (an 800×600 laptop or a shared screen's
window), the desk's five panels squeezed side by side leave each a sliver:
a heatmap's axis titles cut, the planes' titles longer than their axes, the
equation's matrices too small for their numbers. The compact desk shows one
panel in the whole central area instead, with a tab bar to pick another
(``S · Equation · Key plane · Value plane · Readout``); the caption and the
step chips stay under it, always shown.

The tab shown follows the step, as projector mode's layouts do: ``S`` at
step 0, the equation at a write, the readout at a read. A tab the user
picks is remembered for that kind of step (in the window's settings, as the
other layout settings are), so picking the key plane at a write keeps it at
every write.

A pinned baseline adds a sixth tab, ``Baseline``: the before/after panel
that the full desk shows in a dock (a dock at 800×600 would leave S a
sliver). Pinning shows it; clearing the baseline takes the tab away.

The panels exist once: the compact desk borrows their frames from the desk
layout and gives them back, in place, when the window grows again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.views.guarded import guarded
from linviz.views.panels.panel import session_theme
from linviz.views.shell.desk import COMPACT, COMPACT_BELOW

if TYPE_CHECKING:
    from linviz.controller.session import Session
    from linviz.views.shell.desk import Desk

__all__ = ["COMPACT_BELOW", "CompactDesk"]
#: The panels, in tab order.
TABS = ("heatmap", "equation", "keys", "values", "readout")
#: The tab added while a baseline is pinned (after the others).
BASELINE = "baseline"
#: The kinds of step, and the tab each shows until the user picks another.
START, WRITE, READ = "start", "write", "read"
DEFAULT_TABS = {START: "heatmap", WRITE: "equation", READ: "readout"}
#: The least height the readout's bars get drawn in (their legend and labels
#: aside); with less room they give way and the numbers keep theirs.
BARS_PX = 120
#: Where the tab picked for each kind of step is remembered.
SETTINGS_GROUP = "compact_tab"


class CompactDesk(QtCore.QObject):
    """The compact layout of a desk's scenario view.

    Parameters
    ----------
    session
        The session whose step picks the tab shown.
    desk
        The desk whose panels it borrows (and whose settings keep the tabs picked).

    Attributes
    ----------
    widget : QtWidgets.QWidget
        The compact desk (a page of the scenario view's stacked layout).
    tab_bar : QtWidgets.QTabBar
        One tab per panel; F6 reaches it, the arrow keys then switch.
    """

    def __init__(self, session: Session, desk: Desk) -> None:
        super().__init__(desk)
        self.desk = desk
        self.session = session
        #: Where each borrowed widget sat in the desk layout: (container, index).
        self._homes = desk.homes[COMPACT]
        self._arranging = False
        #: A panel shown whatever the step (an export of that panel), else None.
        self._held: str | None = None
        #: The baseline panel while the compact desk holds it (a baseline is pinned).
        self._baseline: QtWidgets.QWidget | None = None

        self.widget = QtWidgets.QWidget()
        self.widget.setObjectName("compact_desk")
        layout = QtWidgets.QVBoxLayout(self.widget)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.setSpacing(2)
        self.tab_bar = _TabBar()
        self.tab_bar.setObjectName("compact_tabs")
        self.tab_bar.setExpanding(False)
        self.tab_bar.setDrawBase(False)
        self.tab_bar.setElideMode(Qt.TextElideMode.ElideNone)
        self.tab_bar.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        for _ in TABS:
            self.tab_bar.addTab("")
        self.retranslate()
        layout.addWidget(self.tab_bar)
        self.stack = QtWidgets.QStackedWidget()
        self.stack.setObjectName("compact_stack")
        self.stack.installEventFilter(self)
        layout.addWidget(self.stack, 1)
        # An interfering read lists eight measures, its weights and overlaps:
        # more lines than 800×600 leaves under the tabs. They scroll rather
        # than push the window taller than its screen.
        # The stack's page from the start (hidden until compact), never a window of its
        # own: without a parent it outlived a window closed before its first compact desk.
        self.readout_area = QtWidgets.QScrollArea(self.stack)
        self.readout_area.hide()
        self.readout_area.setObjectName("compact_readout_area")
        self.readout_area.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        self.readout_area.setWidgetResizable(True)
        self.readout_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._layout = layout
        self._styled_theme: str | None = None
        self.tab_bar.currentChanged.connect(self._tab_changed)
        self.session.changed.connect(self._on_session_changed)

    # -- texts -------------------------------------------------------------------------------
    def titles(self) -> dict[str, str]:
        """Each tab's title, by panel name (short: five fit 800 px in either language)."""
        return {
            "heatmap": self.tr("S"),
            "equation": self.tr("Equation"),
            "keys": self.tr("Key plane"),
            "values": self.tr("Value plane"),
            "readout": self.tr("Readout"),
            BASELINE: self.tr("Baseline"),
        }

    def retranslate(self) -> None:
        """Tab titles and tips in the language now in use."""
        titles = self.titles()
        for index, name in enumerate(self.tabs()):
            self.tab_bar.setTabText(index, titles[name])
            self.tab_bar.setTabToolTip(index, self.desk.panels[name].panel_title())
        self.tab_bar.setAccessibleName(self.tr("Views"))
        self.tab_bar.setToolTip(
            self.tr("The window is small: one view at a time (arrow keys switch, F6 reaches here)")
        )

    def _style(self) -> None:
        theme = session_theme(self.session)
        if theme.name == self._styled_theme:
            return
        self._styled_theme = theme.name
        self.tab_bar.setStyleSheet(
            f"QTabBar::tab {{ background: {theme.panel}; color: {theme.muted};"
            f" border: none; border-bottom: 3px solid {theme.panel}; padding: 3px 10px; }}"
            f"QTabBar::tab:selected {{ color: {theme.foreground};"
            f" border-bottom: 3px solid {theme.accent}; }}"
            f"QTabBar::tab:focus {{ border-bottom: 3px dotted {theme.accent}; }}"
        )

    # -- entering and leaving ------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether the compact desk holds the panels."""
        return bool(self._homes)

    def enter(self) -> None:
        """Borrow the panels from the desk layout: one shown at a time."""
        if self.active:
            return
        desk = self.desk
        borrowed = [desk.panel_frame(name) for name in TABS]
        self._homes.borrow([*borrowed, desk.caption, desk.timeline])
        for name in TABS:
            if name == "readout":
                self.readout_area.setWidget(desk.panel_frame(name))
            self.stack.addWidget(self._page(name))  # the stack shows one
        self._layout.addWidget(desk.caption)
        self._layout.addWidget(desk.timeline)
        self._style()
        self._sync_baseline(show=False)
        self.arrange()
        self._fit_readout()

    def leave(self) -> None:
        """Give every panel back to the desk layout, where it was (the desk
        puts its splitter sizes back).
        """
        if not self.active:
            return
        self.readout_area.takeWidget()
        self._give_back_baseline()
        self._homes.give_back()
        self.desk.readout.allow_bars(True)

    # -- the baseline tab ------------------------------------------------------------------
    def tabs(self) -> tuple[str, ...]:
        """The tabs shown, by panel name: the five, and ``baseline`` while one is pinned."""
        return (*TABS, BASELINE) if self._baseline is not None else TABS

    def _sync_baseline(self, show: bool) -> None:
        """The baseline tab while a baseline is pinned (``show``: switch to it)."""
        pinned = self.session.baseline is not None
        if pinned and self._baseline is None:
            # Out of its dock (hidden while the window is small) into the stack.
            self._baseline = self.desk.baseline_panel()
            self.stack.addWidget(self._baseline)
            self._baseline.show()
            self.tab_bar.addTab("")
            self.retranslate()
            if show:
                self._show(BASELINE)
        elif not pinned and self._baseline is not None:
            shown = self.current() == BASELINE
            self._give_back_baseline()
            if shown:
                self.arrange()

    def _give_back_baseline(self) -> None:
        """The baseline panel back in its dock (which the desk shows or hides)."""
        if self._baseline is None:
            return
        panel, self._baseline = self._baseline, None
        self._arranging = True
        try:
            self.tab_bar.removeTab(len(TABS))
        finally:
            self._arranging = False
        self.stack.removeWidget(panel)
        self.desk.baseline_dock.setWidget(panel)

    def _fit_readout(self) -> None:
        """The readout's bars where the room has rows for them and every number.

        Decided before the layout runs, shown or not (a stack's minimum is its
        largest page's): a readout taller than the room would push the
        window's minimum past an 800×600 screen. The numbers come first.
        """
        room = self.stack.height() if self.stack.isVisible() else 0
        # The readout's own hint (its frame's is cached until the next layout pass)
        # and its frame's margins.
        margins = self.desk.panel_frame("readout").layout().contentsMargins()
        self.desk.readout.fit_height(
            room, margins.top() + margins.bottom() + BARS_PX, steady=self.session.dragging
        )

    # -- which tab -----------------------------------------------------------------------------
    def step_kind(self) -> str:
        """``"start"`` (step 0), ``"write"`` or ``"read"``: the step at the cursor."""
        number = self.session.cursor
        if number < 1:
            return START
        return WRITE if self.session.scenario.is_write(number) else READ

    def tab_for(self, kind: str) -> str:
        """The panel shown at a ``kind`` of step: the one picked last, else the default."""
        picked = str(self.desk.settings.value(f"{SETTINGS_GROUP}/{kind}", ""))
        return picked if picked in self.tabs() else DEFAULT_TABS[kind]

    def current(self) -> str:
        """The panel shown now (its name)."""
        return self.tabs()[max(self.tab_bar.currentIndex(), 0)]

    def arrange(self) -> None:
        """Show the tab the step at the cursor wants (the baseline tab, once shown, stays)."""
        if not self.active:
            return
        if self._held in self.tabs():
            self._show(self._held)
        elif self.current() != BASELINE:  # what changed stays in view while stepping
            self._show(self.tab_for(self.step_kind()))

    def _show(self, name: str) -> None:
        self._arranging = True
        try:
            self.tab_bar.setCurrentIndex(self.tabs().index(name))
        finally:
            self._arranging = False
        self.stack.setCurrentWidget(self._page(name))

    def _page(self, name: str) -> QtWidgets.QWidget:
        """The stack's page showing panel ``name``."""
        if name == BASELINE and self._baseline is not None:
            return self._baseline
        return self.readout_area if name == "readout" else self.desk.panel_frame(name)

    def pick(self, name: str) -> None:
        """Show panel ``name`` and remember it for this kind of step (a user's choice)."""
        self.tab_bar.setCurrentIndex(self.tabs().index(name))

    def reveal(self, name: str) -> None:
        """Show panel ``name`` at every step, remembering nothing (an export of it)."""
        if name in self.tabs():
            self._held = name
            self.arrange()

    def _tab_changed(self, index: int) -> None:
        if index < 0 or not self.active:
            return
        name = self.tabs()[index]
        self.stack.setCurrentWidget(self._page(name))
        if not self._arranging:
            settings = self.desk.settings
            settings.setValue(f"{SETTINGS_GROUP}/{self.step_kind()}", name)
            settings.sync()

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not self.active:
            return
        if Change.BASELINE in changes:
            self._sync_baseline(show=True)
        if changes & {Change.CURSOR, Change.SCENARIO}:
            self.arrange()
        if Change.OPTIONS in changes:
            self._style()
        self._fit_readout()

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if watched is self.stack and event.type() == QtCore.QEvent.Type.Resize and self.active:
            self._fit_readout()
        return False


class _TabBar(QtWidgets.QTabBar):
    """The compact desk's tabs: with the focus, the arrow keys are theirs.

    Left and Right are the window's previous/next step everywhere else; on
    the focused tab bar they switch the view, as on any tab bar.
    """

    _KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Home, Qt.Key.Key_End)

    @guarded(False)
    def event(self, event: QtCore.QEvent) -> bool:
        if (
            event.type() == QtCore.QEvent.Type.ShortcutOverride
            and event.key() in self._KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            event.accept()
            return True
        return super().event(event)

    @guarded()
    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Home, Qt.Key.Key_End) and self.count():
            self.setCurrentIndex(0 if key == Qt.Key.Key_Home else self.count() - 1)
            return
        super().keyPressEvent(event)
