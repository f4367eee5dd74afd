"""Workshops held at a host venue ("X @Host", "X co-located with Host", "X Workshop at Host"):
shown as ``X@Host``, never with the host's rank; a workshop that is itself listed keeps its
own.
"""

from __future__ import annotations

from collections.abc import Sequence

from bilingual_cv.venues.index import _type_of
from bilingual_cv.venues.lookup import _Hit, _lookup
from bilingual_cv.venues.markers import VenueKind, _clean, _has_word, _Markers
from bilingual_cv.venues.match import (
    Method,
    VenueMatch,
    _catalog_match,
    _choose,
    _Context,
    _display,
    _display_text,
    _unranked_match,
)
from bilingual_cv.venues.tokens import _CLOSE, _OPEN, _find_phrase, _strip_leading, _Tok, _words


def _host_label(toks: Sequence[_Tok], ctx: _Context) -> str | None:
    hit = _lookup(toks, ctx.idx)
    if hit is not None and hit.target.ids:
        vid = _choose(
            hit,
            " ".join(t.key for t in _words(toks)),
            "conference",
            "conference",
            ctx.edition,
            ctx.idx,
        )
        return _display(vid, hit.key, ctx.edition, ctx.idx)
    if hit is not None and hit.target.unranked is not None:
        return hit.target.unranked.abbr
    return _display_text(ctx.text, _words(toks), frozenset())


def _workshop_at(
    left: Sequence[_Tok],
    host_label: str | None,
    ctx: _Context,
    left_hit: _Hit | None = None,
    short: str | None = None,
) -> VenueMatch:
    """A workshop held with a host venue: shown as ``X@Host``, never with the host's rank.
    ``short`` is the short name the text gives the workshop in brackets, if any."""
    idx = ctx.idx
    hit = left_hit if left_hit is not None else _lookup(left, idx)
    if hit is not None and hit.target.ids:
        vid = _choose(
            hit, " ".join(t.key for t in _words(left)), "workshop", None, ctx.edition, idx
        )
        kind: VenueKind = "workshop" if vid in idx.workshop_like else _type_of(vid, idx)
        return _catalog_match(vid, hit, ctx.edition, kind, idx)
    method: Method | None = None
    if hit is not None and hit.target.unranked is not None:
        label: str | None = hit.target.unranked.abbr
        name: str | None = hit.target.unranked.name
        method = _unranked_match(hit.target.unranked, hit, "workshop").method
    else:
        words = _strip_leading(_clean(_words(left), idx.markers), idx.markers.leading)
        drop = idx.markers.workshop | idx.markers.label_noise
        label = short or _short_label(left, idx.markers) or _display_text(ctx.text, words, drop)
        name = _display_text(ctx.text, words, frozenset())
    if host_label:
        label = f"{label or 'Workshop'}@{host_label}"
    return VenueMatch(label, name, "workshop", None, method)


def _short_label(toks: Sequence[_Tok], markers: _Markers) -> str | None:
    """The short name a workshop gives itself before a colon: "In UserNLP: User-centered ...".

    >>> from bilingual_cv.venues.index import _index
    >>> from bilingual_cv.venues.tokens import _tokenize
    >>> m = _index().markers
    >>> _short_label(_tokenize("In ToyNLP: Toy-centered Language Workshop"), m), _short_label(_tokenize("Toys: a Workshop"), m)
    ('ToyNLP', None)
    """
    colon = next((n for n, t in enumerate(toks) if t.text == ":"), None)
    if colon is None:
        return None
    before = _strip_leading([t for t in toks[:colon] if t.word], markers.leading)
    if len(before) != 1:
        return None
    word = before[0].text
    return word if sum(ch.isupper() for ch in word) >= 2 else None


def _host_split(toks: Sequence[_Tok], ctx: _Context) -> tuple[list[_Tok], list[_Tok]] | None:
    """Split "X @Host", "X co-located with Host", "X Workshop at Host" into (X, Host)."""
    markers = ctx.idx.markers
    for n, tok in enumerate(toks):
        if tok.text == "@":
            return list(toks[:n]), list(toks[n + 1 :])
    words = [(n, t) for n, t in enumerate(toks) if t.word]
    keys = [t.key for _, t in words]
    found = _find_phrase(keys, markers.host)
    if found is None:
        weak = _find_phrase(keys, markers.host_weak)
        before = [t for _, t in words[: weak[0]]] if weak else []
        if weak is None or not _has_word(before, markers.workshop):
            return None
        found = weak
    start, end = found
    if start == 0 or end >= len(words):
        return None
    right = [t for t in toks[words[end][0] :] if t.text not in _CLOSE]
    left = [t for t in toks[: words[start][0]] if t.text not in _OPEN]
    return left, right
