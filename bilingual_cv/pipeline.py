"""parse(): every step a CV goes through, in order, each a named function.

read_source (io/) -> clean_text -> split_sections -> detect_sections (language per section)
-> settle_keys (an experience heading over degrees is education) -> find_person -> parse_section_entries (each section to the parser of its kind)
-> share_short_names (one short name per venue) -> rank_venues (CCF) -> build_stats -> build_cv -> restore_printed_text (Traditional stays)
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import cast

from pydantic import BaseModel

from bilingual_cv.clean.normalize import CleanText, Unfolder, clean_text
from bilingual_cv.entries.labels import LABEL_START_RE
from bilingual_cv.entries.person import parse_person, split_interests
from bilingual_cv.errors import (
    BilingualCVError,
    EmptyInputError,
    ResourceLimitError,
    UnsupportedFormatError,
)
from bilingual_cv.io.limits import DEFAULT_LIMITS, Limits
from bilingual_cv.io.readers import SourceText, read_bytes_source, read_source
from bilingual_cv.lang.detect import detect_language, document_language
from bilingual_cv.lines import RawSection
from bilingual_cv.schema import (
    CV,
    CcfEdition,
    DocLang,
    Item,
    Person,
    Publication,
    Section,
    SectionKind,
    Source,
    Stats,
    Warning,
    WarningCode,
)
from bilingual_cv.sections.headings import heading_table, match_heading, split_sections
from bilingual_cv.sections.route import SectionResult, parse_section_entries, settle_keys
from bilingual_cv.stats import build_stats
from bilingual_cv.venues import share_short_names
from bilingual_cv.venues.ranks import rank_venues

#: The CCF edition used when the caller names none: the latest list.
DEFAULT_CCF_EDITION = CcfEdition.E2026


def _is_compound(word: str) -> bool:
    """A hyphen-broken word that is one known name when joined (``Mobi-`` + ``Com``)."""
    from bilingual_cv.venues import describe_venue

    match = describe_venue(word)
    return match is not None and (match.abbr or "").casefold() == word.casefold()


def detect_sections(sections: list[RawSection]) -> list[RawSection]:
    """Give each section the language of its body (of its heading when the body is empty)."""
    out: list[RawSection] = []
    for section in sections:
        body = section.text
        lang = detect_language(body if body.strip() else (section.heading or "")).lang
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
    """Parse decoded text into a CV: every stage, in order. Pure: the same source always
    gives the same CV.

    A fault of this package inside a CV (a bug) never escapes as a traceback: the record
    keeps the CV's text and says what failed, in an ``internal_error`` warning.
    """
    edition = check_edition(ccf_edition)
    if not source.text.strip():
        raise EmptyInputError(f"{source.path or '<text>'}: empty input")
    try:
        return _parse_stages(source, edition)
    except BilingualCVError:
        raise
    except Exception as exc:  # noqa: BLE001 - the last guard: a bug costs a warning, not the CV
        return build_failed_cv(source, exc)


def _parse_stages(source: SourceText, edition: CcfEdition) -> CV:
    cleaned = clean_text(source.text, _is_compound)  # 1. clean what extraction left
    raw_sections, heading_warnings = split_sections(cleaned.lines)  # 2. cut at headings
    raw_sections = settle_keys(detect_sections(raw_sections))  # 3. language; keys bodies settle
    person = find_person(raw_sections, cleaned)  # 4. the owner
    entries = parse_section_entries(raw_sections, person, edition)  # 5. entries of each kind
    publications = share_short_names(entries.publications)  # 6. one short name per venue
    publications, rank_warnings = rank_venues(publications, edition)  # 7. CCF ranks
    stats = build_stats(publications)  # 8. the counts
    cv = build_cv(
        source,
        cleaned,
        raw_sections,
        entries,
        publications,
        stats,
        [*reader_warnings(source), *heading_warnings, *entries.warnings, *rank_warnings],
    )
    return restore_printed_text(cv, Unfolder(cleaned)) if cleaned.folded else cv  # 9. script


def reader_warnings(source: SourceText) -> list[Warning]:
    """An ``internal_error`` warning when reading the file met a fault of this package that
    the text was read without (a PDF's layout): the CV is parsed, but say so."""
    if source.reader_error is None:
        return []
    return [
        Warning(
            code=WarningCode.INTERNAL_ERROR,
            message=f"this file's layout (fonts and positions) could not be read "
            f"({source.reader_error}); its plain text was parsed; please report this",
            line=None,
        )
    ]


def find_person(sections: list[RawSection], cleaned: CleanText) -> Person:
    """The owner, from the unlabeled top block and any contact section."""
    top = next((s for s in sections if s.key is SectionKind.PROFILE and s.heading is None), None)
    return parse_person(top.lines if top else (), _contact_text(sections), cleaned.lines)


def build_cv(
    source: SourceText,
    cleaned: CleanText,
    raw_sections: list[RawSection],
    entries: SectionResult,
    publications: list[Publication],
    stats: Stats,
    warnings: list[Warning],
) -> CV:
    """Assemble the record from what the stages found."""
    sections = build_sections(raw_sections, cleaned)
    if not sections:
        warnings = [
            *warnings,
            Warning(
                code=WarningCode.NO_SECTIONS, message="no section heading was recognised", line=None
            ),
        ]
    items = entries.items
    return CV(
        source=build_source(source, cleaned.script, cleaned.folded),
        language=_document_language(raw_sections),
        person=entries.person,
        sections=sections,
        research_interests=_research_interests(raw_sections),
        education=entries.education,
        experience=entries.experience,
        research_experience=entries.research_experience,
        publications=publications,
        awards=entries.awards,
        talks=items.get(SectionKind.TALKS, []),
        teaching=items.get(SectionKind.TEACHING, []),
        service=items.get(SectionKind.SERVICE, []),
        mentoring=items.get(SectionKind.MENTORING, []),
        skills=items.get(SectionKind.SKILLS, []),
        projects=items.get(SectionKind.PROJECTS, []),
        grants=items.get(SectionKind.GRANTS, []),
        other=items.get(SectionKind.OTHER, []),
        stats=stats,
        warnings=sorted(warnings, key=lambda w: (w.line or 0, w.code)),
    )


def build_sections(raw_sections: list[RawSection], cleaned: CleanText) -> list[Section]:
    """The record of each section, its line span given in cleaned and in input lines."""
    origin = {line.no: line.origin for line in cleaned.lines}  # cleaned line -> input line
    return [
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


def _research_interests(raw_sections: list[RawSection]) -> list[str]:
    """Every interest listed in the research-interests sections, in order, and those of a
    labelled line of the top block ("研究方向：分布式系统、网络", "Research interests: ...")."""
    interests: list[str] = []
    for section in raw_sections:
        if section.key is SectionKind.RESEARCH_INTERESTS:
            interests.extend(split_interests(section.text))
        elif section.key is SectionKind.PROFILE and section.heading is None:
            for line in section.lines:
                label = LABEL_START_RE.match(line.text)
                key = match_heading(label.group(1), heading_table()) if label else None
                if label is not None and key is SectionKind.RESEARCH_INTERESTS:
                    interests.extend(split_interests(line.text[label.end() :]))
    return interests


#: Sections whose bodies do not count toward the document's language.
PAPER_LISTS = frozenset({SectionKind.PUBLICATIONS, SectionKind.PATENTS})


def _document_language(raw_sections: list[RawSection]) -> DocLang:
    """The CV's language from its headings and section texts; lists of papers count by their
    heading only: they are in their venues' language, not the CV's."""
    return document_language(
        [
            (s.lang, (s.heading or "") + ("" if s.key in PAPER_LISTS else "\n" + s.text))
            for s in raw_sections
        ]
    )


#: At most this many characters of a CV that could not be parsed are kept in its record.
MAX_KEPT_CHARS = 1_000_000


def build_failed_cv(source: SourceText, exc: Exception) -> CV:
    """The record of a CV whose parsing failed on a bug: its text kept whole (up to
    :data:`MAX_KEPT_CHARS`) as one ``other`` item, and an ``internal_error`` warning."""
    text = source.text[:MAX_KEPT_CHARS]
    return CV(
        source=build_source(source, "latin", False),
        language=detect_language(text[:10_000]).lang,
        other=[Item(text=text, raw=text)],
        warnings=[
            *reader_warnings(source),
            Warning(
                code=WarningCode.INTERNAL_ERROR,
                message=f"this CV could not be parsed ({type(exc).__name__}: {exc}); its text is "
                "kept in other[0]; please report this",
                line=None,
            ),
        ],
    )


#: Fields whose values are codes of this package, never text from the CV.
_CODE_FIELDS = frozenset({"key", "lang", "kind", "degree", "code", "format", "script", "rank"})


@functools.cache
def _text_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model that may hold text of the CV: all but its code fields (a code
    field holds a code or None, never a model or a list)."""
    return tuple(name for name in model.model_fields if name not in _CODE_FIELDS)


def restore_printed_text(cv: CV, unfold: Unfolder) -> CV:
    """The CV with every text field in the characters the CV printed (Traditional stays
    Traditional); matching ran on the folded copy.

    The record is rebuilt only where a text changed: a model with a changed field is copied
    with it (unfolding keeps every character's place, and no field of the schema checks the
    characters of a text, so nothing needs validating again); the rest is shared.
    """

    def walk(value: object, field: str) -> object:
        kind = type(value)
        if kind is str:  # StrEnum members (codes of this package) are not exactly str
            return value if field in _CODE_FIELDS else unfold(cast(str, value))
        if kind is list:
            items = [walk(item, field) for item in cast(list[object], value)]
            same = all(n is o for n, o in zip(items, cast(list[object], value), strict=True))
            return value if same else items
        if isinstance(value, BaseModel):
            changed = {}
            for name in _text_fields(type(value)):
                old = getattr(value, name)
                new = walk(old, name)
                if new is not old:
                    changed[name] = new
            return value.model_copy(update=changed) if changed else value
        if kind is dict:
            pairs = cast(dict[str, object], value)
            entries = {key: walk(item, key) for key, item in pairs.items()}
            return value if all(entries[k] is v for k, v in pairs.items()) else entries
        return value  # a number, a flag, None or a code

    return cast(CV, walk(cv, ""))


def parse_text(text: str, *, ccf_edition: str | int = DEFAULT_CCF_EDITION) -> CV:
    """Parse CV text given as a string (never read as a path)."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    source = SourceText(text=text, sha256=digest, encoding=None)
    return parse_source(source, ccf_edition=ccf_edition)


def parse_file(
    path: str | os.PathLike[str],
    *,
    ccf_edition: str | int = DEFAULT_CCF_EDITION,
    limits: Limits = DEFAULT_LIMITS,
) -> CV:
    """Parse a CV file (.txt, .md, .pdf, .docx, .html), within the resource ``limits``."""
    return parse_source(read_source(Path(path), limits=limits), ccf_edition=ccf_edition)


def parse(
    source: str | bytes | os.PathLike[str],
    *,
    ccf_edition: str | int = DEFAULT_CCF_EDITION,
    limits: Limits = DEFAULT_LIMITS,
) -> CV:
    """Parse a CV from its text (``str``), a file (``pathlib.Path``) or its bytes.

    A ``str`` is always the CV's text, never a path: a service that passes untrusted text
    here cannot be made to read its own files. Give paths as ``pathlib.Path`` or use
    :func:`parse_file`. ``limits`` caps what a hostile input may cost (input bytes, extracted
    characters, PDF pages and streams, unzipped size, nesting); the defaults are
    :data:`bilingual_cv.DEFAULT_LIMITS`, overridable with ``Limits(max_pdf_pages=50, ...)``.

    Raises:
        InputError: the source is empty, unreadable, undecodable, too large (a
            ``ResourceLimitError`` naming its limit) or of a format that is not read.
            Nothing else leaves: what goes wrong inside a CV is a warning in the record.
        ValueError: ``ccf_edition`` names no edition we have.
    """
    check_edition(ccf_edition)
    if isinstance(source, bytes | bytearray | memoryview):
        data = read_bytes_source(bytes(source), limits=limits)
        return parse_source(data, ccf_edition=ccf_edition)
    if isinstance(source, os.PathLike):
        return parse_file(source, ccf_edition=ccf_edition, limits=limits)
    if isinstance(source, str):
        if len(source) > limits.max_text_chars:
            raise ResourceLimitError(
                f"<text>: more than {limits.max_text_chars} characters (limit max_text_chars)",
                limit="max_text_chars",
            )
        return parse_text(source, ccf_edition=ccf_edition)
    raise UnsupportedFormatError(
        f"cannot parse a {type(source).__name__}: pass the text (str), a pathlib.Path or bytes"
    )


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
