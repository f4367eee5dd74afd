"""The date grammar: every date pattern, built once from the date lexicons.

The words come from ``lexicons/<lang>/dates.yaml`` of every registered language
(:func:`date_words`); the digits and punctuation are here. :func:`grammar` compiles them into
the patterns :mod:`bilingual_cv.lang.dates` reads lines with: the token pattern (one
alternative per way of writing a date, :func:`token_alternatives`, led by a first-character
lookahead), range separators, open ends, "expected" markers, number labels, openers and
year-less months.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bilingual_cv.errors import LexiconError
from bilingual_cv.lang import depends_on_languages, languages
from bilingual_cv.lexicon import lexicon_key, load_dates

#: A four-digit year between MIN_YEAR and MAX_YEAR.
YEAR = r"(?:19[5-9]\d|20\d\d|2100)"
#: A month number 1-12, with or without a leading zero.
MONTH = r"(?:1[0-2]|0?[1-9])"
#: A day number 1-31 (checked against the month later).
DAY = r"(?:3[01]|[12]\d|0?[1-9])"
#: What must not come right before a date token: a letter or digit (patent "CN2023...") or the
#: punctuation of versions, urls, ids and money ("v.2020", "abs/2012", "#2019", "$2050").
TOKEN_START = r"(?<![0-9A-Za-z./\\+#@%$¥€£])"
#: What must not come right after a number: more of a number, a word or a percentage
#: ("2012.01234", "20170302565A1", "2020%", "2020.3.1" as a version).
NUM_END = r"(?![0-9A-Za-z%])(?![./]\d)"
#: Range dashes: hyphen-minus, Unicode hyphens and dashes, minus sign, tilde, wave dash.
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212~\u301c"
#: Brackets around an "expected" marker: "(预期)", "[expected]", "【预计】".
OPEN_BRACKETS = r"(\[【"
CLOSE_BRACKETS = r")\]】"


@dataclass(frozen=True, slots=True)
class Grammar:
    """Patterns and look-up tables built once from the lexicons."""

    token: re.Pattern[str]
    separator: re.Pattern[str]
    present: re.Pattern[str]
    expected_after: re.Pattern[str]
    expected_before: re.Pattern[str]
    expected_lead: re.Pattern[str]
    label_before: re.Pattern[str]
    #: An "expected" word anywhere: "在读 Ph.D.", "Ph.D. (expected)".
    expected_word: re.Pattern[str]
    #: "from" / "since" right before a date (group ``since`` when it opens a range to now).
    opener_before: re.Pattern[str]
    #: A month without a year after a range separator: "2024 年 06 月 - 09 月", "May 2023 – Aug".
    bare_month: re.Pattern[str]
    #: A month without a year and a range separator right before a date: "May – Aug 2023".
    bare_month_before: re.Pattern[str]
    months: Mapping[str, int]
    eras: Mapping[str, int]
    #: The year offset of the era a bare three-digit year counts in (民国: 1911), if any.
    implicit_era: int | None


def lexicon_keys(lang: str, field: str, words: Iterable[str]) -> list[str]:
    """Lexicon keys of ``words``; an entry with no letters would match everywhere."""
    keys = []
    for word in words:
        key = lexicon_key(word)
        if not key:
            raise LexiconError(f"{lang}/dates.yaml: {field}: {word!r} has no letters or digits")
        keys.append(key)
    return keys


def alternation(keys: Iterable[str]) -> str:
    """A regex group matching any key, longest first, spaces as any whitespace.

    >>> alternation(["sep", "sept", "expected graduation"])
    '(?:expected\\\\s+graduation|sept|sep)'
    """
    unique = sorted(set(keys), key=lambda k: (-len(k), k))
    if not unique:
        return "(?!)"  # an empty list matches nothing, never the empty string
    return "(?:" + "|".join(r"\s+".join(map(re.escape, k.split(" "))) for k in unique) + ")"


def word_pattern(keys: Iterable[str]) -> str:
    """Like :func:`alternation`, but not inside a longer Latin word ("now" in "nowhere")."""
    return r"(?<![A-Za-z])" + alternation(keys) + r"(?![A-Za-z])"


@depends_on_languages
def month_keys() -> frozenset[str]:
    return frozenset(date_words()[0])


def is_month_name(text: str) -> bool:
    """The text is a month's name or abbreviation in any language ("Mar", "Sept.", "九月").

    >>> is_month_name("Sept."), is_month_name("March"), is_month_name("Marsh")
    (True, True, False)
    """
    return lexicon_key(text) in month_keys()


def date_words() -> tuple[dict[str, int], dict[str, int], dict[str, list[str]]]:
    """The keys of every date lexicon: month names -> month, era names -> year offset, and
    the other word lists by what they mark (``season``, ``present``, ``range`` ...)."""
    months: dict[str, int] = {}
    eras: dict[str, int] = {}
    words: dict[str, list[str]] = {
        k: []
        for k in (
            "season",
            "present",
            "expected",
            "range",
            "year",
            "month",
            "day",
            "ordinal",
            "label",
            "opener",
            "since",
        )
    }
    for language in languages():
        lang, lex = language.code, load_dates(language.lexicon)
        for number, names in lex.months.items():
            months.update(dict.fromkeys(lexicon_keys(lang, f"months.{number}", names), number))
        for name, names in lex.seasons.items():
            words["season"] += lexicon_keys(lang, f"seasons.{name}", names)
        eras.update(zip(lexicon_keys(lang, "eras", lex.eras), lex.eras.values(), strict=True))
        words["present"] += lexicon_keys(lang, "present", lex.present)
        words["expected"] += lexicon_keys(lang, "expected", lex.expected)
        words["range"] += lexicon_keys(lang, "range_words", lex.range_words)
        words["year"] += lexicon_keys(lang, "year_marks", lex.year_marks)
        words["month"] += lexicon_keys(lang, "month_marks", lex.month_marks)
        words["day"] += lexicon_keys(lang, "day_marks", lex.day_marks)
        words["ordinal"] += lexicon_keys(lang, "ordinal_suffixes", lex.ordinal_suffixes)
        words["label"] += lexicon_keys(lang, "number_labels", lex.number_labels)
        words["opener"] += lexicon_keys(lang, "range_openers", lex.range_openers)
        words["since"] += lexicon_keys(lang, "since", lex.since)
    return months, eras, words


def token_alternatives(
    months: Iterable[str], eras: Iterable[str], words: Mapping[str, list[str]]
) -> list[str]:
    """One regex per way of writing a single date; their named groups say which matched."""
    month_names = word_pattern(months)
    season = word_pattern(words["season"])
    era = alternation(eras)
    year_mark = alternation(words["year"])
    month_mark = alternation(words["month"])
    day_mark = alternation(words["day"])
    ordinal = alternation(words["ordinal"])
    # Every whitespace run is possessive (\s*+): two runs around an optional comma must not
    # trade characters, or a long line of spaces backtracks quadratically.
    return [
        # ISO and dotted days: "2024-05-18", "2024.5.18"
        (
            rf"(?P<ymd_y>{YEAR})(?P<ymd_sep>[./-])(?P<ymd_m>{MONTH})(?P=ymd_sep)"
            rf"(?P<ymd_d>{DAY}){NUM_END}"
        ),
        # Chinese: "2019年9月", "2024年5月18日", "2022年秋季", "民国108年", "108年9月"
        (
            rf"(?:(?P<zh_era>{era})\s*+(?P<zh_ey>\d{{1,3}})|(?P<zh_y>{YEAR})|(?P<zh_by>\d{{2,3}}))"
            rf"\s*+{year_mark}"
            rf"(?:\s*+(?:(?P<zh_m>{MONTH})\s*+{month_mark}|(?P<zh_mn>{month_names}))"
            rf"(?:\s*+(?P<zh_d>{DAY})\s*+{day_mark})?|\s*+(?P<zh_s>{season}))?"
        ),
        # Year and month numbers: seed 002 "2019.9", "2020/09", ISO "2024-05"
        rf"(?P<ym_y>{YEAR})[./-](?P<ym_m>{MONTH}){NUM_END}",
        # A three-digit year of the implicit era and a month: Taiwan's "105.09", "105/9"
        rf"(?P<era_y>1[0-4]\d)[./](?P<era_m>{MONTH}){NUM_END}",
        # Year then season: seed 000 "2022 Spring"
        rf"(?P<ys_y>{YEAR})\s*+,?\s*+{season}",
        rf"(?P<yr>{YEAR}){NUM_END}",
        # Month names: "Sept. 2022", "Jul.2024", "August, 2024", "May 18, 2026", "18 May 2026"
        (
            rf"(?:(?P<md_d1>{DAY})\s++)?(?P<md_m>{month_names})\.?\s*+,?\s*+"
            rf"(?:(?P<md_d2>{DAY}){ordinal}?\s*+,?\s*+)?(?P<md_y>{YEAR}){NUM_END}"
        ),
        # Season then year: seed 001 "Summer 2024"
        rf"{season}\s*+,?\s*+(?P<sy_y>{YEAR}){NUM_END}",
        # Month/year and month/day/year: "09/2020", "05/18/2026"
        rf"(?P<my_a>\d{{1,2}})/(?:(?P<my_b>\d{{1,2}})/)?(?P<my_y>{YEAR}){NUM_END}",
    ]


def first_char(*word_lists: Iterable[str]) -> str:
    """A lookahead for the characters a date can start with: a digit or the first letter of a
    month, era or season word. Most positions of a line fail it at once, where every
    alternative of the token pattern would be tried.

    >>> first_char(["may", "五月"], ["民国"], ["fall"])
    '(?=[\\\\dfm五民])'
    """
    return "(?=[\\d" + firsts(word_lists) + "])"


def first_letters(*word_lists: Iterable[str]) -> str:
    """A lookahead for the first characters of the words, for a pattern that must start with
    one of them: searched over a window before a date, most positions fail it at once.

    >>> first_letters(["pp", "vol"], ["第"])
    '(?=[pv第])'
    """
    return "(?=[" + firsts(word_lists) + "])"


def firsts(word_lists: Iterable[Iterable[str]]) -> str:
    """The first characters of the words, escaped for a character class."""
    firsts = sorted({word[0] for words in word_lists for word in words if word})
    return "".join(re.escape(char) for char in firsts)


@depends_on_languages
def grammar() -> Grammar:
    """Build every pattern from the date lexicons of all languages, once."""
    months, eras, words = date_words()
    alternatives = token_alternatives(months, eras, words)
    expected = word_pattern(words["expected"])
    flags = re.IGNORECASE
    return Grammar(
        token=re.compile(
            first_char(months, eras, words["season"])
            + TOKEN_START
            + "(?:"
            + "|".join(alternatives)
            + ")",
            flags,
        ),
        separator=re.compile(rf"\s*+(?:[{DASHES}]++|{word_pattern(words['range'])})\s*+", flags),
        present=re.compile(word_pattern(words["present"]), flags),
        expected_after=re.compile(
            rf"\s*+(?:[{OPEN_BRACKETS}]\s*+{expected}\s*+[{CLOSE_BRACKETS}]|[,;]?\s*+{expected})",
            flags,
        ),
        expected_before=re.compile(
            first_letters(words["expected"]) + rf"{expected}\s*+:?\s*+\Z", flags
        ),
        expected_lead=re.compile(rf"{expected}\s*+:?\s*+", flags),
        label_before=re.compile(
            first_letters(words["label"]) + rf"{word_pattern(words['label'])}\s*+[.:#]?\s*+\Z",
            flags,
        ),
        expected_word=re.compile(expected, flags),
        opener_before=re.compile(
            first_letters(words["opener"], words["since"])
            + rf"(?:{word_pattern(words['opener'])}|(?P<since>{word_pattern(words['since'])}))\s*+\Z",
            flags,
        ),
        bare_month=re.compile(bare_month(months, words) + r"(?![\s,]*+\d)", flags),
        bare_month_before=re.compile(
            rf"(?<![\w.]){bare_month(months, words)}\s*+"
            rf"(?:[{DASHES}]++|{word_pattern(words['range'])})\s*+\Z",
            flags,
        ),
        months=months,
        eras=eras,
        implicit_era=implicit_era(eras),
    )


def implicit_era(eras: Mapping[str, int]) -> int | None:
    """The year offset of the era a bare three-digit year counts in (``implicit_era`` of a
    date lexicon), or None when no language names one."""
    for language in languages():
        name = load_dates(language.lexicon).implicit_era
        if name is not None:
            key = lexicon_key(name)
            if key not in eras:
                raise LexiconError(f"{language.code}/dates.yaml: implicit_era {name!r} is no era")
            return eras[key]
    return None


def bare_month(months: Iterable[str], words: Mapping[str, list[str]]) -> str:
    """A month written without its year: a month number with its mark ("09 月") or a month
    name ("Aug."); group ``bm_n`` or ``bm_name``."""
    month_mark = alternation(words["month"])
    return rf"(?:(?P<bm_n>{MONTH})\s*+{month_mark}|(?P<bm_name>{word_pattern(months)})\.?)"
