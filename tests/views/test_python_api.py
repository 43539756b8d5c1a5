"""linviz.figure draws inline images offscreen; linviz.show opens the window as IPython wants."""

import numpy as np
import pytest
from PySide6 import QtCore, QtGui

import linviz
from linviz.views import python_api


@pytest.fixture
def session_trace():
    return linviz.scenario_from_arrays(
        keys=[[1, 0], [0, 1]], values=[[2, 3], [5, 1]], queries=[[1, 0], [0, 1], [1, 1]]
    )


def decoded(data: bytes) -> QtGui.QImage:
    image = QtGui.QImage()
    assert image.loadFromData(data, "PNG")
    return image


def pixels(image: QtGui.QImage) -> np.ndarray:
    image = image.convertToFormat(QtGui.QImage.Format.Format_RGB32)
    return np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1).copy()


def test_repr_png_is_an_image_of_the_size_asked(qapp, session_trace):
    figure = linviz.figure(session_trace, size=(640, 400))
    image = decoded(figure._repr_png_())
    assert (image.width(), image.height()) == (640, 400)
    doubled = linviz.figure(session_trace, view="heatmap", size=(320, 240), scale=2)
    image = decoded(doubled._repr_png_())
    assert (image.width(), image.height()) == (640, 480)


def test_the_step_changes_what_is_drawn_and_the_scenario_is_left_alone(qapp, session_trace):
    empty = pixels(decoded(linviz.figure(session_trace, 0, "heatmap", size=(300, 300)).data()))
    full = pixels(decoded(linviz.figure(session_trace, 2, "heatmap", size=(300, 300)).data()))
    assert empty.shape == full.shape and (empty != full).any()
    assert len(session_trace) == 5  # drawn from a copy


def test_svg_pdf_and_save(qapp, session_trace, tmp_path):
    figure = linviz.figure(session_trace, step=5, view="readout", theme="dark", size="500x300")
    svg = figure._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "linviz" in svg
    assert figure.save(tmp_path / "f.pdf").read_bytes()[:5] == b"%PDF-"
    assert decoded(figure.save(tmp_path / "f.png").read_bytes()).width() == 500
    with pytest.raises(ValueError, match="use .png, .svg or .pdf"):
        figure.save(tmp_path / "f.gif")


def test_figure_of_arrays_and_bad_requests(qapp):
    rng = np.random.default_rng(0)
    figure = linviz.figure(q=rng.normal(size=(4, 3)), k=np.eye(4, 3), v=rng.normal(size=(4, 2)))
    assert figure.step == 8
    # The title in the figure's language, not the object holding both ("Texts({'en': …").
    assert repr(figure) == (
        "<linviz.Figure 'window' of 'Arrays: 4 tokens, d_k = 3, d_v = 2' at step 8, 1200×750>"
    )
    french = linviz.figure(q=np.eye(2), k=np.eye(2), v=np.eye(2), language="fr")
    assert "of 'Tableaux\u202f: 2 jetons, d_k = 2, d_v = 2' at step 4" in repr(french)
    with pytest.raises(ValueError, match="there is no step 9"):
        linviz.figure("session-trace", step=9)
    with pytest.raises(ValueError, match="unknown theme"):
        linviz.figure("session-trace", theme="neon")
    with pytest.raises(ValueError, match="unknown view 'nope': choose one of window, "):
        linviz.figure("session-trace", view="nope").data()
    with pytest.raises(TypeError, match="not both"):
        linviz.figure("session-trace", q=np.eye(2))


def test_a_figure_leaves_the_remembered_settings_where_they_were(qapp, session_trace):
    before = QtCore.QSettings().fileName()
    QtCore.QSettings().setValue("probe", 1)
    linviz.figure(session_trace, view="heatmap", size=(300, 200)).data()
    assert QtCore.QSettings().fileName() == before
    assert QtCore.QSettings().value("probe") in (1, "1")


class FakeShell:
    def __init__(self):
        self.guis = []
        self.active_eventloop = None

    def enable_gui(self, name):
        self.guis.append(name)
        self.active_eventloop = name


def test_show_inside_ipython_turns_on_gui_qt_and_returns(qtbot, monkeypatch, session_trace):
    shell = FakeShell()
    monkeypatch.setattr(python_api, "_ipython", lambda: shell)
    window = linviz.show(session_trace, step=3)
    qtbot.addWidget(window)
    assert shell.guis == ["qt"]
    assert window.isVisible() and window.session.cursor == 3
    assert window.session.scenario == session_trace and window.session.path is None
    assert linviz.run() == 0  # the shell runs the loop
    window.close()


def test_a_window_qt_deleted_does_not_stop_the_next_show(qtbot, monkeypatch, session_trace):
    """A script that deleted its window (``deleteLater``) met "Internal C++ object
    (MainWindow) already deleted" at its next linviz.show() or linviz.run()."""
    shell = FakeShell()
    monkeypatch.setattr(python_api, "_ipython", lambda: shell)
    first = linviz.show(session_trace)
    first.deleteLater()
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)
    second = linviz.show(session_trace, step=2)
    qtbot.addWidget(second)
    assert second.isVisible() and python_api._WINDOWS[-1] is second
    assert all(window is not first for window in python_api._WINDOWS)
    assert linviz.run() == 0
    second.close()


def test_show_in_a_script_runs_the_loop_until_the_window_closes(qtbot, monkeypatch):
    monkeypatch.setattr(python_api, "_ipython", lambda: None)
    seen = []

    def close_them():
        seen.extend(window.isVisible() for window in python_api._WINDOWS)
        for window in list(python_api._WINDOWS):
            window.close()
        QtCore.QCoreApplication.instance().quit()  # in case another test left a window

    QtCore.QTimer.singleShot(0, close_them)
    window = linviz.show(q=np.eye(2), k=np.eye(2), v=np.eye(2), beta=[1.0, 0.5])
    qtbot.addWidget(window)
    assert seen == [True]  # the window was open while the loop ran
    assert not window.isVisible() and window.session.scenario.rule.name == "delta"
    assert linviz.run() == 0  # nothing open: returns at once


def test_a_narrow_figure_of_the_readout_wraps_its_words_inside_the_image(qapp):
    """A 480×360 figure of a d = 64 read was the readout laid out 573 px wide and
    cut at 480: its heading, numbers and story ran past the image's edge."""
    rng = np.random.default_rng(1)
    keys, values = rng.normal(size=(30, 64)), rng.normal(size=(30, 64)) * 1e15
    scenario = linviz.scenario_from_arrays(keys, values, keys[3:4])
    image = decoded(linviz.figure(scenario, view="readout", size=(480, 360)).data())
    assert (image.width(), image.height()) == (480, 360)
    grid = pixels(image).reshape(360, 480, 4)
    background = grid[-1, -1]
    edge = grid[:, -4:]  # the panel keeps a margin: no word reaches its last pixels
    assert (edge == background).all(), np.argwhere((edge != background).any(axis=2))[:5]
    assert (grid[:60, :-4] != background).any()  # … and the heading is drawn


def test_a_small_figure_of_the_window_is_the_size_asked_or_refused(qapp):
    image = decoded(linviz.figure("delta-repair", size=(480, 360)).data())
    assert (image.width(), image.height()) == (480, 360)
    with pytest.raises(ValueError, match=r"size 300x250: the window cannot be drawn smaller than"):
        linviz.figure("delta-repair", size=(300, 250)).data()
