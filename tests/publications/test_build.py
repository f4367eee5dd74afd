"""Publications built from a CV's sections (:mod:`bilingual_cv.publications.build`), on
fictional entries.
"""

from __future__ import annotations

import pytest

import bilingual_cv

from .conftest import cv_with


def test_stats_count_ranks_and_first_authored_papers() -> None:
    body = (
        "1. Ann Lee, Bo Wu. One. NSDI, 2024.\n2. Bo Wu, Ann Lee. Two. OSDI, 2023.\n"
        "3. Ann Lee. Three. ICNP, 2022.\n4. Ann Lee. Four. arXiv preprint, 2024.\n"
    )
    stats = cv_with(body).stats
    assert stats.publications == 4
    assert stats.by_kind == {"conference": 3, "preprint": 1}
    assert (stats.ccf.A, stats.ccf.B, stats.ccf.C, stats.ccf.unranked) == (2, 1, 0, 1)
    assert (stats.ccf_owner_first.A, stats.ccf_owner_first.B) == (1, 1)


def test_every_entry_keeps_its_raw_text() -> None:
    body = "1. Ann Lee, Bo Wu. One Thing. NSDI, 2024.\n2. Something we cannot read at all 2023"
    cv = cv_with(body)
    assert [p.raw for p in cv.publications] == [
        "1. Ann Lee, Bo Wu. One Thing. NSDI, 2024.",
        "2. Something we cannot read at all 2023",
    ]


def test_an_entry_too_long_to_be_one_is_reported_with_its_text_kept() -> None:
    from bilingual_cv.publications.build import MAX_ENTRY_CHARS

    words = " ".join(f"toy{i}" for i in range(MAX_ENTRY_CHARS // 4))  # one unbroken run
    cv = cv_with(f"Ann Lee. {words}. In Proc. NSDI 2024.")
    [pub] = cv.publications
    assert "toy0" in pub.raw and f"toy{MAX_ENTRY_CHARS // 4 - 1}" in pub.raw
    [warning] = [w for w in cv.warnings if w.code.value == "entry_too_long"]
    assert warning.line == pub.line and f"{len(pub.raw):,} characters" in warning.message
    short = cv_with("Ann Lee. " + "A Long Toy Title " * 100 + ". In Proc. NSDI 2024.")
    assert len(short.publications[0].raw) <= MAX_ENTRY_CHARS
    assert not [w for w in short.warnings if w.code.value == "entry_too_long"]


def test_a_dash_for_the_same_authors_takes_the_entry_befores_list() -> None:
    """IEEEtran and other bibliography styles print ``——`` for "the same authors as above"."""
    body = (
        "[1] A. Lee and B. Wu, “Fictional caching at toy scale,” in Proc. NSDI, 2023.\n"
        "[2] ——, “Pretend paging for imaginary machines,” in Proc. OSDI, 2022.\n"
        "[3] ———, “Toy schedulers revisited,” IEEE Trans. Comput., 2021.\n"
        "[4] C. Ma, “Make-believe networks,” in Proc. SIGCOMM, 2020.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.authors, p.owner_position) for p in pubs] == [
        (["A. Lee", "B. Wu"], 1),
        (["A. Lee", "B. Wu"], 1),
        (["A. Lee", "B. Wu"], 1),
        (["C. Ma"], None),
    ]


@pytest.mark.parametrize(
    ("line", "read"),
    [
        # a tier claimed in brackets is no part of the title and says it is a journal's paper
        (
            "Effects of toy additions on the lift and drag of paper kites (SCI 三区)",
            ("Effects of toy additions on the lift and drag of paper kites", "journal"),
        ),
        ("纸风筝在阵风中的升力特性研究", ("纸风筝在阵风中的升力特性研究", "other")),
        ("共发表 3 篇论文。", None),  # a sentence
        ("(* equal contribution)", None),  # a remark
    ],
)
def test_a_title_alone_under_a_publications_heading_is_a_paper(
    line: str, read: tuple[str, str] | None
) -> None:
    """Under a publications heading, a line that is a title alone (no authors, venue or
    year) is the paper; a remark or a sentence stays a stray line."""
    cv = bilingual_cv.parse(f"李安\n电话：13800000000\n\n发表论文\n{line}\n\n技能\nPython\n")
    assert [(p.title, p.kind.value) for p in cv.publications] == ([read] if read else [])
    if read is None:
        assert any(line in w.message for w in cv.warnings if w.code.value == "stray_line")


def test_a_title_alone_among_cited_papers_is_no_paper() -> None:
    """In a list of citations, a line with no authors, venue or year is a remark."""
    text = (
        "Ann Lee\nann@example.edu\n\nPublications\n"
        "Ann Lee, Bo Wu. Fast toys for slow kites. In NSDI 2024.\n\n"
        "Selected works are marked in bold below\n\n"
        "Bo Wu, Ann Lee. Quiet caches for toy shops. In SOSP 2023.\n"
    )
    titles = [p.title for p in bilingual_cv.parse(text).publications]
    assert titles == ["Fast toys for slow kites", "Quiet caches for toy shops"]


def test_a_journal_no_catalog_knows_gets_its_initials_marked_as_derived() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Fast kites. IEEE Transactions on Kite Engineering, 2021, 3(2): 1-9.\n"
        "2. Ann Lee. Slow kites. Journal of Kite Yarn and Glue, 2020, 12: 4-8.\n"
        "3. Ann Lee. Kites again. In Proceedings of the 3rd International Conference on Kite"
        " Flying, 2019.\n"
        "4. Ann Lee. Secure kites. IEEE Transactions on Dependable and Secure Computing, 2022.\n"
    )
    venues = [(p.venue.abbr, p.venue.abbr_source, p.ccf) for p in cv_with(body).publications]
    assert venues[:3] == [("TKE", "initials", None), ("JKYG", "initials", None), (None, None, None)]
    abbr, source, ccf = venues[3]
    assert (abbr, source) == ("TDSC", "catalog") and ccf is not None


def test_a_short_name_the_cv_prints_wins_over_the_initials() -> None:
    body = (
        "1. Ann Lee. Slow kites. Journal of Kite Yarn and Glue, 2020, 12: 4-8.\n"
        "2. Ann Lee. Fast kites. Journal of Kite Yarn and Glue (KYGJ), 2022, 13: 1-3.\n"
        "3. Ann Lee. Red kites. IEEE Transactions on Kite Engineering (ToKE), 2021.\n"
    )
    venues = [(p.venue.abbr, p.venue.abbr_source) for p in cv_with(body).publications]
    assert venues == [("KYGJ", "printed"), ("KYGJ", "printed"), ("ToKE", "printed")]


def test_a_derived_acronym_never_ranks_and_never_takes_a_catalog_abbreviation() -> None:
    # TOS is a CCF venue's (ACM Transactions on Storage): these initials would read as it
    body = "1. Ann Lee. Oak kites. IEEE Transactions on Oak Saplings, 2021, 3(2): 1-9.\n"
    [pub] = cv_with(body).publications
    assert (pub.venue.abbr, pub.venue.abbr_source, pub.ccf) == (None, None, None)


def test_every_venue_short_name_says_where_it_comes_from_in_the_json() -> None:
    body = (
        "1. Ann Lee. One. NSDI, 2024.\n2. Ann Lee. Two. In FooConf 2021.\n"
        "3. Ann Lee. Three. IEEE Transactions on Kite Engineering, 2021, 3(2): 1-9.\n"
    )
    data = cv_with(body).model_dump(mode="json")
    venues = [(p["venue"]["abbr"], p["venue"]["abbr_source"]) for p in data["publications"]]
    assert venues == [("NSDI", "catalog"), ("FooConf", "printed"), ("TKE", "initials")]
