"""The files ``convert`` keeps in its output folder, and how every file the command writes is
written: never through a link.

Whoever can write into OUTDIR (or into a folder given to ``--csv``, ``--jsonl``,
``--jsonresume`` or ``report -o``) could plant a symbolic link where the command writes, to make
it truncate, append to or replace a file of the user's. So:

- every output, table, JSON Resume document and report is written under a new temporary name
  (created with ``O_EXCL`` and ``O_NOFOLLOW``) and renamed into place (:func:`write_atomic`,
  :class:`AtomicFile`): a rename replaces a link, it never writes through one;
- the two files written in place, the lock and the partial manifest, are opened with
  ``O_NOFOLLOW`` and must be regular files with no other name (a hard link to a file of the
  user's is refused as a symbolic one is);
- the control files (lock, manifest, partial manifest, owners) are read without following
  links, and a link, or anything but a regular file, where one belongs stops the run before
  any work with exit status 2 and a message naming it (:func:`check_control_files`);
- a rerun removes the temporary files a killed run left in OUTDIR
  (:func:`remove_stale_temporaries`): regular files of this user named like the temporary
  names of the command's own files, never links, never anything else.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from bilingual_cv.batch.inputs import display_name, name_b64

__all__ = [
    "CONTROL_NAMES",
    "LOCK_NAME",
    "MANIFEST_NAME",
    "OWNERS_NAME",
    "PARTIAL_MANIFEST_NAME",
    "AtomicFile",
    "UsageError",
    "check_control_files",
    "is_output_name",
    "lock_outdir",
    "open_partial_manifest",
    "read_manifest",
    "read_owners",
    "read_text",
    "remove_stale_temporaries",
    "write_atomic",
    "write_atomic_bytes",
    "write_owners",
]

#: The manifest's name inside OUTDIR, and the partial one a running batch appends to.
MANIFEST_NAME = "manifest.jsonl"
PARTIAL_MANIFEST_NAME = ".manifest.jsonl.partial"
#: The lock file that keeps two runs from writing into one OUTDIR at once.
LOCK_NAME = ".bilingual-cv.lock"
#: Which input owns which output in OUTDIR, over every run (``{input_b64: output}``): a rerun
#: with fewer or other inputs never gives one input's output name to another.
OWNERS_NAME = ".bilingual-cv.owners"
#: The control files of OUTDIR, and what each is called in a message.
CONTROL_NAMES = {
    LOCK_NAME: "lock file",
    MANIFEST_NAME: "manifest",
    PARTIAL_MANIFEST_NAME: "partial manifest",
    OWNERS_NAME: "owners file",
}
#: Control files written in place (not renamed into place): they must have no other name.
IN_PLACE_NAMES = frozenset({LOCK_NAME, PARTIAL_MANIFEST_NAME})
#: The temporary name of a file being written: ``.<name>.<8 characters>.tmp``. Eight hex
#: digits here; the class also takes the names ``tempfile.mkstemp`` gave earlier versions.
TEMP_RE = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.tmp", re.DOTALL)
#: How many random names are tried before a temporary file is given up on.
TEMP_ATTEMPTS = 100
#: Flags every file of the command is opened with: never through a link, never blocking on a
#: FIFO (only regular files are then used), never inherited by a worker process.
NO_LINK_FLAGS: int = (
    getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
)
#: A control file or CV record larger than this is not read back (they are kilobytes).
MAX_READ_BYTES = 256 << 20


class UsageError(Exception):
    """Bad usage found after argument parsing: reported with exit status 2, in one line."""


# --- opening without links ---------------------------------------------------------------------


def open_no_link(path: Path, flags: int, *, single: bool = False) -> int:
    """``os.open`` a regular file, never through a link at the last part of ``path``.

    Args:
        path: The file.
        flags: ``os.O_*`` flags besides :data:`NO_LINK_FLAGS` (``O_CREAT`` makes files 0666
            less the umask).
        single: Refuse a file with another name (a hard link), for files written in place.

    Raises:
        OSError: ``ELOOP`` for a link, ``EINVAL`` for anything but a regular file, ``EMLINK``
            for a second name; or why it could not be opened.
    """
    fd = os.open(path, flags | NO_LINK_FLAGS, 0o666)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if single and info.st_nlink > 1:
            raise OSError(errno.EMLINK, "the file has another name (a hard link)", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_text(path: Path) -> str:
    """A regular file's UTF-8 text, read without following a link.

    Raises:
        OSError: A link, not a regular file, larger than :data:`MAX_READ_BYTES`, unreadable.
        UnicodeDecodeError: Not UTF-8.
    """
    with os.fdopen(open_no_link(path, os.O_RDONLY), "rb") as handle:
        data = handle.read(MAX_READ_BYTES + 1)
    if len(data) > MAX_READ_BYTES:
        raise OSError(errno.EFBIG, "larger than any file the command writes", str(path))
    return data.decode("utf-8")


def is_regular_file(path: Path) -> bool:
    """Whether ``path`` is a regular file itself (a link to one is not)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


# --- files written whole -----------------------------------------------------------------------


def write_atomic(path: Path, text: str, *, encoding: str = "utf-8") -> None:
    """Write through a temporary file and rename, so a reader never sees half a file."""
    handle = AtomicFile(path, encoding=encoding)
    try:
        handle.handle.write(text)
    except BaseException:
        handle.discard()
        raise
    handle.commit()


def write_atomic_bytes(path: Path, data: bytes) -> None:
    """Write bytes through a temporary file and rename (a workbook), as :func:`write_atomic`."""
    fd, tmp = _temporary_beside(path)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _temporary_beside(path: Path) -> tuple[int, Path]:
    """A new temporary file in the target's folder (so the rename is atomic), 0666 less umask.

    Created with ``O_EXCL`` and ``O_NOFOLLOW``: never an existing file, never through a link.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(TEMP_ATTEMPTS):
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_LINK_FLAGS, 0o666)
        except FileExistsError:
            continue
        return fd, tmp
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path.parent))


class AtomicFile:
    """A text file written in full under a temporary name, renamed into place by commit()."""

    def __init__(self, path: Path, *, encoding: str = "utf-8") -> None:
        self.path = path
        fd, self.tmp = _temporary_beside(path)
        self.handle: TextIO = os.fdopen(fd, "w", encoding=encoding, newline="")

    def commit(self) -> None:
        """Close the file and rename it over the target (a link there is replaced, not followed)."""
        try:
            self.handle.close()
            os.replace(self.tmp, self.path)
        except BaseException:
            self.tmp.unlink(missing_ok=True)
            raise

    def discard(self) -> None:
        """Close and remove the temporary file; the target is left as it was."""
        self.handle.close()
        self.tmp.unlink(missing_ok=True)


def remove_stale_temporaries(folder: Path, is_ours: Callable[[str], bool]) -> list[str]:
    """Remove the temporary files a killed run left in ``folder``; the names removed.

    Only regular files of this user whose name is a temporary name (:data:`TEMP_RE`) of a file
    ``is_ours`` accepts are removed; links and everything else are left alone. Call it while
    holding the folder's lock, so no running batch's temporary file is taken.
    """
    removed: list[str] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    for entry in entries:
        match = TEMP_RE.fullmatch(entry.name)
        if match is None or not is_ours(match["name"]):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode) or (uid is not None and info.st_uid != uid):
            continue
        with contextlib.suppress(OSError):  # gone already: nothing to do
            os.unlink(folder / entry.name)  # unlink never follows a link
            removed.append(entry.name)
    return sorted(removed)


# --- control files -----------------------------------------------------------------------------


def check_control_files(outdir: Path) -> None:
    """Refuse an OUTDIR whose control files are links or not regular files.

    Raises:
        UsageError: Naming the first such file.
    """
    for name, what in CONTROL_NAMES.items():
        path = outdir / name
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise UsageError(
                f"{display_name(path)}: cannot look at the batch's {what} ({exc.strerror or exc})"
            ) from exc
        problem = None
        if stat.S_ISLNK(info.st_mode):
            problem = "is a symbolic link"
        elif not stat.S_ISREG(info.st_mode):
            problem = "is not a regular file"
        elif name in IN_PLACE_NAMES and info.st_nlink > 1:
            problem = "has another name (a hard link)"
        if problem is not None:
            raise UsageError(_control_message(path, what, problem))


def _control_message(path: Path, what: str, problem: str) -> str:
    """The one-line refusal of a control file.

    >>> _control_message(Path("out/.bilingual-cv.lock"), "lock file", "is a symbolic link")
    'out/.bilingual-cv.lock: the lock file of this output folder is a symbolic link; refusing to use it (remove it, or choose another -o)'
    """
    return (
        f"{display_name(path)}: the {what} of this output folder {problem}; refusing to use it"
        " (remove it, or choose another -o)"
    )


def _open_control(outdir: Path, name: str, flags: int) -> int:
    """Open a control file written in place: a regular file with one name, never a link.

    Raises:
        UsageError: It is a link, not a regular file, has another name, or cannot be opened.
    """
    path = outdir / name
    what = CONTROL_NAMES[name]
    try:
        return open_no_link(path, flags | os.O_CREAT, single=True)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            problem = "is a symbolic link"
        elif exc.errno == errno.EMLINK:
            problem = "has another name (a hard link)"
        elif exc.errno in (errno.EINVAL, errno.ENXIO):
            problem = "is not a regular file"
        else:
            problem = f"cannot be opened ({exc.strerror or exc})"
        raise UsageError(_control_message(path, what, problem)) from exc


@contextlib.contextmanager
def lock_outdir(outdir: Path) -> Iterator[None]:
    """Hold ``OUTDIR/.bilingual-cv.lock`` for the whole run: two runs never write one OUTDIR.

    The lock is an ``flock`` on the file, so it goes away with the process that holds it, even
    one killed with SIGKILL; the file itself (holding the last holder's pid) may stay. It is
    opened without following a link and must be a regular file with no other name, since the
    pid is written into it in place.

    Raises:
        UsageError: Another run holds the lock, or the lock file is a link (or not a file).
    """
    try:
        import fcntl
    except ImportError:  # not on a Unix: no guard
        yield
        return
    fd = _open_control(outdir, LOCK_NAME, os.O_RDWR)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            raise UsageError(
                f"{display_name(outdir)}: another bilingual-cv convert (pid {holder}) is"
                " writing into this folder; wait for it to finish or choose another -o"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)


def open_partial_manifest(outdir: Path) -> TextIO:
    """``OUTDIR/.manifest.jsonl.partial`` opened for appending, never through a link.

    Raises:
        UsageError: It is a link, not a regular file, or has another name.
    """
    fd = _open_control(outdir, PARTIAL_MANIFEST_NAME, os.O_WRONLY | os.O_APPEND)
    return os.fdopen(fd, "a", encoding="utf-8")


def manifest_key(record: dict[str, Any]) -> str | None:
    """The input a manifest record is about: its exact bytes (``input_b64``), as in
    :func:`~bilingual_cv.batch.inputs.name_b64` (records of older versions: from ``input``)."""
    if isinstance(record.get("input_b64"), str):
        return str(record["input_b64"])
    if isinstance(record.get("input"), str):
        return name_b64(record["input"])
    return None


def read_manifest(outdir: Path) -> dict[str, dict[str, Any]]:
    """Records of the previous run in OUTDIR by input key (:func:`manifest_key`), the
    interrupted run's taking precedence. A link where a manifest belongs is not read."""
    records: dict[str, dict[str, Any]] = {}
    for name in (MANIFEST_NAME, PARTIAL_MANIFEST_NAME):
        try:
            lines = read_text(outdir / name).splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by an interruption
            key = manifest_key(record) if isinstance(record, dict) else None
            if key is not None:
                records[key] = record
    return records


def read_owners(outdir: Path) -> dict[str, str]:
    """The output each input owns in OUTDIR (:data:`OWNERS_NAME`), by input key."""
    try:
        data = json.loads(read_text(outdir / OWNERS_NAME))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): v for k, v in data.items() if is_output_name(v)}


def write_owners(outdir: Path, records: Sequence[dict[str, Any]]) -> None:
    """Record who owns each output: earlier owners whose file is still there, and this run's."""
    owners = {k: v for k, v in read_owners(outdir).items() if is_regular_file(outdir / v)}
    for record in records:
        if record.get("status") in ("ok", "skipped") and is_output_name(record.get("output")):
            owners[str(record["input_b64"])] = str(record["output"])
    text = json.dumps(owners, indent=0, sort_keys=True) + "\n"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        if read_text(outdir / OWNERS_NAME) == text:
            return
    write_atomic(outdir / OWNERS_NAME, text)


def is_output_name(name: object) -> bool:
    """Whether a manifest's ``output`` is a plain output file name (never a path elsewhere).

    >>> is_output_name("Jane Roe.json"), is_output_name("../cvs/x.json"), is_output_name(".x.json")
    (True, False, False)
    """
    return (
        isinstance(name, str)
        and name.endswith(".json")
        and not name.startswith(".")
        and Path(name).name == name
    )


def existing_outputs(outdir: Path) -> list[str]:
    """Names of the ``*.json`` files already in OUTDIR."""
    try:
        return [e.name for e in os.scandir(outdir) if is_output_name(e.name)]
    except OSError:
        return []
