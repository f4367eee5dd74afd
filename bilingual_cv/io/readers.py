"""read_source(path) -> SourceText: bytes from disk to text, recording what was done."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from bilingual_cv.errors import InputError


@dataclass(frozen=True, slots=True)
class SourceText:
    """Decoded text of one input and where it came from."""

    text: str
    sha256: str
    path: str | None = None
    format: str = "txt"
    encoding: str | None = None
    pages: int | None = None


def decode_bytes(data: bytes, *, name: str = "<bytes>") -> tuple[str, str]:
    """Decode UTF-8 with or without BOM; raise InputError naming ``name`` otherwise."""
    if data.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
    else:
        encoding = "utf-8"
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not valid UTF-8 text ({exc.reason} at byte {exc.start})") from exc


def read_source(path: Path) -> SourceText:
    """Read a .txt/.md CV from disk."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in ("txt", "md", ""):
        raise InputError(f"{path}: unsupported format '.{suffix}'")
    text, encoding = decode_bytes(data, name=str(path))
    return SourceText(
        text=text,
        sha256=hashlib.sha256(data).hexdigest(),
        path=str(path),
        format="md" if suffix == "md" else "txt",
        encoding=encoding,
    )
