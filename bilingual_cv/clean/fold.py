"""Folding for matching: NFKC, Traditional Chinese to Simplified, and a document's script.

Folding makes a *matching key*, never the output: OpenCC folds a document once, and every
output field gets back the characters the CV printed
(:class:`~bilingual_cv.clean.document.Unfolder`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Literal, Protocol

from bilingual_cv.lang.scripts import CJK_RE, count_cjk, count_latin

Script = Literal["hans", "hant", "latin", "mixed"]

#: Characters that NFKC often changes in CVs: full-width forms, the ideographic space,
#: ellipses, ligatures, Roman numerals, circled numbers, super- and subscripts, NBSP. Only a
#: speed-up of :func:`nfkc`: a character it leaves out sends a text to the full algorithm.
_COMPAT_RE = re.compile(
    "[\u00a0-\u00bf\u2000-\u200a\u2024-\u2026\u202f\u2033-\u2037\u203c-\u2057\u205f"
    "\u2070-\u218f\u2460-\u24ff\u3000\u3131-\u33ff\uf900-\ufaff\ufb00-\ufb4f"
    "\ufe10-\ufe6f\uff00-\uffef]"
)


def nfkc(text: str) -> str:
    """``unicodedata.normalize("NFKC", text)``, several times faster on a Chinese document.

    The full algorithm decomposes and recomposes every character, though a CV holds only a
    few that change (``，`` ``：`` ``（``). Each of those is replaced by its own NFKC form,
    which keeps the text equivalent; when the result is normalized, it is *the* NFKC form
    (equivalent texts have one), else the full algorithm runs.

    >>> nfkc("教育背景：清华大学（２０１９）ﬁ…"), nfkc("Jose\u0301 ①")
    ('教育背景:清华大学(2019)fi...', 'José 1')
    """
    if unicodedata.is_normalized("NFKC", text):
        return text
    folded = text
    for char in set(_COMPAT_RE.findall(text)):
        folded = folded.replace(char, unicodedata.normalize("NFKC", char))
    if unicodedata.is_normalized("NFKC", folded):
        return folded
    return unicodedata.normalize("NFKC", text)


class _Converter(Protocol):
    def convert(self, text: str) -> str: ...


@cache
def _opencc() -> _Converter:
    import opencc  # heavy: loaded on first Chinese text, never at import

    converter: _Converter = opencc.OpenCC("t2s")
    return converter


def fold_traditional(text: str) -> str:
    """Fold Traditional Chinese characters to Simplified (OpenCC ``t2s``); other text is kept.

    >>> fold_traditional("學歷：國立臺灣大學 資訊工程學系")
    '学历：国立台湾大学 资讯工程学系'
    >>> fold_traditional("Education")
    'Education'
    """
    if not CJK_RE.search(text):
        return text
    return _opencc().convert(text)


def detect_script(text: str, folded: str) -> Script:
    """Script of a document from its CJK share and how much folding changed.

    >>> detect_script("學歷 經歷 著作", "学历 经历 著作")
    'hant'
    >>> detect_script("Education and Experience", "Education and Experience")
    'latin'
    """
    cjk = count_cjk(text)
    latin = count_latin(text)
    if cjk == 0:
        return "latin"
    if latin and 0.2 <= cjk / (cjk + latin) <= 0.8:
        return "mixed"
    if cjk / (cjk + latin) < 0.2:
        return "latin"
    if folded == text:
        return "hans"
    changed = sum(map(str.__ne__, text, folded))  # the pairs zip() gives, counted in C
    return "hant" if changed >= max(2, 0.02 * cjk) else "hans"
