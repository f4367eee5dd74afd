"""Education sections built from self-written fragments, and the education entries of the
résumé templates in ``tests/entries/cases/`` (fictional), for the education tests."""

from __future__ import annotations

from pathlib import Path

from bilingual_cv import parse_file
from bilingual_cv.clean import clean_text
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import Lang, SectionKind

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
