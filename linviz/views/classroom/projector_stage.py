"""Projector mode's layouts: what the step at the cursor needs, large.

The desk layout squeezes every panel into the desk. On a projector the
room reads from the back, so projector mode shows only what the step needs,
as large as the screen allows:

- a write: the stamp equation over ``S`` and the key plane;
- step 0 (nothing to equate yet): ``S`` over the caption, the key plane beside;
- a read: the equation over the value plane, the readout beside them;
- with a baseline pinned: the before/after layout (``S`` with the baseline,
  ``S`` now and the difference; the read at the cursor then and now; the
  changes since the pin and the one-variable warning).

The panels exist once: the stage borrows their frames from the desk layout
and gives them back, in place, when projector mode ends. The labs are tabs
of their own and keep their layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.lab_record import LabNotebook
from linviz.views.classroom.before_after import BeforeAfter
from linviz.views.guarded import guarded
from linviz.views.panels.panel import session_theme
from linviz.views.shell.desk import PROJECTOR

if TYPE_CHECKING:
    from linviz.controller.session import Session
    from linviz.views.shell.desk import Desk

WRITE, READ, BASELINE, EMPTY = "write", "read", "baseline", "empty"
#: The layouts that show S with the caption under it and the key plane beside.
_WITH_S = (WRITE, EMPTY)
#: Where each layout but the baseline's puts what it shows on the stage's grid:
#: (name, row, column, rows, columns) each, then the rows' stretches; its two
#: columns share the width.
_GRIDS: dict[str, tuple[tuple[tuple[str, int, int, int, int], ...], tuple[int, ...]]] = {
    # S with the caption under it (a square S leaves its column height to spare);
    # the stamp over the key plane beside them, the full height (the plane's axis
    # titles run along its sides).
    WRITE: (
        (
            ("heatmap", 0, 0, 2, 1),
            ("caption", 2, 0, 1, 1),
            ("equation", 0, 1, 1, 1),
            ("keys", 1, 1, 2, 1),
        ),
        (2, 3),
    ),
    # No equation yet: S over the caption, the key plane their full height beside.
    # (In the write's grid the equation's empty row kept its stretch and pushed a
    # 960×540 slide's caption under the step chips.)
    EMPTY: ((("heatmap", 0, 0, 1, 1), ("caption", 1, 0, 1, 1), ("keys", 0, 1, 2, 1)), (1,)),
    # The equation over the value plane and the caption; the readout's numbers
    # beside them, the stage's full height (an interfering read has eight
    # measures under its bars).
    READ: (
        (
            ("equation", 0, 0, 1, 1),
            ("values", 1, 0, 1, 1),
            ("caption", 2, 0, 1, 1),
            ("readout", 0, 1, 3, 1),
        ),
        (2, 3),
    ),
}
#: The equation's largest share of the stage's height: one row of matrices or
#: vectors; the plane under it needs the rest (its axis titles run along its sides).
EQUATION_SHARE = 0.3
#: The heatmap's column's largest share of the width at a write (S is square:
#: more width would only leave margins; the stamp and the key plane need it).
HEATMAP_SHARE = 0.5
#: What the shares cap (the caption, or a panel's name).
_LEFT_COLUMN = ("equation", "values", "heatmap", "caption")
#: The readout's smallest share of the stage's width at a read.
READOUT_SHARE = 0.5
#: The caption's largest share of the stage's height: the rest goes to S or the plane.
CAPTION_SHARE = 0.45
QWIDGETSIZE_MAX = 16777215


class ProjectorStage(QtCore.QObject):
    """The projector layouts of a desk's scenario view.

    Parameters
    ----------
    session
        The session whose step picks the layout.
    desk
        The desk whose panels the stage borrows and gives back.

    Attributes
    ----------
    widget : QtWidgets.QWidget
        The stage (a page of the scenario view's stacked layout).
    banner : QtWidgets.QLabel
        A refusal shown large over the equation (a wrong-shaped vector);
        hidden by the next edit or Esc.
    before_after : BeforeAfter or None
        The before/after layout, built the first time a baseline is pinned
        in projector mode.
    """

    def __init__(self, session: Session, desk: Desk) -> None:
        super().__init__(desk)
        self.desk = desk
        self.session = session
        self.kind: str | None = None
        self.before_after: BeforeAfter | None = None
        self._notebook: LabNotebook | None = None
        #: The caption's own minimum height on the desk, put back when the stage ends.
        self._caption_minimum = 0
        #: Where each borrowed widget sat in the desk layout: (container, index).
        self._homes = desk.homes[PROJECTOR]
        self._sizes: list[list[int]] = []

        self.widget = _Stage()
        self.widget.setObjectName("projector_stage")
        outer = QtWidgets.QVBoxLayout(self.widget)
        # Every row counts at 1280×720: the readout's numbers need them.
        outer.setContentsMargins(6, 2, 6, 0)
        outer.setSpacing(2)
        self.banner = QtWidgets.QLabel()
        self.banner.setObjectName("shape_banner")
        self.banner.setTextFormat(Qt.TextFormat.PlainText)
        self.banner.setWordWrap(True)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.hide()
        outer.addWidget(self.banner)
        self.body = QtWidgets.QWidget()
        self.body.setObjectName("projector_body")
        self._grid = QtWidgets.QGridLayout(self.body)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(8)
        self._grid.setVerticalSpacing(2)
        outer.addWidget(self.body, 1)
        self.body.installEventFilter(self)
        self._outer = outer
        self.session.changed.connect(self._on_session_changed)

    # -- entering and leaving ------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Whether the stage holds the panels (projector mode is on)."""
        return bool(self._homes)

    def enter(self) -> None:
        """Borrow the panels from the desk layout and lay them out for the step."""
        if self.active:
            return
        desk = self.desk
        borrowed = [desk.panel_frame(name) for name in _STAGE_PANELS]
        self._homes.borrow([*borrowed, desk.caption, desk.timeline])
        # The desk's proportions, to put back as they were.
        self._sizes = [splitter.sizes() for splitter in desk.splitters]
        self._caption_minimum = desk.caption.minimumHeight()
        self._outer.addWidget(desk.timeline)
        self.kind = None
        self.arrange()

    def leave(self) -> None:
        """Give every panel back to the desk layout, where it was."""
        if not self.active:
            return
        self.hide_banner()
        self._homes.give_back()
        self.restore_sizes()
        self.desk.panel_frame("equation").setMaximumHeight(QWIDGETSIZE_MAX)
        self.desk.readout.allow_bars(True)
        for widget in _LEFT_COLUMN:
            frame = self.desk.caption if widget == "caption" else self.desk.panel_frame(widget)
            frame.setMaximumWidth(QWIDGETSIZE_MAX)
        self.desk.heatmap.show_axis_titles(True)
        self.desk.caption.setMinimumHeight(self._caption_minimum)
        for name in ("heatmap", "values", "keys"):
            self.desk.panel_frame(name).setMaximumHeight(QWIDGETSIZE_MAX)
        self.kind = None

    def restore_sizes(self) -> None:
        """The desk's splitters as they were before the stage borrowed the panels.

        Said again once the desk is laid out: sizes given to a hidden splitter
        are shares of the size it had when last shown, and the desk's scroll bar
        coming or going between then and now moved each handle a few pixels.
        """
        if self.active:
            return
        for splitter, sizes in zip(self.desk.splitters, self._sizes):
            if splitter.sizes() != sizes:
                splitter.setSizes(sizes)

    # -- layouts ---------------------------------------------------------------------------
    def wanted_kind(self) -> str:
        """The layout the session needs now: ``"write"``, ``"read"``, ``"empty"`` (step 0)
        or ``"baseline"``.
        """
        session = self.session
        if session.baseline is not None:
            return BASELINE
        number = session.cursor
        if number < 1:
            return EMPTY
        if not session.scenario.is_write(number):
            return READ
        return WRITE

    def arrange(self) -> None:
        """Lay the stage out for the step at the cursor (nothing if it already is)."""
        if not self.active:
            return
        kind = self.wanted_kind()
        if kind == self.kind:
            return
        self.kind = kind
        desk = self.desk
        grid = self._grid
        # Each item deleted, not only taken: a widget's size caches follow the first
        # item made for it, and one left alive kept the new one's heights stale (S
        # went on asking 512 px, over its cap of 471, and the caption under it got cut).
        while grid.count():
            widget = grid.itemAt(0).widget()
            if widget is not None:
                grid.removeWidget(widget)
            else:
                grid.takeAt(0)
        for row in range(4):
            grid.setRowStretch(row, 0)
        for column in range(4):
            grid.setColumnStretch(column, 0)
        frames = {name: desk.panel_frame(name) for name in _STAGE_PANELS}
        caption = desk.caption
        places = {**frames, "caption": caption}
        if kind in _GRIDS:
            cells, row_stretches = _GRIDS[kind]
            for name, row, column, rows, columns in cells:
                grid.addWidget(places[name], row, column, rows, columns)
            for row, stretch in enumerate(row_stretches):
                grid.setRowStretch(row, stretch)
            grid.setColumnStretch(0, 1)
            grid.setColumnStretch(1, 1)
            shown = [frames[name] for name, *_ in cells if name != "caption"]
        else:  # the baseline's: before and after, the caption under them
            before_after = self._before_after()
            before_after.hold(frames["heatmap"])
            grid.addWidget(before_after, 0, 0)
            grid.addWidget(caption, 1, 0)
            grid.setRowStretch(0, 1)
            grid.setColumnStretch(0, 1)
            shown = [before_after, frames["heatmap"]]
        others = [*frames.values(), *([self.before_after] if self.before_after else [])]
        for widget in others:
            if widget not in shown:
                widget.hide()
        for widget in shown:
            widget.show()
        desk.heatmap.show_axis_titles(kind != BASELINE)
        self._share_height()

    def _share_height(self) -> None:
        """At most :data:`EQUATION_SHARE` of the height for the equation.

        Its drawing scales to its room, and its size hint would otherwise
        take the plane's height under it.
        """
        equation = self.desk.panel_frame("equation")
        # Step 0 has no equation, only a sentence the heatmap's title and the
        # caption already say: the key plane takes the column.
        message = self.desk.equation.shows_message()
        if self.kind in (WRITE, READ):
            equation.setMaximumHeight(max(round(EQUATION_SHARE * self.body.height()), 120))
            equation.setVisible(not message)
        elif self.kind == EMPTY:
            equation.hide()
        else:
            equation.setMaximumHeight(QWIDGETSIZE_MAX)
        # Too few rows for the readout's bars and all its numbers: the bars give way.
        readout = self.desk.readout
        if self.kind == READ:
            # Decided before the layout runs: a readout taller than the stage
            # would push the window's minimum past the screen.
            readout.fit_height(self.body.height(), steady=self.session.dragging)
        else:
            readout.allow_bars(True)
        # The readout's numbers on one line each: at least its share of the width
        # (a cap on the column beside it: a minimum would feed back into the
        # window's own minimum and widen it).
        left, capped = QWIDGETSIZE_MAX, ()
        if self.kind == READ:
            left = round((1.0 - READOUT_SHARE) * self.body.width())
            capped = (equation, self.desk.panel_frame("values"), self.desk.caption)
        elif self.kind in _WITH_S:
            left = round(HEATMAP_SHARE * self.body.width())
            capped = (self.desk.panel_frame("heatmap"), self.desk.caption)
        for widget in _LEFT_COLUMN:
            frame = self.desk.caption if widget == "caption" else self.desk.panel_frame(widget)
            frame.setMaximumWidth(left if frame in capped else QWIDGETSIZE_MAX)
        self._fit_caption()
        # Once the caption has its new text and width (other panels refresh after us).
        QtCore.QTimer.singleShot(0, self._fit_caption)

    def _fit_caption(self) -> None:
        """The caption's whole text in view: its wrapped height, up to :data:`CAPTION_SHARE`.

        The stage lays out by size hints (see :class:`_Stage`), and a wrapped
        label's hint is its height at some other width: a long caption (French
        runs a fifth longer) lost its last lines under the step chips. S or
        the plane beside it scales down to give the caption its lines.
        """
        if not self.active:
            return
        # Until this layout's caption says otherwise, nothing caps S or the value plane.
        limits = {"heatmap": QWIDGETSIZE_MAX, "values": QWIDGETSIZE_MAX, "keys": QWIDGETSIZE_MAX}
        if self.kind in (*_WITH_S, READ):
            over, room = self._caption_room()
            limits[over] = room
        if self.kind in _WITH_S:
            limits["keys"] = self._key_plane_room()
        for name, limit in limits.items():
            frame = self.desk.panel_frame(name)
            if frame.maximumHeight() != limit:  # each change costs a layout pass
                frame.setMaximumHeight(limit)

    def _key_plane_room(self) -> int:
        """The height the key plane has under the equation at a write.

        Its legend wraps, so the plane asks a height for its width (571 px
        at 1024×768) and the grid counts it as the least the plane's rows
        take: beside S and a six-line caption the rows then ran 8 px past
        the screen and cut the caption. Capped at what is there, it asks no more.
        """
        room = self._inner_height()
        equation = self.desk.panel_frame("equation")
        if equation.isVisible():
            room -= equation.maximumHeight() + self._grid.verticalSpacing()
        return max(room, 0)

    def _inner_height(self) -> int:
        """The height the grid lays its rows out in (the stage's body, less its margins)."""
        margins = self._grid.contentsMargins()
        return self.body.height() - margins.top() - margins.bottom()

    def _caption_room(self) -> tuple[str, int]:
        """Give the caption its height; return the panel over it and the height it may take."""
        desk = self.desk
        caption = desk.caption
        need = caption.heightForWidth(caption.width())
        if need <= 0:
            need = caption.sizeHint().height()
        # What is left in the caption's column once the panels over it have their least.
        names = ["heatmap"] if self.kind in _WITH_S else ["equation", "values"]
        above = [desk.panel_frame(name) for name in names]
        grid = self._grid
        inner = self._inner_height()
        left_over = inner
        for frame in above:
            if frame.isVisible():
                least = max(frame.minimumHeight(), frame.minimumSizeHint().height())
                left_over -= least + grid.verticalSpacing()
        # Up to its share of the height; past it while the panels over it keep their least
        # (a 960×540 slide cut the caption's last line, "S = [[3, −3], [−2, 1]].").
        cap = min(max(round(CAPTION_SHARE * self.body.height()), need), left_over)
        wanted = max(self._caption_minimum, min(need, cap))
        if caption.minimumHeight() != wanted:
            caption.setMinimumHeight(wanted)
        # The panel just over the caption stops short of it: a square S, sized by
        # its width, would otherwise round itself a pixel into the caption's room.
        room = inner - wanted - grid.verticalSpacing()
        if self.kind == READ and above[0].isVisible():
            room -= above[0].height() + grid.verticalSpacing()
        return names[-1], max(room, 0)

    @guarded(False)
    def eventFilter(self, watched: QtCore.QObject, event: QtCore.QEvent) -> bool:
        if watched is self.body and event.type() == QtCore.QEvent.Type.Resize:
            self._share_height()
        return False

    def _before_after(self) -> BeforeAfter:
        if self.before_after is None:
            self._notebook = LabNotebook(self.session)
            self.before_after = BeforeAfter(self.session, self._notebook)
            self.desk.add_panel(self.before_after.baseline_map)
            self.desk.add_panel(self.before_after.difference)
        return self.before_after

    # -- the shape check --------------------------------------------------------------------
    def show_banner(self, why: str, where: str = "") -> None:
        """Show a refusal large over the equation (a wrong-shaped vector, say).

        ``where`` (``step 1, field 'key'``, in the language shown) goes on a
        line of its own after the word "Refused"; ``why`` under it.
        """
        theme = session_theme(self.session)
        heading = self.tr("Refused ({0})").format(where) if where else self.tr("Refused")
        text = heading + "\n" + why
        self.banner.setStyleSheet(
            f"QLabel#shape_banner {{ color: white; background: {theme.warning};"
            f" font-size: {round(theme.title_pt * 1.2)}pt; font-weight: bold;"
            " padding: 10px 16px; }"
        )
        self.banner.setText(text)
        self.banner.show()

    def hide_banner(self) -> None:
        """Take the banner away (an edit, Esc, or projector mode ending)."""
        self.banner.hide()

    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not self.active:
            return
        if Change.SCENARIO in changes:
            self.hide_banner()
        if changes & {Change.CURSOR, Change.SCENARIO, Change.BASELINE}:
            self.arrange()
            self._share_height()
        if Change.OPTIONS in changes:  # a restyle shows the heatmap's axis titles again
            self.desk.heatmap.show_axis_titles(self.kind != BASELINE)


class _Stage(QtWidgets.QWidget):
    """The stage's widget: its minimum height is its panels' minimums.

    Its wrapped texts (caption, readout) would otherwise report their
    comfortable height for the width as the least the window may have, and
    a projector's full screen cannot grow.
    """

    @guarded(False)
    def hasHeightForWidth(self) -> bool:
        return False


#: The panels the stage lays out (the caption and the timeline are always shown).
_STAGE_PANELS = ("heatmap", "equation", "keys", "values", "readout")
