"""The per-line fixes (clean/fixes.py), one artifact at a time, on self-written fragments."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.clean import LINE_FIXES, MAX_LINE_CHARS, apply_line_fixes, clean_text
from tests.clean.pieces import LINE_PIECES, texts


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (r" $Research\ Scientist$ ", "Research Scientist"),
        (r"${\bf AWARDS}$", "AWARDS"),
        (r"Vector math \cdot Serving", "Vector math"),
        (r"$\label{sec:x} Learned \ Indexes$", "Learned Indexes"),
        (r"alex.github.io \price alex@example.edu", "alex.github.io alex@example.edu"),
        ("**Education** Tsinghua University", "Education Tsinghua University"),
        ("## **Teaching**", "Teaching"),
        ("Advisor: [Prof. Ann Lee](#)", "Advisor: Prof. Ann Lee"),
        ("Web: <https://example.org/~al>", "Web: https://example.org/~al"),
        ("🏆 **Best Paper Award**", "Best Paper Award"),
        ("• Built a cache", "Built a cache"),
        ("- · Built a cache", "Built a cache"),
        ("– Advisor: Bo Wu", "Advisor: Bo Wu"),
        ("教育背景：清华大学（２０１９）", "教育背景:清华大学(2019)"),
        ("“Quoted Title”", '"Quoted Title"'),
    ],
)
def test_each_fix_on_first_line(raw: str, expected: str) -> None:
    assert texts(raw)[0] == expected


def test_latex_cdot_starts_a_bulleted_line() -> None:
    lines = clean_text(r"Built it. \cdot Shipped it").lines
    assert [line.text for line in lines] == ["Built it.", "Shipped it"]
    assert lines[1].bullet and lines[1].origin == 1


def test_glued_caps_heading_is_broken_off() -> None:
    assert texts("SERVICE**Technical Program Committee**") == [
        "SERVICE",
        "Technical Program Committee",
    ]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(LINE_PIECES), max_size=6).map("".join), max_size=6))
def test_line_fixes_equal_each_fix_on_each_line(lines: list[str]) -> None:
    expected = []
    for line in lines:
        for fix in LINE_FIXES:
            line = fix(line)
        expected.append(line)
    assert apply_line_fixes("\n".join(lines)) == (expected or [""])


def test_line_fixes_wrap_a_long_line_before_the_others() -> None:
    long_line = "“Toy” " * (MAX_LINE_CHARS // 3)
    fixed = apply_line_fixes("Ann Lee \n" + long_line)
    assert fixed[0] == "Ann Lee" and fixed[1].count("\n") == 1 and "“" not in fixed[1]
