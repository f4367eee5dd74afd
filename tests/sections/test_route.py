"""Routing sections to the entry parsers (sections/route.py): a label printed inside each
entry that comes out as a heading does not end the list (issue 27 class 4)."""

from __future__ import annotations

import bilingual_cv

_EDUCATION_WITH_LABELS = """Ann Lee
ann@example.org

EDUCATION
Example University of Technology\tJan 2024 - Jan 2025
Visiting Ph.D. Student, Toy Pillar\tSupervisor: Prof. Bo Wu
Research Interest
Toy Federated Learning
University of Toyland\tOct 2019 - Jun 2023
Ph.D. Candidate, School of Toy Engineering\tSupervisor: Prof. Cy Ma
Research Interest: Privacy of Toy Models
Sample University\tSep 2015 - Jun 2019
Bachelor of Toy Engineering

AWARDS
2019 Best Toy Award
"""

_POSITIONS_WITH_LABELS = """# Bo Wu

bo.wu@example.org

## 工作经历

- 2022.03 - 至今: 高级研究员
- 示例智能实验室

### 研究领域

- 玩具机器人的规划
- 多模态模型

- 2020.05 - 2021.09: 研究实习生
- 玩具科技有限公司(TT)

### 研究重点

- 强化学习算法

## 教育背景

- 2016.09 - 2020.06: 工学学士,示例大学
"""


def test_degrees_after_a_research_interest_label_stay_degrees() -> None:
    cv = bilingual_cv.parse(_EDUCATION_WITH_LABELS)
    assert [(e.institution, e.degree.value, e.start, e.end) for e in cv.education] == [
        ("Example University of Technology", "other", "2024-01", "2025-01"),
        ("University of Toyland", "phd", "2019-10", "2023-06"),
        ("Sample University", "bachelor", "2015-09", "2019-06"),
    ]


def test_positions_after_a_label_heading_stay_positions() -> None:
    cv = bilingual_cv.parse(_POSITIONS_WITH_LABELS)
    assert [(e.organization, e.title, e.start, e.end) for e in cv.experience] == [
        ("示例智能实验室", "高级研究员", "2022-03", "present"),
        ("玩具科技有限公司(TT)", "研究实习生", "2020-05", "2021-09"),
    ]
    assert [(e.institution, e.degree.value) for e in cv.education] == [("示例大学", "bachelor")]


def test_a_research_interests_section_of_topics_adds_no_entry() -> None:
    # a real section of interests after the list: its topics (one with a year) are no entry
    cv = bilingual_cv.parse(
        "Ann Lee\nann@example.org\n\nEXPERIENCE\nToy Robotics\tJan 2021 - Dec 2022\n"
        "Software Engineer\n\nResearch Interests\nToy planning since 2019\nPlayful robots\n"
    )
    assert [(e.organization, e.title) for e in cv.experience] == [
        ("Toy Robotics", "Software Engineer")
    ]


def test_a_table_of_positions_files_each_row_by_its_category() -> None:
    cv = bilingual_cv.parse(
        "# 王小明\n\nxm@example.cn\n\n## 工作实践\n\n"
        "分类\t地点\t职位\t时间\n"
        "实验室\t示例研究中心玩具团队\t实验室助理研究员\t2021.09-2024.02\n"
        "实习\t示例科技有限公司\t实习生\t2024.03-至今\n"
        "社工\t示例大学学生会体育部\t干事\t2022.08-2023.08\n"
    )
    assert [(e.organization, e.title) for e in cv.experience] == [("示例科技有限公司", "实习生")]
    assert [e.organization for e in cv.research_experience] == ["示例研究中心玩具团队"]
    assert [(i.role, i.venue) for i in cv.other] == [("干事", "示例大学学生会体育部")]
