"""English: regex tokenization for heading and name matching."""

from __future__ import annotations

from functools import cache

from bilingual_cv.lexicon import lexicon_key, load_headings


@cache
def _stop_words() -> frozenset[str]:
    """Words that carry no meaning in a heading (lexicons/en/headings.yaml ``stop_words``)."""
    return frozenset(lexicon_key(word) for word in load_headings("en").stop_words)


def stem_en(token: str) -> str:
    """Crude plural folding for heading words: ``Awards`` and ``Award`` match.

    >>> [stem_en(t) for t in ["awards", "services", "class", "activities", "news"]]
    ['award', 'service', 'class', 'activity', 'news']
    """
    if len(token) > 4 and token.endswith("ies"):
        return token[:-3] + "y"
    if len(token) > 3 and token.endswith("s") and not token.endswith(("ss", "us", "is", "ws")):
        return token[:-1]
    return token


def tokenize_en(text: str) -> list[str]:
    """Heading tokens: normalized, stemmed, stop words dropped.

    >>> tokenize_en("Honors & Awards")
    ['honor', 'award']
    >>> tokenize_en("PEER-REVIEWED Journal Articles")
    ['peer', 'reviewed', 'journal', 'article']
    """
    stop = _stop_words()
    return [stem_en(tok) for tok in lexicon_key(text).split() if tok not in stop]
