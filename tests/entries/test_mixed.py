"""Lists mixing degrees and positions (entries/mixed.py): each entry to the list of its kind
(issue 27 class 4: a compound heading over jobs and degrees)."""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.entries.mixed import parse_education_list, parse_experience_list
from bilingual_cv.schema import ExperienceKind, Lang, SectionKind
from tests.entries.builders import education_section, experience_section


def _jobs_and_degrees(
    text: str, lang: Lang = "en", kind: ExperienceKind = ExperienceKind.WORK
) -> tuple[
    list[tuple[str | None, str | None, str | None]], list[tuple[str | None, str, str | None]]
]:
    key = SectionKind.EXPERIENCE if kind is ExperienceKind.WORK else SectionKind.RESEARCH_EXPERIENCE
    jobs, degrees, _ = parse_experience_list(experience_section(text, lang, key), kind)
    return (
        [(j.organization, j.title, j.start) for j in jobs],
        [(d.institution, d.degree.value, d.start) for d in degrees],
    )


def test_one_line_rows_of_a_job_and_two_degrees() -> None:
    text = (
        "示例科技有限公司, 高级研究员\t2022.09 - 至今\n"
        "示例研究所, 计算机应用技术, 博士\t2017.09 - 2022.09\n"
        "玩具大学, 计算机科学与技术, 工学学士\t2013.09 - 2017.06\n"
    )
    assert _jobs_and_degrees(text, "zh") == (
        [("示例科技有限公司", "高级研究员", "2022-09")],
        [("示例研究所", "phd", "2017-09"), ("玩具大学", "bachelor", "2013-09")],
    )


def test_a_date_column_list_of_a_postdoc_and_degrees_is_all_education() -> None:
    # "EMPLOYMENT & EDUCATION": among degrees, the postdoc is the stage after the PhD
    text = (
        "2023–now\tPostdoctoral Research Fellow\n"
        "Centre for Toy Technologies, Example University\n"
        "2019–2024\tPh.D. in Computer Science\n"
        "University of Toyland (UT)\n"
        "Advisors: Ann Lee and Bo Wu\n"
        "2014–2018\tB.Sci. in Physics\n"
        "Sample University of Science and Technology\n"
    )
    jobs, degrees = _jobs_and_degrees(text)
    assert jobs == []
    assert degrees == [
        ("Example University", "postdoc", "2023"),
        ("University of Toyland", "phd", "2019"),
        ("Sample University of Science and Technology", "bachelor", "2014"),
    ]


def test_a_degree_named_in_the_bullet_under_its_institution() -> None:
    text = (
        "**示例汽车** 2020.11-\n- 定位技术室负责人\n\n"
        "**示例交通大学** 2010.9 - 2015.7\n- 交通信息工程专业 博士学位\n- 主修课程: 多视图几何\n\n"
        "**示例交通大学** 2006.9 - 2010.7\n- 自动化系 学士学位\n"
    )
    assert _jobs_and_degrees(text, "zh") == (
        [("示例汽车", "定位技术室负责人", "2020-11")],
        [("示例交通大学", "phd", "2010-09"), ("示例交通大学", "bachelor", "2006-09")],
    )


def test_positions_alone_stay_positions() -> None:
    # a postdoc listed under work with no degree beside it is a job
    text = "Postdoctoral Researcher, Toy Lab, Example University\t2021 – 2023\nPhD Software Engineer Intern, Acme\tSummer 2019"
    jobs, degrees = _jobs_and_degrees(text)
    assert degrees == []
    assert [t for _, t, _ in jobs] == ["Postdoctoral Researcher", "PhD Software Engineer Intern"]


def test_a_research_section_keeps_its_student_roles() -> None:
    # "博士研究生" on a project is the owner's role in it, not a degree
    text = "示例研究所 | 博士研究生\t2020.01-2020.09\n- 玩具场景理解算法的移植与评测。\n"
    jobs, degrees = _jobs_and_degrees(text, "zh", ExperienceKind.RESEARCH)
    assert degrees == []
    assert [start for _, _, start in jobs] == ["2020-01"]


def test_a_position_listed_among_degrees() -> None:
    text = (
        "2026.01-至今\t示例农业大学, 动物科学学院, 特聘教授\n"
        "2023.01-2025.12\t玩具大学(Toy University), 博士后\n"
        "2019.09-2023.01\t玩具大学(Toy University), 农学博士\n"
        "2018.09-2019.02\t玩具大学(Toy University), 访问学生\n"
        "2013.09-2017.06\t示例大学, 动物科学, 学士\n"
    )
    degrees, jobs, _ = parse_education_list(education_section(text, "zh"))
    assert [(j.organization, j.title, j.start, j.end) for j in jobs] == [
        ("示例农业大学, 动物科学学院", "特聘教授", "2026-01", "present")
    ]
    assert [d.degree.value for d in degrees] == ["postdoc", "phd", "other", "bachelor"]


def test_a_teaching_bullet_under_a_degree_stays_with_the_degree() -> None:
    text = "Example University\nPh.D. in Computer Science, 2019 – 2024\n• Teaching Assistant, Toy Systems, Fall 2020\n"
    degrees, jobs, _ = parse_education_list(education_section(text))
    assert jobs == []
    assert [(d.degree.value, d.start) for d in degrees] == [("phd", "2019")]


def test_a_compound_heading_over_jobs_and_degrees_fills_both_lists() -> None:
    cv = bilingual_cv.parse(
        "李安\nlian@example.cn\n\n工作及教育经历\n"
        "示例科技有限公司, 高级研究员\t2022.09 - 至今\n"
        "示例大学, 计算机科学与技术, 博士\t2017.09 - 2022.09\n"
    )
    assert [(e.organization, e.title) for e in cv.experience] == [
        ("示例科技有限公司", "高级研究员")
    ]
    assert [(e.institution, e.degree.value, e.field) for e in cv.education] == [
        ("示例大学", "phd", "计算机科学与技术")
    ]


def test_a_biography_that_lists_appointments_gives_positions() -> None:
    # issue 27 class 4: appointments listed under a Biography-like heading
    cv = bilingual_cv.parse(
        "Ann Lee\nann@example.org\n\nBiography\n"
        "2020 – present: Assistant Professor, Example University\n"
        "2018 – 2020: Postdoctoral Researcher, Toy Institute of Technology\n"
        "2017: Research Scientist Intern, Toy Research\n"
    )
    assert [s.key.value for s in cv.sections] == ["profile", "experience"]
    assert [(e.organization, e.title, e.start, e.end) for e in cv.experience] == [
        ("Example University", "Assistant Professor", "2020", "present"),
        ("Toy Institute of Technology", "Postdoctoral Researcher", "2018", "2020"),
        ("Toy Research", "Research Scientist Intern", "2017", "2017"),
    ]


def test_a_biography_in_prose_stays_a_summary() -> None:
    cv = bilingual_cv.parse(
        "Ann Lee\nann@example.org\n\nBiography\n"
        "Ann Lee joined Example University in 2020 as an assistant professor, after a\n"
        "postdoc at the Toy Institute of Technology from 2018 to 2020, where she worked\n"
        "on toy systems with colleagues from many places around the world.\n"
    )
    assert [s.key.value for s in cv.sections] == ["profile", "summary"]
    assert cv.experience == []


def test_research_and_industry_positions_in_one_section() -> None:
    # issue 27 class 4: a compound heading over industry and research posts
    cv = bilingual_cv.parse(
        "Ann Lee\nann@example.org\n\nResearch & Industry Experience\n"
        "Toy Robotics\tJan 2021 – Dec 2022\nSoftware Engineer Intern\n"
        "• Built a toy planner for warehouse robots in production settings.\n"
        "Research Assistant, Example University\tJan 2019 – Dec 2020\n"
        "• Studied toy models of play with Prof. Bo Wu.\n"
    )
    assert [(e.organization, e.title, e.kind.value) for e in cv.experience] == [
        ("Toy Robotics", "Software Engineer Intern", "internship")
    ]
    assert [(e.organization, e.title) for e in cv.research_experience] == [
        ("Example University", "Research Assistant")
    ]


def test_a_student_post_its_table_files_under_a_lab_is_no_degree() -> None:
    # "实验室 | 示例研究室 | 实验室博士生 | dates": the category column says what the row is
    text = (
        "分类\t地点\t职位\t时间\n"
        "实验室\t示例大学玩具研究室\t实验室博士生\t2024.02-至今\n"
        "实习\t示例科技有限公司\t实习生\t2024.03-至今\n"
    )
    jobs, degrees, _ = parse_experience_list(experience_section(text, "zh"), ExperienceKind.WORK)
    assert degrees == []
    assert [(j.organization, j.kind.value) for j in jobs] == [
        ("示例大学玩具研究室", "research"),
        ("示例科技有限公司", "internship"),
    ]
