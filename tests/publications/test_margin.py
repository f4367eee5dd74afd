"""Publication lists whose entries carry a tag in a left margin column
(:mod:`bilingual_cv.publications.margin`), printed as text extracted with its layout: the tag,
a wide gap, the entry; the entry's other lines indented to the entry's column (fictional)."""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.lines import Line
from bilingual_cv.publications.margin import read_margin_tags

from .conftest import cv_with

TAB = "\t"


def _fields(body: str) -> list[tuple[object, ...]]:
    return [
        (p.title, p.authors, p.year, p.venue.abbr)
        for p in cv_with(body, heading="Publications").publications
    ]


def _warnings(body: str) -> list[str]:
    return [w.code.value for w in cv_with(body, heading="Publications").warnings]


VENUE_TAGS = """\
SOSP'23   Spinning Tops for Distributed Storage.
          Ann Toyson, Bo Kite, and Cy Drum.
NSDI'22   Wooden Trains at Datacenter Scale.
          Bo Kite and Ann Toyson.
ICML 2021 Learning to Stack Blocks with Little Supervision.
          Ann Toyson."""


def test_venue_and_year_tags_open_entries_and_name_their_venues() -> None:
    assert _fields(VENUE_TAGS) == [
        (
            "Spinning Tops for Distributed Storage",
            ["Ann Toyson", "Bo Kite", "Cy Drum"],
            2023,
            "SOSP",
        ),
        ("Wooden Trains at Datacenter Scale", ["Bo Kite", "Ann Toyson"], 2022, "NSDI"),
        ("Learning to Stack Blocks with Little Supervision", ["Ann Toyson"], 2021, "ICML"),
    ]
    assert "stray_line" not in _warnings(VENUE_TAGS)


def test_number_and_letter_tags_are_labels_and_entries_open_with_their_authors() -> None:
    body = (
        "[C3]   Ann Toyson, Bo Kite, and Cy Drum. Spinning Tops for Distributed\n"
        "       Storage. In Proceedings of the Toy Systems Workshop, 2023.\n"
        "J2     Bo Kite and Ann Toyson. Wooden Trains at Datacenter Scale.\n"
        "       Journal of Toy Networks, 2022.\n"
        "C-4    Ann Toyson. Learning to Stack Blocks with Little Supervision.\n"
        "       In Workshop on Toy Learning, 2021."
    )
    cv = cv_with(body, heading="Publications")
    assert [(p.title, p.authors, p.year) for p in cv.publications] == [
        ("Spinning Tops for Distributed Storage", ["Ann Toyson", "Bo Kite", "Cy Drum"], 2023),
        ("Wooden Trains at Datacenter Scale", ["Bo Kite", "Ann Toyson"], 2022),
        ("Learning to Stack Blocks with Little Supervision", ["Ann Toyson"], 2021),
    ]
    assert [p.venue.raw for p in cv.publications] == [
        "In Proceedings of the Toy Systems Workshop, 2023.",
        "Journal of Toy Networks, 2022.",
        "In Workshop on Toy Learning, 2021.",
    ]
    assert cv.publications[1].raw.startswith("J2 ")  # the label stays in the entry's text


def test_year_tags_date_entries_wrapped_over_three_lines() -> None:
    body = (
        "2023      Spinning Tops for Distributed Storage.\n"
        "          Ann Toyson, Bo Kite, and Cy Drum.\n"
        "          In Proceedings of the Toy Systems Workshop.\n"
        "2022      Wooden Trains at Datacenter Scale.\n"
        "          Bo Kite and Ann Toyson.\n"
        "2021      Learning to Stack Blocks with Little Supervision.\n"
        "          Ann Toyson."
    )
    cv = cv_with(body, heading="Publications")
    assert [(p.title, p.authors, p.year) for p in cv.publications] == [
        ("Spinning Tops for Distributed Storage", ["Ann Toyson", "Bo Kite", "Cy Drum"], 2023),
        ("Wooden Trains at Datacenter Scale", ["Bo Kite", "Ann Toyson"], 2022),
        ("Learning to Stack Blocks with Little Supervision", ["Ann Toyson"], 2021),
    ]
    assert cv.publications[0].venue.raw == "In Proceedings of the Toy Systems Workshop."


def test_a_tag_wrapped_in_its_column_is_one_tag() -> None:
    body = (
        "SOSP'23    Spinning Tops for Distributed Storage.\n"
        "           Ann Toyson, Bo Kite, and Cy Drum.\n"
        "ICML       Learning to Stack Blocks with Little Supervision.\n"
        "2021       Ann Toyson and Bo Kite.\n"
        "NSDI 2022  Wooden Trains at Datacenter Scale.\n"
        "           Bo Kite and Ann Toyson."
    )
    assert _fields(body) == [
        (
            "Spinning Tops for Distributed Storage",
            ["Ann Toyson", "Bo Kite", "Cy Drum"],
            2023,
            "SOSP",
        ),
        (
            "Learning to Stack Blocks with Little Supervision",
            ["Ann Toyson", "Bo Kite"],
            2021,
            "ICML",
        ),
        ("Wooden Trains at Datacenter Scale", ["Bo Kite", "Ann Toyson"], 2022, "NSDI"),
    ]


def test_tags_before_tabs() -> None:
    body = (
        f"[C3]{TAB}Spinning Tops for Distributed Storage.\n"
        f"{TAB}Ann Toyson, Bo Kite, and Cy Drum.\n"
        f"{TAB}Toy Systems Workshop, 2023.\n"
        f"J2{TAB}Wooden Trains at Datacenter Scale.\n"
        f"{TAB}Bo Kite and Ann Toyson.\n"
        f"{TAB}Journal of Toy Networks, 2022."
    )
    cv = cv_with(body, heading="Publications")
    assert [(p.title, p.authors, p.year, p.venue.raw) for p in cv.publications] == [
        (
            "Spinning Tops for Distributed Storage",
            ["Ann Toyson", "Bo Kite", "Cy Drum"],
            2023,
            "Toy Systems Workshop, 2023.",
        ),
        (
            "Wooden Trains at Datacenter Scale",
            ["Bo Kite", "Ann Toyson"],
            2022,
            "Journal of Toy Networks, 2022.",
        ),
    ]


def test_one_line_entries_beside_their_tags() -> None:
    body = (
        "J1    Bo Kite and Ann Toyson. Wooden Trains at Datacenter Scale. Journal of Toy Networks, 2022.\n"
        "J2    Ann Toyson. Learning to Stack Blocks with Little Supervision. Toy Letters, 2021.\n"
        "C-1   Ann Toyson and Cy Drum. Spinning Tops for Distributed Storage. Toy Systems Workshop, 2020."
    )
    cv = cv_with(body, heading="Publications")
    assert [(p.title, p.authors, p.year) for p in cv.publications] == [
        ("Wooden Trains at Datacenter Scale", ["Bo Kite", "Ann Toyson"], 2022),
        ("Learning to Stack Blocks with Little Supervision", ["Ann Toyson"], 2021),
        ("Spinning Tops for Distributed Storage", ["Ann Toyson", "Cy Drum"], 2020),
    ]


def test_chinese_entries_beside_venue_tags() -> None:
    body = (
        "SOSP'23   陀螺在分布式存储中的应用研究\n"
        "          张小明，李大华，王小红\n"
        "NSDI'22   数据中心规模的木头火车\n"
        "          李大华，张小明\n"
        "ICML 2021 少量监督下的积木堆叠学习方法\n"
        "          张小明"
    )
    cv = bilingual_cv.parse(f"张小明\nzhang@example.edu\n\n论文\n\n{body}\n")
    assert [(p.title, p.authors, p.year, p.venue.abbr) for p in cv.publications] == [
        ("陀螺在分布式存储中的应用研究", ["张小明", "李大华", "王小红"], 2023, "SOSP"),
        ("数据中心规模的木头火车", ["李大华", "张小明"], 2022, "NSDI"),
        ("少量监督下的积木堆叠学习方法", ["张小明"], 2021, "ICML"),
    ]


def test_the_year_the_entry_states_wins_over_its_tags() -> None:
    body = (
        "SOSP'23   Spinning Tops for Distributed Storage.\n"
        "          Ann Toyson and Bo Kite.\n"
        "          Toy Systems Workshop, 2022.\n"
        "NSDI'22   Wooden Trains at Datacenter Scale.\n"
        "          Bo Kite and Ann Toyson."
    )
    cv = cv_with(body, heading="Publications")
    assert [(p.title, p.year, p.venue.raw) for p in cv.publications] == [
        ("Spinning Tops for Distributed Storage", 2022, "Toy Systems Workshop, 2022."),
        ("Wooden Trains at Datacenter Scale", 2022, "NSDI'22"),
    ]


def _lines(*rows: tuple[int, str]) -> list[Line]:
    return [Line(no, text, indent=indent) for no, (indent, text) in enumerate(rows, start=1)]


def test_lists_without_margin_tags_are_no_margin_lists() -> None:
    hanging = _lines(
        (0, "Ann Toyson and Bo Kite. Spinning Tops for Distributed Storage. In"),
        (4, "Proceedings of the Toy Systems Workshop, 2023."),
        (0, "Bo Kite. Wooden Trains at Datacenter Scale. Journal of Toy"),
        (4, "Networks, 2022."),
    )
    right_years = _lines(
        (0, "Spinning Tops for Distributed Storage                       2023"),
        (0, "Ann Toyson and Bo Kite"),
        (0, "Wooden Trains at Datacenter Scale                           2022"),
        (0, "Bo Kite"),
    )
    ranges = _lines(
        (0, "2019 – 2023  Assistant Professor, Toy University"),
        (0, "2016 – 2019  Research Fellow, Kite Institute"),
    )
    numbered = _lines(
        (0, "[1]  Ann Toyson. Spinning Tops for Distributed Storage."),
        (5, "Toy Systems Workshop, 2023."),
        (0, "[2]  Bo Kite. Wooden Trains at Datacenter Scale. Toy Letters, 2022."),
    )
    for lines in (hanging, right_years, ranges, numbered):
        assert read_margin_tags(lines) is None


def test_a_hanging_indent_list_and_an_experience_list_read_as_before() -> None:
    body = (
        "Ann Toyson and Bo Kite. Spinning Tops for Distributed Storage. In\n"
        "    Proceedings of the Toy Systems Workshop, 2023.\n"
        "Bo Kite and Ann Toyson. Wooden Trains at Datacenter Scale. Journal of Toy\n"
        "    Networks, 2022."
    )
    assert [(p.title, p.year) for p in cv_with(body, heading="Publications").publications] == [
        ("Spinning Tops for Distributed Storage", 2023),
        ("Wooden Trains at Datacenter Scale", 2022),
    ]
    cv = bilingual_cv.parse(
        "Ann Toyson\nann@example.edu\n\nExperience\n\n"
        "2019 – 2023  Assistant Professor, Toy University\n"
        "2016 – 2019  Research Fellow, Kite Institute\n"
    )
    assert [(e.start, e.end) for e in cv.experience] == [("2019", "2023"), ("2016", "2019")]
