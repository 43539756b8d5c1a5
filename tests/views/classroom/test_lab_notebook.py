"""The Lab notebook as an instructor runs the causal lab: pin, change, predict, record, export."""

from __future__ import annotations

import re
import zlib

import numpy as np
from PySide6 import QtWidgets
from PySide6.QtCore import Qt

from linviz.controller.commands import ReplaceStep
from linviz.controller.lab_record import EXIT_TICKET_HEADINGS


def pdf_text(data: bytes) -> str:
    """The text a PDF written by Qt shows, one line per text block (enough for a check).

    Follows each page's fonts to their ToUnicode maps and decodes the glyph
    strings of the content streams (Qt writes ``<hex> Tj`` with Identity-H fonts).
    """
    objects = {
        int(m.group(1)): m.group(2) for m in re.finditer(rb"(\d+) 0 obj\s(.*?)endobj", data, re.S)
    }

    def stream(number: int) -> bytes:
        body = objects[number]
        head, _, rest = body.partition(b"stream")
        raw = rest.lstrip(b"\r\n").rsplit(b"endstream", 1)[0].rstrip(b"\r\n")
        return zlib.decompress(raw) if b"/FlateDecode" in head else raw

    def unicode_map(number: int) -> dict[int, str]:
        table = {}
        text = stream(number).decode("latin-1")
        for first, _last, targets in re.findall(
            r"<([0-9A-Fa-f]+)> <([0-9A-Fa-f]+)> \[([^\]]*)\]", text
        ):
            for offset, target in enumerate(re.findall(r"<([0-9A-Fa-f]+)>", targets)):
                table[int(first, 16) + offset] = chr(int(target, 16))
        return table

    lines = []
    for body in objects.values():
        if not re.search(rb"/Type /Page\b(?!s)", body):
            continue
        contents = int(re.search(rb"/Contents (\d+) 0 R", body).group(1))
        resources = objects[int(re.search(rb"/Resources (\d+) 0 R", body).group(1))]
        fonts = {
            name.decode(): unicode_map(
                int(re.search(rb"/ToUnicode (\d+) 0 R", objects[int(ref)]).group(1))
            )
            for name, ref in re.findall(rb"/(F\d+) (\d+) 0 R", resources)
        }
        font: dict[int, str] = {}
        line = []
        for token in re.finditer(
            r"/(F\d+) [\d.]+ Tf|<([0-9A-Fa-f]+)> Tj|\bET\b", stream(contents).decode("latin-1")
        ):
            if token.group(1):
                font = fonts[token.group(1)]
            elif token.group(2):
                hexes = token.group(2)
                line += [font.get(int(hexes[i : i + 4], 16), "?") for i in range(0, len(hexes), 4)]
            else:
                lines.append("".join(line).replace("\t", " "))
                line = []
    return "\n".join(lines)


def open_notebook(qtbot, window):
    qtbot.keyClick(window, Qt.Key.Key_L)
    dialog = window.classroom.lab_notebook()
    qtbot.waitUntil(dialog.isVisible)
    return dialog


def rows(dialog) -> list[str]:
    return [dialog.changes_list.item(i).text() for i in range(dialog.changes_list.count())]


def move_k3(session, vector):
    """Drag k3's tip as the key plane does (one undoable command when it ends)."""
    session.begin_drag(5, "vector")
    session.drag_to(np.array(vector, dtype=float))
    session.end_drag()


def test_the_notebook_lists_each_change_since_the_pin_and_warns_on_a_second(qtbot, window):
    session = window.session
    assert window.classroom.lab_action in window.classroom.menu.actions()
    dialog = open_notebook(qtbot, window)
    assert "No baseline is pinned" in dialog.notice.text()
    assert rows(dialog) == [] and not dialog.warning.isVisible()

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_B)  # pin the baseline
    assert dialog.notice.text() == "Nothing has changed since the baseline."
    move_k3(session, [0.6, 0.8])
    assert rows(dialog) == ["step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]"]
    assert dialog.notice.text() == "1 change since the baseline:"
    assert not dialog.warning.isVisible()

    k1 = session.scenario.step(1)
    session.execute(ReplaceStep(1, k1.with_changes(value=[3, 2])))
    assert rows(dialog) == [
        "step 1 (k1), value: [3, 1] → [3, 2]",
        "step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]",
    ]
    assert dialog.notice.text() == "2 changes since the baseline:"
    assert dialog.warning.isVisible()
    assert dialog.warning.text().startswith(
        "Warning: 2 variables changed (value of k1, key of k3)."
    )
    session.undo()
    assert not dialog.warning.isVisible() and len(rows(dialog)) == 1
    session.clear_baseline()
    assert rows(dialog) == [] and "No baseline is pinned" in dialog.notice.text()


def test_an_entry_is_typed_recorded_and_exported_under_the_six_headings(qtbot, window, tmp_path):
    session = window.session
    session.set_cursor(6)  # r3: read k1 after k3 crowded it
    window.classroom.pin_action.trigger()
    session.set_prediction("r3", np.array([3.0, -2.5]))
    move_k3(session, [0.6, 0.8])
    dialog = open_notebook(qtbot, window)
    assert not dialog.export_pdf_button.isEnabled()

    qtbot.mouseClick(dialog.fill_prediction, Qt.MouseButton.LeftButton)
    assert dialog.prediction.text() == "r3 = [3, -2.5]"
    qtbot.mouseClick(dialog.fill_observed, Qt.MouseButton.LeftButton)
    assert dialog.observed.text() == "r3 = [3, -2] (baseline [3, -3])"
    qtbot.keyClicks(dialog.explanation, "k1·k3 fell from 0.8 to 0.6 <b>so</b> & less of v3 leaks")
    qtbot.keyClicks(dialog.boundary, "Holds while k3 overlaps k1")
    qtbot.keyClicks(dialog.next_experiment, "Make k3 perpendicular to k1")
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert dialog.entries_label.text() == "Entries: 1"
    assert dialog.explanation.text() == "" and dialog.export_pdf_button.isEnabled()

    markdown_path = dialog.export_markdown(tmp_path / "lab.md")
    text = markdown_path.read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", text, flags=re.MULTILINE) == list(EXIT_TICKET_HEADINGS)
    for line in (
        "- Prediction (P): r3 = [3, -2.5]",
        "- Observed: r3 = [3, -2] (baseline [3, -3])",
        "k1·k3 fell from 0.8 to 0.6 <b>so</b> & less of v3 leaks",
        "Holds while k3 overlaps k1",
        "- step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]",
        "- r3: [3, -3] → [3, -2] (change [0, 1])",
        "Make k3 perpendicular to k1",
    ):
        assert line in text, line

    pdf_path = dialog.export_pdf(tmp_path / "lab.pdf")
    data = pdf_path.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 1000
    shown = pdf_text(data)
    for heading in ("Lab entry 1: Crowding the plane", *EXIT_TICKET_HEADINGS):
        assert heading in shown.split("\n"), heading
    # Typed text prints as typed: never read as HTML.
    assert "k1·k3 fell from 0.8 to 0.6 <b>so</b> & less of v3 leaks" in shown
    assert "- Prediction (P): r3 = [3, -2.5]" in shown
    assert "- step 5 (k3), key: [0.8, 0.6] → [0.6, 0.8]" in shown


def test_export_asks_where_and_adds_the_extension(qtbot, window, tmp_path, monkeypatch):
    dialog = window.classroom.lab_notebook()
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    asked = []

    def ask(parent, caption, start, filters):
        asked.append(filters)
        return str(tmp_path / "ticket"), filters

    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", ask)
    qtbot.mouseClick(dialog.export_pdf_button, Qt.MouseButton.LeftButton)
    assert dialog.last_export == tmp_path / "ticket.pdf"
    assert (tmp_path / "ticket.pdf").read_bytes().startswith(b"%PDF-")
    qtbot.mouseClick(dialog.export_markdown_button, Qt.MouseButton.LeftButton)
    assert "## Next experiment" in (tmp_path / "ticket.md").read_text(encoding="utf-8")
    assert asked == ["PDF (*.pdf)", "Markdown (*.md)"]
