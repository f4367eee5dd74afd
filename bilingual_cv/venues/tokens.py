"""Tokens and lookup keys of venue texts.

A venue text is cut into word runs, CJK runs and the punctuation that structures it
(:func:`_tokenize`); a lexicon entry is cut the same way into its lookup key (:func:`_key`),
so that a text's tokens join to the keys of the names they write. Also here: the loose form
of a key (:func:`_loose_key`), marker phrases found among keys (:func:`_find_phrase`), leading
noise phrases cut (:func:`_strip_leading`), and a text's bracket groups and pieces.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache, partial
from typing import NamedTuple

from bilingual_cv.lang.scripts import CJK
from bilingual_cv.lexicon import lexicon_key

#: CJK ideographs: a run of them is one token, split from adjacent Latin letters ("会议MOBICOM").
_CJK = CJK


#: Word runs, CJK runs, and the punctuation that structures a venue text.
_TOKEN = re.compile(rf"[^\W_{_CJK}]+|[{_CJK}]+|[()\[\]{{}}【】〔〕,;|/:@]")


#: :data:`_TOKEN` on ASCII text (most venue texts), with ranges for the categories: the same
#: tokens, a third faster.
_ASCII_TOKEN = re.compile(r"[A-Za-z0-9]+|[()\[\]{},;|/:@]")


#: A number, a year or an ordinal ("2024", "'25" -> "25", "54th", "51th", "2nd").
_NUMBER = re.compile(r"\d+(?:st|nd|rd|th)?")


#: Punctuation that separates the parts of a venue text or a list of venues.
_SEPARATORS = frozenset(",;|/:")


_OPEN = frozenset("([{【〔")


_CLOSE = frozenset(")]}】〕")


def _key_tokens(text: str) -> tuple[str, ...]:
    """Lookup tokens of a lexicon entry: :func:`lexicon_key`, CJK runs split from Latin ones.

    >>> _key_tokens("IEEE/ACM Transactions on Networking")
    ('ieee', 'acm', 'transactions', 'on', 'networking')
    >>> _key_tokens("发表于MobiCom")
    ('发表于', 'mobicom')
    """
    return tuple(t.group(0) for t in _TOKEN.finditer(lexicon_key(text)))


def _key(text: str) -> str:
    return " ".join(_key_tokens(text))


def _phrases(words: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    """Marker phrases as token tuples, longest first so the longest phrase wins (then in
    alphabetical order: the same tables whatever the hash seed)."""
    found = {_key_tokens(w) for w in words if _key_tokens(w)}
    return tuple(sorted(found, key=lambda phrase: (-len(phrase), phrase)))


def _loose_key(key: str, noise: frozenset[str]) -> str | None:
    """The key without publisher and function words, each word in the singular, when three
    or more words remain ("Networked System Design" is "Networked Systems Design").

    >>> _loose_key("the symposium on networked systems design", frozenset({"the", "on"}))
    'symposium networked system design'
    """
    kept = [_singular(t) for t in key.split() if t not in noise]
    return " ".join(kept) if len(kept) >= 3 else None


def _singular(word: str) -> str:
    """An English plural cut to its singular, well enough for comparing names: words of five
    letters or more ending in a plain "s" ("systems", "databases"; not "access", "analysis")."""
    if len(word) >= 5 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class _Tok(NamedTuple):
    """A token (a tuple: made and compared many times per venue text)."""

    text: str
    key: str
    start: int
    end: int
    #: a full stop follows the word: maybe an abbreviated word ("Trans.", "Comput.")
    dotted: bool
    #: a word, not punctuation (its first character is a letter or digit)
    word: bool
    #: a number, a year or an ordinal (:data:`_NUMBER`)
    number: bool


def _tokenize(text: str) -> list[_Tok]:
    """Word and structure tokens of a venue text (NFKC; keys casefolded like lexicon_key)."""
    text = unicodedata.normalize("NFKC", text)
    toks: list[_Tok] = []
    for m in (_ASCII_TOKEN if text.isascii() else _TOKEN).finditer(text):
        written = m.group()
        start, end = m.span()
        key, word, number = _token_kind(written)
        toks.append(_new_tok((written, key, start, end, text[end : end + 1] == ".", word, number)))
    return toks


#: Builds a :class:`_Tok` from its fields without the generated ``__new__`` (a Python call
#: per token, a fifth of the cost of tokenizing).
_new_tok = partial(tuple.__new__, _Tok)


@lru_cache(maxsize=16384)
def _token_kind(written: str) -> tuple[str, bool, bool]:
    """A token's key, whether it is a word, whether it is a number (the same words recur in
    every venue text: "conference", "ieee", "2024")."""
    key = written.casefold()
    return key, written[0].isalnum(), key[0].isdigit() and _NUMBER.fullmatch(key) is not None


def _find_phrase(
    keys: Sequence[str], phrases: Sequence[tuple[str, ...]], start: int = 0
) -> tuple[int, int] | None:
    """First (leftmost, then longest) occurrence of any phrase in ``keys``."""
    by_first = _grouped(phrases)
    if by_first.keys().isdisjoint(keys):
        return None  # no word starts a phrase (most texts, for most tables)
    for i in range(start, len(keys)):
        for phrase in by_first.get(keys[i], ()):
            if tuple(keys[i : i + len(phrase)]) == phrase:
                return i, i + len(phrase)
    return None


def _grouped(phrases: Sequence[tuple[str, ...]]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The phrases grouped by their first word (:func:`_phrases_by_first`)."""
    known = _BY_FIRST.get(id(phrases))
    if known is not None and known[0] is phrases:
        return known[1]  # the marker tables: found by identity, not by hashing them
    by_first = _phrases_by_first(tuple(phrases))
    if isinstance(phrases, tuple) and len(_BY_FIRST) < _BY_FIRST_MAX:
        _BY_FIRST[id(phrases)] = (phrases, by_first)
    return by_first


#: Phrase tables grouped by :func:`_phrases_by_first`, by the identity of the table (kept
#: alive here, so an identity is never reused); the tables are the few of :class:`_Markers`.
_BY_FIRST: dict[int, tuple[Sequence[tuple[str, ...]], dict[str, tuple[tuple[str, ...], ...]]]] = {}


_BY_FIRST_MAX = 64


@cache
def _phrases_by_first(
    phrases: tuple[tuple[str, ...], ...],
) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Phrases grouped by their first word, in their listed order (lookups run per token)."""
    grouped: dict[str, list[tuple[str, ...]]] = {}
    for phrase in phrases:
        if phrase:
            grouped.setdefault(phrase[0], []).append(phrase)
    return {first: tuple(group) for first, group in grouped.items()}


def _strip_leading(words: Sequence[_Tok], phrases: Sequence[tuple[str, ...]]) -> list[_Tok]:
    """Remove leading noise phrases ("In Proceedings of the") repeatedly (see
    :func:`_leading_length`)."""
    return list(words[_leading_length([t.key for t in words], phrases) :])


def _leading_length(keys: Sequence[str], phrases: Sequence[tuple[str, ...]]) -> int:
    """How many keys leading noise phrases cover, cut repeatedly: the first listed phrase
    that starts the rest (only those starting with its first word can) and leaves a word."""
    by_first = _grouped(phrases)
    start = 0
    while start < len(keys):
        for phrase in by_first.get(keys[start], ()):
            end = start + len(phrase)
            if end < len(keys) and tuple(keys[start:end]) == phrase:
                start = end
                break
        else:
            return start
    return start


def _split_parens(toks: Sequence[_Tok]) -> tuple[list[_Tok], list[list[_Tok]]]:
    """Tokens outside any bracket, and the tokens of each top-level bracket group."""
    outside: list[_Tok] = []
    groups: list[list[_Tok]] = []
    depth = 0
    for tok in toks:
        if tok.text in _OPEN:
            if depth == 0:
                groups.append([])
            depth += 1
        elif tok.text in _CLOSE:
            depth = max(depth - 1, 0)
        elif depth:
            groups[-1].append(tok)
        else:
            outside.append(tok)
    return outside, groups


def _pieces(toks: Sequence[_Tok]) -> list[list[_Tok]]:
    """Word tokens between separators ("Sigmetrics 2023, CCF-B" -> two pieces)."""
    pieces: list[list[_Tok]] = [[]]
    for tok in toks:
        if tok.text in _SEPARATORS:
            pieces.append([])
        elif tok.word:
            pieces[-1].append(tok)
    return [p for p in pieces if p]


def _words(toks: Iterable[_Tok]) -> list[_Tok]:
    return [t for t in toks if t.word]


def _with_plurals(words: Iterable[str]) -> frozenset[str]:
    """The words and each plural that :func:`_singular` cuts back to one of them: a token
    whose key is in the set is the word itself or, in the singular, starts a loose key."""
    found = set(words)
    return frozenset(found | {w + "s" for w in found if _singular(w + "s") == w})
