"""The owner's name and contacts from the top block."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.clean import clean_text
from bilingual_cv.entries import person
from bilingual_cv.entries.person import find_emails, find_phones, find_urls, parse_person
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import load_labels
from bilingual_cv.lines import Line


@pytest.mark.parametrize(
    ("top", "name", "name_zh"),
    [
        ("# Ann Lee\n\nann@example.edu", "Ann Lee", None),
        ("Ann Lee (李安)\nann@example.edu", "Ann Lee", "李安"),
        ("王小明\n电话：13800138000", "王小明", "王小明"),
        ("王小明 Xiaoming Wang\nwxm@example.cn", "王小明", "王小明"),  # the name written first
        ("姓名：李华\n邮箱：lihua@example.cn", "李华", "李华"),
        ("Curriculum Vitae\n\nAnn Lee\nann@example.edu", "Ann Lee", None),
        ("Dr. Ann Lee\nann@example.edu", "Ann Lee", None),
        ("Ann Lee, Ph.D.\nann@example.edu", "Ann Lee", None),
        ("Ann Lee | ann@example.edu | +1 412 555 0100", "Ann Lee", None),
        ("个人简历\n\n姓 名：李 安\n电话：13800138000", "李安", "李安"),
        ("# **韩 梅**\nhanmei@example.cn", "韩梅", "韩梅"),  # a PDF spaced the name out
        ("# **JaneRoe**\njane@example.org", "Jane Roe", None),  # a PDF lost the space
        ("李安博士（Dr. ANN LEE）\nann@example.cn", "李安", "李安"),
        ("**丁一** . **Email:** dingyi@example.org", "丁一", "丁一"),
        # issue 27 class 5: a particle or an apostrophe inside the name
        ("Ana d'Arc\nana@example.org", "Ana d'Arc", None),
        ("Anne de la Tour | anne@example.org", "Anne de la Tour", None),
        ("Jan van der Berg\njan@example.org", "Jan van der Berg", None),
        # a class that sets the given name and the surname on two heading lines
        ("# Ann\n# Lee\nann@example.org", "Ann Lee", None),
        # a label grid: the next label is no part of the name
        ("姓名：李安\t电话：13800138000\n性别：女\t邮箱：lian@example.cn", "李安", "李安"),
        ("Name: Ann Lee Email: ann@example.org", "Ann Lee", None),
        # a note in brackets after the name
        ("# Ann Lee (formerly Ann Roe)\nann@example.org", "Ann Lee", None),
        ("Ann Lee (she/her) | ann@example.org", "Ann Lee", None),
        # a homepage's site title
        ("Skip to content\nAnn Lee Personal Wiki\nann@example.org", "Ann Lee", None),
        ("Ann Lee's Homepage\nann@example.org", "Ann Lee", None),
        # the document's title before the name, joined by "of" or a separator
        ("Curriculum Vitae of Dr. Ann Lee\nann@example.org", "Ann Lee", None),
        ("CURRICULUM VITAE — ANN LEE\nann@example.org", "ANN LEE", None),
        ("个人简历：李安\n邮箱：lian@example.cn", "李安", "李安"),
    ],
)
def test_name_from_the_top_block(top: str, name: str, name_zh: str | None) -> None:
    person = bilingual_cv.parse(top + "\n\nEDUCATION\nMIT, Ph.D., 2020").person
    assert (person.name, person.name_zh) == (name, name_zh)


def test_phones_chinese_with_and_without_country_code_and_international() -> None:
    text = "手机：138 0013 8000 | +86-139-1234-5678 | Tel: +1 (919) 660-6500 | +886 912-345-678"
    assert find_phones(text) == [
        "138 0013 8000",
        "+86-139-1234-5678",
        "+1 (919) 660-6500",
        "+886 912-345-678",
    ]
    assert find_phones("2019.9 - 2025.3, 1.3X-2.2X, pp. 1572-1588, arXiv 2404.02407") == []


def test_urls_are_the_owners_not_paper_links() -> None:
    text = "github.com/annlee \\ ann@cs.example.edu Website: https://annlee.example.org/ Scholar: https://scholar.google.com/citations?user=abc arxiv.org/abs/2401.00001"
    assert find_urls(text) == [
        "github.com/annlee",
        "https://annlee.example.org",
        "https://scholar.google.com/citations?user=abc",
    ]
    assert find_emails(text) == ["ann@cs.example.edu"]


def test_a_labeled_homepage_is_a_link_whatever_its_domain() -> None:
    """After a link label the host is a link even with a domain no list holds (.tech, .ai)."""
    assert find_urls("个人主页：annlee.tech") == ["annlee.tech"]
    assert find_urls("Homepage: ann.example.ai | Tel: 555 0100") == ["ann.example.ai"]
    assert find_urls("Ph.D. in C.S. at Example.tech Institute") == []  # no label: no link


def test_a_host_standing_alone_in_the_header_is_a_link() -> None:
    """A personal domain set beside the name, with no scheme, label or common ending."""
    cv = bilingual_cv.parse(
        "Ann Lee                 ann-lee.works\nann@example.edu\n\nEDUCATION\nMIT, Ph.D., 2020"
    )
    assert cv.person.urls == ["ann-lee.works"]
    assert find_urls("Resume: annlee-cv.pdf | Skills: Node.js, e.g. Vue") == []


def test_a_link_written_bare_and_in_full_is_kept_once_in_full() -> None:
    """A Markdown or HTML link whose text is its address gives one link, not two."""
    text = "[annlee.dev](https://annlee.dev) · [Ann Lee](https://github.com/annlee)"
    assert find_urls(text) == ["https://annlee.dev", "https://github.com/annlee"]


def test_referees_contacts_are_not_the_owners() -> None:
    text = "Ann Lee\nann@example.edu\n\nEDUCATION\nMIT\n\nREFERENCES\nProf. Bo Wu, bowu@example.edu, +1 (412) 555-0100"
    person = bilingual_cv.parse(text).person
    assert person.emails == ["ann@example.edu"] and person.phones == []


def test_location_when_stated() -> None:
    person = bilingual_cv.parse("Ann Lee\nLocation: Pittsburgh, PA\n\nEDUCATION\nMIT").person
    assert person.location == "Pittsburgh, PA"


def test_contact_labels_and_spelled_out_addresses() -> None:
    text = (
        "李华\n通讯地址：虚构市示例路 1 号 | 联系方式：010-6275 1234\nlihua (AT) example (DOT) cn"
    )
    person = bilingual_cv.parse(text + "\n\n教育背景\n虚构大学 博士 2020").person
    assert person.location == "虚构市示例路 1 号"
    assert person.phones == ["010-6275 1234"] and person.emails == ["lihua@example.cn"]
    assert find_emails("ann (At) example (Dot) org") == []  # the words match as written


def test_a_phone_number_opening_a_line_is_not_a_bullet() -> None:
    person = bilingual_cv.parse(
        "Ann Lee\n+1 607 555 0199\nann@example.edu\n\nEDUCATION\nMIT"
    ).person
    assert person.phones == ["+1 607 555 0199"]


def test_linkedin_export_name_below_the_contact_column() -> None:
    text = (
        "Contact\nwww.linkedin.com/in/janedoe (LinkedIn)\njane.doe@example.com\nTop Skills\nDistributed Systems\n"
        "Jane Doe\nSenior Researcher at Microsoft\nRedmond, Washington, United States\nSummary\nI build systems.\n"
        "Experience\nMicrosoft\nSenior Researcher\nJanuary 2020 - Present (4 years 2 months)\nPage 1 of 2\n"
    )
    cv = bilingual_cv.parse(text)
    assert cv.person.name == "Jane Doe" and cv.person.emails == ["jane.doe@example.com"]
    assert [s.key.value for s in cv.sections] == ["profile", "skills", "summary", "experience"]
    assert all("Page 1" not in e.raw for e in cv.experience)


def test_the_one_title_of_a_scrambled_pdf_names_the_owner() -> None:
    """Word text boxes can put the body before the name: the one top-level title (largest
    type) that reads as a name is the owner, with the contact lines under it."""
    cv = bilingual_cv.parse(
        "**2020.07~至今**\t**研究**\t**积木强化学习算法**\n"
        "• 通过示例编码实现纯积木行动器网络。\n"
        "# **李安**\n"
        "年龄：27\n"
        "ann.li@example.com\n"
        "## 教育背景\n"
        "2019.9~2024.6\t**博士**\t**示例大学（玩具科学与技术）**\n"
    )
    assert (cv.person.name, cv.person.name_zh, cv.person.emails) == (
        "李安",
        "李安",
        ["ann.li@example.com"],
    )


#: The honorifics of the lexicon, longest first (a longer one wins: 副教授 before 教授).
HONORIFICS = tuple(sorted(load_labels().honorifics, key=len, reverse=True))


def _strip_each_title(text: str) -> str:
    """:func:`person._strip_titles` without its check of the text's ends: every honorific
    tried in turn, and stacked ones (``Prof. Dr.``) one after another."""
    text = person._name_degree_re().sub("", text).strip()
    for title in HONORIFICS:
        if text.startswith(title + " "):
            return _strip_each_title(text[len(title) + 1 :].strip())
        if CJK_RE.match(title) and text.endswith(title) and len(text) > len(title) + 1:
            return text[: -len(title)].strip()
    name, _, posts = text.partition(" ")  # "李安 副教授兼所长": a Han name, then its posts
    posts = posts.lstrip()
    if (
        2 <= len(name) <= 4
        and all(CJK_RE.match(c) for c in name + posts)
        and any(CJK_RE.match(t) and posts.startswith(t) for t in HONORIFICS)
    ):
        return name
    return text


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from([*HONORIFICS, "Ann", "Lee", "李安", "安", " ", ", Ph.D.", "Toy"]),
        max_size=4,
    ).map("".join)
)
def test_titles_stripped_after_the_ends_check_equal_trying_each(text: str) -> None:
    assert person._strip_titles(text) == _strip_each_title(text)


def _name_before_title_plain(lines: list[Line]) -> str | None:
    """:func:`person._name_before_title` as first written: the heading test on every line."""
    content = [x for x in lines[: person.OPENING_LINES] if not x.is_blank and not x.bullet]
    for line, following in pairwise(content):
        if person.is_heading_text(line.text):
            continue
        name = person._name_candidate(line.text)
        if name and person._is_job_line(following.text):
            return name
    return None


#: Fictional opening lines: names, headings that read like names, job and body lines.
OPENING = [
    "Jane Doe", "Current Position", "Research Experience", "Selected Awards", "Ann Lee",
    "Senior Researcher at Toy Labs", "Professor of Toy Studies", "Top Skills", "李安",
    "教授", "Machine Learning", "- Toy Robotics", "",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(OPENING), max_size=6))
def test_name_before_title_equals_testing_every_line_for_a_heading(lines: list[str]) -> None:
    """Through parse_person with an empty top block: the name comes from the opening lines,
    and no opening piece is a top-level title, so only the name-before-title rule names one."""
    cleaned = list(clean_text("\n".join(lines)).lines)
    assert not any(line.md_level == 1 for line in cleaned)
    assert parse_person((), "", cleaned).name == _name_before_title_plain(cleaned)


# --- contacts against the plain computation (each checked against every one kept before) ---


def _plain_unique(items: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        if item and item.lower() not in {k.lower() for k in seen}:
            seen[item] = None
    return list(seen)


def _plain_phones(text: str) -> list[str]:
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    labeled = person._labeled_phone_re()
    for pattern in (person.INTL_PHONE_RE, person.CN_MOBILE_RE, person.NA_PHONE_RE, labeled):
        for match in pattern.finditer(text):
            group = 1 if pattern is labeled else 0
            start, end = match.span(group)
            if any(s < end and start < e for s, e in taken):
                continue
            number = match.group(group).strip()
            if sum(ch.isdigit() for ch in number) < 7:
                continue
            taken.append((start, end))
            found.append((start, number))
    return _plain_unique([number for _, number in sorted(found)])


def _plain_urls(text: str) -> list[str]:
    text = person.EMAIL_RE.sub(" ", text)
    found: list[tuple[int, str]] = []
    spans: list[tuple[int, int]] = []
    for pattern in (
        person.URL_RE,
        person._labeled_link_re(),
        person.BARE_HOST_RE,
        person.LONE_HOST_RE,
    ):
        for match in pattern.finditer(text):
            group = match.lastindex or 0
            if any(s <= match.start(group) < e for s, e in spans):
                continue
            url = match.group(group).rstrip(".,;:)/]")
            if any(host in url.lower() for host in person._PAPER_HOSTS):
                continue
            spans.append(match.span(group))
            found.append((match.start(group), url))
    kept: list[str] = []  # each link once; one written bare and in full is kept in full
    for url in (url for _, url in sorted(found)):
        key = re.sub(r"^(?:[a-z]+://)?(?:www\.)?", "", url, flags=re.IGNORECASE).lower()
        same = [
            i
            for i, k in enumerate(kept)
            if re.sub(r"^(?:[a-z]+://)?(?:www\.)?", "", k, flags=re.IGNORECASE).lower() == key
        ]
        if not same:
            kept.append(url)
        elif "://" in url and "://" not in kept[same[0]]:
            kept[same[0]] = url
    return kept


#: Contact pieces that overlap, repeat in other cases, and sit inside one another.
_CONTACT_PIECES = [
    "ann@example.edu", "ANN@Example.edu", "bo@toy.org", "Tel: ", "手机：", "+86 138 0013 8000",
    "138-0013-8000", "13800138000", "+1 (919) 660-6500", "(919) 660-6500", "919.660.6500",
    "https://ann.github.io/", "HTTPS://Ann.GitHub.io", "github.com/ann", "GitHub.com/Ann",
    "www.toy.org/x", "https://www.toy.org/x", "arxiv.org/abs/2401.00001", "linkedin.com/in/ann",
    "https://github.com/ann/toys", " ", " | ", ", ", "\n", "Homepage: ", "2019.9 - 2025.3",
    "个人主页：", "ann.example.tech", "ann-lee.works", "cv.pdf", "e.g.",
]  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_CONTACT_PIECES), max_size=12).map("".join))
def test_contacts_are_found_as_when_each_is_checked_against_every_earlier_one(text: str) -> None:
    assert find_phones(text) == _plain_phones(text), text
    assert find_urls(text) == _plain_urls(text), text
    assert find_emails(text) == _plain_unique(
        [
            m.group(0).rstrip(".")
            for m in person.EMAIL_RE.finditer(
                person._spelled_dot_re().sub(".", person._spelled_at_re().sub("@", text))
            )
        ]
    ), text


def test_spans_overlap_only_when_they_share_a_character() -> None:
    spans = [(0, 5), (8, 12)]  # apart and in order, as the phone finder keeps them
    assert not person._overlaps(spans, 5, 8)  # touching both, inside neither
    assert person._overlaps(spans, 4, 6) and person._overlaps(spans, 11, 20)
    assert person._overlaps(spans, 9, 10) and person._overlaps(spans, 0, 1)
    assert not person._overlaps(spans, 12, 30) and not person._overlaps([], 0, 1)


def test_a_label_and_its_number_in_the_top_block_are_no_name() -> None:
    # a sidebar read first: "平均分 90.3" (bold label, number) and "排名<TAB>4" are scores
    top = [
        Line(1, "本科教育"),
        Line(2, "平均分 90.3 满分:100", bold=((0, 3),)),
        Line(3, "排名\t4\t专业人数:200"),
    ]
    assert parse_person(top, "").name is None


def test_the_owner_named_with_a_particle_beats_the_common_coauthor() -> None:
    # issue 27 class 5: the top block names the owner; the advisor on every paper must not win
    text = (
        "Ana d'Arc\nana@example.org\n\nPublications\n"
        "1. Ana d'Arc, Bo Wu, and Cy Lee. “Toy Models of Play.” In ToyConf 2024.\n"
        "2. Dee Fox, Ana d'Arc, and Cy Lee. “Toy Blocks at Scale.” In ToyConf 2023.\n"
    )
    cv = bilingual_cv.parse(text)
    assert cv.person.name == "Ana d'Arc"
    assert cv.person.inferred_name is None


def test_taiwan_cv_name_under_a_resume_title_or_a_chinese_name_label() -> None:
    # fictional Taiwanese CV heads: 履歷表 (a résumé) is a title, never the name;
    # 中文姓名：/英文姓名： label the two names of a form
    body = "\n\n學歷\n國立玩具大學 博士 2010 - 2015\n"
    for head in (
        "履歷表\n\n王小明",
        "王小明 個人履歷",
        "中文姓名：王小明\u3000英文姓名：Hsiao-Ming Wang",
    ):
        assert bilingual_cv.parse(head + body).person.name_zh == "王小明", head


def test_chinese_name_followed_by_the_posts_held() -> None:
    # fictional owner lines of Taiwanese and Hong Kong CVs: the name, a space, the posts held
    body = "\n\n學歷\n國立玩具大學 博士 2010 - 2015\n"
    for head in ("王小明 助理教授", "王小明 特聘教授", "王小明 副研究員", "王小明 副教授兼所長"):
        assert bilingual_cv.parse(head + body).person.name == "王小明", head


@pytest.mark.parametrize(
    ("top", "name", "name_zh"),
    [
        ("Xiaoming (Ann) Zhang", "Xiaoming (Ann) Zhang", None),  # a nickname in brackets
        ("Ann Toyson, Jr.", "Ann Toyson, Jr.", None),  # a generational suffix
        ("Ann Toyson III", "Ann Toyson III", None),
        ("Prof. Dr. Ann Toyson", "Ann Toyson", None),  # honorifics stacked
        ("Ann Toyson\n\n唐安", "Ann Toyson", "唐安"),  # the Chinese name on a line of its own
        ("唐安\nAnn Toyson", "唐安", "唐安"),
        # a title line: the name, a dash or colon, the document's title; a Chinese possessive
        ("# Ann Toyson — Curriculum Vitae", "Ann Toyson", None),
        ("Ann Toyson: Curriculum Vitae", "Ann Toyson", None),
        ("# Ann Toyson – Résumé", "Ann Toyson", None),
        ("# 唐安的个人简历", "唐安", "唐安"),
        ("# 个人简历 唐安", "唐安", "唐安"),
        # the name letter-spaced, or its two halves in two sizes of heading
        ("# A N N   T O Y S O N", "ANN TOYSON", None),
        ("# Ann\n## Toyson", "Ann Toyson", None),
        ("## Ann\n# TOYSON", "Ann TOYSON", None),
        ("# ANN TOYSON, PH.D.", "ANN TOYSON", None),  # degree letters in capitals
    ],
)
def test_owner_names_written_with_nicknames_suffixes_titles_or_a_chinese_line(
    top: str, name: str, name_zh: str | None
) -> None:
    cv = bilingual_cv.parse(
        f"{top}\nDepartment of Toy Science\nann@toy.edu\n\nEducation\nPh.D. in Toy Science, Example University, 2015 - 2020\n"
    )
    assert (cv.person.name, cv.person.name_zh) == (name, name_zh)


def test_the_owner_is_found_in_author_lists_by_nickname_or_without_suffix() -> None:
    pubs = (
        "\n\nPublications\n1. Bo Kite, {a}, Cy Drum. Spinning Tops at Scale. NSDI 2021.\n"
        "2. {b}, Bo Kite. Wooden Trains. SIGCOMM 2020.\n"
    )
    cv = bilingual_cv.parse(
        "Xiaoming (Ann) Zhang\nann@toy.edu" + pubs.format(a="Xiaoming Zhang", b="Ann Zhang")
    )
    assert [p.owner_position for p in cv.publications] == [2, 1]
    cv = bilingual_cv.parse(
        "Ann Toyson, Jr.\nann@toy.edu" + pubs.format(a="Ann Toyson Jr.", b="Ann Toyson")
    )
    assert [p.owner_position for p in cv.publications] == [2, 1]
