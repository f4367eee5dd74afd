"""Speed guards that must not change a match: patterns that start with a first-character
lookahead find exactly what the same pattern without it finds."""

from __future__ import annotations

import re

from bilingual_cv.entries import degrees, items, places, titles
from bilingual_cv.entries.organizations import organization_words
from bilingual_cv.entries.phrases import PhraseMatcher

#: Fictional lines in both languages, with degrees, titles, places, roles, authors, patents.
LINES = [
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


def _bare(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The pattern without its leading ``(?=[...])(?:...)`` guard."""
    found = re.fullmatch(r"\(\?=\[(?:[^\]\\]|\\.)*\]\)\(\?:(.*)\)", pattern.pattern, re.DOTALL)
    assert found is not None, pattern.pattern[:60]
    return re.compile(found.group(1), pattern.flags)


def _spans(
    pattern: re.Pattern[str], text: str
) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


def _matchers() -> list[PhraseMatcher]:
    return [
        degrees._degrees(),
        titles._title_heads(),
        titles._teaching_words(),
        *titles._kind_words(),
        items._roles(),
        places._places()[0],
        *organization_words(),
    ]


def test_guarded_phrase_matchers_match_as_without_guard() -> None:
    matchers = _matchers()
    for matcher in matchers:
        bare = _bare(matcher.pattern)
        hits = 0
        for line in LINES:
            spans = _spans(matcher.pattern, line)
            assert spans == _spans(bare, line), line
            hits += len(spans)
        assert hits > 0  # the lines hold words of every lexicon


def test_year_pattern_guard_changes_no_match() -> None:
    # (the publication patterns' guards: tests/publications/test_names.py, test_year.py)
    from bilingual_cv.lang.dates import YEAR_RE

    bare = re.compile(r"(?<![\d.])(19[5-9]\d|20\d{2})(?!\d)")  # the plain form of YEAR_RE
    lines = [*LINES, "In 1999 and 2024, 12019, 3.2020, 2020s, 19505 2100 1949 1950"]
    for line in lines:
        assert _spans(YEAR_RE, line) == _spans(bare, line), line
