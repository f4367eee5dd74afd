"""The batch a report shows, read from OUTDIR: one :class:`Entry` per input, in the manifest's
order (or, without a manifest, one per CV record file, in name order).

OUTDIR's files are read without following links (a link planted there is reported as
unreadable, never read through). CV records are read as plain JSON dicts, every field with a
default, so records written by an older or newer version of the schema still render.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bilingual_cv.batch.outdir import MANIFEST_NAME, is_output_name, read_text
from bilingual_cv.errors import InputError

__all__ = [
    "Entry",
    "is_cv_record",
    "read_outdir",
]


@dataclass(frozen=True, slots=True)
class Entry:
    """One input of the batch: its CV record, or why there is none."""

    file: str
    input: str | None
    cv: Mapping[str, Any] | None
    error: str | None = None


def read_outdir(outdir: Path) -> tuple[list[Entry], list[str]]:
    """The batch in OUTDIR, in the manifest's order, and a message for each unreadable file.

    With a manifest, every input it records becomes an entry (failed ones with their error);
    without one, every ``*.json`` file that holds a CV record does, in name order.

    Raises:
        InputError: OUTDIR is not a folder, or holds neither a manifest nor a CV record.
    """
    if not outdir.is_dir():
        raise InputError(f"{outdir}: not a folder (give the -o folder of 'bilingual-cv convert')")
    problems: list[str] = []
    manifest = outdir / MANIFEST_NAME
    if manifest.is_file():
        entries = _entries_from_manifest(outdir, manifest, problems)
    else:
        entries = _entries_from_files(outdir, problems)
    if not entries:
        raise InputError(f"{outdir}: no {MANIFEST_NAME} and no CV JSON files found")
    return entries, problems


def _entries_from_manifest(outdir: Path, manifest: Path, problems: list[str]) -> list[Entry]:
    entries = []
    try:
        lines = read_text(manifest).splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{manifest}: cannot be read ({exc})") from exc
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line) if line.strip() else None
        except json.JSONDecodeError:
            record = None
        if not isinstance(record, dict):
            if line.strip():
                problems.append(f"{manifest}:{number}: not a manifest record, left out")
            continue
        source = record.get("input")
        output = record.get("output")
        # an output is a plain name inside OUTDIR, never a path elsewhere
        if record.get("status") == "failed" or not is_output_name(output):
            error = record.get("error") or record.get("error_code") or "conversion failed"
            entries.append(Entry(str(source or "?"), _str_or_none(source), None, str(error)))
            continue
        cv, error = _read_cv(outdir / str(output))
        if error:
            problems.append(error)
        entries.append(Entry(str(output), _str_or_none(source), cv, error))
    return entries


def _entries_from_files(outdir: Path, problems: list[str]) -> list[Entry]:
    entries = []
    for path in sorted(outdir.glob("*.json")):
        cv, error = _read_cv(path)
        if error:
            problems.append(error + ", left out")
            continue
        assert cv is not None
        entries.append(Entry(path.name, _str_or_none((cv.get("source") or {}).get("path")), cv))
    return entries


def _read_cv(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    try:
        data = json.loads(read_text(path))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"{path}: cannot read this CV record ({exc})"
    if not is_cv_record(data):
        return None, f"{path}: not a CV record"
    return data, None


def is_cv_record(data: object) -> bool:
    """Whether a JSON value looks like a CV record of this package.

    >>> is_cv_record({"schema_version": "1.0", "person": {"name": "Jane Roe"}})
    True
    >>> is_cv_record({"basics": {"name": "Jane Roe"}})
    False
    """
    return isinstance(data, dict) and isinstance(data.get("schema_version"), str)


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None
