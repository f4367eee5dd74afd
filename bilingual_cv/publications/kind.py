"""The kind of a publication (:func:`decide_kind`).

Decided from the section's heading (:func:`section_kind`), the venue match, a GB/T 7714
type code, preprint cues, kind words and the shape of the venue text; and the venue type a
kind expects, to tell apart venues that share an abbreviation (:func:`kind_hint`).
"""

from __future__ import annotations

import re
from functools import cache

from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import (
    lexicon_key,
    load_ccf_markers,
    load_ccf_unranked,
    load_publication_words,
)
from bilingual_cv.lines import RawSection
from bilingual_cv.publications.cues import Cues, kind_words
from bilingual_cv.publications.parts import Parts
from bilingual_cv.publications.venue_text import (
    claimed_tiers,
    is_recognized,
    tag_short_name,
    venue_short_name,
    written_venue,
)
from bilingual_cv.schema import PublicationKind, SectionKind
from bilingual_cv.venues import VenueMatch, VenueType, without_links
from bilingual_cv.venues.cn_journals import find_cn_journal


@cache
def _section_kinds() -> tuple[tuple[str, PublicationKind], ...]:
    return tuple(
        (lexicon_key(k.word), PublicationKind(k.kind))
        for k in load_publication_words().section_kinds
    )


def section_kind(section: RawSection) -> PublicationKind | None:
    """The kind a sub-heading gives its entries (``Workshop Papers`` -> workshop); None for a
    heading that joins two kinds, or a kind and plain papers ("Publications & Preprints":
    each entry says what it is).

    >>> from bilingual_cv.schema import SectionKind
    >>> def kind(heading):
    ...     return section_kind(RawSection(SectionKind.PUBLICATIONS, heading, 1, 1, ()))
    >>> kind("Workshop Papers"), kind("Publications & Preprints"), kind("期刊论文")
    (<PublicationKind.WORKSHOP: 'workshop'>, None, <PublicationKind.JOURNAL: 'journal'>)
    >>> def ip_kind(heading):
    ...     return section_kind(RawSection(SectionKind.PATENTS, heading, 1, 1, ()))
    >>> ip_kind("软件著作权"), ip_kind("专利与软件著作权"), ip_kind("Patents")
    (<PublicationKind.OTHER: 'other'>, <PublicationKind.PATENT: 'patent'>, <PublicationKind.PATENT: 'patent'>)
    """
    kinds = {_part_kind(part) for part in _JOINED_RE.split(section.heading or "") if part.strip()}
    if section.key is SectionKind.PATENTS:
        # a list of software copyrights alone is no patent list ("软件著作权", "Software
        # Copyrights"); one of both ("专利与软著") leaves each item's label to say
        return PublicationKind.OTHER if kinds == {PublicationKind.OTHER} else PublicationKind.PATENT
    return kinds.pop() if len(kinds) == 1 else None


#: What joins two topics in one heading: "&", "and", "/", 及, 与, 和, 、.
_JOINED_RE = re.compile(r"\s*(?:&|\band\b|/|及|与|和|、|，|,)\s*", re.IGNORECASE)


def _part_kind(part: str) -> PublicationKind | None:
    """The kind one part of a heading names, if any."""
    key = f" {lexicon_key(part)} "
    for word, kind in _section_kinds():
        if f" {word}" in key or (CJK_RE.search(word) and word in key):
            return kind
    return None


@cache
def preprint_cues() -> tuple[str, ...]:
    """What says a work is not (yet) published: the venue matcher's preprint words
    (``lexicons/ccf/markers.yaml``) and the names of the archives it lists as preprint venues
    (``lexicons/ccf/unranked.yaml``): one list each, shared with :mod:`bilingual_cv.venues.describe`."""
    archives = [
        text
        for venue in load_ccf_unranked().venues
        if venue.kind == "preprint"
        for text in (venue.abbr, venue.name, *venue.aliases)
    ]
    return tuple(
        dict.fromkeys(lexicon_key(cue) for cue in (*load_ccf_markers().preprint, *archives))
    )


def _is_preprint_text(text: str) -> bool:
    """Whether the text holds a preprint cue.

    >>> _is_preprint_text("Under Review at NeurIPS"), _is_preprint_text("Submittedness")
    (True, False)
    >>> _is_preprint_text("已投稿至《计算机学报》"), _is_preprint_text("arXiv:2101.00001")
    (True, True)
    """
    return _preprint_words().found(text)


@cache
def _preprint_words() -> Cues:
    return Cues.of(preprint_cues())


def decide_kind(
    parts: Parts, match: VenueMatch | None, hint: PublicationKind | None, raw: str
) -> PublicationKind:
    """The kind of a publication from its section, its venue and what the entry says."""
    if parts.label_kind is not None:
        return PublicationKind(parts.label_kind)  # "Software Copyright: Title": as labelled
    if (
        hint is PublicationKind.PATENT
        or parts.stated_patent
        or parts.patent_year is not None
        and hint is None
        and match is None
    ):
        return PublicationKind.PATENT
    venue = parts.venue or ""
    if _says_preprint(match, venue, raw):
        return PublicationKind.PREPRINT  # also under a [J] code: "[J]. arXiv preprint arXiv:…"
    if parts.poster or _POSTER_RE.match(venue):
        return PublicationKind.OTHER  # "Poster presented at ToyConf": shown there, no paper
    if parts.type_code:
        return PublicationKind(load_publication_words().type_codes.get(parts.type_code, "other"))
    if match is not None and match.kind in ("workshop", "journal", "conference"):
        return PublicationKind(match.kind)
    if hint is not None:
        return hint
    if match is None and _CN_PATENT_TITLE_RE.match(parts.title or ""):
        return PublicationKind.PATENT  # "一种玩具调度方法和系统" and no venue: a Chinese patent
    if kind_words("journal").found(venue) or _names_cn_journal(venue):
        return PublicationKind.JOURNAL
    if kind_words("workshop").found(venue):
        return PublicationKind.WORKSHOP
    if is_recognized(match) or kind_words("conference").found(venue):
        return PublicationKind.CONFERENCE
    if _VOLUME_RE.search(venue):
        return PublicationKind.JOURNAL  # "Toy Letters, 48(2), 161-220", "vol. 7, no. 3"
    written_name, written_short = written_venue(venue) if venue else (None, None)
    if (
        venue_short_name(venue) is not None
        or written_short is not None
        or tag_short_name(parts.venue_tag) is not None
    ):
        return PublicationKind.CONFERENCE  # "FooConf 2021": an acronym and a year name a meeting
    if written_name is not None and len(written_name.split()) >= 2:
        return PublicationKind.JOURNAL  # "Toy Reports (2024)": a name with no meeting word
    if not venue and claimed_tiers(raw) is not None:
        return PublicationKind.JOURNAL  # "Title (SCI 三区)": journal tiers rank journals
    return PublicationKind.OTHER


def _names_cn_journal(venue: str) -> bool:
    """A Chinese venue text that names a journal of CCF's Chinese-journal catalogue
    (``密码学报``, ``计算机科学``): a journal, though nothing in the entry says so (a table's
    venue column, no ``[J]`` code).

    >>> _names_cn_journal("计算机系统应用, 2021."), _names_cn_journal("玩具大会")
    (True, False)
    """
    return bool(CJK_RE.search(venue)) and find_cn_journal(venue) is not None


#: The title of a Chinese patent ("一种…方法", "一种…系统及装置"): "a kind of" a method,
#: system, device or medium, the form patent titles in China take.
_CN_PATENT_TITLE_RE = re.compile(r"一种\S.{1,80}?(?:方法|系统|装置|设备|介质|电路|芯片|结构)$")


#: A venue text that says the work was shown as a poster: "Poster presented at: ToyConf",
#: "Poster at the annual meeting of ...", "Poster session, ToyConf 2021".
_POSTER_RE = re.compile(r"\s*(?:an?\s+)?posters?\b(?!\s*(?:paper|track)\b)", re.IGNORECASE)


def _says_preprint(match: VenueMatch | None, venue: str, raw: str) -> bool:
    """The venue is a preprint server, or the venue text (else, with no venue, the whole
    entry) holds a preprint cue. The whole entry is keyed only when there is no venue: it
    is the longest text of the entry, and too long for the key memo.

    >>> _says_preprint(None, "", "Ann Lee. Toy Things. Under review.")
    True
    >>> _says_preprint(None, "ToyConf 2024", "Ann Lee. Toy Things. Under review. ToyConf 2024")
    False
    """
    return (
        match is not None
        and match.kind == "preprint"
        or _is_preprint_text(without_links(venue))
        or not venue
        and _is_preprint_text(raw)
    )


#: A journal's volume and issue: "48(2)", "27 (3)", "vol. 7", "Volume 12", "no. 3", or a
#: short volume (and number) right before the pages: "Computing 2, pp. 24-31", "13.3, pp. 40".
_VOLUME_RE = re.compile(
    r"(?<![\w(])\d{1,4}\s?\(\d{1,3}(?:[-–]\d{1,3})?\)|\b(?:vol(?:ume)?|no)\.?\s?\d{1,4}\b"
    r"|(?<![\d.])\d{1,3}(?:\.\d{1,3})?,\s*pp?\.\s*\d",
    re.IGNORECASE,
)


def kind_hint(hint: PublicationKind | None) -> VenueType | None:
    """The venue type a kind expects, to tell apart venues sharing an abbreviation."""
    if hint is PublicationKind.JOURNAL:
        return "journal"
    if hint is PublicationKind.CONFERENCE:
        return "conference"
    return None
