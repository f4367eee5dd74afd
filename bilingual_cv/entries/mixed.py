"""Lists that mix degrees and positions under one heading: each entry to the list of its kind.

CVs often print jobs and degrees in one dated list ("工作及教育经历", "EMPLOYMENT &
EDUCATION", "教育与工作经历"), and the heading's first-named part gives the section its key.
The entries say what they are:

- in an experience list, an entry whose header names a degree and no job title
  ("示例大学, 计算机科学, 博士 2017.09 - 2022.09", or "**示例大学** 2010.9 - 2015.7" over
  "- 自动化专业 博士学位") is a degree; once the list holds one, a postdoc is one too (a
  postdoc among degrees is read as the stage of study it follows);
- in an education list that names degrees, a dated line that names a job title and no
  degree ("2026.01-至今 示例农业大学, 动物科学学院, 特聘教授") is a position.

A list of one kind is parsed as before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from bilingual_cv.entries.dates import header_date
from bilingual_cv.entries.degrees import find_degree, find_institution, is_detail_line
from bilingual_cv.entries.education import parse_education
from bilingual_cv.entries.experience import parse_experience
from bilingual_cv.entries.line_text import COLUMN_RE, is_prose, strip_marker
from bilingual_cv.entries.positions import EntryLines, group_entries, header_text
from bilingual_cv.entries.titles import has_title_word, is_sentence, kind_tag
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import Degree, Education, Experience, ExperienceKind, SectionKind, Warning

#: Degrees that make a list a list of degrees: a stay of study ("other") alone does not.
_STUDY_DEGREES = frozenset({Degree.PHD, Degree.MASTER, Degree.BACHELOR})


def parse_experience_list(
    section: RawSection, kind: ExperienceKind, orphans: Sequence[Line] = ()
) -> tuple[list[Experience], list[Education], list[Warning]]:
    """The positions of an experience section, and the degrees listed among them.

    A research-experience section is never split: its roles ("博士研究生" on a project) are
    what the owner did in a project, not degrees.

    >>> from bilingual_cv.clean import clean_text
    >>> text = "示例科技有限公司, 高级研究员\\t2022.09 - 至今\\n示例大学, 计算机科学, 博士\\t2017.09 - 2022.09"
    >>> lines = clean_text(text).lines
    >>> jobs, degrees, _ = parse_experience_list(RawSection(SectionKind.EXPERIENCE, "工作及教育经历", 1, 2, lines, "zh"), ExperienceKind.WORK)
    >>> [(j.organization, j.title) for j in jobs], [(d.institution, d.degree.value, d.field) for d in degrees]
    ([('示例科技有限公司', '高级研究员')], [('示例大学', 'phd', '计算机科学')])
    """
    if kind is not ExperienceKind.WORK:
        experience, warnings = parse_experience(section, kind, orphans)
        return experience, [], warnings
    entries = group_entries(section.lines)
    reads = [_entry_degree(entry) for entry in entries]
    if not any(read is not None and read[0] in _STUDY_DEGREES for read in reads):
        experience, warnings = parse_experience(section, kind, orphans, entries)
        return experience, [], warnings
    degree_lines: list[Line] = []
    job_lines: list[Line] = []
    for entry, read in zip(entries, reads, strict=True):
        if read is None:
            job_lines.extend(entry.lines)
        else:
            degree_lines.extend(_degree_lines(entry, read[1]))
    experience, warnings = parse_experience(_part(section, job_lines), kind, orphans)
    education, more = parse_education(_part(section, degree_lines, SectionKind.EDUCATION))
    return experience, education, warnings + more


def parse_education_list(
    section: RawSection, orphans: Sequence[Line] = ()
) -> tuple[list[Education], list[Experience], list[Warning]]:
    """The degrees of an education section, and the positions listed among them.

    >>> from bilingual_cv.clean import clean_text
    >>> text = "2026.01-至今\\t示例农业大学, 动物科学学院, 特聘教授\\n2019.09-2023.01\\t示例大学, 农学博士"
    >>> lines = clean_text(text).lines
    >>> degrees, jobs, _ = parse_education_list(RawSection(SectionKind.EDUCATION, "教育与工作经历", 1, 2, lines, "zh"))
    >>> [(d.institution, d.degree.value) for d in degrees], [(j.organization, j.title) for j in jobs]
    ([('示例大学', 'phd')], [('示例农业大学, 动物科学学院', '特聘教授')])
    """
    content = [line for line in section.lines if not line.is_blank]
    if not any(has_title_word(line.text) for line in content):  # most: no job named at all
        education, warnings = parse_education(section, orphans)
        return education, [], warnings
    bullets_are_details = any(not line.bullet for line in content)
    indent = min((_indent(line) for line in content), default=0)
    degrees = [find_degree(strip_marker(line.text)) for line in content]
    if not any(d is not None and d[0] in _STUDY_DEGREES for d in degrees):
        education, warnings = parse_education(section, orphans)
        return education, [], warnings
    job_lines: list[Line] = []
    degree_lines: list[Line] = []
    in_job = False
    for line, degree in zip(content, degrees, strict=True):
        text = strip_marker(line.text).strip()
        dated = header_date(text) is not None
        if dated or degree is not None:
            in_job = (
                dated
                and degree is None
                and _indent(line) == indent
                and not is_detail_line(line, bullets_are_details)
                and has_title_word(text)
                and not is_prose(text)
            )
        (job_lines if in_job else degree_lines).append(line)
    if not job_lines:
        education, warnings = parse_education(section, orphans)
        return education, [], warnings
    education, warnings = parse_education(_part(section, degree_lines), orphans)
    experience, more = parse_experience(
        _part(section, job_lines, SectionKind.EXPERIENCE), ExperienceKind.WORK
    )
    return education, experience, warnings + more


def _entry_degree(entry: EntryLines) -> tuple[Degree, bool] | None:
    """The degree an experience entry names in place of a job, and whether it is named in
    its first detail line ("**示例大学** 2010.9 - 2015.7" / "- 自动化专业 博士学位");
    ``None`` for a position. A postdoc counts only in a list of degrees (the caller decides)."""
    texts = [header_text(line) for line in entry.header]
    if any(kind_tag(cell) is not None for text in texts for cell in COLUMN_RE.split(text)):
        return None  # a row its table files as a job, a lab post or an activity: "实验室博士生"
    in_detail = False
    found = _named_degree(" \t".join(texts))
    if found is None and entry.details and entry.date is not None:
        first = strip_marker(entry.details[0].text).strip()
        found = None if is_prose(first) else _named_degree(first)
        in_detail = found is not None
    return None if found is None else (found, in_detail)


def _named_degree(text: str) -> Degree | None:
    """The degree a header text names when no job title stands beside it; a postdoc always
    (its title words are the degree's own: "Postdoctoral Research Fellow")."""
    found = find_degree(text)
    if found is None:
        return None
    degree, (start, end) = found
    if degree is Degree.POSTDOC:
        return degree
    return None if has_title_word(text[:start] + "\t" + text[end:]) else degree


def _degree_lines(entry: EntryLines, in_detail: bool) -> list[Line]:
    """The entry's lines to read as a degree; a degree named in a bullet under the header
    becomes a header line, since a bullet of an education entry is a detail."""
    lines = list(entry.lines)
    if in_detail:
        first = entry.details[0]
        lines = [dataclasses.replace(x, bullet=False) if x is first else x for x in lines]
    return sorted(lines, key=lambda x: x.no)


def _part(section: RawSection, lines: Sequence[Line], key: SectionKind | None = None) -> RawSection:
    """The section with only ``lines`` (in order), read as ``key``."""
    ordered = tuple(sorted(lines, key=lambda x: x.no))
    return dataclasses.replace(section, key=key or section.key, lines=ordered)


def _indent(line: Line) -> int:
    return len(line.text) - len(line.text.lstrip())


#: Share of a block's dated lines that must name a position for the block to be a list of
#: positions, and the fewest such lines.
MIN_POSITION_SHARE = 0.6
MIN_POSITIONS = 2


def holds_positions(lines: Sequence[Line]) -> bool:
    """A block of dated position lines ("2020 – present: Assistant Professor, Example
    University" / "2018 – 2020: Postdoc, Toy Institute"), whatever its heading: a
    ``Biography``-like section that lists appointments. Prose that mentions years is none.

    >>> from bilingual_cv.clean import clean_text
    >>> holds_positions(clean_text("2020 – present: Assistant Professor, Example University\\n2018 – 2020: Postdoctoral Researcher, Toy Lab").lines)
    True
    >>> holds_positions(clean_text("Ann Lee joined Example University in 2020 as an assistant professor after a postdoc at Toy Lab from 2018 to 2020.").lines)
    False
    """
    dated = [
        text
        for line in lines
        if (text := strip_marker(line.text).strip()) and header_date(text) is not None
    ]
    if len(dated) < MIN_POSITIONS:
        return False
    positions = sum(
        has_title_word(text)
        and _named_degree(text) in (None, Degree.POSTDOC)
        and not is_prose(text)
        and not is_sentence(text)
        for text in dated
    )
    return positions >= MIN_POSITIONS and positions >= MIN_POSITION_SHARE * len(dated)


def holds_entry_headers(lines: Sequence[Line], kind: SectionKind) -> bool:
    """Whether a block holds a dated header of an entry of ``kind``: a date range beside a
    degree or an institution (education), or beside a job title or an institution
    (experience). A ``Research Interest:`` label printed inside each entry comes out as a
    heading of its own, and the entries after it are still the list's.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("Toy Learning\\nExample University\\tOct 2020 - Oct 2021").lines
    >>> holds_entry_headers(lines, SectionKind.EDUCATION)
    True
    >>> holds_entry_headers(clean_text("Graph learning since 2019\\nRobot planning").lines, SectionKind.EDUCATION)
    False
    """
    for line in lines:
        text = strip_marker(line.text).strip()
        if not text or header_date(text) is None or is_prose(text) or is_sentence(text):
            continue
        if find_institution(text) is not None:
            return True
        if kind is SectionKind.EDUCATION and find_degree(text) is not None:
            return True
        if kind is not SectionKind.EDUCATION and has_title_word(text):
            return True
    return False
