"""Dates of entries: which date a header line carries, and placing date lines that the PDF
extractor moved away from their entry.

The date grammar itself is :mod:`bilingual_cv.lang.dates`; this module decides which date found in
a line belongs to the entry.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from bilingual_cv.entries.line_text import strip_marker, trim
from bilingual_cv.entries.places import is_location
from bilingual_cv.lang.dates import (
    DateRange,
    find_date_range,
    find_date_ranges,
    parse_date_range,
)
from bilingual_cv.lines import Line
from bilingual_cv.schema import Warning, WarningCode

#: An opening bracket right before a date: "(expected 2026)".
OPEN_BRACKET_END_RE = re.compile(r"[(（]\s*$")


def header_date(text: str) -> DateRange | None:
    """The date of a header line: a full range anywhere, or a single date that ends the line.

    >>> header_date("Research Intern Summer 2023").start
    '2023'
    >>> header_date("Designed AWARE (published at ATC 2023 [C10]), a framework.") is None
    True
    >>> header_date("Applied Scientist Intern — Summer 2023, Seattle, WA").start
    '2023'
    >>> header_date("Summer 2021 Research Intern, Microsoft Research, Redmond, WA.").start
    '2021'
    >>> header_date("Ph.D. Student, Computer Science (expected 2026)").end
    '2026'
    >>> header_date("线上订单提升 3%，成果发表于 ToyConf 2025。") is None
    True
    >>> header_date("Ph.D., Toy Science, 2018 | Toy University").start
    '2018'

    """
    found = find_date_range(text)
    if found is None:
        return None
    listed = _listed_dates(text, found)
    if listed is not None:
        return listed
    if found.start is not None and found.end is not None:
        return found
    if text.rstrip().endswith("。"):
        return None  # a sentence that mentions a year: "成果发表于 COLING 2025。"
    before = text[: found.span[0]]
    wrapped = OPEN_BRACKET_END_RE.search(before) is not None  # "(expected 2026)": a date alone
    if not wrapped and before.count("(") + before.count("（") > before.count(")") + before.count(
        "）"
    ):
        return None  # a year inside a venue mention: "产出论文一篇(VLDB 2024)"
    after = trim(text[found.span[1] :])
    if not after or is_location(after):
        return found
    if not trim(before):
        return found  # a date column first: "Summer 2021 Research Intern, Microsoft Research"
    if before.rstrip().endswith(_CELL_ENDS) and text[found.span[1] :].lstrip().startswith(
        _CELL_ENDS
    ):
        return found  # a cell of its own: "Ph.D., Computer Science, 2018 | Toy University"
    return None


#: What sets a cell of a header line apart from the next: a column's bar or tab, a dash
#: between spaces' words, a comma.
_CELL_ENDS = (",", "，", "|", "｜", "\t", "·", "•", "—", "–")


def _listed_dates(text: str, found: DateRange) -> DateRange | None:
    """One range from the first to the last of a list of dates and ranges the date of a
    header belongs to: "2019 年、2020–2021 年、2025 年" (recurring summer posts) is 2019–2025.
    None when the date stands alone.

    >>> r = _listed_dates("Research Aide\tSummers 2019, 2020–2021, 2024", find_date_range("2020–2021"))
    >>> r.start, r.end, r.raw
    ('2019', '2024', '2019, 2020–2021, 2024')

    Stints that are each a range are not one period: the first printed is the entry's.

    >>> _listed_dates("Jan 2017 – Aug 2017; May 2016 – Aug 2016", find_date_range("May 2016 – Aug 2016")).raw
    'Jan 2017 – Aug 2017'
    """
    ranges = find_date_ranges(text)
    if len(ranges) < 2:
        return None
    runs: list[list[DateRange]] = [[ranges[0]]]
    for previous, current in itertools.pairwise(ranges):
        if _LIST_GAP_RE.fullmatch(text[previous.span[1] : current.span[0]]):
            runs[-1].append(current)
        else:
            runs.append([current])
    run = next((r for r in runs if any(x.raw == found.raw for x in r)), None)
    if run is None or len(run) < 2:
        return None
    if all(x.start is not None and x.end is not None for x in run):
        return run[0]  # two stints, each a range ("Jan 2017 – Aug 2017; May 2016 – Aug 2016")
    values = [v for x in run for v in (x.start, x.end) if v is not None]
    ends = [v for v in values if v != "present"]
    if not ends:
        return None
    start, end = min(ends), "present" if "present" in values else max(ends)
    begin, stop = run[0].span[0], run[-1].span[1]
    return DateRange(start, end, run[-1].expected, text[begin:stop], (begin, stop))


#: What may stand between the dates of one list: a comma, an enumeration comma, a semicolon,
#: "and"/"和" (at most a few characters).
_LIST_GAP_RE = re.compile(r"\s*(?:[,，、;；/&]|and|和)\s*")


def date_warning(line: Line) -> Warning:
    """An entry whose header has no readable date, kept (with its first line) in a warning."""
    return Warning(
        code=WarningCode.DATE_UNPARSED,
        message=f"no date could be read in {line.text!r}",
        line=line.no,
    )


def date_lines(lines: Sequence[Line]) -> list[tuple[Line, DateRange]]:
    """The lines that hold a date and nothing else (list marker aside), with their dates.

    >>> [(line.no, found.start) for line, found in date_lines([Line(1, "- 2019.9"), Line(2, "Advisor: Ann Lee")])]
    [(1, '2019-09')]
    """
    return [
        (line, found)
        for line in lines
        if (found := parse_date_range(strip_marker(line.text))) is not None
    ]


def place_dates(
    dateless: Sequence[int], dates: Sequence[tuple[Line, DateRange]]
) -> dict[int, tuple[Line, DateRange]]:
    """Give entries lacking dates the stray date lines, in order, when the counts agree.

    Entries are listed newest first in CVs; so are stray dates once sorted by their end,
    so the i-th dateless entry gets the i-th newest date.

    >>> a, b = Line(1, "Jul. 2024"), Line(2, "Expected: 2029")
    >>> placed = place_dates([0, 1], [(a, parse_date_range(a.text)), (b, parse_date_range(b.text))])
    >>> placed[0][0].text, placed[1][0].text
    ('Expected: 2029', 'Jul. 2024')
    """
    if not dateless or len(dateless) != len(dates):
        return {}
    ordered = sorted(dates, key=lambda d: _date_key(d[1]), reverse=True)
    return dict(zip(dateless, ordered, strict=True))


def _date_key(found: DateRange) -> str:
    """Sortable form of a range's latest known date; an open end sorts last."""
    last = found.end or found.start or ""
    return "9999" if last == "present" else last
