"""A line that holds only a patent's number and date
(:mod:`bilingual_cv.publications.patent_numbers`), on fictional numbers."""

from __future__ import annotations

import pytest

from bilingual_cv.publications.patent_numbers import read_number_line

#: A right-hand date column, as text extracted with its layout prints it.
GAP = " " * 40


@pytest.mark.parametrize(
    ("text", "number", "date"),
    [
        ("US 10,234,567 B2", "US 10,234,567 B2", None),
        (f"US 10234567 B2{GAP}Oct 2019", "US 10234567 B2", "2019-10"),
        (f"KR 10-1234567{GAP}Mar 2023", "KR 10-1234567", "2023-03"),
        (f"KR 10-2021-0123456{GAP}Nov 2021", "KR 10-2021-0123456", "2021-11"),
        ("CN 2020101234567, 2022", "CN 2020101234567", "2022"),
        ("ZL 2020 1 0123456.7", "ZL 2020 1 0123456.7", None),
        ("EP 3 123 456 B1 (2019)", "EP 3 123 456 B1", "2019"),
        ("WO 2020/123456", "WO 2020/123456", None),
        ("JP 2020-123456   2020.04", "JP 2020-123456", "2020-04"),
        ("U.S. Patent No. 10,234,567", "U.S. Patent No. 10,234,567", None),
    ],
)
def test_a_line_of_a_patent_number_and_a_date_is_read(
    text: str, number: str, date: str | None
) -> None:
    found = read_number_line(text)
    assert found is not None and (found.number, found.date) == (number, date)


@pytest.mark.parametrize(
    "text",
    [
        "US 10234567, Toy kite launcher",  # the title on the same line
        "EP 2019, pp. 12-15",  # too few digits for a number
        "KR 10-2021-0123456 pending review",  # words beside the number
        "Journal of Toy Kites, 2021",
        "US 10234567 - present",
    ],
)
def test_a_line_with_more_than_a_number_and_a_date_is_no_number_line(text: str) -> None:
    assert read_number_line(text) is None
