"""Captions are rendered once per change, and a drag re-renders only those it changes."""

from __future__ import annotations

import numpy as np
import pytest

import linviz.controller.session as session_module
from linviz.controller.commands import SetText
from linviz.controller.session import Session
from linviz.model.captions import render


@pytest.fixture
def counted(monkeypatch):
    """The session's renders, counted by step."""
    calls: list[int | None] = []

    def counting(template, trace, number, *args, **kwargs):
        calls.append(number)
        return render(template, trace, number, *args, **kwargs)

    monkeypatch.setattr(session_module, "render", counting)
    return calls


def fresh_text(session: Session, number: int) -> str:
    """Step ``number``'s caption worked out from nothing kept."""
    other = Session(session.scenario.copy())
    return other.caption(number).text


def test_a_caption_asked_twice_is_rendered_once(counted):
    session = Session()
    session.open("crowding-the-plane")
    first = session.caption(7)
    assert session.caption(7) is first
    assert counted == [7]


def test_a_drag_re_renders_the_captions_of_its_step_and_later_ones_and_those_quoting_it(
    counted,
):
    session = Session()
    session.open("crowding-the-plane")
    before = {n: session.caption(n).text for n in range(1, 8)}
    counted.clear()
    session.begin_drag(5, "vector")  # k3
    session.drag_to(np.array([0.6, 0.8]))
    after = {n: session.caption(n).text for n in range(1, 8)}
    # Steps 1-4 quote only steps before k3; 5, 6 (k1·k3) and 7 depend on it.
    assert sorted(counted) == [5, 6, 7]
    counted.clear()
    assert all(after[n] == before[n] for n in range(1, 5))
    assert after[5] != before[5] and after[7] != before[7]
    for n in range(1, 8):
        assert after[n] == fresh_text(session, n)
    session.end_drag()
    session.undo()
    assert {n: session.caption(n).text for n in range(1, 8)} == before


def test_a_new_scenario_caption_or_language_renders_every_caption_again(counted):
    session = Session()
    session.open("crowding-the-plane")
    session.caption(0)
    session.caption(2)
    counted.clear()
    session.execute(SetText(caption="S = {S@k2}", text="edit caption"))
    text = session.caption(0).text
    assert counted == [None]  # the scenario's own caption (step 0 shows it)
    assert text == fresh_text(session, 0)
    counted.clear()
    session.set_options(language="fr")
    session.caption(2)
    assert counted == [2]
