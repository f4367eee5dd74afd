"""Education entries: layouts, degrees, orphans, and every line landing in a raw."""

from __future__ import annotations

from pathlib import Path

import opencc
import pytest

import bilingual_cv
from bilingual_cv import parse_file
from bilingual_cv.clean import Unfolder, clean_text
from bilingual_cv.entries.education import parse_education
from bilingual_cv.io.readers import read_source
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.schema import CV, Degree, Lang, SectionKind
from bilingual_cv.sections.headings import split_sections
from tests.conftest import EXAMPLES_DIR, SEEDS_DIR, needs_seeds


def _section(text: str, lang: Lang = "en", first_line: int = 1) -> RawSection:
    lines = tuple(
        Line(first_line + n, x.text, x.origin, x.md_level, x.bold, x.bullet, x.italic)
        for n, x in enumerate(clean_text(text).lines)
    )
    return RawSection(
        SectionKind.EDUCATION, "Education", first_line, first_line + len(lines), lines, lang
    )


def _t2s(text: str) -> str:
    return str(opencc.OpenCC("t2s").convert(text))


def test_en_institution_then_degree_with_dates() -> None:
    entries, warnings = parse_education(
        _section(
            "Carnegie Mellon University Pittsburgh, PA\nPh.D. in Computer Science Aug. 2016 – May 2022\n• Advisor: Prof. Jane Roe\n• Thesis: Elastic State"
        )
    )
    (e,) = entries
    assert (e.institution, e.degree, e.field, e.start, e.end) == (
        "Carnegie Mellon University",
        Degree.PHD,
        "Computer Science",
        "2016-08",
        "2022-05",
    )
    assert (
        e.advisors == ["Jane Roe"]
        and e.thesis == "Elastic State"
        and e.location == "Pittsburgh, PA"
    )
    assert not warnings


def test_en_two_degrees_share_one_date_line() -> None:
    # seed 001: two B.S. lines under one institution sharing "2015 – 2020"
    text = "Some University City, WA\nB.S. in Computer Science,\nB.S. in Applied Mathematics\n(Algorithms track) 2015 – 2020"
    entries, _ = parse_education(_section(text))
    assert [(e.degree, e.field, e.start, e.end) for e in entries] == [
        (Degree.BACHELOR, "Computer Science", "2015", "2020"),
        (Degree.BACHELOR, "Applied Mathematics", "2015", "2020"),
    ]


def test_en_date_in_the_right_column_of_an_advisor_line() -> None:
    """A two-column layout: degree and institution, then the department and advisor with the
    dates in the right column, which the advisor's name must not swallow."""
    text = (
        "Ph.D. in Toy Science, Example University\tSpringfield, USA\n"
        "TOY SCIENCE DEPARTMENT, ADVISOR: ANN LEE\tAug. 2018 - Sept 2024\n"
        "B.S. in Play, Sample College\tShelbyville, USA\n"
        "DEPARTMENT OF PLAY, ADVISOR: BO WU\tSept. 2014 - Jun. 2018\n"
    )
    entries, warnings = parse_education(_section(text))
    assert [(e.institution, e.degree, e.start, e.end, e.advisors) for e in entries] == [
        ("Example University", Degree.PHD, "2018-08", "2024-09", ["ANN LEE"]),
        ("Sample College", Degree.BACHELOR, "2014-09", "2018-06", ["BO WU"]),
    ]
    assert not [w for w in warnings if w.code == "date_unparsed"]


def test_zh_unit_lines_and_degree_mentions_under_a_dated_degree_are_details() -> None:
    """A school of the university, a ranking line and a sentence that mention a degree word
    ("本科加权排名", "本科学习") open no entry of their own."""
    text = (
        "虚构理工大学\t湖北省，武汉市\n"
        "本科 玩具科学与技术\t2014.09 – 2018.06\n"
        "玩具与游戏学院 (TGS)\n"
        "本科加权排名 – 3/160\n"
        "虚构理工大学\t湖北省，武汉市\n"
        "博士 玩具系统结构\t2018.09 – 2023.06\n"
        "博士期间研究领域 – 玩具内存, 积木存储系统.\n"
        "示例科技大学\t上海，中国\n"
        "**工学学士，玩具科学专业**\t2010 年 9 月 – 2014 年 7 月\n"
        "玩具科学与工程本科学习。\n"
    )
    entries, _ = parse_education(_section(text, "zh"))
    assert [(e.institution, e.degree, e.start, e.end) for e in entries] == [
        ("虚构理工大学", Degree.BACHELOR, "2014-09", "2018-06"),
        ("虚构理工大学", Degree.PHD, "2018-09", "2023-06"),
        ("示例科技大学", Degree.BACHELOR, "2010-09", "2014-07"),
    ]
    assert "玩具与游戏学院 (TGS)" in entries[0].raw


def test_expected_year_beside_a_range_open_to_the_present_ends_the_degree() -> None:
    zh, _ = parse_education(
        _section("示例大学\t上海\n玩具科学博士（预计 2026 年毕业）\t2020 年 9 月 – 至今", "zh")
    )
    en, _ = parse_education(
        _section("Example University\nPh.D. in Toy Science (expected 2027)\tSept 2021 – Present")
    )
    assert [(e.degree, e.field, e.start, e.end, e.expected) for e in (*zh, *en)] == [
        (Degree.PHD, "玩具科学", "2020-09", "2026", True),
        (Degree.PHD, "Toy Science", "2021-09", "2027", True),
    ]


def test_header_forms_from_real_layouts() -> None:
    """A degree written as a sentence, a month with a comma, an acronym after the name; a
    Chinese header whose last field is a label ("绩点排名: 4/135") and a date in a column."""
    en, _ = parse_education(
        _section(
            "**Example University of Technology** (EUT)\t**Sept., 2011 - Jul., 2015**\n"
            "Bachelor in Toy Science and Technology & Play (double degree).\n"
            "Major GPA: 4.0, Top 1 of 58.\n"
        )
    )
    zh, _ = parse_education(
        _section(
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


def test_en_location_line_between_institution_and_degree() -> None:
    # seed 004 layout: institution / location / degree / dates / advisor
    text = "Some University – North\nBerkeley, California\nPostdoctoral Researcher\nSep 2019 - Jun 2020\n- Advisor: A. Person\nOther University\nSeattle, Washington\nPh.D. in CSE\nSep 2013 - Aug 2019"
    entries, _ = parse_education(_section(text))
    assert [(e.institution, e.degree, e.start, e.end, e.location) for e in entries] == [
        ("Some University – North", Degree.POSTDOC, "2019-09", "2020-06", "Berkeley, California"),
        ("Other University", Degree.PHD, "2013-09", "2019-08", "Seattle, Washington"),
    ]
    assert entries[0].advisors == ["A. Person"]


def test_en_candidate_with_single_expected_date() -> None:
    # seed 003: "Ph.D. Candidate, Computer Science, May 2024 (expected)"
    entries, _ = parse_education(
        _section(
            "Some University\nPh.D. Candidate, Computer Science, May 2024 (expected)\nB.Eng. in EE, May 2019"
        )
    )
    assert [(e.degree, e.field, e.start, e.end, e.expected) for e in entries] == [
        (Degree.PHD, "Computer Science", None, "2024-05", True),
        (Degree.BACHELOR, "EE", None, "2019-05", False),
    ]


def test_unit_before_institution() -> None:
    # seed 000: "Department of ..., Tsinghua University" / "BEng in Computer Science"
    entries, warnings = parse_education(
        _section("Department of Physics, Some University\nBEng in Physics")
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
    (e,), _ = parse_education(_section(line + "\n• 导师: 张三,研究方向: 分布式系统", "zh"))
    assert (e.institution, e.degree, e.lang) == ("某某大学", degree, "zh")
    assert e.advisors == ["张三"]
    assert e.field is not None and e.start is not None and e.end is not None


def test_zh_expected_marker() -> None:
    (e,), _ = parse_education(
        _section("某某大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)", "zh")
    )
    assert (e.field, e.start, e.end, e.expected) == ("计算机科学与技术", "2019-09", "2025-03", True)


def test_zh_hant_folded() -> None:
    text = _t2s(
        "國立臺灣大學 資訊工程學系 博士 民國104年9月至民國108年6月\n• 指導教授:林志明 教授\n國立清華大學 資訊工程研究所 碩士 民國102年9月至民國104年6月"
    )
    entries, _ = parse_education(_section(text, "zh"))
    assert [(e.institution, e.degree, e.start, e.end) for e in entries] == [
        ("国立台湾大学", Degree.PHD, "2015-09", "2019-06"),
        ("国立清华大学", Degree.MASTER, "2013-09", "2015-06"),
    ]
    assert entries[0].advisors == ["林志明"]


def test_orphan_dates_and_advisors_are_placed_chronologically() -> None:
    # seed 000: the dates and advisor lines landed in the next section
    section = _section(
        "Some University\nPh.D. in Computer Science\nOther University\nBEng in Computer Science"
    )
    orphans = [
        Line(30, "Jul. 2024"),
        Line(31, "Expected: 2029"),
        Line(32, "Advisor: Prof. A"),
        Line(33, "Advisor: Prof. B"),
    ]
    entries, warnings = parse_education(section, orphans)
    assert [(e.degree, e.start, e.end, e.expected, e.advisors) for e in entries] == [
        (Degree.PHD, None, "2029", True, ["A"]),
        (Degree.BACHELOR, None, "2024-07", False, ["B"]),
    ]
    assert sorted(w.line or 0 for w in warnings if w.code == "line_moved") == [30, 31, 32, 33]
    assert "Expected: 2029" in entries[0].raw and "Jul. 2024" in entries[1].raw


def test_orphans_not_placed_when_counts_disagree() -> None:
    section = _section(
        "Some University\nPh.D. in Computer Science\nOther University\nBEng in Computer Science"
    )
    entries, warnings = parse_education(section, [Line(30, "Jul. 2024")])
    assert all(e.end is None for e in entries)
    assert not [w for w in warnings if w.code == "line_moved"]


def _all_raw_lines(cv: CV) -> set[str]:
    lines: set[str] = set()
    raws = [e.raw for e in cv.education]
    raws += [e.raw for e in [*cv.experience, *cv.research_experience]]
    raws += [a.raw for a in cv.awards]
    raws += [i.raw for i in [*cv.talks, *cv.teaching, *cv.service, *cv.mentoring]]
    raws += [i.raw for i in [*cv.skills, *cv.projects, *cv.grants, *cv.other]]
    for raw in raws:
        lines.update(x.strip() for x in raw.splitlines())
    return lines


#: Sections whose every line must land in an entry's raw (publications are checked elsewhere).
ENTRY_SECTIONS = {
    SectionKind.EDUCATION,
    SectionKind.EXPERIENCE,
    SectionKind.RESEARCH_EXPERIENCE,
    SectionKind.AWARDS,
    SectionKind.TALKS,
    SectionKind.TEACHING,
    SectionKind.SERVICE,
    SectionKind.MENTORING,
    SectionKind.SKILLS,
    SectionKind.PROJECTS,
    SectionKind.GRANTS,
    SectionKind.OTHER,
}


def assert_every_line_lands(path: Path) -> None:
    cv = parse_file(path)
    raw = _all_raw_lines(cv)
    warned = {w.line for w in cv.warnings if w.code in ("stray_line", "line_moved")}
    cleaned = clean_text(read_source(path).text)
    printed = Unfolder(cleaned)  # raw keeps the script the CV printed
    sections, _ = split_sections(cleaned.lines)
    for section in sections:
        if section.key not in ENTRY_SECTIONS:
            continue
        for line in section.lines:
            if line.is_blank or line.no in warned:
                continue
            assert printed(line.text.strip()) in raw, (
                f"{path.name}:{line.no} {line.text!r} is in no entry's raw"
            )


@pytest.mark.parametrize("path", sorted(EXAMPLES_DIR.glob("*_*.*")), ids=lambda p: p.name)
def test_every_example_line_lands_in_a_raw(path: Path) -> None:
    assert_every_line_lands(path)


@needs_seeds
@pytest.mark.parametrize("name", ["000", "001", "002", "003", "004"])
def test_every_seed_line_lands_in_a_raw(name: str) -> None:
    paths = sorted(SEEDS_DIR.glob(f"{name}_*.txt"))
    if not paths:
        pytest.skip(f"seed {name} is absent")
    assert_every_line_lands(paths[0])


def test_date_first_lines_of_a_moderncv_layout() -> None:
    cv = bilingual_cv.parse(
        "Ann Lee\n\nEducation\n"
        "2017–2023 Ph.D. in Computer Science, Cornell University, Ithaca, NY.\n"
        "Thesis: Verified Storage Systems. Advisor: Prof. Bo Wu.\n"
        "2013–2017 B.S. in Mathematics, Fudan University, Shanghai, China.\n"
    )
    assert [(e.institution, e.degree.value, e.field, e.start, e.end) for e in cv.education] == [
        ("Cornell University", "phd", "Computer Science", "2017", "2023"),
        ("Fudan University", "bachelor", "Mathematics", "2013", "2017"),
    ]
    assert cv.education[0].advisors == ["Bo Wu"] and not [
        w for w in cv.warnings if w.code == "date_unparsed"
    ]


def test_institution_and_location_columns_with_an_associate_degree() -> None:
    cv = bilingual_cv.parse(
        "Jake Ryan\n\nEducation\nSouthwestern University\tGeorgetown, TX\n"
        "Bachelor of Arts in Computer Science, Minor in Business\tAug. 2018 – May 2021\n"
        "Blinn College\tBryan, TX\nAssociate's in Liberal Arts\tAug. 2014 – May 2018\n"
    )
    assert [(e.institution, e.degree.value, e.location, e.start, e.end) for e in cv.education] == [
        ("Southwestern University", "bachelor", "Georgetown, TX", "2018-08", "2021-05"),
        ("Blinn College", "other", "Bryan, TX", "2014-08", "2018-05"),
    ]


# --- résumé templates (tests/entries/cases/, fictional) ---------------------------------

CASES_DIR = Path(__file__).resolve().parent / "cases"


def _education(name: str) -> list[tuple[str | None, str, str | None, str | None, str | None, bool]]:
    cv = parse_file(CASES_DIR / name)
    return [
        (e.institution, e.degree.value, e.field, e.start, e.end, e.expected) for e in cv.education
    ]


@pytest.mark.parametrize("path", sorted(CASES_DIR.glob("*.txt")), ids=lambda p: p.name)
def test_every_template_line_lands_in_a_raw(path: Path) -> None:
    assert_every_line_lands(path)


def test_en_jake_institution_location_then_degree_dates() -> None:
    assert _education("en_jake_student.txt") == [
        ("Southwestern University", "bachelor", "Computer Science", "2018-08", "2021-05", False),
        ("Blinn College", "other", "Liberal Arts", "2014-08", "2018-05", False),
    ]


def test_en_linkedin_restated_degree_abbreviation() -> None:
    # "Doctor of Philosophy - PhD, Computer Science · (2010 - 2015)"
    assert _education("en_linkedin.txt") == [
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


def test_en_europass_day_first_dates() -> None:
    cv = parse_file(CASES_DIR / "en_europass.txt")
    assert [(e.start, e.end) for e in cv.education] == [
        ("2016-09-01", "2020-06-30"),
        ("2014-09-01", "2016-07-15"),
    ]


def test_en_one_line_degrees_year_only_is_the_end() -> None:
    assert _education("en_one_line.txt") == [
        ("Stanford University", "phd", "Computer Science", None, "2015", False),
        ("Stanford University", "master", "Computer Science", None, "2012", False),
        ("Seoul National University", "bachelor", "Mathematics", None, "2010", False),
    ]


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
    assert _education("en_degrees.txt") == [
        ("University of Oxford", "phd", "Computer Science", "2021", "2026", True),
        ("University of Cambridge", "master", "Advanced Computer Science", "2019", "2020", False),
        ("Technische Universität München", "master", "Informatics", "2013", "2019", False),
        ("Imperial College London", "master", "Computing", None, "2026-05", True),
        ("ETH Zurich", "other", None, None, "2018", False),
        ("University of Toronto", "phd", "Computer Science", None, "2026", True),
        ("University of Waterloo", "phd", "Statistics", "2020", "present", False),
    ]
    assert parse_file(CASES_DIR / "en_degrees.txt").education[0].location == "Oxford, UK"


def test_en_degree_line_first_then_institution() -> None:
    cv = bilingual_cv.parse(
        "A B\n\nEducation\nPh.D. in Computer Science\t2017 - 2023\nStanford University\tStanford, CA\n"
        "B.S. in Mathematics\t2013 - 2017\nPeking University\tBeijing, China\n"
    )
    assert [(e.institution, e.degree.value, e.start, e.end, e.location) for e in cv.education] == [
        ("Stanford University", "phd", "2017", "2023", "Stanford, CA"),
        ("Peking University", "bachelor", "2013", "2017", "Beijing, China"),
    ]


def test_zh_date_first_table_rows() -> None:
    assert _education("zh_table.txt") == [
        ("北京大学", "phd", "计算机软件与理论", "2019-09", "2024-06", False),
        ("清华大学", "bachelor", "计算机系", "2015-09", "2019-06", False),
    ]


def test_zh_form_lines() -> None:
    # "时间：2019年9月至今  学校：浙江大学  专业：计算机科学与技术  学历：博士研究生"
    assert _education("zh_labels.txt") == [
        ("浙江大学", "phd", "计算机科学与技术", "2019-09", "present", False),
        ("南京大学", "bachelor", "软件工程", "2015-09", "2019-06", False),
    ]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        (
            "School: Some University\nMajor: Software Engineering\nDegree: Master of Engineering\nDates: 2019.09 - 2022.06",
            "en",
        ),
        ("学校：某某大学\n专业：软件工程\n学历：硕士研究生\n时间：2019.09-2022.06", "zh"),
    ],
)
def test_form_lines_one_field_per_line(text: str, lang: Lang) -> None:
    entries, warnings = parse_education(_section(text, lang))
    assert [(e.degree, e.field, e.start, e.end) for e in entries] == [
        (
            Degree.MASTER,
            "软件工程" if lang == "zh" else "Software Engineering",
            "2019-09",
            "2022-06",
        )
    ]
    assert entries[0].institution in ("Some University", "某某大学") and not warnings


def test_zh_form_lines_one_field_per_line() -> None:
    cv = bilingual_cv.parse(
        "张三\n\n教育背景\n学校：浙江大学\n专业：软件工程\n学历：硕士研究生\n时间：2019.09-2022.06\n"
    )
    assert [(e.institution, e.degree.value, e.field, e.start, e.end) for e in cv.education] == [
        ("浙江大学", "master", "软件工程", "2019-09", "2022-06")
    ]


def test_zh_degree_words_with_suffixes() -> None:
    rows = _education("zh_degrees.txt")
    assert [(r[0], r[1], r[3], r[4]) for r in rows] == [
        ("复旦大学", "master", "2020-09", "2023-06"),
        ("武汉大学", "bachelor", "2016-09", "2020-06"),
        ("上海交通大学", "phd", "2023-09", "present"),
    ]


def test_zh_hant_taiwan_era_dates() -> None:
    assert _education("zh_hant_taiwan.txt") == [
        # every field in the script the CV printed (matching ran on the folded copy)
        ("國立臺灣大學", "phd", "資訊工程學系", "2015-09", "2019-06", False),
        ("國立清華大學", "master", "資訊工程研究所", "2013-09", "2015-06", False),
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
    entries, _ = parse_education(_section(text))
    assert [(e.institution, e.degree, e.end, e.location) for e in entries] == [
        ("Example University", Degree.PHD, "2019", "Springfield, Illinois"),
        ("Example Tech", Degree.BACHELOR, "2014", "Shelbyville, Virginia"),
        ("Lakeside High School", Degree.OTHER, "2010", "Ogdenville, Virginia"),
    ]


def test_an_advisor_named_on_the_degree_line() -> None:
    """The advisor in brackets or after the degree on its own line: an advisor, not the
    field (ideographic spaces between the columns)."""
    entries, _ = parse_education(
        _section(
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


def test_dates_printed_end_over_start_in_a_left_column() -> None:
    """A left column prints each degree's end above its start: the institution line opens
    with the end, the degree line below with the start; the advisor label holds the degree
    word (博士导师, 博士后合作导师); a field holding 系统 is no department."""
    entries, _ = parse_education(
        _section(
            "至今 **示例大学** • 玩具光电研究中心\n"
            "2023.03 玩具光学工程 • 博士后合作导师：张三，李四\n"
            "2022.12 **示例大学** • 玩具光电研究中心\n"
            "2016.09 计算机系统结构 • 博士导师：张三\n"
            "2016.06 **虚构民族大学** • 电子信息工程学院\n"
            "2012.09 电子信息工程 • 学士\n",
            "zh",
        )
    )
    assert [
        (e.institution, e.degree.value, e.field, e.start, e.end, e.advisors) for e in entries
    ] == [
        ("示例大学", "postdoc", "玩具光学工程", "2023-03", "present", ["张三", "李四"]),
        ("示例大学", "phd", "计算机系统结构", "2016-09", "2022-12", ["张三"]),
        ("虚构民族大学", "bachelor", "电子信息工程", "2012-09", "2016-06", []),
    ]
    assert entries[0].raw.startswith("至今 示例大学")  # raw as printed, date first


def test_degrees_that_each_open_with_their_year_are_no_stacked_dates() -> None:
    entries, _ = parse_education(
        _section("2019 Ph.D., Example University\n2015 B.S., Sample College\n")
    )
    assert [(e.institution, e.degree.value, e.start, e.end) for e in entries] == [
        ("Example University", "phd", None, "2019"),
        ("Sample College", "bachelor", None, "2015"),
    ]
