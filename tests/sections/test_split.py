"""Lines that look like headings but belong to an entry or a sentence (fictional CVs)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.sections.split import _opens_as_label


def _sections(text: str) -> list[tuple[str, str | None]]:
    return [(s.key.value, s.heading) for s in bilingual_cv.parse(text).sections]


def test_a_heading_word_ending_a_wrapped_sentence_is_no_heading() -> None:
    text = (
        "李安\n虚构大学计算机学院\n李安, 2019 年进入虚构大学, 曾多次获得虚构大学三好学生等\n"
        "荣誉.\n现于虚构实验室实习.\n获奖经历\n2021 年虚构玩具竞赛一等奖\n"
    )
    assert _sections(text) == [("profile", None), ("awards", "获奖经历")]


def test_a_bulleted_label_inside_a_list_of_positions_is_a_field() -> None:
    text = (
        "李安\n\n工作经历\n\n- 2022.03 - 至今: 研究员\n- 虚构玩具实验室\n- 研究重点:\n"
        "- 玩具的强化学习\n\n- 2020.08 - 2021.04: 实习生\n- 虚构科技公司\n- 研究重点:\n"
        "- 玩具调度\n\n教育背景\n\n- 2016.09 - 2020.06: 工学学士, 虚构大学\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("experience", "工作经历"),
        ("education", "教育背景"),
    ]


def test_a_label_opening_a_line_of_every_entry_is_a_field() -> None:
    text = (
        "Ann Lee\n\n## EDUCATION\n**Toy University**\tJan 2020 - Jun 2024\n"
        "Ph.D. Student, Toy Lab\n\n**Research Interest:** toy safety\n"
        "**Doll College**\tSep 2016 - Jun 2020\nB.S. in Toy Science\n"
        "**Research Interest:** doll privacy\n\n## WORK EXPERIENCE\n"
        "**Toy Institute**\tAug 2024 - Present\nPostdoctoral Fellow\n\n"
        "**Research Interest:** toy learning\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "EDUCATION"),
        ("experience", "WORK EXPERIENCE"),
    ]


def test_a_tag_repeated_before_each_entry_of_a_list_is_no_section() -> None:
    text = (
        "Ann Lee\n\n## Education\nPh.D., Toy University, 2019 - 2024\n\n## Publications\n"
        '**Preprint**\nAnn Lee, Bo Wu. "Fast Toys for Slow Networks."\n'
        '**Preprint**\nAnn Lee, Cy Ho. "Quiet Caches for Loud Toys."\n'
        '**Preprint**\nBo Wu, Ann Lee. "Toy Queues."\n\n## Skills\nPython\n'
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "Education"),
        ("publications", "Publications"),
        ("skills", "Skills"),
    ]


def test_a_sub_heading_repeated_under_two_lists_stays() -> None:
    text = (
        "Ann Lee\n\n## Education\nPh.D., Toy University, 2019 - 2024\n\n"
        "## Refereed Publications\n### Journals\n[1] Ann Lee, Bo Wu. Fast toys. TOCS, 2024.\n"
        "### Conferences\n[2] Ann Lee, Bo Wu. Slow toys. In NSDI 2023.\n\n"
        "## Other Publications\n### Journals\n[3] Ann Lee, Cy Ho. Toy rules. Toy Journal, 2022.\n"
    )
    headings = [heading for _, heading in _sections(text)]
    assert headings.count("Journals") == 2


def test_a_heading_right_under_its_sections_heading_opens_a_sub_list() -> None:
    text = (
        "Ann Lee\n\nEducation\n\nPh.D., Toy University, 2019 - 2024\n\n"
        "Academic Service\n\nReviewing:\n- 2026: Toy Conference\n- 2025: Doll Workshop\n\n"
        "Skills\n\nPython\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "Education"),
        ("service", "Academic Service"),
        ("skills", "Skills"),
    ]


def test_a_title_under_its_entry_number_is_no_heading() -> None:
    text = (
        "Ann Lee\n\nEDUCATION\n\nPh.D., Toy University, 2019 - 2024\n\nPATENTS\n\n"
        "[1] US 10000001                                Oct 2018\n"
        "TOY CONTROL METHOD AND SYSTEM FOR SMALL ROBOTS AND\nTHE DEVICE THEREOF\n"
        "[2] US 10000002                                Mar 2019\n"
        "DEVICE AND PROCESS OF TOY IDENTIFICATION IN ROBOT NETWORKS\n"
        "USING QUIET TRAFFIC\n[3] US 10000003                                Jan 2020\n"
        "Method for Checking Toys\n\nPROJECTS\n\n[1] A Study on Toy Security\nTechnology\n"
        "- Toy Research Agency\n[2] A Study on Doll Safety\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "EDUCATION"),
        ("patents", "PATENTS"),
        ("projects", "PROJECTS"),
    ]


def _split(text: str) -> tuple[list[tuple[str, str | None]], list[tuple[str, int | None]]]:
    from bilingual_cv.clean import clean_text
    from bilingual_cv.sections.split import split_sections

    sections, warnings = split_sections(clean_text(text).lines)
    return [(s.key.value, s.heading) for s in sections], [(w.code.value, w.line) for w in warnings]


def test_an_unknown_heading_in_capitals_is_read_by_its_words_or_its_block() -> None:
    text = (
        "Ann Lee\n\nEDUCATION\nPh.D., Toy University, 2019 - 2024\n\n"
        "TOY PROJECTS\n[1] A study of toy safety, Toy Agency, 2020\n\n"
        "WRITTEN WORKS\nAnn Lee, Bo Wu. Fast toys for slow networks. In NSDI 2024.\n"
        "Ann Lee, Cy Ho. Quiet caches. TOCS 2023.\n\n"
        "CAMPUS DUTIES\nStudent Representative, Toy College        Feb 2011 – Dec 2012\n"
        "Bo Wu, Ann Lee. Toy Helper, Toy Lab, 2013 – 2014\n"
    )
    sections, warnings = _split(text)
    assert sections[2:] == [
        ("projects", "TOY PROJECTS"),
        ("publications", "WRITTEN WORKS"),
        ("other", "CAMPUS DUTIES"),
    ]
    assert warnings == [
        ("heading_inferred", 6),
        ("heading_inferred", 9),
        ("unknown_heading", 13),
    ]


def test_sub_lists_titled_with_their_size_are_sub_headings() -> None:
    text = (
        "李安\n\n教育背景\n虚构大学 博士 2019.9 - 2024.6\n\n发表论文\n第一作者论文（2 篇）\n"
        "[1] 李安, 王博. 虚构玩具研究[J]. 计算机学报, 2022.\n"
        "[2] Lee A, Wu B. Fast toys[C]. In NSDI 2024.\n其他论文（1 篇）\n"
        "[3] 王博, 李安. 玩具调度[J]. 软件学报, 2021.\n\n技能\nPython\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "教育背景"),
        ("publications", "发表论文"),
        ("publications", "第一作者论文(2 篇)"),
        ("publications", "其他论文(1 篇)"),
        ("skills", "技能"),
    ]


def test_in_a_document_of_spaced_headings_a_tight_one_under_an_empty_section_is_a_sub_list() -> (
    None
):
    text = (
        "Ann Lee\n\nEducation\n\nPh.D., Toy University, 2019 - 2024\n\n"
        "Work Experience\n\nToy Lab, Research Scientist, 2024 - present\n\nAwards\n\n"
        "Scholarships\n- Toy Fellowship (2022)\nDistinctions\n- Best Toy Award (2021)\n\n"
        "Teaching Experience\n\nToy Science 101, teaching assistant, 2021\n\n"
        "Academic Service\nReviewer for the Toy Conference, 2023\n"
    )
    assert _sections(text) == [
        ("profile", None),
        ("education", "Education"),
        ("experience", "Work Experience"),
        ("awards", "Awards"),
        ("teaching", "Teaching Experience"),
        ("service", "Academic Service"),
    ]


def test_a_heading_word_opening_another_line_as_a_name_leaves_the_heading() -> None:
    text = (
        "Ann Lee\n\nEDUCATION: Ph.D., Toy University, 2019 - 2024\n\n"
        "SERVICE\nEDUCATION COMMITTEE member, Toy Society, 2022\n"
    )
    assert _sections(text)[1] == ("education", "EDUCATION")


def test_a_heading_word_right_under_a_line_that_stops_mid_sentence_is_no_heading() -> None:
    text = (
        "Ann Lee\n\nEducation\nPh.D., Toy University, 2019 - 2024\n\n"
        "Experience\nEngineer, Toy Corp, 2020 - 2024\nBuilt pretend robots and organised the\n"
        "Awards\nceremony for toy makers.\n\nSkills\nPython\n"
    )
    assert _sections(text)[2:] == [("experience", "Experience"), ("skills", "Skills")]


def test_a_short_line_over_an_entry_numbered_one_titles_a_sub_list_of_works() -> None:
    text = (
        "Ann Lee\n\nEducation\nPh.D., Toy University, 2019 - 2024\n\n"
        "PATENTS\n\nGranted Abroad\n[1] US 10123456    Oct 2020\n    Method for folding toy kites\n\n"
        "Filed at Home, Toyland\n[1] TL 10-2021-0001    Mar 2021\n    Kite string winder\n"
        "[2] TL 10-2022-0002    Apr 2022\n    Paper boat keel\n\n"
        "Publications\n\nPhD thesis\n  1. Lee, A. (2024). \u201cToy Kites at Scale\u201d. PhD thesis. Toy University.\n\n"
        "Skills\nPython\n"
    )
    assert _sections(text)[2:] == [
        ("patents", "PATENTS"),
        ("patents", "Granted Abroad"),
        ("patents", "Filed at Home, Toyland"),
        ("publications", "Publications"),
        ("publications", "PhD thesis"),
        ("skills", "Skills"),
    ]


def test_a_heading_under_a_line_ending_with_a_link_stays_a_heading() -> None:
    text = (
        "Ann Lee\nEmail: ann@example.org Website: https://ann.example.org/\n"
        "Research Interests Toy kites, paper boats.\n\n"
        "Education\nPh.D., Toy University, 2019 - 2024\n"
    )
    assert _sections(text)[1:] == [
        ("research_interests", "Research Interests"),
        ("education", "Education"),
    ]


def test_a_line_naming_a_status_of_works_over_a_numbered_entry_titles_a_sub_list() -> None:
    text = (
        "Ann Lee\n\nEducation\nPh.D., Toy University, 2019 - 2024\n\n"
        "Publications\n[1] A. Lee, B. Wu. Quiet queues for noisy dolls. In NSDI 2024.\n"
        "[2] A. Lee. Paper boats on persistent memory. In SOSP 2023.\n"
        "**Ongoing Toys / Under Review**\n"
        "[3] A. Lee, C. Ho. Wind tunnels for origami birds. 2025.\n\n"
        "Skills\nPython\n"
    )
    assert _sections(text)[2:] == [
        ("publications", "Publications"),
        ("publications", "Ongoing Toys / Under Review"),
        ("skills", "Skills"),
    ]


@settings(max_examples=500, deadline=None)
@given(
    text=st.text(alphabet=" \t:：《(Ab教育", max_size=12),
    heading=st.sampled_from(["Ab", "教育", "A b"]),
)
def test_a_label_is_read_as_its_plain_pattern_reads_it(text: str, heading: str) -> None:
    plain = re.compile(rf"\s*{re.escape(heading)}\s*[:：\t《「【(（]")
    for candidate in (text, heading + text, " " + heading + text):
        assert _opens_as_label(candidate, heading) == (plain.match(candidate) is not None)


def test_a_title_in_capitals_under_a_patent_number_is_no_heading() -> None:
    """USPTO / KIPO lists print the number (and a date column) on an item's first line and
    the title, often in capitals, at the hanging indent under it; the last item's title
    stands over a blank line and the next heading, where a sub-heading of the list could
    stand. With the indent lost (DOCX, HTML) the number-only first line still says so."""
    gap = " " * 40
    indented = (
        "Jane Kiteflyer\n\nPATENTS\n\nDomestic Registrations\n"
        f"[1] KR 10-1234567{gap}Mar 2023\n    METHOD FOR FOLDING PAPER KITES AND THE SYSTEM THEREOF\n"
        f"[2] KR 10-2021-0123456{gap}Nov 2021\n    ANTI-TANGLE SYSTEM FOR KITE STRINGS\n\n"
        "PUBLICATIONS\n\n[1] J. Kiteflyer. Fast kites at scale. In ToyConf 2023.\n"
    )
    expected = [
        ("profile", None),
        ("patents", "PATENTS"),
        ("patents", "Domestic Registrations"),
        ("publications", "PUBLICATIONS"),
    ]
    assert _sections(indented) == expected
    flush = indented.replace("\n    ", "\n")
    assert _sections(flush) == expected


def test_a_title_in_capitals_at_the_hanging_indent_of_a_numbered_entry_is_no_heading() -> None:
    """A wrapped line at the item's text column goes on the item, however it reads; the
    same line at the left margin over a new numbering is a topic of the list."""
    entry = "[3] J. Kiteflyer, B. Stringer. Kite swarms. In ToyConf 2024.\n"
    tail = "\n[1] J. Kiteflyer. Paper boats. In ToyConf 2021.\n\nSKILLS\n\nPython\n"
    text = f"Jane Kiteflyer\n\nPUBLICATIONS\n\n{entry}    SECURE KITE STRING SYSTEMS\n{tail}"
    assert _sections(text)[1:] == [("publications", "PUBLICATIONS"), ("skills", "SKILLS")]
    topic = text.replace("    SECURE", "SECURE")
    assert _sections(topic)[1:] == [
        ("publications", "PUBLICATIONS"),
        ("publications", "SECURE KITE STRING SYSTEMS"),
        ("skills", "SKILLS"),
    ]


def test_a_sub_heading_after_an_entry_its_year_closed_opens_a_sub_list() -> None:
    """Numbering that runs on across a sub-heading with no blank line around it: the entry
    above closed with its year, so the sub-heading is no wrapped line of it."""
    text = (
        "Ann Lee\n\nPUBLICATIONS\nConference Papers\n"
        "1. Ann Lee, Bo Wu. Spinning Tops at Scale. In Proceedings of the 18th USENIX "
        "Symposium on Networked Systems Design and Implementation (NSDI), 2021.\n"
        "2. Ann Lee, Bo Wu. Wooden Trains for Storage. In Proceedings of the ACM SIGCOMM "
        "2020 Conference (SIGCOMM), pages 1-14, 2020.\n"
        "Journal Articles\n"
        "3. Ann Lee, Cy Ma. Learning to Stack Blocks. IEEE Transactions on Toy Engineering, "
        "12(3):45-60, 2022.\n"
    )
    cv = bilingual_cv.parse(text)
    assert [s.heading for s in cv.sections if s.key.value == "publications"] == [
        "PUBLICATIONS",
        "Conference Papers",
        "Journal Articles",
    ]
    assert [(p.venue.abbr, p.kind) for p in cv.publications] == [
        ("NSDI", "conference"),
        ("SIGCOMM", "conference"),
        ("TTE", "journal"),
    ]
