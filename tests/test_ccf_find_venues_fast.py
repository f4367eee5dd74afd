"""``_chunk_venues`` skips describing a part of a service or talk line that
``_names_nothing`` proves names nothing; the skip must change no output: ``find_venues`` gives
what it gives when every part is described, and every skipped part's description is one that
``_chunk_venues`` drops. Lines are made of fictional words, catalog abbreviations and names,
marker phrases, punctuation, years, brackets, links and non-NFKC characters."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bilingual_cv.venues import catalog, describe, find, index, tokens
from bilingual_cv.venues.catalog import EDITIONS, Edition
from bilingual_cv.venues.index import _index
from bilingual_cv.venues.match import VenueMatch
from bilingual_cv.venues.tokens import _Tok

FICTIONAL = (
    "Reviewer",
    "Program Committee",
    "Member",
    "Invited Talk",
    "Chair",
    "Session",
    "Toyland",
    "Widgetry",
    "Pretend Networks",
    "Imaginary Systems",
    "Blorp",
    "Zindle University",
    "and",
    "for",
    "of",
    "the",
    "Toy.",
    "Widg.",
    "Syst.",
    "Int.",
    "Trans.",
    "Comput.",
    "Proc.",
    "ToyConf",
    "BigToy",
    "toycon'23",
    "2024",
    "'25",
    "17th",
    "arXiv",
    "arXiv:2401.00001",
    "www.example.org",
    "https://example.org/toy",
    "conf/nsdi",
    "journals/tocs",
    "dblp.org/db/conf/toy",
    "under review",
    "submitted",
    "co-located with",
    "Doctoral Forum",
    "Findings of",
    "Workshop",
    "Journal",
    "Conference",
    "Symposium",
    "ｔｏｙ",
    "Ｗｉｄｇｅｔ",
    "ﬁnance",
    "Cafe\u0301",
    "玩具会议",
    "＠",
    "，",
)

PUNCTUATION = (",", ";", "/", ":", "|", "@", " @", "(", ")", "[", "]", "【", "】", ".", "-", "&")


def _catalog_texts() -> list[str]:
    idx = _index()
    texts: set[str] = set()
    for edition in EDITIONS:
        for rec in index.catalog(edition).values():
            texts.add(rec.full_name)
            if rec.abbr:
                texts.add(rec.abbr)
    texts.update(idx.display.values())
    texts.update(key for key in idx.exact if len(key) < 60)
    texts.update(" ".join(key.split()[:2]) for key in idx.exact)  # name beginnings
    return sorted(texts)


def _marker_texts() -> list[str]:
    markers = _index().markers
    tables = (
        markers.preprint,
        markers.host,
        markers.host_weak,
        markers.side_tracks,
        markers.leading,
        markers.status,
        markers.main_tracks,
    )
    phrases = {" ".join(phrase) for table in tables for phrase in table}
    words = markers.workshop | markers.journal | markers.conference | markers.citation
    return sorted(phrases | words | markers.name_noise)


CATALOG = _catalog_texts()
MARKERS = _marker_texts()

_part = st.one_of(
    st.sampled_from(FICTIONAL),
    st.sampled_from(CATALOG),
    st.sampled_from(MARKERS),
    st.sampled_from(PUNCTUATION),
    st.integers(1990, 2030).map(str),
)
_glue = st.sampled_from([" ", " ", " ", "", ", ", "; ", ". ", " / ", ": ", "\n"])


@st.composite
def _lines(draw: st.DrawFn) -> str:
    parts = draw(st.lists(_part, min_size=1, max_size=12))
    out = parts[0]
    for part in parts[1:]:
        out += draw(_glue) + part
    return out


def _dropped(match: VenueMatch | None) -> bool:
    """What ``_chunk_venues`` drops."""
    return match is None or (match.method is None and match.abbr is None)


def _find_both(text: str, edition: Edition) -> tuple[list[VenueMatch], list[VenueMatch], list[str]]:
    """``find_venues`` with the skip and with every part described (no memo either way), and
    the texts of the parts skipped."""
    skipped: list[str] = []
    real: Callable[[Sequence[_Tok], Sequence[_Tok], str, index._Index], bool] = find._names_nothing

    def spy(chunk: Sequence[_Tok], words: Sequence[_Tok], part: str, idx: index._Index) -> bool:
        said = real(chunk, words, part, idx)
        if said:
            skipped.append(part)
        return said

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(find, "_names_nothing", spy)
        fast = list(find._find_venues.__wrapped__(text, edition))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(find, "_names_nothing", lambda chunk, words, part, idx: False)
        plain = list(find._find_venues.__wrapped__(text, edition))
    return fast, plain, skipped


def _check(text: str, edition: Edition) -> list[str]:
    fast, plain, skipped = _find_both(text, edition)
    assert fast == plain
    for part in skipped:  # the unmemoized description of every skipped part is dropped
        assert _dropped(describe._describe_venue(part, edition, None)[0]), part
    return skipped


@settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(text=_lines(), edition=st.sampled_from(EDITIONS))
def test_find_venues_skips_only_parts_whose_description_is_dropped(
    text: str, edition: Edition
) -> None:
    _check(text, edition)


#: Fictional lines at the edges of the skip: a part skipped must be dropped, and a guard of
#: ``_names_nothing`` is needed by the parts noted (without it they would name nothing).
EDGES = (
    "Reviewer, Pr. Program. Lang.",  # the last stop: two names fit it, one fits without it
    "Reviewer, nsdi www.toy.org, 2024",  # "www": the text without its link is a venue
    "Reviewer, Toy Workshop, AAAI Conference: on Artificial Intelligence journal",  # ":"
    "Reviewer, Toy Workshop, Aaai/Conference On Artificial Intelligence journal",  # "/"
    "Reviewer for Toyland Widgetry, Imaginary Systems and Pretend Networks.",
    "Invited Talk, Zindle University, 2024",
    "Program Committee Member: ToyConf 2023; BigToy 2022 / Widget Days",
    "Reviewer, IEEE Trans. Comput.",
    "Reviewer, Trans. Toy Syst.",
    "Reviewer, IEEE Trans. Parallel Distrib. Syst.",
    "Reviewer, IEEE Trans Parallel Distrib Syst.",
    "Talk at www.example.org, 2021",
    "Widget Letters, under review",
    "Toy Widgets, arXiv preprint",
    "Reviewer, ｔｏｙ ｗｉｄｇｅｔ ｊｏｕｒｎａｌ",
    "Reviewer, Ｉ Ｅ Ｅ Ｅ Trans. Comput.",
    "Reviewer, conf/nsdi and Toy Days",
    "Chair, Pretend Workshop on Toys, 2022",
    "Reviewer, Toy Doctoral Forum",
    "Reviewer, Pretend Networks co-located with Toy Days",
    "Reviewer: International Conference on Toy Widgets, Imaginary Systems",
    "Reviewer, Symposium on Networked Systems Design and Implementation, 2024",
    "Reviewer, Networked Systems Design Implementation Symposium",
    "Reviewer, ACM Transactions on Architecture and Code Optimization/Toys",
    "Reviewer, Toy (BigToy 2018), Widget Journal",
    "Reviewer, Widget Journal, Toy Conference, Toy Workshop",
    "审稿人，玩具会议，MobiCom",
)


@pytest.mark.parametrize("text", EDGES)
@pytest.mark.parametrize("edition", EDITIONS)
def test_find_venues_edges(text: str, edition: Edition) -> None:
    _check(text, edition)


def test_plain_service_parts_are_skipped() -> None:
    """The skip is taken where it pays: the parts of a service line that name nothing."""
    line = "Reviewer for Toyland Widgetry, Imaginary Systems and Pretend Networks."
    skipped = _check(line, catalog.DEFAULT_EDITION)
    assert "Reviewer for Toyland Widgetry" in skipped
    assert "Imaginary Systems and Pretend Networks" in skipped


@pytest.mark.parametrize("text", ["Toy Widgets", "Toy Widgets.", "Toy\u0301 Widgets"])
def test_a_skipped_text_tokenizes_to_the_chunk(text: str) -> None:
    """The proof's first step: a normal part's own tokens are the chunk's, moved, but the
    last one is not dotted."""
    line = f"Reviewer, {text}"
    toks = tokens._tokenize(line)
    chunk = toks[2:]
    norm = unicodedata.normalize("NFKC", line)
    part = norm[chunk[0].start : chunk[-1].end]
    if not unicodedata.is_normalized("NFKC", part):
        return
    own = tokens._tokenize(part)
    moved = [t._replace(start=t.start - chunk[0].start, end=t.end - chunk[0].start) for t in chunk]
    moved[-1] = moved[-1]._replace(dotted=False)
    assert own == moved


def test_a_line_of_many_parts_is_normalized_once_not_once_per_part(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hostile line of thousands of parts ("&amp;" repeated) once took seconds: each part's
    text was cut from the whole line normalized again."""
    line = "Reviewer; Imaginary Systems Forum; " * 150 + "ToyConf 2024"
    real = unicodedata.normalize
    whole_line: list[str] = []

    def counting(form: str, text: str) -> str:
        if len(text) == len(line):
            whole_line.append(form)
        return real(form, text)  # type: ignore[arg-type]

    monkeypatch.setattr(find.unicodedata, "normalize", counting)
    plain = list(find._find_venues.__wrapped__(line, "2026"))
    assert plain == find.find_venues(line, "2026")
    assert len(whole_line) <= 4, whole_line  # tokenizing and cutting parts: not once per part
