"""Positions: the lines of an experience section grouped into entries, header lines and
the details under them.

A header line can carry an entry's organization, title, location or date; the first one
sets the layout (organization first, as LinkedIn and Awesome-CV print it, or title first, as
Jake's Resume does), and each later header line either continues the entry or opens the
next. What the header lines name is read by :mod:`bilingual_cv.entries.experience`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from bilingual_cv.entries.dates import header_date
from bilingual_cv.entries.labels import (
    LABEL_START_RE,
    is_field_header,
    is_label_line,
    is_table_header_row,
    label_kind,
    labelled_fields,
)
from bilingual_cv.entries.line_text import (
    COLUMN_RE,
    HAN_RE,
    SENTENCE_END,
    is_prose,
    strip_marker,
    trim,
)
from bilingual_cv.entries.organizations import is_institution
from bilingual_cv.entries.places import is_place_column, split_location
from bilingual_cv.entries.titles import (
    LATIN_WORD_RE,
    has_title_word,
    is_sentence,
    split_glued_org,
    strip_duration,
)
from bilingual_cv.lang.dates import DateRange, find_date_range, find_date_ranges, parse_date_range
from bilingual_cv.lexicon import load_titles
from bilingual_cv.lines import Line

#: Longest header line (in words) that may be read from its title word alone.
MAX_HEADER_WORDS = 10


@cache
def _description_openers() -> tuple[str, ...]:
    return tuple(load_titles().description_openers)


def header_text(line: Line) -> str:
    """The text of a header line that the fields are read from.

    The list marker, a leading ``现职：`` / ``Current Position:`` label and the length of the
    position ("(4 years 2 months)") are dropped; the line's ``raw`` keeps them.

    >>> header_text(Line(1, "现职：国立成功大学 资讯工程学系 助理教授（民国110年8月迄今）"))
    '国立成功大学 资讯工程学系 助理教授（民国110年8月迄今）'
    """
    text = strip_duration(strip_marker(line.text)).strip()
    # a label ends in a colon: a line without one is not matched (most header lines)
    m = LABEL_START_RE.match(text) if ":" in text or "：" in text else None
    if m is not None and label_kind(m.group(1)) == "position":
        text = text[m.end() :].strip()
    return text


@dataclass(slots=True)
class EntryLines:
    """Lines of one entry while the section is read."""

    header: list[Line] = field(default_factory=list)
    #: For each header line: its :func:`header_text`, its labelled fields and its date, as
    #: read when the line was grouped.
    header_reads: list[tuple[str, dict[str, str] | None, DateRange | None]] = field(
        default_factory=list
    )
    #: For each header line: whether it names an organization in a part of its own.
    header_orgs: list[bool] = field(default_factory=list)
    details: list[Line] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    date: DateRange | None = None
    date_first: bool = False
    has_title: bool = False
    #: An organization in a part or line of its own.
    has_org: bool = False
    #: An organization only glued to the title ("Google Software Engineering Intern").
    glued: bool = False
    in_details: bool = False
    #: Date-only lines after the entry's own date: placed later on an entry lacking one.
    extra_dates: list[tuple[Line, DateRange]] = field(default_factory=list)
    #: The entry that names this role's organization: one company line heading several roles.
    parent: EntryLines | None = None

    def add_detail(self, line: Line) -> None:
        """A detail line: every later line is a detail too, until a new entry starts."""
        self.details.append(line)
        self.lines.append(line)
        self.in_details = True

    def add_header(
        self,
        line: Line,
        read: tuple[str, dict[str, str] | None, DateRange | None],
        slots: _Slots,
    ) -> None:
        """A header line, read as (its header text, its labelled fields, its date), with the
        fields it names; the first date found is the entry's."""
        date = read[2]
        self.header.append(line)
        self.header_reads.append(read)
        self.header_orgs.append(slots.org)
        self.lines.append(line)
        if date is not None and self.date is None:
            self.date = date
        self.has_title |= slots.title
        self.has_org |= slots.org
        self.glued |= slots.glued


def _is_header(line: Line, text: str) -> bool:
    """Whether a line can carry an entry's organization, title, location or date; ``text``
    is its :func:`header_text`."""
    if not text:
        return False
    if is_label_line(text):
        return is_field_header(text)
    if is_table_header_row(text):
        return False  # "分类<TAB>地点<TAB>职位<TAB>时间": the names of a table's columns
    found = header_date(text)
    if found is not None:
        return not is_prose(text) and not _dated_in_sentence(text, found)
    if line.bullet or is_prose(text):
        return False
    if line.md_level or (line.bold and line.is_bold(0, len(text))):
        return True
    if text.startswith(_description_openers()):
        return False  # "负责玩具调度系统的设计与实现": what was done, not where
    if split_location(text)[1] is not None:
        return True  # a location line, or an organization with its location (seed 001)
    head, tab, last = text.rpartition("\t")
    if tab and head.strip() and is_place_column(last):
        return True  # "iStark Toys (startup)<TAB>Shenzhen, China (remote)"
    if is_sentence(text):
        return False  # a description opening with a title word: "Lead research on ..."
    words = len(text.split())
    if text.endswith(SENTENCE_END) and not has_title_word(text):
        return False
    if has_title_word(text) and words <= MAX_HEADER_WORDS:
        return True
    if words <= MAX_ORG_WORDS and is_institution(text) and is_title_case(text):
        return True  # an organization line after its roles: "Toy Lab, Example University"
    if len(HAN_RE.findall(text)) > MAX_HEADER_HAN:
        return False  # a Chinese line has few spaces: its length, not its words, says prose
    return words <= 6 and not text[:1].islower() and not text.endswith((":", "：", ",", "，"))


#: Most Han characters of a line that is a header by its shortness alone (no date, title
#: word, bold or organization word): a wrapped line of a Chinese description is longer.
MAX_HEADER_HAN = 24


#: Longest organization line (in words) read as a header by its organization word alone.
MAX_ORG_WORDS = 14


def is_title_case(text: str) -> bool:
    """Every Latin word of four letters or more is capitalized: a name, not a description.

    >>> is_title_case("Network Science Laboratory, Example Institute of Technology")
    True
    >>> is_title_case("Worked with the Example University team")
    False
    """
    return all(w[0].isupper() for w in LATIN_WORD_RE.findall(text) if len(w) >= 4)


def _dated_in_sentence(text: str, found: DateRange) -> bool:
    """A sentence of description with a date inside it, neither first nor last ("Led the
    student team (Sep 2011 – Aug 2012) in campus-wide security assessment under the"): a
    detail, where a header puts its date in a column of its own.

    >>> line = "Led the student team (Sep 2011 – Aug 2012) in campus-wide assessment of the"
    >>> _dated_in_sentence(line, header_date(line))
    True
    >>> line = "Software engineer at a small toy company, 2019 – 2020"
    >>> _dated_in_sentence(line, header_date(line))
    False
    """
    before, after = trim(text[: found.span[0]]), trim(text[found.span[1] :])
    if not before or not after:
        return False
    return is_sentence(before + " " + after)


def _entry_date(text: str, fields: dict[str, str] | None) -> DateRange | None:
    """The date of a header line; a form-style line gives the value of its date label
    (``fields``, the line's :func:`labelled_fields`)."""
    if fields is None:
        return header_date(text)
    value = fields.get("date")
    return None if value is None else parse_date_range(value) or find_date_range(value)


@dataclass(frozen=True, slots=True)
class _Slots:
    """Which fields a header line fills."""

    title: bool = False
    org: bool = False
    glued: bool = False


def without_dates(text: str, found: DateRange | None, gap: str) -> str:
    """A header line with its date cut out, and every other date range with it
    ("助教<TAB>2023.9 – 2024.1; 2024.9 – 2025.1": no part of it names the organization)."""
    if found is None:
        return text
    for other in reversed(find_date_ranges(text)):
        if other.end is not None or other.span == found.span:
            text = text[: other.span[0]] + gap + text[other.span[1] :]
    return text


def _line_slots(text: str, fields: dict[str, str] | None, date: DateRange | None) -> _Slots:
    """The fields a header line names, besides its date and location; ``fields`` and ``date``
    are the line's :func:`labelled_fields` and :func:`_entry_date`."""
    if fields is not None:
        return _Slots(title="title" in fields, org="organization" in fields)
    body = without_dates(text, date, " ")
    rest, _ = split_location(trim(body))
    rest = trim(rest)
    if not rest:
        return _Slots()
    parts = _parts(rest)
    titled = [p for p in parts if has_title_word(p)]
    glued = bool(titled and split_glued_org(titled[0])[0])
    return _Slots(title=bool(titled), org=len(titled) < len(parts), glued=glued)


def _is_length_only(line: Line) -> bool:
    """A line holding only a position's length: "5 years 3 months" under a company."""
    text = strip_marker(line.text).strip()
    return bool(text) and not trim(strip_duration(text))


def group_entries(lines: Sequence[Line]) -> list[EntryLines]:
    """Group section lines into entries: header lines, then the detail lines below them.

    The first header line sets the layout. When it names an organization only (LinkedIn,
    Awesome-CV), a role line without an organization of its own belongs to the company
    above it. When it names a title (Jake's Resume: ``Title<TAB>dates`` / ``Org<TAB>City``),
    an organization line right after a title line completes that entry.
    """
    entries: list[EntryLines] = []
    current: EntryLines | None = None
    org_first: bool | None = None
    content = [line for line in lines if not line.is_blank]
    dates_last: bool | None = None  # the list prints each date after its entry's details
    for n, line in enumerate(content):
        if line.is_blank:
            continue
        if current is not None and _is_length_only(line):
            current.lines.append(line)  # kept in raw, read as nothing
            continue
        text = header_text(line)
        fields = labelled_fields(text)
        if not (_is_header(line, text) or _is_lone_title(fields, current)):
            if current is None:
                current = EntryLines()
                entries.append(current)
            current.add_detail(line)
            continue
        date = _entry_date(text, fields)
        date_only = date is not None and (
            parse_date_range(text) is not None or (fields is not None and set(fields) == {"date"})
        )
        slots = _Slots() if date_only else _line_slots(text, fields, date)
        if org_first is None and (slots.title or slots.org or slots.glued):
            org_first = slots.org and not slots.title
        if dates_last is None and any(c.isalnum() for c in text):
            dates_last = date is None  # the first header line names the entry, undated
        if dates_last and date_only and current is not None and _closes_entry(current):
            assert date is not None
            current.date = date  # "Engineer, Toy Co" / "- Built ..." / "Jan 2021 – Present"
            current.lines.append(line)
            continue
        if current is not None and date is not None and date_only and _has_own_date(current):
            # a second date under one header: moved here by the extractor (seed 000)
            current.extra_dates.append((line, date))
            current.lines.append(line)
            continue
        if current is not None and _is_group_line(current, date, slots, content, n + 1):
            current.add_detail(line)  # "Toy Systems Group" under a complete position
            continue
        if current is not None and _is_role_change(current, date, slots):
            current.add_detail(line)  # "Tech Lead since 2025" under its position
            continue
        if _starts_entry(current, date, slots, org_first):
            current = EntryLines(
                date_first=date_only, parent=_company_of(current, slots, org_first)
            )
            entries.append(current)
        assert current is not None
        current.add_header(line, (text, fields, date), slots)
    return entries


def _closes_entry(entry: EntryLines) -> bool:
    """Whether a date-only line ends ``entry`` as its date, in a list whose first entry
    printed no date in its header: the entry has details and no date yet."""
    return entry.in_details and entry.date is None and bool(entry.header)


def _is_group_line(
    current: EntryLines, date: DateRange | None, slots: _Slots, content: Sequence[Line], after: int
) -> bool:
    """An undated line naming only an organization, under a position that has its
    organization, title and date, and followed (from ``content[after]`` on) by no header line
    that would make it a new position: the group or lab inside the organization ("Highspeed
    Network Group"), a detail. The lines after it are read in place: a copy of them for every
    header line would make a long section quadratic.
    """
    if date is not None or slots.title or not slots.org:
        return False
    if not (current.has_org and current.has_title and current.date is not None):
        return False
    following = next(
        (content[i] for i in range(after, len(content)) if not _is_length_only(content[i])), None
    )
    return following is None or not _is_header(following, header_text(following))


def _is_role_change(current: EntryLines, date: DateRange | None, slots: _Slots) -> bool:
    """A dated title without an organization, right under a complete position whose dates
    hold its own: a new role in the same position ("Software Engineer at Toy Co  From Jun.
    2022 to Present" / "Tech Lead since 2025"), not a position of its own."""
    if date is None or date.start is None or not slots.title or slots.org or slots.glued:
        return False
    own = current.date
    if own is None or own.start is None or current.in_details or not current.has_title:
        return False
    if not (current.has_org or current.glued or current.parent is not None):
        return False
    end_ok = own.end == "present" or (
        own.end is not None and date.end not in (None, "present") and str(date.end) <= own.end
    )
    return own.start < date.start and end_ok


def _is_lone_title(fields: dict[str, str] | None, current: EntryLines | None) -> bool:
    """A form line naming only the title of the header above it: "职位：后端开发工程师" under
    "公司：字节跳动"."""
    return (
        fields is not None
        and "title" in fields
        and current is not None
        and not current.in_details
        and not current.has_title
    )


def _has_own_date(entry: EntryLines) -> bool:
    """Whether the entry's header already holds its date, so another date line is not its."""
    return entry.date is not None and not entry.in_details and not entry.date_first


def _starts_entry(
    current: EntryLines | None, date: DateRange | None, slots: _Slots, org_first: bool | None
) -> bool:
    """Whether a header line opens a new entry rather than continuing the current header."""
    if current is None or current.in_details:
        return True
    if current.date_first and not current.has_title and not current.has_org and date is None:
        return False  # the lines after a date-first line name its position
    current_org = (
        current.has_org or current.parent is not None or (current.glued and org_first is not False)
    )
    return (
        (date is not None and current.date is not None)
        or (current.date is not None and slots.title and current.has_title)
        or (
            current.date is not None
            and (slots.org or slots.glued)
            and current_org
            and current.has_title
        )
    )


def _company_of(
    previous: EntryLines | None, slots: _Slots, org_first: bool | None
) -> EntryLines | None:
    """The company entry a role line belongs to, when the layout names organizations first
    and the line names a title only (LinkedIn: "Google" / "Software Engineer")."""
    if (
        org_first
        and previous is not None
        and slots.title
        and not (slots.org or slots.glued)
        and (previous.has_org or previous.parent is not None)
    ):
        return previous.parent or previous
    return None


def _parts(text: str) -> list[str]:
    """Columns, then comma parts, of a header text (dates and location already cut)."""
    return [part for _, part in column_parts(text)]


#: A comma, Latin or Chinese, that no bracket around it holds.
_COMMA_OUTSIDE_BRACKETS_RE = re.compile(r"[,，]\s*(?![^()]*\))")


#: A dash with a space on at least one side: "AI 工程师 - 示例银行", "数据科学家（实习）- 示例".
_SPACED_DASH_RE = re.compile(r"\s+[-–]\s*|(?<=\S)[-–]\s+")


def column_parts(text: str) -> list[tuple[int, str]]:
    """Each comma part of a header text with the number of the column it stands in; a part
    that is a title and an organization joined by a spaced dash is two parts."""
    parts: list[tuple[int, str]] = []
    for column, cell in enumerate(COLUMN_RE.split(text)):
        for part in _COMMA_OUTSIDE_BRACKETS_RE.split(cell):
            for piece in _title_dash_split(trim(part)):
                parts.append((column, piece))
    return parts


def _title_dash_split(part: str) -> list[str]:
    """A part cut at a spaced dash when one side holds a title word and the other none
    ("Title - Company", "Company – Title"); otherwise the part whole.

    >>> _title_dash_split("AI Engineer - Toy Bank"), _title_dash_split("Toy Lab - North Campus")
    (['AI Engineer', 'Toy Bank'], ['Toy Lab - North Campus'])
    """
    if not part:
        return []
    pieces = [trim(x) for x in _SPACED_DASH_RE.split(part, maxsplit=1)]
    split = len(pieces) == 2 and all(pieces)
    if split and has_title_word(pieces[0]) != has_title_word(pieces[1]):
        return pieces
    return [part]
