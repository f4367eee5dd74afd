"""Chinese segmentation helpers: pinyin readings read from pypinyin's table agree with it."""

from __future__ import annotations

import pytest

from bilingual_cv.lang import zh


def _called(char: str) -> list[str]:
    """The readings as ``pypinyin.pinyin`` itself gives them (the slow, reference path)."""
    pypinyin = zh._pinyin()
    found = pypinyin.pinyin(char, style=pypinyin.Style.NORMAL, heteronym=True)[0]  # type: ignore[attr-defined]
    return list(dict.fromkeys(found))


def _table_chars(step: int) -> list[str]:
    return [chr(code) for code in sorted(zh._reading_table())[::step]]


@pytest.mark.parametrize(
    "char",
    # polyphonic family names, ü (绿 lv), a combining-mark interjection (呣), ê (欸),
    # a character outside the table (a Latin letter), two characters
    ["曾", "长", "绿", "吕", "呣", "欸", "诶", "a", "王晓"],
)
def test_readings_match_pypinyin(char: str) -> None:
    assert zh._readings.__wrapped__(char) == _called(char)


def test_readings_match_pypinyin_on_a_sample_of_the_table() -> None:
    chars = _table_chars(97)
    assert len(chars) > 400
    assert [zh._readings.__wrapped__(c) for c in chars] == [_called(c) for c in chars]


@pytest.mark.slow
def test_readings_match_pypinyin_on_every_character_of_the_table() -> None:
    chars = _table_chars(1)
    mismatched = [c for c in chars if zh._readings.__wrapped__(c) != _called(c)]
    assert mismatched == []


def test_romanized_name_keeps_every_reading() -> None:
    assert ("xiaoxian", "zeng") in zh.romanize_name("曾小贤")
    assert ("xiaoxian", "ceng") in zh.romanize_name("曾小贤")
    assert ("li", "lv") in zh.romanize_name("吕丽")
