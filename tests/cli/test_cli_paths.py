"""Paths a hostile user gives ``linviz trace``: exit status 1 and one line, never a traceback.

Reported: a name over 255 bytes or a folder without permission gave a
traceback (from the lesson lookup), a FIFO blocked forever, and /dev/zero
was read without limit.
"""

import os
import threading

import pytest

from linviz.cli import main


def trace(capsys, *args):
    """Run ``linviz trace`` in-process on a thread; fail rather than hang."""
    outcome = {}

    def run():
        outcome["status"] = main(["trace", *args])

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "linviz trace blocked"
    captured = capsys.readouterr()
    assert outcome["status"] == 1 and captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("linviz: ")
    return lines[0]


def test_a_name_over_255_bytes(tmp_path, capsys):
    assert "too long" in trace(capsys, str(tmp_path / ("x" * 300 + ".json")))


def test_a_folder_without_permission(tmp_path, capsys, monkeypatch):
    real_stat = os.stat

    def stat(name, *args, **kwargs):
        if "locked" in os.fspath(name):
            raise PermissionError(13, "Permission denied", os.fspath(name))
        return real_stat(name, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)
    assert "permission denied" in trace(capsys, str(tmp_path / "locked" / "x.json"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe.json")
    assert "FIFO" in trace(capsys, str(tmp_path / "pipe.json"), "--json")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero(capsys):
    assert "device" in trace(capsys, "/dev/zero")


def test_a_nul_character(capsys):
    line = trace(capsys, "a\x00b.json")
    assert "a\\x00b.json" in line and ("NUL" in line or "no such file" in line)


def test_a_folder(tmp_path, capsys):
    assert "folder" in trace(capsys, str(tmp_path))
