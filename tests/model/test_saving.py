"""Saving keeps what a careful editor keeps, and never loses the old file.

Each reported side effect of saving is a test that failed on main: the
mode became 0600, a symlink became a regular file, a read-only file was
replaced, the folder was not synced, leftovers of killed saves stayed, and
only OSError was caught; a hard-linked file was rewritten in place, so a
save killed half-way tore it (issue 27).
"""

import errno
import os
import stat

import pytest

from linviz.model import safe_files
from linviz.model.errors import ScenarioError
from linviz.model.safe_files import remove_leftovers
from linviz.model.scenario import Scenario, read, write
from linviz.model.scenario_file import (
    dumps_scenario,
    load_scenario,
    load_scenario_stamped,
    save_scenario,
    write_scenario,
)

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file semantics")


def scenario(title="saved"):
    return Scenario(2, 2, [write([1, 0], [2, 3], "a"), read([1, 0], "r")], title=title)


@pytest.fixture
def old_file(tmp_path):
    path = tmp_path / "lesson.json"
    path.write_text(dumps_scenario(scenario("old")), encoding="utf-8")
    return path


def leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@posix_only
@pytest.mark.parametrize("mode", [0o644, 0o640, 0o664, 0o600])
def test_the_file_keeps_its_mode(old_file, mode):
    old_file.chmod(mode)
    save_scenario(scenario(), old_file)
    assert stat.S_IMODE(old_file.stat().st_mode) == mode
    assert load_scenario(old_file).title == "saved"


@posix_only
def test_a_new_file_gets_the_usual_mode(tmp_path):
    umask = os.umask(0o022)
    try:
        save_scenario(scenario(), tmp_path / "new.json")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


@posix_only
def test_a_symlink_is_written_through_to_its_target(tmp_path, old_file):
    link = tmp_path / "link.json"
    link.symlink_to(old_file.name)
    written = save_scenario(scenario(), link)
    assert link.is_symlink() and os.readlink(link) == old_file.name
    assert written == old_file
    assert load_scenario(old_file).title == "saved"
    assert leftovers(tmp_path) == []


@posix_only
def test_a_chain_of_symlinks_in_other_folders(tmp_path, old_file):
    (tmp_path / "elsewhere").mkdir()
    first = tmp_path / "elsewhere" / "first.json"
    first.symlink_to(old_file)
    second = tmp_path / "second.json"
    second.symlink_to(first)
    save_scenario(scenario(), second)
    assert second.is_symlink() and first.is_symlink()
    assert load_scenario(old_file).title == "saved"


@posix_only
def test_a_read_only_file_is_refused_and_kept(old_file):
    before = old_file.read_bytes()
    old_file.chmod(0o444)
    with pytest.raises(ScenarioError, match="read-only") as caught:
        save_scenario(scenario(), old_file)
    assert caught.value.file == str(old_file)
    assert old_file.read_bytes() == before
    assert stat.S_IMODE(old_file.stat().st_mode) == 0o444
    assert leftovers(old_file.parent) == []


@posix_only
def test_a_hard_linked_file_is_replaced_whole_and_the_save_says_so(tmp_path, old_file):
    # Rewriting in place kept the links but tore the file under every name when
    # the save was killed half-way (test_a_kill_mid_save_never_tears_a_hard_linked_file).
    other = tmp_path / "other-name.json"
    os.link(old_file, other)
    inode = old_file.stat().st_ino
    saved = write_scenario(scenario(), old_file)
    assert old_file.stat().st_ino != inode and old_file.stat().st_nlink == 1
    assert load_scenario(old_file).title == "saved"
    assert load_scenario(other).title == "old"  # the other name keeps the old version
    assert saved.notice is not None and str(saved.notice) == (
        f"{old_file}: saved as a new file: the file had 1 other name(s) (hard links), "
        "which keep the old version"
    )
    assert leftovers(tmp_path) == []
    assert write_scenario(scenario(), old_file).notice is None  # one name now


@posix_only
def test_a_failed_in_place_write_puts_the_old_content_back(tmp_path, old_file, monkeypatch):
    # In place: a file of another owner, or in a folder where no temporary file can be made.
    monkeypatch.setattr(safe_files, "_in_place", lambda info, folder: True)
    before = old_file.read_bytes()
    real_write = os.write
    calls = []

    def failing_write(descriptor, data):
        calls.append(len(data))
        if len(calls) == 1:
            real_write(descriptor, bytes(data)[:10])  # half written, then the disk fails
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(descriptor, data)

    monkeypatch.setattr(os, "write", failing_write)
    with pytest.raises(ScenarioError, match="disk is full"):
        save_scenario(scenario(), old_file)
    assert old_file.read_bytes() == before


@posix_only
def test_the_folder_is_synced_after_the_rename(old_file, monkeypatch):
    events = []
    real_replace, real_fsync = os.replace, os.fsync

    def replace(source, target):
        events.append("replace")
        return real_replace(source, target)

    def fsync(descriptor):
        events.append("fsync folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "fsync")
        return real_fsync(descriptor)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "fsync", fsync)
    save_scenario(scenario(), old_file)
    assert events == ["fsync", "replace", "fsync folder"]


@posix_only
def test_leftovers_of_killed_saves_are_removed_by_the_next_save(tmp_path, old_file):
    import fcntl

    for token in ("abcdefgh", "x1y2z3q0"):
        (tmp_path / f".lesson.json.linviz-{token}.tmp").write_bytes(b"\0" * 1000)
    kept = [
        tmp_path / ".lesson.json.abcdefgh.tmp",  # not a name linviz makes: someone else's
        tmp_path / ".lesson.json.linviz-backup.tmp",  # not a token linviz makes
        tmp_path / ".other.json.linviz-abcdefgh.tmp",  # another file's
    ]
    for path in kept:
        path.write_text("mine")
    busy = tmp_path / ".lesson.json.linviz-busy0000.tmp"  # another process is writing it now
    busy.write_text("")
    with open(busy, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        save_scenario(scenario(), old_file)
    remaining = set(leftovers(tmp_path))
    assert remaining == {p.name for p in kept} | {busy.name}
    # Opening the file clears them too (the busy one once its writer is gone).
    load_scenario_stamped(old_file)
    assert set(leftovers(tmp_path)) == {p.name for p in kept}
    # Without a name: every stale temporary file of linviz's in the folder.
    assert [p.name for p in remove_leftovers(tmp_path)] == [".other.json.linviz-abcdefgh.tmp"]


def test_a_temporary_name_always_fits_and_is_recognised_as_ours(tmp_path):
    name = "é" * 120 + ".json"  # 245 bytes: the temporary name is shortened, not refused
    saved = write_scenario(scenario(), tmp_path / name)
    assert saved.path.name == name and load_scenario(saved.path).title == "saved"
    prefix = safe_files.temporary_prefix(name)
    assert len(os.fsencode(prefix + "abcdefgh.tmp")) <= 255
    assert safe_files.is_temporary(prefix + "abcdefgh.tmp")
    assert not safe_files.is_temporary(".lesson.json.abcdefgh.tmp")


def test_a_failed_save_removes_what_killed_saves_left_too(old_file, monkeypatch):
    stale = old_file.parent / ".lesson.json.linviz-0123abcd.tmp"
    real_write, calls = os.write, []

    def write_then_fail(descriptor, data):
        calls.append(1)
        if len(calls) == 1:
            stale.write_bytes(b"left by a save killed meanwhile")  # unlocked: stale
            return real_write(descriptor, data)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write_then_fail)
    with pytest.raises(ScenarioError, match="disk is full"):
        save_scenario(
            Scenario(2, 2, [write([1, 0], [1, 0], f"w{i}") for i in range(9000)]), old_file
        )
    assert leftovers(old_file.parent) == []


def test_a_failure_of_any_type_is_reported_and_the_old_file_kept(old_file, monkeypatch):
    before = old_file.read_bytes()

    def broken(*args, **kwargs):
        yield '{"format": "linviz-scenario",\n'  # half of the text is written, then:
        raise RuntimeError("something unexpected")

    monkeypatch.setattr("linviz.model.scenario_file.scenario_text", broken)
    with pytest.raises(ScenarioError, match="could not be saved.*RuntimeError") as caught:
        save_scenario(scenario(), old_file)
    assert caught.value.file == str(old_file)
    assert old_file.read_bytes() == before
    assert leftovers(old_file.parent) == []


@pytest.mark.parametrize(
    "failure",
    [OSError(errno.ENOSPC, "No space left on device"), MemoryError(), ValueError("odd")],
)
def test_a_failure_while_writing_leaves_the_old_file_and_no_leftover(
    old_file, monkeypatch, failure
):
    before = old_file.read_bytes()

    def failing_write(descriptor, data):
        raise failure

    monkeypatch.setattr(os, "write", failing_write)
    with pytest.raises(ScenarioError, match="could not be saved"):
        save_scenario(scenario(), old_file)
    assert old_file.read_bytes() == before
    assert leftovers(old_file.parent) == []


def test_an_interrupted_save_leaves_the_old_file_and_no_leftover(old_file, monkeypatch):
    before = old_file.read_bytes()

    def interrupted(descriptor):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_scenario(scenario(), old_file)
    assert old_file.read_bytes() == before
    assert leftovers(old_file.parent) == []


def test_saving_onto_a_folder_is_a_message(tmp_path):
    with pytest.raises(ScenarioError, match="folder"):
        save_scenario(scenario(), tmp_path)


def test_saving_into_a_missing_folder_is_a_message(tmp_path):
    with pytest.raises(ScenarioError, match="could not be saved: no such file"):
        save_scenario(scenario(), tmp_path / "missing" / "x.json")


def test_a_name_over_255_bytes_is_a_message(tmp_path):
    with pytest.raises(ScenarioError, match="too long"):
        save_scenario(scenario(), tmp_path / ("n" * 300 + ".json"))


def test_a_saved_file_loads_back_equal(tmp_path):
    original = scenario()
    save_scenario(original, tmp_path / "round.json")
    assert load_scenario(tmp_path / "round.json") == original


#: A child that saves a large scenario over ``argv[1]`` and stops half-way, told so on stdout.
_HALF_SAVE = """
import os, sys
from linviz.model.scenario import Scenario, write
from linviz.model.scenario_file import save_scenario

big = Scenario(2, 2, [write([i, 1.0], [1.0, i], f"w{i}") for i in range(1, 30_001)], title="new")
real_write, pieces = os.write, []

def write_then_pause(descriptor, data):
    written = real_write(descriptor, data)
    pieces.append(written)
    if len(pieces) == 2:  # the head and 8,192 steps are in the file: half of it
        sys.stdout.write("half\\n")
        sys.stdout.flush()
        sys.stdin.readline()  # the parent kills this process here
    return written

os.write = write_then_pause
save_scenario(big, sys.argv[1])
sys.stdout.write("finished\\n")
"""


@posix_only
def test_a_kill_mid_save_never_tears_a_hard_linked_file(tmp_path, old_file):
    import signal
    import subprocess
    import sys

    other = tmp_path / "other-name.json"
    os.link(old_file, other)
    before = old_file.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", _HALF_SAVE, str(old_file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline() == "half\n"  # waits on the child, no sleep
        (temporary,) = [p for p in tmp_path.iterdir() if safe_files.is_temporary(p.name)]
        assert temporary.stat().st_size > 100_000  # really half-way through a large file
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        child.kill()
        child.stdout.close()
        child.stdin.close()
    # Both names still hold the old file, whole and valid.
    for name in (old_file, other):
        assert name.read_bytes() == before
        assert load_scenario(name).title == "old"
    assert old_file.stat().st_nlink == 2
    # What the killed save left is ours, unlocked now, and the next open removes it.
    assert leftovers(tmp_path) == [temporary.name]
    load_scenario_stamped(old_file)
    assert leftovers(tmp_path) == []
