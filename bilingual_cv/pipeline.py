"""parse(): every stage a CV goes through, in order: :data:`STAGES`, each a named function
of the parse so far (:class:`Parse`).

read (``io/``, before the stages: bytes to text) ->
clean (``clean/``: what extraction left) ->
find sections (``sections/``: each candidate heading line routed by its script to its
language's heading lexicon and segmenter) ->
detect languages (``lang/``: each section's language) ->
settle keys (a section's kind by what it holds) ->
find the owner ->
parse entries (each section to the parser of its kind: ``entries/``, ``publications/``) ->
name venues (one short name per venue) ->
rank venues (``venues/``: CCF ranks, claims checked) ->
count (``stats``) ->
build the record (``record``) ->
restore the script the CV was printed in.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from bilingual_cv.clean import CleanText, Unfolder, clean_text
from bilingual_cv.entries.person import parse_person
from bilingual_cv.errors import (
    BilingualCVError,
    EmptyInputError,
    ResourceLimitError,
    UnsupportedFormatError,
)
from bilingual_cv.io.limits import DEFAULT_LIMITS, Limits
from bilingual_cv.io.readers import SourceText, read_bytes_source, read_source
from bilingual_cv.lang.detect import detect_section_languages
from bilingual_cv.lines import RawSection
from bilingual_cv.publications.rank import rank_venues
from bilingual_cv.record import build_cv, build_failed_cv, reader_warnings, restore_printed_text
from bilingual_cv.schema import CV, CcfEdition, Person, Publication, SectionKind, Stats, Warning
from bilingual_cv.sections.route import SectionResult, parse_section_entries, settle_keys
from bilingual_cv.sections.split import split_sections
from bilingual_cv.stats import build_stats
from bilingual_cv.venues import share_short_names

#: The CCF edition used when the caller names none: the latest list.
DEFAULT_CCF_EDITION = CcfEdition.E2026


@dataclass(frozen=True, slots=True)
class Parse:
    """What the stages know of one CV so far; each stage returns it with its part added."""

    source: SourceText
    edition: CcfEdition
    cleaned: CleanText = field(default_factory=lambda: CleanText((), "latin", False))
    sections: tuple[RawSection, ...] = ()
    person: Person = field(default_factory=Person)
    entries: SectionResult = field(default_factory=lambda: SectionResult(person=Person()))
    publications: tuple[Publication, ...] = ()
    stats: Stats = field(default_factory=Stats)
    warnings: tuple[Warning, ...] = ()
    cv: CV | None = None


def clean(p: Parse) -> Parse:
    """The text without what extraction left, as lines with their markup."""
    return replace(p, cleaned=clean_text(p.source.text, _is_compound))


def find_sections(p: Parse) -> Parse:
    """The document cut at its headings."""
    sections, warnings = split_sections(p.cleaned.lines)
    return replace(p, sections=tuple(sections), warnings=(*reader_warnings(p.source), *warnings))


def detect_languages(p: Parse) -> Parse:
    """Each section with the language of its body."""
    return replace(p, sections=tuple(detect_section_languages(p.sections)))


def settle_section_keys(p: Parse) -> Parse:
    """A section's kind settled by what it holds (degrees under an experience heading)."""
    return replace(p, sections=tuple(settle_keys(list(p.sections))))


def find_owner(p: Parse) -> Parse:
    """The owner, from the unlabeled top block and any contact section."""
    top = next((s for s in p.sections if s.key is SectionKind.PROFILE and s.heading is None), None)
    contacts = "\n".join(
        s.text for s in p.sections if s.key is SectionKind.PROFILE and s.heading is not None
    )
    return replace(p, person=parse_person(top.lines if top else (), contacts, p.cleaned.lines))


def parse_entries(p: Parse) -> Parse:
    """Each section's entries, by the parser of its kind."""
    entries = parse_section_entries(list(p.sections), p.person, p.edition)
    return replace(
        p,
        entries=entries,
        publications=tuple(entries.publications),
        warnings=(*p.warnings, *entries.warnings),
    )


def name_venues(p: Parse) -> Parse:
    """One short name per venue: the one the CV gives it elsewhere."""
    return replace(p, publications=tuple(share_short_names(list(p.publications))))


def rank(p: Parse) -> Parse:
    """Every venue's CCF rank in the edition asked for; the CV's own claims checked."""
    publications, warnings = rank_venues(list(p.publications), p.edition)
    return replace(p, publications=tuple(publications), warnings=(*p.warnings, *warnings))


def count(p: Parse) -> Parse:
    """The counts: publications by kind and rank, first-authored ones."""
    return replace(p, stats=build_stats(list(p.publications)))


def build_record(p: Parse) -> Parse:
    """The record of the CV."""
    cv = build_cv(
        p.source,
        p.cleaned,
        list(p.sections),
        p.entries,
        list(p.publications),
        p.stats,
        list(p.warnings),
    )
    return replace(p, cv=cv)


def restore_script(p: Parse) -> Parse:
    """Every text field in the characters the CV printed (Traditional stays Traditional)."""
    if p.cv is None or not p.cleaned.folded:
        return p
    return replace(p, cv=restore_printed_text(p.cv, Unfolder(p.cleaned)))


#: The stages, in order.
STAGES: tuple[Callable[[Parse], Parse], ...] = (
    clean,
    find_sections,
    detect_languages,
    settle_section_keys,
    find_owner,
    parse_entries,
    name_venues,
    rank,
    count,
    build_record,
    restore_script,
)


def run(source: SourceText, edition: CcfEdition) -> CV:
    """The record of ``source``: every stage, in order."""
    state = Parse(source, edition)
    for stage in STAGES:
        state = stage(state)
    assert state.cv is not None  # build_record made it
    return state.cv


def _is_compound(word: str) -> bool:
    """A hyphen-broken word that is one known name when joined (``Mobi-`` + ``Com``)."""
    from bilingual_cv.venues import describe_venue

    match = describe_venue(word)
    return match is not None and (match.abbr or "").casefold() == word.casefold()


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
        return run(source, edition)
    except BilingualCVError:
        raise
    except Exception as exc:  # noqa: BLE001 - the last guard: a bug costs a warning, not the CV
        return build_failed_cv(source, exc)


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
