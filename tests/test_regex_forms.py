"""Patterns rewritten for speed find exactly what their plain forms find.

Python's regex engine scans quickly for a pattern that starts with a character or a
character class, and tries a whole match at every position of a text otherwise (a pattern
that starts with a lookaround, a repeat or ``\\b``). Several hot patterns are therefore
written to start with the class their matches start with, checking what came before the
match after its first character. Each is compared here with the plain form it replaces, on
generated text, for every match, its groups, and from any start position.
"""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bilingual_cv import lexicon
from bilingual_cv.clean import fixes, markup
from bilingual_cv.entries import degrees, labels, line_text, titles
from bilingual_cv.lang import dates, heading_text
from bilingual_cv.lexicon import load_titles
from bilingual_cv.publications import (
    authors,
    names,
    notes,
    parts,
    split,
    venue_text,
    wrap,
    year,
)
from bilingual_cv.venues import describe, tokens

#: (fast pattern, plain form, flags of the plain form)
FORMS = [
    (dates.YEAR_RE, r"(?=[12])(?<![\d.])(19[5-9]\d|20\d{2})(?!\d)", 0),
    (year._SEVEN_DIGITS_RE, r"\d{7}", 0),
    (names._ET_AL_RE, r"\s+et\s*,?\s*al\.?\s*$", re.IGNORECASE),
    (lexicon._NON_WORD, r"[\W_]+", 0),
    (line_text.COLUMN_RE, r"\t+|\s{2,}|\s+[—|]\s+", 0),
    (
        authors._AUTHOR_SEP_RE,
        (
            r"(?=[\s,，、;；和与])(?:(?<!\s)\s*(?:,|，|、|;|；)\s*(?:and\s+|&\s*)?"
            r"|(?<!\s)\s+(?:and|&)\s+|(?<!\s)\s*(?:和|与)\s*(?=[\u4e00-\u9fff]))"
        ),
        0,
    ),
    (notes._PAREN_RE, r"\s*\(([^()]{2,80})\)", 0),
    (notes._TITLE_POSITION_RE, r"\s*[:：,，]\s*([^:：,，]{2,40})$", 0),
    (
        venue_text._HYPHEN_TAG_RE,
        r"(?<![\w-])([A-Z][A-Za-z0-9]{1,9})-([A-Z][A-Za-z0-9]{1,11})(?![\w-])",
        0,
    ),
    (
        venue_text._ACRONYM_YEAR_RE,
        (
            r"(?<![\w\-])([A-Z](?=[A-Za-z0-9&+\-]*[A-Z0-9])[A-Za-z0-9&+\-]*)"
            r"\s?(?:'\d{2}|(?:19|20)\d{2})(?![\w\-])"
        ),
        0,
    ),
    (describe._DBLP, r"\b(?:conf|journals)/[A-Za-z0-9-]+", 0),
    (
        venue_text.CLAIM_RE,
        r"CCF\s*[-‐:：]?\s*(?:推荐\s*)?([ABC])(?:\s*类)?(?![A-Za-z])",
        re.IGNORECASE,
    ),
    (markup.ITALIC_RE, r"(?<![\w*])\*(?!\s)([^*]+?)(?<!\s)\*(?![\w*])", 0),
    (venue_text._ORDINAL_RE, r"\b\d+(?:st|nd|rd|th)\s+", re.IGNORECASE),
    (degrees._PART_SEP_RE, r"\s*[,，;；]\s*", 0),
    (
        titles.employer_link_re(),
        r"\s+(?:" + "".join(re.escape(w) + "|" for w in load_titles().employer_links) + r"@)\s+",
        0,
    ),
    (authors._NAME_END_RE, r"\.\s+(?=\S)|。\s*(?=\S)|(?<!\s)\s+[-–—]\s+(?=\S)", 0),
    (
        authors._LAST_NAME_END_RE,
        r"\.\s+(?=\S)|。\s*(?=\S)|(?<!\s)\s+[-–—]\s+(?=\S)|:\s+(?=\S)|:(?=[\u4e00-\u9fff])",
        0,
    ),
    (
        parts.SENTENCE_END_RE,
        r"(?<![\s.])(?<!\b[A-Z])[.?!]\s+|。\s*|(?<=[?!])\s+|(?<=[.?!])[\"”]\s+",
        0,
    ),
    (
        venue_text._WRITTEN_NAME_END_RE,
        (
            r"(?:,\s*|(?<!\s)\s+)(?:(?:19|20)\d{2}\b|\d+\s*[(.:,]|\d+$|(?:pp|vol|no)\.|pages\b)"
            r"|\.\s|\("
        ),
        re.IGNORECASE,
    ),
    (
        labels.LABEL_ANY_RE,
        (
            r"(?:(?<=^)|(?<=[\s,，;；(（\[【]))((?:[A-Z][\w'’.-]*)(?:\s+[A-Za-z][\w'’.-]*){0,2}"
            r"|[\u4e00-\u9fff][\u4e00-\u9fff A-Za-z]{0,12})\s*[:：]"
        ),
        0,
    ),
    (
        fixes._ICON_RE,
        (
            r"[\U0001f000-\U0001faff\u2600-\u2708\u270a-\u27bf\u2b00-\u2bff\ue000-\uf8ff"
            r"\ufe00-\ufe0f\u20e3\u2300-\u23ff]|(?<![\w.*∗†])\u2709"
        ),
        0,
    ),
]

#: Fast patterns searched only from the start of a text (their look back at the character
#: before a match sees past a later start position): (fast pattern, plain form, flags).
FORMS_FROM_START = [
    (wrap._LAST_WORD_RE, r"([A-Za-z]+)\s*$", 0),
]

#: Pieces of text the patterns care about, and characters near their edges.
PIECES = [
    *" \t\n\u3000",
    *",，、;；:：.()-—|'&_*/",
    *"和与李张学",
    *"✉✈✊🏆\ue001\ufe0f∗†",
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
]

texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)


def _found(pattern: re.Pattern[str], text: str, pos: int) -> list[tuple[object, ...]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text, pos)]


@settings(max_examples=3000, deadline=None)
@given(text=texts, pos=st.integers(min_value=0, max_value=6))
@example(text="Ann Lee  - Title", pos=8)  # a start inside a run of spaces
def test_each_fast_pattern_finds_what_its_plain_form_finds(text: str, pos: int) -> None:
    for fast, plain_form, flags in FORMS:
        plain = re.compile(plain_form, flags)
        assert _found(fast, text, pos) == _found(plain, text, pos), fast.pattern
        assert fast.split(text) == plain.split(text), fast.pattern


@settings(max_examples=3000, deadline=None)
@given(text=texts)
def test_each_fast_pattern_searched_from_the_start_finds_what_its_plain_form_finds(
    text: str,
) -> None:
    for fast, plain_form, flags in FORMS_FROM_START:
        plain = re.compile(plain_form, flags)
        assert _found(fast, text, 0) == _found(plain, text, 0), fast.pattern
        assert fast.split(text) == plain.split(text), fast.pattern


def test_the_fast_patterns_still_find_their_matches() -> None:
    """The comparison above is not vacuous: each pattern matches its own kind of text."""
    samples = {
        dates.YEAR_RE: ("in 2019.", ["2019"]),
        year._SEVEN_DIGITS_RE: ("CN 2023101234567", ["2023101"]),
        authors._AUTHOR_SEP_RE: ("Ann Lee, Bo Wu and 李华和张三", [", ", " and ", "和"]),
        notes._PAREN_RE: ("In ICSE (Spotlight)", [" (Spotlight)"]),
        venue_text._ACRONYM_YEAR_RE: ("Proc. of DS-RT'07", ["DS-RT'07"]),
        venue_text._HYPHEN_TAG_RE: ("FL-AAAI 2023", ["FL-AAAI"]),
        describe._DBLP: ("dblp.org/db/conf/nsdi/x", ["conf/nsdi"]),
        line_text.COLUMN_RE: ("Role\t\tPlace  2020 | x", ["\t\t", "  ", " | "]),
        venue_text.CLAIM_RE: ("ICSE (ccf-A), CCF推荐B类", ["ccf-A", "CCF推荐B类"]),
        markup.ITALIC_RE: ("Ann *Title* Bo*x*", ["*Title*"]),
        venue_text._ORDINAL_RE: ("the 21st Conf, 3rd ", ["21st ", "3rd "]),
        parts.SENTENCE_END_RE: (
            'A. Lee. Title? Yes. 好。对 "Toys." In',
            [". ", "? ", ". ", "。", '" '],
        ),
        venue_text._WRITTEN_NAME_END_RE: ("ICSE, 2023 (x). y", [", 2023", "(", ". "]),
        labels.LABEL_ANY_RE: ("x, Role: y 职位：z", ["Role:", "职位："]),
        wrap._LAST_WORD_RE: ("Formal Techniques for Distributed \n", ["Distributed \n"]),
        fixes._ICON_RE: ("🏆 Ann Lee✉, Bo Wu ✉ bo@example.org \ue001", ["🏆", "✉", "\ue001"]),
    }
    for pattern, (text, expected) in samples.items():
        assert [m.group() for m in pattern.finditer(text)] == expected, pattern.pattern
    # the other-rank claim, found without a pattern (han_runs) where a pattern was
    assert venue_text._without_other_claims("中科院一区, 北大核心 A 类") == "中科院一区,  "


@settings(max_examples=1000, deadline=None)
@given(text=st.text(alphabet=st.characters(max_codepoint=127)))
def test_venue_tokens_of_ascii_text_are_read_by_the_ascii_pattern_as_by_the_full_one(
    text: str,
) -> None:
    assert _found(tokens._ASCII_TOKEN, text, 0) == _found(tokens._TOKEN, text, 0)
    assert [t.text for t in tokens._tokenize(text)] == [
        m.group() for m in tokens._TOKEN.finditer(text)
    ]


#: Pieces for the prefilters below: brackets, right columns, the letters and Han characters
#: that end a line, on top of :data:`PIECES`.
PREFILTER_PIECES = [*PIECES, *"[]【】<>《》〕〗\t汉", "MA", "BA", " in ", "2023", "      ", "\n"]
prefilter_texts = st.lists(st.sampled_from(PREFILTER_PIECES), max_size=16).map("".join)


def _match(found: re.Match[str] | None) -> tuple[object, ...] | None:
    return None if found is None else (found.span(), found.groups())


@settings(max_examples=3000, deadline=None)
@given(text=prefilter_texts)
@example(text="【教育背景】\n")  # "$" before a closing newline
@example(text="Fast Toys2023\n")
def test_each_prefiltered_search_finds_what_the_plain_search_finds(text: str) -> None:
    """A cheap test before a pattern skips only the texts where it cannot match."""
    assert _match(heading_text.match_brackets(text)) == _match(heading_text.BRACKETS_RE.match(text))
    assert _match(wrap._last_word(text)) == _match(wrap._LAST_WORD_RE.search(text))
    assert wrap.ends_in_word(text) == _ends_in_word_plainly(text)
    assert _match(split._right_column(text)) == _match(split._RIGHT_COLUMN_RE.search(text))


def _ends_in_word_plainly(text: str) -> bool:
    """:func:`wrap.ends_in_word` with each pattern searched over the whole text."""
    word = wrap._LAST_WORD_RE.search(text)
    if word is not None:
        glued = text[word.start() - 1 : word.start()]
        return not glued or glued not in wrap._CODE_CHARS
    return wrap._LAST_HAN_RE.search(text) is not None


def test_the_prefiltered_searches_still_find_their_matches() -> None:
    """The comparison above is not vacuous: each search finds its own kind of text."""
    assert heading_text.match_brackets("【教育背景】").group(1) == "教育背景"
    assert wrap._last_word("Toys for Distributed  ").group(1) == "Distributed"
    assert wrap.ends_in_word("分布式系统 ")
    assert not wrap.ends_in_word("Toys 2023")
    assert split._right_column("Fast Toys\tNSDI 2023").start() == 9
    assert split._right_column("Fast Toys" + " " * 8 + "2023").start() == 9
