"""The desk: every panel of the window, where each sits, and the layout mode.

The :class:`Desk` builds the panels around one session, their titled
frames, the splitters and the docks of a ``QMainWindow``, and switches the
layout between three modes (:attr:`Desk.mode`, :attr:`Desk.mode_changed`):

- ``full``: every panel at once (the desk layout, docks under it);
- ``compact``: a small window shows one panel at a time under tabs
  (the compact layout borrows the panels, see :mod:`linviz.views.compact_desk`);
- ``projector``: large, high contrast, what the step needs (the projector
  stage borrows them, see :mod:`linviz.views.classroom.projector_stage`).

The layouts that borrow the panels are given to the desk (``compact`` and
``stage``: a class, or a function building one), never imported by it: they
import the desk, and each is given the desk, not the window. Helpers read
the panels from here (:attr:`Desk.panels`, :meth:`Desk.panel_frame`) and
hear of messages through :attr:`Desk.message`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.call_soon import call_soon
from linviz.views.panel_homes import PanelHomes
from linviz.views.panel_scroll import PanelScroll
from linviz.views.panels.caption import CaptionBar
from linviz.views.panels.equation import EquationPanel
from linviz.views.panels.heatmap import HeatmapPanel
from linviz.views.panels.key_plane import KeyPlanePanel
from linviz.views.panels.panel import Panel
from linviz.views.panels.read_breakdown import ReadoutPanel
from linviz.views.panels.settings import SettingsPanel
from linviz.views.panels.step_table import StepEditorPanel
from linviz.views.panels.timeline import TimelinePanel
from linviz.views.panels.value_plane import ValuePlanePanel
from linviz.views.shell.long_replay import LongReplayWatch

if TYPE_CHECKING:
    from linviz.views.classroom.baseline_panel import BaselinePanel

#: The layout modes.
FULL, COMPACT, PROJECTOR = "full", "compact", "projector"
#: A window narrower or lower than this shows the compact desk. At 1024×768
#: and 1280×720 the desk keeps every panel in view; at 960×640 its heatmap
#: had a plot ~110 px high, its axis titles longer than their axes.
COMPACT_BELOW = QtCore.QSize(1000, 700)
#: The full desk's splits as built, in proportions: the plots and readout, the
#: heatmap's column and the planes, the two planes (``None``: the heatmap and
#: equation's column is fitted to their needs, see ``Desk.fit_columns``).
BUILT_SPLITS: tuple[list[int] | None, ...] = ([700, 300], [400, 600], None, [500, 500])
#: The table of steps' share of the window's height when the window first shows,
#: and its bounds in pixels.
DOCK_SHARE, DOCK_MIN_PX, DOCK_MAX_PX = 0.2, 130, 300
#: A window lower than this (a laptop's 720 or 768 rows) gives the panels the
#: height their titles and the table of steps' extra rows would take: the
#: headings inside the panels name them, and at 1280×720 the heatmap's cells
#: were 24 px, the equation's 10 px with no number, for want of those rows.
TALL_WINDOW_PX = 800
#: The equation's share of its column when the heatmap has the room it needs.
EQUATION_SHARE = 0.35
#: The settings dock's narrowest width (its form scrolls sideways below its own width).
SETTINGS_MIN_PX = 200


class Layout(Protocol):
    """A layout that borrows the desk's panels (the compact desk, the projector stage)."""

    widget: QtWidgets.QWidget

    @property
    def active(self) -> bool: ...

    def enter(self) -> None: ...

    def leave(self) -> None: ...


class Desk(QtCore.QObject):
    """The panels of one window, their frames, splitters and docks, and the layout mode.

    Parameters
    ----------
    session
        The session every panel follows.
    main
        The window the desk lays out (its docks, menu and status bars, size).
    settings
        Where the layouts remember their choices (the compact desk's tabs).
    compact
        Builds the compact layout, given the session and the desk.
    stage
        Builds projector mode's layout, given the session and the desk (the
        first time projector mode starts: most sessions never use it).

    Attributes
    ----------
    panels : dict[str, Panel]
        Every panel by its ``panel_name`` (the views ``linviz export --view`` knows).
    frames, titles : dict
        The frame holding each panel under its title, and the title, by panel name.
    splitters : tuple[QtWidgets.QSplitter, ...]
        The desk's splitters (sizes kept while another layout holds the panels).
    area : QtWidgets.QScrollArea
        The full desk (it scrolls in a window smaller than the panels need).
    scenario_view : QtWidgets.QWidget
        The pages (full desk, compact desk, projector stage): the first tab of the window.
    tabs : QtWidgets.QTabWidget or None
        The window's tabs (the scenario view and the labs), given by who makes them;
        projector mode hides their bar.
    """

    #: A passing message for the status bar.
    message = QtCore.Signal(str)
    #: The layout mode now (``full``, ``compact`` or ``projector``), after each change.
    mode_changed = QtCore.Signal(str)
    #: A panel joined :attr:`panels` after the window was built (by its name).
    panel_added = QtCore.Signal(str)

    def __init__(
        self,
        session: Session,
        main: QtWidgets.QMainWindow,
        settings: QtCore.QSettings,
        compact: Callable[[Session, Desk], Layout],
        stage: Callable[[Session, Desk], Layout],
    ) -> None:
        super().__init__(main)
        self.session = session
        self.main = main
        self.settings = settings
        self.tabs: QtWidgets.QTabWidget | None = None
        #: Says the window is busy while a delta rule replays a long stretch (before
        #: the panels: it must hear of a change first).
        self.long_replay = LongReplayWatch(session, main)
        # The panels, in the order they follow the session (the order they refresh in).
        self.heatmap = HeatmapPanel(session)
        self.equation = EquationPanel(session)
        self.key_plane = KeyPlanePanel(session)
        self.value_plane = ValuePlanePanel(session)
        self.readout = ReadoutPanel(session)
        self.caption = CaptionBar(session)
        self.timeline = TimelinePanel(session)
        self.step_table = StepEditorPanel(session)
        self.settings_panel = SettingsPanel(session)
        #: Built the first time its dock shows (see :meth:`baseline_panel`): most
        #: sessions never pin one, and it costs a heatmap's start-up time.
        self._baseline_panel: BaselinePanel | None = None
        self._make_stage = stage
        self._stage: Layout | None = None
        self.panels: dict[str, Panel] = {}
        self.frames: dict[str, QtWidgets.QFrame] = {}
        self.titles: dict[str, QtWidgets.QLabel] = {}
        #: Layouts lending the panels, each with the homes of what it borrowed.
        self.homes = {COMPACT: PanelHomes(), PROJECTOR: PanelHomes()}
        for panel in (
            self.heatmap,
            self.equation,
            self.key_plane,
            self.value_plane,
            self.readout,
            self.caption,
            self.timeline,
            self.step_table,
            self.settings_panel,
        ):
            self._add(panel)
        #: Whether projector mode was on at the last restyle.
        self._projector = session.options.projector
        #: Docks shown and splitter sizes before projector mode, to put back after it.
        self._docks_before = (True, True)
        self._geometry_before: QtCore.QRect | None = None
        #: The docks shown before projector mode and their sizes, to give them back.
        self._dock_sizes_before: list[tuple[QtWidgets.QDockWidget, int, int]] = []
        self._was_maximized = False
        self._tab_bar_before = True
        self.docks_fitted = False
        #: The docks (QMainWindow.saveState) and splitters as the full desk had
        #: them, kept while the window is large: a small window's compact desk
        #: hides the docks and borrows the panels; growing again puts all back.
        #: (``None`` splitters: the desk was never laid out; it gets :data:`BUILT_SPLITS`.)
        self._desk_state: tuple[QtCore.QByteArray, list[list[int]] | None] | None = None
        #: While the panels move between the desks (or to the projector's stage):
        #: a resize then (docks coming back can widen the window) decides nothing.
        self._compact_busy = False
        #: The shape and theme the columns were last fitted for, and the equation's need then.
        self._fitted_for = self._fit_key()
        self._equation_need = 0
        #: The sizes given to the column at each height it had since the need changed.
        self._fits: dict[int, list[int]] = {}
        self._build_layout(compact)
        self.step_table.refusal.connect(self._show_refusal_large)

    # -- the panels ------------------------------------------------------------------------
    def _add(self, panel: Panel) -> None:
        self.panels[panel.panel_name] = panel
        panel.message.connect(self.message)

    def add_panel(self, panel: Panel) -> None:
        """Take in a panel built later (the baseline's, the projector's before/after)."""
        self._add(panel)
        self.panel_added.emit(panel.panel_name)

    def panel_frame(self, name: str) -> QtWidgets.QWidget:
        """The widget that holds panel ``name`` on screen: its titled frame, else the panel."""
        return self.frames.get(name) or self.panels[name]

    @property
    def mode(self) -> str:
        """``projector``, ``compact`` or ``full``: the layout shown now."""
        if self.session.options.projector:
            return PROJECTOR
        return COMPACT if self.compact.active else FULL

    def _titled(self, panel: Panel, scrolls: bool = False) -> QtWidgets.QWidget:
        """The panel under a small title (the title follows theme and language);
        ``scrolls``: in a :class:`PanelScroll`, so its content never makes the window taller.
        """
        box = QtWidgets.QFrame()
        box.setObjectName(f"{panel.panel_name}_box")
        layout = QtWidgets.QVBoxLayout(box)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(2)
        title = QtWidgets.QLabel(panel.panel_title())
        title.setObjectName("panelTitle")
        layout.addWidget(title)
        layout.addWidget(PanelScroll(panel) if scrolls else panel, 1)
        self.frames[panel.panel_name] = box
        self.titles[panel.panel_name] = title
        return box

    def _build_layout(self, compact: Callable[[Session, Desk], Layout]) -> None:
        main = self.main
        left = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        left.addWidget(self._titled(self.heatmap))
        left.addWidget(self._titled(self.equation))
        # The equation keeps the height its numbers need (see fit_columns); the
        # heatmap takes whatever the column gains or loses.
        left.setStretchFactor(0, 1)
        left.setStretchFactor(1, 0)
        # The planes side by side: each gets the column's full height. Stacked,
        # their legends and axes left each plot a strip ~75 px high at 1280×720,
        # and a read's y was ~20 px long.
        middle = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        middle.addWidget(self._titled(self.key_plane))
        middle.addWidget(self._titled(self.value_plane))
        plots = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        plots.addWidget(left)
        plots.addWidget(middle)
        plots.setStretchFactor(0, 4)
        plots.setStretchFactor(1, 3)
        # Proportions, not the panels' size hints (a legend beside the heatmap
        # would widen the column at the planes' expense).
        plots.setSizes(BUILT_SPLITS[1])
        story = QtWidgets.QWidget()
        column = QtWidgets.QVBoxLayout(story)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(plots, 1)
        column.addWidget(self.caption)
        column.addWidget(self.timeline)
        # The readout spans the full height: its numbers are what a class reads.
        top = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(story)
        # Its height follows the read at the cursor: it scrolls in its column
        # rather than give the whole desk a scroll bar (every plot 14 px narrower).
        top.addWidget(self._titled(self.readout, scrolls=True))
        top.setStretchFactor(0, 7)
        top.setStretchFactor(1, 3)
        top.setSizes(BUILT_SPLITS[0])  # proportions; Qt scales them to the width
        desk = QtWidgets.QWidget()
        desk.setObjectName("desk")
        outer = QtWidgets.QVBoxLayout(desk)
        outer.setContentsMargins(4, 4, 4, 4)
        outer.addWidget(top)
        # In a window smaller than the panels need (800×600), the panels keep
        # a legible size and scroll rather than squeeze the window's minimum
        # past the screen.
        area = QtWidgets.QScrollArea()
        area.setObjectName("desk_area")
        area.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        area.setWidgetResizable(True)
        area.setWidget(desk)
        # Projector mode shows another page (:attr:`stage`, added when first
        # needed): what the step needs, large (the stage borrows the panels from
        # the desk and gives them back).
        self.scenario_view = QtWidgets.QWidget()
        self.scenario_view.setObjectName("scenario_view")
        self._pages = QtWidgets.QStackedLayout(self.scenario_view)
        self._pages.addWidget(area)
        self.area = area
        # A small window shows one panel at a time, under tabs (COMPACT_BELOW).
        self.compact = compact(self.session, self)
        self._pages.addWidget(self.compact.widget)
        self.splitters = (top, plots, left, middle)
        for splitter in self.splitters:
            # A panel is never squeezed to nothing: collapsed, the heatmap's legend
            # wrapped to a column 110 px wide, the desk's minimum height grew back,
            # and the column gave the heatmap its room again, for good.
            splitter.setChildrenCollapsible(False)
        left.installEventFilter(self)  # a new height: fit_columns shares it out

        self.steps_dock = self._dock(
            self.step_table, "steps_dock", Qt.DockWidgetArea.BottomDockWidgetArea
        )
        # In a scroll area: its form must not hold the docks (and the table of
        # steps beside it) taller than a laptop screen can spare.
        self.settings_dock = self._dock(
            self.settings_panel,
            "settings_dock",
            Qt.DockWidgetArea.BottomDockWidgetArea,
            scroll=True,
        )
        # Side by side under the plots: the readout keeps the window's full height.
        main.splitDockWidget(self.steps_dock, self.settings_dock, Qt.Orientation.Horizontal)
        main.resizeDocks(
            [self.steps_dock, self.settings_dock],
            [1400 - self._settings_width, self._settings_width],
            Qt.Orientation.Horizontal,
        )
        # The baseline panel, built when the dock first shows: beside the table of
        # steps, in front of the settings (a tab away): an edit and what it changes.
        self.baseline_dock = QtWidgets.QDockWidget(
            QtCore.QCoreApplication.translate("BaselinePanel", "Baseline: what changed"), main
        )
        self.baseline_dock.setObjectName("baseline_dock")
        self.baseline_dock.visibilityChanged.connect(
            lambda visible: visible and self.baseline_panel()
        )
        main.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.baseline_dock)
        main.tabifyDockWidget(self.settings_dock, self.baseline_dock)
        self.baseline_dock.hide()
        main.resize(1400, 900)

    def _dock(
        self, panel: Panel, name: str, area: Qt.DockWidgetArea, scroll: bool = False
    ) -> QtWidgets.QDockWidget:
        dock = QtWidgets.QDockWidget(panel.panel_title(), self.main)
        dock.setObjectName(name)
        if scroll:
            area_widget = QtWidgets.QScrollArea()
            area_widget.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
            area_widget.setWidgetResizable(True)
            area_widget.setWidget(panel)
            # As wide as the form needs when there is room; in a window 800 px
            # wide it gives way to the table of steps and scrolls sideways too.
            self._settings_width = (
                panel.minimumSizeHint().width() + area_widget.verticalScrollBar().sizeHint().width()
            )
            area_widget.setMinimumWidth(min(SETTINGS_MIN_PX, self._settings_width))
            dock.setWidget(area_widget)
        else:
            dock.setWidget(panel)
        self.main.addDockWidget(area, dock)
        return dock

    # -- looks and words -------------------------------------------------------------------
    def restyle(self) -> None:
        """Panels' chrome, titles and frames for the theme (none on a projector)."""
        options = self.session.options
        self._projector = options.projector
        # On a projector the instructor explains the marks; the room needs the space.
        for panel in self.panels.values():
            panel.show_chrome(not options.projector)
        self.show_titles()
        # Untitled on a projector: the frames keep no border of their own either.
        for frame in self.frames.values():
            margin = 0 if options.projector else 4
            frame.layout().setContentsMargins(margin, margin, margin, margin)

    def retranslate(self) -> None:
        """Titles, panels and the compact desk's tabs in the language now in use."""
        for name, title in self.titles.items():
            title.setText(self.panels[name].panel_title())
        for panel in self.panels.values():
            panel.retranslate()
        self.compact.retranslate()

    def show_titles(self) -> None:
        """Panel titles on the desk; not on a projector, nor under the compact tabs,
        nor in a window lower than :data:`TALL_WINDOW_PX`.
        """
        shown = (
            not self.session.options.projector
            and not self.compact.active
            and self.main.height() >= TALL_WINDOW_PX
        )
        for title in self.titles.values():
            if title.isVisibleTo(title.parentWidget()) != shown:
                title.setVisible(shown)

    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if (
            watched is self.splitters[2]
            and event.type() == QtCore.QEvent.Type.Resize
            and event.size().height() != event.oldSize().height()
        ):
            # Before the splitter shares out its new height: it keeps these sizes.
            handles = watched.handleWidth() * (watched.count() - 1)
            total = event.size().height() - handles
            if total in self._fits:  # back to a height fitted before (after projector mode)
                watched.setSizes(self._fits[total])
            else:
                self.fit_columns(total=total)
        return False

    def fit_columns(self, grow_only: bool = False, total: int | None = None) -> None:
        """The equation the height that prints its numbers, the heatmap the rest.

        When the column cannot give both what they need (a 720-row laptop),
        each gets a share of it in proportion to its need. ``grow_only``: only
        if the equation needs more than it has (a heading wrapped to another line).
        """
        if self.compact.active or self.session.options.projector:
            return
        left = self.splitters[2]
        total = sum(left.sizes()) if total is None else total
        if total <= 0 or not left.isVisible():
            return
        # Each frame's need: its panel's, with the frame's title and margins.
        heatmap_frame, equation_frame = self.frames["heatmap"], self.frames["equation"]
        equation_need = self.equation.height_for_numbers()
        equation_need += equation_frame.height() - self.equation.height()
        if grow_only and equation_need <= self._equation_need:
            return  # a cursor move costs one heading's height, and never moves the split back
        self._equation_need = equation_need
        heatmap_need = self.heatmap.height_for_numbers()
        heatmap_need += heatmap_frame.height() - self.heatmap.height()
        if equation_need + heatmap_need > total:
            equation = round(total * equation_need / (equation_need + heatmap_need))
        else:  # room for both: a tall screen gives the equation its share too
            equation = min(max(equation_need, round(EQUATION_SHARE * total)), total - heatmap_need)
        if grow_only and equation <= left.sizes()[1]:
            return
        sizes = [total - equation, equation]
        if not grow_only and len(self._fits) < 64:
            self._fits[total] = sizes
        else:  # the need grew: the heights fitted before are fitted anew
            self._fits = {total: sizes}
        if left.sizes() != sizes:
            left.setSizes(sizes)

    def _fit_key(self) -> tuple:
        """What the columns' split depends on besides their height: the shape, the theme."""
        scenario = self.session.scenario
        return (scenario.d_k, scenario.d_v, self.session.options.theme)

    def session_changed(self, changes: frozenset[Change]) -> None:
        """The baseline's dock follows the session (the window calls it, in its turn)."""
        fitted_for = self._fit_key()
        if self.session.options.projector:
            pass  # the stage lays the panels out; the desk's split waits for its return
        elif fitted_for != self._fitted_for:  # another shape, another font: once laid out
            self._fitted_for = fitted_for
            self._fits = {}
            call_soon(self, self.fit_columns)
        elif Change.CURSOR in changes:
            self.fit_columns(grow_only=True)
        if Change.BASELINE in changes:
            self.sync_baseline_dock()
        if Change.OPTIONS in changes:
            projector_changed = self.session.options.projector != self._projector
            if projector_changed:  # larger or smaller text: room for it once laid out
                call_soon(self, self._fit_baseline_dock)

    # -- the baseline dock -------------------------------------------------------------------
    def baseline_panel(self) -> BaselinePanel:
        """The baseline panel in its dock (and among :attr:`panels`), built if need be."""
        if self._baseline_panel is None:
            from linviz.views.classroom.baseline_panel import BaselinePanel

            panel = self._baseline_panel = BaselinePanel(self.session)
            self.baseline_dock.setWidget(panel)
            self.add_panel(panel)  # its right-click menu, as every panel has
        return self._baseline_panel

    def sync_baseline_dock(self, fit: bool = True) -> None:
        """Show the dock while a baseline is pinned, hide it when there is none."""
        dock = self.baseline_dock
        pinned = self.session.baseline is not None
        if self.session.options.projector or self.compact.active:
            # Projector mode shows the before/after layout instead (the stage), a
            # small window a tab of the compact desk.
            dock.hide()
            return
        if pinned and not dock.isVisible():
            self.baseline_panel()
            dock.show()
            dock.raise_()
            if fit:
                call_soon(self, self._fit_baseline_dock)  # once laid out
        elif not pinned:
            dock.hide()

    def _fit_baseline_dock(self) -> None:
        """Room in the baseline dock for a legible map and a few rows of the list."""
        dock = self.baseline_dock
        if not dock.isVisible():
            return
        if self.steps_dock.isVisible():
            self.main.resizeDocks([self.steps_dock, dock], [3, 2], Qt.Orientation.Horizontal)
        height = round(self.main.height() * 0.3)
        if dock.height() < height:
            self.main.resizeDocks([dock], [height], Qt.Orientation.Vertical)

    # -- projector mode ----------------------------------------------------------------------
    @property
    def stage(self) -> Layout:
        """Projector mode's layouts, a page of the scenario view, built the first time
        they are asked for (projector mode starting, or a refusal shown large).
        """
        if self._stage is None:
            self._stage = self._make_stage(self.session, self)
            self._pages.addWidget(self._stage.widget)
        return self._stage

    def set_projector_mode(self, on: bool, full_screen: bool = True, stage: bool = True) -> None:
        """Projector mode: large high-contrast view, editors hidden, full screen.

        ``full_screen=False`` keeps the window's size (exports at a chosen
        slide size use that). ``stage=False`` keeps every panel where the
        desk has it (the export of one panel at every step: a read's layout
        would hide the heatmap).
        """
        if on == self.session.options.projector:
            return
        main = self.main
        if on:
            # The panels come back to the desk first: the stage borrows them from it
            # (and stay there however the docks coming back resize the window).
            self._leave_compact()
            self._compact_busy = True
            self._docks_before = (self.steps_dock.isVisible(), self.settings_dock.isVisible())
            # Their sizes too: shown again, the docks share the width anew, and the
            # settings dock lost a quarter of it at every toggle (376 → 289 → 235 px).
            self._dock_sizes_before = [
                (dock, dock.width(), dock.height())
                for dock in (self.steps_dock, self.settings_dock, self.baseline_dock)
                if dock.isVisible()
            ]
            # The window as it was, to put back exactly when projector mode ends.
            self._geometry_before = main.geometry()
            self._was_maximized = main.isMaximized()
            for dock in (self.steps_dock, self.settings_dock, self.baseline_dock):
                dock.hide()
            main.menuBar().hide()
            # Its messages would be cut at projector sizes; a refusal shows large instead.
            main.statusBar().hide()
            if self.tabs is not None:
                # The labs' tabs too: Ctrl+1 … Ctrl+6 switch (as the menus, the keys
                # drive projector mode); their rows go to the readout's numbers.
                self._tab_bar_before = self.tabs.tabBar().isVisible()
                self.tabs.tabBar().hide()
                # A tab widget counts its bar in its minimum even hidden; the stage
                # below it knows its own minimum (a full screen cannot grow anyway).
                self.tabs.setMinimumSize(1, 1)
            if stage:
                self.stage.enter()  # the panels move to the stage, hidden still
            # Projector fonts and styles while the stage is hidden: it is laid out
            # (and its plots resized) once, as it shows, not at desk sizes first.
            self.session.set_options(projector=True)
            if stage:
                self._pages.setCurrentWidget(self.stage.widget)
            self._compact_busy = False
            if full_screen:
                main.showFullScreen()
        else:
            if self._stage is not None:
                self._stage.leave()  # the panels go back to the desk, hidden still
            # Normal fonts first, while the desk is hidden: at projector sizes its
            # minimum size would widen the window as it comes back, and it would
            # be laid out (its plots resized) twice, at projector sizes first.
            self.session.set_options(projector=False)
            steps, settings = self._docks_before
            self.steps_dock.setVisible(steps)
            self.settings_dock.setVisible(settings)
            main.menuBar().show()
            main.statusBar().show()
            # Its height is its font's, worked out when it reformats: not on a font
            # change while hidden. Stale, the window laid the desk out 11 px short,
            # then again (every plot resized and drawn twice).
            main.statusBar().reformat()
            if self.tabs is not None:
                self.tabs.tabBar().setVisible(self._tab_bar_before)
                self.tabs.setMinimumSize(0, 0)
            self._pages.setCurrentWidget(self.area)
            self.sync_baseline_dock(fit=False)
            if main.isFullScreen():
                main.showNormal()
            self._restore_geometry_before()
            # Once laid out again (a full-screen window settles after the event loop).
            call_soon(self, self._restore_geometry_before)
            if self._stage is not None:
                call_soon(self, self._stage.restore_sizes)
            self.update_compact()  # a window left small shows the compact desk
        self.mode_changed.emit(self.mode)

    def escape(self) -> None:
        """Esc: take a refusal's banner away, else leave projector mode."""
        if self._stage is not None and self._stage.banner.isVisible():
            self._stage.hide_banner()
        else:
            self.set_projector_mode(False)

    def _show_refusal_large(self, where: str, why: str) -> None:
        """In projector mode, a refused edit shows as a banner the room can read."""
        if self.session.options.projector:
            self.stage.show_banner(why, where)

    def _restore_geometry_before(self) -> None:
        geometry = self._geometry_before
        if geometry is None or self.session.options.projector:
            return
        if self._was_maximized:
            self.main.showMaximized()
        else:
            self.main.setGeometry(geometry)
        shown = [entry for entry in self._dock_sizes_before if entry[0].isVisible()]
        if shown:
            docks = [dock for dock, _, _ in shown]
            self.main.resizeDocks(
                docks, [width for _, width, _ in shown], Qt.Orientation.Horizontal
            )
            self.main.resizeDocks(
                docks, [height for _, _, height in shown], Qt.Orientation.Vertical
            )

    # -- small windows -----------------------------------------------------------------------
    def is_small(self) -> bool:
        """Whether the window is below :data:`COMPACT_BELOW` (the compact desk's sizes)."""
        main = self.main
        return main.width() < COMPACT_BELOW.width() or main.height() < COMPACT_BELOW.height()

    def update_compact(self) -> None:
        """The compact desk in a small window, the full desk in a large one.

        Decided on the window's size, not the desk's: the docks the compact
        desk hides would otherwise make room and bring the full desk back.
        Projector mode has its own layouts.
        """
        if self.session.options.projector or self._compact_busy:
            return
        if not self.is_small():
            self._leave_compact()
            self.show_titles()
            self.remember_desk()
            return
        if self.compact.active:
            return
        if self._desk_state is None:  # first shown small: the desk as built
            # Its splits as built, not the sizes of splitters never laid out: those
            # gave the value plane 115 px at 1280×720 once the window grew.
            self._desk_state = (self.main.saveState(), None)
        self._compact_busy = True
        try:
            for dock in (self.steps_dock, self.settings_dock, self.baseline_dock):
                dock.hide()  # View ▸ Steps and View ▸ Settings show them again
            self.compact.enter()
            self._pages.setCurrentWidget(self.compact.widget)
            self.show_titles()
        finally:
            self._compact_busy = False
        self.mode_changed.emit(self.mode)

    def _leave_compact(self) -> None:
        """Back to the full desk, its docks as they were before the window was small."""
        if not self.compact.active:
            return
        self._compact_busy = True
        try:
            self.compact.leave()
            self._pages.setCurrentWidget(self.area)
            if self._desk_state is not None:
                self.main.restoreState(self._desk_state[0])
                self._restore_splitters()
                # Once the docks and the desk have their sizes (splitters keep
                # proportions of the size they had when set).
                call_soon(self, self._restore_splitters)
            self.sync_baseline_dock(fit=False)
        finally:
            self._compact_busy = False
        self.show_titles()
        if not self.docks_fitted and self.main.isVisible():  # first shown small
            self.docks_fitted = True
            call_soon(self, self.fit_docks_to_height)
        self.mode_changed.emit(self.mode)

    def _restore_splitters(self) -> None:
        if self._desk_state is None or self.compact.active or self.session.options.projector:
            return
        self.main.layout().activate()
        kept = self._desk_state[1]
        for splitter, sizes in zip(self.splitters, kept or BUILT_SPLITS):
            if sizes is not None:
                splitter.setSizes(sizes)
        if kept is None:
            self.fit_columns()

    def remember_desk(self) -> None:
        """Keep the full desk's docks and splitters as they are once laid out.

        Deferred: a resize has already laid the docks out at the new size
        when the window hears of it; a window made small meanwhile keeps the
        last large desk.
        """
        call_soon(self, self._remember_desk_now)

    def _remember_desk_now(self) -> None:
        if self.compact.active or self.session.options.projector or self.is_small():
            return
        self._desk_state = (self.main.saveState(), [s.sizes() for s in self.splitters])

    def fit_docks_to_height(self) -> None:
        """Give the table of steps about a fifth of the window's height.

        Its natural height suits a tall screen; on a laptop's 768 rows it
        left the plots a sliver. Five or six rows of steps are enough to edit
        with; the plots are what the window is for.
        """
        if self.compact.active:
            self.docks_fitted = False  # fitted when the window is large again
            return
        if not self.steps_dock.isVisible() or self.steps_dock.isFloating():
            return
        height = round(min(max(DOCK_SHARE * self.main.height(), DOCK_MIN_PX), DOCK_MAX_PX))
        if self.main.height() < TALL_WINDOW_PX:
            height = 1  # the least the dock can have: its buttons and a few rows
        self.main.resizeDocks([self.steps_dock], [height], Qt.Orientation.Vertical)
        self.remember_desk()

    def shown(self) -> None:
        """The window shows: fit the docks to its height once it is laid out."""
        if not self.docks_fitted:
            self.docks_fitted = True
            # Once laid out at its real size (a laptop's 768 rows or a full-HD screen).
            call_soon(self, self.fit_docks_to_height)

    def first_show(self, show: Callable[[], None]) -> None:
        """Show the window (``show``) for the first time, the desk laid out once.

        Until the window shows, the tab page that holds the desk has no size:
        shown with the window, the desk was laid out first at Qt's default
        page size (540×360), then at its own, every plot resized and redrawn
        each time. So the desk waits, hidden, until the window has shown and
        the docks are fitted to its height (they were fitted after the first
        paint, which laid everything out once more); then it shows, once, at
        the size it keeps.
        """
        area = self.area
        if self.docks_fitted or self._pages.currentWidget() is not area:
            show()  # compact or projector: their own layouts
            return
        area.hide()
        try:
            show()  # (its showEvent asks for the docks' fit after the event loop: done here)
            self.fit_docks_to_height()
            # The main window's layout takes the docks' new heights before the desk shows.
            QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.LayoutRequest)
        finally:
            area.show()

    def mouse_released(self, _event: QtGui.QMouseEvent | None = None) -> None:
        """A dock's separator may have been dragged to a new size: remember the desk."""
        self.remember_desk()
