"""Files kept in the user's cache folder between processes (the built CCF index).

Each file is written whole under a fresh temporary name and then renamed into place. It
starts with a header that names what it holds and the digest of its inputs, then the SHA-256
of its payload. A stale, foreign, damaged or truncated file is never used. A cache holds plain
data only (JSON), never code, serialized objects or engine internals, and its reader validates what it
decodes: the worst a bad file can do is cost the work it was meant to save.

Nobody else may put a file there either. The folder is created ``0700`` and used only when it
is a real folder (not a link), ours, and writable by nobody else; a file only when, opened
without following a link (``O_NOFOLLOW``), the file it opened (``fstat``) is a regular file,
ours, with no other name, and writable by nobody else. Everything in the folder is opened
relative to the folder's own checked descriptor, so a folder swapped after the check is never
used. Any of these refused, or a folder that cannot be written, only costs the next process
the work the file would have saved: nothing is said, the result is the same.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Environment variable naming the cache folder; empty: no cache.
CACHE_ENV = "BILINGUAL_CV_CACHE_DIR"
#: A cache file larger than this is not ours (the CCF index is under 1 MB).
MAX_CACHE_BYTES = 64 << 20
#: Flags of every open in the cache: never through a link, never inherited by a child.
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
#: ``open`` must not wait for a writer when a FIFO sits where a file belongs.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def cache_dir() -> Path | None:
    """The cache folder: ``$BILINGUAL_CV_CACHE_DIR`` (empty: none), else
    ``$XDG_CACHE_HOME/bilingual-cv``, else ``~/.cache/bilingual-cv``."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bilingual-cv"


def is_private(info: os.stat_result) -> bool:
    """True when a file or folder is ours and no one else may write to it.

    >>> is_private(os.stat_result((stat.S_IFREG | 0o600, 0, 0, 1, os.getuid(), 0, 0, 0, 0, 0)))
    True
    >>> is_private(os.stat_result((stat.S_IFREG | 0o620, 0, 0, 1, os.getuid(), 0, 0, 0, 0, 0)))
    False
    """
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


@contextmanager
def _checked_folder(folder: Path, *, create: bool) -> Iterator[int | None]:
    """A descriptor of ``folder`` when it is a real folder of ours that no one else may write
    to (created ``0700`` first when ``create``), else None."""
    if create:
        try:
            folder.parent.mkdir(parents=True, exist_ok=True)
            folder.mkdir(mode=0o700)
        except OSError:  # it exists (checked below), or cannot be made (no cache)
            pass
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW)
    except OSError:  # missing, a link, not a folder
        yield None
        return
    try:
        info = os.fstat(fd)
        yield fd if stat.S_ISDIR(info.st_mode) and is_private(info) else None
    finally:
        os.close(fd)


def read_cache_file(path: Path, head: bytes) -> bytes | None:
    """The payload of the file at ``path`` when its folder and the file are ours alone
    (see the module docstring), it starts with ``head`` and is whole; None otherwise."""
    with _checked_folder(path.parent, create=False) as folder:
        if folder is None:
            return None
        try:
            fd = os.open(path.name, os.O_RDONLY | _NOFOLLOW | _NONBLOCK, dir_fd=folder)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(fd)
            if not (stat.S_ISREG(info.st_mode) and is_private(info) and info.st_nlink == 1):
                return None
            if info.st_size > MAX_CACHE_BYTES:
                return None
            try:
                data = handle.read(MAX_CACHE_BYTES + 1)
            except OSError:
                return None
    payload = data[len(head) + 32 :]
    if not data.startswith(head) or data[len(head) : len(head) + 32] != _sha256(payload):
        return None
    return payload


def write_cache_file(path: Path, head: bytes, payload: bytes, *, keep: int) -> None:
    """Keep ``payload`` at ``path`` (written whole, then renamed), and at most ``keep``
    files of its kind in its folder: named like it up to its last ``-``, with its suffix.
    Other installs may share the folder, so the newest others stay. Nothing is written into
    a folder that is not ours alone."""
    with _checked_folder(path.parent, create=True) as folder:
        if folder is not None:
            try:
                _write_in(folder, path.name, head + _sha256(payload) + payload)
                _prune(folder, path.name, keep)
            except OSError:
                pass


def _write_in(folder: int, name: str, data: bytes) -> None:
    """Write ``data`` to a new temporary file in ``folder`` and rename it to ``name``."""
    temp = f".{name}.{secrets.token_hex(8)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
    fd = os.open(temp, flags, 0o600, dir_fd=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
    except BaseException:
        try:
            os.unlink(temp, dir_fd=folder)
        except OSError:
            pass
        raise


def _prune(folder: int, name: str, keep: int) -> None:
    """Remove all but the ``keep - 1`` newest other files of ``name``'s kind in ``folder``."""
    kind = name.rsplit("-", 1)[0] + "-"
    suffix = os.path.splitext(name)[1]
    others: list[tuple[int, str]] = []
    for other in os.listdir(folder):
        if other != name and other.startswith(kind) and other.endswith(suffix):
            info = os.stat(other, dir_fd=folder, follow_symlinks=False)
            others.append((info.st_mtime_ns, other))
    others.sort(reverse=True)
    for _, old in others[keep - 1 :]:
        os.unlink(old, dir_fd=folder)


def _sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()
