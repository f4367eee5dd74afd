"""List sections (awards, talks, teaching, service, mentoring, skills, ...) as entries.

A list section is read as groups: an optional group title (a sub-list title such as
``Technical Program Committee`` or ``Current PhD Students``, or a talk title) and the member
lines under it. Titles are told apart from members by layout, never by content:

- a markdown heading, a wholly bold line or a known sub-list title is a title;
- when some lines carry a list marker and others do not, the unmarked lines are titles and
  the marked lines their members (seed 003: talk titles, then bulleted venues);
- in talks, a line without a date followed by dated lines is a title (seed 004: bulleted
  title, then bulleted ``Venue<TAB>Nov 2023`` lines).

Item shapes:

- **talks**: one item per (title, venue) pair: ``text`` is ``"title — venue"``, ``venue`` the
  venue or host line without its date, ``date``/``year`` the venue line's date, ``ccf`` the
  rank of a venue that is a catalog conference. A title with no venue line is one item.
- **service**: one item per venue served: a line naming several venues
  (``2024: APNET, CoNEXT, NSDI, SIGMOD``) gives one item per venue, all with the line's
  ``text`` and ``raw``, each with its own ``venue`` and ``ccf``, so a count of CCF-A venues
  served is a count of items. ``role`` is the role word in the line (``Co-Chair``) or else
  the group title it stands under (``Technical Program Committee``).
- every other section: one item per line or bulleted item, ``role`` set to the group title.

A group title's line is part of the ``raw`` of every item under it, so every line of a
section lands in some item's ``raw``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from bilingual_cv.entries.dates import header_date
from bilingual_cv.entries.labels import is_label_line
from bilingual_cv.entries.line_text import MARKER_RE, strip_marker, trim
from bilingual_cv.entries.phrases import PhraseMatcher, build_matcher
from bilingual_cv.lang.dates import (
    YEAR_RE,
    DateRange,
    find_date_range,
    find_date_ranges,
    parse_date_range,
)
from bilingual_cv.lang.headings import heading_table, is_sublist_title
from bilingual_cv.lexicon import load_roles
from bilingual_cv.lines import Line, RawEntry, RawSection
from bilingual_cv.schema import (
    Award,
    CcfEdition,
    CcfInfo,
    Item,
    SectionKind,
    Warning,
    WarningCode,
)
from bilingual_cv.venues import VenueMatch, ccf_info, find_venues

#: A leading "2024:" year label of a service or teaching line.
YEAR_LABEL_RE = re.compile(r"^\s*(?:19|20)\d{2}\s*[:：]\s*")
#: Five digits or more: a number (an ID, a grant), not a year that failed to parse.
_LONG_NUMBER_RE = re.compile(r"\d{5,}")
#: Longest line (in words) read as a group title by layout alone.
MAX_TITLE_WORDS = 16
#: Longest "issuer, year" line that continues the award above it.
MAX_ISSUER_WORDS = 8


def find_year(text: str) -> int | None:
    """The last plausible year in a line (the date column is usually last).

    >>> find_year("Best Presentation Award, Workshop on Composable Systems (IPDPS), 2022")
    2022
    >>> find_year("Dean's Honour List, HKU, 2016–19")
    2016
    >>> find_year("Undergraduate Ambassador") is None
    True
    """
    years = YEAR_RE.findall(text)
    return int(years[-1]) if years else None


def _one_line(entry: RawEntry) -> str:
    return " ".join(strip_marker(line.text).strip() for line in entry.lines).strip()


def parse_item(entry: RawEntry) -> Item:
    """An entry of a list section.

    >>> from bilingual_cv.lines import Line
    >>> parse_item(RawEntry((Line(3, "Spring 2024: Introduction to Computer Systems (CompSci 210)"),))).year
    2024
    """
    text = _one_line(entry)
    found = find_date_range(text)
    date = (found.start or found.end) if found else None
    year = int(date[:4]) if date and date[:4].isdigit() else find_year(text)
    return Item(text=text, year=year, raw=entry.text, date=date)


def parse_award(entry: RawEntry) -> Award:
    """An award line: title, year and issuer (the part between title and year).

    A second line of the entry that only names an issuer and a year ("China, 2018", seed 000)
    gives the issuer and year; the first line is then the title.

    >>> from bilingual_cv.lines import Line
    >>> a = parse_award(RawEntry((Line(1, "ML and Systems Rising Stars, MLCommons, 2023"),)))
    >>> a.title, a.issuer, a.year
    ('ML and Systems Rising Stars', 'MLCommons', 2023)
    >>> parse_award(RawEntry((Line(1, "NSF CAREER Award\\t2023"),))).title
    'NSF CAREER Award'
    >>> b = parse_award(RawEntry((Line(1, "Outstanding Graduates"), Line(2, "Dept. of CS, Tsinghua University, 2024"))))
    >>> b.title, b.issuer, b.year
    ('Outstanding Graduates', 'Dept. of CS, Tsinghua University', 2024)
    """
    lines = [strip_marker(line.text).strip() for line in entry.lines if line.text.strip()]
    if len(lines) == 2 and _is_issuer_line(lines[1]):
        year = find_year(lines[1])
        issuer = _strip_year(lines[1], year) or None
        return Award(
            title=trim(lines[0]) or lines[0],
            year=year or find_year(lines[0]),
            issuer=issuer,
            raw=entry.text,
        )
    text = " ".join(lines)
    year = find_year(text)
    dates = find_date_ranges(text)
    if dates and (dates[-1].start or dates[-1].end or "")[:4].isdigit():
        # the date grammar reads era years ("民国112年") that a bare year search misses
        year = int((dates[-1].start or dates[-1].end or "")[:4])
        text = text[: dates[-1].span[0]] + str(year) + text[dates[-1].span[1] :]
    body = _strip_year(text, year)
    parts = [part.strip() for part in re.split(r",\s+|，|\t+", body) if part.strip()]
    title = parts[0] if parts else text
    issuer = parts[-1] if len(parts) >= 2 and len(parts[-1].split()) <= MAX_ISSUER_WORDS else None
    if issuer is not None and len(parts) > 2:
        title = ", ".join(parts[:-1])
    return Award(title=title or text, year=year, issuer=issuer, raw=entry.text)


def _strip_year(text: str, year: int | None) -> str:
    """The text without its year, at the end ("Award, 2023") or at the start ("2023年 奖学金").

    >>> _strip_year("2023年  国家奖学金", 2023), _strip_year("Dean's List, HKU, 2016–19", 2016)
    ('国家奖学金', "Dean's List, HKU")
    """
    if year is None:
        return text.strip()
    lead = f"{year}\0"
    end = _YEAR_AT_END_RE.match(lead + text)
    if end is not None:
        text = text[: end.start("cut") - len(lead)]
    start = _YEAR_AT_START_RE.match(lead + text)
    if start is not None:
        text = text[start.end() - len(lead) :]
    return text.strip(" \t,，;")


#: The year closing a text ("Award, 2023", "(2016–19)"), found where a search would find it:
#: the leftmost place from which it runs to the end, which never follows a separator (that
#: separator would start it), so a run of separators is entered once (linear time). One
#: pattern serves every year: the year is written before the text, with a NUL after it, and
#: named by a backreference, so no pattern is compiled per year.
_YEAR_AT_END_RE = re.compile(
    r"([^\0]*)\0(?s:.*?)(?<![\s,，;])(?P<cut>[\s,，;]*\(?\1(?:\s*[–\-/]\s*\d{2,4})?\)?\s*$)"
)
#: The year opening a text ("2023年 奖学金", "2016-2018: Prize"), with the same backreference.
_YEAR_AT_START_RE = re.compile(
    r"([^\0]*)\0\s*\(?\1(?:\s*年)?(?:\s*[–\-/]\s*\d{2,4})?\)?[\s:：,，.]+"
)


def _is_issuer_line(text: str) -> bool:
    """'Place or issuer, year' with nothing else: the second line of a two-line award.

    >>> _is_issuer_line("China, 2018"), _is_issuer_line("Dec. 2021 - Dec. 2022")
    (True, False)
    """
    year = find_year(text)
    if year is None or parse_date_range(text) is not None:
        return False
    body = _strip_year(text, year)
    return bool(body) and len(text.split()) <= MAX_ISSUER_WORDS and body != text.strip()


def parse_awards(section: RawSection) -> tuple[list[Award], list[Line]]:
    """Every award of an awards section, and the date-only lines that belong to no award.

    A date-only line gives its year to the award above it when that award has none; any
    other date-only line ("Dec. 2021 - Dec. 2022" among awards, seed 000) was moved there by
    the PDF extractor and is returned for the caller to place elsewhere.
    """
    groups: list[list[Line]] = []
    strays: list[Line] = []
    for line in section.lines:
        if line.is_blank:
            continue
        text = strip_marker(line.text).strip()
        if parse_date_range(text) is not None:
            if groups and find_year(" ".join(x.text for x in groups[-1])) is None:
                groups[-1].append(line)
            else:
                strays.append(line)
            continue
        marked = line.bullet or MARKER_RE.match(line.text) is not None
        previous = groups[-1] if groups else None
        if (
            previous is not None
            and len(previous) == 1
            and not marked
            and _is_issuer_line(text)
            and not _is_issuer_line(previous[0].text)
            or previous is not None
            and not marked
            and text[:1].islower()
        ):
            previous.append(line)
        else:
            groups.append([line])
    return [parse_award(RawEntry(tuple(g), section.lang, section.heading)) for g in groups], strays


# --- grouped lists -------------------------------------------------------------------


@dataclass(slots=True)
class Group:
    """A group title (or None) and the member lines under it."""

    title: Line | None
    members: list[list[Line]] = field(default_factory=list)
    #: The title heads one entry and the members are its details (a project and its bullets).
    entry: bool = False


def _is_marked(line: Line) -> bool:
    return line.bullet or MARKER_RE.match(line.text) is not None


def _is_group_title(line: Line) -> bool:
    text = strip_marker(line.text).strip()
    if not text or len(text.split()) > MAX_TITLE_WORDS or find_date_range(text) is not None:
        return False
    if line.md_level or is_sublist_title(text, heading_table()):
        return True
    return bool(line.bold) and line.is_bold(0, len(line.text)) and not _is_marked(line)


def group_lines(lines: Sequence[Line], kind: SectionKind) -> list[Group]:
    """Split a list section into groups of a title and its members.

    >>> from bilingual_cv.clean import clean_text
    >>> text = "Checkpointing at Memory Speed\\n• Stanford Platform Lab Seminar Oct. 2024\\n• UW Systems Lunch Sep. 2024"
    >>> [(g.title.text, len(g.members)) for g in group_lines(clean_text(text).lines, SectionKind.TALKS)]
    [('Checkpointing at Memory Speed', 2)]
    """
    content = [line for line in lines if not line.is_blank]
    titles: dict[int, bool] = {}  # _is_group_title of each content line, asked once

    def is_title(n: int) -> bool:
        if n not in titles:
            titles[n] = _is_group_title(content[n])
        return titles[n]

    # each line without its list marker, and whether that is one date, read once per line
    bare = [strip_marker(line.text) for line in content]
    dated = [parse_date_range(text) is not None for text in bare]
    ordinary = [x for n, x in enumerate(content) if not dated[n] and not is_title(n)]
    marked = {id(x) for x in ordinary if _is_marked(x)}
    mixed = 0 < len(marked) < len(ordinary)
    groups: list[Group] = [Group(None)]
    for n, line in enumerate(content):
        text = bare[n].strip()
        current = groups[-1]
        is_date = dated[n] if text == bare[n] else parse_date_range(text) is not None
        if is_date and (current.members or current.title):
            # a date on its own line closes the item above it (seed 001 talks)
            if current.members:
                current.members[-1].append(line)
            else:
                current.members.append([line])  # the date of a title with no venue line
            continue
        if is_title(n):
            groups.append(Group(line, entry=kind is SectionKind.PROJECTS))
            continue
        if current.members and not _is_marked(line) and text[:1].islower():
            current.members[-1].append(line)  # a wrapped line
            continue
        if mixed and id(line) not in marked and not is_label_line(text):
            groups.append(Group(line, entry=_heads_entry(text, kind)))
            continue
        if not mixed and kind is SectionKind.TALKS and _opens_talk(bare, dated, n):
            groups.append(Group(line))
            continue
        current.members.append([line])
    return [g for g in groups if g.title is not None or g.members]


def _heads_entry(text: str, kind: SectionKind) -> bool:
    """Whether an unmarked line over marked ones heads one entry rather than a sub-list.

    A dated line does ("Gitlytics | Python, Flask<TAB>June 2020 – Present" over its bullets,
    Jake's Resume), and so does any head in a projects section; an undated head elsewhere is
    a sub-list title ("Current PhD Students"). Talks and service have their own shapes.
    """
    if kind in (SectionKind.TALKS, SectionKind.SERVICE):
        return False
    return kind is SectionKind.PROJECTS or find_date_range(text) is not None


def _opens_talk(bare: Sequence[str], dated: Sequence[bool], n: int) -> bool:
    """A talk title: no date of its own, and the next line is a dated venue line.

    ``bare`` holds the section's content lines without their list markers, ``dated`` whether
    each of them is one date as a whole.
    """
    if find_date_range(bare[n]) is not None or n + 1 >= len(bare):
        return False
    nxt = bare[n + 1]
    if dated[n + 1]:
        return False  # the date below closes this line: it is an item, not a title
    after_dated = n + 2 < len(bare) and dated[n + 2]  # no line after: no date
    return header_date(nxt) is not None or (after_dated and find_date_range(nxt) is None)


# --- items ---------------------------------------------------------------------------


@cache
def _roles() -> PhraseMatcher:
    return build_matcher(load_roles().roles)


def find_role(text: str) -> str | None:
    """The leftmost, longest role phrase in a service line.

    >>> find_role("2022: Co-Chair of SIGCOMM Artifact Evaluation Committee")
    'Co-Chair'
    >>> find_role("审稿委员:IEEE TMC、IEEE TPDS")
    '审稿委员'
    """
    hit = _roles().first(text)
    return text[hit.start : hit.end] if hit else None


def _date_of(lines: Sequence[Line]) -> DateRange | None:
    for line in reversed(lines):
        found = find_date_range(strip_marker(line.text))
        if found is not None:
            return found
    return None


def _without_date(text: str, found: DateRange | None) -> str:
    if found is None:
        return trim(text)
    return trim(text[: found.span[0]] + " " + text[found.span[1] :])


def _ranked(match: VenueMatch, edition: str) -> CcfInfo | None:
    return ccf_info(match, CcfEdition(edition))


def _venues(text: str, edition: str) -> list[VenueMatch]:
    return find_venues(YEAR_LABEL_RE.sub("", text), CcfEdition(edition))


def _raw(title: Line | None, lines: Sequence[Line]) -> str:
    ordered = ([title] if title is not None else []) + list(lines)
    return "\n".join(line.text for line in ordered)


def _year(found: DateRange | None, text: str) -> tuple[str | None, int | None]:
    date = (found.start or found.end) if found else None
    if date and date[:4].isdigit():
        return date, int(date[:4])
    return date, find_year(text)


def _talk_items(group: Group, edition: str) -> list[Item]:
    title = trim(strip_marker(group.title.text)) if group.title else None
    if not group.members:
        assert group.title is not None
        found = _date_of([group.title])
        date, year = _year(found, group.title.text)
        return [
            Item(
                text=_without_date(title or "", found),
                year=year,
                raw=_raw(None, [group.title]),
                date=date,
            )
        ]
    items = []
    for member in group.members:
        title = trim(strip_marker(group.title.text)) if group.title else None
        text = " ".join(strip_marker(x.text).strip() for x in member)
        found = find_date_range(text)
        venue = _without_date(text, found) or None
        date, year = _year(found, text)
        matches = _venues(venue or text, edition)
        ccf = next((info for m in matches if (info := _ranked(m, edition)) is not None), None)
        if title is None and venue and " — " in venue:
            # "Talk title — Venue, Aug. 2024" on one line (mixed example)
            title, venue = (trim(x) for x in venue.split(" — ", 1))
        joined = f"{title} — {venue}" if title and venue else (title or venue or text)
        items.append(
            Item(
                text=joined,
                year=year,
                raw=_raw(group.title, member),
                date=date,
                venue=venue,
                ccf=ccf,
            )
        )
    return items


def _service_items(group: Group, edition: str) -> list[Item]:
    context = trim(strip_marker(group.title.text)) if group.title else None
    members = group.members or ([[group.title]] if group.title else [])
    items = []
    for member in members:
        text = " ".join(strip_marker(x.text).strip() for x in member)
        found = find_date_range(text)
        date, year = _year(found, text)
        role = find_role(YEAR_LABEL_RE.sub("", text)) or context
        raw = _raw(group.title if group.members else None, member)
        matches = [m for m in _venues(text, edition) if m.abbr or m.name]
        if not matches:
            items.append(Item(text=text, year=year, raw=raw, date=date, role=role))
            continue
        for match in matches:
            items.append(
                Item(
                    text=text,
                    year=year,
                    raw=raw,
                    date=date,
                    venue=match.abbr or match.name,
                    role=role,
                    ccf=_ranked(match, edition),
                )
            )
    return items


def _entry_item(title: Line, members: Sequence[Sequence[Line]]) -> Item:
    """One item for a head line and its detail lines: the head's text, the date of the head
    or of a date line under it, every line in ``raw``.

    >>> from bilingual_cv.lines import Line
    >>> item = _entry_item(Line(1, "Gitlytics | Python, Flask\tJune 2020 – Present"), [[Line(2, "Built a web app")]])
    >>> item.text, item.year, item.raw.splitlines()[1]
    ('Gitlytics | Python, Flask June 2020 – Present', 2020, 'Built a web app')
    """
    details = [line for member in members for line in member]
    item = parse_item(RawEntry((title,)))
    if item.date is None:
        found = next(
            (d for x in details if (d := parse_date_range(strip_marker(x.text))) is not None), None
        )
        date, year = _year(found, "")
        if date is not None:
            item = item.model_copy(update={"date": date, "year": year})
    # column breaks of the head become single spaces; raw keeps them
    return item.model_copy(
        update={"text": " ".join(item.text.split()), "raw": _raw(title, details)}
    )


def _plain_items(group: Group) -> list[Item]:
    context = trim(strip_marker(group.title.text)) if group.title else None
    if group.entry and group.title is not None:
        return [_entry_item(group.title, group.members)]
    if not group.members:
        assert group.title is not None
        return [parse_item(RawEntry((group.title,)))]
    items = []
    for member in group.members:
        item = parse_item(RawEntry(tuple(member)))
        items.append(item.model_copy(update={"raw": _raw(group.title, member), "role": context}))
    return items


def parse_items(
    section: RawSection, edition: str = CcfEdition.E2026
) -> tuple[list[Item], list[Warning]]:
    """Every item of a list section (talks, teaching, service, mentoring, skills, ...).

    Args:
        section: The section's lines.
        edition: The CCF edition used for the ``ccf`` of talk and service venues.

    Returns:
        The items in document order, and ``date_unparsed`` warnings for date-like text that
        could not be read.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("Technical Program Committee\\n- 2024: APNET, CoNEXT, NSDI").lines
    >>> items, _ = parse_items(RawSection(SectionKind.SERVICE, "Service", 1, 2, lines))
    >>> [(i.venue, i.role, i.year, i.ccf.rank.value) for i in items]
    [('APNet', 'Technical Program Committee', 2024, 'C'), ('CoNEXT', 'Technical Program Committee', 2024, 'B'), ('NSDI', 'Technical Program Committee', 2024, 'A')]
    """
    items: list[Item] = []
    warnings: list[Warning] = []
    for group in group_lines(section.lines, section.key):
        if section.key is SectionKind.TALKS:
            items.extend(_talk_items(group, edition))
        elif section.key is SectionKind.SERVICE:
            items.extend(_service_items(group, edition))
        else:
            items.extend(_plain_items(group))
    for line in section.lines:
        text = strip_marker(line.text)
        if (
            YEAR_RE.search(text)
            and find_date_range(text) is None
            and not _LONG_NUMBER_RE.search(text)
        ):
            warnings.append(
                Warning(
                    code=WarningCode.DATE_UNPARSED,
                    message=f"a year in {text!r} could not be read as a date",
                    line=line.no,
                )
            )
    return items, warnings
