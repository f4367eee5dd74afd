"""One-pass forms of ``bilingual_cv.venues.catalog`` lookups against the plain loops they replace, on
generated fictional venue texts made of marker words, catalog key words and made-up words."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.venues import lookup
from bilingual_cv.venues.index import _index
from bilingual_cv.venues.markers import VenueKind, _has_word, _Markers, _text_kind
from bilingual_cv.venues.tokens import _Tok, _tokenize, _words

FICTIONAL = (
    "Toyland",
    "Widgetry",
    "Pretend",
    "Blorp",
    "ToyConf",
    "Imaginary",
    "2024",
    "17th",
    "玩具",
    "小部件",
    "Zindle",
)
PUNCTUATION = (" ", " ", " ", ", ", " (", ") ", ": ", " @", ". ")


def _vocabulary() -> list[str]:
    """Marker words (CJK ones glued to others too), words of catalog keys, made-up words."""
    idx = _index()
    m = idx.markers
    markers = sorted(m.workshop | m.journal | m.conference)
    catalog = sorted({word for key in idx.exact for word in key.split()})
    cjk = [w for w in markers if "\u3400" <= w[0]]
    glued = [f"玩具{w}" for w in cjk] + [f"{w}小部件" for w in cjk]
    return [*markers, *catalog[::7], *glued, *FICTIONAL]


VOCABULARY = _vocabulary()


@st.composite
def venue_texts(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(VOCABULARY), max_size=12))
    out = []
    for word in words:
        out.append(draw(st.sampled_from([word, word.title(), word.upper()])))
        out.append(draw(st.sampled_from(PUNCTUATION)))
    return "".join(out)


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


@settings(max_examples=400, deadline=None)
@given(venue_texts())
def test_text_kind_is_the_first_kind_any_word_says(text: str) -> None:
    markers = _index().markers
    words = _words(_tokenize(text))
    for n in range(len(words) + 1):
        assert _text_kind(words[n:], markers) == _plain_text_kind(words[n:], markers)


def _name_texts() -> list[str]:
    """Catalog keys and their beginnings, for texts that name venues inside longer text."""
    keys = sorted(_index().exact)
    return [*keys[::5], *(" ".join(key.split()[:3]) for key in keys[1::5])]


NAME_TEXTS = _name_texts()


@st.composite
def texts_with_names(draw: st.DrawFn) -> str:
    parts = draw(st.lists(st.one_of(venue_texts(), st.sampled_from(NAME_TEXTS)), max_size=4))
    return draw(st.sampled_from(PUNCTUATION)).join(parts)


@settings(max_examples=400, deadline=None)
@given(texts_with_names())
def test_scan_tries_only_lengths_of_names_begun(text: str) -> None:
    idx = _index()
    words = _words(_tokenize(text))
    fast = [lookup._scan(words[n:], idx) for n in range(len(words))]

    def plain_reach(keys: Sequence[str], i: int, prefixes: frozenset[str]) -> int:
        return min(idx.max_len, len(keys) - i)  # every length a name can have

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lookup, "_reach", plain_reach)
        assert fast == [lookup._scan(words[n:], idx) for n in range(len(words))]
