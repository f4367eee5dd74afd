"""Helpers for the publication tests: a fictional CV around a publication list, the fields
most tests compare, and pieces of fictional author lists.
"""

from __future__ import annotations

import re

import bilingual_cv
from bilingual_cv.schema import CV, Publication


def cv_with(
    body: str, *, name: str = "Ann Lee", heading: str = "PUBLICATIONS", edition: str = "2026"
) -> CV:
    """A fictional CV: an owner's name, an e-mail, and one publication list under ``heading``."""
    return bilingual_cv.parse(
        f"{name}\nann@example.edu\n\n{heading}\n\n{body}\n", ccf_edition=edition
    )


def summary(pub: Publication) -> tuple[object, ...]:
    """Title, short venue name, year, kind, CCF rank, owner position and author count."""
    return (
        pub.title,
        pub.venue.abbr,
        pub.year,
        pub.kind.value,
        pub.ccf.rank.value if pub.ccf else None,
        pub.owner_position,
        len(pub.authors),
    )


AUTHOR_TEXT_WORDS = [
    "Ann",
    "Lee",
    "Bo",
    "Wu",
    "A.",
    "B.",
    "C.-W.",
    "O'Brien",
    "Garcia-Molina",
    "Pérez",
    "van",
    "der",
    "Berg",
    "et al.",
    "Ann Lee*",
    "Bo Wu†",
    "Cy Ma1",
    "(equal contribution)",
    "（通讯作者）",
    "[corresponding author]",
    "李安",
    "Fast",
    "Toys",
    "for",
    "On",
    "in",
    "Proc.",
    "NSDI",
    "2024",
    "(2024).",
    '"Toy',
    ",",
    ".",
    ":",
    "-",
    "and",
    "&",
]


#: Fictional lines in both languages, with degrees, titles, places, roles, authors, patents
#: (the lines of tests/test_lookaheads.py), for the first-character guards of patterns.
GUARD_LINES = [
    "Ph.D. in Computer Science, Lakeview University, Springfield, IL, 2019 – 2024",
    "M.S., B.Eng. (Hons), MPhil; postdoc; Teaching Assistant (TA), CS 101, Fall 2021",
    "Research Intern, Acme Labs, Mountain View, CA; Assistant Professor, Remote",
    "Department of Toy Science, College of Play, Lakeview Institute; 系统 学院 研究所",
    "博士研究生 计算机科学与技术 北湖大学 2018.9-2023.6 博士后 助教 副教授",
    "Ann Lee, Bo Wu and Cy Park & Di Ho, Eve Ng; Fay Li, et al.",
    "Ann Lee*, Bo Wu†1 (equal contribution), Cy Ma [corresponding author], Di Ho2, 李安（通讯作者）",
    "李华、张三和王五，赵六与钱七; 孙八",
    "CN202310123456.7, US 2017123456 B2, Patent No. 201812345678, WO2019123456A1",
    "2023101234567.X 申请号 patent pending; Program Committee member, Session Chair",
    "",
    "ＰＨ．Ｄ． ｋ ſ K x\tTab\u00a0nbsp",
]


def without_guard(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern without its leading ``(?=[...])(?:...)`` first-character guard."""
    found = re.fullmatch(r"\(\?=\[(?:[^\]\\]|\\.)*\]\)\(\?:(.*)\)", pattern.pattern, re.DOTALL)
    assert found is not None, pattern.pattern[:60]
    return re.compile(found.group(1), pattern.flags)


def spans(
    pattern: re.Pattern[str], text: str
) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    """Every match of the pattern in the text: its span and its groups."""
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]
