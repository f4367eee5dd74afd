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
