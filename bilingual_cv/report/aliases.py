"""The other names of the institutions a CV names, for the report's filter: a committee member
who types "tsinghua" finds the candidate whose CV says 清华大学, and 清华 finds "Tsinghua
University" (``lexicons/entries/institutions.yaml``).

An institution field is matched after :func:`~bilingual_cv.lexicon.lexicon_key` (and after
folding Traditional characters): English names as whole words, Chinese ones anywhere in the
text, the longest match winning where two overlap ("The Chinese University of Hong Kong" is
CUHK, not the "University of Hong Kong" inside it).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import lexicon_key, load_institutions

__all__ = ["institution_aliases"]


@functools.cache
def _names() -> tuple[tuple[str, bool, int], ...]:
    """Every name's key, whether it is matched as whole words, and its institution's number;
    longest first."""
    names: list[tuple[str, bool, int]] = []
    for number, entry in enumerate(load_institutions().institutions):
        for name in (entry.zh, *entry.en):
            key = lexicon_key(name)
            names.append((key, CJK_RE.search(key) is None, number))
    return tuple(sorted(names, key=lambda item: -len(item[0])))


@functools.cache
def _all_names(number: int) -> tuple[str, ...]:
    entry = load_institutions().institutions[number]
    return (entry.zh, *entry.en)


def _key(text: str) -> str:
    from bilingual_cv.clean import fold_traditional

    return lexicon_key(fold_traditional(text) if CJK_RE.search(text) else text)


def institution_aliases(texts: Iterable[str]) -> list[str]:
    """Every name of every known institution the texts name, in the lexicon's order.

    >>> institution_aliases(["Dept. of CS, Tsinghua University"])
    ['清华大学', 'Tsinghua University']
    >>> institution_aliases(["香港中文大學 計算機系"])[:2]
    ['香港中文大学', 'The Chinese University of Hong Kong']
    >>> institution_aliases(["Example State University"])
    []
    """
    found: set[int] = set()
    for text in texts:
        key = _key(text)
        if not key:
            continue
        taken = [False] * len(key)
        padded = f" {key} "
        for name, whole_words, number in _names():
            start = padded.find(f" {name} ") if whole_words else key.find(name)
            while start != -1:
                if not any(taken[start : start + len(name)]):
                    taken[start : start + len(name)] = [True] * len(name)
                    found.add(number)
                    break
                following = start + 1
                start = (
                    padded.find(f" {name} ", following)
                    if whole_words
                    else key.find(name, following)
                )
    return [name for number in sorted(found) for name in _all_names(number)]
