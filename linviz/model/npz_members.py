"""The arrays of an ``.npz`` archive, read from its bytes: checked from their headers first.

An ``.npz`` is a zip of ``.npy`` files. ``np.load`` copies each array
through zipfile's stream a quarter of a megabyte at a time; here an array
stored without compression (``np.savez`` writes them so, and so does
linviz) is read where it lies: its header is parsed in the file's bytes
(or its mapping) and its data is a read-only view of them, checked against
the zip's CRC-32 in one pass over the archive (:meth:`NpzReader.check_bytes`),
which may run beside the reading. A compressed member (``np.savez_compressed``) is
inflated by zipfile, which checks the CRC itself.

Nothing is ever unpickled: a member's header is read before its data, and
an array of Python objects (which only pickle reads) is refused by its
header, as is a structured type, data that does not fit the member, or a
member larger than the caller allows. Whatever else is wrong with the zip
(not a zip, cut short, a member twice) is one :class:`NpzDamage`; the
caller words the refusal.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any, Literal

import numpy as np

from linviz.model.errors import QT_TRANSLATE_NOOP, Phrase, shown
from linviz.model.safe_files import Buffer, drop_pages

#: Bytes of a zip's local file header before the member's name and extra field.
_LOCAL_HEADER = struct.Struct("<4s22xHH")
_LOCAL_SIGNATURE = b"PK\x03\x04"
#: Longest ``.npy`` header read (NumPy's own limit, against a header made to exhaust memory).
MAX_HEADER_BYTES = 10_000
#: Bytes checked (and hashed) at a time, so that the pages of a mapped file can be dropped.
CRC_CHUNK = 1 << 23


class NpzDamage(Exception):
    """The archive cannot be read as a zip of ``.npy`` files.

    ``reason`` says why, written from a marked template (a :class:`Phrase`
    the views translate); what zipfile or NumPy said is quoted as it is.
    """

    def __init__(self, template: str, **values: object) -> None:
        self.reason = Phrase(template, **values)
        super().__init__(str(self.reason))


def _library(error: BaseException, member: str | None = None) -> NpzDamage:
    """What zipfile or NumPy said about a damaged archive (quoted for one of its members).

    zipfile's own words for an archive it cannot open ("File is not a zip
    file", "Truncated central directory" …) all come to the same for a user.
    """
    if member is None:
        return NpzDamage(
            QT_TRANSLATE_NOOP("ScenarioError", "not a zip archive, or one cut short or damaged")
        )
    said = shown(str(error).splitlines()[0] if str(error) else type(error).__name__, 120)
    return NpzDamage(
        QT_TRANSLATE_NOOP("ScenarioError", "{member} cannot be read: {said}"),
        member=member,
        said=said,
    )


@dataclass(frozen=True)
class Member:
    """One ``.npy`` member of the archive, as its headers describe it.

    Attributes
    ----------
    name
        The member's name without ``.npy``.
    shape, dtype, fortran
        What its ``.npy`` header declares.
    size
        The bytes its data holds (``shape`` × the item size).
    """

    name: str
    shape: tuple[int, ...]
    dtype: np.dtype
    fortran: bool
    size: int
    info: zipfile.ZipInfo
    #: Where the data starts in the archive's bytes (``None``: compressed).
    data_at: int | None


def npy_header(stream: IO[bytes]) -> tuple[tuple[int, ...], bool, np.dtype]:
    """``(shape, fortran_order, dtype)`` of the ``.npy`` header at the start of ``stream``."""
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        return np.lib.format.read_array_header_1_0(stream, max_header_size=MAX_HEADER_BYTES)
    if version in ((2, 0), (3, 0)):  # 3.0 only allows UTF-8 field names, refused below
        return np.lib.format.read_array_header_2_0(stream, max_header_size=MAX_HEADER_BYTES)
    raise ValueError(f"unknown .npy version {version[0]}.{version[1]}")


class _BufferFile(io.RawIOBase):
    """``data`` (bytes, or a file mapped) as a read-only file for zipfile, without a copy."""

    def __init__(self, data: Buffer) -> None:
        super().__init__()
        self._view = memoryview(data)
        self._at = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = io.SEEK_SET) -> int:
        base = {io.SEEK_SET: 0, io.SEEK_CUR: self._at, io.SEEK_END: len(self._view)}[whence]
        self._at = max(0, base + offset)
        return self._at

    def tell(self) -> int:
        return self._at

    def readinto(self, buffer: Any) -> int:
        part = self._view[self._at : self._at + len(buffer)]
        buffer[: len(part)] = part
        self._at += len(part)
        return len(part)

    def close(self) -> None:
        self._view.release()
        super().close()


class NpzReader:
    """The members of one ``.npz`` held in ``data`` (bytes, or a file mapped).

    Parameters
    ----------
    data
        The archive's bytes. A mapping's pages are dropped once a member is
        read, so a large archive does not stay in memory.
    max_member_bytes
        Largest member accepted (its data, once inflated).

    Raises
    ------
    NpzDamage
        When ``data`` is not a zip, or holds a member twice or one not
        named ``NAME.npy``.
    """

    def __init__(self, data: Buffer, max_member_bytes: int) -> None:
        self._data = data
        self._limit = max_member_bytes
        self._file = _BufferFile(data)
        try:
            self._zip = zipfile.ZipFile(self._file)
            infos = self._zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as error:
            self._file.close()
            raise _library(error) from None
        try:
            self.infos = _by_name(infos)
        except NpzDamage:
            self.close()
            raise

    def close(self) -> None:
        """Let go of the zip and of ``data`` (which stays the caller's)."""
        self._zip.close()
        self._file.close()

    def member(self, name: str) -> Member:
        """The member ``name`` (without ``.npy``) as its headers describe it.

        Raises
        ------
        NpzDamage
            When its headers cannot be read or its data does not fit it.
        KeyError
            When the archive has no such member.
        """
        info = self.infos[name]
        try:
            if info.compress_type == zipfile.ZIP_STORED:
                start = self._data_start(info)
                if info.compress_size != info.file_size or start + info.file_size > len(self._data):
                    raise _cut_short(name)
                stream: IO[bytes] = io.BytesIO(
                    self._data[start : start + min(info.file_size, MAX_HEADER_BYTES + 16)]
                )
            else:
                start = -1
                stream = self._zip.open(info)
            with stream:
                shape, fortran, dtype = npy_header(stream)
                header_bytes = stream.tell()
        except NpzDamage:
            raise
        except (ValueError, OSError, EOFError, zipfile.BadZipFile, NotImplementedError) as error:
            raise _library(error, name) from None
        if dtype.names is not None or dtype.subdtype is not None:
            raise NpzDamage(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "{member} holds records ({kind}), not an array of numbers"
                ),
                member=name,
                kind=str(dtype),
            )
        size = 0 if dtype.hasobject else int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
        if not dtype.hasobject and header_bytes + size != info.file_size:
            raise NpzDamage(
                QT_TRANSLATE_NOOP(
                    "ScenarioError",
                    "{member} declares {declared:,} bytes of data but holds {held:,}",
                ),
                member=name,
                declared=size,
                held=info.file_size - header_bytes,
            )
        return Member(
            name, shape, dtype, fortran, size, info, start + header_bytes if start >= 0 else None
        )

    def _data_start(self, info: zipfile.ZipInfo) -> int:
        """Where a stored member's bytes start: after its local header, name and extra field."""
        at = info.header_offset
        local = bytes(self._data[at : at + _LOCAL_HEADER.size])
        if len(local) < _LOCAL_HEADER.size:
            raise _cut_short(info.filename[:-4])
        signature, name_length, extra_length = _LOCAL_HEADER.unpack(local)
        if signature != _LOCAL_SIGNATURE:
            raise _cut_short(info.filename[:-4])
        return at + _LOCAL_HEADER.size + name_length + extra_length

    def array(self, member: Member) -> np.ndarray:
        """The data of ``member`` (checked by its header alone: never an object array).

        A stored member is a read-only view of the archive's bytes, valid
        while they are (copy what is kept); its CRC-32 is checked by
        :meth:`check_bytes`, which the caller runs before it trusts the data.
        """
        if member.dtype.hasobject:  # the caller refuses it by its header first
            raise ValueError(f"{member.name} is an array of Python objects: never unpickled")
        count = member.size // max(member.dtype.itemsize, 1)
        order: Literal["F", "C"] = "F" if member.fortran else "C"
        if member.data_at is None:
            try:
                with self._zip.open(member.info) as stream:
                    npy_header(stream)
                    flat = np.frombuffer(stream.read(member.size), dtype=member.dtype, count=count)
                    if len(flat) * member.dtype.itemsize != member.size or stream.read(1):
                        raise _cut_short(member.name)
            except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as error:
                raise _library(error, member.name) from None
            return flat.reshape(member.shape, order=order)
        flat = np.frombuffer(self._data, dtype=member.dtype, count=count, offset=member.data_at)
        return flat.reshape(member.shape, order=order)

    def check_bytes(self, hasher: Any = None) -> None:
        """Check every stored member against its CRC-32, in one pass over the archive.

        ``hasher`` (:mod:`hashlib`) is fed every byte of the archive, in
        order, on the way, and a mapping's pages are dropped behind the
        pass. Both the digest and the CRC let other threads run: this may
        run in a thread of its own while the members are read (compressed
        members are checked by zipfile as they are inflated).

        Raises
        ------
        NpzDamage
            Naming the first member whose bytes do not match.
        """
        data = self._data
        stored = [info for info in self.infos.values() if info.compress_type == zipfile.ZIP_STORED]
        starts = [self._data_start(info) for info in stored]
        crcs = [0] * len(stored)
        with memoryview(data) as view:
            for at in range(0, len(data), CRC_CHUNK):
                end = min(at + CRC_CHUNK, len(data))
                if hasher is not None:
                    hasher.update(view[at:end])
                for i, (info, start) in enumerate(zip(stored, starts)):
                    first, last = max(start, at), min(start + info.compress_size, end)
                    if first < last:
                        crcs[i] = zlib.crc32(view[first:last], crcs[i])
                drop_pages(data, at, end)
        for info, crc in zip(stored, crcs):
            if crc != info.CRC:
                raise NpzDamage(
                    QT_TRANSLATE_NOOP(
                        "ScenarioError", "{member} is damaged: its bytes do not match their CRC-32"
                    ),
                    member=info.filename[:-4],
                )

    def done_with(self, member: Member) -> None:
        """Drop the pages of ``member``'s data (a mapped archive; read again if used)."""
        if member.data_at is not None:
            drop_pages(self._data, member.data_at, member.data_at + member.size)


def _by_name(infos: list[zipfile.ZipInfo]) -> dict[str, zipfile.ZipInfo]:
    """The members by name (without ``.npy``); refused unless each is ``NAME.npy``, once."""
    members: dict[str, zipfile.ZipInfo] = {}
    for info in infos:
        name = info.filename
        if not name.endswith(".npy") or "/" in name or "\\" in name:
            raise NpzDamage(
                QT_TRANSLATE_NOOP(
                    "ScenarioError", "it holds {name}, which is not an array (NAME.npy)"
                ),
                name=shown(name),
            )
        if name[:-4] in members:
            raise NpzDamage(
                QT_TRANSLATE_NOOP("ScenarioError", "it holds {name} twice"), name=shown(name)
            )
        members[name[:-4]] = info
    return members


def _cut_short(member: str) -> NpzDamage:
    return NpzDamage(
        QT_TRANSLATE_NOOP("ScenarioError", "{member} is cut short or misplaced"), member=member
    )


@contextmanager
def opened(data: Buffer, max_member_bytes: int) -> Iterator[NpzReader]:
    """An :class:`NpzReader` on ``data``, closed afterwards."""
    reader = NpzReader(data, max_member_bytes)
    try:
        yield reader
    finally:
        reader.close()
