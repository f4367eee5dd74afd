"""Experience entries: one test per header layout seen in real CVs, in English and Chinese."""

from __future__ import annotations

import opencc
import pytest

import bilingual_cv
from bilingual_cv import parse_file
from bilingual_cv.entries.experience import parse_experience
from bilingual_cv.schema import ExperienceKind, SectionKind
from tests.entries.builders import (
    CASES_DIR,
    experience_rows,
    experience_section,
    template_experience,
)


def test_en_title_bold_org_location_dates_one_line() -> None:
    # seed 003: "PhD Software Engineer Intern, **Google SRG**, Mountain View, CA. May 2023 – Aug. 2023"
    text = "Software Engineer Intern, **Acme Labs**, Mountain View, CA. May 2023 – Aug. 2023\nManagers: Dr. A, Dr. B\nBuilt a scheduler for batch jobs across many clusters in production."
    (e,), _ = parse_experience(experience_section(text), ExperienceKind.WORK)
    assert (e.organization, e.title, e.location, e.start, e.end, e.kind) == (
        "Acme Labs",
        "Software Engineer Intern",
        "Mountain View, CA",
        "2023-05",
        "2023-08",
        ExperienceKind.INTERNSHIP,
    )
    assert len(e.bullets) == 2


def test_en_org_location_line_then_title_dates_line() -> None:
    # seed 001: org keeps its group after the comma; a season gives the year
    text = "Acme Research, Systems Group (SG) Redmond, WA\nPart-Time Researcher Summer 2024 – Present\nAcme, Ads Infra Mountain View, CA\nSoftware Engineer Intern Summer 2019"
    assert experience_rows(text) == [
        ("Acme Research, Systems Group (SG)", "Part-Time Researcher", "2024", "present", "work"),
        ("Acme, Ads Infra", "Software Engineer Intern", "2019", "2019", "internship"),
    ]


def test_en_markdown_employer_line() -> None:
    # seed 001: "## **Zap Surgical Systems**" is an employer, not a section
    text = "Acme, Core Redmond, WA\nSoftware Engineer Intern Summer 2018\n## **Widget Systems**\nSoftware Engineer Intern\nSan Carlos, CA Summer 2017"
    assert experience_rows(text)[1] == (
        "Widget Systems",
        "Software Engineer Intern",
        "2017",
        "2017",
        "internship",
    )


def test_en_org_dates_then_location_then_title() -> None:
    # seed 000: "Google May 2025 - Dec 2025" / "Hybrid, Sunnyvale, CA" / "Student Researcher, Google System Research Group."
    (e,), _ = parse_experience(
        experience_section(
            "Acme May 2025 - Dec 2025\nHybrid, Sunnyvale, CA\nStudent Researcher, Acme Systems Group."
        ),
        ExperienceKind.WORK,
    )
    assert (e.organization, e.title, e.location, e.start, e.end) == (
        "Acme",
        "Student Researcher",
        "Hybrid, Sunnyvale, CA",
        "2025-05",
        "2025-12",
    )


@pytest.mark.parametrize("fold", [False, True])
def test_zh_org_title_dates_with_bullets(fold: bool) -> None:
    # seed 002: "阿里云云网络,研究型实习生 2023.5-2024.3"
    text = "某某云網路,研究型實習生 2023.5-2024.3\n• 定位並優化面向安全容器的網路設備在高並發場景的啟動速度瓶頸問題;\n• 產出兩篇在投學術論文。"
    if fold:
        text = str(opencc.OpenCC("t2s").convert(text))
    entries, _ = parse_experience(experience_section(text, "zh"), ExperienceKind.WORK)
    (e,) = entries
    # Traditional input is folded during cleaning, so both spellings give the same entry
    assert (e.title, e.start, e.end, e.kind, e.lang) == (
        "研究型实习生",
        "2023-05",
        "2024-03",
        ExperienceKind.INTERNSHIP,
        "zh",
    )
    assert len(e.bullets) == 2


def test_zh_space_separated_columns() -> None:
    text = "某某大学 资讯工程学系 助理教授 民国110年8月迄今\n某某科技公司 无线通讯事业部 研发实习生 民国106年7月至民国106年9月"
    assert experience_rows(text, "zh") == [
        ("某某大学 资讯工程学系", "助理教授", "2021-08", "present", "academic"),
        ("某某科技公司 无线通讯事业部", "研发实习生", "2017-07", "2017-09", "internship"),
    ]


def test_research_section_and_stray_date_placed() -> None:
    # seed 000: a second date line under one entry belongs to the dateless entry above it
    text = "Research Assistant, Lab A\nAug. 2024 - Present\nResearch Assistant at Lab B, Univ\n- Built a thing that does stuff well for many people.\nResearch Assistant at Lab C, Univ\nJan. 2023 - Dec. 2023\nDec. 2023 - Jul. 2024"
    entries, warnings = parse_experience(
        experience_section(text, key=SectionKind.RESEARCH_EXPERIENCE), ExperienceKind.RESEARCH
    )
    assert [(e.organization, e.start, e.end, e.kind.value) for e in entries] == [
        ("Lab A", "2024-08", "present", "research"),
        ("Lab B, Univ", "2023-12", "2024-07", "research"),
        ("Lab C, Univ", "2023-01", "2023-12", "research"),
    ]
    assert [w.code for w in warnings] == ["line_moved"]


def test_missing_date_warns() -> None:
    _, warnings = parse_experience(
        experience_section("Acme, Core Redmond, WA\nSoftware Engineer Intern"), ExperienceKind.WORK
    )
    assert [w.code for w in warnings] == ["date_unparsed"]


def test_every_line_in_raw() -> None:
    text = "Acme, Core Redmond, WA\nResearch Intern Summer 2023\nMentor: A. B\nOptimizing collective communications on GPUs (e.g.,\nX100, Y250).\nGlobex, Lab Bellevue, WA\nResearch Intern Summer 2020"
    section = experience_section(text)
    entries, _ = parse_experience(section, ExperienceKind.WORK)
    raw = {x for e in entries for x in e.raw.splitlines()}
    assert {line.text for line in section.lines if not line.is_blank} <= raw
    assert entries[0].bullets == [
        "Mentor: A. B",
        "Optimizing collective communications on GPUs (e.g., X100, Y250).",
    ]


def test_date_first_lines_of_a_moderncv_layout() -> None:
    cv = bilingual_cv.parse(
        "Ann Lee\n\nExperience\n"
        "2023–present Postdoctoral Researcher, ETH Zurich, Zurich, Switzerland.\n"
        "Summer 2021 Research Intern, Microsoft Research, Redmond, WA.\n"
    )
    assert [(e.organization, e.title, e.start, e.end, e.kind.value) for e in cv.experience] == [
        ("ETH Zurich", "Postdoctoral Researcher", "2023", "present", "academic"),
        ("Microsoft Research", "Research Intern", "2021", "2021", "internship"),
    ]


# --- résumé templates (tests/entries/cases/, fictional) ---------------------------------


def test_en_jake_title_dates_then_org_location() -> None:
    # "Information Technology Support Specialist<TAB>Sep. 2018 – Present" / "Southwestern University<TAB>Georgetown, TX"
    rows = template_experience("en_jake_student.txt")
    assert rows == [
        (
            "Southwestern University",
            "Information Technology Support Specialist",
            "Georgetown, TX",
            "2018-09",
            "present",
        ),
    ]
    cv = parse_file(CASES_DIR / "en_jake_student.txt")
    assert all(len(e.bullets) >= 1 for e in cv.experience + cv.research_experience)
    # research assistantships are research experience (gold README), read the same way
    assert [
        (e.organization, e.title, e.location, e.start, e.end, e.kind.value)
        for e in cv.research_experience
    ] == [
        (
            "Texas A&M University",
            "Undergraduate Research Assistant",
            "College Station, TX",
            "2020-06",
            "present",
            "research",
        ),
        (
            "Southwestern University",
            "Artificial Intelligence Research Assistant",
            "Georgetown, TX",
            "2019-05",
            "2019-07",
            "research",
        ),
    ]


def test_en_jake_dates_moved_to_their_own_line() -> None:
    text = (
        "Information Technology Support Specialist\nSep. 2018 – Present\nSome University\tGeorgetown, TX\n"
        "• Communicate with managers\nData Analyst\nJan. 2017 – Aug. 2018\nAcme Corp\tAustin, TX\n• Analyzed data"
    )
    assert experience_rows(text) == [
        (
            "Some University",
            "Information Technology Support Specialist",
            "2018-09",
            "present",
            "work",
        ),
        ("Acme Corp", "Data Analyst", "2017-01", "2018-08", "work"),
    ]


def test_en_awesome_cv_cventry_lines() -> None:
    assert template_experience("en_awesome_cv.txt") == [
        ("Google", "Software Engineer Intern", "Mountain View, CA", "2021-06", "2021-08"),
        (
            "Amazon Web Services",
            "Software Development Engineer Intern",
            "Seattle, WA",
            "2020-05",
            "2020-08",
        ),
        ("Stripe", "Backend Engineer", "San Toyo, CA", "2021-09", "present"),
    ]


def test_en_moderncv_date_column_first() -> None:
    assert template_experience("en_moderncv.txt") == [
        ("ETH Zurich", "Postdoctoral Researcher", "Zurich, Switzerland", "2023", "present"),
        ("Microsoft Research", "Research Intern", "Redmond, WA", "2021", "2021"),
        ("Acme Corp", "Software Engineer", "Boston, MA", "2019", "2020"),
    ]


def test_en_linkedin_company_with_several_roles_and_lengths() -> None:
    cv = parse_file(CASES_DIR / "en_linkedin.txt")
    assert [(e.organization, e.title, e.location, e.start, e.end) for e in cv.experience] == [
        ("Microsoft", "Senior Researcher", "Redmond, Washington", "2020-01", "present"),
        ("Google", "Software Engineer", "Mountain View, California", "2015", "2018"),
        ("Google", "Software Engineer Intern", "Mountain View, California", "2014", "2014"),
        ("Facebook", "Research Scientist", "Menlo Park, California", "2018-07", "2019-12"),
    ]
    # a description is a bullet, the lengths stay in raw only
    assert cv.experience[0].bullets == ["Lead research on efficient inference systems."]
    assert "5 years 3 months" in cv.experience[1].raw


def test_en_linkedin_title_without_a_title_word() -> None:
    cv = bilingual_cv.parse(
        "Contact\n\nExperience\nAmazon\nSDE II\n2018 - 2019 (1 year)\nSeattle, Washington\n"
    )
    assert [(e.organization, e.title, e.start, e.end) for e in cv.experience] == [
        ("Amazon", "SDE II", "2018", "2019")
    ]


def test_en_org_with_two_roles_after_bullets() -> None:
    text = (
        "Acme\tMountain View, CA\nSenior Software Engineer\t2020 – Present\n• Led a team\n"
        "Software Engineer\t2018 – 2020\n• Built things\nGlobex\tRedmond, WA\nSoftware Engineer Intern\tSummer 2017"
    )
    assert experience_rows(text) == [
        ("Acme", "Senior Software Engineer", "2020", "present", "work"),
        ("Acme", "Software Engineer", "2018", "2020", "work"),
        ("Globex", "Software Engineer Intern", "2017", "2017", "internship"),
    ]


def test_en_europass_dates_first_then_org_city_country() -> None:
    cv = parse_file(CASES_DIR / "en_europass.txt")
    assert [(e.organization, e.title, e.location) for e in cv.experience] == [
        ("Siemens AG", "Research Engineer", "Munich (Germany)"),
        ("EPFL", "Visiting Researcher", "Lausanne (Switzerland)"),
    ]


def test_zh_date_first_row_and_form_line() -> None:
    # "2022.06-2022.09  微软亚洲研究院  研究实习生"; "公司：字节跳动  职位：后端开发工程师  时间：2021.07-2022.05"
    cv = parse_file(CASES_DIR / "zh_table.txt")
    assert [(e.organization, e.title, e.start, e.end, e.kind.value) for e in cv.experience] == [
        ("微软亚洲研究院", "研究实习生", "2022-06", "2022-09", "internship"),
        ("字节跳动", "后端开发工程师", "2021-07", "2022-05", "work"),
    ]
    assert [len(e.bullets) for e in cv.experience] == [1, 1]


def test_zh_form_lines_one_field_per_line() -> None:
    assert experience_rows(
        "公司：某某科技\n职位：后端开发工程师\n时间：2021.07-2022.05\n• 负责推荐系统后端服务开发",
        "zh",
    ) == [("某某科技", "后端开发工程师", "2021-07", "2022-05", "work")]


def test_zh_hant_current_position_label() -> None:
    # "現職：國立成功大學 資訊工程學系 助理教授（民國110年8月迄今）"
    cv = parse_file(CASES_DIR / "zh_hant_taiwan.txt")
    assert [(e.organization, e.title, e.start, e.end, e.kind.value) for e in cv.experience] == [
        ("國立成功大學 資訊工程學系", "助理教授", "2021-08", "present", "academic"),
        ("中央研究院 資訊科學研究所", "博士後研究員", "2019-08", "2021-07", "academic"),
    ]


def test_a_right_column_that_is_a_place_is_the_location() -> None:
    entries, _ = parse_experience(
        experience_section(
            "Research Scientist @ Acme Toys\tRemote\nMar 2025 - June 2025\n"
            "Postdoctoral Scientist @ Example Cloud\tBoston\nSept 2024 - Mar 2025\n"
            "Example University\tSpringfield, Alabama, US\nAssistant Professor\tJan 2020 - Present\n"
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.title, e.location) for e in entries] == [
        ("Acme Toys", "Research Scientist", "Remote"),
        ("Example Cloud", "Postdoctoral Scientist", "Boston"),
        ("Example University", "Assistant Professor", "Springfield, Alabama, US"),
    ]


def test_a_title_keeps_the_role_only() -> None:
    """A sentence after the role, and the "@group" of an organization named on its own line,
    are no part of the title (they stay in raw)."""
    entries, _ = parse_experience(
        experience_section(
            "Acme Toys\tSpringfield, IL\nSummer Research Intern @Toy Search Team\tSummer, 2018\n"
            "Toy Labs Asia\tMay 2014 - Sept 2015\nResearch Intern. Advised by Ann Lee.\n"
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.title) for e in entries] == [
        ("Acme Toys", "Summer Research Intern"),
        ("Toy Labs Asia", "Research Intern"),
    ]
    assert "@Toy Search Team" in entries[0].raw


def test_a_group_line_under_a_complete_position_is_a_detail() -> None:
    entries, _ = parse_experience(
        experience_section(
            "**Acme Toys, Springfield, IL**\t2021.04-2022.06\nResearch Intern\n"
            "Toy Networking & Blocks Group\nAdvisor: Ann Lee & Dr. Bo Wu\n"
            "**Example Labs, Shelbyville, IL**\t2019.07-2021.03\nSoftware Engineer\n"
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.title, e.start) for e in entries] == [
        ("Acme Toys", "Research Intern", "2021-04"),
        ("Example Labs", "Software Engineer", "2019-07"),
    ]
    assert "Toy Networking & Blocks Group" in entries[0].raw


def test_an_employer_line_with_a_place_column_opens_a_position_whatever_its_case() -> None:
    """Employer (with a lower-case brand) and place, then the role and dates in bold."""
    entries, _ = parse_experience(
        experience_section(
            "示例实验室\t芝加哥，伊利诺伊州，美国\n**研究助理**\t2019 年 – 2021 年\n"
            "• 参与积木推理研究。\n"
            "iToy AI Ltd（初创公司）\t深圳，广东，中国（远程）\n"
            "**研发技术负责人**\t2024 年 4 月 – 2024 年 12 月\n"
            "• 领导积木助手的架构设计和开发\n",
            "zh",
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.title, e.start) for e in entries] == [
        ("示例实验室", "研究助理", "2019"),
        ("iToy AI Ltd(初创公司)", "研发技术负责人", "2024-04"),
    ]


def test_a_chinese_description_line_is_no_organization() -> None:
    """Dated header with organization and title, then a line saying what was done: the
    description opens with 负责 / 参与 and is a detail, not the next line's organization."""
    entries, _ = parse_experience(
        experience_section(
            "2020.07 – 至今\u3000虚构科技有限公司\u3000高级研究员\n"
            "  负责玩具推荐系统的研发\n"
            "2017.07 – 2020.06\u3000示例研究院\u3000博士后研究员\n"
            "  参与玩具调度系统的设计与实现\n",
            "zh",
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.title, e.bullets) for e in entries] == [
        ("虚构科技有限公司", "高级研究员", ["负责玩具推荐系统的研发"]),
        ("示例研究院", "博士后研究员", ["参与玩具调度系统的设计与实现"]),
    ]


def test_a_list_of_dates_spans_from_the_first_to_the_last() -> None:
    """Recurring summer posts list their years ("2019 年、2020–2021 年、2025 年"): the
    position runs from the first to the last; a long Chinese line enumerating what was done
    (、) under a position is a description, not a position."""
    entries, _ = parse_experience(
        experience_section(
            "示例国家实验室\t勒蒙特，伊利诺伊州，美国\n"
            "研究助理（循环暑期任命）\t2019 年、2020–2021 年、2022 年、2025 年\n"
            "在 Ann Lee 教授指导下独立开展玩具推理、空间玩具认知、玩具智能体基础设施和玩具研究(committee:\n"
            "Bo Wu, Cy Ma)。\n"
            "Toy Labs\tRemote\nResearch Aide\tSummers 2019, 2020–2021, 2024\n",
            "zh",
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.start, e.end) for e in entries] == [
        ("示例国家实验室", "2019", "2025"),
        ("Toy Labs", "2019", "2024"),
    ]


def test_a_result_sentence_with_a_year_under_a_position_is_a_detail() -> None:
    entries, _ = parse_experience(
        experience_section(
            "虚构国际 ToyExpress\t2024.07 – 至今\n推荐算法工程师\n"
            "线上订单 UV 提升3.06%，成果发表于 ToyConf 2025。\n",
            "zh",
        ),
        ExperienceKind.WORK,
    )
    assert [(e.organization, e.title) for e in entries] == [
        ("虚构国际 ToyExpress", "推荐算法工程师")
    ]
    assert entries[0].bullets == ["线上订单 UV 提升3.06%,成果发表于 ToyConf 2025。"]


def test_the_columns_of_a_table_row_are_not_one_organization() -> None:
    """A table row (employer, task, tools, dates): the employer column alone is the
    organization; the comma group of a two-part line still joins it ("Acme, Toy Infra")."""
    rows = experience_rows(
        "Acme (Springfield)\t玩具性能可视化分析\tEclipse, Java, XML\t2012.6 – 2012.12\n\n"
        "Acme, Toy Infra\tSoftware Engineer\t2013 – 2014\n",
        "zh",
    )
    assert [r[0] for r in rows] == ["Acme (Springfield)", "Acme, Toy Infra"]


# --- issue 27 class 4: positions outside the publication list ------------------------------


def test_title_dash_company_lines() -> None:
    # "title - company" with the date in a right column, Traditional and English
    text = (
        "AI 工程師 - 示例銀行\t2025/07 - 現在\n"
        "– 開發語音辨識 API，提升準確率\n"
        "資料科學家（實習）- 示例行銷\t2023/03 - 2023/09\n"
        "– 建置自動化資料管線\n"
        "Machine Learning Engineer – Toy Robotics\tJan 2021 – Dec 2022\n"
        "– Built a toy planner for warehouse robots in production settings.\n"
    )
    folded = str(opencc.OpenCC("t2s").convert(text))
    rows = [(o, t, s, e) for o, t, s, e, _ in experience_rows(folded, "zh")]
    assert rows == [
        ("示例银行", "AI 工程师", "2025-07", "present"),
        ("示例行销", "资料科学家(实习)", "2023-03", "2023-09"),
        ("Toy Robotics", "Machine Learning Engineer", "2021-01", "2022-12"),
    ]


def test_company_glued_to_its_title_by_a_hyphen_with_a_yearless_end_month() -> None:
    # "Company-Role (2016年5月~9月)": the end month carries no year
    text = "示例金服-数据库内核研发实习生 (2016年5月~9月)\n负责查询优化器的算法改进\n玩具公司-前端研发实习生 (2014年7月~2014年10月)"
    assert experience_rows(text, "zh") == [
        ("示例金服", "数据库内核研发实习生", "2016-05", "2016-09", "internship"),
        ("玩具公司", "前端研发实习生", "2014-07", "2014-10", "internship"),
    ]


def test_a_dash_between_an_organization_and_its_unit_is_kept() -> None:
    assert experience_rows("Toy Lab - North Campus\tMay 2020 – Jun 2021\nResearch Engineer") == [
        ("Toy Lab - North Campus", "Research Engineer", "2020-05", "2021-06", "work")
    ]


def test_roles_listed_first_then_one_organization_line_for_the_group() -> None:
    # a Word CV: role<TABs>dates lines, then the organization line of the group
    text = (
        "Research Scientist\t\t\t\tJul 2016 – Oct 2018\n"
        "Senior Research Associate\t\t\tMay 2014 – Jul 2016\n"
        "Postdoctoral Associate\t\t\tOctober 2011 – May 2014\n"
        "Toy Systems Laboratory Example Institute of Technology\n"
        "\n"
        "Research Associate\t\t\t\tMarch 2011 – September 2011\n"
        "Dept. of Toy Science, Example University\n"
        "\n"
        "Project Associate\t\t\t\tOctober 2003 – April 2004\n"
        "Project Associate\t\t\t\tOctober 2000 – August 2001\n"
        "Dept. of Play Engineering, Example University\n"
    )
    lab, dept, play = (
        "Toy Systems Laboratory Example Institute of Technology",
        "Dept. of Toy Science, Example University",
        "Dept. of Play Engineering, Example University",
    )
    assert [(o, t, s) for o, t, s, _, _ in experience_rows(text)] == [
        (lab, "Research Scientist", "2016-07"),
        (lab, "Senior Research Associate", "2014-05"),
        (lab, "Postdoctoral Associate", "2011-10"),
        (dept, "Research Associate", "2011-03"),
        (play, "Project Associate", "2003-10"),
        (play, "Project Associate", "2000-10"),
    ]


def test_a_role_with_details_keeps_its_own_organization() -> None:
    # the group rule takes nothing across a role that has details of its own
    text = (
        "Software Engineer\tJan 2020 – Dec 2021\n"
        "• Built a toy scheduler for batch jobs across many clusters.\n"
        "Research Intern\tJun 2019 – Aug 2019\n"
        "Toy Research Lab, Example University\n"
    )
    assert [(o, t) for o, t, _, _, _ in experience_rows(text)] == [
        (None, "Software Engineer"),
        ("Toy Research Lab, Example University", "Research Intern"),
    ]


def test_the_first_detail_line_names_what_the_header_left_out() -> None:
    # the title in the first bullet under "**Org** dates"; the organization in the first
    # bullet under "• dates: title"
    zh = (
        "**示例汽车** 2020.11-\n- 高精度定位技术室负责人，地图技术主管\n- 负责定位算法的设计与实现;\n"
        "**玩具科技** 2019.7-2020.10\n- 定位算法高级工程师\n"
    )
    assert experience_rows(zh, "zh") == [
        ("示例汽车", "高精度定位技术室负责人,地图技术主管", "2020-11", "present", "work"),
        ("玩具科技", "定位算法高级工程师", "2019-07", "2020-10", "work"),
    ]
    nested = "• 2022.03 - 至今: 高级研究员\n  ◦ 示例方舟实验室\n  ◦ 研究领域: 具身智能\n"
    assert experience_rows(nested, "zh") == [
        ("示例方舟实验室", "高级研究员", "2022-03", "present", "work")
    ]
    # a description is never taken for a title
    prose = "**Toy Robotics** 2019 – 2020\n- Designed a planner for toy warehouse robots in production.\n"
    assert experience_rows(prose) == [("Toy Robotics", None, "2019", "2020", "work")]


def test_lines_that_name_no_position_are_warnings_not_entries() -> None:
    # a bulleted note before any header and a wrapped year name no position
    text = (
        "• Toy Institute Visiting Graduate Programme (Games and Play, April-May\n"
        "2022)\n"
        "Toy Robotics\tJan 2021 – Dec 2022\n"
        "Software Engineer\n"
    )
    entries, warnings = parse_experience(experience_section(text), ExperienceKind.WORK)
    assert [(e.organization, e.title) for e in entries] == [("Toy Robotics", "Software Engineer")]
    assert [w.line for w in warnings if w.code == "stray_line"] == [1, 2]


def test_research_assistantships_are_research_experience() -> None:
    # gold README: research-assistant roles are not work experience; a faculty rank is
    cv = bilingual_cv.parse(
        "Ann Lee\n\nWork Experience\n"
        "Toy Robotics\tJan 2020 – Dec 2021\nSoftware Engineer\n"
        "Example University\tSep 2018 – Dec 2019\nResearch Assistant with Dr. Bo Wu\n"
        "Example University\tOct 2022 – present\nResearch Assistant Professor\n"
        "示例大学\t2017.09 - 2018.06\n研究助理\n"
    )
    assert [(e.organization, e.title) for e in cv.experience] == [
        ("Toy Robotics", "Software Engineer"),
        ("Example University", "Research Assistant Professor"),
    ]
    assert [(e.title, e.kind.value) for e in cv.research_experience] == [
        ("Research Assistant with Dr. Bo Wu", "research"),
        ("研究助理", "research"),
    ]


def test_date_line_first_then_title_organization_city_then_prose() -> None:
    text = (
        "June 2011-May 2012\n"
        "Research Employee, Toy Secure IT Institute, Darmstadt.\n\n"
        "At Toy SIT, I ported a toy access control system to phones. I also contributed\n"
        "to the design of a phone prototype with enhanced security features.\n"
        "March-July 2009\n"
        "Software Engineer, Toy Systems Private Limited, Bangalore.\n"
    )
    assert experience_rows(text) == [
        ("Toy Secure IT Institute", "Research Employee", "2011-06", "2012-05", "work"),
        ("Toy Systems Private Limited", "Software Engineer", "2009-03", "2009-07", "work"),
    ]


def test_a_dated_sentence_under_a_position_is_a_detail() -> None:
    text = (
        "Toy CERT, Student Lead, South Korea\tSep 2010 – Aug 2012\n"
        "    Led the student team (Sep 2011 – Aug 2012) in campus-wide security assessment under the\n"
        "    toy domain.\n"
    )
    entries, _ = parse_experience(experience_section(text), ExperienceKind.WORK)
    assert [(e.organization, e.start, e.end) for e in entries] == [
        ("Toy CERT", "2010-09", "2012-08")
    ]


def test_a_new_role_inside_a_position_is_no_position_of_its_own() -> None:
    # a right-column second line: a promotion within the dates of the position above
    text = (
        "  ➤ Software Engineer at Toy Co                    From Jun., 2022 to Present\n"
        "                                                   Tech Lead since 2025\n"
        "      – Toy Framework: led a team of 5 to build a composable toy framework.\n"
        "  ➤ Internship at Acme                             From May, 2019 to Aug., 2019\n"
    )
    assert experience_rows(text) == [
        ("Toy Co", "Software Engineer", "2022-06", "present", "work"),
        ("Acme", "Internship", "2019-05", "2019-08", "internship"),
    ]


def test_zh_wrapped_description_lines_are_no_positions() -> None:
    # a Chinese paragraph wrapped by the PDF: its middle lines have few spaces and no full
    # stop at the end, yet they are too long to be a header by shortness alone
    text = (
        "示例科技有限公司\t算法工程师\t2024 年 09 月 - 2025 年 06 月\n"
        "参与了玩具识别项目的研发工作。1在玩具分类项目中,利用图神经网络提升分类\n"
        "预测的准确性;2通过设计 ToyNet34+U-Net 模型,引入注意力机制和多种损失函数,提高了玩具\n"
        "区域分割的精度;3在玩具修复项目中,训练并改进了 ToyGAN 模型,采用对抗生成网络技术实现\n"
        "玩具的高效数字化修复。\n"
        "玩具数据有限公司\t数据工程师\t2023 年 07 月 – 2023 年 10 月\n"
        "基于 Toy 框架,使用 ToyDet 和 PP-toy 网络训练模型,并进行了量化处理以减轻模型负担,提高运行\n"
        "效率。\n"
    )
    assert [(o, t, s) for o, t, s, _, _ in experience_rows(text, "zh")] == [
        ("示例科技有限公司", "算法工程师", "2024-09"),
        ("玩具数据有限公司", "数据工程师", "2023-07"),
    ]


def test_zh_category_column_of_a_table_sets_the_kind() -> None:
    # a table "分类 | 单位 | 职位 | 时间": the category column is neither organization nor title
    text = (
        "分类\t地点\t职位\t时间\n"
        "实验室\t示例大学玩具实验室\t实验室助理研究员\t2021.09-2024.02\n"
        "实习\t示例科技有限公司\t实习生\t2024.03-至今\n"
        "社工\t示例大学研究生会体育部\t干事\t2022.08-2023.08\n"
    )
    rows = [
        (e.organization, e.title, e.kind.value)
        for e in parse_experience(experience_section(text, "zh"), ExperienceKind.WORK)[0]
    ]
    assert rows == [
        ("示例大学玩具实验室", "实验室助理研究员", "research"),
        ("示例科技有限公司", "实习生", "internship"),
        ("示例大学研究生会体育部", "干事", "other"),
    ]


def test_zh_internship_tag_is_the_title_when_the_row_names_no_other() -> None:
    text = "2020.07~至今\t研究\t玩具强化学习算法\n- 提出了玩具算法。\n2020.07~至今\t实习\t示例国家实验室\n- 参与玩具平台建设。\n"
    rows = [
        (e.organization, e.title, e.kind.value)
        for e in parse_experience(experience_section(text, "zh"), ExperienceKind.WORK)[0]
    ]
    assert rows[1] == ("示例国家实验室", "实习", "internship")
    assert rows[0][2] == "research"


def test_dates_printed_after_each_entrys_details_close_that_entry() -> None:
    # the date column pushed below each entry's details: the first header is undated, so
    # every date line after details is the date of the entry above it, not of the next one
    text = (
        "Senior Engineer, Toy Robotics\n- Built a planner for toy robots.\n- Led a team of four.\n"
        "Jan 2021 – Present\n"
        "Software Engineer, Acme Toys Inc\n- Maintained the toy catalog.\nJul 2018 – Dec 2020\n"
    )
    assert [(o, t, s, e) for o, t, s, e, _ in experience_rows(text)] == [
        ("Toy Robotics", "Senior Engineer", "2021-01", "present"),
        ("Acme Toys Inc", "Software Engineer", "2018-07", "2020-12"),
    ]
    zh = (
        "示例科技有限公司 高级算法工程师\n负责推荐系统的设计与实现。\n2021.07 - 至今\n"
        "玩具网络科技有限公司 软件工程师\n参与搜索引擎开发。\n2019.07 - 2021.06\n"
    )
    assert [(s, e) for _, _, s, e, _ in experience_rows(zh, "zh")] == [
        ("2021-07", "present"),
        ("2019-07", "2021-06"),
    ]


def test_a_list_that_prints_each_date_first_keeps_its_dates() -> None:
    text = (
        "\\\nJan 2021 – Present\nSenior Engineer, Toy Robotics.\n\n"
        "Jul 2018 – Dec 2020\nSoftware Engineer, Acme Toys Inc.\n\n"
        "At Acme I maintained the toy catalog for many years.\n"
    )
    assert [(s, e) for _, _, s, e, _ in experience_rows(text)] == [
        ("2021-01", "present"),
        ("2018-07", "2020-12"),
    ]


def test_taiwan_cv_positions_and_degrees_with_bare_roc_years() -> None:
    # a fictional Taiwanese CV: 民国 years written bare (105.08 - 109.07, 102年8月至105年7月,
    # 98年9月至102年6月), next to Gregorian ones with 迄今 / 現在
    text = (
        "王小明\n\n學歷\n"
        "博士 國立玩具大學 資訊工程研究所 98年9月至102年6月\n"
        "碩士 國立積木科技大學 資訊管理系 2007.9～2009.6\n\n"
        "經歷\n"
        "國立玩具大學 資訊工程學系 教授 109.08～迄今\n"
        "國立玩具大學 資訊工程學系 副教授 105.08 - 109.07\n"
        "國立玩具大學 資訊工程學系 助理教授 102年8月至105年7月\n"
        "玩具科技股份有限公司 研發工程師 2016.9～現在\n"
    )
    cv = bilingual_cv.parse(text)
    assert [(e.institution, e.start, e.end) for e in cv.education] == [
        ("國立玩具大學", "2009-09", "2013-06"),
        ("國立積木科技大學", "2007-09", "2009-06"),
    ]
    assert [(e.organization, e.title, e.start, e.end) for e in cv.experience] == [
        ("國立玩具大學 資訊工程學系", "教授", "2020-08", "present"),
        ("國立玩具大學 資訊工程學系", "副教授", "2016-08", "2020-07"),
        ("國立玩具大學 資訊工程學系", "助理教授", "2013-08", "2016-07"),
        ("玩具科技股份有限公司", "研發工程師", "2016-09", "present"),
    ]


def test_taiwan_positions_glued_to_their_unit_and_a_table_header_row() -> None:
    # a fictional Taiwanese CV: "國立XX大學XX學系副教授" in one run, and a form's header row
    # (服務機關 / 職稱 / 起訖年月) over the rows, which names no position
    text = (
        "林玩具\n\n經歷\n"
        "2020年8月至今　國立玩具大學資訊工程學系教授\n"
        "2016年8月～2020年7月　國立玩具大學資訊工程學系副教授兼系主任\n"
        "2013年2月～2016年7月　香港玩具大學電腦科學系助理教授\n\n"
        "學術經歷\n"
        "服務機關　　　　　　職稱　　　　　起訖年月\n"
        "中央研究院資訊科學研究所　博士後研究員　2010/07–2010/08\n"
    )
    cv = bilingual_cv.parse(text)
    assert [(e.organization, e.title, e.start) for e in cv.experience + cv.research_experience] == [
        ("國立玩具大學資訊工程學系", "教授", "2020-08"),
        ("國立玩具大學資訊工程學系", "副教授兼系主任", "2016-08"),
        ("香港玩具大學電腦科學系", "助理教授", "2013-02"),
        ("中央研究院資訊科學研究所", "博士後研究員", "2010-07"),
    ]


def test_taiwan_company_titles_are_titles() -> None:
    # Taiwan writes a CEO 執行長 and a CTO 技術長 (fictional companies)
    text = "林玩具\n\n經歷\n2020/08–迄今　玩具科技股份有限公司　執行長\n2016/08–2020/07　積木網路公司　技術長\n"
    cv = bilingual_cv.parse(text)
    assert [(e.organization, e.title) for e in cv.experience] == [
        ("玩具科技股份有限公司", "執行長"),
        ("積木網路公司", "技術長"),
    ]
