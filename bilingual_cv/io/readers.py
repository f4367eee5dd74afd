"""read_source(path) -> SourceText: bytes from disk to text, recording what was done.

One entry point per kind of input, sharing every rule:

- :func:`read_source` reads a file;
- :func:`read_bytes_source` reads bytes already in memory (``parse(bytes)``, uploads).

Files are opened by :func:`open_input` only (the one function here that touches the
filesystem): never through a symbolic link, only regular files, and, when the caller knows
which file it listed (a batch), only that very file (device and inode of the descriptor).

The format comes from the magic bytes when they are unambiguous (``%PDF-``, a zip, an OLE
compound file), else from the suffix (``.txt .text .md .markdown .pdf .docx .html .htm
.xhtml``), else, without a suffix, from sniffing for HTML, defaulting to plain text. Each format
has its own module: :mod:`~bilingual_cv.io.encoding` (text and its encoding),
:mod:`~bilingual_cv.io.pdf`, :mod:`~bilingual_cv.io.docx`, :mod:`~bilingual_cv.io.html`; the
PDF library is imported only when a PDF is read. Whatever the format, line endings become
``\\n``, and text that is empty or only whitespace is an :class:`InputError`. Every
``InputError`` message starts with the file's path or the name given for the bytes.

Both entry points take ``limits`` (:class:`~bilingual_cv.io.limits.Limits`, default
:data:`~bilingual_cv.io.limits.DEFAULT_LIMITS`): input size, extracted characters, PDF pages and
stream sizes, zip sizes and ratio, nesting depth. Whatever the bytes, only
:class:`~bilingual_cv.errors.InputError` subclasses leave this module (``tests/io`` fuzzes
each reader to hold this).
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from bilingual_cv.errors import (
    EmptyInputError,
    FileTooLargeError,
    InputChangedError,
    LinkRefusedError,
    ResourceLimitError,
    UnreadableFileError,
    UnsupportedFormatError,
)
from bilingual_cv.io.encoding import decode_bytes, normalize_line_endings
from bilingual_cv.io.limits import DEFAULT_LIMITS, Limits

__all__ = [
    "DEFAULT_LIMITS",
    "FORMATS",
    "Limits",
    "SourceText",
    "decode_bytes",
    "find_format",
    "open_input",
    "read_bytes_source",
    "read_input_bytes",
    "read_source",
]

#: The formats a SourceText can have (the contract's ``source.format``).
FORMATS: tuple[str, ...] = ("txt", "md", "pdf", "docx", "html")
#: File suffixes (lower case, no dot) and the format each one means.
SUFFIX_FORMATS: dict[str, str] = {
    "txt": "txt",
    "text": "txt",
    "md": "md",
    "markdown": "md",
    "pdf": "pdf",
    "docx": "docx",
    "html": "html",
    "htm": "html",
    "xhtml": "html",
}
#: A PDF header may follow up to 1024 bytes of junk (PDF 1.7, annex H).
PDF_MAGIC = b"%PDF-"
PDF_MAGIC_WINDOW = 1024
#: Local-file header of a zip archive, which a .docx is.
ZIP_MAGIC = b"PK\x03\x04"
#: OLE compound file: legacy .doc/.xls/.ppt, which are not read.
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
#: Rich Text Format, which is not read.
RTF_MAGIC = b"{\\rtf"
#: Starts of a document that mean HTML when a file has no suffix (compared in lower case).
HTML_STARTS: tuple[bytes, ...] = (b"<!doctype html", b"<html")
#: Larger inputs are refused before reading (the default ``Limits.max_input_bytes``).
MAX_SOURCE_BYTES = DEFAULT_LIMITS.max_input_bytes
#: How an input is opened: never through a link (``O_NOFOLLOW``), never blocking on a FIFO
#: (``O_NONBLOCK``; only regular files are then read), never inherited by a child process.
OPEN_INPUT_FLAGS: int = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
#: No text encoding read here spends more than this many bytes on a character (UTF-32).
MAX_BYTES_PER_CHAR = 4


@dataclass(frozen=True, slots=True)
class SourceText:
    """Decoded text of one input and where it came from.

    Attributes:
        text: The text, line endings normalized to ``\\n``.
        sha256: Hex SHA-256 of the input's bytes, as read.
        path: The file's path, or None for bytes given in memory.
        format: One of :data:`FORMATS`.
        encoding: The codec the text was decoded with (``utf-8``, ``utf-8-sig``, ``utf-16``,
            ``utf-16-le``, ``gb18030``, ``big5``, ``cp950``, ``cp1252`` ...), None for PDF and
            DOCX, whose text does not come from a byte encoding chosen by the author.
        pages: Number of pages of a PDF, None for other formats.
        reader_error: What failed inside this package while the text was read, when the
            text was read without it (a PDF's fonts and positions); None when nothing did.
    """

    text: str
    sha256: str
    path: str | None = None
    format: str = "txt"
    encoding: str | None = None
    pages: int | None = None
    reader_error: str | None = None


def read_source(path: Path, *, limits: Limits = DEFAULT_LIMITS) -> SourceText:
    """Read a CV file of any supported format from disk.

    The file is opened without following a symbolic link (:func:`open_input`): a link is
    refused with a :class:`~bilingual_cv.errors.LinkRefusedError`; pass the file it points to.

    Args:
        path: The file to read.
        limits: Resource caps; a file over ``limits.max_input_bytes`` is not read at all.

    Returns:
        Its text and provenance; ``path`` is recorded as given.

    Raises:
        InputError: Unreadable, a link, unsupported, corrupt, encrypted, scanned, undecodable
            or empty.
        ResourceLimitError: The input exceeds one of ``limits`` (an ``InputError`` too).
    """
    name = str(path)
    data = read_input_bytes(path, limits=limits)
    source = _read(data, name=name, format=None, suffix=_suffix(path.name), limits=limits)
    return replace(source, path=name)


def read_input_bytes(
    path: Path,
    *,
    limits: Limits = DEFAULT_LIMITS,
    identity: tuple[int, int] | None = None,
    name: str | None = None,
) -> bytes:
    """The bytes of an input file, opened as :func:`open_input` does, within ``max_input_bytes``.

    Raises:
        InputError: As :func:`open_input`, or the file is larger than ``max_input_bytes``.
    """
    shown = str(path) if name is None else name
    with open_input(path, identity=identity, name=shown) as file:
        check_input_size(os.fstat(file.fileno()).st_size, limits, name=shown)
        try:
            # read one byte past the cap: a file that grew since fstat() is caught too
            data = file.read(limits.max_input_bytes + 1)
        except OSError as exc:
            raise UnreadableFileError(f"{shown}: cannot read ({exc.strerror or exc})") from exc
    check_input_size(len(data), limits, name=shown)
    return data


def open_input(
    path: Path, *, identity: tuple[int, int] | None = None, name: str | None = None
) -> BinaryIO:
    """Open an input for reading, never through a link, and check it is the file expected.

    The last part of ``path`` must not be a symbolic link (``O_NOFOLLOW``): a link is refused
    with a message saying to pass the file it points to. With ``identity``, the opened file's
    device and inode (``fstat`` of the descriptor, not a second look at the path) must be
    those, so a file swapped in after a batch listed its inputs is never read in its place.
    Only regular files are read: a FIFO, socket or device is refused without blocking.

    Args:
        path: The file to open.
        identity: ``(st_dev, st_ino)`` the opened file must have, None for any regular file.
        name: What to call the file in messages; None for ``path``.

    Raises:
        LinkRefusedError: ``path`` is a symbolic link.
        InputChangedError: The file opened is not the one ``identity`` names.
        UnreadableFileError: Missing, a folder, not a regular file, no permission.
    """
    shown = str(path) if name is None else name
    try:
        fd = os.open(path, OPEN_INPUT_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP and os.path.islink(path):
            raise _link_error(path, shown) from exc
        raise UnreadableFileError(f"{shown}: cannot read ({exc.strerror or exc})") from exc
    try:
        info = os.fstat(fd)
        if identity is not None and (info.st_dev, info.st_ino) != identity:
            opened = "" if str(path) == shown else f" ({path})"
            raise InputChangedError(
                f"{shown}: refused: another file is at this path{opened} than the one listed"
                " when the batch started; run it again"
            )
        if not stat.S_ISREG(info.st_mode):
            reason = os.strerror(errno.EISDIR) if stat.S_ISDIR(info.st_mode) else None
            raise UnreadableFileError(
                f"{shown}: cannot read ({reason or 'not a regular file: a FIFO, socket or device'})"
            )
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _link_error(path: Path, shown: str) -> UnreadableFileError:
    """The error for a link at ``path``: refused when it leads to a file, unreadable when not."""
    try:
        os.stat(path)
    except OSError as exc:  # dangling, or a loop: there is no file to pass instead
        return UnreadableFileError(f"{shown}: cannot read ({exc.strerror or exc})")
    opened = "" if str(path) == shown else f" ({path})"
    return LinkRefusedError(
        f"{shown}: refused: a symbolic link{opened}, which is not followed; pass the file it"
        " points to"
    )


def read_bytes_source(
    data: bytes,
    *,
    name: str = "<bytes>",
    format: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> SourceText:
    """Read a CV given as bytes, with the same rules as :func:`read_source`.

    Args:
        data: The input's bytes.
        name: A label for messages; its suffix, if any, is used like a file's suffix.
        format: One of :data:`FORMATS` to skip suffix detection (magic bytes of a PDF or a zip
            still win, since they cannot be misread).
        limits: Resource caps (see :class:`~bilingual_cv.io.limits.Limits`).

    Returns:
        The text and provenance, with ``path`` None.

    Raises:
        InputError: Unsupported, corrupt, encrypted, scanned, undecodable or empty.
        ResourceLimitError: The input exceeds one of ``limits`` (an ``InputError`` too).

    >>> source = read_bytes_source("姓名：李华\\r\\n教育背景\\r\\n".encode("gb18030"))
    >>> source.text, source.format, source.encoding
    ('姓名：李华\\n教育背景\\n', 'txt', 'gb18030')
    >>> read_bytes_source(b" \\r\\n\\t", name="cv.md")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.EmptyInputError: cv.md: empty (no text)
    >>> read_bytes_source(b"Jane Roe, PhD", limits=Limits(max_text_chars=8))
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: <bytes>: more than 8 characters of text (limit max_text_chars)
    """
    if format is not None and format not in FORMATS:
        raise UnsupportedFormatError(
            f"{name}: unsupported format {format!r} (expected one of {FORMATS})"
        )
    check_input_size(len(data), limits, name=name)
    return _read(data, name=name, format=format, suffix=_suffix(name), limits=limits)


def check_input_size(size: int, limits: Limits, *, name: str) -> None:
    """Refuse an input larger than ``limits.max_input_bytes`` before reading it.

    >>> check_input_size(2048, Limits(max_input_bytes=1024), name="cv.pdf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.FileTooLargeError: cv.pdf: file too large (2048 bytes; limit max_input_bytes = 1024)
    """
    if size > limits.max_input_bytes:
        raise FileTooLargeError(
            f"{name}: file too large ({size} bytes; limit max_input_bytes"
            f" = {limits.max_input_bytes})"
        )


def check_text_size(chars: int, limits: Limits, *, name: str) -> None:
    """Refuse extracted text longer than ``limits.max_text_chars``.

    >>> check_text_size(12, Limits(max_text_chars=12), name="cv.txt")
    """
    if chars > limits.max_text_chars:
        raise ResourceLimitError(
            f"{name}: more than {limits.max_text_chars} characters of text (limit max_text_chars)",
            limit="max_text_chars",
        )


def find_format(data: bytes, *, name: str, suffix: str, declared: str | None = None) -> str:
    """Decide the format from magic bytes, then the declared format, then the suffix.

    Args:
        data: The input's bytes.
        name: Label for error messages.
        suffix: The lower-case suffix without the dot, "" if none.
        declared: A format the caller states, if any.

    Returns:
        One of :data:`FORMATS`.

    Raises:
        InputError: Unsupported suffix or a format that is recognised but not read.

    >>> find_format(b"%PDF-1.7 ...", name="cv.txt", suffix="txt")  # the suffix lies
    'pdf'
    >>> find_format(b"<!DOCTYPE html><title>CV</title>", name="cv", suffix="")
    'html'
    >>> find_format(b"Jane Doe", name="cv.rtf", suffix="rtf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.UnsupportedFormatError: cv.rtf: unsupported format '.rtf' (expected .txt, .md, .pdf, .docx or .html)
    """
    if PDF_MAGIC in data[:PDF_MAGIC_WINDOW]:
        return "pdf"
    if data.startswith(ZIP_MAGIC):
        return "docx"
    if data.startswith(OLE_MAGIC):
        raise UnsupportedFormatError(
            f"{name}: legacy Word .doc files are not supported; save it as .docx or PDF"
        )
    if data.startswith(RTF_MAGIC):
        raise UnsupportedFormatError(
            f"{name}: RTF files are not supported; save it as .docx or PDF"
        )
    if declared is not None:
        return declared
    if suffix:
        if suffix not in SUFFIX_FORMATS:
            raise UnsupportedFormatError(
                f"{name}: unsupported format '.{suffix}' (expected .txt, .md, .pdf, .docx or .html)"
            )
        return SUFFIX_FORMATS[suffix]
    return "html" if is_html(data) else "txt"


def is_html(data: bytes) -> bool:
    """Whether bytes without a suffix look like an HTML document.

    >>> is_html(b"\\xef\\xbb\\xbf  <!DOCTYPE HTML>\\n<html>"), is_html(b"Education <b>")
    (True, False)
    """
    head = data[:1024].removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    if head.startswith(b"<?xml"):
        return b"<html" in head
    return head.startswith(HTML_STARTS)


def _read(data: bytes, *, name: str, format: str | None, suffix: str, limits: Limits) -> SourceText:
    """Shared path of both entry points: format, extraction, caps, newline and emptiness rules."""
    if not data:
        raise EmptyInputError(f"{name}: empty file (0 bytes)")
    fmt = find_format(data, name=name, suffix=suffix, declared=format)
    encoding: str | None = None
    pages: int | None = None
    reader_error: str | None = None
    if fmt == "pdf":
        from bilingual_cv.io.pdf import extract_pdf_text

        pdf = extract_pdf_text(data, name=name, limits=limits)
        text, pages, reader_error = pdf.text, pdf.pages, pdf.layout_error
    elif fmt == "docx":
        from bilingual_cv.io.docx import extract_docx_text

        text = extract_docx_text(data, name=name, limits=limits)
    elif fmt == "html":
        from bilingual_cv.io.html import extract_html_text

        text, encoding = extract_html_text(data, name=name, limits=limits)
    else:
        # every character takes at most 4 bytes: refuse before decoding what must be too long
        check_text_size(len(data) // MAX_BYTES_PER_CHAR, limits, name=name)
        text, encoding = decode_bytes(data, name=name)
    check_text_size(len(text), limits, name=name)
    text = normalize_line_endings(text.removeprefix("\ufeff"))
    if not text.strip():
        raise EmptyInputError(f"{name}: empty (no text)")
    return SourceText(
        text=text,
        sha256=hashlib.sha256(data).hexdigest(),
        path=None,
        format=fmt,
        encoding=encoding,
        pages=pages,
        reader_error=reader_error,
    )


def _suffix(name: str) -> str:
    """Lower-case suffix without the dot; "" for none or for a label like ``<bytes>``."""
    return Path(name).suffix.lower().removeprefix(".") if not name.startswith("<") else ""
