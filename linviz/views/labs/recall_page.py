"""The controlled recall test: store N pairs in a d × d memory, read each back.

Settings on the left (they go to :class:`~linviz.controller.labs.CapacityLab`),
Run and Cancel with a progress bar, and the curves: the additive and the
delta rule side by side, one curve per ``d``, against ``N`` (a dashed mark
at ``N = d``) or against the keys' similarity at a fixed ``N``. The test
runs on a worker thread (:class:`~linviz.views.labs.recall_runner.RecallRunner`):
the window stays responsive, and Cancel keeps the points already measured.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6 import QtCore, QtGui, QtWidgets

from linviz.controller.changes import Change
from linviz.controller.labs import CapacityLab, CapacityResult
from linviz.controller.session import Session
from linviz.model import capacity
from linviz.model.errors import ScenarioError
from linviz.model.field_checks import split_vector
from linviz.model.limits import MAX_DIM, MIN_DIM
from linviz.model.report import fmt_number
from linviz.views.error_text import shown_error
from linviz.views.guarded import guarded
from linviz.views.labs.lab_page import LabPage
from linviz.views.labs.recall_display import RecallDisplay
from linviz.views.labs.recall_figure import RecallFigure
from linviz.views.labs.recall_runner import RecallRunner
from linviz.views.language import say
from linviz.views.number_text import decimal_comma, grouped, localised, shown_number
from linviz.views.theme import Theme
from linviz.views.typography import unbroken_parts

Qt = QtCore.Qt

#: Steps of the progress bar.
PROGRESS_STEPS = 1000


def parse_list(text: str, convert: Callable[[str], object], decimal_comma: bool = False) -> tuple:
    """``"16, 32 64"`` → ``(16, 32, 64)`` (commas, semicolons or spaces between values).

    Read as every editor reads a typed vector (:func:`~linviz.model.field_checks.
    split_vector`): with a semicolon between values a comma is a decimal one,
    as French writes it, so ``"0,3 ; 0,55"`` → ``(0.3, 0.55)``; with
    ``decimal_comma`` (typed where numbers show one) ``"0,3"`` is ``0.3`` too.

    Raises
    ------
    ValueError
        If a value cannot be converted (the message names it).
    """
    values = []
    for part in split_vector(text, decimal_comma):
        try:
            values.append(convert(part))
        except ValueError:
            raise ValueError(part) from None
    return tuple(values)


def list_text(values: Sequence[object]) -> str:
    """``(16, 32, 64)`` → ``"16, 32, 64"``, written as the language writes numbers
    (``"0,3 ; 0,5"`` in French, which :func:`parse_list` reads back).
    """
    return localised(", ".join(fmt_number(v) if isinstance(v, float) else str(v) for v in values))


class RecallPage(LabPage):
    """The controlled recall test as a lab page.

    Parameters
    ----------
    session
        The window's session (theme and projector mode).
    lab
        The recall test's controller (default: a new one, default settings).
    auto_run
        Run once when the page first shows, if there is no result yet.
    parent
        Optional parent widget.

    Attributes
    ----------
    lab : CapacityLab
        Settings and the last result delivered for them.
    display : RecallDisplay
        Which measure the figure shows, against what.
    runner : RecallRunner
        Runs the test off the GUI thread.
    figure_view : RecallFigure
        The curves.
    """

    lab_name = "recall"

    def __init__(
        self,
        session: Session,
        lab: CapacityLab | None = None,
        auto_run: bool = True,
        parent: QtWidgets.QWidget | None = None,
    ) -> None:
        super().__init__(session, parent)
        self.lab = lab if lab is not None else CapacityLab()
        self.display = RecallDisplay()
        self.auto_run = auto_run
        self.runner = RecallRunner(self)
        self.runner.progressed.connect(self._progressed)
        self.runner.finished.connect(self._finished)
        self.runner.errored.connect(lambda text: self.failed.emit(self.tr("Recall test"), text))
        self._note = ""
        self._build_settings()
        self._build_actions()
        self.figure_view = RecallFigure()
        controlled = QtWidgets.QWidget()
        body = QtWidgets.QHBoxLayout(controlled)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.settings_box)
        body.addWidget(self.figure_view, 1)
        # MQAR mode: Zoology's task, measured as its settings change (linviz.views.labs.mqar_view).
        from linviz.views.labs.mqar_view import MqarView

        self.mqar = MqarView()
        self.mqar.message.connect(self.message)
        self.tasks = QtWidgets.QStackedWidget()
        self.tasks.addWidget(controlled)
        self.tasks.addWidget(self.mqar)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self.view_row)
        layout.addLayout(self.run_row)
        layout.addWidget(self.tasks, 1)
        self.lab.changed.connect(self._lab_changed)
        self.display.changed.connect(self.request_refresh)
        self.request_refresh()

    def lab_title(self) -> str:
        """The tab's name."""
        return self.tr("Recall test")

    # -- construction -------------------------------------------------------------------------
    def _line(
        self, field: str, convert: Callable[[str], object], tip: str | Callable[[], str]
    ) -> QtWidgets.QLineEdit:
        """An entry of a list of numbers; ``tip`` made anew in each language if callable."""
        edit = QtWidgets.QLineEdit()
        if callable(tip):
            say(edit, edit.setToolTip, tip)
        else:
            edit.setToolTip(tip)
        edit.editingFinished.connect(lambda: self._list_edited(edit, field, convert))
        return edit

    def _build_settings(self) -> None:
        self.settings_box = QtWidgets.QWidget()
        self.settings_box.setObjectName("recall_settings")
        form = QtWidgets.QFormLayout(self.settings_box)
        form.setContentsMargins(0, 0, 8, 0)
        form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form = form
        self.dims_edit = self._line(
            "dims",
            int,
            lambda: self.tr(
                "Sizes d of the memory, one curve each ({0} to {1}; keys and values have d "
                "numbers), e.g. 16, 32, 64"
            ).format(MIN_DIM, MAX_DIM),
        )
        self.sizes_edit = self._line(
            "sizes",
            int,
            lambda: self.tr(
                "How many pairs N to store, e.g. 4, 8, 16, 32, 64, 128, 256 (1 to {0})"
            ).format(grouped(capacity.MAX_PAIRS)),
        )
        self.similarities_edit = self._line(
            "similarities",
            float,
            self.tr(
                "The mean cosines between keys of the curves against similarity, each in [0, 1)"
            ),
        )
        self.similarity_n_spin = QtWidgets.QSpinBox()
        self.similarity_n_spin.setRange(1, capacity.MAX_PAIRS)
        self.similarity_n_spin.setToolTip(
            self.tr("How many pairs the curves against similarity store")
        )
        self.beta_spin = QtWidgets.QDoubleSpinBox()
        self.beta_spin.setRange(0.0, 1.0)
        self.beta_spin.setSingleStep(0.1)
        self.beta_spin.setToolTip(self.tr("The delta rule's writing strength β, in [0, 1]"))
        self.trials_spin = QtWidgets.QSpinBox()
        self.trials_spin.setRange(1, capacity.MAX_TRIALS)
        self.trials_spin.setToolTip(
            self.tr("Independent memories per point: more trials, smoother curves, longer runs")
        )
        self.tolerance_spin = QtWidgets.QDoubleSpinBox()
        self.tolerance_spin.setDecimals(3)
        self.tolerance_spin.setRange(0.001, 10.0)
        self.tolerance_spin.setSingleStep(0.05)
        self.tolerance_spin.setToolTip(
            self.tr("A read counts as an exact recall when its relative error is below this")
        )
        self.seed_spin = QtWidgets.QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setToolTip(self.tr("The random seed: the same seed gives the same numbers"))
        for spin, field in (
            (self.similarity_n_spin, "similarity_n"),
            (self.beta_spin, "beta"),
            (self.trials_spin, "trials"),
            (self.tolerance_spin, "tolerance"),
            (self.seed_spin, "seed"),
        ):
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(lambda value, f=field: self._update(**{f: value}))
        for text, widget in (
            (self.tr("Sizes &d"), self.dims_edit),
            (self.tr("&Pairs N"), self.sizes_edit),
            (self.tr("Similarities"), self.similarities_edit),
            (self.tr("… at N ="), self.similarity_n_spin),
            (self.tr("Delta &β"), self.beta_spin),
            (self.tr("&Trials"), self.trials_spin),
            (self.tr("T&olerance"), self.tolerance_spin),
            (self.tr("S&eed"), self.seed_spin),
        ):
            label = QtWidgets.QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)

    def _build_actions(self) -> None:
        self.keys_label = QtWidgets.QLabel(self.tr("&Keys"))
        self.keys_combo = QtWidgets.QComboBox()
        kinds = {
            "random": self.tr("random"),
            "orthogonal": self.tr("orthogonal"),
            "similar": self.tr("similar"),
        }
        for kind in capacity.KEY_KINDS:
            self.keys_combo.addItem(kinds.get(kind, kind), kind)
        self.keys_combo.setToolTip(
            self.tr(
                "Random: unit keys in random directions. Orthogonal: the first d at right "
                "angles, the rest random. Similar: keys sharing a direction, mean cosine c"
            )
        )
        self.keys_label.setBuddy(self.keys_combo)
        self.keys_combo.activated.connect(
            lambda index: self._update(keys=self.keys_combo.itemData(index))
        )
        self.similarity_label = QtWidgets.QLabel(self.tr("&c"))
        self.similarity_spin = QtWidgets.QDoubleSpinBox()
        self.similarity_spin.setRange(0.0, 0.99)
        self.similarity_spin.setSingleStep(0.05)
        self.similarity_spin.setKeyboardTracking(False)
        self.similarity_spin.setToolTip(
            self.tr("Similar keys: the mean cosine c between two keys, in [0, 1)")
        )
        self.similarity_label.setBuddy(self.similarity_spin)
        self.similarity_spin.valueChanged.connect(lambda value: self._update(similarity=value))
        self.measure_label = QtWidgets.QLabel(self.tr("S&how"))
        self.measure_combo = QtWidgets.QComboBox()
        self.measure_combo.addItem(self.tr("relative error"), "error")
        self.measure_combo.addItem(self.tr("exact recall"), "rate")
        self.measure_combo.setToolTip(
            self.tr(
                "Relative error: ‖y − v‖ / ‖v‖ averaged over every read. Exact recall: the "
                "share of reads with a relative error below the tolerance"
            )
        )
        self.measure_label.setBuddy(self.measure_combo)
        self.measure_combo.activated.connect(
            lambda index: self.display.update(measure=self.measure_combo.itemData(index))
        )
        self.against_label = QtWidgets.QLabel(self.tr("a&gainst"))
        self.against_combo = QtWidgets.QComboBox()
        self.against_combo.addItem(self.tr("N"), "n")
        self.against_combo.addItem(self.tr("similarity"), "similarity")
        self.against_combo.setToolTip(
            self.tr("Against N: more and more pairs. Against similarity: a fixed N, keys closer")
        )
        self.against_label.setBuddy(self.against_combo)
        self.against_combo.activated.connect(
            lambda index: self.display.update(against=self.against_combo.itemData(index))
        )
        self.task_label = QtWidgets.QLabel(self.tr("T&ask"))
        self.task_combo = QtWidgets.QComboBox()
        self.task_combo.addItem(self.tr("controlled test"), "controlled")
        self.task_combo.addItem(self.tr("MQAR (Zoology)"), "mqar")
        self.task_combo.setToolTip(
            self.tr(
                "Controlled test: N pairs stored, each read back. MQAR: Zoology's "
                "multi-query associative recall, recall against the state size d_k · d_v"
            )
        )
        self.task_label.setBuddy(self.task_combo)
        self.task_combo.activated.connect(
            lambda index: self.display.update(task=self.task_combo.itemData(index))
        )
        self.view_row = QtWidgets.QHBoxLayout()
        for widget in (
            self.keys_label,
            self.keys_combo,
            self.similarity_label,
            self.similarity_spin,
        ):
            self.view_row.addWidget(widget)
        self.view_row.addSpacing(16)
        for widget in (
            self.measure_label,
            self.measure_combo,
            self.against_label,
            self.against_combo,
        ):
            self.view_row.addWidget(widget)
        self.view_row.addStretch(1)

        self.run_button = QtWidgets.QPushButton(self.tr("&Run"))
        self.run_button.setToolTip(self.tr("Measure recall for these settings (Alt+R)"))
        self.cancel_button = QtWidgets.QPushButton(self.tr("&Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the run; the points measured so far are kept"))
        for button in (self.run_button, self.cancel_button):
            button.setAutoDefault(False)
        self.run_button.clicked.connect(self.run)
        self.cancel_button.clicked.connect(self.runner.cancel)
        self.progress = QtWidgets.QProgressBar()
        self.progress.setRange(0, PROGRESS_STEPS)
        self.progress.setToolTip(self.tr("How much of the run is done"))
        self.progress.setFormat(self.tr("%p%"))
        self.run_row = QtWidgets.QHBoxLayout()
        # The task heads the run row: the view row is full at 1024×768 on a projector.
        self.run_row.addWidget(self.task_label)
        self.run_row.addWidget(self.task_combo)
        self.run_row.addSpacing(16)
        self.run_row.addWidget(self.run_button)
        self.run_row.addWidget(self.cancel_button)
        self.run_row.addWidget(self.progress, 1)
        self.run_row.addWidget(self.export_button)

    # -- settings go to the controller ------------------------------------------------------
    def _update(self, **changes: object) -> bool:
        try:
            self.lab.update(**changes)
        except ScenarioError as error:
            self.message.emit(shown_error(error))
            self._sync_controls()  # back to what the lab has
            return False
        return True

    def _list_edited(
        self, edit: QtWidgets.QLineEdit, field: str, convert: Callable[[str], object]
    ) -> None:
        edit.setModified(False)
        try:
            # Whole numbers have no decimal comma: "16,32" stays two of them.
            values = parse_list(edit.text(), convert, decimal_comma() and convert is float)
        except ValueError as error:
            self.message.emit(self.tr("not a number: {0}").format(error))
            self._sync_controls()
            return
        self._update(**{field: values})

    # -- running ----------------------------------------------------------------------------------
    def run(self) -> bool:
        """Start a run for the current settings (off the GUI thread); ``False`` if one runs."""
        if not self.runner.start(self.lab.job()):
            return False
        self._note = ""
        self.progress.setValue(0)
        self._sync_run_buttons()
        return True

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setValue(round(PROGRESS_STEPS * done / max(total, 1)))

    def _finished(self, result: CapacityResult) -> None:
        kept = self.lab.deliver(result)  # emits changed (and so redraws) when kept
        if not kept:
            self._note = self.tr("The settings changed during the run: press Run again.")
            self.request_refresh()
        self._sync_run_buttons()

    def _lab_changed(self) -> None:
        if self.runner.running and self.lab.result is None:
            self.runner.cancel()  # its result would be for old settings
        self.request_refresh()

    def _sync_run_buttons(self) -> None:
        running = self.runner.running
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)

    @guarded()
    def showEvent(self, event: object) -> None:
        super().showEvent(event)
        if self.auto_run and self.lab.result is None and not self.runner.running:
            self.auto_run = False  # once: later runs are asked for
            self.run()

    def close_lab(self) -> None:
        """Stop the run (waiting for the worker) and stop following the session."""
        self.runner.stop()  # pure Python: fine while Qt deletes the page
        self.mqar.close_view()
        super().close_lab()

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the settings and the result for them (if any)."""
        self._sync_controls()
        self._sync_run_buttons()
        mqar = self.display.view.task == "mqar"
        self.tasks.setCurrentWidget(self.mqar if mqar else self.tasks.widget(0))
        for widget in (
            *(self.keys_label, self.keys_combo, self.similarity_label, self.similarity_spin),
            *(self.measure_label, self.measure_combo, self.against_label, self.against_combo),
            *(self.run_button, self.cancel_button, self.progress),
        ):
            widget.setVisible(not mqar)  # MQAR is measured as its settings change
        if mqar:
            self.mqar.refresh()
            return
        settings = self.lab.settings
        result = self.lab.result
        view = self.display.view
        against_n = view.against == "n"
        sweep = (
            None
            if result is None
            else (result.against_n if against_n else result.against_similarity)
        )
        points = () if sweep is None else sweep.points
        if self.runner.running:
            empty = self.tr("Measuring…")
        elif result is None:
            empty = self._note or self.tr("Press Run to measure these settings")
        else:
            empty = self.tr("No points: the run was cancelled before any finished")
        self.figure_view.draw(
            points,
            against=view.against,
            measures=(view.measure,),
            rules=settings.rules,
            title=self._title(against_n),
            subtitle=self._subtitle(result),
            keys=settings.keys if against_n else "similar",
            tolerance=settings.tolerance,
            beta=settings.beta,
            empty_text=empty,
        )

    def _title(self, against_n: bool) -> str:
        settings = self.lab.settings
        if against_n:
            kinds = {
                "random": self.tr("random keys"),
                "orthogonal": self.tr("orthogonal keys"),
                "similar": self.tr("similar keys (c = {0})").format(
                    shown_number(settings.similarity)
                ),
            }
            return self.tr("Store N pairs, read each back: {0}").format(kinds[settings.keys])
        return self.tr("Store %Ln pairs of similar keys, read each back", "", settings.similarity_n)

    def _subtitle(self, result: CapacityResult | None) -> str:
        settings = self.lab.settings
        text = self.tr("d = {dims} · {trials} · seed {seed}").format(
            dims=list_text(settings.dims),
            trials=self.tr("%Ln trials a point", "", settings.trials),  # "1 trial a point"
            seed=settings.seed,
        )
        if result is not None and not result.complete:
            text += " · " + self.tr("cancelled: the points finished are shown")
        return unbroken_parts(text)

    def _sync_controls(self) -> None:
        settings = self.lab.settings
        view = self.display.view
        widgets = (
            self.similarity_n_spin,
            self.beta_spin,
            self.trials_spin,
            self.tolerance_spin,
            self.seed_spin,
            self.keys_combo,
            self.similarity_spin,
            self.task_combo,
            self.measure_combo,
            self.against_combo,
        )
        blockers = [QtCore.QSignalBlocker(w) for w in widgets]
        try:
            for edit, values in (
                (self.dims_edit, settings.dims),
                (self.sizes_edit, settings.sizes),
                (self.similarities_edit, settings.similarities),
            ):
                if edit.hasFocus() and edit.isModified():
                    continue  # being typed: the lab hears of it when the typing ends
                if edit.text() != list_text(values):
                    edit.setText(list_text(values))
            self.similarity_n_spin.setValue(settings.similarity_n)
            self.beta_spin.setValue(settings.beta)
            self.trials_spin.setValue(settings.trials)
            self.tolerance_spin.setValue(settings.tolerance)
            self.seed_spin.setValue(settings.seed)
            self.keys_combo.setCurrentIndex(self.keys_combo.findData(settings.keys))
            self.similarity_spin.setValue(settings.similarity)
            self.measure_combo.setCurrentIndex(self.measure_combo.findData(view.measure))
            self.task_combo.setCurrentIndex(self.task_combo.findData(view.task))
            self.against_combo.setCurrentIndex(self.against_combo.findData(view.against))
        finally:
            del blockers
        similar = settings.keys == "similar"
        self.similarity_spin.setEnabled(similar)
        self.similarity_label.setEnabled(similar)

    # -- looks ----------------------------------------------------------------------------------
    def set_compact(self, on: bool) -> None:
        """Projector layout: the settings form makes room for the curves."""
        self.settings_box.setVisible(not on)
        self.mqar.settings_box.setVisible(not on)

    def apply_widths(self) -> None:
        """Lists wide enough to read whole (about 30 characters)."""
        width = QtGui.QFontMetrics(self.dims_edit.font()).averageCharWidth() * 30
        for edit in (self.dims_edit, self.sizes_edit, self.similarities_edit):
            edit.setMinimumWidth(width)

    def apply_theme(self, theme: Theme) -> None:
        """Colours and sizes of the figure."""
        self.figure_view.apply_theme(theme, self.font())
        self.mqar.apply_theme(theme, self.font())
        self.apply_widths()
        self.request_refresh()

    def session_changed(self, changes: frozenset[Change]) -> None:
        """The recall test does not depend on the scenario."""

    # -- exports ----------------------------------------------------------------------------------
    def figure(self) -> QtWidgets.QWidget:
        """The curves with their title and legend (MQAR's, in MQAR mode)."""
        return self.mqar.figure_box if self.display.view.task == "mqar" else self.figure_view

    def csv_table(self) -> tuple[Sequence[str], list[Sequence[object]]]:
        """Every point of the last result for the current settings (both sweeps)."""
        header = ("sweep", *capacity.ROW_FIELDS, "keys", "trials", "tolerance", "trial_spread")
        result = self.lab.result
        rows: list[Sequence[object]] = []
        if result is not None:
            for name, sweep in (
                ("against_n", result.against_n),
                ("against_similarity", result.against_similarity),
            ):
                for point in sweep.points:
                    row = point.to_row()
                    rows.append(
                        (
                            name,
                            *(row[field] for field in capacity.ROW_FIELDS),
                            point.keys,
                            point.trials,
                            point.tolerance,
                            point.trial_spread,
                        )
                    )
        return header, rows
