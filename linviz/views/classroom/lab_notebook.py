"""The Lab notebook: the causal lab's changes since the baseline, its warning, and its entries.

Class ▸ Lab notebook… opens it beside the window. It shows what
:class:`~linviz.controller.lab_record.LabNotebook` computes (every change
since the pinned baseline, a warning when more than one variable changed),
takes the room's prediction, the observation and a one-line explanation,
and exports the entries as Markdown (the controller's text) or PDF (that
text laid out as plain text: nothing typed is ever read as HTML or markup).
"""

from __future__ import annotations

import re
from pathlib import Path

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.changes import Change
from linviz.controller.lab_record import ChangeReport, FieldChange, LabNotebook
from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.safe_files import write_safely
from linviz.views.error_text import shown_error
from linviz.views.guarded import guarded
from linviz.views.number_text import grouped, localised
from linviz.views.theme import Theme

#: Page margins of the exported PDF, in millimetres.
PDF_MARGIN_MM = 15
#: Text sizes of the exported PDF, in points.
PDF_BODY_PT, PDF_HEADING_PT, PDF_TITLE_PT = 10.5, 13.0, 16.0
#: The trace is monospaced and small enough for its longest lines to fit the page.
PDF_MONO_PT = 7.5


def markdown_document(markdown: str) -> QtGui.QTextDocument:
    """``markdown`` laid out for print: headings bold and larger, indented lines monospaced.

    Every line is inserted as plain text (``QTextCursor.insertText``): a line
    holding ``<b>`` or ``&amp;`` prints exactly those characters.
    """
    document = QtGui.QTextDocument()
    body = QtGui.QFont()
    body.setPointSizeF(PDF_BODY_PT)
    document.setDefaultFont(body)
    cursor = QtGui.QTextCursor(document)
    mono = QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont)
    mono.setPointSizeF(PDF_MONO_PT)
    first = True
    for line in markdown.split("\n"):
        block = QtGui.QTextBlockFormat()
        chars = QtGui.QTextCharFormat()
        chars.setFont(body)
        text = line
        if line.startswith("# ") or line.startswith("## "):
            level = 1 if line.startswith("# ") else 2
            text = line[level + 1 :]
            chars.setFontWeight(QtGui.QFont.Weight.Bold)
            chars.setFontPointSize(PDF_TITLE_PT if level == 1 else PDF_HEADING_PT)
            block.setTopMargin(14 if level == 1 else 8)
            block.setBottomMargin(2)
        elif line.startswith("    "):
            chars.setFont(mono)
            text = line[4:]
        if first:
            cursor.setBlockFormat(block)
            first = False
        else:
            cursor.insertBlock(block)
        cursor.insertText(text, chars)
    return document


def pdf_bytes(markdown: str, title: str = "") -> bytes:
    """``markdown`` as an A4 PDF (see :func:`markdown_document`)."""
    buffer = QtCore.QBuffer()
    buffer.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    writer = QtGui.QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("linviz")
    writer.setPageSize(QtGui.QPageSize(QtGui.QPageSize.PageSizeId.A4))
    writer.setPageMargins(
        QtCore.QMarginsF(*(PDF_MARGIN_MM,) * 4), QtGui.QPageLayout.Unit.Millimeter
    )
    markdown_document(markdown).print_(writer)
    del writer  # the file is finished when the writer goes
    buffer.close()
    return bytes(buffer.data().data())


class LabNotebookDialog(QtWidgets.QDialog):
    """The causal lab beside the window: changes since the pin, the warning, the entry.

    Parameters
    ----------
    session
        The session whose baseline and scenario are compared.
    notebook
        Where the entries are kept (the Class menu owns it).
    parent
        The main window.

    Attributes
    ----------
    changes_list : QtWidgets.QListWidget
        One row per change since the baseline: step, field, old → new.
    notice : QtWidgets.QLabel
        What the list means now (no baseline; nothing changed; n changes).
    warning : QtWidgets.QLabel
        Shown when more than one variable changed.
    prediction, observed, explanation, boundary, next_experiment : QtWidgets.QLineEdit
        The entry's fields.
    entries_label : QtWidgets.QLabel
        How many entries the notebook holds.
    """

    def __init__(
        self, session: Session, notebook: LabNotebook, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.notebook = notebook
        self.setObjectName("lab_notebook")
        self.setWindowTitle(self.tr("Lab notebook"))
        self.setModal(False)
        #: Where the last export went (tests and the status bar read it).
        self.last_export: Path | None = None

        self.notice = QtWidgets.QLabel()
        self.notice.setObjectName("lab_notice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)
        self.changes_list = QtWidgets.QListWidget()
        self.changes_list.setObjectName("lab_changes")
        self.changes_list.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self.changes_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.changes_list.setWordWrap(True)
        self.warning = QtWidgets.QLabel()
        self.warning.setObjectName("lab_warning")
        self.warning.setWordWrap(True)
        self.warning.setTextFormat(Qt.TextFormat.PlainText)
        self.warning.hide()

        self.prediction = self._line(self.tr("What the room predicted, before the run"))
        self.observed = self._line(self.tr("What the run showed"))
        self.explanation = self._line(self.tr("One line: why the change did that"))
        self.boundary = self._line(self.tr("Where the explanation stops holding (optional)"))
        self.next_experiment = self._line(self.tr("What to change next (optional)"))
        self.fill_prediction = QtWidgets.QPushButton(self.tr("From P"))
        self.fill_prediction.setToolTip(
            self.tr("Take the prediction entered with P for the read at the cursor")
        )
        self.fill_prediction.clicked.connect(
            lambda: self.prediction.setText(self.notebook.suggested_prediction())
        )
        self.fill_observed = QtWidgets.QPushButton(self.tr("From the read"))
        self.fill_observed.setToolTip(
            self.tr("Take what the read at the cursor returns now and with the baseline")
        )
        self.fill_observed.clicked.connect(
            lambda: self.observed.setText(self.notebook.suggested_observation())
        )
        form = QtWidgets.QFormLayout()
        form.addRow(self.tr("Prediction (P)"), self._with(self.prediction, self.fill_prediction))
        form.addRow(self.tr("Observed"), self._with(self.observed, self.fill_observed))
        form.addRow(self.tr("Explanation"), self.explanation)
        form.addRow(self.tr("Boundary"), self.boundary)
        form.addRow(self.tr("Next experiment"), self.next_experiment)

        self.record_button = QtWidgets.QPushButton(self.tr("Record entry"))
        self.record_button.clicked.connect(self.record)
        self.entries_label = QtWidgets.QLabel()
        self.export_markdown_button = QtWidgets.QPushButton(self.tr("Export Markdown…"))
        self.export_markdown_button.clicked.connect(lambda: self.export_dialog("md"))
        self.export_pdf_button = QtWidgets.QPushButton(self.tr("Export PDF…"))
        self.export_pdf_button.clicked.connect(lambda: self.export_dialog("pdf"))
        close = QtWidgets.QPushButton(self.tr("Close"))
        close.clicked.connect(self.hide)
        for button in (
            self.fill_prediction,
            self.fill_observed,
            self.record_button,
            self.export_markdown_button,
            self.export_pdf_button,
            close,
        ):
            button.setAutoDefault(False)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.record_button)
        buttons.addWidget(self.entries_label, 1)
        buttons.addWidget(self.export_markdown_button)
        buttons.addWidget(self.export_pdf_button)
        buttons.addWidget(close)

        layout = QtWidgets.QVBoxLayout(self)
        heading = QtWidgets.QLabel(self.tr("Changes since the baseline"))
        heading.setObjectName("lab_heading")
        heading.setStyleSheet("font-weight: bold;")
        layout.addWidget(heading)
        layout.addWidget(self.notice)
        layout.addWidget(self.changes_list, 1)
        layout.addWidget(self.warning)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self.resize(640, 520)

        session.changed.connect(self._on_session_changed)
        notebook.changed.connect(self._show_entries)
        self.refresh()

    def _line(self, placeholder: str) -> QtWidgets.QLineEdit:
        edit = QtWidgets.QLineEdit()
        edit.setPlaceholderText(placeholder)
        edit.setAccessibleName(placeholder)
        return edit

    @staticmethod
    def _with(edit: QtWidgets.QLineEdit, button: QtWidgets.QPushButton) -> QtWidgets.QWidget:
        row = QtWidgets.QWidget()
        box = QtWidgets.QHBoxLayout(row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(edit, 1)
        box.addWidget(button)
        return row

    # -- following the session ---------------------------------------------------------------
    def _on_session_changed(self, changes: frozenset[Change]) -> None:
        if not shiboken6.isValid(self):  # Qt deleted the dialog with its window
            self.session.changed.disconnect(self._on_session_changed)
            return
        if changes & {Change.SCENARIO, Change.BASELINE} and self.isVisible():
            if self.session.dragging:
                return  # the list follows when the drag ends (one change, not a hundred)
            self.refresh()

    @guarded()
    def showEvent(self, event: QtGui.QShowEvent) -> None:
        self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        """Show the changes since the baseline and the warning, as the notebook computes them."""
        report = self.notebook.changes()
        self.changes_list.clear()
        if report is None:
            self.notice.setText(
                self.tr(
                    "No baseline is pinned. Pin one (Class ▸ Pin baseline, B), then change "
                    "one thing: every change is listed here."
                )
            )
            self.warning.hide()
        else:
            if report.total == 0:
                self.notice.setText(self.tr("Nothing has changed since the baseline."))
            else:
                self.notice.setText(self.tr("%Ln changes since the baseline:", "", report.total))
            self.changes_list.addItems(self._lines(report))
            if report.more_than_one_variable:
                shown = ", ".join(self._variables(report)[:4])
                if len(report.variables) > 4:
                    shown += ", …"
                self.warning.setText(
                    self.tr(
                        "Warning: {count} variables changed ({names}). Change one at a "
                        "time, or the result cannot say which change caused it."
                    ).format(count=len(report.variables), names=shown)
                )
                self.warning.show()
            else:
                self.warning.hide()
        self._show_entries()

    # -- the changes in the language shown (the controller words them in English) ------------
    def _field(self, name: str) -> str:
        names = {
            "title": self.tr("title"),
            "caption": self.tr("caption"),
            "feature map": self.tr("feature map"),
            "normaliser": self.tr("normaliser"),
            "rule": self.tr("rule"),
            "position": self.tr("position"),
            "step": self.tr("step"),
            "label": self.tr("label"),
            "target": self.tr("target"),
            "notes": self.tr("notes"),
            "question": self.tr("question"),
            "key": self.tr("key"),
            "query": self.tr("query"),
            "value": self.tr("value"),
            "op": self.tr("op"),
            "alpha": "α",
            "beta": "β",
        }
        return names.get(name, name)

    def _value(self, text: str) -> str:
        words = {"on": self.tr("on"), "off": self.tr("off"), "removed": self.tr("removed")}
        if text in words:
            return words[text]
        if text.startswith("“"):
            return text  # a quoted text: the user's own words
        step = re.fullmatch(r"step (\d+)", text)
        if step:
            return self.tr("step {0}").format(grouped(int(step[1])))
        for english, kind in (("write ", self.tr("write")), ("read ", self.tr("read"))):
            if text.startswith(english):
                text = f"{kind} {text[len(english) :]}"
        rules = {
            "gated_delta": self.tr("gated delta"),
            "additive": self.tr("additive"),
            "delta": self.tr("delta"),
            "gated": self.tr("gated"),
        }
        for name, shown in rules.items():
            if text == name or text.startswith(f"{name} ("):
                text = shown + text[len(name) :]
                break
        return localised(text)

    def _describe(self, change: FieldChange) -> str:
        where = (
            self.tr("settings")
            if change.step is None
            else self.tr("step {0} ({1})").format(grouped(change.step), change.label)
        )
        return self.tr("{where}, {field}: {old} → {new}").format(
            where=where,
            field=self._field(change.field),
            old=self._value(change.old),
            new=self._value(change.new),
        )

    def _lines(self, report: ChangeReport) -> list[str]:
        """One line per listed change, in the language shown; one for those not listed."""
        lines = [self._describe(change) for change in report.changes]
        if report.total > len(report.changes):
            lines.append(self.tr("… and %Ln more changes", "", report.total - len(report.changes)))
        return lines

    def _variables(self, report: ChangeReport) -> list[str]:
        """The changed variables, named in the language shown (in order, once each)."""
        names: dict[str, None] = {}
        for change in report.changes:
            if change.variable:
                field = self._field(change.field)
                name = (
                    field
                    if change.label is None
                    else self.tr("{field} of {label}").format(field=field, label=change.label)
                )
                names.setdefault(name)
        named = list(names)
        return named + list(report.variables[len(named) :])

    def _show_entries(self) -> None:
        if not shiboken6.isValid(self):
            return
        count = len(self.notebook.entries)
        self.entries_label.setText(
            self.tr("No entries yet") if count == 0 else self.tr("Entries: {n}").format(n=count)
        )
        for button in (self.export_markdown_button, self.export_pdf_button):
            button.setEnabled(count > 0)

    # -- entries and export -------------------------------------------------------------------
    def record(self) -> None:
        """Record an entry from the fields; clear them for the next run."""
        self.notebook.record(
            self.prediction.text(),
            self.observed.text(),
            self.explanation.text(),
            self.boundary.text(),
            self.next_experiment.text(),
        )
        for edit in (
            self.prediction,
            self.observed,
            self.explanation,
            self.boundary,
            self.next_experiment,
        ):
            edit.clear()

    def export_markdown(self, path: str | Path) -> Path:
        """Write every entry as Markdown to ``path`` (atomically)."""
        target = write_safely(path, [self.notebook.markdown().encode("utf-8")])
        self.last_export = target
        return target

    def export_pdf(self, path: str | Path) -> Path:
        """Write every entry as a PDF to ``path`` (atomically)."""
        data = pdf_bytes(self.notebook.markdown(), self.tr("Lab notebook"))
        target = write_safely(path, [data])
        self.last_export = target
        return target

    def export_dialog(self, kind: str) -> None:
        """Ask where, then export as Markdown (``"md"``) or PDF (``"pdf"``)."""
        if kind == "md":
            caption, filter_text = self.tr("Export lab notebook"), self.tr("Markdown (*.md)")
        else:
            caption, filter_text = self.tr("Export lab notebook"), self.tr("PDF (*.pdf)")
        start = str(Path.home() / f"lab-notebook.{kind}")
        name, _ = QtWidgets.QFileDialog.getSaveFileName(self, caption, start, filter_text)
        if not name:
            return
        path = Path(name)
        if path.suffix.lower() != f".{kind}":
            path = path.with_name(path.name + f".{kind}")
        try:
            if kind == "md":
                self.export_markdown(path)
            else:
                self.export_pdf(path)
        except ScenarioError as error:
            QtWidgets.QMessageBox.warning(self, caption, shown_error(error))

    def set_theme(self, theme: Theme) -> None:
        """The warning in the theme's warning colour."""
        self.warning.setStyleSheet(
            f"QLabel#lab_warning {{ color: {theme.warning}; font-weight: bold; }}"
        )
