"""Tests of bilingual_cv.export.xlsx: the ``--xlsx`` workbook, read back with openpyxl (sheets,
frozen header, filters, numbers as numbers, CV text never a formula); fictional records."""

from __future__ import annotations

from pathlib import Path

import openpyxl

import bilingual_cv
from bilingual_cv.export import PUBLICATION_COLUMNS, Tables
from bilingual_cv.export.csv import summary_columns

#: A fictional CV (its owner's name is made to start like a formula below).
JANE_ROE = """Jane Roe
jane.roe@example.org

EDUCATION
Example State University, Ph.D. in Computer Science, 2014 – 2019

PUBLICATIONS
[1] Jane Roe, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Jane Roe, Ada Quill. Learned Page Placement. In SOSP 2019.
"""


def test_the_workbook_has_both_sheets_frozen_filtered_and_typed(tmp_path: Path) -> None:
    cv = bilingual_cv.parse_text(JANE_ROE).model_dump(mode="json")
    cv["person"]["name"] = '=HYPERLINK("http://example.org","Jane Roe")'  # CV text
    book_path = tmp_path / "batch.xlsx"
    tables = Tables(None, None, since=2021, xlsx=book_path)
    tables.add(cv)
    tables.add_failed("cvs/broken.pdf", "corrupt_file")
    assert not book_path.exists()  # written when the batch ends
    tables.commit()
    book = openpyxl.load_workbook(book_path)
    assert book.sheetnames == ["Summary", "Publications"]
    summary, pubs = book["Summary"], book["Publications"]
    header = [cell.value for cell in summary[1]]
    assert header == list(summary_columns(2021))
    assert [cell.value for cell in pubs[1]] == list(PUBLICATION_COLUMNS)
    for sheet, rows in ((summary, 3), (pubs, 3)):
        assert sheet.freeze_panes == "A2"
        assert sheet.auto_filter.ref is not None and sheet.auto_filter.ref.startswith("A1:")
        assert sheet.auto_filter.ref.endswith(str(rows))
    row = dict(zip(header, [cell.value for cell in summary[2]], strict=True))
    assert row["ccf_a"] == 2 and isinstance(row["ccf_a"], int)
    assert row["ccf_a_since_2021"] == 1
    assert row["highest_degree_year"] == 2019 and row["highest_degree_expected"] is False
    assert row["status"] == "ok"
    name_cell = summary.cell(row=2, column=header.index("name") + 1)
    assert name_cell.value == cv["person"]["name"] and name_cell.data_type == "s"
    failed = dict(zip(header, [cell.value for cell in summary[3]], strict=True))
    assert (failed["file"], failed["status"], failed["error_code"]) == (
        "cvs/broken.pdf",
        "failed",
        "corrupt_file",
    )
    year = pubs.cell(row=2, column=PUBLICATION_COLUMNS.index("year") + 1).value
    assert year == 2023 and isinstance(year, int)
