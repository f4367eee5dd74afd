"""The script counters (lang/scripts.py) agree with the script patterns."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bilingual_cv.lang.scripts import (
    CJK_RE,
    HAN,
    LATIN_RE,
    count_cjk,
    count_latin,
    han_runs,
    is_han,
)


def test_count_latin_counts_what_the_latin_pattern_matches() -> None:
    """count_latin reads UTF-8 bytes; it must agree with LATIN_RE on every code point."""
    every = "".join(chr(code) for code in range(0x110000))
    assert count_latin(every) == len(LATIN_RE.findall(every))
    assert count_latin("") == 0


def test_count_cjk_counts_what_the_cjk_pattern_matches() -> None:
    """count_cjk answers 0 for ASCII text without a search; it must agree with CJK_RE on
    every code point and on ASCII text."""
    every = "".join(chr(code) for code in range(0x110000))
    for text in (every, every[:128], "Education 2019-2023", ""):
        assert count_cjk(text) == len(CJK_RE.findall(text))
    # the byte table (every text without a character U+4D00-U+4DFF) and the pattern, each
    # on every block of 256 code points and with one character of the block at either end
    blocks = [every[start : start + 256] for start in range(0, 0x110000, 256)]
    for block in blocks:
        for text in (block, "a" + block, block[:1] + "Ann", "李" + block[-1:]):
            assert count_cjk(text) == len(CJK_RE.findall(text))
    assert count_cjk(every.replace(blocks[0x4D], "")) == len(CJK_RE.findall(every)) - 192


@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from("李學䶵\u4dc0豈\uf9ff")))
def test_count_cjk_agrees_with_the_pattern_on_any_text(text: str) -> None:
    assert count_cjk(text) == len(CJK_RE.findall(text))


def test_is_han_answers_what_the_han_class_matches() -> None:
    """is_han compares code points; it must agree with a class of HAN on every one."""
    han = re.compile(f"[{HAN}]")
    every = [chr(code) for code in range(0x110000)]
    assert [char for char in every if is_han(char)] == [c for c in every if han.fullmatch(c)]


@given(st.text(alphabet=st.sampled_from("清华北大a B类 \u4dff\u4e00\u9fff\ua000"), max_size=30))
def test_han_runs_are_the_runs_the_han_class_finds(text: str) -> None:
    assert han_runs(text) == [m.span() for m in re.finditer(f"[{HAN}]+", text)]
