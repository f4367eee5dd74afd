"""The record of one CV, assembled from what the stages found: the source, the sections with
their line spans, every entry, the counts and the warnings; and the record of a CV whose
parsing failed on a bug. Every text field is given back in the script the CV was printed in
(:func:`restore_printed_text`).
"""

from __future__ import annotations

import functools
from typing import cast

from pydantic import BaseModel

from bilingual_cv.clean import CleanText, Unfolder
from bilingual_cv.entries.labels import LABEL_START_RE
from bilingual_cv.entries.person import split_interests
from bilingual_cv.io.readers import SourceText
from bilingual_cv.lang.detect import detect_language, document_language
from bilingual_cv.lang.headings import heading_table, match_heading
from bilingual_cv.lines import RawSection
from bilingual_cv.schema import (
    CV,
    DocLang,
    Item,
    Publication,
    Section,
    SectionKind,
    Source,
    Stats,
    Warning,
    WarningCode,
)
from bilingual_cv.sections.route import SectionResult


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
    cv = CV(
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
        warnings=sorted(with_line_text(warnings, cleaned), key=lambda w: (w.line or 0, w.code)),
    )
    if not looks_like_cv(cv):
        cv = cv.model_copy(update={"warnings": [*cv.warnings, not_a_cv_warning()]})
    return cv


#: A warning's ``text`` keeps at most this many characters of its line.
MAX_WARNING_TEXT = 500


def with_line_text(warnings: list[Warning], cleaned: CleanText) -> list[Warning]:
    """The warnings, each about one line given that line's text (the report shows it: the
    line numbers point into the cleaned text, which a reader never sees)."""
    texts = {line.no: line.text for line in cleaned.lines}
    found: list[Warning] = []
    for warning in warnings:
        text = texts.get(warning.line) if warning.line is not None else None
        if text is None or warning.text is not None or not text.strip():
            found.append(warning)
            continue
        cut = text.strip()
        if len(cut) > MAX_WARNING_TEXT:
            cut = cut[: MAX_WARNING_TEXT - 1] + "…"
        found.append(warning.model_copy(update={"text": cut}))
    return found


#: Sections that say nothing about a document being a CV: the unlabeled top block and
#: headings of no known kind.
NOT_CV_SECTIONS = frozenset({SectionKind.PROFILE, SectionKind.OTHER})


def looks_like_cv(cv: CV) -> bool:
    """Whether a record has an owner (a name, an e-mail or a phone), a CV section or an entry.

    A README, a cover letter or a report left in the folder has none of them; a CV that lost
    its headings still has its owner, and one without a name still has its entries.

    >>> from bilingual_cv.schema import Person, Source
    >>> bare = CV(source=Source(sha256="0" * 64), language="en")
    >>> looks_like_cv(bare), looks_like_cv(bare.model_copy(update={"person": Person(name="Ann Lee")}))
    (False, True)
    """
    person = cv.person
    if person.name or person.name_zh or person.inferred_name or person.emails or person.phones:
        return True
    if any(section.key not in NOT_CV_SECTIONS for section in cv.sections):
        return True
    lists = (
        cv.education, cv.experience, cv.research_experience, cv.publications, cv.awards,
        cv.talks, cv.teaching, cv.service, cv.mentoring, cv.skills, cv.projects, cv.grants,
    )  # fmt: skip
    return any(lists)


def not_a_cv_warning() -> Warning:
    """The ``not_a_cv`` warning of a record with no owner, no CV section and no entry."""
    return Warning(
        code=WarningCode.NOT_A_CV,
        message="no owner (name, e-mail or phone), no CV section and no entry were found: "
        "this document does not look like a CV",
        line=None,
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
        ],
        [s.heading for s in raw_sections if s.heading],
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
_CODE_FIELDS = frozenset(
    {"key", "lang", "kind", "degree", "code", "format", "script", "rank", "severity"}
)


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
