"""Education entries: one per degree (or academic position) held.

Layouts seen in real CVs:

- institution line, then a degree line with its dates (seeds 001, 003), maybe a location
  line and a separate date line in between (seed 004);
- two degrees under one institution sharing one date line: two entries (seed 001);
- one Chinese line ``学校,专业,学位 2019.9 - 2025.3(预期)`` with bullet lines after (seed 002);
- a unit and its institution on one line before the degree (seed 000);
- dates and ``Advisor:`` lines moved by the PDF extractor into the next section (seed 000):
  the caller passes them back as ``orphans`` and they are placed here by a general rule.

What one line names (degree, field, institution, date, location) is read by
:mod:`bilingual_cv.entries.degrees`; here the lines are grouped into entries.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from bilingual_cv.entries.dates import date_lines, date_warning, place_dates
from bilingual_cv.entries.degrees import (
    LineFields,
    find_degree,
    find_institution,
    is_detail_line,
    is_name_line,
    other_part,
    read_line,
)
from bilingual_cv.entries.labels import find_labels, split_names
from bilingual_cv.entries.line_text import (
    SENTENCE_END,
    raw_text,
    stray_warning,
    strip_marker,
    trim,
)
from bilingual_cv.entries.organizations import organization_rank, organization_words
from bilingual_cv.lang.dates import DateRange, mentions_expected, parse_date_range
from bilingual_cv.lang.detect import detect_language
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import Degree, Education, Warning, WarningCode

#: Rank of a degree for the chronological rule: a higher degree ends later.
DEGREE_RANK = {
    Degree.POSTDOC: 4,
    Degree.PHD: 3,
    Degree.MASTER: 2,
    Degree.BACHELOR: 1,
    Degree.OTHER: 0,
}


@dataclass(slots=True)
class _Degree:
    """One degree line and the detail lines under it."""

    line: Line
    degree: Degree
    field: str | None
    date: DateRange | None
    details: list[Line] = dataclasses.field(default_factory=list)


@dataclass(slots=True)
class _Group:
    """The lines of one institution: its header, degree lines and details."""

    lines: list[Line] = dataclasses.field(default_factory=list)
    institution: str | None = None
    location: str | None = None
    date: DateRange | None = None
    degrees: list[_Degree] = dataclasses.field(default_factory=list)
    details: list[Line] = dataclasses.field(default_factory=list)
    #: A field of study named before its degree ("Major: ..." above "Degree: ...").
    pending_field: str | None = None

    def add_detail(self, line: Line, date: DateRange | None = None) -> None:
        """A detail line: under the last degree, else under the institution. A date in its
        own column of the line ("Advisor: Ann Lee<TAB>Aug. 2018 - 2024") dates the degree
        when its header did not."""
        self.lines.append(line)
        if self.degrees:
            self.degrees[-1].details.append(line)
            if date is not None and self.degrees[-1].date is None:
                self.degrees[-1].date = date
        else:
            self.details.append(line)
            if date is not None and self.date is None:
                self.date = date

    def add_header(self, line: Line, read: LineFields, institution: str | None) -> None:
        """A header line and what it names; a date without a degree is its degrees' date."""
        self.lines.append(line)
        if institution is not None and (
            self.institution is None
            or organization_rank(institution) > organization_rank(self.institution)
        ):  # "Dept. of Toy Science" / "Example Institute of Science": the department loses
            self.institution = institution
        if read.location is not None and self.location is None:
            self.location = read.location
        degree, date = read.degree, read.date
        if degree is not None:
            field = read.field or self.pending_field
            self.degrees.append(_Degree(line, degree[0], field, date))
            self.pending_field = None
        elif read.field is not None:
            # "专业：软件工程" on a line of its own, after or before its degree
            if self.degrees and self.degrees[-1].field is None:
                self.degrees[-1].field = read.field
            else:
                self.pending_field = read.field
        if degree is None and date is not None:
            if self.degrees and all(d.date is None for d in self.degrees):
                for d in self.degrees:
                    d.date = date
            elif self.date is None:
                self.date = date


def _group_lines(lines: Sequence[Line]) -> list[_Group]:
    """Group section lines by institution: header lines and the degrees and details below.

    The first line naming a degree or an institution sets the layout: institution first (a
    new institution line opens a group once the current one has a degree or a date), or
    degree first (a degree line opens a group once the current one has an institution or a
    date).
    """
    content = [line for line in lines if not line.is_blank]
    bullets_are_details = any(not line.bullet for line in content)
    texts = [strip_marker(line.text).strip() for line in content]
    reads = [
        None if is_detail_line(line, bullets_are_details) else read_line(text)
        for line, text in zip(content, texts, strict=True)
    ]
    groups: list[_Group] = []
    current: _Group | None = None
    inst_first: bool | None = None
    for n, line in enumerate(content):
        read = reads[n]
        if read is None:
            if current is None:
                current = _Group()
                groups.append(current)
            current.add_detail(line, _column_date(texts[n]))
            continue
        text = texts[n]
        institution = read.institution
        after = next((k for k in range(n + 1, len(reads)) if reads[k] is not None), None)
        following = None if after is None else reads[after]
        opens = following is not None and _opens_degree(texts[after or 0], following)
        if current is not None and _is_group_detail(current, text, read, opens):
            current.add_detail(line)
            continue
        if institution is None:
            institution = _named_institution(text, read, following)
        if inst_first is None and (read.degree or institution):
            inst_first = institution is not None
        new, institution = _opens_group(current, text, read, institution, inst_first)
        if new:
            current = _Group()
            groups.append(current)
        assert current is not None
        current.add_header(line, read, institution)
    return groups


#: A label and its value on a detail line: "本科加权排名 – 33/160", "GPA: 3.9".
_LABEL_VALUE_RE = re.compile(r"\S\s+[–—-]\s+\S|[:：]\s*\S")


def _is_group_detail(group: _Group, text: str, read: LineFields, degree_follows: bool) -> bool:
    """An undated line of an institution that has its dated degree already: a unit of the
    institution ("光学与电子信息学院 (OEI)", "Department of Physics") that no degree line
    follows (else it is an institution: "Blinn College" / "Associate's in Arts, 2014 – 2018"),
    or a sentence or a label that merely mentions a degree ("本科加权排名 – 33/160",
    "计算机科学与工程本科学习。").

    A unit line opens no entry of its own, and a mention is no second degree."""
    if read.date is not None or group.institution is None:
        return False
    if not any(d.date is not None for d in group.degrees):
        return False
    if read.degree is None:
        return read.institution is not None and _is_unit(read.institution) and not degree_follows
    return (read.institution is None or _is_unit(read.institution)) and _is_mention(text)


def _is_mention(text: str) -> bool:
    """A sentence or a label and its value: a line that mentions what it does not name."""
    return text.rstrip().endswith(SENTENCE_END) or _LABEL_VALUE_RE.search(text) is not None


def _opens_degree(text: str, read: LineFields) -> bool:
    """A header line that names a degree of its own (dated, or no mere mention)."""
    return read.degree is not None and (read.date is not None or not _is_mention(text))


def _is_unit(name: str) -> bool:
    """A unit inside an institution (a school, a department): only a weak word names it."""
    strong, _ = organization_words()
    return strong.first(name) is None


def _column_date(text: str) -> DateRange | None:
    """The date that is the whole last column of a line, if any."""
    column = text.rpartition("\t")[2].strip()
    return parse_date_range(column) if column and column != text.strip() else None


def _named_institution(text: str, read: LineFields, following: LineFields | None) -> str | None:
    """A bare name line ("MIT") right above a degree line without an institution, or a bare
    name beside its place that reads whole as a place ("EURECOM, France"): the name.

    >>> deg = read_line("Visiting Scholar in Toy Security, Jun 2014 – Jul 2014")
    >>> _named_institution("EURECOM, France", read_line("EURECOM, France"), deg)
    'EURECOM'
    >>> _named_institution("MIT", read_line("MIT"), deg), _named_institution("MIT", read_line("MIT"), None)
    ('MIT', None)
    """
    if following is None or following.degree is None or following.institution is not None:
        return None
    if is_name_line(text, read):
        return trim(text)
    head, comma, _ = text.partition(",")
    if read.location is not None and read.degree is None and read.date is None and comma:
        return trim(head) if is_name_line(head, read_line(head)) else None
    return None


def _opens_group(
    current: _Group | None,
    text: str,
    read: LineFields,
    institution: str | None,
    inst_first: bool | None,
) -> tuple[bool, str | None]:
    """Whether a header line opens a new group, and the institution the line names.

    In an institution-first layout a one-line degree entry after a dated degree opens one
    too, naming its institution in a bare part ("M.S. in Computer Science, MIT, 2012").
    """
    if current is None:
        return True, institution
    date_only = read.date is not None and read.degree is None and institution is None
    if date_only and (current.date is not None or any(d.date for d in current.degrees)):
        return True, institution  # a date line first: "2008-2010" / "M.Sc. …, Example University."
    if current.date is not None and not current.degrees and current.institution is None:
        return False, institution  # the entry its date line opened
    filled = bool(current.degrees) or current.date is not None
    # a degree line with its own date after a dated degree is an entry of its own
    complete = (
        read.degree is not None
        and read.date is not None
        and any(d.date is not None for d in current.degrees)
    )
    if inst_first:
        if institution is not None and filled:
            undated_unit = read.date is None and _is_unit(institution)
            if current.institution is not None and not current.degrees and undated_unit:
                # "**示例大学** 2006.9 - 2010.7" / "自动化系 学士学位": its unit, not another school
                return False, None
            return True, institution
        if complete and institution is None:
            institution = other_part(text, read)
            return institution is not None, institution
        return False, institution
    new = read.degree is not None and (
        current.institution is not None or current.date is not None or complete
    )
    # a dated line naming another institution is an entry of its own, degree or none
    # ("Northside High School | Roanoke, VA<TAB>2011" under a degree that has its school)
    other_school = (
        institution is not None
        and read.date is not None
        and current.institution is not None
        and institution != current.institution
    )
    return new or other_school, institution


@dataclass(slots=True)
class _Draft:
    """An education entry before it is frozen into the model."""

    institution: str | None
    degree: Degree
    field: str | None
    date: DateRange | None
    location: str | None
    lines: list[Line]
    details: list[Line]
    advisors: list[str] = dataclasses.field(default_factory=list)
    thesis: str | None = None


def _drafts(groups: Sequence[_Group]) -> list[_Draft]:
    drafts: list[_Draft] = []
    for group in groups:
        degree_lines = {id(d.line) for d in group.degrees} | {
            id(x) for d in group.degrees for x in d.details
        }
        shared = [line for line in group.lines if id(line) not in degree_lines]
        if not group.degrees:
            if group.institution is None and not group.date and drafts:
                # details before any header belong to the entry above
                drafts[-1].lines.extend(group.lines)
                drafts[-1].details.extend(group.details)
                continue
            drafts.append(
                _Draft(
                    group.institution,
                    Degree.OTHER,
                    None,
                    group.date,
                    group.location,
                    list(group.lines),
                    list(group.details),
                )
            )
            continue
        for n, d in enumerate(group.degrees):
            details = d.details + (group.details if n == 0 else [])
            drafts.append(
                _Draft(
                    group.institution,
                    d.degree,
                    d.field,
                    d.date or group.date,
                    group.location,
                    shared + [d.line] + d.details,
                    details,
                )
            )
            _read_details(drafts[-1], d.line)  # "博士（导师：张三）": named on the degree's line
    for draft in drafts:
        for line in draft.details:
            _read_details(draft, line)
    return drafts


def _read_details(draft: _Draft, line: Line) -> None:
    for label in find_labels(strip_marker(line.text)):
        if label.kind == "advisor":
            draft.advisors.extend(n for n in split_names(label.value) if n not in draft.advisors)
        elif label.kind == "thesis" and draft.thesis is None:
            draft.thesis = trim(label.value) or None


def _place_orphans(drafts: list[_Draft], orphans: Sequence[Line]) -> list[Warning]:
    """Place stray date and advisor lines on entries that lack them.

    Dates go to entries without dates, the newest date to the highest degree (a higher
    degree ends later); advisor lines go, in order, to entries without advisors. Each kind is
    placed only when there are as many lines as entries lacking them, so nothing is guessed.
    """
    warnings: list[Warning] = []
    dates = date_lines(orphans)
    dateless = [n for n, d in enumerate(drafts) if d.date is None]
    dateless.sort(key=lambda n: -DEGREE_RANK[drafts[n].degree])
    for n, (line, found) in place_dates(dateless, dates).items():
        drafts[n].date = found
        drafts[n].lines.append(line)
        warnings.append(_moved(line, drafts[n]))
    advisor_lines = [
        (line, names)
        for line in orphans
        if (
            names := [
                n
                for x in find_labels(strip_marker(line.text))
                if x.kind == "advisor"
                for n in split_names(x.value)
            ]
        )
    ]
    lacking = [n for n, d in enumerate(drafts) if not d.advisors]
    if advisor_lines and len(advisor_lines) == len(lacking):
        for n, (line, names) in zip(lacking, advisor_lines, strict=True):
            drafts[n].advisors.extend(names)
            drafts[n].lines.append(line)
            warnings.append(_moved(line, drafts[n]))
    placed = {w.line for w in warnings}
    warnings.extend(stray_warning(line) for line in orphans if line.no not in placed)
    return warnings


def _moved(line: Line, draft: _Draft) -> Warning:
    where = draft.institution or draft.degree.value
    return Warning(
        code=WarningCode.LINE_MOVED,
        message=f"stray line {line.text!r} placed on education entry {where!r}",
        line=line.no,
    )


def join_stacked_dates(lines: Sequence[Line]) -> tuple[list[Line], dict[int, Line]]:
    """Lines to read a degree from when a left column prints its dates end over start: an
    institution line opening with the end ("至今 华中科技大学 • 研究中心") above a degree line
    opening with the start ("2023.03 光学工程 • 博士后"). The pair reads as the institution
    line with the whole range after it and the degree line without its date; the second
    value maps each rewritten line (by ``id``) to the line as printed, for ``raw``.

    A list of degrees that each open with their year ("2019 Ph.D., Example University" over
    "2015 B.S., Sample College") is no such pair: each of its lines names an institution.

    >>> lines = [Line(1, "至今 示例大学 • 玩具研究中心"), Line(2, "2023.03 玩具工程 • 博士后")]
    >>> read, printed = join_stacked_dates(lines)
    >>> [x.text.replace(chr(9), " | ") for x in read], printed[id(read[0])].text
    (['示例大学 • 玩具研究中心 | 2023.03 – 至今', '玩具工程 • 博士后'], '至今 示例大学 • 玩具研究中心')
    """
    leads = [_lead_date(line.text) for line in lines]
    read = list(lines)
    printed: dict[int, Line] = {}
    n = 0
    while n + 1 < len(lines):
        upper, lower = leads[n], leads[n + 1]
        if upper is None or lower is None or not _is_stacked(upper, lower):
            n += 1
            continue
        first = _slice_text(lines[n], upper[1], f"\t{lower[2]} – {upper[2]}")
        second = _slice_text(lines[n + 1], lower[1], "")
        read[n], read[n + 1] = first, second
        printed[id(first)], printed[id(second)] = lines[n], lines[n + 1]
        n += 2
    return read, printed


def _lead_date(text: str) -> tuple[str, int, str, str] | None:
    """The single date a line opens with: (its value, where the rest starts, the date as
    written, the rest)."""
    token = text.split(maxsplit=1)
    if len(token) != 2:
        return None
    value = parse_date_range(token[0])
    if value is None or (value.start is not None and value.end is not None):
        return None
    when = value.start or value.end
    assert when is not None
    return when, text.index(token[1]), token[0], token[1]


def _is_stacked(upper: tuple[str, int, str, str], lower: tuple[str, int, str, str]) -> bool:
    """The two lines are one degree's end over its start: the upper date is later, the upper
    rest names an institution and no degree, the lower rest names no institution."""
    later = upper[0] == "present" or (lower[0] != "present" and upper[0] > lower[0])
    return (
        later
        and find_institution(upper[3]) is not None
        and find_degree(upper[3]) is None
        and find_institution(lower[3]) is None
    )


def _names_nothing(draft: _Draft) -> bool:
    """The draft names no institution, no degree, no field and no date: lines of grades or
    scores under an education heading, no degree.

    >>> _names_nothing(_Draft(None, Degree.OTHER, None, None, None, [], []))
    True
    >>> _names_nothing(_Draft("Toy University", Degree.OTHER, None, None, None, [], []))
    False
    """
    return (
        draft.institution is None
        and draft.degree is Degree.OTHER
        and draft.field is None
        and draft.date is None
    )


def _slice_text(line: Line, start: int, tail: str) -> Line:
    """The line from ``start`` on with ``tail`` after it; its markup moved along."""
    shift = [(s - start, e - start) for s, e in line.bold if e > start]
    bold = tuple((max(0, s), e) for s, e in shift)
    return dataclasses.replace(line, text=line.text[start:] + tail, bold=bold, italic=())


def parse_education(
    section: RawSection, orphans: Sequence[Line] = ()
) -> tuple[list[Education], list[Warning]]:
    """Every degree of an education section.

    Args:
        section: The section's lines.
        orphans: Lines a later section could not use (dates, ``Advisor:`` lines moved by the
            PDF extractor); those placed here raise a ``line_moved`` warning, the others a
            ``stray_line`` warning.

    Returns:
        One entry per degree in document order, and warnings (``date_unparsed`` for an entry
        whose dates could not be read, ``line_moved`` for each orphan placed).

    >>> from bilingual_cv.clean import clean_text
    >>> from bilingual_cv.schema import SectionKind
    >>> text = "University of Washington Seattle, WA\\nB.S. in Computer Science,\\nB.S. in Mathematics\\n2015 – 2020"
    >>> section = RawSection(SectionKind.EDUCATION, "Education", 1, 4, clean_text(text).lines)
    >>> [(e.degree.value, e.field, e.start, e.end) for e in parse_education(section)[0]]
    [('bachelor', 'Computer Science', '2015', '2020'), ('bachelor', 'Mathematics', '2015', '2020')]
    """
    read, printed = join_stacked_dates(section.lines)
    drafts = _drafts(_group_lines(read))
    for draft in drafts:  # fields come from the joined lines; raw keeps the printed ones
        draft.lines = [printed.get(id(line), line) for line in draft.lines]
        draft.details = [printed.get(id(line), line) for line in draft.details]
    warnings = _place_orphans(drafts, orphans)
    entries: list[Education] = []
    for draft in drafts:
        if _names_nothing(draft):
            # "GPA 3.84" / "排名 4" under "本科教育": no degree to report; the lines stay in
            # the record as warnings
            warnings.extend(stray_warning(line) for line in draft.lines)
            continue
        headers = [x for x in draft.lines if x not in draft.details]
        if draft.date is None and draft.lines:
            warnings.append(date_warning(headers[0] if headers else draft.lines[0]))
        text = raw_text(draft.lines)
        date = draft.date
        if date is not None and date.end is None:
            # a single date on a degree is its completion ("May 2019", seed 003)
            date = DateRange(None, date.start, date.expected, date.raw, date.span)
        entries.append(
            Education(
                institution=draft.institution,
                degree=draft.degree,
                field=draft.field,
                start=date.start if date else None,
                end=date.end if date else None,
                # "在读 Ph.D. … 2028", "博士（在读）": marked anywhere on the degree's lines
                expected=bool(date and date.expected)
                or any(mentions_expected(x.text) for x in headers),
                advisors=draft.advisors,
                thesis=draft.thesis,
                location=draft.location,
                lang=detect_language(text, section.lang).lang,
                raw=text,
            )
        )
    return entries, warnings
