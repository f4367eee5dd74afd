"""Language routing: script first, seeded langdetect in between, stable across processes."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.lang import languages
from bilingual_cv.lang.detect import count_script, detect_language, document_language


@pytest.mark.parametrize(
    ("text", "lang", "method"),
    [
        ("教育背景", "zh", "script"),  # langdetect says 'ko'
        ("EDUCATION", "en", "script"),  # langdetect says 'es'
        ("學歷", "zh", "script"),
        ("清华大学 计算机系 博士研究生, advisor: Prof. Li", "zh", "script"),
    ],
)
def test_script_decides_clear_cases(text: str, lang: str, method: str) -> None:
    found = detect_language(text)
    assert (found.lang, found.method) == (lang, method)


def test_english_entry_with_chinese_note_routes_to_english() -> None:
    # seed 002 shape: an English paper with a Chinese tag under a Chinese heading
    text = 'Ann Lee, Bo Wu, Cy Ma, "Fast Things at Scale". (OSDI 2024, CCF-A) [系统方向]'
    assert detect_language(text).lang == "en"


def test_langdetect_only_in_between_and_seeded() -> None:
    text = "Research on distributed systems and networking for data centers, 主要关注 RDMA 网络"
    first = detect_language(text)
    assert first.method in ("langdetect", "default")
    assert all(detect_language(text) == first for _ in range(5))


def test_langdetect_is_repeatable_across_processes() -> None:
    code = (
        "from bilingual_cv.lang.detect import detect_language;"
        "print(detect_language('Research on distributed systems and networking for data centers, 主要关注 RDMA 网络'))"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(2)
    }
    assert len(outs) == 1


def test_document_language() -> None:
    zh_cv = [
        ("zh", "教育背景 上海交通大学 计算机 博士 " * 5),
        ("en", "Ann Lee, Bo Wu. Paper. OSDI 2024."),
    ]
    assert document_language(zh_cv) == "zh"
    assert document_language([("en", "Education " * 20)]) == "en"
    assert (
        document_language(
            [("en", "Education and experience " * 4), ("zh", "教育背景和工作经历" * 4)]
        )
        == "mixed"
    )


def test_a_cv_with_headings_in_another_language_is_mixed() -> None:
    """English headings over Chinese bodies, or a Chinese CV with English sections, is written
    in both languages; one English heading over a list of English papers is not."""
    bodies = "2019-2024 东海大学 计算机科学 博士\n导师：罗教授\n2024-至今 西山研究院 研究员\n"
    english_heads = bilingual_cv.parse(f"罗安\n\nEducation\n{bodies}\nExperience\n{bodies}")
    assert english_heads.language == "mixed"
    one_list = bilingual_cv.parse(
        f"罗安\n\n教育背景\n{bodies}\n工作经历\n{bodies}\n"
        "Publications\nAn Luo, Bo Wu. A Fictional Allocator. OSDI, 2024.\n"
    )
    assert one_list.language == "zh"


@settings(max_examples=500, deadline=None)
@given(
    st.text(
        st.one_of(
            st.characters(max_codepoint=0x2FF),
            st.characters(min_codepoint=0x3300, max_codepoint=0xA000),
            st.characters(min_codepoint=0xF800, max_codepoint=0xFB00),
            st.characters(),
        ),
        max_size=30,
    )
)
def test_script_counts_equal_the_matches(text: str) -> None:
    for lang in languages():
        assert count_script(lang, text) == len(lang.script_re.findall(text))
