"""Headings underlined with ``=`` or ``-`` (fictional CVs)."""

from __future__ import annotations

import bilingual_cv


def test_underlined_headings_open_sections_and_their_underlines_are_no_content() -> None:
    text = (
        "Ann Lee\n=======\n\nEducation\n---------\nPh.D., Toy University, 2019 - 2024\n\n"
        "Publications\n------------\nAnn Lee, Bo Wu. Fast toys for slow networks. In NSDI 2024.\n"
        "Ann Lee, Cy Ho. Quiet caches for loud toys. TOCS 2023.\n\nSkills\n------\nPython\n"
    )
    cv = bilingual_cv.parse(text)
    assert [(s.key.value, s.heading) for s in cv.sections] == [
        ("profile", None),
        ("education", "Education"),
        ("publications", "Publications"),
        ("skills", "Skills"),
    ]
    assert [p.title for p in cv.publications] == [
        "Fast toys for slow networks",
        "Quiet caches for loud toys",
    ]


def test_a_rule_under_a_paragraph_underlines_nothing() -> None:
    text = (
        "Ann Lee\n\nSUMMARY\nI build toys for small robots and\nstudy how they fail.\n"
        "----------\n\nEDUCATION\nPh.D., Toy University, 2019 - 2024\n"
    )
    sections = bilingual_cv.parse(text).sections
    assert [s.heading for s in sections] == [None, "SUMMARY", "EDUCATION"]
