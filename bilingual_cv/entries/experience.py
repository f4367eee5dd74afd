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

The lines are grouped into positions by :mod:`bilingual_cv.entries.positions`; what a title
says (a title word, the kind of position, an organization glued to it) is read by
:mod:`bilingual_cv.entries.titles`. Here each position's header parts are given to the fields,
completed from its first detail line or from the roles around it, and the record is built.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bilingual_cv.entries.dates import date_lines, date_warning, place_dates
from bilingual_cv.entries.labels import (
    is_label_line,
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
from bilingual_cv.entries.positions import (
    EntryLines,
    column_parts,
    group_entries,
    is_title_case,
    without_dates,
)
from bilingual_cv.entries.titles import (
    employer_link_re,
    experience_kind,
    has_title_word,
    is_sentence,
    kind_tag,
    split_glued_org,
)
from bilingual_cv.lang.dates import (
    DateRange,
)
from bilingual_cv.lang.detect import detect_language
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import Experience, ExperienceKind, Lang, Warning, WarningCode

#: A header line of this many columns or more is a table row: one field per column.
MIN_TABLE_COLUMNS = 3


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
    #: The kind a category column of a table row sets ("实习 | 示例公司 | 实习生 | 2024").
    kind: ExperienceKind | None = None


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
        parts = column_parts("\t".join(_columns_without_location(text, date, fields)))
        _read_parts(parts, fields, kind, bold=_bold_text(line), may_glue=not org_lines - {n})
    if fields.title is None and fields.organization is not None and fields.extra:
        # a title with no title word, in its own part after the organization ("Amazon" / "SDE II")
        fields.title = fields.extra.pop(0)
    return fields


def _columns_without_location(text: str, date: DateRange | None, fields: _Fields) -> list[str]:
    """The columns of a header line, its date (:func:`header_date`) and location cut off; the
    first location found in the header is kept in ``fields``."""
    text = without_dates(text, date, "\t")
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
        if _is_category(part, column, parts, fields):
            continue
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


def _is_category(part: str, column: int, parts: Sequence[tuple[int, str]], fields: _Fields) -> bool:
    """Whether a part is the category column of a table row (``kind_tags``): a category word
    alone in its column beside other columns. The kind it sets goes to ``fields``; an
    internship tag stays the title when no other part names one ("实习<TAB>示例实验室")."""
    tagged = kind_tag(part)
    if tagged is None or fields.kind is not None:
        return False
    columns = [c for c, _ in parts]
    if columns.count(column) > 1 or len(set(columns)) < 2:
        return False
    fields.kind = tagged
    if tagged is ExperienceKind.INTERNSHIP:
        return any(has_title_word(p) for c, p in parts if c != column)
    return True


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
    return is_title_case(text) and not text[:1].islower()


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
        kind=_kind(fields, section_kind),
        bullets=_bullets(details),
        lang=detect_language(text, section_lang).lang,
        raw=text,
    )


def _kind(fields: _Fields, section_kind: ExperienceKind) -> ExperienceKind:
    """The kind of a position: what its category column says, else what its title says;
    a research section's posts stay research whatever their table files them under."""
    by_title = experience_kind(fields.title, fields.organization, section_kind)
    if fields.kind is None or by_title is ExperienceKind.RESEARCH:
        return by_title
    return fields.kind


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
