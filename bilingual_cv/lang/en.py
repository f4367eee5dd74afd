"""English: regex tokenization for heading and name matching."""

from __future__ import annotations

from functools import cache

from bilingual_cv.lang import Language
from bilingual_cv.lang.scripts import LATIN
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


def surface_forms(token: str) -> frozenset[str]:
    """The words :func:`tokenize_en` stems to ``token``: itself, its plural in ``s``, and
    for a token in ``y`` its plural in ``ies``.

    >>> sorted(surface_forms("activity")), sorted(surface_forms("award"))
    (['activities', 'activity', 'activitys'], ['award', 'awards'])
    """
    plurals = {token, token + "s", token[:-1] + "ies" if token.endswith("y") else token}
    return frozenset(word for word in plurals if stem_en(word) == token)


#: English: Latin letters, words spaced, the default language.
LANGUAGE = Language(
    code="en",
    script=LATIN,
    char_weight=1.0,
    langdetect=("en",),
    tokenize=tokenize_en,
    spaced=True,
    default=True,
    surface_forms=surface_forms,
)
