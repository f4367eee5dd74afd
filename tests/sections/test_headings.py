"""Every heading shape, on self-written CV fragments, in English, Chinese and Traditional."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.clean import clean_text
from bilingual_cv.lang.headings import (
    heading_table,
    heading_vocabulary,
    is_heading_word,
    keyword_table,
    kind_of_tokens,
    longest_word,
    match_heading,
    token_set,
    unspaced_token_sets,
)
from bilingual_cv.lexicon import load_headings
from bilingual_cv.schema import SectionKind
from bilingual_cv.sections import headings
from bilingual_cv.sections.split import split_sections


def sections_of(text: str) -> list[tuple[str, str | None]]:
    sections, _ = split_sections(clean_text(text).lines)
    return [(s.key.value, s.heading) for s in sections]


def test_heading_alone_any_case_and_markdown() -> None:
    text = "Ann Lee\n\nEDUCATION\nMIT\n\n## **Experience**\nGoogle\n\n#### Invited Talks\nA talk\n\nteaching\nCS 101"
    assert sections_of(text) == [
        ("profile", None),
        ("education", "EDUCATION"),
        ("experience", "Experience"),
        ("talks", "Invited Talks"),
        ("teaching", "teaching"),
    ]


def test_heading_followed_by_content_on_the_same_line() -> None:
    text = (
        "Ann Lee\n\nRESEARCH INTERESTS Operating systems, storage\n\n"
        "**Education** Stanford University Stanford, CA\nPh.D. 2020\n\n"
        "Industry Experience Meta Platforms, Infra Menlo Park, CA\nIntern 2019"
    )
    sections, _ = split_sections(clean_text(text).lines)
    assert [(s.key.value, s.heading) for s in sections] == [
        ("profile", None),
        ("research_interests", "RESEARCH INTERESTS"),
        ("education", "Education"),
        ("experience", "Industry Experience"),
    ]
    assert sections[1].lines[0].text == "Operating systems, storage"
    assert sections[2].lines[0].text.startswith("Stanford University")


def test_heading_split_over_lines() -> None:
    text = "Ann Lee\n\nREFEREED CONFERENCE &\nJOURNAL\nPUBLICATIONS\n\n[C1] A Paper\n\nSELECTED\nPRE-PRINTS\n\n[P1] Another"
    assert sections_of(text) == [
        ("profile", None),
        ("publications", "REFEREED CONFERENCE & JOURNAL PUBLICATIONS"),
        ("publications", "SELECTED PRE-PRINTS"),
    ]


def test_a_bold_heading_over_a_bold_list_subheading_stays_two_headings() -> None:
    text = "Ann Lee\n\n**PUBLICATIONS**\n**Conferences**\n[C1] A Paper. NSDI 2024.\n**Journals**\n[J1] B. TPDS 2023."
    assert sections_of(text) == [
        ("profile", None),
        ("publications", "PUBLICATIONS"),
        ("publications", "Conferences"),
        ("publications", "Journals"),
    ]


def test_heading_glued_to_the_next_text() -> None:
    text = "Ann Lee\n\nPROFESSIONAL\nSERVICES**Program Committee / Reviewer**\n\n- OSDI 2024\n\nTEACHING\nCS 101"
    assert sections_of(text) == [
        ("profile", None),
        ("service", "PROFESSIONAL SERVICES"),
        ("teaching", "TEACHING"),
    ]


def test_publication_subheadings_are_sections_with_parent() -> None:
    text = "## Publications\n\n## Conference Papers\n1. A\n\n#### Workshop Papers\n1. B\n\n#### Patents\n1. C"
    sections, _ = split_sections(clean_text(text).lines)
    assert [(s.key.value, s.heading, s.parent) for s in sections] == [
        ("publications", "Publications", None),
        ("publications", "Conference Papers", "Publications"),
        ("publications", "Workshop Papers", "Publications"),
        ("patents", "Patents", "Publications"),
    ]


def test_lines_that_only_look_like_headings_are_content() -> None:
    text = (
        "Ann Lee\n\n## **Industry Experience**\nGoogle, Search\n\n## **Acme Robotics**\nSoftware Engineer Intern\n\n"
        "## Service\n\n## Organizer\n• Chair\n\n## Technical Program Committee\n- 2024: NSDI\n\n"
        "## Mentoring\n### **Current PhD Students**\n- Bo Wu"
    )
    assert sections_of(text) == [
        ("profile", None),
        ("experience", "Industry Experience"),
        ("service", "Service"),
        ("mentoring", "Mentoring"),
    ]


@pytest.mark.parametrize(
    ("heading", "key"),
    [
        ("教育背景", "education"),
        ("科研/横向经历", "research_experience"),
        ("论文发表总览", "publications"),
        ("专利发表", "patents"),
        ("主要科研经历", "research_experience"),
        ("代表性论文", "publications"),
        ("发表学术论文情况", "publications"),
        ("所获奖励", "awards"),
        ("Refereed Conference Publications", "publications"),
        ("Peer-Reviewed Journal Articles", "publications"),
        ("Selected Honors", "awards"),
        ("Honors and Awards:", "awards"),
        ("教育背景 Education", "education"),
        ("Education / 教育经历", "education"),
        ("一、教育背景", "education"),
        ("Conferences Attended", "other"),
    ],
)
def test_heading_variants_resolve(heading: str, key: str) -> None:
    found = match_heading(clean_text(heading).lines[0].text, heading_table())
    assert found is not None and found.value == key


@pytest.mark.parametrize(
    ("heading", "key"),
    [
        # 其他 names "other" when no other keyword names a kind, before a generic 经历;
        # 实践 says nothing of the kind
        ("实践及其他", "other"),
        ("其他经历", "other"),
        ("学术服务/其他", "service"),
        ("工作实践", "experience"),
        ("其他论文", "publications"),
        # travel names "other" only when no other keyword names a kind
        ("Travel and Mobility", "other"),
        ("Travel Grants", "grants"),
        ("Travel Awards", "awards"),
        # a keyword right after a verb keyword (发表, published) names what was published
        ("已发表专利", "patents"),
        ("已发表软件著作权", "patents"),
        ("Published Patents", "patents"),
        ("已发表论文", "publications"),
        ("论文发表及专利", "publications"),
        ("软件著作权", "patents"),
    ],
)
def test_headings_by_their_keywords(heading: str, key: str) -> None:
    from bilingual_cv.lang.headings import match_heading_words

    found = match_heading_words(heading)
    assert found is not None and found.value == key


@pytest.mark.parametrize(
    ("traditional", "key"),
    [
        ("學歷", "education"),
        ("經歷", "experience"),
        ("著作目錄", "publications"),
        ("獲獎", "awards"),
    ],
)
def test_traditional_headings_fold_to_the_same_keys(traditional: str, key: str) -> None:
    found = match_heading(clean_text(traditional).lines[0].text, heading_table())
    assert found is not None and found.value == key


def test_traditional_cv_maps_to_the_same_keys_as_its_simplified_twin() -> None:
    simplified = "陈雅婷\n\n学历\n国立台湾大学 资讯工程学系 博士\n\n经历\n中央研究院 助研究员\n\n著作目录\n期刊论文\n1. 陈雅婷. 标题[J].\n\n获奖\n科技部奖"
    traditional = "陳雅婷\n\n學歷\n國立臺灣大學 資訊工程學系 博士\n\n經歷\n中央研究院 助研究員\n\n著作目錄\n期刊論文\n1. 陳雅婷. 標題[J].\n\n獲獎\n科技部獎"
    assert [k for k, _ in sections_of(traditional)] == [k for k, _ in sections_of(simplified)]
    assert [k for k, _ in sections_of(traditional)] == [
        "profile",
        "education",
        "experience",
        "publications",
        "publications",
        "awards",
    ]


def test_unknown_caps_heading_becomes_other_with_a_warning() -> None:
    sections, warnings = split_sections(
        clean_text("Ann Lee\n\nEDUCATION\nMIT\n\nFAVOURITE THINGS\nTea").lines
    )
    assert sections[-1].key is SectionKind.OTHER and sections[-1].heading == "FAVOURITE THINGS"
    assert [(w.code, w.line) for w in warnings] == [("unknown_heading", 6)]


def test_section_spans_are_one_based_lines_of_the_cleaned_text() -> None:
    sections, _ = split_sections(clean_text("Ann Lee\nann@x.org\n\nEDUCATION\nMIT\n\n").lines)
    assert [(s.start_line, s.end_line) for s in sections] == [(1, 2), (4, 5)]


def test_decorated_headings_bullets_brackets_and_remarks() -> None:
    text = (
        "王小明\n\n■ 教育背景\n清华大学 博士\n\n【工作经历】\n华为 工程师\n\n"
        "Publications (* denotes equal contribution)\n1. Ann Lee*, Bo Wu*. Paper. NSDI, 2024.\n\n"
        "• Teaching\nCS 101"
    )
    assert sections_of(text) == [
        ("profile", None),
        ("education", "教育背景"),
        ("experience", "工作经历"),
        ("publications", "Publications (* denotes equal contribution)"),
    ]


def test_a_label_with_a_remark_inside_a_list_is_not_a_heading() -> None:
    text = "Ann Lee\n\nPUBLICATIONS\n\nSummary (first-author): NSDI 2024, OSDI 2023\n\n[C1] A Paper"
    assert sections_of(text) == [("profile", None), ("publications", "PUBLICATIONS")]


def test_same_kind_headings_are_siblings_in_the_same_style_and_nested_in_a_weaker_one() -> None:
    text = (
        "Ann Lee\n\nACADEMIC APPOINTMENTS\nAssistant Professor, MIT, 2023-present\n\n"
        "INDUSTRY EXPERIENCE\nGoogle, Intern, 2021\n\nPROFESSIONAL SERVICE\nReviewer, OSDI 2024\n\nCommunity Services\n- Mentor, 2023"
    )
    assert sections_of(text) == [
        ("profile", None),
        ("experience", "ACADEMIC APPOINTMENTS"),
        ("experience", "INDUSTRY EXPERIENCE"),
        ("service", "PROFESSIONAL SERVICE"),
    ]


def test_a_job_title_right_under_a_heading_is_not_another_heading() -> None:
    text = "Jake Ryan\n\nExperience\nUndergraduate Research Assistant\tJune 2020 – Present\nTexas A&M University\tCollege Station, TX"
    assert sections_of(text) == [("profile", None), ("experience", "Experience")]


def test_letter_spaced_and_ruled_headings() -> None:
    text = "Ann Lee\n\nE D U C A T I O N\nMIT\n\nPublications ________\n1. A"
    assert sections_of(text) == [
        ("profile", None),
        ("education", "E D U C A T I O N"),
        ("publications", "Publications"),
    ]
    assert sections_of("李安\n\n教 育 背 景\n清华大学") == [
        ("profile", None),
        ("education", "教 育 背 景"),
    ]


def test_bare_list_words_are_sub_headings_only_inside_a_publication_list() -> None:
    text = "Ann Lee\n\nPublications\n\nJournals\n1. A. TPDS, 2020.\n\n会议\n1. B. NSDI, 2021.\n\nSERVICE\nJournals\nTPDS reviewer"
    assert sections_of(text) == [
        ("profile", None),
        ("publications", "Publications"),
        ("publications", "Journals"),
        ("publications", "会议"),
        ("service", "SERVICE"),
    ]


def test_a_field_label_inside_an_entry_is_no_heading() -> None:
    import bilingual_cv

    text = (
        "韩梅\n\n教育背景\n2018 – 2024 博士, 虚构大学 软件新技术实验室\n研究方向: 操作系统安全\n"
        "2014 – 2018 本科, 虚构学院\n研究方向: 软件加壳\n"
    )
    cv = bilingual_cv.parse_text(text)
    assert [s.heading for s in cv.sections if s.heading] == ["教育背景"]
    assert len(cv.education) == 2


def test_an_experience_heading_over_degrees_only_gives_education() -> None:
    import bilingual_cv

    text = "韩梅\n\n经历\n2018 – 2024 博士, 虚构大学\n导师: 李华教授\n2014 – 2018 本科, 虚构学院\n"
    cv = bilingual_cv.parse_text(text)
    assert [(e.institution, e.degree.value) for e in cv.education] == [
        ("虚构大学", "phd"),
        ("虚构学院", "bachelor"),
    ]
    assert cv.experience == []


def test_the_first_keyword_decides_a_combined_grants_heading() -> None:
    table = heading_table()
    assert match_heading("Grants and Awards", table) is SectionKind.GRANTS
    assert match_heading("GRANTS & AWARDS", table) is SectionKind.GRANTS
    assert match_heading("Awards and Grants", table) is SectionKind.AWARDS


def test_every_lexicon_wording_is_read_as_a_heading_and_its_words_pass_the_gate() -> None:
    lex = load_headings("en")
    table = heading_table()
    variants = [v for group in lex.variants.values() for v in group]
    for heading in variants:
        for text in (heading, heading.upper()):
            found = headings.find_heading(clean_text(text).lines, 0, table)
            assert found is not None and found.rest == "", text
    words = [w for group in (*lex.keywords.values(), *lex.generic_keywords.values()) for w in group]
    for text in [*variants, *words, *lex.modifiers, *lex.sublist_titles]:
        assert all(is_heading_word(word) for word in text.split()), text


#: Words of fictional CV lines: heading words, modifiers, stop words, body words, numbering,
#: letter spacing, brackets and punctuation.
LINE_WORDS = [
    "Education", "EDUCATION", "Publications", "Selected", "Honors", "&", "and", "of",
    "Awards", "Experience", "Research", "Work", "Professional", "Service", "Teaching",
    "Invited", "Talks", "Skills", "Students", "Conference", "Papers", "Journal", "Grants",
    "Toy", "University", "Ann", "Lee", "2019", "Ph.D.", "1.", "IV.", "E", "D", "U", "C",
    "(selected)", "[Education]", ":", "—", "Acme", "Robotics", "Committee", "Program",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINE_WORDS), min_size=1, max_size=7).map(" ".join))
def test_a_line_the_word_gate_stops_is_no_heading_by_any_rule(text: str) -> None:
    """The gate (every word a heading word) only saves work: a line it stops is no heading
    read whole, by its keywords, or as a remark-closed heading."""
    if headings._may_be_whole_heading(text):
        return
    table = heading_table()
    assert match_heading(text, table) is None
    assert headings.match_heading_words(text) is None


def _zh_words() -> list[str]:
    table = keyword_table("zh")
    return [*table.keywords[0], *table.generic[0], *table.neutral[0]]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*_zh_words(), "虚", "构"]), max_size=5).map("".join))
def test_longest_word_is_the_longest_word_the_text_starts_with(text: str) -> None:
    for table in (keyword_table("zh").keywords, keyword_table("zh").neutral):
        starts = [word for word in table[0] if text.startswith(word)]
        expected = max(starts, key=len) if starts else ""
        assert longest_word(text, table)[0] == expected


#: Pieces of fictional words: heading words and their plurals, stop words, body words,
#: punctuation and non-ASCII letters.
WORD_PIECES = [
    "Award", "awards", "Activities", "activity", "Honors", "Service", "Class", "news", "of",
    "and", "THE", "Toy", "Lee", "2019", "-", "&", ".", ":", "/", "é", "Ｅ", "s", "ies", "y",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORD_PIECES), min_size=1, max_size=4).map("".join))
def test_heading_word_forms_equal_tokenizing(word: str) -> None:
    from bilingual_cv.lang.en import tokenize_en

    vocabulary = heading_vocabulary()
    plain = all(token in vocabulary for token in tokenize_en(word))
    assert is_heading_word(word) == plain


#: Pieces of fictional list lines: sub-list title words and their plurals, modifiers, stop
#: words, body words, numbering, punctuation and non-ASCII letters.
SUBLIST_PIECES = [
    "Technical", "Program", "Committee", "committees", "Reviewer", "reviewers", "Journal",
    "Conference", "Selected", "Invited", "Talks", "of", "and", "the", "Toy", "Lee", "2019",
    "1.", "(", ")", "-", "&", ":", "/", " ", " ", " ", "é", "Ｅ", "s", "ies", "审稿人", "委员会",
]  # fmt: skip


def _plain_sublist_title(text: str, table: headings.HeadingTable) -> bool:
    """is_sublist_title without its shortcuts: the word set of every line is built."""
    from bilingual_cv.lang.heading_text import strip_heading
    from bilingual_cv.lexicon import lexicon_key

    key = lexicon_key(strip_heading(text))
    if key in table.sublist:
        return True
    if any("\u3400" <= ch <= "\u9fff" for ch in key):
        return token_set(key, table.modifiers) in unspaced_token_sets("zh")[1]
    return token_set(key, table.modifiers) in table.sublist_tokens


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(SUBLIST_PIECES), min_size=1, max_size=7).map("".join))
def test_sublist_title_shortcuts_equal_building_the_word_set(text: str) -> None:
    table = heading_table()
    assert headings.is_sublist_title(text, table) == _plain_sublist_title(text, table)


def test_every_lexicon_sublist_title_with_or_without_a_modifier_reads_as_before() -> None:
    table = heading_table()
    for lang in ("en", "zh"):
        for title in load_headings(lang).sublist_titles:
            assert headings.is_sublist_title(title, table), title
            for modifier in sorted(table.modifiers):
                text = f"{modifier} {title}"
                assert headings.is_sublist_title(text, table) == _plain_sublist_title(text, table)


#: Pieces of fictional lexicon keys: heading words and their plurals, modifiers, stop
#: words and body words.
KEY_WORDS = [
    "honors", "awards", "award", "selected", "refereed", "conference", "publications",
    "papers", "journal", "of", "and", "the", "research", "experience", "toy", "lee", "2019",
    "activities", "service", "invited", "talks", "teaching", "students",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(KEY_WORDS), min_size=1, max_size=5).map(" ".join))
def test_kind_of_tokens_of_ascii_key_equals_building_the_word_set(key: str) -> None:
    table = heading_table()
    plain = table.tokens.get(token_set(key, table.modifiers))
    assert kind_of_tokens(key, table) == plain


def test_headings_as_typesetting_leaves_them_small_caps_read_apart_and_bare_numbers() -> None:
    import bilingual_cv

    papers = "Ann Lee, Bo Wu. Fast toys for slow networks. In NSDI 2024.\n"
    small_caps = (
        f"Ann Lee\n\nE DUCATION\nPh.D., Toy University, 2019 - 2024\n\nW ORK E XPERIENCE\n"
        f"Toy Lab, Research Scientist, 2024 - present\n\nP UBLICATIONS\n{papers}"
    )
    numbered = (
        f"Ann Lee\n\n1 Education\nPh.D., Toy University, 2019 - 2024\n\n"
        f"2 Publications\n{papers}\n3 Skills\nPython\n3 toy robots were built\n"
    )
    assert [(s.key.value, s.heading) for s in bilingual_cv.parse(small_caps).sections] == [
        ("profile", None),
        ("education", "EDUCATION"),
        ("experience", "WORK EXPERIENCE"),
        ("publications", "PUBLICATIONS"),
    ]
    assert [(s.key.value, s.heading) for s in bilingual_cv.parse(numbered).sections] == [
        ("profile", None),
        ("education", "Education"),
        ("publications", "Publications"),
        ("skills", "Skills"),
    ]


def test_taiwan_and_hong_kong_cv_headings_and_their_lettered_sub_lists() -> None:
    # a fictional Taiwanese CV: the headings of such CVs (folded to Simplified before matching)
    # and its publication sub-lists labelled (A), (一), 甲、 and A.
    text = (
        "王小明\n\n現任\n國立玩具大學 教授\n\n曾任\n國立積木大學 副教授\n\n行政經歷\n系主任\n\n"
        "學術資格\n國立玩具大學 博士\n\n著作目錄\n(A) 期刊論文\n王小明（2023）。玩具排程。玩具學報。\n"
        "（一）國際研討會論文\n王小明（2022）。玩具網路。玩具研討會。\n甲、專書篇章\n王小明（2021）。玩具。\n"
        "A. 出版品\n王小明（2020）。積木。\n\n國科會計畫\n玩具排程之研究\n\n執行計畫\n積木網路\n\n"
        "產學合作\n玩具公司\n\n行政服務\n委員\n\n授課課程\n演算法\n\n指導學生論文\n積木研究\n\n"
        "專利與技轉\n玩具裝置\n\n證照\n玩具師\n"
    )
    assert [(s.key.value, s.heading) for s in bilingual_cv.parse(text).sections] == [
        ("profile", None),
        ("experience", "現任"),
        ("experience", "曾任"),
        ("experience", "行政經歷"),
        ("education", "學術資格"),
        ("publications", "著作目錄"),
        ("publications", "期刊論文"),
        ("publications", "國際研討會論文"),
        ("publications", "專書篇章"),
        ("publications", "出版品"),
        ("grants", "國科會計畫"),
        ("grants", "執行計畫"),
        ("grants", "產學合作"),
        ("service", "行政服務"),
        ("teaching", "授課課程"),
        ("mentoring", "指導學生論文"),
        ("patents", "專利與技轉"),
        ("other", "證照"),
    ]


def test_taiwan_form_headings_numbered_with_formal_numerals() -> None:
    # a fictional Taiwanese CV form: 壹、貳、參 number the parts, ideographic spaces stretch them
    text = (
        "王小明\n\n壹、基本資料\n電話 0912-345-678\n\n貳、學　　歷\n國立玩具大學 博士 2010 - 2015\n\n"
        "參、經歷\n國立玩具大學 教授 2015 - 2020\n\n肆、著作目錄\n王小明（2023）。玩具排程。玩具學報。\n"
    )
    assert [(s.key.value, s.heading) for s in bilingual_cv.parse(text).sections] == [
        ("profile", None),
        ("profile", "基本資料"),
        ("education", "學  歷"),
        ("experience", "經歷"),
        ("publications", "著作目錄"),
    ]


@pytest.mark.parametrize(
    "text, heading",
    [
        # the degree level qualifies the heading: first after the contacts, before any known one
        (
            "李安\n电话：13800000000\n\n本科教育\n2015.09 - 2019.06 示例大学 学士\n\n获奖经历\n2016 奖学金\n",
            "本科教育",
        ),
        (
            "李安\n\n获奖经历\n2016 奖学金\n\n研究生教育\n2019.09 - 2022.06 示例大学 硕士\n",
            "研究生教育",
        ),
        (
            "Ann Lee\n\nAwards\n2016 Toy Prize\n\nUndergraduate Education\nB.S., Toy University, 2015-2019\n",
            "Undergraduate Education",
        ),
        (
            "Ann Lee\n\nGraduate Studies\nPh.D., Toy University, 2019-2024\n\nSkills\nKites\n",
            "Graduate Studies",
        ),
    ],
)
def test_an_education_heading_qualified_by_the_degree_level(text: str, heading: str) -> None:
    sections = [(s.key, s.heading) for s in bilingual_cv.parse(text).sections]
    assert (SectionKind.EDUCATION, heading) in sections


@pytest.mark.parametrize("text", ["Editorial Activities", "EDITORIAL WORK"])
def test_editorial_work_is_service(text: str) -> None:
    assert match_heading(text, heading_table()) is SectionKind.SERVICE


@pytest.mark.parametrize(
    "heading", ["Postdoctoral Experience", "Postdoctoral Positions", "Consulting Experience"]
)
def test_postdoctoral_and_consulting_headings_open_experience(heading: str) -> None:
    cv = bilingual_cv.parse(
        f"Ann Lee\nann@toy.edu\n\nEducation\nPh.D. in Toy Science, Toy University, 2015 - 2020\n\n"
        f"{heading}\nPostdoctoral Researcher, Toy University, 2021 - 2022\n"
    )
    assert [(s.key.value, s.heading) for s in cv.sections][-1] == ("experience", heading)
    assert [e.organization for e in cv.experience] == ["Toy University"]


@pytest.mark.parametrize(
    ("heading", "key"),
    [
        ("Professional Background", "experience"),
        ("Research Visits", "experience"),
        ("Students Mentored", "mentoring"),
        ("Monographs", "publications"),
        ("Patents and Software", "patents"),
        ("Outreach Activities", "service"),
        ("Press Coverage", "other"),
        ("Licenses", "other"),
    ],
)
def test_more_general_cv_headings_open_their_sections(heading: str, key: str) -> None:
    cv = bilingual_cv.parse(
        f"Ann Lee\nann@toy.edu\n\nEducation\nPh.D. in Toy Science, Toy University, 2015 - 2020\n\n"
        f"{heading}\nA line about toys, Toy University, 2021 - 2022\n\nSkills\nPython\n"
    )
    assert (key, heading) in [(s.key.value, s.heading) for s in cv.sections]
