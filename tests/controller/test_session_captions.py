"""The session shows captions with live numbers and marks the ones whose words went stale."""

import numpy as np

from linviz.controller.commands import Resize
from linviz.controller.session import Session


def opened(lesson):
    session = Session()
    session.open(lesson)
    return session


def test_a_caption_follows_a_drag():
    session = opened("crowding-the-plane")
    assert "[1.2, -1.8]" in session.caption(7).text
    session.begin_drag(5, "vector")
    session.drag_to(np.array([0.0, 1.0]))  # k3 onto k2
    assert "Read k3: [1.2, 0.2], wanted [0, -5]. It weighs k1 by 0 and k2 by 1" in (
        session.caption(7).text
    )
    session.end_drag()
    assert "Read k3: [1.2, 0.2]" in session.caption(7).text
    # Every number it quotes is live, but "Read k3" no longer holds: q is not k3's key.
    assert session.caption(7).stale
    session.undo()
    assert not session.caption(7).stale
    session.begin_drag(1, "vector")
    session.drag_to(np.array([1.0, 0.5]))  # k1 moves; the query is still k3's key
    session.end_drag()
    assert "Read k3: " in session.caption(7).text and not session.caption(7).stale


def test_a_caption_naming_the_target_is_stale_once_the_query_leaves_its_key():
    session = opened("crowding-the-plane")
    assert session.caption(6).text.startswith("Read k1 again: [3, -3]")
    session.begin_drag(6, "vector")
    session.drag_to(np.array([0.6, 0.8]))  # q no longer equals k1
    assert session.caption(6).stale
    session.drag_to(np.array([1.0, 0.0]))  # back onto k1
    assert not session.caption(6).stale
    session.cancel_drag()


def test_words_stating_numbers_are_marked_stale_and_the_mark_goes_away_on_undo(tmp_path):
    session = opened("session-trace")
    caption = session.caption(7)
    assert "d_k = 2 rows" in caption.text and not caption.stale
    session.execute(Resize(3, 2))
    caption = session.caption(7)
    assert "d_k = 3 rows" in caption.text  # the field follows …
    assert caption.stale  # … but "a key with 3 parts would be refused" no longer holds
    session.save(tmp_path / "edited.json")
    assert '"caption_for"' in (tmp_path / "edited.json").read_text(encoding="utf-8")
    again = opened(tmp_path / "edited.json")
    assert again.caption(7).stale  # still marked after saving and opening
    session.undo()
    assert not session.caption(7).stale


def test_rewriting_a_stale_caption_makes_it_current():
    session = opened("session-trace")
    session.execute(Resize(3, 2))
    session.edit_caption(7, "A key with 4 parts, like [1,0,2,5], would be refused.")
    assert not session.caption(7).stale
    session.undo()  # the caption edit
    assert session.caption(7).stale  # the old words, still about the old scenario


def test_step_zero_shows_the_scenario_caption_and_home_reaches_it():
    session = opened("crowding-the-plane")
    assert session.cursor == 0
    assert session.caption().text.startswith("A plane has room for two perpendicular keys")
    session.set_cursor(4)
    session.set_cursor(0)
    assert session.cursor == 0 and session.snapshot().number == 0
    np.testing.assert_array_equal(session.snapshot().state, np.zeros((2, 2)))


def test_a_hidden_read_hides_its_answer_in_the_caption():
    session = opened("crowding-the-plane")
    session.set_hide_outputs(True)
    assert "[1.2, -1.8]" not in session.caption(7).text
    assert session.caption(7).text.startswith("Read k3: ?, wanted ?")
    session.set_cursor(7)
    session.reveal()
    assert "[1.2, -1.8]" in session.caption(7).text


def test_the_scenario_caption_and_the_first_captioned_steps_are_watched(monkeypatch):
    # session-trace captions steps 1 to 7; step 7's words go stale on a resize.
    from linviz.controller import session as session_module

    for watched, stale in ((8, [7]), (7, [])):  # the scenario's caption and 7 steps, or 6
        monkeypatch.setattr(session_module, "MAX_TRACKED_CAPTIONS", watched)
        session = opened("session-trace")
        session.execute(Resize(3, 2))
        numbers = range(1, len(session.scenario) + 1)
        assert [n for n in numbers if session.caption(n).stale] == stale


def test_a_captions_words_about_two_keys_follow_a_drag_of_either():
    """Crowding step 4 says perpendicular keys do not disturb each other, beside their dot."""
    session = opened("crowding-the-plane")
    assert "k1's weight here is k1·k2 = 0: perpendicular keys" in session.caption(4).text
    session.begin_drag(1, "vector")
    session.drag_to(np.array([1.0, 0.5]))  # k1 leans towards k2
    session.end_drag()
    text = session.caption(4).text
    assert "Read with k2: [-0.5, 4.5], off by [1.5, 0.5]. k1's weight here is k1·k2 = 0.5" in text


def test_the_scenarios_own_caption_is_edited_undoably_and_kept_by_language():
    from linviz.controller.session import ChangedOnDisk
    from linviz.model.scenario import Scenario, read, write

    session = Session(Scenario(3, 2, [write([1, 0, 0], [1, 2], "k1"), read([1, 0, 0], "r1")]))
    session.edit_caption(None, "Keys of {d_k} numbers")
    assert session.scenario.caption == "Keys of {d_k} numbers"
    assert session.caption(0).text == "Keys of 3 numbers"  # a live field
    assert session.undo_stack.undo_text() == "edit caption"
    session.undo()
    assert session.scenario.caption == "" and session.caption(0).text == ""
    # Edited in French, a plain caption keeps its English beside the French.
    session.edit_caption(None, "Plain words")
    session.set_options(language="fr")
    session.edit_caption(None, "Des mots")
    assert session.caption(0).text == "Des mots"
    session.set_options(language="en")
    assert session.caption(0).text == "Plain words"
    # A refusal to overwrite keeps its kind (the window offers overwrite) once located.
    refusal = ChangedOnDisk("the file changed on disk", file="a.json", field="x")
    located = refusal.located(step=3)
    assert isinstance(located, ChangedOnDisk)
    assert (located.file, located.step, located.field) == ("a.json", 3, "x")
    assert str(located) == "a.json, step 3, field 'x': the file changed on disk"
