"""Refusals in French: the banner, the step table, the open-file dialog say them in French.

The model raises them in English (``str(error)``, the command line); the views
translate the template and write the numbers with a decimal comma.
"""

from __future__ import annotations

import json

import pytest
from PySide6 import QtCore, QtWidgets

from linviz.controller.session import Session
from linviz.model.errors import ScenarioError
from linviz.model.rules import Rule
from linviz.model.scenario import Scenario, Step
from linviz.model.scenario_file import load_scenario
from linviz.views.language import set_language
from linviz.views.main_window import MainWindow
from linviz.views.panels.step_table_model import COLUMNS
from tests.views.french_texts import english_in


@pytest.fixture
def french(qapp):
    set_language("fr")
    yield
    set_language("en")


def window_on(qtbot, session: Session, size=(1280, 800)) -> MainWindow:
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def assert_french(text: str, labels=frozenset()) -> None:
    assert text
    assert english_in(text, frozenset(labels)) == [], text


def typed(window: MainWindow, row: int, column: str, text: str) -> bool:
    model = window.step_table.model
    return model.setData(model.index(row, COLUMNS.index(column)), text)


def test_a_wrong_shaped_key_is_refused_in_french_in_the_projector_banner(qtbot, french):
    """The course's [1, 0, 2] against a 2×2 S, in front of the room at 1024×768."""
    session = Session()
    session.open("crowding-the-plane")
    window = window_on(qtbot, session)
    window.set_projector_mode(True, full_screen=False)
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: window.size() == QtCore.QSize(1024, 768))
    session.set_cursor(1)
    before = session.scenario.step(1)
    assert not typed(window, 0, "vector", "[1 ; 0 ; 2]")
    banner = window.stage.banner
    qtbot.waitUntil(banner.isVisible)
    text = banner.text()
    assert "la clé a 3 composantes mais S a d_k = 2 lignes" in text
    assert "3×2, S fait 2×2" in text and "Donnez à la clé 2 composantes." in text
    # The place goes in the heading, in French words (not parsed from English).
    heading, why = text.split("\n", 1)
    assert heading == "Refusé (étape 1, champ « clé »)"
    assert why.startswith("la clé a 3 composantes")
    assert_french(text)
    assert session.scenario.step(1) == before
    # The step table and the status bar say the same, in French.
    refusal = "étape 1, champ « clé » : " + why
    assert window.step_table.message_label.text() == refusal
    assert window.statusBar().currentMessage() == refusal
    window.set_projector_mode(False)


def test_the_step_table_refuses_in_french_with_decimal_commas(qtbot, french):
    scenario = Scenario(2, 2, rule=Rule("delta", beta=0.5))
    scenario.insert_step(1, Step("write", [1.0, 0.0], [1.0, 2.0], label="a"))
    scenario.insert_step(2, Step("write", [0.0, 1.0], [3.0, 4.0], label="b"))
    session = Session()
    session.replace_scenario(scenario, None)
    window = window_on(qtbot, session)
    shown = window.step_table.message_label

    # β out of range: the number the user typed comes back with a decimal comma.
    assert not typed(window, 1, "parameters", "β=1.5")
    qtbot.waitUntil(shown.isVisible)
    assert shown.text() == (
        "étape 2, champ « β » : β : un nombre dans [0 ; 1] est attendu, pas 1,5"
    )
    # A label another step has.
    assert not typed(window, 1, "label", "a")
    assert shown.text() == "étape 2, champ « nom » : le nom 'a' est déjà pris par une autre étape"
    # A number too large to be finite.
    assert not typed(window, 0, "value", "[2,5 ; 1e400]")
    assert shown.text() == (
        "étape 1, champ « valeur » : valeur, composante 2 : un nombre fini est attendu, pas inf"
    )
    for text in (shown.text(), window.statusBar().currentMessage()):
        assert_french(text, {"a", "b", "inf"})
    assert [step.label for step in session.scenario.steps] == ["a", "b"]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            '{"format": "linviz-scenario", "version": 1, "d_k": 2,, "d_v": 2}',
            " : JSON invalide : nom de propriété entre guillemets doubles attendu "
            "à la ligne 1, colonne 54",
        ),
        (
            {"rule": {"name": "delta", "beta": 2.5}, "steps": []},
            ", champ « règle.β » : β : un nombre dans [0 ; 1] est attendu, pas 2,5",
        ),
        (
            {
                "steps": [{"op": "write", "key": [1.5, 0], "value": [1, 0]}] * 1
                + [{"op": "read", "query": [1, 0, 2]}]
            },
            ", étape 2, champ « requête » : la requête a 3 composantes mais S a d_k = 2 lignes",
        ),
    ],
)
def test_a_malformed_file_opened_from_the_window_is_refused_in_french(
    qtbot, french, tmp_path, content, expected
):
    path = tmp_path / "cours.json"
    if isinstance(content, dict):
        content = json.dumps(
            {"format": "linviz-scenario", "version": 1, "d_k": 2, "d_v": 2, **content}
        )
    path.write_text(content, encoding="utf-8")
    window = window_on(qtbot, Session())
    assert not window.open_path(path)
    box = window.error_box
    assert isinstance(box, QtWidgets.QMessageBox)
    assert box.text().startswith(str(path) + expected)
    assert box.windowTitle() != "This scenario cannot be opened"
    assert_french(box.text().removeprefix(str(path)))
    assert_french(window.statusBar().currentMessage().removeprefix(str(path)))
    # The model's own words, for the command line and logs, stay English.
    with pytest.raises(ScenarioError) as refused:
        load_scenario(path)
    assert english_in(str(refused.value)) != []
    box.close()


def test_in_english_the_views_show_the_models_words_exactly(qapp):
    from linviz.views.error_text import shown_error

    refusals = []
    for vector in ([1, 0, 2], [1], [float("nan"), 0]):
        with pytest.raises(ScenarioError) as refused:
            Scenario(2, 2).insert_step(1, Step("write", vector, [0.0, 0.0], label="k"))
        refusals.append(refused.value)
    with pytest.raises(ScenarioError) as refused:
        Rule("gated_delta", alpha=0.0, beta=0.5)
    refusals.append(refused.value)
    assert len({str(error) for error in refusals}) == 4
    for error in refusals:
        assert shown_error(error) == str(error)


def test_a_lab_setting_is_refused_in_french_with_its_digits_grouped(french):
    from linviz.model import costs
    from linviz.views.error_text import shown_error

    with pytest.raises(ScenarioError) as refused:
        costs.check_tokens(-5)
    assert str(refused.value) == (
        "field 'tokens': tokens must be a whole number from 0 to 1,000,000,000,000, got -5"
    )
    assert shown_error(refused.value) == (
        "champ « jetons » : jetons : un nombre entier de 0 à 1\u202f000\u202f000\u202f000\u202f000 "
        "est attendu, pas \u22125"
    )


def test_a_scenario_archive_is_refused_in_french(french, tmp_path):
    import io
    import zipfile

    import numpy as np

    from linviz.model.scenario_file import load_scenario_bytes, save_scenario
    from linviz.views.error_text import shown_error

    session = Session()
    session.open("crowding-the-plane")
    path = tmp_path / "lesson.npz"
    save_scenario(session.scenario, path)
    data = path.read_bytes()
    with np.load(path, allow_pickle=False) as archive:
        members = {name: archive[name] for name in archive.files}
    wrong_shape = io.BytesIO()
    np.savez(wrong_shape, **{**members, "keys": np.zeros((2, 7))})
    doubled = io.BytesIO(data)
    with zipfile.ZipFile(doubled, "a") as archive:
        archive.writestr("notes.txt", b"")
    at = data.index(members["values"].tobytes()) + 3
    damaged = data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :]
    for bad in (wrong_shape.getvalue(), doubled.getvalue(), damaged, data[:100]):
        with pytest.raises(ScenarioError) as refused:
            load_scenario_bytes(bad, "lesson.npz")
        shown = shown_error(refused.value)
        assert shown.startswith("lesson.npz") and shown != str(refused.value)
        assert_french(shown.removeprefix("lesson.npz"))


@pytest.mark.parametrize(
    ("arrays", "expected"),
    [
        (
            {"q": [[1.0, 0, 0, 0]] * 5, "k": [[1.0, 0, 0]] * 5, "v": [[1.0, 0]] * 5},
            ", champ « q » : q a la forme [5, 4] ; attendu : [5, 3] (d_k = 3, comme k)",
        ),
        (
            {"q": [[1.0, 0]] * 3, "k": [[1.0, 0]] * 3, "v": [[1.0]] * 3, "beta": [0.5, 1.2, 0]},
            ", champ « β » : beta[1] vaut 1,2 ; attendu : un nombre dans [0 ; 1]",
        ),
        (
            {"q": [[[[[1.0]]]]], "k": [[[[[1.0]]]]], "v": [[[[[1.0]]]]]},
            ", champ « q » : q a la forme [1, 1, 1, 1, 1] ; "
            "attendu : [T, d], [T, H, d] ou [B, T, H, d]",
        ),
        (
            {"q": [[1.0]] * 2, "k": [[1.0]] * 2, "v": [[1.0]] * 2, "title": ["a", "b"]},
            ", champ « titre » : title a la forme [2] ; attendu : [] : un seul texte",
        ),
        (  # four heads: the count was English ("q contient 4 heads")
            {name: [[[1.0, 0, 0]] * 4] * 2 for name in ("q", "k", "v")},
            ", champ « q » : q contient 4 têtes (forme [2, 4, 3]) : "
            "choisissez-en une avec --head, de 0 à 3",
        ),
    ],
)
def test_a_refused_array_file_is_said_in_french(qtbot, french, tmp_path, arrays, expected):
    """A query of the wrong width said "… [5, 3]: d_k = 3 components, as k" in French."""
    import numpy as np

    path = tmp_path / "tête.npz"
    np.savez(path, **{name: np.array(value) for name, value in arrays.items()})
    window = window_on(qtbot, Session())
    assert not window.open_path(path)
    box = window.error_box
    assert box.text() == str(path) + expected
    # The arrays' names are the file's own ("title" is what the file calls it), and
    # "--head" is the command line's option.
    assert_french(box.text().removeprefix(str(path)), labels=set(arrays) | {"head"})
    box.close()


def test_one_row_is_one_ligne_in_french(french):
    """d_k = d_v = 1: "S a d_k = 1 lignes" in the table's refusal and the try-a-vector box."""
    from linviz.controller.shape_check import try_vector
    from linviz.model.scenario import parse_vector, write
    from linviz.views.classroom.shape_words import accepted_text, refusal_text
    from linviz.views.error_text import shown_error

    with pytest.raises(ScenarioError) as refused:
        parse_vector([1.0, 2.0], "key", 1, 1)
    assert "mais S a d_k = 1 ligne : " in shown_error(refused.value)
    session = Session(Scenario(1, 1, [write([1.0], [2.0], "w1")]))
    assert " mais S a d_k = 1 ligne : " in refusal_text(try_vector(session, "[1 ; 2]", "key"))
    assert " mais S a d_v = 1 colonne : " in refusal_text(try_vector(session, "[1 ; 2]", "value"))
    assert ", S a d_k = 1 ligne : " in accepted_text(try_vector(session, "[3]", "key"))


def test_alpha_and_beta_are_typed_with_a_decimal_comma(qtbot, french):
    """In French "0,5" in the α/β cell of a delta write was refused with "la règle delta
    ne prend ni α ni β", and "α=0,9" of a gated write made α = 9."""
    from linviz.controller.commands import Configure

    session = Session()
    session.open("delta-repair")
    window = window_on(qtbot, session)
    write_row = next(n for n in range(len(session.scenario)) if session.scenario.is_write(n + 1))
    assert typed(window, write_row, "parameters", "0,5")
    assert session.scenario.step(write_row + 1).beta == 0.5
    assert (
        window.step_table.model.data(
            window.step_table.model.index(write_row, COLUMNS.index("parameters"))
        )
        == "β = 0,5"
    )
    session.execute(Configure(rule=Rule("gated_delta", alpha=0.9, beta=1.0)))
    assert typed(window, write_row, "parameters", "α=0,8 ; β=0,25")
    step = session.scenario.step(write_row + 1)
    assert (step.alpha, step.beta) == (0.8, 0.25)


def test_a_vector_is_typed_with_a_decimal_comma_without_a_semicolon(qtbot, french):
    """In French the step table and the try-a-vector box split "0,5" at its comma:
    for a d_k = 1 key that was "la clé a 2 composantes mais S a d_k = 1 ligne", and
    "0,6 0,8" was four components. A comma between digits is a decimal one in
    French unless the text writes decimal points ("[0.6,0.8]" pasted from English).
    """
    from linviz.controller.shape_check import try_vector
    from linviz.model.scenario import write
    from linviz.views.classroom.try_vector import TryVectorBox

    session = Session(Scenario(1, 2, [write([1.0], [2.0, 0.0], "w1")]))
    window = window_on(qtbot, session)
    assert typed(window, 0, "vector", "0,5")
    assert list(session.scenario.step(1).vector) == [0.5]
    assert typed(window, 0, "value", "0,6 0,8")
    assert list(session.scenario.step(1).value) == [0.6, 0.8]
    assert typed(window, 0, "value", "[0.25,0.75]")
    assert list(session.scenario.step(1).value) == [0.25, 0.75]
    # The box the class types into, and what its check says.
    box = TryVectorBox(session, window)
    box.edit.setText("0,5")
    check = box.try_now()
    assert check.numbers == (0.5,) and check.problem is None
    assert try_vector(session, "0,5", "key").numbers == (0.0, 5.0)  # English reads two
    box.close()


def test_a_refusal_names_a_far_step_as_the_window_numbers_it(french):
    from linviz.views.error_text import shown_place

    error = ScenarioError("bad key", file="big.json", step=1_234_567, field="key")
    # The table and the cursor line say "1 234 567"; the refusal said "étape 1234567".
    assert shown_place(error) == "big.json, étape 1\u202f234\u202f567, champ « clé »"
    assert error.where() == "big.json, step 1,234,567, field 'key'"  # the command line's
