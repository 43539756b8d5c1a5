"""Spare PySide6 reading the source of every module imported after it.

Importing ``PySide6.QtCore`` replaces ``__import__`` (for PySide's optional
``from __feature__ import snake_case``). From then on, every new module is
asked whether it "uses PySide": its whole source file is read
(``inspect.getsource``) and searched for the word ``PySide6``
(``_mod_uses_pyside`` in shiboken's ``shibokensupport.feature``; napari's
issue 8584 traced the same cost). ``linviz`` imports about 90 of its own
modules and 130 of pyqtgraph's after Qt: reading them took about 19 ms of
its start-up (2026-12-06, quiet 2-core machine, in-process timing of that
function: 8.5 ms for linviz's modules, 10.6 ms for pyqtgraph's).

The answer only matters while some module has imported ``__feature__``,
and nothing the app imports does. Where the answer is known it is given
without reading: linviz's and pyqtgraph's modules use Qt (the answer a
module naming ``PySide6`` gets), the standard library's never name it
(none of its files does). Any other module is still read.
``linviz.cli.BEFORE_QT`` spares the rest: the Qt-free modules are imported
before Qt.
"""

from __future__ import annotations

import sys
from types import ModuleType

#: Top-level packages whose modules use Qt: answered without reading them.
QT_PACKAGES = frozenset({"linviz", "pyqtgraph"})
#: Marks the function installed here (installing twice wraps nothing twice).
_MARK = "_linviz_known_answers"


def skip_known_source_scans() -> bool:
    """Answer PySide6's "does this module use PySide?" unread where the answer is known.

    Call it before importing the views (it imports ``PySide6.QtCore``, which
    installs the import hook). Returns whether the hook was found: ``False``
    on a PySide6 whose internals moved, which then reads every module as
    before.
    """
    from PySide6 import QtCore  # noqa: F401  (installs the import hook this answers)

    feature = sys.modules.get("shibokensupport.feature")
    scan = getattr(feature, "_mod_uses_pyside", None)
    if scan is None or not callable(scan):
        return False
    if getattr(scan, _MARK, False):
        return True
    stdlib = sys.stdlib_module_names

    def uses_pyside(module: ModuleType) -> bool:
        top = str(getattr(module, "__name__", "")).partition(".")[0]
        if top in QT_PACKAGES:
            return True
        if top in stdlib:
            return False
        return bool(scan(module))

    setattr(uses_pyside, _MARK, True)
    feature._mod_uses_pyside = uses_pyside  # type: ignore[union-attr]
    return True
