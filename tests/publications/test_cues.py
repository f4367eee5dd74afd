"""Lexicon cues found in entry text (:mod:`bilingual_cv.publications.cues`)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.lexicon import lexicon_key, load_publication_words
from bilingual_cv.publications.cues import Cues, is_note, kind_words, note_cues
from bilingual_cv.publications.kind import preprint_cues


def _plain_cue_found(cues: Cues, text: str) -> bool:
    """The cue test without the first-word index and the ASCII shortcut."""
    key = lexicon_key(text)
    if not cues.words.isdisjoint(key.split()):
        return True
    padded = f" {key} "
    latin = [cue for group in cues.latin_by_first.values() for cue in group]
    return any(cue in padded for cue in latin) or any(cue in key for cue in cues.han)


_CUE_TEXT_WORDS = [
    "Under",
    "review",
    "in",
    "In",
    "submission",
    "arXiv",
    "preprint",
    "org",
    "e-prints",
    "Revise",
    "and",
    "resubmit",
    "major",
    "revision",
    "ToyConf",
    "2024",
    ",",
    ".",
    "(",
    "在投",
    "大修",
    "已投稿",
    "计算机学报",
    "玩具",
    "journal",
    "Conference",
    "Workshop",
    "Proc.",
    "Trans.",
    "underreview",
    "reviewer",
    "Ｕｎｄｅｒ",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_CUE_TEXT_WORDS), max_size=12), st.sampled_from([" ", "", "-"]))
def test_cue_search_finds_what_the_plain_search_finds(words: list[str], glue: str) -> None:
    text = glue.join(words)
    for cues in (
        Cues.of(preprint_cues()),  # the preprint cues, as kind.py looks for them
        kind_words("journal"),
        kind_words("conference"),
        kind_words("workshop"),
        Cues.of(load_publication_words().not_venues),  # as venue_text.py looks for them
    ):
        assert cues.found(text) == _plain_cue_found(cues, text), (text, cues)


#: Pieces of text with note words and characters near their edges (the pieces of
#: tests/test_regex_forms.py, and note words).
NOTE_PIECES = [
    *" \t\n\u3000",
    *",，、;；:：.()-—|'&_*/",
    *"和与李张学",
    *"aAdeEHilLnsStTXZ",
    *"0123456789١",
    "ſ",
    "\u212a",
    "é",
    " and ",
    "and",
    "et al.",
    "Et Al",
    "conf/",
    "journals/",
    "1949",
    "1999",
    "2024",
    "'23",
    "CCF",
    "ccf-",
    "推荐",
    "类",
    "B类",
    "ICSE",
    "FL-AAAI",
    "12345678",
    "(Spotlight)",
    "?!",
    "  - ",
    " — ",
    "。",
    " at ",
    " with ",
    "21st ",
    "pp.",
    "vol.",
    "pages",
    "Lee:",
    "B.",
    "*",
    "Ann",
    "best paper",
    "Award",
    "co-first",
    "author",
    "oral",
    "获奖",
    "第一作者",
    "-",
    "Best",
]


@settings(max_examples=1000, deadline=None)
@given(text=st.lists(st.sampled_from(NOTE_PIECES), max_size=16).map("".join))
def test_a_note_is_a_cue_at_a_word_start_of_the_normalized_text(text: str) -> None:
    cues = sorted(note_cues(), key=len, reverse=True)
    plain = r"(?:^|(?<= ))(?:" + "|".join(re.escape(cue) for cue in cues if cue) + ")"
    key = lexicon_key(text)
    assert is_note(text) == (re.search(plain, key) is not None)


def test_note_cues_are_found_at_a_word_start_only() -> None:
    assert is_note("Best Paper Award")
    assert is_note("Oral")
    assert not is_note("Coral reefs")  # "oral" inside a word
