"""Tests of bilingual_cv.export.summary: the figures a committee sorts by, from a CV's JSON form
(highest degree and its label, current position, CCF counts since a year, the same candidate
twice), on fictional records."""

from __future__ import annotations

import datetime

import bilingual_cv
from bilingual_cv.export.summary import (
    ccf_since,
    current_position,
    default_since,
    degree_label,
    degree_year,
    find_duplicates,
    highest_degree,
)

#: A fictional CV: a finished PhD, a job and an internship held now, papers of several years.
ANN_LEE = """Ann Lee
ann.lee@example.org

EDUCATION
Example State University, Ph.D. in Computer Science, 2014 – 2019
Lakeside College, B.S. in Mathematics, 2010 – 2014

EXPERIENCE
Associate Professor, Example State University, 2023 – Present
Research Intern, Northwind Labs, 2024 – Present
Assistant Professor, Example State University, 2019 – 2023

PUBLICATIONS
[1] Ann Lee, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Ann Lee, Ada Quill. Learned Page Placement. In SOSP 2019.
[3] Ann Lee. Cheap Replication at Scale. In ICNP 2022.
"""


def record() -> dict[str, object]:
    return bilingual_cv.parse_text(ANN_LEE).model_dump(mode="json")


def test_the_highest_degree_its_year_and_institution_come_from_the_record() -> None:
    degree = highest_degree(record()["education"])
    assert degree is not None
    assert (degree["degree"], degree_year(degree)) == ("phd", 2019)
    assert degree["institution"] == "Example State University"
    assert degree_label(degree) == "PhD 2019"


def test_an_expected_degree_is_labelled_expected_with_its_year() -> None:
    expected = {"degree": "phd", "start": "2023-09", "end": "2028-06", "expected": True}
    assert degree_label(expected) == "PhD (expected 2028)"
    assert degree_label({"degree": "master", "expected": True}) == "Master (expected)"


def test_the_current_position_is_a_job_held_now_before_an_internship() -> None:
    position = current_position(record())
    assert position is not None
    assert (position["title"], position["organization"]) == (
        "Associate Professor",
        "Example State University",
    )
    assert current_position({"experience": [{"title": "Engineer", "end": "2021"}]}) is None


def test_ccf_counts_since_a_year_leave_out_older_papers() -> None:
    cv = record()
    assert ccf_since(cv, 2000) == {"A": 2, "B": 1, "C": 0}  # OSDI, SOSP (A); ICNP (B)
    assert ccf_since(cv, 2020) == {"A": 1, "B": 1, "C": 0}
    assert ccf_since(cv, 2024) == {"A": 0, "B": 0, "C": 0}


def test_the_default_since_year_is_five_years_before_the_run() -> None:
    assert default_since(datetime.date(2026, 1, 1)) == 2021
    assert default_since(datetime.date(2027, 12, 31)) == 2022


def test_the_same_candidate_twice_is_found_by_name_and_email_or_by_bytes() -> None:
    first = record()
    renamed_copy = {"source": first["source"], "person": {"name": "Someone Else"}}
    stranger = {"person": {"name": "Ann Lee", "emails": ["other@example.org"]}}
    shouted = {"person": {"name": "ANN  LEE", "emails": ["Ann.Lee@Example.org"]}}
    groups = find_duplicates([first, stranger, None, shouted, renamed_copy])
    assert groups == {0: [3, 4], 3: [0, 4], 4: [0, 3]}
    assert find_duplicates([first, stranger]) == {}
