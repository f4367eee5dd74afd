"""``_chunk_venues`` skips describing a part of a service or talk line that
``_names_nothing`` proves names nothing; the skip must change no output: ``find_venues`` gives
what it gives when every part is described, and every skipped part's description is one that
``_chunk_venues`` drops. Lines are made of fictional words, catalog abbreviations and names,
marker phrases, punctuation, years, brackets, links and non-NFKC characters
(:mod:`tests.venues.venue_texts`)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bilingual_cv.venues import (
    DEFAULT_EDITION,
    EDITIONS,
    Edition,
    VenueMatch,
    describe,
    find,
    find_venues,
    index,
    tokens,
)
from bilingual_cv.venues.tokens import _Tok

from .venue_texts import composed_texts


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


def _with_edges(test: Callable[[str, Edition], None]) -> Callable[[str, Edition], None]:
    """Run the property on every edge line in both editions too, every run."""
    for text in EDGES:
        for edition in EDITIONS:
            test = example(text=text, edition=edition)(test)
    return test


@_with_edges
@settings(
    max_examples=1500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    text=st.one_of(composed_texts(max_parts=3), composed_texts(max_parts=12)),
    edition=st.sampled_from(EDITIONS),
)
def test_find_venues_skips_only_parts_whose_description_is_dropped(
    text: str, edition: Edition
) -> None:
    _check(text, edition)


def test_plain_service_parts_are_skipped() -> None:
    """The skip is taken where it pays: the parts of a service line that name nothing."""
    line = "Reviewer for Toyland Widgetry, Imaginary Systems and Pretend Networks."
    skipped = _check(line, DEFAULT_EDITION)
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
    assert plain == find_venues(line, "2026")
    assert len(whole_line) <= 4, whole_line  # tokenizing and cutting parts: not once per part
