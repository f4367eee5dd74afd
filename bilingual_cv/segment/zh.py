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
    return [tok for tok in _tokenizer().lcut(text, HMM=False) if tok.strip() and any(ch.isalnum() for ch in tok)]
