"""Rules side by side: the delta rule repairs a reused key, a gate forgets, cards follow."""

from __future__ import annotations

import numpy as np
import pytest

from linviz.controller.session import Session
from linviz.views.labs.rules_page import RulesPage
from linviz.views.number_text import WORD_JOINER
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
    title = plain(page.title)
    assert cards["gated"].title.text() == "gated" and "(default α = 1, default β = 1)" in title
    page.beta_slider.setValue(50)
    settle()
    assert page.lab.settings.beta == 0.5 and page.beta_spin.value() == 0.5
    assert "default β = 0.5" in plain(page.title)


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
    generations = [trace.generation for trace in comparison.traces.values()]
    page.session.scenario.remove_step(7)
    # Its traces no longer follow edits (nor keep the scenario's observers).
    assert [trace.generation for trace in comparison.traces.values()] == generations


def plain(label) -> str:
    return label.text().replace(WORD_JOINER, "").replace("\u00a0", " ")


def test_feature_map_every_card_reads_through_phi_the_same_way(qtbot, show):
    page = rules_page(show, "feature-map", 5)  # r3, q = [3, −3]
    cards = page.cards
    assert plain(cards["additive"].output) == "y = [80.5, 41]"
    assert plain(cards["gated"].output) == "y = [72.45, 41]"  # as additive: no normaliser
    assert plain(cards["delta"].output) == "y = [−83.49, 41]"
    normalised = plain(cards["additive"].normalised)
    assert normalised == "with the normaliser, as the scenario reads: y = [6.626, 3.374]"
    assert cards["additive"].normalised.isVisible()
    assert not any(cards[name].normalised.isVisible() for name in ("delta", "gated"))
    note = page.note.text()
    assert "φ = elu + 1" in note and "without the normaliser" in note
    for name, card in cards.items():
        assert "φ(k)" in card.formula.text() and " k " not in card.formula.text(), name
    for name in ("delta", "gated_delta"):  # ‖φ(k)‖² = 5, β = 1: both writes overshoot
        warning = plain(cards[name].warning)
        assert cards[name].warning.isVisible()
        assert "β‖φ(k)‖² > 2 at a (5), b (5)" in warning
        assert "past its value by more than it was off" in warning
    assert not cards["additive"].warning.isVisible() and not cards["gated"].warning.isVisible()
    page.session.set_cursor(1)  # write a itself
    settle()
    warning = plain(cards["delta"].warning)
    assert "Overshoots: β‖φ(k)‖² = 5 > 2" in warning and "multiplied by −4" in warning


def test_delta_repair_says_w4_writes_with_beta_one_half(qtbot, show):
    page = rules_page(show, "delta-repair", 7)  # w4: its own β = 0.5
    title = plain(page.title)
    assert "default β = 1" in title and "(α = 0.9, β = 1)" not in title
    settings = plain(page.cards["delta"].settings)
    assert settings == "β = 0.5 at this write (its own; default 1)"
    assert "α = 0.9 at this write (the default)" in plain(page.cards["gated_delta"].settings)
    assert plain(page.cards["gated"].settings) == "α = 0.9 at this write (the default)"
    assert plain(page.cards["additive"].settings).startswith("no α or β")
    page.session.set_cursor(8)  # r4: the defaults, and who wrote with their own
    settle()
    settings = plain(page.cards["delta"].settings)
    assert settings == "default β = 1; written with their own: w4 with β = 0.5"
    assert plain(page.cards["delta"].output) == "y = [5, 5]"
    assert not page.cards["delta"].warning.isVisible()
    page.session.set_cursor(4)  # w3 writes with the default
    settle()
    assert plain(page.cards["delta"].settings) == "β = 1 at this write (the default)"


def test_a_card_says_a_tiny_read_as_the_readout_does(qtbot, show):
    # Values near 1e-300: each card said "y = [0, 0]" and "wants [0, 0] (k1), exact",
    # its own rule for exact (an error below 1e-9 of 1) beside the readout's 60 % off.
    from tests.tiny_scenarios import tiny_values

    session = Session(tiny_values())
    session.set_cursor(3)
    page = RulesPage(session)
    show(page, 1100, 760)
    card = page.cards["additive"]
    minus = "\u2212"
    assert card.output.text() == f"y = [1e{minus}300, 6e{minus}301]"
    assert card.error.text().replace(WORD_JOINER, "") == (
        f"wants [1e{minus}300, 0] (k1), off by 6e{minus}301"
    )
    assert not session.snapshot().read.exact
