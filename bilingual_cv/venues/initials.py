"""A venue's short name from the initials of its full name, for venues no catalog knows.

Many journals are known by the initials of their name's content words (IEEE Transactions on
Knowledge and Data Engineering: TKDE; Journal of Parallel and Distributed Computing: JPDC);
many venues are not (ACM Transactions: TOxx; most conferences). :func:`name_shape` sorts a
name into a shape, and :func:`initials` spells the initials; ``bench/venue_initials.py``
measures, shape by shape, how often the initials equal the abbreviation the CCF and
CORE/TH-CPL catalogs give (``../shared/data/ccf``). :func:`derived_acronym` gives initials only
for the shapes measured precise there (:data:`PRECISE_SHAPES`), and never one that a catalog or
``unranked.yaml`` gives a venue (it would read as that venue).

The words below are part of the rule as measured, not vocabulary to extend: changing them
changes what the bench script measures.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.venues.index import _index

#: Publishers written before a venue's name: not part of its initials.
_PUBLISHERS = frozenset({"ieee", "acm"})
#: Function words: not part of a venue's initials.
_FUNCTION_WORDS = frozenset(
    {"of", "on", "and", "the", "for", "in", "to", "a", "an", "with", "at", "by", "from", "its"}
)
#: Abbreviated head words as CVs write them ("IEEE Trans. on ...", "J. of ...").
_HEADS = {"trans": "transactions", "transaction": "transactions", "j": "journal"}
#: "Proceedings of the" before a name: no part of it.
_PROCEEDINGS_RE = re.compile(r"^\s*(?:proceedings|proc\.?)\s+(?:of\s+)?(?:the\s+)?", re.IGNORECASE)
#: A word of a name: letters and digits, split at hyphens, slashes and other punctuation.
_WORD_RE = re.compile(r"[^\W_]+")
#: A year, an ordinal or another number: no part of a name's initials.
_NUMBER_RE = re.compile(r"\d+(?:st|nd|rd|th)?", re.IGNORECASE)

#: Shapes whose initials equal the catalogs' abbreviation in at least 85% of at least 20
#: catalog venues, as ``bench/venue_initials.py`` printed them (see its table).
PRECISE_SHAPES = frozenset({"IEEE Transactions, 2-4 words", "Journal of, 2-4 words"})


def name_words(name: str) -> tuple[list[str], list[str]]:
    """The publisher words and the other words of a venue name, without "Proceedings of the",
    years, ordinals and numbers; hyphenated words split.

    >>> name_words("Proceedings of the IEEE/ACM 3rd Transactions on Toy-Based Yarn, 2024")
    (['ieee', 'acm'], ['transactions', 'on', 'toy', 'based', 'yarn'])
    """
    text = _PROCEEDINGS_RE.sub("", name)
    words = [w.casefold() for w in _WORD_RE.findall(text) if not _NUMBER_RE.fullmatch(w)]
    publishers: list[str] = []
    while words and words[0] in _PUBLISHERS:
        publishers.append(words.pop(0))
    return publishers, [_HEADS.get(w, w) for w in words]


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w not in _FUNCTION_WORDS]


def _bucket(count: int) -> str:
    return "2-4 words" if 2 <= count <= 4 else f"{count} words" if count < 2 else "5+ words"


def name_shape(name: str) -> str:
    """The shape of a venue name the initials rule is measured by: its publisher, its head
    (Transactions on, Journal of, Conference, ...) and how many content words follow.

    >>> name_shape("IEEE Transactions on Toy Engineering"), name_shape("Journal of Toy Yarn and Glue")
    ('IEEE Transactions, 2-4 words', 'Journal of, 2-4 words')
    >>> name_shape("International Conference on Toys"), name_shape("ACM Transactions on Toys")
    ('Conference', 'ACM Transactions, 1 words')
    """
    publishers, words = name_words(name)
    content = _content(words)
    if words[:2] == ["transactions", "on"]:
        head = "IEEE" if "ieee" in publishers else "ACM" if publishers else "other"
        return f"{head} Transactions, {_bucket(len(content) - 1)}"
    lead = 1 if words[:1] == ["international"] else 0  # "International Journal of": one shape
    if words[lead : lead + 2] in (["journal", "of"], ["journal", "on"]):
        head = "IEEE Journal" if publishers else "Journal of"
        return f"{head}, {_bucket(len(content) - 1 - lead)}"
    for kind in ("workshop", "symposium", "conference", "congress", "forum"):
        if kind in words:
            return kind.capitalize()
    if "journal" in words or "transactions" in words:
        return f"other journal, {_bucket(len(content))}"
    return f"other, {_bucket(len(content))}"


def initials(name: str) -> str:
    """The initials of a venue name's content words, in capitals; publishers, function
    words, years and ordinals left out, hyphenated words split.

    >>> initials("IEEE Transactions on Toy-Based Engineering"), initials("Journal of Yarn, Glue and Tape")
    ('TTBE', 'JYGT')
    """
    return "".join(w[0] for w in _content(name_words(name)[1])).upper()


@lru_cache(maxsize=4096)
def derived_acronym(name: str) -> str | None:
    """The initials of a venue name of a precise shape (:data:`PRECISE_SHAPES`), unless a
    catalog or ``unranked.yaml`` gives that short name to a venue.

    Memoized by name: a CV names the same journals again and again.

    >>> derived_acronym("IEEE Transactions on Toy Engineering"), derived_acronym("International Conference on Toys")
    ('TTE', None)
    >>> derived_acronym("IEEE Transactions on Dependable and Secure Computing") is None  # TDSC is a catalog's
    True
    """
    if not name.isascii() or name_shape(name) not in PRECISE_SHAPES:
        return None
    acronym = initials(name)
    return None if _taken(acronym) else acronym


def _taken(acronym: str) -> bool:
    """A catalog abbreviation (either edition) or a key of a catalog or ``unranked.yaml``
    venue (its aliases, abbreviations included) is ``acronym``."""
    idx = _index()
    key = lexicon_key(acronym)
    return key in idx.exact or any(key in table for table in idx.abbr_keys.values())
