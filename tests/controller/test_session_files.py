"""Saving from a session never drops someone else's edit and never hides a failure.

Two windows (or two linviz processes) on one file: the second save silently
dropped the first's edit (issue 27). The session now remembers what the
file was when it opened or saved it (a :class:`DiskStamp`: size,
modification time, inode, content hash) and refuses to save over a file
someone else changed since, unless told to overwrite; the window asks.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from linviz.controller.session import ChangedOnDisk, Session
from linviz.model.errors import ScenarioError
from linviz.model.safe_files import changed_on_disk, is_temporary, stamp_file
from linviz.model.scenario import Scenario, write
from linviz.model.scenario_file import dumps_scenario, load_scenario, load_scenario_stamped

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file semantics")


def scenario(title: str = "on disk") -> Scenario:
    return Scenario(2, 2, [write([1, 0], [2, 3], "a"), write([0, 1], [5, 1], "b")], title=title)


@pytest.fixture
def lesson(tmp_path: Path) -> Path:
    path = tmp_path / "lesson.json"
    path.write_text(dumps_scenario(scenario()), encoding="utf-8")
    return path


def opened(path: Path) -> Session:
    session = Session()
    session.open(path)
    return session


def retitle(session: Session, title: str) -> None:
    from linviz.controller.commands import SetText

    session.execute(SetText(title=title, text="rename"))


def temporaries(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if is_temporary(p.name)]


# -- the stamp ---------------------------------------------------------------------------


def test_the_stamp_is_taken_from_the_bytes_read(lesson):
    _, stamp = load_scenario_stamped(lesson)
    assert stamp == stamp_file(lesson)
    assert not changed_on_disk(lesson, stamp)


def test_a_file_only_touched_or_written_back_unchanged_is_not_changed(lesson):
    _, stamp = load_scenario_stamped(lesson)
    info = lesson.stat()
    os.utime(lesson, ns=(info.st_atime_ns, info.st_mtime_ns + 5_000_000_000))
    assert not changed_on_disk(lesson, stamp)
    lesson.write_bytes(lesson.read_bytes())
    assert not changed_on_disk(lesson, stamp)


def test_a_same_size_edit_with_the_old_time_put_back_is_still_changed(lesson):
    _, stamp = load_scenario_stamped(lesson)
    info = lesson.stat()
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text.replace('"on disk"', '"on dusk"'), encoding="utf-8")
    os.utime(lesson, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert lesson.stat().st_size == info.st_size
    assert changed_on_disk(lesson, stamp)  # the content hash tells


def test_a_file_gone_is_not_changed_and_no_stamp_is_never_changed(lesson):
    _, stamp = load_scenario_stamped(lesson)
    lesson.unlink()
    assert not changed_on_disk(lesson, stamp)
    assert not changed_on_disk(lesson, None)


# -- one process, two sessions -----------------------------------------------------------


def test_the_second_save_on_one_file_asks_instead_of_dropping_the_first(lesson):
    first, second = opened(lesson), opened(lesson)
    retitle(first, "first's edit")
    first.save()
    assert second.changed_on_disk() and not first.changed_on_disk()
    retitle(second, "second's edit")
    with pytest.raises(ChangedOnDisk) as caught:
        second.save()
    assert str(caught.value).startswith(
        f"{lesson}: the file changed on disk since it was opened or last saved here"
    )
    assert load_scenario(lesson).title == "first's edit"  # nothing written
    assert second.is_modified  # and nothing lost
    # The window's choices: save under another name, or overwrite.
    other = lesson.with_name("mine.json")
    second.save(other)
    assert load_scenario(other).title == "second's edit" and second.path == other
    assert load_scenario(lesson).title == "first's edit"
    first_again = opened(lesson)
    retitle(first, "first, again")
    first.save()
    retitle(first_again, "overwritten")
    first_again.save(overwrite=True)
    assert load_scenario(lesson).title == "overwritten"
    assert first.changed_on_disk() and not first_again.changed_on_disk()


def test_saving_twice_from_one_session_never_asks(lesson):
    session = opened(lesson)
    for title in ("one", "two", "three"):
        retitle(session, title)
        session.save()
        session.save(lesson)  # the same file by name
    assert load_scenario(lesson).title == "three"


def test_a_file_recreated_or_unknown_is_saved_without_asking(lesson, tmp_path):
    session = opened(lesson)
    lesson.unlink()  # gone: nothing of anyone's is lost
    retitle(session, "kept")
    session.save()
    assert load_scenario(lesson).title == "kept"
    new = Session(scenario("new"))
    new.save(tmp_path / "fresh.json")
    assert not new.changed_on_disk()


# -- two processes ---------------------------------------------------------------------

#: A second linviz process: opens argv[1], says so, waits, then tries to save its own edit.
_OTHER_PROCESS = """
import sys
from linviz.controller.commands import SetText
from linviz.controller.session import ChangedOnDisk, Session

session = Session()
session.open(sys.argv[1])
print("opened", flush=True)
sys.stdin.readline()
print("changed" if session.changed_on_disk() else "unchanged", flush=True)
session.execute(SetText(title="the other process's edit", text="rename"))
try:
    session.save()
    print("saved", flush=True)
except ChangedOnDisk as error:
    print("refused:", error, flush=True)
"""


def test_two_processes_on_one_file_the_later_save_asks(lesson):
    other = subprocess.Popen(
        [sys.executable, "-c", _OTHER_PROCESS, str(lesson)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout.readline() == "opened\n"
        here = opened(lesson)
        retitle(here, "this process's edit")
        here.save()
        other.stdin.write("go\n")
        other.stdin.flush()
        assert other.stdout.readline() == "changed\n"
        assert other.stdout.readline().startswith(
            f"refused: {lesson}: the file changed on disk since it was opened"
        )
        assert other.wait(timeout=60) == 0
    finally:
        other.kill()
        other.stdin.close()
        other.stdout.close()
    assert load_scenario(lesson).title == "this process's edit"
    # The other way round: this session notices the other process's save.
    subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\nfrom linviz.model.scenario_file import load_scenario, save_scenario\n"
            "s = load_scenario(sys.argv[1]); s.title = 'outside'; save_scenario(s, sys.argv[1])",
            str(lesson),
        ],
        check=True,
    )
    assert here.changed_on_disk()
    with pytest.raises(ChangedOnDisk):
        here.save()


# -- every failure is a message, and the work is kept ----------------------------------


def _fail_writes(error: OSError):
    def failing(descriptor, data):
        raise error

    return failing


@posix_only
@pytest.mark.parametrize(
    "errno_, reason",
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EACCES, "permission denied"),
        (errno.EDQUOT, "the disk quota is used up"),
        (errno.EIO, "input/output error"),
    ],
)
def test_a_save_failing_as_the_system_says_is_one_message_and_nothing_is_lost(
    lesson, monkeypatch, errno_, reason
):
    session = opened(lesson)
    retitle(session, "unsaved work")
    before = lesson.read_bytes()
    monkeypatch.setattr(os, "write", _fail_writes(OSError(errno_, os.strerror(errno_))))
    with pytest.raises(ScenarioError) as caught:
        session.save()
    assert str(caught.value) == (
        f"{lesson}: could not be saved: {reason}; the file on disk is unchanged"
    )
    assert lesson.read_bytes() == before and temporaries(lesson.parent) == []
    assert session.is_modified and session.scenario.title == "unsaved work"
    monkeypatch.undo()
    session.save()  # once the disk has room again: saved, and nothing asks
    assert load_scenario(lesson).title == "unsaved work" and not session.is_modified


def test_a_save_into_a_folder_that_is_gone_is_a_message(lesson):
    session = opened(lesson)
    retitle(session, "unsaved work")
    lesson.unlink()
    lesson.parent.rmdir()
    with pytest.raises(ScenarioError) as caught:
        session.save()
    assert str(caught.value).startswith(f"{lesson}: could not be saved: no such file or folder")
    assert session.is_modified


def test_a_text_that_cannot_be_encoded_is_a_message(lesson, monkeypatch):
    session = opened(lesson)
    retitle(session, "unsaved work")
    before = lesson.read_bytes()

    def unencodable(scenario, layout=None):
        yield '{"format": "linviz-scenario",\n'
        yield "\udc00"  # a lone surrogate: UTF-8 cannot write it

    monkeypatch.setattr("linviz.model.scenario_file.scenario_text", unencodable)
    with pytest.raises(ScenarioError) as caught:
        session.save()
    assert str(caught.value).startswith(
        f"{lesson}: could not be saved (UnicodeEncodeError: "
    ) and str(caught.value).endswith("; the file on disk is unchanged")
    assert lesson.read_bytes() == before and temporaries(lesson.parent) == []
    assert session.is_modified


@posix_only
def test_a_hard_linked_file_is_saved_whole_and_the_session_says_so(lesson):
    os.link(lesson, lesson.with_name("shared.json"))
    session = opened(lesson)
    retitle(session, "mine")
    session.save()
    assert session.last_save is not None and session.last_save.notice is not None
    assert "other name(s) (hard links), which keep the old version" in str(session.last_save.notice)
    assert load_scenario(lesson.with_name("shared.json")).title == "on disk"
    assert not session.changed_on_disk()


# -- recovery keeps the stamp; its folder is kept clean ----------------------------------


def test_work_restored_after_a_crash_still_notices_a_change_made_meanwhile(lesson, tmp_path):
    from linviz.controller.recovery import RecoveryFile, restore_into

    session = opened(lesson)
    retitle(session, "unsaved work")
    file = RecoveryFile("crashed", tmp_path / "recovery")
    file.write_session(session)
    # Meanwhile someone else edits the file; then this work is restored.
    lesson.write_text(dumps_scenario(scenario("edited meanwhile")), encoding="utf-8")
    restored = Session()
    restore_into(restored, file.path)
    file.remove()
    assert restored.path == lesson and restored.scenario.title == "unsaved work"
    assert restored.changed_on_disk()
    with pytest.raises(ChangedOnDisk):
        restored.save()
    assert load_scenario(lesson).title == "edited meanwhile"


@posix_only
def test_stale_temporary_files_in_the_recovery_folder_go_at_start(tmp_path):
    import fcntl

    from linviz.controller.recovery import list_recoverable

    folder = tmp_path / "recovery"
    folder.mkdir()
    stale = folder / ".1234-1-abcdefgh.linviz-recovery.linviz-0a1b2c3d.tmp"
    stale.write_bytes(b"\0" * 4096)
    busy = folder / ".1234-2-abcdefgh.linviz-recovery.linviz-9z8y7x6w.tmp"
    busy.write_bytes(b"")
    someone_elses = folder / "notes.tmp"
    someone_elses.write_text("not ours")
    with open(busy, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # a live process is writing it
        assert list_recoverable(folder) == []
    assert sorted(p.name for p in folder.iterdir()) == sorted([busy.name, someone_elses.name])


def test_a_failed_recovery_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    from linviz.controller.recovery import RecoveryFile

    file = RecoveryFile("main", tmp_path)
    monkeypatch.setattr(os, "write", _fail_writes(OSError(errno.ENOSPC, "No space left")))
    with pytest.raises(ScenarioError, match="the recovery file could not be written: the disk"):
        file.write(scenario())
    assert temporaries(tmp_path) == []
    file.remove()
