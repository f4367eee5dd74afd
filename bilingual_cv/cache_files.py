"""Files kept in the user's cache folder between processes: the built CCF index and the
compiled patterns.

Each file is written whole and then renamed into place. It starts with a header that names
what it holds and the digest of its inputs, then the SHA-256 of its payload. A stale,
foreign, damaged or truncated file is never used, and neither is a file that others can
write or another user owns. A folder that cannot be written only costs the next process
the work the file would have saved.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

#: Environment variable naming the cache folder; empty: no cache.
CACHE_ENV = "BILINGUAL_CV_CACHE_DIR"


def cache_dir() -> Path | None:
    """The cache folder: ``$BILINGUAL_CV_CACHE_DIR`` (empty: none), else
    ``$XDG_CACHE_HOME/bilingual-cv``, else ``~/.cache/bilingual-cv``."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen is not None:
        return Path(chosen) if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bilingual-cv"


def read_cache_file(path: Path, head: bytes) -> bytes | None:
    """The payload of the file at ``path`` when the file is ours, starts with ``head`` and
    is whole; None otherwise."""
    try:
        with path.open("rb") as handle:
            info = os.fstat(handle.fileno())
            if info.st_mode & 0o022 or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
                return None  # writable by others, or someone else's: never loaded
            data = handle.read()
    except OSError:
        return None
    payload = data[len(head) + 32 :]
    if not data.startswith(head) or data[len(head) : len(head) + 32] != _sha256(payload):
        return None
    return payload


def write_cache_file(path: Path, head: bytes, payload: bytes, *, keep: int) -> None:
    """Keep ``payload`` at ``path`` (written whole, then renamed), and at most ``keep``
    files of its kind in its folder: named like it up to its last ``-``, with its suffix.
    Other installs may share the folder, so the newest others stay."""
    folder = path.parent
    kind = path.name.rsplit("-", 1)[0] + "-"
    temp: str | None = None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=folder, prefix="." + kind, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(head + _sha256(payload) + payload)
        os.replace(temp, path)
        temp = None
        others = [old for old in folder.glob(f"{kind}*{path.suffix}") if old.name != path.name]
        others.sort(key=lambda old: old.stat().st_mtime_ns, reverse=True)
        for old in others[keep - 1 :]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
    finally:
        if temp is not None:
            Path(temp).unlink(missing_ok=True)


def _sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()
