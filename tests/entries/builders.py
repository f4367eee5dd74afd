"""Education and experience sections built from self-written fragments, and the entries of
the résumé templates in ``tests/entries/cases/`` (fictional), for the entries tests."""

from __future__ import annotations

from pathlib import Path

from bilingual_cv import parse_file
from bilingual_cv.clean import clean_text
from bilingual_cv.entries.experience import parse_experience
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import ExperienceKind, Lang, SectionKind

CASES_DIR = Path(__file__).resolve().parent / "cases"


def education_section(text: str, lang: Lang = "en", first_line: int = 1) -> RawSection:
    lines = tuple(
        Line(first_line + n, x.text, x.origin, x.md_level, x.bold, x.bullet, x.italic)
        for n, x in enumerate(clean_text(text).lines)
    )
    return RawSection(
        SectionKind.EDUCATION, "Education", first_line, first_line + len(lines), lines, lang
    )


def template_education(
    name: str,
) -> list[tuple[str | None, str, str | None, str | None, str | None, bool]]:
    cv = parse_file(CASES_DIR / name)
    return [
        (e.institution, e.degree.value, e.field, e.start, e.end, e.expected) for e in cv.education
    ]


def experience_section(
    text: str, lang: Lang = "en", key: SectionKind = SectionKind.EXPERIENCE
) -> RawSection:
    lines = clean_text(text).lines
    return RawSection(key, "Experience", 1, len(lines), lines, lang)


def experience_rows(
    text: str, lang: Lang = "en"
) -> list[tuple[str | None, str | None, str | None, str | None, str]]:
    entries, _ = parse_experience(experience_section(text, lang), ExperienceKind.WORK)
    return [(e.organization, e.title, e.start, e.end, e.kind.value) for e in entries]


def template_experience(
    name: str,
) -> list[tuple[str | None, str | None, str | None, str | None, str | None]]:
    cv = parse_file(CASES_DIR / name)
    return [(e.organization, e.title, e.location, e.start, e.end) for e in cv.experience]
