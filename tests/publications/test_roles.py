"""The owner's roles on each paper (issue 28, item 2), on fictional lists: marks read by the
list's legend or by custom, and the entry's own words."""

from __future__ import annotations

from .conftest import cv_with


def _roles(body: str, **kwargs: str) -> list[list[str]]:
    return [[role.value for role in p.owner_roles] for p in cv_with(body, **kwargs).publications]


def test_a_legend_says_what_a_star_means() -> None:
    body = (
        "* denotes equal contribution\n"
        "[1] Bo Wu*, Ann Lee*, Cy Ma. Fast toys for slow networks. In NSDI 2024.\n"
        "[2] Ann Lee, Bo Wu. Quiet caches. In OSDI 2023.\n"
        "[3] Cy Ma, Bo Wu, Ann Lee. Loud queues. In SOSP 2022.\n"
    )
    assert _roles(body) == [["co_first"], ["first"], []]


def test_a_chinese_legend_makes_the_star_the_corresponding_authors() -> None:
    body = (
        "注：* 表示通讯作者\n"
        "1. Lee, A.*, Wu, B., & Ma, C. 2023. Toy queues in bounded time. Journal of Toys 1:1-9.\n"
        "2. Wu, B., Lee, A.*, & Ma, C. 2022. Toy caches. Journal of Toys 2:3-9.\n"
    )
    assert _roles(body) == [["first", "corresponding"], ["corresponding"]]


def test_an_envelope_and_stars_without_a_legend_are_read_by_custom() -> None:
    body = (
        "[1] Cy Ma, Ann Lee\u2709, Bo Wu. Fast toys. In NSDI 2024.\n"
        "[2] Bo Wu*, Ann Lee*, Cy Ma. Quiet toys. In ATC 2023.\n"
        "[3] Bo Wu, Cy Ma, Ann Lee*. Loud toys. In SOSP 2022.\n"
    )
    assert _roles(body) == [["corresponding"], ["co_first"], ["corresponding"]]


def test_the_entrys_own_words_give_roles_and_a_note_explains_its_marks() -> None:
    body = (
        "[1] Bo Wu, Ann Lee, Cy Ma. Fast toys. In NSDI 2024. (共同第一作者)\n"
        "[2] Bo Wu, Ann Lee (corresponding author)\nQuiet toys. In ATC 2023.\n"
        "[3] Bo Wu\u2217, Ann Lee\u2217, Cy Ma (*: equal contribution)\nLoud toys. In SOSP 2022.\n"
        "[4] Ann Lee, Bo Wu. Corresponding points in toy images. In CVPR 2021.\n"
    )
    assert _roles(body) == [["co_first"], ["corresponding"], ["co_first"], ["first"]]


def test_stats_count_first_or_co_first_and_corresponding_ccf_papers() -> None:
    body = (
        "* equal contribution, † corresponding author\n"
        "[1] Bo Wu*, Ann Lee*, Cy Ma. Fast toys. In NSDI 2024.\n"
        "[2] Ann Lee, Bo Wu. Quiet toys. In INFOCOM 2023.\n"
        "[3] Bo Wu, Ann Lee†. Loud toys. In ICDE 2022.\n"
    )
    stats = cv_with(body).stats
    assert (stats.ccf_owner_first.A, stats.ccf_owner_first_or_co_first.A) == (1, 2)
    assert stats.ccf_owner_corresponding.A == 1
