"""Chinese: jieba-backed tokenization with the domain user dictionary."""

from __future__ import annotations

import logging
import os
import re
from functools import cache, lru_cache
from typing import Protocol

from bilingual_cv.lang import Language
from bilingual_cv.lang.scripts import CJK
from bilingual_cv.lexicon import jieba_userdict_path


class _Tokenizer(Protocol):
    def lcut(self, sentence: str, cut_all: bool = ..., HMM: bool = ...) -> list[str]: ...


@cache
def _tokenizer() -> _Tokenizer:
    """A private jieba tokenizer, loaded on first use, with the domain words kept whole.

    jieba is imported here, not at module import, so ``import bilingual_cv`` stays fast and
    silent; its logger is quieted before it prints its loading banner.
    """
    import jieba

    jieba.setLogLevel(logging.WARNING)
    # The domain dictionary is the whole dictionary: words are only needed to match headings,
    # whose vocabulary it holds, and jieba's 350,000-word general dictionary costs a second
    # and 80 MB to load (bench/run.py); unknown words fall back to jieba's HMM.
    tokenizer = jieba.Tokenizer(dictionary=str(jieba_userdict_path()))
    tokenizer.initialize()
    for word in _heading_vocabulary():  # every word the heading lexicon is made of
        tokenizer.add_word(word, HEADING_WORD_FREQ)
    return tokenizer  # type: ignore[no-any-return]


#: The frequency given to heading words added to the tokenizer (as the user dictionary's).
HEADING_WORD_FREQ = 20000


def _heading_vocabulary() -> list[str]:
    """The Chinese heading lexicon's words: modifiers, keywords, neutral words."""
    from bilingual_cv.lexicon import load_headings

    lex = load_headings("zh")
    words = [*lex.modifiers, *lex.neutral_words, *lex.list_subheadings]
    for table in (lex.keywords, lex.generic_keywords):
        words += [word for group in table.values() for word in group]
    return sorted({word for word in words if len(word) >= 2})


def tokenize_zh(text: str) -> list[str]:
    """Split Chinese text into words, dropping whitespace and punctuation tokens.

    >>> tokenize_zh("近期获奖荣誉")
    ['近期', '获奖', '荣誉']
    >>> "上海交通大学" in tokenize_zh("上海交通大学,信息安全,工学学士")
    True
    """
    return [
        tok
        for tok in _tokenizer().lcut(text, HMM=False)
        if tok.strip() and any(map(str.isalnum, tok))
    ]


#: At most this many reading combinations are tried for one name (polyphonic characters).
MAX_READINGS = 16


@cache
def _pinyin() -> object:
    # readings are asked one character at a time: the phrase dictionaries (200 ms and 40 MB
    # to load, bench/run.py) are never used
    os.environ.setdefault("PYPINYIN_NO_PHRASES", "true")
    os.environ.setdefault("PYPINYIN_NO_DICT_COPY", "true")
    import pypinyin  # loaded on the first Chinese name that needs romanizing

    return pypinyin


@lru_cache(maxsize=8192)
def _readings(char: str) -> list[str]:
    """Every pinyin reading of one Han character (kept: characters recur across names).

    What ``pypinyin.pinyin(char, style=NORMAL, heteronym=True)`` gives, read from its
    character table with the tone marks taken off by one ``str.translate`` (a tenth of the
    cost of the call, which converts each reading by regular expressions); readings written
    with a combining mark or ê (a handful of interjections) take the call itself.
    tests/test_segment.py checks the two agree on every character of the table.
    """
    marked = _reading_table().get(ord(char)) if len(char) == 1 else None
    if marked is None or not _PLAIN_READINGS_RE.fullmatch(marked):
        pypinyin = _pinyin()
        found = pypinyin.pinyin(char, style=pypinyin.Style.NORMAL, heteronym=True)[0]  # type: ignore[attr-defined]
        return list(dict.fromkeys(found))
    return list(dict.fromkeys(marked.translate(_TONELESS).split(",")))


@cache
def _reading_table() -> dict[int, str]:
    """pypinyin's table of each character's tone-marked readings, comma-separated."""
    _pinyin()  # its settings first
    from pypinyin.pinyin_dict import pinyin_dict

    table: dict[int, str] = pinyin_dict
    return table


#: Tone-marked vowels (and ü) as pypinyin's NORMAL style writes them: no tone, ü as v.
_TONELESS = str.maketrans(
    {
        **dict.fromkeys("āáǎà", "a"),
        **dict.fromkeys("ēéěè", "e"),
        **dict.fromkeys("īíǐì", "i"),
        **dict.fromkeys("ōóǒò", "o"),
        **dict.fromkeys("ūúǔù", "u"),
        **dict.fromkeys("üǖǘǚǜ", "v"),
        **dict.fromkeys("ńňǹ", "n"),
        "ḿ": "m",
    }
)
#: Readings the table above converts: plain letters and those marks, nothing else.
_PLAIN_READINGS_RE = re.compile("[a-zāáǎàēéěèīíǐìōóǒòūúǔùüǖǘǚǜńňǹḿ,]+")


def romanize_name(name: str) -> list[tuple[str, str]]:
    """(given, family) pinyin readings of a Han personal name, surname first in the input.

    Polyphonic characters give every reading (曾 zeng/ceng), and names of three or four
    characters are also read with a two-character surname (欧阳).

    >>> romanize_name("王晓明")[:2]
    [('xiaoming', 'wang'), ('xiaomeng', 'wang')]
    >>> ("xiaoxian", "zeng") in romanize_name("曾小贤")
    True
    """
    import itertools

    readings = [_readings(ch) for ch in name]
    out: list[tuple[str, str]] = []
    for surname_len in (1, 2) if len(name) >= 3 else (1,):
        combos = itertools.islice(itertools.product(*readings), MAX_READINGS)
        for combo in combos:
            pair = ("".join(combo[surname_len:]), "".join(combo[:surname_len]))
            if pair[0] and pair not in out:
                out.append(pair)
    return out


#: Chinese (Simplified and Traditional, folded for matching): CJK ideographs, no spaces
#: between words, cut by jieba.
LANGUAGE = Language(
    code="zh",
    script=CJK,
    char_weight=2.5,
    langdetect=("zh-cn", "zh-tw"),
    tokenize=tokenize_zh,
    spaced=False,
)
