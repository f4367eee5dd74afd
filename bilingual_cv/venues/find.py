"""Every venue mentioned in free text (service, talks, summaries): :func:`find_venues`."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from bilingual_cv.memo import memo_short_texts
from bilingual_cv.venues.catalog import DEFAULT_EDITION, Edition
from bilingual_cv.venues.describe import _MEMO_MAX_CHARS, describe_venue
from bilingual_cv.venues.index import _Index, _index, _type_of
from bilingual_cv.venues.lookup import _exact, _Hit, _scan
from bilingual_cv.venues.markers import _text_kind
from bilingual_cv.venues.match import VenueMatch, _catalog_match, _choose, _Context, _unranked_match
from bilingual_cv.venues.tokens import (
    _CLOSE,
    _OPEN,
    _SEPARATORS,
    _find_phrase,
    _Tok,
    _tokenize,
    _words,
)


def find_venues(text: str, edition: Edition = DEFAULT_EDITION) -> list[VenueMatch]:
    """Every venue mentioned in free text (see :func:`_find_venues`); memoized for lines of
    ordinary length, as service and talk lines repeat across CVs."""
    return list(_find_venues(text, edition))


@memo_short_texts(max_chars=_MEMO_MAX_CHARS, maxsize=8192)
def _find_venues(text: str, edition: Edition = DEFAULT_EDITION) -> tuple[VenueMatch, ...]:
    """Every venue mentioned in free text (service, talks, summaries), in order.

    The text is cut at commas, semicolons and slashes, except inside brackets and inside a known
    multi-word name; each part is described like a venue text, and a part that names several
    venues ("SIGCOMM and NSDI") gives each of them.

    >>> [m.abbr for m in find_venues("2024: APNET, CoNEXT, NSDI, SIGMOD")]
    ['APNet', 'CoNEXT', 'NSDI', 'SIGMOD']
    >>> [m.abbr for m in find_venues("Reviewer, ACM Transactions on Architecture and Code Optimization (TACO), 2023")]
    ['TACO']
    """
    idx = _index()
    ctx = _Context(text, edition, None, idx)
    toks = _tokenize(text)
    protected: set[int] = set()
    words = [(n, t) for n, t in enumerate(toks) if t.word]
    for hit in _scan([t for _, t in words], idx):
        if hit.end - hit.start >= 2:
            protected.update(range(words[hit.start][0], words[hit.end - 1][0] + 1))
    chunks: list[list[_Tok]] = [[]]
    depth = 0
    for n, tok in enumerate(toks):
        depth += tok.text in _OPEN
        depth -= tok.text in _CLOSE and depth > 0
        if tok.text in _SEPARATORS and depth == 0 and n not in protected:
            chunks.append([])
        else:
            chunks[-1].append(tok)
    normal = unicodedata.normalize("NFKC", text)  # the text the tokens' spans are in, once
    found: list[VenueMatch] = []
    for chunk in chunks:
        found.extend(_chunk_venues(chunk, ctx, normal))
    return tuple(found)


def _chunk_venues(chunk: Sequence[_Tok], ctx: _Context, normal: str) -> list[VenueMatch]:
    idx = ctx.idx
    words = _words(chunk)
    if not words:
        return []
    structured = (
        any(t.text in _OPEN or t.text == "@" for t in chunk)
        or _text_kind(words, idx.markers) == "workshop"
        or _find_phrase([t.key for t in words], idx.markers.side_tracks) is not None
        or _find_phrase([t.key for t in words], idx.markers.host) is not None
        or _exact(words, idx) is not None
    )
    if not structured:
        hits = _scan(words, idx)
        if hits:
            return [m for h in hits if (m := _hit_match(h, words, ctx)) is not None]
    text = normal[chunk[0].start : chunk[-1].end]
    if not structured and _names_nothing(chunk, words, text, idx):
        return []  # its description would be dropped below (most parts of a service line)
    match = describe_venue(text, ctx.edition)
    if match is None or (match.method is None and match.abbr is None):
        return []
    return [match]


def _names_nothing(chunk: Sequence[_Tok], words: Sequence[_Tok], text: str, idx: _Index) -> bool:
    """Whether :func:`describe_venue` of ``text`` (the chunk's text) would give None or a
    match with neither ``method`` nor ``abbr``, for a chunk :func:`_chunk_venues` found not
    structured (no bracket, "@", workshop word, side-track or host phrase; ``_exact`` None)
    and where ``_scan`` found nothing. True when the chunk also has no separator, no
    preprint phrase, no "www", and its text is NFKC-normal with at most its last word dotted.

    Why: a normal ``text`` tokenizes to the chunk's tokens (moved by ``start``; the regex
    reads no context), except that the last one is not dotted, and only ``_exact``'s first
    test and ``_abbreviated`` read ``dotted``: with no other word dotted, ``_exact`` and
    ``_scan`` of its words are still None and []. Then, without ":", "/" or "www", no link
    is blanked and no dblp key found; ``_preprint`` finds no phrase and no archive (one comes
    from ``_scan``); ``_host_split`` no "@", host phrase, or weak one after a workshop word;
    no side track. So ``_resolve`` runs with no bracket group: ``_lookup`` finds nothing
    (one piece), and ``_unidentified`` with no group gives None or ``(None, name, kind,
    None, None)``.
    """
    if any(t.text in _SEPARATORS for t in chunk):
        return False
    if chunk[-1].dotted and any(t.dotted for t in words[:-1]):
        return False
    if "www" in text.lower() or not unicodedata.is_normalized("NFKC", text):
        return False
    return _find_phrase([t.key for t in words], idx.markers.preprint) is None


def _hit_match(hit: _Hit, words: Sequence[_Tok], ctx: _Context) -> VenueMatch | None:
    idx = ctx.idx
    text_kind = _text_kind(words, idx.markers)
    if hit.target.unranked is not None:
        return _unranked_match(hit.target.unranked, hit, text_kind)
    vid = _choose(hit, " ".join(t.key for t in words), text_kind, None, ctx.edition, idx)
    return _catalog_match(vid, hit, ctx.edition, idx.kind.get(vid) or _type_of(vid, idx), idx)
