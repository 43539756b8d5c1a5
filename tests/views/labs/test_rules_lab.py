"""Rules side by side: the delta rule repairs a reused key, a gate forgets, cards follow."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.controller.session import Session
from linviz.views.labs.rules_page import RulesPage
from tests.views.conftest import settle


def rules_page(show, lesson: str, cursor: int) -> RulesPage:
    session = Session()
    session.open(lesson)
    session.set_cursor(cursor)
    page = RulesPage(session)
    show(page, 1100, 760)
    return page


def test_the_delta_rule_repairs_the_reused_key_of_the_session_trace(qtbot, show):
    page = rules_page(show, "session-trace", 7)  # r4, after w3 reused k = [1, 0]
    cards = page.cards
    assert cards["additive"].output.text() == "y = [11, 12]"
    assert cards["delta"].output.text() == "y = [9, 9]"
    assert "off by" in cards["additive"].error.text()
    assert cards["delta"].error.text().endswith("exact")
    np.testing.assert_allclose(cards["additive"].matrix_item.matrix(), [[11, 12], [5, 1]])
    np.testing.assert_allclose(cards["delta"].matrix_item.matrix(), [[9, 9], [5, 1]])
    assert "Read r4 (step 7)" in page.title.text()
    limits = {card.matrix_item.limit for card in cards.values()}
    assert len(limits) == 1  # one colour range: the rules compare cell by cell


def test_a_gate_forgets_and_alpha_is_adjustable(qtbot, show):
    page = rules_page(show, "gated-forgetting", 8)  # r3 reads the old value back
    cards = page.cards
    assert page.lab.settings.alpha == pytest.approx(0.8)  # the lesson's own α
    assert cards["additive"].output.text() == "y = [10, 5]"
    assert cards["gated"].output.text() == "y = [4.096, 2.048]"
    assert "off by" in cards["gated"].error.text()
    page.alpha_spin.setValue(1.0)  # no decay: the gate keeps everything
    settle()
    assert page.lab.settings.alpha == 1.0 and page.alpha_slider.value() == 100
    assert cards["gated"].output.text() == "y = [10, 5]"
    assert cards["gated"].title.text() == "gated" and "(α = 1, β = 1)" in page.title.text()
    page.beta_slider.setValue(50)
    settle()
    assert page.lab.settings.beta == 0.5 and page.beta_spin.value() == 0.5
    assert "β = 0.5" in page.title.text()


def test_the_cards_follow_the_cursor(qtbot, show):
    page = rules_page(show, "session-trace", 7)
    page.session.set_cursor(6)
    settle()
    assert "S after write w3 (step 6)" in page.title.text()
    assert "No read" in page.cards["delta"].output.text()
    assert not page.cards["delta"].error.isVisible()
    assert page.step_bar.label.text() == "Step 6 of 7: write w3"


def test_closing_the_page_closes_the_rules_copies(qtbot, show):
    page = rules_page(show, "session-trace", 7)
    comparison = page.lab.comparison
    page.close_lab()
    assert page.lab._comparison is None
    before = len(comparison.scenarios["delta"])
    page.session.scenario.remove_step(7)
    assert len(comparison.scenarios["delta"]) == before  # it no longer follows edits
