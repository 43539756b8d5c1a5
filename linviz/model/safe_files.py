"""Read and write files the way a careful editor does.

Reading refuses, before a byte is read, anything that is not a regular
file (a FIFO would block forever, ``/dev/zero`` never ends) and any file
over the size limit; opening never blocks.

Writing never leaves half a file, never loses the old one, and never
lies about what happened:

- the new text goes to a temporary file ``.{name}.linviz-{token}.tmp`` in
  the same folder (locked while it is written), is flushed to disk, then
  renamed over the file (atomic), and the folder is flushed so the rename
  itself survives a power cut; a process killed at any moment leaves the
  old file whole;
- the file keeps its permission bits (and owner and group, where allowed);
- a symbolic link is written through: the file it points to changes, the
  link stays a link;
- a read-only file is refused with a message, not silently replaced;
- a file with several hard links is replaced by the rename too: rewriting
  it in place would keep the links but leave a torn file under every name
  if the save were killed half-way. Its other names keep the old version,
  and the save says so (:attr:`Saved.notice`);
- a file owned by another user, or in a folder where no temporary file can
  be made, cannot be replaced by a rename without changing its owner, so it
  is rewritten in place (same inode): the old content is kept in memory
  and put back if the write fails (a kill half-way can tear only these);
- temporary files of killed or failed saves are removed by the next save
  or open of the same file, and after a failed save (one still being
  written by another process is locked and left alone); their name marks
  them as linviz's (:func:`is_temporary`), nobody else's is touched;
- any failure, whatever its type, is reported as one
  :class:`~linviz.model.errors.ScenarioError` ("FILE: could not be saved:
  REASON; the file on disk is unchanged"), and the old file is intact.

:class:`DiskStamp` records what a file was when it was read or written
(size, modification time, inode and a SHA-256 of its content), and
:func:`changed_on_disk` tells whether someone changed it since.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import mmap
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, ScenarioError, Term, shown

try:  # POSIX: a lock tells a temporary file being written from one left by a killed save
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789"
#: Symbolic links followed before giving up (as the kernel's ELOOP).
MAX_LINKS = 40
#: Without file locks, a temporary file older than this is taken as left over.
STALE_SECONDS = 600

_REASONS = {
    errno.ENOENT: QT_TRANSLATE_NOOP("ScenarioError", "no such file or folder"),
    errno.EACCES: QT_TRANSLATE_NOOP("ScenarioError", "permission denied"),
    errno.EPERM: QT_TRANSLATE_NOOP("ScenarioError", "permission denied"),
    errno.ENOSPC: QT_TRANSLATE_NOOP("ScenarioError", "the disk is full"),
    errno.EROFS: QT_TRANSLATE_NOOP("ScenarioError", "the file system is read-only"),
    errno.ENAMETOOLONG: QT_TRANSLATE_NOOP(
        "ScenarioError", "the name is too long for this system (at most 255 bytes per name)"
    ),
    errno.ENOTDIR: QT_TRANSLATE_NOOP("ScenarioError", "a part of the path is not a folder"),
    errno.ELOOP: QT_TRANSLATE_NOOP("ScenarioError", "too many symbolic links"),
    errno.EISDIR: QT_TRANSLATE_NOOP("ScenarioError", "this is a folder, not a file"),
}
if hasattr(errno, "EDQUOT"):
    _REASONS[errno.EDQUOT] = QT_TRANSLATE_NOOP("ScenarioError", "the disk quota is used up")


def os_reason(error: OSError) -> str:
    """Plain words for an operating-system error (a :class:`Term` when linviz words it)."""
    known = _REASONS.get(error.errno or 0)
    return Term(known) if known else (error.strerror or str(error)).lower()


def _kind(mode: int) -> Term:
    if stat.S_ISFIFO(mode):
        return Term(QT_TRANSLATE_NOOP("ScenarioError", "a FIFO (named pipe)"))
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Term(QT_TRANSLATE_NOOP("ScenarioError", "a device"))
    if stat.S_ISSOCK(mode):
        return Term(QT_TRANSLATE_NOOP("ScenarioError", "a socket"))
    return Term(QT_TRANSLATE_NOOP("ScenarioError", "not a regular file"))


def _cannot_read(error: OSError, name: str) -> ScenarioError:
    return ScenarioError.of(
        QT_TRANSLATE_NOOP("ScenarioError", "cannot be read: {reason}"),
        reason=os_reason(error),
        file=name,
    )


# -- reading -------------------------------------------------------------------------


def _open_limited(name: str, limit: int) -> int:
    """A descriptor of the regular file ``name`` opened for reading (see :func:`read_limited`)."""
    try:
        info = os.stat(name)
        _check_readable_kind(info.st_mode, info.st_size, limit, name)
        flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
        # Never block in open() (a FIFO swapped in after the stat) nor take a terminal.
        flags |= getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        return os.open(name, flags)
    except ScenarioError:
        raise
    except FileNotFoundError:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "no such file"), file=name
        ) from None
    except IsADirectoryError:
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "this is a folder, not a scenario file"), file=name
        ) from None
    except OSError as error:
        raise _cannot_read(error, name) from None
    except ValueError:  # a NUL character in the name
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "cannot be read: the name holds a NUL character"),
            file=name,
        ) from None


def read_limited(path: str | os.PathLike[str], limit: int) -> bytearray:
    """The bytes of the regular file at ``path``, refusing it if it holds more than ``limit``.

    Raises
    ------
    ScenarioError
        Naming the file: missing, a folder, not a regular file, too large,
        or unreadable (with the reason).
    """
    name = os.fspath(path)
    descriptor = _open_limited(name, limit)
    try:
        with open(descriptor, "rb", buffering=0) as stream:
            info = os.fstat(stream.fileno())
            _check_readable_kind(info.st_mode, info.st_size, limit, name)
            data = bytearray(info.st_size + 1)  # one more: a file that grew is noticed
            size = 0
            while True:
                if size == len(data):
                    if size > limit:
                        break
                    data.extend(bytes(min(max(size, 1 << 16), limit + 1 - size)))
                with memoryview(data) as view:
                    count = stream.readinto(view[size:])
                if not count:
                    break
                size += count
    except OSError as error:
        raise _cannot_read(error, name) from None
    if size > limit:
        raise _too_large(None, limit, name)
    del data[size:]
    return data


@contextlib.contextmanager
def mapped_limited(path: str | os.PathLike[str], limit: int) -> Iterator[mmap.mmap | None]:
    """The regular file at ``path`` mapped read-only (``None`` if it cannot be mapped).

    Refused as by :func:`read_limited`. A mapping is never held whole in
    memory: its pages are read as they are used, and a reader may drop
    those it is done with (``madvise``), so a 300 MB file does not add
    300 MB to the peak. ``None`` (an empty file, a system without
    ``mmap``): read the file with :func:`read_limited` instead.
    """
    name = os.fspath(path)
    descriptor = _open_limited(name, limit)
    try:
        info = os.fstat(descriptor)
        _check_readable_kind(info.st_mode, info.st_size, limit, name)
        try:
            mapping = mmap.mmap(descriptor, 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            mapping = None
    except OSError as error:
        os.close(descriptor)
        raise _cannot_read(error, name) from None
    except BaseException:
        os.close(descriptor)
        raise
    os.close(descriptor)  # the mapping keeps its own reference to the file
    try:
        yield mapping
    finally:
        if mapping is not None:
            try:
                mapping.close()
            except BufferError:  # a view of it still lives (an error's frames): unmapped with it
                pass


#: What the fast readers read: a file's bytes, or the file mapped (:func:`mapped_limited`).
Buffer = bytes | bytearray | mmap.mmap


def drop_pages(data: Buffer, start: int, stop: int) -> None:
    """Drop the pages of ``data[start:stop]`` of a file mapped here (read again if used).

    A reader done with a stretch of a large mapped file lets its pages go, so
    the file does not stay in memory beside what was read from it: from the
    page holding ``start`` to the last whole page before ``stop``. Bytes held
    in memory (not a mapping) are left as they are.
    """
    if isinstance(data, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED"):
        first = start - start % mmap.PAGESIZE
        length = (stop - first) // mmap.PAGESIZE * mmap.PAGESIZE
        if length > 0:
            data.madvise(mmap.MADV_DONTNEED, first, length)


def _check_readable_kind(mode: int, size: int, limit: int, name: str) -> None:
    if stat.S_ISDIR(mode):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP("ScenarioError", "this is a folder, not a scenario file"), file=name
        )
    if not stat.S_ISREG(mode):
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "this is {kind}, not a scenario file: linviz reads regular files only",
            ),
            kind=_kind(mode),
            file=name,
        )
    if size > limit:
        raise _too_large(size, limit, name)


def _too_large(size: int | None, limit: int, name: str) -> ScenarioError:
    """Refuse a file of ``size`` bytes (``None``: more than ``limit``, found by reading)."""
    held = (
        Phrase(QT_TRANSLATE_NOOP("ScenarioError", "more than {size}"), size=size_words(limit))
        if size is None
        else size_words(size)
    )
    return ScenarioError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError",
            "the file holds {held}; a scenario file may hold at most {limit} (see README, Limits)",
        ),
        held=held,
        limit=size_words(limit),
        file=name,
    )


def size_words(count: int) -> Phrase:
    """``"512 MB"``, ``"1.5 MB"`` or ``"300 bytes"`` (a phrase the views translate)."""
    if count < 2**20:
        return Phrase(QT_TRANSLATE_NOOP("ScenarioError", "{count:,} bytes"), count=count)
    megabytes = f"{count / 2**20:,.1f}".removesuffix(".0")
    return Phrase(QT_TRANSLATE_NOOP("ScenarioError", "{size} MB"), size=megabytes)


# -- what a file was on disk ----------------------------------------------------------


#: Files up to this size are hashed on every check, whatever their metadata says:
#: two saves of the same size within the file system's clock tick look alike.
HASH_ALWAYS_BYTES = 4 * 2**20


@dataclass(frozen=True)
class DiskStamp:
    """What a file on disk was when linviz last read or wrote it.

    Taken when a scenario is opened (from the very bytes read) and after
    each save (from the bytes written), so that a later save can tell
    whether someone else changed the file in between (another window,
    another program, another linviz).

    Attributes
    ----------
    size, mtime_ns, inode, device
        The file's metadata then.
    digest
        SHA-256 of its content then (hex).
    """

    size: int
    mtime_ns: int
    inode: int
    device: int
    digest: str

    @classmethod
    def of(cls, info: os.stat_result, digest: str) -> DiskStamp:
        """The stamp of a file with metadata ``info`` and content hash ``digest``."""
        return cls(info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev, digest)

    def same_metadata(self, info: os.stat_result) -> bool:
        """Whether ``info`` has this stamp's size, modification time and inode."""
        return (info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev) == (
            self.size,
            self.mtime_ns,
            self.inode,
            self.device,
        )


def digest_hasher() -> Any:
    """A fresh :mod:`hashlib` object of the digest :class:`DiskStamp` keeps (SHA-256).

    For a reader that feeds it the bytes as it reads them; ``hexdigest()`` is the digest.
    """
    return hashlib.sha256()


def digest_of(data: bytes | bytearray) -> str:
    """SHA-256 of ``data`` (hex), as :class:`DiskStamp` keeps it."""
    hasher = digest_hasher()
    hasher.update(data)
    return hasher.hexdigest()


def stamp_file(path: str | os.PathLike[str]) -> DiskStamp | None:
    """The stamp of the file at ``path`` now (``None``: there is none, or it cannot be read)."""
    try:
        with open(path, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode):
                return None
            return DiskStamp.of(info, _hash_stream(stream))
    except (OSError, ValueError):
        return None


def _hash_stream(stream: IO[bytes]) -> str:
    hasher = digest_hasher()
    while chunk := stream.read(1 << 20):
        hasher.update(chunk)
    return hasher.hexdigest()


def changed_on_disk(path: str | os.PathLike[str], stamp: DiskStamp | None) -> bool:
    """Whether the file at ``path`` is no longer what ``stamp`` recorded.

    Unchanged metadata (size, modification time, inode) of a file over
    :data:`HASH_ALWAYS_BYTES` is taken as unchanged content; otherwise the
    content is hashed, so a file only touched, or written back as it was,
    is not "changed". A file that is gone is not changed (saving loses
    nothing of anyone's); one that can no longer be read is. ``stamp``
    ``None`` (nothing was read from there) is never changed.
    """
    if stamp is None:
        return False
    try:
        with open(path, "rb") as stream:
            info = os.fstat(stream.fileno())
            if info.st_size != stamp.size:
                return True
            if stamp.same_metadata(info) and info.st_size > HASH_ALWAYS_BYTES:
                return False
            return _hash_stream(stream) != stamp.digest
    except FileNotFoundError:
        return False
    except (OSError, ValueError):
        return True


# -- writing -------------------------------------------------------------------------


#: What is written: bytes, or pieces of bytes made as they are written (a
#: million-step scenario is not held as one 400 MB text).
Content = bytes | Iterable[bytes]

#: Temporary files of linviz's saves: ``.{name}.linviz-{token}.tmp``.
TEMPORARY_MARK = ".linviz-"
TEMPORARY_SUFFIX = ".tmp"
_OURS = re.compile(r"^\..*" + re.escape(TEMPORARY_MARK) + r"[a-z0-9]{8}" + re.escape(".tmp") + "$")
#: The longest file name most file systems allow, in bytes.
MAX_NAME_BYTES = 255


@dataclass(frozen=True)
class Saved:
    """What a save did.

    Attributes
    ----------
    path
        The file written (the target of a symbolic link).
    stamp
        The file as written, to notice later changes by others
        (:func:`changed_on_disk`).
    notice
        Something the user should be told, worded as a refusal is (the
        views show it with ``shown_error``): the file had other names
        (hard links), which keep the old version. ``None`` mostly.
    """

    path: Path
    stamp: DiskStamp
    notice: ScenarioError | None = None


def write_safely(path: str | os.PathLike[str], data: Content) -> Path:
    """Like :func:`save_file`; returns the file written (the target of a symbolic link)."""
    return save_file(path, data).path


def save_file(path: str | os.PathLike[str], data: Content) -> Saved:
    """Replace the content of ``path`` with ``data``, keeping what a careful editor keeps.

    ``data`` may be made piece by piece as it is written: an error while
    making it is a failure like any other (the old file is kept).

    Raises
    ------
    ScenarioError
        Naming ``path`` and the reason, whatever went wrong (an operating
        system error, a text that cannot be encoded, anything); the old
        file is then intact and no temporary file of this save is left.
    """
    name = os.fspath(path)
    folder: Path | None = None
    try:
        target = _follow_links(Path(name))
        folder = target.parent
        try:
            info: os.stat_result | None = os.stat(target)
        except FileNotFoundError:
            info = None
        if info is not None:
            if stat.S_ISDIR(info.st_mode):
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP("ScenarioError", "this is a folder, not a file"), file=name
                )
            if not stat.S_ISREG(info.st_mode):
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "this is {kind}: linviz saves to regular files only"
                    ),
                    kind=_kind(info.st_mode),
                    file=name,
                )
            if _read_only(target, info):
                raise ScenarioError.of(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError",
                        "the file is read-only: save it under another name, "
                        "or make it writable first",
                    ),
                    file=name,
                )
        remove_leftovers(folder, target.name)
        hasher = hashlib.sha256()
        pieces = _hashed(data, hasher)
        if info is not None and _in_place(info, folder):
            written = _rewrite_in_place(target, pieces)
        else:
            written = _replace(target, pieces, info)
        notice = None
        if info is not None and info.st_nlink > 1 and not _in_place(info, folder):
            notice = _links_broken(info.st_nlink - 1, name)
        return Saved(target, DiskStamp.of(written, hasher.hexdigest()), notice)
    except ScenarioError as error:
        _tidy(folder, name)
        raise error.located(file=name) from None
    except OSError as error:
        _tidy(folder, name)
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError", "could not be saved: {reason}; the file on disk is unchanged"
            ),
            reason=os_reason(error),
            file=name,
        ) from error
    except Exception as error:
        _tidy(folder, name)
        raise ScenarioError.of(
            QT_TRANSLATE_NOOP(
                "ScenarioError",
                "could not be saved ({kind}: {reason}); the file on disk is unchanged",
            ),
            kind=type(error).__name__,
            reason=shown(str(error), 80),
            file=name,
        ) from error


def _tidy(folder: Path | None, name: str) -> None:
    """After a failed save: remove what it (or an earlier killed one) left beside the file."""
    if folder is not None:
        remove_leftovers(folder, Path(name).name)


def _links_broken(others: int, name: str) -> ScenarioError:
    return ScenarioError.of(
        QT_TRANSLATE_NOOP(
            "ScenarioError",
            "saved as a new file: the file had {others} other name(s) (hard links), "
            "which keep the old version",
        ),
        others=others,
        file=name,
    )


def _hashed(data: Content, hasher: Any) -> Iterator[bytes]:
    """The pieces of ``data``, each added to ``hasher`` as it goes out."""
    for piece in (data,) if isinstance(data, (bytes, bytearray)) else data:
        hasher.update(piece)
        yield piece


def _follow_links(path: Path) -> Path:
    """The file ``path`` names after following symbolic links (it may not exist yet)."""
    for _ in range(MAX_LINKS):
        if not path.is_symlink():
            return path
        path = path.parent / os.readlink(path)
    raise ScenarioError.of(QT_TRANSLATE_NOOP("ScenarioError", "too many symbolic links"))


def _read_only(path: Path, info: os.stat_result) -> bool:
    """Whether the file must not be written: no permission, or no write bit at all.

    The administrator may write anything; a careful editor still treats a
    file with every write bit off as read-only.
    """
    return not os.access(path, os.W_OK) or not info.st_mode & 0o222


def _in_place(info: os.stat_result, folder: Path) -> bool:
    """Whether the file must be rewritten in place: a rename would change its owner,
    or no temporary file can be made beside it.

    A file with other names (hard links) is *not* rewritten in place: a
    process killed half-way would leave a torn file under every name. It is
    replaced by a rename, like any other; its other names keep the old
    version, and :class:`Saved` says so.
    """
    if hasattr(os, "geteuid") and os.geteuid() not in (0, info.st_uid):
        return True  # the new file would belong to us, not to its owner
    return not os.access(folder, os.W_OK | os.X_OK)  # no temporary file can be made


def temporary_prefix(name: str) -> str:
    """``.{name}.linviz-``: how the temporary files of a save of ``name`` start.

    ``name`` is shortened so that the whole temporary name fits :data:`MAX_NAME_BYTES`.
    """
    room = MAX_NAME_BYTES - len(f"..linviz-{'x' * 8}.tmp")
    while len(os.fsencode(name)) > room:
        name = name[:-1]
    return f".{name}{TEMPORARY_MARK}"


def is_temporary(name: str) -> bool:
    """Whether ``name`` is a temporary file a linviz save makes."""
    return _OURS.fullmatch(name) is not None


def _new_temporary(folder: Path, name: str, mode: int) -> tuple[int, Path]:
    """Create and lock a new temporary file for ``name`` in ``folder``."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0)
    import secrets  # here: only a write needs it, and it loads OpenSSL (~6 ms)

    prefix = temporary_prefix(name)
    for _ in range(100):
        token = "".join(secrets.choice(_TOKEN_CHARS) for _ in range(8))
        temporary = folder / f"{prefix}{token}{TEMPORARY_SUFFIX}"
        try:
            descriptor = os.open(temporary, flags, mode)
        except FileExistsError:
            continue
        if fcntl is not None:
            try:
                fcntl.flock(descriptor, fcntl.LOCK_EX)  # "in use": not a leftover
            except OSError:  # pragma: no cover - a file system without locks
                pass
        return descriptor, temporary
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(folder))


def _write_all(descriptor: int, data: Content) -> int:
    """Write every byte of ``data``; return how many."""
    total = 0
    for piece in (data,) if isinstance(data, (bytes, bytearray)) else data:
        view = memoryview(piece)
        total += len(view)
        while view:
            written = os.write(descriptor, view)
            view = view[written:]
    return total


def write_atomically(path: Path, data: Content, mode: int = 0o600) -> None:
    """Replace ``path`` by a file holding ``data`` (temporary file, rename, folder flushed).

    For linviz's own files (recovery files): no link, owner or read-only
    checks. A failure raises the ``OSError`` (or whatever making ``data``
    raised) and leaves the old file and no temporary file.
    """
    temporary = write_temporary(path, data, mode)
    assert temporary is not None  # nothing asked it to stop
    temporary.install(path)


class TemporaryFile:
    """A flushed temporary file :func:`write_temporary` wrote, not yet in place.

    It stays open (and locked, where there are locks) until :meth:`install`
    or :meth:`discard`: another process cleaning up leftovers leaves it alone.
    """

    def __init__(self, descriptor: int, path: Path) -> None:
        self._descriptor: int | None = descriptor
        self.path = path

    def _close(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None

    def install(self, target: Path) -> None:
        """Rename it over ``target`` and flush the folder.

        A failure raises the ``OSError`` and removes the temporary file.
        """
        try:
            if os.name == "nt":  # pragma: no cover - Windows renames closed files only
                self._close()
            os.replace(self.path, target)
        except BaseException:
            self.discard()
            raise
        self._close()
        sync_folder(target.parent)

    def discard(self) -> None:
        """Remove it (nothing is put in place)."""
        self._close()
        _unlink_quietly(self.path)


def write_temporary(
    path: Path,
    data: Content,
    mode: int = 0o600,
    should_stop: Callable[[], bool] | None = None,
) -> TemporaryFile | None:
    """Write ``data`` to a new temporary file beside ``path``, flushed.

    :meth:`TemporaryFile.install` then puts it in ``path``'s place.
    ``should_stop`` is asked between pieces of ``data``: once it says so, the
    temporary file is removed and ``None`` returned. A failure raises as
    :func:`write_atomically` does and leaves no temporary file.
    """
    descriptor, temporary = _new_temporary(path.parent, path.name, mode)
    written = TemporaryFile(descriptor, temporary)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(descriptor, mode)
        for piece in (data,) if isinstance(data, (bytes, bytearray)) else data:
            if should_stop is not None and should_stop():
                written.discard()
                return None
            _write_all(descriptor, piece)
        os.fsync(descriptor)
    except BaseException:
        written.discard()
        raise
    return written


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _replace(target: Path, data: Content, info: os.stat_result | None) -> os.stat_result:
    """Write a temporary file, flush it, rename it over ``target``, flush the folder.

    Returns the new file's metadata, taken before the rename (the rename
    keeps the inode, size and modification time).
    """
    # A new file gets the usual 0666 less the umask, as any program's would.
    mode = 0o666 if info is None else stat.S_IMODE(info.st_mode)
    descriptor, temporary = _new_temporary(target.parent, target.name, mode)
    open_descriptor: int | None = descriptor
    try:
        if info is not None:
            if hasattr(os, "fchown") and (info.st_uid, info.st_gid) != _owner(descriptor):
                try:
                    os.fchown(descriptor, info.st_uid, info.st_gid)
                except OSError:
                    pass  # not allowed: the file is ours now, as with any editor
            if hasattr(os, "fchmod"):
                os.fchmod(descriptor, mode)  # exactly, whatever the umask
        _write_all(descriptor, data)
        os.fsync(descriptor)
        written = os.fstat(descriptor)
        if os.name == "nt":  # pragma: no cover - Windows renames closed files only
            os.close(descriptor)
            open_descriptor = None
        os.replace(temporary, target)
        temporary = None  # type: ignore[assignment]
    finally:
        if open_descriptor is not None:
            os.close(open_descriptor)
        if temporary is not None:
            _unlink_quietly(temporary)
    sync_folder(target.parent)
    return written


def _owner(descriptor: int) -> tuple[int, int]:
    info = os.fstat(descriptor)
    return info.st_uid, info.st_gid


def _rewrite_in_place(target: Path, data: Content) -> os.stat_result:
    """Overwrite ``target`` itself (same inode); put the old content back on failure."""
    flags = os.O_RDWR | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    descriptor = os.open(target, flags)
    try:
        old = bytearray()
        while chunk := os.read(descriptor, 1 << 20):
            old += chunk
        try:
            os.lseek(descriptor, 0, os.SEEK_SET)
            size = _write_all(descriptor, data)
            os.ftruncate(descriptor, size)
            os.fsync(descriptor)
        except BaseException:
            try:
                os.lseek(descriptor, 0, os.SEEK_SET)
                _write_all(descriptor, bytes(old))
                os.ftruncate(descriptor, len(old))
                os.fsync(descriptor)
            except OSError:  # pragma: no cover - the disk failed twice
                pass
            raise
        return os.fstat(descriptor)
    finally:
        os.close(descriptor)


def sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to disk, so a rename in it survives a power cut.

    Some file systems cannot flush a folder; the file itself was flushed
    before the rename, so that failure is ignored.
    """
    if os.name == "nt":  # pragma: no cover - Windows cannot open a folder
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def remove_leftovers(folder: Path, name: str | None = None) -> list[Path]:
    """Remove the temporary files killed or failed saves left in ``folder``.

    Only linviz's own (``.{name}.linviz-{token}.tmp``, see :func:`is_temporary`),
    those of file ``name`` when it is given, else all of them. One another
    process is still writing is locked (or, where there are no locks,
    recent) and left alone. Returns what was removed.
    """
    prefix = None if name is None else temporary_prefix(name)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError):
        return removed
    for entry in entries:
        if not is_temporary(entry.name):
            continue
        if prefix is not None and not (
            entry.name.startswith(prefix) and len(entry.name) == len(prefix) + 12
        ):
            continue
        try:
            if not entry.is_file(follow_symlinks=False) or _in_use(entry.path):
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _in_use(path: str) -> bool:
    """Whether a save in progress holds ``path`` (its lock; else it is recent)."""
    if fcntl is None:  # pragma: no cover - Windows
        import time

        return time.time() - os.stat(path).st_mtime < STALE_SECONDS
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False
