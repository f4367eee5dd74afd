"""parse_text(): every step a CV goes through, in order, each a named function.

read_source -> clean_text -> split_sections -> detect_language (per section)
-> parse_person -> parse entries per section kind -> annotate venues -> build_cv
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from bilingual_cv.detect import detect_language, document_language
from bilingual_cv.errors import EmptyInputError, InputError
from bilingual_cv.headings import split_sections
from bilingual_cv.io.readers import SourceText, read_bytes_source, read_source
from bilingual_cv.lines import RawSection
from bilingual_cv.normalize import CJK_RE, Unfolder, clean_text
from bilingual_cv.person import parse_person, split_interests
from bilingual_cv.schema import (
    CV,
    CcfEdition,
    Section,
    SectionKind,
    Source,
    Warning,
    WarningCode,
)
from bilingual_cv.sections import SectionResult, parse_section_entries

#: Suffixes that make a one-line string a path rather than CV text.
PATH_SUFFIXES = (".txt", ".md", ".markdown", ".pdf", ".docx", ".html", ".htm")
#: The CCF edition used when the caller names none: the latest list.
DEFAULT_CCF_EDITION = CcfEdition.E2026


def _is_compound(word: str) -> bool:
    """A hyphen-broken word that is one known name when joined (``Mobi-`` + ``Com``)."""
    from bilingual_cv.ccf import describe_venue

    match = describe_venue(word)
    return match is not None and (match.abbr or "").casefold() == word.casefold()


def detect_sections(sections: list[RawSection]) -> list[RawSection]:
    """Give each section the language of its body (of its heading when the body is empty)."""
    out: list[RawSection] = []
    for section in sections:
        body = section.text if section.text.strip() else (section.heading or "")
        lang = detect_language(body).lang
        out.append(
            RawSection(
                section.key,
                section.heading,
                section.start_line,
                section.end_line,
                section.lines,
                lang,
                section.parent,
            )
        )
    return out


def _contact_text(sections: list[RawSection]) -> str:
    return "\n".join(
        s.text for s in sections if s.key is SectionKind.PROFILE and s.heading is not None
    )


def build_source(source: SourceText, script: str, folded: bool) -> Source:
    return Source(
        path=source.path,
        sha256=source.sha256,
        format=source.format,
        encoding=source.encoding,
        script=script,
        folded=folded,
        pages=source.pages,
    )


def parse_source(source: SourceText, *, ccf_edition: str | int = DEFAULT_CCF_EDITION) -> CV:
    """Parse decoded text into a CV. Pure: the same source always gives the same CV."""
    check_edition(ccf_edition)
    if not source.text.strip():
        raise EmptyInputError(f"{source.path or '<text>'}: empty input")
    cleaned = clean_text(source.text, _is_compound)
    raw_sections, warnings = split_sections(cleaned.lines)
    raw_sections = detect_sections(raw_sections)
    top = next(
        (s for s in raw_sections if s.key is SectionKind.PROFILE and s.heading is None), None
    )
    person = parse_person(
        top.lines if top else cleaned.lines[:0], _contact_text(raw_sections), cleaned.lines
    )
    interests: list[str] = []
    for section in raw_sections:
        if section.key is SectionKind.RESEARCH_INTERESTS:
            interests.extend(split_interests(section.text))
    result: SectionResult = parse_section_entries(raw_sections, person, check_edition(ccf_edition))
    language = document_language(
        [(s.lang, (s.heading or "") + "\n" + s.text) for s in raw_sections]
    )
    origin = {line.no: line.origin for line in cleaned.lines}  # cleaned line -> input line
    sections = [
        Section(
            key=s.key,
            heading=s.heading,
            lang=s.lang,
            start_line=s.start_line,
            end_line=s.end_line,
            parent=s.parent,
            source_start_line=origin.get(s.start_line),
            source_end_line=origin.get(s.end_line),
        )
        for s in raw_sections
    ]
    all_warnings: list[Warning] = [*warnings, *result.warnings]
    if not sections:
        all_warnings.append(
            Warning(
                code=WarningCode.NO_SECTIONS, message="no section heading was recognised", line=None
            )
        )
    cv = CV(
        source=build_source(source, cleaned.script, cleaned.folded),
        language=language,
        person=result.person,
        sections=sections,
        research_interests=interests,
        education=result.education,
        experience=result.experience,
        research_experience=result.research_experience,
        publications=result.publications,
        awards=result.awards,
        talks=result.items.get(SectionKind.TALKS, []),
        teaching=result.items.get(SectionKind.TEACHING, []),
        service=result.items.get(SectionKind.SERVICE, []),
        mentoring=result.items.get(SectionKind.MENTORING, []),
        skills=result.items.get(SectionKind.SKILLS, []),
        projects=result.items.get(SectionKind.PROJECTS, []),
        grants=result.items.get(SectionKind.GRANTS, []),
        other=result.items.get(SectionKind.OTHER, []),
        stats=result.stats,
        warnings=sorted(all_warnings, key=lambda w: (w.line or 0, w.code)),
    )
    return restore_printed_text(cv, Unfolder(cleaned)) if cleaned.folded else cv


#: Fields whose values are codes of this package, never text from the CV.
_CODE_FIELDS = frozenset({"key", "lang", "kind", "degree", "code", "format", "script", "rank"})


def restore_printed_text(cv: CV, unfold: Unfolder) -> CV:
    """The CV with every text field in the characters the CV printed (Traditional stays
    Traditional); matching ran on the folded copy."""

    def walk(value: object, field: str = "") -> object:
        if isinstance(value, str):
            return value if field in _CODE_FIELDS else unfold(value)
        if isinstance(value, list):
            return [walk(item, field) for item in value]
        if isinstance(value, dict):
            return {key: walk(item, key) for key, item in value.items()}
        return value

    return CV.model_validate(walk(cv.model_dump(mode="json")))


def parse_text(text: str, *, ccf_edition: str | int = DEFAULT_CCF_EDITION) -> CV:
    """Parse CV text given as a string."""
    source = SourceText(
        text=text, sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(), encoding=None
    )
    return parse_source(source, ccf_edition=ccf_edition)


def parse_file(path: str | os.PathLike[str], *, ccf_edition: str | int = DEFAULT_CCF_EDITION) -> CV:
    """Parse a CV file (.txt, .md, .pdf, .docx, .html)."""
    return parse_source(read_source(Path(path)), ccf_edition=ccf_edition)


def parse(
    source: str | bytes | os.PathLike[str], *, ccf_edition: str | int = DEFAULT_CCF_EDITION
) -> CV:
    """Parse a CV from text, a path or bytes.

    A ``str`` is a path when it is one line that names an existing file or ends in a CV
    file suffix; otherwise it is the CV's text.

    Raises:
        InputError: the source is empty, unreadable or undecodable.
    """
    check_edition(ccf_edition)
    if isinstance(source, bytes):
        return parse_source(read_bytes_source(source), ccf_edition=ccf_edition)
    if isinstance(source, os.PathLike):
        return parse_file(source, ccf_edition=ccf_edition)
    if isinstance(source, str):
        if _looks_like_path(source):
            return parse_file(source, ccf_edition=ccf_edition)
        return parse_text(source, ccf_edition=ccf_edition)
    raise InputError(f"cannot parse a {type(source).__name__}: pass text, a path or bytes")


def _looks_like_path(text: str) -> bool:
    if (
        "\n" in text
        or len(text) > 4096
        or CJK_RE.search(text)
        and not text.lower().endswith(PATH_SUFFIXES)
    ):
        return False
    stripped = text.strip()
    if stripped.lower().endswith(PATH_SUFFIXES):
        return True
    try:
        return Path(stripped).is_file()
    except OSError:
        return False


def check_edition(edition: str | int) -> CcfEdition:
    """The CCF edition asked for (``2022``, ``"2022"`` or a :class:`CcfEdition`), or
    ValueError for one we do not have.

    >>> check_edition(2022), check_edition("2026")
    (<CcfEdition.E2022: '2022'>, <CcfEdition.E2026: '2026'>)
    """
    try:
        return CcfEdition(str(edition).strip())
    except ValueError:
        known = ", ".join(repr(e.value) for e in CcfEdition)
        raise ValueError(f"unknown CCF edition {edition!r}: use one of {known}") from None
