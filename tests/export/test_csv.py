"""Tests of bilingual_cv.export.csv: the rows of ``publications.csv`` and ``summary.csv`` from a
CV's JSON form, escaping of cells a spreadsheet would run, and the table writer (``--csv`` and
``--jsonl``), in the test process. The command's tables are tested in tests/cli/test_convert.py."""

from __future__ import annotations

import csv
import io
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import bilingual_cv
from bilingual_cv.export import (
    PUBLICATION_COLUMNS,
    SUMMARY_COLUMNS,
    Tables,
    publication_rows,
    summary_row,
)
from bilingual_cv.export.csv import failed_summary_row, owner_name, summary_columns

#: The first year of the recent counts in these tests.
SINCE = 2021
COLUMNS = summary_columns(SINCE)

#: A fictional CV: the people, school and papers are made up.
JANE_ROE = """Jane Roe
jane.roe@example.org

EDUCATION
Example State University, Ph.D. in Computer Science, 2015 – 2020

PUBLICATIONS
[1] Jane Roe, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Ada Quill, Jane Roe. Cheap Replication at Scale. In ICNP 2022. (CCF-A)
"""


@cache
def record() -> dict[str, Any]:
    return bilingual_cv.parse_text(JANE_ROE).model_dump(mode="json")


def test_one_publication_row_per_publication_in_the_columns_order() -> None:
    cv = record()
    rows = list(publication_rows(cv))
    assert len(rows) == len(cv["publications"]) == 2
    for row, pub in zip(rows, cv["publications"], strict=True):
        cells = dict(zip(PUBLICATION_COLUMNS, row, strict=True))
        assert cells["name"] == "Jane Roe" and cells["title"] == pub["title"]
        assert cells["year"] == pub["year"] and cells["kind"] == pub["kind"]
        assert cells["ccf_rank"] == pub["ccf"]["rank"]
        assert cells["owner_position"] == pub["owner_position"]
        assert cells["first_author"] == (pub["owner_position"] == 1)
        assert cells["authors"] == "; ".join(pub["authors"])
    assert [dict(zip(PUBLICATION_COLUMNS, r, strict=True))["claimed_ccf"] for r in rows] == [
        "",
        "A",
    ]


def test_the_summary_row_counts_what_the_stats_say() -> None:
    cv = record()
    cells = dict(zip(COLUMNS, summary_row(cv, SINCE), strict=True))
    stats = cv["stats"]
    assert cells["publications"] == stats["publications"] == 2
    assert (cells["ccf_a"], cells["ccf_b"]) == (stats["ccf"]["A"], stats["ccf"]["B"])
    assert cells["first_author_ccf_a"] == stats["ccf_owner_first"]["A"]
    assert cells["conference"] == stats["by_kind"]["conference"]
    assert (cells["status"], cells["error_code"]) == ("ok", "")


def test_a_failed_input_has_a_summary_row_of_blanks_but_its_status() -> None:
    cells = dict(zip(COLUMNS, failed_summary_row("cvs/jo.pdf", "corrupt_file"), strict=True))
    assert cells.pop("file") == "cvs/jo.pdf"
    assert (cells.pop("status"), cells.pop("error_code")) == ("failed", "corrupt_file")
    assert set(cells.values()) == {""}


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_cells_a_spreadsheet_would_run_get_an_apostrophe(start: str) -> None:
    hostile = f'{start}HYPERLINK("http://example.org")'
    cv = {
        "source": {"path": f"{start}cv.txt"},
        "person": {"name": hostile},
        "publications": [{"title": hostile, "authors": [hostile], "venue": {"raw": hostile}}],
    }
    row = dict(zip(PUBLICATION_COLUMNS, next(publication_rows(cv)), strict=True))
    for column in ("file", "name", "title", "venue", "authors"):
        assert str(row[column]).startswith("'" + start), (column, row[column])
    summary = dict(zip(COLUMNS, summary_row(cv, SINCE), strict=True))
    assert summary["name"] == "'" + hostile and summary["file"] == f"'{start}cv.txt"
    assert failed_summary_row(hostile, None)[0] == "'" + hostile


def test_text_that_only_contains_a_sign_is_kept() -> None:
    cv = {"person": {"name": "Jane Roe-Poe"}, "publications": [{"title": "C++ = fast?"}]}
    row = dict(zip(PUBLICATION_COLUMNS, next(publication_rows(cv)), strict=True))
    assert (row["name"], row["title"]) == ("Jane Roe-Poe", "C++ = fast?")


def test_the_owner_name_falls_back_to_the_chinese_then_the_inferred_one() -> None:
    assert owner_name({"person": {"name": None, "name_zh": "李华"}}) == "李华"
    assert owner_name({"person": {"inferred_name": "Jane Roe"}}) == "Jane Roe"
    assert owner_name({}) is None


def test_the_tables_appear_only_when_committed_with_a_bom_and_in_order(tmp_path: Path) -> None:
    jsonl, folder = tmp_path / "all.jsonl", tmp_path / "tables"
    folder.mkdir()
    tables = Tables(jsonl, folder, since=SINCE)
    assert tables.wanted
    tables.add(record())
    tables.add_failed("cvs/broken.pdf", "corrupt_file")
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == []
    tables.commit()
    raw = (folder / "publications.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM: Excel shows Chinese
    publications = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert publications[0] == list(PUBLICATION_COLUMNS) and len(publications) == 3
    summary = list(csv.DictReader(io.StringIO((folder / "summary.csv").read_text("utf-8-sig"))))
    assert [(row["file"], row["status"]) for row in summary] == [
        ("", "ok"),  # parsed from text: no source path
        ("cvs/broken.pdf", "failed"),
    ]
    assert [json.loads(line) for line in jsonl.read_text("utf-8").splitlines()] == [record()]
    assert sorted(p.name for p in tmp_path.rglob("*") if p.name.endswith(".tmp")) == []


def test_discarded_tables_leave_nothing(tmp_path: Path) -> None:
    tables = Tables(tmp_path / "all.jsonl", tmp_path, since=SINCE)
    tables.add(record())
    tables.discard()
    assert list(tmp_path.iterdir()) == []
    assert not Tables(None, None, since=SINCE).wanted


def test_the_summary_has_the_committees_columns() -> None:
    cv = bilingual_cv.parse_text(
        JANE_ROE.replace(
            "PUBLICATIONS",
            "EXPERIENCE\nResearch Scientist, Northwind Labs, 2020 – Present\n\nPUBLICATIONS",
        )
    ).model_dump(mode="json")
    cells = dict(zip(summary_columns(2023), summary_row(cv, 2023), strict=True))
    assert (cells["highest_degree"], cells["highest_degree_year"]) == ("phd", 2020)
    assert cells["highest_degree_institution"] == "Example State University"
    assert cells["highest_degree_expected"] is False
    assert (cells["current_position"], cells["current_organization"]) == (
        "Research Scientist",
        "Northwind Labs",
    )
    # OSDI 2023 (A) counts from 2023 on, ICNP 2022 (B) does not
    assert (cells["ccf_a_since_2023"], cells["ccf_b_since_2023"]) == (1, 0)
    assert cells["ccf_b"] == 1
    assert cells["losses"] == 0 and cells["duplicates"] == ""


def test_a_candidate_who_appears_twice_is_flagged_on_both_rows(tmp_path: Path) -> None:
    first = dict(record(), source={"path": "cvs/jane.txt", "sha256": "a" * 64})
    again = dict(record(), source={"path": "cvs/jane-again.pdf", "sha256": "b" * 64})
    other = bilingual_cv.parse_text("Sam Poe\nsam@example.org\n").model_dump(mode="json")
    tables = Tables(None, tmp_path, since=SINCE)
    for cv in (first, other, again):
        tables.add(cv)
    tables.add_failed("cvs/broken.pdf", "corrupt_file")
    tables.commit()
    rows = list(csv.DictReader(io.StringIO((tmp_path / "summary.csv").read_text("utf-8-sig"))))
    assert list(rows[0]) == list(summary_columns(SINCE))
    assert [row["duplicates"] for row in rows] == [
        "cvs/jane-again.pdf",
        "",
        "cvs/jane.txt",
        "",
    ]


def test_losses_count_the_warnings_of_severity_loss() -> None:
    cv = dict(
        record(),
        warnings=[
            {"code": "entry_too_long", "message": "x", "line": 3, "severity": "loss"},
            {"code": "stray_line", "message": "y", "line": 4},  # an older record: no severity
            {"code": "no_sections", "message": "z", "line": None},
        ],
    )
    cells = dict(zip(COLUMNS, summary_row(cv, SINCE), strict=True))
    assert (cells["warnings"], cells["losses"]) == (3, 2)


def test_the_documented_summary_columns_are_the_written_ones() -> None:
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "schema.md").read_text("utf-8")
    listed = re.search(r"one row per input:\s*`([^`]+)`", doc)
    assert listed is not None
    documented = [name.strip() for name in listed.group(1).split(",")]
    assert documented == [column.format(since="YEAR") for column in SUMMARY_COLUMNS]


def test_the_summary_counts_first_or_co_first_and_corresponding_ccf_papers() -> None:
    text = (
        "Jane Roe\njane.roe@example.org\n\nPUBLICATIONS\n* equal contribution, † corresponding\n"
        "[1] Sam Poe*, Jane Roe*. Fast Tiered Caches. In OSDI 2023.\n"
        "[2] Ada Quill, Jane Roe†. Cheap Replication. In SOSP 2021.\n"
    )
    row = dict(
        zip(
            COLUMNS,
            summary_row(bilingual_cv.parse_text(text).model_dump(mode="json"), SINCE),
            strict=True,
        )
    )
    assert (row["first_author_ccf_a"], row["first_or_co_first_ccf_a"]) == (0, 1)
    assert row["corresponding_ccf_a"] == 1


def test_a_publication_row_says_where_its_venue_short_name_comes_from() -> None:
    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n[1] Jane Roe. Caches. In OSDI 2023.\n"
        "[2] Jane Roe. Kites. IEEE Transactions on Kite Engineering, 2021, 3(2): 1-9.\n"
    ).model_dump(mode="json")
    rows = [dict(zip(PUBLICATION_COLUMNS, r, strict=True)) for r in publication_rows(cv)]
    assert [(r["venue_abbr"], r["venue_abbr_source"]) for r in rows] == [
        ("OSDI", "catalog"),
        ("TKE", "initials"),
    ]


def test_a_publication_row_names_the_side_event_of_its_venue() -> None:
    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n[1] Jane Roe. Caches. In OSDI 2023.\n"
        "[2] Jane Roe. Kites. In ACL 2023 (Demo Track).\n"
    ).model_dump(mode="json")
    rows = [dict(zip(PUBLICATION_COLUMNS, r, strict=True)) for r in publication_rows(cv)]
    assert [(r["venue_abbr"], r["venue_track"], r["ccf_rank"]) for r in rows] == [
        ("OSDI", "", "A"),
        ("ACL", "Demo", ""),
    ]
