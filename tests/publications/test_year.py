"""The year of a publication and patent numbers (:mod:`bilingual_cv.publications.year`), on
fictional entries.
"""

from __future__ import annotations

from .conftest import GUARD_LINES, cv_with, spans, without_guard


def test_the_year_of_an_entry_tag_wins_over_a_year_in_its_notes() -> None:
    body = (
        'SOSP\'21\tAnn Lee, Bo Wu. "Toy Caches on Flash." 28th ACM Symposium on Operating\n'
        "Systems Principles. Best Paper Award, invited fast-track to TOS'22.\n"
        'OSDI\'20\tAnn Lee. "Toy Clusters." 14th USENIX Symposium on Operating Systems\n'
        "Design and Implementation.\n"
        'NSDI\'19\tAnn Lee. "Toy Paths." USENIX NSDI.\n'
    )
    assert [p.year for p in cv_with(body).publications] == [2021, 2020, 2019]


def test_page_ranges_that_look_like_years_are_no_year() -> None:
    body = (
        "Ann Lee, Bo Wu. Toy indexes. IEEE TKDE, 2018, 34:2019-2031.\n"
        "Ann Lee, Bo Wu. Toy joins. IEEE TKDE, 2017, 2019-2030.\n"
        "Ann Lee, Bo Wu. Toy caches. In ICDE 2016, Springfield, 2019--2027.\n"
        "Ann Lee, Bo Wu. Toy queues. IEEE Trans. Knowl. Data Eng., vol. 34, no. 5,"
        " pp. 2019-2031, May 2015.\n"
        "Lee, A., & Wu, B. (2014). Toy graphs. Information Sciences, 34(5), 2019–2031.\n"
        "Ann Lee, Bo Wu. Toy logs. Toy Letters, 2019-2020."
    )
    years = [p.year for p in cv_with(body).publications]
    assert years == [2018, 2017, 2016, 2015, 2014, 2020]


def test_the_year_of_a_short_name_with_its_year_hyphened_or_glued() -> None:
    body = (
        "Ann Lee, Bo Wu. Toy indexes. In Proc. AAAI-24.\n"
        "Ann Lee, Bo Wu. Toy joins. ToyConf23.\n"
        "Ann Lee, Bo Wu. Toy caches. CVPR2022."
    )
    assert [p.year for p in cv_with(body).publications] == [2024, 2023, 2022]


def test_the_guarded_patent_pattern_and_its_precheck_change_no_match() -> None:
    from bilingual_cv.publications.year import _PATENT_RE, find_patent

    bare = without_guard(_PATENT_RE)
    lines = [*GUARD_LINES, "In 1999 and 2024, 12019, 3.2020, 2020s, 19505 2100 1949 1950"]
    for line in lines:
        assert spans(_PATENT_RE, line) == spans(bare, line), line
        assert _PATENT_RE.split(line) == bare.split(line), line
        found, expected = find_patent(line), _PATENT_RE.search(line)
        assert (found and found.span()) == (expected and expected.span()), line
    assert any(find_patent(line) for line in GUARD_LINES)


def test_no_year_from_pages_or_citation_counts_and_no_entry_of_a_year_alone() -> None:
    """Issue 28, item 5: a page range, an article number or a citation count is no year, and
    an entry whose title would be a year only is no publication."""
    from .conftest import cv_with

    cv = cv_with(
        "[1] Ann Lee, Bo Wu. Fast toys for slow networks. Journal of Toys, 12(3), pp. 1951-1957.\n"
        "[2] Ann Lee. Quiet caches. Toy Letters, 2022, 50(12): 2030-2053. Cited by 2019\n"
        "[3] Bo Wu, Ann Lee. Loud queues. In Proceedings of SOSR. Google Scholar Citation 0. 2018.\n"
        "[4] 2019.\n"
    )
    assert [(p.title, p.year) for p in cv.publications] == [
        ("Fast toys for slow networks", None),
        ("Quiet caches", 2022),
        ("Loud queues", 2018),
    ]


def test_the_year_a_venue_is_named_with_beats_the_year_after_the_authors() -> None:
    """ "(2024). Title. ToyConf 2025.": the bracketed year after the authors may be a
    preprint's; the year written with the venue is the paper's. A venue text without a year,
    or with pages only, leaves the year after the authors."""
    cv = cv_with(
        'Ann Lee; Bo Wu (2024). "Quiet queues for loud toys." EMNLP 2025.\n\n'
        "Lee, A., & Wu, B. (2024). Toys at scale. In 中国玩具开发者大会 2023 (toyc'23).\n\n"
        "Lee, A., & Wu, B. (2022). Sorting toys. Toy Letters, 12(3), 2011-2020.\n"
    )
    assert [(p.title, p.year) for p in cv.publications] == [
        ("Quiet queues for loud toys", 2025),
        ("Toys at scale", 2023),
        ("Sorting toys", 2022),
    ]


def test_a_year_after_a_full_stop_in_the_venue_text_is_no_venue_year() -> None:
    """Two entries run together: the next entry's year, after a full stop, leaves the year
    after the authors; a year written with the venue's name replaces it."""
    from bilingual_cv.publications.parts import Parts
    from bilingual_cv.publications.year import find_year

    merged = Parts(venue="Toy Letters, 12(3), 1-9. Roe, J. 2025. Next toys.", leading_year=2022)
    assert find_year(merged, "") == 2022
    assert find_year(Parts(venue="ToyConf 2025.", leading_year=2022), "") == 2025
    assert find_year(Parts(venue="ToyConf 2025, ToyConf 2026.", leading_year=2022), "") == 2022
