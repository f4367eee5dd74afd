"""What a line of an education section names (entries/degrees.py): degree words, restated
abbreviations, fields, institutions with and without an institution word, form lines, and
details written on the degree's line; read through the education parser."""

from __future__ import annotations

import pytest

import bilingual_cv
from bilingual_cv import parse_file
from bilingual_cv.entries.degrees import find_degree
from bilingual_cv.entries.education import parse_education
from bilingual_cv.schema import Degree
from tests.entries.builders import CASES_DIR, education_section, template_education


def test_expected_year_beside_a_range_open_to_the_present_ends_the_degree() -> None:
    zh, _ = parse_education(
        education_section(
            "示例大学\t上海\n玩具科学博士（预计 2026 年毕业）\t2020 年 9 月 – 至今", "zh"
        )
    )
    en, _ = parse_education(
        education_section(
            "Example University\nPh.D. in Toy Science (expected 2027)\tSept 2021 – Present"
        )
    )
    assert [(e.degree, e.field, e.start, e.end, e.expected) for e in (*zh, *en)] == [
        (Degree.PHD, "玩具科学", "2020-09", "2026", True),
        (Degree.PHD, "Toy Science", "2021-09", "2027", True),
    ]


def test_header_forms_from_real_layouts() -> None:
    """A degree written as a sentence, a month with a comma, an acronym after the name; a
    Chinese header whose last field is a label ("绩点排名: 4/135") and a date in a column."""
    en, _ = parse_education(
        education_section(
            "**Example University of Technology** (EUT)\t**Sept., 2011 - Jul., 2015**\n"
            "Bachelor in Toy Science and Technology & Play (double degree).\n"
            "Major GPA: 4.0, Top 1 of 58.\n"
        )
    )
    zh, _ = parse_education(
        education_section(
            "**示例大学 博士** 玩具科学与技术 积木算法 2013.8 – 预计 2019.1\n"
            "**虚构大学 学士** 软件工程 绩点排名: 4/135\t2008.8 – 2013.6\n",
            "zh",
        )
    )
    assert [(e.institution, e.degree, e.start, e.end) for e in (*en, *zh)] == [
        ("Example University of Technology", Degree.BACHELOR, "2011-09", "2015-07"),
        ("示例大学", Degree.PHD, "2013-08", "2019-01"),
        ("虚构大学", Degree.BACHELOR, "2008-08", "2013-06"),
    ]


def test_unit_before_institution() -> None:
    # seed 000: "Department of ..., Tsinghua University" / "BEng in Computer Science"
    entries, warnings = parse_education(
        education_section("Department of Physics, Some University\nBEng in Physics")
    )
    assert (entries[0].institution, entries[0].degree, entries[0].field) == (
        "Some University",
        Degree.BACHELOR,
        "Physics",
    )
    assert [w.code for w in warnings] == ["date_unparsed"]


@pytest.mark.parametrize(
    ("line", "degree"),
    [
        ("某某大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)", Degree.PHD),  # seed 002 layout
        ("某某大学,信息安全,工学学士 2015.9 - 2019.6", Degree.BACHELOR),
        ("某某大学,软件工程,直博 2020.9 - 2025.6", Degree.PHD),
        ("某某大学,软件工程,本科 2016.9 - 2020.6", Degree.BACHELOR),
    ],
)
def test_zh_one_line_entries(line: str, degree: Degree) -> None:
    (e,), _ = parse_education(education_section(line + "\n• 导师: 张三,研究方向: 分布式系统", "zh"))
    assert (e.institution, e.degree, e.lang) == ("某某大学", degree, "zh")
    assert e.advisors == ["张三"]
    assert e.field is not None and e.start is not None and e.end is not None


def test_zh_expected_marker() -> None:
    (e,), _ = parse_education(
        education_section("某某大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)", "zh")
    )
    assert (e.field, e.start, e.end, e.expected) == ("计算机科学与技术", "2019-09", "2025-03", True)


def test_en_linkedin_restated_degree_abbreviation() -> None:
    # "Doctor of Philosophy - PhD, Computer Science · (2010 - 2015)"
    assert template_education("en_linkedin.txt") == [
        ("Stanford University", "phd", "Computer Science", "2010", "2015", False),
        (
            "Tsinghua University",
            "bachelor",
            "Computer Science and Technology",
            "2006",
            "2010",
            False,
        ),
    ]


def test_en_linkedin_institution_without_an_institution_word() -> None:
    cv = bilingual_cv.parse(
        "Contact\n\nEducation\nMIT\nMaster of Science - MS, Computer Science\n"
        "University of Michigan\nBachelor of Science - BS, Computer Engineering · (2012 - 2016)\n"
    )
    assert [(e.institution, e.degree.value, e.field) for e in cv.education] == [
        ("MIT", "master", "Computer Science"),
        ("University of Michigan", "bachelor", "Computer Engineering"),
    ]


def test_en_europass_city_country_and_bracketed_abbreviation() -> None:
    cv = parse_file(CASES_DIR / "en_europass.txt")
    assert [(e.institution, e.degree.value, e.field, e.location) for e in cv.education] == [
        ("Politecnico di Milano", "phd", "Computer Engineering", "Milan (Italy)"),
        ("Università di Bologna", "master", "Computer Science", "Bologna (Italy)"),
    ]
    assert cv.education[0].thesis == "Energy-aware scheduling for edge clusters"


def test_en_one_line_degree_with_an_unknown_institution_name() -> None:
    cv = bilingual_cv.parse(
        "A B\n\nEducation\nPh.D., Computer Science, Stanford University, 2010 – 2015\n"
        "M.S. in Computer Science, MIT, 2012\n"
    )
    assert [(e.institution, e.degree.value, e.end) for e in cv.education] == [
        ("Stanford University", "phd", "2015"),
        ("MIT", "master", "2012"),
    ]


def test_en_degrees_spelled_out_and_expected_dates() -> None:
    assert template_education("en_degrees.txt") == [
        ("University of Oxford", "phd", "Computer Science", "2021", "2026", True),
        ("University of Cambridge", "master", "Advanced Computer Science", "2019", "2020", False),
        ("Technische Universität München", "master", "Informatics", "2013", "2019", False),
        ("Imperial College London", "master", "Computing", None, "2026-05", True),
        ("ETH Zurich", "other", None, None, "2018", False),
        ("University of Toronto", "phd", "Computer Science", None, "2026", True),
        ("University of Waterloo", "phd", "Statistics", "2020", "present", False),
    ]
    assert parse_file(CASES_DIR / "en_degrees.txt").education[0].location == "Oxford, UK"


def test_zh_form_lines() -> None:
    # "时间：2019年9月至今  学校：浙江大学  专业：计算机科学与技术  学历：博士研究生"
    assert template_education("zh_labels.txt") == [
        ("浙江大学", "phd", "计算机科学与技术", "2019-09", "present", False),
        ("南京大学", "bachelor", "软件工程", "2015-09", "2019-06", False),
    ]


def test_zh_degree_words_with_suffixes() -> None:
    rows = template_education("zh_degrees.txt")
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [
        ("复旦大学", "master", "2020-09", "2023-06"),
        ("武汉大学", "bachelor", "2016-09", "2020-06"),
        ("上海交通大学", "phd", "2023-09", "present"),
    ]


def test_an_institution_with_no_institution_word_beside_its_place() -> None:
    text = (
        "**Ph.D. in Toy Science** (3.90/4.00)\t2019\n"
        "Example University | Springfield, Illinois\n"
        "**B.S. in Toy Science, Honors** (3.99/4.00)\t2014\n"
        "Example Tech | Shelbyville, Virginia\n"
        "Advisors: Ann Lee, Bo Wu\n"
        "Lakeside High School | Ogdenville, Virginia\t2010\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree, e.end, e.location) for e in entries] == [
        ("Example University", Degree.PHD, "2019", "Springfield, Illinois"),
        ("Example Tech", Degree.BACHELOR, "2014", "Shelbyville, Virginia"),
        ("Lakeside High School", Degree.OTHER, "2010", "Ogdenville, Virginia"),
    ]


def test_an_advisor_named_on_the_degree_line() -> None:
    """The advisor in brackets or after the degree on its own line: an advisor, not the
    field (ideographic spaces between the columns)."""
    entries, _ = parse_education(
        education_section(
            "2012.09 – 2017.06\u3000虚构大学\u3000玩具科学与技术\u3000博士（导师：张三教授）\n"
            "2008.09-2012.06 示例理工大学 玩具工程 学士 导师：李四\n"
            "Ph.D. in Toy Science, Example University, 2020 (Advisor: Prof. Jane Roe)\n",
            "zh",
        )
    )
    assert [(e.institution, e.field, e.advisors) for e in entries] == [
        ("虚构大学", "玩具科学与技术", ["张三"]),
        ("示例理工大学", "玩具工程", ["李四"]),
        ("Example University", "Toy Science", ["Jane Roe"]),
    ]


def test_an_undotted_ma_before_its_field_is_a_master_and_a_state_code_is_none() -> None:
    text = (
        "2011 – 2016: Example University – Toyville, MA\nPhD in Computer Science\n"
        "2009 – 2011: Toy University – Toyton, NJ\nMA in Neuroscience\n"
        "2005 – 2009: Sample College – Sampleton, CA\nBA in Toy Studies\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree.value, e.field) for e in entries] == [
        ("Example University", "phd", "Computer Science"),
        ("Toy University", "master", "Neuroscience"),
        ("Sample College", "bachelor", "Toy Studies"),
    ]
    assert find_degree("Toy Lab, Cambridge, MA in Summer 2019") is None
