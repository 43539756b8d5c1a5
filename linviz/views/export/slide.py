"""An export of the whole window is a slide: without the editing parts.

The table of steps, the settings and the buttons (the timeline's transport,
slider and speed, "Edit caption") are for working in the window, not for
the room: an export leaves them out unless asked to keep them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from linviz.views.export.images import settle

if TYPE_CHECKING:
    from linviz.views.shell.desk import Desk


@contextmanager
def editors_hidden(desk: Desk, hidden: bool = True) -> Iterator[None]:
    """Hide the desk's editing parts while the body runs (``hidden=False``: keep them).

    The docks come back as they were (sizes too); the buttons as the
    theme shows them (projector mode hides them anyway).
    """
    if not hidden:
        yield
        return
    state = desk.main.saveState()
    timeline, caption = desk.panels["timeline"], desk.panels["caption"]
    desk.steps_dock.hide()
    desk.settings_dock.hide()
    timeline.show_chrome(False)
    caption.edit_button.hide()
    settle()
    try:
        yield
    finally:
        desk.main.restoreState(state)
        shown = not desk.session.options.projector
        timeline.show_chrome(shown)
        caption.edit_button.setVisible(shown)
        settle()
