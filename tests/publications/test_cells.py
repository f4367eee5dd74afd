"""Publication lists set as a two-column table whose cells hold several lines
(:mod:`bilingual_cv.publications.cells`): the title and the authors in the left cell, the
venue over the year in the right one, read line by line across both cells; fictional papers.
"""

from __future__ import annotations

import pytest

from bilingual_cv.lines import Line
from bilingual_cv.publications.cells import read_right_cells

from .conftest import cv_with

TAB = "\t"
GAP = " " * 10


def _fields(body: str) -> list[tuple[object, ...]]:
    return [
        (p.title, p.authors, p.year, p.venue.abbr)
        for p in cv_with(body, heading="Publications").publications
    ]


@pytest.mark.parametrize("sep", [TAB, GAP], ids=["tab", "gap"])
def test_a_venue_cell_over_a_year_cell_gives_each_entry_its_venue_and_year(sep: str) -> None:
    body = (
        f"Learning to fly toy kites at scale{sep}ICML\n"
        f"Ann Lee, Bo Wu, Cy Ma{sep}2023\n"
        f"Robust caching for toy shops{sep}NeurIPS\n"
        f"Bo Wu, Ann Lee{sep}2022"
    )
    assert _fields(body) == [
        ("Learning to fly toy kites at scale", ["Ann Lee", "Bo Wu", "Cy Ma"], 2023, "ICML"),
        ("Robust caching for toy shops", ["Bo Wu", "Ann Lee"], 2022, "NeurIPS"),
    ]


def test_a_wrapped_title_a_long_venue_a_date_and_a_venue_with_its_year_in_one_cell() -> None:
    body = (
        f"Learning to fly toy kites at scale{GAP}ICML\n"
        f"Ann Lee, Bo Wu, Cy Ma{GAP}{GAP}2023\n"
        f"Robust caching for toy shops under{GAP}Proc. Symposium on Toy Systems\n"
        f"tight budgets{GAP}Mar. 2022\n"
        "Bo Wu, Ann Lee\n"
        f"Fast toys for slow networks{GAP}NSDI 2021\n"
        "Ann Lee, Cy Ma"
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.authors, p.year) for p in pubs] == [
        ("Learning to fly toy kites at scale", ["Ann Lee", "Bo Wu", "Cy Ma"], 2023),
        ("Robust caching for toy shops under tight budgets", ["Bo Wu", "Ann Lee"], 2022),
        ("Fast toys for slow networks", ["Ann Lee", "Cy Ma"], 2021),
    ]
    assert [p.venue.raw for p in pubs] == [
        "ICML 2023",
        "Proc. Symposium on Toy Systems Mar. 2022",
        "NSDI 2021",
    ]


def test_a_venue_cell_a_reader_set_on_a_line_of_its_own() -> None:
    # "Title" / "ICML" / "Authors<TAB>2023": the row's first line broken before its cell
    body = (
        "Learning to fly toy kites at scale\nICML\nAnn Lee, Bo Wu, Cy Ma\t2023\n"
        "Robust caching for toy shops\nNeurIPS\nBo Wu, Ann Lee, Cy Ma, Di Xu\t2022"
    )
    assert _fields(body) == [
        ("Learning to fly toy kites at scale", ["Ann Lee", "Bo Wu", "Cy Ma"], 2023, "ICML"),
        ("Robust caching for toy shops", ["Bo Wu", "Ann Lee", "Cy Ma", "Di Xu"], 2022, "NeurIPS"),
    ]


def test_a_list_with_a_year_in_a_right_column_is_no_table() -> None:
    rows = [
        Line(1, f"Learning to fly toy kites at scale{TAB}2023"),
        Line(2, "Ann Lee, Bo Wu, Cy Ma. ICML."),
        Line(3, f"Robust caching for toy shops{TAB}2022"),
        Line(4, "Bo Wu, Ann Lee. NeurIPS."),
    ]
    assert read_right_cells(rows) is None
    body = "\n".join(line.text for line in rows)
    assert _fields(body) == [
        ("Learning to fly toy kites at scale", ["Ann Lee", "Bo Wu", "Cy Ma"], 2023, "ICML"),
        ("Robust caching for toy shops", ["Bo Wu", "Ann Lee"], 2022, "NeurIPS"),
    ]


def test_a_right_cell_of_words_that_name_no_venue_sets_no_table() -> None:
    rows = [Line(1, f"Fast toys{TAB}and more words"), Line(2, f"Ann Lee{TAB}2023")]
    assert read_right_cells(rows) is None


def test_a_venue_cell_wrapped_over_two_lines_after_a_tab_or_on_lines_of_its_own() -> None:
    body = (
        "Learning to fly toy kites at scale\tData & Knowledge\nEngineering\n"
        "Ann Lee, Bo Wu, Cy Ma\t2023\n"
        "Robust caching for toy shops\nComputer Aided Geometric\nDesign\n"
        "Bo Wu, Ann Lee\t2022\n"
        "Fast toys for slow networks\tICML\nAnn Lee, Cy Ma\t2021"
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.authors, p.year, p.venue.name) for p in pubs] == [
        (
            "Learning to fly toy kites at scale",
            ["Ann Lee", "Bo Wu", "Cy Ma"],
            2023,
            "Data & Knowledge Engineering",
        ),
        (
            "Robust caching for toy shops",
            ["Bo Wu", "Ann Lee"],
            2022,
            "Computer Aided Geometric Design",
        ),
        (
            "Fast toys for slow networks",
            ["Ann Lee", "Cy Ma"],
            2021,
            "International Conference on Machine Learning",
        ),
    ]


def test_a_title_wrapped_beside_its_venue_cell_keeps_its_last_line() -> None:
    # "Networks" names a venue by its word, but the line above carries the row's venue cell:
    # it is the title's second line, beside an empty right cell
    body = (
        "Fast toys for slow\tNSDI\nNetworks\nAnn Lee, Bo Wu\t2023\n"
        "Robust caching for toy shops\tICML\nBo Wu, Ann Lee\t2022"
    )
    assert _fields(body) == [
        ("Fast toys for slow Networks", ["Ann Lee", "Bo Wu"], 2023, "NSDI"),
        ("Robust caching for toy shops", ["Bo Wu", "Ann Lee"], 2022, "ICML"),
    ]


def test_a_venue_tag_left_on_a_line_of_its_own_is_no_part_of_the_title() -> None:
    # the second row's year ran into its author line (no tab): its "ICML" line is no cell,
    # yet a venue tag never goes on a title
    body = (
        "Learning to fly toy kites at scale\nNSDI\nAnn Lee, Bo Wu, Cy Ma\t2023\n"
        "Robust caching for toy shops\nICML\nBo Wu, Ann Lee, Cy Ma, Di Xu 2022"
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.venue.abbr) for p in pubs] == [
        ("Learning to fly toy kites at scale", "NSDI"),
        ("Robust caching for toy shops", "ICML"),
    ]
