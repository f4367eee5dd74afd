"""One date grammar for English and Chinese CV lines.

A date is read in two steps. :func:`_scan` finds *date tokens* ("May 2023", "2019.9",
"2023年5月", "民国108年", "Summer 2024", "09/2020") with one regex, then joins neighbouring
tokens into ranges when a separator (a dash, "to", "至") stands between them, takes an open end
("Present", "至今") or a two-digit end year ("2023–24"), and attaches "expected" markers found
just before or after. The patterns come from :mod:`bilingual_cv.lang.date_grammar`, built from
``lexicons/<lang>/dates.yaml`` for every language in :data:`~bilingual_cv.schema.Lang`.

Values are the contract's strings (``shared/SCHEMA.md``): ``"YYYY"``, ``"YYYY-MM"``,
``"YYYY-MM-DD"`` or ``"present"``. A season gives its year only. A single date that is marked
expected is the *end* of an unfinished period ("Expected: 2029"); any other single date is a
start. Nothing here raises on odd input: what is not a date gives ``None`` or no range, and the
caller records ``date_unparsed``.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from typing import NamedTuple

from bilingual_cv.lang.date_grammar import (
    DASHES,
    NUM_END,
    Grammar,
    grammar,
)
from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.memo import memo_short_texts

#: The value of an open end, as the contract writes it.
PRESENT = "present"

#: Plausible years on a CV. Four-digit numbers outside them (arXiv ids "2404.02407", page
#: numbers "1572-1588") are never dates.
MIN_YEAR = 1950
MAX_YEAR = 2100
#: Characters allowed around a whole-string date besides the date itself: "(2022-now)".
_FRAME = " \t\r\n()[]【】{}<>,.;:|*_•·-"
#: How far back a number label ("pp. ") is looked for.
_LABEL_WINDOW = 24
#: How far back an "expected" marker ("Expected graduation: ") is looked for.
_EXPECTED_WINDOW = 40
#: A two-digit end year after a four-digit start: "2023–24" (seed 003). Start and end may be
#: at most this many years apart.
#: A plausible year of a CV event, written in four digits (the one pattern, shared by the
#: list and publication parsers).
#: The year is matched first and the digit or point before it is checked after (the same
#: matches): a pattern that starts with a character the engine can scan for runs several times
#: faster than one that starts with a lookaround, tried at every position.
YEAR_RE = re.compile(r"(19[5-9]\d|20\d{2})(?<![\d.]\d{4})(?!\d)")
_SHORT_YEAR = re.compile(r"(\d{2})" + NUM_END)
_SHORT_YEAR_SPAN = 10

#: Full-width ASCII (U+FF01-U+FF5E) and the ideographic space, one character for one, so that
#: spans found in the folded text are spans of the original ("２０１９年", "（预期）", "～").
_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
#: A character :data:`_WIDTH` changes.
_WIDE_RE = re.compile("[\uff01-\uff5e\u3000]")


def _fold_width(text: str) -> str:
    """The text with full-width ASCII and ideographic spaces made half-width, one for one.

    Most lines hold none, and finding that out is quicker than translating them.

    >>> _fold_width("２０１９年９月（预期）"), _fold_width("May 2023")
    ('2019年9月(预期)', 'May 2023')
    """
    if text.isascii() or _WIDE_RE.search(text) is None:
        return text
    return text.translate(_WIDTH)


@dataclass(frozen=True, slots=True)
class DateRange:
    """A date or a date range found in a line.

    Attributes:
        start: Contract string of the first date, or ``None`` (an expected single date).
        end: Contract string of the last date, ``"present"``, or ``None`` (a single date).
        expected: The end is not reached yet ("expected", "预期", "在读").
        raw: The matched text, markers included ("May 2024 (expected)").
        span: ``(begin, end)`` offsets of ``raw`` in the searched text.
    """

    start: str | None
    end: str | None
    expected: bool
    raw: str
    span: tuple[int, int]


class _Token(NamedTuple):
    """One date before it is joined into a range.

    A named tuple, not a frozen dataclass: one is built for every date-like match of a line,
    and a frozen dataclass is four times slower to build.
    """

    start: int
    end: int
    year: int
    month: int | None
    day: int | None
    #: Offset of the era the year is counted in ("民国": 1911), for a later "108年" to reuse.
    era: int | None
    #: "108年" with no era of its own: a date only as the end of a range that started in one.
    needs_era: bool
    #: A plain four-digit year, which may be followed by a two-digit end year ("2016–19").
    bare_year: bool
    #: Starts with a digit, so a phone or page number may precede it.
    digit_first: bool
    #: How a numeric day/month date was read: "dmy" when its first number is over 12,
    #: "either" when both fit a month (read month first), else None.
    order: str | None = None
    #: A dotted year and month of the implicit era ("105.09"): a date only as an end of a
    #: range in a Chinese line (:func:`_is_era_range`).
    implicit: bool = False


def _bare_month_value(m: re.Match[str], g: Grammar) -> int | None:
    """The month number of a :func:`bare_month` match; ``None`` for a Latin name written in
    lower case, which is a word of prose ("they may - ...")."""
    if m["bm_n"]:
        return int(m["bm_n"])
    name = m["bm_name"]
    return None if name[:1].islower() else g.months[lexicon_key(name)]


def _valid_day(year: int, month: int, day: int | None) -> bool:
    """Whether ``day`` exists in that month ("Feb 30" does not); ``None`` always does.

    >>> _valid_day(2024, 2, 29), _valid_day(2023, 2, 29), _valid_day(2023, 2, None)
    (True, False, True)
    """
    return day is None or day <= calendar.monthrange(year, month)[1]


def _read_token(m: re.Match[str], g: Grammar) -> _Token | None:
    """Turn one match of the token pattern into a :class:`_Token`, or ``None`` if impossible."""
    token: _Token | None
    if m["ymd_y"]:
        token = _token(m, int(m["ymd_y"]), int(m["ymd_m"]), int(m["ymd_d"]))
    elif m["zh_y"] or m["zh_ey"] or m["zh_by"]:
        token = _read_zh_token(m, g)
    elif m["ym_y"]:
        token = _token(m, int(m["ym_y"]), int(m["ym_m"]))
    elif m["era_y"]:
        if g.implicit_era is None:
            return None
        token = _token(m, g.implicit_era + int(m["era_y"]), int(m["era_m"]))._replace(
            era=g.implicit_era, implicit=True
        )
    elif m["ys_y"]:
        token = _token(m, int(m["ys_y"]))
    elif m["yr"]:
        token = _token(m, int(m["yr"]), bare_year=True)
    elif m["md_y"]:
        days = m["md_d1"] or m["md_d2"]
        month = g.months[lexicon_key(m["md_m"])]
        token = _token(m, int(m["md_y"]), month, int(days) if days else None)
    elif m["sy_y"]:
        token = _token(m, int(m["sy_y"]))
    else:
        token = _read_slashed_token(m)
    return token if token is not None and _is_plausible(token) else None


def _token(
    m: re.Match[str],
    year: int,
    month: int | None = None,
    day: int | None = None,
    *,
    era: int | None = None,
    needs_era: bool = False,
    bare_year: bool = False,
    order: str | None = None,
) -> _Token:
    """The token of match ``m``, with the date parts read from it."""
    return _Token(
        start=m.start(),
        end=m.end(),
        year=year,
        month=month,
        day=day,
        era=era,
        needs_era=needs_era,
        bare_year=bare_year,
        digit_first=m.group(0)[:1].isdigit(),
        order=order,
    )


def _read_zh_token(m: re.Match[str], g: Grammar) -> _Token:
    """A Chinese date: "2019年9月", "民国108年", or "108年9月" whose era comes from the range."""
    era: int | None = None
    needs_era = False
    if m["zh_era"]:
        era = g.eras[lexicon_key(m["zh_era"])]
        year = era + int(m["zh_ey"])
    elif m["zh_by"] and len(m["zh_by"]) == 3 and g.implicit_era is not None:
        era = g.implicit_era  # "105年8月": a three-digit year is one of the era's
        year = era + int(m["zh_by"])
    elif m["zh_by"]:
        year, needs_era = int(m["zh_by"]), True
    else:
        year = int(m["zh_y"])
    month: int | None = None
    if m["zh_m"]:
        month = int(m["zh_m"])
    elif m["zh_mn"]:
        month = g.months[lexicon_key(m["zh_mn"])]
    day = int(m["zh_d"]) if m["zh_d"] else None
    return _token(m, year, month, day, era=era, needs_era=needs_era)


def _read_slashed_token(m: re.Match[str]) -> _Token | None:
    """ "09/2020", "05/18/2026" (month first when the first number can be a month) or
    "18/05/2026"; ``None`` when no reading gives a month."""
    year, first = int(m["my_y"]), int(m["my_a"])
    day: int | None = None
    order: str | None = None
    if m["my_b"] is None:
        month = first
    elif first <= 12:  # US order first: "05/18/2026"
        month, day = first, int(m["my_b"])
        order = "either" if day <= 12 else None
    else:  # "18/05/2026"
        month, day = int(m["my_b"]), first
        order = "dmy"
    if not 1 <= month <= 12 or day == 0:
        return None
    return _token(m, year, month, day, order=order)


def _is_plausible(token: _Token) -> bool:
    """A year in the plausible range and a day its month has; a year still waiting for its
    era ("108年") is checked once it has one (:func:`_with_era`)."""
    if token.needs_era:
        return True
    if not MIN_YEAR <= token.year <= MAX_YEAR:
        return False  # an era year outside the plausible range ("民国3年")
    return token.month is None or _valid_day(token.year, token.month, token.day)


def _same_order(first: _Token, last: _Token) -> tuple[_Token, _Token]:
    """Both ends of a range in one day/month order: "01/09/2016 – 30/06/2020" is day first,
    because 30 cannot be a month."""
    if first.order == "either" and last.order == "dmy":
        return _day_first(first), last
    if last.order == "either" and first.order == "dmy":
        return first, _day_first(last)
    return first, last


def _day_first(token: _Token) -> _Token:
    assert token.month is not None and token.day is not None
    return token._replace(month=token.day, day=token.month, order="dmy")


def _format(year: int, month: int | None, day: int | None) -> str:
    """The contract string of a date.

    >>> _format(2019, 9, None), _format(2026, 5, 18), _format(2024, None, None)
    ('2019-09', '2026-05-18', '2024')
    """
    if month is None:
        return f"{year:04d}"
    if day is None:
        return f"{year:04d}-{month:02d}"
    return f"{year:04d}-{month:02d}-{day:02d}"


def _parts(token: _Token) -> tuple[int, ...]:
    """The known parts of a date, for ordering: (year,), (year, month) or (year, month, day)."""
    if token.month is None:
        return (token.year,)
    if token.day is None:
        return (token.year, token.month)
    return (token.year, token.month, token.day)


def _is_ordered(first: tuple[int, ...], last: tuple[int, ...]) -> bool:
    """Whether ``last`` is not before ``first``, compared at their common precision.

    >>> _is_ordered((2019, 9), (2019,)), _is_ordered((2019, 9), (2019, 6))
    (True, False)
    """
    n = min(len(first), len(last))
    return last[:n] >= first[:n]


def _with_era(token: _Token, start: _Token) -> _Token | None:
    """Give a bare "108年" the era of the range's start ("民国104年9月至108年6月"), and a
    two-digit "20年" the century of a start written in full ("2012年6月-20年8月")."""
    if not token.needs_era:
        return token
    if start.era is not None:
        year = start.era + token.year
    elif token.year < 100 and start.year >= 1000:
        year = start.year // 100 * 100 + token.year
        year += 100 if year < start.year else 0
        if year - start.year > _SHORT_YEAR_SPAN:
            return None
    else:
        return None
    if not MIN_YEAR <= year <= MAX_YEAR:
        return None
    if token.month is not None and not _valid_day(year, token.month, token.day):
        return None
    return _Token(
        token.start, token.end, year, token.month, token.day, start.era, False, False, True
    )


def _may_start(text: str, token: _Token, g: Grammar) -> bool:
    """Whether a range may begin at ``token``: not a phone, page, volume or version number."""
    s = token.start
    if token.digit_first and s > 0:
        before = text[s - 1]
        if before in DASHES:  # "555-2019", the tail of a number
            return False
        if before == " " and s > 1 and text[s - 2].isdigit():  # "138 2019 0912"
            return False  # (a tab is a column break: "排名: 4/135<TAB>2008.8 – 2013.6")
    return g.label_before.search(text, max(0, s - _LABEL_WINDOW), s) is None


def _expected_start(text: str, s: int, floor: int, g: Grammar) -> int | None:
    """Offset of an "expected" marker ending right before offset ``s`` ("Expected: 2029")."""
    found = g.expected_before.search(text, max(floor, s - _EXPECTED_WINDOW), s)
    return None if found is None else found.start()


#: How far back a "from" / "since" or a year-less start month ("May – ") is looked for.
_OPENER_WINDOW = 16


def _opener(text: str, s: int, floor: int, g: Grammar) -> re.Match[str] | None:
    """A "from" / "since" ending right before offset ``s`` ("From Jun. 2022 to Present")."""
    return g.opener_before.search(text, max(floor, s - _OPENER_WINDOW), s)


def _start_month(text: str, token: _Token, floor: int, g: Grammar) -> tuple[int, int] | None:
    """A month written without its year, and a range separator, right before ``token``:
    "May – Aug 2023", "March-July 2009". Its month number and where it starts."""
    if token.month is None or token.start - floor < 2:
        return None
    found = g.bare_month_before.search(text, max(floor, token.start - _OPENER_WINDOW), token.start)
    month = None if found is None else _bare_month_value(found, g)
    return None if found is None or month is None else (month, found.start())


#: A column break or a closing bracket after a range's dash: the range is open to the present.
_OPEN_END_RE = re.compile(r"[)）\]】|]|$")
#: A closing bracket or a column's bar right after a dash.
_CLOSED_AFTER_RE = re.compile(r"[)）\]】|]")


def _yearless_end(
    text: str, first: _Token, sep: re.Match[str], g: Grammar
) -> tuple[str, int] | None:
    """The end of a range that starts at ``first`` (a month) and gives no year for its end:
    a month only ("2024 年 06 月 - 09 月", "2016年5月~9月", in the start's year or the next),
    or nothing after its dash ("2020.11-": still going). The end's value and where it stops.
    """
    pos = sep.end()
    found = g.bare_month.match(text, pos)
    month = None if found is None else _bare_month_value(found, g)
    if found is not None and month is not None:
        year = first.year + (month < (first.month or 0))
        return _format(year, month, None), found.end()
    return _open_end(text, sep)


def _open_end(text: str, sep: re.Match[str]) -> tuple[str, int] | None:
    """A range's dash with nothing after it but a column break, a closing bracket or the
    end of the text ("2020.11-", "(2020-)", "2019 –<TAB>Toy Lab"): the range is still
    going. The end's value and where it stops."""
    pos = sep.end()
    dash = any(c in DASHES for c in sep.group(0))
    column = "\t" in sep.group(0) or "   " in sep.group(0) or pos == len(text)
    if dash and (column or _OPEN_END_RE.match(text, pos)):
        return PRESENT, sep.start() + len(sep.group(0).rstrip())
    return None


def _scan(text: str) -> list[DateRange]:
    """Every date and date range in ``text``, left to right, without overlaps.

    Entry parsers ask about the same line several times; lines of ordinary length are
    scanned once (the ranges are frozen values, the list is a fresh copy each call).
    """
    return list(_scan_text(text))


#: Every way of writing a date holds a digit: a line without one is not scanned.
_DIGIT_RE = re.compile(r"\d")


@memo_short_texts(max_chars=2000, maxsize=8192)
def _scan_text(text: str) -> tuple[DateRange, ...]:
    folded = _fold_width(text)
    if _DIGIT_RE.search(folded) is None:
        return ()
    g = grammar()
    tokens = [t for m in g.token.finditer(folded) if (t := _read_token(m, g)) is not None]
    found: list[DateRange] = []
    last_end = 0
    i = 0
    while i < len(tokens):
        first = tokens[i]
        i += 1
        if first.needs_era:
            first = _era_from_end(folded, first, tokens[i : i + 1], g) or first
        if first.needs_era or not _may_start(folded, first, g):
            continue
        if first.implicit and not _is_era_range(folded, first, tokens[i : i + 1], g):
            continue
        begin = first.start
        expected = False
        lead = _expected_start(folded, first.start, last_end, g)
        if lead is not None:
            begin, expected = lead, True
        opener = _opener(folded, first.start, last_end, g)
        since = opener is not None and opener["since"] is not None
        if opener is not None:
            begin = min(begin, opener.start())
        stop = first.end
        end_value: str | None = None
        start_month = _start_month(folded, first, last_end, g)
        sep = None if start_month is not None else g.separator.match(folded, first.end)
        if start_month is not None:  # "May – Aug 2023": the range ends at this token
            begin = min(begin, start_month[1])
            end_value = _format(first.year, first.month, first.day)
            year = first.year - (start_month[0] > (first.month or 12))
            first = first._replace(year=year, month=start_month[0], day=None)
        elif sep is not None:
            pos = sep.end()
            marker = g.expected_lead.match(folded, pos)  # "May 2023 – expected May 2024"
            after = marker.end() if marker is not None else pos
            nxt = tokens[i] if i < len(tokens) and tokens[i].start == after else None
            last = _with_era(nxt, first) if nxt is not None else None
            if last is not None:
                first, last = _same_order(first, last)
            present = g.present.match(folded, pos)
            short = _SHORT_YEAR.match(folded, pos) if first.bare_year else None
            if present is not None:
                end_value, stop = PRESENT, present.end()
            elif last is not None and _is_ordered(_parts(first), _parts(last)):
                end_value, stop = _format(last.year, last.month, last.day), last.end
                expected = expected or marker is not None
            elif short is not None:
                year = first.year // 100 * 100 + int(short[1])
                year += 100 if year < first.year else 0
                if year - first.year <= _SHORT_YEAR_SPAN:
                    end_value, stop = f"{year:04d}", short.end()
            elif first.month is not None and nxt is None:
                end_value, stop = _yearless_end(folded, first, sep, g) or (end_value, stop)
            elif nxt is None and _CLOSED_AFTER_RE.match(folded, sep.end()):
                # "(2020-)", "2019 – | Toy Lab": a year's range open to the present (a year
                # and a dash that end the line may be a range wrapped over two lines)
                end_value, stop = _open_end(folded, sep) or (end_value, stop)
        if since and end_value is None:  # "since 2019": open to the present
            end_value = PRESENT
        tail = g.expected_after.match(folded, stop)
        if tail is not None:
            expected, stop = True, tail.end()
        value = _format(first.year, first.month, first.day)
        if end_value is not None:
            start: str | None = value
        elif expected:  # "May 2024 (expected)": the end of an unfinished period
            start, end_value = None, value
        else:
            start = value
        found.append(DateRange(start, end_value, expected, text[begin:stop], (begin, stop)))
        last_end = stop
        while i < len(tokens) and tokens[i].start < stop:
            i += 1
    return tuple(found)


def _era_from_end(text: str, first: _Token, following: list[_Token], g: Grammar) -> _Token | None:
    """A bare "98年" that starts a range whose end is counted in an era ("98年9月至102年6月",
    "98年9月至民国102年6月"): the start in the same era; None for any other start.

    >>> g = grammar()
    >>> def start(text):
    ...     tokens = [t for m in g.token.finditer(text) if (t := _read_token(m, g))]
    ...     found = _era_from_end(text, tokens[0], tokens[1:2], g)
    ...     return found and found.year
    >>> start("98年9月至102年6月"), start("98年9月至2002年6月")
    (2009, None)
    """
    sep = g.separator.match(text, first.end)
    nxt = following[0] if following else None
    if sep is None or nxt is None or nxt.start != sep.end() or nxt.era is None:
        return None
    year = nxt.era + first.year
    if not MIN_YEAR <= year <= MAX_YEAR or year > nxt.year:
        return None
    if first.month is not None and not _valid_day(year, first.month, first.day):
        return None
    return first._replace(year=year, era=nxt.era, needs_era=False)


def _is_era_range(text: str, first: _Token, following: list[_Token], g: Grammar) -> bool:
    """A dotted year of the implicit era ("105.09") starts a range: the line holds Chinese,
    and a separator leads to another such date or to an open end ("105.09 - 109.06",
    "105.08~迄今"). A lone "105.09" is a number.

    >>> g = grammar()
    >>> def era_range(text):
    ...     tokens = [t for m in g.token.finditer(text) if (t := _read_token(m, g))]
    ...     return _is_era_range(text, tokens[0], tokens[1:2], g)
    >>> era_range("助理教授 105.08 - 109.07"), era_range("助理教授 105.08~迄今")
    (True, True)
    >>> era_range("Room 105.08 - 109.07"), era_range("图 105.08")
    (False, False)
    """
    if _HAN_RE.search(text) is None:
        return False
    sep = g.separator.match(text, first.end)
    if sep is None:
        return False
    nxt = following[0] if following else None
    if nxt is not None and nxt.start == sep.end() and nxt.implicit:
        return True
    return g.present.match(text, sep.end()) is not None


_HAN_RE = re.compile(f"[{HAN}]")


def mentions_expected(text: str) -> bool:
    """Whether a line marks something as not finished yet, anywhere in it, date or none:
    "在读 Ph.D.", "博士（在读）", "Ph.D. candidate, expected graduation May 2028".

    >>> mentions_expected("在读 Ph.D. in Computer Science"), mentions_expected("Ph.D., 2020")
    (True, False)
    """
    folded = _fold_width(text)
    return grammar().expected_word.search(folded) is not None


def is_expected_mark(text: str) -> bool:
    """Whether a text is only an "expected" mark, brackets aside: "（在读）", "(expected)".

    >>> is_expected_mark("（在读）"), is_expected_mark("在读"), is_expected_mark("计算机科学")
    (True, True, False)
    """
    folded = _fold_width(text)
    found = grammar().expected_word.search(folded)
    if found is None:
        return False
    return not (folded[: found.start()] + folded[found.end() :]).strip(_FRAME)


def find_date_ranges(text: str) -> list[DateRange]:
    """Find every date and date range in a line, left to right, without overlaps.

    A lone open-end word ("now", "现在") is ordinary prose here and is not reported.

    Args:
        text: Any text, typically one CV line.

    Returns:
        One :class:`DateRange` per date or range; empty when there is none.

    >>> [(r.start, r.end) for r in find_date_ranges("Dean's Honour List, HKU, 2016–19; NSDI 2018")]
    [('2016', '2019'), ('2018', None)]
    >>> find_date_ranges("IEEE TPDS, vol. 16, no. 3, pp. 1572-1588")
    []
    """
    return _scan(text)


def find_date_range(text: str) -> DateRange | None:
    """Find the most complete date range in a line, the last one among equals.

    A range with both ends beats a single date; among equals the rightmost wins, since CV
    lines put their dates last.

    Args:
        text: One CV line, such as an education or experience header.

    Returns:
        The range with its ``raw`` text and ``span`` in ``text``, or ``None``.

    >>> line = "PhD Software Engineer Intern, Google SRG, Mountain View, CA. May 2023 – Aug. 2023"
    >>> r = find_date_range(line)
    >>> r.start, r.end, r.raw, line[r.span[0]:r.span[1]] == r.raw
    ('2023-05', '2023-08', 'May 2023 – Aug. 2023', True)
    >>> find_date_range("上海交通大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)")
    DateRange(start='2019-09', end='2025-03', expected=True, raw='2019.9 - 2025.3(预期)', span=(21, 40))
    """
    ranges = _scan(text)
    if not ranges:
        return None
    return max(
        ranges,
        key=lambda r: ((r.start is not None) + (r.end is not None), r.span[0]),
    )


def parse_date_range(text: str) -> DateRange | None:
    """Parse a string that is, as a whole, one date or one date range.

    Brackets, spaces and punctuation around the date are allowed ("(2022-now)").

    Args:
        text: The date text, e.g. a cell cut from an entry line.

    Returns:
        The range, or ``None`` when ``text`` is not exactly one date or range.

    >>> parse_date_range("Summer 2024 – Present")
    DateRange(start='2024', end='present', expected=False, raw='Summer 2024 – Present', span=(0, 21))
    >>> r = parse_date_range("民国104年9月至民国108年6月")
    >>> r.start, r.end
    ('2015-09', '2019-06')
    >>> parse_date_range("Expected: 2029")
    DateRange(start=None, end='2029', expected=True, raw='Expected: 2029', span=(0, 14))
    >>> parse_date_range("至今")
    DateRange(start=None, end='present', expected=False, raw='至今', span=(0, 2))
    >>> parse_date_range("CS 536") is None
    True
    """
    folded = _fold_width(text)
    ranges = _scan(text)
    if len(ranges) == 1:
        begin, stop = ranges[0].span
        if not folded[:begin].strip(_FRAME) and not folded[stop:].strip(_FRAME):
            return ranges[0]
        return None
    if ranges:
        return None
    core = folded.strip(_FRAME)
    if core and grammar().present.fullmatch(core):
        begin = folded.index(core)
        stop = begin + len(core)
        return DateRange(None, PRESENT, False, text[begin:stop], (begin, stop))
    return None


def parse_date(text: str) -> str | None:
    """Parse a string that is, as a whole, one date, into its contract string.

    Args:
        text: One date ("Jul. 2024", "2019年9月", "Fall 2023", "至今").

    Returns:
        ``"YYYY"``, ``"YYYY-MM"``, ``"YYYY-MM-DD"`` or ``"present"``; ``None`` for a range
        or anything that is not a date.

    >>> parse_date("Jul. 2024"), parse_date("Summer 2024"), parse_date("民国108年")
    ('2024-07', '2024', '2019')
    >>> parse_date("August 29, 2024"), parse_date("现在"), parse_date("2015 – 2020")
    ('2024-08-29', 'present', None)
    """
    found = parse_date_range(text)
    if found is None or (found.start is not None and found.end is not None):
        return None
    return found.start if found.start is not None else found.end
