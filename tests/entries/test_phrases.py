"""Phrase matchers (bilingual_cv/entries/phrases.py): the grouped, guarded alternation of a
matcher finds exactly what the plain alternation of its entries finds."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bilingual_cv.entries.phrases import _alternatives, build_matcher
from bilingual_cv.lexicon import (
    load_degrees,
    load_labels,
    load_organizations,
    load_places,
    load_roles,
    load_titles,
)

Entries = Mapping[str, Iterable[str]] | Iterable[str]

#: Fictional lines in both languages: places, degrees, titles, roles, organizations.
LINES = [
    "Ph.D. in Toy Science, Lakeview University, Springfield, IL, 2019 – 2024",
    "Research Intern, Acme Labs, Mountain View, CA; Assistant Professor, Remote",
    "M.S., B.Eng. (Hons), MPhil; postdoc; Teaching Assistant (TA), Program Committee",
    "Department of Toy Science, College of Play; 系统 学院 研究所 中国 北京 美国",
    "博士研究生 玩具科学 北湖大学 2018.9-2023.6 博士后 助教 副教授 审稿人",
    "ＭＳ Ｍ.Ｓ. k ſ K ı İ x\tTab\u00a0nbsp CA3 3CA caNADA New-York",
    "",
]


def _lexicons() -> list[Entries]:
    places, titles, orgs = load_places(), load_titles(), load_organizations()
    hidden = {"": orgs.not_organizations}
    return [
        {"state": places.states, "country": places.countries, "city": places.cities},
        places.remote,
        load_degrees().degrees,
        titles.heads,
        titles.teaching,
        titles.internship,
        titles.academic,
        titles.faculty,
        load_roles().roles,
        load_labels().honorifics,
        {**hidden, **{w: [w] for w in orgs.strong}},
        {**hidden, **{w: [w] for w in orgs.weak}},
    ]


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)]


def _plain(entries: Entries) -> re.Pattern[str]:
    """Every entry's pattern in one alternation, in order, with no guard."""
    alternatives, _ = _alternatives(entries)
    return re.compile("|".join(p for p, _ in alternatives) or "(?!)", re.IGNORECASE)


def test_lexicon_matchers_match_as_the_plain_alternation() -> None:
    for entries in _lexicons():
        matcher, plain = build_matcher(entries), _plain(entries)
        hits = 0
        for line in LINES:
            spans = _spans(matcher.pattern, line)
            assert spans == _spans(plain, line), line
            hits += len(spans)
        assert hits > 0  # the lines hold words of every lexicon


#: Characters of invented entries and lines: Latin (with the non-Latin letters that case-fold
#: to Latin ones: dotless i, long s, Kelvin sign), digits, Han, punctuation and spaces.
_ALPHABET = "aiksAIS0 .-" + "ıſK" + "博士"


@settings(max_examples=500, deadline=None)
@example(entries=["ıs a", "is"], text="is a")  # a longer entry that folds to "is a" wins
@given(
    entries=st.lists(st.text(_ALPHABET, min_size=1, max_size=6), min_size=1, max_size=8),
    text=st.text(_ALPHABET, max_size=30),
)
def test_any_matcher_matches_as_the_plain_alternation(entries: list[str], text: str) -> None:
    assert _spans(build_matcher(entries).pattern, text) == _spans(_plain(entries), text)


def test_entries_opening_with_a_letter_that_folds_to_latin_stay_in_one_group() -> None:
    grouped = build_matcher(["ms", "博士"]).pattern.pattern
    single = build_matcher(["ms", "ıs"]).pattern.pattern
    assert grouped.count("(?=[") == 3
    assert single.count("(?=[") == 1
    assert _spans(build_matcher(["ms", "ıs"]).pattern, "Is ms") == [(0, 2), (3, 5)]
