"""Catalog names found in the words of a venue text.

The whole text as one name (:func:`_exact`: as cleaned, without leading noise, loosely, without
leading publishers, as an ISO 4 abbreviation), names inside longer text (:func:`_scan`,
longest-leftmost), both for a short text (:func:`_lookup`); and the tables of first words that
let the many texts that start no name skip the work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bilingual_cv.venues.catalog import _Target
from bilingual_cv.venues.index import _abbreviation_signature, _Index, _type_of
from bilingual_cv.venues.markers import VenueKind, VenueType, _clean, _text_kind
from bilingual_cv.venues.tokens import (
    _leading_length,
    _pieces,
    _singular,
    _Tok,
    _with_plurals,
    _words,
)


@dataclass(frozen=True, slots=True)
class _Hit:
    target: _Target
    key: str
    start: int
    end: int
    loose: bool = False
    #: the name is the whole text looked at, not a name found inside a longer text
    whole: bool = True


def _exact(words: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """The whole (cleaned) text is a known venue name, abbreviation or alias: as cleaned,
    then without leading noise ("In Proceedings of the"), each as written then loosely, then
    without leading publishers, then as an ISO 4 abbreviation."""
    if not _may_name([t.key for t in words], idx) and not any(t.dotted for t in words):
        return None  # every variant starts with one of the words; ISO 4 forms need a stop
    cleaned = _clean(words, idx.markers)
    keys = [t.key for t in cleaned]
    # the variants are suffixes of the cleaned words: where each starts
    lead = _leading_length(keys, idx.markers.leading)
    starts = [0] if lead == 0 else [0, lead]
    for start in starts:
        key = " ".join(keys[start:])
        target = idx.exact.get(key)
        if target is not None:
            return _Hit(target, key, 0, len(cleaned) - start)
    for start in starts:
        loose = _loose_lookup(keys[start:], idx)
        if loose is not None:
            return _Hit(idx.loose[loose], loose, 0, len(cleaned) - start, loose=True)
    start = starts[-1]
    while len(keys) - start > 1 and keys[start] in idx.markers.name_noise:
        start += 1
    key = " ".join(keys[start:])
    target = idx.exact.get(key)
    if target is not None and target.ids:
        return _Hit(target, key, 0, len(keys) - start)
    return _abbreviated(cleaned[lead:], idx)


def _loose_lookup(keys: Sequence[str], idx: _Index) -> str | None:
    """The loose key (:func:`_loose_key`) of the words when it names a venue; words whose
    first content word starts no loose key are not looked up further."""
    noise = idx.markers.name_noise
    content = [k for k in keys if k not in noise]
    if len(content) < 3 or content[0] not in _loose_starts(idx):
        return None
    loose = " ".join([_singular(k) for k in content])
    return loose if loose in idx.loose else None


@cache
def _loose_starts(idx: _Index) -> frozenset[str]:
    """Every word whose singular starts a loose key (:func:`_with_plurals`)."""
    return _with_plurals(_key_lengths(idx, loose=True))


def _abbreviated(words: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """A name written with ISO 4 / dblp abbreviations: every word of the name in order, each
    either as written or cut short before a full stop ("IEEE Trans. Parallel Distrib. Syst.",
    "IEEE J. Sel. Areas Commun."). Publisher and function words are ignored on both sides
    ("Int." for International too); the name must be the only one that fits."""
    if not any(t.dotted for t in words):
        return None
    noise = idx.markers.name_noise
    cut_noise = _noise_prefixes(idx)
    content = [t for t in words if t.key not in noise and not (t.dotted and t.key in cut_noise)]
    if len(content) < 2:
        return None
    found: set[str] = set()
    targets: set[_Target] = set()
    for name, key in idx.abbreviated.get(_abbreviation_signature([t.key for t in content]), ()):
        short = False
        for tok, word in zip(content, name, strict=True):
            if tok.key == word:
                continue
            if not (tok.dotted and len(tok.key) < len(word) and word.startswith(tok.key)):
                break
            short = True
        else:
            if short:
                found.add(key)
                targets.add(idx.exact[key])
    if len(targets) != 1:
        return None
    key = min(found, key=lambda k: (k not in idx.exact or not idx.exact[k].ids, len(k)))
    return _Hit(idx.exact[key], key, 0, len(words))


@cache
def _noise_prefixes(idx: _Index) -> frozenset[str]:
    """Every beginning of three letters or more of a publisher or function word: the forms
    an abbreviation may cut it to ("Int." for International)."""
    return frozenset(
        word[:end] for word in idx.markers.name_noise for end in range(3, len(word) + 1)
    )


def _is_strong(span: Sequence[_Tok], target: _Target) -> bool:
    """A hit found inside longer text is trusted when it is long or written like an acronym.

    Short keys are common words in lower or title case ("Performance", "Networking", "AI" in
    "AI Compute"); inside running text they count only when a token has two capitals or more.
    """
    if len(span) >= 3 or (target.unranked is not None and target.unranked.kind == "preprint"):
        return True
    letters = sum(c.isalpha() for t in span for c in t.text)
    capitals = max(sum(c.isupper() for c in t.text) for t in span)
    return letters >= 3 and capitals >= 2


def _type_fits(target: _Target, text_kind: VenueKind | None, idx: _Index) -> bool:
    """A name found inside a text that calls itself a journal must be a journal, and so on."""
    if text_kind not in ("journal", "conference"):
        return True
    if target.unranked is not None:
        return target.unranked.kind in (None, text_kind, "workshop", "preprint")
    return text_kind in _target_types(target, idx)


@cache
def _target_types(target: _Target, idx: _Index) -> frozenset[VenueType]:
    """The catalog types a lookup key can name (computed once per key)."""
    return frozenset(_type_of(vid, idx) for vid in target.ids)


#: A name found inside a text is a venue's name only when it is at least this many words, or
#: when the text does not go on with the name right after it.
MIN_OPEN_NAME_WORDS = 3


def _name_goes_on(words: Sequence[_Tok], start: int, end: int, idx: _Index) -> bool:
    """A catalog name found inside a longer name that goes on right after it ("International
    Conference on Cloud Computing" + " Research and Innovations" is another conference): the
    next word follows after a single space and is capitalized, not a number, marker or
    publisher word. An abbreviation after the name ("... Implementation NSDI") ends it.

    >>> from bilingual_cv.venues.index import _index
    >>> from bilingual_cv.venues.tokens import _tokenize
    >>> toks = _words(_tokenize("International Conference on Cloud Computing Research and Innovations"))
    >>> _name_goes_on(toks, 0, 5, _index()), _name_goes_on(toks, 0, 8, _index())
    (True, False)
    """
    if end - start < MIN_OPEN_NAME_WORDS or end >= len(words):
        return False
    last, nxt = words[end - 1], words[end]
    if nxt.start - last.end != 1 or nxt.number or not nxt.text[:1].isupper():
        return False
    if nxt.text.isupper() or nxt.key in idx.markers.name_noise:
        return False
    markers = idx.markers
    return not any(
        nxt.key in group for group in (markers.workshop, markers.journal, markers.conference)
    )


def _name_starts_before(words: Sequence[_Tok], start: int, idx: _Index) -> bool:
    """A loose name found inside a longer name that begins before it: the word right before
    is a capitalized word that is no publisher, function word or number ("Joint European"
    + "Conference on Machine Learning ..." is not the International Conference on Machine
    Learning, whose loose key dropped "International").

    >>> from bilingual_cv.venues.index import _index
    >>> from bilingual_cv.venues.tokens import _tokenize
    >>> toks = _words(_tokenize("Joint European Conference on Machine Learning"))
    >>> _name_starts_before(toks, 2, _index()), _name_starts_before(toks, 0, _index())
    (True, False)
    """
    if start == 0:
        return False
    before = words[start - 1]
    if before.number or not before.text[:1].isupper():
        return False
    return before.key not in idx.markers.name_noise and before.key not in _leading_words(idx)


@cache
def _leading_words(idx: _Index) -> frozenset[str]:
    """Every word of the leading noise phrases ("In Proceedings of the")."""
    return frozenset(word for phrase in idx.markers.leading for word in phrase)


def _scan(words: Sequence[_Tok], idx: _Index) -> list[_Hit]:
    """Every known venue named inside ``words``, longest-leftmost, without overlaps."""
    kinds: list[VenueKind | None] = []  # what the words say the venue is, once needed
    keys = [t.key for t in words]
    if not _may_name(keys, idx):
        return []
    hits: list[_Hit] = []
    lengths = _key_lengths(idx)
    i = 0
    while i < len(words):
        if keys[i] not in lengths:
            i += 1
            continue
        longest = _reach(keys, i, _key_prefixes(idx))
        for length in lengths[keys[i]]:
            if length > longest:
                continue
            key = " ".join(keys[i : i + length])
            target = idx.exact.get(key)
            if target is None or not _is_strong(words[i : i + length], target):
                continue
            if not kinds:
                kinds.append(_text_kind(words, idx.markers))
            if _type_fits(target, kinds[0], idx) and not _name_goes_on(words, i, i + length, idx):
                hits.append(_Hit(target, key, i, i + length, whole=False))
                i += length
                break
        else:
            i += 1
    if hits:
        return hits
    kept = [(n, t) for n, t in enumerate(words) if t.key not in idx.markers.name_noise]
    kept_keys = [_singular(t.key) for _, t in kept]  # loose keys are in the singular
    loose_lengths = _key_lengths(idx, loose=True)
    i = 0
    while i < len(kept):
        if kept_keys[i] not in loose_lengths:
            i += 1
            continue
        longest = _reach(kept_keys, i, _key_prefixes(idx, loose=True))
        for length in loose_lengths[kept_keys[i]]:
            if length > longest:
                continue
            key = " ".join(kept_keys[i : i + length])
            target = idx.loose.get(key)
            end = kept[i + length - 1][0] + 1
            if target is None:
                continue
            if not kinds:
                kinds.append(_text_kind(words, idx.markers))
            if (
                _type_fits(target, kinds[0], idx)
                and not _name_goes_on(words, kept[i][0], end, idx)
                and not _name_starts_before(words, kept[i][0], idx)
            ):
                hits.append(_Hit(target, key, kept[i][0], end, loose=True, whole=False))
                i += length
                break
        else:
            i += 1
    return hits


def _reach(keys: Sequence[str], i: int, prefixes: frozenset[str]) -> int:
    """How many keys from ``i`` on begin a name (``keys[i]`` starts one): the joined keys
    are in ``prefixes`` (:func:`_key_prefixes`), so no longer name starts at ``i`` (a scan
    tried each length there is, a join and a lookup each: "acm" starts names of 14 lengths).
    """
    prefix = keys[i]
    end = i + 1
    while end < len(keys) and (prefix := f"{prefix} {keys[end]}") in prefixes:
        end += 1
    return end - i


@cache
def _key_prefixes(idx: _Index, loose: bool = False) -> frozenset[str]:
    """The first one, two, ... words of every exact (or loose) key, joined like the key."""
    prefixes: set[str] = set()
    for key in idx.loose if loose else idx.exact:
        words = key.split(" ")
        prefixes.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
    return frozenset(prefixes)


@cache
def _key_lengths(idx: _Index, loose: bool = False) -> dict[str, tuple[int, ...]]:
    """First word of every exact (or loose, of three words or more) key -> the word counts
    of the keys it starts, longest first: a scan skips tokens that start none, and tries only
    the lengths of names there are (a token's key holds no space, so a text of n tokens joins
    to a key of n words)."""
    lengths: dict[str, set[int]] = {}
    for key in idx.loose if loose else idx.exact:
        words = key.split(" ")
        if loose and len(words) < 3:
            continue
        lengths.setdefault(words[0], set()).add(len(words))
    return {first: tuple(sorted(found, reverse=True)) for first, found in lengths.items()}


#: A venue's name spans at most this many pieces between separators of a text looked up.
MAX_JOINED_PIECES = 4


def _lookup(toks: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """The venue a short text names: whole text, then each piece, then inside the text."""
    words = _words(toks)
    if not words:
        return None
    hit = _exact(words, idx)
    if hit is not None:
        return hit
    pieces = _pieces(toks)
    for count in range(min(len(pieces) - 1, MAX_JOINED_PIECES), 1, -1):
        # a name with a separator inside ("IEEE/CVF Computer Vision ...", "Requirements
        # Engineering: Foundation for ...") before a citation's tail ("pp. 1-9. Springer,
        # Cham"): the first pieces together name it, before any one piece is taken alone
        hit = _exact([tok for piece in pieces[:count] for tok in piece], idx)
        if hit is not None:
            return hit
    if len(pieces) > 1:
        for piece in pieces:
            hit = _exact(piece, idx)
            if hit is not None:
                return hit
    hits = _scan(words, idx)
    return hits[0] if hits else None


def _same_venue(a: _Hit, b: _Hit) -> bool:
    if a.target.unranked is not None or b.target.unranked is not None:
        return a.target.unranked == b.target.unranked
    return bool(set(a.target.ids) & set(b.target.ids))


def _is_workshop_name(hit: _Hit, idx: _Index) -> bool:
    item = hit.target.unranked
    if item is not None:
        return item.kind == "workshop"
    return bool(hit.target.ids) and all(vid in idx.workshop_like for vid in hit.target.ids)


@cache
def _name_starts(idx: _Index) -> frozenset[str]:
    """Every token key a name of the tables can start with: the first words of the exact
    keys, and of the loose keys with their plurals; an empty key (none in the lexicons)
    would be listed as ``""``."""
    exact = {key.split(" ")[0] for key in idx.exact}
    return frozenset(exact) | _with_plurals(key.split(" ")[0] for key in idx.loose)


def _may_name(keys: Sequence[str], idx: _Index) -> bool:
    """Whether a catalog, alias or loose name can start at one of the keys (a cheap test:
    a third of the texts looked up name no venue and start no name)."""
    starts = _name_starts(idx)
    return "" in starts or not starts.isdisjoint(keys)
