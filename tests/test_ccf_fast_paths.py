"""Fast paths of ``bilingual_cv.venues.catalog`` against the plain computation they stand for: each
shortcut (an early exit, a table, a memo) must give what the full work gives, on the venue
texts of ``tests/cases/venues.yaml`` and on fictional ones."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import pytest
import yaml

from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.venues import catalog, describe, lookup, match, names, tokens
from bilingual_cv.venues.cn_journals import _english_candidates, _names, _tables
from bilingual_cv.venues.describe import _archive_hit
from bilingual_cv.venues.index import _index
from bilingual_cv.venues.lookup import _abbreviated, _exact, _Hit, _noise_prefixes, _scan
from bilingual_cv.venues.markers import VenueKind, _clean
from bilingual_cv.venues.match import VenueMatch
from bilingual_cv.venues.tokens import (
    _NUMBER,
    _TOKEN,
    _find_phrase,
    _loose_key,
    _strip_leading,
    _Tok,
    _tokenize,
    _words,
)

from .test_ccf import CASES_PATH  # the venue case table, read here for its inputs only

#: Fictional venue texts that reach the rarer paths (archives, loose names, ISO 4 forms).
FICTIONAL = (
    "arXiv preprint arXiv:2401.00001",
    "CoRR abs/2101.00002, 2021",
    "SSRN Electronic Journals, 2020",
    "bioRxiv 2024 (under review)",
    "Preprints of the Toy Archive, techrxiv",
    "Proceedings of the 3rd Imaginary Symposium on Widget Systems",
    "IEEE Trans. Toy Syst. 12(3), 2022",
    "Workshop on Pretend Networks @ NSDI 2024",
    "玩具会议MobiCom 2023",
    "In Proceedings of the",
    "",
    "2024",
)


def _texts() -> list[str]:
    cases = yaml.safe_load(CASES_PATH.read_text(encoding="utf-8"))
    return [str(case["input"]) for case in cases] + list(FICTIONAL)


TEXTS = _texts()


@pytest.mark.parametrize("text", TEXTS)
def test_archive_hit_is_the_first_archive_of_the_scan(text: str) -> None:
    idx = _index()
    words = _words(_tokenize(text))
    full = next(
        (
            h
            for h in _scan(words, idx)
            if h.target.unranked is not None and h.target.unranked.kind == "preprint"
        ),
        None,
    )
    assert _archive_hit(words, idx) == full


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


@pytest.mark.parametrize("text", TEXTS)
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


@pytest.mark.parametrize("text", TEXTS)
def test_phrases_are_found_and_stripped_like_the_plain_loops(text: str) -> None:
    markers = _index().markers
    words = _words(_tokenize(text))
    keys = [t.key for t in words]
    for table in (markers.preprint, markers.host, markers.status, markers.side_tracks):
        assert _find_phrase(keys, table) == _plain_find(keys, table)
    assert _strip_leading(words, markers.leading) == _plain_strip(words, markers.leading)


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


@pytest.mark.parametrize("text", TEXTS)
def test_exact_is_the_plain_sequence_of_lookups(text: str) -> None:
    words = _words(_tokenize(text))
    for start in range(len(words)):
        assert _exact(words[start:], _index()) == _plain_exact(words[start:])


def test_cut_noise_words_are_every_long_enough_beginning() -> None:
    noise = _index().markers.name_noise
    cut = _noise_prefixes(_index())
    for word in [*noise, "int", "intern", "internat", "proc", "trans", "spring", "socie", "th"]:
        for end in range(len(word) + 1):
            part = word[:end]
            assert (part in cut) == (len(part) >= 3 and any(n.startswith(part) for n in noise))


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


@pytest.mark.parametrize(
    "text",
    [
        *TEXTS,
        "ToyConf 2024 (accepted, to appear), Main Track, Research Track, pp. 1-9",
        "Toy Letters, vol. 3, no. 2, article 17, 2021",
        "Widget Reports, Volume 12, Pages",
    ],
)
def test_clean_cuts_like_the_plain_loop(text: str) -> None:
    words = _words(_tokenize(text))
    assert _clean(words, _index().markers) == _plain_clean(words)


@pytest.mark.parametrize(
    "text",
    [
        *TEXTS,
        *(name for name, _, _ in _tables().en_names),
        *(name + " 2024 12(3)" for name, _, _ in _tables().en_names),
        *(name + "s of Toys" for name, _, _ in _tables().en_names),
        "Journal of Software: Evolution and Process",
        "Cybersecurity2023",
        "Cybersecurityx",
    ],
)
def test_english_journal_candidates_hold_every_name_the_key_starts_with(text: str) -> None:
    key = lexicon_key(text)
    tables = _tables()
    plain = [entry for entry in tables.en_names if _names(key, entry[0])]
    assert [e for e in _english_candidates(key, tables) if _names(key, e[0])] == plain


@pytest.mark.parametrize("text", TEXTS)
def test_scan_and_exact_skip_only_texts_that_name_nothing(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    idx = _index()
    words = _words(_tokenize(text))
    fast = [(_scan(words[i:], idx), _exact(words[i:], idx)) for i in range(len(words))]
    monkeypatch.setattr(lookup, "_may_name", lambda keys, idx: True)
    assert fast == [(_scan(words[i:], idx), _exact(words[i:], idx)) for i in range(len(words))]


def test_name_starts_hold_plurals_of_loose_first_words() -> None:
    idx = _index()
    starts = lookup._name_starts(idx)
    for key in idx.loose:
        first = key.split(" ")[0]
        assert first in starts
        if tokens._singular(first + "s") == first:
            assert first + "s" in starts
    assert all(key.split(" ")[0] in starts for key in idx.exact)


@pytest.mark.parametrize("text", TEXTS)
def test_venue_name_key_memo_gives_the_plain_key(text: str) -> None:
    names.venue_name_key.cache_clear()
    assert names.venue_name_key(text) == names.venue_name_key.__wrapped__(text)
    assert names.venue_name_key(text) == names.venue_name_key.__wrapped__(text)  # from the memo
    long_name = f"{text} " + "Imaginary Widget Symposium " * 100
    assert names.venue_name_key(long_name) == names.venue_name_key.__wrapped__(long_name)


@pytest.mark.parametrize(
    "text",
    [
        *TEXTS,
        "In: ToyConf. url: https://example.org/toy, doi: 10.1234/toy.5678",
        "Widget Letters, arXiv:2401.00001v2, www.example.org/widgets",
    ],
)
def test_without_links_memo_gives_the_plain_text(text: str) -> None:
    describe._blank_links.cache_clear()
    plain = describe._links_re().sub(" ", text)
    assert describe.without_links(text) == plain
    assert describe.without_links(text) == plain  # from the memo
    long_text = f"{text} url: https://example.org/" + "x" * 3000
    assert describe.without_links(long_text) == describe._links_re().sub(" ", long_text)


def _plain_unidentified(text: str, text_kind: VenueKind | None) -> VenueMatch | None:
    idx = _index()
    outside, groups = tokens._split_parens(_tokenize(text))
    abbr = describe._bracketed_short_name(text, groups, idx.markers)
    words = _strip_leading(_clean(_words(outside), idx.markers), idx.markers.leading)
    name = match._display_text(text, describe._name_words(words), frozenset())
    return (
        None
        if abbr is None and text_kind is None
        else VenueMatch(abbr, name, text_kind, None, None)
    )


@pytest.mark.parametrize("text", [*TEXTS, "Toy Widget Meeting (BigToy 2018)"])
@pytest.mark.parametrize("text_kind", [None, "journal", "workshop"])
def test_unidentified_gives_up_like_the_plain_order(text: str, text_kind: VenueKind | None) -> None:
    ctx = match._Context(text, catalog.DEFAULT_EDITION, None, _index())
    outside, groups = tokens._split_parens(_tokenize(text))
    found = describe._unidentified(outside, groups, text_kind, ctx)
    assert found == _plain_unidentified(text, text_kind)


#: Fictional texts with a preprint, host or side-track phrase, an archive or an "@".
MARKED = (
    "Toy Widget Workshop @ EuroSys 2022",
    "Toy Widget Workshop ＠ EuroSys 2022",
    "Workshop on Pretend Toys, co-located with ASPLOS 2023",
    "Pretend Toys Workshop at NeurIPS 2021",
    "NSDI 2024 Doctoral Forum",
    "Findings of ACL 2023",
    "INFOCOM 2016 (submitted)",
    "Widget Letters, under review",
    "SSRN Electronic Journal",
)


@pytest.mark.parametrize("text", [*TEXTS, *MARKED])
def test_unmarked_texts_skip_only_tests_that_find_nothing(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def venue_of() -> VenueMatch | None:
        return describe._venue_of(match._Context(text, catalog.DEFAULT_EDITION, None, _index()))

    fast = venue_of()
    monkeypatch.setattr(describe, "_may_be_marked", lambda toks, idx: True)
    assert venue_of() == fast


@pytest.mark.parametrize("text", MARKED)
def test_marked_texts_are_marked(text: str) -> None:
    assert describe._may_be_marked(_tokenize(text), _index())


def test_loose_starts_are_the_words_whose_singular_starts_a_loose_key() -> None:
    idx = _index()
    firsts = {key.split(" ")[0] for key in idx.loose}
    words = {w for first in firsts for w in (first, first + "s", first + "es", first[:-1])}
    words |= {t.key for text in TEXTS for t in _tokenize(text)}
    words |= {"widgets", "toys", "analysis", "access", "campus", "systemss"}
    for word in sorted(words):
        assert (word in lookup._loose_starts(idx)) == (tokens._singular(word) in firsts), word
