"""Tests for ``bilingual_cv.venues.names``: the memo of :func:`venue_name_key` gives the plain
key, for names of ordinary length (memoized) and long ones (not), on generated venue texts."""

from __future__ import annotations

from hypothesis import given, settings

from bilingual_cv.venues import venue_name_key

from .venue_texts import venue_texts, with_edge_texts


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_venue_name_key_memo_gives_the_plain_key(text: str) -> None:
    venue_name_key.cache_clear()
    assert venue_name_key(text) == venue_name_key.__wrapped__(text)
    assert venue_name_key(text) == venue_name_key.__wrapped__(text)  # from the memo
    long_name = f"{text} " + "Imaginary Widget Symposium " * 100
    assert venue_name_key(long_name) == venue_name_key.__wrapped__(long_name)
