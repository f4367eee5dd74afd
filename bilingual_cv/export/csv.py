"""The whole-batch tables of ``convert``: ``--csv DIR`` (``publications.csv``, ``summary.csv``),
``--jsonl FILE`` and ``--xlsx FILE`` (:mod:`~bilingual_cv.export.xlsx`), one row (or line) per
CV in input order.

A row is made from a CV's JSON form (what ``convert`` wrote, or read back for an input
skipped as current), so a table never depends on which run converted a CV. Text a cell starts
with that a spreadsheet would run as a formula gets a leading apostrophe (a CV is untrusted
input). The CSV files are UTF-8 with a BOM, so Excel shows Chinese names and titles. Every
table is written under a temporary name and renamed into place when the batch ends
(:class:`~bilingual_cv.batch.outdir.AtomicFile`).

``summary.csv`` counts CCF papers since a year (``--since``): its header names the year
(``ccf_a_since_2021``), so two tables made with different years never read alike. Its rows are
kept until the batch ends, so that both records of a candidate who appears twice (same file,
or same name and e-mail) name each other in ``duplicates``.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from bilingual_cv.batch.outdir import AtomicFile
from bilingual_cv.export.summary import (
    as_dict,
    as_dicts,
    ccf_since,
    current_position,
    degree_year,
    find_duplicates,
    highest_degree,
)

__all__ = [
    "PUBLICATIONS_CSV",
    "PUBLICATION_COLUMNS",
    "SUMMARY_COLUMNS",
    "SUMMARY_CSV",
    "Tables",
    "failed_summary_row",
    "owner_name",
    "publication_rows",
    "publication_values",
    "summary_columns",
    "summary_row",
    "summary_values",
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
    "venue_abbr_source",
    "venue_track",
    "kind",
    "ccf_rank",
    "ccf_abbr",
    "ccf_type",
    "claimed_ccf",
    "claimed_tier",
    "owner_position",
    "first_author",
    "authors",
    "section",
    "lang",
)
#: The CCF ranks, in the order the tables give them.
RANKS = ("A", "B", "C")
#: ``{since}`` stands for the first year counted (``--since``): :func:`summary_columns`.
SUMMARY_COLUMNS = (
    "file",
    "name",
    "name_zh",
    "language",
    "highest_degree",
    "highest_degree_year",
    "highest_degree_expected",
    "highest_degree_institution",
    "current_position",
    "current_organization",
    "publications",
    "ccf_a",
    "ccf_b",
    "ccf_c",
    "ccf_unranked",
    "ccf_a_since_{since}",
    "ccf_b_since_{since}",
    "ccf_c_since_{since}",
    "first_author_ccf_a",
    "first_author_ccf_b",
    "first_author_ccf_c",
    "first_or_co_first_ccf_a",
    "first_or_co_first_ccf_b",
    "first_or_co_first_ccf_c",
    "corresponding_ccf_a",
    "corresponding_ccf_b",
    "corresponding_ccf_c",
    "conference",
    "journal",
    "workshop",
    "preprint",
    "patent",
    "warnings",
    "losses",
    "status",
    "error_code",
    "duplicates",
)


def summary_columns(since: int) -> tuple[str, ...]:
    """The header of ``summary.csv`` when CCF papers are counted from ``since`` on.

    >>> [c for c in summary_columns(2021) if "since" in c]
    ['ccf_a_since_2021', 'ccf_b_since_2021', 'ccf_c_since_2021']
    """
    return tuple(column.format(since=since) for column in SUMMARY_COLUMNS)


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
    """One ``publications.csv`` row per publication of a CV (its JSON form), formula-safe."""
    for row in publication_values(cv):
        yield [_cell(value) for value in row]


def publication_values(cv: dict[str, Any]) -> Iterator[list[object]]:
    """The values of each publication's row, as they are (numbers as numbers, None empty)."""
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
            venue.get("abbr_source"),
            venue.get("track"),
            pub.get("kind"),
            ccf.get("rank"),
            ccf.get("abbr"),
            ccf.get("type"),
            pub.get("claimed_ccf"),
            pub.get("claimed_tier"),
            position,
            position == 1 if position is not None else None,
            "; ".join(pub.get("authors") or []),
            pub.get("section"),
            pub.get("lang"),
        ]
        yield row


def summary_row(cv: dict[str, Any], since: int, duplicates: str | None = None) -> list[object]:
    """The ``summary.csv`` row of a CV (its JSON form), formula-safe."""
    return [_cell(value) for value in summary_values(cv, since, duplicates)]


def summary_values(cv: dict[str, Any], since: int, duplicates: str | None = None) -> list[object]:
    """The values of a CV's summary row, as they are (numbers as numbers, None empty).

    Args:
        cv: The CV record's JSON form.
        since: The first year of the ``ccf_*_since_YEAR`` counts.
        duplicates: The other inputs of the batch that are the same candidate.
    """
    person = cv.get("person") or {}
    stats = cv.get("stats") or {}
    ccf = stats.get("ccf") or {}
    first = stats.get("ccf_owner_first") or {}
    kinds = stats.get("by_kind") or {}
    degree = highest_degree(cv.get("education"))
    position = current_position(cv) or {}
    recent = ccf_since(cv, since)
    warnings = as_dicts(cv.get("warnings"))
    return [
        (cv.get("source") or {}).get("path"),
        owner_name(cv),
        person.get("name_zh"),
        cv.get("language"),
        degree.get("degree") if degree else None,
        degree_year(degree),
        bool(degree.get("expected")) if degree else None,
        degree.get("institution") if degree else None,
        position.get("title"),
        position.get("organization"),
        stats.get("publications", 0),
        ccf.get("A", 0),
        ccf.get("B", 0),
        ccf.get("C", 0),
        ccf.get("unranked", 0),
        recent["A"],
        recent["B"],
        recent["C"],
        first.get("A", 0),
        first.get("B", 0),
        first.get("C", 0),
        *(
            (stats.get(key) or {}).get(rank, 0)
            for key in ("ccf_owner_first_or_co_first", "ccf_owner_corresponding")
            for rank in RANKS
        ),
        *(
            kinds.get(kind, 0)
            for kind in ("conference", "journal", "workshop", "preprint", "patent")
        ),
        len(warnings),
        sum(1 for w in warnings if _severity(w) == "loss"),
        "ok",
        None,
        duplicates,
    ]


def _severity(warning: Any) -> str:
    """A warning's severity: as recorded, else from its code (records of older versions)."""
    from bilingual_cv.schema import severity_of

    recorded = as_dict(warning).get("severity")
    return recorded if isinstance(recorded, str) else severity_of(str(warning.get("code")))


def failed_summary_row(file: str, error_code: str | None) -> list[object]:
    """The ``summary.csv`` row of an input that gave no CV: its name, status and error code.

    >>> failed_summary_row("cvs/Jane Roe.pdf", "encrypted_pdf")[-4:]
    ['', 'failed', 'encrypted_pdf', '']
    """
    return [_cell(value) for value in failed_summary_values(file, error_code)]


def failed_summary_values(file: str, error_code: str | None) -> list[object]:
    """The values of the summary row of an input that gave no CV."""
    return [file, *([None] * (len(SUMMARY_COLUMNS) - 4)), "failed", error_code, None]


def summary_rows(
    records: Sequence[tuple[dict[str, Any] | None, str, str | None]], since: int
) -> list[list[object]]:
    """The summary values of a whole batch, in order, each candidate who appears twice
    naming the other inputs (their ``file``) in ``duplicates``.

    Args:
        records: For each input: its CV record (None when it gave none), its file name as
            text, and its error code.
        since: The first year of the ``ccf_*_since_YEAR`` counts.
    """
    twins = find_duplicates([cv for cv, _, _ in records])
    rows: list[list[object]] = []
    for index, (cv, file, error_code) in enumerate(records):
        if cv is None:
            rows.append(failed_summary_values(file, error_code))
            continue
        others = [str(_file_of(records[other])) for other in twins.get(index, [])]
        rows.append(summary_values(cv, since, "; ".join(others) or None))
    return rows


def _file_of(record: tuple[dict[str, Any] | None, str, str | None]) -> object:
    cv, file, _ = record
    return as_dict(as_dict(cv).get("source")).get("path") or file


class Tables:
    """The optional whole-batch outputs: ``--jsonl FILE``, ``--csv DIR`` and ``--xlsx FILE``,
    in input order.

    Args:
        jsonl: The ``--jsonl`` file, or None.
        csv_dir: The ``--csv`` folder, or None.
        since: The first year the summary's ``ccf_*_since_YEAR`` columns count.
        xlsx: The ``--xlsx`` workbook, or None (needs openpyxl, the ``xlsx`` extra).
    """

    def __init__(
        self, jsonl: Path | None, csv_dir: Path | None, *, since: int, xlsx: Path | None = None
    ) -> None:
        self.since = since
        self.xlsx = xlsx
        self.files: list[AtomicFile] = []
        self.records: list[tuple[dict[str, Any] | None, str, str | None]] = []
        self.publication_values: list[list[object]] = []
        self.jsonl = self._open(jsonl) if jsonl else None
        self.publications = self.summary = None
        if csv_dir is not None:
            # utf-8-sig: the BOM makes Excel read the file as UTF-8 (Chinese names and titles)
            self.publications = self._open(csv_dir / PUBLICATIONS_CSV, encoding="utf-8-sig")
            self.summary = self._open(csv_dir / SUMMARY_CSV, encoding="utf-8-sig")
            self.publication_writer = csv.writer(self.publications.handle)
            self.publication_writer.writerow(PUBLICATION_COLUMNS)

    def _open(self, path: Path, *, encoding: str = "utf-8") -> AtomicFile:
        handle = AtomicFile(path, encoding=encoding)
        self.files.append(handle)
        return handle

    @property
    def wanted(self) -> bool:
        return bool(self.files) or self.xlsx is not None

    @property
    def summarized(self) -> bool:
        """Whether a summary (``summary.csv`` or the workbook) is written."""
        return self.summary is not None or self.xlsx is not None

    def add(self, cv: dict[str, Any]) -> None:
        if self.jsonl is not None:
            self.jsonl.handle.write(json.dumps(cv, ensure_ascii=False) + "\n")
        if self.publications is not None:
            self.publication_writer.writerows(publication_rows(cv))
        if self.xlsx is not None:
            self.publication_values.extend(publication_values(cv))
        if self.summarized:
            self.records.append((cv, str((cv.get("source") or {}).get("path") or ""), None))

    def add_failed(self, file: str, error_code: str | None) -> None:
        """A summary row for an input that gave no CV (it has no publications rows)."""
        if self.summarized:
            self.records.append((None, file, error_code))

    def commit(self) -> None:
        """Write the summaries (now that every duplicate is known) and put every file in place."""
        rows = summary_rows(self.records, self.since) if self.summarized else []
        header = summary_columns(self.since)
        if self.summary is not None:
            writer = csv.writer(self.summary.handle)
            writer.writerow(header)
            writer.writerows([_cell(value) for value in row] for row in rows)
        if self.xlsx is not None:
            from bilingual_cv.export.xlsx import write_workbook

            try:
                write_workbook(
                    self.xlsx, (header, rows), (PUBLICATION_COLUMNS, self.publication_values)
                )
            except BaseException:
                self.discard()
                raise
        for handle in self.files:
            handle.commit()

    def discard(self) -> None:
        for handle in self.files:
            handle.discard()
