"""Publications built from a CV's publication and patent sections.

:func:`build_publication` makes a Publication of one entry's parts (venue recognized, kind
decided, year found; a warning for an entry with no title or one too long to be one), and
:func:`parse_publications` runs split, fields, build and owner over every section.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from bilingual_cv.lang import route
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lines import Line, RawEntry, RawSection
from bilingual_cv.publications.fields import parse_parts
from bilingual_cv.publications.kind import decide_kind, kind_hint, section_kind
from bilingual_cv.publications.owner import owner_keys, owner_position
from bilingual_cv.publications.parts import Parts
from bilingual_cv.publications.roles import find_legend, owner_roles
from bilingual_cv.publications.split import split_entries
from bilingual_cv.publications.venue_text import (
    CLAIM_RE,
    claimed_tiers,
    tag_short_name,
    venue_query,
    venue_short_name,
    written_venue,
)
from bilingual_cv.publications.year import find_year
from bilingual_cv.schema import (
    AbbrSource,
    CcfRank,
    Lang,
    OwnerRole,
    Person,
    Publication,
    PublicationKind,
    SectionKind,
    Venue,
    Warning,
    WarningCode,
)
from bilingual_cv.venues import Edition, describe_venue
from bilingual_cv.venues.initials import derived_acronym

_SENTENCE_BREAK_RE = re.compile(r"[a-z]{2}\.\s+[A-Z]")
#: An entry whose author list is a long dash (``[10] ——, "Title,"``): bibliography styles
#: (IEEEtran, AMS, APA) print one for "the same authors as the entry before".
_SAME_AUTHORS_RE = re.compile(
    r"\s*(?:(?:[\[(]?\d{1,4}[\]).]\s*)?(?:[\u2014\u2015]{2,}|\u2013{3,}|-{3,}|_{3,})\s*[,.:]{0,2}"
    # a number, then a bare comma or stop: the rule a style drew for the dash left no text
    r"|\[\d{1,4}\]\s*[,.])\s+(?=[^\W\d_]|[\"“'‘])"
)
#: Kinds whose venue text names no venue of their own.
_UNNAMED_KINDS = frozenset({PublicationKind.PATENT, PublicationKind.PREPRINT})


#: A publication entry longer than this is likely several entries read as one (the longest of
#: the real CVs measured is about 400 characters; one with its abstract, under 2,000).
MAX_ENTRY_CHARS = 3000


def same_authors(parts: Parts, before: Parts, text: str) -> Parts:
    """``parts`` with the author list of the entry ``before`` when ``text`` writes its author
    list as a long dash (the bibliography style's "same authors as above").

    >>> one = Parts(title="Toy caching", authors=["A. Roe", "B. Poe"], bold_authors=[0])
    >>> same_authors(Parts(title="Toy paging"), one, "[2] ——, “Toy paging,” Toy J., 2020.").authors
    ['A. Roe', 'B. Poe']
    >>> same_authors(Parts(title="Toy paging"), one, "[2]\t, Toy paging, Toy J., 2020.").authors
    ['A. Roe', 'B. Poe']
    >>> same_authors(Parts(title="Toy paging"), one, "[2] “Toy paging,” Toy J., 2020.").authors
    []
    """
    if not before.authors or not _SAME_AUTHORS_RE.match(text):
        return parts
    if any(any(ch.isalnum() for ch in name) for name in parts.authors):
        return parts  # names after the dash: read as written
    return replace(parts, authors=list(before.authors), bold_authors=list(before.bold_authors))


def build_publication(
    entry: RawEntry, parts: Parts, hint: PublicationKind | None, edition: Edition
) -> tuple[Publication, list[Warning]]:
    """A Publication from its parts: the venue recognized and the kind decided. Ranks come
    later, from :func:`bilingual_cv.publications.rank.rank_venues`."""
    warnings: list[Warning] = []
    raw = entry.text
    claim = CLAIM_RE.search(raw)
    match = None
    venue_text = parts.venue
    if venue_text and hint is not PublicationKind.PATENT:
        match = describe_venue(venue_query(venue_text), edition, kind_hint=kind_hint(hint))
    kind = decide_kind(parts, match, hint, raw)
    name, abbr = (match.name, match.abbr) if match else (None, None)
    source: AbbrSource | None = None
    if match is not None and abbr is not None:
        known = match.method is not None or match.venue_id is not None
        source = "catalog" if known else "printed"
    if (match is None or match.venue_id is None) and kind not in _UNNAMED_KINDS:
        written_name, written_abbr = written_venue(venue_text) if venue_text else (None, None)
        if (
            name is None
            or _SENTENCE_BREAK_RE.search(name)  # a name is one sentence
            or written_name is not None
            and name.startswith(written_name)  # "Journal of Toys, Mar": a cleaner cut
        ):
            name = written_name or name
        if abbr is None:
            abbr = (
                venue_short_name(venue_text or "")
                or written_abbr
                or tag_short_name(parts.venue_tag)
            )
            source = "printed" if abbr else None
        if abbr is None and name is not None and (match is None or match.method is None):
            # no catalog knows the venue, the text gives no short name: its initials, for the
            # name shapes where they are the catalogs' abbreviation (bench/venue_initials.py)
            abbr = derived_acronym(name)
            source = "initials" if abbr else None
    venue = Venue(
        raw=parts.venue_printed or venue_text,
        name=name,
        abbr=abbr,
        abbr_source=source,
        track=match.track if match else None,
    )
    if parts.title is None:
        warnings.append(
            Warning(
                code=WarningCode.PUBLICATION_UNPARSED,
                message=f"no title found in {raw[:80]!r}",
                line=entry.first_line,
            )
        )
    if len(raw) > MAX_ENTRY_CHARS:
        warnings.append(
            Warning(
                code=WarningCode.ENTRY_TOO_LONG,
                message=(
                    f"a publication entry of {len(raw):,} characters on {len(entry.lines)} lines,"
                    f" likely several read as one: {raw[:80]!r}"
                ),
                line=entry.first_line,
            )
        )
    lang: Lang = "zh" if parts.title and CJK_RE.search(parts.title) else entry.lang
    publication = Publication(
        title=parts.title,
        authors=parts.authors,
        venue=venue,
        year=find_year(parts, raw) or entry.group_year,
        kind=kind,
        claimed_ccf=CcfRank(claim.group(1).upper()) if claim else None,
        claimed_tier=claimed_tiers(raw),
        section=entry.section,
        notes=parts.notes,
        lang=lang,
        raw=raw,
        line=entry.first_line or None,
    )
    return publication, warnings


def _is_bare(parts: Parts, text: str) -> bool:
    """The entry has no author list, no venue and no year: a remark, or a title alone."""
    return not parts.authors and parts.venue is None and find_year(parts, text) is None


#: A title alone is at least this many words (spaced scripts) or characters (Chinese).
MIN_BARE_TITLE_WORDS = 4
MIN_BARE_TITLE_CHARS = 8
MAX_BARE_TITLE_WORDS = 30


def _reads_as_title(title: str | None) -> bool:
    """A line that can be a paper's title by itself: long enough, opening with a letter or
    a Han character, not a remark's ``*``, ``(`` or a label's closing colon.

    >>> _reads_as_title("Effects of toy additions on paper kites"), _reads_as_title("(* equal contribution)")
    (True, False)
    >>> _reads_as_title("纸风筝低温升力特性的研究"), _reads_as_title("Selected papers:")
    (True, False)
    """
    text = (title or "").strip()
    if not text or not text[0].isalpha() or text.endswith((":", "：", ".", "。")):
        return False  # a label, or a sentence ("共发表 33 篇论文。")
    if _SENTENCE_BREAK_RE.search(text) or "et al" in text:
        return False  # a citation the parser could not read, not a title alone
    if route(text).spaced:
        return MIN_BARE_TITLE_WORDS <= len(text.split()) <= MAX_BARE_TITLE_WORDS
    return len(text) >= MIN_BARE_TITLE_CHARS


def _with_sole_authors(entries: Sequence[RawEntry], read: list[Parts]) -> list[Parts]:
    """``read`` with the entries that found no authors read again, knowing the names the
    other entries' author lists hold: a name alone on an entry's first lines ("Ann Lee" /
    "Fast Toys" / "NSDI 2023") is a sole author, the owner above all, when other entries
    name it too; by itself it reads as a short title.

    Only entries that hold one of those names as written are read again.
    """
    missing = [i for i, parts in enumerate(read) if not parts.authors and len(entries[i].lines) > 1]
    if not missing:
        return read
    names = frozenset(author for parts in read for author in parts.authors if len(author) > 1)
    for i in missing:
        if any(_name_opening(line.text) in names for line in entries[i].lines[:_NAME_LINES]):
            read[i] = parse_parts(entries[i], names)
    return read


#: A sole author's line is one of an entry's first lines (after a title line or a tag).
_NAME_LINES = 3
#: A bullet, a number or marks around a name that opens a line.
_NAME_MARKS = " \t•·-–*†‡#✉[]()0123456789"


def _name_opening(text: str) -> str:
    """The words of a line before its first full stop, marks and numbering left out: the
    name of an ``Ann Lee*`` or ``Ann Lee. NSDI 2023.`` line.

    >>> _name_opening("- Ann Lee*"), _name_opening("Ann Lee. NSDI 2023.")
    ('Ann Lee', 'Ann Lee')
    """
    return text.strip(_NAME_MARKS).split(".", 1)[0].strip(_NAME_MARKS)


def parse_publications(
    sections: Sequence[RawSection], person: Person, edition: Edition
) -> tuple[list[Publication], list[Warning], list[Line]]:
    """Every entry of every publication and patent section, in document order.

    Also returns the lines that belong to no entry (a date or an ``Advisor:`` line that a
    PDF extractor moved into the list), for the caller to place or report.
    """
    publications: list[Publication] = []
    all_parts: list[Parts] = []
    legends: list[dict[str, OwnerRole]] = []
    warnings: list[Warning] = []
    all_strays: list[Line] = []
    for section in sections:
        hint = section_kind(section)
        legend = find_legend(
            [section.parent or "", section.heading or "", *(line.text for line in section.lines)]
        )
        entries, strays = split_entries(section)
        all_strays.extend(strays)
        before: Parts | None = None  # the entry before, in this section
        read = _with_sole_authors(entries, [parse_parts(entry) for entry in entries])
        bare = [_is_bare(parts, entry.text) for parts, entry in zip(read, entries, strict=True)]
        # a list of papers by their titles alone: its lines are its papers
        titles_only = section.key is SectionKind.PUBLICATIONS and all(bare)
        for entry, parts, is_bare in zip(entries, read, bare, strict=True):
            if before is not None:
                parts = same_authors(parts, before, entry.text)
            before = parts
            if (
                not parts.authors
                and parts.label_kind is None
                and (
                    (is_bare and not (titles_only and _reads_as_title(parts.title)))
                    or not any(map(str.isalpha, parts.title or ""))
                )
            ):
                # a remark such as "(* corresponding author)", or a title that would be a year
                # only ("Google Scholar Citation 0. 2018."); an item its kind label opens
                # ("软著：玩具调度平台") is one, dated or not
                all_strays.extend(entry.lines)
                continue
            publication, entry_warnings = build_publication(entry, parts, hint, edition)
            publications.append(publication)
            all_parts.append(parts)
            legends.append(legend)
            warnings.extend(entry_warnings)
    names = owner_keys(person, publications)
    placed = []
    for publication, parts, legend in zip(publications, all_parts, legends, strict=True):
        position = owner_position(parts, names)
        roles = owner_roles(parts, publication.raw, position, legend)
        placed.append(
            publication.model_copy(update={"owner_position": position, "owner_roles": roles})
        )
    return placed, warnings, all_strays
