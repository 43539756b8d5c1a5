"""File ▸ Import arrays…: open an ``.npz``/``.npy`` of your own vectors or of a model's head.

The file's headers say how many batch entries and heads it holds
(:func:`~linviz.model.array_files.array_layout`); a dialog offers those, the
rule and flash-linear-attention's query scale, and the session opens the
arrays with them (:class:`~linviz.model.array_files.ArrayOptions`). A file
that cannot be used is refused with the model's one-line reason, and the
scenario that was open stays.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6 import QtCore, QtWidgets

from linviz.controller.session import Session
from linviz.model.array_files import ArrayLayout, ArrayOptions, array_layout
from linviz.model.errors import ScenarioError
from linviz.model.rules import RULE_NAMES
from linviz.views.error_text import shown_error
from linviz.views.shell.busy import busy


class Document(Protocol):
    """Where the arrays are opened: the window's :class:`~linviz.views.shell.document.Document`.

    Named here, not imported: the document imports this module when its
    File ▸ Import arrays… is first used.
    """

    session: Session
    parent_widget: QtWidgets.QWidget
    message: QtCore.SignalInstance
    error: QtCore.SignalInstance

    def may_discard_changes(self) -> bool: ...


class ImportArraysDialog(QtWidgets.QDialog):
    """Which head of an array file to open, with which rule and query scale.

    Attributes
    ----------
    batch_spin, head_spin : QtWidgets.QSpinBox
        Indices from 0 (disabled when the file has one).
    rule_combo : QtWidgets.QComboBox
        ``None`` (what the arrays imply) or a rule name.
    fla_scale : QtWidgets.QCheckBox
        Multiply the queries by ``d_k^-½``, as flash-linear-attention's kernels do.
    """

    def __init__(
        self, path: Path, layout: ArrayLayout, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import arrays"))
        self.path, self.layout_ = path, layout
        about = QtWidgets.QLabel(
            self.tr("{0}: arrays {1}; {2} rows, {3} batch entries, {4} heads").format(
                path.name, ", ".join(layout.names), layout.rows, layout.batches, layout.heads
            )
        )
        about.setWordWrap(True)
        self.batch_spin = QtWidgets.QSpinBox()
        self.batch_spin.setRange(0, max(layout.batches - 1, 0))
        self.batch_spin.setEnabled(layout.batches > 1)
        self.batch_spin.setToolTip(self.tr("The batch entry to open, from 0"))
        self.head_spin = QtWidgets.QSpinBox()
        self.head_spin.setRange(0, max(layout.heads - 1, 0))
        self.head_spin.setEnabled(layout.heads > 1)
        self.head_spin.setToolTip(self.tr("The head to open, from 0"))
        self.rule_combo = QtWidgets.QComboBox()
        self.rule_combo.addItem(self.tr("as the arrays say"), None)
        for name in RULE_NAMES:
            self.rule_combo.addItem(name, name)
        self.rule_combo.setToolTip(
            self.tr("beta gives the delta rule, g or alpha the gated rule, both gated delta")
        )
        self.fla_scale = QtWidgets.QCheckBox(
            self.tr("&Scale queries by d_k^-½, as flash-linear-attention does")
        )
        self.fla_scale.setToolTip(
            self.tr(
                "flash-linear-attention multiplies q by d_k^-½: the reads are then the "
                "layer's outputs. S is the same either way"
            )
        )
        form = QtWidgets.QFormLayout()
        for text, widget in (
            (self.tr("&Batch entry"), self.batch_spin),
            (self.tr("&Head"), self.head_spin),
            (self.tr("&Rule"), self.rule_combo),
        ):
            label = QtWidgets.QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Open
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout_box = QtWidgets.QVBoxLayout(self)
        layout_box.addWidget(about)
        layout_box.addLayout(form)
        layout_box.addWidget(self.fla_scale)
        layout_box.addWidget(buttons)

    def options(self) -> ArrayOptions:
        """The choices made, as the session opens arrays with them."""
        return ArrayOptions(
            batch=self.batch_spin.value() if self.layout_.batches > 1 else None,
            head=self.head_spin.value() if self.layout_.heads > 1 else None,
            rule=self.rule_combo.currentData(),
            scale="fla" if self.fla_scale.isChecked() else None,
        )


def import_arrays(document: Document, path: str | Path | None = None, ask=None) -> bool:
    """File ▸ Import arrays… into ``document``: choose a file (unless ``path``), a head, open it.

    ``ask(dialog) -> bool`` runs the dialog (default: ``dialog.exec()``); tests
    answer it themselves. Returns whether the arrays were opened; what fails
    is reported through the document's ``error``, what opens through its ``message``.
    """
    session, parent = document.session, document.parent_widget
    if path is None:
        start = str(session.path.parent) if session.path else str(Path.home())
        name, _ = QtWidgets.QFileDialog.getOpenFileName(
            parent,
            QtCore.QCoreApplication.translate("ImportArraysDialog", "Import arrays"),
            start,
            QtCore.QCoreApplication.translate(
                "ImportArraysDialog", "NumPy arrays (*.npz *.npy);;All files (*)"
            ),
        )
        if not name:
            return False
        path = name
    path = Path(path)
    title = QtCore.QCoreApplication.translate("ImportArraysDialog", "These arrays cannot be opened")
    try:
        layout = array_layout(path)
    except ScenarioError as error:
        document.error.emit(title, shown_error(error))
        return False
    dialog = ImportArraysDialog(path, layout, parent)
    accepted = ask(dialog) if ask is not None else dialog.exec() == QtWidgets.QDialog.Accepted
    options = dialog.options()
    dialog.deleteLater()
    if not accepted or not document.may_discard_changes():
        return False
    importing = QtCore.QCoreApplication.translate("ImportArraysDialog", "Importing %1…")
    try:
        with busy(parent, importing.replace("%1", path.name)):
            session.open(path, arrays=options)
    except ScenarioError as error:
        document.error.emit(title, shown_error(error))
        return False
    opened = QtCore.QCoreApplication.translate("ImportArraysDialog", "Opened %1")
    document.message.emit(opened.replace("%1", session.title))
    return True
