"""Experience entries: work, internship, academic and research positions.

Layouts seen in real CVs, all handled by one rule set (header lines carry organization,
title, location and dates; detail lines carry bullets):

- ``Title, **Org**, City, ST. May 2023 – Aug. 2023`` on one line (seed 003);
- ``Org, Group City, ST`` then ``Title Summer 2024 – Present`` (seed 001), or an org line
  written as a markdown heading (``## **Acme Surgical Robotics**``, seed 001);
- columns cut by tabs or double spaces ``• Org  Title<TAB>City, State Jul 2020 - now`` and an
  organization glued to its title ``Google Software Development Engineering Intern`` (seed 004);
- ``Org May 2025 - Dec 2025`` / ``Hybrid, Sunnyvale, CA`` / ``Title, Group.`` (seed 000);
- Chinese ``组织,职位 2023.5-2024.3`` with bullet lines after it (seed 002).

What a title says (a title word, the kind of position, an organization glued to it) is read by
:mod:`bilingual_cv.entries.titles`; here the lines are grouped into positions and their header
parts given to the fields.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from bilingual_cv.entries.dates import date_lines, date_warning, header_date, place_dates
from bilingual_cv.entries.labels import (
    LABEL_START_RE,
    is_field_header,
    is_label_line,
    label_kind,
    labelled_fields,
)
from bilingual_cv.entries.line_text import (
    COLUMN_RE,
    HAN_RE,
    MARKER_RE,
    SENTENCE_END,
    is_prose,
    raw_text,
    stray_warning,
    strip_marker,
    trim,
)
from bilingual_cv.entries.organizations import is_institution
from bilingual_cv.entries.places import is_place_column, split_location
from bilingual_cv.entries.titles import (
    LATIN_WORD_RE,
    employer_link_re,
    experience_kind,
    has_title_word,
    is_sentence,
    split_glued_org,
    strip_duration,
)
from bilingual_cv.lang.dates import (
    DateRange,
    find_date_range,
    find_date_ranges,
    parse_date_range,
)
from bilingual_cv.lang.detect import detect_language
from bilingual_cv.lexicon import load_titles
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import Experience, ExperienceKind, Lang, Warning, WarningCode

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
    m = LABEL_START_RE.match(text)
    if m is not None and label_kind(m.group(1)) == "position":
        text = text[m.end() :].strip()
    return text


# --- experience entries --------------------------------------------------------------


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
    if words <= MAX_ORG_WORDS and is_institution(text) and _is_title_case(text):
        return True  # an organization line after its roles: "Toy Lab, Example University"
    return words <= 6 and not text[:1].islower() and not text.endswith((":", "：", ",", "，"))


#: Longest organization line (in words) read as a header by its organization word alone.
MAX_ORG_WORDS = 14


def _is_title_case(text: str) -> bool:
    """Every Latin word of four letters or more is capitalized: a name, not a description.

    >>> _is_title_case("Network Science Laboratory, Example Institute of Technology")
    True
    >>> _is_title_case("Worked with the Example University team")
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


def _without_dates(text: str, found: DateRange | None, gap: str) -> str:
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
    body = _without_dates(text, date, " ")
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
    return [part for _, part in _column_parts(text)]


#: A header line of this many columns or more is a table row: one field per column.
MIN_TABLE_COLUMNS = 3


#: A comma, Latin or Chinese, that no bracket around it holds.
_COMMA_OUTSIDE_BRACKETS_RE = re.compile(r"[,，]\s*(?![^()]*\))")


#: A dash with a space on at least one side: "AI 工程师 - 示例银行", "数据科学家（实习）- 示例".
_SPACED_DASH_RE = re.compile(r"\s+[-–]\s*|(?<=\S)[-–]\s+")


def _column_parts(text: str) -> list[tuple[int, str]]:
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


def _bold_text(line: Line) -> str | None:
    for s, e in line.bold:
        if 0 < e - s < len(line.text):
            return trim(line.text[s:e])
    return None


@dataclass(slots=True)
class _Fields:
    organization: str | None = None
    title: str | None = None
    location: str | None = None
    extra: list[str] = field(default_factory=list)


def _read_header(entry: EntryLines, kind: ExperienceKind) -> _Fields:
    """The organization, title and location an entry's header lines name."""
    fields = _Fields()
    # a title is cut into "Org Title" only when no other line names the organization:
    # "Information Technology Support Specialist" / "Southwestern University<TAB>Georgetown, TX"
    org_lines = {n for n, org in enumerate(entry.header_orgs) if org}
    for n, line in enumerate(entry.header):
        text, labelled, date = entry.header_reads[n]
        if labelled is not None:
            if fields.organization is None:
                fields.organization = labelled.get("organization")
            if fields.title is None:
                fields.title = labelled.get("title")
            continue
        parts = _column_parts("\t".join(_columns_without_location(text, date, fields)))
        _read_parts(parts, fields, kind, bold=_bold_text(line), may_glue=not org_lines - {n})
    if fields.title is None and fields.organization is not None and fields.extra:
        # a title with no title word, in its own part after the organization ("Amazon" / "SDE II")
        fields.title = fields.extra.pop(0)
    return fields


def _columns_without_location(text: str, date: DateRange | None, fields: _Fields) -> list[str]:
    """The columns of a header line, its date (:func:`header_date`) and location cut off; the
    first location found in the header is kept in ``fields``."""
    text = _without_dates(text, date, "\t")
    columns = [trim(c) for c in COLUMN_RE.split(text) if trim(c)]
    rest_columns = []
    for n, column in enumerate(columns):
        if n > 0 and is_place_column(column):  # "Research Scientist @ Acme<TAB>Remote"
            if fields.location is None:
                fields.location = column
            continue
        rest, location = split_location(column)
        if location is not None and fields.location is None:
            fields.location = location
        if trim(rest):
            rest_columns.append(trim(rest))
    return rest_columns


def _read_parts(
    parts: Sequence[tuple[int, str]],
    fields: _Fields,
    kind: ExperienceKind,
    *,
    bold: str | None,
    may_glue: bool,
) -> None:
    """Give each part of a header line to the organization, the title or ``extra``.

    Args:
        parts: The line's parts, in order, each with the number of its column.
        fields: What earlier header lines filled; filled further here.
        kind: The section's kind: a research section may name a project by its topic alone.
        bold: The line's bold text, if any: it names the employer unless it is a role.
        may_glue: Whether a title part may be cut into "Org Title" (no other line names the
            organization).
    """
    org_here = False  # the organization was named on this line: later parts are its group
    org_column = -1
    for column, part in parts:
        if (
            bold is not None
            and part == bold
            and fields.organization is None
            and (is_institution(part) or not has_title_word(part))
            and employer_link_re().search(part) is None
        ):  # the bold part names the employer, unless it is a role ("**Research Intern**")
            # or a role at the employer ("**Assistant Professor @ Fictional University**")
            fields.organization, org_here, org_column = part, True, column
        elif fields.title is None and has_title_word(part):
            org, title = split_glued_org(part)
            # another part names the organization ("AI 工程师 - 示例银行"): nothing is glued
            glued = may_glue and not any(not has_title_word(p) for _, p in parts if p != part)
            if org and not glued and employer_link_re().search(part) is None:
                org, title = "", part
            fields.title = title
            if org and fields.organization is None:
                fields.organization, org_here, org_column = org, True, column
        elif (
            fields.organization is None
            and fields.title is None
            and kind is ExperienceKind.RESEARCH
            and not is_institution(part)
            and len(parts) == 1
        ):
            fields.title = part  # a research project named by its topic (seed 002)
        elif fields.organization is None:
            fields.organization, org_here, org_column = part, True, column
        elif (
            org_here
            and fields.organization is not None
            and not has_title_word(part)
            and (column == org_column or len({c for c, _ in parts}) < MIN_TABLE_COLUMNS)
        ):
            # a group after its organization ("Google, Ads Infra", seed 001); in a table row,
            # another column is another field ("IBM<TAB>任务<TAB>Java, XML<TAB>2012")
            fields.organization += ", " + part
        else:
            fields.extra.append(part)


def _bullets(lines: Sequence[Line]) -> list[str]:
    """Detail lines as bullets; a wrapped line joins the bullet it continues."""
    bullets: list[str] = []
    after_label = False
    for line in lines:
        text = strip_marker(line.text).strip()
        if not text:
            continue
        marker = line.bullet or MARKER_RE.match(line.text) is not None
        label = is_label_line(text)
        continues = bullets and not marker and not label and not after_label
        after_label = label
        if continues and not bullets[-1].endswith(SENTENCE_END):
            sep = "" if HAN_RE.match(text[:1]) and HAN_RE.search(bullets[-1][-1:]) else " "
            bullets[-1] = bullets[-1] + sep + text
        else:
            bullets.append(text)
    return bullets


def parse_experience(
    section: RawSection,
    kind: ExperienceKind,
    orphans: Sequence[Line] = (),
    grouped: Sequence[EntryLines] | None = None,
) -> tuple[list[Experience], list[Warning]]:
    """Every position of an experience or research-experience section.

    Args:
        section: The section's lines.
        kind: ``WORK`` for an experience section (refined to internship or academic per
            entry), ``RESEARCH`` for a research-experience section.
        orphans: Date lines found outside any entry elsewhere (unused dates of other
            sections); an entry without a date may receive one.
        grouped: The section's lines as :func:`group_entries` grouped them, when the caller
            has them already.

    Returns:
        The entries in document order, and warnings: ``date_unparsed`` for an entry whose
        header has no readable date, ``line_moved`` when a stray date line was placed.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("阿里云云网络,研究型实习生 2023.5-2024.3\\n• 定位并优化启动速度瓶颈问题;").lines
    >>> from bilingual_cv.schema import SectionKind
    >>> section = RawSection(SectionKind.EXPERIENCE, "实习经历", 1, 2, lines, "zh")
    >>> [(e.organization, e.title, e.start, e.end, e.kind.value) for e in parse_experience(section, ExperienceKind.WORK)[0]]
    [('阿里云云网络', '研究型实习生', '2023-05', '2024-03', 'internship')]
    """
    entries = list(grouped) if grouped is not None else group_entries(section.lines)
    strays = [d for e in entries for d in e.extra_dates] + date_lines(orphans)
    dateless = [n for n, e in enumerate(entries) if e.date is None and e.header]
    placed = place_dates(dateless, strays)
    used = {id(line) for line, _ in placed.values()}
    warnings = [stray_warning(line) for line in orphans if id(line) not in used]
    results: list[Experience] = []
    read: dict[int, _Fields] = {}
    details: list[list[Line]] = []
    for entry in entries:
        fields = _read_header(entry, kind)
        read[id(entry)] = fields
        if fields.organization is None and entry.parent is not None:
            # a role under the company line above it (LinkedIn: "Google" / "5 years 3 months")
            fields.organization = read[id(entry.parent)].organization
        details.append(_complete_header(entry, fields))
    _share_organizations(entries, [read[id(e)] for e in entries])
    for n, entry in enumerate(entries):
        fields = read[id(entry)]
        if fields.organization is None and fields.title is None:
            # lines before any header, or a date naming nothing: no position to report
            warnings.extend(stray_warning(line) for line in entry.lines)
            if n in placed:
                warnings.append(stray_warning(placed[n][0]))
            continue
        date = entry.date
        lines = [
            line
            for line in entry.lines
            if not any(line is s for s, _ in entry.extra_dates if id(s) in used)
        ]
        if n in placed:
            line, date = placed[n]
            lines.append(line)
            warnings.append(_date_moved_warning(line, fields))
        elif date is None and entry.header:
            warnings.append(date_warning(entry.header[0]))
        warnings.extend(
            _unused_date_warning(line) for line, _ in entry.extra_dates if id(line) not in used
        )
        results.append(_build_experience(fields, date, lines, details[n], kind, section.lang))
    return results, warnings


#: Longest first detail line (in words, or Han characters) that may complete a header.
MAX_COMPLETING_WORDS = 8
MAX_COMPLETING_HAN = 30


def _complete_header(entry: EntryLines, fields: _Fields) -> list[Line]:
    """Fill the field a header left empty from the entry's first detail line, when that line
    is short and names just that: the title under an organization and its date
    ("**示例科技** 2020.11-" / "- 定位算法高级工程师"), the organization under a title and its
    date ("• 2022.03 - 至今: 高级研究员" / "◦ 示例实验室"). The entry's detail lines without
    the line used.
    """
    if not entry.details or entry.date is None or (fields.title and fields.organization):
        return entry.details
    if fields.title is None and fields.organization is None:
        return entry.details
    line = entry.details[0]
    text = trim(strip_marker(line.text))
    if not _is_short_name(text):
        return entry.details
    if fields.title is None and has_title_word(text) and not is_sentence(text):
        fields.title = text
    elif fields.organization is None and not has_title_word(text) and _names_organization(text):
        fields.organization = text
    else:
        return entry.details
    return entry.details[1:]


def _is_short_name(text: str) -> bool:
    """A short line that is no sentence, label or description: what a header names."""
    if not text or text.endswith(SENTENCE_END) or is_label_line(text) or is_prose(text):
        return False
    han = len(HAN_RE.findall(text))
    return len(text.split()) <= MAX_COMPLETING_WORDS and han <= MAX_COMPLETING_HAN


def _names_organization(text: str) -> bool:
    """An organization's name: an organization word, or a capitalized name, or Han text
    without the punctuation of a description."""
    if is_institution(text):
        return True
    if HAN_RE.search(text):
        return not any(c in text for c in "，,；;、：:")
    return _is_title_case(text) and not text[:1].islower()


def _share_organizations(entries: Sequence[EntryLines], fields: Sequence[_Fields]) -> None:
    """Roles listed first, then one organization line for the group: each role without an
    organization and without details takes the organization of the role after it, when
    that role named it on a line after its title ("Research Scientist 2016 – 2018" /
    "Postdoc 2011 – 2016" / "Toy Lab, Example University").
    """
    # whether each entry names its organization on a line after its title, or took it from
    # the role after it
    below = [
        len(e.header_orgs) > 1 and not e.header_orgs[0] and any(e.header_orgs[1:]) for e in entries
    ]
    for n in range(len(entries) - 2, -1, -1):
        entry = entries[n]
        if fields[n].organization is not None or entry.details or not fields[n].title:
            continue
        if fields[n + 1].organization is not None and below[n + 1]:
            fields[n].organization = fields[n + 1].organization
            below[n] = True


def _build_experience(
    fields: _Fields,
    date: DateRange | None,
    lines: Sequence[Line],
    details: Sequence[Line],
    section_kind: ExperienceKind,
    section_lang: Lang,
) -> Experience:
    """The record of one position, from its header fields, its date and its lines."""
    text = raw_text(lines)
    if date is not None and date.end is None:
        # a single date ("Summer 2023") is a position that began and ended then
        date = DateRange(date.start, date.start, date.expected, date.raw, date.span)
    return Experience(
        organization=fields.organization,
        title=_role_only(fields.title, fields.organization),
        location=fields.location,
        start=date.start if date else None,
        end=date.end if date else None,
        kind=experience_kind(fields.title, fields.organization, section_kind),
        bullets=_bullets(details),
        lang=detect_language(text, section_lang).lang,
        raw=text,
    )


#: A sentence after a title on its line: "Research Intern. Advised by Ann Lee".
_TITLE_SENTENCE_RE = re.compile(r"(?<=[a-z]{2})\.\s+(?=[A-Z])")
#: A group after a title when the organization is named elsewhere: "Intern @Toy Team".
_TITLE_GROUP_RE = re.compile(r"\s+@\s?\S.*$")


def _role_only(title: str | None, organization: str | None) -> str | None:
    """The title without what follows the role on its line: a sentence after it, or the
    "@group" of an organization named on another line.

    >>> _role_only("Research Intern. Advised by Ann Lee", "Toy Lab"), _role_only("Intern @Toy Team", "Acme")
    ('Research Intern', 'Intern')
    >>> _role_only("Intern @Toy Team", None)
    'Intern @Toy Team'
    """
    if title is None:
        return None
    role = _TITLE_SENTENCE_RE.split(title, maxsplit=1)[0]
    if organization is not None:
        role = _TITLE_GROUP_RE.sub("", role)
    return role.strip() or title


def _date_moved_warning(line: Line, fields: _Fields) -> Warning:
    """A stray date line placed on an entry that had none."""
    return Warning(
        code=WarningCode.LINE_MOVED,
        message=f"date line {line.text!r} placed on entry {fields.organization or fields.title!r}",
        line=line.no,
    )


def _unused_date_warning(line: Line) -> Warning:
    """A second date line under one header that no dateless entry took."""
    return Warning(
        code=WarningCode.STRAY_LINE,
        message=f"date line outside any entry: {line.text!r}",
        line=line.no,
    )
