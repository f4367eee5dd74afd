"""Folding for matching (clean/fold.py), on self-written fragments."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.clean import clean_text, nfkc


def test_traditional_is_folded_once_and_recorded() -> None:
    cleaned = clean_text("學歷\n國立臺灣大學 資訊工程學系 博士\n經歷")
    assert [line.text for line in cleaned.lines] == [
        "学历",
        "国立台湾大学 资讯工程学系 博士",
        "经历",
    ]
    assert cleaned.folded and cleaned.script == "hant"
    simplified = clean_text("教育背景\n上海交通大学 博士")
    assert not simplified.folded and simplified.script == "hans"


#: Characters around those NFKC changes: full-width forms, ligatures, combining marks,
#: Hangul jamo (which compose), compatibility ideographs.
NFKC_CHARS = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x24F),
    st.characters(min_codepoint=0x300, max_codepoint=0x36F),
    st.characters(min_codepoint=0x1100, max_codepoint=0x11FF),
    st.characters(min_codepoint=0x2000, max_codepoint=0x24FF),
    st.characters(min_codepoint=0x3000, max_codepoint=0x33FF),
    st.characters(min_codepoint=0xF900, max_codepoint=0xFFEF, exclude_categories=("Cs",)),
    st.sampled_from("教育背景學歷，：（）；"),
)


@settings(max_examples=1000, deadline=None)
@given(st.text(NFKC_CHARS, max_size=12))
def test_nfkc_equals_the_full_algorithm(text: str) -> None:
    assert nfkc(text) == unicodedata.normalize("NFKC", text)
