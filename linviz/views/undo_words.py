"""An edit's name that Edit ▸ Undo says in the language shown now, not the one it was made in.

The controller names its own edits in English ("nudge key k1") and the window
translates them when it shows them. The views' edits (a cell of the table of
steps, a setting) used to be named in the language of the moment they were
made: after View ▸ Language, Edit ▸ Undo still said "modification de la clé de
k1" in an English window. :class:`Words` keeps the template and its values, so
the name is said again in whatever language is shown.
"""

from __future__ import annotations

from typing import Any

from PySide6 import QtCore

from linviz.model.errors import Phrase
from linviz.views.number_text import localised


class Words(Phrase):
    """An edit's name: as a ``str``, English; :meth:`shown` in the language shown.

    A :class:`~linviz.model.errors.Phrase` (template and values) with the
    translation context of its template, which must be written somewhere as
    ``QT_TRANSLATE_NOOP(context, …)`` (or ``self.tr(…)`` in a class named
    ``context``) to be translated.
    """

    context: str

    def __new__(cls, context: str, template: str, **values: Any) -> Words:
        made = super().__new__(cls, template, **values)
        made.context = context
        return made

    def shown(self) -> str:
        """The name in the language shown now.

        A value that is itself :class:`Words` (a rule's name inside "rule …")
        is said in that language too, and a ``float`` with its decimal sign.
        """
        translated = QtCore.QCoreApplication.translate(self.context, self.template)
        return translated.format_map({name: _shown(value) for name, value in self.values.items()})


def _shown(value: Any) -> Any:
    if isinstance(value, Words):
        return value.shown()
    if isinstance(value, float):
        return localised(f"{value:g}")
    return value
