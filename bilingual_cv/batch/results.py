"""What a batch gives for one file: a :class:`ParseResult` (a CV as JSON, or why there is none),
the failure codes, and :func:`parse_one`, which turns every failure into a result.

A file that fails never stops a batch: an :class:`~bilingual_cv.errors.InputError` becomes
its code and message (``path: message``, the path in its display form), a ``MemoryError``
becomes ``out_of_memory``, and any other exception is a bug, reported as ``internal_error``
with its traceback. Results are plain data: a worker sends one back as JSON
(:mod:`bilingual_cv.batch.messages`), and a copy carries the CV's JSON, not the CV.

Files are opened without following links (a link fails as ``link_refused``). A
:class:`~bilingual_cv.batch.inputs.CheckedFile` (what ``bilingual-cv convert`` lists) is read
from the file its walk resolved, and only if it is still that file (``input_changed``
otherwise).
"""

from __future__ import annotations

import os
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from bilingual_cv.batch.inputs import CheckedFile, display_name, text_name
from bilingual_cv.errors import BilingualCVError

if TYPE_CHECKING:
    from bilingual_cv.schema import CV


__all__ = [
    "BUG_CODE",
    "CRASH_CODE",
    "MEMORY_CODE",
    "SENT_FIELDS",
    "TIMEOUT_CODE",
    "ParseResult",
    "as_path",
    "input_failure",
    "input_name",
    "parse_one",
    "read_checked",
]

#: error_code of a file whose worker exceeded the time limit.
TIMEOUT_CODE = "timeout"
#: error_code of a file whose worker process died while parsing it.
CRASH_CODE = "worker_crashed"
#: error_code of an exception that is not a BilingualCVError: a bug in this package.
BUG_CODE = "internal_error"
#: error_code of a file whose parsing ran out of memory (MemoryError under the worker's limit).
MEMORY_CODE = "out_of_memory"


@dataclass(slots=True)
class ParseResult:
    """The outcome for one input of :func:`~bilingual_cv.batch.pool.parse_many`: a CV, or why not.

    Attributes:
        path: The input as given.
        json: The CV as indented JSON (``CV.model_dump_json(indent=2)``), None on failure.
        error: ``"path: message"`` on failure, as the command prints it (the path in its
            display form, :func:`~bilingual_cv.batch.inputs.display_name`: one printable line);
            None on success.
        error_code: Why it failed: an :class:`~bilingual_cv.errors.InputError` code such as
            ``encrypted_pdf``, or ``timeout``, ``worker_crashed``, ``internal_error``.
        traceback: The formatted traceback of an ``internal_error`` (a bug), else None.
        sha256: Hex SHA-256 of the bytes that were parsed, None on failure.
        warnings: Number of warnings in the CV.
        seconds: Wall time spent on this file.
    """

    path: Path
    json: str | None = None
    error: str | None = None
    error_code: str | None = None
    traceback: str | None = None
    sha256: str | None = None
    warnings: int = 0
    seconds: float = 0.0
    _cv: CV | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """True when the file was parsed."""
        return self.json is not None

    @property
    def cv(self) -> CV | None:
        """The parsed CV (validated from :attr:`json` on first use), None on failure."""
        if self._cv is None and self.json is not None:
            from bilingual_cv.schema import CV

            self._cv = CV.model_validate_json(self.json)
        return self._cv

    def __getstate__(self) -> dict[str, object]:
        # A copy holds the CV's JSON, not the CV: it is validated again on first use.
        return {name: getattr(self, name) for name in SENT_FIELDS}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._cv = None


#: The fields of a ParseResult that a worker sends back.
SENT_FIELDS = (
    "path",
    "json",
    "error",
    "error_code",
    "traceback",
    "sha256",
    "warnings",
    "seconds",
)


def as_path(path: object) -> Path | CheckedFile:
    """One element of ``paths``: a str or path-like, never bytes (``os.fsdecode`` those); a
    :class:`~bilingual_cv.batch.inputs.CheckedFile` stays one."""
    if isinstance(path, CheckedFile):
        return path
    if isinstance(path, bytes):
        return Path(os.fsdecode(path))
    if isinstance(path, (str, os.PathLike)):
        return Path(path)
    raise TypeError(f"parse_many takes paths, not a {type(path).__name__}: {path!r}")


def input_name(item: Path | CheckedFile) -> Path:
    """The path an input is known by (a CheckedFile's name, not the file it resolves to)."""
    return item.path if isinstance(item, CheckedFile) else item


def read_checked(item: Path | CheckedFile) -> bytes:
    """An input's bytes, never through a link; a CheckedFile only if it is the file listed.

    Raises:
        InputError: A link, another file, unreadable, or larger than any CV.
    """
    from bilingual_cv.io.readers import read_input_bytes

    if isinstance(item, CheckedFile):
        return read_input_bytes(item.real, identity=item.identity, name=str(item.path))
    return read_input_bytes(item)


def parse_one(item: Path | CheckedFile, ccf_edition: str, data: bytes | None = None) -> ParseResult:
    """Parse one file; every failure becomes a result (a bug keeps its traceback).

    With ``data``, those are the file's bytes, read elsewhere (by the calling process, or for
    a Dask worker that cannot see the file): the CV is the same as one read from the path. A
    CheckedFile is read as :func:`read_checked` says. A name that is not UTF-8 is recorded in
    its text form (:func:`~bilingual_cv.batch.inputs.text_name`) in ``source.path`` and in messages:
    JSON cannot hold the lone surrogates Python keeps such bytes as.
    """
    started = time.perf_counter()
    path = input_name(item)
    shown = display_name(path)
    try:
        if data is None and isinstance(item, CheckedFile):
            data = read_checked(item)
        cv = _parse_path_or_bytes(path, ccf_edition, data)
        if cv.source.path is not None and cv.source.path != text_name(cv.source.path):
            cv = cv.model_copy(
                update={"source": cv.source.model_copy(update={"path": text_name(path)})}
            )
        text = cv.model_dump_json(indent=2)
    except BilingualCVError as exc:
        return input_failure(path, exc, time.perf_counter() - started)
    except MemoryError:
        return _out_of_memory(path, time.perf_counter() - started)
    except Exception as exc:  # noqa: BLE001 - a bug: reported for this file, the batch goes on
        return ParseResult(
            path,
            error=f"{shown}: internal error (a bug, please report it): {type(exc).__name__}:"
            f" {_one_line(str(exc))}",
            error_code=BUG_CODE,
            traceback=_json_safe(traceback.format_exc()),
            seconds=time.perf_counter() - started,
        )
    return ParseResult(
        path,
        json=text,
        sha256=cv.source.sha256,
        warnings=len(cv.warnings),
        seconds=time.perf_counter() - started,
        _cv=cv,
    )


def input_failure(path: Path, exc: BilingualCVError, seconds: float) -> ParseResult:
    """The result of a file that failed with one of this package's errors: ``path: message``."""
    message = str(exc)
    if message.startswith(str(path)):
        message = message[len(str(path)) :].lstrip(": ")
    return ParseResult(path, error=f"{display_name(path)}: {_one_line(message)}",
                       error_code=exc.code, seconds=seconds)  # fmt: skip


def _parse_path_or_bytes(path: Path, ccf_edition: str, data: bytes | None) -> CV:
    """parse_file(path), or the same from the file's bytes, recording ``path`` as its source."""
    from bilingual_cv.pipeline import parse_file

    if data is None:
        return parse_file(path, ccf_edition=ccf_edition)
    from dataclasses import replace

    from bilingual_cv.io.readers import read_bytes_source
    from bilingual_cv.pipeline import parse_source

    name = str(path) if not str(path).startswith("<") else os.path.join(".", path)
    source = replace(read_bytes_source(data, name=name), path=str(path))
    return parse_source(source, ccf_edition=ccf_edition)


def _out_of_memory(path: Path, seconds: float) -> ParseResult:
    """The result of a file whose parsing raised MemoryError."""
    return ParseResult(
        path,
        error=f"{display_name(path)}: out of memory (the limit of a worker is --max-memory)",
        error_code=MEMORY_CODE,
        seconds=seconds,
    )


def _one_line(message: str) -> str:
    """A message as one JSON-safe line (a file name inside it may hold anything)."""
    return display_name(message)


def _json_safe(text: str) -> str:
    """Text with lone surrogates written as ``\\xNN``, so that UTF-8 writers accept it."""
    return text_name(text)
