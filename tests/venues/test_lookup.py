"""Tests for ``bilingual_cv.venues.lookup``: each shortcut of the name lookups (an early exit,
a table of first words, a reach bound) gives what the full work gives, on generated venue
texts; and the tables of first words hold every word they stand for."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings

from bilingual_cv.venues import lookup
from bilingual_cv.venues.index import _index
from bilingual_cv.venues.lookup import _abbreviated, _exact, _Hit, _noise_prefixes, _scan
from bilingual_cv.venues.markers import _clean
from bilingual_cv.venues.tokens import _loose_key, _singular, _Tok, _tokenize, _words

from .test_tokens import _plain_strip
from .venue_texts import CASE_TEXTS, EDGE_TEXTS, venue_texts, with_edge_texts


def _plain_exact(words: Sequence[_Tok]) -> _Hit | None:
    idx = _index()
    cleaned = _clean(words, idx.markers)
    variants = [cleaned, _plain_strip(cleaned, idx.markers.leading)]
    publisher_free = list(variants[-1])
    while len(publisher_free) > 1 and publisher_free[0].key in idx.markers.name_noise:
        publisher_free.pop(0)
    for variant in variants:
        key = " ".join(t.key for t in variant)
        if key in idx.exact:
            return _Hit(idx.exact[key], key, 0, len(variant))
    for variant in variants:
        loose = _loose_key(" ".join(t.key for t in variant), idx.markers.name_noise)
        if loose is not None and loose in idx.loose:
            return _Hit(idx.loose[loose], loose, 0, len(variant), loose=True)
    key = " ".join(t.key for t in publisher_free)
    target = idx.exact.get(key)
    if target is not None and target.ids:
        return _Hit(target, key, 0, len(publisher_free))
    return _abbreviated(variants[-1], idx)


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_exact_is_the_plain_sequence_of_lookups(text: str) -> None:
    words = _words(_tokenize(text))
    for start in range(len(words)):
        assert _exact(words[start:], _index()) == _plain_exact(words[start:])


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_scan_and_exact_skip_only_texts_that_name_nothing(text: str) -> None:
    idx = _index()
    words = _words(_tokenize(text))
    fast = [(_scan(words[i:], idx), _exact(words[i:], idx)) for i in range(len(words))]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lookup, "_may_name", lambda keys, idx: True)
        full = [(_scan(words[i:], idx), _exact(words[i:], idx)) for i in range(len(words))]
    assert fast == full


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_scan_tries_only_lengths_of_names_begun(text: str) -> None:
    idx = _index()
    words = _words(_tokenize(text))
    fast = [_scan(words[n:], idx) for n in range(len(words))]

    def plain_reach(keys: Sequence[str], i: int, prefixes: frozenset[str]) -> int:
        return min(idx.max_len, len(keys) - i)  # every length a name can have

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lookup, "_reach", plain_reach)
        assert fast == [_scan(words[n:], idx) for n in range(len(words))]


def test_cut_noise_words_are_every_long_enough_beginning() -> None:
    noise = _index().markers.name_noise
    cut = _noise_prefixes(_index())
    for word in [*noise, "int", "intern", "internat", "proc", "trans", "spring", "socie", "th"]:
        for end in range(len(word) + 1):
            part = word[:end]
            assert (part in cut) == (len(part) >= 3 and any(n.startswith(part) for n in noise))


def test_name_starts_hold_plurals_of_loose_first_words() -> None:
    idx = _index()
    starts = lookup._name_starts(idx)
    for key in idx.loose:
        first = key.split(" ")[0]
        assert first in starts
        if _singular(first + "s") == first:
            assert first + "s" in starts
    assert all(key.split(" ")[0] in starts for key in idx.exact)


def test_loose_starts_are_the_words_whose_singular_starts_a_loose_key() -> None:
    idx = _index()
    firsts = {key.split(" ")[0] for key in idx.loose}
    words = {w for first in firsts for w in (first, first + "s", first + "es", first[:-1])}
    words |= {t.key for text in [*CASE_TEXTS, *EDGE_TEXTS] for t in _tokenize(text)}
    words |= {"widgets", "toys", "analysis", "access", "campus", "systemss"}
    for word in sorted(words):
        assert (word in lookup._loose_starts(idx)) == (_singular(word) in firsts), word
