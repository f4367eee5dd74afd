"""Tests for ``bilingual_cv.venues.tokens``: the tokenizer's fast forms (the ASCII pattern,
memoized token kinds, tuples built without ``__new__``) give the plain tokens, and marker
phrases are found and leading noise cut as the plain loops do, on generated venue texts."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from hypothesis import given, settings

from bilingual_cv.venues.index import _index
from bilingual_cv.venues.tokens import (
    _NUMBER,
    _TOKEN,
    _find_phrase,
    _strip_leading,
    _Tok,
    _tokenize,
    _words,
)

from .venue_texts import venue_texts, with_edge_texts


def _plain_tokens(text: str) -> list[_Tok]:
    text = unicodedata.normalize("NFKC", text)
    return [
        _Tok(
            m.group(0),
            m.group(0).casefold(),
            m.start(),
            m.end(),
            text[m.end() : m.end() + 1] == ".",
            m.group(0)[0].isalnum(),
            re.fullmatch(_NUMBER, m.group(0).casefold()) is not None,
        )
        for m in _TOKEN.finditer(text)
    ]


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_tokens_are_built_like_the_plain_tokenizer(text: str) -> None:
    assert _tokenize(text) == _plain_tokens(text)
    assert _tokenize(text.upper()) == _plain_tokens(text.upper())  # memoized words, new case


def _plain_find(keys: Sequence[str], phrases: Sequence[tuple[str, ...]]) -> tuple[int, int] | None:
    for i in range(len(keys)):
        found = [p for p in phrases if tuple(keys[i : i + len(p)]) == p]
        if found:
            return i, i + len(max(found, key=len))
    return None


def _plain_strip(words: Sequence[_Tok], phrases: Sequence[tuple[str, ...]]) -> list[_Tok]:
    out = list(words)
    while True:
        keys = tuple(t.key for t in out)
        cut = next((p for p in phrases if keys[: len(p)] == p and len(p) < len(out)), None)
        if cut is None:
            return out
        out = out[len(cut) :]


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_phrases_are_found_and_stripped_like_the_plain_loops(text: str) -> None:
    markers = _index().markers
    words = _words(_tokenize(text))
    keys = [t.key for t in words]
    tables = (
        markers.preprint,
        markers.host,
        markers.host_weak,
        markers.status,
        markers.main_tracks,
        markers.side_tracks,
        markers.leading,
    )
    for table in tables:
        assert _find_phrase(keys, table) == _plain_find(keys, table)
    for n in range(len(words) + 1):
        assert _strip_leading(words[n:], markers.leading) == _plain_strip(
            words[n:], markers.leading
        )
