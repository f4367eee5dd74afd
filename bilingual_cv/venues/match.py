"""What a found name becomes: a :class:`VenueMatch`.

One identity is chosen among the venues sharing an abbreviation (:func:`_choose`), the name is
shown as users write it (:func:`_display`), and how it was recognized is kept; :func:`ccf_info`
gives a match's ``ccf`` value in any edition.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from bilingual_cv.schema import CcfInfo
from bilingual_cv.venues.catalog import EDITIONS, Edition, VenueRecord, _Unranked
from bilingual_cv.venues.index import _any_record, _Index, _index, _record, _type_of
from bilingual_cv.venues.lookup import _Hit
from bilingual_cv.venues.markers import VenueKind, VenueType
from bilingual_cv.venues.tokens import _key, _loose_key, _Tok

Method = Literal["abbr", "full_name", "alias", "dblp"]


#: Markdown and quote residue trimmed from display strings built from the text.
_EDGE_JUNK = " \t*_`'\"“”‘’.,;:()[]{}-–—"


@dataclass(frozen=True, slots=True)
class VenueMatch:
    """What a venue text names.

    ``abbr`` is the short name as a user would write it (``NSDI``, ``USENIX ATC``, ``ToN``,
    ``EuroMLSys@EuroSys``); ``name`` the full name (the catalog's when the venue is listed);
    ``kind`` what the text says the venue is; ``record`` the catalog record in the edition asked
    for (``None`` when unranked there); ``method`` how the venue was recognized. ``venue_id``
    is the venue's catalog identity (dblp key) whether or not it is ranked in that edition, so
    :func:`ccf_info` can look it up in another edition. ``track`` is a side event of the venue
    (``Demo``, ``Doctoral Forum``): ``abbr`` and ``name`` are the venue's, and there is no
    ``record`` and no ``venue_id``, so that nothing ranks it.
    """

    abbr: str | None
    name: str | None
    kind: VenueKind | None
    record: VenueRecord | None
    method: Method | None
    venue_id: str | None = None
    #: A side event of the venue (``Demo``, ``Findings``): the venue is named, never ranked.
    track: str | None = None


def _choose(
    hit: _Hit,
    all_keys: str,
    text_kind: VenueKind | None,
    kind_hint: VenueType | None,
    edition: Edition,
    idx: _Index,
    kind_asked: list[bool] | None = None,
) -> str:
    """Pick one identity for a shared abbreviation.

    In order: a full name of one of them in the text, the journal/conference kind, the one
    venue holding the abbreviation in ``edition``, the ``defaults`` of ``aliases.yaml``.
    ``kind_asked`` is told when the choice came to ``kind_hint`` (the result may depend on it).
    """
    ids = hit.target.ids
    if len(ids) == 1:
        return ids[0]
    padded = f" {all_keys} "
    named = [vid for vid in ids if any(f" {n} " in padded for n in idx.names.get(vid, ()))]
    if len(named) == 1:
        return named[0]
    if kind_asked is not None:
        kind_asked.append(True)
    want = kind_hint or (text_kind if text_kind in ("journal", "conference") else None)
    if want is not None:
        typed = tuple(vid for vid in ids if _type_of(vid, idx) == want)
        if len(typed) == 1:
            return typed[0]
        ids = typed or ids
    holders = [vid for vid in ids if vid in idx.abbr_keys[edition].get(hit.key, ())]
    if len(holders) == 1:
        # the edition's own abbreviation: in 2022 "FSE" is Fast Software Encryption only
        return holders[0]
    default = idx.defaults.get(hit.key)
    if default in ids:
        return default
    return min(ids, key=idx.order.__getitem__)


def _method_for(vid: str, hit: _Hit, edition: Edition, idx: _Index) -> Method:
    if hit.loose:
        rec = idx.catalogs[edition].get(vid)
        name_loose = rec and _loose_key(_key(rec.full_name), idx.markers.name_noise)
        return "full_name" if name_loose == hit.key else "alias"
    if vid in idx.name_keys[edition].get(hit.key, ()):
        return "full_name"
    if vid in idx.abbr_keys[edition].get(hit.key, ()):
        return "abbr"
    return "alias"


def _display(vid: str, key: str, edition: Edition, idx: _Index) -> str | None:
    group = idx.group_display.get(key)
    if group is not None and group[0] == vid:
        return group[1]
    if vid in idx.display:
        return idx.display[vid]
    for other in EDITIONS:  # the abbreviation as written, when it is one of the venue's own
        rec = idx.catalogs[other].get(vid)
        if rec is not None and rec.abbr and _key(rec.abbr) == key:
            return rec.abbr
    return _any_record(vid, edition, idx).abbr


def _catalog_match(
    vid: str, hit: _Hit, edition: Edition, kind: VenueKind | None, idx: _Index
) -> VenueMatch:
    return VenueMatch(
        abbr=_display(vid, hit.key, edition, idx),
        name=_any_record(vid, edition, idx).full_name,
        kind=kind,
        record=_record(vid, edition, idx),
        method=_method_for(vid, hit, edition, idx),
        venue_id=vid,
    )


def _unranked_match(item: _Unranked, hit: _Hit, kind: VenueKind | None) -> VenueMatch:
    method: Method = "abbr" if hit.key == item.abbr_key else "alias"
    if hit.key == item.name_key:
        method = "full_name"
    return VenueMatch(item.abbr, item.name, item.kind or kind, None, method)


def _display_text(text: str, words: Sequence[_Tok], drop: frozenset[str]) -> str | None:
    """The original text spanning ``words``, without edge words in ``drop``, numbers or junk."""
    kept = list(words)
    while kept and (kept[0].key in drop or kept[0].number):
        kept.pop(0)
    while kept and (kept[-1].key in drop or kept[-1].number):
        kept.pop()
    if not kept:
        return None
    norm = unicodedata.normalize("NFKC", text)
    out = norm[kept[0].start : kept[-1].end].strip(_EDGE_JUNK)
    return re.sub(r"[*`]+", "", out).strip() or None


@dataclass(frozen=True, slots=True)
class _Context:
    text: str
    edition: Edition
    kind_hint: VenueType | None
    idx: _Index
    #: not empty once ``kind_hint`` was read: the result may depend on it
    kind_asked: list[bool] = field(default_factory=list)


def ccf_info(match: VenueMatch, edition: Edition) -> CcfInfo | None:
    """The contract's ``ccf`` value for a match in ``edition``; None when unranked there.

    >>> from bilingual_cv.venues import describe_venue
    >>> info = ccf_info(describe_venue("HPDC '24"), "2022")
    >>> (info.rank.value, info.abbr, info.edition.value, info.match)
    ('B', 'HPDC', '2022', 'abbr')
    >>> ccf_info(describe_venue("Cloud @ MICRO, 2021."), "2026") is None
    True
    """
    if match.method is None or match.kind == "preprint":
        return None
    vid = match.venue_id
    if vid is None and match.record is not None:
        vid = match.record.dblp
    if vid is None:
        return None
    rec = _index().catalogs[edition].get(vid)
    if rec is None:
        return None
    return CcfInfo(
        rank=rec.rank,
        abbr=rec.abbr,
        full_name=rec.full_name,
        type=rec.type,
        field_id=rec.field_id,
        edition=edition,
        match=match.method,
    )
