"""Route each section to the parser of its kind and gather the typed entries."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field

from bilingual_cv.entries.degrees import find_degree
from bilingual_cv.entries.items import parse_awards, parse_items
from bilingual_cv.entries.line_text import stray_warning
from bilingual_cv.entries.mixed import (
    holds_entry_headers,
    holds_positions,
    parse_education_list,
    parse_experience_list,
)
from bilingual_cv.entries.titles import has_title_word, is_teaching_role, position_item
from bilingual_cv.lang.dates import find_date_range
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.publications import inferred_owner_name, parse_publications
from bilingual_cv.schema import (
    Award,
    Education,
    Experience,
    ExperienceKind,
    Item,
    Person,
    Publication,
    SectionKind,
    Stats,
    Warning,
)
from bilingual_cv.venues import Edition

#: Sections whose entries are plain list items.
ITEM_KEYS = frozenset(
    {
        SectionKind.TALKS,
        SectionKind.TEACHING,
        SectionKind.SERVICE,
        SectionKind.MENTORING,
        SectionKind.SKILLS,
        SectionKind.PROJECTS,
        SectionKind.GRANTS,
        SectionKind.OTHER,
    }
)

#: Sections of positions, and the kind their entries start from.
EXPERIENCE_KINDS = {
    SectionKind.EXPERIENCE: ExperienceKind.WORK,
    SectionKind.RESEARCH_EXPERIENCE: ExperienceKind.RESEARCH,
}


@dataclass(slots=True)
class SectionResult:
    """Everything parsed from the sections of one CV."""

    person: Person
    education: list[Education] = field(default_factory=list)
    experience: list[Experience] = field(default_factory=list)
    research_experience: list[Experience] = field(default_factory=list)
    publications: list[Publication] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    items: dict[SectionKind, list[Item]] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)
    warnings: list[Warning] = field(default_factory=list)


def parse_section_entries(
    sections: list[RawSection], person: Person, edition: Edition
) -> SectionResult:
    """Parse every section into entries of its kind; the owner is needed for author positions.

    Lines that a section cannot use (a date or an ``Advisor:`` line that a PDF extractor moved
    out of its entry) are offered to the entry section right before the section they landed
    in, since extractors push right-column text down past a section's end (seed 000). What no
    section places stays a ``stray_line`` warning.
    """
    result = SectionResult(person=person)
    strays: list[Line] = []
    publication_sections = [
        s for s in sections if s.key in (SectionKind.PUBLICATIONS, SectionKind.PATENTS)
    ]
    if publication_sections:
        publications, warnings, pub_strays = parse_publications(
            publication_sections, person, edition
        )
        result.publications = publications
        result.warnings.extend(warnings)
        strays.extend(pub_strays)
        if person.name is None and person.name_zh is None:
            result.person = person.model_copy(
                update={"inferred_name": inferred_owner_name(publications)}
            )
    for section in sections:
        if section.key is SectionKind.AWARDS:
            awards, award_strays = parse_awards(section)
            result.awards.extend(awards)
            strays.extend(award_strays)
        elif section.key in ITEM_KEYS:
            items, warnings = parse_items(section, edition)
            result.items.setdefault(section.key, []).extend(items)
            result.warnings.extend(warnings)
    offered = _offer_strays(sections, strays)
    for n, section in enumerate(_with_label_sections(sections)):
        orphans = offered.get(n, [])  # each parser places or reports the strays offered to it
        if section.key is SectionKind.EDUCATION:
            # positions listed among the degrees ("教育与工作经历") are experience
            education, experience, warnings = parse_education_list(section, orphans)
        elif section.key in EXPERIENCE_KINDS:
            # degrees listed among the positions ("工作及教育经历") are education
            experience, education, warnings = parse_experience_list(
                section, EXPERIENCE_KINDS[section.key], orphans
            )
        else:
            continue
        result.education.extend(education)
        # a research assistantship (kind research) is research experience, not a job
        for e in experience:
            if not is_teaching_role(e) and e.kind is not ExperienceKind.OTHER:
                research = e.kind is ExperienceKind.RESEARCH
                (result.research_experience if research else result.experience).append(e)
        # a teaching assistant's post is teaching, not a position of experience
        teaching = [position_item(e) for e in experience if is_teaching_role(e)]
        if teaching:
            result.items.setdefault(SectionKind.TEACHING, []).extend(teaching)
        # a role in a student activity (a table's 社工 rows) is no position: it is listed
        # under other
        activities = [
            position_item(e)
            for e in experience
            if e.kind is ExperienceKind.OTHER and not is_teaching_role(e)
        ]
        if activities:
            result.items.setdefault(SectionKind.OTHER, []).extend(activities)
        result.warnings.extend(warnings)
    offered_lines = {id(line) for lines in offered.values() for line in lines}
    result.warnings.extend(stray_warning(line) for line in strays if id(line) not in offered_lines)
    return result


#: Sections whose heading may be a label printed inside each entry of a list
#: ("Research Interest: ...", "研究重点").
_LABEL_KEYS = frozenset({SectionKind.RESEARCH_INTERESTS})


def _with_label_sections(sections: Sequence[RawSection]) -> list[RawSection]:
    """The sections, each entry section with the lines of the label sections that follow it.

    A label printed inside every entry ("Research Interest: ...") comes out as a heading, and
    the list's next entries land under it; a section of that kind that holds dated entry
    headers of the list before it is the list going on. The sections themselves (headings,
    keys) are left as found.
    """
    out = list(sections)
    for n, section in enumerate(sections):
        if section.key is not SectionKind.EDUCATION and section.key not in EXPERIENCE_KINDS:
            continue
        extra: list[Line] = []
        for follower in sections[n + 1 :]:
            if follower.key not in _LABEL_KEYS or not holds_entry_headers(
                follower.lines, section.key
            ):
                break
            extra.extend(follower.lines)
        if extra:
            out[n] = dataclasses.replace(section, lines=(*section.lines, *extra))
    return out


def settle_keys(sections: list[RawSection]) -> list[RawSection]:
    """Sections whose body settles what the heading left open: an experience heading over
    degrees only (``经历`` / ``博士, 南京大学 2018 – 2024``) is an education section; a
    summary heading over dated positions (``Biography`` / ``2020 – present: Professor, …``)
    is an experience section."""
    return [
        dataclasses.replace(s, key=SectionKind.EDUCATION)
        if s.key is SectionKind.EXPERIENCE and holds_only_degrees(s)
        else dataclasses.replace(s, key=SectionKind.EXPERIENCE)
        if s.key is SectionKind.SUMMARY and holds_positions(s.lines)
        else s
        for s in sections
    ]


#: A dated line of a section that holds only degrees names one in at least this share.
MIN_DEGREE_SHARE = 0.6


def holds_only_degrees(section: RawSection) -> bool:
    """An experience heading over degrees only (``经历`` / ``博士, 南京大学 2018 – 2024``):
    its dated entries name degrees, so they are read as education.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("2018 – 2024 博士, 虚构大学\\n导师: 李华\\n2014 – 2018 本科, 虚构学院").lines
    >>> holds_only_degrees(RawSection(SectionKind.EXPERIENCE, "经历", 1, 3, lines))
    True
    """
    dated = [line for line in section.lines if find_date_range(line.text) is not None]
    if len(dated) < 2:
        return False
    degrees = sum(find_degree(line.text) is not None for line in dated)
    return degrees >= MIN_DEGREE_SHARE * len(dated) and not any(
        has_title_word(line.text) for line in dated
    )


def _offer_strays(sections: Sequence[RawSection], strays: Sequence[Line]) -> dict[int, list[Line]]:
    """Stray lines by the index of the entry section that precedes the section holding them."""
    offered: dict[int, list[Line]] = {}
    for line in strays:
        holder = next(
            (n for n, s in enumerate(sections) if s.start_line <= line.no <= s.end_line), None
        )
        if holder is None or holder == 0:
            continue
        target = holder - 1
        if (
            sections[target].key is SectionKind.EDUCATION
            or sections[target].key in EXPERIENCE_KINDS
        ):
            offered.setdefault(target, []).append(line)
    return offered
