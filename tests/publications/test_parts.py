"""An entry's lines joined into its text (:mod:`bilingual_cv.publications.parts`), and the
soft hyphens a PDF leaves at a line break, which cleaning removes before lines are joined.
"""

from __future__ import annotations


def test_soft_hyphens_from_a_pdf_join_words_real_hyphens_stay() -> None:
    from bilingual_cv.clean import clean_text

    lines = clean_text("Fast Hier\u00ad\narchical Caches\nMulti\u00ad\nPerspective Views").lines
    assert [line.text for line in lines] == ["Fast Hierarchical Caches", "Multi-Perspective Views"]


def test_lines_join_with_a_space_except_after_a_hyphen_break_and_between_chinese_lines() -> None:
    from bilingual_cv.lines import Line
    from bilingual_cv.publications.parts import join_lines

    lines = [
        Line(1, "Ann Lee, Bo Wu, Cy"),
        Line(2, "Ma. Fast Toys for Slow Net-"),
        Line(3, "works and Multi-"),  # a capital after the hyphen: two words, kept apart
        Line(4, "Core Chips. 李安，吴"),
        Line(5, "波，马丁"),  # a Chinese line wraps inside a name, with no space
    ]
    assert join_lines(lines).text == (
        "Ann Lee, Bo Wu, Cy Ma. Fast Toys for Slow Net-works and Multi- Core Chips. 李安，吴波，马丁"
    )


def test_bold_spans_move_with_their_line_into_the_joined_text() -> None:
    from bilingual_cv.lines import Line
    from bilingual_cv.publications.parts import join_lines

    joined = join_lines([Line(1, "Bo Wu,"), Line(2, "Ann Lee, Cy Ma", bold=((0, 7),))])
    assert joined.text == "Bo Wu, Ann Lee, Cy Ma"
    assert [joined.text[s:e] for s, e in joined.bold] == ["Ann Lee"]
    assert joined.is_bold(7, 14) and not joined.is_bold(0, 5)
