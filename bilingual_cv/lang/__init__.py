"""The language registry: each language's script, tokenizer and langdetect labels.

``LANGUAGES`` is the only place that lists languages: adding one means adding a segmenter
module here, an entry in the dict, and a lexicon folder ``lexicons/<lang>/``
(``headings.yaml``, ``dates.yaml``). :mod:`bilingual_cv.lang.detect` routes text by asking it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bilingual_cv.lang.en import tokenize_en
from bilingual_cv.lang.scripts import CJK_RE, LATIN_RE
from bilingual_cv.lang.zh import tokenize_zh
from bilingual_cv.schema import Lang


@dataclass(frozen=True, slots=True)
class Language:
    """What routing and matching need to know of one language."""

    code: Lang
    #: The characters of the language's script.
    script: re.Pattern[str]
    #: How much text one character of the script carries, against one Latin letter (a
    #: Chinese word is under two characters, an English word about five letters).
    char_weight: float
    #: The labels langdetect gives this language.
    langdetect: tuple[str, ...]
    #: Words of a text, for heading and name matching.
    tokenize: Callable[[str], list[str]]


#: Every language the parser reads; the first is the default for text with no letters.
LANGUAGES: dict[Lang, Language] = {
    "en": Language("en", LATIN_RE, 1.0, ("en",), tokenize_en),
    "zh": Language("zh", CJK_RE, 2.5, ("zh-cn", "zh-tw"), tokenize_zh),
}
#: Tokenizer per language.
SEGMENTERS: dict[Lang, Callable[[str], list[str]]] = {
    code: language.tokenize for code, language in LANGUAGES.items()
}

#: A numbered or tagged item start: ``1.``, ``[C13]``, ``(3)``, ``P4.``.
ITEM_START_RE = re.compile(
    r"^\s*(?:\[[A-Za-z]{0,3}\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)、](?!\d)|[A-Z]\d{1,3}[.)])\s*"
)


def tokens(text: str, lang: Lang) -> list[str]:
    """Words of ``text`` by the segmenter of ``lang``.

    >>> tokens("Selected Awards", "en")
    ['selected', 'award']
    """
    return SEGMENTERS[lang](text)
