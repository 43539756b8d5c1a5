"""What a window shows in words, and which of those words are English (for the French tests)."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ElementTree

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from linviz.tools.translations import ts_path

WORD = re.compile(r"[A-Za-zÀ-ÿ]+")
#: Words both languages use, names and symbols: never counted as English.
ALLOWED = {
    "linviz",
    "softmax",
    "relu",
    "elu",
    "bf16",
    "fp16",
    "fp32",
    "fp8",
    "kv",
    "png",
    "svg",
    "pdf",
    "gif",
    "csv",
    "json",
    "markdown",
    "ctrl",
    "alt",
    "esc",
    "tab",
    "shift",
    "katharopoulos",
    "al",
    "nats",
    "max",
    "exp",
    "cos",
    "px",
    "ms",
    "identity",
}


def _words() -> tuple[set[str], set[str]]:
    """English words no French translation uses, and French words no source uses."""
    root = ElementTree.parse(ts_path("fr")).getroot()
    english, french = set(), set()
    for message in root.iter("message"):
        source = re.sub(r"\{[^}]*\}", " ", message.findtext("source") or "")
        english.update(w.lower() for w in WORD.findall(source.replace("&", "")))
        for text in [message.findtext("translation") or ""] + [
            f.text or "" for f in message.iter("numerusform")
        ]:
            french.update(w.lower() for w in WORD.findall(text.replace("&", "")))
    return (
        {w for w in english - french - ALLOWED if len(w) >= 3},
        {w for w in french - english - ALLOWED if len(w) >= 4},
    )


ENGLISH, FRENCH = _words()


def english_in(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` (rich text's tags and entities left out)."""
    text = html.unescape(re.sub(r"<[^>]*>", " ", text.replace("&&", "\0")))
    text = re.sub(r"\{[^}]*\}", " ", text)  # a caption's live fields: {y}, {alpha@old}
    words = WORD.findall(text.replace("&", ""))
    return [w for w in words if w.lower() in ENGLISH and w not in names]


def shown_texts(window: QtWidgets.QWidget) -> list[tuple[str, str]]:
    """(where, text) for every text of ``window`` a user or a screen reader meets.

    Visible widgets' texts, tooltips, accessible names and descriptions;
    every menu's title and every action's text, tooltip and status tip;
    tab titles; plots' axis titles.
    """
    found: list[tuple[str, str]] = []
    widgets = [window, *window.findChildren(QtWidgets.QWidget)]
    for widget in widgets:
        where = f"{type(widget).__name__} {widget.objectName()}"
        if isinstance(widget, QtWidgets.QMenu):
            found.append((f"menu {where}", widget.title()))
            for action in widget.actions():
                for text in (action.text(), action.toolTip(), action.statusTip()):
                    found.append((f"action in {widget.title()}", text))
            continue
        if not widget.isVisibleTo(window) and widget is not window:
            continue
        found += [
            (f"tooltip of {where}", widget.toolTip()),
            (f"name of {where}", widget.accessibleName()),
            (f"description of {where}", widget.accessibleDescription()),
        ]
        if isinstance(widget, (QtWidgets.QLabel, QtWidgets.QAbstractButton)):
            found.append((f"text of {where}", widget.text()))
        if isinstance(widget, QtWidgets.QDockWidget):
            found.append((f"title of {where}", widget.windowTitle()))
        if isinstance(widget, QtWidgets.QTabBar):
            for i in range(widget.count()):
                found += [(f"tab of {where}", widget.tabText(i)), (where, widget.tabToolTip(i))]
        if isinstance(widget, QtWidgets.QComboBox):
            found += [(f"entry of {where}", widget.itemText(i)) for i in range(widget.count())]
        if isinstance(widget, QtWidgets.QAbstractSpinBox):
            found.append((f"suffix of {where}", getattr(widget, "suffix", lambda: "")()))
        if isinstance(widget, QtWidgets.QTableView) and widget.model() is not None:
            model = widget.model()
            for column in range(model.columnCount(QtCore.QModelIndex())):
                found.append((f"header of {where}", str(model.headerData(column, _H) or "")))
        if isinstance(widget, QtWidgets.QTableWidget):
            found += [
                (f"cell of {where}", item.text())
                for row in range(widget.rowCount())
                for column in range(widget.columnCount())
                if (item := widget.item(row, column)) is not None
            ]
        if isinstance(widget, QtWidgets.QListWidget):
            found += [(f"entry of {where}", widget.item(i).text()) for i in range(widget.count())]
        if isinstance(widget, pg.PlotWidget):
            for name in ("left", "bottom", "right", "top"):
                axis = widget.getPlotItem().getAxis(name)
                if axis.isVisible() and axis.label.isVisible():
                    found.append((f"{name} axis of {where}", axis.labelText))
    for action in window.actions():
        found.append(("window action", action.text()))
    return [(where, text) for where, text in found if text]


_H = QtGui.Qt.Orientation.Horizontal


def english_texts(
    window: QtWidgets.QWidget, labels: list[str] | None = None
) -> list[tuple[str, str, list[str]]]:
    """Every text of ``window`` with English words in it, and those words.

    The scenario's step labels are names (lesson 5 calls a write "old").
    """
    names = frozenset(labels if labels is not None else window.session.scenario.labels())
    return [
        (where, text, words)
        for where, text in shown_texts(window)
        if (words := english_in(text, names))
    ]


def french_texts(window: QtWidgets.QWidget) -> list[tuple[str, str, list[str]]]:
    """Every text of ``window`` with French words in it (after a switch back to English)."""
    found = []
    for where, text in shown_texts(window):
        words = [w for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text)) if w.lower() in FRENCH]
        if words:
            found.append((where, text, words))
    return found
