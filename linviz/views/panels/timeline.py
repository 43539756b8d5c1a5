"""The timeline: one chip per step (step 0, the empty memory, first), a slider, playback.

The chips are painted by one widget (:class:`ChipStrip`) that draws only the
chips in view, so a 100,000-step scenario costs no more to show or scrub than
a 7-step lesson: nothing here grows with the number of steps.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.session import Session
from linviz.views.language import say
from linviz.views.number_text import grouped, localised
from linviz.views.own_background import fill_own_background
from linviz.views.panels.chip_strip import ChipStrip
from linviz.views.panels.panel import Panel
from linviz.views.shell.actions import ActionSpec, key_sequences, make_action
from linviz.views.theme import Theme

Qt = QtCore.Qt

#: Playback speeds offered, in steps per second at 1×.
SPEEDS = (0.5, 1.0, 2.0, 4.0)

#: Milliseconds between two steps at 1×: slow enough to read what changed.
BASE_INTERVAL_MS = 1000


class TimelinePanel(Panel):
    """Steps as chips, a slider, transport buttons and playback speed.

    The navigation actions (first, previous, play/pause, next, last) are
    window-wide shortcuts: Home, Left/Page Up, Space, Right/Page Down, End.
    :meth:`actions` lists them so the main window can put them in its menus.
    """

    panel_name = "timeline"
    refreshes_hidden = True  # its actions, enabled by step, work while it is hidden
    listens_to = frozenset({Change.SCENARIO, Change.CURSOR, Change.OPTIONS})

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(session, parent)
        self.strip = ChipStrip(session, self.theme, self)
        self.strip.chipClicked.connect(self.session.set_cursor)

        style = self.style()
        icons = QtWidgets.QStyle.StandardPixmap
        self._play_icon = style.standardIcon(icons.SP_MediaPlay)
        self._pause_icon = style.standardIcon(icons.SP_MediaPause)
        #: Each action with its spec: Go ▸ …, and keys the presenter view shares.
        self.made_actions: list[tuple[ActionSpec, QtGui.QAction]] = []
        self.first_action = self._action(
            "go.first",
            self.tr("First step"),
            icons.SP_MediaSkipBackward,
            ["Home"],
            lambda: self._go(0),  # step 0: the empty memory, before any write
        )
        self.previous_action = self._action(
            "go.previous",
            self.tr("Previous step"),
            icons.SP_MediaSeekBackward,
            ["Left", "PgUp"],
            lambda: self._step(-1),
        )
        self.play_action = self._action(
            "go.play", self.tr("Play"), icons.SP_MediaPlay, ["Space"], self.toggle_playback
        )
        self.next_action = self._action(
            "go.next",
            self.tr("Next step"),
            icons.SP_MediaSeekForward,
            ["Right", "PgDown"],
            lambda: self._step(1),
        )
        self.last_action = self._action(
            "go.last",
            self.tr("Last step"),
            icons.SP_MediaSkipForward,
            ["End"],
            lambda: self._go(len(self.session.scenario)),
        )

        self.buttons: list[QtWidgets.QToolButton] = []
        for action in (
            self.first_action,
            self.previous_action,
            self.play_action,
            self.next_action,
            self.last_action,
        ):
            button = QtWidgets.QToolButton(self)
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            self.buttons.append(button)

        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setAccessibleName(self.tr("Step"))
        self.slider.setToolTip(
            self.tr("Drag to scrub through the steps (0: the empty memory, before any write)")
        )
        self.slider.valueChanged.connect(self.session.set_cursor)
        # The slider must not take the arrow keys from the window-wide shortcuts.
        self.slider.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

        self.position_label = QtWidgets.QLabel(self)
        # Opaque: a move of the slider or a new position repaints the timeline, not the desk.
        fill_own_background(self, self.position_label)
        self.position_label.setAlignment(
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )

        self.speed_box = QtWidgets.QComboBox(self)
        for index, speed in enumerate(SPEEDS):
            self.speed_box.addItem(f"{speed:g}×", speed)
            # "0.5×" in English, "0,5×" in French, after a change of language too.
            say(
                self.speed_box,
                partial(self.speed_box.setItemText, index),
                partial(localised, f"{speed:g}×"),
            )
        self.speed_box.setCurrentIndex(SPEEDS.index(1.0))
        self.speed_box.setToolTip(self.tr("Playback speed"))
        self.speed_box.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.speed_box.currentIndexChanged.connect(self._speed_changed)
        self.speed_label = QtWidgets.QLabel(self.tr("Speed"), self)
        self.speed_label.setBuddy(self.speed_box)

        self.timer = QtCore.QTimer(self)
        self.timer.timeout.connect(self._tick)
        self._speed_changed()

        controls = QtWidgets.QHBoxLayout()
        controls.setContentsMargins(0, 0, 0, 0)
        for button in self.buttons:
            controls.addWidget(button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(self.position_label)
        controls.addSpacing(8)
        controls.addWidget(self.speed_label)
        controls.addWidget(self.speed_box)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        layout.addWidget(self.strip)
        layout.addLayout(controls)
        layout.addStretch(1)
        self.setFocusProxy(self.strip)
        self._styled = False
        self._steps_changed = True
        self.refresh()

    def panel_title(self) -> str:
        return self.tr("Timeline")

    # -- actions -----------------------------------------------------------------
    def _action(
        self,
        action_id: str,
        text: str,
        icon: QtWidgets.QStyle.StandardPixmap,
        keys: list[str],
        slot: Callable[[], object],
    ) -> QtGui.QAction:
        native = QtGui.QKeySequence.SequenceFormat.NativeText
        names = ", ".join(s.toString(native) for s in key_sequences(keys))
        spec = ActionSpec(
            action_id,
            text,
            slot,
            keys,
            "go",
            icon=self.style().standardIcon(icon),
            context=Qt.ShortcutContext.WindowShortcut,
            tooltip=self.tr("{action} ({keys})").format(action=text, keys=names),
            presenter=True,  # the clicker's keys, in both windows
        )
        action = make_action(spec, self)
        action.setObjectName(action_id)
        self.addAction(action)
        self.made_actions.append((spec, action))
        return action

    def _go(self, number: int) -> None:
        self.session.set_cursor(number)

    def _step(self, delta: int) -> None:
        self.session.step_by(delta)

    # -- playback ------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """Whether playback is running."""
        return self.timer.isActive()

    def set_speed(self, speed: float) -> None:
        """Play ``speed`` steps a second (one of :data:`SPEEDS`)."""
        self.speed_box.setCurrentIndex(SPEEDS.index(speed))

    def _speed_changed(self) -> None:
        speed = float(self.speed_box.currentData())
        self.timer.setInterval(round(BASE_INTERVAL_MS / speed))

    def toggle_playback(self) -> None:
        """Start playing from the cursor (from step 0 when at the end), or pause."""
        if self.playing:
            self.stop_playback()
            return
        count = len(self.session.scenario)
        if count == 0:
            return
        if self.session.cursor >= count:
            self.session.set_cursor(0)
        self.timer.start()
        self._show_play_state()

    def stop_playback(self) -> None:
        """Pause playback."""
        self.timer.stop()
        self._show_play_state()

    def _tick(self) -> None:
        if self.session.cursor >= len(self.session.scenario):
            self.stop_playback()
            return
        self.session.step_by(1)
        if self.session.cursor >= len(self.session.scenario):
            self.stop_playback()

    def _show_play_state(self) -> None:
        playing = self.playing
        text = self.tr("Pause") if playing else self.tr("Play")
        self.play_action.setText(text)
        self.play_action.setIcon(self._pause_icon if playing else self._play_icon)
        self.play_action.setToolTip(
            self.tr("{action} ({keys})").format(
                action=text,
                keys=self.play_action.shortcut().toString(
                    QtGui.QKeySequence.SequenceFormat.NativeText
                ),
            )
        )

    def show_chrome(self, shown: bool) -> None:
        """Clickers and keys drive the timeline on a projector: hide all but the chips."""
        for control in (
            *self.buttons,
            self.slider,
            self.speed_box,
            self.speed_label,
            self.position_label,
        ):
            control.setVisible(shown)
        # The chips alone: no room kept around an empty row of controls.
        self.layout().setSpacing(4 if shown else 0)
        self.layout().setContentsMargins(*((4, 4, 4, 4) if shown else (4, 0, 4, 0)))

    # -- drawing ---------------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if changes == {Change.SCENARIO} and self.session.dragging:
            return  # a drag moves one vector, which no chip shows: no repaint
        # Only the cursor moved: the strip repaints two chips, not all of them.
        self._steps_changed = changes != {Change.CURSOR}
        super()._on_session_changed(changes)

    def refresh(self) -> None:
        theme = self.theme
        count = len(self.session.scenario)
        cursor = self.session.cursor
        if theme is not self.strip._theme or not self._styled:
            self._apply_theme(theme)
        with QtCore.QSignalBlocker(self.slider):
            self.slider.setRange(0, count)
            self.slider.setValue(cursor)
            self.slider.setPageStep(max(1, count // 20))
        self.slider.setEnabled(count > 0)
        self._size_position_label(count)
        self.position_label.setText(
            self.tr("{cursor} / {count}").format(cursor=grouped(cursor), count=grouped(count))
        )
        self.first_action.setEnabled(cursor > 0)
        self.previous_action.setEnabled(cursor > 0)
        self.next_action.setEnabled(cursor < count)
        self.last_action.setEnabled(cursor < count)
        self.play_action.setEnabled(count > 0)
        self.strip.ensure_visible(cursor, changed_steps=self._steps_changed)
        self._steps_changed = True

    def _size_position_label(self, count: int) -> None:
        """A fixed size for "cursor / count" that fits every cursor: a fixed-size label's
        new text asks for no new layout of the window (scrubbing).
        """
        widest = grouped(count).translate(str.maketrans("0123456789", "8888888888"))
        metrics = self.position_label.fontMetrics()
        size = QtCore.QSize(
            metrics.horizontalAdvance(
                self.tr("{cursor} / {count}").format(cursor=widest, count=widest)
            )
            + 6,
            metrics.height() + 2,
        )
        label = self.position_label
        if label.minimumSize() != size or label.maximumSize() != size:
            label.setFixedSize(size)

    def _apply_theme(self, theme: Theme) -> None:
        # Only when the theme changes: scrubbing must not re-polish every child.
        self._styled = True
        self.setFont(self.font_for(theme.font_pt))
        size = round(theme.font_pt * 2.2)
        for button in self.buttons:
            button.setIconSize(QtCore.QSize(size, size))
        # Fusion draws a thin slider whatever the font: thicken it with the theme.
        groove = max(6, round(theme.font_pt * 0.6))
        handle = groove * 3
        self.slider.setStyleSheet(
            f"QSlider::groove:horizontal {{ height: {groove}px; background: {theme.grid};"
            f" border-radius: {groove // 2}px; }}"
            f"QSlider::sub-page:horizontal {{ background: {theme.accent};"
            f" border-radius: {groove // 2}px; }}"
            f"QSlider::handle:horizontal {{ width: {handle}px; background: {theme.foreground};"
            f" margin: -{groove}px 0; border-radius: {handle // 2}px; }}"
        )
        self.slider.setMinimumHeight(handle + 4)
        self.strip.set_theme(theme)
