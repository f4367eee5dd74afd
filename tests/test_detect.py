"""Language routing: script first, seeded langdetect in between, stable across processes."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.detect import count_script, detect_language, document_language
from bilingual_cv.normalize import CJK_RE, LATIN_RE


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
        "from bilingual_cv.detect import detect_language;"
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
    for script in (LATIN_RE, CJK_RE):
        assert count_script(script, text) == len(script.findall(text))


def _stock_and_fast(text: str) -> tuple[object, object]:
    """langdetect's own detector and the whole-string subclass, both fed ``text``."""
    from langdetect.detector import Detector

    from bilingual_cv.detect import _detector_class, _factory

    stock, fast = Detector(_factory()), _detector_class()(_factory())
    for detector in (stock, fast):
        detector.n_trial = 3
        detector.append(text)
        detector.cleaning_text()
    return stock, fast


#: Letters of every block langdetect's NGram.normalize treats apart: Latin with capitals,
#: Latin-1 (kept and excluded), Latin Extended-B and Additional, general punctuation,
#: Arabic, kana, bopomofo, CJK, hangul, digits, spaces and ASCII punctuation.
_NGRAM_ALPHABET = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:'\"()-_\t\n"
    "éüñßÀ×÷ ¡ș ț ạ ệ ỹ — “” … ی ع あ ア ㄅ ㆠ 教育背景清华大学博士论文計算機 한국 ñ"
)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_NGRAM_ALPHABET, max_size=300))
def test_ngram_extraction_equals_langdetects(text: str) -> None:
    stock, fast = _stock_and_fast(text)
    assert fast._extract_ngrams() == stock._extract_ngrams()  # type: ignore[attr-defined]


#: Text langdetect's ``append`` and ``cleaning_text`` treat apart: runs of spaces, web and
#: mail addresses, Vietnamese combining marks, Latin letters and the ASCII between them
#: ("[\\]^_`"), characters at and past U+0300, Latin Extended Additional, astral ones.
_CLEANING_ALPHABET = (
    "abzAZ[\\]^_`@.:/-0123456789     hxtps wm \u0300\u0301\u0323 ạệ ḁ ỹ Ω 教育背景 𝐀 한"
)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(alphabet=_CLEANING_ALPHABET, max_size=40),
            st.sampled_from(["http://toy.example.org/a?b=c ", "ann.lee@toy.example.org ", "  "]),
        ),
        max_size=8,
    ).map("".join),
    st.sampled_from([10000, 25]),
)
def test_appended_and_cleaned_text_equals_langdetects(text: str, max_length: int) -> None:
    from langdetect.detector import Detector

    from bilingual_cv.detect import _detector_class, _factory

    stock, fast = Detector(_factory()), _detector_class()(_factory())
    for detector in (stock, fast):
        detector.set_max_text_length(max_length)
        detector.append(text)
    assert fast.text == stock.text
    for detector in (stock, fast):
        detector.cleaning_text()
    assert fast.text == stock.text


@pytest.mark.parametrize(
    "text",
    [
        "Ann Lee, Bo Wu. FICTIONAL SYSTEMS for Toy Caches. 玩具缓存系统 2023",
        "DEEP Toy Models. 第一作者 李华, 张三. 虚构学报, 2021. ABCD efgh",
        "熟悉 Python, C++, Java; 曾获 ACM-ICPC 亚洲区域赛银奖; 英语 CET-6",
    ],
)
def test_detector_probabilities_equal_langdetects(text: str) -> None:
    stock, fast = _stock_and_fast(text)
    assert fast._extract_ngrams()  # type: ignore[attr-defined]
    assert repr(fast.get_probabilities()) == repr(stock.get_probabilities())  # type: ignore[attr-defined]


def test_ngram_extraction_past_the_memo_bound_equals_langdetects(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bilingual_cv import detect

    monkeypatch.setattr(detect, "_NORMALIZED_MEMO_SIZE", 0)  # nothing more is kept
    text = "Ann Lee, Bo Wu. Toy Caches for Fictional Systems. 玩具缓存 ÀÉ ș ạ あ ア 한 2024"
    stock, fast = _stock_and_fast(text)
    assert fast._extract_ngrams() == stock._extract_ngrams()  # type: ignore[attr-defined]
