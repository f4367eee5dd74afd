"""The whole-batch tables of ``convert``: ``--csv DIR`` (``publications.csv``, ``summary.csv``)
and ``--jsonl FILE``, one row (or line) per CV in input order.

A row is made from a CV's JSON form (what ``convert`` wrote, or read back for an input
skipped as current), so a table never depends on which run converted a CV. Text a cell starts
with that a spreadsheet would run as a formula gets a leading apostrophe (a CV is untrusted
input). The CSV files are UTF-8 with a BOM, so Excel shows Chinese names and titles. Every
table is written under a temporary name and renamed into place when the batch ends
(:class:`~bilingual_cv.batch.outdir.AtomicFile`).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bilingual_cv.batch.outdir import AtomicFile

__all__ = [
    "PUBLICATIONS_CSV",
    "PUBLICATION_COLUMNS",
    "SUMMARY_COLUMNS",
    "SUMMARY_CSV",
    "Tables",
    "failed_summary_row",
    "owner_name",
    "publication_rows",
    "summary_row",
]

#: The two tables ``--csv DIR`` writes.
PUBLICATIONS_CSV = "publications.csv"
SUMMARY_CSV = "summary.csv"
#: Cells that Excel would run as a formula start with one of these; such text gets a leading
#: apostrophe in the CSV files (CSV injection: a CV is untrusted input).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: The columns of ``publications.csv`` and of ``summary.csv``, in order.
PUBLICATION_COLUMNS = (
    "file",
    "name",
    "title",
    "year",
    "venue",
    "venue_abbr",
    "kind",
    "ccf_rank",
    "ccf_abbr",
    "ccf_type",
    "claimed_ccf",
    "owner_position",
    "first_author",
    "authors",
    "section",
    "lang",
)
SUMMARY_COLUMNS = (
    "file",
    "name",
    "name_zh",
    "language",
    "publications",
    "ccf_a",
    "ccf_b",
    "ccf_c",
    "ccf_unranked",
    "first_author_ccf_a",
    "first_author_ccf_b",
    "first_author_ccf_c",
    "conference",
    "journal",
    "workshop",
    "preprint",
    "patent",
    "warnings",
    "status",
    "error_code",
)


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def owner_name(cv: dict[str, Any]) -> str | None:
    """The CV owner's name: as written, else the Chinese name, else the one inferred."""
    person = cv.get("person") or {}
    name = person.get("name") or person.get("name_zh") or person.get("inferred_name")
    return str(name) if name else None


def publication_rows(cv: dict[str, Any]) -> Iterator[list[object]]:
    """One ``publications.csv`` row per publication of a CV (its JSON form)."""
    file = (cv.get("source") or {}).get("path")
    name = owner_name(cv)
    for pub in cv.get("publications") or []:
        venue = pub.get("venue") or {}
        ccf = pub.get("ccf") or {}
        position = pub.get("owner_position")
        row = [
            file,
            name,
            pub.get("title"),
            pub.get("year"),
            venue.get("name") or venue.get("raw"),
            venue.get("abbr"),
            pub.get("kind"),
            ccf.get("rank"),
            ccf.get("abbr"),
            ccf.get("type"),
            pub.get("claimed_ccf"),
            position,
            position == 1 if position is not None else None,
            "; ".join(pub.get("authors") or []),
            pub.get("section"),
            pub.get("lang"),
        ]
        yield [_cell(value) for value in row]


def summary_row(cv: dict[str, Any]) -> list[object]:
    """The ``summary.csv`` row of a CV (its JSON form)."""
    person = cv.get("person") or {}
    stats = cv.get("stats") or {}
    ccf = stats.get("ccf") or {}
    first = stats.get("ccf_owner_first") or {}
    kinds = stats.get("by_kind") or {}
    row = [
        (cv.get("source") or {}).get("path"),
        owner_name(cv),
        person.get("name_zh"),
        cv.get("language"),
        stats.get("publications", 0),
        ccf.get("A", 0),
        ccf.get("B", 0),
        ccf.get("C", 0),
        ccf.get("unranked", 0),
        first.get("A", 0),
        first.get("B", 0),
        first.get("C", 0),
        *(
            kinds.get(kind, 0)
            for kind in ("conference", "journal", "workshop", "preprint", "patent")
        ),
        len(cv.get("warnings") or []),
        "ok",
        None,
    ]
    return [_cell(value) for value in row]


def failed_summary_row(file: str, error_code: str | None) -> list[object]:
    """The ``summary.csv`` row of an input that gave no CV: its name, status and error code.

    >>> failed_summary_row("cvs/Jane Roe.pdf", "encrypted_pdf")[-3:]
    ['', 'failed', 'encrypted_pdf']
    """
    row: list[object] = [file, *([None] * (len(SUMMARY_COLUMNS) - 3)), "failed", error_code]
    return [_cell(value) for value in row]


class Tables:
    """The optional whole-batch outputs: ``--jsonl FILE`` and ``--csv DIR``, in input order."""

    def __init__(self, jsonl: Path | None, csv_dir: Path | None) -> None:
        self.files: list[AtomicFile] = []
        self.jsonl = self._open(jsonl) if jsonl else None
        self.publications = self.summary = None
        if csv_dir is not None:
            # utf-8-sig: the BOM makes Excel read the file as UTF-8 (Chinese names and titles)
            self.publications = self._open(csv_dir / PUBLICATIONS_CSV, encoding="utf-8-sig")
            self.summary = self._open(csv_dir / SUMMARY_CSV, encoding="utf-8-sig")
            self.publication_writer = csv.writer(self.publications.handle)
            self.summary_writer = csv.writer(self.summary.handle)
            self.publication_writer.writerow(PUBLICATION_COLUMNS)
            self.summary_writer.writerow(SUMMARY_COLUMNS)

    def _open(self, path: Path, *, encoding: str = "utf-8") -> AtomicFile:
        handle = AtomicFile(path, encoding=encoding)
        self.files.append(handle)
        return handle

    @property
    def wanted(self) -> bool:
        return bool(self.files)

    def add(self, cv: dict[str, Any]) -> None:
        if self.jsonl is not None:
            self.jsonl.handle.write(json.dumps(cv, ensure_ascii=False) + "\n")
        if self.publications is not None:
            self.publication_writer.writerows(publication_rows(cv))
            self.summary_writer.writerow(summary_row(cv))

    def add_failed(self, file: str, error_code: str | None) -> None:
        """A summary row for an input that gave no CV (it has no publications rows)."""
        if self.publications is not None:
            self.summary_writer.writerow(failed_summary_row(file, error_code))

    def commit(self) -> None:
        for handle in self.files:
            handle.commit()

    def discard(self) -> None:
        for handle in self.files:
            handle.discard()
