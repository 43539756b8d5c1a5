"""The labs beside the scenario: one tab each in the window, built when first shown.

:class:`LabTabs` makes the window's tabs (:attr:`LabTabs.widget`, which
the window shows as its central widget): the desk's scenario view first
("Scenario"), then a tab per lab. A lab's page is made the
first time its tab shows, so a window that never opens a lab pays nothing
for it. View ▸ Labs lists them, with Ctrl+1 (the scenario) to Ctrl+7.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.panels.panel import session_theme
from linviz.views.shell.actions import ActionRegistry, ActionSpec
from linviz.views.shell.desk import Desk

if TYPE_CHECKING:
    from linviz.views.labs.lab_page import LabPage

Qt = QtCore.Qt

#: The labs in tab order (their ``lab_name``).
LAB_NAMES = ("memory", "recall", "spotlight", "rules", "spectrum", "cost")
#: The name of the first tab, the scenario's own views.
SCENARIO = "scenario"


def _page_maker(name: str) -> Callable[[Session], LabPage]:
    """The function that builds lab ``name``'s page on a session (imported when needed)."""

    def make(session: Session) -> LabPage:
        if name == "memory":
            from linviz.views.labs.memory_page import MemoryPage

            return MemoryPage(session)
        if name == "recall":
            from linviz.views.labs.recall_page import RecallPage

            return RecallPage(session)
        if name == "spotlight":
            from linviz.views.labs.spotlight_page import SpotlightPage

            return SpotlightPage(session)
        if name == "rules":
            from linviz.views.labs.rules_page import RulesPage

            return RulesPage(session)
        if name == "spectrum":
            from linviz.views.labs.spectrum_page import SpectrumPage

            return SpectrumPage(session)
        from linviz.views.labs.cost_page import CostPage

        return CostPage(session)

    return make


class LabTabs(QtCore.QObject):
    """The window's tabs: the scenario first, then one per lab.

    Parameters
    ----------
    session
        The session every lab follows.
    desk
        The desk whose scenario view is the first tab.
    actions
        Where View ▸ Labs and its entries (Ctrl+1 … Ctrl+7) are declared.

    Attributes
    ----------
    widget, tabs : QtWidgets.QTabWidget
        The tabs (the window's central widget).
    pages : dict[str, LabPage]
        The pages built so far, by lab name.
    actions : dict[str, QtGui.QAction]
        Go to a tab (``scenario`` and every lab), with Ctrl+1 … Ctrl+7.
    menu : QtWidgets.QMenu
        View ▸ Labs.
    """

    #: A lab's passing message for the status bar.
    message = QtCore.Signal(str)
    #: A lab's failure the user must see: a title and the reason.
    error = QtCore.Signal(str, str)

    def __init__(self, session: Session, desk: Desk, actions: ActionRegistry) -> None:
        super().__init__(desk)
        self.session = session
        self.desk = desk
        self.pages: dict[str, LabPage] = {}
        self.tabs = self.widget = QtWidgets.QTabWidget()
        self.tabs.setTabBar(_TabBar())
        self.tabs.setObjectName("lab_tabs")
        self.tabs.setDocumentMode(True)  # no frame: the scenario's views keep their edges
        # Arrows when the seven tabs do not fit: the window (and a figure of it) can be
        # narrower than the tabs' 603 px (663 in French).
        self.tabs.setUsesScrollButtons(True)
        self.tabs.tabBar().setExpanding(False)
        self._holders: dict[str, QtWidgets.QWidget] = {}
        titles = self.titles()
        self.tabs.addTab(desk.scenario_view, titles[SCENARIO])
        self.tabs.setTabToolTip(0, self.tr("The scenario: S, the planes, the readout (Ctrl+1)"))
        for number, name in enumerate(LAB_NAMES, start=2):
            holder = QtWidgets.QWidget()
            holder.setObjectName(f"{name}_tab")
            layout = QtWidgets.QVBoxLayout(holder)
            layout.setContentsMargins(0, 0, 0, 0)
            self._holders[name] = holder
            index = self.tabs.addTab(holder, titles[name])
            self.tabs.setTabToolTip(index, f"{self.tips()[name]} (Ctrl+{number})")
        self.tabs.currentChanged.connect(self._tab_shown)
        self._styled_theme: str | None = None
        self._style_tabs()
        session.changed.connect(self._session_changed)

        self.actions: dict[str, QtGui.QAction] = {}
        self.menu = actions.declare_menu("view.labs", self.tr("&Labs"), parent="view", group="labs")
        for number, name in enumerate((SCENARIO, *LAB_NAMES), start=1):
            # The keys work with the menu bar hidden (projector mode) too.
            self.actions[name] = actions.add(
                ActionSpec(
                    f"labs.{name}",
                    f"&{number}  {titles[name]}",
                    lambda _=False, n=name: self.show_tab(n),
                    f"Ctrl+{number}",
                    "view.labs",
                    tip=self.tips().get(name, titles[name]),
                )
            )
        # Runs and followers stop with the window, and before the application quits.
        close_pages = self._close_pages_of(self.pages)
        desk.main.destroyed.connect(close_pages)
        QtCore.QCoreApplication.instance().aboutToQuit.connect(close_pages)

    # -- names ------------------------------------------------------------------------------
    def titles(self) -> dict[str, str]:
        """Each tab's title, by name (translated; short enough for a projector's tab bar)."""
        return {
            SCENARIO: self.tr("Scenario"),
            "memory": self.tr("Memory cost"),
            "recall": self.tr("Recall test"),
            "spotlight": self.tr("Spotlight"),
            "rules": self.tr("Rules"),
            "spectrum": self.tr("Filling up"),
            "cost": self.tr("Cost per token"),
        }

    def tips(self) -> dict[str, str]:
        """What each lab shows, one line each (translated)."""
        return {
            SCENARIO: self.tr("The scenario: S, the planes, the readout"),
            "memory": self.tr("Memory cost: a growing KV cache against one fixed state S"),
            "recall": self.tr("The controlled recall test: store N pairs, read each back"),
            "spotlight": self.tr("Spotlight vs floodlight: softmax and linear weights of a read"),
            "rules": self.tr("The scenario under the additive, delta and gated rules"),
            "spectrum": self.tr("Memory filling up: singular values and effective rank of S"),
            "cost": self.tr(
                "Time per new token, measured here: softmax over a growing cache against one "
                "state update"
            ),
        }

    # -- looks ---------------------------------------------------------------------------------
    def _session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self.tabs):  # the window is gone
            self.session.changed.disconnect(self._session_changed)
            return
        if Change.OPTIONS in changes:
            self._style_tabs()

    def _style_tabs(self) -> None:
        """Flat tabs on the theme's background, the tab shown underlined.

        On the window's own background, a window export keeps that background
        at its corners, as it had before the tabs.
        """
        theme = session_theme(self.session)
        if theme.name == self._styled_theme:
            return
        self._styled_theme = theme.name
        self.tabs.tabBar().setStyleSheet(
            f"QTabBar::tab {{ background: {theme.background}; color: {theme.muted};"
            f" border: none; border-bottom: 3px solid {theme.background};"
            f" padding: 3px 10px; }}"
            f"QTabBar::tab:selected {{ color: {theme.foreground};"
            f" border-bottom: 3px solid {theme.accent}; }}"
            f"QTabBar::tab:focus {{ border-bottom: 3px dotted {theme.accent}; }}"
            f"QTabBar {{ background: {theme.background}; }}"
            # The scroll arrows of a narrow window: the window's button padding
            # (3px 8px) left no room for their arrows.
            f"QTabBar QToolButton {{ padding: 0px; }}"
        )

    def retranslate(self) -> None:
        """Tab titles, and every built page, in the language now in use."""
        titles, tips = self.titles(), self.tips()
        self.tabs.setTabToolTip(0, self.tr("The scenario: S, the planes, the readout (Ctrl+1)"))
        for number, name in enumerate([SCENARIO, *LAB_NAMES], start=1):
            self.tabs.setTabText(number - 1, titles[name])
            if number > 1:
                self.tabs.setTabToolTip(number - 1, f"{tips[name]} (Ctrl+{number})")
            self.actions[name].setText(f"&{number}  {titles[name]}")
            self.actions[name].setStatusTip(tips.get(name, titles[name]))
        for page in self.pages.values():
            page.retranslate()

    # -- exports without a person at the window --------------------------------------------
    def names(self) -> list[str]:
        """The labs' names (``linviz export --view`` takes them)."""
        return list(LAB_NAMES)

    def prepare_export(self, name: str) -> QtWidgets.QWidget:
        """Show lab ``name`` (or the ``"window"``) for an export; return what to draw.

        The recall test is measured here and now, on this thread: a command
        that exports at once cannot wait for a worker's result. The whole
        window is drawn as a slide of the scenario: without the tab bar.
        """
        if name == "window":
            self.show_tab(SCENARIO)
            self.tabs.tabBar().hide()
            return self.desk.main
        page = self.page(name)
        runs = getattr(page, "auto_run", None)
        if runs is not None:
            page.auto_run = False
            if page.lab.result is None:
                page.lab.run()
        self.show_tab(name)
        return page.figure()

    # -- tabs and pages -----------------------------------------------------------------------
    def current_name(self) -> str:
        """The name of the tab shown."""
        index = self.tabs.currentIndex()
        return SCENARIO if index <= 0 else LAB_NAMES[index - 1]

    def show_tab(self, name: str) -> None:
        """Show tab ``name`` (``scenario`` or a lab), building its page if need be."""
        index = 0 if name == SCENARIO else LAB_NAMES.index(name) + 1
        self.tabs.setCurrentIndex(index)
        if name != SCENARIO:
            self.page(name)

    def page(self, name: str) -> LabPage:
        """Lab ``name``'s page, built the first time it is asked for."""
        page = self.pages.get(name)
        if page is None:
            page = _page_maker(name)(self.session)
            page.message.connect(self.message)
            page.failed.connect(self.error)
            page.restyle()  # its projector layout before it takes room in the window
            self._holders[name].layout().addWidget(page)
            self.pages[name] = page
        return page

    def _tab_shown(self, index: int) -> None:
        if index > 0:
            self.page(LAB_NAMES[index - 1])

    @staticmethod
    def _close_pages_of(pages: dict[str, LabPage]) -> Callable[..., None]:
        """A function that lets every page of ``pages`` go (the window holding them is gone)."""

        def close(*_: object) -> None:
            for page in pages.values():
                page.close_lab()
            pages.clear()

        return close


class _TabBar(QtWidgets.QTabBar):
    """The labs' tab bar: it asks no room while hidden (an export, projector mode).

    ``QTabWidget`` counts its tab bar in its smallest size even hidden: a figure
    of the window at 480×360 came out 480×375.
    """

    def minimumSizeHint(self) -> QtCore.QSize:
        return QtCore.QSize(0, 0) if self.isHidden() else super().minimumSizeHint()
