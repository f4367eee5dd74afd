"""Publication lists set as a table of three columns or more, a paper a row (Word tables,
Chinese application forms: title, venue and year, a count such as the owner's place), and a
citation whose venue stands in a right cell; fictional papers.
"""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.schema import WarningCode

from .conftest import cv_with

TAB = "\t"


def _rows(*rows: tuple[str, ...]) -> str:
    return "\n".join(TAB.join(row) for row in rows)


def test_each_row_of_a_title_venue_and_count_table_is_one_paper() -> None:
    body = "\n".join(
        [
            _rows(("Toy kites for fun and profit in windy places and other", "ICSE 2023", "1")),
            "stormy weather",
            _rows(("A study of garden gnome migration patterns", "FSE 2022", "2")),
            _rows(("On the flight of paper planes in offices across the", "ASE 2021", "1")),
            "northern hemisphere",
        ]
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.venue.abbr, p.year) for p in pubs] == [
        ("Toy kites for fun and profit in windy places and other stormy weather", "ICSE", 2023),
        ("A study of garden gnome migration patterns", "FSE", 2022),
        ("On the flight of paper planes in offices across the northern hemisphere", "ASE", 2021),
    ]
    # the count is read as no field, and kept in the entry's raw text
    assert [p.raw.splitlines()[-1] for p in pubs[1:2]] == ["2"]


def test_a_row_of_column_names_is_no_paper_and_a_row_number_is_no_part_of_the_title() -> None:
    body = _rows(
        ("No.", "Title", "Venue", "Year"),
        ("1", "Toy kites for fun and profit in windy places", "ICSE", "2023"),
        ("2", "A study of garden gnome migration patterns", "FSE", "2022"),
    )
    cv = cv_with(body, heading="Publications")
    assert [(p.title, p.venue.abbr, p.year) for p in cv.publications] == [
        ("Toy kites for fun and profit in windy places", "ICSE", 2023),
        ("A study of garden gnome migration patterns", "FSE", 2022),
    ]
    strays = [w.text for w in cv.warnings if w.code is WarningCode.STRAY_LINE]
    assert strays == [TAB.join(("No.", "Title", "Venue", "Year"))]  # said, not dropped


def test_a_row_whose_cells_hold_the_authors_and_the_year_is_still_one_citation() -> None:
    body = _rows(
        ("Toy kites for fun and profit", "Ann Lee, Bo Wu", "ICSE", "2023"),
        ("Garden gnome migration patterns", "Bo Wu, Ann Lee", "FSE", "2022"),
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.authors, p.year, p.owner_position) for p in pubs] == [
        ("Toy kites for fun and profit", ["Ann Lee", "Bo Wu"], 2023, 1),
        ("Garden gnome migration patterns", ["Bo Wu", "Ann Lee"], 2022, 2),
    ]


def test_an_author_first_citation_with_its_venue_in_a_right_cell() -> None:
    body = "\n".join(
        [
            f"Ann Lee, Bo Wu. Toy kites for fun and profit in windy places{TAB}ICSE 2023",
            f"Bo Wu, Ann Lee. A study of garden gnome migration patterns{TAB}FSE 2022",
        ]
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.venue.abbr, p.year, p.owner_position) for p in pubs] == [
        ("Toy kites for fun and profit in windy places", "ICSE", 2023, 1),
        ("A study of garden gnome migration patterns", "FSE", 2022, 2),
    ]


def _sections(text: str) -> list[tuple[str, str | None]]:
    return [(s.key.value, s.heading) for s in bilingual_cv.parse(text).sections]


ZH_TABLE_CV = """# 李安

电话：138-0000-0000 | 邮箱：anli@example.edu

## 教育背景
2015.09-2020.06 玩具大学 计算机科学与技术 博士

## 学术服务
ICSE 2023 程序委员会委员。
发表论文情况
{rows}

## 获奖情况
2019 玩具大学优秀博士论文
"""


def test_a_plain_title_over_a_table_of_papers_inside_another_section_opens_a_list() -> None:
    # a PDF's text has no blank line above the title; the rows name no authors
    rows = _rows(
        ("Toy kites for fun and profit in windy places", "ICSE 2023", "1"),
        ("A study of garden gnome migration patterns", "FSE 2022", "2"),
    )
    cv = bilingual_cv.parse(ZH_TABLE_CV.format(rows=rows))
    assert [(s.key.value, s.heading) for s in cv.sections][2:4] == [
        ("service", "学术服务"),
        ("publications", "发表论文情况"),
    ]
    assert [(p.title, p.venue.abbr) for p in cv.publications] == [
        ("Toy kites for fun and profit in windy places", "ICSE"),
        ("A study of garden gnome migration patterns", "FSE"),
    ]
    assert cv.language == "zh"  # the papers' English counts as a list of works, not as text


def test_a_plain_title_the_lexicons_do_not_know_in_english_over_an_untabled_list() -> None:
    text = (
        "Ann Lee\nann@example.edu\n\nService\nReviewer, ICSE 2023.\nToy Science Papers\n"
        "Ann Lee, Bo Wu. Toy kites for fun and profit. In ICSE 2023.\n"
        "Bo Wu, Ann Lee. Garden gnome migration patterns. In FSE 2022.\n"
    )
    assert _sections(text)[1:] == [("service", "Service"), ("publications", "Toy Science Papers")]


def test_a_note_in_brackets_under_a_paper_opens_no_list() -> None:
    text = (
        "Ann Lee\nann@example.edu\n\nPublications\n"
        "Ann Lee, Bo Wu. Toy kites for fun and profit. In ICSE 2023.\n(Cover Paper)\n"
        "Bo Wu, Ann Lee. Garden gnome migration patterns. In FSE 2022.\n"
    )
    assert _sections(text)[1:] == [("publications", "Publications")]


def test_a_table_of_software_with_its_years_is_no_list_of_papers() -> None:
    rows = _rows(
        ("toy/kites | 77 | Kites that fly in the garden code", "2020", "MIT"),
        ("toy/gnomes | 12 | Gnome migration simulator and tools", "2019", "MIT"),
    )
    text = f"Ann Lee\nann@example.edu\n\nOpen Source\n{rows}\n"
    cv = bilingual_cv.parse(text)
    assert [s.key.value for s in cv.sections] == ["profile", "projects"]
    assert cv.publications == []


def test_a_column_the_header_names_as_the_owners_place_gives_each_paper_its_place() -> None:
    body = _rows(
        ("论文题目", "发表期刊/会议", "作者排序"),
        ("Toy kites for fun and profit in windy places", "ICSE 2023", "2"),
        ("A study of garden gnome migration patterns", "FSE 2022", "1"),
    )
    pubs = cv_with(body, name="李安", heading="发表论文").publications
    assert [(p.title, p.owner_position) for p in pubs] == [
        ("Toy kites for fun and profit in windy places", 2),
        ("A study of garden gnome migration patterns", 1),
    ]


def test_a_column_of_counts_the_header_does_not_name_gives_no_place() -> None:
    body = _rows(
        ("Title", "Venue", "Citations"),
        ("Toy kites for fun and profit in windy places", "ICSE 2023", "2"),
        ("A study of garden gnome migration patterns", "FSE 2022", "1"),
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.owner_position) for p in pubs] == [
        ("Toy kites for fun and profit in windy places", None),
        ("A study of garden gnome migration patterns", None),
    ]


WRAPPED_VENUE_CELLS = (
    "Quiet kites for noisy rivers",
    "Ann Lee, Bo Wu",
    "ICSE",
    "2024",
    "Slow gnomes in fast gardens",
    "Ann Lee",
    "Journal of Garden",
    "Gnome Studies",
    "2023",
    "Paper planes over open offices",
    "Ann Lee, Cy Ho",
    "FSE",
    "2022",
)


YEARS_AFTER_VENUES = (
    "Quiet kites for noisy rivers",
    "Ann Lee, Bo Wu",
    "Journal of Kites, 2024",
    "Slow gnomes in fast gardens",
    "Ann Lee",
    "Journal of Gnomes",
    "Paper Planes",
    "2022",
    "Fast kites over still lakes",
    "Ann Lee, Cy Ho",
    "Journal of Lakes, 2021",
)


def test_a_venue_cell_wrapped_over_two_lines_above_its_year_stays_with_its_paper() -> None:
    """A two-column table read cell by cell (title over authors, then venue over year): a
    venue too long for its cell wraps, and its rest is no title of the next paper."""
    body = "\n".join(WRAPPED_VENUE_CELLS)
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.year) for p in pubs] == [
        ("Quiet kites for noisy rivers", 2024),
        ("Slow gnomes in fast gardens", 2023),
        ("Paper planes over open offices", 2022),
    ]
    assert pubs[1].venue.name == "Journal of Garden Gnome Studies"


def test_a_short_line_before_a_year_is_no_venue_where_no_entry_closes_with_its_year() -> None:
    """Only in a list whose entries close with their year alone is a short line before a
    year the rest of a venue: here the years close the venue lines, so ``Paper Planes`` is
    no part of the venue above it."""
    body = "\n".join(YEARS_AFTER_VENUES)
    pubs = cv_with(body, heading="Publications").publications
    assert [p.venue.name for p in pubs[:2]] == ["Journal of Kites", "Journal of Gnomes"]
    assert pubs[1].year is None
