"""Lists of publications with no heading over them (fictional CVs)."""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.schema import SectionKind

PAPERS = (
    "Ann Lee, Bo Wu. Fast toys for slow networks. In NSDI 2024.\n"
    "Ann Lee, Cy Ho. Quiet caches for loud toys. TOCS 2023.\n"
    "Bo Wu, Ann Lee. Toy rules for small robots. In SOSP 2021.\n"
)


def test_papers_after_the_degrees_with_no_heading_are_a_publication_list() -> None:
    text = (
        "Ann Lee\n\nEDUCATION\nPh.D., Toy University, 2019 - 2024\n"
        f"B.S., Doll College, 2015 - 2019\n\n{PAPERS}\nSKILLS\nPython\n"
    )
    cv = bilingual_cv.parse(text)
    assert [(s.key.value, s.heading) for s in cv.sections] == [
        ("profile", None),
        ("education", "EDUCATION"),
        ("publications", None),
        ("skills", "SKILLS"),
    ]
    assert [p.year for p in cv.publications] == [2024, 2023, 2021]
    assert len(cv.education) == 2
    assert [w.code.value for w in cv.warnings if w.code.value == "heading_inferred"] == [
        "heading_inferred"
    ]


def test_the_positions_after_an_unheaded_list_stay_positions() -> None:
    text = (
        "Ann Lee\n\nEXPERIENCE\nResearch Scientist, Toy Lab, 2024 - present\n\n"
        f"{PAPERS}\nSoftware Engineer, Doll Inc., 2019 - 2024\n\nSKILLS\nPython\n"
    )
    cv = bilingual_cv.parse(text)
    assert [(s.key.value, s.heading) for s in cv.sections] == [
        ("profile", None),
        ("experience", "EXPERIENCE"),
        ("publications", None),
        ("experience", None),
        ("skills", "SKILLS"),
    ]
    assert len(cv.publications) == 3
    assert [e.organization for e in cv.experience] == ["Toy Lab", "Doll Inc"]


def test_talks_that_name_papers_stay_talks() -> None:
    text = (
        "Ann Lee\n\nEDUCATION\nPh.D., Toy University, 2019 - 2024\n\nINVITED TALKS\n"
        "Toy Seminar\n\nAnn Lee, Bo Wu. Fast toys for slow networks. NSDI 2024.\n"
        "Ann Lee, Cy Ho. Quiet caches for loud toys. SOSP 2023.\n"
    )
    cv = bilingual_cv.parse(text)
    assert [s.key.value for s in cv.sections] == ["profile", "education", "talks"]
    assert cv.publications == []


def test_a_heading_naming_another_kind_over_papers_only_is_a_publication_list() -> None:
    english = (
        "Ann Lee\n\nEducation\nPh.D., Toy University, 2019 - 2024\n\n"
        f"Peer-Reviewed Works\n{PAPERS}\nSkills\nPython\n"
    )
    chinese = (
        "李安\n\n教育背景\n虚构大学 博士 2019.9 - 2024.6\n\n科研项目与论文\n"
        "[1] 李安, 王博. 虚构玩具研究[J]. 计算机学报, 2022.\n"
        "[2] Lee A, Wu B. Fast toys[C]. In NSDI 2024.\n\n技能\nPython\n"
    )
    for text, heading, count in (
        (english, "Peer-Reviewed Works", 3),
        (chinese, "科研项目与论文", 2),
    ):
        cv = bilingual_cv.parse(text)
        assert (SectionKind.PUBLICATIONS, heading) in [(s.key, s.heading) for s in cv.sections]
        assert len(cv.publications) == count
        assert "heading_inferred" in [w.code.value for w in cv.warnings]


def test_projects_with_their_dates_stay_projects() -> None:
    text = (
        "Ann Lee\n\nEducation\nPh.D., Toy University, 2019 - 2024\n\nProjects\n"
        "Ann Lee, Bo Wu. Toy robot platform. Toy Agency, 2019 - 2022.\n"
        "Ann Lee, Cy Ho. Doll safety study. Doll Fund, 2020 - 2023.\n"
    )
    cv = bilingual_cv.parse(text)
    assert [s.key for s in cv.sections][-1] is SectionKind.PROJECTS
    assert cv.publications == []


def test_degrees_in_blocks_of_their_own_stay_education() -> None:
    text = (
        "Pat Kim\n\nEducation\n\nPh.D., Toy Science, Toy University, 2015\n"
        "Thesis: Toy robots, 2015\n\nM.S., Toy Science, Toy University, 2012\n"
        "B.S., Doll Studies, Doll National University, 2010\n\nExperience\n\n"
        "Research Scientist @ Toy Lab (2019-2021)\n"
    )
    cv = bilingual_cv.parse(text)
    assert [s.key for s in cv.sections] == [
        SectionKind.PROFILE,
        SectionKind.EDUCATION,
        SectionKind.EXPERIENCE,
    ]
    assert len(cv.education) == 3
    assert cv.publications == []


def test_a_list_under_an_unknown_heading_first_after_the_contacts_keeps_its_heading() -> None:
    """The first section after the owner's name and contacts, under a heading the lexicons
    lack: its papers are read, under that heading as written, with ``heading_inferred``."""
    for heading in ("Scholarly Works", "Research Output"):
        cv = bilingual_cv.parse(
            f"Ann Lee\nann@example.edu\n\n{heading}\n{PAPERS}\nSKILLS\nPython\n"
        )
        assert [(s.key.value, s.heading) for s in cv.sections] == [
            ("profile", None),
            ("publications", heading),
            ("skills", "SKILLS"),
        ]
        assert [p.year for p in cv.publications] == [2024, 2023, 2021]
        assert "heading_inferred" in [w.code.value for w in cv.warnings]
        assert "stray_line" not in [w.code.value for w in cv.warnings]


def test_a_heading_set_between_two_rules_is_read() -> None:
    cv = bilingual_cv.parse(
        f"Ann Lee\nann@example.edu\n\n— Publications —\n{PAPERS}\n== 教育背景 ==\n"
        "2015.09-2020.06 玩具大学 计算机科学与技术 博士\n"
    )
    assert [(s.key.value, s.heading) for s in cv.sections] == [
        ("profile", None),
        ("publications", "Publications"),
        ("education", "教育背景"),
    ]
    assert len(cv.publications) == 3
