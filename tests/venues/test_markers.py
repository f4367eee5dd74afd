"""Tests for ``bilingual_cv.venues.markers``: the one-pass forms of what the words say (the
kind of venue, the words that are no part of its name) against the plain loops they replace,
on generated venue texts."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings

from bilingual_cv.venues.index import _index
from bilingual_cv.venues.markers import VenueKind, _clean, _has_word, _Markers, _text_kind
from bilingual_cv.venues.tokens import _Tok, _tokenize, _words

from .test_tokens import _plain_find
from .venue_texts import venue_texts, with_edge_texts


def _plain_text_kind(words: Sequence[_Tok], markers: _Markers) -> VenueKind | None:
    tables: tuple[tuple[VenueKind, frozenset[str]], ...] = (
        ("workshop", markers.workshop),
        ("journal", markers.journal),
        ("conference", markers.conference),
    )
    for kind, vocabulary in tables:
        if _has_word(words, vocabulary):
            return kind
    return None


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_text_kind_is_the_first_kind_any_word_says(text: str) -> None:
    markers = _index().markers
    words = _words(_tokenize(text))
    for n in range(len(words) + 1):
        assert _text_kind(words[n:], markers) == _plain_text_kind(words[n:], markers)


def _plain_clean(words: Sequence[_Tok]) -> list[_Tok]:
    markers = _index().markers
    kept = [
        tok
        for i, tok in enumerate(words)
        if not tok.number
        and not (tok.key in markers.citation and i + 1 < len(words) and words[i + 1].number)
    ]
    for phrases in (markers.status, markers.main_tracks):
        while (found := _plain_find([t.key for t in kept], phrases)) is not None:
            del kept[found[0] : found[1]]
    return kept


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_clean_cuts_like_the_plain_loop(text: str) -> None:
    words = _words(_tokenize(text))
    for n in range(len(words) + 1):
        assert _clean(words[n:], _index().markers) == _plain_clean(words[n:])
