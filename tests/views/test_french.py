"""French throughout: every text of the window on every lesson and lab, and at run time."""

import pytest
from PySide6 import QtCore

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.model.lessons import bundled_lessons
from linviz.views.language import current_language, set_language
from tests.views.french_texts import english_texts, french_texts


@pytest.fixture
def french(qapp):
    set_language("fr")
    yield
    set_language("en")


def shown_window(qtbot, session):
    from linviz.views.main_window import MainWindow

    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 800)
    with qtbot.waitExposed(window):
        window.show()
    return window


def settle_labs(qtbot, window):
    recall = window.labs.pages.get("recall")
    if recall is not None:
        qtbot.waitUntil(lambda: not recall.runner.running, timeout=60_000)


def no_english(window):
    found = english_texts(window)
    assert found == [], "\n".join(f"{where}: {text!r} {words}" for where, text, words in found)


@pytest.mark.parametrize("lesson", [lesson.name for lesson in bundled_lessons()])
def test_in_french_no_text_of_the_window_is_english_on_any_step_of_a_lesson(qtbot, french, lesson):
    session = Session()
    session.open(lesson)
    window = shown_window(qtbot, session)
    assert window.menuBar().actions()[0].text() == "&Fichier"
    reads = [n for n in range(1, len(session.scenario) + 1) if not session.scenario.is_write(n)]
    for cursor in (0, 1, reads[0], len(session.scenario)):
        session.set_cursor(cursor)
        qtbot.wait(0)
        no_english(window)


def test_in_french_no_text_of_any_lab_is_english(qtbot, french, tmp_path):
    session = Session()
    session.open("crowding-the-plane")
    window = shown_window(qtbot, session)
    session.set_cursor(len(session.scenario))  # a read: every lab has something to say
    for name in window.labs.names():
        window.labs.show_tab(name)
        qtbot.wait(0)
        settle_labs(qtbot, window)
        no_english(window)
        if name == "spotlight":  # the labs' tick labels write a decimal comma too
            plot = window.labs.page(name).plot
            qtbot.waitUntil(lambda plot=plot: bool(plot.shown_ticks("left")))
            ticks = [label for _, label in plot.shown_ticks("left")]
            assert "0,4" in ticks and "0.4" not in ticks, ticks
            # … while its CSV stays as files are, whatever the language.
            csv = window.labs.page(name).export_csv(tmp_path / "weights.csv").read_text()
            assert "0.8" in csv and "0,8" not in csv
    settle_labs(qtbot, window)
    # The other windows: presenter view, lab notebook (a baseline pinned), shortcuts.
    labels = session.scenario.labels()
    window.labs.show_tab("scenario")
    session.pin_baseline()
    k3 = session.scenario.step(5)
    # Two variables changed: the notebook lists both and warns, in French.
    session.execute(ReplaceStep(5, k3.with_changes(vector=[0.6, 0.8], value=[0.5, -5])))
    session.set_cursor(3)
    view = window.presenter.view()
    view.show()
    window.classroom.open_lab_notebook()
    shortcuts = window.keyboard.show_shortcuts()
    shortcuts.show()
    notebook = window.classroom.lab_notebook()
    assert notebook.changes_list.item(0).text() == ("étape 5 (k3), clé : [0,8 ; 0,6] → [0,6 ; 0,8]")
    assert notebook.warning.isVisible() and "clé de k3" in notebook.warning.text()
    for other in (view, notebook, shortcuts):
        qtbot.waitExposed(other)
        found = english_texts(other, labels)
        assert found == [], "\n".join(f"{w}: {t!r} {e}" for w, t, e in found)
    shortcuts.close()
    view.close()


def test_view_language_switches_an_open_window_at_once_and_back(qtbot):
    session = Session()
    session.open("crowding-the-plane")
    window = shown_window(qtbot, session)
    view_menu = window.view_menu
    heading = window.desk.titles["heatmap"]
    assert (view_menu.title(), heading.text()) == ("&View", "Memory S")
    assert window.steps_dock.windowTitle() == "Steps"
    try:
        window.language_actions["fr"].trigger()
        qtbot.waitUntil(lambda: view_menu.title() == "&Affichage", timeout=2_000)
        assert current_language() == "fr"
        assert heading.text() == "Mémoire S"
        assert window.steps_dock.windowTitle() == "Étapes"
        assert window.language_actions["fr"].isChecked()
        assert QtCore.QSettings().value("language") == "fr"  # remembered for next time
        # The lesson's own words follow too.
        session.set_cursor(1)
        assert (
            window.caption.text().endswith(
                "On écrit k1 = [1, 0] avec la valeur [3, 1]. S = [[3, 1], [0, 0]]."
            )
            or "On écrit k1" in window.caption.text()
        )
        no_english(window)
    finally:
        window.language_actions["en"].trigger()
    qtbot.waitUntil(lambda: view_menu.title() == "&View", timeout=2_000)
    assert heading.text() == "Memory S"
    assert window.steps_dock.windowTitle() == "Steps"
    assert "Write k1" in window.caption.text()
    assert QtCore.QSettings().value("language") == "en"
    left = french_texts(window)
    assert left == [], "\n".join(f"{where}: {text!r} {words}" for where, text, words in left)


def test_texts_made_with_numbers_follow_a_switch_to_french(qtbot):
    """Labs built in English, then View ▸ Language ▸ Français: none stays English.

    The texts that hold numbers ("fp16 (2 B each)", "(1 to 65,536)", "0.5×")
    cannot be looked up in the catalogue as they are: they stayed English
    (the number formats, the recall sizes' tips) or kept their decimal point.
    """
    session = Session()
    session.open("crowding-the-plane")
    window = shown_window(qtbot, session)
    session.set_cursor(len(session.scenario))
    for name in window.labs.names():  # every lab built, in English
        window.labs.show_tab(name)
        qtbot.wait(0)
        settle_labs(qtbot, window)
    speeds = window.timeline.speed_box
    assert speeds.itemText(0) == "0.5×"
    try:
        window.language_actions["fr"].trigger()
        qtbot.waitUntil(lambda: window.view_menu.title() == "&Affichage", timeout=2_000)
        assert speeds.itemText(0) == "0,5×"
        for name in window.labs.names():
            window.labs.show_tab(name)
            qtbot.wait(0)
            settle_labs(qtbot, window)
            no_english(window)
        memory = window.labs.page("memory")
        assert memory.dtype_combo.itemText(0).endswith("o chacun)")
    finally:
        window.language_actions["en"].trigger()
    qtbot.waitUntil(lambda: window.view_menu.title() == "&View", timeout=2_000)
    assert speeds.itemText(0) == "0.5×"
    # Keys named again from the actions' shortcuts, not read back from French ("()").
    assert window.timeline.next_action.toolTip() == "Next step (Right, PgDown)"
    assert window.timeline.first_action.toolTip() == "First step (Home)"
    assert window.labs.page("memory").dtype_combo.itemText(0).endswith("B each)")


def test_counted_texts_take_their_plural_form_in_both_languages(qapp):
    def changes(n):
        return QtCore.QCoreApplication.translate(
            "LabNotebookDialog", "%Ln changes since the baseline:", "", n
        )

    try:
        set_language("en")
        assert changes(1) == "1 change since the baseline:"
        assert changes(3) == "3 changes since the baseline:"
        set_language("fr")
        assert changes(1) == "1 changement depuis la référence :"
        assert changes(3) == "3 changements depuis la référence :"
    finally:
        set_language("en")


def test_the_app_starts_in_the_language_asked_else_the_one_remembered(qapp):
    from linviz.views.app import chosen_language

    assert chosen_language("fr") == "fr"
    QtCore.QSettings().setValue("language", "fr")
    assert chosen_language(None) == "fr"
    assert chosen_language("en") == "en"
    QtCore.QSettings().setValue("language", "klingon")
    assert chosen_language(None) in ("en", "fr")  # the system's, if linviz speaks it


def test_in_french_every_menu_reaches_each_entry_by_a_letter_of_its_own(qtbot, french):
    import re

    session = Session()
    session.open("session-trace")
    window = shown_window(qtbot, session)
    clashes = []

    def letters(actions, where):
        seen: dict[str, list[str]] = {}
        for action in actions:
            if action.isSeparator():
                continue
            found = re.search(r"&([^&])", action.text())
            if found:
                seen.setdefault(found[1].lower(), []).append(action.text())
            if action.menu() is not None:
                letters(action.menu().actions(), action.text())
        clashes.extend((where, texts) for texts in seen.values() if len(texts) > 1)

    letters(window.menuBar().actions(), "menu bar")
    assert clashes == []


def test_in_french_the_projector_layouts_and_the_before_after_are_french(qtbot, french):
    """What the room sees in projector mode: the step layouts, then a pinned baseline."""
    session = Session()
    session.open("crowding-the-plane")
    window = shown_window(qtbot, session)
    window.set_projector_mode(True, full_screen=False)
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 768))
    for cursor in (0, 1, len(session.scenario)):
        session.set_cursor(cursor)
        qtbot.wait(0)
        no_english(window)
    session.pin_baseline()
    k3 = session.scenario.step(5)
    session.execute(ReplaceStep(5, k3.with_changes(vector=[0.6, 0.8])))
    session.set_cursor(len(session.scenario))
    qtbot.wait(0)
    no_english(window)
    window.set_projector_mode(False)


def test_edit_undo_names_the_views_edits_in_the_language_switched_to(qtbot, window):
    """An edit made in the table or the settings kept the name of the language it was
    made in: after View ▸ Language, an English window offered "Annuler modification de
    la clé de k1"."""
    from linviz.views.panels.step_table_model import VECTOR

    session = window.session  # crowding-the-plane
    undo = window.registry["edit.undo"]
    try:
        window.set_language("fr")
        qtbot.waitUntil(lambda: window.steps_dock.windowTitle() == "Étapes")  # switched
        model = window.step_table.model
        assert model.setData(model.index(0, VECTOR), "0,5 ; 0,5")
        assert undo.text() == "&Annuler modification de la clé de k1"
        window.settings_panel.normalize_box.setChecked(not session.scenario.normalize)
        assert undo.text().startswith("&Annuler normali")
        window.set_language("en")
        qtbot.waitUntil(lambda: not undo.text().startswith("&Annuler"))
        assert undo.text() == "&Undo normaliser on", undo.text()
        session.undo()
        assert undo.text() == "&Undo edit key of k1"
    finally:
        window.set_language("en")


def test_edit_undo_names_a_rule_and_a_feature_map_as_the_settings_show_them(qtbot, window):
    """Edit ▸ Undo said "règle gated_delta (α = 0.9, β = 1)": the file's name of the
    rule and English decimal points, in a French window."""
    panel = window.settings_panel
    undo = window.registry["edit.undo"]
    try:
        window.set_language("fr")
        qtbot.waitUntil(lambda: window.steps_dock.windowTitle() == "Étapes")
        panel.alpha_box.setValue(0.75)  # the additive rule ignores it until a gated one
        panel.rule_box.setCurrentIndex(panel.rule_box.findData("gated_delta"))
        assert window.session.scenario.rule.name == "gated_delta"
        assert undo.text() == "&Annuler règle delta à porte (α = 0,75 ; β = 1)"
        assert window.session.scenario.feature_map == "identity"
        panel.feature_box.setCurrentIndex(panel.feature_box.findData("relu"))
        assert undo.text() == "&Annuler fonction φ ReLU"
        window.set_language("en")
        qtbot.waitUntil(lambda: not undo.text().startswith("&Annuler"))
        assert undo.text() == "&Undo feature map ReLU"
        window.session.undo()
        assert undo.text() == "&Undo rule gated delta (α = 0.75, β = 1)"
    finally:
        window.set_language("en")
