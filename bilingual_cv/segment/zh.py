"""Chinese: jieba-backed tokenization with the domain user dictionary."""

from __future__ import annotations

import logging
from functools import cache
from typing import Protocol

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
    tokenizer = jieba.Tokenizer()
    tokenizer.initialize()
    path = jieba_userdict_path()
    if path.is_file():
        tokenizer.load_userdict(str(path))
    return tokenizer  # type: ignore[no-any-return]


def tokenize_zh(text: str) -> list[str]:
    """Split Chinese text into words, dropping whitespace and punctuation tokens.

    >>> tokenize_zh("发表论文情况")
    ['发表论文', '情况']
    >>> "上海交通大学" in tokenize_zh("上海交通大学,信息安全,工学学士")
    True
    """
    return [
        tok
        for tok in _tokenizer().lcut(text, HMM=False)
        if tok.strip() and any(ch.isalnum() for ch in tok)
    ]


#: At most this many reading combinations are tried for one name (polyphonic characters).
MAX_READINGS = 16


@cache
def _pinyin() -> object:
    import pypinyin  # loaded on the first Chinese name that needs romanizing

    return pypinyin


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

    pypinyin = _pinyin()
    readings = [
        list(dict.fromkeys(pypinyin.pinyin(ch, style=pypinyin.Style.NORMAL, heteronym=True)[0]))  # type: ignore[attr-defined]
        for ch in name
    ]
    out: list[tuple[str, str]] = []
    for surname_len in (1, 2) if len(name) >= 3 else (1,):
        combos = itertools.islice(itertools.product(*readings), MAX_READINGS)
        for combo in combos:
            pair = ("".join(combo[surname_len:]), "".join(combo[:surname_len]))
            if pair[0] and pair not in out:
                out.append(pair)
    return out
