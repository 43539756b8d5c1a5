"""The language of the views: install a translation, and retranslate open windows.

Qt sends every widget a ``LanguageChange`` event when a translator is
installed or removed. Texts that follow the session (headings, readouts,
legends) are written again by the panels' ``refresh``; :func:`retranslate`
swaps the texts that were set once, when a window was built (menu entries,
buttons, field labels, tooltips), through the translation table itself: the
text in the old language is looked up in ``linviz_<lang>.ts`` and replaced
by its translation in the new one. So every ``tr()`` in the code is
retranslated without each widget keeping a list of its texts.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from functools import cache

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.assets import translations_folder
from linviz.views.number_text import set_number_language

#: The languages linviz speaks, by code, each named in its own language.
LANGUAGES = {"en": "English", "fr": "Français"}
#: The source language of every string in the code.
SOURCE_LANGUAGE = "en"
#: QSettings key of the chosen language.
SETTINGS_KEY = "language"
_TRANSLATOR = "linviz_translator"
_LANGUAGE = "linviz_language"


def system_language() -> str:
    """The system's language if linviz speaks it, else English."""
    name = QtCore.QLocale().name().split("_")[0]
    return name if name in LANGUAGES else SOURCE_LANGUAGE


def current_language() -> str:
    """The language the views speak now (``en`` before any is chosen)."""
    app = QtCore.QCoreApplication.instance()
    language = app.property(_LANGUAGE) if app is not None else None
    return str(language) if language in LANGUAGES else SOURCE_LANGUAGE


def ensure_language() -> None:
    """Speak English unless a language was chosen (English's plural forms included)."""
    app = QtCore.QCoreApplication.instance()
    if app is not None and app.property(_LANGUAGE) is None:
        set_language(SOURCE_LANGUAGE)


def set_language(language: str) -> bool:
    """Speak ``language`` from now on: swap the translator, set the default locale.

    Returns whether anything changed. Open windows receive ``LanguageChange``
    (see :func:`retranslate`). Numbers follow :class:`QtCore.QLocale`'s
    default (:mod:`linviz.views.number_text`).

    Raises
    ------
    ValueError
        When linviz has no such language.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: choose {', '.join(LANGUAGES)}")
    app = QtCore.QCoreApplication.instance()
    if app is None:
        raise RuntimeError("set_language needs a QApplication")
    known = app.property(_LANGUAGE)
    if known == language:
        return False
    old = app.property(_TRANSLATOR) or []
    translators = []
    # English has one too: the plural forms of counted texts ("1 change").
    ours = QtCore.QTranslator(app)
    if ours.load(f"linviz_{language}", str(translations_folder())):
        translators.append(ours)
    elif language != SOURCE_LANGUAGE:
        raise FileNotFoundError(f"no compiled translation linviz_{language}.qm")
    if language != SOURCE_LANGUAGE:
        # Qt's own words: dock buttons, standard dialogs, key names (Début, Espace).
        qt = QtCore.QTranslator(app)
        qt_folder = QtCore.QLibraryInfo.path(QtCore.QLibraryInfo.LibraryPath.TranslationsPath)
        if qt.load(f"qtbase_{language}", qt_folder):
            translators.append(qt)
    app.setProperty(_LANGUAGE, language)
    app.setProperty(_TRANSLATOR, translators)
    QtCore.QLocale.setDefault(QtCore.QLocale(language))
    set_number_language(language)
    for translator in translators:
        app.installTranslator(translator)
    for translator in old:
        app.removeTranslator(translator)
        translator.deleteLater()
    if not translators and not old and known is not None:
        # English after English-less start: nothing installed, but windows must hear of it.
        QtCore.QCoreApplication.sendEvent(app, QtCore.QEvent(QtCore.QEvent.Type.LanguageChange))
    return True


@cache
def _messages(language: str) -> tuple[tuple[str, str, str], ...]:
    """Every ``(context, source, text in language)`` of the strings set once.

    The French ``.ts`` lists every string of the code; English shows the
    source itself. Formatted strings are left out: ``refresh`` rebuilds them.
    """
    # English: the sources, as listed in any translation's .ts.
    other = next((code for code in LANGUAGES if code != SOURCE_LANGUAGE), SOURCE_LANGUAGE)
    path = translations_folder() / f"linviz_{other if language == SOURCE_LANGUAGE else language}.ts"
    if not path.is_file():
        return ()
    found = []
    for context in ElementTree.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            if message.get("numerus") == "yes" or "{" in source or "%" in source:
                continue
            text = source if language == SOURCE_LANGUAGE else message.findtext("translation")
            found.append((name, source, text or ""))
    return tuple(found)


#: Qt's own texts that Qt sets once and never retranslates (dock widgets' buttons).
QT_TEXTS = (
    ("QDockWidget", "Float"),
    ("QDockWidget", "Close"),
    ("QDockWidget", "Undocks and re-attaches the dock widget"),
    ("QDockWidget", "Closes the dock widget"),
)


def _qt_texts(language: str) -> list[tuple[str, str, str]]:
    """:data:`QT_TEXTS` in ``language``, from Qt's own translation."""
    if language == SOURCE_LANGUAGE:
        return [(context, source, source) for context, source in QT_TEXTS]
    translator = QtCore.QTranslator()
    folder = QtCore.QLibraryInfo.path(QtCore.QLibraryInfo.LibraryPath.TranslationsPath)
    if not translator.load(f"qtbase_{language}", folder):
        return []
    return [(c, s, translator.translate(c, s) or "") for c, s in QT_TEXTS]


@cache
def _sources(language: str) -> dict[str, list[tuple[str, str]]]:
    """Text shown in ``language`` → the ``(context, source)`` pairs it can come from."""
    table: dict[str, list[tuple[str, str]]] = {}
    for context, source, text in (*_messages(language), *_qt_texts(language)):
        if text:
            table.setdefault(text, []).append((context, source))
    return table


_WITH_KEYS = re.compile(r"(.+) \(([^()]+)\)", re.DOTALL)


def _key_names(text: str) -> str:
    """Key sequences named in the language now in use (those that can be read)."""
    native = QtGui.QKeySequence.SequenceFormat.NativeText
    names = []
    for part in text.split(", "):
        keys = QtGui.QKeySequence.fromString(part, QtGui.QKeySequence.SequenceFormat.PortableText)
        names.append(keys.toString(native) if not keys.isEmpty() else part)
    return ", ".join(names)


class _Swapper:
    """Replaces texts of the old language by their translation in the current one."""

    def __init__(self, old: str) -> None:
        self.table = _sources(old)

    def __call__(self, text: str, owner: QtCore.QObject | None = None) -> str | None:
        if not text:
            return None
        if text not in self.table:
            # "Next step (Right, PgDown)": a text and its keys.
            found = _WITH_KEYS.fullmatch(text)
            if found is None or found[1] not in self.table:
                return None
            return f"{self(found[1], owner) or found[1]} ({_key_names(found[2])})"
        choices = self.table[text]
        context, source = choices[0]
        if len(choices) > 1 and owner is not None:
            names = set()
            node: QtCore.QObject | None = owner
            while node is not None:
                names.add(type(node).__name__)
                node = node.parent()
            context, source = next(((c, s) for c, s in choices if c in names), choices[0])
        new = QtCore.QCoreApplication.translate(context, source)
        return new if new != text else None


#: The attribute, on a widget, of its texts made anew in each language (see :func:`say`).
_MADE_TEXTS = "_linviz_made_texts"


def say(widget: QtCore.QObject, setter: Callable[[str], object], make: Callable[[], str]) -> None:
    """Give ``widget`` the text ``make()`` through ``setter``, now and after each change
    of language.

    For texts :func:`retranslate` cannot swap: words with numbers put in
    (``"fp16 (2 B each)"``, ``"(1 to 65,536)"``) or numbers written the
    language's way (``"0.5×"``). ``make`` is called again in the new language.
    """
    setter(make())
    made = getattr(widget, _MADE_TEXTS, None)
    if made is None:
        made = []
        setattr(widget, _MADE_TEXTS, made)
    made.append((setter, make))


def retranslate(root: QtWidgets.QWidget, old: str) -> int:
    """Retranslate the texts set once in ``root`` and its children; return how many.

    ``old`` is the language the texts are in now. Texts given with :func:`say`
    are made again; the others are looked up. Covers widgets' texts (and those a
    widget keeps itself, given to its ``swap_texts(swap)`` if it has one),
    titles, tooltips, status tips, placeholders and accessible names, menus
    and actions, tab titles and combo box entries.
    """
    swap = _Swapper(old)
    count = 0

    def put(text: str, setter, owner: QtCore.QObject) -> None:
        nonlocal count
        new = swap(text, owner)
        if new is not None:
            setter(new)
            count += 1

    widgets = [root, *root.findChildren(QtWidgets.QWidget)]
    for widget in widgets:
        for made_setter, make in getattr(widget, _MADE_TEXTS, ()):
            made_setter(make())
            count += 1
        swap_texts = getattr(widget, "swap_texts", None)
        if callable(swap_texts):  # texts it keeps itself (a lab plot's axis titles)
            swap_texts(lambda text, owner=widget: swap(text, owner))
        for getter, setter in (
            ("toolTip", "setToolTip"),
            ("statusTip", "setStatusTip"),
            ("whatsThis", "setWhatsThis"),
            ("accessibleName", "setAccessibleName"),
            ("accessibleDescription", "setAccessibleDescription"),
            ("windowTitle", "setWindowTitle"),
        ):
            put(getattr(widget, getter)(), getattr(widget, setter), widget)
        if isinstance(widget, (QtWidgets.QLabel, QtWidgets.QAbstractButton)):
            if not isinstance(widget, QtWidgets.QToolButton) or widget.defaultAction() is None:
                put(widget.text(), widget.setText, widget)
        if isinstance(widget, QtWidgets.QLineEdit):
            put(widget.placeholderText(), widget.setPlaceholderText, widget)
        if isinstance(widget, QtWidgets.QGroupBox):
            put(widget.title(), widget.setTitle, widget)
        if isinstance(widget, QtWidgets.QMenu):
            put(widget.title(), widget.setTitle, widget)
        if isinstance(widget, QtWidgets.QAbstractSpinBox):
            put(widget.suffix(), widget.setSuffix, widget)
            put(widget.prefix(), widget.setPrefix, widget)
            put(widget.specialValueText(), widget.setSpecialValueText, widget)
        if isinstance(widget, QtWidgets.QProgressBar):
            put(widget.format(), widget.setFormat, widget)
        if isinstance(widget, QtWidgets.QTabWidget):
            for index in range(widget.count()):
                put(widget.tabText(index), lambda t, i=index, w=widget: w.setTabText(i, t), widget)
                put(
                    widget.tabToolTip(index),
                    lambda t, i=index, w=widget: w.setTabToolTip(i, t),
                    widget,
                )
        if isinstance(widget, QtWidgets.QComboBox):
            for index in range(widget.count()):
                put(
                    widget.itemText(index), lambda t, i=index, w=widget: w.setItemText(i, t), widget
                )
                tip = widget.itemData(index, QtCore.Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    put(
                        tip,
                        lambda t, i=index, w=widget: w.setItemData(
                            i, t, QtCore.Qt.ItemDataRole.ToolTipRole
                        ),
                        widget,
                    )
    actions = set()
    for widget in widgets:
        actions.update(widget.actions())
    actions.update(root.findChildren(QtGui.QAction))
    native = QtGui.QKeySequence.SequenceFormat.NativeText
    for action in actions:
        owner = action.parent()
        put(action.text(), action.setText, owner)
        tip = action.toolTip()
        found = _WITH_KEYS.fullmatch(tip)
        if found is not None and action.shortcuts():
            # "Étape suivante (Droite, Pg suiv)": its keys named from the action's
            # shortcuts, not read back from the old language's names (which gave "()").
            keys = ", ".join(keys.toString(native) for keys in action.shortcuts())
            new = f"{swap(found[1], owner) or found[1]} ({keys})"
            if new != tip:
                action.setToolTip(new)
                count += 1
        else:
            put(tip, action.setToolTip, owner)
        put(action.statusTip(), action.setStatusTip, owner)
        put(action.iconText(), action.setIconText, owner)
    return count
