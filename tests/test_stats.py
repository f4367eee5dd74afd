"""Tests for ``bilingual_cv.stats``: the counts of a CV's publications by kind and by CCF rank,
the international list and the Chinese-journal list apart. Fictional entries."""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.schema import (
    CcfCnInfo,
    CcfEdition,
    CcfInfo,
    CcfRank,
    Publication,
    PublicationKind,
)
from bilingual_cv.stats import build_stats

from .publications.test_rank import CV_TEXT


def test_counts_keep_the_two_catalogues_apart() -> None:
    stats = bilingual_cv.parse_text(CV_TEXT).stats
    assert (stats.ccf_cn.A, stats.ccf_cn.B, stats.ccf_cn.C) == (3, 0, 1)
    assert stats.ccf_cn_tiers.T1 == 3
    assert stats.ccf.A == 1  # INFOCOM only: no Chinese journal counts as international CCF-A


def _ranked(rank: str, kind: PublicationKind, owner: int | None) -> Publication:
    info = CcfInfo(
        rank=CcfRank(rank),
        abbr="TOYC",
        full_name="Toy Conference",
        type="conference",
        field_id=1,
        edition=CcfEdition.E2026,
        match="abbr",
    )
    return Publication(title="A Toy", kind=kind, ccf=info, owner_position=owner)


def test_counts_by_kind_rank_and_owner_position() -> None:
    """Patents count by kind only; a first-authored paper counts in the owner-first ranks."""
    cn = CcfCnInfo(rank=CcfRank.B, tier="T2", name="玩具学报")
    publications = [
        _ranked("A", PublicationKind.CONFERENCE, 1),
        _ranked("A", PublicationKind.CONFERENCE, 2),
        _ranked("C", PublicationKind.JOURNAL, 1),
        _ranked("B", PublicationKind.PATENT, 1),
        Publication(title="Unranked", kind=PublicationKind.JOURNAL, ccf_cn=cn, owner_position=1),
        Publication(title="Preprint", kind=PublicationKind.PREPRINT),
    ]
    stats = build_stats(publications)
    assert stats.publications == 6
    assert stats.by_kind == {"conference": 2, "journal": 2, "patent": 1, "preprint": 1}
    assert (stats.ccf.A, stats.ccf.B, stats.ccf.C, stats.ccf.unranked) == (2, 0, 1, 2)
    assert (stats.ccf_owner_first.A, stats.ccf_owner_first.B, stats.ccf_owner_first.C) == (1, 0, 1)
    assert (stats.ccf_cn.A, stats.ccf_cn.B, stats.ccf_cn.C) == (0, 1, 0)
    assert (stats.ccf_cn_tiers.T1, stats.ccf_cn_tiers.T2, stats.ccf_cn_tiers.T3) == (0, 1, 0)
