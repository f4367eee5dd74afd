"""Ranking stage: every publication's venue ranked in the CCF edition asked for, its Chinese-
journal catalogue entry looked up, and the CV's own rank claims checked. The counts are
:mod:`bilingual_cv.stats`.

Parsing (:mod:`bilingual_cv.publications`) recognizes venues and decides kinds; this stage
only reads the catalogues, so the same parsed entries can be ranked in another edition.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bilingual_cv.lexicon import load_ccf_markers
from bilingual_cv.publications.kind import kind_hint
from bilingual_cv.publications.venue_text import CLAIM_RE, venue_query
from bilingual_cv.schema import (
    CcfCnInfo,
    CcfInfo,
    CcfRank,
    Publication,
    PublicationKind,
    Warning,
    WarningCode,
)
from bilingual_cv.venues.catalog import Edition
from bilingual_cv.venues.cn_journals import find_cn_journal
from bilingual_cv.venues.describe import describe_venue
from bilingual_cv.venues.match import ccf_info

#: Kinds that carry no venue rank.
UNRANKED_KINDS = frozenset({PublicationKind.PREPRINT, PublicationKind.PATENT})


def rank_venues(
    publications: Sequence[Publication], edition: Edition
) -> tuple[list[Publication], list[Warning]]:
    """Publications with ``ccf`` and ``ccf_cn`` filled, and a warning for each rank the CV
    claims that the catalogue it names does not give.

    >>> from bilingual_cv.schema import Venue
    >>> pub = Publication(title="T", venue=Venue(raw="NSDI 2024"), kind=PublicationKind.CONFERENCE)
    >>> ranked, _ = rank_venues([pub], Edition.E2026)
    >>> ranked[0].ccf.rank.value, ranked[0].ccf.abbr
    ('A', 'NSDI')
    """
    ranked: list[Publication] = []
    warnings: list[Warning] = []
    for publication in publications:
        ccf, ccf_cn = _ranks(publication, edition)
        ranked.append(publication.model_copy(update={"ccf": ccf, "ccf_cn": ccf_cn}))
        if publication.claimed_ccf is not None:
            claim = CLAIM_RE.search(publication.raw)
            chinese = claim_is_chinese(publication.raw, claim)
            why = _claim_mismatch(publication.claimed_ccf, chinese, ccf, ccf_cn, edition)
            if why is not None:
                venue = publication.venue.abbr or publication.venue.raw
                warnings.append(
                    Warning(
                        code=WarningCode.CLAIMED_CCF_MISMATCH,
                        message=f"the CV claims CCF-{publication.claimed_ccf.value} for {venue!r}; {why}",
                        line=publication.line,
                    )
                )
    return ranked, warnings


def _ranks(publication: Publication, edition: Edition) -> tuple[CcfInfo | None, CcfCnInfo | None]:
    venue = publication.venue.raw
    if not venue or publication.kind in UNRANKED_KINDS:
        return None, None
    match = describe_venue(venue_query(venue), edition, kind_hint=kind_hint(publication.kind))
    ccf = ccf_info(match, edition) if match is not None else None
    return ccf, find_cn_journal(venue, publication.raw)


#: A claim about CCF's Chinese-journal list: "中文 CCF-A", "CCF-A 类中文期刊".
_CN_CLAIM_WINDOW = 12


def claim_is_chinese(raw: str, claim: re.Match[str] | None) -> bool:
    """The claim names CCF's Chinese-journal list (中文 written next to it).

    >>> raw = "软件学报 (中文 CCF-A)"
    >>> claim_is_chinese(raw, CLAIM_RE.search(raw))
    True
    """
    if claim is None:
        return False
    near = raw[max(0, claim.start() - _CN_CLAIM_WINDOW) : claim.end() + _CN_CLAIM_WINDOW]
    near = near.casefold()
    return any(word.casefold() in near for word in load_ccf_markers().in_chinese)


def _claim_mismatch(
    claimed: CcfRank,
    chinese_claim: bool,
    ccf: CcfInfo | None,
    ccf_cn: CcfCnInfo | None,
    edition: Edition,
) -> str | None:
    """Why a claimed rank disagrees with the catalogue it is about, or None when it agrees.
    A claim about the Chinese-journal list, or on a journal only that list holds, is checked
    against that list."""
    if ccf_cn is not None and (chinese_claim or ccf is None):
        if ccf_cn.rank == claimed:
            return None
        found = ccf_cn.rank.value if ccf_cn.rank else "not listed"
        return f"CCF's Chinese-journal list says {found}"
    if ccf is not None and ccf.rank == claimed:
        return None
    return f"the {edition} catalog says {ccf.rank.value if ccf else 'not listed'}"
