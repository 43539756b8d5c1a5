"""Crash recovery: unsaved work written aside, offered back after a crash.

Each window of each process has its own recovery file in the user's data
folder (:func:`recovery_folder`), named after the process id, the window
and a random token, so two windows or two processes never write the same
file, even when a process id is reused. While the window is open, its
process holds a lock on the file's ``.lock`` companion; the operating
system drops the lock when the process dies, however it dies (SIGKILL
included). So a recovery file whose lock can be taken was left by a
process that is gone: :func:`list_recoverable` lists those.

The GUI writes a window's file shortly after each change
(:meth:`RecoveryFile.write_session`, when a
:class:`~linviz.controller.write_schedule.WriteSchedule` says: a debounce
with a max-wait, so steady editing cannot starve it), removes it
on a clean exit or after a save (:meth:`RecoveryFile.remove`), and at
start offers what :func:`list_recoverable` finds (:func:`restore_into`,
then :func:`discard`).

A recovery file is one line of JSON (what the GUI needs to offer it:
title, file, cursor, time) followed by the scenario exactly as a saved
file holds it, written atomically: the scenario archive's bytes (a
``.npz``), or, in files older versions wrote, its JSON text (the header's
``"body"`` says which). As text, the recovery write that follows each
edit froze the window for 4.6 s at 1,000,000 steps (d = 8) and 8.4 s at
100,000 steps (d = 64); as an archive it takes 0.24-0.37 s and 0.15-0.4 s,
and the first is read back in 0.9 s instead of 1.8 s.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from itertools import chain
from pathlib import Path
from typing import IO, TYPE_CHECKING

from linviz.model.column_layout import LAYOUTS
from linviz.model.errors import QT_TRANSLATE_NOOP, ScenarioError, shown
from linviz.model.safe_files import (
    DiskStamp,
    TemporaryFile,
    os_reason,
    remove_leftovers,
    write_temporary,
)
from linviz.model.scenario import Scenario
from linviz.model.scenario_archive import archive_pieces
from linviz.model.scenario_file import load_scenario_bytes

if TYPE_CHECKING:
    from linviz.controller.session import Session

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FORMAT = "linviz-recovery"
VERSION = 1
#: The header's ``"body"``: what follows the header line.
BODY_ARCHIVE, BODY_JSON = "archive", "json"
SUFFIX = ".linviz-recovery"
#: ``{pid}-{window}-{token}.linviz-recovery``; the window id is made safe for a file name.
_NAME = re.compile(r"^(\d+)-([A-Za-z0-9_]{1,40})-([a-z0-9]{8})" + re.escape(SUFFIX) + "$")
#: The first line (the header) is read with at most this many bytes.
HEADER_BYTES = 64 * 1024


def data_folder() -> Path:
    r"""The folder linviz keeps its data in (made when something is first written).

    ``$XDG_DATA_HOME/linviz`` (default ``~/.local/share/linviz``) on Linux and
    other Unix systems, ``~/Library/Application Support/linviz`` on macOS,
    ``%LOCALAPPDATA%\linviz`` on Windows.
    """
    if sys.platform == "win32":  # pragma: no cover - Windows
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return Path(base) / "linviz" if base else Path.home() / "AppData" / "Local" / "linviz"
    if sys.platform == "darwin":  # pragma: no cover - macOS
        return Path.home() / "Library" / "Application Support" / "linviz"
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # the XDG spec: a relative value is ignored
        base = str(Path.home() / ".local" / "share")
    return Path(base) / "linviz"


def recovery_folder() -> Path:
    """Where recovery files are written: ``data_folder() / "recovery"``."""
    return data_folder() / "recovery"


def _safe_window(window: str | int) -> str:
    text = re.sub(r"[^A-Za-z0-9_]", "_", str(window))[:40]
    return text or "window"


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _try_lock(stream: IO[bytes]) -> bool:
    """Take the exclusive lock on ``stream`` without waiting; ``False`` if someone holds it."""
    if fcntl is not None:
        try:
            fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    import msvcrt  # pragma: no cover - Windows

    try:  # pragma: no cover - Windows
        msvcrt.locking(stream.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:  # pragma: no cover - Windows
        return False
    return True  # pragma: no cover - Windows


def _pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (the check for a file whose lock file is gone)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":  # pragma: no cover - Windows: os.kill would terminate it
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, another user's
    return True


class RecoveryFile:
    """The recovery file of one window of this process.

    Parameters
    ----------
    window
        Which window of the process (any short id: ``1``, ``"main"``).
    folder
        Where to write; default :func:`recovery_folder`.

    Notes
    -----
    Nothing is written, and no folder made, until the first :meth:`write`.
    The lock is held from then until :meth:`remove` (or the process ends).
    """

    def __init__(self, window: str | int = 1, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else recovery_folder()
        self.window = _safe_window(window)
        token = "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(8))
        self.path = self.folder / f"{os.getpid()}-{self.window}-{token}{SUFFIX}"
        self._lock: IO[bytes] | None = None

    @property
    def locked(self) -> bool:
        """Whether this process holds the file's lock (taken by the first write or draft)."""
        return self._lock is not None

    def _hold_lock(self) -> None:
        if self._lock is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        lock = open(_lock_path(self.path), "ab")
        if not _try_lock(lock):  # pragma: no cover - the token makes the name ours
            lock.close()
            raise OSError(f"{self.path} is locked by another process")
        self._lock = lock

    def write(
        self,
        scenario: Scenario,
        *,
        path: Path | None = None,
        cursor: int = 0,
        stamp: DiskStamp | None = None,
    ) -> Path:
        """Write ``scenario`` (from file ``path``, shown at step ``cursor``) atomically.

        ``stamp`` is what ``path`` held when the session read or saved it:
        restored, it still notices a change made to the file meanwhile.

        Raises
        ------
        ScenarioError
            If the file cannot be written (naming it and the reason).
        """
        draft = self.draft(scenario, path=path, cursor=cursor, stamp=stamp)
        assert draft is not None  # nothing asked it to stop
        return self.install(draft)

    def draft(
        self,
        scenario: Scenario,
        *,
        path: Path | None = None,
        cursor: int = 0,
        stamp: DiskStamp | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> TemporaryFile | None:
        """The recovery file of ``scenario`` written beside its place, not yet in it.

        As :meth:`write` (the same arguments and refusals), but the file is
        left as a flushed temporary file for :meth:`install`; ``should_stop``
        is asked between pieces, and once it says so nothing is left and
        ``None`` is returned. Safe on a worker thread while nothing edits
        ``scenario`` (an edit meanwhile makes the draft worthless: the caller
        discards it).
        """
        header = {
            "format": FORMAT,
            "version": VERSION,
            "pid": os.getpid(),
            "window": self.window,
            "written": time.time(),
            "title": scenario.title,
            "path": None if path is None else os.fspath(path),
            "cursor": int(cursor),
            "disk": None if stamp is None else asdict(stamp),
            "body": BODY_ARCHIVE,
            # The archive is a columns layout: saving after a restore keeps the file's own.
            "layout": scenario.layout,
        }
        head = json.dumps(header, ensure_ascii=True, allow_nan=False) + "\n"
        pieces = chain([head.encode("utf-8")], archive_pieces(scenario))
        with self._refusals():
            self._hold_lock()
            return write_temporary(self.path, pieces, 0o600, should_stop)

    def install(self, draft: TemporaryFile) -> Path:
        """Put ``draft`` (from :meth:`draft`) in the recovery file's place; its path.

        Raises
        ------
        ScenarioError
            If it cannot be renamed (naming the file and the reason).
        """
        with self._refusals():
            draft.install(self.path)
        return self.path

    @contextmanager
    def _refusals(self) -> Iterator[None]:
        """Word whatever fails inside as the refusal "could not be written"."""
        try:
            yield
        except OSError as error:
            remove_leftovers(self.folder, self.path.name)
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "the recovery file could not be written: {reason}"
                ),
                reason=os_reason(error),
                file=str(self.path),
            ) from None
        except Exception as error:
            remove_leftovers(self.folder, self.path.name)
            raise ScenarioError.of(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "the recovery file could not be written ({kind}: {reason})"
                ),
                kind=type(error).__name__,
                reason=shown(str(error), 80),
                file=str(self.path),
            ) from error

    def write_session(self, session: Session) -> Path:
        """Write what ``session`` shows now: its scenario, file and cursor."""
        return self.write(
            session.scenario, path=session.path, cursor=session.cursor, stamp=session.disk_stamp
        )

    def remove(self) -> None:
        """Delete the recovery file and its lock (a clean exit, or the work was saved)."""
        for path in (self.path, _lock_path(self.path)):
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
        if self._lock is not None:
            self._lock.close()
            self._lock = None


class DraftJob:
    """Writes one window's recovery file as a draft, safe on a worker thread.

    A job of :class:`~linviz.views.labs.background_run.BackgroundRun`: the
    window starts it (with the scenario's file, cursor and disk stamp as they
    are then) and installs the draft it returns unless the scenario was
    edited meanwhile. The draft is also kept in :attr:`outcome`, so that a
    run the window stopped waiting for is discarded, not left open.
    """

    def __init__(self, file: RecoveryFile, session: Session) -> None:
        self.file = file
        self.scenario = session.scenario
        self.path, self.cursor, self.stamp = session.path, session.cursor, session.disk_stamp
        self.outcome: DraftOutcome | None = None

    def run(self, progress: Callable[..., None], should_stop: Callable[[], bool]) -> DraftOutcome:
        """Write the draft (:meth:`RecoveryFile.draft`); what came of it."""
        try:
            draft = self.file.draft(
                self.scenario,
                path=self.path,
                cursor=self.cursor,
                stamp=self.stamp,
                should_stop=should_stop,
            )
            self.outcome = DraftOutcome(draft)
        except ScenarioError as error:
            self.outcome = DraftOutcome(None, error)
        return self.outcome


@dataclass(frozen=True)
class DraftOutcome:
    """What a :class:`DraftJob` made: its draft (``None`` if stopped), or why it failed."""

    draft: TemporaryFile | None
    error: ScenarioError | None = None


@dataclass(frozen=True)
class Recoverable:
    """A recovery file left by a process that is gone.

    Attributes
    ----------
    path
        The recovery file.
    pid, window
        The process and the window that wrote it.
    written
        When (seconds since the epoch).
    title
        The scenario's title.
    scenario_path
        The file the scenario came from (``None``: never saved, or a lesson).
    cursor
        The step the window showed.
    """

    path: Path
    pid: int
    window: str
    written: float
    title: str
    scenario_path: Path | None
    cursor: int


@dataclass(frozen=True)
class Restored:
    """A recovered scenario, with the file it came from and the step shown."""

    scenario: Scenario
    path: Path | None
    cursor: int
    stamp: DiskStamp | None = None


def _owner_gone(path: Path, pid: int) -> bool:
    """Whether the process that wrote ``path`` has ended (its lock can be taken)."""
    try:
        stream = open(_lock_path(path), "rb")
    except FileNotFoundError:
        return not _pid_alive(pid)
    except OSError:
        return False
    try:
        return _try_lock(stream)
    finally:
        stream.close()  # releases the lock just taken


def _read_header(path: Path) -> dict[str, object]:
    with open(path, "rb") as stream:
        line = stream.readline(HEADER_BYTES)
    header = json.loads(line)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError("not a linviz recovery file")
    return header


def list_recoverable(folder: Path | None = None) -> list[Recoverable]:
    """The recovery files left by processes that have ended, newest first.

    A window still open (in this process or another) is not listed. A file
    that cannot be read as a recovery file is skipped. Temporary files that
    killed writes left in the folder are removed (this runs at start).
    """
    folder = Path(folder) if folder is not None else recovery_folder()
    remove_leftovers(folder)
    try:
        names = sorted(entry.name for entry in os.scandir(folder))
    except OSError:
        return []
    found = []
    for name in names:
        match = _NAME.match(name)
        if match is None:
            continue
        path = folder / name
        pid = int(match.group(1))
        if not _owner_gone(path, pid):
            continue
        try:
            header = _read_header(path)
            found.append(
                Recoverable(
                    path,
                    pid,
                    match.group(2),
                    float(header["written"]),  # type: ignore[arg-type]
                    str(header["title"]),
                    None if header["path"] is None else Path(str(header["path"])),
                    int(header["cursor"]),  # type: ignore[call-overload]
                )
            )
        except (OSError, ValueError, KeyError, TypeError):
            continue
    found.sort(key=lambda entry: entry.written, reverse=True)
    return found


def restore(entry: Recoverable | Path) -> Restored:
    """Read a recovery file back: the scenario, its file and the cursor.

    Raises
    ------
    ScenarioError
        If the file cannot be read or its scenario is not valid (naming it).
    """
    path = entry.path if isinstance(entry, Recoverable) else Path(entry)
    try:
        data = path.read_bytes()
        head, _, body = data.partition(b"\n")
        header = json.loads(head)
        scenario_path = header["path"]
        cursor = int(header["cursor"])
        disk = header.get("disk")
        stamp = None if disk is None else DiskStamp(**disk)
        layout = header.get("layout")
        if header.get("body", BODY_JSON) not in (BODY_ARCHIVE, BODY_JSON) or layout not in (
            None,
            *LAYOUTS,
        ):
            raise ValueError("an unknown body or layout")
    except OSError as error:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "cannot be read: {reason}"),
            reason=os_reason(error),
            file=str(path),
        ) from None
    except (ValueError, KeyError, TypeError):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "not a linviz recovery file"), file=str(path)
        ) from None
    scenario = load_scenario_bytes(body, str(path))  # an archive's bytes or JSON text
    if layout is not None:
        scenario.layout = layout
    path_restored = None if scenario_path is None else Path(scenario_path)
    return Restored(scenario, path_restored, cursor, stamp if path_restored else None)


def restore_into(session: Session, entry: Recoverable | Path) -> Restored:
    """Show a recovered scenario in ``session``, marked as not saved.

    The recovery file stays until :func:`discard` (call it once the
    session's own recovery file has been written, or on refusal).
    """
    restored = restore(entry)
    session.replace_scenario(restored.scenario, restored.path, restored.stamp)
    session.set_cursor(restored.cursor)
    session.mark_unsaved()
    return restored


def discard(entry: Recoverable | Path) -> None:
    """Delete a recovery file (restored, or declined) and its lock file."""
    path = entry.path if isinstance(entry, Recoverable) else Path(entry)
    for leftover in (path, _lock_path(path)):
        try:
            os.unlink(leftover)
        except FileNotFoundError:
            pass
