"""What the readout, the caption and the presenter's notes say is the model's one account.

For every step of every bundled lesson, in English and in French: the readout
names a read's error by the parts :attr:`ReadResult.error_parts` gives (never
the old crosstalk, never a share over 100 %), the caption is the one the
session renders, and each text that quotes numbers either follows an edit of
what the step shows or is marked as written for the original numbers.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from PySide6 import QtWidgets

from linviz.controller.commands import ReplaceStep
from linviz.controller.session import Session
from linviz.controller.stopwatch import Stopwatch
from linviz.model.lessons import bundled_lessons
from linviz.views.classroom.presenter_view import PresenterView
from linviz.views.error_words import part_title, part_words
from linviz.views.language import set_language
from linviz.views.number_text import caption_numbers, shown_vector
from linviz.views.panels.caption import CaptionBar
from linviz.views.panels.read_breakdown import ReadoutPanel

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LESSONS = [lesson.name for lesson in bundled_lessons()]
LANGUAGES = ["en", "fr"]


class Screens:
    """One session shown by a readout, a caption bar and a presenter view."""

    def __init__(self) -> None:
        self.session = Session()
        self.readout = ReadoutPanel(self.session)
        self.readout.resize(760, 620)
        self.readout.show()
        self.caption = CaptionBar(self.session)
        self.caption.resize(760, 160)
        self.caption.show()
        self.presenter = PresenterView(self.session, Stopwatch())

    def open(self, lesson: str, language: str) -> None:
        set_language(language)
        self.session.open(lesson)
        self.session.set_options(language=language)

    def texts(self) -> dict[str, tuple[str, bool]]:
        """Each text as a reader sees it, and whether it is marked stale."""
        view = self.presenter
        return {
            "readout": (self.readout.text(), False),
            "caption": (self.caption.text(), self.caption.stale_shown()),
            "notes": (plain(view.notes_label.text()), view.notes_label.text().startswith("⚠")),
            "question": (
                plain(view.question_label.text()),
                view.question_label.text().startswith("⚠"),
            ),
        }

    def close(self) -> None:
        for widget in (self.readout, self.caption, self.presenter):
            widget.close()
            widget.deleteLater()


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ").replace("\u2060", "")


@pytest.fixture(scope="module")
def screens(qapp):
    shown = Screens()
    yield shown
    shown.close()
    set_language("en")


def own_digits(text: str, session: Session) -> bool:
    """Whether ``text`` states digits outside step labels (a number it could get wrong)."""
    words = re.sub(r"\w+", lambda m: "" if session.scenario.has_label(m[0]) else m[0], text)
    return any(ch.isdigit() for ch in words)


def lesson_steps(lesson: str) -> list[int]:
    session = Session()
    session.open(lesson)
    return list(range(1, len(session.scenario) + 1))


def cases():
    for lesson in LESSONS:
        for number in lesson_steps(lesson):
            yield lesson, number


def moved(session: Session, number: int) -> int:
    """The write whose value an edit changes so that step ``number`` shows other numbers."""
    sc = session.scenario
    step = sc.step(number)
    if step.is_write:
        return number
    result = session.snapshot(number).read
    if result.target is not None:
        return sc.number_of(result.target)
    return next(n for n in range(number - 1, 0, -1) if sc.step(n).is_write)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_step_says_what_the_model_says_and_follows_an_edit(screens, lesson, language):
    screens.open(lesson, language)
    session = screens.session
    for number in range(1, len(session.scenario) + 1):
        session.set_cursor(number)
        texts = screens.texts()
        where = f"{lesson} step {number} ({language})"
        readout = texts["readout"][0]
        # The caption and the notes are the session's own, fields filled in.
        caption = plain(session.caption(number, caption_numbers()).text)
        assert texts["caption"][0].endswith(caption), where
        assert texts["notes"][0].endswith(session.notes(number).text) or not (
            session.notes(number).text
        ), where
        result = session.snapshot(number).read
        if result is not None:
            check_read_account(readout, result, where)
        # An edit of what the step shows: every text that quotes numbers follows
        # it or is marked; the readout, made of live numbers only, follows it.
        changed = moved(session, number)
        write = session.scenario.step(changed)
        session.execute(
            ReplaceStep(changed, write.with_changes(value=np.asarray(write.value) * 2 + 1.25))
        )
        session.set_cursor(number)
        after = screens.texts()
        assert after["readout"][0] != readout, where
        for name in ("caption", "notes", "question"):
            text, stale = texts[name]
            new_text, new_stale = after[name]
            assert not stale, f"{where}: {name} marked stale as opened"
            if not own_digits(text, session):
                continue
            if name == "caption" and new_text == text:
                assert new_stale, f"{where}: the caption's numbers did not follow the edit"
            elif name != "caption":
                assert new_stale, f"{where}: the {name} keep numbers the edit made false"
        session.undo()
        session.set_cursor(number)
        assert screens.texts() == texts, f"{where}: undo did not bring the texts back"


def check_read_account(readout: str, result, where: str) -> None:
    """The readout's words for a read are the model's parts, shares within 100 %."""
    lines = readout.splitlines()
    # A share is of the error's parts (the relative error may exceed 100 %: it is no share).
    flat = " ".join(readout.split())
    shares = re.findall(r"(\d+[.,]\d) % (?:of the error's parts|des parts de l’erreur)", flat)
    assert all(0 <= float(share.replace(",", ".")) <= 100 for share in shares), where
    assert shares or not result.shown_parts() or result.error_parts.main_cause() is None, where
    old = ("interference", "of which crosstalk", "crosstalk share", "of the read")
    assert not any(word in readout for word in old), where
    shown = result.shown_parts()
    rows = [line for line in lines if line[:2] in ("= ", "+ ")]
    assert len(rows) == len(shown), where
    for row, name in zip(rows, shown):
        title = part_title(name)
        assert row.startswith(f"{row[0]} {title}"), where
        assert row.endswith(plain(shown_vector(result.error_parts[name]))), where
    cause = None if result.exact or result.error_parts is None else result.error_parts.main_cause()
    if cause is not None and cause in shown:
        assert part_words(cause) in " ".join(readout.split()), where
    crosstalk = part_title("crosstalk") if result.target is not None else None
    if crosstalk and "crosstalk" not in shown:
        # No crosstalk in the account: none in the words, nor in the bars' labels.
        assert f"= {crosstalk}" not in readout and f"+ {crosstalk}" not in readout, where


@pytest.mark.parametrize("language", LANGUAGES)
def test_pure_decay_is_forgetting_never_crosstalk(screens, language):
    screens.open("gated-forgetting", language)
    session = screens.session
    crosstalk = {"en": ("crosstalk", "interference"), "fr": ("diaphonie", "interférence")}
    for number, error in ((5, [-3.6, -1.8]), (8, [-5.904, -2.952])):
        session.set_cursor(number)
        text = screens.readout.text()
        forgetting = part_title("forgetting")
        assert f"= {forgetting}: {plain(shown_vector(np.array(error)))}" in text.replace(" :", ":")
        assert not any(word in text.lower() for word in crosstalk[language])
        assert [g.kind for g in screens.readout.bars.groups].count("crosstalk") == 0
    # Step 3: n1's key is orthogonal, but the gate fades old's row (as the caption says).
    session.set_cursor(3)
    text = " ".join(screens.readout.text().split())
    assert "[8 ; 4]" in screens.caption.text() or "[8, 4]" in screens.caption.text()
    if language == "en":
        assert "stores without disturbing" not in text
        assert "The gate first scales all of S by α = 0.8" in text
    else:
        assert "sans les perturber" not in text
        assert "α = 0,8" in text and "s’estompe" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_delta_repair_names_what_beta_left_not_overwritten(screens, language):
    screens.open("delta-repair", language)
    session = screens.session
    session.set_cursor(8)
    text = " ".join(screens.readout.text().split())
    measures = dict(screens.readout.measures)
    title = part_title("not_overwritten")
    assert measures[f"= {title}"] == shown_vector(np.array([4.0, 4.0]))
    assert "90" not in text and "4.5, 4.5] is crosstalk" not in text
    assert part_words("not_overwritten") in text
    assert "100" in text  # all of the error's parts, and no more
    # Steps 4 and 7 say the β their write uses, and their sentence names u.
    for number, beta, u in ((4, "1", "[7, 6]"), (7, "0.5", "[−4, −4]")):
        session.set_cursor(number)
        heading = plain(screens.readout.heading.text())
        body = " ".join(screens.readout.text().split())
        if language == "en":
            assert heading.endswith(f"· β = {beta}")
            assert f"with β = {beta}, it adds u = β × (its value − what S returned" in body
            assert f"= {u}; a read whose key overlaps" in body
        else:
            assert heading.endswith(f"· β = {beta.replace('.', ',')}")
            assert "Avec la règle delta et β =" in body
        assert "by β × cosine of the change" not in body
    # The presenter's card for w4 says its own β.
    session.set_cursor(7)
    summary = plain(screens.presenter.now.summary.text())
    assert summary.splitlines()[-1] == ("β = 0.5" if language == "en" else "β = 0,5")


def test_french_sets_its_punctuation_and_keeps_numbers_whole(screens):
    screens.open("feature-map", "fr")
    session = screens.session
    session.set_cursor(5)  # y = [6,626 ; 3,374]
    caption = screens.caption.caption.text()
    assert " :" not in caption and "\u202f:" in caption
    assert "3,\u20603" in caption or "3,\u20607" in caption  # no break after a decimal comma
    heading = screens.readout.heading.text()
    assert "Lecture r3\u202f:" in heading
    notes = screens.presenter.notes_label.text()
    assert " :" not in notes and " ;" not in notes.replace("\u00a0", " ")


def test_a_drag_of_the_query_marks_the_caption_naming_its_target(screens):
    screens.open("crowding-the-plane", "en")
    session = screens.session
    session.set_cursor(7)  # "Read k3: …"
    assert not screens.caption.stale_shown()
    session.begin_drag(7, "vector")
    session.drag_to(np.array([0.0, 1.0]))  # q is now k2's key
    assert screens.caption.stale_shown()
    assert screens.presenter.notes_label.text().startswith("⚠ written for the original numbers")
    session.cancel_drag()
    assert not screens.caption.stale_shown()
    assert not screens.presenter.notes_label.text().startswith("⚠")
    QtWidgets.QApplication.processEvents()
