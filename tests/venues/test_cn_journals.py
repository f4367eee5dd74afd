"""Tests for ``bilingual_cv.venues.cn_journals``: the English names tried for a venue key (those
whose first word starts the key's, memoized by first word) hold every name the key starts
with, on the catalogue's own names, their variants and generated venue texts."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.venues.cn_journals import _english_candidates, _names, _tables

from .venue_texts import venue_texts, with_edge_texts

#: The catalogue's English names, alone or with what CVs write after them.
EN_NAMES = [name for name, _, _ in _tables().en_names]
SUFFIXES = ("", " 2024 12(3)", "s of Toys", ": Evolution and Process", "2023", "x")


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        venue_texts(),
        st.tuples(st.sampled_from(EN_NAMES), st.sampled_from(SUFFIXES)).map("".join),
    )
)
@example("Journal of Software, 2021")
@example("Journal of Software: Evolution and Process")
@example("Cybersecurity2023")
@example("Cybersecurityx")
def test_english_journal_candidates_hold_every_name_the_key_starts_with(text: str) -> None:
    key = lexicon_key(text)
    tables = _tables()
    plain = [entry for entry in tables.en_names if _names(key, entry[0])]
    assert [e for e in _english_candidates(key, tables) if _names(key, e[0])] == plain


def test_every_english_name_is_its_own_candidate() -> None:
    """The catalogue's names, each with the suffixes, all at once (a few hundred keys)."""
    tables = _tables()
    for name in EN_NAMES:
        for suffix in SUFFIXES:
            key = lexicon_key(name + suffix)
            plain = [entry for entry in tables.en_names if _names(key, entry[0])]
            found = [e for e in _english_candidates(key, tables) if _names(key, e[0])]
            assert found == plain, key
