"""Tests for ``bilingual_cv.venues.describe``: the case table ``tests/cases/venues.yaml``
through :func:`describe_venue` and :func:`find_venues`; and the matcher's shortcuts (the skip
of texts no marker can start, the archive probe, the early exits of an unidentified venue, the
link memo) against the full work, on generated venue texts."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.venues import (
    DEFAULT_EDITION,
    Edition,
    VenueKind,
    VenueMatch,
    ccf_info,
    describe_venue,
    find_venues,
    without_links,
)
from bilingual_cv.venues import describe as matcher
from bilingual_cv.venues.index import _index
from bilingual_cv.venues.lookup import _scan
from bilingual_cv.venues.markers import _clean
from bilingual_cv.venues.match import _Context, _display_text
from bilingual_cv.venues.tokens import _split_parens, _strip_leading, _tokenize, _words

from .venue_texts import CASES_PATH, EDGE_TEXTS, venue_texts, with_edge_texts


def _cases() -> list[Any]:
    cases = yaml.safe_load(CASES_PATH.read_text(encoding="utf-8"))
    params = []
    for number, case in enumerate(cases):
        marks = (
            [pytest.mark.xfail(strict=True, reason="known gap, see tests/cases/venues.yaml")]
            if case.get("expect") == "fail"
            else []
        )
        params.append(pytest.param(case, id=f"{number:03d}-{case['label']}", marks=marks))
    return params


CASES = _cases()


def _rank(match: VenueMatch | None, edition: Edition) -> str | None:
    if match is None:
        return None
    info = ccf_info(match, edition)
    return info.rank.value if info is not None else None


def test_cases_file_is_well_formed() -> None:
    allowed = {"label", "input", "api", "kind_hint", "expected", "expect"}
    for param in CASES:
        case = param.values[0]
        assert set(case) <= allowed, case
        assert case["label"] == "synthetic" or case["label"].startswith("seed "), case
        assert case.get("expect", "pass") in ("pass", "fail"), case
        assert "\n" not in case["input"], "a case quotes at most one line"


@pytest.mark.parametrize("case", CASES)
def test_venue_case(case: dict[str, Any]) -> None:
    expected = case["expected"]
    if case.get("api") == "find":
        assert [m.abbr for m in find_venues(case["input"])] == expected["venues"]
        return
    hint = case.get("kind_hint")
    match = describe_venue(case["input"], DEFAULT_EDITION, kind_hint=hint)
    if expected is None:
        assert match is None
        return
    assert match is not None
    got = {
        "abbr": match.abbr,
        "kind": match.kind,
        "ccf_2022": _rank(describe_venue(case["input"], "2022", kind_hint=hint), "2022"),
        "ccf_2026": _rank(match, "2026"),
        "method": match.method,
        "name": match.name,
        "track": match.track,
    }
    assert {k: got[k] for k in expected} == expected


# --- the matcher's shortcuts -------------------------------------------------------------


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
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
    assert matcher._archive_hit(words, idx) == full


def _plain_unidentified(text: str, text_kind: VenueKind | None) -> VenueMatch | None:
    idx = _index()
    outside, groups = _split_parens(_tokenize(text))
    abbr = matcher._bracketed_short_name(text, groups, idx.markers)
    words = _strip_leading(_clean(_words(outside), idx.markers), idx.markers.leading)
    name = _display_text(text, matcher._name_words(words), frozenset())
    return (
        None
        if abbr is None and text_kind is None
        else VenueMatch(abbr, name, text_kind, None, None)
    )


@with_edge_texts(None)
@with_edge_texts("journal")
@settings(max_examples=150, deadline=None)
@given(venue_texts(), st.sampled_from([None, "journal", "workshop", "conference", "preprint"]))
def test_unidentified_gives_up_like_the_plain_order(text: str, text_kind: VenueKind | None) -> None:
    ctx = _Context(text, DEFAULT_EDITION, None, _index())
    outside, groups = _split_parens(_tokenize(text))
    found = matcher._unidentified(outside, groups, text_kind, ctx)
    assert found == _plain_unidentified(text, text_kind)


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(venue_texts())
def test_unmarked_texts_skip_only_tests_that_find_nothing(text: str) -> None:
    def venue_of() -> VenueMatch | None:
        return matcher._venue_of(_Context(text, DEFAULT_EDITION, None, _index()))

    fast = venue_of()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matcher, "_may_be_marked", lambda toks, idx: True)
        assert venue_of() == fast


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


def test_marked_texts_are_marked() -> None:
    """The skip above is not vacuous: texts that carry a marker are not skipped."""
    assert [t for t in MARKED if not matcher._may_be_marked(_tokenize(t), _index())] == []
    assert not matcher._may_be_marked(_tokenize("Toy Widget Letters, 2024"), _index())


@with_edge_texts()
@settings(max_examples=150, deadline=None)
@given(st.one_of(venue_texts(), st.sampled_from(EDGE_TEXTS).map(lambda t: t + " www.toy.org")))
def test_without_links_memo_gives_the_plain_text(text: str) -> None:
    matcher._blank_links.cache_clear()
    plain = matcher._links_re().sub(" ", text)
    assert without_links(text) == plain
    assert without_links(text) == plain  # from the memo
    long_text = f"{text} url: https://example.org/" + "x" * 3000
    assert without_links(long_text) == matcher._links_re().sub(" ", long_text)


def test_a_workshops_own_acronym_in_brackets_is_its_short_name_not_a_host() -> None:
    # WISE is a catalog conference; here the bracket spells the workshop's own name
    own = describe_venue(
        "Proceedings of the 3rd International Workshop on Imaginary Sky Exploration (WISE'19)"
    )
    assert own is not None
    assert (own.abbr, own.name, own.kind, own.record) == (
        "WISE",
        "International Workshop on Imaginary Sky Exploration",
        "workshop",
        None,
    )
    hosted = describe_venue("Workshop on Toy Kites (WISE)")  # letters of no word run: a host
    assert hosted is not None and hosted.abbr == "Toy Kites@WISE"


@pytest.mark.parametrize(
    ("text", "abbr", "track"),
    [
        ("In Proceedings of ACL 2023 (Demo Track)", "ACL", "Demo"),
        ("AAMAS 2024 (Extended Abstract)", "AAMAS", "Extended Abstract"),
        ("Findings of EMNLP 2023", "EMNLP", "Findings"),
        ("DSN 2024 Doctoral Forum", "DSN", "Doctoral Forum"),
    ],
)
def test_a_side_event_names_its_venue_and_its_track_and_ranks_nothing(
    text: str, abbr: str, track: str
) -> None:
    """A demo, an extended abstract, findings or a doctoral forum: the venue's own short name
    (what a committee counts by), the event as the track, and no rank in either edition."""
    for edition in ("2022", "2026"):
        match = describe_venue(text, edition)
        assert match is not None
        assert (match.abbr, match.track, match.record, match.venue_id) == (abbr, track, None, None)
