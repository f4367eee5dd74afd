"""The registry that routes each language to its tokenizer, and the item markers of lists.

``SEGMENTERS`` is the only place that picks a language: adding one means adding a module
here and an entry in the dict.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bilingual_cv.schema import Lang
from bilingual_cv.segment.en import tokenize_en
from bilingual_cv.segment.zh import tokenize_zh

#: Tokenizer per language.
SEGMENTERS: dict[Lang, Callable[[str], list[str]]] = {"en": tokenize_en, "zh": tokenize_zh}

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
