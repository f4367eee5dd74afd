"""Route each section to the parser of its kind and gather the typed entries."""

from __future__ import annotations

from dataclasses import dataclass, field

from bilingual_cv.entries.education import parse_education
from bilingual_cv.entries.experience import parse_experience
from bilingual_cv.entries.items import parse_award, parse_item
from bilingual_cv.lines import RawSection
from bilingual_cv.publications import build_stats, inferred_owner_name, parse_publications
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
from bilingual_cv.segment import split_items

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


def parse_section_entries(sections: list[RawSection], person: Person, edition: str) -> SectionResult:
    """Parse every section into entries of its kind; the owner is needed for author positions."""
    result = SectionResult(person=person)
    publication_sections: list[RawSection] = []
    for section in sections:
        key = section.key
        if key is SectionKind.EDUCATION:
            education, warnings = parse_education(section)
            result.education.extend(education)
            result.warnings.extend(warnings)
        elif key is SectionKind.EXPERIENCE:
            experience, warnings = parse_experience(section, ExperienceKind.WORK)
            result.experience.extend(experience)
            result.warnings.extend(warnings)
        elif key is SectionKind.RESEARCH_EXPERIENCE:
            experience, warnings = parse_experience(section, ExperienceKind.RESEARCH)
            result.research_experience.extend(experience)
            result.warnings.extend(warnings)
        elif key in (SectionKind.PUBLICATIONS, SectionKind.PATENTS):
            publication_sections.append(section)
        elif key is SectionKind.AWARDS:
            entries = split_items(section.lines, section.lang, section.heading)
            result.awards.extend(parse_award(entry) for entry in entries)
        elif key in ITEM_KEYS:
            entries = split_items(section.lines, section.lang, section.heading)
            result.items.setdefault(key, []).extend(parse_item(entry) for entry in entries)
    if publication_sections:
        publications, warnings, strays = parse_publications(publication_sections, person, edition)
        result.publications = publications
        result.warnings.extend(warnings)
        for line in strays:
            result.warnings.append(
                Warning(code="stray_line", message=f"line outside any publication entry: {line.text!r}", line=line.no)
            )
        if person.name is None and person.name_zh is None:
            result.person = person.model_copy(update={"inferred_name": inferred_owner_name(publications)})
    result.stats = build_stats(result.publications)
    return result
