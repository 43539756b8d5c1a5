"""The settings: sizes, feature map, normaliser, rule and α/β, each one command."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt

from linviz.controller.session import Session
from linviz.views.panels.settings import SettingsPanel
from tests.views.conftest import shown

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def show(qtbot, session: Session) -> SettingsPanel:
    return shown(qtbot, SettingsPanel(session), 480, 400)


def choose(combo, data: str) -> None:
    combo.setCurrentIndex(combo.findData(data))


def output_of_r4(session: Session) -> np.ndarray:
    return session.snapshot(7).read.output


def test_the_controls_show_the_scenario(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    assert (panel.d_k_box.value(), panel.d_v_box.value()) == (2, 2)
    assert panel.feature_box.currentData() == "identity"
    assert not panel.normalize_box.isChecked()
    assert panel.rule_box.currentData() == "additive"
    assert not panel.alpha_box.isEnabled() and not panel.beta_box.isEnabled()


def test_choosing_the_delta_rule_changes_the_outputs(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    np.testing.assert_allclose(output_of_r4(lesson_session), [1.2, -1.8])
    choose(panel.rule_box, "delta")
    assert lesson_session.scenario.rule.name == "delta"
    assert lesson_session.scenario.rule.beta == 1.0
    assert panel.beta_box.isEnabled() and not panel.alpha_box.isEnabled()
    # With β = 1, writing k3 first removes what k3 already retrieved: r4 is exact.
    np.testing.assert_allclose(output_of_r4(lesson_session), [0, -5], atol=1e-12)
    panel.beta_box.setValue(0.5)
    assert lesson_session.scenario.rule.beta == 0.5
    lesson_session.undo()
    lesson_session.undo()
    assert lesson_session.scenario.rule.name == "additive"
    assert panel.rule_box.currentData() == "additive"
    np.testing.assert_allclose(output_of_r4(lesson_session), [1.2, -1.8])


def test_the_normaliser_with_the_delta_rule_is_refused(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    choose(panel.rule_box, "delta")
    with qtbot.waitSignal(panel.message):
        qtbot.mouseClick(panel.normalize_box, Qt.MouseButton.LeftButton)
    assert "normaliser z is defined only for the additive rule" in panel.message_label.text()
    assert panel.message_label.isVisible()
    assert not lesson_session.scenario.normalize
    assert not panel.normalize_box.isChecked()  # the box went back
    assert lesson_session.undo_stack.undo_text() != "normaliser on"


def test_the_normaliser_with_the_additive_rule(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    qtbot.mouseClick(panel.normalize_box, Qt.MouseButton.LeftButton)
    assert lesson_session.scenario.normalize
    choose(panel.rule_box, "gated")
    assert "normaliser" in panel.message_label.text()
    assert lesson_session.scenario.rule.name == "additive"
    assert panel.rule_box.currentData() == "additive"


def test_gated_rule_alpha(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    choose(panel.rule_box, "gated")
    assert panel.alpha_box.isEnabled() and not panel.beta_box.isEnabled()
    panel.alpha_box.setValue(0.5)
    assert lesson_session.scenario.rule.alpha == 0.5


def test_feature_map(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    choose(panel.feature_box, "relu")
    assert lesson_session.scenario.feature_map == "relu"
    lesson_session.undo()
    assert panel.feature_box.currentData() == "identity"


def test_resizing_pads_the_vectors_and_undoes(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    panel.d_k_box.setValue(3)
    assert (lesson_session.scenario.d_k, lesson_session.scenario.d_v) == (3, 2)
    np.testing.assert_array_equal(lesson_session.scenario.step(5).vector, [0.8, 0.6, 0])
    lesson_session.undo()
    assert panel.d_k_box.value() == 2
    np.testing.assert_array_equal(lesson_session.scenario.step(5).vector, [0.8, 0.6])


def test_alpha_and_beta_say_why_they_cannot_be_edited(qtbot, lesson_session):
    panel = show(qtbot, lesson_session)
    form = panel.layout().itemAt(0).layout()
    alpha_label = form.labelForField(panel.alpha_box)
    assert not panel.alpha_box.isEnabled() and not alpha_label.isEnabled()
    assert "Not used by the additive rule" in panel.alpha_box.toolTip()
    assert "gated" in panel.alpha_box.toolTip()
    assert "Not used by the additive rule" in panel.beta_box.toolTip()
    # Greyed out as a reader sees it: the value is drawn in the muted colour.
    assert panel.theme.muted in panel.alpha_box.styleSheet()
    choose(panel.rule_box, "gated")
    assert panel.alpha_box.isEnabled() and alpha_label.isEnabled()
    assert panel.alpha_box.toolTip().startswith("α: how much of the old S")
    assert panel.alpha_box.styleSheet() == ""
    assert "Not used by the gated rule" in panel.beta_box.toolTip()


def test_the_rule_parameters_are_labelled_as_defaults_a_write_may_override(qtbot):
    session = Session()
    session.open("delta-repair")  # w4 writes with β = 0.5 against the default β = 1
    panel = show(qtbot, session)
    form = panel.layout().itemAt(0).layout()
    assert form.labelForField(panel.beta_box).text() == "default β (strength)"
    assert form.labelForField(panel.alpha_box).text() == "default α (decay)"
    assert "a write may override" in panel.beta_box.toolTip()
    assert panel.beta_box.value() == 1.0
