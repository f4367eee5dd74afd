"""Stats stage: the counts of a CV's publications, by kind and by CCF rank (international list
and Chinese-journal list apart), from the publications the ranking stage filled
(:func:`~bilingual_cv.publications.rank.rank_venues`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bilingual_cv.schema import (
    CcfCounts,
    CcfFirstCounts,
    CnTierCounts,
    OwnerRole,
    Publication,
    PublicationKind,
    Stats,
)


def build_stats(publications: Sequence[Publication]) -> Stats:
    """Counts by kind and CCF rank; patents are left out of the rank counts."""
    by_kind = Counter(p.kind.value for p in publications)
    ranks = Counter[str]()
    first = Counter[str]()
    first_or_co_first = Counter[str]()
    corresponding = Counter[str]()
    cn_ranks = Counter[str]()
    cn_tiers = Counter[str]()
    for publication in publications:
        if publication.kind is PublicationKind.PATENT:
            continue
        if publication.ccf_cn is not None:
            cn_ranks[publication.ccf_cn.rank.value if publication.ccf_cn.rank else ""] += 1
            cn_tiers[publication.ccf_cn.tier or ""] += 1
        rank = publication.ccf.rank.value if publication.ccf else "unranked"
        ranks[rank] += 1
        if publication.ccf and publication.owner_position == 1:
            first[rank] += 1
        roles = set(publication.owner_roles)
        if publication.ccf and roles & {OwnerRole.FIRST, OwnerRole.CO_FIRST}:
            first_or_co_first[rank] += 1
        if publication.ccf and OwnerRole.CORRESPONDING in roles:
            corresponding[rank] += 1
    return Stats(
        publications=len(publications),
        by_kind=dict(sorted(by_kind.items())),
        ccf=CcfCounts(A=ranks["A"], B=ranks["B"], C=ranks["C"], unranked=ranks["unranked"]),
        ccf_owner_first=CcfFirstCounts(A=first["A"], B=first["B"], C=first["C"]),
        ccf_owner_first_or_co_first=CcfFirstCounts(
            A=first_or_co_first["A"], B=first_or_co_first["B"], C=first_or_co_first["C"]
        ),
        ccf_owner_corresponding=CcfFirstCounts(
            A=corresponding["A"], B=corresponding["B"], C=corresponding["C"]
        ),
        ccf_cn=CcfFirstCounts(A=cn_ranks["A"], B=cn_ranks["B"], C=cn_ranks["C"]),
        ccf_cn_tiers=CnTierCounts(T1=cn_tiers["T1"], T2=cn_tiers["T2"], T3=cn_tiers["T3"]),
    )
