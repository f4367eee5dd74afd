"""Headings the lexicons do not know whole, found by the document's own heading style and by
what their blocks hold (fictional CVs)."""

from __future__ import annotations

import bilingual_cv


def _sections(text: str) -> list[tuple[str, str | None]]:
    return [(s.key.value, s.heading) for s in bilingual_cv.parse(text).sections]


PUBS = "[1] Ann Lee, Bo Wu. Fast toys for slow networks. In NSDI 2024.\n[2] Ann Lee. Quiet caches. TOCS 2023.\n"


def test_a_heading_in_the_documents_style_with_an_unknown_word_is_read_by_its_keyword() -> None:
    text = (
        "Ann Lee\n\n## Education\nPh.D., Toy University, 2019 - 2024\n\n"
        f"## Toy Science Publications\n{PUBS}\n## Skills\nPython\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "Education"),
        ("publications", "Toy Science Publications"),
        ("skills", "Skills"),
    ]


def test_compound_chinese_headings_in_the_documents_style() -> None:
    text = (
        "李安\n\n【教育背景】\n虚构大学 计算机 博士 2019.9 - 2024.6\n\n"
        "【竞赛与奖项】\n2022 虚构玩具竞赛 一等奖\n\n【技能清单】\nPython, C++\n\n"
        "【专业技能】\nRust\n"
    )
    assert [key for key, _ in _sections(text)] == [
        "profile",
        "education",
        "awards",
        "skills",
        "skills",
    ]


def test_styled_institutions_labels_and_undated_positions_are_no_sections() -> None:
    text = (
        "Ann Lee\n\n## Education\n## Toy University of Technology\nPh.D., 2019 - 2024\n\n"
        "## Research Experience\n## Project Results\nToy queues, 2019 - 2021\n"
        "## Project Results\nToy caches, 2021 - 2023\n\n"
        f"## Publications\n## Work in Progress\n{PUBS}\n## Skills\nPython\n"
    )
    assert [heading for _, heading in _sections(text)] == [
        None,
        "Education",
        "Research Experience",
        "Publications",
        "Skills",
    ]


def test_a_plain_line_with_publication_words_over_a_list_of_papers_opens_it() -> None:
    text = f"Ann Lee\n\nEducation\nPh.D., Toy University, 2019 - 2024\n\nToy Science Papers\n{PUBS}"
    cv = bilingual_cv.parse(text)
    assert [(s.key.value, s.heading) for s in cv.sections][-1] == (
        "publications",
        "Toy Science Papers",
    )
    assert len(cv.publications) == 2


def test_an_unknown_heading_in_the_documents_style_over_papers_is_a_publication_list() -> None:
    text = (
        "Ann Lee\n\n## Education\nPh.D., Toy University, 2019 - 2024\n\n"
        "## Experience\nToy Lab, researcher, 2024 - present\n\n"
        f"## Selected Output\n{PUBS}\n## Skills\nPython\n"
    )
    cv = bilingual_cv.parse(text)
    assert ("publications", "Selected Output") in [(s.key.value, s.heading) for s in cv.sections]
    assert len(cv.publications) == 2
    inferred = [w for w in cv.warnings if w.code.value == "heading_inferred"]
    assert [w.severity.value for w in inferred] == ["loss"]


def test_a_short_chinese_line_in_a_document_of_plain_headings_is_read_by_its_words() -> None:
    text = (
        "李安\n个人信息\n手机: 13800000000\n实习经历\n虚构科技公司-数据库实习生 (2016年5月~9月)\n"
        "负责虚构查询优化器的改进\n开源项目\nToyDB : 虚构的分布式数据库\n技能清单\n"
        "C++、Go、Python\n项目与比赛\n虚构玩具挑战赛, 一等奖\n发表论文\n"
        "Ann Lee, Bo Wu. Fast toys. In NSDI 2024.\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("profile", "个人信息"),
        ("experience", "实习经历"),
        ("projects", "开源项目"),
        ("skills", "技能清单"),
        ("projects", "项目与比赛"),
        ("publications", "发表论文"),
    ]


def test_a_short_plain_line_is_no_heading_where_headings_are_styled_or_english() -> None:
    styled = (
        "李安\n\n## 个人信息\n手机: 13800000000\n## 实习经历\n虚构科技公司 (2016年5月~9月)\n"
        "## 开源项目\nToyDB\n技能清单\nC++、Go\n"
    )
    english = (
        "Ann Lee\nContact\nann@toy.edu\nEducation\nPh.D., Toy University, 2019 - 2024\n"
        "Teaching\nTeaching Assistant\nToy Science 101, 2021\n"
    )
    assert "技能清单" not in [heading for _, heading in _sections(styled)]
    assert "Teaching Assistant" not in [heading for _, heading in _sections(english)]


def test_a_plain_experience_heading_over_undated_lines_is_none() -> None:
    text = (
        "李安\n个人信息\n手机: 13800000000\n获奖经历\n2021 年虚构玩具竞赛一等奖\n课程经历\n"
        "2018 年春季: 玩具设计, 课程助教\n社会活动\n2016.05 - 2017.05 虚构学生会部长\n"
    )
    keys = {heading: key for key, heading in _sections(text)}
    assert "课程经历" not in keys
    assert keys["社会活动"] == "service"


def test_a_plain_line_with_publication_words_over_known_sub_lists_heads_them() -> None:
    text = (
        "Ann Lee\n\nEducation\n\nPh.D., Toy University, 2019 - 2024\n\n"
        f"Toy Science Publications\n\nConference Papers\n{PUBS}\nJournal Articles\n"
        "Ann Lee, Bo Wu. Toy rules. Toy Journal, 2022.\n\nSkills\n\nPython\n"
    )
    assert [heading for _, heading in _sections(text)] == [
        None,
        "Education",
        "Toy Science Publications",
        "Conference Papers",
        "Journal Articles",
        "Skills",
    ]


def test_general_chinese_heading_words_venture_awards_and_appendix() -> None:
    text = (
        "李安\n个人信息\n手机: 13800000000\n实习经历\n虚构科技公司-数据库实习生 (2016年5月~9月)\n"
        "开源项目\nToyDB : 虚构的分布式数据库\n创业经历 虚构同学广场\n一个虚构的校园论坛, 使用 Go 开发.\n评奖评优\n2021 年虚构大学三好学生\n"
        "附录\n成绩单: 虚构大学成绩单\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("profile", "个人信息"),
        ("experience", "实习经历"),
        ("projects", "开源项目"),
        ("experience", "创业经历"),
        ("awards", "评奖评优"),
        ("other", "附录"),
    ]


def test_introduction_heads_a_summary() -> None:
    text = (
        "# Ann Lee\nann@toy.edu\n\n## Introduction\nI build toys for small robots.\n\n"
        "## Education\nPh.D., Toy University, 2019 - 2024\n\n## Skills\nPython\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("summary", "Introduction"),
        ("education", "Education"),
        ("skills", "Skills"),
    ]


def test_a_title_case_line_set_off_by_blank_lines_in_a_plain_document_is_a_heading() -> None:
    text = (
        "Ann Lee\n\nEducation\n\nPh.D., Toy University, 2019 - 2024\n\nAwards\n\n"
        "2021\nToy Fellowship, Toy Institute.\n\nTinkering Skills\n\nC, Python, Rust\n"
    )
    assert _sections(text)[-1] == ("skills", "Tinkering Skills")
    run_on = text.replace("Tinkering Skills\n\n", "Tinkering Skills\n")
    assert ("skills", "Tinkering Skills") not in _sections(run_on)


def test_every_line_at_the_section_level_of_a_marked_up_document_is_a_section() -> None:
    text = (
        "# Ann Lee\n\n## Education\nPh.D., Toy University, 2019 - 2024\n\n"
        "## Garden Diary\nKept a pretend greenhouse of paper tulips.\n\n"
        f"## Publications\n{PUBS}\n## Skills\nPython\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "Education"),
        ("other", "Garden Diary"),
        ("publications", "Publications"),
        ("skills", "Skills"),
    ]


def test_a_known_heading_every_entry_repeats_below_the_section_level_is_no_section() -> None:
    text = (
        "# Ann Lee\n\n## Education\nPh.D., Toy University, 2019 - 2024\n\n"
        "## Kite Studies\n### Paper Kites\nFolded kites for calm days.\n"
        "#### Awards\nA pretend ribbon for the longest string.\n"
        "### Cloth Kites\nSewn kites for windy days.\n"
        "#### Awards\nA pretend cup for the highest climb.\n\n"
        "## Skills\nPython\n"
    )
    headings = [heading for _, heading in _sections(text)]
    assert "Awards" not in headings
    assert headings[:3] == [None, "Education", "Kite Studies"]


def test_a_large_type_shared_by_contact_lines_and_sub_titles_is_no_section_level() -> None:
    text = (
        "## Ann Lee\n## ann.lee@example.org\n## Toy Town, Nowhere\n\n"
        "## Education\nPh.D., Toy University, 2019 - 2024\n\n"
        "## Experience\nEngineer, Toy Corp, 2020 - 2024\n"
        "## Kite Building\nFolded pretend kites for calm days.\n"
        "## Doll Sewing\nSewed pretend dolls for windy days.\n"
    )
    headings = [heading for _, heading in _sections(text)]
    assert "Kite Building" not in headings and "Doll Sewing" not in headings
    assert "Experience" in headings


def test_a_bold_line_in_a_style_that_sets_only_headings_is_a_section() -> None:
    text = (
        "Ann Lee\nann.lee@example.org\n\n**Education**\nPh.D., Toy University, 2019 - 2024\n\n"
        "**Garden Diary**\nKept a pretend greenhouse of paper tulips.\n\n"
        f"**Publications**\n{PUBS}\n**Skills**\nPython\n"
    )
    assert _sections(text)[1:] == [
        ("education", "Education"),
        ("other", "Garden Diary"),
        ("publications", "Publications"),
        ("skills", "Skills"),
    ]


def test_a_bold_style_shared_with_employers_is_no_section_style() -> None:
    text = (
        "Ann Lee\n\n**Education**\nPh.D., Toy University, 2019 - 2024\n\n"
        "**Experience**\nClerk, Toy Shop, 2018 - 2019\n**Pinwheel Yard**\nEngineer, 2020 - 2022\n"
        "**Doll Barn**\nLead, 2022 - 2024\n\n**Skills**\nPython\n"
    )
    headings = [heading for _, heading in _sections(text)]
    assert "Pinwheel Yard" not in headings and "Doll Barn" not in headings


def test_a_heading_of_the_word_research_alone_takes_its_key_from_its_block() -> None:
    # first after the contacts, in the document's heading style, over prose: research interests
    text = (
        "# Ann Lee\nann@example.edu\n\n## Research\nI study how paper kites fly in gusty winds.\n\n"
        "## Education\nPh.D., Toy University, 2019 - 2024\n\n## Skills\nPython\n"
    )
    assert _sections(text)[1] == ("research_interests", "Research")
    # set in capitals like the other headings, over dated positions: research experience
    text = (
        "Ann Lee\n\nEDUCATION\nPh.D., Toy University, 2019 - 2024\n\n"
        "RESEARCH\n2020 - 2023 Kite Lab, Toy University, research assistant\n\nSKILLS\nPython\n"
    )
    assert ("research_experience", "RESEARCH") in _sections(text)
    # 研究 in a Chinese CV's heading style
    text = "## 教育背景\n2019 - 2024 示例大学 博士\n\n## 研究\n主要研究纸风筝在阵风中的飞行。\n\n## 技能\nPython\n"
    assert ("research_interests", "研究") in _sections(text)


def test_a_plain_line_above_the_first_heading_is_no_heading() -> None:
    # the owner's name and a one-word line in the top block are not read by their words
    text = (
        "Ann Lee\nResearch\nann@example.edu\n\n## Education\nPh.D., Toy U, 2020\n\n## Skills\nC\n"
    )
    assert [key for key, _ in _sections(text)] == ["profile", "education", "skills"]


def test_a_research_heading_over_bulleted_works_is_projects() -> None:
    # each item names a work and says what it does: projects, not a list of topics
    text = (
        "Ann Lee\n\nEDUCATION\nPh.D., Toy University, 2019 - 2024\n\n"
        "RESEARCH\n"
        "• Quiet Queues: leveraging small buffers for loud toys in busy toy shops\n"
        "• Kite Mesh: robust string routing for paper kites through redundant knots\n"
        "  in gusty winds\n\n"
        "SKILLS\nPython\n"
    )
    assert ("projects", "RESEARCH") in _sections(text)
