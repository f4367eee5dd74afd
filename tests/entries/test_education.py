"""Education entries (entries/education.py): lines grouped into degrees, shared and stacked
dates, orphans placed, and every line landing in a raw."""

from __future__ import annotations

from pathlib import Path

import opencc
import pytest

import bilingual_cv
from bilingual_cv import parse_file
from bilingual_cv.clean import Unfolder, clean_text
from bilingual_cv.entries.education import parse_education
from bilingual_cv.io.readers import read_source
from bilingual_cv.lines import Line
from bilingual_cv.schema import CV, Degree, Lang, SectionKind
from bilingual_cv.sections.split import split_sections
from tests.conftest import EXAMPLES_DIR, SEEDS_DIR, needs_seeds
from tests.entries.builders import CASES_DIR, education_section, template_education


def _t2s(text: str) -> str:
    return str(opencc.OpenCC("t2s").convert(text))


def test_en_institution_then_degree_with_dates() -> None:
    entries, warnings = parse_education(
        education_section(
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
    entries, _ = parse_education(education_section(text))
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
    entries, warnings = parse_education(education_section(text))
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
    entries, _ = parse_education(education_section(text, "zh"))
    assert [(e.institution, e.degree, e.start, e.end) for e in entries] == [
        ("虚构理工大学", Degree.BACHELOR, "2014-09", "2018-06"),
        ("虚构理工大学", Degree.PHD, "2018-09", "2023-06"),
        ("示例科技大学", Degree.BACHELOR, "2010-09", "2014-07"),
    ]
    assert "玩具与游戏学院 (TGS)" in entries[0].raw


def test_en_location_line_between_institution_and_degree() -> None:
    # seed 004 layout: institution / location / degree / dates / advisor
    text = "Some University – North\nBerkeley, California\nPostdoctoral Researcher\nSep 2019 - Jun 2020\n- Advisor: A. Person\nOther University\nSeattle, Washington\nPh.D. in CSE\nSep 2013 - Aug 2019"
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree, e.start, e.end, e.location) for e in entries] == [
        ("Some University – North", Degree.POSTDOC, "2019-09", "2020-06", "Berkeley, California"),
        ("Other University", Degree.PHD, "2013-09", "2019-08", "Seattle, Washington"),
    ]
    assert entries[0].advisors == ["A. Person"]


def test_en_candidate_with_single_expected_date() -> None:
    # seed 003: "Ph.D. Candidate, Computer Science, May 2024 (expected)"
    entries, _ = parse_education(
        education_section(
            "Some University\nPh.D. Candidate, Computer Science, May 2024 (expected)\nB.Eng. in EE, May 2019"
        )
    )
    assert [(e.degree, e.field, e.start, e.end, e.expected) for e in entries] == [
        (Degree.PHD, "Computer Science", None, "2024-05", True),
        (Degree.BACHELOR, "EE", None, "2019-05", False),
    ]


@pytest.mark.parametrize(
    ("text", "lang", "row"),
    [
        # issue 28 item 10: the mark anywhere on the degree's lines, not only beside its date
        (
            "Example University\n在读 Ph.D. in Computer Science, 2023 – 2028",
            "en",
            ("phd", "Computer Science", "2023", "2028", True),
        ),
        (
            "Example University, Ph.D. in Computer Science (expected 2028)",
            "en",
            ("phd", "Computer Science", None, "2028", True),
        ),
        (
            "Ph.D. candidate in Toy Science, Example University, expected May 2028",
            "en",
            ("phd", "Toy Science", None, "2028-05", True),
        ),
        (
            "示例大学 计算机科学 博士（在读） 2023.09 – 2028.06",
            "zh",
            ("phd", "计算机科学", "2023-09", "2028-06", True),
        ),
        (
            "2023.09 – 2028.06 示例大学 计算机科学 博士 在读",
            "zh",
            ("phd", "计算机科学", "2023-09", "2028-06", True),
        ),
        (
            "示例大学 计算机科学 博士 2023.09 – 至今（预计 2028 年毕业）",
            "zh",
            ("phd", "计算机科学", "2023-09", "2028", True),
        ),
        # a finished degree stays unmarked
        (
            "示例大学 计算机科学 硕士 2019.09 – 2022.06",
            "zh",
            ("master", "计算机科学", "2019-09", "2022-06", False),
        ),
        (
            "Example University\nB.S. in Computer Science, 2015 – 2019\n• Thesis: Expected Utility of Toys",
            "en",
            ("bachelor", "Computer Science", "2015", "2019", False),
        ),
    ],
)
def test_expected_degrees(text: str, lang: Lang, row: tuple[object, ...]) -> None:
    (entry,), _ = parse_education(education_section(text, lang))
    assert (entry.degree.value, entry.field, entry.start, entry.end, entry.expected) == row


def test_zh_hant_folded() -> None:
    text = _t2s(
        "國立臺灣大學 資訊工程學系 博士 民國104年9月至民國108年6月\n• 指導教授:林志明 教授\n國立清華大學 資訊工程研究所 碩士 民國102年9月至民國104年6月"
    )
    entries, _ = parse_education(education_section(text, "zh"))
    assert [(e.institution, e.degree, e.start, e.end) for e in entries] == [
        ("国立台湾大学", Degree.PHD, "2015-09", "2019-06"),
        ("国立清华大学", Degree.MASTER, "2013-09", "2015-06"),
    ]
    assert entries[0].advisors == ["林志明"]


def test_orphan_dates_and_advisors_are_placed_chronologically() -> None:
    # seed 000: the dates and advisor lines landed in the next section
    section = education_section(
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
    section = education_section(
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


@pytest.mark.parametrize("path", sorted(CASES_DIR.glob("*.txt")), ids=lambda p: p.name)
def test_every_template_line_lands_in_a_raw(path: Path) -> None:
    assert_every_line_lands(path)


def test_en_jake_institution_location_then_degree_dates() -> None:
    assert template_education("en_jake_student.txt") == [
        ("Southwestern University", "bachelor", "Computer Science", "2018-08", "2021-05", False),
        ("Blinn College", "other", "Liberal Arts", "2014-08", "2018-05", False),
    ]


def test_en_europass_day_first_dates() -> None:
    cv = parse_file(CASES_DIR / "en_europass.txt")
    assert [(e.start, e.end) for e in cv.education] == [
        ("2016-09-01", "2020-06-30"),
        ("2014-09-01", "2016-07-15"),
    ]


def test_en_one_line_degrees_year_only_is_the_end() -> None:
    assert template_education("en_one_line.txt") == [
        ("Stanford University", "phd", "Computer Science", None, "2015", False),
        ("Stanford University", "master", "Computer Science", None, "2012", False),
        ("Seoul National University", "bachelor", "Mathematics", None, "2010", False),
    ]


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
    assert template_education("zh_table.txt") == [
        ("北京大学", "phd", "计算机软件与理论", "2019-09", "2024-06", False),
        ("清华大学", "bachelor", "计算机系", "2015-09", "2019-06", False),
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
    entries, warnings = parse_education(education_section(text, lang))
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


def test_zh_hant_taiwan_era_dates() -> None:
    assert template_education("zh_hant_taiwan.txt") == [
        # every field in the script the CV printed (matching ran on the folded copy)
        ("國立臺灣大學", "phd", "資訊工程學系", "2015-09", "2019-06", False),
        ("國立清華大學", "master", "資訊工程研究所", "2013-09", "2015-06", False),
    ]


def test_dates_printed_end_over_start_in_a_left_column() -> None:
    """A left column prints each degree's end above its start: the institution line opens
    with the end, the degree line below with the start; the advisor label holds the degree
    word (博士导师, 博士后合作导师); a field holding 系统 is no department."""
    entries, _ = parse_education(
        education_section(
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
        education_section("2019 Ph.D., Example University\n2015 B.S., Sample College\n")
    )
    assert [(e.institution, e.degree.value, e.start, e.end) for e in entries] == [
        ("Example University", "phd", None, "2019"),
        ("Sample College", "bachelor", None, "2015"),
    ]


def test_a_visiting_stay_is_no_degree_and_a_bare_name_beside_its_country_is_its_institution() -> (
    None
):
    text = (
        "Example Institute of Science and Technology, Toyland\n"
        "    Ph.D. in Toy Engineering\tMar 2016 – Feb 2022\n"
        "    B.Sci. in Physics\tFeb 2010 – Feb 2014\n"
        "TOYCOM, France\n"
        "    Visiting Ph.D. Student in Toy Security\tJun 2014 – Jul 2014\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree.value, e.field, e.start) for e in entries] == [
        ("Example Institute of Science and Technology", "phd", "Toy Engineering", "2016-03"),
        ("Example Institute of Science and Technology", "bachelor", "Physics", "2010-02"),
        ("TOYCOM", "other", "Toy Security", "2014-06"),
    ]


def test_degree_label_first_then_department_then_institution_lines() -> None:
    # a Word CV: "Degree:" / department / "Institution, City, Country" / dates, per degree
    text = (
        "PhD:\n"
        "Dept. of Toy Science and Automation\n"
        "Example Institute of Science, Toyville, Toyland\n"
        "August 2006 – March 2011\n"
        "Master of Science (Engg):\n"
        "Dept. of Play Engineering,\n"
        "Example Institute of Science, Toyville, Toyland\n"
        "August 2001 – August 2003\n"
        "Bachelor of Engineering:\n"
        "Sample University (B.M.S. College of Engineering) Toy Engineering\n"
        "1996 – 2000\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree.value, e.start, e.end) for e in entries] == [
        ("Example Institute of Science", "phd", "2006-08", "2011-03"),
        ("Example Institute of Science", "master", "2001-08", "2003-08"),
        ("Sample University", "bachelor", "1996", "2000"),
    ]


def test_a_note_in_brackets_after_a_chinese_institution_is_no_part_of_its_name() -> None:
    text = "示例大学（推免生）\t计算机科学与技术 硕士\t2024.09 – 2027.07\n玩具大学（QS 世界大学排名前 200）\t计算机科学 博士\t2027.04 – 2030.04（预计）"
    entries, _ = parse_education(education_section(text, "zh"))
    assert [(e.institution, e.degree.value, e.expected) for e in entries] == [
        ("示例大学", "master", False),
        ("玩具大学", "phd", True),
    ]


def test_date_lines_first_and_paragraphs_of_prose_under_each_degree() -> None:
    # a Markdown homepage-CV: the years on a line of their own, then the degree, then prose
    text = (
        "2013-2018\n"
        "Ph.D. Electrical Engineering and Computer Science, ToyLab, TU Toyburg.\n\n"
        "Dissertation title: Compiler Assisted Toy Discovery\n\n"
        "Over the past five years, I have developed an expertise in toy code security\n"
        "audits, and compiler-driven static analyses of toys.\n\n"
        "2008-2010\n"
        "M.Sc. Computer Science, Ecole Polytechnique Toyale de Lausanne.\n\n"
        "At EPTL, I obtained a masters degree in computer science with a specialization\n"
        "in computer engineering. My masters thesis is titled “Attacks on toys”.\n\n"
        "2003-2007\n"
        "B.Tech Toy Engineering, Example Institute of Technology Toyland.\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree.value, e.start, e.end) for e in entries] == [
        ("TU Toyburg", "phd", "2013", "2018"),
        ("Ecole Polytechnique Toyale de Lausanne", "master", "2008", "2010"),
        ("Example Institute of Technology Toyland", "bachelor", "2003", "2007"),
    ]


def test_dated_school_lines_with_a_city_after_a_dash_are_entries_of_their_own() -> None:
    # "YEARS: School – City, Country" rows; an undated note line under one is no new school
    text = (
        "2005 – 2009: Sample University – Stanford, CA\n"
        "BS in Toy Systems with Honors\n"
        "2004 – 2005: Toy Academy – Marion, MA\n"
        "High school; Graduated with Honors\n"
        "2001 – 2004: Example Suksa School – Bangkok, Thailand\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree.value, e.start, e.location) for e in entries] == [
        ("Sample University", "bachelor", "2005", "Stanford, CA"),
        ("Toy Academy", "other", "2004", "Marion, MA"),
        ("Example Suksa School", "other", "2001", "Bangkok, Thailand"),
    ]


def test_zh_a_colon_inside_the_institutions_aside_is_no_label() -> None:
    # "示例大学(高考分:587)<TAB>专业<TAB>本科<TAB>dates": the colon belongs to the bracket, the
    # row is a degree, not a "label: value" detail of the degree above it
    text = (
        "示例电子大学(推免生)\t计算机科学与技术 硕士\t2024 年 09 月 – 2027 年 07 月\n"
        "GPA:3.7 / 5\t研究方向:玩具图像分割\n"
        "示例水利大学(高考分:587)\t人工智能\t本科\t2020 年 09 月 – 2024 年 07 月\n"
        "GPA: 4.0 / 5 (专业第一)\t相关课程:机器学习、深度学习\n"
    )
    entries, _ = parse_education(education_section(text, "zh"))
    assert [(e.institution, e.degree.value, e.start, e.end) for e in entries] == [
        ("示例电子大学", "master", "2024-09", "2027-07"),
        ("示例水利大学", "bachelor", "2020-09", "2024-07"),
    ]


def test_degree_bullets_under_a_bold_institution_are_degrees() -> None:
    # a markdown CV: the institution in bold, each degree a bullet under it; a bullet that
    # merely mentions a degree stays a detail
    text = (
        "**Example University**, Toyville, CA\n"
        "- Ph.D. in Computer Science, 2019 – 2024\n"
        "- Mentored two master students on toy robots\n"
        "- M.S. in Computer Science, 2017 – 2019\n"
        "**Toy College**\n"
        "- B.A. in Mathematics, 2013 – 2017\n"
    )
    entries, _ = parse_education(education_section(text))
    assert [(e.institution, e.degree.value, e.field, e.start) for e in entries] == [
        ("Example University", "phd", "Computer Science", "2019"),
        ("Example University", "master", "Computer Science", "2017"),
        ("Toy College", "bachelor", "Mathematics", "2013"),
    ]
    zh, _ = parse_education(
        education_section("**示例交通大学** 2010.9 - 2015.7\n- 交通信息工程 博士学位\n", "zh")
    )
    assert [(e.institution, e.degree.value, e.start) for e in zh] == [
        ("示例交通大学", "phd", "2010-09")
    ]


def test_institution_glued_to_field_and_degree_in_one_chinese_run() -> None:
    # fictional Taiwanese and mainland lines: "國立XX大學" with no space before the field and
    # the degree; the same line with spaces reads the same
    text = (
        "林玩具\n\n學歷\n"
        "國立玩具大學資訊工程博士（2005年9月～2010年6月）\n"
        "2001.9-2005.6　美國玩具州立大學電機工程學士\n"
        "积木大学计算机科学与技术专业硕士（2010年9月～2012年6月）\n"
        "國立積木大學　資訊管理　碩士（2012年9月～2014年6月）\n"
    )
    assert [
        (e.institution, e.field, e.degree.value if e.degree else None, e.start)
        for e in bilingual_cv.parse(text).education
    ] == [
        ("國立玩具大學", "資訊工程", "phd", "2005-09"),
        ("美國玩具州立大學", "電機工程", "bachelor", "2001-09"),
        ("积木大学", "计算机科学与技术专业", "master", "2010-09"),
        ("國立積木大學", "資訊管理", "master", "2012-09"),
    ]


def test_hong_kong_field_in_brackets_after_the_degree() -> None:
    # a fictional Hong Kong CV: 哲學博士（計算機科學）, "Doctor of Philosophy (Computer Science)"
    text = "陳積木\n\n教育背景\n2012 – 2016　香港玩具大學　哲學博士（計算機科學）\n2008 – 2012　國立積木大學　理學士（資訊工程）\n"
    assert [(e.institution, e.field) for e in bilingual_cv.parse(text).education] == [
        ("香港玩具大學", "計算機科學"),
        ("國立積木大學", "資訊工程"),
    ]


def test_a_year_in_a_cell_of_its_own_between_commas_or_bars_is_the_degree_year() -> None:
    text = (
        "Ann Lee\nann@example.edu\n\nEducation\n"
        "Ph.D., Toy Science, 2018 | Toy University\n"
        "M.S., Doll Studies, 2014, Doll College\n"
        "B.S. | Toy Engineering | 2012 | Toy Institute of Technology\n"
    )
    assert [
        (e.degree.value if e.degree else None, e.institution, e.end)
        for e in bilingual_cv.parse(text).education
    ] == [
        ("phd", "Toy University", "2018"),
        ("master", "Doll College", "2014"),
        ("bachelor", "Toy Institute of Technology", "2012"),
    ]


def test_lines_of_grades_alone_are_no_degree_and_stay_in_the_record() -> None:
    # "本科教育" over a table of grades (GPA, rank, a language test), the degree elsewhere
    text = "李安\n\n本科教育\nGPA 3.84 满绩：4.0\n排名 4 专业人数：246\n\n获奖经历\n2016 奖学金\n"
    cv = bilingual_cv.parse(text)
    assert [s.heading for s in cv.sections if s.key is SectionKind.EDUCATION] == ["本科教育"]
    assert cv.education == []
    strays = [w.message for w in cv.warnings if w.code.value == "stray_line"]
    assert any("GPA 3.84" in m for m in strays) and any("排名 4" in m for m in strays)
